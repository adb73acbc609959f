"""The Refugees mission (rulebook: Missions, Refugees).

Refugee tiles are numbered as they are explored. Each of the first five is cleared at once and
gives its explorer a ``refugee`` token; the sixth is the refugee camp. Every refugee a survivor
carries costs it 1 AP: at the start of its turn (``AP_BURDEN``, which may leave it below
0) and, for the survivor on turn, the moment it gains one. Below 0 AP a survivor can take only
actions costing 0 AP (the Runner example). Refugees are traded like goods, but only to base, to
survivors or onto the camp; they stay on an incapacitated survivor, and a forfeited survivor's
drop on its tile (the forfeit's ordinary drop), where a Gather (or a trade) picks them up, each
costing the gatherer 1 AP like any refugee gained. The game is won once 5 refugees are on the
camp.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.rule_points import on, rule_source
from engine.unknown.actions.gather import GATHER_TOKENS, TOKENS_GATHERED
from engine.unknown.actions.trade import (
    AFTER_TRANSFER,
    TRADABLE_KINDS,
    TRANSFER_REFUSED,
    party_spot,
)
from engine.unknown.map.explore import TILE_EXPLORED
from engine.unknown.missions import MISSIONS
from engine.unknown.missions.water import numbered, numbers
from engine.unknown.outcome import Outcome, event
from engine.unknown.position import Coord, Survivor, UnknownPosition
from engine.unknown.rules import Rules
from engine.unknown.state import UnknownState, add, count
from engine.unknown.turn.round import AP_BURDEN

TILE = "refugee"
REFUGEE = "refugee"
"""The token kind of a refugee carried, in base or on the camp."""
REFUGEES = 5
"""Refugees to bring to the camp (``unknown.mission.refugees.goal``)."""
CAMP = 6
"""The refugee tile explored 6th is the camp (``unknown.mission.refugees.camp``)."""


def camp(position: UnknownPosition) -> Coord | None:
    """Where the refugee camp lies, once explored."""
    for at, n in numbers(position, TILE).items():
        if n == CAMP:
            return at
    return None


def charge(state: UnknownState, who: str, refugees: int, why: str) -> Outcome:
    """The survivor on turn pays 1 AP per refugee it has just gained, even below 0
    (``unknown.mission.refugees.ap-cost``, ``unknown.mission.refugees.carry``); a negative
    ``refugees`` gives AP back."""
    survivor = state.position.survivor(who)
    if not refugees or state.turn != who or survivor.incapacitated:
        return state, ()
    paid = replace(survivor, ap=survivor.ap - refugees)
    verb = f"pays {refugees} AP" if refugees > 0 else f"gets {-refugees} AP back"
    told = event(
        "refugee_ap",
        "unknown.mission.refugees.ap-cost",
        f"{who} {verb} for the refugee(s) {why} ({paid.ap} AP left)",
        who=who,
        ap=refugees,
    )
    return state.with_position(state.position.with_survivor(paid)), (told,)


@rule_source("refugees")
class Refugees:
    """The Refugees mission's rule changes."""

    @on(TILE_EXPLORED)
    def on_explored(self, rules: Rules, state: UnknownState, who: str, placed: Any) -> Outcome:
        """The first five refugee tiles are cleared and give the explorer a refugee
        (``unknown.mission.refugees.first-five``); the sixth becomes the camp
        (``unknown.mission.refugees.camp``)."""
        if placed.tile != TILE:
            return state, ()
        state, events = numbered(state, placed, "unknown.mission.refugees.first-five")
        placed = state.position.tile_at[placed.at]
        if placed.number is not None and placed.number >= CAMP:
            found = event(
                "refugee_camp",
                "unknown.mission.refugees.camp",
                f"the refugee tile at {list(placed.at)} is the refugee camp",
                at=placed.at,
            )
            return state, (*events, found)
        explorer = state.position.survivor(who)
        explorer = replace(explorer, goods=add(explorer.goods, REFUGEE, 1))
        position = state.position.with_tile(replace(placed, cleared=True))
        state = state.with_position(position.with_survivor(explorer))
        found = event(
            "refugee_found",
            "unknown.mission.refugees.first-five",
            f"the refugee tile at {list(placed.at)} is cleared and {who} takes a refugee",
            who=who,
            at=placed.at,
        )
        state, paid = charge(state, who, 1, "found")
        return state, (*events, found, *paid)

    @on(AP_BURDEN)
    def ap_burden(self, rules: Rules, state: UnknownState, survivor: Survivor) -> int:
        """Each carried refugee costs 1 AP of the turn (``unknown.mission.refugees.ap-cost``)."""
        return count(survivor.goods, REFUGEE)

    @on(TRADABLE_KINDS)
    def tradable(self, rules: Rules, state: UnknownState) -> tuple[str, ...]:
        return (REFUGEE,)

    @on(GATHER_TOKENS)
    def gather_tokens(self, rules: Rules, state: UnknownState, at: Coord) -> tuple[str, ...]:
        """Refugees lying on a tile (a forfeited survivor's) are gathered like dropped goods
        (``unknown.mission.refugees.forfeit``, ``unknown.action.gather.tokens``); those on the
        camp have been delivered there and are not picked up again."""
        return () if at == camp(state.position) else (REFUGEE,)

    @on(TOKENS_GATHERED)
    def tokens_gathered(
        self, rules: Rules, state: UnknownState, who: str, kind: str, amount: int
    ) -> Outcome:
        """Each refugee gathered costs the gatherer 1 AP at once, even below 0
        (``unknown.mission.refugees.ap-cost``, ``unknown.mission.refugees.carry``)."""
        if kind != REFUGEE:
            return state, ()
        return charge(state, who, amount, "gathered")

    @on(TRANSFER_REFUSED)
    def transfer_refusal(
        self, rules: Rules, state: UnknownState, who: str, move: Any
    ) -> tuple[str, str] | None:
        """Refugees go only to base, to survivors or onto the camp
        (``unknown.mission.refugees.trade-limits``)."""
        if move.kind != REFUGEE:
            return None
        at = party_spot(move.target)
        if at is None or at == camp(state.position):
            return None
        return (
            "unknown.mission.refugees.trade-limits",
            f"refugees may be traded only to base, to survivors or to the camp, not onto {list(at)}",
        )

    @on(AFTER_TRANSFER)
    def after_transfer(self, rules: Rules, state: UnknownState, who: str, move: Any) -> Outcome:
        """A refugee traded to the survivor on turn costs it 1 AP at once
        (``unknown.mission.refugees.ap-cost``).

        Switch ``refugee-ap-refund``: under ``no-refund`` the survivor on turn gets no
        AP back for refugees it hands over; under ``refund`` it gets 1 AP back for each.
        """
        if move.kind != REFUGEE:
            return state, ()
        events: tuple[Any, ...] = ()
        refund = rules.ruleset.refugee_ap_refund == "refund"
        if refund and _survivor_party(move.source) and move.source == state.turn:
            state, events = charge(state, move.source, -move.amount, "handed over")
        if _survivor_party(move.target):
            state, more = charge(state, move.target, move.amount, "taken in the trade")
            events += more
        return state, events


def _survivor_party(party: str) -> bool:
    """Whether a trade party is a survivor (not base, not a tile)."""
    return party != "base" and party_spot(party) is None


def refugees_complete(state: UnknownState) -> str | None:
    """Why Refugees is complete: 5 refugees on the camp (``unknown.mission.refugees.goal``)."""
    at = camp(state.position)
    if at is not None and state.position.tokens_at.get(at, {}).get(REFUGEE, 0) >= REFUGEES:
        return f"{REFUGEES} refugees are on the refugee camp"
    return None


MISSIONS["refugees"] = refugees_complete
