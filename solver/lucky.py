"""The lucky search: look for one winning playout, with chance on the searcher's side.

A playout is a path of decisions and chance outcomes from a start state; a winning playout
exists if some path ends in a win. Treating every chance outcome as one more choice turns "is
there a winning playout?" into a deterministic planning problem, searched here with a beam:
every choice of every state in the beam is applied, children that lost are dropped, children
that repeat a state already kept are merged (a transposition set of frozen states), hopeless
children are pruned (a game's sound bound, e.g. ``FallingSkiesGame.earliest_win_round``), and the
``beam`` best-scored children form the next beam, until a child wins or the budget (``states``
made, ``seconds``) runs out.

A game may narrow its chance outcomes (``outcomes``): fewer branches to try, still real
outcomes of the engine's own chance node, so a path found is a real playout; the price is that
a search over the narrowed tree can miss wins, so a miss is reported as "not found within N
states", never as "not winnable". Everything goes through ``game.node`` / ``game.apply``
(PRINCIPLES §3); the path found can be replayed with ``engine.core.game.replay``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.game import Node, TerminalNode, choices

Score = Callable[[Any], float]
Outcomes = Callable[[Any, Node], Sequence[Any]]
"""``outcomes(state, node)``: the choices to try at ``node`` (default: all of them)."""
Hopeless = Callable[[Any], bool]
"""``hopeless(state)``: True only if no line from ``state`` can win (a sound bound)."""


@dataclass
class WinSearch:
    """What a lucky search found: a winning path (decisions and chance outcomes), or not."""

    found: bool
    path: list[Any]
    states: int
    """States made (every ``game.apply``), all attempts together."""
    seconds: float
    beam: int
    limit: str = ""
    """The budget the search ran under, e.g. ``"80,000 states, 60 s"``."""
    attempts: list[str] = field(default_factory=list)
    """One line per attempt (a portfolio tries several scores in turn)."""

    def text(self) -> str:
        """One honest line: a win found, or none within the budget (never "not winnable")."""
        if self.found:
            return (
                f"winnable (a winning playout of {len(self.path)} steps found after "
                f"{self.states:,} states, {self.seconds:.1f} s)"
            )
        return f"no winning playout found within {self.states:,} states ({self.seconds:.1f} s)"


def _key(state: Any) -> Hashable:
    return state


Entry = tuple[float, int, Any, tuple[Any, ...]]
"""A scored child: (score, arrival order, state, path from the start)."""


def beam_search(
    game: Any,
    start: Any,
    score: Score,
    beam: int = 24,
    max_states: int = 200_000,
    seconds: float | None = None,
    outcomes: Outcomes | None = None,
    hopeless: Hopeless | None = None,
    key: Callable[[Any], Hashable] = _key,
) -> WinSearch:
    """The lucky beam search from ``start`` (see the module docstring).

    Stops at the first winning child, or once ``max_states`` children were made or ``seconds``
    passed (both checked after every child), or when the beam empties (every line lost, was
    pruned or repeated a kept state).
    """
    began = time.monotonic()
    deadline = None if seconds is None else began + seconds
    frontier: list[tuple[Any, tuple[Any, ...]]] = [(start, ())]
    kept = {key(start)}
    made = 0
    while frontier and made < max_states:
        children: dict[Hashable, Entry] = {}
        for state, path in frontier:
            node = game.node(state)
            for choice in outcomes(state, node) if outcomes else choices(node):
                child = game.apply(state, choice).state
                made += 1
                verdict = game.node(child)
                over = isinstance(verdict, TerminalNode)
                if over and verdict.outcome == "win":
                    elapsed = time.monotonic() - began
                    return WinSearch(True, [*path, choice], made, elapsed, beam)
                if made >= max_states or (deadline is not None and time.monotonic() > deadline):
                    return WinSearch(False, [], made, time.monotonic() - began, beam)
                if over:
                    continue
                k = key(child)
                if k in kept or k in children or (hopeless is not None and hopeless(child)):
                    continue
                children[k] = (score(child), len(children), child, (*path, choice))
        best = sorted(children.items(), key=lambda item: (-item[1][0], item[1][1]))[:beam]
        kept.update(k for k, _ in best)
        frontier = [(child, path) for _, (_, _, child, path) in best]
    return WinSearch(False, [], made, time.monotonic() - began, beam)


def portfolio(
    game: Any,
    start: Any,
    scores: Sequence[tuple[str, Score, int]],
    max_states: int,
    seconds: float | None = None,
    outcomes: Outcomes | None = None,
    hopeless: Hopeless | None = None,
) -> WinSearch:
    """Beam searches with each named score and beam width in turn, sharing one budget of
    ``max_states`` states and ``seconds``, until one finds a win: whether a beam finds a win
    depends much on its score and width, so one budget is better spent on several."""
    began = time.monotonic()
    made, attempts = 0, []
    limit = f"{max_states:,} states" + ("" if seconds is None else f", {seconds:g} s")
    beam = 0
    for name, score, beam in scores:
        left = max_states - made
        time_left = None if seconds is None else seconds - (time.monotonic() - began)
        if left <= 0 or (time_left is not None and time_left <= 0):
            break
        found = beam_search(game, start, score, beam, left, time_left, outcomes, hopeless)
        made += found.states
        verdict = "win found" if found.found else "none"
        attempts.append(
            f"{name}, beam {beam}: {verdict} ({found.states:,} states, {found.seconds:.1f} s)"
        )
        if found.found:
            elapsed = time.monotonic() - began
            return WinSearch(True, found.path, made, elapsed, beam, limit, attempts)
    return WinSearch(False, [], made, time.monotonic() - began, beam, limit, attempts)
