"""Create Trap and Place Trap (rulebook: Actions, Create Trap).

A new trap is either set on a tile within range 1 or kept on the survivor's card as goods of
kind ``trap``; a kept trap is set later by Place Trap for 1 AP. :func:`spring_trap` is what a
trap does to an enemy that enters or spawns on its tile, for the enemy phases to call.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar

from engine.core.errors import IllegalDecision
from engine.core.game import Event
from engine.unknown.actions.base import (
    Action,
    Outcome,
    actor,
    event,
    require_goods,
    require_no_enemy,
    require_reach,
    resource_costs,
    tile_free_of_enemies,
    within_reach,
)
from engine.unknown.actions.gather import nearby_spots
from engine.unknown.health import damage_enemy
from engine.unknown.map import is_passable, per_map
from engine.unknown.position import Coord
from engine.unknown.state import Goods, UnknownState, add, bag, count

if TYPE_CHECKING:
    from engine.unknown.rules import Rules

TRAP_SOURCE = "trap"
"""The ``source`` a sprung trap's damage carries (``damage_enemy``, ``DAMAGE_CREDIT``)."""
TRAP_COST: Goods = bag({"food": 1, "scrap": 1})
"""What a trap is made of before the rule points (``unknown.action.create-trap``)."""


def trap_spots(rules: Rules, state: UnknownState, who: str) -> list[Coord]:
    """Tiles a survivor could set a trap on now (a superset filter for candidates)."""
    here = actor(state, who).at
    return [s for s in settable_in_reach(rules, state, here) if tile_free_of_enemies(state, s)]


@per_map
def settable_in_reach(rules: Rules, state: UnknownState, here: Coord) -> tuple[Coord, ...]:
    """The passable tiles within range 1 and line of sight of ``here``, in order: where a trap
    may be set as far as the map goes (``unknown.trap.no-impassable``,
    ``unknown.action.defaults``); enemies are checked apart."""
    return tuple(
        s
        for s in nearby_spots(state, here)
        if is_passable(state.position, s) and within_reach(rules, state, here, s)
    )


def require_trap_spot(rules: Rules, state: UnknownState, who: str, at: Coord) -> None:
    """``IllegalDecision`` unless a trap may be set on ``at`` by ``who``.

    Applies ``unknown.trap.no-impassable`` (no impassable tile, barriers included),
    ``unknown.action.defaults`` (range 1, line of sight) and ``unknown.action.enemy-occupied``.
    """
    if at not in state.position.tile_at:
        raise IllegalDecision("unknown.action.create-trap", f"no tile is explored at {list(at)}")
    if not is_passable(state.position, at):
        raise IllegalDecision(
            "unknown.trap.no-impassable", f"{list(at)} is impassable, so no trap can be set there"
        )
    require_reach(rules, state, actor(state, who).at, at)
    require_no_enemy(state, at)


def set_trap(state: UnknownState, who: str, at: Coord, clause: str) -> Outcome:
    """Put one trap token on ``at``."""
    placed = event("trap_set", clause, f"{who} sets a trap on {list(at)}", who=who, at=at)
    return state.with_position(state.position.with_tokens(at, "trap", 1)), (placed,)


def spring_trap(
    state: UnknownState, at: Coord, enemy_id: str, rules: Rules | None = None
) -> tuple[UnknownState, tuple[Event, ...]]:
    """One trap on ``at`` deals 1 damage to an enemy entering or spawning there, and is spent.

    Applies ``unknown.trap.trigger``; the damage goes through
    :func:`~engine.unknown.health.damage_enemy`, marked as a trap's (``TRAP_SOURCE``) so the
    rules in play credit it by data, not by its wording. For the enemy phases (not an action).
    """
    position = state.position.with_tokens(at, "trap", -1)
    sprung = event(
        "trap_sprung",
        "unknown.trap.trigger",
        f"the trap on {list(at)} hits {enemy_id} and is removed",
        at=at,
        enemy=enemy_id,
    )
    state, hurt = damage_enemy(
        state.with_position(position),
        enemy_id,
        1,
        f"the trap on {list(at)}",
        rules=rules,
        source=TRAP_SOURCE,
    )
    return state, (sprung, *hurt)


@dataclass(frozen=True)
class CreateTrap(Action):
    """Spend 1 food and 1 scrap for a trap, set on a tile within range 1 or kept (``at`` None).

    Applies ``unknown.action.create-trap``, ``unknown.trap.no-impassable``,
    ``unknown.action.defaults`` and ``unknown.action.enemy-occupied``. Costs come from
    ``RESOURCE_COST``.
    """

    name: ClassVar[str] = "create_trap"
    clause: ClassVar[str] = "unknown.action.create-trap"
    USES: ClassVar[Goods] = TRAP_COST
    who: str
    at: Coord | None = None

    def __post_init__(self) -> None:
        if self.at is not None:
            object.__setattr__(self, "at", (int(self.at[0]), int(self.at[1])))

    def __str__(self) -> str:
        where = "keeps it" if self.at is None else f"sets it on {list(self.at)}"
        return f"{self.who} creates a trap and {where}"

    @classmethod
    def candidates(cls, rules: Rules, state: UnknownState, who: str) -> list[CreateTrap]:
        return list(trap_makings(cls, who, tuple(trap_spots(rules, state, who))))

    def costs(self, rules: Rules, state: UnknownState) -> Goods:
        """Food and scrap spent, after the rule points in play."""
        return bag(resource_costs(rules, state, self))

    def check(self, rules: Rules, state: UnknownState) -> None:
        if self.at is not None:
            require_trap_spot(rules, state, self.who, self.at)
        survivor = actor(state, self.who)
        for kind, amount in self.costs(rules, state):
            require_goods(survivor, kind, amount, "unknown.action.create-trap")

    def resolve(self, rules: Rules, state: UnknownState) -> Outcome:
        costs = self.costs(rules, state)
        survivor = actor(state, self.who)
        goods = survivor.goods
        for kind, amount in costs:
            goods = add(goods, kind, -amount)
        if self.at is None:
            goods = add(goods, "trap", 1)
        state = state.with_position(state.position.with_survivor(replace(survivor, goods=goods)))
        paid = ", ".join(f"{n} {k}" for k, n in costs) or "nothing"
        made = event(
            "trap_created",
            "unknown.action.create-trap",
            f"{self.who} spends {paid} on a trap" + (" and keeps it" if self.at is None else ""),
            who=self.who,
            paid=costs,
        )
        if self.at is None:
            return state, (made,)
        state, placed = set_trap(state, self.who, self.at, "unknown.action.create-trap")
        return state, (made, *placed)


@lru_cache(maxsize=1024)
def trap_makings(
    cls: type[CreateTrap], who: str, spots: tuple[Coord, ...]
) -> tuple[CreateTrap, ...]:
    """Every Create Trap ``who`` may try: keeping the trap, or setting it on one of ``spots``."""
    return (cls(who, None), *(cls(who, at) for at in spots))


@dataclass(frozen=True)
class PlaceTrap(Action):
    """Set a trap carried in inventory on a tile within range 1, for 1 AP.

    Applies ``unknown.action.create-trap.place-later``, ``unknown.trap.no-impassable``,
    ``unknown.action.defaults`` and ``unknown.action.enemy-occupied``.
    """

    name: ClassVar[str] = "place_trap"
    clause: ClassVar[str] = "unknown.action.create-trap.place-later"
    who: str
    at: Coord

    def __post_init__(self) -> None:
        object.__setattr__(self, "at", (int(self.at[0]), int(self.at[1])))

    def __str__(self) -> str:
        return f"{self.who} sets a carried trap on {list(self.at)}"

    @classmethod
    def candidates(cls, rules: Rules, state: UnknownState, who: str) -> list[PlaceTrap]:
        if not count(actor(state, who).goods, "trap"):
            return []
        return [cls(who, at) for at in trap_spots(rules, state, who)]

    def check(self, rules: Rules, state: UnknownState) -> None:
        require_goods(actor(state, self.who), "trap", 1, "unknown.action.create-trap.place-later")
        require_trap_spot(rules, state, self.who, self.at)

    def resolve(self, rules: Rules, state: UnknownState) -> Outcome:
        survivor = actor(state, self.who)
        carried = replace(survivor, goods=add(survivor.goods, "trap", -1))
        state = state.with_position(state.position.with_survivor(carried))
        return set_trap(state, self.who, self.at, "unknown.action.create-trap.place-later")
