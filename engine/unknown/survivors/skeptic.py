"""Skeptic (rulebook: Survivors, Skeptic)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.rule_points import on
from engine.unknown.actions.base import ACTION_TAKEN, ap_cost, gain_ap
from engine.unknown.catalog import catalog
from engine.unknown.knockback import IGNORE_KNOCKBACK
from engine.unknown.map.explore import HOLD_EXPLORED
from engine.unknown.outcome import Outcome, event
from engine.unknown.position import Coord, Survivor
from engine.unknown.rules import Rules
from engine.unknown.state import UnknownState
from engine.unknown.survivors.trait import Trait, trait
from engine.unknown.turn.round import TURN_ENDS

LAIR_AP = 2
"""AP she gains for exploring a lair (``unknown.survivor.skeptic.lair-ap``)."""


def holding(survivor: Survivor, explored: Any) -> Survivor:
    """``survivor`` also holding the lair ``explored`` (an ``Explored`` not yet queued) back, in
    ``Survivor.held_lairs``; they are kept sorted as their former record keys were
    (``skeptic.held <tile> <x>,<y> <origin x>,<origin y>``), the order they are released in."""
    lairs = (*survivor.held_lairs, (explored.tile, explored.at, explored.origin))
    return replace(survivor, held_lairs=tuple(sorted(set(lairs), key=_record_order)))


def _record_order(lair: tuple[str, Coord, Coord]) -> str:
    tile, (x, y), (ox, oy) = lair
    return f"{tile} {x},{y} {ox},{oy}"


def held_effects(survivor: Survivor) -> list[Any]:
    """The lairs' instant effects ``survivor`` holds back, in the order they are released."""
    from engine.unknown.instant_effects import Explored

    return [Explored(survivor.id, tile, at, origin) for tile, at, origin in survivor.held_lairs]


@trait
class Skeptic(Trait):
    """She may ignore any knockback, the first one too (``unknown.survivor.skeptic.ignore-knockback``);
    exploring a lair gives her 2 AP and holds its enemies back.

    Only the flight is skipped: the source's other effects still happen to her (the knockback
    effect offers ``IgnoreKnockback`` and runs the rest of the tile as usual).

    ``unknown.survivor.skeptic.lair-ap``: a lair (``unknown.lair.definition``: a tile with a spawn
    icon) she explores gives her 2 AP. ``unknown.survivor.skeptic.delayed-spawn`` and
    ``unknown.survivor.skeptic.delay-interaction``: the lair's instant effects (its spawns, and
    so their knockback) are held (:data:`HOLD_EXPLORED`; kept in her ``Survivor.held_lairs``) and
    queued, unchanged, after the next action she takes that costs AP (behind that action's own
    effects) or as she ends her turn (:data:`TURN_ENDS`): the enemy spawns even on a lair
    she cleared meanwhile.
    """

    card = "skeptic"

    @on(IGNORE_KNOCKBACK)
    def may_ignore_knockback(
        self, rules: Rules, state: UnknownState, who: str, source_kind: str
    ) -> str | None:
        if not self.has_trait(state, who):
            return None
        return "unknown.survivor.skeptic.ignore-knockback"

    @on(HOLD_EXPLORED)
    def hold_explored(self, rules: Rules, state: UnknownState, explored: Any) -> Outcome | None:
        if not self.has_trait(state, explored.explorer) or not catalog()[explored.tile].spawns:
            return None
        skeptic = holding(state.position.survivor(explored.explorer), explored)
        state = state.with_position(state.position.with_survivor(skeptic))
        held = event(
            "spawn_delayed",
            "unknown.survivor.skeptic.delayed-spawn",
            f"the {explored.tile} at {list(explored.at)} is a lair: its enemies wait until "
            f"{skeptic.id} spends her next AP or ends her turn",
            who=skeptic.id,
            at=explored.at,
        )
        state, gained = gain_ap(state, skeptic.id, LAIR_AP)
        lair_ap = event(
            "trait_used",
            "unknown.survivor.skeptic.lair-ap",
            f"{skeptic.id} explored a lair and gains {LAIR_AP} AP",
            who=skeptic.id,
            ap=LAIR_AP,
        )
        return state, (lair_ap, *gained, held)

    @on(ACTION_TAKEN)
    def on_action(self, rules: Rules, state: UnknownState, action: Any) -> UnknownState:
        who = getattr(action, "who", None)
        if not self.has_trait(state, who):
            return state
        if ap_cost(rules, state, action) <= 0:
            return state
        return release(state, state.position.survivor(who))[0]

    @on(TURN_ENDS)
    def on_turn_end(self, rules: Rules, state: UnknownState, who: str) -> Outcome:
        if not self.has_trait(state, who):
            return state, ()
        return release(state, state.position.survivor(who))


def release(state: UnknownState, skeptic: Survivor) -> Outcome:
    """``state`` with the lair effects ``skeptic`` held queued behind everything pending."""
    waiting = held_effects(skeptic)
    if not waiting:
        return state, ()
    state = state.with_position(state.position.with_survivor(replace(skeptic, held_lairs=())))
    released = tuple(
        event(
            "spawn_released",
            "unknown.survivor.skeptic.delayed-spawn",
            f"the lair at {list(e.at)} explored by {skeptic.id} now spawns its enemies",
            at=e.at,
        )
        for e in waiting
    )
    return replace(state, pending=(*state.pending, *waiting)), released
