"""The boards the verification report draws for a scenario (``GameSpec.scenario_opened`` then
``GameSpec.svg``), and the same drawings of position files (``rulings show --svg``).

A scenario's board carries what its steps name: an Unknown map table's labels (``#2``) on their
tiles, the pieces by id, and, for Under Falling Skies, each room's and ship's id. Above an
Unknown map, the state's header says the round, the phase, whose turn with the AP left and the
food at the base (or that no game has started). Every picture is drawn at its natural size
(``width`` and ``height`` those of its ``viewBox``, no text under 10 px) and holds all of its
texts: their extents are estimated here from their length, independently of the drawings' own
estimate, and must lie inside the ``viewBox``.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from engine.core.registry import Opened, game
from engine.falling_skies.files import load_position as load_fs_position
from engine.falling_skies.ruleset import DEFAULT as FS_DEFAULT
from engine.svg import draw_falling_skies, draw_file, draw_unknown
from engine.unknown.files import load_state
from engine.unknown.position import position_from_data
from engine.unknown.state import UnknownState, bag
from tests.steps.falling_skies import FSWorld, given_city, given_sky, given_waiting
from tests.steps.unknown_map import World, map_from_table

NS = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parent.parent
POSITIONS = ROOT / "tests" / "data" / "positions"
LARGE_PUZZLE = ROOT / "examples" / "puzzles" / "unknown-expand-last-outpost.yaml"

UNKNOWN = game("unknown")
FALLING_SKIES = game("falling-skies")

MAP_TABLE = [
    ["medicine #north", "market #2 #far", "workshop"],
    ["scrap", ".", "ammo !beast:a1"],
    ["base #base @yellow", "food", "blocked #hazard"],
]
"""A map table as the scenarios write it (first row north): five labels, two on one tile."""


# --- reading a drawing ---------------------------------------------------------------------------


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def groups(root: ET.Element, css: str) -> list[ET.Element]:
    """Every ``<g>`` whose class is ``css``."""
    return [g for g in root.iter(f"{NS}g") if g.get("class") == css]


def texts(element: ET.Element) -> list[str]:
    return [t.text or "" for t in element.iter(f"{NS}text")]


def tile(root: ET.Element, spot: str) -> ET.Element:
    (found,) = [g for g in groups(root, "tile") if g.get("data-at") == spot]
    return found


def box(rect: ET.Element) -> tuple[float, float, float, float]:
    """``(left, top, right, bottom)`` of a ``<rect>``."""
    x, y = float(rect.get("x")), float(rect.get("y"))
    return x, y, x + float(rect.get("width")), y + float(rect.get("height"))


def char_share(c: str) -> float:
    """A character's width as a share of the font size, roughly as DejaVu Sans draws it."""
    if c in " ijlI.,:;!|'`":
        return 0.3
    if c.isupper() or c in "#@mwMW%":
        return 0.8
    return 0.6


TRANSLATE = re.compile(r"translate\(\s*(-?[\d.]+)[ ,]+(-?[\d.]+)\s*\)")


def placed_texts(
    element: ET.Element, dx: float = 0.0, dy: float = 0.0
) -> Iterator[tuple[ET.Element, float, float]]:
    """Every ``<text>`` with the offset its groups' ``translate`` transforms move it by."""
    moved = TRANSLATE.fullmatch((element.get("transform") or "").strip())
    if moved:
        dx, dy = dx + float(moved.group(1)), dy + float(moved.group(2))
    elif element.get("transform"):
        raise AssertionError(f"a transform this test cannot follow: {element.get('transform')}")
    if element.tag == f"{NS}text":
        yield element, dx, dy
    for child in element:
        yield from placed_texts(child, dx, dy)


def text_extent(text: ET.Element, dx: float, dy: float) -> tuple[float, float, float, float]:
    """``(left, top, right, bottom)`` a text takes on the page, estimated from its length."""
    size = float(text.get("font-size"))
    words = text.text or ""
    width = sum(char_share(c) for c in words) * size
    if text.get("font-weight") == "bold":
        width *= 1.08
    x, y = float(text.get("x")) + dx, float(text.get("y")) + dy
    start = {"start": x, "middle": x - width / 2, "end": x - width}[
        text.get("text-anchor", "start")
    ]
    return start, y - size * 0.8, start + width, y + size * 0.25


def assert_every_text_inside(svg: str) -> None:
    """Drawn at its natural size (width and height those of the viewBox), every text at least
    10 px and wholly inside the picture."""
    root = parse(svg)
    width, height = float(root.get("width")), float(root.get("height"))
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    found = list(placed_texts(root))
    assert found
    for text, dx, dy in found:
        assert float(text.get("font-size")) >= 10, text.text
        left, top, right, bottom = text_extent(text, dx, dy)
        inside = left >= 0 and top >= 0 and right <= width and bottom <= height
        assert inside, f"{text.text!r} at {left:.0f},{top:.0f}-{right:.0f},{bottom:.0f}"


def labelled_world() -> World:
    """An Unknown scenario world after ``Given the map:`` with :data:`MAP_TABLE`."""
    world = World()
    world.position, world.labels = map_from_table(MAP_TABLE)
    return world


def world_svg(world: World, title: str = "a scenario (before)") -> str:
    opened = UNKNOWN.scenario_opened(world)
    assert opened is not None
    return UNKNOWN.svg(opened, title)


# --- Unknown: labels and pieces ------------------------------------------------------------------


def test_the_world_hands_its_labels_over_as_a_read_only_copy():
    world = labelled_world()
    opened = UNKNOWN.scenario_opened(world)
    expected = {"north": (0, 2), "2": (1, 2), "far": (1, 2), "base": (0, 0), "hazard": (2, 0)}
    assert dict(opened.labels) == expected
    world.labels["later"] = (2, 2)
    assert "later" not in opened.labels
    with pytest.raises(TypeError):
        opened.labels["more"] = (0, 1)  # type: ignore[index]


def test_each_label_is_written_on_its_tile():
    root = parse(world_svg(labelled_world()))
    on_tiles = {
        g.get("data-at"): [label.get("data-label") for label in groups(g, "label")]
        for g in groups(root, "tile")
    }
    assert on_tiles["0,2"] == ["#north"]
    assert on_tiles["1,2"] == ["#2", "#far"]
    assert on_tiles["0,0"] == ["#base"]
    assert on_tiles["2,0"] == ["#hazard"]
    assert on_tiles["0,1"] == on_tiles["1,0"] == on_tiles["2,1"] == on_tiles["2,2"] == []
    for label in groups(tile(root, "1,2"), "label"):
        assert texts(label) == [label.get("data-label")]
    assert "#2" in texts(tile(root, "1,2"))


def test_a_label_is_a_badge_in_its_tile_clear_of_the_tile_name_and_stacked():
    root = parse(world_svg(labelled_world()))
    market = tile(root, "1,2")
    square = box(market.find(f"{NS}rect"))
    name = market.find(f"{NS}text")
    assert name.text == "market"  # the tile's own name comes first, as ever
    name_right = text_extent(name, 0, 0)[2]
    badges = [box(label.find(f"{NS}rect")) for label in groups(market, "label")]
    assert len(badges) == 2
    for left, top, right, bottom in badges:
        assert square[0] <= left and right <= square[2] and square[1] <= top
        assert bottom <= square[3]
        assert left > name_right, "a badge covers the tile's name"
    (first, second) = badges
    assert first[0] == second[0] and second[1] >= first[3], "two labels are not stacked"


def test_the_labels_are_listed_in_the_legend_and_the_description():
    root = parse(world_svg(labelled_world()))
    legend = " ".join(texts(groups(root, "legend")[0]))
    assert "#2 [1, 2]" in legend and "#hazard [2, 0]" in legend
    assert "#far at [1, 2]" in root.find(f"{NS}desc").text


def test_the_pieces_a_scenario_names_stand_on_their_tiles_by_id():
    root = parse(world_svg(labelled_world()))
    (yellow,) = groups(tile(root, "0,0"), "survivor")
    assert yellow.get("data-id") == "yellow" and "yellow" in texts(yellow)
    (beast,) = groups(tile(root, "2,1"), "enemy")
    assert beast.get("data-id") == "a1" and texts(beast) == ["a1 (beast)"]


def test_a_position_file_or_a_world_with_no_labels_draws_no_badge():
    assert groups(parse(draw_file(str(POSITIONS / "detour.yaml"))), "label") == []
    world = World()
    world.position, _ = map_from_table([["base @yellow", "food"]])
    root = parse(world_svg(world))
    assert groups(root, "label") == [] and groups(root, "tile")


def test_a_label_on_a_spot_off_the_map_widens_the_grid_to_show_it():
    data = {"game": "unknown", "tiles": [{"at": [0, 0], "tile": "base"}]}
    position = position_from_data(data, "one tile")
    root = parse(draw_unknown(position, labels={"east": (2, 0), "odd": "not a spot"}))
    (spot,) = [g for g in groups(root, "empty") if g.get("data-at") == "2,0"]
    assert [g.get("data-label") for g in groups(spot, "label")] == ["#east"]
    assert not any("odd" in t for t in texts(root))


# --- Unknown: the state's header -----------------------------------------------------------------


def header(svg: str) -> ET.Element:
    (found,) = groups(parse(svg), "state")
    return found


def test_a_started_game_shows_round_phase_turn_ap_and_base_food():
    # play/combat.yaml: round 1, survivor actions, yellow on turn with 3 AP, 8 food at the base.
    state = header(draw_file(str(POSITIONS / "play" / "combat.yaml")))
    assert state.get("data-started") == "true"
    assert state.get("data-round") == "1"
    assert state.get("data-phase") == "survivor_actions"
    assert (state.get("data-turn"), state.get("data-ap"), state.get("data-food")) == (
        "yellow",
        "3",
        "8",
    )
    words = " ".join(texts(state))
    assert "round 1" in words and "survivor actions phase" in words
    assert "turn: yellow (3 AP left)" in words
    assert "base: 8 food" in words and "mission: scout" in words


def test_the_header_follows_the_scenario_worlds_state():
    world = labelled_world()
    world.state = UnknownState(
        world.position,
        round=3,
        phase="upkeep",
        done=("yellow",),
        base=bag({"food": 2, "ammo": 1}),
        mission="scout",
        short=True,
    )
    state = header(world_svg(world, "a scenario (after)"))
    words = " ".join(texts(state))
    assert "round 3" in words and "upkeep phase" in words and "done: yellow" in words
    assert "base: 2 food, 1 ammo" in words and "mission: scout (short)" in words
    assert (state.get("data-round"), state.get("data-food")) == ("3", "2")


def test_a_finished_game_says_how_it_ended():
    loaded = load_state(POSITIONS / "play" / "combat.yaml")
    over = replace(loaded, outcome=("loss", "unknown.upkeep.starve", "the base ran out of food"))
    svg = UNKNOWN.svg(Opened(UNKNOWN, None, over, over.position, "x"), "over")
    assert "game over: loss [unknown.upkeep.starve]: the base ran out of food" in texts(header(svg))


def test_a_bare_map_says_no_game_has_started():
    for svg in (
        world_svg(labelled_world()),
        draw_file(str(POSITIONS / "detour.yaml")),  # a map fragment: no round in progress
        UNKNOWN.empty_svg("nothing yet"),
        draw_unknown(load_state(POSITIONS / "play" / "gather.yaml").position),
    ):
        state = header(svg)
        assert state.get("data-started") == "false"
        assert texts(state)[0] == "map only: no game started"
        assert state.get("data-round") is None


# --- large maps ------------------------------------------------------------------------------------


def wide_map() -> tuple[str, dict[str, tuple[int, int]]]:
    """A long, deep map reaching to negative coordinates, with long labels, a long title and
    long piece lines, as a drawing of it (and its labels)."""
    tiles = [{"at": [x, 0], "tile": "spawn_pit" if x % 2 else "workshop"} for x in range(-12, 13)]
    tiles += [{"at": [0, y], "tile": "behemoth_mission"} for y in range(-14, 0)]
    tiles[12] = {"at": [0, 0], "tile": "base"}
    data = {
        "game": "unknown",
        "tiles": tiles,
        "survivors": [
            {"id": "yellow", "card": "scavenger", "at": [-12, 0], "ap": 3},
            {"id": "red", "card": "investigator", "at": [12, 0]},
        ],
        "enemies": [{"id": "mission-behemoth-1", "kind": "behemoth", "at": [0, -14]}],
        "tokens": [{"at": [12, 0], "kind": kind} for kind in ("ammo", "food", "water_source")],
    }
    labels = {
        "far-west-with-a-long-name": (-12, 0),
        "east": (12, 0),
        "deep": (0, -14),
        "corner": (13, -14),
    }
    position = position_from_data(data, "wide")
    title = "a very long scenario name that runs on and on " * 3
    return draw_unknown(position, title=title, labels=labels), labels


def fs_busy() -> str:
    """A Falling Skies drawing with a long pending list and a finished game's long message."""
    fs = load_fs_position(POSITIONS / "falling_skies" / "mid-placement.yaml")
    state = replace(
        fs.state,
        pending=tuple(("resolve", f"r{n}c1", "then", "reroll") for n in range(1, 14)),
        outcome=("loss", "fs.end.damage", "the city took one hit too many " * 4),
    )
    return draw_falling_skies(state, fs.scenario, FS_DEFAULT, title="busy " * 40)


@pytest.mark.parametrize(
    "drawing",
    [
        pytest.param(lambda: draw_file(str(LARGE_PUZZLE)), id="largest-unknown-position"),
        pytest.param(lambda: wide_map()[0], id="wide-unknown-map"),
        pytest.param(lambda: world_svg(labelled_world()), id="labelled-scenario-world"),
        pytest.param(lambda: UNKNOWN.empty_svg("x" * 200), id="empty-unknown-map"),
        pytest.param(lambda: draw_file(str(POSITIONS / "play" / "combat.yaml")), id="started"),
        pytest.param(
            lambda: draw_file(str(POSITIONS / "falling_skies" / "room-phase.yaml")), id="fs-file"
        ),
        pytest.param(fs_busy, id="fs-long-texts"),
    ],
)
def test_no_text_lies_outside_the_picture_drawn_at_natural_size(drawing):
    assert_every_text_inside(drawing())


def test_a_wide_map_keeps_its_far_tiles_labels_and_header():
    svg, labels = wide_map()
    root = parse(svg)
    assert {g.get("data-at") for g in groups(root, "tile")} >= {"-12,0", "12,0", "0,-14"}
    drawn = {g.get("data-label") for g in groups(root, "label")}
    assert drawn == {f"#{name}" for name in labels}
    assert float(root.get("width")) > 25 * 124, "the map is squeezed rather than drawn at size"
    assert texts(header(svg)) == ["map only: no game started"]


# --- Under Falling Skies: ids --------------------------------------------------------------------


def fs_world() -> FSWorld:
    """A Falling Skies scenario world after its city and sky Givens: a two-space room ``lab``,
    a room ``ef``, the rest named by their spaces, and ships p1 and w1 in the sky, p7 waiting."""
    fs = FSWorld()
    given_city(
        fs,
        [
            ["aa_gun"] * 5,
            ["energy", "research#lab 2⚡", "research#lab 2⚡", "tunnel", "energy_fighter#ef"],
        ],
    )
    given_sky(fs, [[".", "@p1", ".", ".", "."], [".", ".", "L @w1", ".", "."]] + [["."] * 5] * 6)
    given_waiting(fs, "p7")
    return fs


def test_the_falling_skies_board_shows_the_room_and_ship_ids_the_scenario_uses():
    fs = fs_world()
    opened = FALLING_SKIES.scenario_opened(fs)
    assert fs.state is None, "drawing the board started the scenario's game"
    root = parse(FALLING_SKIES.svg(opened, "ids (before)"))
    rooms = {g.get("data-id"): g for g in groups(root, "room")}
    for room_id in ("lab", "ef", "r2c1", "r2c4", "r1c3"):
        (tag,) = groups(rooms[room_id], "room-id")
        assert texts(tag) == [room_id], room_id
    (lab_tag,) = groups(rooms["lab"], "room-id")
    left, top, right, bottom = box(lab_tag.find(f"{NS}rect"))
    room_left, room_top, room_right, room_bottom = box(rooms["lab"].find(f"{NS}rect"))
    assert room_left <= left and right <= room_right and room_top <= top and bottom <= room_bottom
    ships = {g.get("data-id"): texts(g) for g in groups(root, "ship")}
    assert ships == {"p1": ["p1"], "w1": ["w1"], "p7": ["p7"]}
    assert_every_text_inside(FALLING_SKIES.svg(opened, "ids (before)"))


def test_a_label_with_markup_characters_is_escaped():
    svg = draw_unknown(labelled_world().position, labels={'<b>&"x"': (0, 0)})
    (label,) = groups(parse(svg), "label")
    assert label.get("data-label") == '#<b>&"x"' and texts(label) == ['#<b>&"x"']
    assert "<b>" not in svg
