"""The Behemoth mission (rulebook: Missions, Behemoth).

Behemoth tiles (``behemoth_mission``) are numbered as they are explored. The first five (short
version: four) may be gathered, with an ordinary Gather, for 1 ``canister`` token each; the sixth
(short: fifth) spawns the mission's behemoth on its tile when explored, gathered or not. Canisters
are hurled at it with :class:`HurlCanister` (1 AP, within 1 range), each going on the mission
card; 5 hurled (short: 4) win.

The mission's behemoth is the enemy kind ``mission_behemoth`` (``data/enemies.yaml``): speed 3
toward base like the random behemoth, but damage does not hurt it
(``engine.unknown.health.damage_enemy``), in close combat it deals each survivor on its tile
all the damage it can take (``engine.unknown.combat.plan_round``), and the players lose the
moment it enters base (``engine.unknown.enemies.movement``). A plain ``behemoth`` on the map in
this mission is taken for it too, since the random behemoth is left out of the enemy draw in a
behemoth mission (Enemies table), so Hurl Canister may target either kind: both carry the
flag ``canister_target`` in ``data/enemies.yaml`` (``unknown.mission.behemoth.hurl``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar

from engine.core.errors import IllegalDecision
from engine.core.rule_points import on, rule_source
from engine.unknown.actions import MORE_ACTIONS
from engine.unknown.actions.base import Action, Outcome, actor, event, require_goods, within_reach
from engine.unknown.actions.gather import GATHER_KINDS, GATHER_YIELD
from engine.unknown.actions.trade import TRADABLE_KINDS
from engine.unknown.map.explore import TILE_EXPLORED
from engine.unknown.missions import MISSIONS
from engine.unknown.missions.water import numbered, numbers
from engine.unknown.position import Enemy, PlacedTile
from engine.unknown.state import UnknownState, add, count

if TYPE_CHECKING:
    from engine.unknown.rules import Rules

TILE = "behemoth_mission"
CANISTER = "canister"
"""The token a gathered behemoth tile gives, carried then hurled onto the mission card."""
KIND = "mission_behemoth"
"""The enemy kind of the mission's behemoth."""
TILES, SHORT_TILES = 6, 5
"""Behemoth tiles in play (``unknown.mission.behemoth.setup``, ``unknown.mission.behemoth.short``)."""
HURLS, SHORT_HURLS = 5, 4
"""Canisters to hurl (``unknown.mission.behemoth.goal``, ``unknown.mission.behemoth.short``)."""


def canister_target(rules: Rules, enemy: Enemy) -> bool:
    """Whether Hurl Canister may target ``enemy``: its kind's ``canister_target`` flag
    (``unknown.mission.behemoth.hurl``)."""
    kind = rules.enemies.get(enemy.kind)
    return kind is not None and kind.canister_target


def tiles(state: UnknownState) -> int:
    """Behemoth tiles in play: 6, or 5 in the short version; the last spawns the behemoth."""
    return SHORT_TILES if state.short else TILES


def hurls_needed(state: UnknownState) -> int:
    """Canisters that destroy the behemoth: 5, or 4 in the short version."""
    return SHORT_HURLS if state.short else HURLS


def gatherable(state: UnknownState, placed: PlacedTile) -> bool:
    """Whether ``placed`` is a behemoth tile among the first ones, not yet gathered
    (``unknown.mission.behemoth.canisters``)."""
    if placed.tile != TILE or placed.cleared:
        return False
    number = numbers(state.position, TILE).get(placed.at, tiles(state))
    return number < tiles(state)


@dataclass(frozen=True)
class HurlCanister(Action):
    """Hurl a carried canister at the behemoth within 1 range; it goes on the mission card.

    Applies ``unknown.mission.behemoth.hurl`` (range 1 with line of sight, as every action's
    default reach, ``unknown.action.defaults``) and 1 AP (``unknown.action.standard``).
    """

    name: ClassVar[str] = "hurl_canister"
    clause: ClassVar[str] = "unknown.mission.behemoth.hurl"
    who: str
    target: str

    def __str__(self) -> str:
        return f"{self.who} hurls a canister at {self.target}"

    @classmethod
    def candidates(cls, rules: Rules, state: UnknownState, who: str) -> list[HurlCanister]:
        return [cls(who, e.id) for e in state.position.enemies if canister_target(rules, e)]

    def check(self, rules: Rules, state: UnknownState) -> None:
        survivor = actor(state, self.who)
        target = next((e for e in state.position.enemies if e.id == self.target), None)
        if not isinstance(target, Enemy) or not canister_target(rules, target):
            raise IllegalDecision(
                "unknown.mission.behemoth.hurl", f"{self.target} is not the mission's behemoth"
            )
        if not within_reach(rules, state, survivor.at, target.at):
            raise IllegalDecision(
                "unknown.mission.behemoth.hurl",
                f"{self.target} on {list(target.at)} is not within 1 range of {self.who}",
            )
        require_goods(survivor, CANISTER, 1, "unknown.mission.behemoth.hurl")

    def resolve(self, rules: Rules, state: UnknownState) -> Outcome:
        survivor = actor(state, self.who)
        thrower = replace(survivor, goods=add(survivor.goods, CANISTER, -1))
        card = add(state.mission_card, CANISTER, 1)
        hit = event(
            "canister_hurled",
            "unknown.mission.behemoth.hurl",
            f"{self.who} hurls a canister at {self.target} "
            f"({count(card, CANISTER)} of {hurls_needed(state)} on the mission card)",
            who=self.who,
            target=self.target,
        )
        state = replace(state, position=state.position.with_survivor(thrower), mission_card=card)
        return state, (hit,)


@rule_source("behemoth")
class Behemoth:
    """The Behemoth mission's rule changes: canisters from the first tiles, the behemoth from
    the last, and the Hurl Canister action."""

    @on(MORE_ACTIONS)
    def action_kinds(self, rules: Rules, state: UnknownState) -> tuple[type, ...]:
        return (HurlCanister,)

    @on(GATHER_KINDS)
    def gather_kinds(self, rules: Rules, state: UnknownState) -> tuple[str, ...]:
        return (CANISTER,)

    @on(GATHER_YIELD)
    def gather_yield(
        self, rules: Rules, state: UnknownState, placed: Any, resource: str, amount: int
    ) -> int:
        """1 canister from each of the first behemoth tiles (``unknown.mission.behemoth.canisters``)."""
        if resource == CANISTER and gatherable(state, placed):
            return 1
        return amount

    @on(TRADABLE_KINDS)
    def tradable(self, rules: Rules, state: UnknownState) -> tuple[str, ...]:
        """Canisters are carried goods like the others (noted reading ``canister-tradable``)."""
        return (CANISTER,)

    @on(TILE_EXPLORED)
    def on_explored(self, rules: Rules, state: UnknownState, who: str, placed: Any) -> Outcome:
        """Number each behemoth tile; the last one spawns the behemoth on itself, whether or not
        the others were gathered (``unknown.mission.behemoth.spawn``,
        ``unknown.mission.behemoth.spawn-timing``, ``unknown.mission.behemoth.stats``)."""
        from engine.unknown.enemies.spawning import spawn

        if placed.tile != TILE:
            return state, ()
        state, events = numbered(state, placed, "unknown.mission.behemoth.canisters")
        number = state.position.tile_at[placed.at].number
        if number is None or number < tiles(state):
            return state, events
        rest = state.pending
        state, more = spawn(
            rules,
            replace(state, pending=()),
            KIND,
            placed.at,
            placed.at,
            "unknown.mission.behemoth.spawn",
        )
        return replace(state, pending=(*rest, *state.pending)), (*events, *more)


def behemoth_complete(state: UnknownState) -> str | None:
    """Why Behemoth is complete: 5 (short: 4) canisters hurled (``unknown.mission.behemoth.goal``)."""
    hurled = count(state.mission_card, CANISTER)
    if hurled >= hurls_needed(state):
        return f"{hurled} canisters hurled destroy the behemoth"
    return None


MISSIONS["behemoth"] = behemoth_complete
