"""Nurse (rulebook: Survivors, Nurse)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.rule_points import on
from engine.unknown.actions.base import ACTION_TAKEN
from engine.unknown.actions.heal import Heal
from engine.unknown.map import range_between
from engine.unknown.position import Survivor
from engine.unknown.rules import Rules
from engine.unknown.state import UnknownState
from engine.unknown.survivors.trait import Trait, trait
from engine.unknown.turn.round import STARTING_AP

BONUS_AP = 1
"""Extra AP for an injured survivor near the Nurse (``unknown.survivor.nurse.injured-bonus``)."""
BONUS_RANGE = 2
"""How near the Nurse (``unknown.survivor.nurse.injured-bonus``)."""
HEAL_BONUS = 2
"""Extra AP for a survivor the Nurse heals (``unknown.survivor.nurse.heal-bonus``)."""
HEAL_KEY = "nurse.heal-bonus"
"""Where a healed survivor's pending heal bonus is kept in ``Survivor.used``."""


@trait
class Nurse(Trait):
    """An injured survivor (the Nurse too) starting its turn within range 2 of her gains 1 AP.

    Applies ``unknown.survivor.nurse.injured-bonus`` and ``unknown.survivor.nurse.timing`` (read
    only as the turn starts). Range only, no line of sight. The card does not say whether an
    incapacitated Nurse still gives the bonus: switch ``nurse-incapacitated`` (``still-helps``
    or ``not-while-incapacitated``).

    ``unknown.survivor.nurse.heal-bonus``: the card says the healed survivor gains 2 AP "this
    turn", but her example gives them at the healed survivor's next turn; under the
    ``nurse-heal-bonus`` switch's reading ``next-turn`` each Heal she performs notes 2 AP in the healed
    survivor's ``Survivor.used`` under ``nurse.heal-bonus``, added when that survivor's turn next
    starts (``used`` is emptied then, so it is given once). ``unknown.survivor.nurse.stack``: the
    heal bonus adds to the range bonus (and two heals before that turn give 4). Reading
    ``this-turn`` adds the 2 AP to the healed survivor at once instead (kept only by a survivor on
    turn, i.e. the Nurse healing herself: anyone else's AP is set afresh when its turn starts).
    """

    card = "nurse"

    @on(STARTING_AP)
    def start_ap(self, rules: Rules, state: UnknownState, survivor: Survivor, ap: int) -> int:
        ap += survivor.uses(HEAL_KEY)
        if not survivor.injured:
            return ap
        for nurse in self.holders(state):
            if not self.helps(rules, nurse):
                continue
            distance = range_between(state.position, nurse.at, survivor.at, rules.ruleset)
            if distance is not None and distance <= BONUS_RANGE:
                return ap + BONUS_AP
        return ap

    def helps(self, rules: Rules, nurse: Survivor) -> bool:
        """Whether the Nurse's health lets her give the bonus."""
        reading = rules.ruleset.nurse_incapacitated
        return reading == "still-helps" or not nurse.incapacitated

    @on(ACTION_TAKEN)
    def on_action(self, rules: Rules, state: UnknownState, action: Any) -> UnknownState:
        """Note the heal bonus on the survivor she heals (``unknown.survivor.nurse.heal-bonus``)."""
        if not isinstance(action, Heal) or not self.takes(state, action):
            return state
        if action.target not in {s.id for s in state.position.survivors}:
            return state  # an ally healed: it has no AP to gain (unknown.mission.stragglers.no-ap)
        patient = state.position.survivor(action.target)
        if rules.ruleset.nurse_heal_bonus == "this-turn":
            patient = replace(patient, ap=patient.ap + HEAL_BONUS)
        else:
            for _ in range(HEAL_BONUS):
                patient = patient.with_use(HEAL_KEY)
        return state.with_position(state.position.with_survivor(patient))
