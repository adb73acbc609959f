"""The machinery behind the state machines' depth and coverage: the expert/uniform mixture
(:class:`properties.Mixture`), the coverage counts of :data:`properties.TALLY` and their merge
across pytest-xdist workers, the clauses a game's code can cite (:func:`citable_clauses`) with
the reasons for those never seen, and the late-round check the suite runs on Unknown's machine
(``properties/test_machines.py``), shown to fail when too few examples get there."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import registry
from engine.core.game import Event
from engine.unknown.game import UnknownGame
from engine.unknown.setup import standard_setup
from properties import (
    EXPERT_SHARES,
    Mixture,
    Tally,
    citable_clauses,
    coverage_lines,
    never_seen_reason,
)
from properties import TALLY as SUITE_TALLY
from properties.test_machines import late_share_problem


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
@given(rounds=st.lists(st.integers(1, 9), min_size=1, max_size=30))
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
