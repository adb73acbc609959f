"""What the survivor traits share: whose trait it is, and what an action uses up."""

from __future__ import annotations

from typing import Any, ClassVar

from engine.unknown.position import Survivor
from engine.unknown.rules import Modifier
from engine.unknown.state import UnknownState


class Trait(Modifier):
    """A survivor card's trait: it changes the rules only for that card's survivor."""

    card: ClassVar[str]

    def holder(self, state: UnknownState) -> Survivor | None:
        """The survivor playing this card, if any."""
        return next((s for s in state.position.survivors if s.card == self.card), None)

    def takes(self, state: UnknownState, action: Any) -> bool:
        """Whether ``action`` is taken by this card's survivor."""
        holder = self.holder(state)
        return holder is not None and getattr(action, "who", None) == holder.id

    def uses_up(self, state: UnknownState, action: Any, kind: str) -> bool:
        """Whether ``action`` uses up ``kind`` (Trade/Drop uses up nothing)."""
        if self.rules is None:
            return False
        return kind in self.rules.uses_up(state, action)

    def gathers(self, action: Any, kind: str) -> bool:
        """Whether ``action`` is a Gather of ``kind``."""
        return (
            getattr(action, "name", None) == "gather" and getattr(action, "resource", None) == kind
        )


class ResourceSpecialist(Trait):
    """Doctor and Soldier: their resource costs 1 less (never below 1), and gathering or using
    it up costs 0 AP."""

    resource: ClassVar[str]

    def resource_cost(self, state: UnknownState, action: Any, kind: str, amount: int) -> int:
        if kind != self.resource or amount <= 0 or not self.takes(state, action):
            return amount
        return max(amount - 1, 1)

    def ap_cost(self, state: UnknownState, action: Any, cost: int) -> int:
        if self.takes(state, action) and self.free(state, action):
            return 0
        return cost

    def free(self, state: UnknownState, action: Any) -> bool:
        """Whether the trait makes ``action`` cost 0 AP."""
        return self.gathers(action, self.resource) or self.uses_up(state, action, self.resource)
