"""The Under Falling Skies expert player: legal, deterministic, finishes, uses only its own rng."""

from __future__ import annotations

import random

from engine.core.game import PlayerNode
from engine.core.playout import play_out
from engine.falling_skies.expert import expert
from engine.falling_skies.game import FallingSkiesGame

SEEDS = (0, 1, 2)


def _game() -> FallingSkiesGame:
    return FallingSkiesGame()


def test_every_decision_is_legal() -> None:
    game = _game()
    for seed in SEEDS:
        policy = expert(game, random.Random(seed))
        chosen: list[bool] = []

        def checked(state, node: PlayerNode, policy=policy, chosen=chosen):
            decision = policy(state, node)
            chosen.append(decision in node.legal)
            return decision

        _, ending = play_out(
            game, game.initial_state(), random.Random(seed), checked, max_decisions=2000
        )
        assert chosen and all(chosen)
        assert ending.result in ("win", "loss")


def test_same_seed_same_game() -> None:
    game = _game()
    runs = []
    for _ in range(2):
        state, ending = play_out(
            game,
            game.initial_state(),
            random.Random(5),
            expert(game, random.Random(5)),
            max_decisions=2000,
        )
        runs.append((state, ending))
    assert runs[0] == runs[1]


def test_decision_ignores_the_playouts_rng() -> None:
    """The policy is given the same state twice while the playout's rng is in different
    states: its decision must not change."""
    game = _game()
    states: list[tuple[object, PlayerNode]] = []

    def recorder(state, node: PlayerNode):
        states.append((state, node))
        return node.legal[0]

    play_out(game, game.initial_state(), random.Random(3), recorder, max_decisions=60)
    assert states
    for state, node in states[:20]:
        mine = expert(game, random.Random(9))
        random.Random(1).random()
        first = mine(state, node)
        random.seed(12345)
        again = expert(game, random.Random(9))(state, node)
        assert first == again
