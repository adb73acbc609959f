"""What applying a rule returns: the next state and the events it caused (PRINCIPLES §4)."""

from __future__ import annotations

from typing import Any

from engine.core.game import Event
from engine.falling_skies.state import FSState

Outcome = tuple[FSState, tuple[Event, ...]]


def event(kind: str, clause: str, text: str, /, **data: Any) -> Event:
    """An event naming its clause, with its data as sorted name/value pairs."""
    return Event(kind, clause, text, tuple(sorted(data.items())))
