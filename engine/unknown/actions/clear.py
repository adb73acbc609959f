"""Clear Tile (rulebook: Actions, Clear Tile; Tiles: Requirements to Clear, Gatherable Resources).

Clearing flips a tile over after its clear cost is paid, and hands over the resources its icons
show. It is not a gather: tokens on the tile and neighbouring tiles are left alone. The module
also holds :func:`within_tile_reach`, the reach of an action that changes a tile which may
itself be impassable (Clear Tile on a Bridge, Create Barriers).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from engine.core.errors import IllegalDecision
from engine.core.rule_points import RulePoint, chain, first
from engine.unknown.actions.base import (
    Action,
    Outcome,
    actor,
    event,
    require_goods,
    require_no_enemy,
    resource_costs,
    tile_free_of_enemies,
    within_reach,
)
from engine.unknown.actions.gather import nearby_spots
from engine.unknown.catalog import TileKind, catalog
from engine.unknown.map import is_passable, line_of_sight, per_map, range_between
from engine.unknown.map.board import is_fortified
from engine.unknown.position import Coord, PlacedTile
from engine.unknown.state import Goods, UnknownState, add, bag

if TYPE_CHECKING:
    from engine.unknown.rules import Rules

CLEAR_FOR_AP_ALONE = RulePoint(
    "clearing a tile for its AP alone",
    first,
    """The clause letting Clear Tile flip a tile for its AP alone, with no resources and whatever
    the tile's card says (``unknown.action.clear``): ``handler(rules, state, who, placed) ->
    clause | None``; a handler forbidding it raises ``IllegalDecision``
    (``unknown.mission.hive.clear``).""",
)
TILES_CLEARED = RulePoint(
    "tiles flipped to cleared",
    chain,
    """What follows once tiles were flipped to cleared, however that came about (Clear Tile, a
    Gather, a flood, a trait, a mission action; ``unknown.action.clear.loses-effects``):
    ``handler(rules, state, spots) -> (state, events)``, ``state`` after
    (``unknown.mission.onslaught.tracking``).""",
)


@per_map
def within_tile_reach(
    rules: Rules, state: UnknownState, origin: Coord, target: Coord, reach: int = 1
) -> bool:
    """Within ``reach`` and line of sight of a tile the action changes, even an impassable one.

    Line of sight normally needs the far tile to be passable, which would put an impassable tile
    (a Bridge, a tile under barriers) out of sight of everyone next to it. The rules say such
    tiles may be cleared (``unknown.hazard.bridge.clear``, ``unknown.hazard.irradiated.clear``)
    and may take barriers (``unknown.action.create-barriers.placement``), so here the target's
    own impassability is ignored: the tiles between must still be passable and unfortified
    (``unknown.los.straight-line``), the target must not be fortified
    (``unknown.los.fortified-blocks``) and range is measured to it (``unknown.range``).
    The interpretation switch ``impassable-tile-target`` chooses between this (``reachable``)
    and the plain range and line-of-sight test (``blocked``).
    """
    if within_reach(rules, state, origin, target, reach):
        return True
    ruleset = rules.ruleset
    if ruleset.impassable_tile_target != "reachable":
        return False
    position = state.position
    if target not in position.tile_at or is_passable(position, target):
        return False
    if is_fortified(position, target):
        return False
    distance = range_between(
        position, origin, target, ruleset.with_readings(range_endpoints="exempt")
    )
    if distance is None or distance > reach:
        return False
    dx, dy = target[0] - origin[0], target[1] - origin[1]
    if dx and dy:
        return False
    before = (target[0] - (dx > 0) + (dx < 0), target[1] - (dy > 0) + (dy < 0))
    if before == origin:
        return is_passable(position, origin) or ruleset.los_impassable_origin == "origin-sees"
    return line_of_sight(position, origin, before, ruleset)


def require_tile_reach(
    rules: Rules, state: UnknownState, origin: Coord, target: Coord, reach: int = 1
) -> None:
    """``IllegalDecision`` (``unknown.action.defaults``) unless :func:`within_tile_reach`."""
    if not within_tile_reach(rules, state, origin, target, reach):
        raise IllegalDecision(
            "unknown.action.defaults",
            f"{list(target)} is not within range {reach} and line of sight of {list(origin)}",
        )


def gain_choices(kind: TileKind) -> list[str | None]:
    """The values ``gain`` may take for a tile: an alternative every multi-resource icon offers.

    ``[None]`` when no icon offers a choice (``unknown.gatherable.multi``).
    """
    multi = [icon for icon in kind.gather if len(icon) > 1]
    if not multi:
        return [None]
    return [r for r in multi[0] if all(r in icon for icon in multi)]


def _overridden(rules: Rules, state: UnknownState, who: str, placed: PlacedTile) -> bool:
    """Whether a rule point in play lets Clear Tile flip ``placed`` (:data:`CLEAR_FOR_AP_ALONE`)."""
    try:
        return bool(rules.ask(CLEAR_FOR_AP_ALONE, state, who, placed))
    except IllegalDecision:
        return False


@dataclass(frozen=True)
class ClearTile(Action):
    """Pay a tile's clear cost and flip it over, gaining its resources (``unknown.action.clear``).

    ``gain`` is the chosen alternative of a multi-resource icon, ``None`` when there is no
    choice. Applies ``unknown.tile.clear-requirement``, ``unknown.tile.unclearable``,
    ``unknown.hazard.no-clear-cost``, ``unknown.action.clear.gain``,
    ``unknown.action.clear.not-gather``, ``unknown.action.clear.contents-stay``,
    ``unknown.action.clear.loses-effects`` (a cleared tile cannot be cleared again),
    ``unknown.gatherable.multi``, ``unknown.action.defaults`` and
    ``unknown.action.enemy-occupied``. Resource costs come from ``Action.uses`` and ``RESOURCE_COST``.
    """

    name: ClassVar[str] = "clear_tile"
    clause: ClassVar[str] = "unknown.action.clear"
    who: str
    at: Coord
    gain: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "at", (int(self.at[0]), int(self.at[1])))

    def __str__(self) -> str:
        taking = f", taking {self.gain}" if self.gain else ""
        return f"{self.who} clears the tile at {list(self.at)}{taking}"

    @classmethod
    def candidates(cls, rules: Rules, state: UnknownState, who: str) -> list[ClearTile]:
        here = actor(state, who).at
        found = []
        for at in nearby_spots(state, here):
            placed = state.position.tile_at[at]
            if placed.cleared or not tile_free_of_enemies(state, at):
                continue
            kind = catalog()[placed.tile]
            if kind.clear_cost or kind.gather or _overridden(rules, state, who, placed):
                found.extend(cls(who, at, gain) for gain in gain_choices(kind))
        return found

    def uses(self, state: UnknownState) -> Goods:
        """The tile's clear cost (``unknown.tile.clear-requirement``); nothing where no tile is
        explored."""
        placed = state.position.tile_at.get(self.at)
        return () if placed is None else tuple(catalog()[placed.tile].clear_cost)

    def costs(self, rules: Rules, state: UnknownState) -> Goods:
        """The clear cost after the rule points in play (``unknown.tile.clear-requirement``)."""
        return bag(resource_costs(rules, state, self))

    def gains(self, kind: TileKind) -> Goods:
        """The resources the tile's icons give (``unknown.action.clear.gain``)."""
        return bag((icon[0] if len(icon) == 1 else self.gain, 1) for icon in kind.gather)

    def check(self, rules: Rules, state: UnknownState) -> None:
        placed = state.position.tile_at.get(self.at)
        if placed is None:
            raise IllegalDecision("unknown.action.clear", f"no tile is explored at {list(self.at)}")
        survivor = actor(state, self.who)
        require_tile_reach(rules, state, survivor.at, self.at)
        require_no_enemy(state, self.at)
        kind = catalog()[placed.tile]
        if placed.cleared:
            raise IllegalDecision(
                "unknown.action.clear.loses-effects",
                f"the {placed.tile} at {list(self.at)} is already cleared",
            )
        # a mission may let it be cleared for its AP alone, or forbid it (:data:`CLEAR_FOR_AP_ALONE`)
        override = rules.ask(CLEAR_FOR_AP_ALONE, state, self.who, placed)
        if not override and not kind.clear_cost and not kind.gather:
            clause = (
                "unknown.hazard.no-clear-cost"
                if kind.type == "hazard"
                else "unknown.tile.unclearable"
            )
            raise IllegalDecision(
                clause,
                f"the {placed.tile} has neither a requirement to clear nor gatherable resources",
            )
        if (
            not override
            and not kind.clear_cost
            and rules.ruleset.clear_without_requirement != "allowed"
        ):
            raise IllegalDecision(
                "unknown.action.clear",
                f"the {placed.tile} has no requirement to clear, so Clear Tile cannot flip it "
                "(reading clear-without-requirement=requirement-only)",
            )
        choices = gain_choices(kind)
        if self.gain not in choices:
            raise IllegalDecision(
                "unknown.gatherable.multi",
                f"clearing the {placed.tile} gains {self.gain!r}: the choice must be one of {choices}",
            )
        for resource, amount in self.costs(rules, state):
            require_goods(survivor, resource, amount, "unknown.tile.clear-requirement")

    def resolve(self, rules: Rules, state: UnknownState) -> Outcome:
        placed = state.position.tile_at[self.at]
        kind = catalog()[placed.tile]
        costs, gains = self.costs(rules, state), self.gains(kind)
        survivor = actor(state, self.who)
        goods = survivor.goods
        for resource, amount in costs:
            goods = add(goods, resource, -amount)
        for resource, amount in gains:
            goods = add(goods, resource, amount)
        position = state.position.with_tile(replace(placed, cleared=True))
        position = position.with_survivor(replace(survivor, goods=goods))
        paid = ", ".join(f"{n} {r}" for r, n in costs) or "nothing"
        events = [
            event(
                "tile_cleared",
                "unknown.action.clear",
                f"{self.who} pays {paid} and clears the {placed.tile} at {list(self.at)}",
                who=self.who,
                at=self.at,
                tile=placed.tile,
                paid=costs,
            )
        ]
        if gains:
            events.append(
                event(
                    "resources_gained",
                    "unknown.action.clear.gain",
                    f"{self.who} gains {', '.join(f'{n} {r}' for r, n in gains)} from the {placed.tile}",
                    who=self.who,
                    at=self.at,
                    gained=gains,
                )
            )
        return state.with_position(position), tuple(events)
