"""Is this position winnable? Three answers within one budget: proven, with luck, estimated.

:func:`answer` spends one time budget on three questions and keeps their answers apart, since
they mean different things:

* **proven** — the exact search (:func:`solver.search.solve`) bounds the probability of winning
  under best play from below (wins found within the rounds searched) and from above (every leaf
  cut by the horizon counted as a win unless the game's own bound proves it lost). The bounds
  tighten as the budget grows and the answer is exact when they meet. The search gets
  :data:`SEARCH_SHARE` of the budget.
* **with luck** — is there any line of play and luck that wins? A lower bound above 0 already
  shows one (the search's plan); an upper bound of 0 proves there is none. Otherwise the game's
  lucky search (``GameSpec.win_search``: a beam in which chance chooses its outcomes) looks for
  one with :data:`LUCK_SHARE` of the budget; a miss is no proof.
* **estimated** — a player (the game's expert by default) plays simulated games from the
  position, and after each root decision (:mod:`solver.estimate`), with the rest of the budget.

A horizon asked in rounds (``Limits.rounds``) restricts the question to those rounds, while the
lucky search and the simulated games play to the game's end: with a horizon, both are left out
unless asked for (``games``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from engine.core.registry import GameSpec, load_reference
from solver.estimate import (
    Alternative,
    Estimate,
    estimate,
    estimate_alternatives,
    root_alternatives,
)
from solver.lucky import WinSearch
from solver.search import Limits, Progress, Solution, solve

DEFAULT_TIMEOUT = 60.0
"""The budget in seconds when neither a timeout nor a node budget is given."""
SEARCH_SHARE = 0.5
"""The part of the budget the exact search may use (the rest goes on if it finishes early)."""
LUCK_SHARE = 0.4
"""The part of what is left after the search that the lucky search may use."""
DEFAULT_GAMES = 100
"""Simulated games from the position at most (and after each root decision)."""
DEFAULT_ALTERNATIVES = 8
"""Root decisions estimated at most (the player's own choice and a seeded sample of others)."""
LUCK_STATES = 300_000
"""The lucky search's budget of states (besides its time)."""


@dataclass(frozen=True)
class Budget:
    """What :func:`answer` may spend: the search's limits, a total time (seconds; ``None``: the
    search has no time limit and the others use :data:`DEFAULT_TIMEOUT`'s shares), the player
    and its number of games (``None``: :data:`DEFAULT_GAMES` when the answer needs it; 0: no
    estimate), how many root decisions to estimate, and the seed of the simulated games."""

    limits: Limits = Limits()
    seconds: float | None = DEFAULT_TIMEOUT
    player: str = "random"
    games: int | None = None
    alternatives: int = DEFAULT_ALTERNATIVES
    seed: int = 0


@dataclass(frozen=True)
class Luck:
    """The "with luck" answer: ``found`` True (a winning line: ``line``, decisions and chance
    outcomes from the position), False (proved that no line wins), or None (none found, not a
    proof, or not searched); ``how`` says which: ``plan`` (the search's plan), ``bound`` (the
    proven lower bound is above 0), ``proof`` (the upper bound is 0), ``search`` (the lucky
    search) or ``not searched``."""

    found: bool | None
    how: str
    text: str
    line: tuple[tuple[Any, Any], ...] = ()
    """The winning line as (state before, decision or outcome) pairs."""
    search: WinSearch | None = None


@dataclass(frozen=True)
class Answer:
    """The three answers (see the module docstring)."""

    solution: Solution
    luck: Luck
    estimate: Estimate | None
    alternatives: tuple[Alternative, ...]
    left_out: int
    """Root decisions not estimated (more than ``Budget.alternatives``)."""
    seconds: float


def answer(
    spec: GameSpec,
    game: Any,
    state: Any,
    budget: Budget,
    progress: Callable[[Progress], None] | None = None,
) -> Answer:
    """Spend ``budget`` on the three answers for ``state`` of the game ``spec`` describes.

    Raises :class:`solver.search.SolveError` for a state where nothing is being decided."""
    began = time.monotonic()
    total = budget.seconds if budget.seconds is not None else DEFAULT_TIMEOUT
    limits = budget.limits
    if budget.seconds is not None:
        limits = Limits(limits.rounds, limits.max_nodes, budget.seconds * SEARCH_SHARE)
    solution = solve(game, state, limits, progress)
    hit = solution.limit_hit
    if hit is not None and hit.startswith("timeout") and limits.timeout is not None:
        hit = f"the search's share of the budget, {limits.timeout:g} of {total:g} s"
    solution = replace(solution, limits=_shown_limits(budget), limit_hit=hit)
    horizon = budget.limits.rounds is not None

    def left() -> float:
        return max(0.0, total - (time.monotonic() - began))

    luck = _luck(spec, game, state, solution, horizon, left() * LUCK_SHARE)
    games = budget.games
    if games is None:
        games = 0 if solution.exact or horizon else DEFAULT_GAMES
    found, alternatives, left_out = None, (), 0
    if games > 0 and solution.verdict not in ("won", "lost"):
        found, alternatives, left_out = _estimates(spec, game, state, budget, games, left())
    return Answer(solution, luck, found, tuple(alternatives), left_out, time.monotonic() - began)


def _shown_limits(budget: Budget) -> Limits:
    """The limits as the user gave them (the search's own time share is an inner detail)."""
    return Limits(budget.limits.rounds, budget.limits.max_nodes, budget.seconds)


def _luck(
    spec: GameSpec, game: Any, state: Any, solution: Solution, horizon: bool, seconds: float
) -> Luck:
    """The "with luck" answer from the bounds, else from the game's lucky search."""
    if solution.verdict == "won":
        return Luck(True, "plan", "the game is won")
    if solution.verdict == "lost":
        return Luck(False, "proof", "the game is lost")
    if solution.lower > 0 and solution.plan:
        line = tuple((step.state, step.decision) for step in solution.plan)
        return Luck(True, "plan", "a winning line exists: the plan above is one", line)
    if solution.upper is not None and solution.upper == 0:
        return Luck(False, "proof", "no line of play and luck wins (the upper bound is 0)")
    proven = solution.lower > 0
    if horizon or not spec.win_search:
        why = "--rounds asks about those rounds only" if horizon else "no lucky search"
        if proven:
            return Luck(True, "bound", f"a winning line exists (the lower bound is above 0; {why})")
        return Luck(None, "not searched", f"not searched ({why})")
    found = load_reference(spec.win_search)(game, state, LUCK_STATES, seconds)
    if not found.found:
        if proven:
            text = f"a winning line exists (the lower bound is above 0); the lucky search {found.text()}"
            return Luck(True, "bound", text, search=found)
        return Luck(None, "search", found.text() + ", which proves nothing", search=found)
    line, here = [], state
    for choice in found.path:
        line.append((here, choice))
        here = game.apply(here, choice).state
    return Luck(True, "search", found.text(), tuple(line), found)


def _estimates(
    spec: GameSpec, game: Any, state: Any, budget: Budget, games: int, seconds: float
) -> tuple[Estimate, list[Alternative], int]:
    """The player's games from the position (half the time left), then after each root
    decision (the other half)."""
    began = time.monotonic()
    decisions, choice, left_out = root_alternatives(
        spec, game, state, budget.player, budget.alternatives, budget.seed
    )
    share = seconds / 2 if decisions else seconds
    found = estimate(spec, game, state, budget.player, games, share, budget.seed)
    if not decisions:
        return found, [], 0
    rest = max(0.0, seconds - (time.monotonic() - began))
    alternatives = estimate_alternatives(
        spec, game, state, budget.player, decisions, choice, games, rest, budget.seed
    )
    return found, alternatives, left_out
