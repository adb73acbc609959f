"""The Under Falling Skies scenarios trace to the rules: clauses, readings, coverage.

Every scenario under ``features/falling_skies/`` tags the clause IDs it checks
(``@clause:<id>``) and, where it pins an interpretation switch, the reading it uses
(``@interpretation:<switch>=<reading>``, set by the step ``the rules read "<switch>" as
"<reading>"``). Every clause of the index has a scenario that runs, and every reading of every
switch in the ledger has one. The clause index itself is our own paraphrase of the source.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
import yaml
from pytest_bdd.parser import FeatureParser

from engine.core.clauses import clause_index
from engine.core.textfiles import read_yaml

ROOT = Path(__file__).resolve().parent.parent
FEATURES = ROOT / "features" / "falling_skies"
FS_FEATURES = sorted(FEATURES.glob("*.feature"))
CLAUSES = ROOT / "engine" / "falling_skies" / "data" / "clauses.yaml"
LEDGER = ROOT / "engine" / "falling_skies" / "data" / "interpretations.yaml"
ENGLISH = Path("/work/shared/rules/under-falling-skies.en.md")
SECTIONS = (
    "goal", "round", "dice", "excavator", "ships", "damage", "rooms", "cost", "value",
    "multi-space", "room-effects", "excavating", "mothership", "launch", "white-ships", "end",
)  # fmt: skip
"""The rules source's sections, as the second part of every clause ID (``fs.<section>.<rule>``)."""
READING_STEP = re.compile(r'^the rules read "(?P<switch>[\w\-]+)" as "(?P<reading>[\w\-]+)"$')
CITED = re.compile(r"""["'`](fs\.[a-z0-9-]+\.[a-z0-9]+(?:[.-][a-z0-9]+)*)["'`]""")
"""A full clause ID in quotes (``fs.<section>.<rule>``; a bare ``"fs.ships"`` prefix is not one)."""


@cache
def scenarios() -> list[tuple[str, str, set[str], list[str]]]:
    """(file, scenario, tags including the feature's, step texts) for every scenario."""
    found = []
    for path in FS_FEATURES:
        feature = FeatureParser(str(path.parent), path.name).parse()
        for name, scenario in feature.scenarios.items():
            tags = set(scenario.tags) | set(feature.tags)
            found.append((path.name, name, tags, [step.name for step in scenario.steps]))
    return found


def tagged(prefix: str) -> set[tuple[str, str, str]]:
    """(file, scenario, id) for every tag ``<prefix>:<id>``."""
    return {
        (file, name, tag.split(":", 1)[1])
        for file, name, tags, _ in scenarios()
        for tag in tags
        if tag.startswith(prefix + ":")
    }


def running(tags: set[str]) -> bool:
    return not any(t.startswith("pending:") for t in tags)


@cache
def ledger() -> dict[str, dict]:
    data = read_yaml(LEDGER)
    return {entry["id"]: entry for entry in data["interpretations"]}


def test_there_are_falling_skies_features() -> None:
    assert FS_FEATURES, f"no .feature files under {FEATURES}"
    assert scenarios(), "the Falling Skies feature files hold no scenarios"


def test_one_feature_file_per_phase() -> None:
    names = {path.stem for path in FS_FEATURES}
    assert {"dice_phase", "room_phase", "mothership_phase"} <= names, sorted(names)


def test_every_scenario_is_tagged_with_the_game() -> None:
    untagged = sorted(f"{f}: {s}" for f, s, tags, _ in scenarios() if "falling_skies" not in tags)
    assert not untagged, "scenarios without @falling_skies:\n" + "\n".join(untagged)


def test_every_scenario_cites_a_clause() -> None:
    bare = sorted(
        f"{f}: {s}"
        for f, s, tags, _ in scenarios()
        if not any(t.startswith("clause:") for t in tags)
    )
    assert not bare, "scenarios without a @clause: tag:\n" + "\n".join(bare)


def test_clause_tags_name_clauses_of_the_index() -> None:
    index = clause_index("falling_skies")
    unknown = sorted(f"{f}: {s}: {i}" for f, s, i in tagged("clause") if i not in index.clauses)
    assert not unknown, "tags naming no clause-index entry:\n" + "\n".join(unknown)


@pytest.mark.parametrize("clause", sorted(clause_index("falling_skies").clauses))
def test_every_clause_has_a_running_scenario(clause: str) -> None:
    """Each rule item of the source is checked by a scenario that is not pending."""
    citing = [tags for _, _, tags, _ in scenarios() if f"clause:{clause}" in tags]
    assert citing, f"no scenario tags {clause}"
    assert any(running(tags) for tags in citing), f"every scenario of {clause} is pending"


def test_interpretation_tags_name_a_switch_and_one_of_its_readings() -> None:
    entries = ledger()
    wrong = []
    for file, name, value in sorted(tagged("interpretation")):
        switch, _, reading = value.partition("=")
        if switch not in entries:
            wrong.append(f"{file}: {name}: no switch {switch!r} in the ledger")
        elif reading not in entries[switch]["readings"]:
            wrong.append(f"{file}: {name}: {switch} has no reading {reading!r}")
    assert not wrong, "\n".join(wrong)


def test_interpretation_tags_match_the_readings_the_scenario_sets() -> None:
    """A scenario tagged with a reading sets it, and a scenario that sets a reading tags it."""
    wrong = []
    for file, name, tags, steps in scenarios():
        set_by_steps = {
            f"{m['switch']}={m['reading']}" for step in steps if (m := READING_STEP.match(step))
        }
        by_tags = {t.split(":", 1)[1] for t in tags if t.startswith("interpretation:")}
        if set_by_steps != by_tags:
            wrong.append(f"{file}: {name}: tags {sorted(by_tags)}, steps {sorted(set_by_steps)}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("switch", sorted(ledger()))
def test_every_reading_of_every_switch_has_a_running_scenario(switch: str) -> None:
    shown = {
        value.partition("=")[2]
        for _, _, tags, _ in scenarios()
        if running(tags)
        for value in (t.split(":", 1)[1] for t in tags if t.startswith("interpretation:"))
        if value.partition("=")[0] == switch
    }
    missing = set(ledger()[switch]["readings"]) - shown
    assert not missing, f"{switch}: no running scenario for reading(s) {sorted(missing)}"


# --- the clause index ----------------------------------------------------------------------------


def test_clause_ids_follow_the_sections_of_the_source() -> None:
    index = clause_index("falling_skies")
    wrong = sorted(c for c in index.clauses if c.split(".")[1] not in SECTIONS)
    assert not wrong, f"clause IDs outside fs.<section>.<rule>: {wrong}"
    empty = [s for s in SECTIONS if not any(c.split(".")[1] == s for c in index.clauses)]
    assert not empty, f"sections of the source with no clause: {empty}"


def test_index_entries_are_unique_one_line_paraphrases() -> None:
    data = yaml.safe_load(CLAUSES.read_text(encoding="utf-8"))
    ids = [row["id"] for row in data["clauses"]]
    assert len(ids) == len(set(ids))
    for row in data["clauses"]:
        assert row["section"].strip(), row["id"]
        assert row["text"].strip() and "\n" not in row["text"].strip(), row["id"]


def test_paraphrases_do_not_copy_the_english_rendering() -> None:
    """No clause text shares a run of eight words with the English rendering of the source."""
    if not ENGLISH.exists():
        pytest.skip("the rules' English rendering is not in /work/shared/rules")
    words = re.findall(r"[a-z0-9']+", ENGLISH.read_text(encoding="utf-8").lower())
    runs = {tuple(words[i : i + 8]) for i in range(len(words) - 7)}
    data = yaml.safe_load(CLAUSES.read_text(encoding="utf-8"))
    copied = []
    for row in data["clauses"]:
        text = re.findall(r"[a-z0-9']+", row["text"].lower())
        if any(tuple(text[i : i + 8]) in runs for i in range(len(text) - 7)):
            copied.append(row["id"])
    assert not copied, f"these entries copy eight or more words of the rules: {copied}"


def test_clause_ids_cited_in_the_engine_exist() -> None:
    """Every ``fs.*`` clause ID the Falling Skies engine and its data cite is in the index."""
    index = clause_index("falling_skies")
    paths = sorted((ROOT / "engine" / "falling_skies").rglob("*.py")) + [LEDGER]
    cited: dict[str, set[str]] = {}
    for path in paths:
        for clause in CITED.findall(path.read_text(encoding="utf-8")):
            cited.setdefault(clause, set()).add(str(path.relative_to(ROOT)))
    ledger_clauses = {c for entry in ledger().values() for c in entry.get("clauses", [])}
    for clause in ledger_clauses:
        cited.setdefault(clause, set()).add(str(LEDGER.relative_to(ROOT)))
    missing = {c: sorted(files) for c, files in cited.items() if c not in index.clauses}
    assert not missing, f"cited but not in the index: {missing}"
