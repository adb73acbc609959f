"""What the scenario run recorded about each scenario (``--rulings-capture DIR``).

The pytest plugin ``tests/steps/capture.py`` writes ``DIR/scenarios/<name>.json`` after every
scenario: its feature, name, tags, game, outcome, steps, the board drawn before the first
``When`` and at the end, and the interpretation switches the engine read.
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
class ScenarioRecord:
    """One scenario as it ran."""

    nodeid: str
    feature: str
    feature_name: str
    name: str
    line: int
    tags: tuple[str, ...]
    game: str | None
    outcome: str
    steps: tuple[tuple[str, str], ...]
    before_svg: str | None = None
    after_svg: str | None = None
    switches_read: tuple[str, ...] = ()
    svg_error: str | None = None

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
        steps=tuple((s["keyword"], s["text"]) for s in data.get("steps", ())),
        before_svg=data.get("before_svg"),
        after_svg=data.get("after_svg"),
        switches_read=tuple(data.get("switches_read", ())),
        svg_error=data.get("svg_error"),
    )
