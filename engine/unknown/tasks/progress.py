"""What the five task modules share: is a task in play, its reward in force, and completing it.

A task is complete the moment its last requirement is met (``unknown.mission.completion-moment``);
from then on ``UnknownState.task_complete`` stays set and the reward lasts for the rest of the
game (``unknown.task.bonus``).
"""

from __future__ import annotations

from dataclasses import replace

from engine.unknown.outcome import Outcome, event
from engine.unknown.ruleset import Ruleset
from engine.unknown.state import UnknownState, add, count


def in_play(state: UnknownState, task: str) -> bool:
    """Whether ``task`` is the task card in play (``unknown.component.task-cards``)."""
    return state.task == task


def rewarded(state: UnknownState, task: str) -> bool:
    """Whether ``task`` is in play and complete, so its reward applies (``unknown.task.bonus``)."""
    return state.task == task and state.task_complete


def clause_name(task: str) -> str:
    """The task's name as clause IDs spell it (``gas_testing`` -> ``gas-testing``)."""
    return task.replace("_", "-")


def complete(state: UnknownState, task: str, why: str) -> Outcome:
    """``state`` with ``task`` complete and an event citing its ``complete`` clause.

    Nothing happens when the task is already complete.
    """
    if state.task_complete or state.task != task:
        return state, ()
    done = event(
        "task_complete",
        f"unknown.task.{clause_name(task)}.complete",
        f"the {task.replace('_', ' ')} task is complete: {why}",
        task=task,
    )
    return replace(state, task_complete=True), (done,)


def put_on_card(state: UnknownState, kind: str, amount: int = 1) -> UnknownState:
    """``state`` with ``amount`` more ``kind`` tokens on the task card."""
    return replace(state, task_card=add(state.task_card, kind, amount))


def on_card(state: UnknownState, kind: str) -> int:
    """How many ``kind`` tokens lie on the task card."""
    return count(state.task_card, kind)


def task_actions_open(state: UnknownState, task: str, ruleset: Ruleset) -> bool:
    """Whether ``task``'s own actions and gather options are available now.

    While the task is in play and not complete; once complete, only under the reading
    ``persists`` of the interpretation switch ``task-info-after-completion`` (under ``ends``,
    only Foraging's Info effect outlasts completion, ``unknown.task.foraging.persists``).
    """
    if not in_play(state, task):
        return False
    if not state.task_complete:
        return True
    return ruleset.task_info_after_completion == "persists"
