"""Under Falling Skies scenario files: every shipped board loads, the default board holds the
facts of the board notes (/work/shared/rules/under-falling-skies-board.md), and every kind of bad
file gives one error line naming the file, the entry and the problem.

The bad files are run through both readers: ``read_scenario_data`` (parse, schema, semantic
checks) and the engine's ``load_scenario``, which must report the same problems.
"""

from __future__ import annotations

import copy
import importlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from engine.core.errors import PositionError
from engine.falling_skies.scenario_checks import (
    SCHEMA_PATH,
    check_scenario_data,
    read_scenario_data,
    scenario_schema,
)

SCENARIO_DIR = (
    Path(__file__).resolve().parent.parent / "engine" / "falling_skies" / "data" / "scenarios"
)
SHIPPED = sorted(SCENARIO_DIR.glob("*.yaml"))
BASE = SCENARIO_DIR / "two-step-research.yaml"
"""A small valid board that the bad-file cases below break one entry at a time."""


def _engine_loader() -> Callable[[Path], Any] | None:
    try:
        module = importlib.import_module("engine.falling_skies.scenario")
    except ImportError:
        return None
    return getattr(module, "load_scenario", None)


def _readers() -> list[Any]:
    readers = [pytest.param(read_scenario_data, id="read_scenario_data")]
    loader = _engine_loader()
    marks = () if loader else pytest.mark.skip(reason="engine.falling_skies.scenario not built yet")
    readers.append(pytest.param(loader, id="load_scenario", marks=marks))
    return readers


READERS = _readers()


def raw(path: Path) -> dict[str, Any]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


# -- the shipped files -----------------------------------------------------------------------------
def test_the_schema_is_a_valid_json_schema():
    jsonschema.Draft202012Validator.check_schema(scenario_schema())
    assert SCHEMA_PATH.name == "falling_skies_scenario.schema.json"


def test_the_default_and_the_synthetic_boards_are_shipped():
    names = {path.stem for path in SHIPPED}
    assert {"pnp-easy", "pnp-easy-row-3-excavated", "aa-gun-row-2", "short-sky"} <= names
    assert {"two-step-research", "full-white-supply", "near-skull"} <= names


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_every_shipped_scenario_passes_the_checks(path):
    data = read_scenario_data(path)
    assert data["name"] == path.stem


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_every_shipped_scenario_loads_in_the_engine(path):
    loader = _engine_loader()
    if loader is None:
        pytest.skip("engine.falling_skies.scenario not built yet")
    scenario = loader(path)
    data = raw(path)
    assert scenario.name == data["name"]
    assert scenario.columns == data["columns"] and scenario.city_rows == data["city_rows"]
    assert len(scenario.rooms) == len(data["rooms"])
    assert len(scenario.excavator_path) == data["columns"] * data["city_rows"]
    assert scenario.excavator_start == data["excavator"]["start"]
    assert tuple(scenario.research) == tuple(data["research"])


def test_the_default_scenario_is_pnp_easy():
    module = pytest.importorskip("engine.falling_skies.scenario")
    scenario = module.default_scenario()
    assert scenario.name == "pnp-easy"
    assert scenario.grey_dice == 3 and scenario.white_dice == 2
    assert scenario.energy_max == 7 and scenario.energy_start == 2


def test_json_and_yaml_give_the_same_scenario(tmp_path):
    data = raw(SCENARIO_DIR / "pnp-easy.yaml")
    path = tmp_path / "pnp-easy.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert read_scenario_data(path) == read_scenario_data(SCENARIO_DIR / "pnp-easy.yaml")
    loader = _engine_loader()
    if loader is not None:
        assert loader(path) == loader(SCENARIO_DIR / "pnp-easy.yaml")


# -- the default board against the board notes -----------------------------------------------------
PNP = raw(SCENARIO_DIR / "pnp-easy.yaml")


def room_at(row: int, column: int) -> dict[str, Any]:
    (room,) = [r for r in PNP["rooms"] if [row, column] in r["spaces"]]
    return room


def test_pnp_city_row_1_is_five_aa_guns():
    assert [room_at(1, c)["kind"] for c in range(1, 6)] == ["aa_gun"] * 5


@pytest.mark.parametrize(
    ("space", "kind", "modifier", "cost", "size"),
    [
        ((2, 1), "energy", -1, 0, 1),
        ((2, 2), "robot", -1, 1, 1),
        ((2, 3), "fighter", -1, 1, 1),
        ((2, 4), "tunnel", 0, 0, 1),
        ((2, 5), "research", -1, 1, 1),
        ((3, 1), "research", 0, 1, 1),
        ((3, 3), "energy", 0, 0, 2),
        ((3, 4), "fighter", 0, 2, 1),
        ((3, 5), "tunnel", 0, 0, 1),
        ((4, 1), "robot", 0, 2, 1),
        ((4, 2), "fighter", 1, 2, 1),
        ((4, 4), "research", 0, 1, 2),
        ((4, 5), "energy", 0, 0, 1),
        ((5, 2), "energy_fighter", -3, 0, 2),
        ((5, 3), "tunnel", 0, 0, 1),
        ((5, 4), "robot", 0, 1, 1),
        ((5, 5), "fighter", 0, 1, 1),
        ((6, 1), "tunnel", 0, 0, 1),
        ((6, 3), "research", 0, 1, 3),
        ((6, 5), "tunnel", 0, 0, 1),
    ],
)
def test_pnp_city_rooms_match_the_board_notes(space, kind, modifier, cost, size):
    room = room_at(*space)
    assert room["kind"] == kind
    assert room.get("modifier", 0) == modifier
    assert room.get("cost", 0) == cost
    assert len(room["spaces"]) == size


def test_pnp_excavator_starts_on_row_3_column_5_with_rows_1_and_2_dug():
    path = PNP["excavator"]["path"]
    start = PNP["excavator"]["start"]
    assert path[start] == [3, 5]
    assert sorted(map(tuple, path[:start])) == [(r, c) for r in (1, 2) for c in range(1, 6)]
    assert path[start + 1] == [3, 4]


def test_the_other_snake_direction_leaves_row_3_dug_and_changes_nothing_else():
    other = raw(SCENARIO_DIR / "pnp-easy-row-3-excavated.yaml")
    path = other["excavator"]["path"]
    start = other["excavator"]["start"]
    assert path[start] == [3, 5]
    assert sorted(map(tuple, path[: start + 1])) == [(r, c) for r in (1, 2, 3) for c in range(1, 6)]
    assert path[start + 1] == [4, 5]
    for key in PNP:
        if key not in ("name", "excavator", "assumptions"):
            assert other[key] == PNP[key], key


def test_pnp_sky_is_fifteen_rows_of_the_board_notes_icons():
    sky = PNP["sky"]
    assert len(sky) == 15 and all(len(row) == 5 for row in sky)
    assert sky[1] == ["", "", "", "L", ""]
    assert sky[8] == ["M", "X6", "", "L", ""]
    assert sky[14] == ["", "", "", "M", "X6"]
    icons = [icon for row in sky for icon in row if icon]
    assert icons.count("M") == 8
    assert sorted(i for i in icons if i.startswith("X")) == sorted(
        ["X1", "X2", "X2", "X2", "X3", "X3", "X3", "X3", "X4", "X4", "X5", "X5", "X5", "X6", "X6"]
    )


def test_pnp_tracks_match_the_board_notes():
    assert PNP["mothership"] == [
        ["none", 0],
        ["excavator", 1],
        ["white", 1],
        ["research", 1],
        ["excavator", 1],
        ["excavator", 2],
        ["research", 2],
        ["white", 1],
        ["excavator", 1],
        ["damage", 1],
        ["none", 0],
        ["skull", 0],
    ]
    assert PNP["research"] == [3, 1, 4, 2, 3, 2, 6, 2, 1, 4, 7, 4, 2, 12]
    assert PNP["damage_track"] == 4
    assert PNP["energy"] == {"max": 7, "start": 2}
    assert PNP["dice"] == {"grey": 3, "white": 2}
    assert PNP["ships"]["purple"] == 5


def test_pnp_lists_its_assumptions_including_the_robot_rooms():
    text = " ".join(PNP["assumptions"]).lower()
    for topic in ("robot", "excavator path", "dice", "damage track", "research track", "white"):
        assert topic in text, topic


# -- bad files -------------------------------------------------------------------------------------
def base() -> dict[str, Any]:
    return copy.deepcopy(raw(BASE))


def change(edit: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    data = base()
    edit(data)
    return data


def room(i: int, **fields: Any) -> Callable[[dict[str, Any]], None]:
    return lambda d: d["rooms"][i].update(fields)


def setting(*keys: str | int, value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        target = data
        for key in keys[:-1]:
            target = target[key]
        target[keys[-1]] = value

    return edit


def drop(*keys: str | int) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        target = data
        for key in keys[:-1]:
            target = target[key]
        del target[keys[-1]]

    return edit


def stack_room(data: dict[str, Any]) -> None:
    del data["rooms"][0]
    data["rooms"][4]["spaces"] = [[1, 1], [2, 1]]


def lengthen_track(data: dict[str, Any]) -> None:
    data["mothership"][0:0] = [["none", 0]] * 3


BAD_TEXT = [
    ("game: falling-skies\nrooms: [\n", "line 3", "malformed YAML"),
    ("- just\n- a list\n", "file", "mapping"),
    ("", "file", "mapping"),
]

BAD_DATA = [
    (setting("game", value="chess"), "game", "'falling-skies' was expected"),
    (drop("research"), "file", "'research' is a required property"),
    (setting("columns", value="five"), "columns", "is not of type 'integer'"),
    (setting("energy", "max", value=7.5), "energy.max", "is not of type 'integer'"),
    (room(0, colour="red"), "rooms[0]", "unknown key(s)"),
    (room(5, kind="laser"), "rooms[5].kind", "unknown room kind 'laser'"),
    (room(5, spaces=[[2]]), "rooms[5].spaces[0]", "too short"),
    (room(6, cost=-1), "rooms[6].cost", "less than the minimum"),
    (room(1, id="r1c1"), "rooms[1].id", "room id 'r1c1' is used twice"),
    (room(5, spaces=[[3, 1]]), "rooms[5].spaces[0]", "[3, 1] is off the city"),
    (room(5, spaces=[[2, 6]]), "rooms[5].spaces[0]", "[2, 6] is off the city"),
    (room(7, spaces=[[2, 3]]), "rooms[7].spaces[0]", "two rooms on [2, 3]"),
    (room(6, spaces=[[2, 2], [2, 4]]), "rooms[6].spaces", "neighbouring columns"),
    (stack_room, "rooms[4].spaces", "must lie in one row"),
    (room(6, cost=8), "rooms[6].cost", "could never be paid"),
    (lambda d: d["rooms"].pop(8), "rooms", "no room covers [2, 5]"),
    (lambda d: d["excavator"]["path"].pop(3), "excavator.path[3]", "jumps from [1, 3] to [1, 1]"),
    (lambda d: d["excavator"]["path"].append([3, 5]), "excavator.path[10]", "leaves the city"),
    (setting("excavator", "path", 9, value=[2, 4]), "excavator.path[9]", "already on the path"),
    (lambda d: d["excavator"]["path"].pop(), "excavator.path", "misses [2, 5]"),
    (setting("excavator", "start", value=10), "excavator.start", "past the end of the path"),
    (setting("excavator", "start", value=6), "excavator.start", "half excavated"),
    (setting("sky", 2, value=["", "", ""]), "sky[2]", "the sky is 5 columns wide"),
    (setting("sky", 1, 3, value="Q"), "sky[1][3]", "unknown icon 'Q'"),
    (setting("sky", 1, 3, value="X"), "sky[1][3]", "unknown icon 'X'"),
    (setting("sky", 1, 3, value="X0"), "sky[1][3]", "unknown icon 'X0'"),
    (setting("sky", 0, 0, value="L"), "sky[0][0]", "off the sky"),
    (setting("sky", 0, 4, value="R"), "sky[0][4]", "off the sky"),
    (setting("mothership", 1, value=["laser", 1]), "mothership[1][0]", "unknown mothership action"),
    (setting("mothership", 1, value=["research"]), "mothership[1]", "too short"),
    (setting("mothership", 3, value=["none", 0]), "mothership[3]", "must end on the skull"),
    (setting("mothership", 1, value=["skull", 0]), "mothership[1]", "must be the track's last row"),
    (setting("mothership", 0, value=["none", 2]), "mothership[0]", "takes amount 0"),
    (setting("mothership", 1, value=["research", 0]), "mothership[1]", "at least 1"),
    (lengthen_track, "mothership", "the sky only 6"),
    (setting("research", 1, value=0), "research[1]", "less than the minimum"),
    (setting("research", value=[]), "research", "should be non-empty"),
    (setting("energy", "start", value=9), "energy.start", "above the track's maximum 7"),
    (
        setting("ships", value={"purple": 2, "white": 1, "white_start": 2}),
        "ships.white_start",
        "supply holds only 1",
    ),
    (setting("dice", value={"grey": 4, "white": 2}), "dice", "only 5 columns"),
    (setting("dice", value={"grey": 0, "white": 0}), "dice", "no dice"),
]


def check_error(error: PositionError, path: Path, entry: str, problem: str) -> None:
    assert error.source == str(path)
    assert error.entry == entry
    assert problem in error.problem
    assert "\n" not in str(error)


def test_the_base_of_the_bad_cases_is_valid():
    check_scenario_data(base(), str(BASE))


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize(("text", "entry", "problem"), BAD_TEXT, ids=[b[2] for b in BAD_TEXT])
def test_an_unreadable_file_names_the_file_the_entry_and_the_problem(
    tmp_path, reader, text, entry, problem
):
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PositionError) as error:
        reader(path)
    check_error(error.value, path, entry, problem)


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize(("edit", "entry", "problem"), BAD_DATA, ids=[b[2] for b in BAD_DATA])
def test_a_bad_board_names_the_file_the_entry_and_the_problem(
    tmp_path, reader, edit, entry, problem
):
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(change(edit), sort_keys=False), encoding="utf-8")
    with pytest.raises(PositionError) as error:
        reader(path)
    check_error(error.value, path, entry, problem)


@pytest.mark.parametrize("reader", READERS)
def test_malformed_json_names_its_line(tmp_path, reader):
    path = tmp_path / "bad.json"
    path.write_text('{"game": "falling-skies",\n "rooms": [}', encoding="utf-8")
    with pytest.raises(PositionError) as error:
        reader(path)
    check_error(error.value, path, "line 2", "malformed JSON")


@pytest.mark.parametrize("reader", READERS)
def test_a_missing_file_is_one_error_line(tmp_path, reader):
    path = tmp_path / "nowhere.yaml"
    with pytest.raises(PositionError) as error:
        reader(path)
    check_error(error.value, path, "file", "cannot be read")


@pytest.mark.parametrize(
    ("reading", "board_file", "written_file"),
    [
        ("as-scenario", "pnp-easy.yaml", "pnp-easy.yaml"),
        ("as-scenario", "pnp-easy-row-3-excavated.yaml", "pnp-easy-row-3-excavated.yaml"),
        ("reversed", "pnp-easy.yaml", "pnp-easy-row-3-excavated.yaml"),
        ("reversed", "pnp-easy-row-3-excavated.yaml", "pnp-easy.yaml"),
    ],
)
def test_the_snake_switch_digs_the_board_as_the_hand_written_file_does(
    reading, board_file, written_file
):
    """The engine re-reads a board's path by the sky-row-3-excavated switch; the hand-written
    board of that reading must dig the same spaces in the same order from the same start."""
    board_module = pytest.importorskip("engine.falling_skies.board")
    scenario_module = pytest.importorskip("engine.falling_skies.scenario")
    ruleset_module = pytest.importorskip("engine.falling_skies.ruleset")
    ruleset = ruleset_module.Ruleset().with_readings(sky_row_3_excavated=reading)
    board = board_module.Board.build(
        scenario_module.load_scenario(SCENARIO_DIR / board_file), ruleset
    )
    written = raw(SCENARIO_DIR / written_file)["excavator"]
    written_path = [tuple(space) for space in written["path"]]
    start = written["start"]
    assert set(board.path[: board.start + 1]) == set(written_path[: start + 1])
    assert list(board.path[board.start :]) == written_path[start:]
