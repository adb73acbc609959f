"""How fast the engines play and the solver searches, measured beside OpenSpiel in one run.

Run: ``python -m tests.benchmarks.engine_benchmark [--seconds 4] [--solve-seconds 20]
[--games NAME,...] [--no-solver] [--before REV] [--rounds 2] [--json]``.

What is measured, each in a fresh Python process (so one figure's caches do not help another):

* **random play**: decisions per second (chance draws included) of seeded random playouts
  through :func:`engine.core.playout.play_out`, on every setup a registered game lists in
  ``GameSpec.benchmark_setups`` (Under Falling Skies: both boards the readings' defaults
  give; Unknown: the quick start and every mission at normal difficulty; solo Pig);
* **the reference**: OpenSpiel's ``python_tic_tac_toe`` (pure Python) and C++ ``backgammon``
  driven through the same loop, by a node/apply adapter over ``pyspiel`` states (a child state
  per decision, as the engines' states are immutable; chance nodes cached per outcome list);
* **the solver**: states expanded per second by ``solver.search.solve`` with a time limit, on
  real positions (:data:`POSITIONS`).

Each figure is also given as a ratio to ``python_tic_tac_toe`` of the same run, and the targets
(:data:`TARGETS`) are checked on those ratios: absolute figures depend on the machine and its
load; ratios measured side by side much less.

``--before REV`` measures a second version of the engines (a commit, exported with ``git
archive``, or a folder holding a tree) on the same jobs, alternating the two versions job by
job for ``--rounds`` rounds, and prints after/before ratios (medians). Random play must play the
same games in both versions (the same number of decisions for each seed), or the script stops:
a change of behaviour is not a speed-up.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
POSITIONS = (
    ROOT / "tests" / "data" / "positions" / "falling_skies" / "dice-start.yaml",
    ROOT / "tests" / "data" / "positions" / "benchmark" / "unknown-scout-round-3.yaml",
    ROOT / "tests" / "data" / "positions" / "benchmark" / "unknown-hive-round-3.yaml",
)
"""Real positions the solver is timed on: Under Falling Skies before a round's roll, and two
Unknown games in round 3 reached by seeded random play."""
REFERENCE = "python_tic_tac_toe"
OPENSPIEL = (REFERENCE, "backgammon")
MAX_DECISIONS = 5000
"""A playout is cut after this many decisions (none of the setups comes near)."""

TARGETS: tuple[tuple[str, str, float], ...] = (
    ("play", "falling-skies", 2.5),
    ("play", "unknown:quick-start", 0.5),
    ("play", "unknown:hive", 0.5),
    ("solve", "dice-start", 0.104),
)
"""(kind, label prefix, least ratio to ``python_tic_tac_toe``). The solver's: ten times the
400 states/s measured on ``dice-start`` beside 38,400 tic-tac-toe decisions/s (0.0104)."""


# -- the worker: runs one job in this process ---------------------------------------------------
def play_job(job: dict[str, Any]) -> dict[str, Any]:
    """Seeded random playouts of one setup for about ``seconds``."""
    from random import Random

    from engine.core import registry
    from engine.core.playout import play_out

    spec = registry.game(job["game"])
    ruleset = spec.ruleset()
    options = dict(job["options"])
    played: list[int] = []
    busy = 0.0
    while busy < job["seconds"]:
        seed = len(played)
        new = spec.new_game(ruleset, seed, options)
        began = time.perf_counter()
        _, ending = play_out(new.game, new.state, Random(seed), max_decisions=MAX_DECISIONS)
        busy += time.perf_counter() - began
        played.append(ending.decisions)
    return {"count": sum(played), "seconds": busy, "played": played}


class SpielAdapter:
    """An OpenSpiel game behind the engines' node/apply interface, for the reference figures."""

    name = "openspiel"

    def __init__(self, game: Any) -> None:
        self.game = game
        self.chance: dict[tuple[tuple[int, float], ...], Any] = {}

    def node(self, state: Any) -> Any:
        from fractions import Fraction

        from engine.core.game import ChanceNode, PlayerNode, TerminalNode

        if state.is_terminal():
            return TerminalNode("win" if state.returns()[0] > 0 else "loss", "openspiel")
        if state.is_chance_node():
            outcomes = tuple(state.chance_outcomes())
            node = self.chance.get(outcomes)
            if node is None:
                exact = tuple((a, Fraction(p).limit_denominator(10_000)) for a, p in outcomes)
                node = self.chance[outcomes] = ChanceNode(exact, "chance", "openspiel")
            return node
        return PlayerNode(str(state.current_player()), tuple(state.legal_actions()), "", "")

    def apply(self, state: Any, action: int) -> Any:
        from engine.core.game import Step

        return Step(state.child(action))


def openspiel_job(job: dict[str, Any]) -> dict[str, Any]:
    """Seeded random games of an OpenSpiel game through ``play_out``, for about ``seconds``."""
    from random import Random

    import pyspiel
    from open_spiel.python import games as _python_games  # noqa: F401  (registers python_*)

    from engine.core.playout import play_out

    adapter = SpielAdapter(pyspiel.load_game(job["game"]))
    played: list[int] = []
    busy = 0.0
    while busy < job["seconds"]:
        began = time.perf_counter()
        state = adapter.game.new_initial_state()
        _, ending = play_out(adapter, state, Random(len(played)), max_decisions=MAX_DECISIONS)
        busy += time.perf_counter() - began
        played.append(ending.decisions)
    return {"count": sum(played), "seconds": busy, "played": []}


def solve_job(job: dict[str, Any]) -> dict[str, Any]:
    """The solver on one position file with a time limit: states expanded per second."""
    from engine.core import registry
    from solver.search import Limits, solve

    opened = registry.open_file(job["path"])
    began = time.perf_counter()
    solution = solve(opened.game, opened.state, Limits(timeout=job["seconds"]))
    seconds = time.perf_counter() - began
    return {
        "count": solution.nodes,
        "seconds": seconds,
        "played": [],
        "verdict": solution.verdict,
        "rounds": solution.rounds_proved,
    }


RUNNERS = {"play": play_job, "openspiel": openspiel_job, "solve": solve_job}


def worker(argv: list[str]) -> None:
    """``--worker TREE JOB``: run one job (JSON) with the engines of ``TREE``; print JSON."""
    tree, job = argv[0], json.loads(argv[1])
    sys.path.insert(0, tree)
    print(json.dumps(RUNNERS[job["kind"]](job)))


# -- the driver ---------------------------------------------------------------------------------
def jobs(selected: set[str] | None, seconds: float, solve_seconds: float, solver: bool) -> list:
    """Every job of the run: the OpenSpiel references, each game's setups, the positions."""
    from engine.core import registry

    found: list[dict[str, Any]] = [
        {"kind": "openspiel", "label": name, "game": name, "seconds": seconds} for name in OPENSPIEL
    ]
    for spec in registry.games().values():
        if selected and spec.name not in selected:
            continue
        for setup in spec.benchmark_setups:
            label = spec.name if not setup.name else f"{spec.name}:{setup.name}"
            found.append(
                {
                    "kind": "play",
                    "label": label,
                    "game": spec.name,
                    "options": dict(setup.options),
                    "seconds": seconds,
                }
            )
    if solver:
        for path in POSITIONS:
            spec, _ = registry.parse_file(path)
            if selected and spec.name not in selected:
                continue
            found.append(
                {"kind": "solve", "label": path.stem, "path": str(path), "seconds": solve_seconds}
            )
    return found


def run(tree: Path, job: dict[str, Any]) -> dict[str, Any]:
    """One job in a fresh interpreter that imports the engines from ``tree``."""
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": str(tree)}
    done = subprocess.run(
        [sys.executable, __file__, "--worker", str(tree), json.dumps(job)],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise SystemExit(f"engine_benchmark: job {job['label']} failed in {tree}: {last}")
    return json.loads(done.stdout.strip().splitlines()[-1])


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


def measure(trees: dict[str, Path], todo: list, rounds: int, say: Any) -> dict:
    """Every job on every tree, alternating the trees, ``rounds`` times: per tree and label,
    the rates of the rounds and the last result."""
    rates: dict[str, dict[str, list[float]]] = {name: {} for name in trees}
    last: dict[str, dict[str, Any]] = {name: {} for name in trees}
    for round_no in range(rounds):
        for number, job in enumerate(todo, 1):
            order = list(trees) if (round_no + number) % 2 == 0 else list(reversed(trees))
            for name in order:
                say(f"[round {round_no + 1}/{rounds}, {number}/{len(todo)}] {name}: {job['label']}")
                result = run(trees[name], job)
                rates[name].setdefault(job["label"], []).append(
                    result["count"] / result["seconds"] if result["seconds"] else 0.0
                )
                last[name][job["label"]] = result
        if len(trees) == 2:
            same_games(last, todo)
    return {"rates": rates, "last": last}


def same_games(last: dict[str, dict[str, Any]], todo: list) -> None:
    """Stop if the two versions played different games on a setup (over the seeds both got to)."""
    first, second = last.values()
    for job in todo:
        if job["kind"] != "play":
            continue
        a, b = first[job["label"]]["played"], second[job["label"]]["played"]
        common = min(len(a), len(b))
        if a[:common] != b[:common]:
            raise SystemExit(f"engine_benchmark: {job['label']}: the versions play different games")


def targets_met(rates: dict[str, list[float]]) -> list[tuple[str, float, float, bool]]:
    """Each target's label, ratio, least ratio and whether it is met."""
    reference = statistics.median(rates[REFERENCE])
    found = []
    for kind, prefix, least in TARGETS:
        for label, values in rates.items():
            if label.startswith(prefix) and label != REFERENCE:
                ratio = statistics.median(values) / reference
                found.append((f"{kind} {label}", ratio, least, ratio >= least))
    return found


def report(figures: dict, todo: list, before: bool) -> list[str]:
    """The table: per job, the rate, the ratio to tic-tac-toe, and after/before."""
    rates, last = figures["rates"], figures["last"]
    after = rates["after"]
    reference = statistics.median(after[REFERENCE])
    lines = [
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, load {os.getloadavg()[0]:.1f}",
        "",
        f"{'job':46} {'per second':>12} {'vs ttt':>8}" + (f" {'vs before':>10}" if before else ""),
    ]
    for job in todo:
        label = job["label"]
        rate = statistics.median(after[label])
        unit = {"solve": "states", "play": "decisions", "openspiel": "decisions"}[job["kind"]]
        row = f"{job['kind'] + ' ' + label:46} {rate:>12,.0f} {rate / reference:>7.2f}x"
        if before:
            old = statistics.median(rates["before"][label])
            row += f" {rate / old:>9.2f}x" if old else f" {'-':>10}"
        extra = last["after"][label]
        if job["kind"] == "solve":
            row += f"  ({extra['count']:,} {unit}, {extra['verdict']}, rounds {extra['rounds']})"
        lines.append(row)
    lines += ["", "targets (ratio to python_tic_tac_toe in this run):"]
    for label, ratio, least, met in targets_met(after):
        lines.append(f"  {'met    ' if met else 'MISSED '} {label:44} {ratio:6.3f}x (>= {least}x)")
    return lines


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--worker"]:
        worker(argv[1:])
        return 0
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0],
        epilog="example: python -m tests.benchmarks.engine_benchmark --seconds 3 --before HEAD~5",
    )
    parser.add_argument("--seconds", type=float, default=4.0, help="per random-play job")
    parser.add_argument("--solve-seconds", type=float, default=20.0, help="per position")
    parser.add_argument("--games", help="only these games (comma-separated registry names)")
    parser.add_argument("--no-solver", action="store_true", help="leave out the positions")
    parser.add_argument("--before", help="a commit or folder to compare with (after/before)")
    parser.add_argument("--rounds", type=int, default=1, help="rounds of every job (medians)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    selected = set(args.games.split(",")) if args.games else None
    if selected:
        from engine.core import registry

        unknown = selected - set(registry.names())
        if unknown:
            parser.error(
                f"--games: no game {', '.join(sorted(unknown))} "
                f"(registered: {', '.join(registry.names())})"
            )
    todo = jobs(selected, args.seconds, args.solve_seconds, not args.no_solver)

    def say(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    with tempfile.TemporaryDirectory() as scratch:
        trees = {"after": ROOT}
        if args.before:
            trees["before"] = export(args.before, Path(scratch) / "before")
        figures = measure(trees, todo, args.rounds, say)
    if args.json:
        print(json.dumps({"jobs": todo, **figures}, indent=2))
    else:
        print("\n".join(report(figures, todo, bool(args.before))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
