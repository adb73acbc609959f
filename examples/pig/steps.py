"""Steps for the solo Pig scenarios (``examples/pig/features/``), loaded as a pytest plugin.

A scenario sets up a game and a turn in progress, then plays decisions through the core
interface only (``PigGame.node`` / ``apply``, PRINCIPLES §3). Every step names the game
("the Pig die", "the Pig bank"), so no step here matches another game's scenario text.

* ``Given a game of Pig to T in N turns`` starts a game (``pig.game.target``,
  ``pig.game.turns``) at its first roll; ``And the Pig player is in turn K with B banked and S on
  the turn`` puts it in the middle of a turn (with S above 0 the die is down and the player
  chooses; with S = 0 the turn's first roll is under way). ``And Pig's rules read "SWITCH" as
  "READING"`` picks a reading of the ledger.
* Two kinds of ``When``: "the Pig player holds" (and the other plain forms) must be accepted, a
  refusal fails the scenario at once; "the Pig player tries to ..." and "the Pig die is said to
  show F without a roll" record the engine's answer for a later ``Then the Pig decision is
  refused citing <clause>``, which also checks that the state did not change.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

import pytest
from pytest_bdd import given, parsers, then, when

from engine.core.errors import IllegalDecision
from engine.core.game import ChanceNode, Event, Node, PlayerNode, TerminalNode
from engine.core.serialization import stable_key
from examples.pig.files import state_problem
from examples.pig.game import Face, Hold, PigGame, Roll
from examples.pig.ruleset import DEFAULT
from examples.pig.state import PigState, first_state

SAID = {Roll(): "roll again", Hold(): "hold"}
"""How a scenario names the player's decisions."""


@dataclass(frozen=True)
class PassTurn:
    """A decision solo Pig does not have (ending a turn without holding)."""


def start_readings() -> dict[str, str]:
    """The readings ``--rulings-reading`` forces for Pig (none if the capture plugin keeps no
    entry for the game)."""
    from tests.steps.capture import forced_readings

    try:
        return forced_readings("pig")
    except KeyError:
        return {}


@dataclass
class PigWorld:
    """One scenario: the readings, the state, and the answer to the last decision."""

    readings: dict[str, str] = field(default_factory=start_readings)
    state: PigState | None = None
    events: tuple[Event, ...] = ()
    before: PigState | None = None
    refused: IllegalDecision | None = None
    tried: bool = False

    @property
    def game(self) -> PigGame:
        return PigGame(DEFAULT.with_readings(**self.readings))

    def now(self) -> PigState:
        assert self.state is not None, "no game yet: start with 'Given a game of Pig to ...'"
        return self.state

    def node(self) -> Node:
        return self.game.node(self.now())

    def apply(self, decision: object, trying: bool = False) -> None:
        """Apply a decision; a refusal fails the scenario unless the step only tries."""
        state = self.now()
        self.before, self.refused, self.tried = state, None, trying
        try:
            step = self.game.apply(state, decision)
        except IllegalDecision as refusal:
            if not trying:
                raise AssertionError(f"{decision} was refused: {refusal}") from refusal
            self.refused = refusal
            return
        if trying:
            raise AssertionError(f"{decision} was accepted, giving {step.events}")
        self.state, self.events = step.state, tuple(step.events)


@pytest.fixture
def pig() -> PigWorld:
    """The solo Pig scenario being played."""
    return PigWorld()


# --- Given ---------------------------------------------------------------------------------------


@given(parsers.re(r"a game of Pig to (?P<target>\d+) in (?P<turns>\d+) turns?"))
def given_game(pig: PigWorld, target: str, turns: str) -> None:
    """``pig.game.target`` / ``pig.game.turns``: a new game, its first roll under way."""
    pig.state = first_state(int(target), int(turns))


@given(
    parsers.re(
        r"the Pig player is in turn (?P<turn>\d+) with (?P<bank>\d+) banked "
        r"and (?P<total>\d+) on the turn"
    )
)
def given_turn(pig: PigWorld, turn: str, bank: str, total: str) -> None:
    """A turn in progress; it must be a position the rules can reach."""
    state = replace(
        pig.now(), turn=int(turn), bank=int(bank), turn_total=int(total), rolling=total == "0"
    )
    problem = state_problem(state, pig.game.ruleset)
    assert problem is None, f"the rules never reach this position: {problem}"
    pig.state = state


@given(parsers.re(r'Pig\'s rules read "(?P<switch>[a-z-]+)" as "(?P<reading>[a-z-]+)"'))
def given_reading(pig: PigWorld, switch: str, reading: str) -> None:
    """A reading of the interpretation ledger (``data/interpretations.yaml``)."""
    DEFAULT.with_readings(**{switch: reading})  # a switch or reading the ledger lacks fails here
    pig.readings[switch] = reading


# --- When ----------------------------------------------------------------------------------------


@when(parsers.re(r"the Pig die shows (?P<face>\d+)"))
def when_face(pig: PigWorld, face: str) -> None:
    """``pig.die.fair``: the rolling die comes down showing ``face``."""
    pig.apply(Face(int(face)))


@when("the Pig player rolls again")
def when_roll(pig: PigWorld) -> None:
    pig.apply(Roll())


@when("the Pig player holds")
def when_hold(pig: PigWorld) -> None:
    pig.apply(Hold())


@when(
    parsers.re(r"the Pig player tries to (?P<what>roll again|hold|pass the turn without holding)")
)
def when_try(pig: PigWorld, what: str) -> None:
    decision = {"roll again": Roll(), "hold": Hold()}.get(what, PassTurn())
    pig.apply(decision, trying=True)


@when(parsers.re(r"the Pig die is said to show (?P<face>\d+) without a roll"))
def when_try_face(pig: PigWorld, face: str) -> None:
    pig.apply(Face(int(face)), trying=True)


# --- Then ----------------------------------------------------------------------------------------


@then(parsers.re(r"the Pig decision is refused citing (?P<clause>pig\.[a-z.-]+)"))
def then_refused(pig: PigWorld, clause: str) -> None:
    """The tried decision raised ``IllegalDecision`` naming ``clause``; nothing changed."""
    assert pig.tried, "no decision was tried: use 'When the Pig player tries to ...'"
    assert pig.refused is not None, "the decision was not refused"
    assert pig.refused.clause == clause, f"refused citing {pig.refused.clause}, not {clause}"
    assert pig.before is not None and stable_key(pig.now()) == stable_key(pig.before)


@then(parsers.re(r"the Pig events cite (?P<clauses>pig\.[a-z.-]+(?: and pig\.[a-z.-]+)*)"))
def then_events(pig: PigWorld, clauses: str) -> None:
    """The last decision's events, in order, name exactly these clauses."""
    cited = [e.clause for e in pig.events]
    assert cited == clauses.split(" and "), f"the events cite {cited}"


@then(parsers.re(r"the Pig event says a 1 was rolled and (?P<lost>nothing|\d+) was lost"))
def then_one_lost(pig: PigWorld, lost: str) -> None:
    """``pig.turn.roll-one``: the event of the 1 gives the face and the turn total thrown away,
    and its text says what was lost (nothing, on a turn's first roll)."""
    (one,) = [e for e in pig.events if e.kind == "one"]
    amount = 0 if lost == "nothing" else int(lost)
    assert (one.get("face"), one.get("lost")) == (1, amount), f"the event gives {one.data}"
    said = "nothing was won" if amount == 0 else f"the turn's {amount} is lost"
    assert said in one.text, f"the event says {one.text!r}"


@then(parsers.re(r"the Pig bank is (?P<n>\d+)"))
def then_bank(pig: PigWorld, n: str) -> None:
    assert pig.now().bank == int(n), f"the bank is {pig.now().bank}"


@then(parsers.re(r"the Pig turn total is (?P<n>\d+)"))
def then_turn_total(pig: PigWorld, n: str) -> None:
    assert pig.now().turn_total == int(n), f"the turn total is {pig.now().turn_total}"


@then(parsers.re(r"the Pig target is (?P<n>\d+)"))
def then_target(pig: PigWorld, n: str) -> None:
    assert pig.now().target == int(n), f"the target is {pig.now().target}"


@then(parsers.re(r"it is Pig turn (?P<turn>\d+) of (?P<turns>\d+)"))
def then_turn(pig: PigWorld, turn: str, turns: str) -> None:
    state = pig.now()
    assert (state.turn, state.turns) == (int(turn), int(turns)), (
        f"it is turn {state.turn} of {state.turns}"
    )
    assert not isinstance(pig.node(), TerminalNode), "the game is over"


@then("the Pig die is rolling")
def then_rolling(pig: PigWorld) -> None:
    """``pig.die.in-the-air``: a chance node is next."""
    assert isinstance(pig.node(), ChanceNode), f"the die is not rolling: {pig.node()}"


@then(parsers.re(r"the Pig player must choose among: (?P<options>.+)"))
def then_choices(pig: PigWorld, options: str) -> None:
    """``pig.turn.choose``: the whole set of decisions offered."""
    node = pig.node()
    assert isinstance(node, PlayerNode), f"the player is not choosing: {node}"
    offered = {SAID.get(d, str(d)) for d in node.legal}
    assert offered == set(options.split(" and ")), f"offered: {sorted(offered)}"


@then(parsers.re(r"the Pig die shows each face from 1 to 6 with probability 1/6"))
def then_fair(pig: PigWorld) -> None:
    """``pig.die.fair``: six outcomes, one per face, each exactly 1/6."""
    node = pig.node()
    assert isinstance(node, ChanceNode), f"the die is not rolling: {node}"
    outcomes: dict[Any, Fraction] = dict(node.outcomes)
    assert outcomes == {Face(v): Fraction(1, 6) for v in range(1, 7)}, outcomes


@then(parsers.re(r"the Pig game is (?P<result>won|lost) citing (?P<clause>pig\.[a-z.-]+)"))
def then_over(pig: PigWorld, result: str, clause: str) -> None:
    node = pig.node()
    want = "win" if result == "won" else "loss"
    assert isinstance(node, TerminalNode), f"the game is not over: {node}"
    assert (node.outcome, node.clause) == (want, clause), f"{node.outcome} citing {node.clause}"


@then("the Pig game is not over")
def then_not_over(pig: PigWorld) -> None:
    assert not isinstance(pig.node(), TerminalNode), f"the game is over: {pig.now().outcome}"
