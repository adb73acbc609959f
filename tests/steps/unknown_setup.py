"""Steps for the setup scenarios (rulebook: Setup, Starting Balance, Playing a Short Game,
Difficulty, Story Missions and each mission's setup line).

``When the [short] <mission> mission is set up for <n> survivors|players [on <difficulty>]
[with <h> hazard tiles] [with the story set]`` builds the first state with
``engine.unknown.setup.standard_setup`` under the readings in force; the ``Then`` steps read the
tiles beside base, the survivors, base's food (the shared ``the base holds ...``) and the tile
stack: its size, its hazard and random enemy tiles, its piles and how they are drawn. A random
enemy tile is an enemy-type tile of the stack that is not one of the starting tiles' own lairs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

import pytest
from pytest_bdd import parsers, then, when

from engine.unknown.catalog import catalog
from engine.unknown.position import ORTHOGONAL
from engine.unknown.setup import difficulty_score, standard_setup, starting_stack_tiles
from engine.unknown.state import Goods, TileStack, add, bag, count, total
from tests.steps.unknown_map import World

GAME = r"the (?P<short>short )?(?P<mission>\w+) mission"
FOR = (
    r"for (?P<n>\d+) (?P<unit>survivors|players?)(?: on (?P<difficulty>easy|normal|hard))?"
    r"(?: with (?P<hazards>\d+) hazard tiles)?(?P<story> with the story set)?"
)
ENEMY_TYPES = ("enemy", "elite_enemy")


@dataclass
class SetupAsked:
    """What the scenario asked ``standard_setup`` for (to score its difficulty)."""

    mission: str = ""
    survivors: int = 0
    difficulty: str = "normal"
    short: bool = False
    hazards: int | None = None


@pytest.fixture
def asked() -> SetupAsked:
    """The setup the scenario made last."""
    return SetupAsked()


def _setup(world: World, asked: SetupAsked, found: dict[str, str | None]) -> None:
    """Run ``standard_setup`` for one setup step's match and remember what was asked."""
    n = int(found["n"] or 0)
    by_players = (found["unit"] or "").startswith("player")
    asked.mission = found["mission"] or ""
    asked.difficulty = found["difficulty"] or "normal"
    asked.short = bool(found["short"])
    asked.hazards = int(found["hazards"]) if found["hazards"] else None
    world.state = standard_setup(
        asked.mission,
        None if by_players else n,
        asked.difficulty,
        short=asked.short,
        players=n if by_players else None,
        story=bool(found["story"]),
        hazards=asked.hazards,
        ruleset=world.ruleset,
    )
    asked.survivors = len(world.state.position.survivors)


@when(parsers.re(GAME + " is set up " + FOR))
def when_set_up(
    world: World,
    asked: SetupAsked,
    short: str | None,
    mission: str,
    n: str,
    unit: str,
    difficulty: str | None,
    hazards: str | None,
    story: str | None,
) -> None:
    """Set a game up (``unknown.setup.*``)."""
    found = {"short": short, "mission": mission, "n": n, "unit": unit}
    found |= {"difficulty": difficulty, "hazards": hazards, "story": story}
    _setup(world, asked, found)


@then(parsers.re(r"setting up " + GAME + " " + FOR + r" is refused citing (?P<clause>[\w.\-]+)"))
def then_setup_refused(
    world: World,
    asked: SetupAsked,
    clause: str,
    short: str | None,
    mission: str,
    n: str,
    unit: str,
    difficulty: str | None,
    hazards: str | None,
    story: str | None,
) -> None:
    """The setup is refused, naming the clause it breaks; no game is made."""
    found = {"short": short, "mission": mission, "n": n, "unit": unit}
    found |= {"difficulty": difficulty, "hazards": hazards, "story": story}
    with pytest.raises(ValueError) as refused:
        _setup(world, asked, found)
    assert clause in str(refused.value), f"refused with {refused.value!r}, expected {clause}"


def _stack_names(stack: TileStack) -> Goods:
    """Every tile left in the stack, whichever pile it is in."""
    return bag(
        (*((name, 1) for name in stack.top), *stack.rest, *(t for p in stack.piles for t in p))
    )


def _random_enemies(tiles: Goods, short: bool) -> int:
    """Enemy-type tiles of the stack that are not the starting tiles' own lairs."""
    kinds = catalog()
    in_stack = sum(n for name, n in tiles if kinds[name].type in ENEMY_TYPES)
    starting = sum(n for name, n in starting_stack_tiles(short) if kinds[name].type in ENEMY_TYPES)
    return in_stack - starting


@then(parsers.re(r"the stack holds (?P<n>\d+) (?:(?P<what>[\w ]+?) )?tiles?"))
def then_stack_holds(world: World, asked: SetupAsked, n: str, what: str | None) -> None:
    """Tiles in the stack: all, the hazard tiles, the random enemy tiles, or those of one name."""
    assert world.state is not None, "no game is set up"
    tiles = _stack_names(world.state.stack)
    if what is None:
        found = total(tiles)
    elif what == "hazard":
        found = sum(k for name, k in tiles if catalog()[name].type == "hazard")
    elif what == "random enemy":
        found = _random_enemies(tiles, asked.short)
    else:
        assert what in catalog(), f"no tile named {what!r}"
        found = count(tiles, what)
    assert found == int(n), f"the stack holds {found} {what or ''} tiles, expected {n}"


@then(parsers.re(r"the stack is one shuffled pile"))
def then_one_pile(world: World) -> None:
    """No mission tiles: the stack is a single shuffled pool (``unknown.setup.stack.shuffle``)."""
    assert world.state is not None, "no game is set up"
    stack = world.state.stack
    assert not stack.top and not stack.piles, f"expected one pile, found {1 + len(stack.piles)}"


@then(parsers.re(r"the stack is (?P<n>\d+) piles, each holding one (?P<tile>\w+) tile"))
def then_piles(world: World, n: str, tile: str) -> None:
    """One pile per mission tile, one mission tile in each (``unknown.setup.stack.mission-piles``)."""
    assert world.state is not None, "no game is set up"
    stack = world.state.stack
    piles = (stack.rest, *stack.piles)
    assert not stack.top, "no tile of a fresh stack has a known place"
    assert len(piles) == int(n), f"the stack is {len(piles)} piles, expected {n}"
    held = [count(p, tile) for p in piles]
    assert held == [1] * int(n), f"{tile} tiles per pile: {held}"


@then("the piles are drawn one after another, each until it is empty")
def then_pile_order(world: World) -> None:
    """Draw every tile of the first pile: the later piles stay untouched until it is empty, then
    the next one is drawn from (``unknown.setup.stack.pile-order``)."""
    assert world.state is not None, "no game is set up"
    stack = world.state.stack
    later = stack.piles
    assert later, "the stack is a single pile"
    while total(stack.rest) > 0 and stack.piles == later:
        name = stack.rest[0][0]
        stack = stack.without(name)
    assert stack.rest == later[0] and stack.piles == later[1:], (
        "the second pile was drawn from before the first was empty"
    )


@then(parsers.re(r"(?P<n>\d+) survivors stand on base, each of its own colour"))
def then_survivors_on_base(world: World, n: str) -> None:
    """A meeple per survivor on base, all colours different (``unknown.setup.meeples-on-base``)."""
    assert world.state is not None, "no game is set up"
    position = world.state.position
    base = next(t.at for t in position.tiles if t.tile == "base")
    survivors = position.survivors
    assert len(survivors) == int(n), f"{len(survivors)} survivors play, expected {n}"
    assert all(s.at == base for s in survivors), "a survivor does not start on base"
    assert len({s.id for s in survivors}) == len(survivors), "two survivors share a colour"
    assert len({s.card for s in survivors}) == len(survivors), "a survivor card is dealt twice"


@then(
    "base has an ammo, a food, a medicine and a scrap tile beside it and nothing else is explored"
)
def then_base_tiles(world: World) -> None:
    """``unknown.setup.base``: one of each basic resource tile touching base."""
    assert world.state is not None, "no game is set up"
    position = world.state.position
    base = next(t.at for t in position.tiles if t.tile == "base")
    beside = {
        position.tile_at[(base[0] + dx, base[1] + dy)].tile
        for dx, dy in ORTHOGONAL
        if (base[0] + dx, base[1] + dy) in position.tile_at
    }
    assert beside == {"ammo", "food", "medicine", "scrap"}, f"beside base: {sorted(beside)}"
    assert len(position.tiles) == 5, f"{len(position.tiles)} tiles explored, expected 5"


@then(parsers.re(r"the survivors are the (?P<cards>[A-Za-z, ]+)"))
def then_survivor_cards(world: World, cards: str) -> None:
    """The survivor cards dealt (``unknown.story.<mission>.survivors``)."""
    assert world.state is not None, "no game is set up"
    expected = sorted(c.lower() for c in re.split(r",\s*|\s+and\s+", cards.strip()))
    found = sorted(s.card for s in world.state.position.survivors)
    assert found == expected, f"the survivors are {found}, expected {expected}"


@then(parsers.re(r"the difficulty score is (?P<score>[\d.]+)"))
def then_difficulty(world: World, asked: SetupAsked, score: str) -> None:
    """The setup's difficulty on the rulebook's scale (``unknown.difficulty.*``)."""
    found = difficulty_score(
        asked.mission,
        asked.survivors,
        asked.difficulty,
        short=asked.short,
        hazards=asked.hazards,
        ruleset=world.ruleset,
    )
    assert found.score == Fraction(score), f"{found.text()}, expected {score}"


@then(parsers.re(r"the short stack's starting tiles are the normal stack's less (?P<removed>.+)"))
def then_short_removals(removed: str) -> None:
    """The starting tiles a short stack leaves out (``unknown.short.remove-*``)."""
    expected = bag((kind, int(n)) for n, kind in re.findall(r"(\d+) (\w+)", removed))
    long, short = starting_stack_tiles(False), starting_stack_tiles(True)
    gone = long
    for name, n in short:
        gone = add(gone, name, -n)
    assert gone == expected, f"the short stack leaves out {gone}, expected {expected}"
