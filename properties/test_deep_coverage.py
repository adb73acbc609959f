"""The machinery behind the state machines' depth and coverage: the expert/uniform mixture
(:class:`properties.Mixture`), the coverage counts of :data:`properties.TALLY` and their merge
across pytest-xdist workers, the clauses a game's code can cite (:func:`citable_clauses`) with
the reasons for those never seen, and the late-round check the suite runs on Unknown's machine
(``properties/test_machines.py``), shown to fail when too few examples get there."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import find, given, settings
from hypothesis import strategies as st

from engine.core import registry
from engine.core.game import ChanceNode, Event, PlayerNode, choices
from engine.unknown.game import UnknownGame
from engine.unknown.setup import standard_setup
from properties import (
    EXPERT_SHARES,
    Mixture,
    Tally,
    citable_clauses,
    coverage_lines,
    falling_skies_machine,
    never_seen_reason,
    refusal_functions,
    starts,
    unknown_machine,
)
from properties import TALLY as SUITE_TALLY
from properties.test_machines import LATE_MIN_EXAMPLES, late_share_problem


class Fixed:
    """A stand-in for Hypothesis's ``draw``: answers each integer draw with ``value``."""

    def __init__(self, value: int) -> None:
        self.value, self.calls = value, 0

    def __call__(self, strategy, label=None):
        self.calls += 1
        return self.value


def test_a_full_share_plays_the_experts_decisions() -> None:
    """Share 1: every player decision is the expert's (its own seeded policy, no ticket drawn);
    share 0: a uniform draw (index 0 here), the expert never asked."""
    game = UnknownGame()
    state = standard_setup("scout", difficulty="easy", seed=3, players=2)
    node = game.node(state)
    assert len(node.legal) > 1
    spec = registry.game("unknown")
    expert = spec.player("expert", game, random.Random(11))
    full = Mixture("unknown", game, 1.0, 11)
    draw = Fixed(0)
    assert full.decide(draw, state, node) == expert(state, node)
    assert draw.calls == 0 and full.by_expert == 1
    none = Mixture("unknown", game, 0.0, 11)
    assert none.expert is None
    assert none.decide(Fixed(0), state, node) == node.legal[0]


def test_a_mixed_share_draws_who_decides() -> None:
    """Share 0.8: a ticket below 20 (of 100) leaves the decision to a uniform draw, a higher one
    to the expert; tickets shrink towards 0, that is towards uniform play."""
    game = UnknownGame()
    state = standard_setup("scout", difficulty="easy", seed=3, players=2)
    node = game.node(state)
    mixed = Mixture("unknown", game, 0.8, 5)
    assert mixed.decide(Fixed(0), state, node) == node.legal[0] and mixed.by_expert == 0
    mixed.decide(Fixed(99), state, node)
    assert mixed.by_expert == 1
    assert 0.0 in EXPERT_SHARES and 1.0 in EXPERT_SHARES


def test_a_game_without_an_expert_plays_uniformly() -> None:
    spec = registry.game("pig")
    assert "expert" not in spec.players
    assert Mixture("pig", None, 1.0, 0).expert is None


@settings(max_examples=20, deadline=None)
@given(rounds=st.lists(st.integers(1, 9), min_size=LATE_MIN_EXAMPLES, max_size=40))
def test_late_share_problem_fails_below_the_share(rounds: list[int]) -> None:
    """The suite's late-round check is honest: it reports exactly when fewer than the share of
    the examples played reached the round."""
    game = "unknown"
    before = SUITE_TALLY.snapshot(game)
    saved = {name: Counter(getattr(SUITE_TALLY, name).get(game, {})) for name in ("rounds",)}
    try:
        for r in rounds:
            SUITE_TALLY.rounds.setdefault(game, Counter())[r] += 1
        problem = late_share_problem(game, before, 5, 1 / 3)
        late = sum(1 for r in rounds if r >= 5)
        assert bool(problem) == (late < len(rounds) / 3), (rounds, problem)
    finally:
        SUITE_TALLY.rounds[game] = saved["rounds"]


def test_too_few_examples_say_nothing_of_the_share() -> None:
    """A quick-profile run (a handful of examples) is not judged, even with none late."""
    game = "unknown"
    before = SUITE_TALLY.snapshot(game)
    saved = Counter(SUITE_TALLY.rounds.get(game, {}))
    try:
        SUITE_TALLY.rounds.setdefault(game, Counter())[1] += LATE_MIN_EXAMPLES - 1
        assert late_share_problem(game, before, 5, 1 / 3) == ""
        SUITE_TALLY.rounds[game][1] += 1
        assert f"0 of {LATE_MIN_EXAMPLES} examples" in late_share_problem(game, before, 5, 1 / 3)
    finally:
        SUITE_TALLY.rounds[game] = saved


def test_late_share_problem_fails_with_no_example_played() -> None:
    before = SUITE_TALLY.snapshot("pig")
    assert "no example" in late_share_problem("pig", before, 5, 1 / 3)


def test_coverage_counts_merge_across_workers() -> None:
    """A worker's counts (plain dicts, as pytest-xdist sends them) add up in the controller."""
    worker = Tally()
    event = Event("x", "unknown.turn.upkeep", "base eats")
    for _ in range(2):
        worker.step("unknown", object(), (event,))
        worker.example("unknown", standard_setup("scout", seed=1, players=1))
    worker.example("unknown")  # stopped before a decision
    worker.mark("unknown", "scout: pile 1 of 1")
    controller = Tally()
    controller.merge(worker.counts())
    controller.merge(worker.counts())
    assert controller.examples["unknown"] == 6 and controller.empty["unknown"] == 2
    assert controller.rounds["unknown"] == Counter({1: 4})
    assert controller.kinds["unknown"] == Counter({"object": 4})
    assert controller.clauses["unknown"]["unknown.turn.upkeep"] == 4
    coverage = controller.coverage("unknown")
    assert "unknown.turn.upkeep" in coverage["clauses_seen"]
    assert "unknown.turn.upkeep" not in coverage["clauses_never_seen"]
    assert coverage["rounds"] == {"1": 4} and coverage["marks"] == {"scout: pile 1 of 1": 2}
    assert any(
        "1 of" in line or "clauses seen" in line
        for line in coverage_lines("unknown", 6, 4, coverage)
    )


def test_citable_clauses_are_the_ids_the_code_names_as_strings() -> None:
    """A clause an event cites is citable; one only a docstring mentions is not; every citable
    one is an ID of the game's index."""
    from engine.report.clauses import index_of

    cited = citable_clauses("unknown")
    assert "unknown.mission.activate.pickup" in cited  # event("console_picked_up", ...)
    assert ("missions/activate.py", "event") in cited["unknown.mission.activate.pickup"]
    assert "unknown.mission.activate.goal" not in cited  # named in a docstring only
    assert set(cited) <= set(index_of("unknown").clauses)
    assert set(citable_clauses("pig")) <= set(index_of("pig").clauses)


def test_a_reason_returned_for_a_refusal_is_a_refusals_clause() -> None:
    """A ``(clause, why)`` pair a function returns to be raised as ``IllegalDecision(*why)``
    is cited by a refusal, not by an event: in the module below ``check`` answers such pairs
    and ``describe`` (its pair never raised) does not."""
    import ast

    tree = ast.parse(
        "def check(x):\n    return ('a.b', 'too far')\n"
        "def describe(x):\n    return ('a.c', 'far')\n"
        "def apply(x):\n    why = check(x)\n    if why:\n        raise IllegalDecision(*why)\n"
        "    return describe(x)\n"
    )
    assert refusal_functions(tree) == {"check"}
    placement = citable_clauses("falling-skies")["fs.excavator.distance"]
    assert placement == (("dice_phase/placement.py", "IllegalDecision"),)
    assert "refusals" in never_seen_reason("falling-skies", "fs.excavator.distance", True)


def test_never_seen_reasons_name_refusals_and_readings() -> None:
    """A clause cited only in ``IllegalDecision`` is a refusal's; one of a ledger switch is
    flagged for a machine playing the default rules only; others are "not reached"."""
    cited = citable_clauses("unknown")
    refusal = next(
        c for c, sites in cited.items() if {call for _, call in sites} == {"IllegalDecision"}
    )
    assert "refusals" in never_seen_reason("unknown", refusal, False)
    assert never_seen_reason("unknown", "unknown.mission.activate.pickup", True) == "not reached"
    switched = next(
        c
        for c in cited
        for entry in registry.game("unknown").switches().values()
        if c in entry.get("clauses", ())
        and "refusals" not in never_seen_reason("unknown", c, True)
        and "node" not in never_seen_reason("unknown", c, True)
    )
    assert "reading" in never_seen_reason("unknown", switched, False)
    assert never_seen_reason("unknown", switched, True) == "not reached"


def test_an_expert_decision_over_budget_is_a_uniform_draw() -> None:
    """An expert that keeps calling the engine past ``EXPERT_BUDGET`` calls is cut off: the
    decision is the uniform draw, and the next decision has a fresh budget."""
    from properties import EXPERT_BUDGET

    game = UnknownGame()
    state = standard_setup("scout", difficulty="easy", seed=3, players=2)
    node = game.node(state)
    mixed = Mixture("unknown", game, 1.0, 0)
    calls = Counter()

    def greedy(state, node):
        while True:
            mixed.engine.node(state)
            calls["node"] += 1

    mixed.expert = greedy
    assert mixed.decide(Fixed(0), state, node) == node.legal[0]
    assert mixed.over_budget == 1 and mixed.by_expert == 0
    assert calls["node"] == EXPERT_BUDGET
    mixed.expert = lambda state, node: node.legal[-1]
    assert mixed.decide(Fixed(0), state, node) == node.legal[-1] and mixed.by_expert == 1


def test_starts_shrink_towards_the_generated_set_up() -> None:
    """A start is the generated set-up (``None``) unless its ticket is the top one; a failure
    shrinks to the generated set-up, and one that needs a curated start to its first."""
    curated = ("first", "second")
    assert find(starts(curated), lambda start: True) is None
    assert find(starts(curated), lambda start: start is not None) == "first"
    assert find(starts(()), lambda start: True) is None
    assert find(starts(curated), lambda start: start == "second") == "second"


def test_curated_examples_count_in_the_rounds_but_not_the_late_share() -> None:
    """An example begun at a curated start counts among the rounds reached and under its start,
    but the late-round share is of the examples begun at a generated set-up only, also after a
    merge of workers' counts."""
    late = _at_round(standard_setup("scout", seed=1, players=1), 6)
    early = _at_round(late, 1)
    worker = Tally()
    worker.late_round["unknown"] = 5
    event = Event("x", "unknown.turn.upkeep", "base eats")
    for state, start in ((early, None), (late, "decisions/HurlCanister.yaml"), (late, None)):
        worker.step("unknown", object(), (event,))
        worker.example("unknown", state, start)
    controller = Tally()
    controller.merge(worker.counts())
    for tally in (worker, controller):
        coverage = tally.coverage("unknown")
        assert coverage["rounds"] == {"1": 1, "6": 2}
        assert coverage["generated_rounds"] == {"1": 1, "6": 1}
        assert coverage["curated_starts"] == {"decisions/HurlCanister.yaml": 1}
        assert coverage["late_share"] == 0.5
    lines = coverage_lines("unknown", 3, 3, controller.coverage("unknown"))
    assert any("1 examples played from 1 curated starts" in line for line in lines)


def _at_round(state, round_: int):
    from dataclasses import replace

    return replace(state, round=round_)


def test_the_late_share_check_leaves_curated_starts_out() -> None:
    """Examples begun at a curated start late in a mission do not lift the suite's share: with
    only those past round 5, the check fails."""
    game = "unknown"
    before = SUITE_TALLY.snapshot(game)
    saved = {
        name: Counter(getattr(SUITE_TALLY, name).get(game, {}))
        for name in ("rounds", "curated_rounds")
    }
    try:
        SUITE_TALLY.rounds.setdefault(game, Counter()).update({2: 15, 7: 30})
        SUITE_TALLY.curated_rounds.setdefault(game, Counter()).update({7: 30})
        assert "0 of 15 examples" in late_share_problem(game, before, 5, 1 / 3)
        SUITE_TALLY.rounds[game].update({7: 10})
        assert late_share_problem(game, before, 5, 1 / 3) == ""
    finally:
        SUITE_TALLY.rounds[game] = saved["rounds"]
        SUITE_TALLY.curated_rounds[game] = saved["curated_rounds"]


@pytest.mark.parametrize("module", [unknown_machine, falling_skies_machine], ids=["unknown", "fs"])
def test_every_curated_start_opens_to_a_decision(module) -> None:
    """Each curated start of a machine opens without warnings to a state where a decision (or a
    chance outcome) is to be taken, under the readings the machine plays it with."""
    assert module.CURATED
    for label in module.CURATED:
        if module is unknown_machine:
            engine, state = module.curated_start(label, 7)
        else:
            engine, state, readings = module.curated_start(label)
            assert (state.robots != ()) == label.endswith("+robots"), label
            assert readings == (module.ROBOT_READINGS if state.robots else ()), label
        node = engine.node(state)
        assert isinstance(node, PlayerNode | ChanceNode), f"{label}: {type(node).__name__}"
        assert choices(node), f"{label}: nothing to decide"
    files = (
        [
            unknown_machine.DECISION_POSITIONS / label.partition("/")[2]
            for label in module.CURATED
            if label.startswith("decisions/")
        ]
        + list(unknown_machine.LATE_POSITIONS.values())
        if module is unknown_machine
        else [module.POSITIONS / label.partition("+")[0] for label in module.CURATED]
    )
    assert files
    for path in files:
        assert registry.open_file(path).warnings == (), path


def test_a_curated_example_replays_from_its_own_start() -> None:
    """``replay_setup`` gives the state an example really began at: the curated position (its
    mission, round and turn), not a generated set-up; Falling Skies' likewise, with the readings
    the position is played under."""
    machine = unknown_machine.UnknownMachine()
    machine.set_up("scout", "normal", 3, 7, (0.0, 0), "decisions/HurlCanister.yaml")
    engine, start, readings = unknown_machine.replay_setup(machine)
    opened = registry.open_file(unknown_machine.DECISION_POSITIONS / "HurlCanister.yaml")
    assert start == opened.state and start.mission == "behemoth" and readings == ()
    assert engine.node(start) == opened.game.node(opened.state)
    machine.set_up("scout", "normal", 3, 7, (0.0, 0), "setup:behemoth-out")
    _, start, _ = unknown_machine.replay_setup(machine)
    assert start.mission == "behemoth"
    assert any(e.kind == "mission_behemoth" for e in start.position.enemies)
    fs = falling_skies_machine.FallingSkiesMachine()
    path = falling_skies_machine.SCENARIOS[0]
    fs.setup(path, (), (0.0, 0), "room-phase.yaml")
    _, start, readings = falling_skies_machine.replay_setup(fs)
    assert start == registry.open_file(falling_skies_machine.POSITIONS / "room-phase.yaml").state
    assert start.phase == "room" and readings == ()
    fs.setup(path, (), (0.0, 0))
    assert falling_skies_machine.replay_setup(fs)[1] == fs.game.initial_state()


def test_a_start_with_robots_is_written_and_read_back_under_its_readings(tmp_path) -> None:
    """A Falling Skies start with robots replays as ``rulings fuzz`` writes it: the position
    file of its start, read under the readings ``replay_setup`` gives (robot rooms make robots),
    is that start, robots and all."""
    fs = falling_skies_machine.FallingSkiesMachine()
    fs.setup(falling_skies_machine.SCENARIOS[0], (), (0.0, 0), "room-phase.yaml+robots")
    engine, start, readings = falling_skies_machine.replay_setup(fs)
    assert len(start.robots) == len(falling_skies_machine.ROBOT_FACES)
    assert dict(readings) == {"robot-rooms": "robots"}
    spec = registry.game("falling-skies")
    path = tmp_path / "start.yaml"
    spec.save(engine, start, path)
    assert registry.open_file(path, dict(readings)).state == start


class FixedData:
    """A stand-in for Hypothesis's ``st.data()``: every draw answers ``value``."""

    def __init__(self, value: int) -> None:
        self.draw = Fixed(value)


def test_a_decision_position_takes_its_own_decision_first() -> None:
    """At ``decisions/HurlCanister.yaml`` the first decision is a canister hurled (with the
    clause's event), whoever else would decide; the second is the mixture's again."""
    machine = unknown_machine.UnknownMachine()
    machine.set_up("scout", "normal", 3, 7, (0.0, 0), "decisions/HurlCanister.yaml")
    first = machine.node()
    assert type(first.legal[0]).__name__ != "HurlCanister"
    machine.decide(FixedData(0))
    assert type(machine.decisions[0]).__name__ == "HurlCanister"
    assert "unknown.mission.behemoth.hurl" in {e.clause for e in machine.events}
    assert machine.own_decisions(machine.node()) == []
    plain = unknown_machine.UnknownMachine()
    plain.set_up("scout", "normal", 3, 7)
    assert plain.own_decisions(plain.node()) == []


def test_a_curated_example_stops_deciding_after_its_steps() -> None:
    """An example begun at a curated start idles after ``CURATED_STEPS`` decisions, as a
    finished game does; one from a generated set-up plays on."""
    limit = unknown_machine.CURATED_STEPS
    machine = unknown_machine.UnknownMachine()
    machine.set_up("scout", "normal", 3, 7, (0.0, 0), "decisions/Move.yaml")
    machine.decisions = [None] * limit
    before = machine.state
    machine.decide(FixedData(0))
    assert machine.state is before and len(machine.decisions) == limit and not machine.fresh
    plain = unknown_machine.UnknownMachine()
    plain.set_up("scout", "normal", 3, 7)
    plain.decisions = [None] * limit
    plain.decide(FixedData(0))
    assert len(plain.decisions) == limit + 1 and plain.state is not plain.start
