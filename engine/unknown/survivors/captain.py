"""Captain (rulebook: Survivors, Captain)."""

from __future__ import annotations

from engine.unknown.map import range_between
from engine.unknown.position import Survivor
from engine.unknown.rules import MODIFIERS
from engine.unknown.state import UnknownState
from engine.unknown.survivors.trait import Trait

BONUS_AP = 1
"""Extra AP for starting near another survivor (``unknown.survivor.captain.bonus-ap``)."""
BONUS_RANGE = 1
"""How near that survivor must be (``unknown.survivor.captain.bonus-ap``)."""


class Captain(Trait):
    """1 more AP when his turn starts within range 1 of another survivor who is not incapacitated.

    Applies ``unknown.survivor.captain.bonus-ap``, ``unknown.survivor.captain.bonus-timing`` (read
    as his own turn starts) and ``unknown.survivor.captain.bonus-incapacitated``. Range only, no
    line of sight (a trait is not an action). Not yet applied: the free move of another survivor
    (``unknown.survivor.captain.move-ally``).
    """

    card = "captain"

    def start_ap(self, state: UnknownState, survivor: Survivor, ap: int) -> int:
        if survivor.card != self.card:
            return ap
        return ap + BONUS_AP if self.has_company(state, survivor) else ap

    def has_company(self, state: UnknownState, captain: Survivor) -> bool:
        """Whether another non-incapacitated survivor is within range 1 of the Captain."""
        for other in state.position.survivors:
            if other.id == captain.id or other.incapacitated:
                continue
            distance = range_between(state.position, captain.at, other.at, self.ruleset)
            if distance is not None and distance <= BONUS_RANGE:
                return True
        return False


MODIFIERS[Captain.card] = Captain()
