"""What the scenario run recorded about each scenario (``--rulings-capture DIR``).

The pytest plugin ``tests/steps/capture.py`` writes ``DIR/scenarios/<name>.json`` after every
scenario: its feature, name, tags, game, outcome, steps (each with its table or doc string and
how it ended), the failure (the step, the message, the diff), the feature's notes beside it,
the board drawn before the first ``When`` and at the end, the interpretation switches the
engine read and the clauses the engine cited while it ran. A unit test carrying clause markers
(``@pytest.mark.clause("...")``) gets a record too, of kind ``unit test``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core import registry

ROOT = Path(__file__).resolve().parents[2]
"""The repository checkout: feature paths in the records are relative to it."""


@dataclass(frozen=True)
class StepRecord:
    """One step as written, and how it ended: ``passed``, ``failed``, or ``skipped`` (never run,
    because an earlier step failed)."""

    keyword: str
    text: str
    status: str = "passed"
    datatable: tuple[tuple[str, ...], ...] | None = None
    docstring: str | None = None
    line: int = 0
    """Its line in the feature file (0: not recorded)."""


@dataclass(frozen=True)
class Failure:
    """Why a scenario failed: the step that failed (its index in ``steps``; ``None`` when it
    failed outside a step), the first line of what was raised, the whole explanation pytest gave,
    and the expected-versus-actual lines where the failed assertion compared two values."""

    step: int | None
    message: str
    detail: str = ""
    diff: str | None = None


@dataclass(frozen=True)
class ScenarioRecord:
    """One scenario (or clause-marked unit test) as it ran."""

    nodeid: str
    feature: str
    feature_name: str
    name: str
    line: int
    tags: tuple[str, ...]
    game: str | None
    outcome: str
    steps: tuple[StepRecord, ...]
    before_svg: str | None = None
    after_svg: str | None = None
    switches_read: tuple[str, ...] = ()
    svg_error: str | None = None
    failure: Failure | None = None
    notes: tuple[str, ...] = ()
    """The feature file's comments above and inside the scenario (how a missing figure was
    rebuilt), each comment block as one paragraph."""
    cited: tuple[str, ...] = ()
    """The clauses the engine cited while it ran: in an event, a refusal or a node it made,
    or in the docstring or code of an engine function that ran."""
    kind: str = "scenario"
    """``scenario`` (a Gherkin scenario) or ``unit test`` (a test with clause markers)."""

    @property
    def clauses(self) -> tuple[str, ...]:
        """The clause IDs the scenario is tagged with."""
        return tuple(t.removeprefix("clause:") for t in self.tags if t.startswith("clause:"))

    @property
    def examples(self) -> tuple[str, ...]:
        """The rulebook example IDs the scenario is tagged with."""
        return tuple(t.removeprefix("example:") for t in self.tags if t.startswith("example:"))

    @property
    def interpretations(self) -> tuple[str, ...]:
        """The interpretation switches the scenario is tagged with (it sets them itself)."""
        return tuple(
            t.removeprefix("interpretation:").split("=")[0]
            for t in self.tags
            if t.startswith("interpretation:")
        )

    @property
    def passed(self) -> bool:
        return self.outcome == "passed"

    def confirms(self, clause_id: str) -> bool:
        """Whether this record confirms the clause: it passed, it is tagged (or marked) with the
        clause, and the engine cited the clause (or one of its sub-clauses, ``<id>.<part>``)
        while it ran."""
        return self.passed and clause_id in self.clauses and self.exercised(clause_id)

    def exercised(self, clause_id: str) -> bool:
        """Whether the engine cited the clause or one of its sub-clauses while it ran."""
        below = clause_id + "."
        return any(c == clause_id or c.startswith(below) for c in self.cited)


@dataclass
class RecordSet:
    """Every scenario recorded, and the files that could not be read."""

    scenarios: list[ScenarioRecord] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def of_game(self, game: str) -> list[ScenarioRecord]:
        return [s for s in self.scenarios if game_of(s) == game]


def game_of(record: ScenarioRecord) -> str | None:
    """The registered game a scenario belongs to: recorded, else the game whose features
    folder holds its feature file (``None``: no registered game's)."""
    specs = registry.games()
    if record.game in specs:
        return record.game
    feature = (ROOT / record.feature).resolve()
    for spec in specs.values():
        if feature.is_relative_to(spec.features.resolve()):
            return spec.name
    return None


def read_records(folder: Path) -> RecordSet:
    """Every ``folder/scenarios/*.json``, sorted by feature and line."""
    found = RecordSet()
    for path in sorted((folder / "scenarios").glob("*.json")):
        try:
            found.scenarios.append(_record(json.loads(path.read_text(encoding="utf-8"))))
        except (ValueError, KeyError, TypeError) as problem:
            found.problems.append(f"{path}: {problem}")
    found.scenarios.sort(key=lambda s: (s.feature, s.line, s.name))
    return found


def _record(data: dict[str, Any]) -> ScenarioRecord:
    return ScenarioRecord(
        nodeid=data["nodeid"],
        feature=data["feature"],
        feature_name=data.get("feature_name", ""),
        name=data["scenario"],
        line=int(data.get("line", 0)),
        tags=tuple(data.get("tags", ())),
        game=data.get("game"),
        outcome=data["outcome"],
        steps=tuple(_step(s) for s in data.get("steps", ())),
        before_svg=data.get("before_svg"),
        after_svg=data.get("after_svg"),
        switches_read=tuple(data.get("switches_read", ())),
        svg_error=data.get("svg_error"),
        failure=_failure(data.get("failure")),
        notes=tuple(data.get("notes", ())),
        cited=tuple(data.get("cited", ())),
        kind=data.get("kind", "scenario"),
    )


def _step(data: dict[str, Any]) -> StepRecord:
    table = data.get("datatable")
    return StepRecord(
        keyword=data["keyword"],
        text=data["text"],
        status=data.get("status", "passed"),
        datatable=None if table is None else tuple(tuple(map(str, row)) for row in table),
        docstring=data.get("docstring"),
        line=int(data.get("line", 0)),
    )


def _failure(data: dict[str, Any] | None) -> Failure | None:
    if not data:
        return None
    return Failure(data.get("step"), data["message"], data.get("detail", ""), data.get("diff"))
