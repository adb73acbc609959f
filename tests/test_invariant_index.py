"""Every invariant names the rule clause it protects, and the clause indexes list them.

Several modules keep an ``INVARIANTS`` table (clause ID -> the invariants that protect it): each
registered game's state machine (``GameSpec.machine``), the hostile-file fuzz and the OpenSpiel
adapter checks. Each game's clause index (``GameSpec.clauses``) lists, on each clause, the
invariants that protect it (``invariants: [path::name, ...]``). This test reads the tables from the source (so it needs
neither OpenSpiel nor a Hypothesis run) and checks: every ID exists, the index lists exactly the
tables' pairs, every named invariant exists, and its docstring names each clause it protects.
"""

from __future__ import annotations

import ast
from importlib.util import find_spec
from pathlib import Path

import pytest

from engine.core import registry
from engine.core.clauses import ClauseIndex
from engine.report.clauses import index_of

ROOT = Path(__file__).resolve().parent.parent


def machine_path(reference: str) -> str:
    """The source file, from the repository root, of a ``module:Class`` reference."""
    found = find_spec(reference.partition(":")[0])
    assert found is not None and found.origin, f"no module for {reference}"
    return Path(found.origin).resolve().relative_to(ROOT).as_posix()


MODULES = (
    *(machine_path(spec.machine) for spec in registry.games().values() if spec.machine),
    "properties/test_hostile_files.py",
    "tests/test_openspiel.py",
)


def game_of(clause_id: str) -> str:
    """The registered game whose clause index holds ``clause_id``."""
    for name in registry.names():
        if clause_id in index_of(name).clauses:
            return name
    return "(no game)"


def clause_index(game: str) -> ClauseIndex:
    """The clause index of the registered game ``game`` (none: an empty one)."""
    return index_of(game) if game in registry.names() else ClauseIndex(game, {}, {})


def invariant_table(path: str) -> dict[str, list[str]]:
    """The module's ``INVARIANTS`` literal, read from its source."""
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign | ast.Assign):
            targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets
            if any(isinstance(t, ast.Name) and t.id == "INVARIANTS" for t in targets):
                return ast.literal_eval(node.value)
    raise AssertionError(f"{path} has no INVARIANTS table")


def docstrings(path: str) -> dict[str, str]:
    """Docstrings of the module's functions and of its classes' methods (``Class.method``)."""
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    found: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            found[node.name] = ast.get_docstring(node) or ""
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    found[f"{node.name}.{item.name}"] = ast.get_docstring(item) or ""
                    found.setdefault(item.name, found[f"{node.name}.{item.name}"])
    return found


def table_pairs() -> set[tuple[str, str]]:
    """``(clause ID, path::invariant)`` from every module's table."""
    return {
        (clause, f"{path}::{name}")
        for path in MODULES
        for clause, names in invariant_table(path).items()
        for name in names
    }


def index_pairs() -> set[tuple[str, str]]:
    """``(clause ID, path::invariant)`` as every game's clause index lists them."""
    return {
        (clause.id, name)
        for game in registry.names()
        for clause in clause_index(game).clauses.values()
        for name in clause.invariants
    }


def test_every_protected_clause_is_in_its_index() -> None:
    missing = sorted(c for c, _ in table_pairs() if c not in clause_index(game_of(c)).clauses)
    assert not missing, f"invariants protect clauses not in the index: {missing}"


def test_the_clause_index_lists_exactly_the_invariants_tables() -> None:
    tables, index = table_pairs(), index_pairs()
    assert not tables - index, f"not listed in the clause index: {sorted(tables - index)}"
    assert not index - tables, f"listed but in no INVARIANTS table: {sorted(index - tables)}"


@pytest.mark.parametrize("path", MODULES)
def test_every_invariant_exists_and_names_its_clauses(path: str) -> None:
    functions = docstrings(path)
    for clause, names in invariant_table(path).items():
        for name in names:
            assert name in functions, f"{path}: no invariant {name!r}"
            assert clause in functions[name], f"{path}::{name} does not name {clause}"


def test_both_games_have_protected_clauses() -> None:
    """The index is not trivially in step: each game lists several protected clauses."""
    games = {game_of(c) for c, _ in index_pairs()}
    assert games == set(registry.names())
    assert len(index_pairs()) >= 30
