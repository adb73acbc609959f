"""The Expand mission (rulebook: Missions, Expand).

Outposts are ``mission`` tokens on tiles (objective tokens). The Place Outpost action is offered
through the mission's rule points (``MORE_ACTIONS``) and charged by ``UnknownGame.act``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar

from engine.core.errors import IllegalDecision
from engine.core.rule_points import on, rule_source
from engine.unknown.actions import MORE_ACTIONS
from engine.unknown.actions.base import (
    Action,
    Outcome,
    actor,
    event,
    require_goods,
    require_no_enemy,
    require_reach,
    resource_costs,
)
from engine.unknown.combat import base_spot
from engine.unknown.map import range_between
from engine.unknown.missions import MISSIONS
from engine.unknown.position import Coord, UnknownPosition
from engine.unknown.rules import Rules
from engine.unknown.state import Goods, UnknownState, add

if TYPE_CHECKING:
    from engine.unknown.rules import Rules

OUTPOST = "mission"
"""The token kind an outpost is written as (an objective token on its tile)."""

OUTPOSTS_NEEDED = 3
"""Outposts that complete the mission (``unknown.mission.expand.goal``)."""

OUTPOST_SCRAP = 3
"""Scrap the Place Outpost action uses up (``unknown.mission.expand.place-outpost``)."""

LONG_DISTANCE, SHORT_DISTANCE = 12, 9
"""Least range from base and from every outpost (``unknown.mission.expand.distance``,
``unknown.mission.expand.short``)."""


def outposts(position: UnknownPosition) -> list[Coord]:
    """Spots holding an outpost (one per outpost token)."""
    return sorted(t.at for t in position.tokens if t.kind == OUTPOST for _ in range(t.count))


def without_barriers(position: UnknownPosition) -> UnknownPosition:
    """The map with its barrier tokens left out (``unknown.mission.expand.ignore-barriers``)."""
    tokens = tuple(t for t in position.tokens if t.kind != "barrier")
    return UnknownPosition(
        position.tiles, tokens, position.survivors, position.enemies, position.allies
    )


def required_distance(state: UnknownState) -> int:
    """12 in the long version, 9 in the short one (``unknown.mission.expand.short``)."""
    return SHORT_DISTANCE if state.short else LONG_DISTANCE


def too_near(rules: Rules, state: UnknownState, at: Coord) -> str | None:
    """Why an outpost may not go on ``at``: base or an outpost lies within the required range.

    Applies ``unknown.mission.expand.distance`` (at least that range from base and from every
    outpost already placed) and ``unknown.mission.expand.ignore-barriers``; the range is the
    map's as it is now, so a shortcut explored since changes it
    (``unknown.mission.expand.shortening``). A spot with no range at all to base (no path even
    with barriers ignored) cannot be measured and is refused (noted reading
    ``expand-unreachable-spot``).
    """
    seen = without_barriers(state.position)
    need = required_distance(state)
    base = base_spot(seen)
    if base is None:
        return "there is no base to measure the range from"
    anchors = [("base", base)] + [("the outpost on " + str(list(o)), o) for o in outposts(seen)]
    for name, spot in anchors:
        distance = range_between(seen, spot, at, rules.ruleset)
        if distance is None and spot == base:
            return f"{list(at)} has no range to base, even with barriers ignored"
        if distance is not None and distance < need:
            return f"{list(at)} is {distance} from {name}; an outpost needs at least {need}"
    return None


@dataclass(frozen=True)
class PlaceOutpost(Action):
    """Place an outpost token on a tile within range 1 and line of sight, for 3 scrap.

    Applies ``unknown.mission.expand.place-outpost``, ``unknown.mission.expand.distance``,
    ``unknown.mission.expand.ignore-barriers`` and the defaults of mission actions
    (``unknown.action.defaults``: 1 AP, range 1, line of sight; ``unknown.action.enemy-occupied``).
    """

    name: ClassVar[str] = "place_outpost"
    clause: ClassVar[str] = "unknown.mission.expand.place-outpost"
    USES: ClassVar[Goods] = (("scrap", OUTPOST_SCRAP),)
    who: str
    at: Coord

    def __str__(self) -> str:
        return f"{self.who} places an outpost on {list(self.at)}"

    @classmethod
    def candidates(cls, rules: Rules, state: UnknownState, who: str) -> list[Action]:
        x, y = actor(state, who).at
        spots = [(x, y), (x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
        return [cls(who, s) for s in spots if s in state.position.tile_at]

    def costs(self, rules: Any, state: UnknownState) -> list[tuple[str, int]]:
        """The scrap it uses up, after the rule points in play (e.g. the Mechanic's)."""
        return list(resource_costs(rules, state, self).items())

    def check(self, rules: Rules, state: UnknownState) -> None:
        if state.mission != "expand":
            raise IllegalDecision(self.clause, "outposts are placed only in the Expand mission")
        survivor = actor(state, self.who)
        if self.at not in state.position.tile_at:
            raise IllegalDecision(self.clause, f"no tile is explored at {list(self.at)}")
        require_reach(rules, state, survivor.at, self.at)
        require_no_enemy(state, self.at)
        why = too_near(rules, state, self.at)
        if why is not None:
            raise IllegalDecision("unknown.mission.expand.distance", why)
        for resource, amount in self.costs(rules, state):
            require_goods(survivor, resource, amount, self.clause)

    def resolve(self, rules: Rules, state: UnknownState) -> Outcome:
        survivor = actor(state, self.who)
        goods = survivor.goods
        for resource, amount in self.costs(rules, state):
            goods = add(goods, resource, -amount)
        position = state.position.with_tokens(self.at, OUTPOST, 1)
        position = position.with_survivor(replace(survivor, goods=goods))
        placed = event(
            "outpost_placed",
            self.clause,
            f"{self.who} places an outpost on {list(self.at)} "
            f"({len(outposts(position))} of {OUTPOSTS_NEEDED})",
            who=self.who,
            at=self.at,
        )
        return state.with_position(position), (placed,)


@rule_source("expand")
class Expand:
    """The mission's rule change: the Place Outpost action (``unknown.mission.expand.place-outpost``)."""

    @on(MORE_ACTIONS)
    def action_kinds(self, rules: Rules, state: UnknownState) -> tuple[type, ...]:
        return (PlaceOutpost,)


def expand_complete(state: UnknownState) -> str | None:
    """Why Expand is complete: 3 outposts are placed (``unknown.mission.expand.goal``).

    Outposts stay once placed whatever later exploring does to the range
    (``unknown.mission.expand.shortening``).
    """
    placed = len(outposts(state.position))
    if placed >= OUTPOSTS_NEEDED:
        return f"{placed} outposts are placed"
    return None


MISSIONS["expand"] = expand_complete
