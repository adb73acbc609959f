"""The rule-modifier mechanism: the rulebook's defaults, adjusted by what is in play.

Actions never ask "is the Doctor doing this?". They ask :class:`Rules` what a survivor's turn
starts with, what an action costs in AP and in resources; ``Rules`` answers with the rulebook's
default and lets every active :class:`Modifier` (survivor traits, the mission, completed tasks)
adjust it. Later parts of the engine register modifiers by card or mission name in
``MODIFIERS``; nothing else changes.
"""

from __future__ import annotations

from typing import Any

from engine.unknown.catalog import survivor_cards
from engine.unknown.position import Survivor
from engine.unknown.ruleset import DEFAULT, Ruleset
from engine.unknown.state import UnknownState


class Modifier:
    """One source of rule changes. Each hook gets the default value and returns the new one."""

    def start_ap(self, state: UnknownState, survivor: Survivor, ap: int) -> int:
        return ap

    def ap_cost(self, state: UnknownState, action: Any, cost: int) -> int:
        return cost

    def resource_cost(self, state: UnknownState, action: Any, kind: str, amount: int) -> int:
        return amount


MODIFIERS: dict[str, Modifier] = {}
"""Modifiers by survivor card or mission name (filled by the survivors and missions modules)."""


class Rules:
    """The rules in force: interpretation switches plus the active modifiers."""

    def __init__(self, ruleset: Ruleset = DEFAULT) -> None:
        self.ruleset = ruleset

    def active(self, state: UnknownState) -> list[Modifier]:
        """Modifiers in play: the survivors' cards and the mission, in a fixed order."""
        names = sorted({s.card for s in state.position.survivors if s.card})
        if state.mission:
            names.append(state.mission)
        return [MODIFIERS[n] for n in names if n in MODIFIERS]

    def start_ap(self, state: UnknownState, survivor: Survivor) -> int:
        """AP a survivor's turn starts with (``unknown.turn.survivor-actions``).

        The card's AP (``unknown.survivor.explorer.ap`` and the catalog), less 1 when injured
        (``unknown.injury.ap-cost``); 0 when incapacitated (``unknown.injury.incapacitated-ap``).
        """
        if survivor.incapacitated:
            return 0
        card = survivor_cards().get(survivor.card or "")
        ap = card.ap if card else 3
        for modifier in self.active(state):
            ap = modifier.start_ap(state, survivor, ap)
        if survivor.injured:
            ap -= 1
        return max(ap, 0)

    def ap_cost(self, state: UnknownState, action: Any) -> int:
        """AP an action costs: 1 unless a rule says otherwise (``unknown.action.standard``)."""
        cost = type(action).ap
        for modifier in self.active(state):
            cost = modifier.ap_cost(state, action, cost)
        return max(cost, 0)

    def resource_cost(self, state: UnknownState, action: Any, kind: str, amount: int) -> int:
        """Tokens of ``kind`` an action uses up, after the modifiers in play."""
        for modifier in self.active(state):
            amount = modifier.resource_cost(state, action, kind, amount)
        return amount
