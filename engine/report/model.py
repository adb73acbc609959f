"""What one ``rulings verify`` run found, as the page and the summary show it."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core import registry
from engine.report.clauses import ClauseRow, status_counts
from engine.report.differential import SwitchReport
from engine.report.records import ScenarioRecord


@dataclass
class GameReport:
    """One game's part of the report."""

    game: str
    scenarios: list[ScenarioRecord]
    clauses: list[ClauseRow]
    switches: list[SwitchReport]
    differential_run: bool = True

    @property
    def title(self) -> str:
        return registry.game(self.game).title

    @property
    def gherkin_scenarios(self) -> list[ScenarioRecord]:
        """The records of Gherkin scenarios (``scenarios`` also holds the clause-marked unit
        tests)."""
        return [s for s in self.scenarios if s.kind == "scenario"]

    @property
    def passed(self) -> int:
        """How many of the Gherkin scenarios passed."""
        return sum(1 for s in self.gherkin_scenarios if s.passed)

    @property
    def counts(self) -> dict[str, int]:
        return status_counts(self.clauses)

    @property
    def decided(self) -> int:
        return sum(1 for s in self.switches if s.decided)


@dataclass
class Check:
    """One of the other checks verify runs: its name, whether it passed, and a line saying so."""

    name: str
    ok: bool
    line: str
    applicable: bool = True
    """False when no selected game has this check (the line says why): neither ok nor failed."""
    skipped: bool = False
    """True when the level or an option left the check out (the line says which): never ok."""

    @property
    def verdict(self) -> str:
        """``ok``, ``FAILED``, ``skipped`` or ``n/a`` (not applicable)."""
        if not self.applicable:
            return "n/a"
        if not self.ok:
            return "FAILED"
        return "skipped" if self.skipped else "ok"


@dataclass
class Coverage:
    """Line coverage of ``engine/`` from the scenario and property run (coverage.py), and of
    each game package measured outside it (``GameSpec.package``, e.g. ``examples/pig/``)."""

    percent: float | None
    modules: dict[str, float] = field(default_factory=dict)
    problem: str | None = None
    packages: dict[str, float | None] = field(default_factory=dict)
    """Line coverage of each game package outside ``engine/``, by its folder (``examples/pig/``);
    its modules are listed in :attr:`modules` too."""

    @classmethod
    def read(cls, path: Path, packages: tuple[str, ...] = ()) -> Coverage:
        """From ``coverage json``'s output; missing or unreadable: no figure, with the reason.
        ``packages``: the games' own packages (dotted names) measured besides ``engine``."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as problem:
            return cls(None, problem=f"no coverage data ({problem})")
        files = data.get("files", {})
        folders = [p.replace(".", "/") + "/" for p in packages]
        folders = [f for f in dict.fromkeys(folders) if not f.startswith("engine/")]
        measured = ("engine/", *folders)
        modules = {
            name: float(info["summary"]["percent_covered"])
            for name, info in sorted(files.items())
            if name.startswith(measured)
        }
        return cls(
            _percent(files, "engine/"),
            modules,
            packages={folder: _percent(files, folder) for folder in folders},
        )


def _percent(files: dict[str, Any], folder: str) -> float | None:
    """The share of the statements of the files under ``folder`` that ran."""
    mine = [info["summary"] for name, info in files.items() if name.startswith(folder)]
    statements = sum(summary["num_statements"] for summary in mine)
    covered = sum(summary["covered_lines"] for summary in mine)
    return 100.0 * covered / statements if statements else None


@dataclass
class Report:
    """Everything the page and the summary show."""

    games: list[GameReport]
    coverage: Coverage
    checks: list[Check]
    seconds: float
    out: Path
    level: list[str] = field(default_factory=list)
    """What the run's level ran and left out (``rulings verify``'s first lines)."""
    mutation: dict[str, Any] | None = None
    """The mutation analysis shown (``rulings mutate``'s results document), if any."""

    @property
    def ok(self) -> bool:
        scenarios_ok = all(s.outcome != "failed" for g in self.games for s in g.scenarios)
        return scenarios_ok and all(c.ok for c in self.checks)
