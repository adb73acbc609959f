"""The Gas Testing task (rulebook: Tasks, Gas Testing).

Test Gas (1 AP, 1 medicine, range 1) stuns an enemy and puts a specimen under it
(``Enemy.specimen``, moving with it). When that enemy is killed the specimen drops on its tile
as a ``specimen`` token; it is picked up and delivered by the Trade action (a trade moves tokens
between survivors, tiles and base, ``unknown.action.trade.transfer``): specimens are tradable
goods while the task is in play. 3 specimens in base complete the task; from then on every
enemy spawns stunned.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar

from engine.core.errors import IllegalDecision
from engine.core.rule_points import on, rule_source
from engine.unknown.actions import MORE_ACTIONS
from engine.unknown.actions.base import Action, actor, require_goods, resource_costs, within_reach
from engine.unknown.actions.trade import AFTER_TRANSFER, TRADABLE_KINDS
from engine.unknown.enemies.spawning import SPAWN_STUNNED
from engine.unknown.health import ENEMY_KILLED
from engine.unknown.outcome import Outcome, event
from engine.unknown.position import Enemy
from engine.unknown.rules import Rules
from engine.unknown.state import Goods, UnknownState, add, count
from engine.unknown.tasks.progress import complete, in_play, rewarded, task_actions_open

if TYPE_CHECKING:
    from engine.unknown.rules import Rules

TASK = "gas_testing"
SPECIMEN = "specimen"
NEEDED = 3
"""Specimens in base that complete the task (``unknown.task.gas-testing.complete``)."""
MEDICINE = 1
"""Medicine one Test Gas uses (``unknown.task.gas-testing.action``)."""


@dataclass(frozen=True)
class TestGas(Action):
    """Stun an enemy within range 1 and put a specimen under it, for 1 medicine.

    Applies ``unknown.task.gas-testing.action`` and ``unknown.task.gas-testing.specimen-moves``
    (the specimen is kept on the enemy), with the default reach (``unknown.action.defaults``).
    An enemy already carrying a specimen cannot take a second one (noted reading
    ``specimen-pickup``). The medicine comes from ``RESOURCE_COST``.
    """

    __test__ = False  # not a pytest test class
    name: ClassVar[str] = "test_gas"
    clause: ClassVar[str] = "unknown.task.gas-testing.action"
    USES: ClassVar[Goods] = (("medicine", MEDICINE),)
    who: str
    target: str

    def __str__(self) -> str:
        return f"{self.who} tests gas on {self.target}"

    @classmethod
    def candidates(cls, rules: Rules, state: UnknownState, who: str) -> list[TestGas]:
        return [cls(who, e.id) for e in state.position.enemies]

    def cost(self, rules: Rules, state: UnknownState) -> int:
        """Medicine used, after the rule points in play."""
        return resource_costs(rules, state, self)["medicine"]

    def check(self, rules: Rules, state: UnknownState) -> None:
        if not task_actions_open(state, TASK, rules.ruleset):
            raise IllegalDecision(
                "unknown.task.gas-testing.action", "Test Gas needs the Gas Testing task under way"
            )
        survivor = actor(state, self.who)
        target = next((e for e in state.position.enemies if e.id == self.target), None)
        if target is None:
            raise IllegalDecision(
                "unknown.task.gas-testing.action", f"there is no enemy {self.target!r} on the map"
            )
        if not within_reach(rules, state, survivor.at, target.at):
            raise IllegalDecision(
                "unknown.task.gas-testing.action",
                f"{self.target} on {list(target.at)} is not within range 1 and line of sight of "
                f"{self.who}",
            )
        if target.specimen:
            raise IllegalDecision(
                "unknown.task.gas-testing.specimen-moves",
                f"{self.target} already carries a specimen",
            )
        require_goods(survivor, "medicine", self.cost(rules, state), self.clause)

    def resolve(self, rules: Rules, state: UnknownState) -> Outcome:
        survivor = actor(state, self.who)
        paid = replace(survivor, goods=add(survivor.goods, "medicine", -self.cost(rules, state)))
        enemy = state.position.piece(self.target)
        gassed = replace(enemy, stunned=True, specimen=True)
        position = state.position.with_survivor(paid).with_enemy(gassed)  # type: ignore[arg-type]
        return state.with_position(position), (
            event(
                "gas_tested",
                self.clause,
                f"{self.who} gasses {self.target}: it is stunned and carries a specimen",
                who=self.who,
                enemy=self.target,
            ),
        )


@rule_source(TASK)
class GasTesting:
    """Test Gas, specimens dropping on death and traded to base, and enemies spawning stunned."""

    @on(MORE_ACTIONS)
    def action_kinds(self, rules: Rules, state: UnknownState) -> tuple[type, ...]:
        """Test Gas, while the task is in play (``unknown.task.gas-testing.action``)."""
        return (TestGas,) if in_play(state, TASK) else ()

    @on(ENEMY_KILLED)
    def on_kill(
        self, rules: Rules, state: UnknownState, enemy: Enemy, killer: str | None
    ) -> Outcome:
        """A killed enemy's specimen drops on its tile (``unknown.task.gas-testing.specimen-drop``)."""
        if not getattr(enemy, "specimen", False):
            return state, ()
        state = state.with_position(state.position.with_tokens(enemy.at, SPECIMEN, 1))
        return state, (
            event(
                "specimen_dropped",
                "unknown.task.gas-testing.specimen-drop",
                f"{enemy.id}'s specimen drops on {list(enemy.at)}",
                at=enemy.at,
            ),
        )

    @on(TRADABLE_KINDS)
    def tradable(self, rules: Rules, state: UnknownState) -> tuple[str, ...]:
        """Specimens are picked up and delivered by trade (``unknown.task.gas-testing.deliver``)."""
        return (SPECIMEN,) if in_play(state, TASK) else ()

    @on(AFTER_TRANSFER)
    def after_transfer(self, rules: Rules, state: UnknownState, who: str, move: Any) -> Outcome:
        """3 specimens in base complete the task (``unknown.task.gas-testing.goal``,
        ``unknown.task.gas-testing.deliver``, ``unknown.task.gas-testing.complete``)."""
        if not in_play(state, TASK) or count(state.base, SPECIMEN) < NEEDED:
            return state, ()
        return complete(state, TASK, f"{NEEDED} specimens are in base")

    @on(SPAWN_STUNNED)
    def spawn_stunned(self, rules: Rules, state: UnknownState, enemy: Any) -> str | None:
        """Once complete, every enemy spawns stunned (``unknown.task.gas-testing.reward``)."""
        return "unknown.task.gas-testing.reward" if rewarded(state, TASK) else None
