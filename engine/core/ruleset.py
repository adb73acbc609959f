"""What every game's interpretation switches share (PRINCIPLES §5).

A game's ``Ruleset`` is a frozen dataclass deriving from :class:`Switches`: one field per entry of
its interpretation ledger (``engine/<game>/data/interpretations.yaml``), named by the ledger ID
with ``_`` for ``-``, defaulting to the ledger's default. Setting a reading the ledger does not
list is refused by name.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, Self

import yaml


@cache
def load_ledger(path: Path) -> dict[str, dict[str, Any]]:
    """The ``interpretations`` entries of a ledger file, by ID."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return {entry["id"]: entry for entry in data["interpretations"]}


class Switches:
    """Mixin for a game's frozen ``Ruleset`` dataclass: checks readings against the ledger."""

    LEDGER: ClassVar[Path]

    def __post_init__(self) -> None:
        ledger = load_ledger(self.LEDGER)
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            switch = f.name.replace("_", "-")
            value = getattr(self, f.name)
            readings = ledger[switch]["readings"]
            if value not in readings:
                raise ValueError(
                    f"interpretation {switch!r} has no reading {value!r} "
                    f"(readings: {', '.join(readings)})"
                )

    def with_readings(self, **readings: str) -> Self:
        """A copy with some switches set, by ledger ID (``-``) or field name (``_``)."""
        changes = {name.replace("-", "_"): value for name, value in readings.items()}
        unknown = set(changes) - {f.name for f in dataclasses.fields(self)}  # type: ignore[arg-type]
        if unknown:
            known = ", ".join(load_ledger(self.LEDGER))
            raise ValueError(f"no interpretation {sorted(unknown)[0]!r} (known: {known})")
        return dataclasses.replace(self, **changes)  # type: ignore[type-var]
