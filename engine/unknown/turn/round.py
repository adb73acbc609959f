"""The round (rulebook: Turn Order).

Survivor actions: the players pick which survivor goes next (``unknown.turn.group-picks-next``);
that survivor starts with its AP and acts until it ends its turn
(``unknown.turn.finish-before-next``). When every survivor has had its turn the round runs
through ally actions, the four enemy phases and upkeep, each announced by an event
(``unknown.turn.phases``), then the next round begins.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from engine.core.errors import IllegalDecision
from engine.unknown.enemies.phases import ENEMY_PHASES
from engine.unknown.hazards.muddy import start_of_turn
from engine.unknown.outcome import Outcome, event
from engine.unknown.state import PHASES, UnknownState, add, count

if TYPE_CHECKING:
    from engine.unknown.game import UnknownGame


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
    """Survivors who have not yet had their turn this round."""
    return [s.id for s in state.position.survivors if s.id not in state.done]


def start_turn(game: UnknownGame, state: UnknownState, who: str) -> Outcome:
    """Begin ``who``'s turn with the AP its card, health and modifiers give.

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
            "unknown.turn.any-order", f"{who} is not a survivor still to act this round"
        )
    survivor = state.position.survivor(who)
    ap, mud = start_of_turn(state, survivor, game.rules.start_ap(state, survivor))
    position = state.position.with_survivor(replace(survivor, ap=ap, used=()))
    started = event(
        "turn_started",
        "unknown.turn.survivor-actions",
        f"{who} starts its turn with {ap} AP ({survivor.health})",
        who=who,
        ap=ap,
    )
    return replace(state, position=position, turn=who), (started, *mud)


def end_turn(game: UnknownGame, state: UnknownState, who: str) -> Outcome:
    """End ``who``'s turn: unspent AP is lost (``unknown.turn.unspent-ap``). The modifiers in
    play react first (``Rules.on_turn_end``, e.g. the Skeptic's delayed spawn)."""
    if state.turn != who:
        raise IllegalDecision("unknown.turn.finish-before-next", f"it is not {who}'s turn")
    state, first = game.rules.on_turn_end(game, state, who)
    survivor = state.position.survivor(who)
    position = state.position.with_survivor(replace(survivor, ap=0))
    ended = event("turn_ended", "unknown.turn.tracker-zero", f"{who} ends its turn", who=who)
    return replace(state, position=position, turn=None, done=(*state.done, who)), (*first, ended)


def advance(game: UnknownGame, state: UnknownState) -> Outcome | None:
    """Run the phases that need no decision; ``None`` when the players must decide."""
    if state.phase == "survivor_actions":
        if state.turn is not None or waiting(state):
            return None
        return _next_phase(state, "every survivor has had its turn")
    if state.phase == "ally_actions":
        from engine.unknown.allies import ally_actions

        state, events = ally_actions(game, state)
        if state.pending or state.outcome:
            return state, events
        state, more = _next_phase(state, "allies have acted")
        return state, events + more
    if state.phase in ENEMY_PHASES:
        state, events = ENEMY_PHASES[state.phase](game, state)
        if state.pending or state.outcome:
            return state, events
        state, more = _next_phase(state, f"{state.phase.replace('_', ' ')} is over")
        if state.phase == "upkeep":  # effects due just before upkeep (``Rules.before_upkeep``)
            state, due = game.rules.before_upkeep(game, state)
            more += due
        return state, events + more
    if state.phase == "upkeep":
        return upkeep(game, state)
    return None


def _next_phase(state: UnknownState, why: str) -> Outcome:
    phase = PHASES[PHASES.index(state.phase) + 1]
    entered = event(
        "phase", "unknown.turn.phases", f"{phase.replace('_', ' ')} ({why})", phase=phase
    )
    return replace(state, phase=phase), (entered,)


def upkeep(game: UnknownGame, state: UnknownState) -> Outcome:
    """The base eats 1 food; if it cannot, the survivors lose (``unknown.turn.upkeep``).

    First the modifiers in play do their upkeep effects and gained abilities end
    (``Rules.on_upkeep``).
    """
    state, kept = game.rules.on_upkeep(game, state)
    if count(state.base, "food") < 1:
        lost = event(
            "base_starved", "unknown.turn.upkeep", "the base has no food to eat: the survivors lose"
        )
        return replace(
            state, outcome=("loss", "unknown.turn.upkeep", "the base ran out of food")
        ), (*kept, lost)
    left = count(state.base, "food") - 1
    ate = event("base_ate", "unknown.turn.upkeep", f"the base eats 1 food ({left} left)", food=left)
    new_round = replace(
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
