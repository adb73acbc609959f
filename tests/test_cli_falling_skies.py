"""The commands on Under Falling Skies: show, resolve, play and the win-rate sweep.

The positions in ``tests/data/positions/falling_skies/`` were reached by seeded random playouts
of the default board (pnp-easy) and are described in their first comment line. Expected answers
are read off the board data and the rules (the clause each answer cites), not from a run.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
import yaml

from engine.falling_skies.files import load_state
from tests.cli_support import one_line_error, run

REPO = Path(__file__).resolve().parent.parent
POSITIONS = REPO / "tests" / "data" / "positions" / "falling_skies"
DICE_START = str(POSITIONS / "dice-start.yaml")
MID_PLACEMENT = str(POSITIONS / "mid-placement.yaml")
ROOM_PHASE = str(POSITIONS / "room-phase.yaml")
LAUNCH_TIE = str(POSITIONS / "launch-tie.yaml")
NEAR_SKULL = str(REPO / "engine/falling_skies/data/scenarios/near-skull.yaml")


# --- help ---------------------------------------------------------------------------------------


def fs_examples(command: str) -> list[list[str]]:
    """The Falling Skies example lines of ``rulings <command> --help``."""
    text = run(command, "--help").stdout
    lines = [line.strip() for line in text.splitlines()]
    found = [shlex.split(line)[1:] for line in lines if line.startswith("rulings ")]
    return [args for args in found if "falling" in " ".join(args)]


@pytest.mark.parametrize("command", ["sweep"])
def test_every_falling_skies_example_in_the_help_runs(command, monkeypatch, tmp_path):
    """The sweep's examples, with fewer playouts (every game's show, resolve and play examples
    run in tests/test_cli.py and tests/test_cli_play.py)."""
    monkeypatch.chdir(REPO)
    examples = fs_examples(command)
    assert examples, command
    for example in examples:
        args = [str(tmp_path / "after.yaml") if a == "after.yaml" else a for a in example]
        if "--playouts" in args:  # the sweep's figures are for the README, not for a test
            at = args.index("--playouts") + 1
            args[at] = str(min(int(args[at]), 30))
        result = run(*args)
        assert result.exit_code == 0, f"{example}\n{result.output}"
        assert result.stdout.strip(), example


def test_resolve_help_documents_the_phrases():
    text = run("resolve", "--help").stdout
    for phrase in ("place V[w] on R,C", "resolve ROOM", "skip ROOM", "excavate", "end rooms"):
        assert phrase in text
    for phrase in ("launch C", "roll V,V,Vw", "option N"):
        assert phrase in text


def test_the_falling_skies_readings_are_listed_by_rulings_readings():
    text = re.sub(r"-\s+", "-", " ".join(run("readings", "falling-skies").stdout.split()))
    assert "Under Falling Skies (falling-skies):" in text
    assert "switch fighter-timing" in text and "switch research-multi-step" in text
    assert "rulings readings GAME" in " ".join(run("play", "--help").stdout.split())


# --- show ---------------------------------------------------------------------------------------


def test_show_draws_the_sky_the_city_and_the_markers():
    result = run("show", ROOM_PHASE)
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert "round 6, room phase" in text
    assert "energy 3/7" in text and "damage 4" in text and "mothership row 8" in text
    lines = text.splitlines()
    # sky row 8: the mothership's row; its track action (pnp-easy row 8) is one white ship
    row8 = next(line for line in lines if line.startswith("  8 |"))
    assert "<== MOTHERSHIP" in row8 and "white 1" in row8
    # sky row 9: ship p2 on the explosion 6 of column 2 (board data)
    assert "X6 p2" in next(line for line in lines if line.startswith("  9 |"))
    # city row 3: research $1, the two-space energy room, fighter $2, tunnel (board data);
    # under it the dice of the file: a 1 on [3, 2] (not yet excavated), the excavator on [3, 3]
    top = lines.index(next(line for line in lines if line.startswith("  3 | RES")))
    assert re.findall(r"\S+", lines[top]) == ["3", "|", "RES$1", "|", "NRG", "|", "NRG", "|"] + [
        "FTR$2",
        "|",
        "TUN",
        "|",
    ]
    assert "[1] ~~~" in lines[top + 1] and "EXC" in lines[top + 1] and "[5]" in lines[top + 1]


def test_show_lists_unplaced_dice_waiting_ships_and_pending():
    text = run("show", MID_PLACEMENT).stdout
    assert "Unplaced dice: 5, 6, 4w" in text
    assert "Ships waiting on the mothership: p4" in text
    assert "Pending: launch 5" in run("show", LAUNCH_TIE).stdout


def test_show_with_another_reading_of_the_excavator_path():
    # reversed: row 3 is walked the other way, so [3, 4] and [3, 5] lie ahead of [3, 3]
    text = run("show", ROOM_PHASE, "--reading", "sky-row-3-excavated=reversed").stdout
    lines = text.splitlines()
    row3 = lines[[i for i, line in enumerate(lines) if line.startswith("  3 | RES")][0] + 1]
    assert row3.count("~~~") == 2


# --- resolve ------------------------------------------------------------------------------------


def test_resolve_without_action_says_what_is_next():
    result = run("resolve", LAUNCH_TIE)
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    # columns 1, 2 and 4 hold no ship (the file): an empty column comes first, a tie
    assert lines[0].startswith("next: player to decide [fs.launch.player-choice]")
    assert lines[1:] == ["  1. launch 1", "  2. launch 2", "  3. launch 4"]


def test_resolve_a_roll_said_as_faces():
    result = run("resolve", DICE_START, "roll 3,5,6,1w,2w", "--json")
    answer = json.loads(result.stdout)
    assert answer["decision"] == "roll 3,5,6,1w,2w"
    assert answer["events"][0]["clause"] == "fs.dice.roll"
    assert answer["next"]["type"] == "player"
    assert answer["next"]["clause"] == "fs.dice.place"


def test_a_bare_roll_draws_with_the_seed_and_the_same_seed_repeats():
    first = run("resolve", DICE_START, "roll", "--seed", "4").stdout
    assert first == run("resolve", DICE_START, "roll", "--seed", "4").stdout
    assert first.startswith("roll ")


def test_resolve_a_fighter_room(tmp_path):
    out = tmp_path / "after.yaml"
    result = run("resolve", ROOM_PHASE, "resolve r3c4", "--out", str(out))
    assert result.exit_code == 0, result.output
    # r3c4 is a fighter room costing 2 (board data); energy 3 pays it (fs.cost.pay)
    assert "[fs.cost.pay]" in result.stdout
    after = load_state(out)
    assert after.energy == 1
    assert "state written to" in result.stdout


def test_place_a_white_die_asks_for_the_reroll(tmp_path):
    result = run("resolve", MID_PLACEMENT, "place 4w on 2,1", "--json")
    answer = json.loads(result.stdout)
    # a white die placed: the unplaced dice (grey 5 and 6) are rerolled (fs.dice.place.white-reroll)
    assert answer["next"]["type"] == "chance"
    assert answer["next"]["clause"] == "fs.dice.place.white-reroll"


def test_option_n_is_the_nth_listed_option():
    listed = run("resolve", LAUNCH_TIE).stdout.splitlines()
    assert listed[3] == "  3. launch 4"
    by_option = run("resolve", LAUNCH_TIE, "option 3").stdout
    assert (
        by_option.splitlines()[1:] == run("resolve", LAUNCH_TIE, "launch 4").stdout.splitlines()[1:]
    )


def test_an_illegal_decision_is_one_line_exit_1_and_writes_nothing(tmp_path):
    out = tmp_path / "after.yaml"
    result = run("resolve", LAUNCH_TIE, "launch 3", "--out", str(out))
    line = one_line_error(result, 1, "rulings: illegal:")
    assert line.endswith("[fs.launch.player-choice]")
    assert not out.exists()
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("path", "phrase", "problem"),
    [
        (ROOM_PHASE, "fly away", "no action starts with 'fly'"),
        (MID_PLACEMENT, "place 2 on 2,1", "no unplaced grey 2 (unplaced: 5, 6, 4w)"),
        (MID_PLACEMENT, "place 9 on 2,1", "'9' is not a die face"),
        (MID_PLACEMENT, "place 5 on row2", "'row2' is not a city space"),
        (MID_PLACEMENT, "place 5", "write it as: place V[w] on R,C"),
        (ROOM_PHASE, "end", "write it as: end rooms"),
        (LAUNCH_TIE, "launch left", "write it as: launch C"),
        (DICE_START, "roll", "give --seed"),
        (LAUNCH_TIE, "option 9", "give an option number from 1 to 3"),
        (ROOM_PHASE, "", "say what to do"),
    ],
)
def test_a_phrase_that_cannot_be_read_is_one_line_exit_2(tmp_path, path, phrase, problem):
    out = tmp_path / "after.yaml"
    result = run("resolve", path, phrase, "--out", str(out))
    line = one_line_error(result, 2, "rulings: error: ACTION:")
    assert problem in line
    assert not out.exists()


def test_a_bad_reading_is_one_line_naming_the_option():
    result = run("resolve", ROOM_PHASE, "end rooms", "--reading", "dice-count=seven")
    one_line_error(result, 2, "rulings: error: --reading: switch 'dice-count' has no reading")


def test_a_bad_position_file_is_one_line_exit_2(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("game: falling-skies\nscenario: pnp-easy\nenergy: 12\n")
    line = one_line_error(run("resolve", str(path), "end rooms"), 2, "rulings: error:")
    assert line == f"rulings: error: {path}: energy: 12 is above the track's top, 7"
    one_line_error(run("show", str(path)), 2, "rulings: error:")


def test_a_failed_write_leaves_no_half_written_out_file(tmp_path, monkeypatch):
    import os

    out = tmp_path / "after.yaml"
    out.write_text("before\n")

    def refuse(*args: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", refuse)
    result = run("resolve", ROOM_PHASE, "end rooms", "--out", str(out))
    assert result.exit_code != 0
    assert out.read_text() == "before\n"
    assert [p.name for p in tmp_path.iterdir()] == ["after.yaml"]


def test_out_keeps_a_scenario_file_by_path(tmp_path):
    position = tmp_path / "start.yaml"
    position.write_text(f"game: falling-skies\nscenario: {NEAR_SKULL}\npending: [[roll]]\n")
    out = tmp_path / "sub" / "after.yaml"
    out.parent.mkdir()
    assert run("resolve", str(position), "roll", "--seed", "1", "--out", str(out)).exit_code == 0
    reference = yaml.safe_load(out.read_text())["scenario"]
    assert (out.parent / reference).resolve() == Path(NEAR_SKULL).resolve()


# --- play ---------------------------------------------------------------------------------------


def test_play_a_seeded_game_to_its_end():
    result = run("play", "falling-skies", "--seed", "1", "--random")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "scenario pnp-easy, seed 1"
    assert lines[1].startswith("setup: purple ship p1 launches")
    assert re.match(r"result: (win|loss): .* \[fs\.end\.[a-z-]+\] \(after \d+ decisions", lines[-1])
    assert result.stdout == run("play", "falling-skies", "--seed", "1", "--random").stdout


def test_play_json_ends_with_the_outcome():
    answer = json.loads(run("play", "falling-skies", "--seed", "2", "--random", "--json").stdout)
    assert answer["ending"]["result"] in ("win", "loss")
    assert answer["ending"]["clause"].startswith("fs.end.")
    assert answer["log"][0] == "scenario pnp-easy, seed 2"


def test_play_another_scenario_and_reading():
    result = run(
        "play",
        "falling-skies",
        "--seed",
        "3",
        "--random",
        "--scenario",
        NEAR_SKULL,
        "--reading",
        "dice-count=note",
    )
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("scenario near-skull, seed 3")


@pytest.mark.parametrize(
    ("args", "prefix"),
    [
        (["--seed", "1", "--random", "--mission", "hive"], "rulings: error: --mission applies"),
        (
            ["--random", "--reading", "nope=1"],
            "rulings: error: --reading: Under Falling Skies has no switch 'nope'",
        ),
        (["--random", "--scenario", "/no/such.yaml"], "rulings: error: /no/such.yaml: file:"),
    ],
)
def test_play_bad_input_is_one_line(args, prefix):
    one_line_error(run("play", "falling-skies", *args), 2, prefix)


def test_unknown_play_refuses_a_scenario():
    result = run("play", "unknown", "--random", "--scenario", NEAR_SKULL)
    one_line_error(result, 2, "rulings: error: --scenario applies to falling-skies only")


# --- sweep --------------------------------------------------------------------------------------


def test_sweep_prints_playouts_wins_losses_errors_and_speed():
    result = run("sweep", "--game", "falling-skies", "--playouts", "40", "--seed", "5")
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert "playouts: 40" in text
    assert re.search(r"^wins: \d+ \(\d+\.\d\d%\)$", text, re.M)
    assert "engine errors: 0" in text
    assert re.search(r"playouts/s\)$", text, re.M)
    assert "40/40 playouts" in result.stderr


def test_sweep_json_counts_add_up():
    result = run("sweep", "--game", "falling-skies", "--playouts", "25", "--json")
    answer = json.loads(result.stdout)
    assert answer["playouts"] == 25
    assert answer["wins"] + sum(answer["losses"].values()) + answer["errors"] == 25
    assert all(clause.startswith("fs.end.") for clause in answer["losses"])


def test_sweep_exits_1_on_an_engine_error(monkeypatch):
    import engine.falling_skies.playout as playout

    def broken(game, seed, *args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(playout, "random_playout", broken)
    result = run("sweep", "--game", "falling-skies", "--playouts", "3", "--workers", "1")
    assert result.exit_code == 1  # one worker runs in this process, where the patch is
    assert "engine errors: 3" in result.stdout
    assert "seed 0: RuntimeError: boom" in result.stdout


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["--game", "falling-skies", "--missions", "hive"], "--missions does not apply"),
        (["--game", "unknown", "--playouts", "5"], "--playouts does not apply"),
        (["--game", "falling-skies", "--playouts", "0"], "--playouts: 0 is not in the range"),
        (["--game", "chess"], "--game: 'chess' is not one of"),
    ],
)
def test_sweep_bad_options_are_one_line(args, problem):
    line = one_line_error(run("sweep", *args), 2, "rulings: error:")
    assert problem in line


@pytest.mark.parametrize(
    "args",
    [
        ["query", "range", ROOM_PHASE, "0,0", "1,1"],
        ["query", "explore", ROOM_PHASE, "--who", "p1"],
    ],
)
def test_the_unknown_geometry_queries_refuse_a_falling_skies_file(args):
    line = one_line_error(run(*args), 2, "rulings: error:")
    assert line.endswith("game: this command asks about Unknown maps only")
