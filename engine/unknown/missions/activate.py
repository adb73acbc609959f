"""The Activate mission (rulebook: Missions, Activate).

A console tile explored is not laid on the map: the explorer picks it up and carries it (goods
kind ``console``) through ``TILE_DRAWN``. Survivors holding all 3 consoles win. Otherwise,
just before the upkeep phase, every console carried or lying on the map goes back into the tile
stack, shuffled (``BEFORE_UPKEEP``).
"""

from __future__ import annotations

from dataclasses import replace

from engine.core.rule_points import on, rule_source
from engine.unknown.map.explore import TILE_DRAWN
from engine.unknown.missions import MISSIONS
from engine.unknown.outcome import Outcome, event
from engine.unknown.rules import Rules
from engine.unknown.state import TileStack, UnknownState, add, bag, count
from engine.unknown.turn.round import BEFORE_UPKEEP

TILE = "console"
"""The console tile, and the goods kind of a console held by a survivor."""
CONSOLES = 3
"""Consoles in play (``unknown.mission.activate.setup``), all needed to win."""


def held(state: UnknownState) -> int:
    """Consoles survivors hold now."""
    return sum(count(s.goods, TILE) for s in state.position.survivors)


def reshuffled(stack: TileStack, consoles: int, reading: str) -> TileStack:
    """The stack with ``consoles`` console tiles shuffled back in.

    Switch ``console-reshuffle``: ``current-pile`` shuffles them into the pile being
    drawn (the known top order is lost; later mission piles stay as they are); ``whole-stack``
    shuffles every tile left into one pile with them.
    """
    if reading == "whole-stack":
        pool = bag(stack.counts())
        return TileStack((), add(pool, TILE, consoles))
    for _ in range(consoles):
        stack = stack.shuffled_with(TILE)
    return stack


@rule_source("activate")
class Activate:
    """Consoles are picked up when explored and go back into the stack at upkeep."""

    @on(TILE_DRAWN)
    def on_reveal(self, rules: Rules, state: UnknownState, who: str, tile: str) -> Outcome | None:
        """The explorer picks up a console instead of laying it (``unknown.mission.activate.pickup``)."""
        if tile != TILE:
            return None
        survivor = state.position.survivor(who)
        holder = replace(survivor, goods=add(survivor.goods, TILE, 1))
        state = state.with_position(state.position.with_survivor(holder))
        taken = event(
            "console_picked_up",
            "unknown.mission.activate.pickup",
            f"{who} picks up the console instead of placing it ({held(state)} of {CONSOLES} held)",
            who=who,
        )
        return state, (taken,)

    @on(BEFORE_UPKEEP)
    def before_upkeep(self, rules: Rules, state: UnknownState) -> Outcome:
        """Every explored console goes back into the stack, shuffled
        (``unknown.mission.activate.reshuffle``): those survivors hold and any dropped on the map."""
        position = state.position
        back = 0
        for survivor in position.survivors:
            n = count(survivor.goods, TILE)
            if n:
                back += n
                position = position.with_survivor(
                    replace(survivor, goods=add(survivor.goods, TILE, -n))
                )
        for at, kinds in state.position.tokens_at.items():
            n = kinds.get(TILE, 0)
            if n:
                back += n
                position = position.with_tokens(at, TILE, -n)
        if not back:
            return state, ()
        reading = rules.ruleset.console_reshuffle
        stack = reshuffled(state.stack, back, reading)
        told = event(
            "consoles_reshuffled",
            "unknown.mission.activate.reshuffle",
            f"{back} console(s) go back into the tile stack, which is shuffled",
            consoles=back,
        )
        return replace(state, position=position, stack=stack), (told,)


def activate_complete(state: UnknownState) -> str | None:
    """Why Activate is complete: survivors hold all 3 consoles
    (``unknown.mission.activate.win``, ``unknown.mission.activate.goal``)."""
    if held(state) >= CONSOLES:
        return f"survivors hold all {CONSOLES} consoles"
    return None


MISSIONS["activate"] = activate_complete
