"""Mechanic (rulebook: Survivors, Mechanic)."""

from __future__ import annotations

from typing import Any

from engine.core.rule_points import on
from engine.unknown.actions.base import ACTION_AP, AP_AFTER_ACTION
from engine.unknown.position import Survivor
from engine.unknown.rules import Rules
from engine.unknown.state import UnknownState
from engine.unknown.survivors.trait import Trait, trait

BONUS_AP = 1
"""AP a scrap action gives the Mechanic (``unknown.survivor.mechanic.scrap-free``)."""


@trait
class Mechanic(Trait):
    """Gathering scrap or using it up costs him 0 AP and gives him 1 more AP this turn.

    Applies ``unknown.survivor.mechanic.scrap-free``, ``unknown.survivor.mechanic.scope`` (any
    action whose cost includes scrap) and ``unknown.survivor.mechanic.trade-excluded`` (Trade uses
    up nothing).
    """

    card = "mechanic"

    def scrap_action(self, state: UnknownState, action: Any) -> bool:
        """Whether ``action`` is his Gather - Scrap or uses up scrap."""
        return self.takes(state, action) and (
            self.gathers(action, "scrap") or self.uses_up(state, action, "scrap")
        )

    @on(ACTION_AP)
    def ap_cost(self, rules: Rules, state: UnknownState, action: Any, cost: int) -> int:
        return 0 if self.scrap_action(state, action) else cost

    @on(AP_AFTER_ACTION)
    def after_action(
        self, rules: Rules, state: UnknownState, action: Any, survivor: Survivor
    ) -> int:
        return BONUS_AP if self.scrap_action(state, action) else 0
