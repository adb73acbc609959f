"""Solo Pig (``examples/pig``), the third registered game: its rules, files, phrases, drawings,
state machine, clause index and ledger, and its hand-worked puzzles checked by the solver.

Small on purpose: the state machine runs at a small example count (the suite's property run and
``rulings fuzz --game pig`` play it longer), and reachable states are enumerated for games of a
few points and turns.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from random import Random

import click
import pytest
import yaml
from hypothesis import HealthCheck, settings
from pytest_bdd.parser import FeatureParser

from engine.core import registry
from engine.core.errors import IllegalDecision, PositionError
from engine.core.game import ChanceNode, PlayerNode, TerminalNode, choices
from engine.core.registry import GameSpec, SetupRefused
from engine.core.serialization import stable_key
from examples.pig import machine
from examples.pig.files import load_state, save_state, state_from_text, state_to_text
from examples.pig.game import Face, Hold, PigGame, Roll
from examples.pig.phrases import PHRASEBOOK
from examples.pig.ruleset import DEFAULT, Ruleset, interpretation_ledger
from examples.pig.spec import SPEC, PigSpec
from examples.pig.state import PigState, first_state
from solver.search import Limits, solve

ROOT = Path(__file__).resolve().parents[1]
PIG = ROOT / "examples" / "pig"
READINGS = ({}, {"target-reached": "at-once"})
AT_ONCE = DEFAULT.with_readings(target_reached="at-once")


def reachable(game: PigGame, start: PigState, cap: int) -> Iterator[PigState]:
    """Every state reachable from ``start`` with a turn total of at most ``cap`` (read
    ``on-hold``, a player may roll on past the target, so the states are endless)."""
    seen = {start}
    todo = [start]
    while todo:
        state = todo.pop()
        yield state
        for decision in choices(game.node(state)):
            after = game.apply(state, decision).state
            if after not in seen and after.turn_total <= cap:
                seen.add(after)
                todo.append(after)


def small_games() -> Iterator[tuple[PigGame, PigState]]:
    """Every state of games to 8 in 2 turns, under both readings."""
    for ruleset in (DEFAULT, AT_ONCE):
        game = PigGame(ruleset)
        for state in reachable(game, first_state(8, 2), cap=14):
            yield game, state


# -- the registry entry -------------------------------------------------------------------------
def test_pig_is_registered() -> None:
    assert "pig" in registry.names()
    assert registry.game("pig") is SPEC


def test_the_spec_fills_every_part_of_gamespec() -> None:
    required = {
        name
        for name, value in vars(GameSpec).items()
        if callable(value) and "raise NotImplementedError" in inspect.getsource(value)
    }
    assert {"new_game", "open_data", "phrasebook", "svg"} <= required
    missing = sorted(m for m in required if m not in vars(PigSpec))
    assert not missing, f"PigSpec leaves {missing} to the base class"
    for field in ("name", "title", "summary", "package", "steps", "machine"):
        assert getattr(SPEC, field), field
    assert SPEC.clauses.is_file() and SPEC.ledger is not None and SPEC.ledger.is_file()
    assert SPEC.features.is_dir() and list(SPEC.features.glob("*.feature"))
    assert registry.load_reference(SPEC.machine) is machine.PigMachine
    assert [o.name for o in SPEC.setup_options] == ["target", "turns"]
    assert SPEC.switches() == interpretation_ledger()


def test_importing_the_rules_loads_no_test_tool() -> None:
    code = (
        "import sys; from engine.core import registry; spec = registry.game('pig'); "
        "import examples.pig.game, examples.pig.files, examples.pig.phrases, examples.pig.drawing; "
        "spec.new_game(spec.ruleset(), 0, {}); "
        "print([m for m in sys.modules if m.split('.')[0] in ('pytest', 'hypothesis', 'coverage')])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_new_game_takes_the_setup_options_and_refuses_bad_ones() -> None:
    new = SPEC.new_game(SPEC.ruleset(), 7, {"target": 30, "turns": 3})
    assert new.state == first_state(30, 3)
    assert [e.clause for e in new.events] == ["pig.turn.first-roll"]
    assert SPEC.new_game(SPEC.ruleset(), 0, {}).state == first_state(20, 5)
    for bad in ({"target": 0}, {"turns": 1001}, {"turns": "3"}):
        with pytest.raises(SetupRefused):
            SPEC.new_game(SPEC.ruleset(), 0, bad)


def test_the_ruleset_is_the_ledger() -> None:
    ledger = interpretation_ledger()
    assert {f.name.replace("_", "-") for f in dataclasses.fields(Ruleset)} == set(ledger)
    for switch, entry in ledger.items():
        assert getattr(DEFAULT, switch.replace("-", "_")) == entry["default"]
        for reading in entry["readings"]:
            DEFAULT.with_readings(**{switch: reading})
    with pytest.raises(ValueError):
        SPEC.ruleset({"target-reached": "never"})


# -- the rules: refusals ------------------------------------------------------------------------
REFUSALS = [
    (first_state(), Hold(), "pig.turn.first-roll"),
    (first_state(), Roll(), "pig.die.in-the-air"),
    (PigState(turn_total=6, rolling=True), Hold(), "pig.die.in-the-air"),
    (PigState(turn_total=6, rolling=False), Face(4), "pig.die.in-the-air"),
    (first_state(), Face(7), "pig.die.fair"),
    (PigState(turn_total=6, rolling=False), "pass", "pig.turn.choose"),
    (
        PigState(bank=21, rolling=False, outcome=("win", "pig.end.win", "won")),
        Roll(),
        "pig.end.over",
    ),
]


@pytest.mark.parametrize(("state", "decision", "clause"), REFUSALS)
def test_refusals_name_their_clause_and_change_nothing(
    state: PigState, decision: object, clause: str
) -> None:
    key = stable_key(state)
    with pytest.raises(IllegalDecision) as refused:
        PigGame().apply(state, decision)
    assert refused.value.clause == clause
    assert stable_key(state) == key


def test_every_event_names_a_clause_of_the_index() -> None:
    index = {c["id"] for c in yaml.safe_load(SPEC.clauses.read_text())["clauses"]}
    for game, state in small_games():
        for decision in choices(game.node(state)):
            for event in game.apply(state, decision).events:
                assert event.clause in index, event


def test_the_state_machine_runs() -> None:
    class SmallPigMachine(machine.PigMachine):
        pass

    SmallPigMachine.TestCase.settings = settings(
        max_examples=40,
        stateful_step_count=40,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    before = machine.TALLY.examples[machine.NAME]
    SmallPigMachine.TestCase("runTest").runTest()
    assert machine.TALLY.examples[machine.NAME] >= before + 40


# -- files --------------------------------------------------------------------------------------
def test_every_reachable_state_round_trips_through_its_file(tmp_path: Path) -> None:
    count = 0
    for game, state in small_games():
        for as_json in (False, True):
            text = state_to_text(state, as_json)
            assert state_from_text(text, "t", as_json, game.ruleset) == state, text
        count += 1
    assert count > 100
    path = tmp_path / "saved.yaml"
    state = PigState(turn=3, bank=9, turn_total=7, rolling=False)
    SPEC.save(PigGame(), state, path)
    assert load_state(path) == state
    assert SPEC.position_text(PigGame(), state) == path.read_text()
    save_state(state, tmp_path / "saved.json")
    assert json.loads((tmp_path / "saved.json").read_text())["turn_total"] == 7


BAD_FILES = [
    ("game: pig\nturn: 7\n", "turn"),
    ("game: pig\nturn_total: 1\n", "turn_total"),
    ("game: pig\nturn_total: 0\ndie: down\n", "die"),
    ("game: pig\nbank: 25\n", "bank"),
    ("game: pig\nbank: [1]\n", "bank"),
    ("game: pig\ntarget: 0\n", "target"),
    ("game: pig\ncolour: red\n", "file"),
    ("game: pig\nbank: 3\noutcome: {result: win, clause: pig.end.win, why: x}\n", "outcome"),
    ("game: pig\noutcome: {result: loss, clause: pig.end.lose, why: x}\n", "outcome"),
    (
        "game: pig\nbank: 20\noutcome: {result: loss, clause: pig.end.win, why: x}\n",
        "outcome.clause",
    ),
    ("game: pig\nturn: 2\nbank: [\n", "line 4"),
    ("- game: pig\n", "file"),
]


@pytest.mark.parametrize(("text", "entry"), BAD_FILES)
def test_bad_files_are_one_position_error(tmp_path: Path, text: str, entry: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(PositionError) as error:
        registry.open_file(path)
    assert error.value.entry == entry, error.value
    assert str(path) in str(error.value)


def test_at_once_files_refuse_a_turn_that_already_won(tmp_path: Path) -> None:
    path = tmp_path / "won.yaml"
    path.write_text("game: pig\nbank: 14\nturn_total: 8\n")
    assert registry.open_file(path).state.turn_total == 8
    with pytest.raises(PositionError) as error:
        registry.open_file(path, {"target-reached": "at-once"})
    assert error.value.entry == "turn_total"


def test_the_shipped_positions_open() -> None:
    files = sorted((PIG / "positions").glob("*.yaml"))
    assert len(files) >= 3
    for path in files:
        opened = registry.open_file(path)
        assert opened.spec is SPEC and isinstance(opened.state, PigState)


# -- phrases ------------------------------------------------------------------------------------
def test_every_decision_reads_back_from_its_phrase() -> None:
    book = SPEC.phrasebook()
    assert book is PHRASEBOOK
    for game, state in small_games():
        node = game.node(state)
        listed = list(choices(node))
        for n, decision in enumerate(listed, 1):
            said = book.say(state, decision)
            assert said and book.read(game, state, node, said, None) == decision
            assert book.read(game, state, node, f"option {n}", None) == decision
        assert book.next_lines(state, node) and book.next_data(state, node)["type"]


def test_phrases_name_the_forms() -> None:
    game, state = PigGame(), first_state()
    node = game.node(state)
    assert isinstance(PHRASEBOOK.read(game, state, node, "roll", Random(1)), Face)
    assert PHRASEBOOK.read(game, state, node, "ROLL 4", None) == Face(4)
    mid = PigState(turn_total=5, rolling=False)
    assert PHRASEBOOK.read(game, mid, game.node(mid), "roll", None) == Roll()
    assert PHRASEBOOK.read(game, mid, game.node(mid), "hold", None) == Hold()
    for bad in ("", "roll 7", "jump", "option 3", "hold on"):
        with pytest.raises(click.BadParameter):
            PHRASEBOOK.read(game, mid, game.node(mid), bad, None)
    with pytest.raises(click.BadParameter):
        PHRASEBOOK.read(game, state, node, "roll", None)  # the face, or a seed to draw one
    assert PHRASEBOOK.event_line(game.apply(state, Face(1)).events[0]).endswith(
        "[pig.turn.roll-one]"
    )
    lines = PHRASEBOOK.next_lines(mid, game.node(mid))
    assert lines == [
        "next: player to decide [pig.turn.choose]: roll the die again or hold",
        "  1. roll",
        "  2. hold",
    ]


# -- drawings -----------------------------------------------------------------------------------
def test_the_drawings() -> None:
    opened = registry.open_file(PIG / "positions" / "mid-turn.yaml")
    text = SPEC.text(opened, "mid-turn")
    assert "turn 3 of 5" in text and "9" in text and "7" in text
    picture = SPEC.svg(opened, "mid-turn")
    assert picture == SPEC.svg(opened, "mid-turn")
    assert picture.startswith("<svg") and 'class="rulings-board"' in picture
    assert 'data-game="pig"' in picture
    assert not re.search(r"\sid=|href|https?://(?!www\.w3\.org/2000/svg)", picture)
    assert 'class="turn" data-turn="3" data-state="current"' in picture
    for game, state in small_games():
        assert "<svg" in SPEC.svg(registry.Opened(SPEC, game, state, state, "x"), "x")


# -- the clause index, the ledger, the scenarios ------------------------------------------------
def clause_entries() -> list[dict]:
    return yaml.safe_load(SPEC.clauses.read_text())["clauses"]


def test_the_clause_index_lists_the_machine_invariants() -> None:
    listed = {(c["id"], i) for c in clause_entries() for i in c.get("invariants", [])}
    table = {
        (clause, f"examples/pig/machine.py::{name}")
        for clause, names in machine.INVARIANTS.items()
        for name in names
    }
    assert listed == table
    source = ast.parse((PIG / "machine.py").read_text())
    docs = {
        n.name: ast.get_docstring(n) or ""
        for n in ast.walk(source)
        if isinstance(n, ast.FunctionDef)
    }
    for clause, names in machine.INVARIANTS.items():
        for name in names:
            assert f"``{clause}``" in docs[name.split(".")[-1]], (clause, name)


def test_the_package_cites_only_clauses_of_the_index() -> None:
    index = {c["id"] for c in clause_entries()}
    cited = set()
    for path in PIG.glob("*.py"):
        cited |= set(re.findall(r"[\"'`](pig\.[a-z]+\.[a-z-]+)[\"'`]", path.read_text()))
    assert cited and cited <= index, cited - index


def scenarios() -> list[tuple[str, set[str], list[str]]]:
    found = []
    for path in sorted(SPEC.features.glob("*.feature")):
        feature = FeatureParser(str(path.parent), path.name).parse()
        for name, scenario in feature.scenarios.items():
            tags = set(scenario.tags) | set(feature.tags)
            found.append((name, tags, [step.name for step in scenario.steps]))
    return found


def test_every_prohibition_has_a_refusal_scenario() -> None:
    prohibitions = [c["id"] for c in clause_entries() if c.get("prohibition")]
    assert prohibitions
    for clause in prohibitions:
        refusing = [
            name
            for name, tags, steps in scenarios()
            if f"clause:{clause}" in tags and any("is refused citing" in s for s in steps)
        ]
        assert refusing, clause


def test_every_reading_has_a_scenario_and_tags_are_real() -> None:
    index = {c["id"] for c in clause_entries()}
    ledger = interpretation_ledger()
    seen = set()
    for _, tags, _ in scenarios():
        for tag in tags:
            kind, _, value = tag.partition(":")
            assert kind in ("clause", "interpretation"), tag
            if kind == "clause":
                assert value in index, tag
            else:
                switch, _, reading = value.partition("=")
                assert reading in ledger[switch]["readings"], tag
                seen.add(value)
    want = {f"{s}={r}" for s, entry in ledger.items() for r in entry["readings"]}
    assert seen == want


# -- the puzzles ---------------------------------------------------------------------------------
PUZZLES = sorted(
    p for p in (PIG / "positions").glob("*.yaml") if "puzzle" in yaml.safe_load(p.read_text())
)


@pytest.mark.parametrize("path", PUZZLES, ids=lambda p: p.stem)
@pytest.mark.parametrize("readings", READINGS, ids=["on-hold", "at-once"])
def test_the_solver_agrees_with_the_hand_worked_puzzle(path: Path, readings: dict) -> None:
    puzzle = yaml.safe_load(path.read_text())["puzzle"]
    opened = registry.open_file(path, readings)
    solution = solve(opened.game, opened.state, Limits(rounds=puzzle["rounds"]))
    assert solution.verdict == puzzle["answer"]["verdict"]
    assert solution.probability == Fraction(puzzle["answer"]["probability"])
    best = puzzle["answer"]["best"]
    if best:
        node = opened.game.node(opened.state)
        said = PHRASEBOOK.say(opened.state, solution.best)
        assert said in best, said
        assert isinstance(node, PlayerNode)
    else:
        assert isinstance(opened.game.node(opened.state), ChanceNode)


def test_the_hand_worked_values() -> None:
    assert {p.stem for p in PUZZLES} == {"hold-or-roll", "last-turn-four-short"}
    values = {
        p.stem: yaml.safe_load(p.read_text())["puzzle"]["answer"]["probability"] for p in PUZZLES
    }
    assert values == {"hold-or-roll": "137/144", "last-turn-four-short": "7/9"}


def test_a_finished_game_is_terminal() -> None:
    game = PigGame()
    state = first_state(2, 1)
    state = game.apply(state, Face(2)).state
    state = game.apply(state, Hold()).state
    assert isinstance(game.node(state), TerminalNode)
    assert state.outcome is not None and state.outcome[:2] == ("win", "pig.end.win")


# -- the OpenSpiel adapter ----------------------------------------------------------------------
def test_openspiel_random_sim_test_with_serialization() -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="open-spiel is in the test extra")
    adapter = registry.load_reference(SPEC.openspiel)
    assert adapter.short_name == "python_pig"
    for name in ("python_pig", "python_pig(target=10,turns=2,switches=target_reached:at-once)"):
        pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=5, serialize=True, verbose=False)


def test_openspiel_follows_the_engine() -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="open-spiel is in the test extra")
    registry.load_reference(SPEC.openspiel)
    state = pyspiel.load_game("python_pig(target=4,turns=1)").new_initial_state()
    assert state.is_chance_node() and [p for _, p in state.chance_outcomes()] == [1 / 6] * 6
    state.apply_action(3)  # the die shows 4: the turn total reaches the target
    assert state.legal_actions() == [0, 1]
    state.apply_action(1)  # hold: pig.end.win
    assert state.is_terminal() and state.returns() == [1.0]


def test_mcts_takes_a_win_in_one() -> None:
    pytest.importorskip("pyspiel", reason="open-spiel is in the test extra")
    from engine.openspiel.bots import mcts_policy

    game = PigGame()
    state = PigState(turn=5, bank=16, turn_total=4, rolling=False)
    choose = mcts_policy("pig", game, simulations=10, seed=1)
    assert choose(state, game.node(state)) == Hold()
