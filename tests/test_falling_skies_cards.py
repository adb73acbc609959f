"""The published cards as data, boards composed from a choice of sides, and the flip option.

Expected values come from the published facts (/work/shared/rules/under-falling-skies-published.md
§2 for the print-and-play difficult sides, §3 for the boxed game) and the board file
(under-falling-skies-board.md), never from the engine's output. Round trips (a flipped board
saved and read back; a shipped composed file and the composer) compare the engine with itself.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

from engine.core.errors import PositionError
from engine.falling_skies.cards import (
    PNP_CARDS,
    Cards,
    FlipRefused,
    compose,
    parse_flipped_name,
    random_flips,
)
from engine.falling_skies.ruleset import DEFAULT
from engine.falling_skies.scenario import BOARD_FIELDS as SCENARIO_FIELDS
from engine.falling_skies.scenario import (
    ROOM_KINDS,
    board_ruleset,
    cards_of,
    composed_scenario,
    default_scenario,
    flip_scenario,
    flipped_scenario_named,
    load_scenario,
)
from engine.falling_skies.scenario_checks import check_scenario_data, check_scenario_schema
from tests.cli_support import one_line_error, run

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "engine" / "falling_skies" / "data" / "scenarios"
FIRST_GAME = SCENARIOS / "boxed-first-game.yaml"
BOARD_FIELDS = (*SCENARIO_FIELDS, "cards", "readings")

# §2.2: the difficult sky, rows 1-15.
HARD_SKY = [
    ["R", "", "", "", ""],
    ["", "", "R", "", ""],
    ["", "L", "", "M", "X2"],
    ["M", "X3", "", "", "L"],
    ["M", "", "L", "", "M"],
    ["", "M", "", "X5", "X4"],
    ["R", "", "X4", "R", ""],
    ["X3", "R", "", "X7", ""],
    ["", "L", "M", "", "L"],
    ["M", "X5", "R", "", ""],
    ["R", "", "", "M", ""],
    ["X6", "", "", "L", ""],
    ["", "X5", "M", "M", ""],
    ["M", "", "L", "X5", "M"],
    ["X7", "M", "X5", "M", "X6"],
]
# §2.3: the difficult mothership track, rows 1-11 (the skull on row 11).
HARD_TRACK = [
    ("excavator", 2),
    ("excavator", 2),
    ("white", 1),
    ("excavator", 1),
    ("white", 1),
    ("research", 2),
    ("research", 2),
    ("excavator", 1),
    ("damage", 1),
    ("research", 1),
    ("skull", 0),
]


def _board(scenario: object) -> tuple:
    return tuple(getattr(scenario, f) for f in BOARD_FIELDS)


# -- the print-and-play cards ----------------------------------------------------------------------
def test_the_easy_sides_compose_the_default_board() -> None:
    composed = composed_scenario(Cards("pnp"), "pnp-easy", "test")
    assert _board(composed)[:-2] == _board(default_scenario())[:-2]
    assert cards_of(default_scenario()) == Cards("pnp")
    assert cards_of(load_scenario(SCENARIOS / "pnp-easy-row-3-excavated.yaml")) is None


def test_every_choice_of_sides_passes_the_scenario_checks() -> None:
    for n in range(len(PNP_CARDS) + 1):
        for flipped in itertools.combinations(PNP_CARDS, n):
            data = compose(Cards("pnp", flipped), "pnp-test")
            check_scenario_schema(data, str(flipped))
            check_scenario_data(data, str(flipped))


def test_the_difficult_sky_and_track_are_those_of_the_facts() -> None:
    hard = flip_scenario(default_scenario(), ["sky1", "sky2", "sky3", "sky4"])
    assert [list(row) for row in hard.sky] == HARD_SKY
    assert list(hard.mothership) == HARD_TRACK
    assert hard.level == 4


def test_one_flipped_sky_card_changes_only_its_rows() -> None:
    easy = default_scenario()
    hard = flip_scenario(easy, ["sky2"])
    assert [list(row) for row in hard.sky[4:8]] == HARD_SKY[4:8]
    assert hard.sky[:4] == easy.sky[:4] and hard.sky[8:] == easy.sky[8:]
    assert list(hard.mothership[4:8]) == HARD_TRACK[4:8]
    assert hard.mothership[:4] == easy.mothership[:4]


def test_the_difficult_base_cards_are_those_of_the_facts() -> None:
    hard = flip_scenario(default_scenario(), ["base1", "base2"])
    rooms = {room.id: room for room in hard.rooms}
    # §2.4, hard base card 1: the combined Energy+Robot room (-6) on row 3, columns 4-5.
    assert (rooms["r3c4"].kind, rooms["r3c4"].spaces, rooms["r3c4"].modifier) == (
        "energy_robot",
        ((3, 4), (3, 5)),
        -6,
    )
    # §2.4, hard base card 2: the Research+Fighter room (-3) on row 4, columns 2-3.
    assert (rooms["r4c2"].kind, rooms["r4c2"].spaces, rooms["r4c2"].modifier) == (
        "research_fighter",
        ((4, 2), (4, 3)),
        -3,
    )
    assert (rooms["r6c1"].kind, rooms["r6c1"].modifier, rooms["r6c1"].cost) == ("research", 2, 3)
    # The excavator starts at row 2, column 5: row 3 starts unexcavated.
    assert hard.excavator_path[hard.excavator_start] == (2, 5)
    assert "energy_robot" in ROOM_KINDS and "research_fighter" in ROOM_KINDS


def test_the_difficult_research_track_is_the_corrected_order() -> None:
    hard = flip_scenario(default_scenario(), ["research"])
    assert hard.research == (2, 2, 5, 1, 4, 5, 2, 2, 7, 1, 7, 3, 4, 12)
    assert (hard.energy_max, hard.energy_start) == (7, 2)


def test_the_damage_track_adds_the_base_cards_spaces() -> None:
    easy = default_scenario()
    assert easy.damage_track == 4
    assert flip_scenario(easy, ["base1"]).damage_track == 5
    assert flip_scenario(easy, ["base2"]).damage_track == 3
    assert flip_scenario(easy, ["base1", "base2"]).damage_track == 4


def test_the_level_counts_the_flipped_cards() -> None:
    board = flip_scenario(default_scenario(), ["research", "sky2", "mothership"])
    assert board.level == 3
    assert board.cards is not None and board.cards.flipped == ("mothership", "sky2", "research")
    assert flip_scenario(default_scenario(), list(PNP_CARDS)).level == 8


def test_a_flipped_board_is_named_by_its_cards_and_read_back() -> None:
    board = flip_scenario(default_scenario(), ["base1", "sky2"])
    assert board.name == "pnp-easy-level-2-sky2-base1"
    assert parse_flipped_name(board.name) == ("pnp-easy", 2, ("sky2", "base1"))
    again = flipped_scenario_named(board.name, "test")
    assert again is not None and _board(again) == _board(board)
    assert flipped_scenario_named("pnp-easy", "test") is None


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("pnp-easy-level-3-sky2-base1", "level 3 but 2 card(s)"),
        ("nowhere-level-1-sky2", "no shipped scenario 'nowhere'"),
        ("pnp-easy-level-1-sky9", "did you mean"),
    ],
)
def test_a_bad_flipped_name_is_one_position_error(name: str, problem: str) -> None:
    with pytest.raises(PositionError) as caught:
        flipped_scenario_named(name, "pos.yaml")
    assert problem in str(caught.value) and "\n" not in str(caught.value)


def test_a_bad_or_repeated_card_is_refused_with_a_suggestion() -> None:
    with pytest.raises(FlipRefused, match=r"no pnp card 'sky5' \(did you mean 'sky4'\?\)"):
        flip_scenario(default_scenario(), ["sky5"])
    twice = flip_scenario(default_scenario(), ["sky2"])
    with pytest.raises(FlipRefused, match="sky2 is flipped already"):
        flip_scenario(twice, ["sky2"])
    with pytest.raises(FlipRefused, match="not built from the published cards"):
        flip_scenario(load_scenario(SCENARIOS / "short-sky.yaml"), ["sky2"])


def test_random_flips_follow_the_seed_and_the_level() -> None:
    cards = Cards("boxed", (), "roswell", "a")
    assert random_flips(cards, 1, 5) == random_flips(cards, 1, 5)
    assert len(set(random_flips(cards, 4, 5))) == 4
    assert {random_flips(cards, 1, seed)[0] for seed in range(40)} == {
        "tile1",
        "tile2",
        "tile3",
        "tile4",
    }
    with pytest.raises(FlipRefused):
        random_flips(cards, 5, 1)


# -- the boxed game --------------------------------------------------------------------------------
def test_the_first_game_file_is_what_its_cards_compose() -> None:
    shipped = load_scenario(FIRST_GAME)
    assert shipped.cards == Cards("boxed", (), "roswell", "a")
    assert _board(composed_scenario(shipped.cards, shipped.name, "test")) == _board(shipped)


def test_the_first_game_set_up_is_the_rulebooks() -> None:
    board = load_scenario(FIRST_GAME)
    # §3.1: 3 grey and 2 white dice, 5 purple ships, 4 white ships set aside; 16 sky rows.
    assert (board.grey_dice, board.white_dice) == (3, 2)
    assert (board.purple_ships, board.white_ships, board.white_start) == (5, 4, 0)
    assert len(board.sky) == 16 and board.level == 0
    # §3.4: Roswell side A's research track climbs tiles 1-4 on side a.
    assert board.research == (3, 1, 3, 1, 4, 1, 3, 2, 1, 6, 1, 3, 5, 1, 3, 11)
    # §3.2: the track runs down tiles 4, 3, 2; side a of tile 2 has the skull on its bottom row.
    assert board.mothership[0] == ("white", 1) and board.mothership[1] == ("excavator", 2)
    assert len(board.mothership) == 12 and board.mothership[-1] == ("skull", 0)
    # §3.3: top A starts the excavator on row 3, column 5; Roswell's energy track 4 + 3.
    assert board.excavator_path[board.excavator_start] == (3, 5)
    assert board.energy_max == 7
    # §3.2 tile 1 side a, its top row is sky row 13: X3, R, -, M, -.
    assert board.sky[12] == ("X3", "R", "", "M", "")


def test_a_flipped_sky_tile_brings_its_side_b() -> None:
    normal = flip_scenario(load_scenario(FIRST_GAME), ["tile2"])
    assert normal.name == "boxed-first-game-level-1-tile2" and normal.level == 1
    # §3.2 tile 2 side b: research 3, 1, 3, 7 (the disputed values, ledger); skull on its 3rd row.
    assert normal.research[4:8] == (3, 1, 3, 7)
    assert len(normal.mothership) == 11 and normal.mothership[-1] == ("skull", 0)
    assert normal.mothership[8] == ("damage", 1)
    assert normal.sky[8] == ("X6", "", "L", "", "M")


def test_a_city_side_with_an_ability_is_not_built() -> None:
    with pytest.raises(FlipRefused, match="ability"):
        compose(Cards("boxed", (), "roswell", "b"), "roswell-b")


def test_the_boards_readings_give_way_to_the_users() -> None:
    from dataclasses import replace

    from engine.falling_skies.ruleset import interpretation_ledger

    switch, field = "white-shot-down", "white_shot_down"
    default = getattr(DEFAULT, field)
    other = next(r for r in interpretation_ledger()[switch]["readings"] if r != default)
    board = replace(load_scenario(FIRST_GAME), readings=((switch, other),))
    assert getattr(board_ruleset(board, DEFAULT), field) == other
    user = DEFAULT.with_readings(**{switch: other})
    assert board_ruleset(replace(board, readings=((switch, default),)), user) == user
    assert load_scenario(FIRST_GAME).readings == (("white-shot-down", "leaves-game"),)


def test_a_bad_readings_entry_names_the_file(tmp_path: Path) -> None:
    text = FIRST_GAME.read_text(encoding="utf-8").replace(
        "white-shot-down: leaves-game", "white-shot-down: maybe"
    )
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PositionError, match="readings"):
        load_scenario(path)


# -- the command line --------------------------------------------------------------------------------
def _play(*args: str) -> Any:
    return run("play", "falling-skies", *args)


def test_play_prints_the_level_of_a_flipped_board() -> None:
    result = _play("--seed", "1", "--random", "--flip", "sky2,base1")
    assert result.exit_code == 0, result.output
    first = result.output.splitlines()[0]
    assert first == "scenario pnp-easy-level-2-sky2-base1, level 2 (sky2, base1 flipped), seed 1"


def test_a_bad_card_is_one_input_error_line() -> None:
    result = _play("--seed", "1", "--random", "--flip", "sky2,bse1")
    line = one_line_error(result, 2, "rulings: error: --flip: ")
    assert "no pnp card 'bse1' (did you mean 'base1'?)" in line


def test_a_level_below_the_flipped_cards_is_refused() -> None:
    result = _play("--seed", "1", "--random", "--flip", "sky2,base1", "--level", "1")
    one_line_error(result, 2, "rulings: error: --level: ")


def test_a_saved_flipped_game_reads_back_on_the_same_board(tmp_path: Path) -> None:
    saved = tmp_path / "r3.yaml"
    result = _play("--seed", "3", "--random", "--flip", "sky2,base1", "--save-at", "3", str(saved))
    assert result.exit_code == 0, result.output
    from engine.falling_skies.files import load_position

    position = load_position(saved)
    expected = flip_scenario(default_scenario(), ["sky2", "base1"])
    assert _board(position.scenario) == _board(expected)


@pytest.mark.parametrize(
    "args",
    [
        ("--scenario", str(FIRST_GAME)),
        ("--scenario", str(FIRST_GAME), "--level", "1"),
        ("--flip", ",".join(PNP_CARDS)),
        ("--flip", "base1,base2"),
        ("--scenario", "pnp-hard"),
        ("--scenario", "boxed-first-game", "--flip", "tile1,tile4"),
    ],
)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_composed_board_plays_to_an_end(args: tuple[str, ...], seed: int) -> None:
    for player in (("--bot", "expert"), ("--random",)):
        result = _play(*args, "--seed", str(seed), *player)
        assert result.exit_code == 0, result.output
        last = result.output.strip().splitlines()[-1]
        assert last.startswith(("result: win", "result: loss")), last


@pytest.mark.parametrize("name", ["boxed-first-game", "pnp-hard"])
def test_a_composed_file_that_drifts_from_its_cards_is_refused(tmp_path: Path, name: str) -> None:
    text = (SCENARIOS / f"{name}.yaml").read_text(encoding="utf-8")
    drifted = text.replace("damage_track: ", "damage_track: 1", 1)
    assert drifted != text
    path = tmp_path / "drifted.yaml"
    path.write_text(drifted, encoding="utf-8")
    with pytest.raises(PositionError, match="damage_track: differs from what the cards entry"):
        load_scenario(path)


def test_the_all_difficult_file_is_level_8() -> None:
    hard = load_scenario(SCENARIOS / "pnp-hard.yaml")
    assert hard.level == 8 and [list(row) for row in hard.sky] == HARD_SKY


def test_balance_rows_play_the_flips_on_boards_built_from_cards() -> None:
    from engine.falling_skies.spec import SPEC

    options = {"scenarios": ["pnp-easy", "short-sky", "boxed-first-game"], "defaults_only": True}
    rows = SPEC.balance_setups({**options, "level": 1})
    assert [row.label for row in rows] == ["pnp-easy, level 1", "boxed-first-game, level 1"]
    assert all(("level", 1) in row.options and "--level 1" in row.play_arguments for row in rows)
    plain = SPEC.balance_setups(options)
    assert [row.label for row in plain] == ["pnp-easy", "short-sky", "boxed-first-game"]
    eight = SPEC.balance_setups(
        {**options, "scenarios": ["pnp-easy", "boxed-first-game"], "level": 8}
    )
    assert [row.label for row in eight] == ["pnp-easy, level 8"]  # the boxed game has 4 tiles
    tiles = SPEC.balance_setups({**options, "flip": "tile2"})
    assert [row.label for row in tiles] == ["boxed-first-game, flip tile2"]
    new = SPEC.new_game(DEFAULT, 3, dict(rows[1].options))
    assert new.game.scenario.level == 1 and new.game.scenario.name.startswith("boxed-first-game")


def test_a_users_reading_replaces_the_boards_even_the_ledgers_default() -> None:
    from engine.falling_skies.ruleset import interpretation_ledger

    switch, board_reading = load_scenario(FIRST_GAME).readings[0]
    for other in interpretation_ledger()[switch]["readings"]:
        if other == board_reading:
            continue
        reading = f"{switch}={other}"
        result = _play(
            "--scenario", "boxed-first-game", "--seed", "1", "--random", "--reading", reading
        )
        assert result.exit_code == 0, result.output
        assert f"(replaced by --reading {reading})" in result.output.splitlines()[1]
    plain = _play("--scenario", "boxed-first-game", "--seed", "1", "--random")
    assert plain.output.splitlines()[1].startswith(f"board readings: {switch}={board_reading};")
