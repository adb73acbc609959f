"""Survivor traits (rulebook: Survivors): Doctor, Soldier, Mechanic, Hunter, Trader, Captain,
Nurse and Botanist, applied through the rule points (``engine/unknown/survivors``).

Expected values come from the traits' words and the cards' examples. Coordinates are ``(x, y)``;
the acting survivor is ``yellow`` and starts the action with 3 AP unless a test says otherwise.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.rule_points import registered
from engine.unknown.actions.clear import ClearTile
from engine.unknown.actions.eat import EatFood
from engine.unknown.actions.gather import Gather
from engine.unknown.actions.heal import Heal
from engine.unknown.actions.move import Move
from engine.unknown.actions.ranged import RangedAttack
from engine.unknown.actions.trade import Trade
from engine.unknown.actions.trap import CreateTrap
from engine.unknown.survivors.doctor import Doctor
from engine.unknown.turn.round import StartTurn
from tests.test_actions_standard import GAME, goods, make_state

BASE, EAST, WEST, NORTH, SOUTH = (0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)
FAR_EAST = (2, 0)

TRAIT_CARDS = ("botanist", "captain", "doctor", "hunter", "mechanic", "nurse", "soldier", "trader")


def ap(state: Any, who: str = "yellow") -> int:
    return state.position.survivor(who).ap


def act(card: str | None, action: Any, carried: dict[str, int], **extra: Any) -> Any:
    """``yellow`` (playing ``card``) takes ``action`` from base with 3 AP; the state after."""
    tiles = extra.pop("tiles", {BASE: "base", EAST: "medicine", WEST: "scrap", NORTH: "food"})
    spec = {"at": BASE, "goods": carried, "card": card, **extra.pop("spec", {})}
    state = make_state(tiles, {"yellow": spec, **extra.pop("others", {})}, **extra)
    return GAME.act(state, action)[0]


def test_every_trait_is_registered_by_its_card_name():
    assert set(TRAIT_CARDS) <= set(registered())


# ------------------------------------------------------------------------------------ Doctor
def test_doctor_heals_another_for_one_medicine_and_no_ap():
    # Heal costs 2 medicine for another survivor: 1 less for the Doctor, and it uses up medicine.
    state = act(
        "doctor",
        Heal("yellow", "green"),
        {"medicine": 2},
        others={"green": {"at": BASE, "health": "injured"}},
    )
    assert goods(state) == {"medicine": 1}
    assert ap(state) == 3
    assert state.position.survivor("green").health == "healthy"


def test_doctor_self_heal_costs_two_medicine():
    # Healing yourself costs 3 medicine; 1 less is 2.
    state = act("doctor", Heal("yellow", "yellow"), {"medicine": 3}, spec={"health": "injured"})
    assert goods(state) == {"medicine": 1}
    assert ap(state) == 3


def test_doctor_medicine_cost_never_below_one():
    # A 1-medicine cost stays at 1 (never below 1): probe through the modifier directly.
    state = make_state({BASE: "base"}, {"yellow": {"at": BASE, "card": "doctor"}})
    doctor = Doctor.instance
    assert doctor.resource_cost(GAME.rules, state, Heal("yellow", "yellow"), "medicine", 1) == 1
    assert doctor.resource_cost(GAME.rules, state, Heal("yellow", "yellow"), "medicine", 0) == 0


def test_doctor_clears_irradiated_for_one_medicine_and_no_ap():
    # Irradiated's clear cost is 2 medicine: a tile interaction that uses up medicine.
    state = act(
        "doctor",
        ClearTile("yellow", EAST),
        {"medicine": 2},
        tiles={BASE: "base", EAST: "irradiated"},
    )
    assert goods(state) == {"medicine": 1}
    assert ap(state) == 3


def test_doctor_gathers_medicine_for_no_ap_but_other_gathers_cost_one():
    assert ap(act("doctor", Gather("yellow", "medicine", (EAST,)), {})) == 3
    assert ap(act("doctor", Gather("yellow", "food", (NORTH,)), {})) == 2


def test_doctor_trade_still_costs_ap():
    assert ap(act("doctor", Trade("yellow"), {"medicine": 2})) == 2


def test_doctor_discount_is_his_own():
    # Another survivor heals at the full price and AP while the Doctor is in play.
    state = act(
        None,
        Heal("yellow", "yellow"),
        {"medicine": 3},
        spec={"health": "injured"},
        others={"doc": {"at": BASE, "card": "doctor"}},
    )
    assert goods(state) == {}
    assert ap(state) == 2


# ------------------------------------------------------------------------------------ Soldier
def test_soldier_ranged_attack_costs_no_ap_and_one_ammo():
    state = act(
        "soldier",
        RangedAttack("yellow", "m1"),
        {"ammo": 2},
        enemies={"m1": ("monster", EAST)},
        tiles={BASE: "base", EAST: "food"},
    )
    assert goods(state) == {"ammo": 1}
    assert ap(state) == 3


def test_soldier_ammo_cost_never_below_one():
    # Ranged Attack costs 1 ammo: 1 less would be 0, so it stays 1.
    state = act(
        "soldier",
        RangedAttack("yellow", "m1"),
        {"ammo": 1},
        enemies={"m1": ("monster", EAST)},
        tiles={BASE: "base", EAST: "food"},
    )
    assert goods(state) == {}


def test_soldier_trade_and_other_actions_still_cost_ap():
    assert ap(act("soldier", Trade("yellow"), {"ammo": 2})) == 2
    assert ap(act("soldier", Move("yellow", EAST), {})) == 2


# ------------------------------------------------------------------------------------ Mechanic
def test_mechanic_example_clears_the_spawn_pit_at_zero_ap_and_gains_one():
    # Card example: injured to 0 AP after the fight, he spends 2 scrap to clear the spawn pit
    # (gaining its food) for 0 AP, and gains 1 AP this turn.
    state = act(
        "mechanic",
        ClearTile("yellow", BASE),
        {"scrap": 2},
        tiles={BASE: "spawn_pit"},
        spec={"ap": 0, "health": "injured"},
    )
    assert goods(state) == {"food": 1}
    assert ap(state) == 1


def test_mechanic_gathering_scrap_costs_no_ap_and_gives_one():
    assert ap(act("mechanic", Gather("yellow", "scrap", (WEST,)), {})) == 4


def test_mechanic_trap_uses_up_scrap():
    # Create Trap costs 1 food and 1 scrap: it uses up scrap.
    assert ap(act("mechanic", CreateTrap("yellow"), {"food": 1, "scrap": 1})) == 4


def test_mechanic_no_bonus_for_trade_or_other_actions():
    assert ap(act("mechanic", Trade("yellow"), {"scrap": 2})) == 2
    assert ap(act("mechanic", Gather("yellow", "food", (NORTH,)), {})) == 2


# ------------------------------------------------------------------------------------ Hunter
def test_hunter_creates_traps_for_no_ap():
    state = act("hunter", CreateTrap("yellow"), {"food": 1, "scrap": 1})
    assert ap(state) == 3
    assert goods(state) == {"trap": 1}


def test_hunter_other_actions_cost_ap():
    assert ap(act("hunter", Move("yellow", EAST), {})) == 2


# ------------------------------------------------------------------------------------ Trader
def test_trader_trades_for_no_ap_and_others_pay():
    assert ap(act("trader", Trade("yellow"), {})) == 3
    assert ap(act(None, Trade("yellow"), {}, others={"t": {"at": BASE, "card": "trader"}})) == 2


# ------------------------------------------------------------------------------------ turn start
def start(survivors: dict[str, dict[str, Any]], who: str = "yellow", **extra: Any) -> int:
    """AP ``who`` starts its turn with."""
    tiles = extra.pop("tiles", {BASE: "base", EAST: "food", FAR_EAST: "food", (3, 0): "food"})
    state = make_state(tiles, survivors, turn=None, **extra)
    return ap(GAME.apply(state, StartTurn(who)).state, who)


def test_captain_example_begins_with_four_ap_beside_another_survivor():
    assert start({"yellow": {"at": BASE, "card": "captain"}, "green": {"at": EAST}}) == 4


def test_captain_counts_a_survivor_on_his_own_tile():
    assert start({"yellow": {"at": BASE, "card": "captain"}, "green": {"at": BASE}}) == 4


def test_captain_no_bonus_alone_or_beside_only_the_incapacitated():
    assert start({"yellow": {"at": BASE, "card": "captain"}, "green": {"at": FAR_EAST}}) == 3
    lone = {"at": EAST, "health": "incapacitated"}
    assert start({"yellow": {"at": BASE, "card": "captain"}, "green": lone}) == 3


def test_captain_bonus_is_his_alone():
    assert start({"yellow": {"at": BASE}, "cap": {"at": EAST, "card": "captain"}}) == 3


def test_nurse_example_injured_survivor_within_two_range_starts_with_three():
    # Card example: injured costs 1 AP, the Nurse's range bonus gives it back.
    survivors = {
        "yellow": {"at": BASE, "health": "injured"},
        "n": {"at": FAR_EAST, "card": "nurse"},
    }
    assert start(survivors) == 3


def test_nurse_herself_injured_gains_the_bonus():
    assert start({"yellow": {"at": BASE, "card": "nurse", "health": "injured"}}) == 3


def test_nurse_no_bonus_when_healthy_or_out_of_range():
    assert start({"yellow": {"at": BASE}, "n": {"at": EAST, "card": "nurse"}}) == 3
    far = {"yellow": {"at": BASE, "health": "injured"}, "n": {"at": (3, 0), "card": "nurse"}}
    assert start(far) == 2


# ------------------------------------------------------------------------------------ Botanist
@pytest.mark.parametrize(("card", "left"), [("botanist", 6), (None, 5)])
def test_botanist_eat_food_gives_one_more_ap(card, left):
    # Eat Food costs 1 AP and gives 3 (4 for the Botanist): from 3 AP that is 5 (6).
    state = act(card, EatFood("yellow"), {"food": 1})
    assert ap(state) == left
    assert goods(state) == {}
