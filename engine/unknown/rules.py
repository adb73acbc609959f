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
from typing import Any, NamedTuple

from engine.unknown.catalog import survivor_cards
from engine.unknown.outcome import Outcome, event
from engine.unknown.position import Survivor
from engine.unknown.ruleset import DEFAULT, Ruleset
from engine.unknown.state import UnknownState


class Ward(NamedTuple):
    """A tile acting as barrier tokens against enemies only (``Modifier.enemy_barriers``)."""

    kind: str
    """The token kind standing in for the barriers (removed one per stop while it wears out)."""
    count: int | None
    """How many barriers it counts as; ``None``: it stops every enemy and is never removed."""
    clause: str
    """The clause making the tile a barrier against enemies."""


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

    def on_upkeep(self, game: Any, state: UnknownState) -> Outcome:
        """What this modifier does in the upkeep phase (``unknown.turn.upkeep``), before the
        base eats; ``state`` is the state entering upkeep."""
        return state, ()

    def credit(
        self,
        state: UnknownState,
        enemy: Any,
        cause: str,
        party: tuple[str, ...],
        source: str | None = None,
    ) -> tuple[UnknownState, str | None]:
        """The survivor credited with damage to ``enemy`` that no single survivor dealt (a
        trap's: ``source`` ``"trap"``; close combat's pooled damage, ``party`` the fighters), or
        ``None``; ``cause`` is only the damage's wording. The state may note what the credit
        used up (e.g. a Hunter's trap marker)."""
        return state, None

    def hold_explored(self, game: Any, state: UnknownState, explored: Any) -> Outcome | None:
        """Take a just-laid tile's instant effects (``explored``, not yet queued) to resolve
        them later (the Skeptic's delayed spawn); ``None`` to let them resolve now."""
        return None

    def on_turn_end(self, game: Any, state: UnknownState, who: str) -> Outcome:
        """What happens as ``who`` ends its turn (``state`` is before the turn is closed)."""
        return state, ()

    def exchanges(self, game: Any, state: UnknownState, who: str) -> tuple[tuple[Any, str], ...]:
        """Exchanges (``engine.unknown.actions.trade.Exchange``) this modifier lets ``who``
        make in a trade now besides the tiles' own rates, each with the clause allowing it."""
        return ()

    def gather_kinds(self, state: UnknownState) -> tuple[str, ...]:
        """Token kinds besides the tiles' icons that a Gather may name (e.g. a task's fences)."""
        return ()

    def gather_yield(self, state: UnknownState, placed: Any, resource: str, amount: int) -> int:
        """How many ``resource`` tokens gathering ``placed`` gives (``amount``: the default)."""
        return amount

    def tradable(self, state: UnknownState) -> tuple[str, ...]:
        """Token kinds besides the standard goods that a trade may move (``unknown.action.trade``)."""
        return ()

    def after_transfer(self, state: UnknownState, who: str, move: Any) -> Outcome:
        """What follows one transfer of a trade by ``who`` (``state`` is after the move)."""
        return state, ()

    def check_trade_end(self, state: UnknownState, who: str) -> None:
        """Raise ``IllegalDecision`` when the trade by ``who`` may not be finished as it stands."""

    def acts_as_base(self, state: UnknownState, at: Any) -> bool:
        """Whether the tile ``at`` counts as the base tile in trade actions."""
        return False

    def enemy_barriers(self, state: UnknownState) -> dict[Any, Ward]:
        """Tiles that act as barrier tokens against enemies only (survivors ignore them), e.g.
        a completed Perimeter's fences: spot -> :class:`Ward`."""
        return {}

    def abilities_lost(self, state: UnknownState, who: str, cards: tuple[str, ...]) -> Outcome:
        """What follows once survivor ``who`` gave up the gained ``cards`` abilities at upkeep
        (``state`` is after they are gone)."""
        return state, ()

    def spawn_stunned(self, state: UnknownState, enemy: Any) -> str | None:
        """The clause making a newly spawned ``enemy`` stunned, or ``None``."""
        return None

    def before_upkeep(self, game: Any, state: UnknownState) -> Outcome:
        """What happens just before the upkeep phase starts (``state`` has entered it)."""
        return state, ()

    def on_tiles_cleared(self, state: UnknownState, spots: tuple[Any, ...]) -> Outcome:
        """What follows once the tiles on ``spots`` were flipped to cleared, however that came
        about (Clear Tile, a Gather, a flood, a trait, a mission action): ``state`` is after."""
        return state, ()

    def on_explored(self, game: Any, state: UnknownState, who: str, placed: Any) -> Outcome:
        """What a newly laid tile ``placed`` (explored by ``who``) does for this modifier, after
        the tile's own instant effects (e.g. a mission tile spawning an ally)."""
        return state, ()

    def enemy_targets(
        self, state: UnknownState, enemy: Any, spots: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        """The tiles ``enemy`` picks its nearest target among (``spots``: the default ones)."""
        return spots

    def enemy_speed(self, state: UnknownState, enemy: Any, target: Any, speed: int) -> int:
        """Tiles ``enemy`` moves this enemy movement phase toward the tile ``target``."""
        return speed

    def on_reveal(self, game: Any, state: UnknownState, who: str, tile: str) -> Outcome | None:
        """Take the tile ``who`` just drew instead of it being placed (Activate's consoles,
        ``unknown.mission.activate.pickup``); ``None`` leaves it to be placed as usual.
        ``state`` has the tile out of the stack and the draw off the pending queue."""
        return None

    def clear_override(self, game: Any, state: UnknownState, who: str, placed: Any) -> str | None:
        """The clause letting Clear Tile flip ``placed`` for its AP alone, with no resources and
        whatever the tile's card says (Hive, ``unknown.mission.hive.clear``); ``None`` when this
        modifier has no say. Raises ``IllegalDecision`` when it forbids clearing the tile."""
        return None

    def ap_burden(self, state: UnknownState, survivor: Survivor) -> int:
        """AP ``survivor``'s turn starts with fewer, even below 0 (Refugees' carried refugees,
        ``unknown.mission.refugees.ap-cost``)."""
        return 0

    def transfer_refusal(self, state: UnknownState, who: str, move: Any) -> tuple[str, str] | None:
        """``(clause, why)`` when this modifier forbids the trade transfer ``move`` by ``who``
        (e.g. ``unknown.mission.refugees.trade-limits``); ``None`` allows it."""
        return None

    def gather_tokens(self, state: UnknownState, at: Any) -> tuple[str, ...]:
        """Token kinds lying on ``at`` that a Gather picks up besides resources and traps
        (e.g. a forfeited survivor's refugees, ``unknown.mission.refugees.forfeit``)."""
        return ()

    def tokens_gathered(self, state: UnknownState, who: str, kind: str, amount: int) -> Outcome:
        """React to ``who`` picking up ``amount`` ``kind`` tokens lying on tiles in a Gather
        (``state`` is after the pick-up)."""
        return state, ()


ACTED = "turn.actions"
"""The key under which :meth:`Rules.on_action` counts a survivor's actions this turn in
``Survivor.used`` (gained start-of-turn abilities work only before any,
``unknown.survivor.strategist.start-of-turn``)."""

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

        The card's AP (``unknown.survivor.explorer.ap`` and the catalog; see :func:`card_ap`),
        less 1 when injured
        (``unknown.injury.ap-cost``); 0 when incapacitated (``unknown.injury.incapacitated-ap``).
        Then less what the modifiers' ``ap_burden`` takes, which may leave it below 0
        (``unknown.mission.refugees.ap-cost``, ``unknown.mission.refugees.carry``).
        """
        if survivor.incapacitated:
            return 0
        ap = card_ap(survivor)
        for modifier in self.active(state):
            ap = modifier.start_ap(state, survivor, ap)
        if survivor.injured:
            ap -= 1
        return max(ap, 0) - self.ap_burden(state, survivor)

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
        """``state`` with every modifier's note of what taking ``action`` used up this turn, and
        the taker's count of actions this turn (``ACTED``) one higher."""
        for modifier in self.active(state):
            state = modifier.on_action(state, action)
        taker = state.position.survivor(action.who).with_use(ACTED)
        return state.with_position(state.position.with_survivor(taker))

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

    def on_upkeep(self, game: Any, state: UnknownState) -> Outcome:
        """``state`` after every modifier's upkeep effects, then with every gained survivor
        ability given up (they last until the next upkeep phase:
        ``unknown.survivor.strategist.duration``, ``unknown.task.radio.reward-talk``)."""
        events: tuple[Any, ...] = ()
        for modifier in self.active(state):
            state, more = modifier.on_upkeep(game, state)
            events += tuple(more)
        holding = self.active(state)
        lost = tuple((s.id, s.borrowed) for s in state.position.survivors if s.borrowed)
        position = state.position
        for survivor in position.survivors:
            if survivor.borrowed:
                position = position.with_survivor(replace(survivor, borrowed=()))
                events += (
                    event(
                        "abilities_lost",
                        "unknown.survivor.strategist.duration",
                        f"{survivor.id} no longer has the {', '.join(survivor.borrowed)} abilities",
                        who=survivor.id,
                        cards=survivor.borrowed,
                    ),
                )
        state = state.with_position(position)
        for modifier in holding:  # the modifiers in play while the abilities were held
            for who, cards in lost:
                state, more = modifier.abilities_lost(state, who, cards)
                events += tuple(more)
        return state, events

    def credit(
        self,
        state: UnknownState,
        enemy: Any,
        cause: str,
        party: tuple[str, ...] = (),
        source: str | None = None,
    ) -> tuple[UnknownState, str | None]:
        """The first modifier's credit for damage no single survivor dealt, else ``None``
        (``source``: what dealt it, e.g. ``"trap"``)."""
        for modifier in self.active(state):
            state, who = modifier.credit(state, enemy, cause, party, source)
            if who is not None:
                return state, who
        return state, None

    def hold_explored(self, game: Any, state: UnknownState, explored: Any) -> Outcome | None:
        """The first modifier's hold on a just-laid tile's instant effects, else ``None``."""
        for modifier in self.active(state):
            held = modifier.hold_explored(game, state, explored)
            if held is not None:
                return held
        return None

    def on_turn_end(self, game: Any, state: UnknownState, who: str) -> Outcome:
        """``state`` after every modifier's reaction to ``who`` ending its turn, and events."""
        events: tuple[Any, ...] = ()
        for modifier in self.active(state):
            state, more = modifier.on_turn_end(game, state, who)
            events += tuple(more)
        return state, events

    def exchanges(self, game: Any, state: UnknownState, who: str) -> tuple[tuple[Any, str], ...]:
        """The modifiers' extra exchanges open to ``who`` now, with their clauses."""
        return tuple(x for m in self.active(state) for x in m.exchanges(game, state, who))

    def gather_kinds(self, state: UnknownState) -> tuple[str, ...]:
        """Extra token kinds a Gather may name, from the modifiers in play, without repeats."""
        kinds: list[str] = []
        for modifier in self.active(state):
            kinds += [k for k in modifier.gather_kinds(state) if k not in kinds]
        return tuple(kinds)

    def gather_yield(self, state: UnknownState, placed: Any, resource: str, amount: int) -> int:
        """``resource`` tokens gathering ``placed`` gives, after the modifiers in play."""
        for modifier in self.active(state):
            amount = modifier.gather_yield(state, placed, resource, amount)
        return amount

    def tradable(self, state: UnknownState) -> tuple[str, ...]:
        """Extra token kinds a trade may move, from the modifiers in play."""
        return tuple(k for m in self.active(state) for k in m.tradable(state))

    def after_transfer(self, state: UnknownState, who: str, move: Any) -> Outcome:
        """``state`` after every modifier's reaction to one trade transfer, and their events."""
        events: tuple[Any, ...] = ()
        for modifier in self.active(state):
            state, more = modifier.after_transfer(state, who, move)
            events += tuple(more)
        return state, events

    def check_trade_end(self, state: UnknownState, who: str) -> None:
        """``IllegalDecision`` when a modifier in play forbids finishing the trade now."""
        for modifier in self.active(state):
            modifier.check_trade_end(state, who)

    def acts_as_base(self, state: UnknownState, at: Any) -> bool:
        """Whether a modifier in play makes the tile ``at`` count as base in trades."""
        return any(m.acts_as_base(state, at) for m in self.active(state))

    def enemy_barriers(self, state: UnknownState) -> dict[Any, Ward]:
        """Tiles acting as barriers against enemies only, from the modifiers in play (the first
        modifier naming a spot has it; read by ``engine.unknown.enemies.abilities.wards``)."""
        found: dict[Any, Ward] = {}
        for modifier in self.active(state):
            for at, ward in modifier.enemy_barriers(state).items():
                found.setdefault(at, ward)
        return found

    def spawn_stunned(self, state: UnknownState, enemy: Any) -> str | None:
        """The clause of the first modifier making a new ``enemy`` spawn stunned, else ``None``."""
        for modifier in self.active(state):
            clause = modifier.spawn_stunned(state, enemy)
            if clause:
                return clause
        return None

    def before_upkeep(self, game: Any, state: UnknownState) -> Outcome:
        """``state`` after every modifier's effects due just before upkeep, and their events."""
        events: tuple[Any, ...] = ()
        for modifier in self.active(state):
            state, more = modifier.before_upkeep(game, state)
            events += tuple(more)
        return state, events

    def on_tiles_cleared(self, state: UnknownState, spots: tuple[Any, ...]) -> Outcome:
        """``state`` after every modifier's reaction to tiles flipped to cleared (called from
        ``UnknownGame`` after each step, the one place that sees every flip)."""
        events: tuple[Any, ...] = ()
        for modifier in self.active(state):
            state, more = modifier.on_tiles_cleared(state, spots)
            events += tuple(more)
        return state, events

    def on_explored(self, game: Any, state: UnknownState, who: str, placed: Any) -> Outcome:
        """``state`` after every modifier's reaction to a newly explored tile, and their events."""
        events: tuple[Any, ...] = ()
        for modifier in self.active(state):
            state, more = modifier.on_explored(game, state, who, placed)
            events += tuple(more)
        return state, events

    def enemy_targets(
        self, state: UnknownState, enemy: Any, spots: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        """The tiles ``enemy`` may target, after the modifiers in play."""
        for modifier in self.active(state):
            spots = modifier.enemy_targets(state, enemy, spots)
        return spots

    def enemy_speed(self, state: UnknownState, enemy: Any, target: Any, speed: int) -> int:
        """``enemy``'s movement toward ``target`` this phase, after the modifiers in play."""
        for modifier in self.active(state):
            speed = modifier.enemy_speed(state, enemy, target, speed)
        return speed

    def on_reveal(self, game: Any, state: UnknownState, who: str, tile: str) -> Outcome | None:
        """The first modifier's taking of a drawn tile instead of placing it, else ``None``
        (called from the explore draw, ``engine.unknown.actions.explore``)."""
        for modifier in self.active(state):
            taken = modifier.on_reveal(game, state, who, tile)
            if taken is not None:
                return taken
        return None

    def clear_override(self, game: Any, state: UnknownState, who: str, placed: Any) -> str | None:
        """The clause of the first modifier letting Clear Tile flip ``placed`` with no
        resources, else ``None``; a modifier forbidding it raises ``IllegalDecision``."""
        for modifier in self.active(state):
            clause = modifier.clear_override(game, state, who, placed)
            if clause:
                return clause
        return None

    def ap_burden(self, state: UnknownState, survivor: Survivor) -> int:
        """AP taken off ``survivor``'s starting AP by the modifiers in play (may go below 0)."""
        return sum(m.ap_burden(state, survivor) for m in self.active(state))

    def transfer_refusal(self, state: UnknownState, who: str, move: Any) -> tuple[str, str] | None:
        """The first modifier's ``(clause, why)`` forbidding a trade transfer, else ``None``."""
        for modifier in self.active(state):
            refusal = modifier.transfer_refusal(state, who, move)
            if refusal:
                return refusal
        return None

    def gather_tokens(self, state: UnknownState, at: Any) -> tuple[str, ...]:
        """Extra token kinds a Gather picks up from ``at``, from the modifiers in play."""
        return tuple(k for m in self.active(state) for k in m.gather_tokens(state, at))

    def tokens_gathered(self, state: UnknownState, who: str, kind: str, amount: int) -> Outcome:
        """``state`` after every modifier's reaction to tokens picked up by a Gather."""
        events: tuple[Any, ...] = ()
        for modifier in self.active(state):
            state, more = modifier.tokens_gathered(state, who, kind, amount)
            events += tuple(more)
        return state, events


def card_ap(survivor: Survivor) -> int:
    """The AP ``survivor``'s cards give: its own card's, or a gained card's when higher (the
    Explorer's 4, ``unknown.survivor.explorer.ap``, gained by the Strategist:
    ``unknown.survivor.strategist.ap-change``); 3 for a survivor with no card."""
    cards = survivor_cards()
    names = (survivor.card or "", *survivor.borrowed)
    return max((cards[n].ap for n in names if n in cards), default=3)


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
