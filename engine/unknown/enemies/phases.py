"""The four enemy phases of the round (rulebook: Turn Order).

Each phase is a function ``(rules, state) -> (state, events)`` that the round calls in order
(``unknown.turn.phases``). A phase that needs decisions or chance nodes queues pending effects
followed by :class:`PhaseEnd`, which moves the round on once everything before it is resolved,
so a phase never runs twice.

* enemy upkeep: marks of the previous upkeep's spawns are cleared, lairs spawn and devourers
  heal (:mod:`engine.unknown.enemies.upkeep`);
* enemy movement: targets, paths and moves (:mod:`engine.unknown.enemies.movement`);
* enemy main: stunned enemies recover (``unknown.turn.enemy-main``);
* enemy combat: every close combat caused by enemy movement, spawns or recovery, one
  :class:`~engine.unknown.combat.CloseCombat` per tile (``unknown.turn.enemy-combat``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from engine.core.errors import IllegalDecision
from engine.core.game import IdleNode
from engine.unknown.combat import CloseCombat, combat_starts, fighters
from engine.unknown.effects import effect
from engine.unknown.enemies.movement import ChooseTargets
from engine.unknown.enemies.upkeep import enemies_heal, lair_spawns
from engine.unknown.outcome import Outcome, event
from engine.unknown.state import UnknownState

if TYPE_CHECKING:
    from engine.unknown.rules import Rules


@effect("phase_end")
@dataclass(frozen=True)
class PhaseEnd:
    """Queued behind a phase's effects: once they are resolved, the round moves on."""

    phase: str

    def node(self, rules: Rules, state: UnknownState) -> IdleNode:
        return IdleNode()

    def settle(self, rules: Rules, state: UnknownState) -> Outcome:
        from engine.unknown.turn.round import _next_phase

        state = replace(state, pending=state.pending[1:])
        if state.phase != self.phase:
            return state, ()
        return _next_phase(state, f"{self.phase.replace('_', ' ')} is over")

    def apply(self, rules: Rules, state: UnknownState, decision: object) -> Outcome:
        raise IllegalDecision(
            "unknown.turn.phases", f"nothing is decided as {self.phase} ends, not {decision}"
        )


def _then_end(state: UnknownState, phase: str) -> UnknownState:
    """Queue :class:`PhaseEnd` behind whatever the phase left pending."""
    if not state.pending:
        return state
    return replace(state, pending=(*state.pending, PhaseEnd(phase)))


def enemy_upkeep(rules: Rules, state: UnknownState) -> Outcome:
    """Lairs spawn and devourers heal (``unknown.turn.enemy-upkeep``).

    The spawned-this-upkeep marks of the previous round are cleared first: only this upkeep's
    spawns sit out this round's movement (``unknown.turn.enemy-upkeep.no-move``).
    """
    enemies = tuple(replace(e, fresh=False) for e in state.position.enemies)
    state = replace(state, position=state.position.with_pieces(state.position.survivors, enemies))
    state, healed = enemies_heal(state)
    state, spawned = lair_spawns(rules, state)
    fresh = [e.id for e in state.position.enemies if e.fresh]
    summary = event(
        "phase_resolved",
        "unknown.turn.enemy-upkeep",
        "enemy upkeep: " + (f"{', '.join(fresh)} spawn(s)" if fresh else "no lair spawns"),
        phase="enemy_upkeep",
        spawned=tuple(fresh),
    )
    return _then_end(state, "enemy_upkeep"), (*healed, *spawned, summary)


def enemy_movement(rules: Rules, state: UnknownState) -> Outcome:
    """Every enemy moves but those spawned in this enemy upkeep and the stunned ones.

    Applies ``unknown.turn.enemy-movement``, ``unknown.turn.enemy-upkeep.no-move`` and
    ``unknown.injury.stunned``; the three parts are :mod:`engine.unknown.enemies.movement`.
    """
    movers = tuple(e.id for e in state.position.enemies if not e.fresh and not e.stunned)
    sitting = [e.id for e in state.position.enemies if e.fresh or e.stunned]
    text = f"enemy movement: {', '.join(movers) or 'no enemy'} move(s)"
    if sitting:
        text += f"; {', '.join(sitting)} (spawned this upkeep or stunned) do(es) not"
    begun = event(
        "phase_resolved",
        "unknown.turn.enemy-movement",
        text,
        phase="enemy_movement",
        movers=movers,
    )
    if not movers:
        return state, (begun,)
    state = replace(state, pending=(ChooseTargets(movers), *state.pending))
    return _then_end(state, "enemy_movement"), (begun,)


def enemy_main(rules: Rules, state: UnknownState) -> Outcome:
    """Stunned enemies recover (``unknown.turn.enemy-main``).

    One recovering on a fighting survivor's tile or on base starts close combat
    (``unknown.combat.trigger``), fought in the enemy combat phase (``unknown.turn.enemy-combat``).
    """
    recovered = [e for e in state.position.enemies if e.stunned]
    enemies = tuple(replace(e, stunned=False) for e in state.position.enemies)
    position = state.position.with_pieces(state.position.survivors, enemies)
    text = (
        f"enemy main: {', '.join(e.id for e in recovered)} recover"
        if recovered
        else "enemy main: no enemy is stunned"
    )
    events = [
        event(
            "phase_resolved",
            "unknown.turn.enemy-main",
            text,
            phase="enemy_main",
            recovered=tuple(e.id for e in recovered),
        )
    ]
    for enemy in recovered:
        if combat_starts(position, enemy.at):
            names = ", ".join(s.id for s in fighters(position, enemy.at)) or "base"
            events.append(
                event(
                    "close_combat",
                    "unknown.combat.trigger",
                    f"{enemy.id} recovers on {list(enemy.at)} with {names}: close combat in the "
                    "enemy combat phase",
                    at=enemy.at,
                    enemy=enemy.id,
                )
            )
    return replace(state, position=position), tuple(events)


def enemy_combat(rules: Rules, state: UnknownState) -> Outcome:
    """Every close combat caused by enemy movement, spawns or recovery (``unknown.turn.enemy-combat``).

    The fights on different tiles involve different pieces, so fighting them one tile after
    another (in map order) gives what fighting them together gives; base defense, if any, ends
    the fight on base (``unknown.combat.base-defense``).
    """
    spots = sorted({e.at for e in state.position.enemies if combat_starts(state.position, e.at)})
    text = (
        "enemy combat: close combat on " + ", ".join(str(list(s)) for s in spots)
        if spots
        else "enemy combat: no close combat"
    )
    begun = event(
        "phase_resolved",
        "unknown.turn.enemy-combat",
        text,
        phase="enemy_combat",
        tiles=tuple(spots),
    )
    if not spots:
        return state, (begun,)
    state = replace(state, pending=(*(CloseCombat(s) for s in spots), *state.pending))
    return _then_end(state, "enemy_combat"), (begun,)


ENEMY_PHASES: dict[str, Callable[[Rules, UnknownState], Outcome]] = {
    "enemy_upkeep": enemy_upkeep,
    "enemy_movement": enemy_movement,
    "enemy_main": enemy_main,
    "enemy_combat": enemy_combat,
}
