"""A Hypothesis state machine that plays Under Falling Skies through the core interface.

``@initialize`` draws a shipped scenario (``engine/falling_skies/data/scenarios/*.yaml``) and a
reading for every switch of the interpretation ledger (``Ruleset`` fields), and builds the
game's initial state; it also draws the share of the player decisions the expert player takes
in this example and the expert's seed (:class:`properties.Mixture`: uniform play seldom gets
past the first research steps). Some examples (a start ticket's top value,
:func:`properties.starts`, shrinking towards the scenario's initial state) begin instead at a
curated start (:data:`CURATED`): a position file of ``tests/data/positions/falling_skies/`` with
a decision to take, or one of them with robots built, under the readings it is played with. The
one ``@rule`` steps one decision: a chance node by its exact probability (Hypothesis draws a
ticket below the common denominator, so failures shrink towards the first outcome), a player
node by the expert or uniformly over its legal decisions; every
``WRONG_EVERY``-th decision, decisions the rules do not offer are tried first and must be
refused; once the game is over, the step checks that no decision is accepted, and the unchanged
state is not checked again. After every decision the invariants below hold (each names the rule
clause it protects; ``INVARIANTS`` lists them). The position
file round trip runs every ``ROUND_TRIP_EVERY``-th state (through the JSON Schema every
``SCHEMA_EVERY``-th) and on the last. At teardown the recorded decisions are replayed from the
start state (built or read again) and must give the same states and events (determinism).

Sizes: ``EXAMPLES`` examples of ``STEPS`` steps in the test (``properties/test_machines.py``);
``rulings fuzz`` plays ``DEEP_STEPS`` per example at the deep profile (``properties/fuzz.py``).
The clause index (``engine/falling_skies/data/clauses.yaml``, field ``invariants``) lists the
pairs of ``INVARIANTS`` (``tests/test_invariant_index.py`` keeps the two in step). ``TALLY``
counts examples and steps, the rounds reached, the decision kinds, the clauses the events cite,
and (``marks``) the research step each example ended on.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, ClassVar

from hypothesis import HealthCheck
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from engine.core import registry
from engine.core.errors import IllegalDecision
from engine.core.game import ChanceNode, Event, IdleNode, PlayerNode, TerminalNode
from engine.core.playout import chance_problem
from engine.core.serialization import stable_key
from engine.falling_skies.files import state_from_data, state_to_text
from engine.falling_skies.game import (
    EndRoomPhase,
    FallingSkiesGame,
    LaunchColumn,
    MoveExcavator,
    PlaceDie,
)
from engine.falling_skies.ruleset import DEFAULT, interpretation_ledger
from engine.falling_skies.scenario import DATA, Scenario, load_scenario
from engine.falling_skies.state import FSState
from engine.positions import check_position_data, parse_position_text
from properties import TALLY, Mixture, expert_mixes, starts
from properties.profiles import scaled

SCENARIOS = sorted((DATA / "scenarios").glob("*.yaml"))
EXAMPLES = scaled(40)
SUPPRESSED_HEALTH_CHECKS = (HealthCheck.too_slow, HealthCheck.data_too_large)
"""The health checks the suite's run suppresses (``properties/test_machines.py``)."""
STEPS = 100
DEEP_STEPS = 300
NAME = "falling-skies"
WRONG_EVERY = 5
"""Every WRONG_EVERY-th decision (the first included), wrong decisions are offered first."""
ROUND_TRIP_EVERY = 5
"""Every ROUND_TRIP_EVERY-th state (the first included) and the last goes through its position
file text."""
SCHEMA_EVERY = 20
"""Of those, every SCHEMA_EVERY-th state (and the last) goes through YAML text and the JSON
Schema (both slow in pure Python); the others through JSON text."""

DAMAGE_CLAUSES = ("fs.damage.hit", "fs.mothership.action.damage")
POSITIONS = Path(__file__).resolve().parent.parent / "tests/data/positions/falling_skies"
ROBOT_STARTS = ("mid-placement.yaml", "room-phase.yaml")
"""Curated positions also played with robots in the city (``<name>+robots``)."""
ROBOT_READINGS: tuple[tuple[str, str], ...] = (("robot-rooms", "robots"),)
"""The readings a start with robots is played under: robot rooms make the published robots."""
ROBOT_FACES = (2, 4)
"""The faces of the ready robots put in the city: each wears by one a use
(``fs.room-effects.robot.wear``), so both may still stand when a robot room makes a third
(``fs.room-effects.robot.limit``, ``fs.room-effects.robot.take-off``)."""
IDLE_ROOMS = ("aa_gun", "tunnel", "robot")
"""Rooms a robot is not put on: one where it does nothing, or makes no use of its face."""
CURATED = (
    *(path.name for path in sorted(POSITIONS.glob("*.yaml"))),
    *(f"{name}+robots" for name in ROBOT_STARTS),
)
"""The curated starts an example may begin at instead of a scenario's first roll
(:func:`properties.starts`): the position files of ``tests/data/positions/falling_skies/``,
each a state with a decision to take (dice to roll or place, a launch tie, a room phase, late in
a game), opened under the default readings as ``rulings resolve`` opens them (none names
another); and ``<name>+robots``: that position with ready robots of :data:`ROBOT_FACES` on its
first empty excavated spaces of working rooms, under :data:`ROBOT_READINGS` (random play seldom
builds robots). ``test_every_curated_start_opens_to_a_decision`` checks that each opens to a
decision."""


CURATED_TICKETS = 6
"""A start ticket is drawn below this (:func:`properties.starts`), so curated starts are rarer
here than in Unknown's machine: every curated position is in round 3 or later, and a break that
shows from some round on shows at one of them at once, its shrunk replay being that start with
no decision; met first from a set-up (more often, so), the replay plays up to the round where
it shows."""


def read_curated(label: str) -> tuple[FallingSkiesGame, FSState, tuple[tuple[str, str], ...]]:
    """The engine, state and readings of the curated start ``label``, read from its file."""
    name, _, extra = label.partition("+")
    path = POSITIONS / name
    opened = registry.open_file(path)
    if extra != "robots":
        return opened.game, opened.state, ()
    spec, data = registry.parse_file(path)
    game, state = opened.game, opened.state
    kind = {at: room.kind for room in game.scenario.rooms for at in room.spaces}
    taken = {(d.row, d.column) for d in state.placed}
    free = [
        at
        for at in game.board.path[: state.excavator + 1]
        if at not in taken and kind.get(at) not in IDLE_ROOMS
    ]
    robots = [
        {"row": row, "column": column, "value": face}
        for (row, column), face in zip(free, ROBOT_FACES, strict=False)
    ]
    with_robots = registry.open_data(
        spec, {**data, "robots": robots}, str(path), spec.ruleset(dict(ROBOT_READINGS))
    )
    return with_robots.game, with_robots.state, ROBOT_READINGS


@cache
def curated_start(label: str) -> tuple[FallingSkiesGame, FSState, tuple[tuple[str, str], ...]]:
    """:func:`read_curated`, read once per run (states are frozen)."""
    return read_curated(label)


@cache
def scenario(path: Path) -> Scenario:
    return load_scenario(path)


@cache
def game_for(path: Path, readings: tuple[tuple[str, str], ...]) -> FallingSkiesGame:
    return FallingSkiesGame(scenario(path), DEFAULT.with_readings(**dict(readings)))


def readings_strategy() -> st.SearchStrategy[tuple[tuple[str, str], ...]]:
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
    game: FallingSkiesGame, state: FSState, schema: bool, as_json: bool = False
) -> list[str]:
    """``fs.round.phases``: a state is whole plain data, so play can resume from its file: the
    position file text reads back as the same state."""
    text = state_to_text(state, game.scenario, as_json, game.ruleset)
    data = parse_position_text(text, "machine.yaml", as_json)
    if schema:
        check_position_data(data, "machine.yaml")
    back = state_from_data(data, "machine.yaml", game.ruleset, scenario=game.scenario)
    if back != state:
        return [f"the state does not read back from its file text:\n{text}"]
    return []


def chance_problems(node: Any) -> list[str]:
    """``fs.dice.roll``: a roll's outcomes are distinct, each with a positive exact probability,
    summing exactly to 1."""
    if not isinstance(node, ChanceNode):
        return []
    problem = chance_problem(node)
    problems = [f"chance node: {problem}"] if problem else []
    if len({d for d, _ in node.outcomes}) != len(node.outcomes):
        problems.append("a chance outcome is listed twice")
    return problems


def terminal_problems(game: FallingSkiesGame, state: FSState, node: Any) -> list[str]:
    """``fs.end.win`` / ``fs.end.lose-skull`` / ``fs.end.lose-damage``: a finished game says
    win or loss and why (an end clause), nothing is pending, and no decision is accepted."""
    if state.outcome is None:
        return (
            ["a terminal node on a state with no outcome"] if isinstance(node, TerminalNode) else []
        )
    problems = []
    result, clause, why = state.outcome
    if not isinstance(node, TerminalNode):
        problems.append(f"a finished game ({state.outcome}) is not terminal: {type(node).__name__}")
    if (result, clause) not in (
        ("win", "fs.end.win"),
        ("loss", "fs.end.lose-skull"),
        ("loss", "fs.end.lose-damage"),
    ):
        problems.append(f"bad outcome {state.outcome}")
    if not why:
        problems.append("the outcome does not say why")
    if state.pending:
        problems.append(f"a finished game has pending steps {state.pending}")
    if result == "win" and state.research != len(game.scenario.research):
        problems.append(f"won with research {state.research}")
    if clause == "fs.end.lose-damage" and state.damage < game.board.damage_limit:
        problems.append(f"lost to damage with damage {state.damage}")
    return problems


def dead_end_problems(node: Any) -> list[str]:
    """``fs.round.phases``: an unfinished game always has someone to act: a chance node or a
    player node with at least one legal decision."""
    if isinstance(node, IdleNode):
        return ["an unfinished game is idle"]
    if isinstance(node, PlayerNode) and not node.legal:
        return [f"the player must decide ({node.prompt}) but nothing is legal"]
    if isinstance(node, ChanceNode) and not node.outcomes:
        return ["a chance node with no outcomes"]
    return []


def one_die_per_column_problems(game: FallingSkiesGame, state: FSState) -> list[str]:
    """``fs.dice.one-per-column``: at most one die in each column of the city, on the board."""
    columns = [d.column for d in state.placed]
    problems = []
    if len(set(columns)) != len(columns):
        problems.append(f"two dice in one column: {state.placed}")
    for d in state.placed:
        if not (1 <= d.column <= game.scenario.columns and 1 <= d.row <= game.scenario.city_rows):
            problems.append(f"a die off the city: {d}")
        if not 1 <= d.value <= 6:
            problems.append(f"a die showing {d.value}")
    return problems


def track_problems(game: FallingSkiesGame, state: FSState) -> list[str]:
    """``fs.room-effects.energy`` / ``fs.room-effects.research``: the energy marker stays on its
    track (0 to the top) and research within its steps (the top only in a won game)."""
    problems = []
    top_energy = game.scenario.energy_max
    if not 0 <= state.energy <= top_energy:
        problems.append(f"energy {state.energy} is off its track 0-{top_energy}")
    top = len(game.scenario.research)
    if not 0 <= state.research <= top:
        problems.append(f"research {state.research} is off its track 0-{top}")
    if state.research == top and (state.outcome is None or state.outcome[0] != "win"):
        problems.append("research at the top but the game is not won")
    return problems


def excavator_problems(game: FallingSkiesGame, state: FSState) -> list[str]:
    """``fs.excavator.path``: the excavator stands on its path."""
    if not 0 <= state.excavator < len(game.board.path):
        return [f"excavator index {state.excavator} is off its path of {len(game.board.path)}"]
    return []


def white_supply_problems(game: FallingSkiesGame, state: FSState) -> list[str]:
    """``fs.white-ships.limited``: white ships in play plus those shot down never exceed the
    supply."""
    whites = sum(1 for s in state.ships if s.color == "white")
    if whites + state.whites_destroyed > game.scenario.white_ships:
        return [
            f"{whites} white ships in play and {state.whites_destroyed} shot down; "
            f"the supply is {game.scenario.white_ships}"
        ]
    return []


def ship_conservation_problems(
    game: FallingSkiesGame, before: FSState, after: FSState, events: tuple[Event, ...]
) -> list[str]:
    """``fs.ships.mothership-icon.recover`` / ``fs.white-ships.shot-down``: every ship is on the
    board, on the mothership or destroyed: purple ships are never lost, distinct ids, one ship
    per sky space, and white ships appear or vanish only by the mothership's white action and by
    being shot down."""
    problems = []
    ids = [s.id for s in after.ships]
    if len(set(ids)) != len(ids):
        problems.append(f"a ship id is listed twice: {ids}")
    purple = sum(1 for s in after.ships if s.color == "purple")
    if purple != game.scenario.purple_ships:
        problems.append(f"{purple} purple ships; the scenario has {game.scenario.purple_ships}")
    spaces = [(s.row, s.column) for s in after.ships if not s.waiting]
    if len(set(spaces)) != len(spaces):
        problems.append(f"two ships share a sky space: {after.ships}")
    for s in after.ships:
        if (s.row is None) != (s.column is None):
            problems.append(f"ship {s.id} is half on the board: {s}")
        elif not s.waiting and not (
            1 <= s.row <= len(game.scenario.sky) and 1 <= s.column <= game.scenario.columns
        ):
            problems.append(f"ship {s.id} is off the sky: {s}")
    old_whites = {s.id for s in before.ships if s.color == "white"}
    new_whites = {s.id for s in after.ships if s.color == "white"}
    destroyed = after.whites_destroyed - before.whites_destroyed
    if destroyed < 0:
        problems.append("the count of white ships shot down went down")
    if len(old_whites - new_whites) != destroyed:
        problems.append(
            f"white ships {sorted(old_whites - new_whites)} left play; {destroyed} were shot down"
        )
    added = new_whites - old_whites
    if added and not any(e.clause == "fs.mothership.action.white" for e in events):
        problems.append(f"white ships {sorted(added)} appeared with no white action")
    return problems


def damage_problems(before: FSState, after: FSState, events: tuple[Event, ...]) -> list[str]:
    """``fs.damage.hit`` / ``fs.mothership.action.damage``: damage rises only by one per ship
    reaching the city or by a mothership damage action, as the step's events say."""
    hits = [e for e in events if e.kind == "damage"]
    problems = []
    for e in hits:
        if e.clause not in DAMAGE_CLAUSES:
            problems.append(f"damage by clause {e.clause}")
        if e.clause == "fs.damage.hit" and e.get("amount") != 1:
            problems.append(f"a ship hit the city for {e.get('amount')}")
    expected = before.damage + sum(e.get("amount", 0) for e in hits)
    if after.damage != expected:
        problems.append(
            f"damage went from {before.damage} to {after.damage}; the events account for "
            f"{expected - before.damage}"
        )
    return problems


INVARIANTS: dict[str, list[str]] = {
    "fs.round.phases": [
        "round_trip_problems",
        "dead_end_problems",
        "FallingSkiesMachine.offer_wrong_decision",
        "FallingSkiesMachine.teardown",
    ],
    "fs.dice.roll": ["chance_problems"],
    "fs.end.win": ["terminal_problems", "FallingSkiesMachine.no_decision_after_the_end"],
    "fs.end.lose-skull": ["terminal_problems"],
    "fs.end.lose-damage": ["terminal_problems"],
    "fs.dice.one-per-column": ["one_die_per_column_problems"],
    "fs.room-effects.energy": ["track_problems"],
    "fs.room-effects.research": ["track_problems"],
    "fs.excavator.path": ["excavator_problems"],
    "fs.white-ships.limited": ["white_supply_problems"],
    "fs.ships.mothership-icon.recover": ["ship_conservation_problems"],
    "fs.white-ships.shot-down": ["ship_conservation_problems"],
    "fs.damage.hit": ["damage_problems"],
    "fs.mothership.action.damage": ["damage_problems"],
}
"""Rule clause ID -> the invariants (functions of this module) that protect it."""


class FallingSkiesMachine(RuleBasedStateMachine):
    """Plays one game of Under Falling Skies, checking every invariant after every step."""

    TOUR_START: ClassVar[str | None] = None
    """The curated start (:data:`CURATED`) every example begins at in a tour batch of ``rulings
    fuzz`` (:func:`properties.fuzz.tour_of`); ``None``: the start is drawn."""

    def __init__(self) -> None:
        super().__init__()
        self.game: FallingSkiesGame | None = None
        self.state: FSState | None = None
        self.before: FSState | None = None
        self.events: tuple[Event, ...] = ()
        self.decisions: list[Any] = []
        self.trail: list[tuple[FSState, tuple[Event, ...]]] = []
        self.steps = 0
        self.readings: tuple[tuple[str, str], ...] = ()
        self.attempt: Any = None
        """The decision being applied: set while ``apply`` runs, so a crash can be replayed."""
        self.mix: Mixture | None = None
        self.start: FSState | None = None
        """The state the example began at (the scenario's initial state or a curated one)."""
        self.curated: str | None = None
        """The curated start this example began at (``None``: a scenario's initial state)."""
        self.fresh = False
        """Whether the state changed since the invariants last ran (they run only then)."""
        TALLY.machine_started(NAME, self)

    PLAYS_READINGS = True

    @initialize(
        path=st.sampled_from(SCENARIOS),
        readings=readings_strategy(),
        mix=expert_mixes(),
        start=starts(CURATED, CURATED_TICKETS),
    )
    def setup(
        self,
        path: Path,
        readings: tuple[tuple[str, str], ...],
        mix: tuple = (0.0, 0),
        start: str | None = None,
    ) -> None:
        """A shipped scenario's initial state under the drawn readings, or the curated
        ``start`` (:data:`CURATED`) under its own, and who plays it (the expert's share); a tour batch
        of ``rulings fuzz`` begins every example at its ``TOUR_START`` instead."""
        start = self.TOUR_START or start
        self.curated = start
        if start is None:
            self.game = game_for(path, readings)
            self.readings = readings
            self.start = self.game.initial_state()
        else:
            self.game, self.start, self.readings = curated_start(start)
        self.mix = Mixture(NAME, self.game, *mix)
        self.state = self.start
        self.before = self.state
        self.events = ()
        self.trail = [(self.state, ())]
        self.fresh = True

    @rule(data=st.data())
    def step(self, data: st.DataObject) -> None:
        """One decision, or once the game is over, the check that none is taken. The machine's
        only rule, since Hypothesis switches rules off at random and an example whose one
        runnable rule is off is thrown away."""
        assert self.game is not None and self.state is not None and self.mix is not None
        if self.state.outcome is not None:
            self.no_decision_after_the_end()
            return
        if self.steps % WRONG_EVERY == 0:
            self.offer_wrong_decision()
        node = self.game.node(self.state)
        assert not dead_end_problems(node), dead_end_problems(node)
        decision = self.mix.decide(data.draw, self.state, node)
        self.attempt = decision
        result = self.game.apply(self.state, decision)
        self.attempt = None
        self.decisions.append(decision)
        TALLY.step(NAME, decision, result.events, isinstance(node, ChanceNode))
        self.before, self.state, self.events = self.state, result.state, result.events
        self.trail.append((result.state, result.events))
        self.steps += 1
        self.fresh = True

    def check(self, problems: list[str]) -> None:
        assert not problems, (
            f"after {self.steps} decisions (last {self.decisions[-3:]}), "
            f"round {self.state.round if self.state else '?'}: " + "; ".join(problems)
        )

    @precondition(lambda self: self.fresh)
    @invariant()
    def state_invariants(self) -> None:
        if self.game is None or self.state is None:
            return
        game, state = self.game, self.state
        node = game.node(state)
        trip = self.steps % ROUND_TRIP_EVERY == 0
        schema = self.steps % SCHEMA_EVERY == 0
        self.check(
            (round_trip_problems(game, state, schema=schema, as_json=not schema) if trip else [])
            + chance_problems(node)
            + terminal_problems(game, state, node)
            + (dead_end_problems(node) if state.outcome is None else [])
            + one_die_per_column_problems(game, state)
            + track_problems(game, state)
            + excavator_problems(game, state)
            + white_supply_problems(game, state)
        )

    @precondition(lambda self: self.fresh)
    @invariant()
    def step_invariants(self) -> None:
        if self.game is None or self.state is None or self.before is None:
            return
        self.check(
            ship_conservation_problems(self.game, self.before, self.state, self.events)
            + damage_problems(self.before, self.state, self.events)
        )

    def offer_wrong_decision(self) -> None:
        """``fs.round.phases``: a decision the rules do not offer now (another phase's, a column
        or die that is not there, or no decision of this game) raises ``IllegalDecision`` and
        leaves the state as it was."""
        assert self.game is not None and self.state is not None
        node = self.game.node(self.state)
        offered = node.legal if isinstance(node, PlayerNode) else [d for d, _ in node.outcomes]
        columns = self.game.scenario.columns
        wrong = [
            "not a decision",
            LaunchColumn(columns + 1),
            PlaceDie(len(self.state.rolled), 1, 1),
            EndRoomPhase(),
            MoveExcavator(),
        ]
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

    def no_decision_after_the_end(self) -> None:
        """``fs.end.win``: once the game is over, ``apply`` refuses every decision."""
        assert self.game is not None and self.state is not None
        self.fresh = False
        for decision in self.decisions[-3:]:
            try:
                self.game.apply(self.state, decision)
            except IllegalDecision:
                continue
            raise AssertionError(f"a finished game accepted {decision}")

    def teardown(self) -> None:
        """``fs.round.phases``, determinism: the start builds (or reads from its file) the same
        twice, the same decisions from it give the same states and events; the last state also
        reads back through JSON and the schema."""
        TALLY.example(NAME, self.state, self.curated)
        if self.game is not None and self.state is not None:
            top = len(self.game.scenario.research)
            TALLY.mark(NAME, f"research {self.state.research} of {top}")
        if self.game is None or self.state is None or self.attempt is not None:
            return  # not set up, or the engine crashed mid-decision (that failure is reported)
        state = read_curated(self.curated)[1] if self.curated else self.game.initial_state()
        assert state == self.trail[0][0], "the start state differs between two builds"
        for i, decision in enumerate(self.decisions, start=1):
            result = self.game.apply(state, decision)
            want_state, want_events = self.trail[i]
            assert result.state == want_state, f"decision {i} ({decision}) gave another state"
            assert result.events == want_events, f"decision {i} ({decision}) gave other events"
            state = result.state
        assert stable_key(state) == stable_key(self.state)
        self.check(round_trip_problems(self.game, self.state, schema=True))


def replay_setup(
    machine: FallingSkiesMachine,
) -> tuple[FallingSkiesGame, FSState, tuple[tuple[str, str], ...]]:
    """The engine, the start state of a played example (a scenario's initial state or a curated
    start) and the readings it was played under."""
    assert machine.game is not None and machine.start is not None
    return machine.game, machine.start, machine.readings
