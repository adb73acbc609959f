"""Is this position winnable? Exact expectimax over the engines' node/apply interface (issue 8).

:func:`solve` works for every game that offers ``game.node(state)`` and ``game.apply(state,
decision)`` (``engine.core.game``); it never looks inside a state except for its ``round`` (the
horizon) and its canonical key (``engine.core.serialization.stable_key``).

Values. The value of a state is the probability of winning under best play: a terminal win is 1,
a terminal loss 0, a player node the largest value of its children, a chance node the
probability-weighted sum of its children's values. Every value is an exact
:class:`fractions.Fraction`. A player node with no legal decision and an idle node (no rule in
motion) are dead ends worth 0.

Horizon. ``Limits.rounds = N`` asks "can the game be won within N rounds, counting the current
one?": a non-terminal state whose ``round`` is ``start_round + N`` or more (``start_round`` being
the root's round) is a *cut leaf* worth 0, and the search is then incomplete. A win that needs
round ``start_round + N`` or later is therefore not counted; the probability found is a lower
bound of the probability without horizon, and is exact when no leaf was cut. A state without a
``round`` (``None``) is never cut.

Iterative deepening. The search runs with horizons 1, 2, ..., N rounds (until a horizon leaves
no cut leaf or proves a certain win, or without ``rounds``, until one does), each finished
horizon giving a complete answer for that horizon (value, best decision, the value of every
alternative, a plan; after a certain win the alternatives are their values within that horizon).
``max_nodes`` (states expanded) and ``timeout`` (seconds) stop the search cleanly: the answer is
the one of the last finished horizon (``rounds_proved``), marked incomplete.

Speed, none of which changes the answer (tested against the plain search):

* a transposition table keyed on the canonical state (the frozen state itself; its
  ``stable_key`` when it holds an unhashable value) holding exact lower and upper bounds and
  whether a cut leaf lay below; since a cut leaf is worth 0, the value within N rounds never
  exceeds the value within N + 1, so lower bounds carry over from one horizon to the next, and
  upper bounds too when nothing was cut;
* chance outcomes that lead to equal states are merged (their probabilities summed);
* alpha-beta windows through player nodes (fail-soft) and Star1 pruning at chance nodes (Ballard
  1983): values lie in [0, 1], so once the outcomes searched plus the remaining probability mass
  (counted as all wins, or all losses) cannot bring the node inside the window, the rest is
  skipped; a player node stops at the first child worth 1;
* children ordered by the table's bounds (terminal wins first), chance outcomes by probability.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from engine.core.game import ChanceNode, PlayerNode, TerminalNode
from engine.core.serialization import stable_key

Decision = Any
ZERO = Fraction(0)
ONE = Fraction(1)
VERDICTS = (
    "won",
    "lost",
    "winnable for certain",
    "winnable with luck",
    "not winnable",
    "unknown within the limits",
)
CUT, LOOP = 1, 2
"""Flags of a search result: a leaf was cut by the horizon; a state repeated one on the path."""
STRATEGY_CAP = 2000
"""At most this many nodes in a certain win's strategy tree (deeper replies are left out)."""


@dataclass(frozen=True)
class Limits:
    """How far to search: a horizon in rounds, a budget of states expanded, a time budget (s)."""

    rounds: int | None = None
    max_nodes: int | None = None
    timeout: float | None = None


@dataclass(frozen=True)
class PlanStep:
    """One step of the principal line: a decision the plan takes, or the chance outcome assumed.

    ``state`` is the state before the step (to say the decision as a phrase), ``probability``
    the probability of the (merged) chance outcome, ``value`` the value after the step.
    """

    kind: str
    decision: Decision
    state: Any
    value: Fraction
    probability: Fraction | None = None


@dataclass(frozen=True)
class StrategyNode:
    """A certain win as a tree: at a player node the decision taken and what follows; at a
    chance node every (merged) outcome with its probability and what follows. ``truncated``:
    left out to keep the tree small (:data:`STRATEGY_CAP`)."""

    state: Any
    decision: Decision | None = None
    after: StrategyNode | None = None
    outcomes: tuple[tuple[Decision, Fraction, StrategyNode], ...] = ()
    terminal: str | None = None
    truncated: bool = False


@dataclass(frozen=True)
class Solution:
    """The answer: verdict, exact probability of winning under best play, best decision, the
    value of every alternative, the plan, and what the search did (see the module docstring)."""

    verdict: str
    probability: Fraction | None
    best: Decision | None
    alternatives: tuple[tuple[Decision, Fraction], ...] | None
    plan: tuple[PlanStep, ...]
    rounds_proved: int | None
    nodes: int
    seconds: float
    complete: bool
    limits: Limits
    strategy: StrategyNode | None = None
    limit_hit: str | None = None


@dataclass(frozen=True)
class Progress:
    """What the search reports while it runs: ``finished`` is True once per finished horizon."""

    rounds: int | None
    nodes: int
    seconds: float
    probability: Fraction | None
    finished: bool


class SolveError(ValueError):
    """A state the solver cannot start from (no rule in motion)."""


class _Stop(Exception):
    """A limit was hit: unwind the search (the last finished horizon stands)."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


@dataclass
class _Entry:
    """Transposition-table entry: exact bounds of the value, and whether a leaf was cut."""

    lower: Fraction = ZERO
    upper: Fraction = ONE
    cut: bool = False


@dataclass
class _Search:
    """One search: the game, the horizon, the table, the counters and the limits."""

    game: Any
    limits: Limits
    start_round: int | None
    pruning: bool = True
    transpositions: bool = True
    progress: Callable[[Progress], None] | None = None
    horizon: int | None = None
    table: dict[str, _Entry] = field(default_factory=dict)
    nodes: int = 0
    started: float = field(default_factory=time.monotonic)
    last_report: float = field(default_factory=time.monotonic)
    cut: bool = False
    path: set[str] = field(default_factory=set)

    # -- limits -------------------------------------------------------------------------------
    def count(self) -> None:
        """Count one expanded state; stop at ``max_nodes`` or ``timeout``; report progress."""
        self.nodes += 1
        if self.limits.max_nodes is not None and self.nodes > self.limits.max_nodes:
            raise _Stop(f"max-nodes {self.limits.max_nodes}")
        now = time.monotonic()
        if self.limits.timeout is not None and now - self.started > self.limits.timeout:
            raise _Stop(f"timeout {self.limits.timeout:g} s")
        if self.progress is not None and now - self.last_report >= 2.0:
            self.last_report = now
            self.progress(Progress(self.horizon, self.nodes, now - self.started, None, False))

    def beyond(self, state: Any) -> bool:
        """Whether a non-terminal ``state`` lies at or past the horizon (a cut leaf)."""
        if self.horizon is None or self.start_round is None:
            return False
        round_no = getattr(state, "round", None)
        return round_no is not None and round_no >= self.start_round + self.horizon

    def new_horizon(self, horizon: int | None) -> None:
        """Start the next horizon: keep lower bounds (values only grow with the horizon) and
        the upper bounds of entries with nothing cut below."""
        self.horizon = horizon
        for entry in self.table.values():
            if entry.cut:
                entry.upper = ONE
                entry.cut = False

    # -- the table ----------------------------------------------------------------------------
    def key(self, state: Any) -> Any:
        """The table's key for ``state``: the frozen state itself (its fields, compared and
        hashed field by field, are its canonical form), or ``stable_key(state)`` for a state that
        holds an unhashable value (a dict or a list)."""
        try:
            hash(state)
        except TypeError:
            return stable_key(state)
        return state

    def entry(self, key: str) -> _Entry | None:
        return self.table.get(key) if self.transpositions else None

    def store(self, key: str, value: Fraction, alpha: Fraction, beta: Fraction, flags: int) -> None:
        """Record a fail-soft result: ``value <= alpha`` is an upper bound, ``value >= beta`` a
        lower bound, anything between is exact. A result that met a repeated state (``LOOP``)
        is only a lower bound: it counted the repetition as 0 for the path it was reached by."""
        if not self.transpositions:
            return
        entry = self.table.setdefault(key, _Entry())
        if flags & LOOP:
            if value > alpha:
                entry.lower = max(entry.lower, value)
        elif value <= alpha:
            entry.upper = min(entry.upper, value)
        elif value >= beta:
            entry.lower = max(entry.lower, value)
        else:
            entry.lower = entry.upper = value
        entry.cut = entry.cut or bool(flags & CUT)

    # -- the recursion ------------------------------------------------------------------------
    def value(
        self, state: Any, alpha: Fraction, beta: Fraction, node: Any = None
    ) -> tuple[Fraction, int]:
        """The value of ``state`` within the window (fail-soft), and flags: ``CUT`` if a leaf
        was cut below, ``LOOP`` if a state repeated one on the current path (counted as 0: a
        line that comes back to a state gains nothing by the loop when only decisions lie on
        it; the table then keeps the result as a lower bound only)."""
        if node is None:
            node = self.game.node(state)
        if isinstance(node, TerminalNode):
            return (ONE if node.outcome == "win" else ZERO), 0
        if self.beyond(state):
            self.cut = True
            return ZERO, CUT
        key = self.key(state)
        if key in self.path:
            return ZERO, LOOP
        known = self.entry(key)
        if known is not None:
            flags = CUT if known.cut else 0
            if known.lower == known.upper or known.lower >= beta:
                return known.lower, flags
            if known.upper <= alpha:
                return known.upper, flags
        self.count()
        self.path.add(key)
        try:
            if isinstance(node, PlayerNode):
                result = self.player(state, node, alpha, beta)
            elif isinstance(node, ChanceNode):
                result = self.chance(state, node, alpha, beta)
            else:
                result = (ZERO, 0)  # an idle node: nothing happens, nothing is won
        finally:
            self.path.discard(key)
        self.store(key, result[0], alpha, beta, result[1])
        return result

    def children(self, state: Any, node: PlayerNode) -> list[tuple[Any, Any]]:
        """Each legal decision's next state and its node, most promising first (a terminal win,
        then by the table's lower and upper bounds, a terminal loss last)."""
        pairs = []
        for decision in node.legal:
            child = self.game.apply(state, decision).state
            pairs.append((child, self.game.node(child)))
        if not self.pruning:
            return pairs
        return sorted(pairs, key=self.hint, reverse=True)

    def hint(self, pair: tuple[Any, Any]) -> tuple[Fraction, Fraction]:
        """A child's cheap bound: exact for a terminal, the table's bounds otherwise."""
        state, node = pair
        if isinstance(node, TerminalNode):
            value = ONE if node.outcome == "win" else ZERO
            return (value, value)
        entry = self.table.get(self.key(state)) if self.transpositions else None
        return (ZERO, ONE) if entry is None else (entry.lower, entry.upper)

    def player(
        self, state: Any, node: PlayerNode, alpha: Fraction, beta: Fraction
    ) -> tuple[Fraction, int]:
        """Max over the decisions (alpha-beta, fail-soft); stop at a child worth 1."""
        best, flags = ZERO, 0
        for child, child_node in self.children(state, node):
            low = max(alpha, best) if self.pruning else alpha
            value, child_flags = self.value(child, low, beta, child_node)
            flags |= child_flags
            if value > best:
                best = value
            if self.pruning and (best >= beta or best == ONE):
                break
        return best, flags

    def outcomes(self, state: Any, node: ChanceNode) -> list[tuple[Decision, Fraction, Any]]:
        """The chance outcomes, those leading to equal states merged (probabilities summed),
        the most likely first."""
        merged: dict[str, list[Any]] = {}
        for outcome, probability in node.outcomes:
            child = self.game.apply(state, outcome).state
            key = self.key(child)
            if key in merged:
                merged[key][1] += probability
            else:
                merged[key] = [outcome, probability, child]
        found = [(o, p, c) for o, p, c in merged.values()]
        return sorted(found, key=lambda item: item[1], reverse=True) if self.pruning else found

    def chance(
        self, state: Any, node: ChanceNode, alpha: Fraction, beta: Fraction
    ) -> tuple[Fraction, int]:
        """The probability-weighted sum, with Star1 cut-offs: ``known`` is the weighted sum of
        the outcomes searched, ``rest`` the probability mass not yet searched."""
        known, rest, flags = ZERO, ONE, 0
        for _, probability, child in self.outcomes(state, node):
            rest -= probability
            if self.pruning:
                low = max(ZERO, (alpha - known - rest) / probability)
                high = min(ONE, (beta - known) / probability)
                value, child_flags = self.value(child, low, high)
            else:
                value, child_flags = self.value(child, ZERO, ONE)
            flags |= child_flags
            known += probability * value
            if self.pruning and known + rest <= alpha:
                return known + rest, flags  # even winning all the rest stays at or below alpha
            if self.pruning and known >= beta:
                return known, flags  # even losing all the rest stays at or above beta
        return known, flags

    def exact(self, state: Any) -> tuple[Fraction, int]:
        """The exact value of ``state`` at the current horizon (a full window)."""
        return self.value(state, ZERO, ONE)


# -- the answer --------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Answer:
    """What one finished horizon proved."""

    horizon: int | None
    probability: Fraction
    alternatives: tuple[tuple[Decision, Fraction], ...] | None
    best: Decision | None
    cut: bool
    plan: tuple[PlanStep, ...]
    strategy: StrategyNode | None


def _root(search: _Search, state: Any) -> tuple[_Answer, str | None]:
    """Search the root at the current horizon: its exact value (with every pruning), the plan
    and best decision, a certain win's strategy, then the exact value of every decision (the
    alternatives). A limit hit while valuing the alternatives leaves them out (``None``) and is
    returned as the second item; the value, best decision and plan stand."""
    search.cut = False
    probability, _ = search.exact(state)
    plan = _plan(search, state, probability)
    best = plan[0].decision if plan and plan[0].kind == "decision" else None
    strategy = _strategy(search, state, [0]) if probability == ONE else None
    answer = _Answer(search.horizon, probability, None, best, search.cut, plan, strategy)
    node = search.game.node(state)
    if not isinstance(node, PlayerNode):
        return answer, None
    try:
        alternatives = _alternatives(search, state, node)
    except _Stop as stop:
        return answer, stop.why
    return replace(answer, alternatives=alternatives, cut=search.cut), None


def _alternatives(
    search: _Search, state: Any, node: PlayerNode
) -> tuple[tuple[Decision, Fraction], ...]:
    """Every legal decision at the root with its exact value, in the order the rules list them."""
    found = []
    search.path.add(search.key(state))
    try:
        for decision in node.legal:
            child = search.game.apply(state, decision).state
            found.append((decision, search.exact(child)[0]))
    finally:
        search.path.clear()
    return tuple(found)


def _plan(search: _Search, state: Any, value: Fraction) -> tuple[PlanStep, ...]:
    """The principal line: at a player node the first decision keeping the value, at a chance
    node the most likely outcome that keeps the win (value above 0), up to the end."""
    steps: list[PlanStep] = []
    seen = {search.key(state)}
    while value > 0:
        node = search.game.node(state)
        if isinstance(node, PlayerNode):
            for decision in node.legal:
                child = search.game.apply(state, decision).state
                if search.key(child) in seen:
                    continue  # a plan never needs to come back to a state
                child_value = search.exact(child)[0]
                if child_value == value:
                    steps.append(PlanStep("decision", decision, state, child_value))
                    state = child
                    seen.add(search.key(child))
                    break
            else:
                break
        elif isinstance(node, ChanceNode):
            scored = [(p, search.exact(c)[0], o, c) for o, p, c in search.outcomes(state, node)]
            winning = [item for item in scored if item[1] > 0]
            if not winning:
                break
            p, child_value, outcome, child = max(winning, key=lambda item: (item[0], item[1]))
            steps.append(PlanStep("chance", outcome, state, child_value, p))
            state, value = child, child_value
            seen.add(search.key(child))
        else:
            break
    return tuple(steps)


def _strategy(search: _Search, state: Any, size: list[int]) -> StrategyNode:
    """A certain win's strategy: the decision keeping value 1, and a reply to every outcome."""
    size[0] += 1
    node = search.game.node(state)
    if isinstance(node, TerminalNode):
        return StrategyNode(state, terminal=node.outcome)
    if size[0] > STRATEGY_CAP:
        return StrategyNode(state, truncated=True)
    if isinstance(node, PlayerNode):
        for decision in node.legal:
            child = search.game.apply(state, decision).state
            if search.exact(child)[0] == ONE:
                return StrategyNode(state, decision, _strategy(search, child, size))
        return StrategyNode(state, truncated=True)
    if isinstance(node, ChanceNode):
        replies = tuple(
            (outcome, p, _strategy(search, child, size))
            for outcome, p, child in search.outcomes(state, node)
        )
        return StrategyNode(state, outcomes=replies)
    return StrategyNode(state, truncated=True)


def verdict_for(probability: Fraction | None, complete: bool) -> str:
    """The verdict rules: probability 1 → for certain; above 0 → with luck; 0 with nothing cut
    and no limit hit → not winnable; otherwise unknown within the limits."""
    if probability is None:
        return "unknown within the limits"
    if probability == ONE:
        return "winnable for certain"
    if probability > 0:
        return "winnable with luck"
    return "not winnable" if complete else "unknown within the limits"


def _horizons(limits: Limits, start_round: int | None) -> list[int | None]:
    """The horizons of the iterative deepening: 1..N, or 1, 2, ... without a bound (as a long
    list), or a single unbounded search when the state has no round."""
    if start_round is None:
        return [None]
    if limits.rounds is not None:
        return list(range(1, limits.rounds + 1))
    return list(range(1, 10_000))


def solve(
    game: Any,
    state: Any,
    limits: Limits | None = None,
    progress: Callable[[Progress], None] | None = None,
    *,
    pruning: bool = True,
    transpositions: bool = True,
) -> Solution:
    """Solve ``state`` of ``game`` (see the module docstring for values, horizon and limits).

    ``pruning`` / ``transpositions`` switch the speed-ups off (the plain expectimax, for tests).
    """
    limits = limits or Limits()
    started = time.monotonic()
    node = game.node(state)
    if isinstance(node, TerminalNode):
        won = node.outcome == "win"
        return Solution(
            "won" if won else "lost", ONE if won else ZERO, None, None, (), 0, 0,
            time.monotonic() - started, True, limits,
        )  # fmt: skip
    if not isinstance(node, PlayerNode | ChanceNode):
        raise SolveError("nothing is being decided in this position (no round is in progress)")
    start_round = getattr(state, "round", None)
    search = _Search(game, limits, start_round, pruning, transpositions, progress)
    answer: _Answer | None = None
    limit_hit: str | None = None
    old_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old_limit, 20_000))
    try:
        for horizon in _horizons(limits, start_round):
            search.new_horizon(horizon)
            try:
                answer, limit_hit = _root(search, state)
            except _Stop as stop:
                limit_hit = stop.why
                break
            if progress is not None:
                seconds = time.monotonic() - started
                progress(Progress(horizon, search.nodes, seconds, answer.probability, True))
            if limit_hit is not None or not answer.cut or answer.probability == ONE:
                break  # exact for every longer horizon, or a certain win already
    finally:
        sys.setrecursionlimit(old_limit)
    return _solution(answer, limits, search, limit_hit, started)


def _solution(
    answer: _Answer | None, limits: Limits, search: _Search, limit_hit: str | None, started: float
) -> Solution:
    seconds = time.monotonic() - started
    if answer is None:
        return Solution(
            "unknown within the limits", None, None, None, (), 0, search.nodes, seconds, False,
            limits, None, limit_hit,
        )  # fmt: skip
    complete = not answer.cut and limit_hit is None
    rounds = answer.horizon
    if not answer.cut and limit_hit is None and limits.rounds is not None:
        rounds = limits.rounds  # nothing was cut: the answer holds for the whole horizon asked
    return Solution(
        verdict_for(answer.probability, complete),
        answer.probability,
        answer.best,
        answer.alternatives,
        answer.plan,
        rounds,
        search.nodes,
        seconds,
        complete,
        limits,
        answer.strategy,
        limit_hit,
    )
