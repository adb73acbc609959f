"""Tracker (rulebook: Survivors, Tracker)."""

from __future__ import annotations

from typing import Any

from engine.unknown.map import range_between
from engine.unknown.position import Coord
from engine.unknown.rules import MODIFIERS
from engine.unknown.state import UnknownState
from engine.unknown.survivors.runner import PerTurnFreeAction

FREE_APPROACHES = 1
"""Moves nearer an enemy the Tracker makes for 0 AP each turn (``unknown.survivor.tracker.free-approach``)."""


class Tracker(PerTurnFreeAction):
    """Once per turn, a Move that cuts his range to any enemy (not only the nearest) costs 0 AP.

    Applies ``unknown.survivor.tracker.free-approach``. Range is the rulebook's (``unknown.range``),
    measured from where he stands and from the tile the Move is aimed at; an enemy he has no range
    to (no path) from either end does not count. He may ignore knockback whose source is an
    enemy, the first one too (``unknown.survivor.tracker.enemy-knockback``); a hazard's knockback
    he takes like anyone. Not yet applied: the targetable choice
    (``unknown.survivor.tracker.untargetable``).
    """

    card = "tracker"
    key = "tracker.free-approach"
    limit = FREE_APPROACHES

    def qualifies(self, state: UnknownState, action: Any) -> bool:
        if getattr(action, "name", None) != "move":
            return False
        here = state.position.survivor(action.who).at
        return any(
            self.nearer(state, here, action.to, enemy.at) for enemy in state.position.enemies
        )

    def nearer(self, state: UnknownState, here: Coord, there: Coord, enemy_at: Coord) -> bool:
        """Whether the range to ``enemy_at`` is shorter from ``there`` than from ``here``."""
        before = range_between(state.position, here, enemy_at, self.ruleset)
        after = range_between(state.position, there, enemy_at, self.ruleset)
        return before is not None and after is not None and after < before

    def may_ignore_knockback(self, state: UnknownState, who: str, source_kind: str) -> str | None:
        if not self.has_trait(state, who) or source_kind != "enemy":
            return None
        return "unknown.survivor.tracker.enemy-knockback"


MODIFIERS[Tracker.card] = Tracker()
