"""Canonical serialization of plain-data states (PRINCIPLES §2).

A state is a tree of frozen dataclasses, tuples, frozensets, dicts and primitives. ``to_plain``
turns it into JSON-able data with a deterministic order, ``canonical_json`` into one string, and
``stable_key`` into a short digest that is equal for equal states across runs and machines.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from enum import Enum
from fractions import Fraction
from typing import Any


def to_plain(value: Any) -> Any:
    """Convert a plain-data value into JSON-able primitives, in canonical order."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return value
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if isinstance(value, Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): to_plain(v) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if isinstance(value, frozenset | set):
        return sorted((to_plain(v) for v in value), key=_sort_key)
    if isinstance(value, tuple | list):
        return [to_plain(v) for v in value]
    raise TypeError(f"not plain data: {type(value).__name__}")


def _sort_key(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def canonical_json(value: Any) -> str:
    """One canonical JSON text for a plain-data value (sorted keys, no spaces)."""
    return json.dumps(to_plain(value), sort_keys=True, separators=(",", ":"))


def stable_key(value: Any) -> str:
    """A short digest of the canonical JSON: equal states give equal keys on every run."""
    return hashlib.blake2b(canonical_json(value).encode(), digest_size=12).hexdigest()
