"""Runner (rulebook: Survivors, Runner)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from engine.core.rule_points import on
from engine.unknown.actions.base import ACTION_AP, ACTION_TAKEN
from engine.unknown.actions.move import Move
from engine.unknown.rules import Rules
from engine.unknown.state import UnknownState
from engine.unknown.survivors.trait import Trait, trait

FREE_MOVES = 2
"""Moves onto cleared tiles the Runner makes for 0 AP each turn (``unknown.survivor.runner.free-moves``)."""


class PerTurnFreeAction(Trait):
    """A trait making some of its holder's actions cost 0 AP, a limited number of times a turn.

    Each free action is noted in the holder's ``Survivor.used`` under ``key`` (emptied when the
    turn starts), so the allowance survives a saved state.
    """

    key: ClassVar[str]
    limit: ClassVar[int]

    def qualifies(self, rules: Rules, state: UnknownState, action: Any) -> bool:
        """Whether ``action`` is of the kind the trait makes free (allowance aside)."""
        raise NotImplementedError

    def free(self, rules: Rules, state: UnknownState, action: Any) -> bool:
        """Whether ``action`` is the holder's, qualifies, and the allowance is not used up."""
        if not self.takes(state, action):
            return False
        holder = state.position.survivor(action.who)
        return holder.uses(self.key) < self.limit and self.qualifies(rules, state, action)

    @on(ACTION_AP)
    def ap_cost(self, rules: Rules, state: UnknownState, action: Any, cost: int) -> int:
        return 0 if self.free(rules, state, action) else cost

    @on(ACTION_TAKEN)
    def on_action(self, rules: Rules, state: UnknownState, action: Any) -> UnknownState:
        if not self.free(rules, state, action):
            return state
        holder = state.position.survivor(action.who).with_use(self.key)
        return replace(state, position=state.position.with_survivor(holder))


@trait
class Runner(PerTurnFreeAction):
    """Twice per turn, a Move onto a cleared tile costs her 0 AP; the two need not be in a row.

    Applies ``unknown.survivor.runner.free-moves`` and ``unknown.survivor.runner.cleared-only``:
    only a tile flipped as cleared counts, so base and the hazards that can never be cleared never
    do. The tile is judged where the Move is aimed (a Move stopped by a barrier still counts).
    A cleared hazard (a bridge or irradiated tile, which can be cleared) counts unless the
    ``runner-cleared-hazards`` switch reads ``excluded``.
    """

    card = "runner"
    key = "runner.free-moves"
    limit = FREE_MOVES

    def qualifies(self, rules: Rules, state: UnknownState, action: Any) -> bool:
        if not isinstance(action, Move):
            return False
        placed = state.position.tile_at.get(action.to)
        if placed is None or not placed.cleared:
            return False
        if rules.ruleset.runner_cleared_hazards == "excluded":
            from engine.unknown.catalog import catalog

            return catalog()[placed.tile].type != "hazard"
        return True
