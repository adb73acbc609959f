"""Rule coverage: every clause of a rulebook traced to the engine code that cites it and to the
scenarios and invariants that check it.

A clause's status, first match wins:

* ``failing``: a scenario or unit test tagged (marked) with it failed in this run;
* ``confirmed``: a scenario or unit test tagged (marked) with it passed, and the engine cited
  the clause while it ran (an event, a refusal or a node citing it, or an engine function
  naming it that ran: ``ScenarioRecord.cited``). :attr:`ClauseRow.confirmed_by` says by what,
  the strongest first: a rulebook example, another scenario, a unit test;
* ``invariant only``: nothing confirms it, but a property check protects it (its index entry
  lists ``invariants``);
* ``unchecked``: engine code cites it (a docstring or a string of the code names its ID) but
  nothing confirms it (a tagged scenario in which the engine never cited it does not);
* ``not implemented``: no engine code cites it and nothing checks it.
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from dataclasses import dataclass, field
from functools import cache
from importlib.util import find_spec
from pathlib import Path

from engine.core import registry
from engine.core.clauses import ENGINE_DIR, ClauseIndex, clause_index_file
from engine.report.records import ROOT, ScenarioRecord

STATUSES = ("confirmed", "invariant only", "unchecked", "not implemented", "failing")
CONFIRMED_BY = ("rulebook example", "scenario", "unit test")
"""What confirms a confirmed clause, the strongest first (:attr:`ClauseRow.confirmed_by`)."""
NOT_CODE = ("clauses.yaml", "interpretations.yaml")
"""Data files that name clauses without implementing them: the index itself and the ledger."""


def index_of(game: str) -> ClauseIndex:
    """The clause index of the registered game ``game`` (its ``GameSpec.clauses``)."""
    spec = registry.game(game)
    return clause_index_file(spec.clauses, spec.name)


@dataclass
class ClauseRow:
    """One clause of the index, traced."""

    id: str
    section: str
    text: str
    code: list[str] = field(default_factory=list)
    """``path::function`` of the engine code whose docstring names the clause."""
    scenarios: list[ScenarioRecord] = field(default_factory=list)
    """Every scenario and unit test tagged (marked) with the clause."""
    invariants: tuple[str, ...] = ()

    @property
    def confirming(self) -> list[ScenarioRecord]:
        """The tagged records that confirm it (:meth:`ScenarioRecord.confirms`)."""
        return [s for s in self.scenarios if s.confirms(self.id)]

    @property
    def not_exercised(self) -> list[ScenarioRecord]:
        """The tagged records that passed without the engine citing the clause."""
        return [s for s in self.scenarios if s.passed and not s.exercised(self.id)]

    @property
    def confirmed_by(self) -> str | None:
        """``rulebook example``, ``scenario`` or ``unit test``: the strongest kind of record
        confirming it; ``None`` when nothing does."""
        confirming = self.confirming
        if any(s.examples for s in confirming):
            return "rulebook example"
        if any(s.kind == "scenario" for s in confirming):
            return "scenario"
        return "unit test" if confirming else None

    @property
    def by_example(self) -> bool:
        return self.confirmed_by == "rulebook example"

    @property
    def status(self) -> str:
        if any(s.outcome == "failed" for s in self.scenarios):
            return "failing"
        if self.confirming:
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
    index = index_of(game)
    code = citations(registry.game(game).package, clause_prefixes(index))
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
    """How many clauses have each status, and of the confirmed ones how many are confirmed by
    each of :data:`CONFIRMED_BY` (keys ``by rulebook example``, ``by scenario``,
    ``by unit test``)."""
    counts = dict.fromkeys(STATUSES, 0) | {f"by {kind}": 0 for kind in CONFIRMED_BY}
    for row in rows:
        counts[row.status] += 1
        if row.status == "confirmed":
            counts[f"by {row.confirmed_by}"] += 1
    return counts


def package_folder(package: str) -> Path:
    """The folder of a game's rules package: a dotted package name (``engine.unknown``,
    ``examples.pig``), or the name of a sub-package of ``engine`` (``falling_skies``)."""
    if "." not in package:
        return ENGINE_DIR / package
    found = find_spec(package)
    if found is None or not found.submodule_search_locations:
        raise ValueError(f"no package {package!r}")
    return Path(next(iter(found.submodule_search_locations))).resolve()


def clause_prefixes(index: ClauseIndex) -> tuple[str, ...]:
    """The first parts of an index's clause IDs (``fs`` of ``fs.end.win``)."""
    return tuple(sorted({clause_id.split(".")[0] for clause_id in index.clauses}))


@cache
def citations(package: str, prefixes: tuple[str, ...] | None = None) -> dict[str, list[str]]:
    """Clause ID -> ``path/file.py::Qualified.name`` (from the repository root) for every module,
    class and function of the game's rules package that names the clause (an ID starting with
    one of ``prefixes`` and a dot; ``None``: those of the clause index of the registered game
    whose package it is): in its docstring, or in a string of its own code (the clause an
    event, a refusal or a rule hook cites); and the package's data files (tiles, survivors,
    setup) that cite it."""
    root = package_folder(package)
    if prefixes is None:
        owner = next(s for s in registry.games().values() if package_folder(s.package) == root)
        prefixes = clause_prefixes(index_of(owner.name))
    cited = re.compile(rf"\b(?:{'|'.join(map(re.escape, prefixes))})\.[a-z0-9]+(?:[.-][a-z0-9]+)*")
    found: dict[str, set[str]] = defaultdict(set)
    for path in sorted(root.rglob("*.py")):
        relative = _relative(path)
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for name, text in _texts(tree):
            for clause_id in cited.findall(text):
                found[clause_id].add(f"{relative}::{name}" if name else relative)
    for path in sorted((root / "data").glob("*.yaml")):
        if path.name in NOT_CODE:
            continue
        for clause_id in cited.findall(path.read_text(encoding="utf-8")):
            found[clause_id].add(_relative(path))
    return {clause_id: sorted(places) for clause_id, places in found.items()}


def _relative(path: Path) -> str:
    """``path`` from the repository root (as it is when the package lies outside it)."""
    try:
        return path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return path.as_posix()


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
