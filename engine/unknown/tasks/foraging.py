"""The Foraging task (rulebook: Tasks, Foraging).

Food gathers that flip a tile also give a plant token; plants and medicine traded into base
complete the task; afterwards plants traded into base turn into food. Plants are tradable goods
while the task is in play, and nobody may end a trade holding more than 1.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.errors import IllegalDecision
from engine.core.rule_points import on, rule_source
from engine.unknown.actions.gather import GATHER_BONUS
from engine.unknown.actions.trade import AFTER_TRANSFER, TRADABLE_KINDS, TRADE_END_CHECK
from engine.unknown.outcome import Outcome, event
from engine.unknown.rules import Rules
from engine.unknown.ruleset import Ruleset
from engine.unknown.state import UnknownState, add, count
from engine.unknown.tasks.progress import complete, in_play, rewarded

TASK = "foraging"
PLANT = "plant"
CARRY_LIMIT = 1
"""Plant tokens a survivor may hold (``unknown.task.foraging.carry-limit``)."""
PLANTS_NEEDED = 4
MEDICINE_NEEDED = 2
"""What base must hold to complete the task (``unknown.task.foraging.complete``)."""
BASE = "base"
"""The trade party name of the base stockpile (as in ``engine.unknown.actions.trade``)."""


def plant_overflow(ruleset: Ruleset) -> str:
    """What becomes of a gathered plant its gatherer cannot carry (the interpretation switch
    ``foraging-plant-overflow``): ``left-on-tile`` or ``lost``."""
    return ruleset.foraging_plant_overflow


@rule_source(TASK)
class Foraging:
    """Plants from food gathers, carried one at a time, delivered to base with medicine."""

    @on(GATHER_BONUS)
    def gather_bonus(
        self,
        rules: Rules,
        state: UnknownState,
        action: Any,
        flipped: tuple[Any, ...],
        from_tiles: int,
    ) -> Outcome:
        """One plant for a food gather that flipped a tile, whatever it gathered.

        Applies ``unknown.task.foraging.plant``, ``unknown.task.foraging.one-per-gather``,
        ``unknown.task.foraging.persists`` (also once complete) and
        ``unknown.task.foraging.carry-limit``: a gatherer already holding a plant cannot take
        another; by the ``foraging-plant-overflow`` reading it is left on the gatherer's tile
        (``left-on-tile``) or not produced (``lost``). Clear Tile is no gather, so it never
        comes here (``unknown.task.foraging.clear-excluded``).
        """
        if not in_play(state, TASK) or action.resource != "food" or not flipped:
            return state, ()
        survivor = state.position.survivor(action.who)
        if count(survivor.goods, PLANT) < CARRY_LIMIT:
            carried = replace(survivor, goods=add(survivor.goods, PLANT, 1))
            state = state.with_position(state.position.with_survivor(carried))
            text = f"{action.who} also finds a plant"
        elif plant_overflow(rules.ruleset) == "left-on-tile":
            state = state.with_position(state.position.with_tokens(survivor.at, PLANT, 1))
            text = (
                f"{action.who} already carries a plant: the new one is left on {list(survivor.at)}"
            )
        else:
            text = f"{action.who} already carries a plant and cannot take another"
        return state, (event("plant_found", "unknown.task.foraging.plant", text, who=action.who),)

    @on(TRADABLE_KINDS)
    def tradable(self, rules: Rules, state: UnknownState) -> tuple[str, ...]:
        """Plants move by trade while the task is in play (``unknown.task.foraging.carry-limit``)."""
        return (PLANT,) if in_play(state, TASK) else ()

    @on(TRADE_END_CHECK)
    def check_trade_end(self, rules: Rules, state: UnknownState, who: str) -> None:
        """No survivor may hold more than 1 plant when a trade ends
        (``unknown.task.foraging.carry-limit``)."""
        if not in_play(state, TASK):
            return
        for survivor in state.position.survivors:
            held = count(survivor.goods, PLANT)
            if held > CARRY_LIMIT:
                raise IllegalDecision(
                    "unknown.task.foraging.carry-limit",
                    f"{survivor.id} holds {held} plants; a survivor may carry only {CARRY_LIMIT}",
                )

    @on(AFTER_TRANSFER)
    def after_transfer(self, rules: Rules, state: UnknownState, who: str, move: Any) -> Outcome:
        """Complete the task, or once complete turn plants traded into base into food.

        Applies ``unknown.task.foraging.goal``, ``unknown.task.foraging.complete`` (4 plants and
        2 medicine in base are removed) and ``unknown.task.foraging.reward``.
        """
        if not in_play(state, TASK) or move.target != BASE:
            return state, ()
        if rewarded(state, TASK):
            if move.kind != PLANT:
                return state, ()
            base = add(add(state.base, PLANT, -move.amount), "food", move.amount)
            return replace(state, base=base), (
                event(
                    "plants_to_food",
                    "unknown.task.foraging.reward",
                    f"{move.amount} plant(s) traded into base become food",
                    amount=move.amount,
                ),
            )
        if count(state.base, PLANT) < PLANTS_NEEDED or count(state.base, "medicine") < (
            MEDICINE_NEEDED
        ):
            return state, ()
        base = add(add(state.base, PLANT, -PLANTS_NEEDED), "medicine", -MEDICINE_NEEDED)
        removed = event(
            "task_tokens_removed",
            "unknown.task.foraging.complete",
            f"{PLANTS_NEEDED} plants and {MEDICINE_NEEDED} medicine are taken from base",
        )
        state, done = complete(
            replace(state, base=base), TASK, "4 plants and 2 medicine reached base"
        )
        return state, (removed, *done)
