"""The Onslaught mission (rulebook: Missions, Onslaught).

Each lair flipped to cleared puts a mission token on the mission card; the count is kept in
``UnknownState.mission_card``. Flips are seen through ``TILES_CLEARED``, which the
game calls after every step, so a lair cleared any way counts (Clear Tile, a Gather that flips
it, a flood, the Botanist's trait, a mission's clear action).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.rule_points import on, rule_source
from engine.unknown.actions.clear import TILES_CLEARED
from engine.unknown.catalog import catalog
from engine.unknown.missions import MISSIONS
from engine.unknown.outcome import Outcome, event
from engine.unknown.rules import Rules
from engine.unknown.state import UnknownState, add, count

TOKEN = "lair"
"""The mission-card counter for a cleared lair."""

LONG_LAIRS, SHORT_LAIRS = 15, 11
"""Lairs to clear (``unknown.mission.onslaught.goal``, ``unknown.mission.onslaught.short``)."""


def is_lair(tile: str) -> bool:
    """A lair is a tile that makes enemies spawn (``unknown.lair.definition``)."""
    return bool(catalog()[tile].spawns)


def lairs_needed(state: UnknownState) -> int:
    """15 in the long version, 11 in the short one (``unknown.mission.onslaught.short``)."""
    return SHORT_LAIRS if state.short else LONG_LAIRS


@rule_source("onslaught")
class Onslaught:
    """A mission token for every lair cleared (``unknown.mission.onslaught.tracking``)."""

    @on(TILES_CLEARED)
    def on_tiles_cleared(
        self, rules: Rules, state: UnknownState, spots: tuple[Any, ...]
    ) -> Outcome:
        lairs = [at for at in spots if is_lair(state.position.tile_at[at].tile)]
        if not lairs:
            return state, ()
        card = add(state.mission_card, TOKEN, len(lairs))
        done = count(card, TOKEN)
        noted = event(
            "lair_counted",
            "unknown.mission.onslaught.tracking",
            f"{len(lairs)} lair(s) cleared on {', '.join(str(list(a)) for a in lairs)}: "
            f"{done} of {lairs_needed(state)} on the mission card",
            at=tuple(lairs),
            lairs=done,
        )
        return replace(state, mission_card=card), (noted,)


def onslaught_complete(state: UnknownState) -> str | None:
    """Why Onslaught is complete: enough lairs are cleared (``unknown.mission.onslaught.goal``).

    The enemies the lairs spawned need not be dead (``unknown.mission.onslaught.no-kill-needed``).
    """
    done = count(state.mission_card, TOKEN)
    if done >= lairs_needed(state):
        return f"{done} lairs are cleared"
    return None


MISSIONS["onslaught"] = onslaught_complete
