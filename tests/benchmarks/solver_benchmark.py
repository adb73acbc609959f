"""The solver against OpenSpiel's generic expectiminimax, side by side on the same positions.

Run: ``python -m tests.benchmarks.solver_benchmark [--seeds 4] [--horizons 1,2,3] [--cap 300]``.

Positions: Under Falling Skies dice-phase states reached by seeded random play (round 1, 2 or 3
of the line, by the seed) on small shipped boards (``SETS``): ``one-die`` (one die a round) at a
round's start, before the roll, at horizons 1-3; ``short-sky``, ``near-skull`` and
``two-step-research`` just after the roll (three dice to place) at horizon 1. For each
horizon H (win within H rounds, counting the current one) both sides value every position:

* the solver, ``solver.search.solve(game, state, Limits(rounds=H), alternatives=False,
  upper_bounds=False)`` with
  a fresh table: the value, the best decision and the plan, as OpenSpiel's search gives the
  value and the best action (valuing every alternative too is extra work OpenSpiel does not
  do: ``rulings solve`` does it);
* the solver without the game's own bound (``game_bound=False``: Under Falling Skies' research
  outlook, ``engine.falling_skies.outlook``), to show what the search earns by itself;
* OpenSpiel, ``open_spiel.python.algorithms.minimax.expectiminimax`` on the position through the
  game's OpenSpiel adapter (``solver.search_openspiel``: states at or past the horizon shown as
  terminal losses, exactly the solver's cut leaves; adapter states clone cheaply).

Each side gets ``--cap`` seconds per position (a SIGALRM stops it); a position either side did
not finish is listed apart and left out of the ratio. Values must be equal to 1e-9. Compare the
ratio, measured in one run: absolute times depend on the machine.
"""

from __future__ import annotations

import argparse
import random
import signal
import time
from dataclasses import dataclass
from typing import Any

import pyspiel

from engine.core.game import ChanceNode, TerminalNode, sample_outcome
from engine.falling_skies.files import SCENARIOS
from engine.falling_skies.game import FallingSkiesGame
from engine.falling_skies.scenario import load_scenario
from engine.openspiel import falling_skies as _registers  # noqa: F401
from solver.search import Limits, solve
from solver.search_openspiel import expectiminimax_value

SETS: tuple[tuple[str, int, tuple[int, ...]], ...] = (
    ("one-die", 0, (1, 2, 3)),
    ("short-sky", 3, (1,)),
    ("near-skull", 3, (1,)),
    ("two-step-research", 3, (1,)),
)
"""(board, dice still to place — 0: the round's roll still to come —, horizons): the one-die
board is small enough for OpenSpiel to search three rounds from a round's start; the others
(three dice a round) one round from just after the roll."""


class TimeUp(Exception):
    """A side ran past its cap on one position."""


def _alarm(signum: int, frame: Any) -> None:
    raise TimeUp


def timed(cap: float, run: Any) -> tuple[Any, float]:
    """``run()``'s result and seconds; ``TimeUp`` after ``cap`` seconds."""
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, cap)
    began = time.perf_counter()
    try:
        return run(), time.perf_counter() - began
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def position(board: str, seed: int, unplaced: int) -> tuple[FallingSkiesGame, Any] | None:
    """A dice-phase state of ``board`` with ``unplaced`` dice still to place (0: the roll still
    to come), reached by seeded random play from the start (decisions and chance outcomes);
    ``None`` if the game ended or no such state came within 200 steps."""
    game = FallingSkiesGame(load_scenario(SCENARIOS / f"{board}.yaml"))
    rng = random.Random(seed)
    state = game.initial_state()
    skip = rng.randrange(0, 3)  # which such state of the line to take: round 1, 2 or 3
    for _ in range(200):
        node = game.node(state)
        if isinstance(node, TerminalNode):
            return None
        rolling = bool(state.pending) and state.pending[0][0] == "roll"
        ready = rolling if unplaced == 0 else not state.pending and len(state.rolled) == unplaced
        if state.phase == "dice" and ready:
            if skip == 0:
                return game, state
            skip -= 1
        pick = sample_outcome(node, rng) if isinstance(node, ChanceNode) else rng.choice(node.legal)
        state = game.apply(state, pick).state
    return None


@dataclass
class Row:
    """One board and horizon's figures."""

    board: str
    horizon: int
    compared: int = 0
    solver: float = 0.0
    unbounded: float = 0.0
    openspiel: float = 0.0
    unfinished: int = 0
    mismatches: int = 0

    def line(self) -> str:
        ratio = self.openspiel / self.solver if self.solver else float("nan")
        plain = self.openspiel / self.unbounded if self.unbounded else float("nan")
        return (
            f"| {self.board} | {self.horizon} | {self.compared} | {self.solver:.3f} s | "
            f"{self.unbounded:.2f} s | {self.openspiel:.2f} s | {ratio:.1f}x | {plain:.1f}x | "
            f"{self.compared - self.mismatches}/{self.compared} | {self.unfinished} |"
        )


def bench(seeds: int, horizons: set[int], cap: float) -> list[Row]:
    rows = []
    for board, unplaced, board_horizons in SETS:
        os_game = pyspiel.load_game("python_falling_skies", {"scenario": board})
        for horizon in (h for h in board_horizons if h in horizons):
            row = Row(board, horizon)
            for seed in range(seeds):
                found = position(board, seed, unplaced)
                if found is not None:
                    _compare(row, board, seed, found, os_game, horizon, cap)
            rows.append(row)
    return rows


def _compare(
    row: Row, board: str, seed: int, found: Any, os_game: Any, horizon: int, cap: float
) -> None:
    game, state = found
    last = state.round + horizon
    side, t_ours, ours = "solver", 0.0, None
    try:
        ours, t_ours = timed(
            cap,
            lambda: solve(
                game, state, Limits(rounds=horizon), alternatives=False, upper_bounds=False
            ),
        )
        side = "solver without the game's bound"
        plain, t_plain = timed(
            cap,
            lambda: solve(
                game,
                state,
                Limits(rounds=horizon),
                game_bound=False,
                alternatives=False,
                upper_bounds=False,
            ),
        )
        side = "OpenSpiel"
        theirs, t_theirs = timed(cap, lambda: expectiminimax_value(os_game, state, last))
    except TimeUp:
        row.unfinished += 1
        done = f" (solver: {t_ours:.3f} s, p={ours.probability})" if ours is not None else ""
        print(f"  {board} h{horizon} seed {seed}: {side} past the {cap:.0f} s cap{done}")
        return
    row.compared += 1
    row.solver += t_ours
    row.unbounded += t_plain
    row.openspiel += t_theirs
    if abs(float(ours.probability) - theirs) > 1e-9 or plain.probability != ours.probability:
        row.mismatches += 1
        print(f"  MISMATCH {board} seed {seed}: {ours.probability} vs {theirs}")
    print(
        f"  {board} h{horizon} seed {seed}: p={ours.probability} solver {t_ours:.3f} s "
        f"({ours.nodes} nodes, {ours.bounded} by the bound), without the bound {t_plain:.3f} s "
        f"({plain.nodes} nodes), OpenSpiel {t_theirs:.3f} s",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=4, help="positions per board")
    parser.add_argument("--horizons", default="1,2,3", help="horizons in rounds, comma-separated")
    parser.add_argument("--cap", type=float, default=300.0, help="seconds per position per side")
    args = parser.parse_args()
    horizons = {int(h) for h in args.horizons.split(",")}
    rows = bench(args.seeds, horizons, args.cap)
    print("| board | horizon | positions | solver | solver without the game's bound | "
          "OpenSpiel expectiminimax | ratio | ratio without the bound | equal values | "
          "past the cap |")  # fmt: skip
    print("|---|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        print(row.line())


if __name__ == "__main__":
    main()
