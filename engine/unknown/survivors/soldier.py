"""Soldier (rulebook: Survivors, Soldier)."""

from __future__ import annotations

from typing import Any

from engine.unknown.actions.ranged import RangedAttack
from engine.unknown.state import UnknownState
from engine.unknown.survivors.trait import ResourceSpecialist, trait


@trait
class Soldier(ResourceSpecialist):
    """Ammo costs him 1 less, never below 1; Ranged Attack or using up ammo costs 0 AP.

    Applies ``unknown.survivor.soldier.ammo-discount``, ``unknown.survivor.soldier.free-ap`` and
    ``unknown.survivor.soldier.trade-excluded`` (Trade uses up nothing). The card names Ranged
    Attack rather than Gather - Ammo, so gathering ammo still costs him AP.
    """

    card = "soldier"
    resource = "ammo"

    def free(self, state: UnknownState, action: Any) -> bool:
        return isinstance(action, RangedAttack) or self.uses_up(state, action, self.resource)
