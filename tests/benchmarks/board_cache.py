"""Decisions per second of random Unknown playouts, two versions of the engine side by side.

Run: ``python -m tests.benchmarks.board_cache --before REV [--after REV] [--rounds 4]
[--games 30] [--decisions 400]``.

Each version is a tree of the repository: ``--before`` and ``--after`` name commits (exported
with ``git archive`` into a temporary folder) or folders holding a tree; without ``--after`` the
working tree is the second version. Every round runs both versions once, alternately, each in a fresh Python process
with its own tree first on the path: ``--games`` random playouts of the quick start (Scout,
3 survivors, seeds 1..N) through ``engine.core.playout.play_out``, each cut after
``--decisions`` decisions (chance draws included). The figure is decisions per second over the
round; the best and the median of the rounds are printed. Both versions must play the same
games (same decision count per seed), or the script stops: a change of behaviour is not a
speed-up. Figures vary with the machine and its load; compare the two columns of one run.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

WORKER = """
import json, sys, time
from random import Random
from engine.core.playout import play_out
from engine.unknown.game import UnknownGame
from engine.unknown.setup import quick_start_scout

games, cap = int(sys.argv[1]), int(sys.argv[2])
game = UnknownGame()
starts = [quick_start_scout(3, seed) for seed in range(1, games + 1)]
played = []
begin = time.perf_counter()
for seed, state in enumerate(starts, 1):
    _, ending = play_out(game, state, Random(seed), max_decisions=cap)
    played.append(ending.decisions)
seconds = time.perf_counter() - begin
print(json.dumps({"decisions": played, "seconds": seconds}))
"""


def export(rev: str, into: Path) -> Path:
    """The tree of commit ``rev`` written under ``into`` (``rev`` itself if it is a folder)."""
    if Path(rev).is_dir():
        return Path(rev).resolve()
    into.mkdir(parents=True)
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", rev], check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def run(tree: Path, games: int, decisions: int) -> dict:
    """One round of playouts in a fresh interpreter that imports ``engine`` from ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    out = subprocess.run(
        [sys.executable, "-c", WORKER, str(games), str(decisions)],
        cwd=tree,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(out.splitlines()[-1])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="commit of the first version")
    parser.add_argument("--after", help="commit of the second version (default: working tree)")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--decisions", type=int, default=400)
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as scratch:
        trees = {
            "before": export(args.before, Path(scratch) / "before"),
            "after": export(args.after, Path(scratch) / "after") if args.after else ROOT,
        }
        rates: dict[str, list[float]] = {name: [] for name in trees}
        played: dict[str, list[int]] = {}
        for round_ in range(args.rounds):
            order = list(trees) if round_ % 2 == 0 else list(reversed(trees))
            for name in order:
                result = run(trees[name], args.games, args.decisions)
                played.setdefault(name, result["decisions"])
                if result["decisions"] != played[name]:
                    raise SystemExit(f"{name}: the playouts differ between rounds")
                rates[name].append(sum(result["decisions"]) / result["seconds"])
        if played["before"] != played["after"]:
            raise SystemExit(
                f"the versions play different games: {played['before']} vs {played['after']}"
            )
    total = sum(played["after"])
    print(
        f"{args.games} quick-start playouts, {total} decisions per round, {args.rounds} rounds "
        "(alternating)"
    )
    for name, values in rates.items():
        runs = "  ".join(f"{v:7,.0f}" for v in values)
        print(
            f"{name:6}  best {max(values):7,.0f}  median {statistics.median(values):7,.0f} "
            f"decisions/s   rounds: {runs}"
        )
    ratio = statistics.median(rates["after"]) / statistics.median(rates["before"])
    print(f"after / before (medians): {ratio:.3f}")


if __name__ == "__main__":
    main()
