"""Heal (rulebook: Actions, Heal; Injury and Incapacitation)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from engine.core.errors import IllegalDecision
from engine.unknown.actions.base import (
    Action,
    Outcome,
    actor,
    event,
    require_goods,
    require_reach,
    resource_costs,
)
from engine.unknown.health import heal_ally, heal_survivor
from engine.unknown.position import Ally, Enemy
from engine.unknown.state import Goods, UnknownState, add

if TYPE_CHECKING:
    from engine.unknown.rules import Rules

MEDICINE_FOR_OTHER = 2
"""Medicine to heal another survivor, before the rule points (``unknown.action.heal.cost``)."""
MEDICINE_FOR_SELF = 3
"""Medicine to heal yourself, before the rule points (``unknown.action.heal.cost``)."""


@dataclass(frozen=True)
class Heal(Action):
    """Spend medicine to heal an injured or incapacitated survivor one step.

    2 medicine for another survivor within range 1 and line of sight, 3 for yourself. Applies
    ``unknown.action.heal.cost``, ``unknown.action.heal.effect``, ``unknown.injury.heal-step``
    and ``unknown.action.defaults``. Costs come from ``RESOURCE_COST``.
    """

    name: ClassVar[str] = "heal"
    clause: ClassVar[str] = "unknown.action.heal.effect"
    who: str
    target: str

    def __str__(self) -> str:
        whom = "themself" if self.target == self.who else self.target
        return f"{self.who} heals {whom}"

    @classmethod
    def candidates(cls, rules: Rules, state: UnknownState, who: str) -> list[Heal]:
        hurt = [s.id for s in state.position.survivors if s.health != "healthy"]
        hurt += [a.id for a in state.position.allies if a.incapacitated]  # allies too
        return [cls(who, target) for target in hurt]

    def uses(self, state: UnknownState) -> Goods:
        """Medicine for oneself or for another (``unknown.action.heal.cost``)."""
        return (("medicine", MEDICINE_FOR_SELF if self.target == self.who else MEDICINE_FOR_OTHER),)

    def cost(self, rules: Rules, state: UnknownState) -> int:
        """Medicine spent, after the rule points in play (``unknown.action.heal.cost``)."""
        return resource_costs(rules, state, self)["medicine"]

    def check(self, rules: Rules, state: UnknownState) -> None:
        healer = actor(state, self.who)
        try:
            patient = state.position.piece(self.target)
            if isinstance(patient, Enemy):
                raise KeyError(self.target)
        except KeyError:
            raise IllegalDecision(
                "unknown.action.heal.effect", f"there is no survivor {self.target!r} to heal"
            ) from None
        if patient.health == "healthy":
            raise IllegalDecision(
                "unknown.action.heal.effect", f"{self.target} is healthy: there is nothing to heal"
            )
        if patient.id != healer.id:
            require_reach(rules, state, healer.at, patient.at)
        require_goods(healer, "medicine", self.cost(rules, state), "unknown.action.heal.cost")

    def resolve(self, rules: Rules, state: UnknownState) -> Outcome:
        medicine = self.cost(rules, state)
        healer = actor(state, self.who)
        paid = replace(healer, goods=add(healer.goods, "medicine", -medicine))
        state = state.with_position(state.position.with_survivor(paid))
        spent = event(
            "medicine_spent",
            "unknown.action.heal.cost",
            f"{self.who} spends {medicine} medicine to heal {self.target}",
            who=self.who,
            target=self.target,
            medicine=medicine,
        )
        if isinstance(state.position.piece(self.target), Ally):
            # one heal restores an ally fully (unknown.mission.stragglers.health)
            state, healed = heal_ally(state, self.target)
        else:
            state, healed = heal_survivor(state, self.target)
        return state, (spent, *healed)
