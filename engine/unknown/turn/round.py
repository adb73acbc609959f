"""The round (rulebook: Turn Order).

Survivor actions: the players pick which survivor goes next (``unknown.turn.group-picks-next``);
that survivor starts with its AP and acts until it ends its turn
(``unknown.turn.finish-before-next``). When every survivor has had its turn the round runs
through ally actions, the four enemy phases and upkeep, each announced by an event
(``unknown.turn.phases``), then the next round begins.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core.errors import IllegalDecision
from engine.core.frozen import evolve
from engine.core.game import Event
from engine.core.rule_points import RulePoint, chain, collect, first, total, transform
from engine.unknown.catalog import survivor_cards
from engine.unknown.enemies.phases import ENEMY_PHASES
from engine.unknown.hazards.muddy import start_of_turn
from engine.unknown.outcome import Outcome, event
from engine.unknown.position import Survivor
from engine.unknown.state import PHASES, UnknownState, add, count

if TYPE_CHECKING:
    from engine.unknown.rules import Rules

STARTING_AP = RulePoint(
    "a survivor's starting AP",
    transform,
    """AP a survivor's turn starts with before injury (``unknown.turn.survivor-actions``; the
    card's, :func:`card_ap`): ``handler(rules, state, survivor, ap) -> ap``, e.g. the Captain's
    company bonus (``unknown.survivor.captain.bonus-ap``).""",
)
AP_BURDEN = RulePoint(
    "AP a survivor's turn starts without",
    total,
    """AP taken off a survivor's starting AP after injury, even below 0:
    ``handler(rules, state, survivor) -> int``, summed (``unknown.mission.refugees.ap-cost``).""",
)
TURN_OPTIONS = RulePoint(
    "decisions besides the actions",
    collect,
    """Decisions besides the actions open to the survivor on turn
    (``unknown.turn.survivor-actions``): ``handler(rules, state, who) -> decisions``, e.g. a
    trait's free move (``unknown.survivor.captain.move-ally``).""",
)
TURN_DECISION = RulePoint(
    "carrying out a decision besides the actions",
    first,
    """Carry out one of those decisions: ``handler(rules, state, decision) -> (state, events) |
    None``, ``None`` when the decision is not the handler's; raises ``IllegalDecision`` (naming
    the clause) when it is but may not be taken now (``unknown.survivor.captain.move-ally``).""",
)
TURN_ENDS = RulePoint(
    "a turn ending",
    chain,
    """What happens as a survivor ends its turn (``unknown.turn.unspent-ap``; ``state`` before the
    turn is closed): ``handler(rules, state, who) -> (state, events)``
    (``unknown.survivor.skeptic.delayed-spawn``).""",
)
BEFORE_UPKEEP = RulePoint(
    "just before upkeep",
    chain,
    """What happens just before the upkeep phase starts (``state`` has entered it,
    ``unknown.turn.phases``): ``handler(rules, state) -> (state, events)``
    (``unknown.mission.activate.reshuffle``).""",
)
UPKEEP = RulePoint(
    "upkeep",
    chain,
    """What a card, mission or task does in the upkeep phase, before the base eats
    (``unknown.turn.upkeep``): ``handler(rules, state) -> (state, events)``
    (``unknown.survivor.botanist.regrow``).""",
)
ABILITIES_LOST = RulePoint(
    "gained abilities given up",
    chain,
    """What follows once a survivor gave up gained abilities at upkeep
    (``unknown.survivor.strategist.duration``; ``state`` is after they are gone):
    ``handler(rules, state, who, cards) -> (state, events)``; the handlers are those in play
    while the abilities were held (``unknown.survivor.tracker.untargetable``).""",
)


def card_ap(survivor: Survivor) -> int:
    """The AP ``survivor``'s cards give: its own card's, or a gained card's when higher (the
    Explorer's 4, ``unknown.survivor.explorer.ap``, gained by the Strategist:
    ``unknown.survivor.strategist.ap-change``); 3 for a survivor with no card."""
    cards = survivor_cards()
    names = (survivor.card or "", *survivor.borrowed)
    return max((cards[n].ap for n in names if n in cards), default=3)


def starting_ap(rules: Rules, state: UnknownState, survivor: Survivor) -> int:
    """AP a survivor's turn starts with (``unknown.turn.survivor-actions``).

    The card's AP (:func:`card_ap`) after :data:`STARTING_AP`, less 1 when injured
    (``unknown.injury.ap-cost``); 0 when incapacitated (``unknown.injury.incapacitated-ap``).
    Then less :data:`AP_BURDEN`, which may leave it below 0
    (``unknown.mission.refugees.ap-cost``, ``unknown.mission.refugees.carry``).
    """
    if survivor.incapacitated:
        return 0
    ap = rules.ask(STARTING_AP, state, survivor, card_ap(survivor))
    if survivor.injured:
        ap -= 1
    return max(ap, 0) - rules.ask(AP_BURDEN, state, survivor)


@dataclass(frozen=True)
class StartTurn:
    """Decision: this survivor takes its turn next."""

    who: str

    def __str__(self) -> str:
        return f"{self.who} takes a turn"


@dataclass(frozen=True)
class EndTurn:
    """Decision: the survivor on turn stops acting (it need not spend all its AP)."""

    who: str

    def __str__(self) -> str:
        return f"{self.who} ends the turn"


def waiting(state: UnknownState) -> list[str]:
    """Survivors who have not yet had their turn this round, to go in any order
    (``unknown.turn.any-order``)."""
    return [s.id for s in state.position.survivors if s.id not in state.done]


def start_turn(rules: Rules, state: UnknownState, who: str) -> Outcome:
    """Begin ``who``'s turn with the AP its card, health and the rule points in play give.

    Applies ``unknown.turn.survivor-actions``, ``unknown.injury.ap-cost``,
    ``unknown.injury.incapacitated-ap`` and Muddy's ``unknown.hazard.muddy.ap``. The uses of
    once- and twice-per-turn traits start again from none.
    """
    if state.turn is not None:
        raise IllegalDecision(
            "unknown.turn.finish-before-next",
            f"{state.turn} must finish its turn before {who} starts",
        )
    if who not in waiting(state):
        raise IllegalDecision(
            "unknown.turn.group-picks-next", f"{who} is not a survivor still to act this round"
        )
    survivor = state.position.survivor(who)
    ap, mud = start_of_turn(state, survivor, starting_ap(rules, state, survivor))
    position = state.position.with_survivor(evolve(survivor, ap=ap, used=()))
    started = event(
        "turn_started",
        "unknown.turn.survivor-actions",
        f"{who} starts its turn with {ap} AP ({survivor.health})",
        who=who,
        ap=ap,
    )
    return evolve(state, position=position, turn=who), (started, *mud)


def end_turn(rules: Rules, state: UnknownState, who: str) -> Outcome:
    """End ``who``'s turn: unspent AP is lost (``unknown.turn.unspent-ap``). The cards, mission
    and task in play react first (:data:`TURN_ENDS`, e.g. the Skeptic's delayed spawn)."""
    if state.turn != who:
        raise IllegalDecision("unknown.turn.finish-before-next", f"it is not {who}'s turn")
    state, reacted = rules.ask(TURN_ENDS, state, who)
    survivor = state.position.survivor(who)
    position = state.position.with_survivor(evolve(survivor, ap=0))
    ended = event("turn_ended", "unknown.turn.tracker-zero", f"{who} ends its turn", who=who)
    return evolve(state, position=position, turn=None, done=(*state.done, who)), (*reacted, ended)


def advance(rules: Rules, state: UnknownState) -> Outcome | None:
    """Run the phases that need no decision; ``None`` when the players must decide."""
    if state.phase == "survivor_actions":
        if state.turn is not None or waiting(state):
            return None
        return _next_phase(state, "every survivor has had its turn")
    if state.phase == "ally_actions":
        from engine.unknown.allies import ally_actions

        state, events = ally_actions(rules, state)
        if state.pending or state.outcome:
            return state, events
        state, more = _next_phase(state, "allies have acted")
        return state, events + more
    if state.phase in ENEMY_PHASES:
        state, events = ENEMY_PHASES[state.phase](rules, state)
        if state.pending or state.outcome:
            return state, events
        state, more = _next_phase(state, f"{state.phase.replace('_', ' ')} is over")
        if state.phase == "upkeep":  # effects due just before upkeep
            state, due = rules.ask(BEFORE_UPKEEP, state)
            more += due
        return state, events + more
    if state.phase == "upkeep":
        return upkeep(rules, state)
    return None


def _next_phase(state: UnknownState, why: str) -> Outcome:
    phase = PHASES[PHASES.index(state.phase) + 1]
    entered = event(
        "phase", "unknown.turn.phases", f"{phase.replace('_', ' ')} ({why})", phase=phase
    )
    return evolve(state, phase=phase), (entered,)


def upkeep(rules: Rules, state: UnknownState) -> Outcome:
    """The base eats 1 food; if it cannot, the survivors lose (``unknown.turn.upkeep``).

    First the cards, mission and task in play do their upkeep effects and gained abilities
    end (:func:`upkeep_effects`).
    """
    state, kept = upkeep_effects(rules, state)
    if count(state.base, "food") < 1:
        lost = event(
            "base_starved", "unknown.turn.upkeep", "the base has no food to eat: the survivors lose"
        )
        starved = evolve(state, outcome=("loss", "unknown.turn.upkeep", "the base ran out of food"))
        return starved, (*kept, lost)
    left = count(state.base, "food") - 1
    ate = event("base_ate", "unknown.turn.upkeep", f"the base eats 1 food ({left} left)", food=left)
    new_round = evolve(
        state,
        base=add(state.base, "food", -1),
        round=state.round + 1,
        phase="survivor_actions",
        turn=None,
        done=(),
    )
    begun = event(
        "round_started",
        "unknown.turn.phases",
        f"round {new_round.round} begins",
        round=new_round.round,
    )
    return new_round, (*kept, ate, begun)


def upkeep_effects(rules: Rules, state: UnknownState) -> Outcome:
    """What the cards, mission and task in play do at upkeep (:data:`UPKEEP`), then every gained
    ability ends (:func:`abilities_end`)."""
    state, events = rules.ask(UPKEEP, state)
    state, ended = abilities_end(rules, state)
    return state, events + ended


def abilities_end(rules: Rules, state: UnknownState) -> Outcome:
    """Every gained survivor ability given up at upkeep (they last until the next upkeep phase:
    ``unknown.survivor.strategist.duration``, ``unknown.task.radio.reward-talk``), then
    :data:`ABILITIES_LOST` answered by the sources in play while they were held."""
    holding = rules.handlers(ABILITIES_LOST, state)
    lost = tuple((s.id, s.borrowed) for s in state.position.survivors if s.borrowed)
    position = state.position
    events: tuple[Event, ...] = ()
    for survivor in position.survivors:
        if survivor.borrowed:
            position = position.with_survivor(evolve(survivor, borrowed=()))
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
    for handler in holding:
        for who, cards in lost:
            state, more = handler(state, who, cards)
            events += tuple(more)
    return state, events
