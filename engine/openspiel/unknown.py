"""Unknown as an OpenSpiel Python game (``python_unknown``).

Game parameters: ``mission`` (one of ``engine.unknown.missions.MISSIONS``, default ``scout``),
``difficulty`` (``easy``/``normal``/``hard``), ``players`` (1–6), ``seed`` (the setup's seed:
survivor cards and stacks) and ``short`` (the mission's short version).

Unknown is cooperative: the group decides for every survivor, so OpenSpiel sees one player
(player 0) plus chance. Returns: 1 for a win, 0 otherwise (terminal reward only).

Action numbering. Unknown's decisions (moves to any tile, knockback targets, trades, ...) have
no small fixed table, so ids are handed out as decisions are first seen: a registry per
parameter set maps ``repr(decision)`` (the frozen dataclass with all its fields) to the next free
id, shared by every game object with those parameters in this process. The same decision thus
always has the same id within a process, and different decisions offered at one state always
have different ids. Ids are not stable across processes: a serialized state (OpenSpiel's
default, the action history) can be read back only by the process that wrote it, after the
registry saw those decisions. ``num_distinct_actions`` is a fixed bound (``MAX_ACTIONS``);
running out raises.

Chance actions are indices into the engine's :class:`~engine.core.game.ChanceNode` outcomes.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pyspiel

from engine.core.game import PlayerNode
from engine.openspiel.common import EngineState, Shared, game_info, game_type, shared
from engine.unknown.game import UnknownGame
from engine.unknown.ruleset import DEFAULT
from engine.unknown.setup import standard_setup
from engine.unknown.state import UnknownState

SHORT_NAME = "python_unknown"
DEFAULT_PARAMS: dict[str, Any] = {
    "mission": "scout",
    "difficulty": "normal",
    "players": 1,
    "seed": 0,
    "short": False,
}
MAX_ACTIONS = 1_000_000
MAX_CHANCE_OUTCOMES = 10_000
MAX_GAME_LENGTH = 100_000

ENGINE = UnknownGame()


class Registry:
    """Decision ids for one parameter set, handed out in the order decisions are first seen."""

    def __init__(self) -> None:
        self.ids: dict[str, int] = {}
        self.names: list[str] = []

    def id(self, decision: object) -> int:
        key = repr(decision)
        found = self.ids.get(key)
        if found is None:
            if len(self.names) >= MAX_ACTIONS:
                raise RuntimeError(f"more than {MAX_ACTIONS} distinct Unknown decisions")
            found = self.ids[key] = len(self.names)
            self.names.append(str(decision))
        return found


@cache
def registry_for(key: tuple[Any, ...]) -> Registry:
    """The registry of one parameter set (shared by every game with those parameters)."""
    return Registry()


@cache
def initial_state_for(key: tuple[Any, ...]) -> UnknownState:
    mission, difficulty, players, seed, short = key
    return standard_setup(mission, difficulty=difficulty, seed=seed, players=players, short=short)


def _game_type() -> pyspiel.GameType:
    return game_type(SHORT_NAME, "Unknown (rulings engine)", DEFAULT_PARAMS)


class UnknownOpenSpielGame(pyspiel.Game):
    """The OpenSpiel game for one mission setup."""

    short_name = SHORT_NAME

    @staticmethod
    def for_search(engine: UnknownGame) -> UnknownSearchGame:
        """The game an MCTS search runs on for ``engine`` (``engine.openspiel.bots``)."""
        return UnknownSearchGame(engine)

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        merged = dict(DEFAULT_PARAMS)
        merged.update(params or {})
        self.key = (
            str(merged["mission"]),
            str(merged["difficulty"]),
            int(merged["players"]),
            int(merged["seed"]),
            bool(merged["short"]),
        )
        initial_state_for(self.key)  # a bad parameter fails here, at load time
        info = game_info(MAX_ACTIONS, MAX_CHANCE_OUTCOMES, MAX_GAME_LENGTH)
        super().__init__(_game_type(), info, merged)

    def new_initial_state(self) -> UnknownOpenSpielState:
        return UnknownOpenSpielState(self)


class UnknownOpenSpielState(EngineState):
    """An engine state seen through OpenSpiel."""

    def __init__(self, game: UnknownOpenSpielGame) -> None:
        super().__init__(game)
        self._key = game.key
        self._state = initial_state_for(self._key)
        self._node = ENGINE.node(self._state)
        self._choices: dict[int, object] | None = None

    def _registry(self) -> Registry:
        """Where this state's action ids come from (the parameter set's registry)."""
        return registry_for(self._key)

    def _player_choices(self) -> dict[int, object]:
        """The legal decisions here by action id (ids handed out on first sight)."""
        if self._choices is None:
            registry = self._registry()
            node = self._node
            legal = node.legal if isinstance(node, PlayerNode) else ()
            self._choices = {registry.id(d): d for d in legal}
            if len(self._choices) != len(legal):
                raise RuntimeError("two legal decisions share one action id")
        return self._choices

    @property
    def _engine(self) -> UnknownGame:
        return ENGINE

    def _player_actions(self) -> list[int]:
        return sorted(self._player_choices())

    def _decision(self, action: int) -> object:
        return self._player_choices()[action]

    def _decision_name(self, action: int) -> str:
        names = registry_for(self._key).names
        return names[action] if action < len(names) else f"decision #{action}"

    def _after_apply(self) -> None:
        self._choices = None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if len(self._node.outcomes) > MAX_CHANCE_OUTCOMES:
            raise RuntimeError(f"more than {MAX_CHANCE_OUTCOMES} chance outcomes")
        return super().chance_outcomes()

    def __str__(self) -> str:
        from engine.unknown.files import state_to_text

        return state_to_text(self._state)


# -- the search's view (``engine.openspiel.bots``) ----------------------------------------------
class UnknownSearchGame(pyspiel.Game):
    """``python_unknown`` (default readings) for the search, with its own action registry (first
    seen, first numbered), so a game's ids do not depend on what else the process has seen. The
    adapter plays the default readings only: a non-default ruleset is refused (``ValueError``)."""

    def __init__(self, engine: UnknownGame) -> None:
        if engine.ruleset != DEFAULT:
            raise ValueError(
                "MCTS plays Unknown with the default readings only (the OpenSpiel adapter has "
                "no switches); drop --reading"
            )
        params = dict(DEFAULT_PARAMS)
        self.key = tuple(params.values())
        self.engine = engine
        self.registry = Shared(Registry())
        self.start = initial_state_for(self.key)
        self.start_node = engine.node(self.start)
        info = game_info(MAX_ACTIONS, MAX_CHANCE_OUTCOMES, MAX_GAME_LENGTH)
        kind = game_type(SHORT_NAME, "Unknown (search)", params)
        super().__init__(kind, info, params)

    def new_initial_state(self) -> UnknownSearchState:
        return UnknownSearchState(self)


class UnknownSearchState(UnknownOpenSpielState):
    """The adapter's state with the search game's registry, cheap to clone."""

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

    def _registry(self) -> Registry:
        return self._game_box.value[1]

    def _decision_name(self, action: int) -> str:
        names = self._game_box.value[1].names
        return names[action] if action < len(names) else f"decision #{action}"


pyspiel.register_game(_game_type(), UnknownOpenSpielGame)
