"""Trader (rulebook: Survivors, Trader)."""

from __future__ import annotations

from typing import Any

from engine.unknown.rules import MODIFIERS
from engine.unknown.state import UnknownState
from engine.unknown.survivors.trait import Trait


class Trader(Trait):
    """Trade/Drop costs him 0 AP (``unknown.survivor.trader.free-trade``).

    Not yet applied: ``unknown.survivor.trader.base-swap`` (the one-for-one swap with base needs
    a new trade-session decision).
    """

    card = "trader"

    def ap_cost(self, state: UnknownState, action: Any, cost: int) -> int:
        if getattr(action, "name", None) == "trade" and self.takes(state, action):
            return 0
        return cost


MODIFIERS[Trader.card] = Trader()
