"""The differential run: every scenario that reads an interpretation switch, rerun under each
alternative reading of it.

A scenario that never read switch S during the default run cannot change when S changes (the
engine is deterministic), so only the scenarios whose record lists S in ``switches_read`` are
rerun, in a pytest subprocess with ``--rulings-reading S=R`` (the plugin ``tests/steps/capture.py``
makes R the default every world starts from; a scenario that sets S itself keeps its reading).

A reading is *ruled out* by the rulebook when a scenario that checks a rulebook example (tagged
``example:``) and passed under the default fails under it. A switch is *decided by the examples*
when every alternative reading is ruled out; otherwise it is flagged *undecided*: only our own
rule scenarios (written under the default) or nothing at all tell the readings apart.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from engine.report.records import ScenarioRecord, game_of, read_records

SCENARIO_FILE = "tests/test_scenarios.py"


@dataclass
class ReadingRun:
    """One alternative reading of one switch, and how the scenarios that read it fared."""

    switch: str
    reading: str
    rerun: list[str]
    """Node IDs rerun (the scenarios that read the switch, tagged or not)."""
    failed: list[str] = field(default_factory=list)
    seconds: float = 0.0
    problem: str | None = None
    """Why the run said nothing (pytest could not run), if so."""


@dataclass
class SwitchReport:
    """One interpretation switch: its ledger entry and every alternative reading's run."""

    game: str
    switch: str
    question: str
    default: str
    why: str
    readings: dict[str, str]
    clauses: tuple[str, ...]
    runs: list[ReadingRun] = field(default_factory=list)
    examples: dict[str, ScenarioRecord] = field(default_factory=dict)
    """The example scenarios (by node ID) that read the switch and passed under the default."""

    def ruled_out_by(self, run: ReadingRun) -> list[str]:
        """The example scenarios that pass under the default and fail under ``run``'s reading."""
        return [nodeid for nodeid in run.failed if nodeid in self.examples]

    @property
    def read_by(self) -> int:
        return len(self.runs[0].rerun) if self.runs else 0

    @property
    def decided(self) -> bool:
        """Every alternative reading is ruled out by at least one rulebook example."""
        return bool(self.runs) and all(
            run.problem is None and self.ruled_out_by(run) for run in self.runs
        )


def switch_reports(
    game: str, ledger: dict[str, dict[str, Any]], records: list[ScenarioRecord]
) -> list[SwitchReport]:
    """One report per switch of ``game``'s ledger, each alternative reading planned (not run)."""
    reports = []
    for switch, entry in ledger.items():
        readers = [r for r in records if game_of(r) == game and switch in r.switches_read]
        report = SwitchReport(
            game=game,
            switch=switch,
            question=" ".join(str(entry.get("question", "")).split()),
            default=str(entry["default"]),
            why=" ".join(str(entry.get("why", "")).split()),
            readings={k: " ".join(str(v).split()) for k, v in entry.get("readings", {}).items()},
            clauses=tuple(entry.get("clauses", ())),
            examples={r.nodeid: r for r in readers if r.examples and r.passed},
        )
        nodeids = [r.nodeid for r in readers if r.passed]
        for reading in report.readings:
            if reading != report.default:
                report.runs.append(ReadingRun(switch, reading, nodeids))
        reports.append(report)
    return reports


def run_differential(
    root: Path,
    reports: list[SwitchReport],
    workers: int = 2,
    progress: Callable[[int, int, str], None] | None = None,
) -> None:
    """Run every planned reading (``workers`` pytest subprocesses at a time); fills ``failed``."""
    runs = [run for report in reports for run in report.runs if run.rerun]
    with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
        finished = pool.map(partial(_run_reading, root), runs)
        for done, run in enumerate(finished, start=1):
            if progress is not None:
                progress(done, len(runs), f"{run.switch}={run.reading}")


def _run_reading(root: Path, run: ReadingRun) -> ReadingRun:
    """Rerun ``run.rerun`` under ``run.switch=run.reading``; the plugin's records say which
    failed."""
    began = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="rulings-differential-") as folder:
        command = [
            sys.executable, "-m", "pytest", *run.rerun, "-q", "-p", "no:cacheprovider",
            f"--rulings-reading={run.switch}={run.reading}", f"--rulings-capture={folder}",
        ]  # fmt: skip
        done = subprocess.run(command, cwd=root, capture_output=True, text=True, check=False)
        records = read_records(Path(folder))
        outcomes = {r.nodeid: r.outcome for r in records.scenarios}
    run.seconds = time.monotonic() - began
    missing = [nodeid for nodeid in run.rerun if nodeid not in outcomes]
    if done.returncode not in (0, 1) or missing:
        tail = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()][-1:]
        run.problem = (
            f"pytest exit {done.returncode}, {len(missing)} scenario(s) not recorded: "
            f"{' '.join(tail) or 'no output'}"
        )
    run.failed = [nodeid for nodeid in run.rerun if outcomes.get(nodeid) == "failed"]
    return run
