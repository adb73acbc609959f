"""The Unknown expert player: legal, deterministic per seed, and longer-lived than random play.

Every game here is a standard Scout or Activate game at easy difficulty with 3 survivors, seeded
as ``rulings balance`` seeds them (``engine.unknown.sweep.seed_for``).
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

from engine.core.game import ChanceNode, PlayerNode, TerminalNode
from engine.core.playout import play_out, player_rng, sample_outcome
from engine.unknown.expert import TRIED, Geometry, evaluate, expert, spread, stuck, threats
from engine.unknown.files import load_state
from engine.unknown.game import UnknownGame
from engine.unknown.position import Enemy
from engine.unknown.setup import standard_setup
from engine.unknown.state import add, count
from engine.unknown.sweep import seed_for
from properties import EXPERT_BUDGET, Counted


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
    player = expert(game, player_rng("expert", seed))
    state, _ = play_out(game, state, random.Random(seed), player)
    assert state.outcome is not None and state.outcome[0] == "win"
    assert state.round == 14


def _opening(mission: str = "scout", index: int = 0):
    seed = seed_for(mission, "easy", 3, False, index)
    state, _ = UnknownGame().settle(
        standard_setup(mission, difficulty="easy", seed=seed, players=3)
    )
    return state


def test_a_beast_heading_for_a_survivor_on_base_is_costed_as_a_base_raid() -> None:
    """Survivor-seekers enter base when their target stands there, and base defense then takes
    3 food (``Close Combat``): a beast next to a lone survivor on base costs more than the same
    beast next to that survivor one tile out."""
    state = _opening()
    pos = state.position
    first, *others = pos.survivors
    away = [replace(s, at=(1, 0)) for s in others]
    pos = pos.with_pieces((first, *away), ())
    beast = Enemy("beast9", "beast", (0, 1))
    on_base = replace(state, position=pos.with_enemy(beast))
    out = pos.with_survivor(replace(first, at=(-1, 0))).with_enemy(
        Enemy("beast9", "beast", (-1, 1))
    )
    off_base = replace(state, position=out)
    geo = Geometry(on_base.position)
    home = geo.field((0, 0))
    harm_on = sum(h for _, h in threats(on_base, geo, home))
    geo = Geometry(off_base.position)
    harm_off = sum(h for _, h in threats(off_base, geo, geo.field((0, 0))))
    assert harm_on > harm_off


def test_survivors_at_the_opening_are_not_stuck() -> None:
    """At the opening every survivor stands on base, so none is walled in (a walled-in one,
    with no way to base or to an explore spot but through an enemy, is forfeited)."""
    state = _opening()
    assert not any(stuck(state.position, s) for s in state.position.survivors)


def test_the_expert_wins_scout_when_base_starts_with_200_food() -> None:
    """Scout, easy, 3 survivors, game 0 of ``rulings balance`` seed 0 (the standard stack, lairs
    and all), with base's stockpile raised from 12 to 200 food: the expert explores every tile
    and brings everyone home in round 25, having used 51 food. A study setup, not the
    rulebook's: it shows food, not the plan, is what the standard game runs out of."""
    from engine.core import registry
    from solver.balance import game_seed

    spec = registry.game("unknown")
    seed = game_seed(0, "scout, easy, 3 survivors", 0)
    options = {"setup": "standard", "mission": "scout", "difficulty": "easy", "survivors": 3}
    new = spec.new_game(spec.ruleset({}), seed, {**options, "short": False, "task": None})
    game, state = new.game, new.state
    state = replace(state, base=add(state.base, "food", 200 - count(state.base, "food")))
    player = expert(game, player_rng("expert", seed))
    state, _ = play_out(game, state, random.Random(seed), player)
    assert state.outcome is not None and state.outcome[0] == "win"
    assert state.round == 25
    assert count(state.base, "food") == 149


# --- wide decisions ------------------------------------------------------------------------------
CROWDED = Path(__file__).parent / "data" / "positions" / "play" / "crowded-base.yaml"
"""Four survivors on base and six monsters next to it: the round's projection meets a
close-combat damage assignment of 1,260 ways."""


def test_spread_keeps_the_first_and_last_and_spaces_the_rest_evenly() -> None:
    legal = tuple(range(100))
    assert spread(legal[:TRIED]) == legal[:TRIED]
    tried = spread(legal, 5)
    assert tried == (0, 25, 50, 74, 99)
    assert len(spread(legal)) == TRIED and len(set(spread(legal))) == TRIED


def test_a_wide_damage_assignment_is_sampled_not_tried_whole() -> None:
    """Trying each of the 1,260 ways took about 2,900 engine steps for one decision; the
    expert tries ``TRIED`` of them, so the decision stays a few hundred steps."""
    game = UnknownGame()
    state = load_state(CROWDED)
    node = game.node(state)
    assert isinstance(node, PlayerNode)
    counted = WidestSeen(game)
    decision = expert(counted, random.Random(0))(state, node)
    assert decision in node.legal
    assert counted.widest >= 1_000, "the projection no longer meets the wide assignment"
    steps = EXPERT_BUDGET - counted.left
    assert steps < 1_000, steps


class WidestSeen(Counted):
    """The game counted as the state machines count an expert's steps (:class:`Counted`), also
    keeping the most legal decisions a player node offered."""

    widest = 0

    def node(self, state):
        node = super().node(state)
        if isinstance(node, PlayerNode):
            self.widest = max(self.widest, len(node.legal))
        return node
