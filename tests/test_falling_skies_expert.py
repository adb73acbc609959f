"""The Under Falling Skies expert player: legal, deterministic, stronger than uniform play, and
uses only its own rng (never the playout's)."""

from __future__ import annotations

import random

from engine.core.game import PlayerNode
from engine.core.playout import play_out, player_rng
from engine.falling_skies.expert import expert
from engine.falling_skies.game import FallingSkiesGame

SEEDS = (0, 1)


def _game() -> FallingSkiesGame:
    return FallingSkiesGame()


def _play(game: FallingSkiesGame, seed: int, policy=None):
    """Chance from ``Random(seed)``, the expert's choices from ``player_rng("expert", seed)``
    (as ``rulings balance`` and ``rulings play`` seed them)."""
    if policy is None:
        policy = expert(game, player_rng("expert", seed))
    return play_out(game, game.initial_state(), random.Random(seed), policy, max_decisions=2000)


def test_every_decision_is_legal() -> None:
    game = _game()
    for seed in SEEDS:
        policy = expert(game, player_rng("expert", seed))
        chosen: list[bool] = []

        def checked(state, node: PlayerNode, policy=policy, chosen=chosen):
            decision = policy(state, node)
            chosen.append(decision in node.legal)
            return decision

        _, ending = _play(game, seed, checked)
        assert chosen and all(chosen)
        assert ending.result in ("win", "loss")


def test_same_seed_same_game() -> None:
    game = _game()
    assert _play(game, 5) == _play(game, 5)


def test_decision_ignores_the_playouts_rng() -> None:
    """The policy is given the same state twice while the global and playout rngs are in
    different states: its decision must not change."""
    game = _game()
    states: list[tuple[object, PlayerNode]] = []

    def recorder(state, node: PlayerNode):
        states.append((state, node))
        return node.legal[0]

    play_out(game, game.initial_state(), random.Random(3), recorder, max_decisions=60)
    assert states
    for state, node in states[:12]:
        first = expert(game, random.Random(9))(state, node)
        random.seed(12345)
        random.random()
        again = expert(game, random.Random(9))(state, node)
        assert first == again


def test_climbs_further_than_uniform_play() -> None:
    """On the same seeds the expert reaches a higher research step, on average, than uniform
    random play (which hardly climbs at all)."""
    game = _game()
    seeds = range(10, 14)
    expert_steps = [_play(game, seed)[0].research for seed in seeds]
    uniform_steps = [
        play_out(game, game.initial_state(), random.Random(seed), max_decisions=5000)[0].research
        for seed in seeds
    ]
    assert sum(expert_steps) >= sum(uniform_steps) + 2 * len(seeds)


def test_research_table_plans_the_last_step() -> None:
    """The last step needs 12 from one room: with only the two-space research room open it
    takes rounds of waiting for two sixes, with the three-space room open about one; with no
    multi-space room open the track cannot be finished at all."""
    from engine.falling_skies.expert import research_table

    table = dict(research_table(_game()))
    two, three = table[18], table[28]
    last = len(two) - 2
    assert three[last] < 1.5 < 3.0 < two[last]
    assert table[14][last] >= 99.0
    assert all(a >= b for a, b in zip(two, two[1:], strict=False))
