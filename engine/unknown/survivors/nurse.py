"""Nurse (rulebook: Survivors, Nurse)."""

from __future__ import annotations

from engine.unknown.map import range_between
from engine.unknown.position import Survivor
from engine.unknown.rules import MODIFIERS
from engine.unknown.state import UnknownState
from engine.unknown.survivors.trait import Trait

BONUS_AP = 1
"""Extra AP for an injured survivor near the Nurse (``unknown.survivor.nurse.injured-bonus``)."""
BONUS_RANGE = 2
"""How near the Nurse (``unknown.survivor.nurse.injured-bonus``)."""


class Nurse(Trait):
    """An injured survivor (the Nurse too) starting its turn within range 2 of her gains 1 AP.

    Applies ``unknown.survivor.nurse.injured-bonus`` and ``unknown.survivor.nurse.timing`` (read
    only as the turn starts). Range only, no line of sight. The card does not say whether an
    incapacitated Nurse still gives the bonus: she does by default (reading ``still-helps`` of
    ``nurse_incapacitated``). Not yet applied: ``unknown.survivor.nurse.heal-bonus``.
    """

    card = "nurse"

    def start_ap(self, state: UnknownState, survivor: Survivor, ap: int) -> int:
        if not survivor.injured:
            return ap
        nurse = self.holder(state)
        if nurse is None or not self.helps(nurse):
            return ap
        distance = range_between(state.position, nurse.at, survivor.at, self.ruleset)
        return ap + BONUS_AP if distance is not None and distance <= BONUS_RANGE else ap

    def helps(self, nurse: Survivor) -> bool:
        """Whether the Nurse's health lets her give the bonus."""
        reading = self.ruleset.nurse_incapacitated
        return reading == "still-helps" or not nurse.incapacitated


MODIFIERS[Nurse.card] = Nurse()
