"""The standard actions of Unknown (rulebook: Actions; Tiles: Requirements to Clear, Gatherable
Resources): Gather, Clear Tile, Create Armor, Create Barriers, Create Trap / Place Trap, Eat Food,
Heal and Ranged Attack.

Every expected value comes from the rulebook's words or its examples, on small hand-made maps.
Coordinates are ``(x, y)`` with ``y`` growing upwards. Unless a test says otherwise the acting
survivor is ``yellow``, it is yellow's turn, and every survivor starts with 3 AP.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

import pytest

from engine.core.errors import IllegalDecision
from engine.unknown.actions.armor import CreateArmor
from engine.unknown.actions.barriers import CreateBarriers
from engine.unknown.actions.base import RESOURCE_COST
from engine.unknown.actions.clear import ClearTile
from engine.unknown.actions.eat import EatFood
from engine.unknown.actions.gather import Gather
from engine.unknown.actions.heal import Heal
from engine.unknown.actions.move import Move
from engine.unknown.actions.ranged import RangedAttack
from engine.unknown.actions.trap import CreateTrap, PlaceTrap, spring_trap
from engine.unknown.game import UnknownGame
from engine.unknown.map import is_passable
from engine.unknown.position import Coord, position_from_data
from engine.unknown.rules import Rules
from engine.unknown.state import UnknownState, bag
from engine.unknown.turn.round import starting_ap

GAME = UnknownGame()


def make_state(
    tiles: dict[Coord, str],
    survivors: dict[str, dict[str, Any]],
    *,
    cleared: tuple[Coord, ...] = (),
    enemies: dict[str, tuple[str, Coord]] | None = None,
    stunned: tuple[str, ...] = (),
    tokens: tuple[tuple[Coord, str, int], ...] = (),
    turn: str = "yellow",
) -> UnknownState:
    """A survivor-actions state: ``survivors`` maps an id to ``at`` plus optional ``ap``,
    ``goods``, ``health`` and ``card``."""
    data = {
        "tiles": [
            {"at": list(at), "tile": name, "cleared": at in cleared} for at, name in tiles.items()
        ],
        "survivors": [{"id": sid, "at": list(s["at"])} for sid, s in survivors.items()],
        "enemies": [
            {"id": eid, "kind": kind, "at": list(at)} for eid, (kind, at) in (enemies or {}).items()
        ],
        "tokens": [{"at": list(at), "kind": kind, "count": n} for at, kind, n in tokens],
    }
    position = position_from_data(data, "test")
    for sid, spec in survivors.items():
        survivor = replace(
            position.survivor(sid),
            ap=spec.get("ap", 3),
            goods=bag(spec.get("goods", {})),
            health=spec.get("health", "healthy"),
            card=spec.get("card"),
        )
        position = position.with_survivor(survivor)
    for eid in stunned:
        position = position.with_enemy(replace(position.piece(eid), stunned=True))
    return UnknownState(position, phase="survivor_actions", turn=turn, base=bag({"food": 8}))


def snapshot(state: UnknownState) -> tuple[str, dict]:
    """The state's fields and its cached token table, to prove a refused action changed nothing."""
    return repr(state), copy.deepcopy(state.position.tokens_at)


def refused(state: UnknownState, action: Any, clause: str) -> IllegalDecision:
    """Assert the engine refuses ``action`` naming ``clause``, leaves the state as it was, and
    does not offer the action among the legal ones."""
    before = snapshot(state)
    with pytest.raises(IllegalDecision) as error:
        GAME.act(state, action)
    assert error.value.clause == clause, error.value
    assert snapshot(state) == before
    assert action not in set(type(action).options(GAME.rules, state, action.who))
    return error.value


def goods(state: UnknownState, who: str = "yellow") -> dict[str, int]:
    return dict(state.position.survivor(who).goods)


def tokens(state: UnknownState, at: Coord) -> dict[str, int]:
    return state.position.tokens_at.get(at, {})


def clauses(events: tuple) -> list[str]:
    return [e.clause for e in events]


# ------------------------------------------------------------------------------------ Gather
# Gather example: from the survivor's tile the bunker, the food tile, the ammo tile and the spawn
# pit are all within range 1; a far food tile is at range 2.
BASE, EAST, WEST, NORTH, SOUTH = (0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)
GATHER_MAP = {
    BASE: "base",
    EAST: "bunker",
    WEST: "food",
    NORTH: "ammo",
    SOUTH: "spawn_pit",
    (2, 0): "food",
}


def gather_state(**kw: Any) -> UnknownState:
    survivors = kw.pop("survivors", {"yellow": {"at": BASE}})
    return make_state(kw.pop("tiles", GATHER_MAP), survivors, **kw)


def test_gather_example_bunker_and_food_tile_give_two_food_in_one_action():
    state, events = GAME.act(gather_state(), Gather("yellow", "food", (EAST, WEST)))
    assert goods(state) == {"food": 2}
    assert state.position.survivor("yellow").ap == 2
    assert state.position.tile_at[EAST].cleared and state.position.tile_at[WEST].cleared
    flips = [e for e in events if e.kind == "tile_gathered"]
    assert [e.clause for e in flips] == ["unknown.action.gather.flip"] * 2
    assert sorted(e.get("at") for e in flips) == [WEST, EAST]


def test_gather_example_ammo_and_bunker_tiles_give_two_ammo_in_one_action():
    state, _ = GAME.act(gather_state(), Gather("yellow", "ammo", (NORTH, EAST)))
    assert goods(state) == {"ammo": 2}
    assert state.position.tile_at[NORTH].cleared and state.position.tile_at[EAST].cleared
    assert not state.position.tile_at[WEST].cleared


def test_a_multi_resource_icon_gives_one_of_its_colours_not_both():
    state, _ = GAME.act(gather_state(), Gather("yellow", "food", (EAST,)))
    assert goods(state) == {"food": 1}


def test_gather_example_the_spawn_pit_has_a_clear_cost_and_cannot_be_gathered():
    refused(gather_state(), Gather("yellow", "food", (SOUTH,)), "unknown.action.gather.eligible")


def test_the_spawn_pit_cannot_join_a_gather_of_other_tiles_either():
    refused(
        gather_state(), Gather("yellow", "food", (WEST, SOUTH)), "unknown.action.gather.eligible"
    )


def test_gather_options_are_every_choice_of_tiles_for_one_resource():
    options = set(Gather.options(GAME.rules, gather_state(), "yellow"))
    expected = {
        Gather("yellow", "food", (EAST,)),
        Gather("yellow", "food", (WEST,)),
        Gather("yellow", "food", (WEST, EAST)),
        Gather("yellow", "ammo", (EAST,)),
        Gather("yellow", "ammo", (NORTH,)),
        Gather("yellow", "ammo", (NORTH, EAST)),
    }
    assert options == expected


def test_gather_takes_one_resource_per_action():
    refused(
        gather_state(), Gather("yellow", "ammo", (WEST,)), "unknown.action.gather.same-resource"
    )
    refused(
        gather_state(), Gather("yellow", "scrap", (EAST,)), "unknown.action.gather.same-resource"
    )


def test_a_tile_without_resource_icons_cannot_be_gathered():
    refused(gather_state(), Gather("yellow", "food", (BASE,)), "unknown.action.gather.eligible")


def test_a_gathered_tile_cannot_be_gathered_again():
    state = gather_state(cleared=(WEST,))
    refused(state, Gather("yellow", "food", (WEST,)), "unknown.action.clear.loses-effects")


def test_gather_reaches_only_range_1():
    refused(gather_state(), Gather("yellow", "food", ((2, 0),)), "unknown.action.defaults")


def test_gather_needs_line_of_sight_so_a_barrier_tile_is_out_of_reach():
    state = gather_state(tokens=((WEST, "barrier", 1),))
    refused(state, Gather("yellow", "food", (WEST,)), "unknown.action.defaults")


def test_a_tile_an_enemy_occupies_cannot_be_gathered():
    state = gather_state(enemies={"m1": ("monster", WEST)})
    refused(state, Gather("yellow", "food", (WEST,)), "unknown.action.enemy-occupied")


def test_a_stunned_enemy_does_not_stop_a_gather():
    state = gather_state(enemies={"m1": ("monster", WEST)}, stunned=("m1",))
    state, _ = GAME.act(state, Gather("yellow", "food", (WEST,)))
    assert goods(state) == {"food": 1}


def test_gather_picks_up_tokens_of_the_resource_and_leaves_the_others():
    state = gather_state(
        tokens=((BASE, "food", 2), (WEST, "food", 1), (WEST, "ammo", 1), (SOUTH, "food", 3))
    )
    state, events = GAME.act(state, Gather("yellow", "food", (SOUTH, BASE, WEST)))
    # 2 + 1 + 3 tokens, plus 1 for the food tile's icon; the pit is not flipped (clear cost)
    assert goods(state) == {"food": 7}
    assert tokens(state, BASE) == {}
    assert tokens(state, WEST) == {"ammo": 1}
    assert tokens(state, SOUTH) == {}
    assert state.position.tile_at[WEST].cleared
    assert not state.position.tile_at[SOUTH].cleared
    assert "unknown.action.gather.tokens" in clauses(events)


def test_gather_picks_up_traps():
    state = gather_state(tokens=((WEST, "trap", 1),), tiles={**GATHER_MAP, WEST: "broken"})
    state, events = GAME.act(state, Gather("yellow", "trap", (WEST,)))
    assert goods(state) == {"trap": 1}
    assert tokens(state, WEST) == {}
    assert "unknown.trap.pickup" in clauses(events)


def test_barriers_are_not_gathered():
    state = gather_state(tokens=((BASE, "barrier", 1),))
    refused(state, Gather("yellow", "barrier", (BASE,)), "unknown.action.gather.eligible")


# ------------------------------------------------------------------------------------ Clear Tile
# Clear Tile example: a survivor next to the spawn pit, a stranger tile and a food tile.
CLEAR_MAP = {BASE: "base", EAST: "spawn_pit", NORTH: "stranger", WEST: "food", (2, 0): "scrap"}


def clear_state(scrap: int = 2, **kw: Any) -> UnknownState:
    survivors = kw.pop("survivors", {"yellow": {"at": BASE, "goods": {"scrap": scrap}}})
    return make_state(kw.pop("tiles", CLEAR_MAP), survivors, **kw)


def test_clear_example_two_scrap_close_the_spawn_pit_for_one_food():
    state, events = GAME.act(clear_state(), ClearTile("yellow", EAST))
    assert goods(state) == {"food": 1}
    assert state.position.survivor("yellow").ap == 2
    assert state.position.tile_at[EAST].cleared
    assert clauses(events)[1:] == ["unknown.action.clear", "unknown.action.clear.gain"]


def test_clear_example_clearing_gathers_nothing_from_nearby_tiles():
    state, _ = GAME.act(clear_state(), ClearTile("yellow", EAST))
    assert not state.position.tile_at[NORTH].cleared
    assert not state.position.tile_at[WEST].cleared


def test_clearing_leaves_tokens_on_the_tile():
    state, _ = GAME.act(clear_state(tokens=((EAST, "food", 2),)), ClearTile("yellow", EAST))
    assert tokens(state, EAST) == {"food": 2}
    assert goods(state) == {"food": 1}


def test_clearing_needs_the_whole_clear_cost():
    refused(clear_state(scrap=1), ClearTile("yellow", EAST), "unknown.tile.clear-requirement")


def test_a_bridge_is_cleared_for_two_scrap_and_becomes_passable():
    state = clear_state(tiles={**CLEAR_MAP, EAST: "bridge"})
    state, _ = GAME.act(state, ClearTile("yellow", EAST))
    assert goods(state) == {}
    assert is_passable(state.position, EAST)


def test_irradiated_is_cleared_for_two_medicine():
    survivors = {"yellow": {"at": BASE, "goods": {"medicine": 2}}}
    state = clear_state(tiles={**CLEAR_MAP, EAST: "irradiated"}, survivors=survivors)
    state, _ = GAME.act(state, ClearTile("yellow", EAST))
    assert goods(state) == {}
    assert state.position.tile_at[EAST].cleared
    short = clear_state(tiles={**CLEAR_MAP, EAST: "irradiated"}, scrap=2)
    refused(short, ClearTile("yellow", EAST), "unknown.tile.clear-requirement")


def test_a_tile_with_gatherable_resources_and_no_cost_may_be_cleared_for_them():
    state, events = GAME.act(clear_state(scrap=0), ClearTile("yellow", WEST))
    assert goods(state) == {"food": 1}
    assert state.position.tile_at[WEST].cleared


def test_clearing_a_multi_resource_tile_gains_the_chosen_colour_only():
    state = clear_state(tiles={**CLEAR_MAP, WEST: "bunker"}, scrap=0)
    cleared, _ = GAME.act(state, ClearTile("yellow", WEST, "ammo"))
    assert goods(cleared) == {"ammo": 1}
    refused(state, ClearTile("yellow", WEST), "unknown.gatherable.multi")
    refused(state, ClearTile("yellow", WEST, "scrap"), "unknown.gatherable.multi")
    refused(clear_state(), ClearTile("yellow", EAST, "food"), "unknown.gatherable.multi")


def test_a_hazard_without_a_clear_cost_cannot_be_cleared():
    state = clear_state(tiles={**CLEAR_MAP, EAST: "blocked"})
    refused(state, ClearTile("yellow", EAST), "unknown.hazard.no-clear-cost")


def test_a_tile_with_no_cost_and_nothing_to_gather_cannot_be_cleared():
    refused(clear_state(), ClearTile("yellow", BASE), "unknown.tile.unclearable")


def test_a_cleared_tile_cannot_be_cleared_again():
    refused(
        clear_state(cleared=(EAST,)),
        ClearTile("yellow", EAST),
        "unknown.action.clear.loses-effects",
    )


def test_clear_reaches_only_range_1():
    refused(clear_state(), ClearTile("yellow", (2, 0)), "unknown.action.defaults")


def test_a_tile_an_active_enemy_occupies_cannot_be_cleared_but_a_stunned_one_does_not_block():
    occupied = clear_state(enemies={"m1": ("monster", EAST)})
    refused(occupied, ClearTile("yellow", EAST), "unknown.action.enemy-occupied")
    stunned = clear_state(enemies={"m1": ("monster", EAST)}, stunned=("m1",))
    state, _ = GAME.act(stunned, ClearTile("yellow", EAST))
    assert state.position.tile_at[EAST].cleared
    assert [e.id for e in state.position.enemies_at(EAST)] == ["m1"]


def test_clear_options_list_each_clearable_tile_in_reach():
    state = clear_state(tiles={**CLEAR_MAP, WEST: "bunker"})
    assert set(ClearTile.options(GAME.rules, state, "yellow")) == {
        ClearTile("yellow", EAST),
        ClearTile("yellow", NORTH),
        ClearTile("yellow", WEST, "food"),
        ClearTile("yellow", WEST, "ammo"),
    }


# ------------------------------------------------------------------------------------ Create Armor
def armor_state(scrap: int) -> UnknownState:
    return make_state({BASE: "base"}, {"yellow": {"at": BASE, "goods": {"scrap": scrap}}})


def test_create_armor_turns_two_scrap_into_an_armor_token():
    state, events = GAME.act(armor_state(3), CreateArmor("yellow"))
    assert goods(state) == {"armor": 1, "scrap": 1}
    assert state.position.survivor("yellow").ap == 2
    assert "unknown.action.create-armor" in clauses(events)


def test_create_armor_needs_two_scrap():
    refused(armor_state(1), CreateArmor("yellow"), "unknown.action.create-armor")


# ------------------------------------------------------------------------------------ Create Barriers
# Create Barriers example: a survivor on a tile with one tile beside it and one above it.
BARRIER_MAP = {BASE: "food", EAST: "scrap", NORTH: "ammo", (2, 0): "food"}


def barrier_state(scrap: int = 1, **kw: Any) -> UnknownState:
    survivors = kw.pop("survivors", {"yellow": {"at": BASE, "goods": {"scrap": scrap}}})
    return make_state(kw.pop("tiles", BARRIER_MAP), survivors, **kw)


def test_create_barriers_example_one_on_the_own_tile_and_one_beside_it():
    state, events = GAME.act(barrier_state(), CreateBarriers("yellow", (BASE, EAST)))
    assert tokens(state, BASE) == {"barrier": 1}
    assert tokens(state, EAST) == {"barrier": 1}
    assert goods(state) == {}
    assert state.position.survivor("yellow").ap == 2
    assert clauses(events)[1] == "unknown.action.create-barriers"
    # ... and the survivor may still move up, off its own barricaded tile
    assert Move("yellow", NORTH) in set(Move.options(GAME.rules, state, "yellow"))


def test_both_barriers_may_go_on_one_tile():
    state, _ = GAME.act(barrier_state(), CreateBarriers("yellow", (EAST, EAST)))
    assert tokens(state, EAST) == {"barrier": 2}


def test_barriers_may_go_on_impassable_tiles():
    for hazard in ("blocked", "bridge"):
        state = barrier_state(tiles={**BARRIER_MAP, EAST: hazard})
        state, _ = GAME.act(state, CreateBarriers("yellow", (EAST, EAST)))
        assert tokens(state, EAST) == {"barrier": 2}
    barred = barrier_state(tokens=((EAST, "barrier", 1),))
    barred, _ = GAME.act(barred, CreateBarriers("yellow", (EAST, NORTH)))
    assert tokens(barred, EAST) == {"barrier": 2}


def test_barriers_may_go_on_a_tile_another_survivor_occupies():
    survivors = {"yellow": {"at": BASE, "goods": {"scrap": 1}}, "green": {"at": EAST}}
    state, _ = GAME.act(barrier_state(survivors=survivors), CreateBarriers("yellow", (EAST, EAST)))
    assert tokens(state, EAST) == {"barrier": 2}


def test_barriers_cost_one_scrap():
    refused(
        barrier_state(scrap=0),
        CreateBarriers("yellow", (BASE, EAST)),
        "unknown.action.create-barriers",
    )


def test_barriers_reach_only_range_1():
    refused(barrier_state(), CreateBarriers("yellow", (EAST, (2, 0))), "unknown.action.defaults")


def test_barriers_cannot_go_on_a_tile_an_active_enemy_occupies():
    state = barrier_state(enemies={"b1": ("beast", EAST)})
    refused(state, CreateBarriers("yellow", (BASE, EAST)), "unknown.action.enemy-occupied")
    stunned = barrier_state(enemies={"b1": ("beast", EAST)}, stunned=("b1",))
    stunned, _ = GAME.act(stunned, CreateBarriers("yellow", (BASE, EAST)))
    assert tokens(stunned, EAST) == {"barrier": 1}


def test_barrier_options_are_every_pair_of_tiles_in_reach():
    spots = [BASE, NORTH, EAST]
    expected = {CreateBarriers("yellow", (a, b)) for a in spots for b in spots}
    assert len(expected) == 6
    assert set(CreateBarriers.options(GAME.rules, barrier_state(), "yellow")) == expected


# ------------------------------------------------------------------------------------ Traps
TRAP_MAP = {BASE: "food", EAST: "scrap", NORTH: "blocked", WEST: "ammo", (2, 0): "food"}


def trap_state(trap_goods: dict[str, int] | None = None, **kw: Any) -> UnknownState:
    carried = {"food": 1, "scrap": 1} if trap_goods is None else trap_goods
    survivors = kw.pop("survivors", {"yellow": {"at": BASE, "goods": carried}})
    return make_state(kw.pop("tiles", TRAP_MAP), survivors, **kw)


def test_create_trap_example_a_trap_set_on_the_own_tile():
    state, events = GAME.act(trap_state(), CreateTrap("yellow", BASE))
    assert tokens(state, BASE) == {"trap": 1}
    assert goods(state) == {}
    assert state.position.survivor("yellow").ap == 2
    assert "unknown.action.create-trap" in clauses(events)


def test_create_trap_on_an_adjacent_tile_or_into_the_inventory():
    state, _ = GAME.act(trap_state(), CreateTrap("yellow", EAST))
    assert tokens(state, EAST) == {"trap": 1}
    kept, _ = GAME.act(trap_state(), CreateTrap("yellow"))
    assert goods(kept) == {"trap": 1}
    assert not any(t.kind == "trap" for t in kept.position.tokens)


def test_create_trap_needs_food_and_scrap():
    refused(trap_state({"scrap": 1}), CreateTrap("yellow"), "unknown.action.create-trap")
    refused(trap_state({"food": 1}), CreateTrap("yellow", BASE), "unknown.action.create-trap")


def test_traps_cannot_be_set_on_impassable_tiles_or_barriers():
    refused(trap_state(), CreateTrap("yellow", NORTH), "unknown.trap.no-impassable")
    barred = trap_state(tokens=((EAST, "barrier", 1),))
    refused(barred, CreateTrap("yellow", EAST), "unknown.trap.no-impassable")


def test_traps_reach_only_range_1():
    refused(trap_state(), CreateTrap("yellow", (2, 0)), "unknown.action.defaults")


def test_traps_cannot_be_set_on_a_tile_an_active_enemy_occupies():
    state = trap_state(enemies={"b1": ("beast", EAST)})
    refused(state, CreateTrap("yellow", EAST), "unknown.action.enemy-occupied")


def test_a_carried_trap_is_placed_later_for_one_ap():
    state, events = GAME.act(trap_state({"trap": 1}), PlaceTrap("yellow", WEST))
    assert tokens(state, WEST) == {"trap": 1}
    assert goods(state) == {}
    assert state.position.survivor("yellow").ap == 2
    assert "unknown.action.create-trap.place-later" in clauses(events)


def test_placing_a_trap_needs_one_in_the_inventory_and_a_passable_tile():
    refused(trap_state(), PlaceTrap("yellow", WEST), "unknown.action.create-trap.place-later")
    refused(trap_state({"trap": 1}), PlaceTrap("yellow", NORTH), "unknown.trap.no-impassable")


def test_trap_options_cover_the_passable_tiles_in_reach_and_the_inventory():
    assert set(CreateTrap.options(GAME.rules, trap_state(), "yellow")) == {
        CreateTrap("yellow"),
        CreateTrap("yellow", BASE),
        CreateTrap("yellow", EAST),
        CreateTrap("yellow", WEST),
    }


def test_trap_example_a_beast_entering_the_trap_takes_one_damage_and_the_trap_is_removed():
    state = trap_state(enemies={"b1": ("beast", BASE)}, tokens=((BASE, "trap", 1),))
    state, events = spring_trap(state, BASE, "b1")
    assert tokens(state, BASE) == {}
    assert state.position.enemies == ()  # a beast has 1 health
    assert clauses(events)[0] == "unknown.trap.trigger"


# ------------------------------------------------------------------------------------ Eat Food
def eat_state(food: int) -> UnknownState:
    return make_state({BASE: "base"}, {"yellow": {"at": BASE, "goods": {"food": food}}})


def test_eat_food_spends_one_food_for_three_ap_and_still_costs_one_ap():
    state, events = GAME.act(eat_state(2), EatFood("yellow"))
    assert state.position.survivor("yellow").ap == 3 - 1 + 3
    assert goods(state) == {"food": 1}
    assert "unknown.action.eat-food" in clauses(events)


def test_eat_food_needs_a_food():
    refused(eat_state(0), EatFood("yellow"), "unknown.action.eat-food")


# ------------------------------------------------------------------------------------ Heal
HEAL_MAP = {BASE: "food", EAST: "scrap", (2, 0): "ammo"}


def heal_state(
    medicine: int, green: str = "incapacitated", yellow: str = "healthy", green_at: Coord = EAST
) -> UnknownState:
    return make_state(
        HEAL_MAP,
        {
            "yellow": {"at": BASE, "goods": {"medicine": medicine}, "health": yellow},
            "green": {"at": green_at, "health": green, "ap": 0},
        },
    )


def test_heal_example_two_medicine_lift_an_incapacitated_survivor_to_injured():
    state, events = GAME.act(heal_state(2), Heal("yellow", "green"))
    green = state.position.survivor("green")
    assert green.health == "injured"
    assert goods(state) == {}
    assert state.position.survivor("yellow").ap == 2
    assert "unknown.action.heal.cost" in clauses(events)
    # ... and green begins its next turn 1 AP short (3 AP survivor, injured)
    assert starting_ap(GAME.rules, state, green) == 2


def test_healing_an_injured_survivor_makes_it_healthy():
    state, _ = GAME.act(heal_state(2, green="injured"), Heal("yellow", "green"))
    assert state.position.survivor("green").health == "healthy"


def test_healing_yourself_costs_three_medicine():
    state, _ = GAME.act(heal_state(3, green="healthy", yellow="injured"), Heal("yellow", "yellow"))
    assert state.position.survivor("yellow").health == "healthy"
    assert goods(state) == {}
    refused(heal_state(2, yellow="injured"), Heal("yellow", "yellow"), "unknown.action.heal.cost")


def test_healing_another_survivor_costs_two_medicine():
    refused(heal_state(1), Heal("yellow", "green"), "unknown.action.heal.cost")


def test_a_healthy_survivor_cannot_be_healed():
    refused(heal_state(3, green="healthy"), Heal("yellow", "green"), "unknown.action.heal.effect")
    refused(heal_state(3), Heal("yellow", "yellow"), "unknown.action.heal.effect")


def test_heal_reaches_only_range_1():
    refused(heal_state(2, green_at=(2, 0)), Heal("yellow", "green"), "unknown.action.defaults")


def test_heal_options_are_the_hurt_survivors_in_reach():
    state = heal_state(3, green="injured", yellow="injured")
    assert set(Heal.options(GAME.rules, state, "yellow")) == {
        Heal("yellow", "green"),
        Heal("yellow", "yellow"),
    }


# ------------------------------------------------------------------------------------ Ranged Attack
# Ranged Attack example: a monster 1 tile away and a beast 2 tiles away, in a straight line.
RANGED_MAP = {
    BASE: "base",
    EAST: "food",
    NORTH: "ammo",
    (0, 2): "scrap",
    (2, 0): "medicine",
    (3, 0): "food",
}


def ranged_state(
    ammo: int = 4, enemies: dict[str, tuple[str, Coord]] | None = None, **kw: Any
) -> UnknownState:
    foes = {"m1": ("monster", EAST), "b1": ("beast", (0, 2))} if enemies is None else enemies
    survivors = {"yellow": {"at": BASE, "goods": {"ammo": ammo}}}
    return make_state(kw.pop("tiles", RANGED_MAP), survivors, enemies=foes, **kw)


def test_ranged_attack_example_two_shots_of_two_ammo_each():
    state, events = GAME.act(ranged_state(), RangedAttack("yellow", "m1"))
    assert goods(state) == {"ammo": 2}
    assert [e.id for e in state.position.enemies] == ["b1"]  # a monster has 1 health
    assert clauses(events)[1] == "unknown.action.ranged-attack"
    state, _ = GAME.act(state, RangedAttack("yellow", "b1"))
    assert goods(state) == {}
    assert state.position.enemies == ()
    assert state.position.survivor("yellow").ap == 1


def test_ranged_attack_deals_one_damage():
    state = ranged_state(enemies={"d1": ("devourer", EAST), "x1": ("brute", (0, 2))})
    hurt, _ = GAME.act(state, RangedAttack("yellow", "d1"))
    assert hurt.position.piece("d1").damage == 1  # a devourer has 2 health: injured, not dead
    stunned, _ = GAME.act(state, RangedAttack("yellow", "x1"))
    assert stunned.position.piece("x1").stunned  # the brute is stunned by damage


def test_ranged_attack_costs_two_ammo():
    refused(ranged_state(ammo=1), RangedAttack("yellow", "m1"), "unknown.action.ranged-attack")


def test_ranged_attack_reaches_range_2_only():
    state = ranged_state(enemies={"m1": ("monster", (3, 0))})
    refused(state, RangedAttack("yellow", "m1"), "unknown.action.ranged-attack")


def test_ranged_attack_needs_line_of_sight():
    around_a_corner = {BASE: "base", EAST: "food", (1, 1): "ammo"}
    state = ranged_state(tiles=around_a_corner, enemies={"m1": ("monster", (1, 1))})
    refused(state, RangedAttack("yellow", "m1"), "unknown.action.ranged-attack")


def test_impassable_example_no_ranged_attack_on_or_through_an_impassable_tile():
    tiles = {BASE: "base", EAST: "blocked", (2, 0): "animal"}
    state = ranged_state(tiles=tiles, enemies={"a1": ("animal", EAST), "a2": ("animal", (2, 0))})
    refused(state, RangedAttack("yellow", "a1"), "unknown.action.ranged-attack")
    refused(state, RangedAttack("yellow", "a2"), "unknown.action.ranged-attack")


def test_ranged_options_are_the_enemies_in_range_and_sight():
    state = ranged_state(
        enemies={"m1": ("monster", EAST), "b1": ("beast", (0, 2)), "m2": ("monster", (3, 0))}
    )
    assert set(RangedAttack.options(GAME.rules, state, "yellow")) == {
        RangedAttack("yellow", "m1"),
        RangedAttack("yellow", "b1"),
    }


# ------------------------------------------------------------------------------------ costs via Rules
def thrifty(rules: Rules, state: UnknownState, action: Any, kind: str, amount: int) -> int:
    """A test trait: every resource cost is 1 less, never below 1 (like the Doctor's medicine)."""
    return max(amount - 1, 1)


@pytest.mark.parametrize(
    ("action", "carried", "left"),
    [
        (CreateArmor("yellow"), {"scrap": 2}, {"armor": 1, "scrap": 1}),
        (Heal("yellow", "yellow"), {"medicine": 3}, {"medicine": 1}),
        (RangedAttack("yellow", "m1"), {"ammo": 2}, {"ammo": 1}),
        (ClearTile("yellow", EAST), {"scrap": 2}, {"scrap": 1, "food": 1}),
    ],
)
def test_resource_costs_come_from_the_rules_in_force(monkeypatch, action, carried, left):
    monkeypatch.setitem(RESOURCE_COST.handlers, "thrifty", [])
    RESOURCE_COST.register("thrifty")(thrifty)
    tiles = {BASE: "base", EAST: "spawn_pit", NORTH: "food"}
    state = make_state(
        tiles,
        {"yellow": {"at": BASE, "goods": carried, "card": "thrifty", "health": "injured"}},
        enemies={"m1": ("monster", NORTH)},
    )
    state, _ = GAME.act(state, action)
    assert goods(state) == left
