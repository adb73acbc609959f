"""Seeded random playouts of Under Falling Skies, and the win-rate sweep of many.

A playout is :func:`engine.core.playout.play_out` (the one playout loop): uniform legal
decisions, chance by its exact probability, both from one ``random.Random(seed)``. The sweep
(``rulings sweep --game falling-skies``) counts wins and losses by the clause that ended each
game.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from random import Random
from typing import Any

from engine.core.game import Step
from engine.core.playout import play_out
from engine.falling_skies.game import FallingSkiesGame
from engine.falling_skies.state import FSState


def random_playout(
    game: FallingSkiesGame,
    seed: int,
    state: FSState | None = None,
    on_step: Callable[[object, Step], None] | None = None,
    max_decisions: int = 100_000,
) -> FSState:
    """Play from ``state`` (the initial state by default) to the end; return the final state.

    Player decisions are drawn uniformly from the legal ones, chance outcomes with
    :func:`~engine.core.game.sample_outcome`, both from one ``Random(seed)``. ``on_step`` sees
    every decision with its step (to narrate). ``RuntimeError`` if the game has not ended after
    ``max_decisions`` decisions or stops at a node no one can act on.
    """
    start = game.initial_state() if state is None else state
    watch = None if on_step is None else (lambda before, decision, step: on_step(decision, step))
    end, ending = play_out(game, start, Random(seed), None, watch, max_decisions)
    if ending.result == "stuck":
        raise RuntimeError(f"round {end.round}: no one can act ({game.node(end)})")
    if not ending.ended:
        raise RuntimeError(f"the playout did not end within {max_decisions} decisions")
    return end


@dataclass
class SweepResult:
    """Counts of a win-rate sweep."""

    playouts: int = 0
    wins: int = 0
    losses: dict[str, int] | None = None
    errors: list[str] | None = None
    seconds: float = 0.0

    def merge(self, part: SweepResult) -> None:
        """Add the counts of another part of the sweep (its time is not added)."""
        assert self.losses is not None and self.errors is not None
        self.playouts += part.playouts
        self.wins += part.wins
        for clause, n in (part.losses or {}).items():
            self.losses[clause] = self.losses.get(clause, 0) + n
        self.errors.extend(part.errors or [])

    def data(self) -> dict[str, Any]:
        return {
            "playouts": self.playouts,
            "wins": self.wins,
            "losses": dict(sorted((self.losses or {}).items())),
            "errors": len(self.errors or []),
            "seconds": round(self.seconds, 2),
            "playouts_per_second": round(self.playouts / self.seconds, 1) if self.seconds else None,
            "win_rate": self.wins / self.playouts if self.playouts else None,
        }

    def lines(self) -> list[str]:
        d = self.data()
        rate = f"{100 * self.wins / self.playouts:.2f}%" if self.playouts else "n/a"
        lines = [
            f"playouts: {self.playouts}",
            f"wins: {self.wins} ({rate})",
            f"losses: {sum(d['losses'].values())}",
        ]
        lines += [f"  {clause}: {n}" for clause, n in d["losses"].items()]
        lines.append(f"engine errors: {d['errors']}")
        lines += [f"  {e}" for e in self.errors or []][:20]
        lines.append(f"time: {self.seconds:.1f} s ({d['playouts_per_second']} playouts/s)")
        return lines


CHUNK = 200
"""Playouts per task when a sweep runs on a runner (Dask)."""


def sweep(
    game: FallingSkiesGame,
    playouts: int,
    seed: int,
    progress: Callable[[int, int], None] = lambda done, total: None,
    runner: Any = None,
) -> SweepResult:
    """``playouts`` seeded random playouts (seeds ``seed`` .. ``seed + playouts - 1``); an
    engine error is counted and listed, and the sweep goes on. In this process, or on
    ``runner`` (``solver.balance.Runner``: a Dask cluster) in tasks of :data:`CHUNK`."""
    started = time.monotonic()
    if runner is None:
        result = play_seeds((game, seed, playouts), lambda n: progress(n, playouts))
    else:
        setup = (game.scenario, game.ruleset)  # the game is rebuilt in the worker
        tasks = [(setup, first, min(CHUNK, seed + playouts - first))
                 for first in range(seed, seed + playouts, CHUNK)]  # fmt: skip
        count = [0]

        def finished(index: int, part: SweepResult, where: str) -> None:
            count[0] += part.playouts
            progress(count[0], playouts)

        parts, _ = runner.map(play_seeds, tasks, finished)
        result = SweepResult(losses={}, errors=[])
        for part in parts:
            result.merge(part)
    result.seconds = time.monotonic() - started
    return result


def play_seeds(
    task: tuple[Any, int, int], progress: Callable[[int], None] | None = None
) -> SweepResult:
    """Random playouts of seeds ``first`` .. ``first + count - 1`` (``task`` is the game, or
    its scenario and ruleset, ``first`` and ``count``), ``progress(n)`` after the n-th."""
    from engine.falling_skies import playout

    game, first, count = task
    if not isinstance(game, FallingSkiesGame):
        game = FallingSkiesGame(*game)
    result = SweepResult(losses={}, errors=[])
    assert result.losses is not None and result.errors is not None
    for n in range(count):
        try:
            state = playout.random_playout(game, first + n)
        except Exception as error:  # an engine bug: counted and listed, the sweep goes on
            result.errors.append(f"seed {first + n}: {type(error).__name__}: {error}")
        else:
            assert state.outcome is not None
            result_, clause, _ = state.outcome
            if result_ == "win":
                result.wins += 1
            else:
                result.losses[clause] = result.losses.get(clause, 0) + 1
        result.playouts += 1
        if progress is not None:
            progress(n + 1)
    return result
