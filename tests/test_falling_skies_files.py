"""Under Falling Skies position files: states load and save unchanged; bad files are one line.

States reached by seeded random playouts of the shipped scenarios are written and read back
(YAML and JSON); hand-written bad files each fail with one ``PositionError`` naming the entry.
"""

from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path

import pytest
import yaml

from engine.core.errors import PositionError
from engine.falling_skies.files import (
    load_position,
    load_state,
    save_state,
    state_from_text,
    state_to_data,
    state_to_text,
)
from engine.falling_skies.game import FallingSkiesGame
from engine.falling_skies.playout import random_playout
from engine.falling_skies.ruleset import DEFAULT
from engine.falling_skies.scenario import default_scenario, load_scenario
from engine.falling_skies.state import FSState, Ship
from engine.positions import load_state as load_any_state

POSITIONS = Path(__file__).resolve().parent / "data" / "positions" / "falling_skies"
SCENARIOS = Path(__file__).resolve().parent.parent / "engine/falling_skies/data/scenarios"


def states_of_playouts(game: FallingSkiesGame, seeds: range) -> list[FSState]:
    """Every state the playouts pass through (after each decision)."""
    seen: list[FSState] = [game.initial_state()]
    for seed in seeds:
        random_playout(game, seed, on_step=lambda decision, step: seen.append(step.state))
    return seen


@pytest.mark.parametrize(
    ("scenario_file", "readings"),
    [
        ("pnp-easy.yaml", {}),
        ("pnp-easy.yaml", {"sky_row_3_excavated": "reversed", "dice_count": "note"}),
        ("pnp-easy.yaml", {"fighter_timing": "next-round"}),
        ("full-white-supply.yaml", {}),
        ("two-step-research.yaml", {}),
    ],
)
def test_states_of_random_playouts_read_back_unchanged(scenario_file, readings):
    scenario = load_scenario(SCENARIOS / scenario_file)
    ruleset = DEFAULT.with_readings(**readings)
    game = FallingSkiesGame(scenario, ruleset)
    states = states_of_playouts(game, range(15))
    assert len(states) > 300
    for state in states:
        for as_json in (False, True):
            text = state_to_text(state, scenario, as_json, ruleset)
            back = state_from_text(text, "<text>", as_json, ruleset, scenario=scenario)
            assert back == state, text


def test_ended_games_and_every_phase_are_among_the_round_trips():
    states = states_of_playouts(FallingSkiesGame(), range(10))
    assert {s.phase for s in states} == {"dice", "room", "mothership"}
    assert any(s.outcome is not None for s in states)
    marked = FallingSkiesGame(ruleset=DEFAULT.with_readings(fighter_timing="next-round"))
    assert any(s.marks for s in states_of_playouts(marked, range(10)))
    assert any(s.pending and s.pending[0][0] == "launch" for s in states)


def test_save_and_load_through_a_file(tmp_path):
    states = states_of_playouts(FallingSkiesGame(), range(1))
    state = states[len(states) // 2]  # one from the middle of the game
    for name in ("mid.yaml", "mid.json"):
        path = save_state(state, tmp_path / name, default_scenario())
        assert load_state(path) == state
        assert load_any_state(path) == state
    assert json.loads((tmp_path / "mid.json").read_text())["game"] == "falling-skies"


def test_the_initial_state_is_short_defaults_left_out():
    game = FallingSkiesGame()
    data = state_to_data(game.initial_state(), game.scenario)
    assert list(data) == ["game", "scenario", "pending", "ships"]
    assert data["pending"] == [["roll"]]


def test_canonical_order_of_keys():
    text = (POSITIONS / "room-phase.yaml").read_text()
    data = yaml.safe_load(text)
    state = load_state(POSITIONS / "room-phase.yaml")
    assert list(state_to_data(state, default_scenario())) == list(data)


def test_unplaced_dice_read_in_canonical_order():
    text = (
        "game: falling-skies\nscenario: pnp-easy\n"
        "rolled: [{value: 6, white: true}, {value: 5}, {value: 2}]\n"
    )
    state = state_from_text(text, "<text>")
    assert [(d.value, d.white) for d in state.rolled] == [(2, False), (5, False), (6, True)]


def test_a_scenario_file_by_path_relative_to_the_position(tmp_path):
    scenario_file = tmp_path / "boards" / "mine.yaml"
    scenario_file.parent.mkdir()
    scenario_file.write_text((SCENARIOS / "near-skull.yaml").read_text())
    position = tmp_path / "pos" / "a.yaml"
    position.parent.mkdir()
    position.write_text("game: falling-skies\nscenario: ../boards/mine.yaml\nround: 2\n")
    loaded = load_position(position)
    assert loaded.scenario.name == "near-skull"
    assert loaded.scenario_file.resolve() == scenario_file
    out = tmp_path / "elsewhere" / "b.yaml"
    out.parent.mkdir()
    save_state(loaded.state, out, loaded.scenario, scenario_file=loaded.scenario_file)
    assert yaml.safe_load(out.read_text())["scenario"] == "../boards/mine.yaml"
    assert load_state(out) == loaded.state


@pytest.mark.parametrize("path", sorted(POSITIONS.glob("*.yaml")), ids=lambda p: p.stem)
def test_the_example_positions_load_and_save_unchanged(tmp_path, path):
    state = load_state(path)
    out = save_state(state, tmp_path / path.name, default_scenario())
    assert load_state(out) == state


def test_the_example_positions_cover_the_moments_of_a_round():
    states = {p.stem: load_state(p) for p in POSITIONS.glob("*.yaml")}
    assert states["dice-start"].pending == (("roll",),)
    assert states["mid-placement"].placed and states["mid-placement"].rolled
    assert states["room-phase"].phase == "room"
    assert states["launch-tie"].pending[0][0] == "launch"


BASE = "game: falling-skies\nscenario: pnp-easy\n"
BAD = [
    ("game: falling-skies\nround: 2\n", "file", "'scenario' is a required property"),
    (BASE.replace("pnp-easy", "moon"), "scenario", "no shipped scenario 'moon'"),
    (BASE.replace("pnp-easy", "boards/none.yaml"), "scenario", "no scenario file"),
    (BASE + "phase: night\n", "phase", "'night' is not one of"),
    (BASE + "round: 0\n", "round", "less than the minimum of 1"),
    (BASE + "colour: red\n", "file", "unknown key(s) ('colour' was unexpected)"),
    (BASE + "energy: 8\n", "energy", "8 is above the track's top, 7"),
    (BASE + "energy: -1\n", "energy", "less than the minimum of 0"),
    (BASE + "damage: 5\n", "damage", "the 5th reaches the skull"),
    (BASE + "research: 14\n", "research", "the track has 14"),
    (BASE + "mothership_row: 16\n", "mothership_row", "past the sky's 15 rows"),
    (BASE + "excavator: [9, 9]\n", "excavator", "[9, 9] is not on the excavator's path"),
    (BASE + "rolled: [{value: 7}]\n", "rolled[0].value", "greater than the maximum of 6"),
    (
        BASE
        + "rolled: [{value: 1, white: true}, {value: 2, white: true}, {value: 3, white: true}]\n",
        "rolled",
        "0 grey and 3 white dice",
    ),
    (
        BASE + "placed: [{row: 1, column: 2, value: 3}, {row: 4, column: 2, value: 5}]\n",
        "placed[1]",
        "column 2 already has a die",
    ),
    (BASE + "placed: [{row: 7, column: 2, value: 3}]\n", "placed[0].row", "city row 7 is off"),
    (
        BASE + "phase: mothership\nplaced: [{row: 1, column: 2, value: 3}]\n",
        "placed",
        "no die stays placed in the mothership phase",
    ),
    (
        BASE + "ships: [{id: p1, color: purple}, {id: p1, color: purple}]\n",
        "ships[1].id",
        "'p1' is listed twice",
    ),
    (
        BASE + "ships: [{id: p1, color: purple, row: 3}]\n",
        "ships[0]",
        "give both row and column",
    ),
    (
        BASE + "ships: [{id: p1, color: purple, row: 16, column: 1}]\n",
        "ships[0].row",
        "sky row 16 is off the sky",
    ),
    (
        BASE
        + "ships: [{id: p1, color: purple, row: 3, column: 1}, "
        + "{id: p2, color: purple, row: 3, column: 1}]\n",
        "ships[1]",
        "p1 is already on sky space [3, 1]",
    ),
    (
        BASE + "ships: [{id: w1, color: white}, {id: w2, color: white}, {id: w3, color: white}]\n",
        "ships",
        "3 white ship(s) in play and 0 shot down; the supply holds 2",
    ),
    (BASE + "ships: [{id: p1, color: green}]\n", "ships[0].color", "'green' is not one of"),
    (BASE + "pending: [[launch, 9]]\n", "pending[0]", "at most 5"),
    (BASE + "pending: [[roll, 2]]\n", "pending[0]", "is not [roll], [reroll] or [launch, N]"),
    (BASE + "pending: [[fly]]\n", "pending[0][0]", "'fly' is not one of"),
    (
        BASE + "outcome: {result: win, clause: fs.nowhere, why: x}\n",
        "outcome.clause",
        "'fs.nowhere' is not in the clause index",
    ),
    (BASE + "marks: [{ship: p9, number: 2, round: 1}]\n", "marks[0].ship", "'p9' names no ship"),
    ("game: falling-skies\nscenario: [pnp\n", "line 3", "malformed YAML"),
]


@pytest.mark.parametrize(("text", "entry", "problem"), BAD)
def test_bad_files_are_one_line_naming_the_entry(tmp_path, text, entry, problem):
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(PositionError) as caught:
        load_state(path)
    error = caught.value
    assert error.source == str(path)
    assert error.entry == entry, str(error)
    assert problem in error.problem, str(error)
    assert "\n" not in str(error)


@pytest.mark.parametrize(
    "text",
    [
        BASE + "round: true\n",
        BASE + "energy: 1e400\n",
        BASE + "scenario: ''\n",
        BASE + "ships: [{id: 'p1; rm -rf /', color: purple}]\n",
        BASE + "excavator: [1]\n",
        BASE + "pending: [[]]\n",
        BASE + "rolled: {value: 3}\n",
        "game: falling-skies\nscenario: /etc/passwd\n",
        "game: falling-skies\nscenario: ../../../../etc/hostname.yaml\n",
        "- just\n- a list\n",
        "game: chess\n",
        "",
    ],
)
def test_hostile_values_are_refused_with_one_line(tmp_path, text):
    path = tmp_path / "hostile.yaml"
    path.write_text(text)
    with pytest.raises(PositionError) as caught:
        load_state(path)
    assert "\n" not in str(caught.value)
    assert str(caught.value).startswith(str(path)) or "/etc/" in str(caught.value)


def test_a_state_no_file_can_hold_is_refused_before_writing(tmp_path):
    state = FallingSkiesGame().initial_state()
    broken = replace(state, ships=(*state.ships, Ship("p1", "purple")))
    path = tmp_path / "never.yaml"
    with pytest.raises(PositionError):
        save_state(broken, path, default_scenario())
    assert not path.exists()
    assert os.listdir(tmp_path) == []


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    path = tmp_path / "keep.yaml"
    path.write_text("old\n")
    state = FallingSkiesGame().initial_state()

    def refuse(*args: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError):
        save_state(state, path, default_scenario())
    assert path.read_text() == "old\n"
    assert os.listdir(tmp_path) == ["keep.yaml"]
