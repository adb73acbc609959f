"""The Survivors, Missions and Tasks sections are covered: indexed, pinned by examples, won.

Issue 5's bar: the clause index covers every rule of these sections, every rulebook example in
them is a scenario that runs (not pending), and every mission has a scenario that plays to its win.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pytest_bdd.parser import FeatureParser

from engine.core.clauses import clause_index
from engine.unknown.missions import MISSIONS
from engine.unknown.setup import setup_data

RULEBOOK = Path(__file__).resolve().parents[2] / "shared" / "rules" / "unknown-rulebook.txt"
FEATURES = Path(__file__).resolve().parent.parent / "features" / "unknown"

SURVIVORS = (
    "Botanist", "Captain", "Doctor", "Explorer", "Hunter", "Investigator", "Mechanic", "Nurse",
    "Runner", "Scavenger", "Scouts", "Skeptic", "Soldier", "Strategist", "Tracker", "Trader",
)  # fmt: skip
MISSION_NAMES = (
    "Activate", "Behemoth", "Expand", "Hive", "Map", "Onslaught", "Refugees", "Scout",
    "Stragglers", "Water",
)  # fmt: skip
TASKS = ("Camaraderie", "Foraging", "Gas Testing", "Perimeter", "Radio")
SECTIONS = (*SURVIVORS, *MISSION_NAMES, *TASKS)


def scenarios() -> list[tuple[str, set[str], list[str]]]:
    """(scenario name, tags, step texts) for every Unknown scenario."""
    found = []
    for path in sorted(FEATURES.glob("*.feature")):
        feature = FeatureParser(str(path.parent), path.name).parse()
        for name, scenario in feature.scenarios.items():
            tags = set(scenario.tags) | set(feature.tags)
            found.append((name, tags, [step.name for step in scenario.steps]))
    return found


def running(tags: set[str]) -> bool:
    return not any(t.startswith("pending:") for t in tags)


@pytest.mark.parametrize("section", SECTIONS)
def test_every_section_is_indexed(section: str) -> None:
    """Each survivor, mission and task heading of the rulebook has clauses in the index."""
    if RULEBOOK.exists():
        assert section in RULEBOOK.read_text(encoding="utf-8").splitlines(), section
    clauses = [c for c in clause_index("unknown").clauses.values() if c.section == section]
    assert clauses, f"no clause of the {section} section in the index"


def section_examples() -> list[str]:
    index = clause_index("unknown")
    return sorted(e.id for e in index.examples.values() if e.section in SECTIONS)


def test_the_sections_have_their_seventeen_examples() -> None:
    assert len(section_examples()) == 17, section_examples()


@pytest.mark.parametrize("example", section_examples())
def test_every_example_is_a_running_scenario(example: str) -> None:
    tagged = [(n, tags) for n, tags, _ in scenarios() if f"example:{example}" in tags]
    assert tagged, f"no scenario tags {example}"
    assert any(running(tags) for _, tags in tagged), f"every scenario of {example} is pending"


@pytest.mark.parametrize("mission", sorted(setup_data().missions))
def test_every_mission_has_a_running_win_scenario(mission: str) -> None:
    assert mission in MISSIONS, f"the {mission} mission has no win check"
    wins = [
        name
        for name, tags, steps in scenarios()
        if running(tags)
        and f"clause:unknown.mission.{mission}.goal" in tags
        and any("have won" in step for step in steps)
    ]
    assert wins, f"no running scenario plays the {mission} mission to its win"


def test_no_scenario_is_pending() -> None:
    pending = sorted(name for name, tags, _ in scenarios() if not running(tags))
    assert not pending, f"{len(pending)} scenarios still pending: {pending}"
