"""The Unknown expert player: legal, deterministic per seed, and longer-lived than random play.

Every game here is a standard Scout or Activate game at easy difficulty with 3 survivors, seeded
as ``rulings balance`` seeds them (``engine.unknown.sweep.seed_for``).
"""

from __future__ import annotations

import random
from dataclasses import replace

from engine.core.game import ChanceNode, PlayerNode, TerminalNode
from engine.core.playout import player_rng, sample_outcome
from engine.unknown.expert import evaluate, expert
from engine.unknown.game import UnknownGame
from engine.unknown.setup import standard_setup
from engine.unknown.state import add
from engine.unknown.sweep import seed_for


def play(mission: str, index: int, policy: str = "expert", check_legal: bool = False):
    """One seeded game to its end; the final state and the decisions the players took."""
    seed = seed_for(mission, "easy", 3, False, index)
    game = UnknownGame()
    state, _ = game.settle(standard_setup(mission, difficulty="easy", seed=seed, players=3))
    rng = random.Random(seed)
    player = expert(game, player_rng("expert", seed)) if policy == "expert" else None
    taken = []
    for _ in range(20_000):
        node = game.node(state)
        if isinstance(node, TerminalNode):
            break
        if isinstance(node, ChanceNode):
            decision = sample_outcome(node, rng)
        else:
            assert isinstance(node, PlayerNode)
            if player is None:
                decision = node.legal[rng.randrange(len(node.legal))]
            else:
                decision = player(state, node)
            if check_legal:
                assert decision in node.legal, (decision, node.prompt)
            taken.append(str(decision))
        state = game.apply(state, decision).state
    return state, taken


def test_the_expert_takes_only_legal_decisions_to_the_end_of_a_game() -> None:
    state, taken = play("activate", 0, check_legal=True)
    assert state.outcome is not None
    assert taken


def test_the_expert_replays_the_same_game_for_the_same_seed() -> None:
    first, taken = play("scout", 1)
    again, retaken = play("scout", 1)
    assert taken == retaken
    assert first.outcome == again.outcome and first.round == again.round


def test_the_expert_outlasts_uniform_random_play() -> None:
    indices = range(2, 5)
    expert_rounds = sum(play("scout", i)[0].round for i in indices)
    random_rounds = sum(play("scout", i, policy="uniform")[0].round for i in indices)
    assert expert_rounds > 2 * random_rounds


def test_more_food_in_base_scores_higher() -> None:
    seed = seed_for("scout", "easy", 3, False, 0)
    state = standard_setup("scout", difficulty="easy", seed=seed, players=3)
    state, _ = UnknownGame().settle(state)
    richer = replace(state, base=(("food", 13),))
    assert evaluate(richer) > evaluate(state)


def test_the_expert_wins_activate_once_the_starting_tile_lairs_are_taken_out() -> None:
    """Activate, easy, 3 survivors, seed ``seed_for("activate", "easy", 3, False, 1)``, with
    the stack stripped of the 2 monster, 2 animal, 2 beast lairs and 2 spawn pits that
    ``data/setup.yaml`` puts among the starting tiles (the 4 random enemy tiles stay): the
    expert explores all three consoles in one round. A study setup, not the rulebook's."""
    seed = seed_for("activate", "easy", 3, False, 1)
    game = UnknownGame()
    state = standard_setup("activate", difficulty="easy", seed=seed, players=3)
    pools = [state.stack.rest, *state.stack.piles]
    for name in ("monster", "animal", "beast", "spawn_pit"):
        left = 2
        for i, pool in enumerate(pools):
            taken = min(dict(pool).get(name, 0), left)
            if taken:
                pools[i] = add(pool, name, -taken)
                left -= taken
    stack = replace(state.stack, rest=pools[0], piles=tuple(pools[1:]))
    state, _ = game.settle(replace(state, stack=stack))
    rng = random.Random(seed)
    player = expert(game, player_rng("expert", seed))
    while not isinstance(node := game.node(state), TerminalNode):
        decision = (
            sample_outcome(node, rng) if isinstance(node, ChanceNode) else player(state, node)
        )
        state = game.apply(state, decision).state
    assert state.outcome is not None and state.outcome[0] == "win"
    assert state.round == 14
