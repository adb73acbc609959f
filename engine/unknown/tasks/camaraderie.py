"""The Camaraderie task (rulebook: Tasks, Camaraderie).

Progress: a task token for each enemy killed close to most of the survivors; 5 complete it.
Reward: a kill close to 2 or more survivors gives each of them 2 free actions, taken as explicit
decisions (:class:`FreeActions`), each optional.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from engine.core.errors import IllegalDecision
from engine.core.game import PlayerNode
from engine.core.rule_points import on, rule_source
from engine.unknown.actions.base import ap_after, gain_ap, note_action
from engine.unknown.effects import effect
from engine.unknown.health import ENEMY_KILLED
from engine.unknown.map import line_of_sight, range_between
from engine.unknown.outcome import Outcome, event
from engine.unknown.position import Coord, Enemy
from engine.unknown.rules import Rules
from engine.unknown.ruleset import Ruleset
from engine.unknown.state import UnknownState, add
from engine.unknown.tasks.progress import complete, on_card, put_on_card
from engine.unknown.turn.round import BEFORE_UPKEEP

if TYPE_CHECKING:
    from engine.unknown.rules import Rules

TASK = "camaraderie"
TOKEN = "camaraderie"
"""The kind of the task tokens on the card."""
NEEDED = 5
"""Task tokens that complete the task (``unknown.task.camaraderie.complete``)."""
NEAR = 2
"""The range within which a survivor counts as near a kill (``unknown.task.camaraderie.credit``)."""
FREE_ACTIONS = 2
"""Free actions each near survivor gets once the task is done (``unknown.task.camaraderie.reward``)."""
OWED = "free_actions_"
"""Prefix of the task-card kind recording free actions owed until just before upkeep."""


def witnesses(state: UnknownState, at: Coord, ruleset: Ruleset) -> tuple[str, ...]:
    """Survivors present at a kill on ``at``: within 2 range, with line of sight to it
    (``unknown.task.camaraderie.credit``) and not incapacitated, since an incapacitated survivor
    is not present for any special requirement (``unknown.injury.incapacitated``; noted reading
    ``task-kill-credit-scope``)."""
    position = state.position
    found = []
    for survivor in position.survivors:
        if survivor.incapacitated:
            continue
        distance = range_between(position, survivor.at, at, ruleset)
        if (
            distance is not None
            and distance <= NEAR
            and line_of_sight(position, survivor.at, at, ruleset)
        ):
            found.append(survivor.id)
    return tuple(found)


def needed_witnesses(state: UnknownState) -> int:
    """More than half the survivors in the game, incapacitated ones included: half rounded
    down, plus one.

    Applies ``unknown.task.camaraderie.credit`` and ``unknown.task.camaraderie.five-player``
    (noted reading ``task-kill-credit-scope``).
    """
    return len(state.position.survivors) // 2 + 1


@dataclass(frozen=True)
class FreeAction:
    """Decision: ``who`` takes ``action`` now without spending AP."""

    who: str
    action: Any

    def __str__(self) -> str:
        return f"{self.who} takes a free action: {self.action}"


@dataclass(frozen=True)
class DeclineFreeActions:
    """Decision: ``who`` gives up the free actions it has left."""

    who: str

    def __str__(self) -> str:
        return f"{self.who} gives up its free actions"


def free_options(rules: Rules, state: UnknownState, who: str) -> list[Any]:
    """The actions ``who`` could take now, AP aside (a free action costs none)."""
    from engine.unknown.actions import ACTIONS, MORE_ACTIONS

    survivor = state.position.survivor(who)
    if survivor.incapacitated:
        return []
    return [
        action
        for kind in (*ACTIONS, *rules.ask(MORE_ACTIONS, state))
        for action in kind.options(rules, state, who)
    ]


@effect("camaraderie_free_actions")
@dataclass(frozen=True)
class FreeActions:
    """Free actions owed after a kill: ``owed`` pairs a survivor with the number it has left.

    The players pick who acts and in what order; each may stop early
    (``unknown.task.camaraderie.reward``).
    """

    owed: tuple[tuple[str, int], ...]

    def node(self, rules: Rules, state: UnknownState) -> PlayerNode:
        legal: list[Any] = []
        for who, _ in self.owed:
            legal += [FreeAction(who, a) for a in free_options(rules, state, who)]
            legal.append(DeclineFreeActions(who))
        return PlayerNode(
            player="players",
            legal=tuple(legal),
            prompt="camaraderie: choose a free action (or give up the rest)",
            clause="unknown.task.camaraderie.reward",
        )

    def settle(self, rules: Rules, state: UnknownState) -> Outcome | None:
        ids = {s.id: s for s in state.position.survivors}
        owed = tuple(
            (w, n) for w, n in self.owed if n > 0 and w in ids and not ids[w].incapacitated
        )
        if owed == self.owed:
            return None
        return _with_owed(state, owed), ()

    def apply(self, rules: Rules, state: UnknownState, decision: object) -> Outcome:
        left = dict(self.owed)
        if isinstance(decision, DeclineFreeActions) and decision.who in left:
            del left[decision.who]
            state = _with_owed(state, tuple(left.items()))
            return state, (
                event(
                    "free_actions_declined",
                    "unknown.task.camaraderie.reward",
                    f"{decision.who} gives up its free actions",
                    who=decision.who,
                ),
            )
        if not isinstance(decision, FreeAction) or decision.who not in left:
            raise IllegalDecision(
                "unknown.task.camaraderie.reward",
                f"{decision} is not one of the free actions owed to {', '.join(left)}",
            )
        action = decision.action
        if getattr(action, "who", None) != decision.who:
            raise IllegalDecision(
                "unknown.task.camaraderie.reward",
                f"{decision.who}'s free action must be its own, not {action}",
            )
        action.check(rules, state)
        left[decision.who] -= 1
        state = _with_owed(state, tuple(left.items()))
        return take_free(rules, state, action)


def _with_owed(state: UnknownState, owed: tuple[tuple[str, int], ...]) -> UnknownState:
    """``state`` with the head :class:`FreeActions` replaced by one owing ``owed`` (or gone)."""
    owed = tuple((w, n) for w, n in owed if n > 0)
    rest = state.pending[1:]
    return replace(state, pending=((FreeActions(owed), *rest) if owed else rest))


def take_free(rules: Rules, state: UnknownState, action: Any) -> Outcome:
    """Carry out a checked ``action`` at no AP (``unknown.task.camaraderie.reward``): the
    rule points note it as taken and may grant their bonus, as for any action."""
    bonus = ap_after(rules, state, action)
    state = note_action(rules, state, action)
    taken = event(
        "free_action",
        "unknown.task.camaraderie.reward",
        f"{action.who}: {action} (free)",
        who=action.who,
        action=type(action).name,
    )
    state, events = action.resolve(rules, state)
    state, gained = gain_ap(state, action.who, bonus)
    return state, (taken, *events, *gained)


@rule_source(TASK)
class Camaraderie:
    """Counts kills made near most survivors; once complete, rewards kills near 2 or more."""

    @on(ENEMY_KILLED)
    def on_kill(
        self, rules: Rules, state: UnknownState, enemy: Enemy, killer: str | None
    ) -> Outcome:
        """Credit a kill, or once the task is done grant its free actions.

        Applies ``unknown.task.camaraderie.goal``, ``unknown.task.camaraderie.credit``,
        ``unknown.task.camaraderie.complete`` and ``unknown.task.camaraderie.reward``; the
        reward starts with the kill after the one that completes the task.
        """
        near = witnesses(state, enemy.at, rules.ruleset)
        if state.task_complete:
            return reward(state, near)
        if len(near) < needed_witnesses(state):
            return state, ()
        state = put_on_card(state, TOKEN)
        tokens = on_card(state, TOKEN)
        credited = event(
            "task_progress",
            "unknown.task.camaraderie.credit",
            f"{enemy.id} dies near {', '.join(near)}: camaraderie token {tokens} of {NEEDED}",
            enemy=enemy.id,
            witnesses=near,
        )
        if tokens < NEEDED:
            return state, (credited,)
        state, done = complete(state, TASK, f"{NEEDED} enemies killed near the survivors")
        return state, (credited, *done)

    @on(BEFORE_UPKEEP)
    def before_upkeep(self, rules: Rules, state: UnknownState) -> Outcome:
        """Free actions earned during the enemies' turn are taken now, just before upkeep
        (``unknown.task.camaraderie.reward-enemy-turn``)."""
        owed = tuple((k[len(OWED) :], n) for k, n in state.task_card if k.startswith(OWED))
        if not owed:
            return state, ()
        card = tuple((k, n) for k, n in state.task_card if not k.startswith(OWED))
        pending = (*state.pending, FreeActions(owed))
        return replace(state, task_card=card, pending=pending), (
            event(
                "free_actions_due",
                "unknown.task.camaraderie.reward-enemy-turn",
                "the free actions earned during the enemies' turn are taken before upkeep",
                owed=owed,
            ),
        )


def reward(state: UnknownState, near: tuple[str, ...]) -> Outcome:
    """Grant 2 free actions to each survivor present at a kill when 2 or more are present
    (``unknown.task.camaraderie.reward``; an incapacitated survivor is not among them,
    ``unknown.injury.incapacitated``).

    During the survivors' turns they come before the turn goes on
    (``unknown.task.camaraderie.reward-survivor-turn``: queued after what is already under way);
    otherwise they wait until just before upkeep (``unknown.task.camaraderie.reward-enemy-turn``).
    """
    if len(near) < 2:
        return state, ()
    granted = event(
        "free_actions",
        "unknown.task.camaraderie.reward",
        f"an enemy dies near {', '.join(near)}: each may take {FREE_ACTIONS} free actions",
        witnesses=near,
    )
    if state.phase in (None, "survivor_actions"):
        owed = tuple((w, FREE_ACTIONS) for w in near)
        return replace(state, pending=(*state.pending, FreeActions(owed))), (granted,)
    card = state.task_card
    for who in near:
        card = add(card, OWED + who, FREE_ACTIONS)
    return replace(state, task_card=card), (granted,)
