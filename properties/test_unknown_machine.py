"""A check that the invariants of Unknown's state machine (``properties/unknown_machine.py``)
catch breaks planted in a state (they are not tests that cannot fail); the machine itself runs
with every registered game's in ``properties/test_machines.py``."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.unknown.catalog import catalog, enemy_kinds
from engine.unknown.position import Enemy, PlacedTile, Token
from engine.unknown.state import UnknownState
from properties.unknown_machine import UnknownMachine


def _planted(change: Any) -> UnknownMachine:
    """A machine on the scout setup, with ``change`` applied to its state (a planted break)."""
    machine = UnknownMachine()
    machine.set_up("scout", "normal", 3, 7)
    machine.state = change(machine.state)
    return machine


def _position(state: UnknownState, **fields: Any) -> UnknownState:
    return replace(state, position=replace(state.position, **fields))


def _first_survivor(state: UnknownState, **fields: Any) -> UnknownState:
    first, *others = state.position.survivors
    return _position(state, survivors=(replace(first, **fields), *others))


def _tiles_at(state: UnknownState, *spots: tuple[int, int]) -> UnknownState:
    tile = state.position.tiles[0].tile
    return _position(state, tiles=(*state.position.tiles, *(PlacedTile(at, tile) for at in spots)))


def _enemy_on_impassable(state: UnknownState) -> UnknownState:
    wall = next(name for name, kind in catalog().items() if kind.impassable)
    with_tile = _position(state, tiles=(*state.position.tiles, PlacedTile((1, 0), wall)))
    enemy = Enemy("planted", next(iter(enemy_kinds())), (1, 0))
    return _position(with_tile, enemies=(*with_tile.position.enemies, enemy))


PLANTED = {
    "ap_never_negative": lambda s: _first_survivor(s, ap=-1),
    "goods_never_negative": lambda s: replace(s, base=(("food", -1),)),
    "health_states_valid": lambda s: _first_survivor(s, health="dying"),
    "no_2x2_square": lambda s: _tiles_at(s, (1, 0), (0, 1), (1, 1)),
    "map_connected": lambda s: _tiles_at(s, (9, 9)),
    "no_dead_end": lambda s: replace(s, phase=None, pending=()),
    "terminal_says_why_and_offers_nothing": lambda s: replace(
        s, outcome=("draw", "unknown.mission.win", "planted")
    ),
    "teardown": lambda s: replace(s, round=s.round + 1),
    "barrier_and_blaze_tokens_only_where_rules_put_them": lambda s: _position(
        s, tokens=(*s.position.tokens, Token(s.position.tiles[0].at, "blaze", 1))
    ),
}


def test_step_invariants_catch_planted_breaks() -> None:
    """The invariants that compare a step's before and after fail on a planted step: food
    leaving base with no upkeep, a barrier appearing with no rule placing it."""
    machine = _planted(lambda s: s)
    machine.before = machine.state
    machine.state = replace(machine.state, base=(("food", 0),))
    try:
        machine.base_eats_one_food_per_upkeep()
    except AssertionError:
        pass
    else:
        raise AssertionError("base_eats_one_food_per_upkeep let a planted break through")
    machine = _planted(lambda s: s)
    machine.before = machine.state
    machine.state = _position(
        machine.state,
        tokens=(
            *machine.state.position.tokens,
            Token(machine.state.position.tiles[0].at, "barrier", 1),
        ),
    )
    try:
        machine.barrier_and_blaze_tokens_only_where_rules_put_them()
    except AssertionError:
        return
    raise AssertionError("a barrier with no placing event got through")


def test_invariants_catch_planted_breaks() -> None:
    """Each invariant fails on a state with the break it guards against planted (honesty)."""
    for name, change in PLANTED.items():
        machine = _planted(change)
        try:
            getattr(machine, name)()
        except AssertionError:
            continue
        raise AssertionError(f"{name} let a planted break through")
    machine = _planted(_enemy_on_impassable)
    machine.spawned_at["planted"] = (0, 0)
    try:
        machine.no_enemy_on_impassable()
    except AssertionError:
        return
    raise AssertionError("no_enemy_on_impassable let a planted break through")
