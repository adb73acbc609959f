"""Hunter (rulebook: Survivors, Hunter)."""

from __future__ import annotations

from typing import Any

from engine.unknown.outcome import Outcome, event
from engine.unknown.rules import MODIFIERS
from engine.unknown.state import UnknownState
from engine.unknown.survivors.trait import Trait

FOOD_DROPPED = 1
"""Food tokens an enemy the Hunter kills leaves where it died (``unknown.survivor.hunter.food-drop``)."""


class Hunter(Trait):
    """Create Trap costs her 0 AP (``unknown.survivor.hunter.trap-free``); an enemy she kills
    leaves 1 food token on the tile where it died (``unknown.survivor.hunter.food-drop``).

    A kill is hers when the damage that killed it is credited to her (``damage_enemy``'s ``by``):
    so far her Ranged Attack. Not yet applied: kills in close combat (the damage assigned to the
    enemies is not credited to one survivor) and by traps she set, with the reminder token of
    ``unknown.survivor.hunter.trap-marker`` (the engine does not record who set a trap).
    """

    card = "hunter"

    def ap_cost(self, state: UnknownState, action: Any, cost: int) -> int:
        if getattr(action, "name", None) == "create_trap" and self.takes(state, action):
            return 0
        return cost

    def on_kill(self, state: UnknownState, enemy: Any, killer: str | None) -> Outcome:
        if not self.has_trait(state, killer):
            return state, ()
        state = state.with_position(state.position.with_tokens(enemy.at, "food", FOOD_DROPPED))
        dropped = event(
            "food_dropped",
            "unknown.survivor.hunter.food-drop",
            f"{enemy.id}, killed by the Hunter {killer}, drops {FOOD_DROPPED} food on "
            f"{list(enemy.at)}",
            enemy=enemy.id,
            at=enemy.at,
            amount=FOOD_DROPPED,
        )
        return state, (dropped,)


MODIFIERS[Hunter.card] = Hunter()
