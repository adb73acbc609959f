"""The traceability tags of the Gherkin scenarios point at real clauses, examples and readings.

Every scenario tags the clause IDs it checks (``@clause:<id>``), the rulebook example it comes
from (``@example:<id>``) and the interpretation switch it exercises (``@interpretation:<id>``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pytest_bdd.parser import FeatureParser

from engine.core.clauses import clause_index
from engine.unknown.ruleset import interpretation_ledger

FEATURES = Path(__file__).resolve().parent.parent / "features"
UNKNOWN_FEATURES = sorted((FEATURES / "unknown").glob("*.feature"))

REQUIRED_EXAMPLES = (
    "unknown.example.range-impassable-detour",
    "unknown.example.los-fortified-base",
    "unknown.example.fortified-blaze-stranger",
    "unknown.example.stranger-fortified-base",
    "unknown.example.impassable-animals",
    "unknown.example.explore-2x2",
    "unknown.example.flood-quickstart",
    "unknown.example.knockback-dual-spawn",
    "unknown.example.knockback-flood",
)
"""The rulebook's geometric examples: each must be pinned by at least one scenario."""


def scenario_tags() -> list[tuple[str, str, set[str]]]:
    """(feature file, scenario name, tags including the feature's) for every Unknown scenario."""
    found = []
    for path in UNKNOWN_FEATURES:
        feature = FeatureParser(str(path.parent), path.name).parse()
        for name, scenario in feature.scenarios.items():
            found.append((path.name, name, set(scenario.tags) | set(feature.tags)))
    return found


def tagged(prefix: str) -> set[tuple[str, str, str]]:
    """(file, scenario, id) for every tag ``<prefix>:<id>``."""
    return {
        (file, name, tag.split(":", 1)[1])
        for file, name, tags in scenario_tags()
        for tag in tags
        if tag.startswith(prefix + ":")
    }


def test_there_are_unknown_features() -> None:
    assert UNKNOWN_FEATURES, f"no .feature files under {FEATURES / 'unknown'}"
    assert scenario_tags(), "the Unknown feature files hold no scenarios"


@pytest.mark.parametrize("prefix", ["clause", "example"])
def test_tagged_ids_exist_in_the_clause_index(prefix: str) -> None:
    index = clause_index("unknown")
    unknown = sorted(f"{f}: {s}: {i}" for f, s, i in tagged(prefix) if i not in index)
    assert not unknown, "tags naming no clause-index entry:\n" + "\n".join(unknown)


def test_example_tags_name_examples_and_clause_tags_name_clauses() -> None:
    index = clause_index("unknown")
    wrong = sorted(
        f"{f}: {s}: example:{i}" for f, s, i in tagged("example") if i not in index.examples
    ) + sorted(f"{f}: {s}: clause:{i}" for f, s, i in tagged("clause") if i not in index.clauses)
    assert not wrong, "tags of the wrong kind:\n" + "\n".join(wrong)


def test_interpretation_tags_name_ledger_entries() -> None:
    ledger = interpretation_ledger()
    unknown = sorted(f"{f}: {s}: {i}" for f, s, i in tagged("interpretation") if i not in ledger)
    assert not unknown, "tags naming no interpretation:\n" + "\n".join(unknown)


def test_every_scenario_cites_a_clause() -> None:
    bare = sorted(
        f"{f}: {s}"
        for f, s, tags in scenario_tags()
        if not any(t.startswith("clause:") for t in tags)
    )
    assert not bare, "scenarios without a @clause: tag:\n" + "\n".join(bare)


@pytest.mark.parametrize("example", REQUIRED_EXAMPLES)
def test_every_geometric_example_has_a_scenario(example: str) -> None:
    assert example in {i for _, _, i in tagged("example")}, f"no scenario tags {example}"


def test_every_reading_of_a_tagged_interpretation_has_a_scenario() -> None:
    """Where a scenario shows an interpretation, every reading of it is shown somewhere."""
    readings_used: dict[str, set[str]] = {}
    for path in UNKNOWN_FEATURES:
        feature = FeatureParser(str(path.parent), path.name).parse()
        for scenario in feature.scenarios.values():
            for step in scenario.steps:
                words = step.name.split('"')
                if step.name.startswith("the reading ") and len(words) >= 4:
                    readings_used.setdefault(words[1], set()).add(words[3])
    ledger = interpretation_ledger()
    for switch in {i for _, _, i in tagged("interpretation")}:
        missing = set(ledger[switch]["readings"]) - readings_used.get(switch, set())
        assert not missing, (
            f"interpretation {switch}: no scenario uses reading(s) {sorted(missing)}"
        )
