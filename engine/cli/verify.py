"""``rulings verify``: the verification report — scenarios, puzzles, properties and the
clause-marked unit tests, the differential run of the interpretation switches, the clause trace
(all in ``engine.report``) — and the independent checks, for every registered game or one, at
one of two levels (:data:`LEVELS`): the default, about a minute on two cores, and ``--deep``.

The test suites run in pytest subprocesses from the repository root. The other checks are what
each game's registry entry names (PRINCIPLES §9): its independent re-encodings of rules
(``GameSpec.crosschecks``: Unknown's range, line of sight and knockback in NetworkX and Z3 on
random maps, PRINCIPLES §6), OpenSpiel's own conformance test (``pyspiel.random_sim_test``, with
serialization) on its OpenSpiel adapter (``GameSpec.openspiel``), and the validators on its
set-ups (``GameSpec.validation_setups``). A check a game does not have is reported as not
applicable, with the reason; a check the level or an option leaves out is reported as skipped,
never as ok.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from engine.cli.params import FilePath, any_game_option, json_option
from engine.core import registry
from engine.core.textfiles import write_atomically
from engine.report.clauses import clause_rows
from engine.report.cucumber import cucumber_json
from engine.report.differential import run_differential, switch_reports
from engine.report.model import Check, Coverage, GameReport, Report
from engine.report.page import pages
from engine.report.records import RecordSet, read_records
from engine.report.run import SuitePlan, SuiteRun, run_suites
from engine.report.summary import summary_lines

if TYPE_CHECKING:
    from engine.core.registry import GameSpec

ENGINE_DIR = Path(__file__).resolve().parent.parent
"""The ``engine`` package; the repository checkout is its parent."""
DEEP_MUTANTS = 100
"""Mutants of each game ``--deep`` runs for the report's mutation section."""
REPORT_FILES = ("summary.md", "junit.xml", "cucumber.json", "coverage.json")
"""The report's files besides its HTML pages (``engine.report.page.pages``)."""
OPENSPIEL_MISSING = "failed: open-spiel cannot be imported ({why}); reinstall: pip install -e ."


@dataclass(frozen=True)
class Level:
    """How much one ``rulings verify`` runs. Every level runs every rulebook scenario, the
    puzzles, the clause-marked unit tests, each property suite, the cross-checks, OpenSpiel's
    conformance test and the validators' playouts; the levels differ in how much of each."""

    name: str
    profile: str
    """The Hypothesis profile of the property suites (``properties/profiles.py``)."""
    maps: int
    z3_maps: int
    differential: bool
    coverage: bool
    deep_tests: bool
    """Whether the tests marked ``deep`` run too."""
    win_search: bool
    """Whether the validators search each set-up for a winning playout."""

    def lines(self) -> list[str]:
        """What this level runs, and what it leaves out."""
        ran = [
            "every rulebook scenario, the puzzles and the clause-marked unit tests",
            f"the property suites at the {self.profile} profile",
            f"the geometry cross-checks on {self.maps:,} NetworkX and {self.z3_maps:,} Z3 maps",
            "OpenSpiel's random_sim_test and the validators' playouts",
        ]
        optional = {
            "the tests marked deep": self.deep_tests,
            "the differential run of the interpretation switches": self.differential,
            "code coverage": self.coverage,
            "the validators' win searches": self.win_search,
        }
        ran += [what for what, on in optional.items() if on]
        left = [what for what, on in optional.items() if not on]
        lines = [f"level {self.name}: " + "; ".join(ran)]
        if left:
            lines.append(
                "not run at this level (rulings verify --deep runs them): " + "; ".join(left)
            )
        return lines


LEVELS = {
    "default": Level("default", "quick", 200, 20, False, False, False, False),
    "deep": Level("deep", "deep", 2000, 200, True, True, True, True),
}
"""The levels: the default (about a minute on two cores) and ``--deep`` (everything, long)."""


@dataclass
class CrosscheckRun:
    """What the games' independent re-encodings found (``GameSpec.crosschecks``): each game's
    report, by game name, and why the others have none."""

    reports: dict[str, Any] = field(default_factory=dict)
    not_applicable: dict[str, str] = field(default_factory=dict)

    @property
    def disagreements(self) -> list[Any]:
        return [d for report in self.reports.values() for d in report.disagreements]

    @property
    def applicable(self) -> bool:
        return bool(self.reports)

    def line(self) -> str:
        parts = ["; ".join(report.summary().splitlines()) for report in self.reports.values()]
        parts += [
            f"not applicable to {registry.game(name).title}: {why}"
            for name, why in self.not_applicable.items()
        ]
        return "geometry cross-checks: " + "; ".join(parts)


@dataclass
class OpenSpielRun:
    """What ``pyspiel.random_sim_test`` said about each game: ``passed``, or the first line of
    its error; empty ``games`` when the test was skipped (``status`` says why)."""

    sims: int
    status: str = "passed"
    games: dict[str, str] = field(default_factory=dict)
    seconds: float = 0.0
    not_applicable: dict[str, str] = field(default_factory=dict)
    """The selected games without an OpenSpiel adapter, and why."""

    @property
    def ok(self) -> bool:
        """Failed if a game failed or OpenSpiel could not be imported; a test left out
        (``--openspiel-sims 0``) does not fail verify."""
        return not self.status.startswith("failed")

    @property
    def applicable(self) -> bool:
        return not self.status.startswith("not applicable")

    def line(self) -> str:
        if self.status != "passed" and not self.games:
            return f"openspiel random_sim_test: {self.status}"
        missing = "".join(
            f"; not applicable to {registry.game(name).title}: {why}"
            for name, why in self.not_applicable.items()
        )
        results = ", ".join(f"{game} {result}" for game, result in self.games.items())
        plural = "" if self.sims == 1 else "s"
        return (
            f"openspiel random_sim_test ({self.sims} sim{plural} per game, serialize): "
            f"{results} ({self.seconds:.1f} s){missing}"
        )


@click.command(
    "verify",
    short_help="Verify the games against their rulebooks and write the report (reports/).",
    epilog="""\b
Examples:
  rulings verify
  rulings verify --deep
  rulings verify --game falling-skies --out /tmp/report
  rulings verify --differential --maps 2000
  rulings verify --select "knockback" --openspiel-sims 0 --validator-playouts 0
  rulings verify --json > verify.json
""",
)
@click.option(
    "--deep",
    is_flag=True,
    help="Run everything: the property suites at the deep profile, the tests marked deep, "
    "code coverage, the differential run, 2,000 NetworkX and 200 Z3 maps, the validators' win "
    "searches, 100 mutants of each game (tens of minutes). Without it: every scenario, the puzzles, the unit tests with "
    "clause markers, the property suites at the quick profile and a sample of the other checks "
    "(about a minute).",
)
@any_game_option(
    "Which registered game the report, the differential run and the checks cover.", "game"
)
@click.option(
    "--out",
    default="reports",
    show_default=True,
    type=FilePath(file_okay=False),
    help="Folder for index.html, summary.md, junit.xml, cucumber.json, coverage.json.",
)
@click.option(
    "--differential/--no-differential",
    default=None,
    help="Rerun the scenarios under every alternative interpretation reading [default: at "
    "--deep only].",
)
@click.option(
    "--coverage/--no-coverage",
    default=None,
    help="Measure code coverage of the run (pytest-cov) [default: at --deep only].",
)
@click.option(
    "--select",
    metavar="EXPR",
    default=None,
    help="Only the scenarios pytest -k EXPR selects; the property suites and puzzles are left out.",
)
@click.option(
    "--maps",
    default=None,
    type=click.IntRange(min=0),
    metavar="N",
    help="Random maps the NetworkX re-encoding checks [default: 200; 2,000 at --deep].",
)
@click.option(
    "--z3-maps",
    default=None,
    type=click.IntRange(min=0),
    metavar="N",
    help="Random maps the Z3 re-encoding checks [default: 20; 200 at --deep].",
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
@click.option(
    "--bot",
    metavar="NAME",
    help="Also let this player (a game's own, e.g. expert, or random) play --bot-games seeded "
    "games of each validator set-up: a win shows the set-up winnable, with its replay.",
)
@click.option(
    "--bot-games",
    default=10,
    show_default=True,
    type=click.IntRange(min=1),
    metavar="N",
    help="Games per set-up for --bot.",
)
@click.option(
    "--mutants",
    default=None,
    type=click.IntRange(min=0),
    metavar="N",
    help="Also run N mutants of each game (rulings mutate --limit N) for the report's section "
    "on how tightly the examples pin the rules [default: 0; 100 at --deep]; with 0 that section "
    "shows OUT/mutation.json, the results rulings mutate last wrote there, if any.",
)
@json_option
@click.pass_context
def verify_command(
    ctx: click.Context,
    deep: bool,
    game: str,
    out: str,
    differential: bool | None,
    coverage: bool | None,
    select: str | None,
    maps: int | None,
    z3_maps: int | None,
    seed: int,
    openspiel_sims: int,
    validator_playouts: int,
    bot: str | None,
    bot_games: int,
    mutants: int | None,
    as_json: bool,
) -> None:
    """Verify the registered games (or GAME) against their rulebooks, run every independent
    check, and write the verification report with its summary.

    Runs, with progress on stderr, on both cores: every rulebook scenario (features/, with
    each board drawn before and after and the clauses the engine cited), the puzzle set, the
    unit tests with clause markers and the property suites (quick profile; deep with --deep)
    in one pytest run; with --deep also the tests marked deep, code coverage and the
    differential run (each scenario that reads an interpretation switch, rerun under every
    alternative reading); then, for each game, the checks its registry entry names:
    independent re-encodings (Unknown: range, line of sight and knockback against NetworkX and
    Z3 on random maps), OpenSpiel's conformance test on its adapter, the validators on its
    set-ups (Unknown: every mission x difficulty; Under Falling Skies: the default board; a
    game naming none: its default set-up) playable and terminating, with a search for a
    winning playout where the game names one (--deep). The first lines say what the level
    runs and what it leaves out. A check a game lacks is reported as not applicable, one left
    out as skipped.

    Writes OUT/index.html (failures first, then the summary; pages per game and rulebook
    section: rule coverage per clause, interpretations, every scenario with its boards),
    OUT/summary.md, OUT/junit.xml, OUT/cucumber.json and, when measured, OUT/coverage.json,
    and prints the summary. Exits 0 only if every scenario, test and puzzle passed, no checker
    disagreed with the engine and the validators found nothing wrong; 1 otherwise. Needs a
    checkout of the repository.
    """
    root = repository_root()
    target = Path(out)
    specs = tuple(registry.iter_games(game))
    if bot is not None and not any(_player(spec, bot) for spec in specs):
        have = sorted({"random", *(name for spec in specs for name in spec.players)})
        raise click.BadParameter(
            f"no game checked has a player {bot!r} (choose from {', '.join(have)})",
            param_hint="--bot",
        )
    level = _level(deep, differential, coverage, maps, z3_maps)
    for line in level.lines():
        click.echo(f"rulings verify: {line}", err=True)
    began = time.monotonic()
    work = _work_folder(target)
    try:
        report = _verify(root, work, target, specs, level, select)
        crosscheck = run_crosschecks(level.maps, level.z3_maps, seed, specs)
        openspiel = run_openspiel(openspiel_sims, specs=specs)
        validations = run_validators(
            validator_playouts, seed, game, bot, bot_games, level.win_search
        )
        report.checks += _other_checks(
            crosscheck, openspiel, validations, validator_playouts, level.maps + level.z3_maps
        )
        report.level = level.lines()
        limit = mutants if mutants is not None else DEEP_MUTANTS if deep else 0
        report.mutation = _mutation(specs, limit, seed, target)
        report.seconds = time.monotonic() - began
        _write_report(report, work, target)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if as_json:
        data = _report_data(report)
        data["level"] = asdict(level)
        data["crosschecks"] = _crosscheck_data(crosscheck, level.maps, level.z3_maps, seed)
        data["openspiel"] = asdict(openspiel) | {"ok": openspiel.ok}
        data["validators"] = [_validation_data(v) for v in validations]
        click.echo(json.dumps(data))
    else:
        click.echo("\n".join(summary_lines(report)))
    ctx.exit(0 if report.ok else 1)


def _level(
    deep: bool,
    differential: bool | None,
    coverage: bool | None,
    maps: int | None,
    z3_maps: int | None,
) -> Level:
    """The level asked for, with the options given on top of it."""
    level = LEVELS["deep" if deep else "default"]
    given = {
        "differential": differential,
        "coverage": coverage,
        "maps": maps,
        "z3_maps": z3_maps,
    }
    return replace(level, **{k: v for k, v in given.items() if v is not None})


def _work_folder(target: Path) -> Path:
    """A fresh folder beside the report folder (the same file system, so the finished files
    are moved in whole); an unusable OUT is one usage error."""
    try:
        target.mkdir(parents=True, exist_ok=True)
        return Path(tempfile.mkdtemp(prefix=".verify-", dir=target))
    except OSError as problem:
        raise click.UsageError(f"--out {target}: {problem.strerror or problem}") from None


def _verify(
    root: Path,
    work: Path,
    target: Path,
    specs: tuple[GameSpec, ...],
    level: Level,
    select: str | None,
) -> Report:
    """The pytest run, its records, the clause trace and the differential run."""
    suites = ["scenarios"] if select else ["scenarios", "puzzles", "properties", "unit tests"]
    if level.deep_tests and not select:
        suites.append("deep tests")
    measured = " under coverage" if level.coverage else ""
    click.echo(f"rulings verify: running {', '.join(suites)}{measured} (pytest) ...", err=True)
    packages = tuple(spec.package for spec in specs)
    plan = SuitePlan(tuple(suites), select, packages, level.profile, level.coverage)
    run = run_suites(root, work, plan)
    records = read_records(work / "capture")
    write_cucumber(records, work / "cucumber.json")
    differential = level.differential
    reports = []
    for spec in specs:
        name = spec.name
        scenarios = records.of_game(name)
        switches = switch_reports(name, spec.switches(), scenarios)
        if differential:
            click.echo(f"rulings verify: differential run ({name}) ...", err=True)
            run_differential(root, switches, progress=_differential_progress)
        reports.append(
            GameReport(name, scenarios, clause_rows(name, scenarios), switches, differential)
        )
    checks = _suite_checks(run, records, tuple(suites))
    coverage = (
        Coverage.read(work / "coverage.json", packages)
        if level.coverage
        else Coverage(
            None, problem="not measured at this level (rulings verify --deep, or --coverage)"
        )
    )
    return Report(reports, coverage, checks, 0.0, target)


def write_cucumber(records: RecordSet, target: Path) -> None:
    """``cucumber.json`` from the records (``engine.report.cucumber``)."""
    target.write_text(json.dumps(cucumber_json(records.scenarios), indent=1), encoding="utf-8")


def _suite_checks(run: SuiteRun, records: RecordSet, suites: tuple[str, ...]) -> list[Check]:
    """One check per suite (from the JUnit XML), and one for the run itself."""
    checks = []
    for name in suites:
        counts = run.suites[name]
        line = f"{name}: {counts.passed} passed, {counts.failed} failed, {counts.skipped} skipped"
        line += "".join(f"; FAILED {f}" for f in counts.failures[:20])
        line += "".join(f"; skipped {s}" for s in counts.skips[:5])
        if name == "unit tests" and counts.total == 0:
            line = "unit tests: none carries a clause marker"
            checks.append(Check(name, True, line, applicable=False))
            continue
        checks.append(Check(name, counts.failed == 0 and counts.passed > 0, line))
    if run.exit_code not in (0, 1) or records.problems:
        problems = "; ".join(records.problems[:5]) or run.output_tail
        checks.append(Check("pytest", False, f"pytest exited {run.exit_code}: {problems}"))
    return checks


def _other_checks(
    crosscheck: CrosscheckRun,
    openspiel: OpenSpielRun,
    validations: list[Any],
    playouts: int,
    maps: int,
) -> list[Check]:
    valid = all(v.playable and v.terminates for v in validations)
    no_maps = crosscheck.applicable and maps == 0
    return [
        Check(
            "geometry", not crosscheck.disagreements, crosscheck.line(), crosscheck.applicable,
            skipped=no_maps,
        ),
        Check(
            "openspiel", openspiel.ok, openspiel.line(), openspiel.applicable,
            skipped=openspiel.status.startswith("skipped"),
        ),
        Check(
            "validators", valid, "; ".join(_validator_lines(validations, playouts)),
            skipped=playouts == 0,
        ),
    ]  # fmt: skip


def _write_report(report: Report, work: Path, target: Path) -> None:
    """Write the pages and the summary into the work folder, then move every finished file
    into the report folder (each replaced whole)."""
    written = pages(report)
    for name, html in written.items():
        (work / name).parent.mkdir(parents=True, exist_ok=True)
        (work / name).write_text(html, encoding="utf-8")
    (work / "summary.md").write_text("\n".join(summary_lines(report)) + "\n", encoding="utf-8")
    for name in (*written, *REPORT_FILES):
        if (work / name).exists():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            os.replace(work / name, target / name)


def _mutation(specs: tuple[Any, ...], limit: int, seed: int, target: Path) -> dict[str, Any] | None:
    """The mutation analysis the report shows: ``limit`` mutants of each game run now (and
    written to OUT/mutation.json), or with 0 the file a ``rulings mutate`` run left there."""
    saved = target / "mutation.json"
    if limit == 0:
        try:
            return json.loads(saved.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
    from properties.mutation import answer_data, document, mutants, run_mutants, sample

    answers = []
    for spec in specs:
        chosen = sample(mutants(spec.name), limit, seed)
        click.echo(f"rulings verify: {len(chosen)} mutants of {spec.name} ...", err=True)
        answers.append(answer_data(run_mutants(spec.name, chosen, os.cpu_count() or 1)))
    found = document(answers, seed, limit)
    target.mkdir(parents=True, exist_ok=True)
    write_atomically(saved, json.dumps(found, indent=1) + "\n")
    return found


def _differential_progress(done: int, total: int, what: str) -> None:
    click.echo(f"  differential: {done}/{total} readings ({what})", err=True)


def _report_data(report: Report) -> dict[str, Any]:
    games = {}
    for game in report.games:
        games[game.game] = {
            "scenarios": {"passed": game.passed, "total": len(game.gherkin_scenarios)},
            "clauses": game.counts,
            "switches": {
                "decided": game.decided if game.differential_run else None,
                "undecided": len(game.switches) - game.decided if game.differential_run else None,
                "total": len(game.switches),
            },
        }
    return {
        "ok": report.ok,
        "games": games,
        "coverage": report.coverage.percent,
        "coverage_packages": report.coverage.packages,
        "checks": [asdict(c) for c in report.checks],
        "report": str(report.out / "index.html"),
    }


def run_validators(
    playouts: int,
    seed: int,
    game: str = "all",
    bot: str | None = None,
    games: int = 0,
    win_search: bool = True,
) -> list[Any]:
    """``solver.validators`` on the set-ups each selected game names
    (``GameSpec.validation_setups``): for Unknown every mission x difficulty (1 player; a lucky
    search of 2,000 states for a winning playout, which from setup finds none today), for Under
    Falling Skies the default board (a lucky search of up to 300,000 states, which finds one);
    the win searches only when ``win_search``; with ``bot``, that player's ``games`` seeded
    games of each set-up (a game without that player is left out of them)."""
    if playouts == 0:
        return []
    from solver.validators import validate

    what = "playable, terminates, winnable" if win_search else "playable, terminates"
    click.echo(f"rulings verify: validators ({what}) ...", err=True)
    return [
        validate(
            spec, setup if win_search else replace(setup, max_states=0), playouts, seed,
            player=_player(spec, bot), games=games,
        )
        for spec in registry.iter_games(game)
        for setup in spec.validation_setups()
    ]  # fmt: skip


def _player(spec: GameSpec, bot: str | None) -> str | None:
    """``--bot`` for a game that has that player (uniform random every game has), else None."""
    if bot is None or (bot != "random" and bot not in spec.players):
        return None
    return bot


def _validator_lines(validations: list[Any], playouts: int) -> list[str]:
    if playouts == 0:
        return ["validators: skipped (--validator-playouts 0)"]
    bad = [v for v in validations if not (v.playable and v.terminates)]
    lines = [
        f"validators: {len(validations) - len(bad)}/{len(validations)} setups playable and "
        f"terminating ({playouts} playouts each)"
    ]
    lines += [f"  {v.game} {v.line()}" for v in bad]
    searched = [v for v in validations if v.win is not None]
    won = [v for v in searched if v.win.found]
    lines += [f"  winning playout found: {v.game} {v.setup}: {v.win.text()}" for v in won]
    played = [v for v in validations if v.played is not None]
    lines += [f"  {v.game} {v.setup}: {v.played.text()}" for v in played]
    missed = [v for v in searched if not v.win.found and not v.winnable]
    for game in sorted({v.game for v in missed}):
        mine = [v for v in missed if v.game == game]
        budget = max(v.win.states for v in mine)
        lines.append(
            f"  no winning playout found (undecided, not unwinnable) for {len(mine)} {game} "
            f"setup(s) within {budget:,} states each (--json lists them)"
        )
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
        "player": None if v.played is None else asdict(v.played),
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


def run_crosschecks(
    maps: int, z3_maps: int, seed: int, specs: tuple[GameSpec, ...] | None = None
) -> CrosscheckRun:
    """Each game's independent re-encodings (``GameSpec.crosschecks``, loaded here: Z3 is slow
    to load for other commands); a game naming none is not applicable."""
    run = CrosscheckRun()
    for spec in registry.games().values() if specs is None else specs:
        if not spec.crosschecks:
            run.not_applicable[spec.name] = "it names no independent re-encoding of its rules"
            continue
        crosscheck = registry.load_reference(spec.crosschecks)
        click.echo(f"rulings verify: cross-checking {spec.title} (seed {seed}) ...", err=True)
        run.reports[spec.name] = crosscheck(maps, z3_maps, seed, _progress)
    return run


def openspiel_games(specs: tuple[GameSpec, ...] | None = None) -> tuple[str, ...]:
    """The OpenSpiel short names of the games' adapters (``GameSpec.openspiel``); empty when
    ``pyspiel`` cannot be imported (the adapters need it)."""
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return ()
    chosen = registry.games().values() if specs is None else specs
    return tuple(
        adapter_name(registry.load_reference(spec.openspiel)) for spec in chosen if spec.openspiel
    )


def adapter_name(adapter: type) -> str:
    """The short name an OpenSpiel adapter game class is registered under (importing its module
    registered it)."""
    name = getattr(adapter, "short_name", None)
    return name if isinstance(name, str) else adapter().get_type().short_name


def run_openspiel(
    sims: int, games: tuple[str, ...] | None = None, specs: tuple[GameSpec, ...] | None = None
) -> OpenSpielRun:
    """``pyspiel.random_sim_test`` (``sims`` random games, serialization checked) on each game
    (OpenSpiel game strings; ``None``: the adapters of ``specs``, of every registered game when
    ``None``); skipped when ``sims`` is 0 or ``pyspiel`` cannot be imported; not applicable to a
    game without an adapter."""
    run = OpenSpielRun(sims)
    chosen = tuple(registry.games().values()) if specs is None else specs
    run.not_applicable = {s.name: "it has no OpenSpiel adapter" for s in chosen if not s.openspiel}
    if sims == 0:
        run.status = "skipped: --openspiel-sims 0"
        return run
    try:
        import pyspiel
    except ImportError as problem:
        run.status = OPENSPIEL_MISSING.format(why=problem)
        return run
    games = openspiel_games(chosen) if games is None else games
    if not games:
        run.status = "not applicable: " + "; ".join(
            f"{registry.game(name).title}: {why}" for name, why in run.not_applicable.items()
        )
        return run

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


def _crosscheck_data(run: CrosscheckRun, maps: int, z3_maps: int, seed: int) -> dict:
    return {
        "networkx_maps": maps,
        "z3_maps": z3_maps,
        "seed": seed,
        "summary": "\n".join(report.summary() for report in run.reports.values()),
        "disagreements": [d.describe() for d in run.disagreements],
        "games": {name: "checked" for name in run.reports}
        | {name: f"not applicable: {why}" for name, why in run.not_applicable.items()},
    }


def _progress(checker: str, done: int, total: int) -> None:
    """One stderr line every tenth of the run (at most every 100 maps) and at the end."""
    step = max(1, min(100, total // 10))
    if done == total or done % step == 0:
        click.echo(f"  {checker}: {done}/{total} maps", err=True)
