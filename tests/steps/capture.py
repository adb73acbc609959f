"""A pytest plugin that records every Gherkin scenario for the verification report.

Two options, both off unless given:

``--rulings-capture DIR``
    After each scenario, write ``DIR/scenarios/<safe name>.json``: the scenario's feature, name,
    line, tags and steps (each with its table or doc string and how it ended: ``passed``,
    ``failed``, or ``skipped`` after a failure), its outcome and failure (the failing step, the
    message, the expected-versus-actual lines), the feature file's comments above and inside it
    (``notes``), its board drawn as SVG just before its first ``When`` step and when it ends
    (``null`` where the scenario has no board), the interpretation switches the engine read while
    it ran (``switches_read``, ledger IDs; ``readings_seen`` gives the readings each returned)
    and the clauses the engine cited (``cited``, ``tests/steps/cited.py``). A test that is not a
    scenario but carries clause markers (``@pytest.mark.clause("unknown.range", ...)``) gets a
    record of kind ``unit test``. ``DIR/run.json`` says which readings were forced and how the
    run ended. The report (``rulings verify``) reads these files; the differential run uses
    ``switches_read`` to re-run only the scenarios a switch can affect.

``--rulings-marked-only FILE`` (repeatable)
    Run only the tests of FILE that carry clause markers (the report's unit tests).

``--rulings-reading SWITCH=READING`` (repeatable)
    Every scenario world starts from this reading instead of the ledger's default (each
    registered game's ``GameSpec.ledger``; the switch's ledger says which game it belongs to). A scenario that sets the switch itself
    ("Given the reading ...", "Given the rules read ...") still gets its own reading. The worlds
    ask :func:`forced_readings` for their starting readings.

Switch reads are seen by wrapping ``Switches.__getattribute__`` for the session (only when
capturing): a read of a ruleset field from engine or step code is noted; the dataclass machinery
that touches every field (``__post_init__`` validation, ``dataclasses.replace``, ``__hash__``,
``__eq__``, ``__repr__``) is not a read of a reading and is left out.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import re
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from pytest_bdd.scenario import scenario_wrapper_template_registry

from engine.core import registry
from engine.core.registry import GameSpec
from engine.core.ruleset import Switches
from tests.steps.cited import CitedClauses

GAMES: dict[str, Callable[[], dict[str, dict]]] = {
    spec.name: spec.switches for spec in registry.games().values()
}
"""Each registered game's interpretation ledger, by the game name the capture files use."""

FORCED: dict[str, dict[str, str]] = {game: {} for game in GAMES}
"""The readings ``--rulings-reading`` forces, per game (empty without the option)."""


def forced_readings(game: str) -> dict[str, str]:
    """A fresh copy of the readings forced for the registered game ``game``, by ledger ID: the
    readings a scenario world starts from."""
    return dict(FORCED[game])


# --- options ---------------------------------------------------------------------------------


def pytest_addoption(parser: pytest.Parser) -> None:
    """The capture and forced-reading options."""
    group = parser.getgroup("rulings", "rulings verification report")
    group.addoption(
        "--rulings-capture",
        metavar="DIR",
        default=None,
        help="write each Gherkin scenario's record (steps, outcome, SVG boards before the first "
        "When and at the end, switches read) to DIR/scenarios/*.json",
    )
    group.addoption(
        "--rulings-reading",
        metavar="SWITCH=READING",
        action="append",
        default=[],
        help="start every scenario world from this interpretation reading (repeatable); a "
        "scenario that sets the switch itself keeps its own reading",
    )
    group.addoption(
        "--rulings-marked-only",
        metavar="FILE",
        action="append",
        default=[],
        help="run only the tests of FILE that carry clause markers (repeatable)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """``--rulings-marked-only``: deselect the tests of those files that carry no clause
    marker."""
    files = {Path(f).resolve() for f in config.getoption("--rulings-marked-only", default=[])}
    if not files:
        return
    keep, drop = [], []
    for item in items:
        unmarked = item.get_closest_marker("clause") is None
        (drop if unmarked and Path(item.path).resolve() in files else keep).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


def parse_forced(options: list[str]) -> dict[str, dict[str, str]]:
    """The ``--rulings-reading`` options checked against every game's ledger, per game (the
    games with a forced reading).

    Raises ``pytest.UsageError`` naming the option for a malformed option, a switch no ledger
    lists, a reading the switch's ledger does not list, or one switch forced two ways.
    """
    forced: dict[str, dict[str, str]] = {}
    for option in options:
        switch, sep, reading = option.partition("=")
        switch, reading = switch.strip(), reading.strip()
        if not sep or not switch or not reading:
            raise pytest.UsageError(f"--rulings-reading {option!r}: expected SWITCH=READING")
        game = next((g for g, ledger in GAMES.items() if switch in ledger()), None)
        if game is None:
            known = ", ".join(sorted(s for ledger in GAMES.values() for s in ledger()))
            raise pytest.UsageError(
                f"--rulings-reading {option}: no interpretation switch {switch!r} "
                f"(switches: {known})"
            )
        readings = GAMES[game]()[switch]["readings"]
        if reading not in readings:
            raise pytest.UsageError(
                f"--rulings-reading {option}: {game} switch {switch!r} has no reading "
                f"{reading!r} (readings: {', '.join(readings)})"
            )
        if forced.setdefault(game, {}).get(switch, reading) != reading:
            raise pytest.UsageError(
                f"--rulings-reading {option}: {switch!r} is already forced to "
                f"{forced[game][switch]!r}"
            )
        forced[game][switch] = reading
    return forced


def pytest_configure(config: pytest.Config) -> None:
    """Check the options, set the forced readings and, when capturing, start the recorder."""
    FORCED.update(parse_forced(config.getoption("--rulings-reading", default=[]) or []))
    target = config.getoption("--rulings-capture", default=None)
    if target is None:
        return
    capture = Capture(config, Path(target))
    capture.prepare()
    config.pluginmanager.register(capture, "rulings-capture")


def pytest_unconfigure(config: pytest.Config) -> None:
    """Put the default readings back (several pytest runs may share one process)."""
    for readings in FORCED.values():
        readings.clear()


# --- switch reads ----------------------------------------------------------------------------

NOT_A_READ = frozenset(
    {
        "__post_init__",
        "__hash__",
        "__eq__",
        "__repr__",
        "replace",
        "_asdict_inner",
        "_astuple_inner",
    }
)
"""Callers that touch every ruleset field as data (validation, copying, hashing, comparing,
printing), not because a rule asks how the switch reads."""


class SwitchReads:
    """The switches read (ledger ID -> readings returned) since the last :meth:`start`."""

    def __init__(self) -> None:
        self.seen: dict[str, set[str]] = {}
        self.on = False
        self._fields: dict[type, frozenset[str]] = {}
        self._saved: Any = None

    def start(self) -> None:
        self.seen = {}
        self.on = True

    def stop(self) -> dict[str, set[str]]:
        self.on = False
        return self.seen

    @contextmanager
    def paused(self) -> Iterator[None]:
        """No reads noted inside: the plugin's own drawing reads the rulesets too."""
        was, self.on = self.on, False
        try:
            yield
        finally:
            self.on = was

    def fields(self, cls: type) -> frozenset[str]:
        names = self._fields.get(cls)
        if names is None:
            names = frozenset(f.name for f in dataclasses.fields(cls))
            self._fields[cls] = names
        return names

    def install(self) -> None:
        """Wrap ``Switches.__getattribute__`` so each ruleset field read is noted while on."""
        self._saved = Switches.__dict__.get("__getattribute__")
        base = object.__getattribute__
        reads = self

        def noting_getattribute(ruleset: Switches, name: str) -> Any:
            value = base(ruleset, name)
            if (
                reads.on
                and name in reads.fields(type(ruleset))
                and sys._getframe(1).f_code.co_name not in NOT_A_READ
            ):
                reads.seen.setdefault(name.replace("_", "-"), set()).add(str(value))
            return value

        Switches.__getattribute__ = noting_getattribute  # type: ignore[method-assign]

    def uninstall(self) -> None:
        if self._saved is None:
            del Switches.__getattribute__
        else:
            Switches.__getattribute__ = self._saved  # type: ignore[method-assign]


# --- boards ----------------------------------------------------------------------------------


def _svg_module() -> Any:
    """The SVG writer the games' drawings share (``engine.core.svg``), if it is there."""
    try:
        import engine.core.svg as svg
    except ImportError:
        return None
    return svg


@dataclass
class Drawing:
    """One picture of a scenario's board, or why there is none."""

    svg: str | None = None
    error: str | None = None


def draw(request: pytest.FixtureRequest, title: str, spec: GameSpec | None) -> Drawing:
    """The board of the world the scenario used, drawn by its game (``spec``, the game whose
    features folder holds the scenario): its world fixture (``GameSpec.world_fixture``) opened
    by the game (``GameSpec.scenario_opened``) and drawn by it (``GameSpec.svg``); no game, no
    world or no board draws nothing.

    Only a fixture the scenario already requested is looked at (never a new world).
    """
    if spec is None:
        return Drawing()
    name = spec.world_fixture()
    if name not in request.fixturenames:
        return Drawing()
    try:
        opened = spec.scenario_opened(request.getfixturevalue(name))
    except Exception as error:  # noqa: BLE001 - a drawing never fails the scenario
        return Drawing(error=f"cannot read the {spec.name} board: {_why(error)}")
    if opened is None:
        return Drawing()
    try:
        return Drawing(svg=spec.svg(opened, title))
    except Exception as error:  # noqa: BLE001 - a drawing never fails the scenario
        return Drawing(error=_why(error))


def _why(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0]}" if text else type(error).__name__


# --- the record ------------------------------------------------------------------------------


def safe_name(nodeid: str) -> str:
    """A file name for a node id: the test name made filesystem-safe, plus a hash of the whole
    id so two ids that clean up alike stay apart."""
    test = nodeid.split("::", 1)[-1]
    cleaned = re.sub(r"[^A-Za-z0-9._-]+", "_", test).strip("._")[:120] or "scenario"
    digest = hashlib.sha1(nodeid.encode("utf-8")).hexdigest()[:10]
    return f"{cleaned}-{digest}"


def spec_of(feature_file: str | Path) -> GameSpec | None:
    """The registered game whose features folder (``GameSpec.features``) holds the feature
    file, or ``None``."""
    path = Path(feature_file).resolve()
    for spec in registry.games().values():
        if path.is_relative_to(spec.features.resolve()):
            return spec
    return None


def game_of(feature_file: str | Path) -> str | None:
    """The name of the game a scenario's feature file belongs to (:func:`spec_of`)."""
    spec = spec_of(feature_file)
    return None if spec is None else spec.name


def step_record(step: Any, status: str = "passed") -> dict[str, Any]:
    """A step as written (keyword, text, line, and its table or doc string if it has one) and
    how it ended."""
    found: dict[str, Any] = {
        "keyword": step.keyword.strip(),
        "text": step.name,
        "line": step.line_number,
        "status": status,
    }
    if step.datatable is not None:
        found["datatable"] = step.datatable.raw()
    if step.docstring is not None:
        found["docstring"] = step.docstring
    return found


@dataclass
class Record:
    """What is gathered about one scenario while it runs."""

    scenario: Any = None
    before: Drawing = field(default_factory=Drawing)
    after: Drawing = field(default_factory=Drawing)
    outcomes: list[str] = field(default_factory=list)
    reads: dict[str, set[str]] = field(default_factory=dict)
    when_seen: bool = False
    cited: set[str] = field(default_factory=set)
    failed_step: Any = None
    """The pytest-bdd step that failed, if one did."""
    error: BaseException | None = None
    """What the failing step raised."""
    crash: str = ""
    """pytest's account of a failure (the report's long representation)."""

    def outcome(self) -> str:
        if "failed" in self.outcomes:
            return "failed"
        if "skipped" in self.outcomes:
            return "skipped"
        return "passed"


def rendered_scenario(item: pytest.Item) -> Any:
    """The pytest-bdd scenario an item runs, rendered with its example row (None if the item is
    not a scenario). Used for scenarios that never start, such as skipped ones."""
    template = scenario_wrapper_template_registry.get(getattr(item, "obj", None))
    if template is None:
        return None
    callspec = getattr(item, "callspec", None)
    example = callspec.params.get("_pytest_bdd_example", {}) if callspec else {}
    return template.render(example)


class Capture:
    """The ``--rulings-capture`` plugin object: hooks that fill a :class:`Record` per scenario
    and write it when the scenario's test ends."""

    def __init__(self, config: pytest.Config, root: Path) -> None:
        self.config = config
        self.root = root
        self.folder = root / "scenarios"
        self.reads = SwitchReads()
        self.cited: CitedClauses | None = None
        self.record: Record | None = None

    def prepare(self) -> None:
        """Create the output folder (emptied of an earlier run's records) and start noting
        switch reads."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            if not hasattr(self.config, "workerinput"):
                for old in self.folder.glob("*.json"):
                    old.unlink()
        except OSError as error:
            raise pytest.UsageError(
                f"--rulings-capture {self.root}: cannot write there ({error.strerror or error})"
            ) from None
        self.cited = CitedClauses()

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item, nextitem: pytest.Item | None) -> Any:
        """One record per test: switch reads from setup to teardown, then the file."""
        self.record = Record()
        recorded = rendered_scenario(item) is not None or item.get_closest_marker("clause")
        if recorded:  # the noting costs time: only where a record is written
            self.reads.install()
            self.reads.start()
            if self.cited is not None:
                self.cited.start()
        try:
            return (yield)
        finally:
            if recorded:
                if self.cited is not None:
                    self.record.cited = self.cited.stop()
                self.record.reads = self.reads.stop()
                self.reads.uninstall()
            record, self.record = self.record, None
            self.write(item, record)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if self.record is not None:
            self.record.outcomes.append(report.outcome)
            if report.failed and not self.record.crash:
                self.record.crash = report.longreprtext

    def pytest_bdd_step_error(
        self, request: Any, feature: Any, scenario: Any, step: Any, step_func: Any,
        step_func_args: Any, exception: BaseException,
    ) -> None:  # fmt: skip
        """The step that failed and what it raised."""
        if self.record is not None and self.record.failed_step is None:
            self.record.failed_step, self.record.error = step, exception

    def pytest_bdd_step_func_lookup_error(
        self, request: Any, feature: Any, scenario: Any, step: Any, exception: BaseException
    ) -> None:
        """A step no step definition matches fails as written."""
        if self.record is not None and self.record.failed_step is None:
            self.record.failed_step, self.record.error = step, exception

    def pytest_bdd_before_scenario(self, request: pytest.FixtureRequest, scenario: Any) -> None:
        if self.record is not None:
            self.record.scenario = scenario

    def pytest_bdd_before_step(
        self, request: pytest.FixtureRequest, scenario: Any, step: Any
    ) -> None:
        """The "before" board: the world just before the first ``When`` step runs."""
        record = self.record
        if record is None or record.when_seen or step.type != "when":
            return
        record.when_seen = True
        with self.reads.paused(), self.drawing():
            spec = spec_of(scenario.feature.filename)
            record.before = draw(request, f"{scenario.name} (before)", spec)

    def pytest_bdd_after_scenario(self, request: pytest.FixtureRequest, scenario: Any) -> None:
        """The "after" board: the world when the scenario ends, passed or failed."""
        record = self.record
        if record is None:
            return
        with self.reads.paused(), self.drawing():
            spec = spec_of(scenario.feature.filename)
            record.after = draw(request, f"{scenario.name} (after)", spec)

    @contextmanager
    def drawing(self) -> Iterator[None]:
        """No clause citations noted while the plugin draws a board."""
        if self.cited is None:
            yield
            return
        with self.cited.paused():
            yield

    def write(self, item: pytest.Item, record: Record) -> None:
        """Write the record of a scenario item, or of a test with clause markers (other tests:
        no file)."""
        scenario = record.scenario or rendered_scenario(item)
        if scenario is not None:
            data = self.as_data(item, scenario, record)
        elif item.get_closest_marker("clause") is not None:
            data = self.unit_data(item, record)
        else:
            return
        target = self.folder / f"{safe_name(item.nodeid)}.json"
        write_json(target, data)

    def unit_data(self, item: pytest.Item, record: Record) -> dict[str, Any]:
        """The record of a unit test with clause markers: the clauses it names as its tags."""
        marked = [c for mark in item.iter_markers("clause") for c in mark.args]
        path, line, _ = item.location
        module = getattr(item, "module", None)
        about = ((getattr(module, "__doc__", None) or "").strip().splitlines() or [path])[0]
        data: dict[str, Any] = {
            "nodeid": item.nodeid,
            "feature": Path(path).as_posix(),
            "feature_name": about,
            "scenario": item.name,
            "line": (line or 0) + 1,
            "tags": sorted(f"clause:{c}" for c in set(marked)),
            "game": clause_game(marked),
            "outcome": record.outcome(),
            "steps": [],
            "kind": "unit test",
            "cited": sorted(record.cited),
            "switches_read": sorted(record.reads),
        }
        if record.outcome() == "failed":
            data["failure"] = failure_data(record, [])
        return data

    def as_data(self, item: pytest.Item, scenario: Any, record: Record) -> dict[str, Any]:
        feature = scenario.feature
        feature_path = _relative(feature.filename, self.config.rootpath)
        rule_tags = scenario.rule.tags if scenario.rule is not None else set()
        errors = [
            f"{when}: {drawing.error}"
            for when, drawing in (("before", record.before), ("after", record.after))
            if drawing.error
        ]
        data: dict[str, Any] = {
            "nodeid": item.nodeid,
            "feature": feature_path,
            "feature_name": feature.name,
            "scenario": scenario.name,
            "line": scenario.line_number,
            "tags": sorted(set(scenario.tags) | set(feature.tags) | set(rule_tags)),
            "game": game_of(feature.filename),
            "outcome": record.outcome(),
            "steps": [
                step_record(step, status) for step, status in step_statuses(scenario, record)
            ],
            "notes": feature_notes(feature.filename, scenario),
            "before_svg": record.before.svg,
            "after_svg": record.after.svg,
            "switches_read": sorted(record.reads),
            "readings_seen": {k: sorted(v) for k, v in sorted(record.reads.items())},
            "cited": sorted(record.cited),
        }
        if errors:
            data["svg_error"] = "; ".join(errors)
        if record.outcome() == "failed":
            data["failure"] = failure_data(record, list(scenario.steps))
        return data

    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        """``run.json``: the forced readings, how the run ended and how many records the
        folder holds (written by the main process, also under pytest-xdist)."""
        if hasattr(self.config, "workerinput"):
            return
        data = {
            "forced_readings": {game: dict(r) for game, r in FORCED.items() if r},
            "exitstatus": int(exitstatus),
            "scenarios_written": len(list(self.folder.glob("*.json"))),
            "svg_available": _svg_module() is not None,
        }
        write_json(self.root / "run.json", data)


def step_statuses(scenario: Any, record: Record) -> list[tuple[Any, str]]:
    """Each step with how it ended: ``passed`` up to the failing step, ``failed`` there,
    ``skipped`` after it (never run); every step ``skipped`` when the scenario was skipped or
    failed before its first step."""
    steps = list(scenario.steps)
    failed = record.failed_step
    if failed is None:
        status = "passed" if record.outcome() == "passed" else "skipped"
        return [(step, status) for step in steps]
    at = next((i for i, step in enumerate(steps) if step is failed), None)
    if at is None:
        at = next((i for i, s in enumerate(steps) if s.line_number == failed.line_number), 0)
    return [
        (step, "passed" if i < at else "failed" if i == at else "skipped")
        for i, step in enumerate(steps)
    ]


COMPARISON = re.compile(
    r"^(assert |where |\+|-|\?|At index|Full diff|Differing|Left contains|Right contains|Omitting|Use -v)"
)


def failure_data(record: Record, steps: list[Any]) -> dict[str, Any]:
    """The failure: which step (index), the first line of what it raised, pytest's whole
    account, and the expected-versus-actual lines where the failed assertion compared values."""
    error = record.error
    at = next((i for i, step in enumerate(steps) if step is record.failed_step), None)
    if error is not None:
        text = str(error).strip() or type(error).__name__
        name = type(error).__name__
    else:
        text = _crash_line(record.crash) or "the test failed outside its steps"
        name = ""
    lines = text.splitlines()
    message = f"{name}: {lines[0]}" if name and not lines[0].startswith(name) else lines[0]
    explanation = [line for line in lines[1:] if line.strip()]
    start = next((i for i, line in enumerate(explanation) if line.startswith("assert ")), None)
    if start is None and lines[0].startswith("assert "):
        start, explanation = 0, [lines[0].removeprefix("assert "), *explanation]
    diff = None
    if start is not None:
        compared = [line for line in explanation[start:] if COMPARISON.match(line.strip())]
        diff = "\n".join(explanation[start:]) if compared else None
    return {"step": at, "message": message, "detail": record.crash[-6000:], "diff": diff}


def _crash_line(longrepr: str) -> str:
    """The ``E   ...`` lines of pytest's account (what was raised), else its last line."""
    raised = [line[1:].strip() for line in longrepr.splitlines() if line.startswith("E ")]
    if raised:
        return "\n".join(raised)
    lines = [line for line in longrepr.splitlines() if line.strip()]
    return lines[-1] if lines else ""


def feature_notes(filename: str, scenario: Any) -> list[str]:
    """The comment blocks of the feature file just above the scenario (over its tags and blank
    lines, up to the previous scenario's last line) and inside it, each block one paragraph with
    the ``#`` marks taken off."""
    try:
        lines = Path(filename).read_text(encoding="utf-8").splitlines()
    except OSError:
        return []
    first = scenario.line_number - 1
    start = first
    while start > 0:
        text = lines[start - 1].strip()
        if text and not text.startswith(("#", "@")):
            break
        start -= 1
    steps = list(scenario.steps)
    end = max([first, *(step.line_number - 1 for step in steps)]) + 1
    blocks: list[list[str]] = [[]]
    for text in (line.strip() for line in lines[start:end]):
        if text.startswith("#") and not text.startswith("#language"):
            blocks[-1].append(text.lstrip("#").strip())
        elif blocks[-1]:
            blocks.append([])
    return [" ".join(block) for block in blocks if block]


def clause_game(clauses: list[str]) -> str | None:
    """The registered game whose clause index holds the first of ``clauses``."""
    from engine.report.clauses import index_of

    for clause_id in clauses:
        for name in registry.names():
            if clause_id in index_of(name).clauses:
                return name
    return None


def _relative(path: str, root: Path) -> str:
    try:
        return Path(path).resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return Path(path).as_posix()


def write_json(target: Path, data: dict[str, Any]) -> None:
    """Write ``data`` as UTF-8 JSON all at once: a temp file in the same folder, then rename."""
    text = json.dumps(data, ensure_ascii=False, indent=1)
    handle, temp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.stem}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
