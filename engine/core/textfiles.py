"""The project's text files: one YAML flow line per value, atomic replacement, and its own
YAML data read quickly.

Position files, playthroughs, replays and drawings are all written the same way: the text is
built whole, written to a temporary file in the target's folder and renamed over the target, so
a reader never sees half a file and a failure leaves the old file (or none) in place.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from contextlib import suppress
from pathlib import Path
from typing import Any

import yaml

PLAIN = re.compile(r"^[a-z][a-z0-9_.-]*$")
"""Strings written without quotes: lower-case names and dotted clause IDs."""
RESERVED = frozenset({"yes", "no", "on", "off", "true", "false", "null"})
"""Words PyYAML (the reader of these files) takes for booleans or null: such strings are written
quoted. (PyYAML reads ``y`` and ``n`` as strings, so the playthroughs' step key ``n`` stays plain.)"""


YAML_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""PyYAML's safe loader, through libyaml when PyYAML was built with it (several times faster)."""


def read_yaml(path: Path) -> Any:
    """A YAML data file of the project's own (a clause index, a ledger, a card table, a puzzle),
    read with :data:`YAML_LOADER`. Files a user hands in go through ``engine.positions``, whose
    errors name the entry at fault."""
    return yaml.load(Path(path).read_text(encoding="utf-8"), Loader=YAML_LOADER)


def yaml_flow(value: Any) -> str:
    """One value in YAML flow style: names plain, other strings double-quoted (as JSON)."""
    if isinstance(value, str):
        plain = PLAIN.match(value) and value not in RESERVED
        return value if plain else json.dumps(value, ensure_ascii=False)
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, dict):
        items = (f"{yaml_flow(str(k))}: {yaml_flow(v)}" for k, v in value.items())
        return "{" + ", ".join(items) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(yaml_flow(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` through a temporary file renamed over it; the file
    keeps its permissions. ``OSError`` if the folder cannot be written; nothing is left behind."""
    mode = path.stat().st_mode & 0o777 if path.exists() else 0o644
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        with suppress(FileNotFoundError):
            os.unlink(temporary)
        raise
