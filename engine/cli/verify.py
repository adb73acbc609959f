"""``rulings verify``: the rulebook scenarios and the independent geometry cross-checks.

The scenarios run in a pytest subprocess from the repository root; the cross-checks
(``solver.crosscheck``) re-encode range, line of sight and knockback in
NetworkX and Z3 and compare them with the engine on random maps (PRINCIPLES §6).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from solver.crosscheck import CrosscheckReport

ENGINE_DIR = Path(__file__).resolve().parent.parent
"""The ``engine`` package; the repository checkout is its parent."""
SCENARIOS = "tests/test_scenarios.py"
COUNT = re.compile(r"(\d+) (passed|failed|errors?|skipped|xfailed|xpassed)\b")


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


@click.command(
    "verify",
    short_help="Run the rulebook scenarios and the geometry cross-checks.",
    epilog="""\b
Examples:
  rulings verify
  rulings verify --maps 200 --z3-maps 20 --seed 7
  rulings verify --json > verify.json
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
@click.option("--json", "as_json", is_flag=True, help="Print the summary as one JSON object.")
@click.pass_context
def verify_command(ctx: click.Context, maps: int, z3_maps: int, seed: int, as_json: bool) -> None:
    """Run every rulebook scenario (tests/test_scenarios.py, in a pytest subprocess) and the
    geometry cross-checks, which compare the engine's range, line of sight and knockback
    answers with independent NetworkX and Z3 encodings of the rules on random maps. Progress goes
    to stderr, the summary to stdout. Exits 0 only if every scenario passed and no checker
    disagreed with the engine, 1 otherwise. Needs a checkout of the repository.
    """
    root = repository_root()
    scenarios = run_scenarios(root)
    report = run_crosschecks(maps, z3_maps, seed)
    ok = scenarios.ok and not report.disagreements
    if as_json:
        click.echo(json.dumps(_summary_data(scenarios, report, maps, z3_maps, seed, ok)))
    else:
        click.echo("\n".join(_summary_lines(scenarios, report, ok)))
    ctx.exit(0 if ok else 1)


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


def _progress(checker: str, done: int, total: int) -> None:
    """One stderr line every tenth of the run (at most every 100 maps) and at the end."""
    step = max(1, min(100, total // 10))
    if done == total or done % step == 0:
        click.echo(f"  {checker}: {done}/{total} maps", err=True)


def _summary_lines(scenarios: ScenarioRun, report: CrosscheckReport, ok: bool) -> list[str]:
    lines = [
        f"rulebook scenarios: {scenarios.passed} passed, {scenarios.failed} failed"
        + (f", {scenarios.errors} errors" if scenarios.errors else "")
        + (f", {scenarios.skipped} skipped" if scenarios.skipped else "")
    ]
    lines += [f"  {problem}" for problem in scenarios.problems]
    lines.append("geometry cross-checks:")
    lines += [f"  {line}" for line in report.summary().splitlines()]
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
