"""Per-turn survivor traits (rulebook: Survivors): the Runner's two free moves onto cleared tiles,
the Tracker's free move nearer an enemy, the Captain's free move of another survivor, and the
per-turn use counts they keep in ``Survivor.used``.

Expected values come from the cards' words: "twice per turn", "once per turn", "0 AP", "within 1
range", "cannot move incapacitated survivors". Coordinates are ``(x, y)``; the acting survivor is
``yellow`` with 3 AP unless a test says otherwise.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine.core.errors import IllegalDecision
from engine.unknown.actions.move import Move
from engine.unknown.files import load_state, save_state, state_to_data
from engine.unknown.survivors.captain import MoveOther
from engine.unknown.turn.round import EndTurn, StartTurn
from tests.test_actions_standard import GAME, make_state, snapshot

ROW = {(x, 0): name for x, name in enumerate(["food", "scrap", "ammo", "lab", "base"])}
"""A corridor from x=0 to x=4 (base at the far end)."""


def ap(state: Any, who: str = "yellow") -> int:
    return state.position.survivor(who).ap


def at(state: Any, who: str) -> tuple[int, int]:
    return state.position.survivor(who).at


def move_east(state: Any, who: str = "yellow") -> Any:
    x, y = at(state, who)
    return GAME.apply(state, Move(who, (x + 1, y))).state


def refused(state: Any, decision: Any) -> str:
    """The clause a refused decision names; the state is checked unchanged."""
    before = snapshot(state)
    with pytest.raises(IllegalDecision) as error:
        GAME.apply(state, decision)
    assert snapshot(state) == before
    return error.value.clause


def legal(state: Any) -> tuple[Any, ...]:
    return GAME.node(state).legal


# ------------------------------------------------------------------------------------ Runner
def runner(tiles: dict, cleared: tuple, **extra: Any) -> Any:
    spec = {"at": (0, 0), "card": "runner", **extra}
    return make_state(tiles, {"yellow": spec}, cleared=cleared)


def test_runner_moves_twice_onto_cleared_tiles_for_free_and_pays_for_the_third():
    state = runner(ROW, cleared=((1, 0), (2, 0), (3, 0)))
    state = move_east(move_east(state))
    assert ap(state) == 3  # two free moves
    assert state.position.survivor("yellow").uses("runner.free-moves") == 2
    state = move_east(state)
    assert at(state, "yellow") == (3, 0)
    assert ap(state) == 2  # the third move onto a cleared tile costs the usual 1 AP


def test_runner_pays_for_a_tile_that_is_not_cleared_and_the_free_moves_need_not_be_in_a_row():
    state = runner(ROW, cleared=((1, 0), (3, 0)))
    state = move_east(state)  # cleared: free
    assert ap(state) == 3
    state = move_east(state)  # not cleared: 1 AP, and no free move used
    assert ap(state) == 2
    assert state.position.survivor("yellow").uses("runner.free-moves") == 1
    state = move_east(state)  # cleared again: the second free move
    assert ap(state) == 2


@pytest.mark.parametrize("tile", ["base", "broken", "rockfall", "flood"])
def test_runner_pays_to_enter_base_and_hazards_which_are_never_cleared(tile):
    state = runner({(0, 0): "food", (1, 0): tile}, cleared=())
    assert ap(move_east(state)) == 2


def test_runner_with_no_ap_left_is_offered_the_free_move_only():
    state = runner(ROW, cleared=((1, 0),), ap=0)
    moves = [d for d in legal(state) if isinstance(d, Move)]
    assert moves == [Move("yellow", (1, 0))]


def test_a_new_turn_gives_the_runner_her_two_free_moves_again():
    state = runner(ROW, cleared=((1, 0), (2, 0), (3, 0)))
    state = move_east(move_east(state))
    state = GAME.apply(state, EndTurn("yellow")).state
    state = replace(state, turn=None, done=())  # her next turn, as the following round gives
    state = GAME.apply(state, StartTurn("yellow")).state
    assert state.position.survivor("yellow").used == ()
    assert ap(move_east(state)) == ap(state)  # free again


def test_another_survivor_moving_onto_a_cleared_tile_pays():
    tiles = {(0, 0): "food", (1, 0): "scrap", (0, 1): "ammo"}
    state = make_state(
        tiles,
        {"yellow": {"at": (0, 1), "card": "runner"}, "green": {"at": (0, 0)}},
        cleared=((1, 0),),
        turn="green",
    )
    assert ap(move_east(state, "green"), "green") == 2


# ----------------------------------------------------------------------------------- Tracker
def tracker(enemies: dict, start: tuple[int, int] = (2, 0)) -> Any:
    tiles = {(x, 0): "scrap" for x in range(6)}
    return make_state(tiles, {"yellow": {"at": start, "card": "tracker"}}, enemies=enemies)


def test_tracker_moves_nearer_an_enemy_once_for_free_then_pays():
    state = tracker({"b1": ("beast", (5, 0))})
    state = move_east(state)  # range 3 -> 2: free
    assert ap(state) == 3
    state = move_east(state)  # range 2 -> 1: nearer again, but the free move is used
    assert ap(state) == 2


def test_tracker_move_nearer_any_enemy_is_free_even_away_from_the_nearest():
    # The beast is 2 west, the animal 3 east: moving east is farther from the nearest enemy but
    # nearer another, and the card says any enemy counts.
    state = tracker({"b1": ("beast", (0, 0)), "a1": ("animal", (5, 0))})
    assert ap(move_east(state)) == 3


@pytest.mark.parametrize("enemies", [{"b1": ("beast", (0, 0))}, {}])
def test_tracker_pays_for_a_move_nearer_no_enemy(enemies):
    state = tracker(enemies)
    after = move_east(state)
    assert ap(after) == 2
    assert after.position.survivor("yellow").uses("tracker.free-approach") == 0


# ----------------------------------------------------------------------------------- Captain
#   y=1   food(green)  scrap(yellow)  ammo(blue)  lab
#   y=0                medicine
CAPTAIN_TILES = {(0, 1): "food", (1, 1): "scrap", (2, 1): "ammo", (3, 1): "lab", (1, 0): "medicine"}


def captain(**others: dict) -> Any:
    survivors = {
        "yellow": {"at": (1, 1), "card": "captain"},
        "green": {"at": (0, 1)},
        "blue": {"at": (2, 1)},
        **others,
    }
    return make_state(CAPTAIN_TILES, survivors)


def test_captain_is_offered_one_tile_moves_of_each_neighbour():
    offered = {(d.target, d.to) for d in legal(captain()) if isinstance(d, MoveOther)}
    # green on (0,1) can go only east (onto the Captain's tile); blue on (2,1) west or east.
    assert offered == {("green", (1, 1)), ("blue", (1, 1)), ("blue", (3, 1))}


def test_captain_moves_blue_for_free_and_may_take_him_out_of_range():
    state = GAME.apply(captain(), MoveOther("yellow", "blue", (3, 1))).state
    assert at(state, "blue") == (3, 1)
    assert ap(state) == 3 and ap(state, "blue") == 3
    assert state.position.survivor("yellow").uses("captain.move-ally") == 1


def test_captain_moves_another_survivor_only_once_per_turn():
    state = GAME.apply(captain(), MoveOther("yellow", "blue", (3, 1))).state
    assert not [d for d in legal(state) if isinstance(d, MoveOther)]
    assert refused(state, MoveOther("yellow", "green", (1, 1))) == (
        "unknown.survivor.captain.move-ally"
    )


def test_captain_cannot_move_an_incapacitated_survivor():
    state = captain(green={"at": (0, 1), "health": "incapacitated", "ap": 0})
    assert not [d for d in legal(state) if isinstance(d, MoveOther) and d.target == "green"]
    assert refused(state, MoveOther("yellow", "green", (1, 1))) == (
        "unknown.survivor.captain.no-incapacitated"
    )


def test_captain_cannot_move_a_survivor_beyond_range_one():
    state = captain(blue={"at": (3, 1)})  # two tiles east
    assert refused(state, MoveOther("yellow", "blue", (2, 1))) == (
        "unknown.survivor.captain.move-range"
    )


def test_only_the_captain_moves_another_survivor_for_free():
    state = replace(captain(), turn="blue")
    assert not [d for d in legal(state) if isinstance(d, MoveOther)]
    assert refused(state, MoveOther("blue", "yellow", (1, 0))) == (
        "unknown.survivor.captain.move-ally"
    )


def test_the_free_move_follows_the_move_rules():
    # From (1,1) yellow is beside green; green cannot go diagonally or off the map.
    assert refused(captain(), MoveOther("yellow", "green", (1, 0))) == (
        "unknown.action.move.no-diagonal"
    )
    assert refused(captain(), MoveOther("yellow", "green", (-1, 1))) == "unknown.action.move"


# -------------------------------------------------------------------------------- state files
@pytest.mark.parametrize("suffix", [".yaml", ".json"])
def test_trait_uses_save_and_load_unchanged(tmp_path, suffix):
    state = GAME.apply(captain(), MoveOther("yellow", "blue", (3, 1))).state
    state = replace(state, round=1)
    row = next(s for s in state_to_data(state)["survivors"] if s["id"] == "yellow")
    assert row["used"] == {"captain.move-ally": 1}
    loaded = load_state(save_state(state, tmp_path / f"game{suffix}"))
    assert loaded == state
    assert not [d for d in legal(loaded) if isinstance(d, MoveOther)]


def test_a_survivor_with_no_trait_uses_writes_no_used_entry():
    rows = state_to_data(captain())["survivors"]
    assert all("used" not in row for row in rows)
