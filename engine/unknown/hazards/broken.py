"""Broken (rulebook: Hazards, Broken; Injury and Incapacitation).

The survivor who explored Broken takes 1 damage, then stands on the Broken tile
(``unknown.hazard.broken``, ``unknown.injury.sources``). The damage is ordinary damage: armor
stops it first and becoming injured costs 1 AP (:func:`~engine.unknown.health.damage_survivor`).
Being set down on the tile is not a move action and not a knockback.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.unknown.hazards import on_explore
from engine.unknown.health import damage_survivor
from engine.unknown.outcome import Outcome, event
from engine.unknown.state import UnknownState

if TYPE_CHECKING:
    from engine.unknown.instant_effects import Explored
    from engine.unknown.rules import Rules


@on_explore("broken", "uncommon")
def fall_through(rules: Rules, state: UnknownState, laid: Explored) -> Outcome:
    """The explorer takes 1 damage and is put on the Broken tile just laid."""
    who, at = laid.explorer, laid.at
    state, hurt = damage_survivor(state, who, 1, "the Broken tile")
    here = state.position.survivor(who).at
    moved = event(
        "moved_by_hazard",
        "unknown.hazard.broken",
        f"{who} falls onto the Broken tile: from {list(here)} to {list(at)}",
        who=who,
        to=at,
        **{"from": here},
    )
    return state.with_position(state.position.moved(who, at)), (*hurt, moved)
