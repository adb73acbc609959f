"""A Hypothesis state machine that plays solo Pig through the core interface.

``@initialize`` draws a target (``pig.game.target``), a number of turns (``pig.game.turns``) and a
reading for every switch of the interpretation ledger, and builds the first state. The one
``@rule`` steps one decision: a chance node by its exact probability (Hypothesis draws a ticket
below the common denominator, so failures shrink towards the first outcome), a player node
uniformly over its legal decisions. After every step the invariants below hold (each names the
rule clause it protects; ``INVARIANTS`` lists them, and ``data/clauses.yaml`` lists them back).
At teardown the recorded decisions are replayed from the first state and must give the same
states and events (determinism).

The module-level interface is the one ``rulings fuzz`` (``properties/fuzz.py``) and the suite
use for every game's machine: ``NAME``, ``EXAMPLES``, ``STEPS``, ``DEEP_STEPS``, the machine
class (``PigMachine``, named by the registry's ``machine`` entry) with its ``decisions`` and
``attempt``, and :func:`replay_setup`; ``TALLY`` counts examples and steps, the turns reached,
the decision kinds and the clauses the events cite.

The invariants are written from the rules text, not from the engine's helpers: the position file
round trip goes through the file module, everything else reads the state's fields.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from engine.core.errors import IllegalDecision
from engine.core.game import ChanceNode, Event, IdleNode, PlayerNode, TerminalNode
from engine.core.playout import chance_problem
from engine.core.serialization import stable_key
from engine.positions import parse_position_text
from examples.pig.files import check_data, state_from_data, state_to_text
from examples.pig.game import Face, Hold, PigGame, Roll
from examples.pig.ruleset import DEFAULT, interpretation_ledger
from examples.pig.state import PigState, first_state
from properties import TALLY, pick
from properties.profiles import scaled

NAME = "pig"
EXAMPLES = scaled(100)
STEPS = 100
DEEP_STEPS = 300
SCHEMA_EVERY = 10
"""Every SCHEMA_EVERY-th state (and the last) goes through YAML text and the JSON Schema; the
others through JSON text."""
MAX_TARGET = 40
MAX_TURNS = 8

Readings = tuple[tuple[str, str], ...]


@cache
def game_for(readings: Readings) -> PigGame:
    return PigGame(DEFAULT.with_readings(**dict(readings)))


def readings_strategy() -> st.SearchStrategy[Readings]:
    """A reading for every switch, the ledger default first (shrinks towards the defaults)."""
    ledger = interpretation_ledger()
    return st.tuples(
        *(
            st.tuples(
                st.just(switch),
                st.sampled_from(
                    [entry["default"]]
                    + sorted(r for r in entry["readings"] if r != entry["default"])
                ),
            )
            for switch, entry in sorted(ledger.items())
        )
    )


# -- the invariants: each returns a list of problems (empty: it holds) -------------------------
def round_trip_problems(
    game: PigGame, state: PigState, schema: bool, as_json: bool = False
) -> list[str]:
    """``pig.turn.next``: a state is whole plain data, so play can resume from its file: the
    position file text reads back as the same state."""
    text = state_to_text(state, as_json)
    data = parse_position_text(text, "machine.yaml", as_json)
    if schema:
        check_data(data, "machine.yaml")
    back = state_from_data(data, "machine.yaml", game.ruleset)
    if back != state:
        return [f"the state does not read back from its file text:\n{text}"]
    return []


def chance_problems(node: Any) -> list[str]:
    """``pig.die.fair``: a roll has the six faces, each listed once with exactly 1/6."""
    if not isinstance(node, ChanceNode):
        return []
    problems = [p for p in [chance_problem(node)] if p]
    faces = sorted(d.value for d, _ in node.outcomes if isinstance(d, Face))
    if faces != [1, 2, 3, 4, 5, 6]:
        problems.append(f"the die shows faces {faces}")
    if len({p for _, p in node.outcomes}) != 1:
        problems.append("the faces are not equally likely")
    return problems


def terminal_problems(game: PigGame, state: PigState, node: Any) -> list[str]:
    """``pig.end.win`` / ``pig.end.lose``: a finished game is a win with the bank at the target
    or a loss after the last turn with the bank short of it, and says why."""
    if state.outcome is None:
        if isinstance(node, TerminalNode):
            return ["a terminal node on a state with no outcome"]
        return (
            ["the bank reached the target but the game goes on"]
            if state.bank >= state.target
            else []
        )
    problems = []
    result, clause, why = state.outcome
    if not isinstance(node, TerminalNode):
        problems.append(f"a finished game ({state.outcome}) is not terminal: {type(node).__name__}")
    if not why:
        problems.append("the outcome does not say why")
    if (result, clause) == ("win", "pig.end.win"):
        if state.bank < state.target:
            problems.append(f"won with {state.bank} of {state.target}")
    elif (result, clause) == ("loss", "pig.end.lose"):
        if state.bank >= state.target or state.turn != state.turns:
            problems.append(f"lost with {state.bank} of {state.target} in turn {state.turn}")
    else:
        problems.append(f"bad outcome {state.outcome}")
    return problems


def dead_end_problems(node: Any) -> list[str]:
    """``pig.turn.next``: an unfinished game always has someone to act: the die, or the player
    with at least one legal decision."""
    if isinstance(node, IdleNode):
        return ["an unfinished game is idle"]
    if isinstance(node, PlayerNode) and not node.legal:
        return [f"the player must decide ({node.prompt}) but nothing is legal"]
    if isinstance(node, ChanceNode) and not node.outcomes:
        return ["a chance node with no outcomes"]
    return []


def turn_problems(state: PigState) -> list[str]:
    """``pig.game.turns`` / ``pig.turn.first-roll``: the turn is one of the agreed turns; a turn
    total is 0 or at least 2; at turn total 0 in a game not over the die is rolling."""
    problems = []
    if not 1 <= state.turn <= state.turns:
        problems.append(f"turn {state.turn} of {state.turns}")
    if state.turn_total == 1 or state.turn_total < 0:
        problems.append(f"a turn total of {state.turn_total}")
    if state.outcome is None and state.turn_total == 0 and not state.rolling:
        problems.append("turn total 0 and the die is not rolling")
    return problems


def bank_problems(
    game: PigGame, before: PigState, decision: Any, after: PigState, events: tuple[Event, ...]
) -> list[str]:
    """``pig.turn.roll-one`` / ``pig.turn.add-face`` / ``pig.turn.hold``: a 1 leaves the bank and
    zeroes the turn total, another face adds to the turn total (read at-once, carrying bank plus
    turn total to the target banks it), a hold moves the turn total into the bank; the bank
    changes by exactly what the events bank."""
    banked = sum(e.get("amount", 0) for e in events if e.kind == "bank")
    problems = []
    if after.bank != before.bank + banked:
        problems.append(f"the bank went {before.bank} -> {after.bank}; the events bank {banked}")
    if isinstance(decision, Face) and decision.value == 1:
        if after.bank != before.bank or after.turn_total != 0:
            problems.append(f"a 1 left bank {after.bank} and turn total {after.turn_total}")
    elif isinstance(decision, Face):
        total = before.turn_total + decision.value
        at_once = game.ruleset.target_reached == "at-once" and before.bank + total >= before.target
        want = (before.bank + total, 0) if at_once else (before.bank, total)
        if (after.bank, after.turn_total) != want:
            problems.append(f"a {decision.value} gave {(after.bank, after.turn_total)}, not {want}")
    elif isinstance(decision, Hold) and after.bank != before.bank + before.turn_total:
        problems.append(f"a hold of {before.turn_total} made the bank {after.bank}")
    elif isinstance(decision, Roll) and (after.bank, after.turn_total) != (
        before.bank,
        before.turn_total,
    ):
        problems.append("rolling again changed the bank or the turn total")
    return problems


INVARIANTS: dict[str, list[str]] = {
    "pig.game.turns": ["turn_problems"],
    "pig.die.fair": ["chance_problems"],
    "pig.die.in-the-air": ["PigMachine.offer_wrong_decision"],
    "pig.turn.first-roll": ["turn_problems"],
    "pig.turn.roll-one": ["bank_problems"],
    "pig.turn.add-face": ["bank_problems"],
    "pig.turn.hold": ["bank_problems"],
    "pig.turn.next": ["round_trip_problems", "dead_end_problems", "PigMachine.teardown"],
    "pig.end.win": ["terminal_problems"],
    "pig.end.lose": ["terminal_problems"],
    "pig.end.over": ["PigMachine.no_decision_after_the_end"],
}
"""Rule clause ID -> the invariants (functions of this module) that protect it."""


class PigMachine(RuleBasedStateMachine):
    """Plays one game of solo Pig, checking every invariant after every step."""

    def __init__(self) -> None:
        super().__init__()
        self.game: PigGame | None = None
        self.start: PigState | None = None
        self.state: PigState | None = None
        self.before: PigState | None = None
        self.last: Any = None
        self.events: tuple[Event, ...] = ()
        self.decisions: list[Any] = []
        self.trail: list[tuple[PigState, tuple[Event, ...]]] = []
        self.steps = 0
        self.readings: Readings = ()
        self.attempt: Any = None
        """The decision being applied: set while ``apply`` runs, so a crash can be replayed."""
        self.checked: int = -1
        """The step count at the last invariant check: the rules that apply no decision
        (wrong decisions, decisions after the end) leave the state as it was, so it is checked
        once per decision."""
        TALLY.machine_started(NAME, self)

    @initialize(
        goal=st.integers(1, MAX_TARGET),
        turns=st.integers(1, MAX_TURNS),
        readings=readings_strategy(),
    )
    def setup(self, goal: int, turns: int, readings: Readings) -> None:
        """A game to ``goal`` (``target`` is Hypothesis's own keyword) in ``turns`` turns."""
        self.game = game_for(readings)
        self.readings = readings
        self.start = first_state(goal, turns)
        self.state = self.before = self.start
        self.trail = [(self.start, ())]

    @precondition(lambda self: self.state is not None and self.state.outcome is None)
    @rule(data=st.data())
    def step(self, data: st.DataObject) -> None:
        assert self.game is not None and self.state is not None
        node = self.game.node(self.state)
        assert not dead_end_problems(node), dead_end_problems(node)
        decision = pick(data.draw, node)
        self.attempt = decision
        result = self.game.apply(self.state, decision)
        self.attempt = None
        self.decisions.append(decision)
        TALLY.step(NAME, decision, result.events, isinstance(node, ChanceNode))
        self.before, self.last = self.state, decision
        self.state, self.events = result.state, result.events
        self.trail.append((result.state, result.events))
        self.steps += 1

    def check(self, problems: list[str]) -> None:
        assert not problems, (
            f"after {self.steps} decisions (last {self.decisions[-3:]}), "
            f"turn {self.state.turn if self.state else '?'}: " + "; ".join(problems)
        )

    @invariant()
    def state_invariants(self) -> None:
        if self.game is None or self.state is None or self.checked == self.steps:
            return
        self.checked = self.steps
        game, state = self.game, self.state
        node = game.node(state)
        self.check(
            round_trip_problems(
                game,
                state,
                schema=self.steps % SCHEMA_EVERY == 0,
                as_json=self.steps % SCHEMA_EVERY != 0,
            )
            + chance_problems(node)
            + terminal_problems(game, state, node)
            + (dead_end_problems(node) if state.outcome is None else [])
            + turn_problems(state)
        )

    @invariant()
    def step_invariants(self) -> None:
        if self.game is None or self.state is None or self.before is None or not self.steps:
            return
        self.check(bank_problems(self.game, self.before, self.last, self.state, self.events))

    @precondition(lambda self: self.state is not None and self.state.outcome is None)
    @rule()
    def offer_wrong_decision(self) -> None:
        """``pig.die.in-the-air``: a decision the rules do not offer now (rolling or holding while
        the die rolls, a face while it is down, a face the die lacks, or no decision of this game)
        raises ``IllegalDecision`` and leaves the state as it was."""
        assert self.game is not None and self.state is not None
        node = self.game.node(self.state)
        offered = node.legal if isinstance(node, PlayerNode) else [d for d, _ in node.outcomes]
        wrong = ["not a decision", Face(0), Face(7), Face(3), Roll(), Hold()]
        key = stable_key(self.state)
        for decision in (d for d in wrong if d not in offered):
            self.attempt = decision
            try:
                self.game.apply(self.state, decision)
            except IllegalDecision:
                self.attempt = None
            else:
                raise AssertionError(f"{decision!r} was accepted at {node!r}")
            assert stable_key(self.state) == key, "a refused decision changed the state"

    @precondition(lambda self: self.state is not None and self.state.outcome is not None)
    @rule()
    def no_decision_after_the_end(self) -> None:
        """``pig.end.over``: once the game is over, ``apply`` refuses every decision, citing
        ``pig.end.over``."""
        assert self.game is not None and self.state is not None
        for decision in (Roll(), Hold(), *(Face(v) for v in range(1, 7))):
            try:
                self.game.apply(self.state, decision)
            except IllegalDecision as refusal:
                assert refusal.clause == "pig.end.over", refusal
                continue
            raise AssertionError(f"a finished game accepted {decision}")

    def teardown(self) -> None:
        """``pig.turn.next``, determinism: the same decisions from the same start give the same
        states and events; the last state also reads back through YAML and the schema."""
        TALLY.example(NAME, self.state)
        if self.game is None or self.state is None or self.attempt is not None:
            return  # not set up, or the engine crashed mid-decision (that failure is reported)
        assert self.start is not None
        state = self.start
        for i, decision in enumerate(self.decisions, start=1):
            result = self.game.apply(state, decision)
            want_state, want_events = self.trail[i]
            assert result.state == want_state, f"decision {i} ({decision}) gave another state"
            assert result.events == want_events, f"decision {i} ({decision}) gave other events"
            state = result.state
        assert stable_key(state) == stable_key(self.state)
        self.check(round_trip_problems(self.game, self.state, schema=True))


def replay_setup(machine: PigMachine) -> tuple[PigGame, PigState, Readings]:
    """The engine, the start state of a played example and the readings it was played under."""
    assert machine.game is not None and machine.start is not None
    return machine.game, machine.start, machine.readings
