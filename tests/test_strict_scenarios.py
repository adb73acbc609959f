"""Strict scenarios (PRINCIPLES §7), for every registered game.

* Every clause the clause indexes mark ``prohibition: true`` (a rule sentence that forbids a
  decision: "cannot", "may not", "only if", "never", a limit) has a scenario tagged with it that
  asserts the refusal: the engine raises ``IllegalDecision`` (``... is refused citing ...``) or
  does not offer the option (``... may not ...``, ``... may only end the turn``).
* The strictness mechanism of the steps (``tests/steps/strict.py``) fails a scenario that leaves
  a decision unscripted and one that scripts a decision the engine never asks for. Checked by
  running small throw-away feature files through pytest in a subprocess.
"""

from __future__ import annotations

import functools
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from pytest_bdd.parser import FeatureParser

from engine.core import registry
from engine.core.textfiles import read_yaml

ROOT = Path(__file__).resolve().parent.parent
INDEXES = {spec.name: spec.clauses for spec in registry.games().values()}
"""Each registered game's clause index (``GameSpec.clauses``)."""
FEATURES = {spec.name: spec.features for spec in registry.games().values()}
"""Each registered game's scenario folder (``GameSpec.features``)."""
REFUSAL = re.compile(r"\bis refused citing\b|\bmay not\b|\bmay only end the turn\b")
"""Step texts that assert a refusal: an ``IllegalDecision`` naming a clause (the existing
``... is refused citing ...`` steps) or an option the engine does not offer."""


def prohibitions() -> list[str]:
    """The clause IDs marked ``prohibition: true`` in every game's clause index."""
    found = []
    for path in INDEXES.values():
        data = read_yaml(path)
        for entry in data.get("clauses", []):
            mark = entry.get("prohibition", False)
            assert isinstance(mark, bool), f"{path}: {entry['id']}: prohibition must be true/false"
            if mark:
                found.append(entry["id"])
    return sorted(found)


@functools.cache
def scenarios() -> tuple[tuple[str, str, frozenset[str], tuple[str, ...]], ...]:
    """(feature file, scenario name, tags with the feature's, step texts) of every scenario,
    parsed once for all the clauses asked about."""
    found = []
    paths = sorted({path for folder in FEATURES.values() for path in folder.glob("*.feature")})
    for path in paths:
        feature = FeatureParser(str(path.parent), path.name).parse()
        for name, scenario in feature.scenarios.items():
            tags = frozenset(scenario.tags) | frozenset(feature.tags)
            found.append((path.name, name, tags, tuple(step.name for step in scenario.steps)))
    return tuple(found)


def test_some_clauses_are_marked_as_prohibitions() -> None:
    ids = prohibitions()
    assert any(i.startswith("unknown.") for i in ids), "no Unknown clause marked prohibition"
    assert any(i.startswith("fs.") for i in ids), "no Falling Skies clause marked prohibition"


@pytest.mark.parametrize("clause", prohibitions())
def test_every_prohibition_has_a_refusal_scenario(clause: str) -> None:
    tagged = [(f, n, steps) for f, n, tags, steps in scenarios() if f"clause:{clause}" in tags]
    assert tagged, f"no scenario is tagged @clause:{clause}"
    refusing = [n for _, n, steps in tagged if any(REFUSAL.search(s) for s in steps)]
    assert refusing, (
        f"{clause} forbids something, but none of its {len(tagged)} scenario(s) asserts a "
        f"refusal: {', '.join(n for _, n, _ in tagged)}"
    )


# --- the strictness mechanism fails when it should -------------------------------------------------

CONFTEST = textwrap.dedent(
    """
    import tests.conftest as real

    pytest_plugins = real.pytest_plugins
    pytest_bdd_apply_tag = real.pytest_bdd_apply_tag
    """
)

FEATURE = textwrap.dedent(
    """
    Feature: strictness probes
      Scenario: control, every decision scripted
        Given the map:
          | base #base | food | scrap #fell @yellow |
        And the base holds 6 food
        And the unused survivor cards are: tracker and nurse
        And it is yellow's turn with 0 AP
        When the players forfeit yellow
        And the draw gives the Tracker
        Then yellow is the Tracker

      Scenario: unasked, a draw with one card left
        Given the map:
          | base #base | food | scrap #fell @yellow |
        And the base holds 6 food
        And the unused survivor cards are: tracker
        And it is yellow's turn with 0 AP
        When the players forfeit yellow
        And the draw gives the Tracker

      Scenario: unscripted, a draw left hanging
        Given the map:
          | base #base | food | scrap #fell @yellow |
        And the base holds 6 food
        And the unused survivor cards are: tracker and nurse
        And it is yellow's turn with 0 AP
        When the players forfeit yellow
        Then yellow stands on #fell

      Scenario: unscripted, a draw skipped by the next step
        Given the map:
          | base #base | food | scrap #fell @yellow |
        And the base holds 6 food
        And the unused survivor cards are: tracker and nurse
        And it is yellow's turn with 0 AP
        When the players forfeit yellow
        And yellow ends the turn

      Scenario: unscripted, a launch with no column left
        Given the sky:
          | . | . | . | . | . |
          | . | . | . | . | . |
          | . | . | . | . | . |
          | . | . | . | . | . |
        And ships p1 and p2 wait on the mothership
        And the mothership is on row 1
        And the room phase
        When the player ends the room phase
        And the player launches into columns 1

      Scenario: unasked, a launch column left over
        Given the sky:
          | . | . | . | . | . |
          | . | . | . | . | . |
          | . | . | . | . | . |
          | . | . | . | . | . |
        And ship p1 waits on the mothership
        And the mothership is on row 1
        And the room phase
        When the player ends the room phase
        And the player launches into columns 1 and 2
    """
)


@pytest.fixture(scope="module")
def probe_run(tmp_path_factory: pytest.TempPathFactory) -> str:
    """Run the probe scenarios in a subprocess; its report, one line per scenario."""
    where = tmp_path_factory.mktemp("strict")
    (where / "conftest.py").write_text(CONFTEST, encoding="utf-8")
    (where / "probes.feature").write_text(FEATURE, encoding="utf-8")
    (where / "test_probes.py").write_text(
        'from pytest_bdd import scenarios\n\nscenarios("probes.feature")\n', encoding="utf-8"
    )
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-rA", "-p", "no:cacheprovider", str(where)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "400"},
    )
    return done.stdout + done.stderr


def outcome(report: str, scenario: str) -> str:
    """The short-summary line (``PASSED ...`` / ``FAILED ... - message``) of one probe."""
    for line in report.splitlines():
        match = re.match(r"^(PASSED|FAILED|ERROR) \S*::test_(\w+)", line)
        if match and scenario in match.group(2):
            return line
    raise AssertionError(f"no result for {scenario} in the probe run:\n{report[-3000:]}")


def test_a_fully_scripted_scenario_passes(probe_run: str) -> None:
    line = outcome(probe_run, "control_every_decision_scripted")
    assert line.startswith("PASSED"), probe_run[-3000:]


@pytest.mark.parametrize(
    ("scenario", "message"),
    [
        ("unasked_a_draw_with_one_card_left", "scripted recruit the tracker was never asked for"),
        ("unscripted_a_draw_left_hanging", "but the scenario scripted no decision"),
        ("unscripted_a_draw_skipped_by_the_next_step", "but the scenario scripted no decision"),
        ("unscripted_a_launch_with_no_column_left", "but the scenario scripted no decision"),
        ("unasked_a_launch_column_left_over", "was never asked for"),
    ],
)
def test_the_strictness_checks_fail_the_scenario(
    probe_run: str, scenario: str, message: str
) -> None:
    line = outcome(probe_run, scenario)
    assert line.startswith("FAILED"), f"{line}\n{probe_run[-3000:]}"
    assert message in line, f"the failure does not say {message!r}: {line}"
