"""Create Barriers (rulebook: Actions, Create Barriers)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, ClassVar

from engine.core.errors import IllegalDecision
from engine.unknown.actions.base import (
    Action,
    Outcome,
    actor,
    event,
    require_goods,
    require_no_enemy,
    resource_costs,
    tile_free_of_enemies,
)
from engine.unknown.actions.clear import require_tile_reach, within_tile_reach
from engine.unknown.actions.gather import nearby_spots
from engine.unknown.position import Coord
from engine.unknown.state import Goods, UnknownState, add

if TYPE_CHECKING:
    from engine.unknown.rules import Rules

BARRIER_SCRAP = 1
"""Scrap one Create Barriers spends before the rule points (``unknown.action.create-barriers``)."""
BARRIERS_PLACED = 2
"""Barrier tokens one Create Barriers places (``unknown.action.create-barriers``)."""


@dataclass(frozen=True)
class CreateBarriers(Action):
    """Spend 1 scrap to place 2 barrier tokens on tiles within range 1 (the same tile or two).

    ``spots`` names where each barrier goes, sorted (a spot may repeat). Applies
    ``unknown.action.create-barriers``, ``unknown.action.create-barriers.split``,
    ``unknown.action.create-barriers.placement`` (tiles with survivors and impassable tiles are
    allowed, see :func:`~engine.unknown.actions.clear.within_tile_reach`),
    ``unknown.action.defaults`` and ``unknown.action.enemy-occupied``; the barriers make their
    tiles impassable (``unknown.barrier.impassable``).
    """

    name: ClassVar[str] = "create_barriers"
    clause: ClassVar[str] = "unknown.action.create-barriers"
    USES: ClassVar[Goods] = (("scrap", BARRIER_SCRAP),)
    who: str
    spots: tuple[Coord, Coord]

    def __post_init__(self) -> None:
        spots = tuple(sorted((int(at[0]), int(at[1])) for at in self.spots))
        object.__setattr__(self, "spots", spots)

    def __str__(self) -> str:
        return f"{self.who} places barriers on {[list(s) for s in self.spots]}"

    @classmethod
    def candidates(cls, rules: Rules, state: UnknownState, who: str) -> list[CreateBarriers]:
        here = actor(state, who).at
        spots = tuple(
            s
            for s in nearby_spots(state, here)
            if tile_free_of_enemies(state, s) and within_tile_reach(rules, state, here, s)
        )
        return list(placements(cls, who, spots))

    def cost(self, rules: Rules, state: UnknownState) -> int:
        """Scrap spent, after the rule points in play."""
        return resource_costs(rules, state, self)["scrap"]

    def check(self, rules: Rules, state: UnknownState) -> None:
        if len(self.spots) != BARRIERS_PLACED:
            raise IllegalDecision(
                "unknown.action.create-barriers",
                f"the action places exactly {BARRIERS_PLACED} barriers, not {len(self.spots)}",
            )
        survivor = actor(state, self.who)
        for at in self.spots:
            if at not in state.position.tile_at:
                raise IllegalDecision(
                    "unknown.action.create-barriers.split", f"no tile is explored at {list(at)}"
                )
            require_tile_reach(rules, state, survivor.at, at)
            require_no_enemy(state, at)
        require_goods(survivor, "scrap", self.cost(rules, state), "unknown.action.create-barriers")

    def resolve(self, rules: Rules, state: UnknownState) -> Outcome:
        scrap = self.cost(rules, state)
        survivor = actor(state, self.who)
        position = state.position.with_survivor(
            replace(survivor, goods=add(survivor.goods, "scrap", -scrap))
        )
        events = []
        for at in sorted(set(self.spots)):
            n = self.spots.count(at)
            position = position.with_tokens(at, "barrier", n)
            events.append(
                event(
                    "barriers_placed",
                    "unknown.action.create-barriers.split",
                    f"{self.who} places {n} barrier(s) on {list(at)}",
                    who=self.who,
                    at=at,
                    count=n,
                )
            )
        spent = event(
            "barriers_created",
            "unknown.action.create-barriers",
            f"{self.who} spends {scrap} scrap on {BARRIERS_PLACED} barriers",
            who=self.who,
            scrap=scrap,
        )
        return state.with_position(position), (spent, *events)


@lru_cache(maxsize=1024)
def placements(
    cls: type[CreateBarriers], who: str, spots: tuple[Coord, ...]
) -> tuple[CreateBarriers, ...]:
    """Every way ``who`` may set the barriers on ``spots``: each of the two on one of them, both
    on one tile allowed (``unknown.action.create-barriers.split``)."""
    return tuple(cls(who, pair) for pair in combinations_with_replacement(spots, BARRIERS_PLACED))
