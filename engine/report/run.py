"""The test run behind the report: the rulebook scenarios of every registered game, the property
suites (CI profile) and the puzzle set in pytest subprocesses under coverage.py (pytest is never
imported here), writing JUnit XML, Cucumber JSON and one record a scenario
(``--rulings-capture``, ``tests/steps/capture.py``)."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

SUITES = {
    "scenarios": ("tests/test_scenarios.py",),
    "properties": ("properties",),
    "puzzles": ("tests/test_puzzles.py",),
}
"""What the run holds, by the name the summary gives it."""


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
    """What the pytest subprocess did."""

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


def run_suites(
    root: Path,
    work: Path,
    suites: tuple[str, ...] = tuple(SUITES),
    select: str | None = None,
    packages: tuple[str, ...] = (),
) -> SuiteRun:
    """Run the suites under coverage in ``work`` (junit.xml, cucumber.json, capture/,
    coverage.json); the caller moves the files into the report folder. ``select``: pytest's
    ``-k`` expression for the scenarios; ``packages``: the games' own packages, measured besides
    ``engine`` (:func:`coverage_sources`).

    The scenarios (with the puzzles) and the property suites run in two pytest subprocesses at
    once, one a core, each with its own coverage data; the data are combined into one figure and
    the JUnit files into one."""
    groups = [name for name in ("scenarios", "properties") if name in suites]
    with ThreadPoolExecutor(max_workers=2) as pool:
        sources = coverage_sources(packages)
        done = list(pool.map(lambda g: _run_group(root, work, g, suites, select, sources), groups))
    data_files = [str(work / f".coverage.{group}") for group in groups]
    coverage = [sys.executable, "-m", "coverage"]
    combined = str(work / ".coverage")
    subprocess.run(
        [*coverage, "combine", f"--data-file={combined}", "-q", *data_files],
        cwd=root, capture_output=True, text=True, check=False,
    )  # fmt: skip
    subprocess.run(
        [*coverage, "json", f"--data-file={combined}", "-o", str(work / "coverage.json"), "-q"],
        cwd=root, capture_output=True, text=True, check=False,
    )  # fmt: skip
    _merge_junit([work / f"junit.{group}.xml" for group in groups], work / "junit.xml")
    exit_code = max((code for code, _ in done), default=0)
    tail = "\n".join(text for _, text in done if text)
    return SuiteRun(exit_code, junit_counts(work / "junit.xml"), tail)


def _run_group(
    root: Path,
    work: Path,
    group: str,
    suites: tuple[str, ...],
    select: str | None,
    sources: tuple[str, ...] = MEASURED,
) -> tuple[int, str]:
    """One pytest subprocess under coverage: the scenarios (and the puzzles if asked for),
    recorded and written as Cucumber JSON, or the property suites."""
    if group == "scenarios":
        paths = list(SUITES["scenarios"]) + (list(SUITES["puzzles"]) if "puzzles" in suites else [])
        extra = [
            f"--cucumberjson={work / 'cucumber.json'}", f"--rulings-capture={work / 'capture'}",
            *(["-k", select] if select else []),
        ]  # fmt: skip
    else:
        paths, extra = list(SUITES["properties"]), []
    command = [
        sys.executable, "-m", "coverage", "run", f"--data-file={work / f'.coverage.{group}'}",
        f"--source={','.join(sources)}", "-m", "pytest", *paths, "-q", "-p", "no:cacheprovider",
        "--hypothesis-profile=ci", f"--junitxml={work / f'junit.{group}.xml'}", *extra,
    ]  # fmt: skip
    done = subprocess.run(command, cwd=root, capture_output=True, text=True, check=False)
    lines = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
    return done.returncode, "\n".join(lines[-3:]) if done.returncode not in (0,) else ""


def _merge_junit(parts: list[Path], target: Path) -> None:
    """One JUnit document holding every part's test suites (a missing part adds nothing)."""
    merged = ET.Element("testsuites")
    for part in parts:
        try:
            root = ET.parse(part).getroot()
        except (OSError, ET.ParseError):
            continue
        suites = [root] if root.tag == "testsuite" else list(root.iter("testsuite"))
        merged.extend(suites)
    ET.ElementTree(merged).write(target, encoding="utf-8", xml_declaration=True)


def suite_of(classname: str) -> str:
    """The suite a JUnit test case belongs to, from its class name (module path)."""
    if classname.startswith("properties"):
        return "properties"
    if "test_puzzles" in classname:
        return "puzzles"
    return "scenarios"


def junit_counts(path: Path) -> dict[str, SuiteCounts]:
    """Passed / failed / skipped per suite; an unreadable file gives no counts."""
    counts: dict[str, SuiteCounts] = {name: SuiteCounts() for name in SUITES}
    try:
        tree = ET.parse(path)
    except (OSError, ET.ParseError):
        return counts
    for case in tree.iter("testcase"):
        suite = counts[suite_of(case.get("classname", ""))]
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
