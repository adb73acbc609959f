"""The Water mission (rulebook: Missions, Water).

Four water tiles are numbered as they are explored (``PlacedTile.number``,
``unknown.mission.water.numbering``). The first three may be tested with the Test Water Source
action (:class:`TestWater`: 1 AP, 2 medicine, range 1), which clears the tile and puts a counter
on the mission card; the fourth, the last one explored, can never be tested nor cleared. Once
three are tested, the last water tile spreads water: at every upkeep it twice puts a water
source token (written ``mission``, as the scenarios do for objective tokens) on the nearest
passable tile that has none (:class:`WaterFlow`). The game is won once a water source lies on
base.

The helpers :func:`numbers` and :func:`explored_number` are shared with the other missions whose
first tiles differ from the last (Behemoth, Refugees).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar

from engine.core.errors import IllegalDecision
from engine.core.game import PlayerNode
from engine.core.rule_points import on, rule_source
from engine.unknown.actions import MORE_ACTIONS
from engine.unknown.actions.base import (
    Action,
    Outcome,
    actor,
    event,
    require_goods,
    require_no_enemy,
    resource_costs,
)
from engine.unknown.actions.clear import CLEAR_FOR_AP_ALONE, require_tile_reach
from engine.unknown.actions.gather import nearby_spots
from engine.unknown.effects import effect
from engine.unknown.map import is_passable
from engine.unknown.map.explore import TILE_EXPLORED
from engine.unknown.missions import MISSIONS
from engine.unknown.position import ORTHOGONAL, Coord, PlacedTile, UnknownPosition
from engine.unknown.rules import Rules
from engine.unknown.state import Goods, UnknownState, add, bag, count
from engine.unknown.turn.round import BEFORE_UPKEEP

if TYPE_CHECKING:
    from engine.unknown.rules import Rules

TILE = "water"
TILES = 4
"""Water tiles the setup adds (``unknown.mission.water.setup``); the 4th is the last."""
TESTABLE = 3
"""Only the first 3 water tiles explored may be tested (``unknown.mission.water.test-limit``)."""
MEDICINE = 2
"""What the Test Water Source action uses up (``unknown.mission.water.test``)."""
SOURCE = "mission"
"""The token kind of a water source (objective tokens are ``mission`` tokens on the map)."""
SPREAD = 2
"""Water sources the last water tile puts down each upkeep (``unknown.mission.water.flow``)."""
TESTED = "water_tested"
"""The mission-card counter of tested water tiles (``unknown.mission.water.test``)."""


# -- numbering, shared with Behemoth and Refugees ----------------------------------------------


def numbers(position: UnknownPosition, name: str) -> dict[Coord, int]:
    """Every ``name`` tile on the map with its number in explore order.

    Tiles explored in play carry ``PlacedTile.number``. A hand-made position may leave it out;
    the missing numbers are then inferred: cleared tiles first (a mission clears only its first
    tiles: tested water tiles, the first five refugee tiles), then by spot, taking the lowest
    numbers no tile holds (``unknown.mission.water.numbering``).
    """
    tiles = [t for t in position.tiles if t.tile == name]
    found = {t.at: t.number for t in tiles if t.number is not None}
    free = (n for n in range(1, len(tiles) + len(found) + 1) if n not in found.values())
    for t in sorted((t for t in tiles if t.number is None), key=lambda t: (not t.cleared, t.at)):
        found[t.at] = next(free)
    return found


def explored_number(position: UnknownPosition, placed: PlacedTile) -> int:
    """The number of a ``placed`` tile just explored: one past every other tile of its name."""
    others = {at: n for at, n in numbers(position, placed.tile).items() if at != placed.at}
    return max([len(others), *others.values()]) + 1


def numbered(state: UnknownState, placed: PlacedTile, clause: str) -> Outcome:
    """``state`` with the just-explored ``placed`` numbered, and the event saying so."""
    if placed.number is not None:
        return state, ()
    number = explored_number(state.position, placed)
    state = state.with_position(state.position.with_tile(replace(placed, number=number)))
    told = event(
        "tile_numbered",
        clause,
        f"the {placed.tile} tile at {list(placed.at)} is number {number} explored",
        at=placed.at,
        tile=placed.tile,
        number=number,
    )
    return state, (told,)


# -- the mission's rules ---------------------------------------------------------------------------


def last_tile(position: UnknownPosition) -> Coord | None:
    """Where the last (4th) water tile lies, once it is explored."""
    for at, n in numbers(position, TILE).items():
        if n == TILES:
            return at
    return None


def tested(position: UnknownPosition) -> int:
    """Water tiles tested so far: the cleared ones (only a test clears one)."""
    return sum(1 for t in position.tiles if t.tile == TILE and t.cleared)


def testable(position: UnknownPosition, at: Coord) -> bool:
    """Whether the water tile on ``at`` is among the first 3 explored (``test-limit``)."""
    return numbers(position, TILE).get(at, TILES) <= TESTABLE


@dataclass(frozen=True)
class TestWater(Action):
    """Test Water Source: clear one of the first 3 water tiles explored, using 2 medicine.

    Applies ``unknown.mission.water.test`` (1 AP, 2 medicine through ``RESOURCE_COST``,
    the tile flipped as cleared and a counter on the mission card),
    ``unknown.mission.water.test-limit`` and ``unknown.mission.water.numbering`` (the 4th explored
    is never testable), with the range 1 and line of sight of ``unknown.action.defaults`` and
    ``unknown.action.enemy-occupied``.
    """

    __test__: ClassVar[bool] = False  # not a pytest class despite its name
    name: ClassVar[str] = "test_water"
    clause: ClassVar[str] = "unknown.mission.water.test"
    USES: ClassVar[Goods] = (("medicine", MEDICINE),)
    who: str
    at: Coord

    def __post_init__(self) -> None:
        object.__setattr__(self, "at", (int(self.at[0]), int(self.at[1])))

    def __str__(self) -> str:
        return f"{self.who} tests the water source at {list(self.at)}"

    @classmethod
    def candidates(cls, rules: Rules, state: UnknownState, who: str) -> list[TestWater]:
        here = actor(state, who).at
        return [
            cls(who, at)
            for at in nearby_spots(state, here)
            if state.position.tile_at[at].tile == TILE
        ]

    def costs(self, rules: Any, state: UnknownState) -> Goods:
        """The 2 medicine after the rule points in play (the Doctor's discount applies)."""
        return bag(resource_costs(rules, state, self))

    def check(self, rules: Rules, state: UnknownState) -> None:
        placed = state.position.tile_at.get(self.at)
        if placed is None or placed.tile != TILE:
            raise IllegalDecision(
                "unknown.mission.water.test", f"there is no water tile at {list(self.at)}"
            )
        if placed.cleared:
            raise IllegalDecision(
                "unknown.mission.water.test",
                f"the water tile at {list(self.at)} is already tested",
            )
        if not testable(state.position, self.at):
            raise IllegalDecision(
                "unknown.mission.water.test-limit",
                f"the water tile at {list(self.at)} is not among the first {TESTABLE} explored",
            )
        survivor = actor(state, self.who)
        require_tile_reach(rules, state, survivor.at, self.at)
        require_no_enemy(state, self.at)
        for kind, amount in self.costs(rules, state):
            require_goods(survivor, kind, amount, "unknown.mission.water.test")

    def resolve(self, rules: Rules, state: UnknownState) -> Outcome:
        survivor = actor(state, self.who)
        goods = survivor.goods
        for kind, amount in self.costs(rules, state):
            goods = add(goods, kind, -amount)
        placed = state.position.tile_at[self.at]
        position = state.position.with_tile(replace(placed, cleared=True))
        position = position.with_survivor(replace(survivor, goods=goods))
        card = add(state.mission_card, TESTED, 1)
        done = event(
            "water_tested",
            "unknown.mission.water.test",
            f"{self.who} tests the water tile at {list(self.at)}, which is cleared "
            f"({count(card, TESTED)} tested)",
            who=self.who,
            at=self.at,
        )
        return replace(state, position=position, mission_card=card), (done,)


def flow_spots(position: UnknownPosition, source: Coord) -> list[Coord]:
    """The passable tiles without a water source nearest to ``source`` (ties all listed).

    Nearness is counted in orthogonal steps over explored tiles, whatever they hold, as for the
    other objective tokens set down on the nearest passable tile (switch
    ``objective-token-nearest``, reading ``map-steps``); the source tile itself is nearest of
    all. Tiles with barriers are not passable (``unknown.mission.water.no-space``).
    """
    frontier, seen = [source], {source}
    while frontier:
        found = [
            at
            for at in frontier
            if is_passable(position, at) and not position.tokens_at.get(at, {}).get(SOURCE)
        ]
        if found:
            return sorted(found)
        after = []
        for x, y in frontier:
            for dx, dy in ORTHOGONAL:
                spot = (x + dx, y + dy)
                if spot not in seen and spot in position.tile_at:
                    seen.add(spot)
                    after.append(spot)
        frontier = after
    return []


@dataclass(frozen=True)
class SourceTo:
    """Decision: the next water source goes on ``to`` (one of the equally near tiles)."""

    to: Coord

    def __str__(self) -> str:
        return f"the water source goes to {list(self.to)}"


@effect("water_flow")
@dataclass(frozen=True)
class WaterFlow:
    """The last water tile puts ``left`` more water sources down this upkeep, one at a time.

    Applies ``unknown.mission.water.flow`` (nearest passable tile without a source; the players
    choose among equally near ones), ``unknown.mission.water.no-space`` (none is put down when no
    such tile exists) and ``unknown.mission.water.tokens-inert`` (the tokens change nothing else).
    """

    source: Coord
    left: int = SPREAD

    def node(self, rules: Rules, state: UnknownState) -> PlayerNode:
        return PlayerNode(
            player="players",
            legal=tuple(SourceTo(at) for at in flow_spots(state.position, self.source)),
            prompt="choose which of the equally near tiles takes the water source",
            clause="unknown.mission.water.flow",
        )

    def settle(self, rules: Rules, state: UnknownState) -> Outcome | None:
        spots = flow_spots(state.position, self.source)
        if self.left <= 0 or not spots:
            rest = replace(state, pending=state.pending[1:])
            if self.left <= 0:
                return rest, ()
            none = event(
                "water_blocked",
                "unknown.mission.water.no-space",
                "no passable tile without a water source is left: no water source is put down",
            )
            return rest, (none,)
        if len(spots) == 1:
            return self._put(state, spots[0])
        return None

    def apply(self, rules: Rules, state: UnknownState, decision: object) -> Outcome:
        spots = flow_spots(state.position, self.source)
        if not isinstance(decision, SourceTo) or decision.to not in spots:
            raise IllegalDecision(
                "unknown.mission.water.flow",
                f"{decision} is not one of the nearest passable tiles without a water source: "
                f"{[list(s) for s in spots]}",
            )
        return self._put(state, decision.to)

    def _put(self, state: UnknownState, at: Coord) -> Outcome:
        position = state.position.with_tokens(at, SOURCE, 1)
        ahead = replace(self, left=self.left - 1)
        put = event(
            "water_source",
            "unknown.mission.water.flow",
            f"the last water tile puts a water source on {list(at)}",
            at=at,
        )
        return replace(state, position=position, pending=(ahead, *state.pending[1:])), (put,)


@rule_source("water")
class Water:
    """The Water mission's rule changes: numbering, Test Water Source, refusal of Clear Tile on
    water tiles and the last tile's flow at upkeep."""

    @on(MORE_ACTIONS)
    def action_kinds(self, rules: Rules, state: UnknownState) -> tuple[type, ...]:
        return (TestWater,)

    @on(TILE_EXPLORED)
    def on_explored(self, rules: Rules, state: UnknownState, who: str, placed: Any) -> Outcome:
        """Number each water tile explored (``unknown.mission.water.numbering``)."""
        if placed.tile != TILE:
            return state, ()
        return numbered(state, placed, "unknown.mission.water.numbering")

    @on(CLEAR_FOR_AP_ALONE)
    def clear_override(
        self, rules: Rules, state: UnknownState, who: str, placed: Any
    ) -> str | None:
        """Water tiles are cleared only by testing them: Clear Tile is refused on them
        (``unknown.mission.water.test``), and the last one is never cleared
        (``unknown.mission.water.test-limit``)."""
        if placed.tile != TILE:
            return None
        if not testable(state.position, placed.at):
            raise IllegalDecision(
                "unknown.mission.water.test-limit",
                f"the water tile at {list(placed.at)} is the last one explored: it cannot be "
                "tested or cleared",
            )
        raise IllegalDecision(
            "unknown.mission.water.test",
            f"the water tile at {list(placed.at)} is cleared by the Test Water Source action",
        )

    @on(BEFORE_UPKEEP)
    def before_upkeep(self, rules: Rules, state: UnknownState) -> Outcome:
        """Once 3 water tiles are tested, the last one spreads 2 water sources
        (``unknown.mission.water.flow``)."""
        source = last_tile(state.position)
        if source is None or tested(state.position) < TESTABLE:
            return state, ()
        return replace(state, pending=(*state.pending, WaterFlow(source))), ()


def water_complete(state: UnknownState) -> str | None:
    """Why Water is complete: a water source lies on the base tile (``unknown.mission.water.goal``)."""
    for placed in state.position.tiles:
        if placed.tile == "base" and state.position.tokens_at.get(placed.at, {}).get(SOURCE):
            return "a water source lies on the base tile"
    return None


MISSIONS["water"] = water_complete
