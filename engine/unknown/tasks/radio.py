"""The Radio task (rulebook: Tasks, Radio).

A bunker may be gathered for a radio token instead of its resources (a Gather naming ``radio``);
Repair Radio, next to a workshop, puts a carried radio on the task card; 2 complete the task.
Reward: the Talk action gains another survivor's abilities until the upkeep phase, through the
same mechanism as the Strategist's trait (``Survivor.borrowed``, put in play by
``Rules.sources``; see :func:`engine.unknown.survivors.strategist.gain_abilities`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from engine.core.errors import IllegalDecision
from engine.core.rule_points import on, rule_source
from engine.unknown.actions import MORE_ACTIONS
from engine.unknown.actions.base import Action, actor, require_goods, within_reach
from engine.unknown.actions.gather import GATHER_KINDS, GATHER_YIELD, nearby_spots
from engine.unknown.catalog import catalog
from engine.unknown.outcome import Outcome, event
from engine.unknown.position import PlacedTile
from engine.unknown.rules import Rules
from engine.unknown.state import UnknownState, add
from engine.unknown.tasks.progress import (
    complete,
    in_play,
    on_card,
    put_on_card,
    rewarded,
    task_actions_open,
)

if TYPE_CHECKING:
    from engine.unknown.rules import Rules

TASK = "radio"
RADIO = "radio"
NEEDED = 2
"""Radios on the card that complete the task (``unknown.task.radio.complete``)."""
RADIO_TILE = "bunker"
WORKSHOP = "workshop"
TALK = "unknown.task.radio.reward-talk"


@dataclass(frozen=True)
class RepairRadio(Action):
    """Put a carried radio on the task card, with a workshop within range 1 (not cleared by it).

    Applies ``unknown.task.radio.repair`` and ``unknown.task.radio.complete``; "within 1
    range" is read with the default reach (range 1 and line of sight, ``unknown.action.defaults``).
    """

    name: ClassVar[str] = "repair_radio"
    clause: ClassVar[str] = "unknown.task.radio.repair"
    who: str

    def __str__(self) -> str:
        return f"{self.who} repairs a radio"

    @classmethod
    def candidates(cls, rules: Rules, state: UnknownState, who: str) -> list[RepairRadio]:
        return [cls(who)]

    def check(self, rules: Rules, state: UnknownState) -> None:
        if not task_actions_open(state, TASK, rules.ruleset):
            raise IllegalDecision(self.clause, "Repair Radio needs the Radio task under way")
        survivor = actor(state, self.who)
        require_goods(survivor, RADIO, 1, self.clause)
        workshops = [
            at
            for at in nearby_spots(state, survivor.at)
            if state.position.tile_at[at].tile == WORKSHOP
            and within_reach(rules, state, survivor.at, at)
        ]
        if not workshops:
            raise IllegalDecision(
                self.clause, f"no workshop is within range 1 and line of sight of {self.who}"
            )

    def resolve(self, rules: Rules, state: UnknownState) -> Outcome:
        survivor = actor(state, self.who)
        carried = replace(survivor, goods=add(survivor.goods, RADIO, -1))
        state = put_on_card(state.with_position(state.position.with_survivor(carried)), RADIO)
        repaired = on_card(state, RADIO)
        events = (
            event(
                "radio_repaired",
                self.clause,
                f"{self.who} repairs a radio ({repaired} of {NEEDED} on the card)",
                who=self.who,
            ),
        )
        if repaired < NEEDED:
            return state, events
        state, done = complete(state, TASK, f"{NEEDED} radios are repaired")
        return state, events + done


@dataclass(frozen=True)
class Talk(Action):
    """Gain the abilities of the survivor playing ``card`` until the upkeep phase (1 AP).

    Applies ``unknown.task.radio.reward-talk``, ``unknown.task.radio.reward-event`` (gained
    abilities answer from now on, so one gained before its event applies to it),
    ``unknown.task.radio.reward-start`` and ``unknown.task.radio.reward-ap-change`` through
    the Strategist's :func:`~engine.unknown.survivors.strategist.gain_abilities`.
    """

    name: ClassVar[str] = "talk"
    clause: ClassVar[str] = TALK
    who: str
    card: str

    def __str__(self) -> str:
        return f"{self.who} talks by radio to gain the {self.card}'s abilities"

    @classmethod
    def candidates(cls, rules: Rules, state: UnknownState, who: str) -> list[Talk]:
        cards = sorted({s.card for s in state.position.survivors if s.id != who and s.card})
        return [cls(who, card) for card in cards]

    def check(self, rules: Rules, state: UnknownState) -> None:
        from engine.unknown.survivors.strategist import check_card

        if not rewarded(state, TASK):
            raise IllegalDecision(TALK, "Talk is the reward of the Radio task, not yet complete")
        check_card(state, actor(state, self.who), self.card, TALK)

    def resolve(self, rules: Rules, state: UnknownState) -> Outcome:
        from engine.unknown.survivors.strategist import gain_abilities

        return gain_abilities(rules, state, self.who, self.card, TALK)


@rule_source(TASK)
class Radio:
    """Radios gathered from bunkers and repaired at a workshop; then the Talk action."""

    @on(MORE_ACTIONS)
    def action_kinds(self, rules: Rules, state: UnknownState) -> tuple[type, ...]:
        """Repair Radio while the task is in play; Talk once it is complete."""
        if not in_play(state, TASK):
            return ()
        return (RepairRadio, Talk) if state.task_complete else (RepairRadio,)

    @on(GATHER_KINDS)
    def gather_kinds(self, rules: Rules, state: UnknownState) -> tuple[str, ...]:
        """A Gather may name radios (``unknown.task.radio.gather-radio``)."""
        return (RADIO,) if task_actions_open(state, TASK, rules.ruleset) else ()

    @on(GATHER_YIELD)
    def gather_yield(
        self, rules: Rules, state: UnknownState, placed: PlacedTile, resource: str, amount: int
    ) -> int:
        """A bunker that could be gathered gives 1 radio instead of its resources
        (``unknown.task.radio.gather-radio``)."""
        if resource != RADIO or not task_actions_open(state, TASK, rules.ruleset):
            return amount
        kind = catalog()[placed.tile]
        if placed.tile != RADIO_TILE or placed.cleared or kind.clear_cost or not kind.gather:
            return amount
        return 1
