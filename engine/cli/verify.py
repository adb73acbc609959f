"""``rulings verify``: the rulebook scenarios and the independent geometry cross-checks.

The scenarios run in a pytest subprocess from the repository root; the cross-checks
(``solver.crosscheck``) re-encode range, line of sight and knockback in
NetworkX and Z3 and compare them with the engine on random maps (PRINCIPLES §6). OpenSpiel's own
conformance test (``pyspiel.random_sim_test``, with serialization) runs on both games' OpenSpiel
adapters (``engine.openspiel``) when the optional ``open-spiel`` package is installed.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from engine.cli.params import json_option

if TYPE_CHECKING:
    from solver.crosscheck import CrosscheckReport

ENGINE_DIR = Path(__file__).resolve().parent.parent
"""The ``engine`` package; the repository checkout is its parent."""
SCENARIOS = "tests/test_scenarios.py"
COUNT = re.compile(r"(\d+) (passed|failed|errors?|skipped|xfailed|xpassed)\b")
OPENSPIEL_GAMES = ("python_falling_skies", "python_unknown")
OPENSPIEL_SKIPPED = "skipped: open-spiel not installed (pip install -e '.[test]')"


@dataclass
class ScenarioRun:
    """What the scenario run reported."""

    exit_code: int
    passed: int = 0
    failed: int = 0
    errors: int = 0
    skipped: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.exit_code == 0 and self.passed > 0 and not (self.failed or self.errors)


@dataclass
class OpenSpielRun:
    """What ``pyspiel.random_sim_test`` said about each game: ``passed``, or the first line of
    its error; empty ``games`` when the test was skipped (``status`` says why)."""

    sims: int
    status: str = "passed"
    games: dict[str, str] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        """Failed only if a game failed: a skipped test does not fail verify."""
        return self.status != "failed"

    def line(self) -> str:
        if self.status != "passed" and not self.games:
            return f"openspiel random_sim_test: {self.status}"
        results = ", ".join(f"{game} {result}" for game, result in self.games.items())
        plural = "" if self.sims == 1 else "s"
        return (
            f"openspiel random_sim_test ({self.sims} sim{plural} per game, serialize): "
            f"{results} ({self.seconds:.1f} s)"
        )


@click.command(
    "verify",
    short_help="Run the rulebook scenarios and the geometry cross-checks.",
    epilog="""\b
Examples:
  rulings verify
  rulings verify --maps 200 --z3-maps 20 --seed 7
  rulings verify --json > verify.json
  rulings verify --openspiel-sims 10
  rulings verify --openspiel-sims 0
  rulings verify --validator-playouts 0
""",
)
@click.option(
    "--maps",
    default=2000,
    show_default=True,
    type=click.IntRange(min=0),
    metavar="N",
    help="Random maps the NetworkX re-encoding checks.",
)
@click.option(
    "--z3-maps",
    default=200,
    show_default=True,
    type=click.IntRange(min=0),
    metavar="N",
    help="Random maps the Z3 re-encoding checks.",
)
@click.option("--seed", default=0, show_default=True, type=int, help="Seed of the random maps.")
@click.option(
    "--openspiel-sims",
    default=2,
    show_default=True,
    type=click.IntRange(min=0),
    metavar="N",
    help="Random games pyspiel.random_sim_test plays per game (0: skip it).",
)
@click.option(
    "--validator-playouts",
    default=3,
    show_default=True,
    type=click.IntRange(min=0),
    metavar="N",
    help="Random playouts per setup for the playable / terminates validators (0: skip them).",
)
@json_option
@click.pass_context
def verify_command(
    ctx: click.Context,
    maps: int,
    z3_maps: int,
    seed: int,
    openspiel_sims: int,
    validator_playouts: int,
    as_json: bool,
) -> None:
    """Run every rulebook scenario (tests/test_scenarios.py, in a pytest subprocess), the
    geometry cross-checks, which compare the engine's range, line of sight and knockback
    answers with independent NetworkX and Z3 encodings of the rules on random maps, and
    OpenSpiel's conformance test (pyspiel.random_sim_test, with serialization) on both games'
    OpenSpiel adapters (skipped, not failed, without the open-spiel extra), and the validators:
    every Unknown mission x difficulty and the default Falling Skies board are playable (no dead
    end) and terminate (every playout ends), and a lucky search looks for a winning playout of
    the Falling Skies board (not finding one is reported, not failed).
    Progress goes to stderr, the summary to stdout. Exits 0 only if every scenario passed, no
    checker disagreed with the engine and random_sim_test found nothing, 1 otherwise. Needs a
    checkout of the repository.
    """
    root = repository_root()
    scenarios = run_scenarios(root)
    report = run_crosschecks(maps, z3_maps, seed)
    openspiel = run_openspiel(openspiel_sims)
    validations = run_validators(validator_playouts, seed)
    valid = all(v.playable and v.terminates for v in validations)
    ok = scenarios.ok and not report.disagreements and openspiel.ok and valid
    if as_json:
        data = _summary_data(scenarios, report, maps, z3_maps, seed, ok)
        data["openspiel"] = asdict(openspiel) | {"ok": openspiel.ok}
        data["validators"] = [_validation_data(v) for v in validations]
        click.echo(json.dumps(data))
    else:
        lines = _summary_lines(scenarios, report, ok, openspiel)
        lines[-1:-1] = _validator_lines(validations, validator_playouts)
        click.echo("\n".join(lines))
    ctx.exit(0 if ok else 1)


def run_validators(playouts: int, seed: int) -> list[Any]:
    """``solver.validators`` on every Unknown mission x difficulty (1 player; the win search
    is left out: from setup it does not find Unknown wins) and on the default Falling Skies
    board (with a lucky search for a win)."""
    if playouts == 0:
        return []
    from engine.unknown.setup import DIFFICULTIES, setup_data
    from solver.validators import validate_falling_skies, validate_unknown

    click.echo("rulings verify: validators (playable, terminates, winnable) ...", err=True)
    found = [
        validate_unknown(mission, difficulty, playouts=playouts, seed=seed, max_states=0)
        for mission in sorted(setup_data().missions)
        for difficulty in DIFFICULTIES
    ]
    found.append(validate_falling_skies(playouts=playouts, seed=seed, max_states=20_000))
    return found


def _validator_lines(validations: list[Any], playouts: int) -> list[str]:
    if playouts == 0:
        return ["validators: skipped (--validator-playouts 0)"]
    bad = [v for v in validations if not (v.playable and v.terminates)]
    lines = [
        f"validators: {len(validations) - len(bad)}/{len(validations)} setups playable and "
        f"terminating ({playouts} playouts each)"
    ]
    lines += [f"  {v.game} {v.line()}" for v in bad]
    lines += [f"  {v.game} {v.line()}" for v in validations if v.win is not None and v not in bad]
    return lines


def _validation_data(v: Any) -> dict[str, Any]:
    return {
        "game": v.game,
        "setup": v.setup,
        "playable": v.playable,
        "terminates": v.terminates,
        "winnable": v.winnable,
        "longest": v.longest,
        "problems": v.problems,
        "win_search_states": None if v.win is None else v.win.states,
    }


def repository_root() -> Path:
    """The checkout holding the ``engine`` package; a usage error if it has no ``features/``."""
    root = ENGINE_DIR.parent
    if not (root / "features").is_dir():
        raise click.UsageError(
            f"verify needs a checkout of the repository (no features/ folder next to the engine "
            f"package in {root})"
        )
    return root


def run_scenarios(root: Path) -> ScenarioRun:
    """Run the rulebook scenarios with pytest in a subprocess and count the outcomes."""
    click.echo(f"rulings verify: running the rulebook scenarios ({SCENARIOS}) ...", err=True)
    command = [sys.executable, "-m", "pytest", SCENARIOS, "-q", "-p", "no:cacheprovider"]
    done = subprocess.run(command, cwd=root, capture_output=True, text=True, check=False)
    return parse_pytest(done.returncode, done.stdout + done.stderr)


def parse_pytest(exit_code: int, output: str) -> ScenarioRun:
    """Counts from pytest's last summary line, and the lines naming failures."""
    run = ScenarioRun(exit_code)
    summaries = [line for line in output.splitlines() if COUNT.search(line) and " in " in line]
    for number, outcome in COUNT.findall(summaries[-1] if summaries else ""):
        key = "errors" if outcome.startswith("error") else outcome
        if hasattr(run, key):
            setattr(run, key, getattr(run, key) + int(number))
    run.problems = [
        line for line in output.splitlines() if line.startswith(("FAILED", "ERROR", "SKIPPED"))
    ]
    if exit_code != 0 and not run.problems:
        tail = [line for line in output.splitlines() if line.strip()][-1:]
        run.problems = [f"pytest exited with code {exit_code}: {' '.join(tail) or 'no output'}"]
    return run


def run_crosschecks(maps: int, z3_maps: int, seed: int) -> CrosscheckReport:
    """The NetworkX and Z3 cross-checks (imported here: Z3 is slow to load for other commands)."""
    from solver.crosscheck import run_crosschecks as crosscheck

    click.echo(f"rulings verify: cross-checking geometry (seed {seed}) ...", err=True)
    return crosscheck(maps, z3_maps, seed, _progress)


def run_openspiel(sims: int, games: tuple[str, ...] = OPENSPIEL_GAMES) -> OpenSpielRun:
    """``pyspiel.random_sim_test`` (``sims`` random games, serialization checked) on each game;
    skipped when ``sims`` is 0 or ``pyspiel`` cannot be imported."""
    run = OpenSpielRun(sims)
    if sims == 0:
        run.status = "skipped: --openspiel-sims 0"
        return run
    try:
        import pyspiel
    except ImportError:
        run.status = OPENSPIEL_SKIPPED
        return run
    import engine.openspiel.falling_skies
    import engine.openspiel.unknown  # noqa: F401 (registers the games)

    started = time.monotonic()
    for game in games:
        click.echo(
            f"rulings verify: OpenSpiel random_sim_test on {game} ({sims} sims) ...", err=True
        )
        run.games[game] = _random_sim_test(pyspiel, game, sims)
    run.seconds = round(time.monotonic() - started, 2)
    if any(result != "passed" for result in run.games.values()):
        run.status = "failed"
    return run


def _random_sim_test(pyspiel: Any, game: str, sims: int) -> str:
    """``passed``, or ``failed: `` and the first line of what OpenSpiel raised."""
    try:
        pyspiel.random_sim_test(
            pyspiel.load_game(game), num_sims=sims, serialize=True, verbose=False
        )
    except Exception as error:  # a SpielError or an engine error: reported, verify goes on
        first = (str(error).strip().splitlines() or [type(error).__name__])[0]
        return f"failed: {type(error).__name__}: {first}"
    return "passed"


def _progress(checker: str, done: int, total: int) -> None:
    """One stderr line every tenth of the run (at most every 100 maps) and at the end."""
    step = max(1, min(100, total // 10))
    if done == total or done % step == 0:
        click.echo(f"  {checker}: {done}/{total} maps", err=True)


def _summary_lines(
    scenarios: ScenarioRun,
    report: CrosscheckReport,
    ok: bool,
    openspiel: OpenSpielRun | None = None,
) -> list[str]:
    lines = [
        f"rulebook scenarios: {scenarios.passed} passed, {scenarios.failed} failed"
        + (f", {scenarios.errors} errors" if scenarios.errors else "")
        + (f", {scenarios.skipped} skipped" if scenarios.skipped else "")
    ]
    lines += [f"  {problem}" for problem in scenarios.problems]
    lines.append("geometry cross-checks:")
    lines += [f"  {line}" for line in report.summary().splitlines()]
    if openspiel is not None:
        lines.append(openspiel.line())
    lines.append("verify: all checks passed" if ok else "verify: FAILED")
    return lines


def _summary_data(
    scenarios: ScenarioRun, report: CrosscheckReport, maps: int, z3_maps: int, seed: int, ok: bool
) -> dict[str, Any]:
    crosschecks = {
        "networkx_maps": maps,
        "z3_maps": z3_maps,
        "seed": seed,
        "summary": report.summary(),
        "disagreements": [d.describe() for d in report.disagreements],
    }
    return {"ok": ok, "scenarios": asdict(scenarios), "crosschecks": crosschecks}
