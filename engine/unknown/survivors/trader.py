"""Trader (rulebook: Survivors, Trader)."""

from __future__ import annotations

from typing import Any

from engine.unknown.rules import MODIFIERS
from engine.unknown.state import UnknownState
from engine.unknown.survivors.trait import Trait

SWAP_CLAUSE = "unknown.survivor.trader.base-swap"


class Trader(Trait):
    """Trade/Drop costs him 0 AP (``unknown.survivor.trader.free-trade``); within a trade, when
    the base tile is in reach, he may swap any resource he carries for 1 of another kind, one for
    one, as often as he likes (``unknown.survivor.trader.base-swap``).

    The swap is offered as an ``Exchange`` at the base tile (``Rules.exchanges``), in the reach
    of base's own exchange (range 1 and line of sight, no active enemy on base): like the base's
    2-for-1 exchange it works with the supply, not base's stockpile (moving goods to and from
    the stockpile is an ordinary transfer in the same trade).
    """

    card = "trader"

    def ap_cost(self, state: UnknownState, action: Any, cost: int) -> int:
        if getattr(action, "name", None) == "trade" and self.takes(state, action):
            return 0
        return cost

    def exchanges(self, game: Any, state: UnknownState, who: str) -> tuple[tuple[Any, str], ...]:
        from engine.unknown.actions.trade import (
            RESOURCES,
            Exchange,
            base_spot,
            exchange_spots,
        )

        if not self.has_trait(state, who):
            return ()
        home = base_spot(state)
        if home is None or home not in exchange_spots(game, state, who):
            return ()
        carried = dict(state.position.survivor(who).goods)
        return tuple(
            (Exchange(home, ((give, 1),), ((get, 1),)), SWAP_CLAUSE)
            for give in RESOURCES
            if carried.get(give, 0) > 0
            for get in RESOURCES
            if get != give
        )


MODIFIERS[Trader.card] = Trader()
