"""The test run behind the report: the rulebook scenarios, the property suites (CI profile) and
the puzzle set in one pytest subprocess under coverage.py, writing JUnit XML, Cucumber JSON and
one record a scenario (``--rulings-capture``, ``tests/steps/capture.py``)."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
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


def run_suites(
    root: Path, work: Path, suites: tuple[str, ...] = tuple(SUITES), select: str | None = None
) -> SuiteRun:
    """Run the suites under coverage in ``work`` (junit.xml, cucumber.json, capture/,
    coverage.json); the caller moves the files into the report folder. ``select``: pytest's
    ``-k`` expression."""
    paths = [path for name in suites for path in SUITES[name]]
    chosen = ["-k", select] if select else []
    data_file = work / ".coverage"
    command = [
        sys.executable, "-m", "coverage", "run", f"--data-file={data_file}", "--source=engine",
        "-m", "pytest", *paths, *chosen, "-q", "-p", "no:cacheprovider", "--hypothesis-profile=ci",
        f"--junitxml={work / 'junit.xml'}", f"--cucumberjson={work / 'cucumber.json'}",
        f"--rulings-capture={work / 'capture'}",
    ]  # fmt: skip
    done = subprocess.run(command, cwd=root, capture_output=True, text=True, check=False)
    subprocess.run(
        [sys.executable, "-m", "coverage", "json", f"--data-file={data_file}",
         "-o", str(work / "coverage.json"), "-q"],
        cwd=root, capture_output=True, text=True, check=False,
    )  # fmt: skip
    lines = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
    return SuiteRun(done.returncode, junit_counts(work / "junit.xml"), "\n".join(lines[-5:]))


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
