"""What every game's interpretation switches share (PRINCIPLES §5).

A game's ``Ruleset`` is a frozen dataclass deriving from :class:`Switches`: one field per entry of
its interpretation ledger (``engine/<game>/data/interpretations.yaml``), named by the ledger ID
with ``_`` for ``-``. The class names its fields only; :func:`ledger_switches` gives each the
ledger's default and refuses a field list that is not exactly the ledger's switches, so a default
is written once, in the ledger. Setting a reading the ledger does not list is refused by name.
"""

from __future__ import annotations

import dataclasses
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, ClassVar, Self, TypeVar

from engine.core.errors import did_you_mean
from engine.core.textfiles import read_yaml

SOURCE_KINDS = ("summary", "published", "boxed", "other")
"""Who a ledger entry's ``sources`` item speaks for: the rules source the engine reads (the
summary), the published game the default board comes from, another edition, or anyone else."""


@cache
def load_ledger(path: Path) -> dict[str, dict[str, Any]]:
    """The ``interpretations`` entries of a ledger file, by ID (their ``sources`` checked)."""
    data = read_yaml(path)
    entries = {entry["id"]: entry for entry in data["interpretations"]}
    for switch, entry in entries.items():
        check_sources(path, switch, entry.get("sources"), tuple(entry["readings"]))
    return entries


def check_sources(path: Path, entry: str, sources: Any, readings: tuple[str, ...] | None) -> None:
    """A ledger entry's optional ``sources``: a list of ``{by, cites}`` (and, for a switch,
    the ``reading`` the source backs, one of ``readings``). ``ValueError`` names the file, the
    entry and the problem."""
    if sources is None:
        return
    where = f"{path.name}: {entry}: sources"
    if not isinstance(sources, list):
        raise ValueError(f"{where} must be a list of {{by, reading, cites}}")
    for n, item in enumerate(sources, start=1):
        if not isinstance(item, dict) or not str(item.get("cites") or "").strip():
            raise ValueError(f"{where} item {n} must be a mapping with a cites text")
        if item.get("by") not in SOURCE_KINDS:
            raise ValueError(
                f"{where} item {n}: by {item.get('by')!r} is not one of {', '.join(SOURCE_KINDS)}"
            )
        reading = item.get("reading")
        if readings is not None and reading not in readings:
            hint = did_you_mean(str(reading), list(readings))
            raise ValueError(f"{where} item {n}: no reading {reading!r}{hint}")


_C = TypeVar("_C", bound=type)


def ledger_switches(cls: _C) -> _C:
    """Class decorator, under ``@dataclass``: every field of ``cls`` (its annotations but class
    variables) defaults to the reading its ledger (``cls.LEDGER``) names as default; the fields
    must be exactly the ledger's switches."""
    ledger = load_ledger(cls.LEDGER)
    fields = [
        name
        for name, kind in vars(cls).get("__annotations__", {}).items()
        if not str(kind).startswith(("ClassVar", "typing.ClassVar"))
    ]
    switches = {switch.replace("-", "_"): entry for switch, entry in ledger.items()}
    if set(fields) != set(switches):
        missing = sorted(set(switches) - set(fields))
        extra = sorted(set(fields) - set(switches))
        raise TypeError(
            f"{cls.__name__} must have one field per switch of {cls.LEDGER.name}: "
            f"missing {missing}, not in the ledger {extra}"
        )
    for name in fields:
        setattr(cls, name, switches[name]["default"])
    return cls


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
        return _changed(self, tuple(sorted(changes.items())))


@lru_cache(maxsize=256)
def _changed(ruleset: Any, changes: tuple[tuple[str, str], ...]) -> Any:
    """``ruleset`` with ``changes`` applied (and checked), made once for each (rules ask for
    the same variant of the ruleset over and over)."""
    return dataclasses.replace(ruleset, **dict(changes))
