"""The Unknown text drawing (``rulings show``) and the SVG's key tables, against the position
schema and the catalogs.

Every token kind and enemy kind a position file may hold must draw; every piece on a crowded
tile is shown with its state; the state of a game in progress (round, phase, turn, AP, base
food, mission and cards) is written under the grid. Expectations come from the position data
written here (read back with PyYAML where a file is involved), never from the engine's output.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import yaml

from engine.positions import position_schema
from engine.unknown.catalog import enemy_kinds
from engine.unknown.drawing import TOKEN_LETTERS, render
from engine.unknown.files import state_from_text
from engine.unknown.svg import ENEMY_SIDES, TOKEN_FILL, draw_unknown

NS = "{http://www.w3.org/2000/svg}"
UNKNOWN = position_schema()["$defs"]["unknown"]["properties"]


def schema_token_kinds() -> set[str]:
    return set(UNKNOWN["tokens"]["items"]["properties"]["kind"]["enum"])


def schema_enemy_kinds() -> set[str]:
    return set(UNKNOWN["enemies"]["items"]["properties"]["kind"]["enum"])


def state_of(data: dict):
    """A state read from position data written out as YAML (the file a player would write)."""
    return state_from_text(yaml.safe_dump({"game": "unknown", **data}), "test.yaml")


def box_lines(text: str, name: str) -> list[str]:
    """The lines of the tile box headed ``name``, down to the grid rule under it."""
    lines = text.splitlines()
    (index,) = [i for i, line in enumerate(lines) if f"|{name} " in line or f"|{name}|" in line]
    column = lines[index].index(f"|{name}") + 1
    box = []
    for line in lines[index:]:
        if line.lstrip().startswith("+"):
            break
        box.append(line[column : column + 8].strip())
    return box


# --- the key tables -----------------------------------------------------------------------------


def test_every_token_kind_the_schema_accepts_has_letters_and_a_colour():
    kinds = schema_token_kinds()
    assert set(TOKEN_LETTERS) == kinds
    assert set(TOKEN_FILL) == kinds
    letters = list(TOKEN_LETTERS.values())
    assert len(set(letters)) == len(letters), "two kinds share letters"
    assert all(re.fullmatch(r"[A-Z][A-Za-z]?", a) for a in letters)


def test_every_goods_kind_is_a_token_kind():
    goods = set(position_schema()["$defs"]["goods"]["propertyNames"]["enum"])
    assert goods <= schema_token_kinds()


def test_the_schema_accepts_every_enemy_of_the_catalog_and_each_has_a_shape():
    assert schema_enemy_kinds() == set(enemy_kinds())
    assert set(ENEMY_SIDES) == set(enemy_kinds())


# --- what the text drawing shows ----------------------------------------------------------------


def test_a_tile_with_every_token_kind_draws_each_with_its_count():
    kinds = sorted(schema_token_kinds())
    tiles = [{"at": [x, 0], "tile": "food"} for x in range(len(kinds))]
    tokens = [{"at": [x, 0], "kind": kind, "count": x + 1} for x, kind in enumerate(kinds)]
    text = render(state_of({"tiles": tiles, "tokens": tokens}).position, "all tokens")
    grid_rows = [line for line in text.splitlines() if line.startswith("0 |")]
    (row,) = grid_rows  # the marks-and-tokens line of the single grid row
    cells = row.split("|")[1:-1]
    for x, kind in enumerate(kinds):
        assert f"{TOKEN_LETTERS[kind]}{x + 1}" in cells[x].split(), kind
    legend = text.split("Tokens (letter then count): ", 1)[1].splitlines()[0]
    for kind in kinds:
        assert f"{TOKEN_LETTERS[kind]} {kind}" in legend


def test_every_piece_on_a_crowded_tile_is_drawn_and_described():
    state = state_of(
        {
            "tiles": [{"at": [0, 0], "tile": "base"}, {"at": [1, 0], "tile": "scrap"}],
            "survivors": [
                {"id": "yellow", "card": "explorer", "at": [1, 0], "ap": 2},
                {"id": "green", "at": [1, 0], "health": "injured", "goods": {"ammo": 2}},
                {"id": "blue", "at": [1, 0], "health": "incapacitated"},
            ],
            "enemies": [
                {"id": "b1", "kind": "brute", "at": [1, 0], "damage": 1, "stunned": True},
                {"id": "bh", "kind": "mission_behemoth", "at": [1, 0]},
            ],
            "allies": [{"id": "r1", "kind": "refugee", "at": [1, 0], "health": "incapacitated"}],
        }
    )
    text = render(state.position, "crowd")
    box = box_lines(text, "scrap")
    shown = " ".join(box[2:]).split()
    assert sorted(shown) == sorted(["yellow", "green", "blue", "!b1", "!bh", "&r1"])
    assert "~" not in " ".join(box)
    # Every box of the row grows with the fullest one.
    assert len(box_lines(text, "base")) == len(box)
    legend = text.split("Pieces:", 1)[1]
    expected = [
        "yellow  survivor (explorer) on [1, 0] scrap: healthy, 2 AP",
        "green   survivor on [1, 0] scrap: injured, 0 AP, carries 2 ammo",
        "blue    survivor on [1, 0] scrap: incapacitated, 0 AP",
        "!b1     brute (enemy) on [1, 0] scrap: 1 damage, stunned",
        "!bh     mission_behemoth (enemy) on [1, 0] scrap: no damage",
        "&r1     refugee (ally) on [1, 0] scrap: incapacitated",
    ]
    for line in expected:
        assert f"  {line}\n" in legend + "\n", line


GAME_IN_PROGRESS = {
    "tiles": [
        {"at": [0, 0], "tile": "base"},
        {"at": [1, 0], "tile": "food"},
        {"at": [2, 0], "tile": "behemoth_mission", "number": 6},
    ],
    "survivors": [
        {"id": "yellow", "card": "explorer", "at": [1, 0], "ap": 3, "goods": {"canister": 1}},
        {"id": "green", "at": [0, 0]},
    ],
    "enemies": [{"id": "bh", "kind": "mission_behemoth", "at": [2, 0]}],
    "mission": "behemoth",
    "round": 4,
    "phase": "survivor_actions",
    "turn": "yellow",
    "done": ["green"],
    "base": {"food": 7, "scrap": 2},
    "mission_card": {"canister": 2},
}


def test_the_state_of_a_game_in_progress_is_written_under_the_grid():
    state = state_of(GAME_IN_PROGRESS)
    text = render(state.position, "mid-game", state)
    after = text.split("State:", 1)[1].split("Boxes:", 1)[0]
    words = " ".join(after.split())
    for part in (
        "round 4",
        "survivor actions phase",
        "turn: yellow (3 AP left)",
        "done: green",
        "base: 7 food, 2 scrap",
        "mission: behemoth",
        "mission card: 2 canister",
    ):
        assert part in words, part
    assert text.index("State:") > text.rindex("+--------+")


def test_a_bare_map_has_no_state_and_a_fragment_says_no_game_started():
    data = {"tiles": [{"at": [0, 0], "tile": "base"}]}
    state = state_of(data)
    assert "State:" not in render(state.position, "bare")
    assert "map only: no game started" in render(state.position, "fragment", state)


def test_the_svg_carries_the_same_state_and_pieces():
    state = state_of(GAME_IN_PROGRESS)
    root = ET.fromstring(draw_unknown(state.position, title="mid-game", state=state))
    (panel,) = [g for g in root.iter(f"{NS}g") if g.get("class") == "state"]
    assert (panel.get("data-round"), panel.get("data-phase")) == ("4", "survivor_actions")
    assert (panel.get("data-turn"), panel.get("data-ap"), panel.get("data-food")) == (
        "yellow",
        "3",
        "7",
    )
    words = " ".join(t.text or "" for t in panel.iter(f"{NS}text"))
    assert "mission: behemoth" in words and "mission card: 2 canister" in words
    legend = " ".join(t.text or "" for t in root.iter(f"{NS}text"))
    assert "yellow survivor (explorer) on [1, 0] food: healthy, 3 AP, carries 1 canister" in legend
    assert "bh mission_behemoth (enemy) on [2, 0] behemoth_mission: no damage" in legend
