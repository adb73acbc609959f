"""The rule-modifier mechanism: the rulebook's defaults, adjusted by what is in play.

Actions never ask "is the Doctor doing this?". They ask :class:`Rules` what a survivor's turn
starts with, what an action costs in AP and in resources; ``Rules`` answers with the rulebook's
default and lets every active :class:`Modifier` (survivor traits, the mission, completed tasks)
adjust it. Later parts of the engine register modifiers by card or mission name in
``MODIFIERS``; nothing else changes.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

from engine.unknown.catalog import survivor_cards
from engine.unknown.outcome import Outcome, event
from engine.unknown.position import Survivor
from engine.unknown.ruleset import DEFAULT, Ruleset
from engine.unknown.state import UnknownState


class Modifier:
    """One source of rule changes. Each hook gets the default value and returns the new one.

    ``rules`` is the :class:`Rules` that asked (set by :meth:`Rules.active` on a copy), so a hook
    can read the interpretation switches and :meth:`Rules.uses_up`.
    """

    rules: Rules | None = None

    def bound(self, rules: Rules) -> Modifier:
        """A copy of this modifier answering for ``rules``."""
        bound = copy.copy(self)
        bound.rules = rules
        return bound

    @property
    def ruleset(self) -> Ruleset:
        """The interpretation switches in force (the defaults when unbound)."""
        return self.rules.ruleset if self.rules is not None else DEFAULT

    def start_ap(self, state: UnknownState, survivor: Survivor, ap: int) -> int:
        return ap

    def ap_cost(self, state: UnknownState, action: Any, cost: int) -> int:
        return cost

    def resource_cost(self, state: UnknownState, action: Any, kind: str, amount: int) -> int:
        return amount

    def after_action(self, state: UnknownState, action: Any, survivor: Survivor) -> int:
        """Extra AP ``survivor`` gains once ``action`` is resolved.

        ``state`` is the state the action was taken from (before its AP was paid).
        """
        return 0

    def eat_gain(self, state: UnknownState, action: Any, gain: int) -> int:
        """AP an Eat Food action gives (``unknown.action.eat-food``)."""
        return gain

    def on_action(self, state: UnknownState, action: Any) -> UnknownState:
        """Record what taking ``action`` uses of this modifier's per-turn allowances.

        ``state`` is the state the action is taken from (checked, AP not yet paid, ``ap_cost``
        already asked); the hook returns it, with e.g. a use noted in ``Survivor.used``.
        """
        return state

    def extra_options(self, game: Any, state: UnknownState, who: str) -> tuple[Any, ...]:
        """Decisions besides the actions that this modifier offers ``who`` on turn."""
        return ()

    def apply_extra(self, game: Any, state: UnknownState, decision: Any) -> Outcome | None:
        """Carry out one of this modifier's own decisions; ``None`` when ``decision`` is not one.

        Raises ``IllegalDecision`` (naming the clause) when it is one but may not be taken now.
        """
        return None

    def gather_bonus(
        self, state: UnknownState, action: Any, flipped: tuple[Any, ...], from_tiles: int
    ) -> Outcome:
        """Extra goods a Gather gives, once its own yield is carried (``unknown.action.gather``).

        ``state`` is after the gather; ``flipped`` are the spots of the tiles it flipped and
        ``from_tiles`` what those tiles gave (tokens picked up are not counted).
        """
        return state, ()

    def may_ignore_knockback(self, state: UnknownState, who: str, source_kind: str) -> str | None:
        """The clause letting survivor ``who`` ignore a knockback it has not been knocked back
        before (``source_kind`` ``hazard`` or ``enemy``); ``None`` when this modifier does not."""
        return None

    def action_kinds(self, state: UnknownState) -> tuple[type, ...]:
        """Action classes this modifier adds to the standard ones (a mission's or task's
        actions, e.g. Place Outpost); each offers itself through its ``options`` classmethod and
        is checked, charged and resolved by ``UnknownGame.act`` like any action."""
        return ()

    def on_kill(self, state: UnknownState, enemy: Any, killer: str | None) -> Outcome:
        """What follows once ``enemy`` (as it was before the killing blow) is killed by
        ``killer`` (a survivor id, or ``None`` when no single survivor is credited)."""
        return state, ()


MODIFIERS: dict[str, Modifier] = {}
"""Modifiers by survivor card, mission or task name (filled by the survivors, missions and tasks
modules). A survivor card's modifier answers for every survivor that has the card's abilities:
the card's own survivor and any survivor that gained them (``Survivor.borrowed``)."""


class Rules:
    """The rules in force: interpretation switches plus the active modifiers."""

    def __init__(self, ruleset: Ruleset = DEFAULT) -> None:
        self.ruleset = ruleset
        self._bound: dict[tuple[str, ...], list[Modifier]] = {}

    def active(self, state: UnknownState) -> list[Modifier]:
        """Modifiers in play: the survivors' cards (their own and those gained from another
        survivor, ``unknown.survivor.strategist.borrow-or-move``, ``unknown.task.radio.reward-talk``), then the
        mission, then the task, in a fixed order.

        Every hook asks this, so the bound modifiers are made once per set of names in play
        (modifiers hold no state of their own besides the rules they answer for).
        """
        cards = {s.card for s in state.position.survivors if s.card}
        cards |= {card for s in state.position.survivors for card in s.borrowed}
        names = sorted(cards)
        if state.mission:
            names.append(state.mission)
        if state.task:
            names.append(state.task)
        key = tuple(names)
        bound = self._bound.get(key)
        if bound is None:
            bound = self._bound[key] = [MODIFIERS[n].bound(self) for n in key if n in MODIFIERS]
        return bound

    def start_ap(self, state: UnknownState, survivor: Survivor) -> int:
        """AP a survivor's turn starts with (``unknown.turn.survivor-actions``).

        The card's AP (``unknown.survivor.explorer.ap`` and the catalog), less 1 when injured
        (``unknown.injury.ap-cost``); 0 when incapacitated (``unknown.injury.incapacitated-ap``).
        """
        if survivor.incapacitated:
            return 0
        card = survivor_cards().get(survivor.card or "")
        ap = card.ap if card else 3
        for modifier in self.active(state):
            ap = modifier.start_ap(state, survivor, ap)
        if survivor.injured:
            ap -= 1
        return max(ap, 0)

    def ap_cost(self, state: UnknownState, action: Any) -> int:
        """AP an action costs: 1 unless a rule says otherwise (``unknown.action.standard``)."""
        cost = type(action).ap
        for modifier in self.active(state):
            cost = modifier.ap_cost(state, action, cost)
        return max(cost, 0)

    def resource_cost(self, state: UnknownState, action: Any, kind: str, amount: int) -> int:
        """Tokens of ``kind`` an action uses up, after the modifiers in play."""
        for modifier in self.active(state):
            amount = modifier.resource_cost(state, action, kind, amount)
        return amount

    def uses_up(self, state: UnknownState, action: Any) -> dict[str, int]:
        """The resources ``action`` uses up, before modifiers: kind -> amount (none for Trade).

        Read from the action's own ``costs``/``cost`` method (the amounts it asks
        ``resource_cost`` for), so mission-defined actions are covered too
        (``unknown.survivor.doctor.scope``, ``unknown.survivor.mechanic.scope``). An action whose
        cost cannot be worked out here (e.g. it names no explored tile) uses up nothing.
        """
        probe = _CostProbe(self.ruleset)
        method = getattr(action, "costs", None) or getattr(action, "cost", None)
        if method is None:
            return {}
        try:
            method(probe, state)
        except (KeyError, AttributeError, IndexError, TypeError, ValueError):
            return {}
        return {k: n for k, n in probe.rules.asked.items() if n > 0}

    def after_action(self, state: UnknownState, action: Any) -> int:
        """Extra AP the taker of ``action`` gains once it is resolved (0 by default)."""
        survivor = state.position.survivor(action.who)
        return sum(m.after_action(state, action, survivor) for m in self.active(state))

    def eat_gain(self, state: UnknownState, action: Any, gain: int) -> int:
        """AP an Eat Food gives after the modifiers in play (``unknown.action.eat-food``)."""
        for modifier in self.active(state):
            gain = modifier.eat_gain(state, action, gain)
        return gain

    def on_action(self, state: UnknownState, action: Any) -> UnknownState:
        """``state`` with every modifier's note of what taking ``action`` used up this turn."""
        for modifier in self.active(state):
            state = modifier.on_action(state, action)
        return state

    def extra_options(self, game: Any, state: UnknownState, who: str) -> tuple[Any, ...]:
        """The modifiers' own decisions open to ``who`` on turn (e.g. a trait's free move)."""
        return tuple(d for m in self.active(state) for d in m.extra_options(game, state, who))

    def apply_extra(self, game: Any, state: UnknownState, decision: Any) -> Outcome | None:
        """Carry out a modifier's own decision; ``None`` when no modifier in play knows it."""
        for modifier in self.active(state):
            done = modifier.apply_extra(game, state, decision)
            if done is not None:
                return done
        return None

    def gather_bonus(
        self, state: UnknownState, action: Any, flipped: tuple[Any, ...], from_tiles: int
    ) -> Outcome:
        """``state`` with every modifier's extra goods for a resolved Gather, and their events."""
        events: tuple[Any, ...] = ()
        for modifier in self.active(state):
            state, more = modifier.gather_bonus(state, action, flipped, from_tiles)
            events += tuple(more)
        return state, events

    def may_ignore_knockback(self, state: UnknownState, who: str, source_kind: str) -> str | None:
        """The clause of the first modifier letting ``who`` ignore a first knockback, else ``None``."""
        for modifier in self.active(state):
            clause = modifier.may_ignore_knockback(state, who, source_kind)
            if clause:
                return clause
        return None

    def action_kinds(self, state: UnknownState) -> tuple[type, ...]:
        """The action classes the modifiers in play add, in order, without repeats."""
        kinds: list[type] = []
        for modifier in self.active(state):
            kinds += [k for k in modifier.action_kinds(state) if k not in kinds]
        return tuple(kinds)

    def on_kill(self, state: UnknownState, enemy: Any, killer: str | None) -> Outcome:
        """``state`` after every modifier's reaction to ``enemy``'s death, and their events."""
        events: tuple[Any, ...] = ()
        for modifier in self.active(state):
            state, more = modifier.on_kill(state, enemy, killer)
            events += tuple(more)
        return state, events


class _Recorder:
    """Stands in for :class:`Rules` while probing an action's costs: records what is asked."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.asked: dict[str, int] = {}

    def resource_cost(self, state: UnknownState, action: Any, kind: str, amount: int) -> int:
        self.asked[kind] = self.asked.get(kind, 0) + amount
        return amount


class _CostProbe:
    """Stands in for the game while probing an action's costs."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.rules = _Recorder(ruleset)
        self.ruleset = ruleset


def gain_ap(state: UnknownState, who: str, bonus: int) -> Outcome:
    """Give ``who`` the ``bonus`` AP an action earned (not while incapacitated), with an event."""
    survivor = state.position.survivor(who)
    if bonus <= 0 or survivor.incapacitated:
        return state, ()
    raised = replace(survivor, ap=survivor.ap + bonus)
    gained = event(
        "bonus_ap",
        "unknown.turn.survivor-actions",
        f"{who} gains {bonus} AP from a trait ({raised.ap} left)",
        who=who,
        ap=bonus,
    )
    state = state.with_position(state.position.with_survivor(raised))
    return state, (gained,)


import engine.unknown.missions  # noqa: E402,F401 - registers the missions in MODIFIERS
import engine.unknown.survivors  # noqa: E402,F401 - registers the survivor traits in MODIFIERS
import engine.unknown.tasks  # noqa: E402,F401 - registers the tasks in MODIFIERS
