"""Investigator and Nurse heal bonus (rulebook: Survivors, Investigator and Nurse).

Expected values come from the cards' words: after a Gather, "two separate" Explores "at the cost
of 0 AP", following "normal explore rules", the first complete (knockback too) before the second;
a survivor the Nurse heals gets "2 additional AP", given (as her example reads) at that
survivor's next turn, stacking with her 1 AP range bonus. Coordinates are ``(x, y)``; the acting
survivor is ``yellow`` with 3 AP unless a test says otherwise.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine.core.errors import IllegalDecision
from engine.unknown.actions.explore import Explore, PlaceAt
from engine.unknown.actions.gather import Gather
from engine.unknown.actions.heal import Heal
from engine.unknown.actions.move import Move
from engine.unknown.catalog import catalog
from engine.unknown.files import load_state, save_state
from engine.unknown.state import TileStack
from engine.unknown.turn.round import EndTurn, StartTurn
from tests.test_actions_standard import GAME, make_state

FOOD, HERE = (1, 0), (2, 0)
ROW = {FOOD: "food", HERE: "scrap"}
"""A food tile west of the scrap tile the Investigator stands on; nothing else is explored."""
FREE = "investigator.free-explores"
HEAL = "nurse.heal-bonus"


def ap(state: Any, who: str = "yellow") -> int:
    return state.position.survivor(who).ap


def legal(state: Any) -> tuple[Any, ...]:
    return GAME.node(state).legal


def investigator(tiles: dict = ROW, **spec: Any) -> Any:
    state = make_state(tiles, {"yellow": {"at": HERE, "card": "investigator", **spec}})
    return replace(state, stack=TileStack(top=("medicine", "lab", "ammo")))


def gather_food(state: Any) -> Any:
    return GAME.apply(state, Gather("yellow", "food", (FOOD,))).state


def explore(state: Any, tile: str, at: tuple[int, int]) -> Any:
    """Explore with ``tile`` on top of the stack, placing it at ``at``."""
    stack = TileStack(top=(tile, *state.stack.top), rest=state.stack.rest)
    state = GAME.apply(replace(state, stack=stack), Explore("yellow")).state
    return GAME.apply(state, PlaceAt(at)).state


def next_turn(state: Any, who: str) -> Any:
    """``who`` starts its turn in a fresh round (nobody has acted yet)."""
    state = replace(state, turn=None, done=())
    return GAME.apply(state, StartTurn(who)).state


# ------------------------------------------------------------------------------ Investigator
def test_brute_example_two_free_explores_around_the_knockback_then_a_paid_third():
    state = gather_food(investigator())
    assert ap(state) == 2  # the gather itself costs its usual 1 AP
    assert state.position.survivor("yellow").uses(FREE) == 2
    assert catalog()["brute"].knockback == 1
    state = explore(state, "brute", (3, 0))
    assert not state.pending  # the first explore, knockback included, is over
    assert state.position.survivor("yellow").at == FOOD  # knocked back off the brute's side
    assert ap(state) == 2  # free
    assert Explore("yellow") in legal(state)  # spots remain, so the second free one is open
    state = explore(state, "ammo", (0, 0))
    assert ap(state) == 2  # the second is free too
    assert state.position.survivor("yellow").uses(FREE) == 0
    state = explore(state, "lab", (1, 1))
    assert ap(state) == 1  # only two were free


def test_free_explores_are_open_even_with_no_ap_left():
    state = gather_food(investigator(ap=1))
    assert ap(state) == 0
    assert Explore("yellow") in legal(state)
    state = explore(state, "ammo", (3, 0))
    assert ap(state) == 0


def test_any_other_action_between_loses_the_free_explores():
    state = GAME.apply(gather_food(investigator()), Move("yellow", FOOD)).state
    assert state.position.survivor("yellow").uses(FREE) == 0
    state = explore(state, "ammo", (0, 0))
    assert ap(state) == 0  # gather, move and explore cost 1 AP each


def test_an_action_between_the_two_free_explores_loses_the_second():
    state = explore(gather_food(investigator()), "ammo", (3, 0))
    state = GAME.apply(state, Move("yellow", (3, 0))).state
    assert ap(state) == 1
    state = explore(state, "lab", (4, 0))
    assert ap(state) == 0


def test_ending_the_turn_loses_the_free_explores():
    state = GAME.apply(gather_food(investigator()), EndTurn("yellow")).state
    state = next_turn(state, "yellow")
    assert state.position.survivor("yellow").uses(FREE) == 0
    state = explore(state, "ammo", (3, 0))
    assert ap(state) == 2


def test_without_a_gather_her_explore_costs_1_ap():
    state = explore(investigator(), "ammo", (3, 0))
    assert ap(state) == 2


def test_another_survivors_gather_opens_nothing_for_her():
    tiles = {**ROW, (0, 0): "food"}
    state = make_state(
        tiles,
        {"yellow": {"at": HERE, "card": "investigator"}, "green": {"at": (0, 0)}},
        turn="green",
    )
    state = GAME.apply(state, Gather("green", "food", ((0, 0),))).state
    assert state.position.survivor("yellow").uses(FREE) == 0
    assert state.position.survivor("green").uses(FREE) == 0


def test_a_free_explore_still_needs_a_legal_placement():
    # An H of tiles: both sides taken, and north or south would complete a 2x2 square.
    h_shape = {(0, 1): "food", (2, 1): "ammo", (0, 0): "medicine", (1, 0): "food"}
    h_shape.update({(2, 0): "scrap", (0, -1): "lab", (2, -1): "bunker"})
    state = investigator(h_shape)
    state = replace(state, position=state.position.moved("yellow", (1, 0)))
    state = GAME.apply(state, Gather("yellow", "food", ((1, 0),))).state
    assert state.position.survivor("yellow").uses(FREE) == 2
    assert Explore("yellow") not in legal(state)
    with pytest.raises(IllegalDecision) as error:
        GAME.apply(state, Explore("yellow"))
    assert error.value.clause.startswith("unknown.action.explore")


def test_a_free_explore_still_needs_a_tile_to_draw():
    state = replace(gather_food(investigator()), stack=TileStack())
    assert Explore("yellow") not in legal(state)


@pytest.mark.parametrize("suffix", [".yaml", ".json"])
def test_open_free_explores_save_and_load(tmp_path, suffix):
    state = replace(gather_food(investigator()), round=1)
    loaded = load_state(save_state(state, tmp_path / f"game{suffix}"))
    assert loaded == state
    assert ap(explore(loaded, "ammo", (3, 0))) == 2


# ------------------------------------------------------------------------------------- Nurse
def nurse_map(**others: dict) -> Any:
    """The Nurse (yellow) on scrap at (1,0) with 2 medicine; food to her west, and south of her
    a row going east: lab, ammo, bunker."""
    tiles = {(0, 0): "food", (1, 0): "scrap", (1, -1): "lab", (2, -1): "ammo", (3, -1): "bunker"}
    nurse = {"at": (1, 0), "card": "nurse", "goods": {"medicine": 2}}
    return make_state(tiles, {"yellow": nurse, **others})


def test_nurse_example_healed_survivor_starts_next_turn_with_2_extra_ap():
    # Green is healed to healthy: 3 AP plus 2. Blue, injured and within 2 of the Nurse after
    # she moves down, loses 1 AP to his injury and gains 1 from her range.
    state = nurse_map(
        green={"at": (0, 0), "health": "injured"}, blue={"at": (3, -1), "health": "injured"}
    )
    state = GAME.apply(state, Heal("yellow", "green")).state
    assert state.position.survivor("green").health == "healthy"
    assert state.position.survivor("green").uses(HEAL) == 2
    assert ap(state, "green") == 3  # nothing given before his turn
    state = GAME.apply(state, Move("yellow", (1, -1))).state
    state = GAME.apply(state, EndTurn("yellow")).state
    state = GAME.apply(state, StartTurn("green")).state
    assert ap(state, "green") == 5
    assert state.position.survivor("green").uses(HEAL) == 0
    state = GAME.apply(state, EndTurn("green")).state
    state = GAME.apply(state, StartTurn("blue")).state
    assert ap(state, "blue") == 3


def test_heal_bonus_stacks_with_the_range_bonus():
    # Incapacitated blue is healed to injured next to her: 3 - 1 + 1 + 2.
    state = nurse_map(blue={"at": (0, 0), "health": "incapacitated"})
    state = GAME.apply(state, Heal("yellow", "blue")).state
    assert state.position.survivor("blue").health == "injured"
    state = GAME.apply(state, EndTurn("yellow")).state
    state = GAME.apply(state, StartTurn("blue")).state
    assert ap(state, "blue") == 5


def test_heal_bonus_is_given_once():
    state = nurse_map(green={"at": (0, 0), "health": "injured"})
    state = GAME.apply(state, Heal("yellow", "green")).state
    state = GAME.apply(state, EndTurn("yellow")).state
    state = GAME.apply(state, StartTurn("green")).state
    state = GAME.apply(state, EndTurn("green")).state
    state = next_turn(state, "green")
    assert ap(state, "green") == 3


def test_two_heals_before_the_turn_give_4():
    state = nurse_map(green={"at": (0, 0), "health": "incapacitated"})
    state = replace(
        state,
        position=state.position.with_survivor(
            replace(state.position.survivor("yellow"), goods=(("medicine", 4),))
        ),
    )
    state = GAME.apply(state, Heal("yellow", "green")).state
    state = GAME.apply(state, Heal("yellow", "green")).state
    assert state.position.survivor("green").health == "healthy"
    state = GAME.apply(state, EndTurn("yellow")).state
    state = GAME.apply(state, StartTurn("green")).state
    assert ap(state, "green") == 3 + 2 + 2


def test_nurse_healing_herself_gets_the_bonus_at_her_next_turn():
    # Healing oneself costs 3 medicine; healthy again, no range bonus: 3 + 2.
    state = nurse_map()
    nurse = replace(state.position.survivor("yellow"), health="injured", goods=(("medicine", 3),))
    state = state.with_position(state.position.with_survivor(nurse))
    state = GAME.apply(state, Heal("yellow", "yellow")).state
    assert ap(state) == 2  # the heal's 1 AP, nothing added this turn
    state = GAME.apply(state, EndTurn("yellow")).state
    state = next_turn(state, "yellow")
    assert ap(state) == 5


def test_a_heal_by_another_survivor_gives_no_bonus():
    state = nurse_map(
        green={"at": (0, 0), "health": "injured", "goods": {"medicine": 2}},
        blue={"at": (0, 0), "health": "injured"},
    )
    state = replace(state, turn="green")
    state = GAME.apply(state, Heal("green", "blue")).state
    state = GAME.apply(state, EndTurn("green")).state
    state = GAME.apply(state, StartTurn("blue")).state
    assert ap(state, "blue") == 3  # healthy, no bonus


@pytest.mark.parametrize("suffix", [".yaml", ".json"])
def test_a_pending_heal_bonus_saves_and_loads(tmp_path, suffix):
    state = nurse_map(green={"at": (0, 0), "health": "injured"})
    state = replace(GAME.apply(state, Heal("yellow", "green")).state, round=1)
    loaded = load_state(save_state(state, tmp_path / f"game{suffix}"))
    assert loaded == state
    loaded = GAME.apply(loaded, EndTurn("yellow")).state
    assert ap(GAME.apply(loaded, StartTurn("green")).state, "green") == 5
