"""Trader (rulebook: Survivors, Trader)."""

from __future__ import annotations

from typing import Any

from engine.core.rule_points import on
from engine.unknown.actions.base import ACTION_AP
from engine.unknown.actions.trade import MORE_EXCHANGES, Trade
from engine.unknown.rules import Rules
from engine.unknown.state import UnknownState
from engine.unknown.survivors.trait import Trait, trait

SWAP_CLAUSE = "unknown.survivor.trader.base-swap"


@trait
class Trader(Trait):
    """Trade/Drop costs him 0 AP (``unknown.survivor.trader.free-trade``); within a trade, when
    the base tile is in reach, he may swap any resource he carries for 1 of another kind, one for
    one, as often as he likes (``unknown.survivor.trader.base-swap``).

    The swap is offered as an ``Exchange`` at the base tile (``MORE_EXCHANGES``), in the reach
    of base's own exchange (range 1 and line of sight, no active enemy on base): like the base's
    2-for-1 exchange it works with the supply, not base's stockpile (moving goods to and from
    the stockpile is an ordinary transfer in the same trade).
    """

    card = "trader"

    @on(ACTION_AP)
    def ap_cost(self, rules: Rules, state: UnknownState, action: Any, cost: int) -> int:
        if isinstance(action, Trade) and self.takes(state, action):
            return 0
        return cost

    @on(MORE_EXCHANGES)
    def exchanges(self, rules: Rules, state: UnknownState, who: str) -> tuple[tuple[Any, str], ...]:
        from engine.unknown.actions.trade import (
            RESOURCES,
            Exchange,
            base_spot,
            exchange_spots,
        )

        if not self.has_trait(state, who):
            return ()
        home = base_spot(state)
        if home is None or home not in exchange_spots(rules, state, who):
            return ()
        carried = dict(state.position.survivor(who).goods)
        return tuple(
            (Exchange(home, ((give, 1),), ((get, 1),)), SWAP_CLAUSE)
            for give in RESOURCES
            if carried.get(give, 0) > 0
            for get in RESOURCES
            if get != give
        )
