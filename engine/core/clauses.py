"""The rule clause index: every rule sentence of a rulebook with a stable ID (PRINCIPLES §1).

Each game keeps its index in ``engine/<game>/data/clauses.yaml``. Engine code names the ID of
the clause it applies; scenarios tag the IDs they check; ``tests/test_clause_index.py`` checks
that every cited ID exists. A clause's ``invariants`` list names the property checks that protect
it (``tests/test_invariant_index.py`` keeps it in step with their ``INVARIANTS`` tables).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from engine.core.textfiles import read_yaml

ENGINE_DIR = Path(__file__).resolve().parent.parent
CLAUSE_ID = re.compile(r"^[a-z0-9]+(\.[a-z0-9]+(-[a-z0-9]+)*)+$")


@dataclass(frozen=True)
class Clause:
    """One rule clause: its stable ID, rulebook section, a paraphrase in our own words, and the
    invariants (``path::name`` of property checks) that protect it."""

    id: str
    section: str
    text: str
    invariants: tuple[str, ...] = ()


@dataclass(frozen=True)
class ClauseIndex:
    """All clauses (and rulebook examples) of one game, by ID."""

    game: str
    clauses: dict[str, Clause]
    examples: dict[str, Clause]

    def __contains__(self, clause_id: str) -> bool:
        return clause_id in self.clauses or clause_id in self.examples

    def get(self, clause_id: str) -> Clause:
        """The clause or example with this ID; ``KeyError`` names the unknown ID."""
        if clause_id in self.clauses:
            return self.clauses[clause_id]
        if clause_id in self.examples:
            return self.examples[clause_id]
        raise KeyError(f"no clause {clause_id!r} in the {self.game} clause index")


@cache
def clause_index(game: str) -> ClauseIndex:
    """Load and check the clause index of ``game`` (``unknown`` or ``falling_skies``)."""
    return clause_index_file(ENGINE_DIR / game / "data" / "clauses.yaml", game)


@cache
def clause_index_file(path: Path, game: str) -> ClauseIndex:
    """Load and check the clause index at ``path`` (a registered game's ``GameSpec.clauses``)."""
    data = read_yaml(path)
    clauses = _entries(path, data.get("clauses", []), "text")
    examples = _entries(path, data.get("examples", []), "about")
    return ClauseIndex(game, clauses, examples)


def _entries(path: Path, rows: list[dict], text_field: str) -> dict[str, Clause]:
    entries: dict[str, Clause] = {}
    for row in rows:
        clause_id = row["id"]
        if not CLAUSE_ID.match(clause_id):
            raise ValueError(f"{path}: clause id {clause_id!r} is not dotted kebab-case")
        if clause_id in entries:
            raise ValueError(f"{path}: clause id {clause_id!r} appears twice")
        invariants = tuple(row.get("invariants", ()))
        entries[clause_id] = Clause(clause_id, row["section"], row[text_field], invariants)
    return entries
