"""Reading position files: YAML, or JSON by the ``.json`` extension, checked by the JSON Schema.

Every problem becomes one :class:`~engine.core.errors.PositionError` naming the file, the entry
and what is wrong; nothing here prints a traceback or changes anything.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import yaml

from engine.core.errors import PositionError

SCHEMA_PATH = Path(__file__).resolve().parent / "schemas" / "position.schema.json"


@cache
def position_schema() -> dict[str, Any]:
    """The JSON Schema that documents and checks position files."""
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


def read_position_data(path: str | Path) -> dict[str, Any]:
    """Parse a position file into schema-valid data, or raise ``PositionError``."""
    path = Path(path)
    source = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise PositionError(source, "file", f"cannot be read: {error.strerror or error}") from None
    data = _parse(text, source, as_json=path.suffix.lower() == ".json")
    return check_position_data(data, source)


def parse_position_text(text: str, source: str, as_json: bool = False) -> Any:
    """Parse the text of a position file (YAML, or JSON), or raise ``PositionError``.

    YAML goes through libyaml when PyYAML has it (much faster, for whole-game states); a text
    it rejects is parsed again the usual way, so errors read the same either way.
    """
    fast = getattr(yaml, "CSafeLoader", None)
    if not as_json and fast is not None:
        try:
            return yaml.load(text, Loader=fast)
        except yaml.YAMLError:
            pass
    return _parse(text, source, as_json)


def _parse(text: str, source: str, as_json: bool) -> Any:
    if as_json:
        try:
            return json.loads(text)
        except json.JSONDecodeError as error:
            raise PositionError(
                source, f"line {error.lineno}", f"malformed JSON: {error.msg}"
            ) from None
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark else "file"
        problem = getattr(error, "problem", None) or str(error).splitlines()[0]
        raise PositionError(source, where, f"malformed YAML: {problem}") from None


def check_position_data(data: Any, source: str) -> dict[str, Any]:
    """Check parsed data against the schema; the first (most relevant) error is reported."""
    if not isinstance(data, dict):
        raise PositionError(source, "file", "a position file must be a mapping with a 'game' key")
    validator = jsonschema.Draft202012Validator(position_schema())
    error = jsonschema.exceptions.best_match(validator.iter_errors(data))
    if error is not None:
        raise PositionError(source, _entry(error.absolute_path), _problem(error))
    return data


def _entry(path: Any) -> str:
    entry = ""
    for part in path:
        entry += f"[{part}]" if isinstance(part, int) else (f".{part}" if entry else str(part))
    return entry or "file"


def _problem(error: jsonschema.ValidationError) -> str:
    if error.validator == "additionalProperties":
        return error.message.replace("Additional properties are not allowed", "unknown key(s)")
    return error.message


def load_position(path: str | Path) -> Any:
    """Load a position file into the game's position object (by its ``game`` key): an
    ``UnknownPosition``, or a Falling Skies ``FSPosition`` (state and scenario)."""
    data = read_position_data(path)
    if data["game"] == "unknown":
        from engine.unknown.position import position_from_data

        return position_from_data(data, str(path))
    if data["game"] == "falling-skies":
        from engine.falling_skies.files import position_from_data as fs_position

        return fs_position(data, str(path), base=Path(path).parent)
    raise PositionError(str(path), "game", f"unsupported game {data['game']!r}")


def load_state(path: str | Path) -> Any:
    """Load a position file as a whole game state (by its ``game`` key); a file holding only
    a map gives a state with no round in progress."""
    data = read_position_data(path)
    if data["game"] == "unknown":
        from engine.unknown.files import state_from_data

        return state_from_data(data, str(path))
    if data["game"] == "falling-skies":
        from engine.falling_skies.files import state_from_data as fs_state

        return fs_state(data, str(path), base=Path(path).parent)
    raise PositionError(str(path), "game", f"unsupported game {data['game']!r}")
