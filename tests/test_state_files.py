"""Whole game states in position files, and the two setups that make a game's first state.

State files: hand-made mid-round states (a knockback waiting for its choice, a drawn tile waiting
for its spot) save and load unchanged in YAML and JSON and play on the same; every older position
file still loads; bad new-style entries are named precisely; a failed save leaves no trace.

Setup: the Quick Start Setup and the Setup section, checked against the rulebook's own numbers.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
import yaml

from engine.core.errors import PositionError
from engine.core.game import PlayerNode
from engine.core.serialization import stable_key
from engine.positions import load_position, load_state, position_schema
from engine.unknown.actions.explore import PlaceAt, PlaceTile
from engine.unknown.catalog import catalog, survivor_cards
from engine.unknown.files import load_state as load_unknown_state
from engine.unknown.files import (
    save_state,
    state_from_data,
    state_to_data,
    state_to_text,
)
from engine.unknown.game import UnknownGame
from engine.unknown.knockback import Knockback
from engine.unknown.position import Enemy, PlacedTile, Survivor, Token, UnknownPosition
from engine.unknown.setup import quick_start_scout, setup_data, standard_setup
from engine.unknown.state import PHASES, TileStack, UnknownState, count

POSITIONS = Path(__file__).resolve().parent / "data" / "positions"
GAME = UnknownGame()

# A cross around base, one more tile east, and a flood two steps east of base:
#   y=1            ammo
#   y=0   scrap    base     food     flood
#   y=-1           medicine
CROSS = (
    PlacedTile((-1, 0), "scrap", cleared=True),
    PlacedTile((0, -1), "medicine"),
    PlacedTile((0, 0), "base"),
    PlacedTile((0, 1), "ammo"),
    PlacedTile((1, 0), "food"),
)


def mid_round(**changes) -> UnknownState:
    """Round 2, blue (injured, 2 AP left) on turn, green done, goods everywhere."""
    position = UnknownPosition(
        tiles=(*CROSS, PlacedTile((2, 0), "flood")),
        tokens=(Token((1, 0), "barrier", 2), Token((2, 0), "food")),
        survivors=(
            Survivor("blue", (1, 0), "doctor", "injured", 2, (("medicine", 1), ("trap", 1))),
            Survivor("green", (0, 0), "soldier", goods=(("ammo", 2), ("armor", 1))),
        ),
        enemies=(
            Enemy("animal1", "animal", (2, 0), fresh=True),
            Enemy("brute1", "brute", (0, 1), stunned=True),
        ),
    )
    state = UnknownState(
        position=position,
        round=2,
        phase="survivor_actions",
        turn="blue",
        done=("green",),
        base=(("food", 5), ("scrap", 1)),
        stack=TileStack(top=("rockfall", "food"), rest=(("beast", 1), ("food", 3), ("market", 2))),
        mission="scout",
        unused_cards=("captain", "botanist"),
    )
    return replace(state, **changes)


def knockback_pending() -> UnknownState:
    """The flood at [2, 0] has just been explored: blue must flee 3 tiles from it."""
    return mid_round(pending=(Knockback((2, 0), 3, ("blue",), cause="explore"),))


def placement_pending() -> UnknownState:
    """Blue drew a blocked tile from the stack and must now choose where it goes."""
    state = mid_round(pending=(PlaceTile("blue", "blocked"),))
    position = UnknownPosition(CROSS, (), state.position.survivors, ())
    return replace(state, position=position)


MID_ROUND = {
    "knockback": knockback_pending,
    "placement": placement_pending,
    "no pending": mid_round,
}


# -- round trips ----------------------------------------------------------------------------------
@pytest.mark.parametrize("make", MID_ROUND.values(), ids=MID_ROUND.keys())
@pytest.mark.parametrize("suffix", [".yaml", ".json"])
def test_a_mid_round_state_saves_and_loads_unchanged(tmp_path, make, suffix):
    state = make()
    path = save_state(state, tmp_path / f"state{suffix}")
    loaded = load_unknown_state(path)
    assert loaded == state
    assert stable_key(loaded) == stable_key(state)
    assert load_state(path) == state  # engine.positions.load_state, by the file's game key
    assert GAME.node(loaded) == GAME.node(state)


def test_the_saved_file_names_the_pending_effect_and_the_round():
    data = yaml.safe_load(state_to_text(knockback_pending()))
    assert data["pending"] == [
        {
            "effect": "knockback",
            "source": [2, 0],
            "distance": 3,
            "movers": ["blue"],
            "cause": "explore",
        }
    ]
    assert (data["round"], data["phase"], data["turn"], data["done"]) == (
        2,
        "survivor_actions",
        "blue",
        ["green"],
    )
    assert data["stack"] == {
        "top": ["rockfall", "food"],
        "rest": {"beast": 1, "food": 3, "market": 2},
    }
    assert data["survivors"][0] == {
        "id": "blue",
        "card": "doctor",
        "at": [1, 0],
        "health": "injured",
        "ap": 2,
        "goods": {"medicine": 1, "trap": 1},
    }
    assert data["enemies"] == [
        {"id": "animal1", "kind": "animal", "at": [2, 0], "fresh": True},
        {"id": "brute1", "kind": "brute", "at": [0, 1], "stunned": True},
    ]
    assert data["unused_survivors"] == ["captain", "botanist"]


def test_play_resumes_from_a_saved_placement(tmp_path):
    """Next to blue on [1, 0] only [2, 0] is free of a 2x2 square (unknown.action.explore.no-2x2)."""
    loaded = load_unknown_state(save_state(placement_pending(), tmp_path / "draw.yaml"))
    node = GAME.node(loaded)
    assert isinstance(node, PlayerNode)
    assert node.legal == (PlaceAt((2, 0)),)
    after = GAME.apply(loaded, PlaceAt((2, 0))).state
    assert after.position.tile_at[(2, 0)].tile == "blocked"
    assert not any(isinstance(p, PlaceTile) for p in after.pending)


def test_a_map_fragment_stays_short():
    position = UnknownPosition(
        tiles=(PlacedTile((0, 0), "flood"),), survivors=(Survivor("red", (0, 0)),)
    )
    assert state_to_data(UnknownState(position)) == {
        "game": "unknown",
        "tiles": [{"at": [0, 0], "tile": "flood"}],
        "survivors": [{"id": "red", "at": [0, 0]}],
    }


def test_odd_strings_are_quoted_so_they_read_back_as_strings():
    state = mid_round(outcome=("loss", "unknown.turn.upkeep", 'no: food, yes: "none" [at all]'))
    text = state_to_text(state)
    assert state_from_data(yaml.safe_load(text), "odd.yaml") == state


# -- older files ----------------------------------------------------------------------------------
OLD_FILES = sorted([*POSITIONS.glob("*.yaml"), *POSITIONS.glob("*.json")])


@pytest.mark.parametrize("path", OLD_FILES, ids=lambda p: p.name)
def test_every_older_position_file_loads_as_a_state_with_no_round(tmp_path, path):
    state = load_unknown_state(path)
    assert state == UnknownState(load_position(path))
    assert state.phase is None and state.pending == () and state.stack.size == 0
    assert load_unknown_state(save_state(state, tmp_path / path.name)) == state


def test_older_files_exist_to_check():
    assert len(OLD_FILES) >= 5


# -- bad input ------------------------------------------------------------------------------------
MAP = (
    "game: unknown\n"
    "tiles:\n  - {at: [0, 0], tile: base}\n  - {at: [1, 0], tile: food}\n"
    "survivors:\n  - {id: blue, card: doctor, at: [0, 0]}\n  - {id: green, at: [1, 0]}\n"
)
ROUND = "phase: survivor_actions\n"
BAD = [
    ("unknown phase", MAP + "phase: lunch\n", "phase", "'lunch' is not one of"),
    ("turn names no survivor", MAP + ROUND + "turn: red\n", "turn", "'red' names no survivor"),
    (
        "turn outside survivor actions",
        MAP + "phase: upkeep\nturn: blue\n",
        "turn",
        "only during survivor actions",
    ),
    (
        "done names no survivor",
        MAP + ROUND + "done: [blue, pink]\n",
        "done[1]",
        "'pink' names no survivor",
    ),
    ("on turn and done", MAP + ROUND + "turn: blue\ndone: [blue]\n", "done[0]", "taking its turn"),
    ("done without a round", MAP + "done: [blue]\n", "done[0]", "no round is in progress"),
    (
        "unknown stack tile",
        MAP + "stack:\n  rest: {food: 2, lava: 1}\n",
        "stack.rest.lava",
        "unknown tile 'lava'",
    ),
    (
        "unknown top tile",
        MAP + "stack:\n  top: [flood, lava]\n",
        "stack.top[1]",
        "unknown tile 'lava'",
    ),
    ("a second base", MAP + "stack:\n  top: [base]\n", "stack.top[0]", "the box holds 1 base"),
    ("stack key", MAP + "stack:\n  bottom: [food]\n", "stack", "unknown key"),
    (
        "negative AP",
        MAP.replace("card: doctor, ", "card: doctor, ap: -1, "),
        "survivors[0].ap",
        "AP goes below 0 only in the Refugees mission",
    ),
    (
        "unknown health",
        MAP.replace("card: doctor, ", "health: dead, "),
        "survivors[0].health",
        "is not one of",
    ),
    (
        "incapacitated with AP",
        MAP.replace("card: doctor, ", "health: incapacitated, ap: 1, "),
        "survivors[0].ap",
        "0 AP",
    ),
    (
        "unknown card",
        MAP.replace("doctor", "wizard"),
        "survivors[0].card",
        "unknown survivor card 'wizard'",
    ),
    (
        "unknown goods",
        MAP.replace("card: doctor, ", "goods: {gold: 1}, "),
        "survivors[0].goods",
        "'gold' is not one of",
    ),
    (
        "zero goods",
        MAP.replace("card: doctor, ", "goods: {food: 0}, "),
        "survivors[0].goods.food",
        "less than the minimum of 1",
    ),
    ("base goods", MAP + "base: {food: -2}\n", "base.food", "less than the minimum of 1"),
    (
        "dead enemy",
        MAP + "enemies:\n  - {id: a1, kind: animal, at: [1, 0], damage: 1}\n",
        "enemies[0].damage",
        "would be dead with 1 damage",
    ),
    ("round zero", MAP + "round: 0\n", "round", "less than the minimum of 1"),
    ("unknown mission", MAP + "mission: picnic\n", "mission", "unknown mission 'picnic'"),
    (
        "unused card unknown",
        MAP + "unused_survivors: [nurse, wizard]\n",
        "unused_survivors[1]",
        "unknown survivor card",
    ),
    (
        "unused card in play",
        MAP + "unused_survivors: [doctor]\n",
        "unused_survivors[0]",
        "in play (survivor blue)",
    ),
    (
        "unknown effect",
        MAP + "pending:\n  - {effect: teleport}\n",
        "pending[0].effect",
        "unknown effect 'teleport'",
    ),
    (
        "effect without a name",
        MAP + "pending:\n  - {who: blue}\n",
        "pending[0]",
        "'effect' is a required property",
    ),
    (
        "effect fields",
        MAP + "pending:\n  - {effect: place_tile, who: blue}\n",
        "pending[0]",
        "bad fields for place_tile",
    ),
    (
        "effect names no piece",
        MAP + "pending:\n  - {effect: place_tile, who: red, tile: food}\n",
        "pending[0].who",
        "'red' names no piece",
    ),
    (
        "knockback mover",
        MAP
        + "pending:\n  - {effect: knockback, source: [1, 0], distance: 2, movers: [blue, x9]}\n",
        "pending[0].movers[1]",
        "'x9' names no piece",
    ),
    (
        "outcome result",
        MAP + "outcome: {result: draw, clause: unknown.turn.upkeep, why: tie}\n",
        "outcome.result",
        "is not one of",
    ),
    (
        "outcome clause",
        MAP + "outcome: {result: loss, clause: unknown.made.up, why: tie}\n",
        "outcome.clause",
        "not in the clause index",
    ),
    ("top-level key", MAP + "weather: rain\n", "file", "unknown key"),
]


@pytest.mark.parametrize(
    ("text", "entry", "problem"), [b[1:] for b in BAD], ids=[b[0] for b in BAD]
)
def test_bad_state_input_names_the_entry_and_the_problem(tmp_path, text, entry, problem):
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PositionError) as error:
        load_unknown_state(path)
    assert error.value.source == str(path)
    assert error.value.entry == entry
    assert problem in error.value.problem
    assert "\n" not in str(error.value)


def test_the_good_part_of_the_bad_inputs_loads(tmp_path):
    """The base text of the bad inputs is itself fine, so each failure is the entry's fault."""
    path = tmp_path / "good.yaml"
    path.write_text(MAP + ROUND + "turn: blue\ndone: [green]\n", encoding="utf-8")
    state = load_unknown_state(path)
    assert (state.turn, state.done, state.phase) == ("blue", ("green",), "survivor_actions")


def test_the_schema_lists_exactly_the_phases_of_a_round():
    phases = position_schema()["$defs"]["unknown"]["properties"]["phase"]["enum"]
    assert phases == [*PHASES, None]


# -- saving safely --------------------------------------------------------------------------------
def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    path = save_state(mid_round(), tmp_path / "game.yaml")
    before = path.read_text(encoding="utf-8")

    def broken_rename(source, target):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_rename)
    with pytest.raises(OSError, match="disk full"):
        save_state(knockback_pending(), path)
    assert path.read_text(encoding="utf-8") == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.yaml"]


def test_a_state_no_file_can_hold_is_refused_before_writing(tmp_path):
    path = tmp_path / "game.json"
    broken = mid_round(turn="nobody")
    with pytest.raises(PositionError) as error:
        save_state(broken, path)
    assert error.value.entry == "turn"
    assert not path.exists() and list(tmp_path.iterdir()) == []


def test_json_state_files_are_json(tmp_path):
    path = save_state(knockback_pending(), tmp_path / "game.json")
    assert json.loads(path.read_text(encoding="utf-8"))["turn"] == "blue"


# -- setup ----------------------------------------------------------------------------------------
QUICK_POOL = {"explorer", "soldier", "doctor", "runner", "hunter", "trader"}
QUICK_HAZARDS = {
    "blaze": 1, "blocked": 2, "bridge": 1, "broken": 1, "collapse": 2,
    "flood": 2, "irradiated": 1, "muddy": 1, "rockfall": 2,
}  # fmt: skip


def by_type(state: UnknownState, kind: str) -> int:
    return sum(n for name, n in state.stack.rest if catalog()[name].type == kind)


def test_quick_start_base_food_and_survivors():
    """Base with a basic resource tile on every side, 8 food, everyone on base with its goods."""
    state = quick_start_scout(4, ["explorer", "doctor", "runner", "trader"])
    tiles = {t.at: t.tile for t in state.position.tiles}
    assert tiles.pop((0, 0)) == "base"
    assert set(tiles) == {(1, 0), (-1, 0), (0, 1), (0, -1)}
    assert sorted(tiles.values()) == ["ammo", "food", "medicine", "scrap"]
    assert state.base == (("food", 8),)
    assert sorted(s.card for s in state.position.survivors) == [
        "doctor",
        "explorer",
        "runner",
        "trader",
    ]
    for survivor in state.position.survivors:
        assert survivor.at == (0, 0) and survivor.health == "healthy"
        assert survivor.goods == survivor_cards()[survivor.card].goods
    assert len({s.id for s in state.position.survivors}) == 4
    assert (state.mission, state.round, state.phase, state.turn, state.done) == (
        "scout",
        1,
        "survivor_actions",
        None,
        (),
    )
    assert set(state.unused_cards) == set(survivor_cards()) - QUICK_POOL
    assert len(state.unused_cards) == 10


@pytest.mark.parametrize(("survivors", "enemies"), [(3, 5), (4, 5), (5, 6), (6, 7)])
def test_quick_start_stack(survivors, enemies):
    """46 starting tiles, the 13 listed hazards and 5 enemy tiles (a monster at 5, a stranger at 6)."""
    state = quick_start_scout(survivors, 7)
    assert state.stack.top == ()
    assert state.stack.size == 46 + 13 + enemies
    assert {n: c for n, c in state.stack.rest if n in QUICK_HAZARDS} == QUICK_HAZARDS
    assert by_type(state, "hazard") == 13
    assert by_type(state, "objective") == 0 and count(state.stack.rest, "base") == 0
    assert count(state.stack.rest, "brute") == 1
    assert count(state.stack.rest, "devourer") == 1
    assert count(state.stack.rest, "stranger") == (2 if survivors == 6 else 1)


def test_quick_start_deals_distinct_pool_cards_from_a_seed():
    deals = {
        tuple(s.card for s in quick_start_scout(4, seed).position.survivors) for seed in range(20)
    }
    assert len(deals) > 1
    for cards in deals:
        assert len(set(cards)) == 4 and set(cards) <= QUICK_POOL
    assert quick_start_scout(5, 3) == quick_start_scout(5, 3)


@pytest.mark.parametrize(
    ("survivors", "cards", "problem"),
    [
        (2, 0, "at least 3"),
        (7, 0, "stop at 6"),
        (3, ["explorer", "nurse", "doctor"], "nurse not among"),
        (3, ["explorer", "explorer", "doctor"], "only once"),
        (3, ["explorer", "doctor"], "need 3 cards"),
    ],
)
def test_quick_start_refuses_bad_deals(survivors, cards, problem):
    with pytest.raises(ValueError, match=problem):
        quick_start_scout(survivors, cards)


def test_the_first_decision_is_who_goes_first():
    state = quick_start_scout(3, ["explorer", "soldier", "doctor"])
    node = GAME.node(state)
    assert isinstance(node, PlayerNode) and node.player == "players"
    assert sorted(d.who for d in node.legal) == sorted(s.id for s in state.position.survivors)


def test_the_starting_balance_table_is_the_rulebooks():
    table = {n: (row.enemy_tiles, row.food) for n, row in setup_data().balance.items()}
    assert table == {
        2: ({"easy": 4, "normal": 5, "hard": 6}, 12),
        3: ({"easy": 4, "normal": 5, "hard": 6}, 12),
        4: ({"easy": 5, "normal": 6, "hard": 7}, 8),
        5: ({"easy": 6, "normal": 7, "hard": 8}, 6),
        6: ({"easy": 7, "normal": 8, "hard": 9}, 3),
    }


def test_the_box_holds_50_starting_21_hazard_and_15_enemy_tiles():
    data = setup_data()
    assert sum(n for _, n in data.starting_tiles) == 50
    assert sum(n for _, n in data.hazard_tiles) == 21
    assert sum(n for _, n in data.enemy_tiles) == 15


@pytest.mark.parametrize(
    ("mission", "survivors", "difficulty", "short", "food", "size"),
    [
        ("scout", 4, "normal", False, 8, 46 + 13 + 6),
        ("map", 3, "hard", False, 12, 46 + 13 + 6),
        ("expand", 6, "hard", False, 3, 46 + 13 + 9),
        ("scout", 5, "easy", False, 6, 46 + 13 + 6),
        ("onslaught", 4, "normal", False, 8, 46 + 13 + 6 + 5),
        ("onslaught", 4, "normal", True, 8, 46 - 11 + 13 + 6 + 4),
        ("scout", 4, "normal", True, 8, 46 - 11 + 13 + 6),
    ],
)
def test_standard_setup_follows_the_starting_balance(
    mission, survivors, difficulty, short, food, size
):
    state = standard_setup(mission, survivors, difficulty, seed=11, short=short)
    assert state.base == (("food", food),)
    assert state.stack.size == size
    assert by_type(state, "hazard") == 13
    cards = [s.card for s in state.position.survivors]
    assert len(set(cards)) == survivors
    assert sorted((*cards, *state.unused_cards)) == sorted(survivor_cards())
    assert state.mission == mission and state.phase == "survivor_actions"


def test_a_short_stack_loses_two_of_each_basic_resource_and_three_lairs():
    """The same seed draws the same hazards and enemies; only the starting tiles differ."""
    full = Counter(dict(standard_setup("scout", 4, seed=2).stack.rest))
    short = Counter(dict(standard_setup("scout", 4, seed=2, short=True).stack.rest))
    assert full - short == Counter(
        {"ammo": 2, "food": 2, "medicine": 2, "scrap": 2, "beast": 1, "monster": 1, "animal": 1}
    )
    assert short - full == Counter()


def test_standard_setup_is_seeded():
    assert standard_setup("scout", 4, seed=5) == standard_setup("scout", 4, seed=5)
    assert standard_setup("scout", 4, seed=5) != standard_setup("scout", 4, seed=6)


@pytest.mark.parametrize(
    ("mission", "difficulty", "problem"),
    [
        ("picnic", "normal", "unknown mission"),
        ("scout", "brutal", "difficulty"),
    ],
)
def test_standard_setup_says_what_it_cannot_do(mission, difficulty, problem):
    with pytest.raises(ValueError, match=problem):
        standard_setup(mission, 4, difficulty, seed=1)
