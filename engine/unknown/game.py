"""Unknown as a game driven through the core interface (PRINCIPLES §2–3).

The state is plain data: the position and a queue of pending effects. Resolving the head of the
queue either changes the state by itself (a forced outcome) or asks the players for a decision.
This issue's effects: a knockback from a source over an ordered list of pieces. The round
structure and the actions that push effects come with later parts of the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.core.errors import IllegalDecision
from engine.core.game import Event, IdleNode, Node, PlayerNode, Step
from engine.unknown.map.knockback import knockback_destinations
from engine.unknown.position import Coord, Survivor, UnknownPosition
from engine.unknown.ruleset import DEFAULT, Ruleset


@dataclass(frozen=True)
class Knockback:
    """A pending knockback: pieces still to flee ``source`` by ``distance``, in order."""

    source: Coord
    distance: int
    movers: tuple[str, ...]
    cause: str = "knockback"


@dataclass(frozen=True)
class UnknownState:
    """Everything the rules need: the map and the effects waiting to resolve."""

    position: UnknownPosition
    pending: tuple[Knockback, ...] = ()


@dataclass(frozen=True)
class KnockTo:
    """Decision: the fleeing piece ``who`` ends its knockback on ``to``."""

    who: str
    to: Coord

    def __str__(self) -> str:
        return f"knock {self.who} to {list(self.to)}"


class UnknownGame:
    """The Unknown reference engine, with the interpretation switches of ``ruleset``."""

    name = "unknown"

    def __init__(self, ruleset: Ruleset = DEFAULT) -> None:
        self.ruleset = ruleset

    def start(
        self, position: UnknownPosition, *effects: Knockback
    ) -> tuple[UnknownState, tuple[Event, ...]]:
        """A state with ``effects`` pending, after resolving whatever is forced."""
        return self._settle(UnknownState(position, tuple(effects)), ())

    def node(self, state: UnknownState) -> Node:
        """Who decides next: the players choosing where a fleeing piece ends, or nobody."""
        if not state.pending:
            return IdleNode()
        effect = state.pending[0]
        who = effect.movers[0]
        options = self._destinations(state.position, effect)
        return PlayerNode(
            player="players",
            legal=tuple(KnockTo(who, to) for to in sorted(options)),
            prompt=f"choose where {who} ends fleeing {list(effect.source)} (knockback {effect.distance})",
            clause="unknown.knockback.path-choice",
        )

    def apply(self, state: UnknownState, decision: KnockTo) -> Step:
        """Move the fleeing piece to the chosen tile; ``IllegalDecision`` if it may not end there."""
        if not state.pending:
            raise IllegalDecision(
                "unknown.knockback.flee", f"nothing is pending, so {decision} is not a choice"
            )
        effect = state.pending[0]
        who = effect.movers[0]
        if not isinstance(decision, KnockTo) or decision.who != who:
            raise IllegalDecision(
                "unknown.knockback.flee", f"{who} is the piece fleeing now, not {decision}"
            )
        options = self._destinations(state.position, effect)
        if decision.to not in options:
            allowed = ", ".join(str(list(o)) for o in sorted(options))
            raise IllegalDecision(
                "unknown.knockback.flee",
                f"{who} cannot end a knockback of {effect.distance} from {list(effect.source)} "
                f"on {list(decision.to)}; it may end on {allowed}",
            )
        state, events = self._move(state, effect, who, decision.to)
        state, more = self._settle(state, ())
        return Step(state, events + more)

    def _destinations(self, position: UnknownPosition, effect: Knockback) -> frozenset[Coord]:
        return knockback_destinations(
            position, effect.source, effect.distance, effect.movers[0], self.ruleset
        )

    def _move(
        self, state: UnknownState, effect: Knockback, who: str, to: Coord
    ) -> tuple[UnknownState, tuple[Event, ...]]:
        position = state.position
        piece = position.piece(who)
        events: list[Event] = []
        if to != piece.at:
            events.append(
                Event(
                    "knocked_back",
                    "unknown.knockback.flee",
                    f"{who} is knocked back from {list(piece.at)} to {list(to)}",
                    (("who", who), ("from", piece.at), ("to", to)),
                )
            )
            position = position.moved(who, to)
            foes = (
                position.enemies_at(to)
                if isinstance(piece, Survivor)
                else position.survivors_at(to)
            )
            if foes:
                events.append(
                    Event(
                        "close_combat",
                        "unknown.combat.trigger",
                        f"{who} shares {list(to)} with {', '.join(f.id for f in foes)}: close combat",
                        (("at", to), ("pieces", tuple(sorted((who, *(f.id for f in foes)))))),
                    )
                )
        else:
            events.append(
                Event(
                    "stayed",
                    "unknown.knockback.flee",
                    f"{who} stays on {list(to)}",
                    (("who", who), ("at", to)),
                )
            )
        rest = effect.movers[1:]
        pending = ((replace(effect, movers=rest),) if rest else ()) + state.pending[1:]
        return UnknownState(position, pending), tuple(events)

    def _settle(
        self, state: UnknownState, events: tuple[Event, ...]
    ) -> tuple[UnknownState, tuple[Event, ...]]:
        """Resolve pending effects whose outcome is forced (a single destination)."""
        while state.pending:
            effect = state.pending[0]
            if not effect.movers:
                state = UnknownState(state.position, state.pending[1:])
                continue
            options = self._destinations(state.position, effect)
            if len(options) != 1:
                break
            (only,) = options
            state, more = self._move(state, effect, effect.movers[0], only)
            events += more
        return state, events
