"""Missions (rulebook: Missions): what wins the game, by mission name."""

from __future__ import annotations

from collections.abc import Callable

from engine.unknown.missions.scout import scout_complete
from engine.unknown.state import UnknownState

MISSIONS: dict[str, Callable[[UnknownState], str | None]] = {"scout": scout_complete}
"""Mission name -> check returning why the mission is complete, or ``None``."""
