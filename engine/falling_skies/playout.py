"""A seeded random playout: uniform legal decisions, chance by its exact probability.

Used by the CLI (``rulings play falling-skies --seed N --random``, or ``--bot mcts`` with a
policy for the player decisions) and the win-rate command.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random

from engine.core.game import ChanceNode, PlayerNode, Step, TerminalNode, sample_outcome
from engine.falling_skies.game import FallingSkiesGame
from engine.falling_skies.state import FSState

Policy = Callable[[FSState, PlayerNode], object]
"""A player: the decision to take at a player node (``rulings play --bot mcts`` passes one)."""


def random_playout(
    game: FallingSkiesGame,
    seed: int,
    state: FSState | None = None,
    on_step: Callable[[object, Step], None] | None = None,
    max_decisions: int = 100_000,
) -> FSState:
    """Play from ``state`` (the initial state by default) to the end; return the final state.

    Player decisions are drawn uniformly from the legal ones, chance outcomes with
    :func:`~engine.core.game.sample_outcome`, both from one ``Random(seed)``. ``on_step`` sees
    every decision with its step (to narrate). ``RuntimeError`` if the game has not ended after
    ``max_decisions`` decisions or stops at a node no one can act on.
    """
    state, ended = play_out(game, Random(seed), state, None, on_step, max_decisions)
    if not ended:
        raise RuntimeError(f"the playout did not end within {max_decisions} decisions")
    return state


def play_out(
    game: FallingSkiesGame,
    rng: Random,
    state: FSState | None = None,
    policy: Policy | None = None,
    on_step: Callable[[object, Step], None] | None = None,
    max_decisions: int = 100_000,
) -> tuple[FSState, bool]:
    """Play from ``state`` (the initial state by default) until the game ends or
    ``max_decisions`` decisions (chance draws included) were applied; the last state, and whether
    the game ended.

    Chance outcomes are drawn with :func:`~engine.core.game.sample_outcome` from ``rng``; player
    decisions by ``policy``, or uniformly from the legal ones with ``rng`` when it is ``None``.
    ``RuntimeError`` if play stops at a node no one can act on.
    """
    if state is None:
        state = game.initial_state()
    for _ in range(max_decisions):
        node = game.node(state)
        if isinstance(node, TerminalNode):
            return state, True
        if isinstance(node, ChanceNode):
            decision = sample_outcome(node, rng)
        elif isinstance(node, PlayerNode) and node.legal:
            decision = (
                node.legal[rng.randrange(len(node.legal))]
                if policy is None
                else policy(state, node)
            )
        else:
            raise RuntimeError(f"round {state.round}: no one can act ({node})")
        step = game.apply(state, decision)
        if on_step is not None:
            on_step(decision, step)
        state = step.state
    return state, isinstance(game.node(state), TerminalNode)
