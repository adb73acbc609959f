"""The four enemy phases of the round (rulebook: Turn Order).

Each phase is a function ``(game, state) -> (state, events)`` that the round calls in order. This
part of the engine resolves what the phases do that needs no enemy movement rules: spawned-this-
upkeep marks are cleared at the start of enemy upkeep and stunned enemies recover in enemy main.
Lair spawns, target and path selection, obstructions and enemy combat are added by the enemies
part of the engine; until then each phase says in its event what it did not resolve.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from engine.unknown.actions.base import Outcome, event
from engine.unknown.state import UnknownState

if TYPE_CHECKING:
    from engine.unknown.game import UnknownGame


def enemy_upkeep(game: UnknownGame, state: UnknownState) -> Outcome:
    """Enemies spawn from lairs (``unknown.turn.enemy-upkeep``); spawn rules: enemies part."""
    enemies = tuple(replace(e, fresh=False) for e in state.position.enemies)
    position = state.position.with_pieces(state.position.survivors, enemies)
    return replace(state, position=position), (
        event(
            "phase_resolved",
            "unknown.turn.enemy-upkeep",
            "enemy upkeep: lair spawns are not modelled yet",
            phase="enemy_upkeep",
        ),
    )


def enemy_movement(game: UnknownGame, state: UnknownState) -> Outcome:
    """All enemies move (``unknown.turn.enemy-movement``); movement rules: enemies part."""
    moving = sum(1 for e in state.position.enemies if not e.fresh and not e.stunned)
    return state, (
        event(
            "phase_resolved",
            "unknown.turn.enemy-movement",
            f"enemy movement: {moving} enemies would move; movement is not modelled yet",
            phase="enemy_movement",
        ),
    )


def enemy_main(game: UnknownGame, state: UnknownState) -> Outcome:
    """Stunned enemies recover (``unknown.turn.enemy-main``)."""
    recovered = [e.id for e in state.position.enemies if e.stunned]
    enemies = tuple(replace(e, stunned=False) for e in state.position.enemies)
    position = state.position.with_pieces(state.position.survivors, enemies)
    text = (
        f"enemy main: {', '.join(recovered)} recover"
        if recovered
        else "enemy main: no enemy is stunned"
    )
    return replace(state, position=position), (
        event(
            "phase_resolved",
            "unknown.turn.enemy-main",
            text,
            phase="enemy_main",
            recovered=tuple(recovered),
        ),
    )


def enemy_combat(game: UnknownGame, state: UnknownState) -> Outcome:
    """Combat caused by enemy movement, spawns and recovery (``unknown.turn.enemy-combat``)."""
    return state, (
        event(
            "phase_resolved",
            "unknown.turn.enemy-combat",
            "enemy combat: combat from enemy moves is not modelled yet",
            phase="enemy_combat",
        ),
    )


ENEMY_PHASES: dict[str, Callable[[UnknownGame, UnknownState], Outcome]] = {
    "enemy_upkeep": enemy_upkeep,
    "enemy_movement": enemy_movement,
    "enemy_main": enemy_main,
    "enemy_combat": enemy_combat,
}
