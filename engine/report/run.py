"""The test run behind the report: the rulebook scenarios of every registered game, the puzzle
set, the property suites (at the level's Hypothesis profile), the unit tests with clause markers
and, at the deep level, the tests marked ``deep``, in pytest subprocesses on every core
(pytest-xdist; pytest is never imported here), optionally under coverage (pytest-cov), writing
JUnit XML and one record a scenario or clause-marked unit test (``--rulings-capture``,
``tests/steps/capture.py``)."""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

SUITES = {
    "scenarios": ("tests/test_scenarios.py",),
    "puzzles": ("tests/test_puzzles.py",),
    "properties": ("properties",),
    "unit tests": (),
    "deep tests": ("tests", "properties"),
}
"""What the run holds, by the name the summary gives it, and the paths pytest is given (the unit
tests: the test files holding clause markers, :func:`marked_files`; the deep tests: every test
marked ``deep``)."""
UNIT_TESTS = "tests"
CLAUSE_MARK = "mark.clause("
"""How a test file carrying clause markers is recognised."""


@dataclass(frozen=True)
class SuitePlan:
    """What one run holds and how it runs."""

    suites: tuple[str, ...] = ("scenarios", "puzzles", "properties", "unit tests")
    select: str | None = None
    """pytest's ``-k`` expression for the scenarios (the run then holds the scenarios alone)."""
    packages: tuple[str, ...] = ()
    """The games' own packages, measured besides ``engine`` (:func:`coverage_sources`)."""
    profile: str = "quick"
    """The Hypothesis profile of the property suites (``properties/profiles.py``)."""
    coverage: bool = False
    workers: int = 2


@dataclass
class SuiteCounts:
    """Outcomes of one suite in the JUnit XML."""

    passed: int = 0
    failed: int = 0
    skipped: int = 0
    failures: list[str] = field(default_factory=list)
    skips: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return self.passed + self.failed + self.skipped


@dataclass
class SuiteRun:
    """What the pytest subprocesses did."""

    exit_code: int
    suites: dict[str, SuiteCounts]
    output_tail: str


MEASURED = ("engine",)
"""The packages every run measures; each game's own package (``GameSpec.package``) is added."""


def coverage_sources(packages: tuple[str, ...] = ()) -> tuple[str, ...]:
    """What coverage.py measures: :data:`MEASURED` and each of ``packages`` not inside one
    already (``engine.unknown`` is measured as part of ``engine``), in order, once each."""
    sources: list[str] = []
    for package in (*MEASURED, *packages):
        if package and not any(package == s or package.startswith(s + ".") for s in sources):
            sources.append(package)
    return tuple(sources)


def marked_files(root: Path) -> tuple[str, ...]:
    """The test files (under ``tests/``, from ``root``) that carry clause markers."""
    return tuple(
        path.relative_to(root).as_posix()
        for path in sorted((root / UNIT_TESTS).glob("test_*.py"))
        if CLAUSE_MARK in path.read_text(encoding="utf-8")
    )


def run_suites(root: Path, work: Path, plan: SuitePlan) -> SuiteRun:
    """Run the plan in ``work`` (junit.xml, capture/, coverage.json when measured); the caller
    moves the files it keeps into the report folder.

    One pytest run on ``plan.workers`` cores holds everything but the deep tests, recorded by
    the capture plugin; the deep tests (``-m deep``) run after it, unrecorded. The JUnit files
    are merged into one, each test case labelled with its suite."""
    parts = []
    main = [name for name in plan.suites if name != "deep tests"]
    codes: list[tuple[int, str]] = []
    if main:
        codes.append(_pytest(root, work, plan, main, "main"))
        parts.append((work / "junit.main.xml", None))
    if "deep tests" in plan.suites:
        codes.append(_pytest(root, work, plan, ["deep tests"], "deep"))
        parts.append((work / "junit.deep.xml", "deep tests"))
    _merge_junit(parts, work / "junit.xml")
    exit_code = max((code for code, _ in codes), default=0)
    tail = "\n".join(text for _, text in codes if text)
    return SuiteRun(exit_code, junit_counts(work / "junit.xml"), tail)


def pytest_command(
    root: Path, work: Path, plan: SuitePlan, suites: list[str], name: str
) -> list[str]:
    """The pytest command of one run: the suites' paths, on ``plan.workers`` cores, at the
    plan's Hypothesis profile, recorded (the main run) or marked ``deep`` (the deep run), under
    pytest-cov when the plan measures coverage."""
    deep = suites == ["deep tests"]
    paths: list[str] = []
    extra: list[str] = []
    if deep:
        paths, extra = list(SUITES["deep tests"]), ["-m", "deep"]
    elif plan.select:
        paths = list(SUITES["scenarios"])
        extra = ["-k", plan.select, f"--rulings-capture={work / 'capture'}"]
    else:
        for suite in suites:
            paths += SUITES[suite] if suite != "unit tests" else marked_files(root)
        extra = [f"--rulings-capture={work / 'capture'}"]
        extra += [
            f"--rulings-marked-only={f}" for f in marked_files(root) if "unit tests" in suites
        ]
    if plan.workers > 1:
        extra += ["-n", str(plan.workers)]
    if plan.coverage:
        extra += [f"--cov={source}" for source in coverage_sources(plan.packages)]
        extra += [f"--cov-report=json:{work / 'coverage.json'}", "--cov-report="]
        extra += ["--cov-append"] if deep else []
    return [
        sys.executable, "-m", "pytest", *dict.fromkeys(paths), "-q", "-p", "no:cacheprovider",
        f"--hypothesis-profile={plan.profile}", f"--junitxml={work / f'junit.{name}.xml'}",
        *extra,
    ]  # fmt: skip


def _pytest(
    root: Path, work: Path, plan: SuitePlan, suites: list[str], name: str
) -> tuple[int, str]:
    """Run one pytest command; its exit code, and its last lines when it did not pass."""
    command = pytest_command(root, work, plan, suites, name)
    env = os.environ | {"COVERAGE_FILE": str(work / f".coverage.{name}")}
    done = subprocess.run(command, cwd=root, capture_output=True, text=True, check=False, env=env)
    lines = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
    return done.returncode, "\n".join(lines[-3:]) if done.returncode != 0 else ""


def _merge_junit(parts: list[tuple[Path, str | None]], target: Path) -> None:
    """One JUnit document holding every part's test suites (a missing part adds nothing); a
    part's suite name, when given, is set on each of its test cases (``suite`` property)."""
    merged = ET.Element("testsuites")
    for part, suite in parts:
        try:
            root = ET.parse(part).getroot()
        except (OSError, ET.ParseError):
            continue
        suites = [root] if root.tag == "testsuite" else list(root.iter("testsuite"))
        if suite:
            for case in (c for s in suites for c in s.iter("testcase")):
                case.set("suite", suite)
        merged.extend(suites)
    ET.ElementTree(merged).write(target, encoding="utf-8", xml_declaration=True)


def suite_of(classname: str) -> str:
    """The suite a JUnit test case of the main run belongs to, from its class name (module
    path)."""
    if classname.startswith("properties"):
        return "properties"
    if "test_puzzles" in classname:
        return "puzzles"
    if "test_scenarios" in classname:
        return "scenarios"
    return "unit tests"


def junit_counts(path: Path) -> dict[str, SuiteCounts]:
    """Passed / failed / skipped per suite; an unreadable file gives no counts."""
    counts: dict[str, SuiteCounts] = {name: SuiteCounts() for name in SUITES}
    try:
        tree = ET.parse(path)
    except (OSError, ET.ParseError):
        return counts
    for case in tree.iter("testcase"):
        suite = counts[case.get("suite") or suite_of(case.get("classname", ""))]
        name = f"{case.get('classname')}::{case.get('name')}"
        tags = Counter(child.tag for child in case)
        if tags["failure"] or tags["error"]:
            suite.failed += 1
            suite.failures.append(name)
        elif tags["skipped"]:
            suite.skipped += 1
            reason = next(iter(case.iter("skipped"))).get("message", "")
            suite.skips.append(f"{name}: {reason}")
        else:
            suite.passed += 1
    return counts
