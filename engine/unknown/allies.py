"""Allies (rulebook: Allies; Missions, Stragglers): the ally phase and ally moves.

Allies are :class:`~engine.unknown.position.Ally` pieces. By default an ally has 1 health, 0 AP,
deals no damage and takes no normal action (``unknown.ally.stats``); the card or tile bringing it
may change that (``unknown.ally.overrides``): :data:`ALLY_MOVES` says how many tiles an ally of a
kind moves in the ally phase (a Stragglers refugee: 1, ``unknown.mission.stragglers.ally-spawn``).

The ally phase comes after every survivor's turn and before the enemies
(``unknown.ally.timing``). While an ally may still move, the phase is the pending effect
:class:`AllyPhase`: the players pick an ally's move (:class:`AllyMove`, in any order,
``unknown.turn.ally-actions``) or leave the rest where they are (:class:`EndAllyPhase`).
An enemy fights an ally like a survivor (``unknown.ally.as-survivor``): who fights on a tile is
close combat's rule (``engine.unknown.combat.allies_fighting_at``), and an ally's damage and
healing are with the survivors' (``engine.unknown.health.damage_ally``, ``heal_ally``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from engine.core.errors import IllegalDecision
from engine.core.game import Event, PlayerNode
from engine.unknown.effects import effect
from engine.unknown.map import is_passable
from engine.unknown.outcome import Outcome, event
from engine.unknown.position import ORTHOGONAL, Coord, UnknownPosition
from engine.unknown.state import UnknownState

if TYPE_CHECKING:
    from engine.unknown.rules import Rules

ALLY_MOVES: dict[str, int] = {"refugee": 1}
"""Tiles an ally of each kind moves in the ally phase; kinds not listed do not move
(``unknown.ally.stats``: 0 AP and no normal actions by default)."""


def new_ally_id(position: UnknownPosition, kind: str) -> str:
    """A fresh id for an ally of ``kind``: the kind and the first free number."""
    taken = {p.id for p in (*position.survivors, *position.enemies, *position.allies)}
    n = 1
    while f"{kind}{n}" in taken:
        n += 1
    return f"{kind}{n}"


# -- the ally phase ----------------------------------------------------------------------------


@dataclass(frozen=True)
class AllyMove:
    """Decision: ``ally`` makes a standard move onto the adjacent tile ``to``."""

    ally: str
    to: Coord

    def __str__(self) -> str:
        return f"move {self.ally} to {list(self.to)}"


@dataclass(frozen=True)
class EndAllyPhase:
    """Decision: the allies that have not moved stay where they are this round."""

    def __str__(self) -> str:
        return "the allies still to move stay where they are"


def move_rejection(state: UnknownState, move: AllyMove) -> IllegalDecision | None:
    """Why ``move`` is not a legal ally move now, or ``None``.

    A standard move (``unknown.mission.stragglers.ally-phase``, ``unknown.action.move``): to an
    orthogonally adjacent explored tile that is passable or holds a barrier (the attempt then
    fails and removes it, ``unknown.action.move.barrier``); once per ally phase, by an ally that
    is not incapacitated and whose kind moves (``ALLY_MOVES``).
    """
    try:
        mover = state.position.ally(move.ally)
    except KeyError:
        return IllegalDecision("unknown.turn.ally-actions", f"there is no ally {move.ally!r}")
    if mover.moved or ALLY_MOVES.get(mover.kind, 0) < 1:
        return IllegalDecision(
            "unknown.mission.stragglers.ally-spawn", f"{move.ally} has no move left this round"
        )
    if mover.incapacitated:
        return IllegalDecision(
            "unknown.mission.stragglers.health", f"{move.ally} is incapacitated and cannot move"
        )
    (x, y), (tx, ty) = mover.at, move.to
    if abs(x - tx) + abs(y - ty) != 1:
        return IllegalDecision(
            "unknown.action.move.no-diagonal",
            f"{list(move.to)} is not orthogonally next to {move.ally} on {list(mover.at)}",
        )
    if move.to not in state.position.tile_at:
        return IllegalDecision("unknown.action.move", f"no tile is explored at {list(move.to)}")
    if is_passable(state.position, move.to):
        return None
    if state.position.tokens_at.get(move.to, {}).get("barrier"):
        return None
    return IllegalDecision(
        "unknown.action.move.impassable", f"{list(move.to)} is impassable and cannot be entered"
    )


def ally_moves(state: UnknownState) -> tuple[AllyMove, ...]:
    """Every legal ally move now."""
    found = []
    for mover in state.position.allies:
        for dx, dy in ORTHOGONAL:
            move = AllyMove(mover.id, (mover.at[0] + dx, mover.at[1] + dy))
            if move_rejection(state, move) is None:
                found.append(move)
    return tuple(sorted(found, key=lambda m: (m.ally, m.to)))


def carry_out(state: UnknownState, move: AllyMove) -> Outcome:
    """The ally moves (or bumps a barrier); entering an active enemy's tile starts close combat
    at once, as a survivor's move does (``unknown.ally.as-survivor``, ``unknown.action.move.combat``)."""
    mover = state.position.ally(move.ally)
    position = state.position
    if position.tokens_at.get(move.to, {}).get("barrier"):
        position = position.with_tokens(move.to, "barrier", -1).with_ally(
            replace(mover, moved=True)
        )
        bumped = event(
            "barrier_removed",
            "unknown.action.move.barrier",
            f"{move.ally} bumps the barrier on {list(move.to)}: it stays put and 1 barrier comes off",
            ally=move.ally,
            at=move.to,
        )
        return state.with_position(position), (bumped,)
    position = position.with_ally(replace(mover, at=move.to, moved=True))
    events: list[Event] = [
        event(
            "ally_moved",
            "unknown.mission.stragglers.ally-phase",
            f"{move.ally} moves from {list(mover.at)} to {list(move.to)}",
            ally=move.ally,
            **{"from": mover.at, "to": move.to},
        )
    ]
    state = state.with_position(position)
    if any(not e.stunned for e in position.enemies_at(move.to)):
        from engine.unknown.combat import CloseCombat

        events.append(
            event(
                "close_combat",
                "unknown.ally.as-survivor",
                f"{move.ally} enters an enemy's tile: close combat at once",
                at=move.to,
            )
        )
        state = replace(state, pending=(CloseCombat(move.to), *state.pending))
    return state, tuple(events)


@effect("ally_phase")
@dataclass(frozen=True)
class AllyPhase:
    """The ally phase under way: the players move allies one at a time, in any order."""

    def node(self, rules: Rules, state: UnknownState) -> PlayerNode:
        return PlayerNode(
            player="players",
            legal=(*ally_moves(state), EndAllyPhase()),
            prompt="ally actions: move an ally, or leave the rest where they are",
            clause="unknown.turn.ally-actions",
        )

    def settle(self, rules: Rules, state: UnknownState) -> Outcome | None:
        if ally_moves(state):
            return None
        return self._finish(state)

    def apply(self, rules: Rules, state: UnknownState, decision: object) -> Outcome:
        if isinstance(decision, EndAllyPhase):
            return self._finish(state)
        if not isinstance(decision, AllyMove):
            raise IllegalDecision(
                "unknown.turn.ally-actions",
                f"{decision} is not an ally move nor the end of the ally phase",
            )
        refused = move_rejection(state, decision)
        if refused is not None:
            raise refused
        return carry_out(state, decision)

    def _finish(self, state: UnknownState) -> Outcome:
        """Every ally is done for this round (marked moved until the phase is left)."""
        allies = tuple(replace(a, moved=True) for a in state.position.allies)
        state = replace(state, pending=state.pending[1:])
        done = event("allies_done", "unknown.turn.ally-actions", "the allies have acted")
        return state.with_position(state.position.with_allies(allies)), (done,)


def ally_actions(rules: Rules, state: UnknownState) -> Outcome:
    """Enter or leave the ally phase (``unknown.ally.timing``, ``unknown.turn.ally-actions``).

    While some ally may still move this round, :class:`AllyPhase` is queued; once none may, the
    allies' moves are reset for the next round and the phase ends (no pending effect returned).
    """
    if ally_moves(state):
        begun = event(
            "phase_resolved",
            "unknown.turn.ally-actions",
            "ally actions: the players move their allies",
            phase="ally_actions",
        )
        return replace(state, pending=(AllyPhase(), *state.pending)), (begun,)
    allies = tuple(replace(a, moved=False) for a in state.position.allies)
    text = (
        "ally actions: no ally moves"
        if state.position.allies
        else "ally actions: there are no allies"
    )
    over = event("phase_resolved", "unknown.turn.ally-actions", text, phase="ally_actions")
    return state.with_position(state.position.with_allies(allies)), (over,)
