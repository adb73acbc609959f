"""Survivor traits (rulebook: Survivors): Scavenger, Skeptic and Tracker (knockback), Hunter
(food drop), applied through the rule points ``GATHER_BONUS``, ``IGNORE_KNOCKBACK`` and
``ENEMY_KILLED``.

Expected values come from the traits' words and the Scavenger's example. Coordinates are
``(x, y)``; the acting survivor is ``yellow`` with 3 AP unless a test says otherwise.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.rule_points import registered
from engine.unknown.actions.clear import ClearTile
from engine.unknown.actions.explore import FaceKnockback, IgnoreKnockback
from engine.unknown.actions.gather import Gather
from engine.unknown.actions.ranged import RangedAttack
from engine.unknown.health import damage_enemy
from engine.unknown.position import UnknownPosition
from tests.test_actions_standard import GAME, goods, make_state, tokens
from tests.test_hazards import choices, drawn, explore, on_turn, turn_of
from tests.test_survivors_doctor_soldier_mechanic_trader_botanist import (
    BASE,
    EAST,
    NORTH,
    WEST,
    act,
    ap,
)


def test_the_new_traits_are_registered_by_their_card_names():
    assert {"scavenger", "skeptic", "tracker", "hunter"} <= set(registered())


# ------------------------------------------------------------------------------------ Scavenger
LAB_ANIMAL = {BASE: "scrap", WEST: "lab", EAST: "animal"}


def test_scavenger_example_lab_and_animal_give_three_food():
    # Two tiles flipped for 1 food each (2 food of one kind): 1 bonus food, 3 in all, 1 AP.
    state = act("scavenger", Gather("yellow", "food", (WEST, EAST)), {}, tiles=LAB_ANIMAL)
    assert goods(state) == {"food": 3}
    assert state.position.tile_at[WEST].cleared and state.position.tile_at[EAST].cleared
    assert ap(state) == 2


def test_without_the_scavenger_the_same_gather_gives_two_food():
    state = act(None, Gather("yellow", "food", (WEST, EAST)), {}, tiles=LAB_ANIMAL)
    assert goods(state) == {"food": 2}


def test_scavenger_bonus_is_one_however_many_tiles_are_flipped():
    # Three tiles, 1 food each: 3 + 1 bonus.
    tiles = {**LAB_ANIMAL, NORTH: "food"}
    state = act("scavenger", Gather("yellow", "food", (WEST, EAST, NORTH)), {}, tiles=tiles)
    assert goods(state) == {"food": 4}


def test_scavenger_one_tile_does_not_earn_the_bonus():
    state = act("scavenger", Gather("yellow", "food", (WEST,)), {}, tiles=LAB_ANIMAL)
    assert goods(state) == {"food": 1}


def test_scavenger_dropped_tokens_neither_count_as_flips_nor_as_yield():
    # One tile flipped (1 food) plus a food token on his own tile: 2 food but only 1 flip.
    tiles = {BASE: "scrap", WEST: "food"}
    state = act(
        "scavenger",
        Gather("yellow", "food", (BASE, WEST)),
        {},
        tiles=tiles,
        tokens=((BASE, "food", 1),),
    )
    assert goods(state) == {"food": 2}


def test_scavenger_tokens_lying_on_flipped_tiles_are_kept_but_earn_nothing_more():
    # Two tiles flipped (2 food) and 2 food tokens on one of them: 4 gathered + 1 bonus.
    state = act(
        "scavenger",
        Gather("yellow", "food", (WEST, EAST)),
        {},
        tiles=LAB_ANIMAL,
        tokens=((WEST, "food", 2),),
    )
    assert goods(state) == {"food": 5}


def test_another_survivors_gather_gets_no_scavenger_bonus():
    state = act(
        None,
        Gather("yellow", "food", (WEST, EAST)),
        {},
        tiles=LAB_ANIMAL,
        others={"green": {"at": WEST, "card": "scavenger"}},
    )
    assert goods(state) == {"food": 2}


def test_scavenger_clear_tile_reward_gets_no_bonus():
    # Clearing the spawn pit (2 scrap) gives its 1 food; a Clear Tile is no Gather.
    tiles = {BASE: "scrap", WEST: "spawn_pit"}
    state = act("scavenger", ClearTile("yellow", WEST, None), {"scrap": 2}, tiles=tiles)
    assert goods(state) == {"food": 1}


# ------------------------------------------------------------------------------------ knockback
# Yellow stands east of the spot the tile is placed on; a corridor runs east.
CORRIDOR = """
| . | scrap @yellow | food | ammo | medicine | lab |
"""


def playing(position: UnknownPosition, card: str | None, who: str = "yellow") -> UnknownPosition:
    return position.with_survivor(replace(position.survivor(who), card=card))


def explored(card: str | None, tile: str) -> Any:
    position, _ = drawn(CORRIDOR)
    state, _ = explore(turn_of(playing(position, card), (tile,)), (0, 0))
    return state


def fled(state: Any) -> bool:
    """Yellow has been knocked east along the corridor (the only way away from the Flood)."""
    return state.position.survivor("yellow").at[0] > 1


def test_skeptic_may_ignore_the_first_knockback_of_a_hazard():
    state = explored("skeptic", "flood")
    assert choices(state) == {FaceKnockback("yellow", "flood"), IgnoreKnockback("yellow", "flood")}
    step = GAME.apply(state, IgnoreKnockback("yellow", "flood"))
    assert step.state.position.survivor("yellow").at == (1, 0)
    ignored = [e for e in step.events if e.kind == "knockback_ignored"]
    assert [e.clause for e in ignored] == ["unknown.survivor.skeptic.ignore-knockback"]


def test_skeptic_ignoring_the_flood_does_not_stop_its_other_effects():
    # The Flood clears the gatherable tiles within its reach whether or not she flees.
    state = explored("skeptic", "flood")
    after = GAME.apply(state, IgnoreKnockback("yellow", "flood")).state
    assert after.position.tile_at[(2, 0)].cleared
    assert on_turn(after)


def test_skeptic_may_still_take_the_knockback():
    state = explored("skeptic", "flood")
    taken = GAME.apply(state, FaceKnockback("yellow", "flood")).state
    assert fled(taken)


def test_skeptic_may_ignore_an_enemys_knockback():
    # her lair's beast spawns only as her turn ends (unknown.survivor.skeptic.delayed-spawn)
    from engine.unknown.turn.round import EndTurn

    state = GAME.apply(explored("skeptic", "beast"), EndTurn("yellow")).state
    (beast,) = state.position.enemies_at((0, 0))
    assert IgnoreKnockback("yellow", beast.id) in choices(state)


def test_without_a_trait_the_first_knockback_cannot_be_ignored():
    state = explored(None, "flood")
    assert fled(state)  # straight to the flight: no take-or-ignore choice


def test_tracker_may_ignore_the_first_knockback_of_an_enemy():
    state = explored("tracker", "beast")
    (beast,) = state.position.enemies_at((0, 0))
    assert choices(state) == {
        FaceKnockback("yellow", beast.id),
        IgnoreKnockback("yellow", beast.id),
    }
    step = GAME.apply(state, IgnoreKnockback("yellow", beast.id))
    assert step.state.position.survivor("yellow").at == (1, 0)
    ignored = [e for e in step.events if e.kind == "knockback_ignored"]
    assert [e.clause for e in ignored] == ["unknown.survivor.tracker.enemy-knockback"]


def test_tracker_must_take_a_hazards_knockback():
    state = explored("tracker", "flood")
    assert fled(state)  # no ignore choice: the Flood is no enemy


def test_another_survivor_does_not_get_the_skeptics_choice():
    position, _ = drawn("""
| . | scrap @yellow | food @green | ammo | medicine | lab |
""")
    state, _ = explore(turn_of(playing(position, "skeptic", "green"), ("flood",)), (0, 0))
    # Green (the Skeptic) may ignore hers; yellow, without a trait, must flee hers.
    assert choices(state) == {FaceKnockback("green", "flood"), IgnoreKnockback("green", "flood")}
    after = GAME.apply(state, IgnoreKnockback("green", "flood")).state
    assert after.position.survivor("green").at == (2, 0)
    assert fled(after)


# ------------------------------------------------------------------------------------ Hunter
BEAST_EAST = {"b1": ("beast", EAST)}
SHOOTING = {BASE: "scrap", EAST: "lab"}


def test_hunter_kill_by_ranged_attack_drops_a_food_token_where_it_died():
    state = act(
        "hunter", RangedAttack("yellow", "b1"), {"ammo": 2}, tiles=SHOOTING, enemies=BEAST_EAST
    )
    assert state.position.enemies == ()
    assert tokens(state, EAST) == {"food": 1}
    assert goods(state) == {}
    assert ap(state) == 2


def test_another_survivors_kill_drops_no_food():
    state = act(
        None,
        RangedAttack("yellow", "b1"),
        {"ammo": 2},
        tiles=SHOOTING,
        enemies=BEAST_EAST,
        others={"green": {"at": BASE, "card": "hunter"}},
    )
    assert state.position.enemies == ()
    assert tokens(state, EAST) == {}


def test_hunter_shot_that_does_not_kill_drops_no_food():
    # The devourer has 2 health: one shot injures it.
    state = act(
        "hunter",
        RangedAttack("yellow", "d1"),
        {"ammo": 2},
        tiles=SHOOTING,
        enemies={"d1": ("devourer", EAST)},
    )
    assert state.position.piece("d1").damage == 1
    assert tokens(state, EAST) == {}


def test_damage_credited_to_nobody_drops_no_food():
    state = make_state(SHOOTING, {"yellow": {"at": BASE, "card": "hunter"}}, enemies=BEAST_EAST)
    after, events = damage_enemy(state, "b1", 1, "a test", rules=GAME.rules)
    assert after.position.enemies == ()
    assert tokens(after, EAST) == {}
    credited, _ = damage_enemy(state, "b1", 1, "a test", by="yellow", rules=GAME.rules)
    assert tokens(credited, EAST) == {"food": 1}
