"""Ranged Attack (rulebook: Actions, Ranged Attack)."""

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
    resource_costs,
    within_reach,
)
from engine.unknown.health import damage_enemy
from engine.unknown.state import Goods, UnknownState, add

if TYPE_CHECKING:
    from engine.unknown.rules import Rules

RANGED_AMMO = 2
"""Ammo one ranged attack spends before the rule points (``unknown.action.ranged-attack``)."""
RANGED_REACH = 2
"""Range of a ranged attack (``unknown.action.ranged-attack``)."""
RANGED_DAMAGE = 1
"""Damage one ranged attack deals (``unknown.action.ranged-attack``)."""


@dataclass(frozen=True)
class RangedAttack(Action):
    """Shoot one enemy at most 2 range away and in sight: it takes 1 damage, for 2 ammo.

    Applies ``unknown.action.ranged-attack``; the damage goes through
    :func:`~engine.unknown.health.damage_enemy`, credited to the shooter (so a kill reaches
    ``ENEMY_KILLED``). The ammo cost comes from ``RESOURCE_COST``.
    """

    name: ClassVar[str] = "ranged_attack"
    clause: ClassVar[str] = "unknown.action.ranged-attack"
    USES: ClassVar[Goods] = (("ammo", RANGED_AMMO),)
    who: str
    target: str

    def __str__(self) -> str:
        return f"{self.who} shoots {self.target}"

    @classmethod
    def candidates(cls, rules: Rules, state: UnknownState, who: str) -> list[RangedAttack]:
        return [cls(who, e.id) for e in state.position.enemies]

    def cost(self, rules: Rules, state: UnknownState) -> int:
        """Ammo spent, after the rule points in play."""
        return resource_costs(rules, state, self)["ammo"]

    def check(self, rules: Rules, state: UnknownState) -> None:
        shooter = actor(state, self.who)
        target = next((e for e in state.position.enemies if e.id == self.target), None)
        if target is None:
            raise IllegalDecision(
                "unknown.action.ranged-attack", f"there is no enemy {self.target!r} on the map"
            )
        if not within_reach(rules, state, shooter.at, target.at, RANGED_REACH):
            raise IllegalDecision(
                "unknown.action.ranged-attack",
                f"{self.target} on {list(target.at)} is not within range {RANGED_REACH} and line "
                f"of sight of {self.who} on {list(shooter.at)}",
            )
        require_goods(shooter, "ammo", self.cost(rules, state), "unknown.action.ranged-attack")

    def resolve(self, rules: Rules, state: UnknownState) -> Outcome:
        ammo = self.cost(rules, state)
        shooter = actor(state, self.who)
        paid = replace(shooter, goods=add(shooter.goods, "ammo", -ammo))
        state = state.with_position(state.position.with_survivor(paid))
        shot = event(
            "ranged_attack",
            "unknown.action.ranged-attack",
            f"{self.who} spends {ammo} ammo to shoot {self.target}",
            who=self.who,
            target=self.target,
            ammo=ammo,
        )
        state, hurt = damage_enemy(
            state,
            self.target,
            RANGED_DAMAGE,
            f"{self.who}'s ranged attack",
            by=self.who,
            rules=rules,
        )
        return state, (shot, *hurt)
