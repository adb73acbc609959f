"""The Perimeter task (rulebook: Tasks, Perimeter).

Bunker and workshop tiles may be gathered for 2 fence tokens instead of their resources (a
Gather naming ``fence``); Extend Perimeter (1 AP, range 1) sets a carried fence next to base or
next to a fence already placed. 6 fences on the map complete the task; until then they do
nothing (``fence`` is not a token kind the map or the enemies react to). Once complete, a tile
with a fence counts as base in trade actions: a transfer party standing for base
(``ACTS_AS_BASE``) and base's 2-for-1 exchange (``MORE_EXCHANGES``). Against enemies only
it acts as barrier tokens (``ENEMY_WARDS``): enemies path round it, are stopped entering
it and cannot see through it; survivors, their sight and the map's passability ignore it.

Whether a fence that stops an enemy is used up like a barrier token is not said: switch
``fence-against-enemies``, ``like-barrier`` (removed by the stop, as a barrier is) or
``permanent`` (stops every enemy trying to enter and stays).

Fences are not tradable goods: handing one over or dropping it by trade would set it on a tile
without Extend Perimeter (noted reading ``perimeter-fence-placement``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar

from engine.core.errors import IllegalDecision
from engine.core.rule_points import on, rule_source
from engine.unknown.actions import MORE_ACTIONS
from engine.unknown.actions.base import (
    Action,
    actor,
    require_goods,
    require_no_enemy,
    require_reach,
    tile_free_of_enemies,
)
from engine.unknown.actions.gather import GATHER_KINDS, GATHER_YIELD, nearby_spots
from engine.unknown.actions.trade import ACTS_AS_BASE, MORE_EXCHANGES
from engine.unknown.catalog import catalog
from engine.unknown.enemies.abilities import ENEMY_WARDS, Ward
from engine.unknown.outcome import Outcome, event
from engine.unknown.position import ORTHOGONAL, Coord, PlacedTile
from engine.unknown.rules import Rules
from engine.unknown.state import UnknownState, add, count
from engine.unknown.tasks.progress import complete, in_play, rewarded, task_actions_open

if TYPE_CHECKING:
    from engine.unknown.rules import Rules

TASK = "perimeter"
FENCE = "fence"
NEEDED = 6
"""Fences placed that complete the task (``unknown.task.perimeter.complete``)."""
REWARD = "unknown.task.perimeter.reward-base"
FENCE_TILES = ("bunker", "workshop")
FENCES_PER_TILE = 2
"""What gathering one of ``FENCE_TILES`` for fences gives (``unknown.task.perimeter.gather-fences``)."""


def fence_spots(state: UnknownState) -> set[Coord]:
    """Tiles holding a fence token."""
    return {at for at, kinds in state.position.tokens_at.items() if kinds.get(FENCE)}


def fences_placed(state: UnknownState) -> int:
    """Fence tokens on the map."""
    return sum(kinds.get(FENCE, 0) for kinds in state.position.tokens_at.values())


def next_to(at: Coord, spots: set[Coord]) -> bool:
    """Whether ``at`` is orthogonally adjacent to one of ``spots``."""
    return any((at[0] + dx, at[1] + dy) in spots for dx, dy in ORTHOGONAL)


@dataclass(frozen=True)
class ExtendPerimeter(Action):
    """Set a carried fence on a tile within range 1 next to base or to a placed fence.

    Applies ``unknown.task.perimeter.extend``, ``unknown.task.perimeter.complete`` and the
    default reach (``unknown.action.defaults``, ``unknown.action.enemy-occupied``). Where the
    rulebook is silent, noted reading ``perimeter-fence-placement``: one fence per tile, not on
    base itself.
    """

    name: ClassVar[str] = "extend_perimeter"
    clause: ClassVar[str] = "unknown.task.perimeter.extend"
    who: str
    at: Coord

    def __post_init__(self) -> None:
        object.__setattr__(self, "at", (int(self.at[0]), int(self.at[1])))

    def __str__(self) -> str:
        return f"{self.who} places a fence on {list(self.at)}"

    @classmethod
    def candidates(cls, rules: Rules, state: UnknownState, who: str) -> list[ExtendPerimeter]:
        return [cls(who, at) for at in nearby_spots(state, actor(state, who).at)]

    def check(self, rules: Rules, state: UnknownState) -> None:
        if not task_actions_open(state, TASK, rules.ruleset):
            raise IllegalDecision(
                self.clause, "Extend Perimeter needs the Perimeter task under way"
            )
        survivor = actor(state, self.who)
        require_goods(survivor, FENCE, 1, self.clause)
        placed = state.position.tile_at.get(self.at)
        if placed is None:
            raise IllegalDecision(self.clause, f"no tile is explored at {list(self.at)}")
        if placed.tile == "base":
            raise IllegalDecision(self.clause, "fences go next to base, not on it")
        require_reach(rules, state, survivor.at, self.at)
        require_no_enemy(state, self.at)
        fences = fence_spots(state)
        if self.at in fences:
            raise IllegalDecision(self.clause, f"{list(self.at)} already holds a fence")
        bases = {t.at for t in state.position.tiles if t.tile == "base"}
        if not next_to(self.at, bases | fences):
            raise IllegalDecision(
                self.clause, f"{list(self.at)} is next to neither base nor a placed fence"
            )

    def resolve(self, rules: Rules, state: UnknownState) -> Outcome:
        survivor = actor(state, self.who)
        carried = replace(survivor, goods=add(survivor.goods, FENCE, -1))
        position = state.position.with_survivor(carried).with_tokens(self.at, FENCE, 1)
        state = state.with_position(position)
        placed = fences_placed(state)
        events = (
            event(
                "fence_placed",
                self.clause,
                f"{self.who} places a fence on {list(self.at)} ({placed} of {NEEDED})",
                who=self.who,
                at=self.at,
            ),
        )
        if placed < NEEDED:
            return state, events
        state, done = complete(state, TASK, f"{NEEDED} fences are placed")
        return state, events + done


@rule_source(TASK)
class Perimeter:
    """Fences gathered from bunkers and workshops, placed by Extend Perimeter; fence tiles
    then count as base in trades."""

    @on(MORE_ACTIONS)
    def action_kinds(self, rules: Rules, state: UnknownState) -> tuple[type, ...]:
        """Extend Perimeter, while the task is in play (``unknown.task.perimeter.extend``)."""
        return (ExtendPerimeter,) if in_play(state, TASK) else ()

    @on(GATHER_KINDS)
    def gather_kinds(self, rules: Rules, state: UnknownState) -> tuple[str, ...]:
        """A Gather may name fences (``unknown.task.perimeter.gather-fences``)."""
        return (FENCE,) if task_actions_open(state, TASK, rules.ruleset) else ()

    @on(GATHER_YIELD)
    def gather_yield(
        self, rules: Rules, state: UnknownState, placed: PlacedTile, resource: str, amount: int
    ) -> int:
        """A bunker or workshop that could be gathered gives 2 fences instead of its resources
        (``unknown.task.perimeter.gather-fences``)."""
        if resource != FENCE or not task_actions_open(state, TASK, rules.ruleset):
            return amount
        kind = catalog()[placed.tile]
        if placed.tile not in FENCE_TILES or placed.cleared or kind.clear_cost or not kind.gather:
            return amount
        return FENCES_PER_TILE

    @on(ACTS_AS_BASE)
    def acts_as_base(self, rules: Rules, state: UnknownState, at: Any) -> bool:
        """Once complete, fence tiles count as base in trade actions (only there:
        ``unknown.task.perimeter.reward-base``, ``unknown.task.perimeter.reward-limit``)."""
        return rewarded(state, TASK) and at in fence_spots(state)

    @on(ENEMY_WARDS)
    def enemy_barriers(self, rules: Rules, state: UnknownState) -> dict[Coord, Ward]:
        """Once complete, fence tiles are barrier tokens against enemies only
        (``unknown.task.perimeter.reward-base``, ``unknown.task.perimeter.reward-enemy-only``);
        each fence counts as one barrier, used up by a stop unless ``fence-against-enemies``
        reads ``permanent``."""
        if not rewarded(state, TASK):
            return {}
        lasting = rules.ruleset.fence_against_enemies == "permanent"
        return {
            at: Ward(FENCE, None if lasting else kinds[FENCE], REWARD)
            for at, kinds in state.position.tokens_at.items()
            if kinds.get(FENCE)
        }

    @on(MORE_EXCHANGES)
    def exchanges(self, rules: Rules, state: UnknownState, who: str) -> tuple[tuple[Any, str], ...]:
        """Once complete, base's exchange (2 resources for 1 of another kind, again and again)
        may be made at a fence tile in reach, as part of the trade action
        (``unknown.task.perimeter.reward-base``; ``unknown.exchange.base``). Reach as for base:
        range 1 and line of sight, no active enemy there (``unknown.enemy.blocks-interaction``)."""
        if not rewarded(state, TASK):
            return ()
        from engine.unknown.actions.trade import (
            RESOURCES,
            Exchange,
            in_reach,
            multisets,
            near,
        )

        terms = dict(catalog()["base"].exchange or ())
        gives, gets = int(terms["give"]), int(terms["get"])
        here = actor(state, who).at
        carried = tuple((k, n) for k, n in actor(state, who).goods if k in RESOURCES)
        fences = fence_spots(state)
        found: list[tuple[Any, str]] = []
        for at in near(state, here):
            if at not in fences or state.position.tile_at[at].tile == "base":
                continue
            if not (tile_free_of_enemies(state, at) and in_reach(rules, state, here, at)):
                continue
            for give in multisets([k for k, _ in carried], gives, carried):
                others = [k for k in RESOURCES if not count(give, k)]
                found.extend((Exchange(at, give, get), REWARD) for get in multisets(others, gets))
        return tuple(found)
