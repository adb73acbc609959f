"""SVG drawings of positions (``engine.svg``) and ``rulings show POS --svg FILE`` (issue 9).

Every drawing is parsed with ``xml.etree.ElementTree`` and compared with the position file read
independently with PyYAML (never with the engine's loaders), so a drawing that drops, moves or
invents a tile, token, piece, ship or die fails. Marks (impassable, fortified, cleared) and
the excavated spaces are worked out by hand from the rules next to each assertion.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
import yaml

from engine.falling_skies.files import load_position as load_fs_position
from engine.falling_skies.ruleset import DEFAULT
from engine.positions import load_position
from engine.svg import draw_falling_skies, draw_file, draw_unknown
from engine.unknown.files import load_state
from engine.unknown.position import UnknownPosition
from tests.cli_support import one_line_error, run

NS = "{http://www.w3.org/2000/svg}"
POSITIONS = Path(__file__).resolve().parent / "data" / "positions"
FS = POSITIONS / "falling_skies"
SCENARIO = (
    Path(__file__).resolve().parent.parent
    / "engine"
    / "falling_skies"
    / "data"
    / "scenarios"
    / "pnp-easy.yaml"
)
UNKNOWN_FILES = [
    "detour.yaml",
    "sightlines.yaml",
    "explore-2x2.yaml",
    "corridor.yaml",
    "play/combat.yaml",
    "play/gather.yaml",
    "play/knockback.yaml",
]
FS_FILES = ["dice-start.yaml", "mid-placement.yaml", "room-phase.yaml", "launch-tie.yaml"]


def parse(svg: str) -> ET.Element:
    """The root element of a drawing (fails the test if it is not well-formed XML)."""
    return ET.fromstring(svg)


def groups(root: ET.Element, css: str) -> list[ET.Element]:
    """Every ``<g>`` whose class is ``css``, anywhere in the drawing."""
    return [g for g in root.iter(f"{NS}g") if g.get("class") == css]


def texts(element: ET.Element) -> list[str]:
    return [t.text or "" for t in element.iter(f"{NS}text")]


def raw(path: Path) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def at(pair: list[int]) -> str:
    return f"{pair[0]},{pair[1]}"


def check_root(root: ET.Element, game: str, title: str) -> None:
    assert root.tag == f"{NS}svg"
    assert root.get("class") == "rulings-board"
    assert root.get("data-game") == game
    width, height = float(root.get("width")), float(root.get("height"))
    assert width > 0 and height > 0
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    assert root.find(f"{NS}title").text == title


def check_self_contained(svg: str) -> None:
    """No external resources, scripts or styles, and no ids that would clash when many drawings
    share one HTML page."""
    lowered = svg.lower()
    for banned in ("<script", "<style", "href", "url(", "@import", "<image", "<foreignobject"):
        assert banned not in lowered, banned
    root = parse(svg)
    assert all(element.get("id") is None for element in root.iter())


# --- Unknown -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", UNKNOWN_FILES)
def test_an_unknown_drawing_has_every_tile_token_and_piece_of_the_file(name):
    path = POSITIONS / name
    data = raw(path)
    svg = draw_file(str(path))
    root = parse(svg)
    check_root(root, "unknown", str(path))
    check_self_contained(svg)
    tiles = groups(root, "tile")
    assert sorted(g.get("data-at") for g in tiles) == sorted(at(t["at"]) for t in data["tiles"])
    for tile in data["tiles"]:
        (group,) = [g for g in tiles if g.get("data-at") == at(tile["at"])]
        assert group.get("data-tile") == tile["tile"]
        assert tile["tile"] in texts(group)[0]
    expected_tokens: Counter = Counter()
    for token in data.get("tokens") or []:
        expected_tokens[(at(token["at"]), token["kind"])] += token.get("count", 1)
    drawn_tokens: Counter = Counter()
    for tile in tiles:
        for chip in groups(tile, "token"):
            drawn_tokens[(tile.get("data-at"), chip.get("data-kind"))] += int(
                chip.get("data-count")
            )
    assert drawn_tokens == expected_tokens
    for css, key in (("survivor", "survivors"), ("enemy", "enemies")):
        expected = sorted((p["id"], at(p["at"])) for p in data.get(key) or [])
        drawn = sorted(
            (piece.get("data-id"), tile.get("data-at"))
            for tile in tiles
            for piece in groups(tile, css)
        )
        assert drawn == expected, css
    for enemy in data.get("enemies") or []:
        (group,) = [g for g in groups(root, "enemy") if g.get("data-id") == enemy["id"]]
        assert group.get("data-kind") == enemy["kind"]
    for survivor in data.get("survivors") or []:
        (group,) = [g for g in groups(root, "survivor") if g.get("data-id") == survivor["id"]]
        assert group.get("data-card") == survivor.get("card")


def marks_of(root: ET.Element, spot: str) -> set[str]:
    (group,) = [g for g in groups(root, "tile") if g.get("data-at") == spot]
    return set((group.get("data-marks") or "").split())


def test_marks_follow_the_rules_for_tiles_barriers_and_cleared_tiles():
    # The base is fortified (unknown.tile.fortified); a barrier token makes its tile impassable
    # (unknown.barrier.impassable); a plain resource tile has no mark.
    sightlines = parse(draw_file(str(POSITIONS / "sightlines.yaml")))
    assert marks_of(sightlines, "0,0") == {"fortified"}
    assert marks_of(sightlines, "2,0") == {"impassable"}
    assert marks_of(sightlines, "1,0") == set()
    # A blocked hazard tile is impassable (unknown.hazard.blocked.impassable).
    assert marks_of(parse(draw_file(str(POSITIONS / "detour.yaml"))), "2,0") == {"impassable"}
    # A cleared tile is drawn flipped over.
    assert marks_of(parse(draw_file(str(POSITIONS / "explore-2x2.yaml"))), "2,1") == {"cleared"}


def tile_corner(root: ET.Element, spot: str) -> tuple[float, float]:
    (group,) = [g for g in groups(root, "tile") if g.get("data-at") == spot]
    rect = group.find(f"{NS}rect")
    return float(rect.get("x")), float(rect.get("y"))


def test_north_is_at_the_top_and_east_at_the_right():
    # detour.yaml: base at [0, 0], medicine at [0, 2] (north of it), food at [1, 0] (east).
    root = parse(draw_file(str(POSITIONS / "detour.yaml")))
    base, medicine, food = (tile_corner(root, s) for s in ("0,0", "0,2", "1,0"))
    assert medicine[0] == base[0] and medicine[1] < base[1]
    assert food[1] == base[1] and food[0] > base[0]
    axis = texts(next(iter(groups(root, "axes"))))
    assert {"x=0", "x=1", "x=2", "y=0", "y=1", "y=2"} <= set(axis)


def write_position(tmp_path: Path, data: dict) -> Path:
    path = tmp_path / "odd.yaml"
    path.write_text(yaml.safe_dump({"game": "unknown", **data}), encoding="utf-8")
    return path


def test_tokens_counts_health_and_allies_on_a_busier_map(tmp_path):
    path = write_position(
        tmp_path,
        {
            "tiles": [
                {"at": [0, 0], "tile": "base"},
                {"at": [1, 0], "tile": "food", "cleared": True},
                {"at": [2, 0], "tile": "scrap"},
            ],
            "tokens": [
                {"at": [2, 0], "kind": "blaze"},
                {"at": [1, 0], "kind": "trap", "count": 2},
                {"at": [1, 0], "kind": "food", "count": 3},
                {"at": [1, 0], "kind": "canister", "count": 4},
                {"at": [1, 0], "kind": "water_source"},
            ],
            "survivors": [
                {"id": "red", "card": "doctor", "at": [1, 0], "health": "incapacitated"},
                {"id": "zed", "at": [0, 0], "health": "injured"},
            ],
            "enemies": [{"id": "m1", "kind": "monster", "at": [1, 0], "stunned": True}],
            "allies": [{"id": "r1", "kind": "refugee", "at": [0, 0]}],
        },
    )
    root = parse(draw_file(str(path)))
    # A blaze token makes its tile impassable (unknown.hazard.blaze.token-impassable).
    assert marks_of(root, "2,0") == {"impassable"}
    assert marks_of(root, "1,0") == {"cleared"}
    (food,) = [g for g in groups(root, "tile") if g.get("data-at") == "1,0"]
    chips = {c.get("data-kind"): c.get("data-count") for c in groups(food, "token")}
    assert chips == {"trap": "2", "food": "3", "canister": "4", "water_source": "1"}
    health = {s.get("data-id"): s.get("data-health") for s in groups(root, "survivor")}
    assert health == {"red": "incapacitated", "zed": "injured"}
    (ally,) = groups(root, "ally")
    assert ally.get("data-id") == "r1"
    (monster,) = groups(root, "enemy")
    assert "stunned" in " ".join(texts(root))
    assert monster.get("data-kind") == "monster"
    # Nine chips and five pieces fit: no piece's text runs below its tile's square.
    height = float(food.find(f"{NS}rect").get("height"))
    top = float(food.find(f"{NS}rect").get("y"))
    assert all(float(t.get("y")) < top + height for t in food.iter(f"{NS}text"))


def test_a_state_is_drawn_from_its_map():
    state = load_state(POSITIONS / "play" / "gather.yaml")
    root = parse(draw_unknown(state.position, title="gather"))
    assert [g.get("data-kind") for g in groups(root, "token")] == ["scrap"]
    assert {g.get("data-id") for g in groups(root, "survivor")} == {"blue", "yellow"}


def test_an_empty_map_is_a_valid_drawing_that_says_so():
    svg = draw_unknown(UnknownPosition(), title="nothing here")
    root = parse(svg)
    check_root(root, "unknown", "nothing here")
    check_self_contained(svg)
    assert groups(root, "tile") == []
    assert any("empty" in t for t in texts(root))


def test_odd_characters_in_a_title_are_escaped():
    title = "a <b> & \"c\" 'd' \x01 ]]> \u00e9\u6f22"
    svg = draw_unknown(load_position(POSITIONS / "detour.yaml"), title=title)
    root = parse(svg)
    # The control character cannot be held by XML at all: it becomes U+FFFD.
    assert root.find(f"{NS}title").text == title.replace("\x01", "\ufffd")
    assert "<b>" not in svg
    fs = load_fs_position(FS / "room-phase.yaml")
    root = parse(draw_falling_skies(fs.state, fs.scenario, title=title))
    assert root.find(f"{NS}title").text == title.replace("\x01", "\ufffd")


@pytest.mark.parametrize("name", ["sightlines.yaml", "falling_skies/mid-placement.yaml"])
def test_the_same_position_gives_the_same_bytes(name):
    path = str(POSITIONS / name)
    assert draw_file(path) == draw_file(path)


def test_readings_are_for_falling_skies_files_only():
    with pytest.raises(ValueError, match="Under Falling Skies"):
        draw_file(str(POSITIONS / "detour.yaml"), ("sky-row-3-excavated=reversed",))
    with pytest.raises(ValueError):
        draw_file(str(FS / "room-phase.yaml"), ("no-such-switch=x",))
    with pytest.raises(ValueError, match="SWITCH=READING"):
        draw_file(str(FS / "room-phase.yaml"), ("sky-row-3-excavated",))


# --- Under Falling Skies -------------------------------------------------------------------------


@pytest.mark.parametrize("name", FS_FILES)
def test_a_falling_skies_drawing_has_the_files_ships_dice_rooms_and_markers(name):
    path = FS / name
    data = raw(path)
    scenario = raw(SCENARIO)
    svg = draw_file(str(path))
    root = parse(svg)
    check_root(root, "falling-skies", str(path))
    check_self_contained(svg)
    ships = groups(root, "ship")
    assert len(ships) == len(data.get("ships", []))
    for ship in data.get("ships", []):
        (group,) = [g for g in ships if g.get("data-id") == ship["id"]]
        assert group.get("data-color") == ship["color"]
        if "row" in ship:
            assert group.get("data-at") == f"{ship['row']},{ship['column']}"
        else:
            assert group.get("data-waiting") == "true" and group.get("data-at") is None
    dice = groups(root, "die")
    placed = [g for g in dice if g.get("data-placed") == "true"]
    unplaced = [g for g in dice if g.get("data-placed") == "false"]
    assert sorted(
        (g.get("data-at"), g.get("data-value"), g.get("data-color")) for g in placed
    ) == sorted(
        (f"{d['row']},{d['column']}", str(d["value"]), "white" if d.get("white") else "grey")
        for d in data.get("placed", [])
    )
    assert sorted((g.get("data-value"), g.get("data-color")) for g in unplaced) == sorted(
        (str(d["value"]), "white" if d.get("white") else "grey") for d in data.get("rolled", [])
    )
    rooms = groups(root, "room")
    assert sorted(g.get("data-id") for g in rooms) == sorted(r["id"] for r in scenario["rooms"])
    for room in scenario["rooms"]:
        (group,) = [g for g in rooms if g.get("data-id") == room["id"]]
        assert group.get("data-kind") == room["kind"]
        assert group.get("data-cost") == str(room.get("cost", 0))
    (mothership,) = groups(root, "mothership")
    assert mothership.get("data-row") == str(data.get("mothership_row", 1))
    markers = {g.get("data-marker"): g.get("data-value") for g in groups(root, "marker")}
    assert markers["energy"] == str(data.get("energy", scenario["energy"]["start"]))
    assert markers["research"] == str(data.get("research", 0))
    assert markers["damage"] == str(data.get("damage", 0))
    (status,) = groups(root, "status")
    assert status.get("data-round") == str(data.get("round", 1))
    assert status.get("data-phase") == data.get("phase", "dice")
    icons = groups(root, "icon")
    expected_icons = sum(1 for row in scenario["sky"] for icon in row if icon)
    assert len(icons) == expected_icons


def unexcavated(root: ET.Element) -> set[str]:
    return {g.get("data-at") for g in groups(root, "unexcavated")}


ROWS_4_TO_6 = {f"{r},{c}" for r in (4, 5, 6) for c in range(1, 6)}


def test_the_excavated_spaces_follow_the_path_and_its_reading():
    # pnp-easy's path snakes row 3 from [3, 5] west to [3, 1]; with the excavator on [3, 3]
    # the spaces still to dig are [3, 2], [3, 1] and all of rows 4-6 (fs.excavator.path).
    path = str(FS / "room-phase.yaml")
    root = parse(draw_file(path))
    assert unexcavated(root) == {"3,2", "3,1"} | ROWS_4_TO_6
    (excavator,) = groups(root, "excavator")
    assert excavator.get("data-at") == "3,3"
    # Read the other way (sky-row-3-excavated=reversed) row 3 runs east from [3, 1], so [3, 4]
    # and [3, 5] are the ones left.
    reversed_ = parse(draw_file(path, ("sky-row-3-excavated=reversed",)))
    assert unexcavated(reversed_) == {"3,4", "3,5"} | ROWS_4_TO_6


def test_a_marked_ship_and_a_finished_game_are_shown():
    fs = load_fs_position(FS / "mid-placement.yaml")
    state = replace(
        fs.state,
        marks=(("p1", 2, 3),),
        outcome=("loss", "fs.end.damage", "the city took one hit too many"),
    )
    root = parse(draw_falling_skies(state, fs.scenario, DEFAULT))
    marked = {g.get("data-id") for g in groups(root, "ship") if g.get("data-marked") == "true"}
    assert marked == {"p1"}
    (outcome,) = groups(root, "outcome")
    assert outcome.get("data-result") == "loss"


# --- rulings show --svg ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["detour.yaml", "falling_skies/room-phase.yaml"])
def test_show_svg_writes_the_drawing_and_says_where(name, tmp_path):
    source = str(POSITIONS / name)
    target = tmp_path / "board.svg"
    result = run("show", source, "--svg", str(target))
    assert result.exit_code == 0, result.output
    assert result.stdout.count("\n") == 1 and str(target) in result.stdout
    assert target.read_text(encoding="utf-8") == draw_file(source)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board.svg"]


def test_show_svg_replaces_an_existing_file_and_passes_readings(tmp_path):
    source = str(FS / "room-phase.yaml")
    target = tmp_path / "board.svg"
    target.write_text("old", encoding="utf-8")
    result = run("show", source, "--reading", "sky-row-3-excavated=reversed", "--svg", str(target))
    assert result.exit_code == 0, result.output
    assert unexcavated(parse(target.read_text(encoding="utf-8"))) == {"3,4", "3,5"} | ROWS_4_TO_6
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board.svg"]


def test_show_without_svg_still_prints_the_text_drawing(tmp_path):
    result = run("show", str(POSITIONS / "detour.yaml"))
    assert result.exit_code == 0
    assert "+--------+" in result.stdout and "<svg" not in result.stdout


def test_show_svg_of_a_bad_position_is_one_line_and_writes_nothing(tmp_path):
    target = tmp_path / "board.svg"
    bad = str(POSITIONS / "bad" / "square.yaml")
    line = one_line_error(run("show", bad, "--svg", str(target)), 2, f"rulings: error: {bad}: ")
    assert "tiles[3].at" in line
    assert list(tmp_path.iterdir()) == []


def test_show_svg_with_a_reading_for_an_unknown_map_writes_nothing(tmp_path):
    target = tmp_path / "board.svg"
    args = ("show", str(POSITIONS / "detour.yaml"), "--reading", "sky-row-3-excavated=reversed")
    one_line_error(run(*args, "--svg", str(target)), 2, "rulings: error: ")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("where", ["missing-folder/board.svg", "a-folder"])
def test_show_svg_to_an_unwritable_path_is_one_line_naming_it(where, tmp_path):
    (tmp_path / "a-folder").mkdir()
    target = str(tmp_path / where)
    result = run("show", str(POSITIONS / "detour.yaml"), "--svg", target)
    line = one_line_error(result, 2, "rulings: error: --svg: ")
    assert f"cannot write {target}" in line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-folder"]
    assert list((tmp_path / "a-folder").iterdir()) == []
