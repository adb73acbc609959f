"""Pending effects: a rule in motion, waiting in the state's queue (PRINCIPLES §2).

Every effect is a frozen dataclass registered here by name, so a state holding effects can be
written to a position file (``pending: [{effect: knockback, ...}]``) and read back unchanged.
"""

from __future__ import annotations

from typing import Any, TypeVar

from engine.core.serialization import to_plain

EFFECTS: dict[str, type] = {}
T = TypeVar("T", bound=type)


def effect(name: str):
    """Class decorator: register a pending-effect dataclass under ``name``."""

    def register(cls: T) -> T:
        if name in EFFECTS:
            raise ValueError(f"effect {name!r} is registered twice")
        EFFECTS[name] = cls
        cls.effect_name = name
        return cls

    return register


def effect_to_data(pending: Any) -> dict[str, Any]:
    """An effect as position-file data: ``{effect: <name>, <field>: <value>, ...}``."""
    return {"effect": type(pending).effect_name, **to_plain(pending)}


def effect_from_data(data: dict[str, Any]) -> Any:
    """The effect a position file describes (lists read back as tuples)."""
    fields = dict(data)
    name = fields.pop("effect")
    if name not in EFFECTS:
        raise KeyError(f"unknown effect {name!r} (known: {', '.join(sorted(EFFECTS))})")
    return EFFECTS[name](**{k: _tuples(v) for k, v in fields.items()})


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value
