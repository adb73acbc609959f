"""Botanist (rulebook: Survivors, Botanist)."""

from __future__ import annotations

from typing import Any

from engine.unknown.rules import MODIFIERS
from engine.unknown.state import UnknownState
from engine.unknown.survivors.trait import Trait

EXTRA_AP = 1
"""Extra AP her Eat Food gives (``unknown.survivor.botanist.eat``)."""


class Botanist(Trait):
    """Her Eat Food gives 1 more AP (``unknown.survivor.botanist.eat``).

    Not yet applied: clearing a gatherable lair for medicine and its regrowing food
    (``unknown.survivor.botanist.clear-lair``, ``unknown.survivor.botanist.regrow``).
    """

    card = "botanist"

    def eat_gain(self, state: UnknownState, action: Any, gain: int) -> int:
        return gain + EXTRA_AP if self.takes(state, action) else gain


MODIFIERS[Botanist.card] = Botanist()
