"""Rule coverage: every clause of a rulebook traced to the engine code that cites it and to the
scenarios and invariants that check it (issue 9, item 2).

A clause's status, first match wins:

* ``failing``: a scenario tagged with it failed in this run;
* ``confirmed``: a scenario tagged with it passed (``by_example`` when one of them is also
  tagged with a rulebook example);
* ``invariant only``: no scenario, but a property check protects it (its index entry lists
  ``invariants``);
* ``unchecked``: engine code cites it (a docstring or a string of the code names its ID) but
  nothing checks it;
* ``not implemented``: no engine code cites it and nothing checks it.
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from engine.core.clauses import ENGINE_DIR, clause_index
from engine.report.records import ScenarioRecord

STATUSES = ("confirmed", "invariant only", "unchecked", "not implemented", "failing")
PACKAGES = {"unknown": "unknown", "falling-skies": "falling_skies"}
"""The report's game names and the engine packages (and clause index folders) they live in."""
NOT_CODE = ("clauses.yaml", "interpretations.yaml")
"""Data files that name clauses without implementing them: the index itself and the ledger."""
CITED = re.compile(r"\b(?:unknown|fs)\.[a-z0-9]+(?:[.-][a-z0-9]+)*")


@dataclass
class ClauseRow:
    """One clause of the index, traced."""

    id: str
    section: str
    text: str
    code: list[str] = field(default_factory=list)
    """``path::function`` of the engine code whose docstring names the clause."""
    scenarios: list[ScenarioRecord] = field(default_factory=list)
    invariants: tuple[str, ...] = ()

    @property
    def by_example(self) -> bool:
        return any(s.examples and s.passed for s in self.scenarios)

    @property
    def status(self) -> str:
        if any(s.outcome == "failed" for s in self.scenarios):
            return "failing"
        if any(s.passed for s in self.scenarios):
            return "confirmed"
        if self.invariants:
            return "invariant only"
        return "unchecked" if self.code else "not implemented"


@dataclass
class SectionTotals:
    """How many clauses of a rulebook section have each status."""

    section: str
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(STATUSES, 0))

    @property
    def total(self) -> int:
        return sum(self.counts.values())


def clause_rows(game: str, scenarios: list[ScenarioRecord]) -> list[ClauseRow]:
    """Every clause of ``game``'s index (in index order), with its code, scenarios, invariants."""
    index = clause_index(PACKAGES[game])
    code = citations(PACKAGES[game])
    tagged: dict[str, list[ScenarioRecord]] = defaultdict(list)
    for scenario in scenarios:
        for clause_id in scenario.clauses:
            tagged[clause_id].append(scenario)
    return [
        ClauseRow(
            clause.id,
            clause.section,
            clause.text,
            code.get(clause.id, []),
            tagged.get(clause.id, []),
            clause.invariants,
        )
        for clause in index.clauses.values()
    ]


def section_totals(rows: list[ClauseRow]) -> list[SectionTotals]:
    """Totals per rulebook section, in the index's order of sections."""
    sections: dict[str, SectionTotals] = {}
    for row in rows:
        totals = sections.setdefault(row.section, SectionTotals(row.section))
        totals.counts[row.status] += 1
    return list(sections.values())


def status_counts(rows: list[ClauseRow]) -> dict[str, int]:
    """How many clauses have each status."""
    counts = dict.fromkeys(STATUSES, 0)
    for row in rows:
        counts[row.status] += 1
    return counts


@cache
def citations(package: str) -> dict[str, list[str]]:
    """Clause ID -> ``engine/<package>/file.py::Qualified.name`` for every module, class and
    function of the game's engine package that names the clause: in its docstring, or in a
    string of its own code (the clause an event, a refusal or a rule hook cites); and the game's
    data files (tiles, survivors, setup) that cite it."""
    found: dict[str, set[str]] = defaultdict(set)
    root = ENGINE_DIR / package
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(ENGINE_DIR.parent).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for name, text in _texts(tree):
            for clause_id in CITED.findall(text):
                found[clause_id].add(f"{relative}::{name}" if name else relative)
    for path in sorted((root / "data").glob("*.yaml")):
        if path.name in NOT_CODE:
            continue
        relative = path.relative_to(ENGINE_DIR.parent).as_posix()
        for clause_id in CITED.findall(path.read_text(encoding="utf-8")):
            found[clause_id].add(relative)
    return {clause_id: sorted(places) for clause_id, places in found.items()}


def _texts(tree: ast.Module) -> list[tuple[str, str]]:
    """Each string of the module with the qualified name of the innermost class or function
    holding it ("" at module level; docstrings included)."""
    found: list[tuple[str, str]] = []

    def visit(node: ast.AST, name: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                visit(child, f"{name}.{child.name}" if name else child.name)
            elif isinstance(child, ast.Constant) and isinstance(child.value, str):
                found.append((name, child.value))
            else:
                visit(child, name)

    visit(tree, "")
    return found


def source_path(citation: str) -> Path:
    """The file of a ``path::name`` citation."""
    return ENGINE_DIR.parent / citation.split("::")[0]
