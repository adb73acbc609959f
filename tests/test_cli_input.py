"""What people type into ``rulings``: negative coordinates, ``--version``, ``rulings readings``,
``--json`` errors, ``resolve --out``, plain-word parse errors, did-you-mean for names in
position files, and warnings for hand-written positions whose left-out entries make play odd."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path
from random import Random

import pytest
import yaml

from engine.core import registry
from engine.core.errors import PositionError, warnings_heard
from engine.core.game import ChanceNode, PlayerNode
from tests.cli_support import one_line_error, run

ROOT = Path(__file__).resolve().parent.parent
POSITIONS = ROOT / "tests" / "data" / "positions"
MID_TURN = str(POSITIONS / "play" / "mid-turn.yaml")
CORRIDOR = str(POSITIONS / "corridor.yaml")
DETOUR = str(POSITIONS / "detour.yaml")
DICE_START = str(POSITIONS / "falling_skies" / "dice-start.yaml")


def write(tmp_path: Path, text: str, name: str = "pos.yaml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def west_map(tmp_path: Path) -> str:
    """Base with a food tile west of it and a scrap tile south of that (no round in progress)."""
    return write(
        tmp_path,
        "game: unknown\ntiles:\n  - {at: [0, 0], tile: base}\n  - {at: [-1, 0], tile: food}\n"
        "  - {at: [-1, -1], tile: scrap}\n",
    )


# --- negative coordinates ------------------------------------------------------------------------


def test_a_range_between_negative_coordinates_is_answered(tmp_path):
    result = run("query", "range", west_map(tmp_path), "-1,0", "-1,-1", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"range": 1}


def test_a_negative_coordinate_may_come_before_the_options(tmp_path):
    result = run("query", "range", west_map(tmp_path), "0,0", "-1,-1", "--json")
    assert json.loads(result.stdout) == {"range": 2}


def test_a_move_to_a_negative_coordinate_is_applied():
    result = run("resolve", MID_TURN, "move", "yellow", "-1,0", "--json")
    assert result.exit_code == 0, result.output
    moved = [e for e in json.loads(result.stdout)["events"] if e["kind"] == "moved"]
    assert moved[0]["data"] == {"from": [0, 0], "to": [-1, 0], "who": "yellow"}


def test_a_negative_option_value_still_goes_to_its_option(tmp_path):
    result = run("query", "knockback", DETOUR, "--source", "0,0", "--distance", "-1", "--who", "x")
    line = one_line_error(result, 2, "rulings: error: --distance: ")
    assert "-1" in line


def test_a_mistyped_option_is_still_an_error_with_a_suggestion():
    result = run("resolve", MID_TURN, "--sede", "1", "move", "yellow", "-1,0")
    line = one_line_error(result, 2, "rulings: error: --sede: no such option")
    assert "(did you mean '--seed'?)" in line


def test_a_mistyped_option_after_a_negative_coordinate_is_an_error(tmp_path):
    result = run("query", "range", west_map(tmp_path), "-1,0", "-1,-1", "--jsn")
    line = one_line_error(result, 2, "rulings: error: --jsn: no such option")
    assert "(did you mean '--json'?)" in line


# --- --version -----------------------------------------------------------------------------------


def test_version_is_the_package_version():
    result = run("--version")
    assert result.exit_code == 0
    assert result.stdout.strip() == f"rulings {version('rulings')}"


# --- rulings readings ----------------------------------------------------------------------------


def ledger(game: str) -> dict:
    spec = registry.game(game)
    return yaml.safe_load(Path(spec.ledger).read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", ["unknown", "falling-skies"])
def test_readings_json_lists_every_switch_and_noted_reading_of_the_ledger(game):
    result = run("readings", game, "--json")
    assert result.exit_code == 0, result.output
    (answer,) = json.loads(result.stdout)["games"]
    data = ledger(game)
    assert [s["id"] for s in answer["switches"]] == [e["id"] for e in data["interpretations"]]
    assert [n["id"] for n in answer["noted"]] == [e["id"] for e in data.get("noted") or []]
    first, entry = answer["switches"][0], data["interpretations"][0]
    assert first["default"] == entry["default"]
    assert list(first["readings"]) == list(entry["readings"])
    assert first["question"] and first["why"]


def test_readings_text_names_each_switch_its_default_and_how_to_choose():
    text = run("readings", "unknown").stdout
    entry = ledger("unknown")["interpretations"][0]
    assert f"switch {entry['id']}" in text
    assert f"reading {entry['default']} (default)" in text
    assert f"choose: --reading {entry['id']}=" in text
    noted = ledger("unknown")["noted"][0]
    assert f"noted {noted['id']}" in text


def test_readings_without_a_game_lists_every_game():
    games = [g["game"] for g in json.loads(run("readings", "--json").stdout)["games"]]
    assert games == list(registry.names())


def test_readings_of_an_unknown_game_is_one_line():
    one_line_error(run("readings", "chess"), 2, "rulings: error: ")


def test_help_no_longer_lists_every_switch():
    for args in (["resolve", "--help"], ["play", "--help"], ["query", "range", "--help"]):
        text = " ".join(run(*args).stdout.split())
        assert "rulings readings" in text, args
        assert "range-endpoints: exempt" not in text, args
    assert "Examples:" in run("readings", "--help").stdout


def test_a_misspelt_switch_gets_a_suggestion():
    result = run("resolve", MID_TURN, "--reading", "range-endpoint=exempt")
    line = one_line_error(result, 2, "rulings: error: --reading: ")
    assert "(did you mean 'range-endpoints'?)" in line and "rulings readings unknown" in line


def test_a_misspelt_reading_gets_a_suggestion():
    result = run("query", "range", DETOUR, "0,0", "1,0", "--reading", "range-endpoints=exemt")
    line = one_line_error(result, 2, "rulings: error: --reading: ")
    assert "(did you mean 'exempt'?)" in line


# --- --json errors -------------------------------------------------------------------------------


def json_error(result, code: int) -> dict:
    """The JSON error on stdout, checked against the one stderr line and the exit code."""
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    (line,) = result.stderr.splitlines()
    error = json.loads(result.stdout)["error"]
    assert error["message"] in line
    return error


def test_an_input_error_with_json_is_a_json_object_too():
    error = json_error(run("resolve", MID_TURN, "--json", "--reading", "nope=x"), 2)
    assert error["kind"] == "input" and error["clause"] is None
    assert error["message"].startswith("--reading: ")


def test_a_bad_file_with_json_is_a_json_object_too(tmp_path):
    path = write(tmp_path, "game: unknown\ntiles: [\n")
    error = json_error(run("query", "range", path, "0,0", "0,0", "--json"), 2)
    assert error["kind"] == "input" and error["message"].startswith(f"{path}: line 3")


def test_an_illegal_decision_with_json_is_a_json_object_with_its_clause():
    error = json_error(run("resolve", MID_TURN, "clear", "yellow", "0,0", "--json"), 1)
    assert error["kind"] == "illegal"
    assert error["clause"] == "unknown.tile.unclearable"


def test_an_illegal_decision_without_json_prints_nothing_on_stdout():
    result = run("resolve", MID_TURN, "clear", "yellow", "0,0")
    line = one_line_error(result, 1, "rulings: illegal: ")
    assert line.endswith("[unknown.tile.unclearable]")


# --- resolve --out -------------------------------------------------------------------------------


def test_out_without_an_action_writes_the_position_as_read(tmp_path):
    out = tmp_path / "copy.yaml"
    result = run("resolve", MID_TURN, "--out", str(out))
    assert result.exit_code == 0, result.output
    assert f"state written to {out}" in result.stdout
    again = run("resolve", str(out), "--json")
    assert json.loads(again.stdout) == json.loads(run("resolve", MID_TURN, "--json").stdout)


def test_out_without_an_action_normalises_a_hand_written_file(tmp_path):
    path = write(tmp_path, "game: falling-skies\nscenario: pnp-easy\npending: [[roll]]\nround: 1\n")
    out = tmp_path / "normal.yaml"
    assert run("resolve", path, "--out", str(out)).exit_code == 0
    assert "round" not in yaml.safe_load(out.read_text())  # the default left out


def test_an_unwritable_out_names_the_option(tmp_path):
    out = tmp_path / "no-folder" / "x.yaml"
    line = one_line_error(run("resolve", MID_TURN, "end", "yellow", "--out", str(out)), 2, "")
    assert line.startswith(f"rulings: error: --out: cannot write {out}")


def test_a_state_that_cannot_be_saved_is_an_engine_fault_naming_the_output(tmp_path, monkeypatch):
    spec = registry.game("unknown")

    def refuse_to_save(*args, **kwargs):
        raise PositionError(str(tmp_path / "new.yaml"), "enemies[0].kind", "not one of ...")

    monkeypatch.setattr(type(spec), "save", refuse_to_save)
    out = str(tmp_path / "new.yaml")
    result = run("resolve", MID_TURN, "end", "yellow", "--out", out)
    line = one_line_error(result, 1, f"rulings: error: cannot save the state to {out}: ")
    assert line.endswith("enemies[0].kind: not one of ...")
    assert not Path(out).exists()


def test_resolve_json_events_carry_their_data_as_json():
    result = run("resolve", MID_TURN, "gather", "yellow", "food", "from", "1,0", "--json")
    assert result.exit_code == 0, result.output
    events = json.loads(result.stdout)["events"]
    assert events and all(set(e) == {"kind", "clause", "text", "data"} for e in events)
    assert any(e["data"] for e in events)


# --- plain-word parse errors ---------------------------------------------------------------------

PARSE_ERRORS = [
    ("game: unknown\ntiles:\n  - {at: [0, 0], tile: base\n", "line 4, column 1", "not closed"),
    ("game: unknown\ntiles: a: b\n", "line 2, column ", "a mapping value is not allowed"),
    ("game: unknown\ntiles:\n\t- {at: [0, 0], tile: base}\n", "line 3, column 1", "a tab"),
    ("game: unknown\ntiles: @x\n", "line 2, column 8", "quote the value"),
]


@pytest.mark.parametrize(("text", "where", "problem"), PARSE_ERRORS)
def test_a_malformed_yaml_file_says_line_column_and_problem_in_plain_words(
    tmp_path, text, where, problem
):
    path = write(tmp_path, text)
    line = one_line_error(run("show", path), 2, f"rulings: error: {path}: {where}")
    assert problem in line and "<" not in line


def test_a_malformed_json_file_says_line_column_and_problem(tmp_path):
    path = write(tmp_path, '{"game": "unknown",\n "tiles": [1,]}\n', "pos.json")
    line = one_line_error(run("show", path), 2, f"rulings: error: {path}: line 2, column ")
    assert "a value is missing" in line


# --- names in position files ---------------------------------------------------------------------

BASE = "game: unknown\ntiles:\n  - {at: [0, 0], tile: base}\n"
NAMES = [
    ("game: unknown\ntile:\n  - {at: [0, 0], tile: base}\n", "file", "did you mean 'tiles'?"),
    ("game: unknown\ntiles:\n  - {at: [0, 0], tile: Base}\n", "tiles[0].tile", "e.g. 'base'"),
    ("game: unknown\ntiles:\n  - {at: [0, 0], tile: spawn pit}\n", "tiles[0].tile", "'spawn_pit'"),
    (BASE + "tokens:\n  - {at: [0, 0], kind: fod}\n", "tokens[0].kind", "did you mean 'food'?"),
    (BASE + "mission: scuot\n", "mission", "did you mean 'scout'?"),
    (BASE + "phase: survivor_action\n", "phase", "did you mean 'survivor_actions'?"),
    (BASE + "stack:\n  rest: {fod: 1}\n", "stack.rest.fod", "did you mean 'food'?"),
    ("game: falling-skies\nscenario: pnp-easy\nphase: rom\n", "phase", "did you mean 'room'?"),
    ("game: falling-skies\nscenarios: pnp-easy\n", "file", "did you mean 'scenario'?"),
    (BASE + "  - {at: [1, 0], tile: fod}\n", "tiles[1].tile", "did you mean 'food'?"),
    (BASE + "  - {at: [1, 0], tile: spawnpit}\n", "tiles[1].tile", "did you mean 'spawn_pit'?"),
    (
        BASE + "survivors:\n  - {id: y, card: explorr, at: [0, 0]}\n",
        "survivors[0].card",
        "'explorer'",
    ),
    (
        BASE + "survivors:\n  - {id: y, card: scouts, at: [0, 0], borrowed: [nures]}\n",
        "survivors[0].borrowed",
        "did you mean 'nurse'?",
    ),
]


@pytest.mark.parametrize(("text", "entry", "suggestion"), NAMES)
def test_a_bad_name_in_a_position_file_is_explained_with_a_suggestion(
    tmp_path, text, entry, suggestion
):
    path = write(tmp_path, text)
    line = one_line_error(run("show", path), 2, f"rulings: error: {path}: {entry}")
    assert suggestion in line
    assert "^[a-z]" not in line  # no raw pattern


# --- warnings for hand-written positions ---------------------------------------------------------

WARNINGS = [
    (
        "game: unknown\ntiles:\n  - {at: [0, 0], tile: base}\nsurvivors:\n  - {id: y, at: [0, 0]}\n",
        ["phase: not given"],
    ),
    (
        "game: unknown\nphase: survivor_actions\nturn: y\ntiles:\n  - {at: [0, 0], tile: base}\n"
        "survivors:\n  - {id: y, at: [0, 0]}\n",
        ["survivors[0].ap: not given for y", "base: not given"],
    ),
    ("game: falling-skies\nscenario: pnp-easy\n", ["pending: not given"]),
]


@pytest.mark.parametrize(("text", "entries"), WARNINGS)
def test_a_left_out_entry_that_makes_play_odd_is_a_warning(tmp_path, text, entries):
    path = write(tmp_path, text)
    result = run("resolve", path)
    assert result.exit_code == 0, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == len(entries), result.stderr
    for line, entry in zip(lines, entries, strict=True):
        assert line.startswith(f"rulings: warning: {path}: {entry}")
        assert "add " in line


@pytest.mark.parametrize("path", [MID_TURN, DICE_START])
def test_a_complete_file_has_no_warning(path):
    result = run("resolve", path)
    assert result.exit_code == 0 and result.stderr == ""


@pytest.mark.parametrize("game", ["unknown", "falling-skies"])
def test_the_states_the_engine_writes_read_back_without_warnings(game):
    """Seeded random play: every state on the way, written as the engine writes it and read
    back as a file, warns of nothing (saved states are complete)."""
    spec = registry.game(game)
    ruleset = spec.ruleset()
    new = spec.new_game(ruleset, 1, {})
    game_engine, state, rng = new.game, new.state, Random(1)
    for _ in range(120):
        text = spec.position_text(game_engine, state)
        data = yaml.safe_load(text)
        opened = registry.open_data(spec, data, "saved.yaml", ruleset)
        assert opened.warnings == (), text
        node = game_engine.node(state)
        if isinstance(node, PlayerNode):
            decision = rng.choice(node.legal)
        elif isinstance(node, ChanceNode):
            decision = rng.choices([d for d, _ in node.outcomes], [p for _, p in node.outcomes])[0]
        else:
            break
        state = game_engine.apply(state, decision).state


def test_reading_a_file_outside_a_command_says_nothing(tmp_path):
    path = write(tmp_path, "game: falling-skies\nscenario: pnp-easy\n")
    with warnings_heard() as heard:
        pass
    assert heard == []
    done = subprocess.run(
        [sys.executable, "-c", f"from engine.positions import load_state; load_state({path!r})"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and done.stderr == ""


def test_show_draws_the_state_under_the_map():
    # mid-turn.yaml: round 2, survivor actions, yellow on turn with 2 AP, blue done, 5 food in base
    result = run("show", MID_TURN)
    assert result.exit_code == 0, result.output
    state = result.stdout.split("\nState:\n", 1)[1].splitlines()
    assert state[0] == "  round 2 · survivor actions phase · turn: yellow (2 AP left) · done: blue"
    assert state[1].startswith("  base: 5 food")
    assert "  yellow  survivor (explorer) on [0, 0] base: healthy, 2 AP" in result.stdout


def test_show_draws_a_map_without_a_round_as_a_map_and_says_so():
    # a drawing is not play: a map fragment draws without warnings, its state says no game began
    result = run("show", CORRIDOR)
    assert result.exit_code == 0 and result.stderr == ""
    assert "\nState:\n  map only: no game started\n" in result.stdout


# --- a source's readings at once ----------------------------------------------------------------


def test_a_source_named_as_a_reading_takes_every_reading_that_source_backs():
    spec = registry.game("falling-skies")
    summary = registry.chosen_readings(spec, ["summary"])
    # the summary shoots ships a round later and climbs research one space's need at a time
    assert summary["fighter-timing"] == "next-round"
    assert summary["research-multi-step"] == "each-step"
    assert all(
        any(s["by"] == "summary" and s["reading"] == r for s in spec.switches()[k]["sources"])
        for k, r in summary.items()
    )
    beside = registry.chosen_readings(spec, ["summary", "fighter-timing=same-round"])
    assert beside["fighter-timing"] == "same-round"  # a switch named beside it wins
    assert beside["research-multi-step"] == "each-step"


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["falling-skies", "--reading", "sumary"], "(did you mean 'summary'?) (sources: "),
        (["unknown", "--reading", "summary"], "Unknown's ledger names no sources"),
    ],
)
def test_a_source_no_ledger_cites_is_one_line(args, problem):
    line = one_line_error(run("play", *args, "--random"), 2, "rulings: error: --reading: ")
    assert problem in line
