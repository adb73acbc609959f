"""The scenario-capture plugin (``tests/steps/capture.py``): the records ``--rulings-capture``
writes for the verification report, and the readings ``--rulings-reading`` forces.

The plugin is run the way ``rulings verify`` runs it: pytest in a subprocess on a few real
scenarios of ``features/``; the files it writes are then read back and checked against the
feature files themselves.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from engine.core.ruleset import Switches
from engine.falling_skies.ruleset import interpretation_ledger as fs_ledger
from engine.unknown.ruleset import DEFAULT
from engine.unknown.ruleset import interpretation_ledger as unknown_ledger
from tests.steps import capture

ROOT = Path(__file__).resolve().parent.parent

FIGHTER = "test_a_fighter_shoots_down_every_ship_on_an_explosion_icon_up_to_its_value"
"""Falling Skies, has a When; its expectations hold under the default ``fighter-timing`` only."""
TRAP = "test_the_survivor_sets_a_trap_on_his_own_tile"
"""Unknown, has a When that puts a trap token on the map."""
ROUND_BARRIER = "test_range_goes_round_a_barrier"
"""Unknown, no When (Given the map, Then ranges): no "before" board."""
EXEMPT = "test_range_to_a_barrier_tile_exists_when_only_the_tiles_between_must_be_passable"
"""Unknown, sets ``range-endpoints`` to ``exempt`` itself, and needs it."""
TOO_FEW = "test_a_game_for_only_2_survivors_is_refused"
"""Unknown setup refused before any map exists: no board at all."""
SKIPPED = "test_a_diagonal_neighbour_is_two_moves_away"
"""Skipped by the helper plugin below, to see a skipped scenario recorded."""
CHOSEN = (FIGHTER, TRAP, ROUND_BARRIER, EXEMPT, TOO_FEW, SKIPPED)

SKIP_PLUGIN = f'''
import pytest

def pytest_collection_modifyitems(items):
    for item in items:
        if item.name == "{SKIPPED}":
            item.add_marker(pytest.mark.skip(reason="skipped by the capture test"))
'''

BREAK_PLUGIN = """
import engine.unknown.svg

def _broken(*args, **kwargs):
    raise RuntimeError("the pen ran dry")

def pytest_configure(config):
    engine.unknown.svg.draw_unknown = _broken
"""


def run_scenarios(
    tmp: Path, names: tuple[str, ...], *options: str, plugin: str | None = None
) -> subprocess.CompletedProcess[str]:
    """pytest on the named scenarios of ``tests/test_scenarios.py``, in a subprocess."""
    env = dict(os.environ)
    args = [
        sys.executable,
        "-m",
        "pytest",
        "tests/test_scenarios.py",
        "-q",
        "-p",
        "no:cacheprovider",
    ]
    args += ["-k", " or ".join(names), *options]
    if plugin is not None:
        (tmp / "capture_test_helper.py").write_text(plugin, encoding="utf-8")
        env["PYTHONPATH"] = os.pathsep.join([str(tmp), env.get("PYTHONPATH", "")])
        args += ["-p", "capture_test_helper"]
    return subprocess.run(
        args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=False
    )


def records(folder: Path) -> dict[str, dict[str, Any]]:
    """The capture records of a run, by test name."""
    found = {}
    for path in sorted((folder / "scenarios").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        found[data["nodeid"].split("::")[-1]] = data
    return found


@pytest.fixture(scope="module")
def default_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, dict]]:
    """The chosen scenarios captured under the ledger's default readings."""
    tmp = tmp_path_factory.mktemp("default")
    out = tmp / "capture"
    done = run_scenarios(tmp, CHOSEN, "--rulings-capture", str(out), plugin=SKIP_PLUGIN)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return out, records(out)


@pytest.fixture(scope="module")
def forced_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, dict]]:
    """The same scenarios with two alternative readings forced, one per game."""
    tmp = tmp_path_factory.mktemp("forced")
    out = tmp / "capture"
    readings = ("fighter-timing=next-round", "range-endpoints=target-passable")
    options = [f"--rulings-reading={r}" for r in readings]
    done = run_scenarios(tmp, CHOSEN, "--rulings-capture", str(out), *options, plugin=SKIP_PLUGIN)
    assert done.returncode == 1, done.stdout[-3000:] + done.stderr[-3000:]
    return out, records(out)


def svg_root(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag.endswith("svg"), root.tag
    return root


def feature_lines(record: dict[str, Any]) -> list[str]:
    return (ROOT / record["feature"]).read_text(encoding="utf-8").splitlines()


# --- the records -------------------------------------------------------------------------------


def test_one_record_per_scenario_run_and_nothing_half_written(default_run) -> None:
    out, found = default_run
    assert sorted(found) == sorted(CHOSEN)
    names = [p.name for p in (out / "scenarios").iterdir()]
    assert all(name.endswith(".json") and not name.startswith(".") for name in names), names
    run = json.loads((out / "run.json").read_text(encoding="utf-8"))
    assert run["exitstatus"] == 0
    assert run["scenarios_written"] == len(CHOSEN)
    assert run["forced_readings"] == {}


def test_a_record_names_the_scenario_as_its_feature_file_writes_it(default_run) -> None:
    _, found = default_run
    for name, record in found.items():
        lines = feature_lines(record)
        heading = lines[record["line"] - 1].strip()
        assert heading.startswith("Scenario") and heading.endswith(record["scenario"]), (
            name,
            heading,
        )
        assert any(
            line.startswith("Feature: ") and record["feature_name"] in line for line in lines
        )
        assert record["feature"].startswith("features/") and record["feature"].endswith(".feature")
        following = [line.strip() for line in lines[record["line"] :]]
        cursor = 0
        for step in record["steps"]:
            written = f"{step['keyword']} {step['text']}"
            assert written in following[cursor:], (name, written)
            cursor = following.index(written, cursor) + 1
        above = lines[record["line"] - 2].strip()
        assert above.startswith("@"), (name, above)
        assert set(re.findall(r"@(\S+)", above)) <= set(record["tags"]), name


def test_games_and_outcomes(default_run) -> None:
    _, found = default_run
    assert found[FIGHTER]["game"] == "falling-skies"
    assert {found[n]["game"] for n in (TRAP, ROUND_BARRIER, EXEMPT, TOO_FEW)} == {"unknown"}
    assert found[SKIPPED]["outcome"] == "skipped"
    assert {found[n]["outcome"] for n in CHOSEN if n != SKIPPED} == {"passed"}


def test_a_map_table_is_kept_with_its_step(default_run) -> None:
    _, found = default_run
    first = found[TRAP]["steps"][0]
    assert (first["keyword"], first["text"]) == ("Given", "the map:")
    assert first["datatable"] == [["base", "scrap #S @yellow", "beast #lair !beast:b1"]]


def test_boards_before_the_first_when_and_at_the_end(default_run) -> None:
    pytest.importorskip("engine.svg")
    _, found = default_run
    for name in (TRAP, FIGHTER):
        record = found[name]
        assert "svg_error" not in record, record.get("svg_error")
        for key in ("before_svg", "after_svg"):
            root = svg_root(record[key])
            assert root.get("data-game") == record["game"], (name, key)

    def traps(text: str) -> int:
        root = svg_root(text)
        return sum(
            1 for g in root.iter() if g.get("class") == "token" and g.get("data-kind") == "trap"
        )

    assert traps(found[TRAP]["before_svg"]) == 0
    assert traps(found[TRAP]["after_svg"]) == 1


def test_no_when_means_no_before_board_and_no_board_means_no_drawing(default_run) -> None:
    _, found = default_run
    assert found[ROUND_BARRIER]["before_svg"] is None
    if capture._svg_module() is not None:
        svg_root(found[ROUND_BARRIER]["after_svg"])
    for name in (TOO_FEW, SKIPPED):
        record = found[name]
        assert (record["before_svg"], record["after_svg"]) == (None, None), name
        assert "svg_error" not in record, name


# --- switches read -----------------------------------------------------------------------------


def test_switches_read_name_the_switches_the_scenario_depends_on(default_run) -> None:
    _, found = default_run
    unknown, falling_skies = set(unknown_ledger()), set(fs_ledger())
    assert "fighter-timing" in found[FIGHTER]["switches_read"]
    assert found[FIGHTER]["readings_seen"]["fighter-timing"] == ["same-round"]
    for name in (ROUND_BARRIER, EXEMPT):
        reads = set(found[name]["switches_read"])
        assert "range-endpoints" in reads, name
        assert reads <= unknown and len(reads) < len(unknown), (name, reads)
    assert set(found[FIGHTER]["switches_read"]) <= falling_skies
    assert found[SKIPPED]["switches_read"] == []


def test_a_scenario_a_forced_reading_changes_had_read_that_switch(default_run, forced_run) -> None:
    """The differential run relies on this: a switch never read cannot change an outcome."""
    _, default = default_run
    _, forced = forced_run
    changed = [n for n in CHOSEN if default[n]["outcome"] != forced[n]["outcome"]]
    assert changed, "no outcome changed: the forced readings did not reach the engine"
    for name in changed:
        assert {"fighter-timing", "range-endpoints"} & set(default[name]["switches_read"]), name


# --- forced readings ---------------------------------------------------------------------------


def test_a_forced_reading_is_where_every_world_starts(default_run, forced_run) -> None:
    out, forced = forced_run
    _, default = default_run
    assert default[FIGHTER]["outcome"] == "passed"
    assert forced[FIGHTER]["outcome"] == "failed"
    assert forced[FIGHTER]["readings_seen"]["fighter-timing"] == ["next-round"]
    assert forced[ROUND_BARRIER]["readings_seen"]["range-endpoints"] == ["target-passable"]
    run = json.loads((out / "run.json").read_text(encoding="utf-8"))
    assert run["forced_readings"] == {
        "unknown": {"range-endpoints": "target-passable"},
        "falling-skies": {"fighter-timing": "next-round"},
    }


def test_a_failed_scenario_still_has_its_final_board(forced_run) -> None:
    pytest.importorskip("engine.svg")
    _, forced = forced_run
    svg_root(forced[FIGHTER]["after_svg"])


def test_a_scenario_that_sets_the_switch_keeps_its_own_reading(forced_run) -> None:
    _, forced = forced_run
    assert forced[EXEMPT]["outcome"] == "passed"
    assert forced[EXEMPT]["readings_seen"]["range-endpoints"] == ["exempt"]


@pytest.mark.parametrize(
    ("option", "named"),
    [
        ("no-such-switch=x", "no interpretation switch 'no-such-switch'"),
        ("range-endpoints=sideways", "has no reading 'sideways'"),
        ("range-endpoints", "expected SWITCH=READING"),
    ],
)
def test_a_bad_reading_is_a_usage_error(option: str, named: str) -> None:
    with pytest.raises(pytest.UsageError, match=re.escape(named)):
        capture.parse_forced([option])


def test_one_switch_forced_two_ways_is_refused() -> None:
    with pytest.raises(pytest.UsageError, match="already forced"):
        capture.parse_forced(["range-endpoints=exempt", "range-endpoints=target-passable"])
    both = capture.parse_forced(["range-endpoints=target-passable", "dice-count=note"])
    assert both == {
        "unknown": {"range-endpoints": "target-passable"},
        "falling-skies": {"dice-count": "note"},
    }


def test_a_bad_reading_stops_pytest_with_one_line_and_no_traceback(tmp_path: Path) -> None:
    out = tmp_path / "capture"
    done = run_scenarios(
        tmp_path,
        (TRAP,),
        "--rulings-capture",
        str(out),
        "--rulings-reading",
        "blaze-flight=upwards",
    )
    assert done.returncode == 4, done.stdout + done.stderr
    assert "blaze-flight=upwards" in done.stderr and "has no reading 'upwards'" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout
    assert not out.exists()


# --- drawing errors ----------------------------------------------------------------------------


def test_a_drawing_error_is_recorded_and_does_not_fail_the_scenario(tmp_path: Path) -> None:
    pytest.importorskip("engine.svg")
    out = tmp_path / "capture"
    done = run_scenarios(tmp_path, (TRAP,), "--rulings-capture", str(out), plugin=BREAK_PLUGIN)
    assert done.returncode == 0, done.stdout[-3000:]
    record = records(out)[TRAP]
    assert record["outcome"] == "passed"
    assert (record["before_svg"], record["after_svg"]) == (None, None)
    assert "the pen ran dry" in record["svg_error"]
    assert record["svg_error"].startswith("before: ") and "; after: " in record["svg_error"]


# --- the pieces, in process --------------------------------------------------------------------


def test_safe_names_are_filesystem_safe_and_unique() -> None:
    ids = [
        "tests/test_scenarios.py::test_x[a/b]",
        "tests/test_scenarios.py::test_x[a_b]",
        "tests/test_scenarios.py::test_x[a b]",
        "tests/test_scenarios.py::" + "y" * 400,
    ]
    names = [capture.safe_name(i) for i in ids]
    assert len(set(names)) == len(ids)
    assert all(re.fullmatch(r"[A-Za-z0-9._-]{1,140}", n) for n in names), names


def test_validating_copying_hashing_a_ruleset_is_not_a_read() -> None:
    reads = capture.SwitchReads()
    reads.install()
    try:
        reads.start()
        changed = DEFAULT.with_readings(range_endpoints="target-passable")
        hash(changed), changed == DEFAULT, repr(changed)  # noqa: B018 - touching, not reading
        assert reads.seen == {}
        assert changed.range_endpoints == "target-passable"
        assert getattr(DEFAULT, "blaze_flight", None) == "through-fire"
        with reads.paused():
            assert DEFAULT.respawn_turn == "keeps-ap"
        assert reads.stop() == {
            "range-endpoints": {"target-passable"},
            "blaze-flight": {"through-fire"},
        }
    finally:
        reads.uninstall()
    assert "__getattribute__" not in Switches.__dict__


def test_a_broken_scenario_leads_the_report_with_its_failing_step_and_message(forced_run) -> None:
    """Breaking a scenario (here: forcing a reading its expectations do not hold under) makes
    its record carry the failing step and the message, the steps after it skipped, and the
    report's index page show it first, under "What failed", with both."""
    from engine.report.cucumber import cucumber_json
    from engine.report.model import Coverage, GameReport, Report
    from engine.report.page import pages
    from engine.report.records import read_records

    folder, forced = forced_run
    broken = forced[FIGHTER]
    assert broken["outcome"] == "failed"
    failure = broken["failure"]
    statuses = [step["status"] for step in broken["steps"]]
    at = failure["step"]
    assert statuses[at] == "failed" and set(statuses[:at]) == {"passed"}
    assert set(statuses[at + 1 :]) <= {"skipped"}
    assert failure["message"].strip()
    found = read_records(folder)
    skies = found.of_game("falling-skies")
    report = Report(
        [GameReport("falling-skies", skies, [], [], False)], Coverage(None), [], 1.0, folder
    )
    index = pages(report)["index.html"]
    failed_at = index.index('id="failures"')
    first_scenario = index.index(broken["scenario"].replace("'", "&#x27;"), failed_at)
    failing_step = broken["steps"][at]["text"]
    assert index.index(failing_step.split()[0], failed_at) > failed_at
    message = failure["message"].splitlines()[0][:40]
    assert html_escape(message) in index[first_scenario:]
    (feature,) = [
        f
        for f in cucumber_json(skies)
        if any(e["name"] == broken["scenario"] for e in f["elements"])
    ]
    element = next(e for e in feature["elements"] if e["name"] == broken["scenario"])
    assert [s["result"]["status"] for s in element["steps"]] == statuses
    assert "error_message" in element["steps"][at]["result"]


def html_escape(text: str) -> str:
    from html import escape

    return escape(text)


def test_cucumber_json_keeps_the_map_table_and_the_engine_citations_are_recorded(
    default_run,
) -> None:
    """The "Given the map:" table reaches ``cucumber.json`` as rows, cell for cell; the record
    lists the clauses the engine cited, among them the trap clause the scenario is tagged
    with."""
    from engine.report.cucumber import cucumber_json
    from engine.report.records import read_records

    folder, found = default_run
    trap = found[TRAP]
    table = next(step["datatable"] for step in trap["steps"] if "datatable" in step)
    elements = [e for f in cucumber_json(read_records(folder).scenarios) for e in f["elements"]]
    element = next(e for e in elements if e["name"] == trap["scenario"])
    rows = next(step["rows"] for step in element["steps"] if "rows" in step)
    assert [row["cells"] for row in rows] == table
    tagged = {t.removeprefix("clause:") for t in trap["tags"] if t.startswith("clause:")}
    assert tagged & set(trap["cited"]), (tagged, trap["cited"])
