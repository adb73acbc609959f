"""The one narrow interface every consumer drives a game through (PRINCIPLES §3).

At every state the game says who acts next:

* :class:`PlayerNode` — a player must decide; ``legal`` lists every decision the rules allow;
* :class:`ChanceNode` — a random outcome; ``outcomes`` pairs each with its exact probability;
* :class:`TerminalNode` — the game is over, with the outcome and the clause that ended it;
* :class:`IdleNode` — no rule is in motion (nothing pending); the caller may start one.

``apply(state, decision)`` returns a :class:`Step` (the next state and the events it caused) or
raises :class:`~engine.core.errors.IllegalDecision` naming the clause broken; states are
immutable, so a failed ``apply`` leaves the caller's state as it was.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import accumulate
from math import lcm
from random import Random
from typing import Any, Protocol

Decision = Any
"""A decision is a frozen dataclass defined by the game (hashable, plain data)."""


@dataclass(frozen=True)
class Event:
    """Something a rule did, with the clause that made it happen (PRINCIPLES §4)."""

    kind: str
    clause: str
    text: str
    data: tuple[tuple[str, Any], ...] = ()

    def get(self, name: str, default: Any = None) -> Any:
        """The value of one named field of the event's data."""
        return dict(self.data).get(name, default)


@dataclass(frozen=True)
class PlayerNode:
    """A player must choose one of ``legal``; ``prompt`` says what is being decided and why."""

    player: str
    legal: tuple[Decision, ...]
    prompt: str
    clause: str


@dataclass(frozen=True)
class ChanceNode:
    """A random outcome: each decision with its exact probability (they sum to 1)."""

    outcomes: tuple[tuple[Decision, Fraction], ...]
    prompt: str
    clause: str


@dataclass(frozen=True)
class TerminalNode:
    """The game is over."""

    outcome: str
    clause: str


@dataclass(frozen=True)
class IdleNode:
    """Nothing is pending: no rule is in motion in this state."""


Node = PlayerNode | ChanceNode | TerminalNode | IdleNode


@dataclass(frozen=True)
class Step:
    """The result of applying a decision."""

    state: Any
    events: tuple[Event, ...] = field(default_factory=tuple)


class Game(Protocol):
    """What a game engine offers: who acts, what may be decided, apply a decision."""

    name: str

    def node(self, state: Any) -> Node:
        """Who acts next in ``state``, and what they may decide."""
        ...

    def apply(self, state: Any, decision: Decision) -> Step:
        """Apply ``decision``; raise ``IllegalDecision`` if the rules forbid it."""
        ...


def choices(node: Node) -> Sequence[Decision]:
    """What can happen at ``node``: a player node's legal decisions, a chance node's outcomes
    (without their probabilities), nothing at a terminal or idle node."""
    if isinstance(node, PlayerNode):
        return node.legal
    if isinstance(node, ChanceNode):
        return [outcome for outcome, _ in node.outcomes]
    return ()


def replay(game: Game, state: Any, decisions: Sequence[Decision]) -> tuple[Any, list[Event]]:
    """Apply ``decisions`` in order from ``state``; return the final state and all events."""
    events: list[Event] = []
    for decision in decisions:
        step = game.apply(state, decision)
        state = step.state
        events.extend(step.events)
    return state, events


def sample_outcome(node: ChanceNode, rng: Random) -> Decision:
    """Draw one outcome of a chance node with its exact probability, from a seeded ``rng``.

    Exact: a uniform integer below the common denominator picks the outcome, so the same seed
    gives the same outcome on every machine. The node's integer shares are worked out once per
    node object (a game that reuses its chance nodes, e.g. a dice roll, pays for them once).
    """
    denominator, bounds = _shares(node)
    ticket = rng.randrange(denominator)
    return node.outcomes[bisect_right(bounds, ticket)][0]


_SHARES: dict[int, tuple[ChanceNode, int, list[int]]] = {}
"""Integer shares of recently drawn chance nodes, by ``id`` (the node is kept to check identity)."""


def _shares(node: ChanceNode) -> tuple[int, list[int]]:
    """The common denominator of ``node``'s probabilities and the running sums of its shares."""
    cached = _SHARES.get(id(node))
    if cached is not None and cached[0] is node:
        return cached[1], cached[2]
    if sum(probability for _, probability in node.outcomes) != 1:
        raise ValueError(f"chance outcomes do not sum to 1: {node.prompt or node.clause}")
    denominator = lcm(*(probability.denominator for _, probability in node.outcomes))
    shares = [p.numerator * (denominator // p.denominator) for _, p in node.outcomes]
    bounds = list(accumulate(shares))
    if len(_SHARES) >= 1024:
        _SHARES.clear()
    _SHARES[id(node)] = (node, denominator, bounds)
    return denominator, bounds
