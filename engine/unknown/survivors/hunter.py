"""Hunter (rulebook: Survivors, Hunter)."""

from __future__ import annotations

from typing import Any

from engine.unknown.rules import MODIFIERS
from engine.unknown.state import UnknownState
from engine.unknown.survivors.trait import Trait


class Hunter(Trait):
    """Create Trap costs her 0 AP (``unknown.survivor.hunter.trap-free``).

    Not yet applied: ``unknown.survivor.hunter.food-drop`` and
    ``unknown.survivor.hunter.trap-marker`` (the engine does not record who killed an enemy or
    who set a trap).
    """

    card = "hunter"

    def ap_cost(self, state: UnknownState, action: Any, cost: int) -> int:
        if getattr(action, "name", None) == "create_trap" and self.takes(state, action):
            return 0
        return cost


MODIFIERS[Hunter.card] = Hunter()
