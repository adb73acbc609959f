"""What the survivor traits share: whose trait it is, and what an action uses up."""

from __future__ import annotations

from typing import Any, ClassVar

from engine.unknown.position import Survivor
from engine.unknown.rules import Modifier
from engine.unknown.state import UnknownState


class Trait(Modifier):
    """A survivor card's trait: it changes the rules only for that card's survivor."""

    card: ClassVar[str]

    def holders(self, state: UnknownState) -> tuple[Survivor, ...]:
        """Every survivor with this card's abilities: its own survivor, and any survivor that
        gained them until the next upkeep (Strategist, the Radio task's Talk)."""
        return tuple(s for s in state.position.survivors if s.has(self.card))

    def holder(self, state: UnknownState) -> Survivor | None:
        """The survivor playing this card, if any (not those who gained its abilities)."""
        return next((s for s in state.position.survivors if s.card == self.card), None)

    def has_trait(self, state: UnknownState, who: str | None) -> bool:
        """Whether survivor ``who`` has this card's abilities now."""
        return any(s.id == who for s in self.holders(state))

    def takes(self, state: UnknownState, action: Any) -> bool:
        """Whether ``action`` is taken by a survivor with this card's abilities."""
        return self.has_trait(state, getattr(action, "who", None))

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
