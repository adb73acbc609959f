"""Random playouts of a normal-difficulty game with every enemy and every hazard in the stack.

Each example sets up a Scout game by the Setup section (``standard_setup``: 3 to 5 survivors,
normal difficulty, a seed; Scout because it is the mission with a win check) and then makes sure
the tile stack holds at least one lair of every enemy kind and one tile of every hazard, adding
the missing ones to the shuffled pool (the random draw of 13 hazards and of the Starting
Balance's enemy tiles usually leaves some out). The game is then played through the core
interface only: ``game.node`` says who decides, a chance node is sampled with its exact
probabilities on a seeded ``random.Random`` (``sample_outcome``), a player node picks among its
legal decisions, and ``game.apply`` steps: :func:`~engine.core.playout.play_out` with the policy
below.

The players' policy is random with two leanings, so that games end and the stack is drawn:
the survivor on turn explores with probability 1/2 when it may, never starts a trade (so base's
food only goes down, and the base eats 1 food each upkeep: every game ends in at most one round
per food plus one, by starvation if nothing ends it sooner), and forfeits a survivor only with
probability 1/40 when it may (a respawn costs base 4 resources, which would end most games in
the first round). Every other decision,
including every decision the rules hand to the players mid-effect (knockback ends, close-combat
damage, which enemy a barrier stops, ...), is uniform among the legal ones.

Checked:

* at EVERY chance node (tile draws, the d4 for enemy targets and paths, tied hazard spawns,
  respawn draws): each probability is a ``Fraction`` in (0, 1], and they sum to exactly 1;
* every player node offers at least one legal decision, and no state is idle mid-game;
* every playout reaches a win or a loss within ``MAX_DECISIONS`` decisions (the cap); a playout
  that hits the cap fails the test, with the seed to replay it.

Size: ``max_examples // 4`` playouts (50 in ``ci``, 500 in ``deep``).
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from engine.core.game import ChanceNode, PlayerNode
from engine.core.playout import chance_problem, play_out
from engine.unknown.game import UnknownGame
from engine.unknown.setup import setup_data, standard_setup
from engine.unknown.state import TileStack, UnknownState, add

PLAYOUTS = max(settings.default.max_examples // 4, 5)
MAX_DECISIONS = 3000
EXPLORE_LEANING = Fraction(1, 2)
FORFEIT_LEANING = Fraction(1, 40)
GAME = UnknownGame()


def kinds_in_box() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The names of the enemy lairs and of the hazard tiles in the box (setup data)."""
    data = setup_data()
    return tuple(n for n, _ in data.enemy_tiles), tuple(n for n, _ in data.hazard_tiles)


def with_every_kind(state: UnknownState) -> UnknownState:
    """The game with one tile of each enemy lair and each hazard added to the stack if missing."""
    enemies, hazards = kinds_in_box()
    pool = state.stack.rest
    held = {name for name, _ in pool} | set(state.stack.top)
    for name in (*enemies, *hazards):
        if name not in held:
            pool = add(pool, name, 1)
    return replace(state, stack=TileStack(state.stack.top, pool))


def choose(node: PlayerNode, rng: random.Random) -> Any:
    """The players' random policy (see the module docstring)."""
    legal = [d for d in node.legal if type(d).__name__ not in ("Trade", "Forfeit")]
    forfeits = [d for d in node.legal if type(d).__name__ == "Forfeit"]
    if forfeits and rng.random() < FORFEIT_LEANING:
        return rng.choice(forfeits)
    assert legal, f"{node.player} must decide ({node.prompt}) but only a trade is legal"
    explores = [d for d in legal if type(d).__name__ == "Explore"]
    if explores and rng.random() < EXPLORE_LEANING:
        return explores[0]
    return rng.choice(legal)


class CheckedGame:
    """The engine seen through node/apply, checking the chance contract at every chance node
    it shows (:func:`~engine.core.playout.chance_problem`)."""

    def node(self, state: UnknownState) -> object:
        node = GAME.node(state)
        if isinstance(node, ChanceNode):
            problem = chance_problem(node)
            assert not problem, f"chance node ({node.clause}: {node.prompt}): {problem}"
        return node

    def apply(self, state: UnknownState, decision: object) -> object:
        return GAME.apply(state, decision)


def play(state: UnknownState, rng: random.Random) -> tuple[UnknownState, int, list[str]]:
    """Play until the game ends or the cap; the final state, decisions made, the last few."""
    trail: list[str] = []

    def note(before: Any, decision: Any, step: Any) -> None:
        trail[:] = [*trail[-9:], str(decision)]

    final, ending = play_out(
        CheckedGame(), state, rng, lambda _, node: choose(node, rng), note, MAX_DECISIONS
    )
    assert ending.result != "stuck", f"{ending.why}: {trail[-5:]}"
    return final, ending.decisions, trail


@settings(max_examples=PLAYOUTS, deadline=None)
@given(survivors=st.integers(3, 5), seed=st.integers(0, 2**32 - 1))
@example(survivors=4, seed=1612842600)  # hit the cap: endless redraws of the tile (see report)
def test_normal_playouts_with_every_enemy_and_hazard_end(survivors: int, seed: int) -> None:
    """Seeded random playouts keep the chance contract and always end in a win or a loss."""
    state = with_every_kind(standard_setup("scout", survivors, "normal", seed))
    enemies, hazards = kinds_in_box()
    stacked = {name for name, _ in state.stack.rest}
    assert set(enemies) | set(hazards) <= stacked, "the stack lacks an enemy lair or a hazard"
    try:
        final, made, trail = play(state, random.Random(seed))
    except AssertionError as error:
        raise AssertionError(f"{survivors} survivors, seed {seed}: {error}") from error
    assert final.outcome is not None, (
        f"{survivors} survivors, seed {seed}: no win or loss after the cap of {MAX_DECISIONS} "
        f"decisions (round {final.round}, phase {final.phase}); last decisions: {trail}"
    )
