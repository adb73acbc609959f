"""Scavenger (rulebook: Survivors, Scavenger)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.rule_points import on
from engine.unknown.actions.gather import GATHER_BONUS
from engine.unknown.outcome import Outcome, event
from engine.unknown.rules import Rules
from engine.unknown.state import UnknownState, add
from engine.unknown.survivors.trait import Trait, trait

MIN_FLIPPED = 2
"""Tiles one Gather must flip for the bonus (``unknown.survivor.scavenger.bonus``)."""
MIN_YIELD = 2
"""Resources of the gathered kind those tiles must give (``unknown.survivor.scavenger.bonus``)."""
BONUS = 1
"""Extra resources the bonus gives, however many tiles are flipped (``unknown.survivor.scavenger.bonus``)."""


@trait
class Scavenger(Trait):
    """A Gather of his that flips at least 2 tiles for at least 2 of its resource gives 1 more.

    Applies ``unknown.survivor.scavenger.bonus`` and ``unknown.survivor.scavenger.exclusions``:
    only what the flipped tiles give counts, not tokens picked up from tiles (whoever or whatever
    put them there) nor a Clear Tile's reward (Clear Tile is no Gather). A Gather takes one kind of
    resource, so "2 or more of a single type" is its yield from tiles.
    """

    card = "scavenger"

    @on(GATHER_BONUS)
    def gather_bonus(
        self,
        rules: Rules,
        state: UnknownState,
        action: Any,
        flipped: tuple[Any, ...],
        from_tiles: int,
    ) -> Outcome:
        if not self.takes(state, action):
            return state, ()
        if len(flipped) < MIN_FLIPPED or from_tiles < MIN_YIELD:
            return state, ()
        survivor = state.position.survivor(action.who)
        richer = replace(survivor, goods=add(survivor.goods, action.resource, BONUS))
        bonus = event(
            "gather_bonus",
            "unknown.survivor.scavenger.bonus",
            f"{survivor.id} flipped {len(flipped)} tiles for {from_tiles} {action.resource}: "
            f"{BONUS} more {action.resource}",
            who=survivor.id,
            resource=action.resource,
            amount=BONUS,
        )
        return state.with_position(state.position.with_survivor(richer)), (bonus,)
