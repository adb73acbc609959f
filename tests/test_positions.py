"""Position files: YAML and JSON read alike, and every kind of bad input is named precisely."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core.errors import PositionError
from engine.positions import load_position, position_schema
from engine.unknown.position import PlacedTile, Survivor, Token

ISSUE_EXAMPLE = """\
game: unknown
tiles:                      # explored tiles; at: [x, y], x grows east, y grows north
  - {at: [0, 0], tile: base}
  - {at: [1, 0], tile: food}
  - {at: [2, 0], tile: blocked}
  - {at: [0, 1], tile: scrap, cleared: true}
tokens:
  - {at: [1, 0], kind: barrier, count: 1}
survivors:
  - {id: yellow, card: explorer, at: [1, 0]}
enemies:
  - {id: a1, kind: animal, at: [2, 0]}
"""


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_documented_example_loads(tmp_path):
    position = load_position(write(tmp_path, "example.yaml", ISSUE_EXAMPLE))
    assert position.tile_at[(0, 1)] == PlacedTile((0, 1), "scrap", cleared=True)
    assert position.tokens == (Token((1, 0), "barrier", 1),)
    assert position.survivors == (Survivor("yellow", (1, 0), "explorer"),)
    assert position.piece("a1").kind == "animal"


def test_json_and_yaml_give_the_same_position(tmp_path):
    import yaml

    data = yaml.safe_load(ISSUE_EXAMPLE)
    from_yaml = load_position(write(tmp_path, "p.yaml", ISSUE_EXAMPLE))
    from_json = load_position(write(tmp_path, "p.json", json.dumps(data)))
    assert from_yaml == from_json


def test_a_fragment_needs_no_base_and_no_piece_lists(tmp_path):
    text = "game: unknown\ntiles:\n  - {at: [5, 5], tile: flood}\ntokens:\nsurvivors: []\n"
    position = load_position(write(tmp_path, "fragment.yaml", text))
    assert [t.tile for t in position.tiles] == ["flood"]
    assert position.survivors == () and position.enemies == () and position.tokens == ()


BAD = [
    ("game: unknown\ntiles: [\n", "line", "malformed YAML"),
    ("- just\n- a list\n", "file", "mapping"),
    ("game: chess\n", "game", "'chess' is not one of"),
    (
        "game: unknown\ntiles:\n  - {at: [0, 0], tile: lava}\n",
        "tiles[0].tile",
        "unknown tile 'lava'",
    ),
    (
        "game: unknown\ntiles:\n  - {at: [0, 0], tile: food}\n  - {at: [0, 0], tile: ammo}\n",
        "tiles[1].at",
        "two tiles on [0, 0]",
    ),
    (
        "game: unknown\ntiles:\n"
        "  - {at: [0, 0], tile: food}\n  - {at: [1, 0], tile: ammo}\n"
        "  - {at: [0, 1], tile: scrap}\n  - {at: [1, 1], tile: medicine}\n",
        "tiles[3].at",
        "2x2 square",
    ),
    (
        "game: unknown\ntiles:\n  - {at: [0, 0], tile: food}\nsurvivors:\n  - {id: red, at: [3, 3]}\n",
        "survivors[0].at",
        "off the map",
    ),
    (
        "game: unknown\ntiles:\n  - {at: [0, 0], tile: food}\ntokens:\n  - {at: [0, 1], kind: barrier}\n",
        "tokens[0].at",
        "off the map",
    ),
    ("game: unknown\ntiles:\n  - {at: [0], tile: food}\n", "tiles[0].at", "too short"),
    (
        "game: unknown\ntiles:\n  - {at: [0, 0], tile: food, colour: red}\n",
        "tiles[0]",
        "unknown key",
    ),
    (
        "game: unknown\ntiles:\n  - {at: [0, 0], tile: food}\n"
        "survivors:\n  - {id: red, at: [0, 0]}\nenemies:\n  - {id: red, kind: beast, at: [0, 0]}\n",
        "enemies[0].id",
        "used twice",
    ),
]


@pytest.mark.parametrize(("text", "entry", "problem"), BAD, ids=[b[2] for b in BAD])
def test_bad_input_names_the_file_the_entry_and_the_problem(tmp_path, text, entry, problem):
    path = write(tmp_path, "bad.yaml", text)
    with pytest.raises(PositionError) as error:
        load_position(path)
    assert error.value.source == str(path)
    assert error.value.entry.startswith(entry)
    assert problem in error.value.problem
    assert "\n" not in str(error.value)


def test_malformed_json_names_its_line(tmp_path):
    with pytest.raises(PositionError) as error:
        load_position(write(tmp_path, "bad.json", '{"game": "unknown",\n "tiles": [}'))
    assert error.value.entry == "line 2"
    assert "malformed JSON" in error.value.problem


def test_a_missing_file_is_a_position_error(tmp_path):
    with pytest.raises(PositionError, match="cannot be read"):
        load_position(tmp_path / "nowhere.yaml")


def test_the_schema_is_valid_json_schema():
    import jsonschema

    jsonschema.Draft202012Validator.check_schema(position_schema())
