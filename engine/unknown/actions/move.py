"""Move / Close Combat (rulebook: Actions, Move / Close Combat)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from engine.core.errors import IllegalDecision
from engine.unknown.actions.base import Action, Outcome, actor, event
from engine.unknown.hazards.muddy import entered
from engine.unknown.map import is_passable
from engine.unknown.position import ORTHOGONAL, Coord
from engine.unknown.state import UnknownState

if TYPE_CHECKING:
    from engine.unknown.rules import Rules

DIRECTIONS: dict[str, Coord] = {"east": (1, 0), "west": (-1, 0), "north": (0, 1), "south": (0, -1)}


def step(at: Coord, direction: str) -> Coord:
    """The spot one tile from ``at`` in a compass direction."""
    dx, dy = DIRECTIONS[direction]
    return (at[0] + dx, at[1] + dy)


@dataclass(frozen=True)
class Move(Action):
    """Move to an orthogonally adjacent passable tile (``unknown.action.move``)."""

    name: ClassVar[str] = "move"
    clause: ClassVar[str] = "unknown.action.move"
    who: str
    to: Coord

    def __str__(self) -> str:
        return f"move {self.who} to {list(self.to)}"

    @classmethod
    def candidates(cls, rules: Rules, state: UnknownState, who: str):
        x, y = actor(state, who).at
        return [cls(who, (x + dx, y + dy)) for dx, dy in ORTHOGONAL]

    def check(self, rules: Rules, state: UnknownState) -> None:
        here = actor(state, self.who).at
        if abs(here[0] - self.to[0]) + abs(here[1] - self.to[1]) != 1:
            raise IllegalDecision(
                "unknown.action.move.no-diagonal",
                f"{list(self.to)} is not orthogonally next to {self.who} on {list(here)}",
            )
        placed = state.position.tile_at.get(self.to)
        if placed is None:
            raise IllegalDecision("unknown.action.move", f"no tile is explored at {list(self.to)}")
        if is_passable(state.position, self.to):
            return
        if state.position.tokens_at.get(self.to, {}).get("barrier"):
            return  # the attempt is legal: it fails and removes a barrier (resolve)
        raise IllegalDecision(
            "unknown.action.move.impassable", f"{list(self.to)} is impassable and cannot be entered"
        )

    def resolve(self, rules: Rules, state: UnknownState) -> Outcome:
        position = state.position
        tokens = position.tokens_at.get(self.to, {})
        if tokens.get("barrier"):
            position = position.with_tokens(self.to, "barrier", -1)
            bumped = event(
                "barrier_removed",
                "unknown.action.move.barrier",
                f"{self.who} bumps the barrier on {list(self.to)}: the move fails and 1 barrier is removed",
                who=self.who,
                at=self.to,
            )
            return state.with_position(position), (bumped,)
        here = actor(state, self.who).at
        moved = event(
            "moved",
            "unknown.action.move",
            f"{self.who} moves from {list(here)} to {list(self.to)}",
            who=self.who,
            **{"from": here, "to": self.to},
        )
        state = state.with_position(position.moved(self.who, self.to))
        state, mud = entered(state, self.who)
        from engine.unknown.enemies.abilities import shots_on_survivor_entry

        shots = shots_on_survivor_entry(
            position, state.position, self.who, rules.ruleset, rules, state
        )
        state = replace(state, pending=(*shots, *state.pending))
        foes = [e for e in state.position.enemies_at(self.to) if not e.stunned]
        if not foes or state.position.survivor(self.who).untargetable:
            # an untargetable Tracker starts no fight by entering (unknown.survivor.tracker.self-initiate)
            return state, (moved, *mud)
        from engine.unknown.combat import CloseCombat

        fight = event(
            "close_combat",
            "unknown.action.move.combat",
            f"{self.who} enters {', '.join(e.id for e in foes)}'s tile: close combat at once",
            at=self.to,
        )
        return replace(state, pending=(CloseCombat(self.to), *state.pending)), (moved, *mud, fight)
