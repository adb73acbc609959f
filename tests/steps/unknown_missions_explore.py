"""Steps for the Activate, Behemoth, Hive, Refugees and Water scenarios that the shared steps do
not cover: a tile stack laid out in mission piles (``unknown.setup.stack.mission-piles``), what
each pile holds after tiles are shuffled back, the tile a random draw reveals and where it is
placed, and where the Water mission's sources go among equally near tiles.
"""

from __future__ import annotations

from dataclasses import replace

from pytest_bdd import given, parsers, then, when

from engine.unknown.state import Goods, TileStack, bag
from tests.steps.unknown_map import LIST_SEPARATOR, World
from tests.steps.unknown_turn import (
    Attempt,
    _re,
    apply_choice,
    choose_or_try,
    decision_class,
    offered,
    spot_list,
    state_of,
)


def tiles(text: str) -> Goods:
    """A list of tile names as a bag."""
    return bag((name, 1) for name in LIST_SEPARATOR.split(text.strip()) if name)


def shown(goods: Goods) -> str:
    return ", ".join(f"{n} {name}" for name, n in goods) or "nothing"


@given(parsers.re(r"the pile being drawn holds: (?P<names>[\w, ]+)"))
def given_current_pile(world: World, names: str) -> None:
    """The shuffled pile the tile stack is drawn from now (its order unknown)."""
    stack = state_of(world).stack
    world.state = replace(state_of(world), stack=TileStack((), tiles(names), stack.piles))


@given(parsers.re(r"the next pile holds: (?P<names>[\w, ]+)"))
def given_next_pile(world: World, names: str) -> None:
    """One more shuffled pile, drawn only once the ones before it are exhausted."""
    stack = state_of(world).stack
    world.state = replace(
        state_of(world), stack=TileStack(stack.top, stack.rest, (*stack.piles, tiles(names)))
    )


@then(parsers.re(r"the pile being drawn holds exactly: (?P<names>[\w, ]+)"))
def then_current_pile(world: World, names: str) -> None:
    """The known top and shuffled pool drawn next, together, tile for tile."""
    stack = state_of(world).stack
    found = bag((*stack.rest, *((name, 1) for name in stack.top)))
    wanted = tiles(names)
    assert found == wanted, f"the pile being drawn holds {shown(found)}, expected {shown(wanted)}"


@then(parsers.re(r"the later piles hold exactly: (?P<names>[\w, ]+|nothing)"))
def then_later_piles(world: World, names: str) -> None:
    """Every tile of the piles after the one being drawn, all together."""
    stack = state_of(world).stack
    found = bag(pair for pile in stack.piles for pair in pile)
    wanted = () if names.strip() == "nothing" else tiles(names)
    assert found == wanted, f"the later piles hold {shown(found)}, expected {shown(wanted)}"


@when(parsers.re(r"the tile drawn is (?P<tile>\w+)"))
def when_tile_drawn(world: World, attempt: Attempt, tile: str) -> None:
    """The random draw from the shuffled stack reveals ``tile`` (``unknown.action.explore.adjacent``).

    Strict: the engine must be drawing a tile now."""
    apply_choice(world, attempt, decision_class("actions.explore", "Drawn")(tile))


@when(_re(r"the players place the tile at {spot}"))
def when_place_tile(world: World, attempt: Attempt, spot: str) -> None:
    """The players pick the spot of the tile just revealed (``unknown.action.explore.adjacent``).

    Strict: the engine must be asking where the tile goes."""
    apply_choice(world, attempt, decision_class("actions.explore", "PlaceAt")(world.place(spot)))


@then(parsers.re(r"the players may put the water source on exactly: (?P<spots>.+)"))
def then_water_choices(world: World, spots: str) -> None:
    """The equally near tiles the next water source may go to (``unknown.mission.water.flow``)."""
    source_to = decision_class("missions.water", "SourceTo")
    node = world.game.node(state_of(world))
    found = sorted(d.to for d in offered(node) if type(d) is source_to)
    assert found == list(spot_list(world, spots)), f"the water source may go to {found}"


@when(_re(r"the players (?P<verb>put|try to put) the water source on {spot}"))
def when_water_to(world: World, attempt: Attempt, verb: str, spot: str) -> None:
    """The players choose where the next water source goes (``unknown.mission.water.flow``). An
    attempt may name a tile not offered; the engine must be asking where a source goes."""
    choose_or_try(
        world, attempt, decision_class("missions.water", "SourceTo")(world.place(spot)), verb
    )
