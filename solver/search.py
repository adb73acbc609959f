"""Is this position winnable? Exact expectimax over the engines' node/apply interface.

:func:`solve` works for every game that offers ``game.node(state)`` and ``game.apply(state,
decision)`` (``engine.core.game``); it never looks inside a state except for its ``round`` (the
horizon) and its canonical key (the game's ``search_key``, else the state itself or
``engine.core.serialization.stable_key``).

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
* decision-only cycles (a trade session's give and take, moves back and forth): a state that
  repeats one on the path counts as 0, and the search keeps Tarjan lowlinks, so every state of
  a strongly connected component made only of player decisions is expanded once and all of them
  get the root's value (they share it: each reaches every other for free, so each is worth the
  best exit); a cycle through a chance node keeps its results as lower bounds only. The plan and
  the strategy walk to the component's best exit by a shortest line;
* the game's ``search_key(state)``, when it has one, files states the rules make equal under
  one key (Under Falling Skies: the same dice placed in another order), so such afterstates are
  searched once;
* each state's children (or merged chance outcomes) are generated once and kept for its next
  expansion (a later horizon, a narrower window, the plan), up to :data:`EXPANSION_CAP`
  children, and the game's bound is computed once per state;
* chance outcomes that lead to equal states are merged (their probabilities summed);
* alpha-beta windows through player nodes (fail-soft) and Star1 pruning at chance nodes (Ballard
  1983): values lie in [0, 1], so once the outcomes searched plus the remaining probability mass
  (counted as all wins, or all losses) cannot bring the node inside the window, the rest is
  skipped; a player node stops at the first child worth 1;
* children ordered by the table's bounds (terminal wins first), chance outcomes by probability;
* the game's own bound, when it has one: ``game.earliest_win_round(state)`` proves that no line
  wins before that round, and ``None`` that none ever wins
  (Under Falling Skies: research could not climb to the top even with every research room at its
  highest value every round before the mothership's skull ends the game,
  ``engine.falling_skies.outlook``); such a state is worth 0 without being expanded, exactly if
  no line ever wins, else for this horizon only, as a cut leaf (a longer horizon looks again).
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
NO_LOOP = sys.maxsize
"""The lowlink of a result that reached back to no state of the path (nor of an open cycle)."""
TAINTED = -1
"""The lowlink of a result that met a cycle through a chance node: it stays a lower bound."""
HOPELESS_NOW, HOPELESS_EVER = 1, 2
"""What the game's bound proved: no win within the horizon; no win at all."""
EXPANSION_CAP = 3_000_000
"""At most this many children are kept for states expanded again (later ones are generated anew)."""
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
    bounded: int = 0
    """States the game's bound proved hopeless within the horizon (not expanded)."""
    upper: Fraction | None = None
    """A proven upper bound of the probability of winning under best play with no horizon
    (cut leaves worth 1 unless the game's bound says no line from them ever wins); ``None``
    when it was not sought. ``probability`` is the matching lower bound (the value within
    ``rounds_proved`` rounds); they meet when the answer is exact."""
    upper_rounds: int | None = None
    """The horizon whose optimistic search proved :attr:`upper` (``None``: no horizon
    finished, or the bound came from the game's own bound at the root)."""

    harvested: Fraction | None = None
    """A proven lower bound from what the searches learnt of a horizon they did not finish
    (the wins found so far; ``None``: nothing beyond ``probability``)."""

    @property
    def lower(self) -> Fraction:
        """A proven lower bound of the probability of winning under best play: the value within
        the rounds proved, or what an unfinished horizon already found, whichever is larger."""
        found = ZERO if self.probability is None else self.probability
        return found if self.harvested is None else max(found, self.harvested)

    @property
    def exact(self) -> bool:
        """Whether the probability is proven to be the value: nothing was cut and no limit hit,
        or the lower and upper bounds met."""
        return self.complete or (self.upper is not None and self.upper == self.lower)


@dataclass(frozen=True)
class Progress:
    """What the search reports while it runs: ``finished`` is True once per finished horizon."""

    rounds: int | None
    nodes: int
    seconds: float
    probability: Fraction | None
    finished: bool
    upper: bool = False
    """Whether the search running is the optimistic one (proving the upper bound)."""


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
    path: dict[Any, int] = field(default_factory=dict)
    """The states on the current path, each with its index (the order it was entered in)."""
    stack: list[Any] = field(default_factory=list)
    """Finished states of decision-only cycles whose root is still on the path (Tarjan)."""
    open: dict[Any, int] = field(default_factory=dict)
    """The states of ``stack`` with their index."""
    counter: int = 0
    bound: Callable[[Any], int | None] | None = None
    """The game's ``earliest_win_round(state)`` if it has one (a relaxation: no line wins before
    that round; ``None``: none ever wins)."""
    bounded: int = 0
    """States proved worth 0 within the horizon by ``bound``, without expanding them."""
    alternatives: bool = True
    """Whether each horizon also values every decision at the root."""
    canonical: Callable[[Any], Any] | None = None
    """The game's ``search_key(state)`` if it has one: a key equal for states the rules make
    equal (Under Falling Skies: the same dice placed in another order)."""
    expanded: dict[Any, list[tuple[Decision, Any, Any, Any]]] = field(default_factory=dict)
    """Each expanded player state's children (decision, state, key, node), and each chance
    state's merged outcomes (outcome, probability, state, key): generated once per state."""
    expanded_size: int = 0
    """How many children :attr:`expanded` holds (it stops growing at :data:`EXPANSION_CAP`)."""
    bounds: dict[Any, int | None] = field(default_factory=dict)
    """The game's bound of each state it was asked about (computed once per state)."""
    component: dict[Any, Any] = field(default_factory=dict)
    """The key of each state of a decision-only cycle found: its component's root key (the
    plan and the strategy walk to the component's best exit instead of around the cycle)."""
    optimistic: bool = False
    """Which bound the search proves: False, the lower bound (a cut leaf is worth 0); True,
    the upper bound (a cut leaf is worth 1 unless the game's bound says no line from it ever
    wins). Each mode keeps its own table and components (:meth:`use`)."""
    tables: dict[bool, tuple[dict[Any, _Entry], dict[Any, Any]]] = field(default_factory=dict)
    """The table and components of each mode."""
    tainted: bool = False
    """A cycle through a chance node was met (its results stand as lower bounds only, so the
    optimistic search's value is no proof of an upper bound)."""

    def harvest(
        self,
        state: Any,
        depth: int = 200,
        key: Any = None,
        memo: dict[Any, tuple[Fraction, Fraction]] | None = None,
    ) -> tuple[Fraction, Fraction]:
        """Bounds of the value of ``state`` (no horizon) from what the searches have learnt so
        far, even of a horizon they did not finish: the lower table's lower bounds, its upper
        bounds where nothing was cut, the optimistic table's upper bounds (a result that
        met a cycle through a chance node is stored as a lower bound only), the game's bound, and, ``depth`` levels
        down the children kept (:attr:`expanded`), the max (player) or probability-weighted sum
        (chance) of the children's bounds. A state met again on the way counts as unknown."""
        memo = {} if memo is None else memo
        key = self.key(state) if key is None else key
        if key in memo:
            return memo[key]
        memo[key] = (ZERO, ONE)
        node = self.game.node(state)
        if isinstance(node, TerminalNode):
            value = ONE if node.outcome == "win" else ZERO
            memo[key] = (value, value)
            return value, value
        lower, upper = ZERO, ONE
        if key in self.bounds and self.bounds[key] is None:
            upper = ZERO
        self.tables[self.optimistic] = (self.table, self.component)
        for optimistic, (table, _) in self.tables.items():
            entry = table.get(key)
            if entry is None:
                continue
            if optimistic:
                upper = min(upper, entry.upper)  # a result met by a chance cycle sets none
            else:
                lower = max(lower, entry.lower)
                if not entry.cut:
                    upper = min(upper, entry.upper)
        kept = self.expanded.get(key)
        if depth > 0 and kept is not None and lower < upper:
            if isinstance(node, PlayerNode):
                found = [self.harvest(c, depth - 1, k, memo) for _, c, k, _ in kept]
                if found:
                    lower = max(lower, max(low for low, _ in found))
                    upper = min(upper, max(high for _, high in found))
            elif isinstance(node, ChanceNode):
                found = [(p, *self.harvest(c, depth - 1, k, memo)) for _, p, c, k in kept]
                lower = max(lower, sum((p * low for p, low, _ in found), ZERO))
                upper = min(upper, sum((p * high for p, _, high in found), ZERO))
        memo[key] = (lower, upper)
        return lower, upper

    def use(self, optimistic: bool) -> None:
        """Switch the search to proving the lower (False) or the upper (True) bound."""
        self.tables[self.optimistic] = (self.table, self.component)
        self.optimistic = optimistic
        self.table, self.component = self.tables.get(optimistic, ({}, {}))

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
            self.progress(
                Progress(self.horizon, self.nodes, now - self.started, None, False, self.optimistic)
            )

    def beyond(self, state: Any) -> bool:
        """Whether a non-terminal ``state`` lies at or past the horizon (a cut leaf)."""
        if self.horizon is None or self.start_round is None:
            return False
        round_no = getattr(state, "round", None)
        return round_no is not None and round_no >= self.start_round + self.horizon

    def hopeless(self, state: Any, key: Any) -> int:
        """What the game's bound proves about ``state``: :data:`HOPELESS_EVER` (no line ever
        wins: worth exactly 0), :data:`HOPELESS_NOW` (none wins within the horizon: worth 0 for
        this horizon only, a cut leaf), or 0 (nothing proved)."""
        if self.bound is None or self.horizon is None or self.start_round is None:
            return 0
        if key in self.bounds:
            earliest = self.bounds[key]
        else:
            earliest = self.bounds[key] = self.bound(state)
        if earliest is None:
            return HOPELESS_EVER
        return HOPELESS_NOW if earliest >= self.start_round + self.horizon else 0

    def new_horizon(self, horizon: int | None) -> None:
        """Start the next horizon. With cut leaves worth 0, values only grow with the horizon:
        lower bounds carry over, and the upper bounds of entries with nothing cut below. With
        cut leaves worth 1 (the optimistic table), values only shrink: upper bounds carry over,
        and the lower bounds of entries with nothing cut below."""
        self.horizon = horizon
        self.tables[self.optimistic] = (self.table, self.component)
        for optimistic, (table, _) in self.tables.items():
            for entry in table.values():
                if entry.cut:
                    if optimistic:
                        entry.lower = ZERO
                    else:
                        entry.upper = ONE
                    entry.cut = False

    # -- the table ----------------------------------------------------------------------------
    def key(self, state: Any) -> Any:
        """The table's key for ``state``: the game's ``search_key(state)`` when it offers one,
        else the frozen state itself (its fields, compared and hashed field by field, are its
        canonical form), or ``stable_key(state)`` for a state that holds an unhashable value (a
        dict or a list)."""
        if self.canonical is not None:
            return self.canonical(state)
        try:
            hash(state)
        except TypeError:
            return stable_key(state)
        return state

    def entry(self, key: str) -> _Entry | None:
        return self.table.get(key) if self.transpositions else None

    def reset(self) -> None:
        """Forget the path and the open cycles (a new search from the top)."""
        self.path.clear()
        self.stack.clear()
        self.open.clear()

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
        self, state: Any, alpha: Fraction, beta: Fraction, node: Any = None, key: Any = None
    ) -> tuple[Fraction, int, int]:
        """The value of ``state`` within the window (fail-soft), flags (``CUT`` if a leaf was
        cut below) and a lowlink (Tarjan): the smallest index of a state of the path (or of an
        open cycle) that the search reached back to, :data:`NO_LOOP` if none.

        A state that repeats one on the path, or one of an open cycle, counts as 0: a line that
        comes back to a state gains nothing by the loop when only decisions lie on it. So a
        result whose lowlink lies above its own index depends on the path it was reached by and
        is kept as a lower bound only; a result whose lowlink is its own index (the root of a
        strongly connected component of decisions) or :data:`NO_LOOP` is exact (or a fail-soft
        bound): every state of a decision-only cycle has the value of the best exit from the
        cycle, and the root's search saw every exit. Its value is stored for the whole
        component. A cycle through a chance node is :data:`TAINTED` (lower bounds only, up to
        the top), since there a loop is not worth 0.

        The path, the open cycles and the table are looked up before ``node`` is worked out
        (when not given): a terminal or cut state is never in them."""
        if key is None:
            key = self.key(state)
        index = self.path.get(key)
        if index is not None:
            return ZERO, 0, index
        if self.transpositions:
            index = self.open.get(key)
            if index is not None:
                return ZERO, 0, index
        known = self.entry(key)
        if known is not None:
            flags = CUT if known.cut else 0
            if known.lower == known.upper or known.lower >= beta:
                return known.lower, flags, NO_LOOP
            if known.upper <= alpha:
                return known.upper, flags, NO_LOOP
        if node is None:
            node = self.game.node(state)
        if isinstance(node, TerminalNode):
            return (ONE if node.outcome == "win" else ZERO), 0, NO_LOOP
        if self.beyond(state):
            if self.optimistic and self.hopeless(state, key) == HOPELESS_EVER:
                self.bounded += 1
                return ZERO, 0, NO_LOOP
            self.cut = True
            return (ONE if self.optimistic else ZERO), CUT, NO_LOOP
        hopeless = self.hopeless(state, key)
        if hopeless == HOPELESS_EVER or (hopeless and not self.optimistic):
            self.bounded += 1
            if hopeless == HOPELESS_EVER:
                return ZERO, 0, NO_LOOP
            self.cut = True
            return ZERO, CUT, NO_LOOP  # no win within the horizon: worth 0 for this one only
        self.count()
        self.counter += 1
        index = self.counter
        self.path[key] = index
        mark = len(self.stack)
        try:
            if isinstance(node, PlayerNode):
                value, flags, low = self.player(state, key, node, alpha, beta)
            elif isinstance(node, ChanceNode):
                value, flags, low = self.chance(state, key, node, alpha, beta)
                if low <= index:
                    low = TAINTED  # a cycle through a chance node: a loop is not worth 0 here
                    self.tainted = True
            else:
                value, flags, low = ZERO, 0, NO_LOOP  # an idle node: nothing happens
        finally:
            del self.path[key]
        if low >= index:
            self.store(key, value, alpha, beta, flags)
            if len(self.stack) > mark:  # the root of a decision-only cycle: all share its value
                self.component[key] = key
                for member in self.stack[mark:]:
                    del self.open[member]
                    self.store(member, value, alpha, beta, flags)
                    self.component[member] = key
                del self.stack[mark:]
        else:
            self.store(key, value, alpha, beta, flags | LOOP)
            if not self.transpositions:
                pass
            elif low == TAINTED:
                for member in self.stack[mark:]:
                    del self.open[member]
                del self.stack[mark:]
            else:
                self.stack.append(key)
                self.open[key] = index
        return value, flags, low

    def remember(self, key: Any, children: list[Any]) -> None:
        """Keep a state's children for its next expansion, up to :data:`EXPANSION_CAP`."""
        if self.transpositions and self.expanded_size + len(children) <= EXPANSION_CAP:
            self.expanded[key] = children
            self.expanded_size += len(children)

    def successors(self, state: Any, key: Any, node: PlayerNode) -> list[Any]:
        """Each legal decision with its next state, that state's key and node, in the order the
        rules list them (generated once per state)."""
        found = self.expanded.get(key)
        if found is None:
            found = []
            for decision in node.legal:
                child = self.game.apply(state, decision).state
                found.append((decision, child, self.key(child), self.game.node(child)))
            self.remember(key, found)
        return found

    def children(self, state: Any, key: Any, node: PlayerNode) -> list[tuple[Any, Any, Any]]:
        """Each legal decision's next state, its node and key, most promising first (a terminal
        win, then by the table's lower and upper bounds, a terminal loss last)."""
        if not self.pruning:
            return [(child, None, None) for _, child, _, _ in self.successors(state, key, node)]
        found = []
        for _, child, child_key, child_node in self.successors(state, key, node):
            entry = self.table.get(child_key) if self.transpositions else None
            if isinstance(child_node, TerminalNode):
                value = ONE if child_node.outcome == "win" else ZERO
                found.append(((value, value), child, child_node, child_key))
            elif entry is not None:
                found.append(((entry.lower, entry.upper), child, child_node, child_key))
            else:
                found.append(((ZERO, ONE), child, child_node, child_key))
        found.sort(key=lambda item: item[0], reverse=True)
        return [(child, child_node, child_key) for _, child, child_node, child_key in found]

    def player(
        self, state: Any, key: Any, node: PlayerNode, alpha: Fraction, beta: Fraction
    ) -> tuple[Fraction, int, int]:
        """Max over the decisions (alpha-beta, fail-soft); stop at a child worth 1."""
        best, flags, lowlink = ZERO, 0, NO_LOOP
        for child, child_node, child_key in self.children(state, key, node):
            low = max(alpha, best) if self.pruning else alpha
            value, child_flags, child_low = self.value(child, low, beta, child_node, child_key)
            flags |= child_flags
            if child_low < lowlink:
                lowlink = child_low
            if value > best:
                best = value
            if self.pruning and (best >= beta or best == ONE):
                break
        return best, flags, lowlink

    def outcomes(
        self, state: Any, node: ChanceNode, key: Any = None
    ) -> list[tuple[Decision, Fraction, Any, Any]]:
        """The chance outcomes with their next states and keys, those leading to equal states
        merged (probabilities summed), the most likely first (generated once per state)."""
        key = self.key(state) if key is None else key
        found = self.expanded.get(key)
        if found is not None:
            return found
        merged: dict[Any, list[Any]] = {}
        for outcome, probability in node.outcomes:
            child = self.game.apply(state, outcome).state
            child_key = self.key(child)
            if child_key in merged:
                merged[child_key][1] += probability
            else:
                merged[child_key] = [outcome, probability, child, child_key]
        found = [(o, p, c, k) for o, p, c, k in merged.values()]
        if self.pruning:
            found.sort(key=lambda item: item[1], reverse=True)
        self.remember(key, found)
        return found

    def chance(
        self, state: Any, key: Any, node: ChanceNode, alpha: Fraction, beta: Fraction
    ) -> tuple[Fraction, int, int]:
        """The probability-weighted sum, with Star1 cut-offs: ``known`` is the weighted sum of
        the outcomes searched, ``rest`` the probability mass not yet searched. In the full
        window (``alpha`` 0, ``beta`` 1) every child's window is full too."""
        known, rest, flags, lowlink = ZERO, ONE, 0, NO_LOOP
        full = alpha <= ZERO and beta >= ONE
        for _, probability, child, child_key in self.outcomes(state, node, key):
            rest -= probability
            if self.pruning and not full:
                low = max(ZERO, (alpha - known - rest) / probability)
                high = min(ONE, (beta - known) / probability)
                value, child_flags, child_low = self.value(child, low, high, None, child_key)
            else:
                value, child_flags, child_low = self.value(child, ZERO, ONE, None, child_key)
            flags |= child_flags
            if child_low < lowlink:
                lowlink = child_low
            known += probability * value
            if self.pruning and known + rest <= alpha:
                return known + rest, flags, lowlink  # winning all the rest stays <= alpha
            if self.pruning and known >= beta:
                return known, flags, lowlink  # even losing all the rest stays >= beta
        return known, flags, lowlink

    def exact(self, state: Any) -> tuple[Fraction, int]:
        """The exact value of ``state`` at the current horizon (a full window), a search from
        the top."""
        self.reset()
        value, flags, _ = self.value(state, ZERO, ONE)
        return value, flags


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
    if not isinstance(node, PlayerNode) or not search.alternatives:
        return answer, None
    try:
        alternatives = _alternatives(search, state, node)
    except _Stop as stop:
        return answer, stop.why
    return replace(answer, alternatives=alternatives, cut=search.cut), None


def _alternatives(
    search: _Search, state: Any, node: PlayerNode
) -> tuple[tuple[Decision, Fraction], ...]:
    """Every legal decision at the root with its exact value (the value of the state it leads
    to, from which the game may come back to the root when only decisions lie between), in the
    order the rules list them."""
    found = []
    for decision in node.legal:
        child = search.game.apply(state, decision).state
        found.append((decision, search.exact(child)[0]))
    return tuple(found)


def _plan(search: _Search, state: Any, value: Fraction) -> tuple[PlanStep, ...]:
    """The principal line: at a player node the first decision keeping the value, at a chance
    node the most likely outcome that keeps the win (value above 0), up to the end."""
    steps: list[PlanStep] = []
    seen = {search.key(state)}
    while value > 0:
        node = search.game.node(state)
        if isinstance(node, PlayerNode):
            found = _keeping(search, state, node, value, seen)
            if found is None:
                break
            decision, child = found
            steps.append(PlanStep("decision", decision, state, value))
            state = child
            seen.add(search.key(child))
        elif isinstance(node, ChanceNode):
            scored = [(p, search.exact(c)[0], o, c) for o, p, c, _ in search.outcomes(state, node)]
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


def _keeping(
    search: _Search, state: Any, node: PlayerNode, value: Fraction, seen: set[Any]
) -> tuple[Decision, Any] | None:
    """A decision keeping ``value`` (to a state not in ``seen``) that makes progress: in a
    decision-only cycle (whose states all share one value), the first decision of a shortest
    line of value-keeping decisions to the cycle's best exit; elsewhere the first decision
    keeping the value. None when no decision keeps it."""
    key = search.key(state)
    component = search.component.get(key)
    first: tuple[Decision, Any] | None = None
    for decision in node.legal:
        child = search.game.apply(state, decision).state
        child_key = search.key(child)
        if child_key in seen or search.exact(child)[0] != value:
            continue
        if component is None or search.component.get(child_key) != component:
            return decision, child  # not in a cycle, or an exit from it
        if first is None:
            first = (decision, child)
    if first is None or component is None:
        return first
    # breadth first through the cycle's states to the nearest one with a value-keeping exit
    back: dict[Any, tuple[Any, Decision, Any] | None] = {key: None}
    queue = [state]
    for here in queue:
        here_key = search.key(here)
        here_node = search.game.node(here)
        if not isinstance(here_node, PlayerNode):
            continue
        for decision in here_node.legal:
            child = search.game.apply(here, decision).state
            child_key = search.key(child)
            if child_key in seen or search.exact(child)[0] != value:
                continue
            if search.component.get(child_key) != component:
                if here_key == key:
                    return decision, child
                while True:  # walk back to the first decision of the line
                    parent_key, parent_decision, parent_state = back[here_key]
                    if parent_key == key:
                        return parent_decision, parent_state
                    here_key = parent_key
            if child_key not in back:
                back[child_key] = (here_key, decision, child)
                queue.append(child)
    return first


def _strategy(
    search: _Search, state: Any, size: list[int], seen: set[Any] | None = None
) -> StrategyNode:
    """A certain win's strategy: the decision keeping value 1 (towards the exit of a
    decision-only cycle, never back to a state of its own line), and a reply to every
    outcome."""
    seen = set() if seen is None else seen
    size[0] += 1
    node = search.game.node(state)
    if isinstance(node, TerminalNode):
        return StrategyNode(state, terminal=node.outcome)
    if size[0] > STRATEGY_CAP:
        return StrategyNode(state, truncated=True)
    key = search.key(state)
    seen.add(key)
    try:
        if isinstance(node, PlayerNode):
            found = _keeping(search, state, node, ONE, seen)
            if found is None:
                return StrategyNode(state, truncated=True)
            decision, child = found
            return StrategyNode(state, decision, _strategy(search, child, size, seen))
        if isinstance(node, ChanceNode):
            replies = tuple(
                (outcome, p, _strategy(search, child, size, seen))
                for outcome, p, child, _ in search.outcomes(state, node)
            )
            return StrategyNode(state, outcomes=replies)
        return StrategyNode(state, truncated=True)
    finally:
        seen.discard(key)


def verdict_for(probability: Fraction | None, complete: bool, upper: Fraction | None = None) -> str:
    """The verdict rules: a lower bound of 1 → for certain; above 0 → with luck; 0 with
    nothing cut and no limit hit, or an upper bound of 0 → not winnable; otherwise unknown
    within the limits."""
    if probability is not None and probability == ONE:
        return "winnable for certain"
    if probability is not None and probability > 0:
        return "winnable with luck"
    if upper is not None and upper == ZERO:
        return "not winnable"
    if probability is None:
        return "unknown within the limits"
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
    game_bound: bool = True,
    alternatives: bool = True,
    upper_bounds: bool = True,
) -> Solution:
    """Solve ``state`` of ``game`` (see the module docstring for values, horizon and limits).

    ``pruning`` / ``transpositions`` switch the speed-ups off (the plain expectimax, for tests);
    ``game_bound=False`` leaves out the game's own bound alone (``earliest_win_round``; it is part of the
    pruning), to measure what it adds. ``alternatives=False`` leaves out the value of every
    decision at the root (``Solution.alternatives`` is None; the value, best decision, plan and
    strategy stand), as a search that answers only "how likely, and what first?" does.
    ``upper_bounds=False`` leaves out the optimistic search of each horizon
    (``Solution.upper`` is None).
    """
    limits = limits or Limits()
    started = time.monotonic()
    node = game.node(state)
    if isinstance(node, TerminalNode):
        won = node.outcome == "win"
        value = ONE if won else ZERO
        return Solution(
            "won" if won else "lost", value, None, None, (), 0, 0,
            time.monotonic() - started, True, limits, upper=value,
        )  # fmt: skip
    if not isinstance(node, PlayerNode | ChanceNode):
        raise SolveError("nothing is being decided in this position (no round is in progress)")
    start_round = getattr(state, "round", None)
    search = _Search(game, limits, start_round, pruning, transpositions, progress)
    search.alternatives = alternatives
    if pruning and game_bound:
        search.bound = getattr(game, "earliest_win_round", None)
    if transpositions:
        search.canonical = getattr(game, "search_key", None)
    bounds = _Bounds(None if not upper_bounds else _root_upper(search, state))
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
            if bounds.upper is None or bounds.upper == answer.probability:
                continue
            try:
                bounds.tighten(search, state, horizon)
            except _Stop as stop:
                limit_hit = stop.why
                break
            if bounds.upper == answer.probability:
                break  # the bounds met: the value is proven
        harvested = search.harvest(state) if limit_hit is not None else None
    finally:
        search.use(False)
        sys.setrecursionlimit(old_limit)
    return _solution(answer, limits, search, limit_hit, started, bounds, harvested)


def _root_upper(search: _Search, state: Any) -> Fraction:
    """The upper bound known before any search: 0 if the game's bound proves that no line from
    the root ever wins, else 1."""
    if search.bound is not None and search.bound(state) is None:
        return ZERO
    return ONE


@dataclass
class _Bounds:
    """The upper bound proved so far (``None``: not sought) and the horizon that proved it."""

    upper: Fraction | None
    rounds: int | None = None

    def tighten(self, search: _Search, state: Any, horizon: int | None) -> None:
        """The optimistic search at ``horizon`` (cut leaves worth 1): its value, when no cycle
        through a chance node made it a lower bound only, bounds the value from above."""
        search.use(True)
        search.cut = False
        search.tainted = False
        try:
            value, _ = search.exact(state)
        finally:
            search.use(False)
        if not search.tainted and self.upper is not None and value <= self.upper:
            self.upper, self.rounds = value, horizon


def _solution(
    answer: _Answer | None,
    limits: Limits,
    search: _Search,
    limit_hit: str | None,
    started: float,
    bounds: _Bounds,
    harvested: tuple[Fraction, Fraction] | None = None,
) -> Solution:
    seconds = time.monotonic() - started
    low = None
    if harvested is not None:
        low = harvested[0]
        if bounds.upper is not None and harvested[1] < bounds.upper:
            bounds.upper, bounds.rounds = harvested[1], None
    found = None if answer is None else answer.probability
    if low is not None and (low == 0 or (found is not None and low <= found)):
        low = None  # nothing beyond what the last finished horizon proved
    if answer is None:
        verdict = verdict_for(low, False, bounds.upper)
        return Solution(
            verdict, None, None, None, (), 0, search.nodes, seconds, False, limits, None,
            limit_hit, search.bounded, bounds.upper, None, low,
        )  # fmt: skip
    complete = not answer.cut and limit_hit is None
    rounds = answer.horizon
    if not answer.cut and limit_hit is None and limits.rounds is not None:
        rounds = limits.rounds  # nothing was cut: the answer holds for the whole horizon asked
    upper = bounds.upper
    if upper is not None and (not answer.cut or answer.probability == ONE):
        upper = answer.probability  # nothing cut (or a certain win): the value is exact
    return Solution(
        verdict_for(answer.probability if low is None else low, complete, upper),
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
        search.bounded,
        upper,
        bounds.rounds if bounds.rounds is not None or upper != answer.probability else rounds,
        low,
    )
