"""Gather (rulebook: Actions, Gather; Tiles: Gatherable Resources; Create Trap, pick-up).

One gather takes a single kind of resource from any choice of tiles within range 1 and line of
sight: from each chosen tile, the resource its icons show (then the tile is flipped as cleared)
and every token of that kind lying there. Traps lying on tiles are picked up the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, ClassVar

from engine.core.errors import IllegalDecision
from engine.core.game import Event
from engine.core.rule_points import RulePoint, chain, collect, distinct, transform
from engine.unknown.actions.base import (
    Action,
    Outcome,
    actor,
    event,
    require_no_enemy,
    require_reach,
    tile_free_of_enemies,
    within_reach,
)
from engine.unknown.catalog import catalog
from engine.unknown.map import board_of
from engine.unknown.position import Coord, PlacedTile, UnknownPosition
from engine.unknown.state import UnknownState, add

if TYPE_CHECKING:
    from engine.unknown.rules import Rules

GATHERABLE_TOKENS: tuple[str, ...] = ("ammo", "food", "medicine", "scrap", "trap")
"""Token kinds a gather picks up from tiles: resource tokens (``unknown.action.gather.tokens``)
and traps (``unknown.trap.pickup``). Items such as armor or barriers are not gathered."""

GATHER_YIELD = RulePoint(
    "what gathering a tile gives",
    transform,
    """How many tokens of one kind gathering a tile gives (``unknown.action.gather``; the tile's
    icons: :func:`tile_yield`): ``handler(rules, state, placed, resource, amount) -> amount``,
    e.g. a bunker's fences (``unknown.task.perimeter.gather-fences``).""",
)
GATHER_KINDS = RulePoint(
    "what a Gather may name",
    distinct,
    """Token kinds besides the tiles' icons a Gather may name (``unknown.action.gather``):
    ``handler(rules, state) -> kinds``, e.g. a task's radios (``unknown.task.radio.gather-radio``).""",
)
GATHER_TOKENS = RulePoint(
    "tokens a Gather picks up",
    collect,
    """Token kinds lying on a tile that a Gather picks up besides resources and traps
    (``unknown.action.gather.tokens``): ``handler(rules, state, at) -> kinds``, e.g. a
    forfeited survivor's refugees (``unknown.mission.refugees.forfeit``).""",
)
TOKENS_GATHERED = RulePoint(
    "tokens picked up by a Gather",
    chain,
    """What follows a survivor picking up tokens lying on tiles in a Gather
    (``unknown.action.gather.tokens``): ``handler(rules, state, who, kind, amount) ->
    (state, events)``, ``state`` after the pick-up (``unknown.mission.refugees.ap-cost``).""",
)
GATHER_BONUS = RulePoint(
    "a Gather's bonus",
    chain,
    """Extra goods a Gather gives once its own yield is carried (``unknown.action.gather``):
    ``handler(rules, state, action, flipped, from_tiles) -> (state, events)``; ``state`` is after
    the gather, ``flipped`` the spots of the tiles it flipped and ``from_tiles`` what those
    tiles gave (``unknown.survivor.scavenger.bonus``).""",
)


def nearby_spots(state: UnknownState, at: Coord) -> tuple[Coord, ...]:
    """The explored spots at most one step from ``at``: every candidate target of a range-1 action."""
    return board_of(state.position).around(at)


def tile_yield(placed: PlacedTile, resource: str) -> int:
    """How many ``resource`` tokens gathering this tile gives (0 when it gives none).

    A tile is gatherable when it shows resource icons and has no clear cost
    (``unknown.action.gather.eligible``) and has not been cleared yet
    (``unknown.action.clear.loses-effects``). Each icon gives one token; a multi-resource icon
    gives one of its alternatives, so it counts when ``resource`` is among them
    (``unknown.gatherable.multi``).
    """
    kind = catalog()[placed.tile]
    if placed.cleared or kind.clear_cost or not kind.gather:
        return 0
    return sum(1 for icon in kind.gather if resource in icon)


def rules_yield(rules: Rules, state: UnknownState, placed: PlacedTile, resource: str) -> int:
    """:func:`tile_yield` after the rule points in play (:data:`GATHER_YIELD`): e.g. a task
    letting a tile be gathered for its own tokens instead (``unknown.task.perimeter.gather-fences``)."""
    return rules.ask(GATHER_YIELD, state, placed, resource, tile_yield(placed, resource))


def tokens_to_gather(
    position: UnknownPosition, at: Coord, resource: str, extra: tuple[str, ...] = ()
) -> int:
    """Tokens of ``resource`` lying on ``at`` that a gather picks up (``unknown.action.gather.tokens``);
    ``extra`` are the kinds the rule points in play add there (:data:`GATHER_TOKENS`)."""
    if resource not in GATHERABLE_TOKENS and resource not in extra:
        return 0
    return position.tokens_at.get(at, {}).get(resource, 0)


def nothing_to_gather(placed: PlacedTile, resource: str) -> IllegalDecision:
    """The error for a source that offers no ``resource`` at all, naming the clause it breaks."""
    kind = catalog()[placed.tile]
    where = f"the {placed.tile} at {list(placed.at)}"
    if not kind.gather:
        return IllegalDecision(
            "unknown.action.gather.eligible",
            f"{where} shows no resource icons and holds no {resource} tokens",
        )
    if kind.clear_cost:
        return IllegalDecision(
            "unknown.action.gather.eligible",
            f"{where} has a clear cost, so it cannot be gathered (clear it instead)",
        )
    if placed.cleared:
        return IllegalDecision(
            "unknown.action.clear.loses-effects",
            f"{where} is already cleared and has nothing left to gather",
        )
    return IllegalDecision(
        "unknown.action.gather.same-resource",
        f"{where} cannot be gathered for {resource} (its icons: {list(kind.gather)})",
    )


@dataclass(frozen=True)
class Gather(Action):
    """Gather one kind of resource from tiles and tokens within range 1 (``unknown.action.gather``).

    ``sources`` are kept sorted and without repeats. Applies ``unknown.action.gather.eligible``,
    ``unknown.action.gather.same-resource``, ``unknown.action.gather.tokens``,
    ``unknown.action.gather.flip``, ``unknown.gatherable.multi``, ``unknown.trap.pickup``, the
    range/line-of-sight default ``unknown.action.defaults`` and ``unknown.action.enemy-occupied``.
    Once the goods are carried, ``GATHER_BONUS`` adds what the rule points in play give on
    top (told the tiles flipped and their yield, tokens not counted). Token kinds the rule points
    add on a tile (``GATHER_TOKENS``, e.g. dropped refugees) are picked up too, and
    ``TOKENS_GATHERED`` is told how many tokens were picked up.
    """

    name: ClassVar[str] = "gather"
    clause: ClassVar[str] = "unknown.action.gather"
    who: str
    resource: str
    sources: tuple[Coord, ...]

    def __post_init__(self) -> None:
        spots = tuple(sorted({(int(at[0]), int(at[1])) for at in self.sources}))
        object.__setattr__(self, "sources", spots)

    def __str__(self) -> str:
        return f"{self.who} gathers {self.resource} from {[list(s) for s in self.sources]}"

    @classmethod
    def candidates(cls, rules: Rules, state: UnknownState, who: str) -> list[Gather]:
        here = actor(state, who).at
        position = state.position
        spots = [
            s
            for s in nearby_spots(state, here)
            if within_reach(rules, state, here, s) and tile_free_of_enemies(state, s)
        ]
        offered: dict[str, list[Coord]] = {}
        granted = set(
            rules.ask(GATHER_KINDS, state)
        )  # kinds the rule points in play let a gather name
        for at in spots:
            kinds = {r for icon in catalog()[position.tile_at[at].tile].gather for r in icon}
            extra = rules.ask(GATHER_TOKENS, state, at)
            lying = position.tokens_at.get(at, {})
            kinds |= {k for k in lying if k in GATHERABLE_TOKENS or k in extra}
            kinds |= granted
            for resource in kinds:
                if rules_yield(rules, state, position.tile_at[at], resource) or tokens_to_gather(
                    position, at, resource, extra
                ):
                    offered.setdefault(resource, []).append(at)
        return [
            gather
            for resource, sources in sorted(offered.items())
            for gather in gathers(cls, who, resource, tuple(sources))
        ]

    def check(self, rules: Rules, state: UnknownState) -> None:
        if not self.sources:
            raise IllegalDecision("unknown.action.gather", "a gather needs at least one tile")
        here = actor(state, self.who).at
        for at in self.sources:
            placed = state.position.tile_at.get(at)
            if placed is None:
                raise IllegalDecision("unknown.action.gather", f"no tile is explored at {list(at)}")
            require_reach(rules, state, here, at)
            require_no_enemy(state, at)
            if not rules_yield(rules, state, placed, self.resource) and not tokens_to_gather(
                state.position, at, self.resource, rules.ask(GATHER_TOKENS, state, at)
            ):
                raise nothing_to_gather(placed, self.resource)

    def resolve(self, rules: Rules, state: UnknownState) -> Outcome:
        position = state.position
        events: list[Event] = []
        gained = 0
        flipped: list[Coord] = []
        from_tiles = 0
        for at in self.sources:
            from_tile = rules_yield(rules, state, position.tile_at[at], self.resource)
            added = rules.ask(GATHER_TOKENS, state, at)
            position, amount, found = self._take(position, at, from_tile, added)
            gained += amount
            events.extend(found)
            if from_tile:
                flipped.append(at)
                from_tiles += from_tile
        survivor = position.survivor(self.who)
        carried = replace(survivor, goods=add(survivor.goods, self.resource, gained))
        state = state.with_position(position.with_survivor(carried))
        if gained > from_tiles:
            state, more = rules.ask(
                TOKENS_GATHERED, state, self.who, self.resource, gained - from_tiles
            )
            events.extend(more)
        state, extra = rules.ask(GATHER_BONUS, state, self, tuple(flipped), from_tiles)
        return state, (*events, *extra)

    def _take(
        self, position: UnknownPosition, at: Coord, from_tile: int, extra: tuple[str, ...] = ()
    ) -> tuple[UnknownPosition, int, list[Event]]:
        """Take the tile's resource (``from_tile`` of them, flipping it) and the matching
        tokens from one source."""
        placed = position.tile_at[at]
        events: list[Event] = []
        if from_tile:
            position = position.with_tile(replace(placed, cleared=True))
            events.append(
                event(
                    "tile_gathered",
                    "unknown.action.gather.flip",
                    f"{self.who} gathers {from_tile} {self.resource} from the {placed.tile} at "
                    f"{list(at)}, which is flipped over (cleared)",
                    who=self.who,
                    at=at,
                    tile=placed.tile,
                    resource=self.resource,
                    amount=from_tile,
                )
            )
        lying = tokens_to_gather(position, at, self.resource, extra)
        if lying:
            position = position.with_tokens(at, self.resource, -lying)
            clause = (
                "unknown.trap.pickup" if self.resource == "trap" else "unknown.action.gather.tokens"
            )
            events.append(
                event(
                    "tokens_gathered",
                    clause,
                    f"{self.who} picks up {lying} {self.resource} token(s) from {list(at)}",
                    who=self.who,
                    at=at,
                    resource=self.resource,
                    amount=lying,
                )
            )
        return position, from_tile + lying, events


@lru_cache(maxsize=1024)
def gathers(
    cls: type[Gather], who: str, resource: str, sources: tuple[Coord, ...]
) -> tuple[Gather, ...]:
    """Every gather of ``resource`` by ``who`` from one or more of ``sources``, fewest first."""
    return tuple(
        cls(who, resource, subset)
        for size in range(1, len(sources) + 1)
        for subset in combinations(sources, size)
    )
