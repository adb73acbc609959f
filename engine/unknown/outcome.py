"""What resolving a rule returns: the next state and the events it caused (PRINCIPLES §4)."""

from __future__ import annotations

from typing import Any

from engine.core.game import Event
from engine.unknown.state import UnknownState

Outcome = tuple[UnknownState, tuple[Event, ...]]


def event(kind: str, clause: str, text: str, /, **data: Any) -> Event:
    """An event with its data as sorted name/value pairs."""
    return Event(kind, clause, text, tuple(sorted(data.items())))
