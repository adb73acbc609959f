"""The engine core: canonical serialization, exact chance sampling, replay, illegal decisions."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from random import Random

import pytest

from engine.core import (
    ChanceNode,
    IllegalDecision,
    canonical_json,
    replay,
    sample_outcome,
    stable_key,
)
from engine.unknown.game import Knockback, KnockTo, UnknownGame
from engine.unknown.position import position_from_data


@dataclass(frozen=True)
class Piece:
    name: str
    tags: frozenset[str]


@dataclass(frozen=True)
class Box:
    pieces: tuple[Piece, ...]
    counts: dict


def test_equal_states_built_in_different_orders_share_one_key():
    a = Box((Piece("x", frozenset({"b", "a"})),), {"food": 2, "ammo": 1})
    b = Box((Piece("x", frozenset({"a", "b"})),), {"ammo": 1, "food": 2})
    assert canonical_json(a) == canonical_json(b)
    assert stable_key(a) == stable_key(b)


def test_different_states_get_different_keys():
    a = Box((Piece("x", frozenset()),), {"food": 2})
    b = Box((Piece("x", frozenset()),), {"food": 3})
    assert stable_key(a) != stable_key(b)


def test_canonical_json_is_sorted_and_compact():
    assert canonical_json({"b": 1, "a": (1, 2)}) == '{"a":[1,2],"b":1}'


def test_live_objects_are_not_plain_data():
    with pytest.raises(TypeError, match="not plain data"):
        canonical_json({"rng": Random(1)})


class Tickets:
    """A stand-in random source that hands out every ticket in turn."""

    def __init__(self) -> None:
        self.next = 0

    def randrange(self, n: int) -> int:
        ticket, self.next = self.next % n, self.next + 1
        return ticket


def test_chance_sampling_gives_each_outcome_exactly_its_probability():
    node = ChanceNode(
        (("one", Fraction(1, 4)), ("two", Fraction(2, 3)), ("three", Fraction(1, 12))), "", "c"
    )
    rng = Tickets()
    draws = [sample_outcome(node, rng) for _ in range(12)]
    assert draws.count("one") == 3
    assert draws.count("two") == 8
    assert draws.count("three") == 1


def test_chance_sampling_is_deterministic_for_a_seed():
    node = ChanceNode(tuple((i, Fraction(1, 6)) for i in range(1, 7)), "d6", "c")
    first = [sample_outcome(node, Random(7)) for _ in range(20)]
    again = [sample_outcome(node, Random(7)) for _ in range(20)]
    assert first == again
    rng = Random(3)
    assert len({sample_outcome(node, rng) for _ in range(200)}) == 6


def test_chance_outcomes_that_do_not_sum_to_one_are_refused():
    node = ChanceNode((("a", Fraction(1, 3)), ("b", Fraction(1, 3))), "", "c")
    with pytest.raises(ValueError, match="sum to 1"):
        sample_outcome(node, Tickets())


FORK = {
    "game": "unknown",
    "tiles": [
        {"at": [0, 0], "tile": "flood"},
        {"at": [1, 0], "tile": "food"},
        {"at": [2, 0], "tile": "scrap"},
        {"at": [1, 1], "tile": "ammo"},
    ],
    "survivors": [{"id": "yellow", "at": [1, 0]}],
}


def test_an_illegal_decision_names_its_clause_and_changes_nothing():
    game = UnknownGame()
    state, _ = game.start(position_from_data(FORK, "fork"), Knockback((0, 0), 1, ("yellow",)))
    key = stable_key(state)
    with pytest.raises(IllegalDecision) as refused:
        game.apply(state, KnockTo("yellow", (0, 0)))
    assert refused.value.clause == "unknown.knockback.flee"
    assert stable_key(state) == key
    assert state.position.piece("yellow").at == (1, 0)


def test_replay_applies_decisions_in_order_and_collects_events():
    game = UnknownGame()
    state, _ = game.start(position_from_data(FORK, "fork"), Knockback((0, 0), 1, ("yellow",)))
    assert {d.to for d in game.node(state).legal} == {(2, 0), (1, 1)}
    final, events = replay(game, state, [KnockTo("yellow", (1, 1))])
    assert final.position.piece("yellow").at == (1, 1)
    assert [e.kind for e in events] == ["knocked_back"]
    assert events[0].clause == "unknown.knockback.flee"


# -- cheap immutable states (engine.core.frozen) -------------------------------------------------
def test_evolve_shares_the_unchanged_fields_and_hash_once_forgets_nothing_it_should():
    import pickle
    from dataclasses import dataclass, replace

    from engine.core.frozen import HASH, evolve, hash_once

    @hash_once
    @dataclass(frozen=True)
    class Spot:
        name: str
        cells: tuple[int, ...]

    spot = Spot("a", (1, 2))
    assert hash(spot) == hash(replace(spot)) and HASH in spot.__dict__
    moved = evolve(spot, name="b")
    assert moved == Spot("b", (1, 2)) and moved.cells is spot.cells
    assert HASH not in moved.__dict__ and hash(moved) == hash(Spot("b", (1, 2)))
    from engine.falling_skies.game import FallingSkiesGame

    state = FallingSkiesGame().initial_state()
    hash(state)
    copied = pickle.loads(pickle.dumps(state))  # another process hashes strings otherwise
    assert copied == state and HASH in state.__dict__ and HASH not in copied.__dict__


def test_last_call_answers_again_only_for_the_very_same_arguments():
    from engine.core.frozen import last_call

    calls = []

    @last_call
    def total(values: tuple[int, ...]) -> int:
        calls.append(values)
        return sum(values)

    first = (1, 2, 3)
    assert total(first) == 6 and total(first) == 6
    assert len(calls) == 1
    assert total((4,)) == 4 and total(first) == 6
    assert len(calls) == 3
