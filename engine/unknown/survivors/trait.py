"""What the survivor traits share: whose trait it is, and what an action uses up."""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar

from engine.core.rule_points import on, rule_source
from engine.unknown.actions.base import ACTION_AP, RESOURCE_COST, uses_up
from engine.unknown.actions.gather import Gather
from engine.unknown.position import Survivor
from engine.unknown.rules import Rules
from engine.unknown.state import UnknownState

_T = TypeVar("_T", bound="type[Trait]")


def trait(cls: _T) -> _T:
    """Class decorator: the card's trait answers, as source ``cls.card``, at the rule points its
    methods are marked for (``engine.core.rule_points.on``)."""
    return rule_source(cls.card)(cls)


class Trait:
    """A survivor card's trait: it changes the rules only for the survivors with that card's
    abilities (its own survivor, and any survivor that gained them)."""

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
        for survivor in state.position.survivors:
            if survivor.id == who and survivor.has(self.card):
                return True
        return False

    def takes(self, state: UnknownState, action: Any) -> bool:
        """Whether ``action`` is taken by a survivor with this card's abilities."""
        return self.has_trait(state, getattr(action, "who", None))

    def uses_up(self, state: UnknownState, action: Any, kind: str) -> bool:
        """Whether ``action`` uses up ``kind`` (its declared uses; Trade/Drop uses up nothing)."""
        return kind in uses_up(state, action)

    def gathers(self, action: Any, kind: str) -> bool:
        """Whether ``action`` is a Gather of ``kind``."""
        return isinstance(action, Gather) and action.resource == kind


class ResourceSpecialist(Trait):
    """Doctor and Soldier: their resource costs 1 less (never below 1), and gathering or using
    it up costs 0 AP."""

    resource: ClassVar[str]

    @on(RESOURCE_COST)
    def resource_cost(
        self, rules: Rules, state: UnknownState, action: Any, kind: str, amount: int
    ) -> int:
        if kind != self.resource or amount <= 0 or not self.takes(state, action):
            return amount
        return max(amount - 1, 1)

    @on(ACTION_AP)
    def ap_cost(self, rules: Rules, state: UnknownState, action: Any, cost: int) -> int:
        if self.takes(state, action) and self.free(state, action):
            return 0
        return cost

    def free(self, state: UnknownState, action: Any) -> bool:
        """Whether the trait makes ``action`` cost 0 AP."""
        return self.gathers(action, self.resource) or self.uses_up(state, action, self.resource)
