"""An OpenSpiel MCTS player for the engine's games (``rulings play GAME --bot mcts``).

What MCTS is used for here: a searching player in place of the uniform random policy, to drive
whole games through the rules with decisions that look ahead, and to take a win when one is in
reach (a position won in one decision is won: ``tests/test_openspiel_cli.py``). It is a *player*,
not a rule: it judges no clause. Every decision it may pick is one of the engine's
``node(state).legal`` and every step it searches is the engine's ``apply`` (through the OpenSpiel
adapters of :mod:`engine.openspiel.falling_skies` and :mod:`engine.openspiel.unknown`, PRINCIPLES
§3); whether a decision is legal, what it causes and who won (``fs.end.win``,
``unknown.mission.win``, the losses) are the engine's answers. A bad choice by the bot is bad
play, never a rules bug.

How strong it is: on Falling Skies random rollouts run to the end, so the search values moves by
their win rate. On Unknown random rollouts are almost never won and are cut (its ``rollout_length``),
and the adapters score a loss 0 like an undecided game, so the search has almost no signal and
plays about as well as random (measured: quick-start Scout games lost in round 1). Scoring a loss
-1 in the search was tried: the bot then stalls on free transfers to put the loss off (1212
decisions, 218 s for one game), so it was not kept.

The search is OpenSpiel's ``open_spiel.python.algorithms.mcts.MCTSBot`` (UCT with MCTS-Solver
backups: a child proven to win is always chosen) with a ``RandomRolloutEvaluator`` (random
playouts, chance drawn by its exact probabilities). Both draw from one
``numpy.random.RandomState(seed)``, so the same seed and the same positions give the same
decisions.

The OpenSpiel view of the *current* engine state (any state, not only the initial one) is the
adapter's state class with ``_state``/``_node`` set to it. The game a search runs on comes from
the game's registry entry: its OpenSpiel adapter (``GameSpec.openspiel``) makes it
(``for_search(engine)``), with two differences from the registered adapter, both for the search
only:

* Cloning is cheap for every adapter state (``engine.openspiel.common.shared``): the frozen
  engine state sits in a box a deep copy shares; the search states box their caches too.
* Which engine. The search game wraps the engine it is given (for Under Falling Skies any
  scenario and ruleset; Unknown's adapter plays the default readings only and refuses another
  ruleset with ``ValueError``).

How far a random rollout runs is the game's ``GameSpec.rollout_length`` (0: to the end).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from engine.core import registry
from engine.core.game import Node, PlayerNode

Policy = Callable[[Any, PlayerNode], object]
"""A player: given the engine state and its player node, the decision to take."""

UCT_C = 2.0
"""UCT's exploration constant (OpenSpiel's MCTS example uses 2; returns here are 0 or 1)."""


# -- the policy -----------------------------------------------------------------------------------
def search_game(game_name: str, engine_game: Any) -> pyspiel.Game:
    """The OpenSpiel game the search runs on, for ``engine_game`` of the registered game
    ``game_name`` (``ValueError`` if the game has no OpenSpiel adapter)."""
    spec = registry.game(game_name)
    if not spec.openspiel:
        with_adapter = [s.name for s in registry.games().values() if s.openspiel]
        raise ValueError(
            f"no MCTS for game {game_name!r}: it has no OpenSpiel adapter "
            f"(games with one: {', '.join(with_adapter)})"
        )
    return registry.load_reference(spec.openspiel).for_search(engine_game)


def wrap(game: pyspiel.Game, state: Any, node: Node) -> pyspiel.State:
    """The OpenSpiel state showing the engine ``state`` (whose node is ``node``)."""
    wrapped = game.new_initial_state()
    wrapped._state = state
    wrapped._node = node
    if hasattr(wrapped, "_after_apply"):
        wrapped._after_apply()
    return wrapped


def mcts_policy(
    game_name: str,
    engine_game: Any,
    simulations: int,
    seed: int,
    rollouts: int = 1,
    uct_c: float = UCT_C,
    rollout_length: int | None = None,
) -> Policy:
    """An MCTS player for ``engine_game``: ``simulations`` (at least 2) MCTS simulations per
    decision, each leaf valued by ``rollouts`` random playouts, cut after ``rollout_length``
    actions and then valued 0 (``None``: the game's ``rollout_length``; 0: never cut). A
    decision with one legal option is taken without search. Seeded: the same seed and the same
    states give the same decisions. ``ValueError`` for a game or ruleset the adapters cannot
    show (see the module doc)."""
    if simulations < 2 or rollouts < 1:
        # OpenSpiel's first simulation only values the root: one alone leaves nothing to choose
        raise ValueError("MCTS needs at least 2 simulations and 1 rollout")
    game = search_game(game_name, engine_game)
    if rollout_length is None:
        rollout_length = registry.game(game_name).rollout_length
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(rollouts, rng, rollout_length or None)
    bot = mcts.MCTSBot(game, uct_c, simulations, evaluator, solve=True, random_state=rng)

    def choose(state: Any, node: PlayerNode) -> object:
        if len(node.legal) == 1:
            return node.legal[0]
        root = wrap(game, state, node)
        return root._decision(bot.step(root))

    return choose
