"""Skeptic (rulebook: Survivors, Skeptic)."""

from __future__ import annotations

from engine.unknown.rules import MODIFIERS
from engine.unknown.state import UnknownState
from engine.unknown.survivors.trait import Trait


class Skeptic(Trait):
    """She may ignore any knockback, the first one too (``unknown.survivor.skeptic.ignore-knockback``).

    Only the flight is skipped: the source's other effects still happen to her (the knockback
    effect offers ``IgnoreKnockback`` and runs the rest of the tile as usual). Not yet applied:
    the 2 AP for exploring a lair (``unknown.survivor.skeptic.lair-ap``) and the lair's delayed
    spawn (``unknown.survivor.skeptic.delayed-spawn``, ``unknown.survivor.skeptic.delay-interaction``).
    """

    card = "skeptic"

    def may_ignore_knockback(self, state: UnknownState, who: str, source_kind: str) -> str | None:
        if not self.has_trait(state, who):
            return None
        return "unknown.survivor.skeptic.ignore-knockback"


MODIFIERS[Skeptic.card] = Skeptic()
