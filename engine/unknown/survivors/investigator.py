"""Investigator (rulebook: Survivors, Investigator)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.rule_points import on
from engine.unknown.actions.base import ACTION_AP, ACTION_TAKEN
from engine.unknown.actions.explore import Explore
from engine.unknown.actions.gather import Gather
from engine.unknown.position import Survivor
from engine.unknown.rules import Rules
from engine.unknown.state import UnknownState
from engine.unknown.survivors.trait import Trait, trait

FREE_EXPLORES = 2
"""Explores at 0 AP a Gather opens (``unknown.survivor.investigator.free-explores``)."""
KEY = "investigator.free-explores"
"""Where the free explores still open are kept in ``Survivor.used``."""


def with_count(survivor: Survivor, key: str, count: int) -> Survivor:
    """A copy of ``survivor`` with ``used[key]`` set to ``count`` (dropped when 0)."""
    counts = dict(survivor.used)
    counts.pop(key, None)
    if count > 0:
        counts[key] = count
    return replace(survivor, used=tuple(sorted(counts.items())))


@trait
class Investigator(Trait):
    """Right after a Gather, her next two actions may be Explores at 0 AP each.

    Applies ``unknown.survivor.investigator.free-explores``: a Gather opens two free explores
    (kept in ``Survivor.used`` under ``investigator.free-explores``); each free Explore uses one;
    any other action of hers closes them, and so does the end of her turn (her uses start again
    from none at her next turn). ``unknown.survivor.investigator.normal-rules``: a free explore is
    an ordinary Explore action, checked as usual (a tile to draw, a legal placement).
    ``unknown.survivor.investigator.sequence``: an action starts only once the pending effects
    of the one before (draw, placement, knockback) are resolved, so the first explore is complete
    before the second.
    """

    card = "investigator"

    def open_explores(self, state: UnknownState, action: Any) -> int:
        """Free explores the holder has open as she takes ``action`` (0 if not hers)."""
        if not self.takes(state, action):
            return 0
        return state.position.survivor(action.who).uses(KEY)

    def free(self, state: UnknownState, action: Any) -> bool:
        """Whether ``action`` is one of her free explores."""
        return isinstance(action, Explore) and self.open_explores(state, action) > 0

    @on(ACTION_AP)
    def ap_cost(self, rules: Rules, state: UnknownState, action: Any, cost: int) -> int:
        return 0 if self.free(state, action) else cost

    @on(ACTION_TAKEN)
    def on_action(self, rules: Rules, state: UnknownState, action: Any) -> UnknownState:
        if not self.takes(state, action):
            return state
        holder = state.position.survivor(action.who)
        if isinstance(action, Gather):
            left = FREE_EXPLORES
        elif self.free(state, action):
            left = holder.uses(KEY) - 1
        else:
            left = 0
        if left == holder.uses(KEY):
            return state
        return state.with_position(state.position.with_survivor(with_count(holder, KEY, left)))
