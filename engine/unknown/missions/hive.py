"""The Hive mission (rulebook: Missions, Hive).

Exploring a hive makes every hive on the board spawn a monster with knockback 1: the tile
catalog's ``every_hive`` spawn, resolved by the explore action's instant effects
(``engine.unknown.actions.explore.Explored``, ``unknown.mission.hive.spawn``,
``unknown.mission.hive.knockback``). This module adds the rest: once every hive is explored, a
hive may be cleared as a Clear Tile for 1 AP and no resources at range 1 (through
``CLEAR_FOR_AP_ALONE``); before that, clearing one is refused; clearing them all wins.
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalDecision
from engine.core.rule_points import on, rule_source
from engine.unknown.actions.clear import CLEAR_FOR_AP_ALONE
from engine.unknown.missions import MISSIONS
from engine.unknown.rules import Rules
from engine.unknown.state import UnknownState

TILE = "hive"
HIVES = 5
"""Hive tiles in the long version (``unknown.mission.hive.goal``, ``unknown.mission.hive.setup``)."""
SHORT_HIVES = 4
"""Hive tiles in the short version (``unknown.mission.hive.short``)."""


def needed(state: UnknownState) -> int:
    """Hives to clear: 5, or 4 in the short version."""
    return SHORT_HIVES if state.short else HIVES


def all_explored(state: UnknownState) -> bool:
    """Every hive is explored: none is left in the tile stack."""
    return TILE not in state.stack.names()


@rule_source("hive")
class Hive:
    """Clear Tile on a hive: refused until every hive is explored, then 1 AP and no resources.

    Applies ``unknown.mission.hive.clear``; range 1, line of sight and the enemy-occupied rule
    stay Clear Tile's own (``unknown.action.defaults``).
    """

    @on(CLEAR_FOR_AP_ALONE)
    def clear_override(
        self, rules: Rules, state: UnknownState, who: str, placed: Any
    ) -> str | None:
        if placed.tile != TILE:
            return None
        if not all_explored(state):
            raise IllegalDecision(
                "unknown.mission.hive.clear",
                "hives may be cleared only once every hive tile is explored; one is still in "
                "the tile stack",
            )
        return "unknown.mission.hive.clear"


def hive_complete(state: UnknownState) -> str | None:
    """Why Hive is complete: every hive cleared, 5 (short: 4) of them, none left in the stack.

    Applies ``unknown.mission.hive.goal`` and ``unknown.mission.hive.short``.
    """
    hives = [t for t in state.position.tiles if t.tile == TILE]
    cleared = sum(1 for t in hives if t.cleared)
    if cleared == len(hives) and cleared >= needed(state) and all_explored(state):
        return f"all {cleared} hive tiles are cleared"
    return None


MISSIONS["hive"] = hive_complete
