"""Strategist (rulebook: Survivors, Strategist), and gaining another survivor's abilities.

Gained abilities flow through the rule points (``engine.unknown.rules``): the gained card goes
into ``Survivor.borrowed``; ``Rules.sources`` then puts that card in play, and every trait
answers for each survivor who ``has`` its card. ``turn.round.abilities_end`` empties
``borrowed`` at the next upkeep phase. :func:`gain_abilities` is shared with the Radio task's
Talk action (``unknown.task.radio.reward-talk``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from engine.core.errors import IllegalDecision
from engine.core.game import Event
from engine.core.rule_points import on
from engine.unknown.actions.base import ACTED
from engine.unknown.actions.move import Move
from engine.unknown.outcome import Outcome, event
from engine.unknown.position import ORTHOGONAL, Survivor
from engine.unknown.rules import Rules
from engine.unknown.state import UnknownState
from engine.unknown.survivors.captain import MoveOther, move_other
from engine.unknown.survivors.trait import Trait, trait
from engine.unknown.turn.round import TURN_DECISION, TURN_OPTIONS, card_ap, starting_ap

if TYPE_CHECKING:
    from engine.unknown.rules import Rules

CLAUSE = "unknown.survivor.strategist.borrow-or-move"
KEY = "strategist.borrow-or-move"
"""Where the Strategist's one use per turn (take abilities or move someone) is counted."""
USES_PER_TURN = 1
"""How often per turn he may take abilities or move another survivor (``CLAUSE``)."""


@dataclass(frozen=True)
class Borrow:
    """Decision: ``who`` (the Strategist) gains the abilities of the survivor playing ``card``
    until the next upkeep phase, for 0 AP."""

    who: str
    card: str

    def __str__(self) -> str:
        return f"{self.who} takes the {self.card}'s abilities until upkeep"


def gain_abilities(
    rules: Rules,
    state: UnknownState,
    who: str,
    card: str,
    clause: str,
    *,
    by_action: bool | None = None,
) -> tuple[UnknownState, tuple[Event, ...]]:
    """``who`` gains the abilities of the survivor playing ``card`` until the next upkeep.

    Applies ``unknown.survivor.strategist.ap-change`` / ``unknown.task.radio.reward-ap-change``:
    a higher card AP (the Explorer's) is added to ``who``'s AP at once; and
    ``unknown.survivor.strategist.start-of-turn`` / ``unknown.task.radio.reward-start``: the
    gained card's start-of-turn AP bonuses (the Nurse's, the Captain's) are added only when
    ``who`` has taken no action yet this turn. ``by_action`` says the gaining is itself an
    action whose own count must be left out (the Radio task's Talk; by default, any ``clause``
    not the Strategist's). Event-triggered abilities need nothing here: they work from now on
    (``unknown.survivor.strategist.event-timing``). ``clause`` is cited by the events and by the
    refusal when ``card`` is not another survivor's card in play or is already held.
    """
    survivor = state.position.survivor(who)
    check_card(state, survivor, card, clause)
    if by_action is None:
        by_action = clause != CLAUSE
    gained = replace(survivor, borrowed=tuple(sorted((*survivor.borrowed, card))))
    after = state.with_position(state.position.with_survivor(gained))
    card_change = card_ap(gained) - card_ap(survivor)
    trigger_change = (
        starting_ap(rules, after, gained) - starting_ap(rules, state, survivor) - card_change
    )
    acted = gained.uses(ACTED) - (1 if by_action else 0) > 0
    change = card_change + (0 if acted else trigger_change)
    events: tuple[Event, ...] = (
        event(
            "abilities_gained",
            clause,
            f"{who} gains the {card}'s abilities until the next upkeep phase",
            who=who,
            card=card,
        ),
    )
    if change:
        gained = replace(gained, ap=max(gained.ap + change, 0))
        why = "its starting AP" if not trigger_change or acted else "its start-of-turn bonus"
        events += (
            event(
                "ap_changed",
                "unknown.survivor.strategist.ap-change"
                if card_change
                else "unknown.survivor.strategist.start-of-turn",
                f"{who}'s AP changes by {change} ({why}; {gained.ap} left)",
                who=who,
                ap=change,
            ),
        )
    elif trigger_change and acted:
        events += (
            event(
                "trait_missed",
                "unknown.survivor.strategist.start-of-turn",
                f"{who} has already acted this turn: the {card}'s start-of-turn bonus gives nothing",
                who=who,
                card=card,
            ),
        )
    return after.with_position(after.position.with_survivor(gained)), events


def check_card(state: UnknownState, survivor: Survivor, card: str, clause: str) -> None:
    """Refuse gaining ``card`` unless another survivor in play has it as its own card and
    ``survivor`` does not have its abilities already."""
    owners = [s for s in state.position.survivors if s.card == card and s.id != survivor.id]
    if not owners:
        raise IllegalDecision(clause, f"no other survivor in play is the {card}")
    if survivor.has(card):
        raise IllegalDecision(clause, f"{survivor.id} already has the {card}'s abilities")


@trait
class Strategist(Trait):
    """Once per turn, for 0 AP: take another survivor's abilities until the next upkeep
    (:class:`Borrow`), or move another survivor, at any range, one tile (the Captain's
    :class:`MoveOther` decision, any time in his turn).

    Applies ``unknown.survivor.strategist.borrow-or-move``, ``unknown.survivor.strategist.duration``
    (``turn.round.abilities_end``), ``unknown.survivor.strategist.move-timing`` and, through
    :func:`gain_abilities`, ``unknown.survivor.strategist.start-of-turn`` and
    ``unknown.survivor.strategist.ap-change``. The moved survivor goes as a Move would take it
    (``unknown.action.move``), nobody paying its AP; whether an incapacitated survivor may be moved is
    :meth:`moves_incapacitated`.
    """

    card = "strategist"

    @on(TURN_OPTIONS)
    def extra_options(self, rules: Rules, state: UnknownState, who: str) -> tuple[Any, ...]:
        strategist = state.position.survivor(who)
        if not self.may_use(state, strategist):
            return ()
        found: list[Any] = []
        for other in state.position.survivors:
            if other.id == who:
                continue
            if other.card and not strategist.has(other.card):
                found.append(Borrow(who, other.card))
            if other.incapacitated and not self.moves_incapacitated(rules):
                continue
            for dx, dy in ORTHOGONAL:
                move = MoveOther(who, other.id, (other.at[0] + dx, other.at[1] + dy))
                if _passes(rules, state, move):
                    found.append(move)
        return tuple(dict.fromkeys(found))

    def may_use(self, state: UnknownState, strategist: Survivor) -> bool:
        """Whether the Strategist may take abilities or move someone now."""
        return (
            state.turn == strategist.id
            and self.has_trait(state, strategist.id)
            and not strategist.incapacitated
            and strategist.uses(KEY) < USES_PER_TURN
        )

    @on(TURN_DECISION)
    def apply_extra(self, rules: Rules, state: UnknownState, decision: Any) -> Outcome | None:
        if isinstance(decision, Borrow):
            self.check(state, decision.who)
            state = self.use(state, decision.who)
            return gain_abilities(rules, state, decision.who, decision.card, CLAUSE)
        if isinstance(decision, MoveOther) and self.has_trait(state, decision.who):
            self.check(state, decision.who)
            self.check_move(rules, state, decision)
            state = self.use(state, decision.who)
            return move_other(rules, state, decision, "unknown.survivor.strategist.move-timing")
        return None

    def check(self, state: UnknownState, who: str) -> None:
        """Refuse the Strategist's trait when it is not his turn or already used this turn."""
        if state.turn != who:
            raise IllegalDecision("unknown.turn.finish-before-next", f"it is not {who}'s turn")
        if who not in {s.id for s in state.position.survivors}:
            raise IllegalDecision(CLAUSE, f"no survivor {who!r} on the map")
        strategist = state.position.survivor(who)
        if not self.has_trait(state, who):
            raise IllegalDecision(CLAUSE, f"{who} is not the Strategist")
        if strategist.incapacitated:
            raise IllegalDecision(
                "unknown.injury.incapacitated", f"{who} is incapacitated and cannot act"
            )
        if strategist.uses(KEY) >= USES_PER_TURN:
            raise IllegalDecision(
                CLAUSE, f"{who} has already taken abilities or moved a survivor this turn"
            )

    def check_move(self, rules: Rules, state: UnknownState, decision: MoveOther) -> None:
        """Refuse a move of a survivor the Strategist may not make (any range is fine)."""
        if decision.target == decision.who:
            raise IllegalDecision(CLAUSE, "the Strategist moves another survivor, not himself")
        if decision.target not in {s.id for s in state.position.survivors}:
            raise IllegalDecision(CLAUSE, f"no survivor {decision.target!r} on the map")
        if state.position.survivor(decision.target).incapacitated and not self.moves_incapacitated(
            rules
        ):
            raise IllegalDecision(
                "unknown.injury.incapacitated",
                f"{decision.target} is incapacitated and cannot move",
            )
        Move(decision.target, decision.to).check(rules, state)

    def moves_incapacitated(self, rules: Rules) -> bool:
        """Whether he may move an incapacitated survivor: his card is silent (the Captain's
        forbids it). Switch ``strategist-move-incapacitated``: ``refused`` (as for the
        Captain) or ``allowed``."""
        return rules.ruleset.strategist_move_incapacitated == "allowed"

    def use(self, state: UnknownState, who: str) -> UnknownState:
        """``state`` with the Strategist's use this turn noted."""
        strategist = state.position.survivor(who).with_use(KEY)
        return state.with_position(state.position.with_survivor(strategist))


def _passes(rules: Rules, state: UnknownState, decision: MoveOther) -> bool:
    try:
        Move(decision.target, decision.to).check(rules, state)
    except IllegalDecision:
        return False
    return True
