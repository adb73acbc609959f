"""Solo Pig driven through the core interface (PRINCIPLES §2–4).

``PigGame.node(state)`` says who acts next:

1. a finished game is terminal, with the clause that ended it (``pig.end.win``, ``pig.end.lose``);
2. a rolling die is a chance node: the faces 1 to 6, each with probability 1/6
   (``pig.die.fair``);
3. otherwise the player chooses to roll again or hold (``pig.turn.choose``).

``apply(state, decision)`` returns a :class:`~engine.core.game.Step` whose events each name the
clause that caused them, or raises :class:`~engine.core.errors.IllegalDecision` naming the clause
the decision breaks; the state is frozen, so a refusal leaves it as it was.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from engine.core.errors import IllegalDecision
from engine.core.game import ChanceNode, Event, Node, PlayerNode, Step, TerminalNode
from examples.pig.ruleset import DEFAULT, Ruleset
from examples.pig.state import PigState

FACES = (1, 2, 3, 4, 5, 6)
"""``pig.die.fair``: the faces of the die."""


# -- decisions ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Roll:
    """Roll the die again (``pig.turn.choose``)."""

    def __str__(self) -> str:
        return "rolling again"


@dataclass(frozen=True)
class Hold:
    """Bank the turn total and end the turn (``pig.turn.hold``)."""

    def __str__(self) -> str:
        return "holding"


@dataclass(frozen=True)
class Face:
    """The face a rolling die shows (a chance outcome, ``pig.die.fair``)."""

    value: int

    def __str__(self) -> str:
        return f"a face of {self.value}"


CHANCE = ChanceNode(
    outcomes=tuple((Face(value), Fraction(1, len(FACES))) for value in FACES),
    prompt="the die is rolling",
    clause="pig.die.fair",
)
"""The one chance node of the game (``pig.die.fair``), shared by every roll."""

CHOICE = PlayerNode(
    player="player",
    legal=(Roll(), Hold()),
    prompt="roll the die again or hold",
    clause="pig.turn.choose",
)
"""The one player node of the game (``pig.turn.choose``)."""


def event(kind: str, clause: str, text: str, **data: Any) -> Event:
    """An event of the game, its data in the order given."""
    return Event(kind, clause, text, tuple(data.items()))


# -- the game -----------------------------------------------------------------------------------
class PigGame:
    """The solo Pig reference engine under one set of readings."""

    name = "pig"

    def __init__(self, ruleset: Ruleset = DEFAULT) -> None:
        self.ruleset = ruleset

    def node(self, state: PigState) -> Node:
        """Who acts next in ``state``, and what they may decide."""
        if state.outcome is not None:
            result, clause, _ = state.outcome
            return TerminalNode(result, clause)
        if state.rolling:
            return CHANCE
        return CHOICE

    def apply(self, state: PigState, decision: object) -> Step:
        """Apply ``decision``; ``IllegalDecision`` (naming the clause) leaves ``state`` as it was."""
        if state.outcome is not None:
            raise IllegalDecision("pig.end.over", f"the game is over ({state.outcome[2]})")
        if state.rolling:
            return Step(*self._face(state, decision))
        if isinstance(decision, Roll):
            return Step(*roll_again(state))
        if isinstance(decision, Hold):
            return Step(*self._hold(state))
        if isinstance(decision, Face):
            raise IllegalDecision(
                "pig.die.in-the-air", f"no die is rolling, so {decision} cannot be taken"
            )
        raise IllegalDecision(
            "pig.turn.choose", f"{decision!r} is neither rolling again nor holding"
        )

    # -- the die ------------------------------------------------------------------------------
    def _face(self, state: PigState, decision: object) -> tuple[PigState, tuple[Event, ...]]:
        """``pig.die.in-the-air``: while the die rolls, only its face may come next."""
        if isinstance(decision, Hold) and state.turn_total == 0:
            raise IllegalDecision(
                "pig.turn.first-roll", "a turn opens with a roll: there is nothing to hold yet"
            )
        if not isinstance(decision, Face):
            raise IllegalDecision(
                "pig.die.in-the-air",
                f"the die is rolling: wait for its face ({decision} is not allowed)",
            )
        if decision.value not in FACES:
            raise IllegalDecision("pig.die.fair", f"a die has no face {decision.value}")
        if decision.value == 1:
            return self._end_turn(*roll_one(state))
        return self._reached(*add_face(state, decision.value))

    def _reached(
        self, state: PigState, events: tuple[Event, ...]
    ) -> tuple[PigState, tuple[Event, ...]]:
        """``pig.end.win`` read ``at-once``: the roll that carries bank plus turn total to the
        target banks the turn total and wins; read ``on-hold``, the player still has to hold."""
        if self.ruleset.target_reached != "at-once" or state.bank + state.turn_total < state.target:
            return state, events
        state, banked = bank(state, "pig.end.win", "counts at once")
        return win(state, events + banked)

    # -- the turn -----------------------------------------------------------------------------
    def _hold(self, state: PigState) -> tuple[PigState, tuple[Event, ...]]:
        """``pig.turn.hold``: the turn total goes into the bank and the turn ends."""
        state, events = bank(state, "pig.turn.hold", "held")
        if state.bank >= state.target:
            return win(state, events)
        return self._end_turn(state, events)

    def _end_turn(
        self, state: PigState, events: tuple[Event, ...]
    ) -> tuple[PigState, tuple[Event, ...]]:
        """``pig.end.lose`` after the last turn, else ``pig.turn.next``."""
        if state.turn >= state.turns:
            why = (
                f"the last of {state.turns} turns is over with {state.bank} banked, "
                f"short of {state.target}"
            )
            text = f"lost: {why}"
            return replace(state, outcome=("loss", "pig.end.lose", why)), events + (
                event("loss", "pig.end.lose", text, bank=state.bank),
            )
        state = replace(state, turn=state.turn + 1, turn_total=0, rolling=True)
        text = f"turn {state.turn} of {state.turns} begins: the die is rolled"
        return state, events + (event("turn", "pig.turn.next", text, turn=state.turn),)


def roll_again(state: PigState) -> tuple[PigState, tuple[Event, ...]]:
    """``pig.turn.choose``: the player rolls the die again, the turn total at stake."""
    text = f"rolls again with {state.turn_total} on the turn"
    return replace(state, rolling=True), (
        event("roll", "pig.turn.choose", text, turn_total=state.turn_total),
    )


def roll_one(state: PigState) -> tuple[PigState, tuple[Event, ...]]:
    """``pig.turn.roll-one``: a 1 throws the turn total away; the bank stays."""
    lost = f"the turn's {state.turn_total} is lost" if state.turn_total else "nothing was won"
    text = f"rolled a 1: {lost}, the bank stays at {state.bank}"
    one = event("one", "pig.turn.roll-one", text, face=1, lost=state.turn_total)
    return replace(state, turn_total=0, rolling=False), (one,)


def add_face(state: PigState, face: int) -> tuple[PigState, tuple[Event, ...]]:
    """``pig.turn.add-face``: a face of 2 to 6 is added to the turn total."""
    total = state.turn_total + face
    text = f"rolled a {face}: the turn total is {total}"
    added = event("face", "pig.turn.add-face", text, face=face, turn_total=total)
    return replace(state, turn_total=total, rolling=False), (added,)


def bank(state: PigState, clause: str, how: str) -> tuple[PigState, tuple[Event, ...]]:
    """The turn total moved into the bank (``pig.turn.hold``, or ``pig.end.win`` at once)."""
    total = state.bank + state.turn_total
    text = f"{how}: {state.turn_total} banked, the bank is {total}"
    banked = event("bank", clause, text, amount=state.turn_total, bank=total)
    return replace(state, bank=total, turn_total=0, rolling=False), (banked,)


def win(state: PigState, events: tuple[Event, ...]) -> tuple[PigState, tuple[Event, ...]]:
    """``pig.end.win``: the bank has reached the target."""
    why = f"the bank reached the target {state.target} with {state.bank} in turn {state.turn}"
    won = event("win", "pig.end.win", f"won: {why}", bank=state.bank)
    return replace(state, outcome=("win", "pig.end.win", why)), (*events, won)
