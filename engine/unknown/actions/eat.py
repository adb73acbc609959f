"""Eat Food (rulebook: Actions, Eat Food)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from engine.core.rule_points import RulePoint, transform
from engine.unknown.actions.base import Action, Outcome, actor, event, require_goods, resource_costs
from engine.unknown.state import Goods, UnknownState, add

if TYPE_CHECKING:
    from engine.unknown.rules import Rules

FOOD_EATEN = 1
"""Food one Eat Food uses before the rule points (``unknown.action.eat-food``)."""
AP_GAINED = 3
"""AP one Eat Food gives before the rule points (``unknown.action.eat-food``)."""

EAT_FOOD_AP = RulePoint(
    "the AP Eat Food gives",
    transform,
    """AP one Eat Food gives (``unknown.action.eat-food``: 3):
    ``handler(rules, state, action, gain) -> gain``, e.g. the Botanist's 1 more
    (``unknown.survivor.botanist.eat``).""",
)


@dataclass(frozen=True)
class EatFood(Action):
    """Spend 1 food to gain 3 AP; the action itself still costs its 1 AP (``unknown.action.eat-food``)."""

    name: ClassVar[str] = "eat_food"
    clause: ClassVar[str] = "unknown.action.eat-food"
    USES: ClassVar[Goods] = (("food", FOOD_EATEN),)
    who: str

    def __str__(self) -> str:
        return f"{self.who} eats food"

    @classmethod
    def candidates(cls, rules: Rules, state: UnknownState, who: str) -> list[EatFood]:
        return [cls(who)]

    def cost(self, rules: Rules, state: UnknownState) -> int:
        """Food eaten, after the rule points in play."""
        return resource_costs(rules, state, self)["food"]

    def check(self, rules: Rules, state: UnknownState) -> None:
        require_goods(
            actor(state, self.who), "food", self.cost(rules, state), "unknown.action.eat-food"
        )

    def resolve(self, rules: Rules, state: UnknownState) -> Outcome:
        food = self.cost(rules, state)
        gain = rules.ask(EAT_FOOD_AP, state, self, AP_GAINED)
        survivor = actor(state, self.who)
        fed = replace(survivor, goods=add(survivor.goods, "food", -food), ap=survivor.ap + gain)
        eaten = event(
            "food_eaten",
            "unknown.action.eat-food",
            f"{self.who} eats {food} food and gains {gain} AP ({fed.ap} left)",
            who=self.who,
            food=food,
            ap=gain,
        )
        return state.with_position(state.position.with_survivor(fed)), (eaten,)
