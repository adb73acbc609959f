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
their win rate. On Unknown random rollouts are almost never won and are cut (``ROLLOUT_LENGTH``),
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
adapter's state class with ``_state``/``_node`` set to it. Two things differ from the registered
adapters, both for the search only:

* Cloning is cheap for every adapter state (``engine.openspiel.common.shared``): the frozen
  engine state sits in a box a deep copy shares; the search states box their caches too.
* Which engine. The search game wraps the engine it is given: for Under Falling Skies its
  scenario (a shipped one or any scenario file) and its ruleset, whose readings are also passed
  as the ``switches`` game parameter; for Unknown the adapter plays the default readings only, so
  a non-default ruleset is refused (``ValueError``). Unknown's action ids come from a registry
  owned by the policy (first seen, first numbered), so a game's ids do not depend on what else
  the process has seen.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from engine.core.game import Node, PlayerNode
from engine.falling_skies.dice_phase.roll import roll_outcomes
from engine.falling_skies.game import FallingSkiesGame
from engine.falling_skies.ruleset import DEFAULT as FS_DEFAULT
from engine.falling_skies.ruleset import Ruleset as FSRuleset
from engine.openspiel import falling_skies as fs_adapter
from engine.openspiel import unknown as unknown_adapter
from engine.openspiel.common import Shared, game_info, game_type, shared
from engine.unknown.game import UnknownGame
from engine.unknown.ruleset import DEFAULT as UNKNOWN_DEFAULT

Policy = Callable[[Any, PlayerNode], object]
"""A player: given the engine state and its player node, the decision to take."""

GAMES = ("falling-skies", "unknown")
UCT_C = 2.0
"""UCT's exploration constant (OpenSpiel's MCTS example uses 2; returns here are 0 or 1)."""
ROLLOUT_LENGTH: dict[str, int | None] = {"falling-skies": None, "unknown": 30}
"""Actions after which a random rollout stops (valued 0, as a game not won) unless told
otherwise: a Falling Skies playout is short (about 50 actions) and runs to the end; an Unknown one
runs to ~130 decisions, mostly free transfers, and is almost never won at random, so it is cut."""


# -- Under Falling Skies ----------------------------------------------------------------------------
def switches_of(ruleset: FSRuleset) -> str:
    """The ``switches`` game parameter naming ``ruleset``'s non-default readings."""
    return "+".join(
        f"{field.name}:{getattr(ruleset, field.name)}"
        for field in dataclasses.fields(ruleset)
        if getattr(ruleset, field.name) != getattr(FS_DEFAULT, field.name)
    )


class FallingSkiesSearchGame(pyspiel.Game):
    """``python_falling_skies`` for one engine (its scenario and ruleset), for the search."""

    def __init__(self, engine: FallingSkiesGame) -> None:
        params = {"scenario": engine.scenario.name, "switches": switches_of(engine.ruleset)}
        self.scenario_name, self.switches = params["scenario"], params["switches"]
        table = fs_adapter.action_table(engine.board)
        ids = {decision: i for i, decision in enumerate(table)}
        self.box = Shared((engine, table, ids))
        self.start = engine.initial_state()
        board = engine.board
        chances = len(roll_outcomes(board.grey_dice, board.white_dice))
        info = game_info(len(table), chances, fs_adapter.MAX_GAME_LENGTH)
        kind = game_type(fs_adapter.SHORT_NAME, "Under Falling Skies (search)", params)
        super().__init__(kind, info, params)

    def new_initial_state(self) -> FallingSkiesSearchState:
        return FallingSkiesSearchState(self)


class FallingSkiesSearchState(fs_adapter.FallingSkiesState):
    """The adapter's state over the search game's engine, cheap to clone."""

    def __init__(self, game: FallingSkiesSearchGame) -> None:
        pyspiel.State.__init__(self, game)
        self._key = (game.scenario_name, game.switches)
        self._tables = game.box
        self._state = game.start
        self._node = game.box.value[0].node(game.start)

    @property
    def _engine(self) -> FallingSkiesGame:
        return self._tables.value[0]

    @property
    def _table(self) -> tuple[object, ...]:
        return self._tables.value[1]

    @property
    def _ids(self) -> dict[object, int]:
        return self._tables.value[2]


# -- Unknown --------------------------------------------------------------------------------------
class UnknownSearchGame(pyspiel.Game):
    """``python_unknown`` (default readings) for the search, with its own action registry."""

    def __init__(self, engine: UnknownGame) -> None:
        if engine.ruleset != UNKNOWN_DEFAULT:
            raise ValueError(
                "MCTS plays Unknown with the default readings only (the OpenSpiel adapter has "
                "no switches); drop --reading"
            )
        params = dict(unknown_adapter.DEFAULT_PARAMS)
        self.key = tuple(params.values())
        self.engine = engine
        self.registry = Shared(unknown_adapter.Registry())
        self.start = unknown_adapter.initial_state_for(self.key)
        self.start_node = engine.node(self.start)
        info = game_info(
            unknown_adapter.MAX_ACTIONS,
            unknown_adapter.MAX_CHANCE_OUTCOMES,
            unknown_adapter.MAX_GAME_LENGTH,
        )
        kind = game_type(unknown_adapter.SHORT_NAME, "Unknown (search)", params)
        super().__init__(kind, info, params)

    def new_initial_state(self) -> UnknownSearchState:
        return UnknownSearchState(self)


class UnknownSearchState(unknown_adapter.UnknownOpenSpielState):
    """The adapter's state with the policy's registry, cheap to clone."""

    _choices = shared("_choices")

    def __init__(self, game: UnknownSearchGame) -> None:
        pyspiel.State.__init__(self, game)
        self._key = game.key
        self._game_box = Shared((game.engine, game.registry.value))
        self._state = game.start
        self._node = game.start_node
        self._choices = None

    @property
    def _engine(self) -> UnknownGame:
        return self._game_box.value[0]

    def _registry(self) -> unknown_adapter.Registry:
        return self._game_box.value[1]

    def _decision_name(self, action: int) -> str:
        names = self._game_box.value[1].names
        return names[action] if action < len(names) else f"decision #{action}"


# -- the policy -----------------------------------------------------------------------------------
def search_game(game_name: str, engine_game: Any) -> pyspiel.Game:
    """The OpenSpiel game the search runs on, for ``engine_game``."""
    if game_name == "falling-skies":
        return FallingSkiesSearchGame(engine_game)
    if game_name == "unknown":
        return UnknownSearchGame(engine_game)
    raise ValueError(f"no MCTS for game {game_name!r} (games: {', '.join(GAMES)})")


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
    actions and then valued 0 (``None``: the game's ``ROLLOUT_LENGTH``; 0: never cut). A
    decision with one legal option is taken without search. Seeded: the same seed and the same
    states give the same decisions. ``ValueError`` for a game or ruleset the adapters cannot
    show (see the module doc)."""
    if simulations < 2 or rollouts < 1:
        # OpenSpiel's first simulation only values the root: one alone leaves nothing to choose
        raise ValueError("MCTS needs at least 2 simulations and 1 rollout")
    game = search_game(game_name, engine_game)
    if rollout_length is None:
        rollout_length = ROLLOUT_LENGTH[game_name]
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(rollouts, rng, rollout_length or None)
    bot = mcts.MCTSBot(game, uct_c, simulations, evaluator, solve=True, random_state=rng)

    def choose(state: Any, node: PlayerNode) -> object:
        if len(node.legal) == 1:
            return node.legal[0]
        root = wrap(game, state, node)
        return root._decision(bot.step(root))

    return choose
