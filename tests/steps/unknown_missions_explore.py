"""Steps for the Activate, Behemoth, Hive, Refugees and Water scenarios that the shared steps do
not cover: a tile stack laid out in mission piles (``unknown.setup.stack.mission-piles``), and
what each pile holds after tiles are shuffled back.
"""

from __future__ import annotations

from dataclasses import replace

from pytest_bdd import given, parsers, then

from engine.unknown.state import Goods, TileStack, bag
from tests.steps.unknown_map import LIST_SEPARATOR, World
from tests.steps.unknown_turn import state_of


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
