"""Create Armor (rulebook: Actions, Create Armor)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from engine.unknown.actions.base import Action, Outcome, actor, event, require_goods, resource_costs
from engine.unknown.state import Goods, UnknownState, add

if TYPE_CHECKING:
    from engine.unknown.rules import Rules

ARMOR_SCRAP = 2
"""Scrap an armor token costs before the rule points (``unknown.action.create-armor``)."""


@dataclass(frozen=True)
class CreateArmor(Action):
    """Spend 2 scrap for an armor token carried on the survivor's card.

    Applies ``unknown.action.create-armor``; how armor absorbs damage is
    ``unknown.action.create-armor.absorb`` in :mod:`engine.unknown.health`, and any amount may be
    carried (``unknown.action.create-armor.trade-carry``).
    """

    name: ClassVar[str] = "create_armor"
    clause: ClassVar[str] = "unknown.action.create-armor"
    USES: ClassVar[Goods] = (("scrap", ARMOR_SCRAP),)
    who: str

    def __str__(self) -> str:
        return f"{self.who} creates armor"

    @classmethod
    def candidates(cls, rules: Rules, state: UnknownState, who: str) -> list[CreateArmor]:
        return [cls(who)]

    def cost(self, rules: Rules, state: UnknownState) -> int:
        """Scrap spent, after the rule points in play."""
        return resource_costs(rules, state, self)["scrap"]

    def check(self, rules: Rules, state: UnknownState) -> None:
        require_goods(
            actor(state, self.who), "scrap", self.cost(rules, state), "unknown.action.create-armor"
        )

    def resolve(self, rules: Rules, state: UnknownState) -> Outcome:
        scrap = self.cost(rules, state)
        survivor = actor(state, self.who)
        goods = add(add(survivor.goods, "scrap", -scrap), "armor", 1)
        position = state.position.with_survivor(replace(survivor, goods=goods))
        made = event(
            "armor_created",
            "unknown.action.create-armor",
            f"{self.who} spends {scrap} scrap on an armor token",
            who=self.who,
            scrap=scrap,
        )
        return state.with_position(position), (made,)
