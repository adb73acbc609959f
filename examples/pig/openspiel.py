"""Solo Pig as an OpenSpiel Python game (``python_pig``), the registry's ``openspiel`` entry.

Game parameters: ``target`` and ``turns`` (``pig.game.target``, ``pig.game.turns``; 20 and 5 by
default) and ``switches``, interpretation readings as ``field:reading`` pairs joined by ``+``
(``"target_reached:at-once"``; empty for the defaults). One player (player 0) plus chance;
returns 1 for a win, 0 otherwise. Player actions: 0 is ``Roll()``, 1 is ``Hold()``
(``pig.turn.choose``); chance actions are indices into the engine's chance node, the faces 1 to
6 (``pig.die.fair``). Serialization is OpenSpiel's default (the action history, replayed).

Like the other adapters (``engine/openspiel``) it uses only the engine's node/apply interface,
through :class:`engine.openspiel.common.EngineState`; importing it registers the game with
``pyspiel`` (the optional ``open-spiel`` package).
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pyspiel

from engine.openspiel.common import EngineState, Shared, game_info, game_type
from examples.pig.game import FACES, Hold, PigGame, Roll
from examples.pig.ruleset import DEFAULT, Ruleset
from examples.pig.state import DEFAULT_TARGET, DEFAULT_TURNS, PigState, first_state

SHORT_NAME = "python_pig"
DEFAULT_PARAMS: dict[str, Any] = {"target": DEFAULT_TARGET, "turns": DEFAULT_TURNS, "switches": ""}
ACTIONS = (Roll(), Hold())
"""The player decisions by action id."""
MAX_GAME_LENGTH = 100_000
"""A bound on decisions plus chance outcomes per game. Read ``on-hold`` a player may roll on past
the target, so no bound is certain; a game that long has a chance below (5/6)^50000."""


def parse_switches(text: str) -> Ruleset:
    """The ruleset a ``switches`` parameter names (``field:reading`` pairs joined by ``+``)."""
    readings: dict[str, str] = {}
    for pair in filter(None, (p.strip() for p in re.split(r"[+,]", text))):
        name, sep, value = pair.replace("=", ":").partition(":")
        if not sep:
            raise ValueError(f"switch {pair!r} is not field:reading")
        readings[name.strip()] = value.strip()
    return DEFAULT.with_readings(**readings) if readings else DEFAULT


def switches_of(ruleset: Ruleset) -> str:
    """The ``switches`` parameter naming ``ruleset``'s readings that differ from the defaults."""
    pairs = [("target_reached", ruleset.target_reached, DEFAULT.target_reached)]
    return "+".join(f"{name}:{value}" for name, value, default in pairs if value != default)


@cache
def engine_for(switches: str) -> PigGame:
    """The engine for one ``switches`` parameter (shared by every state)."""
    return PigGame(parse_switches(switches))


def _game_type() -> pyspiel.GameType:
    return game_type(SHORT_NAME, "Solo Pig (rulings engine)", DEFAULT_PARAMS)


def _game_info() -> pyspiel.GameInfo:
    return game_info(len(ACTIONS), len(FACES), MAX_GAME_LENGTH)


class PigOpenSpielGame(pyspiel.Game):
    """The OpenSpiel game for one target, number of turns and set of readings."""

    short_name = SHORT_NAME

    @staticmethod
    def for_search(engine: PigGame) -> PigSearchGame:
        """The game an MCTS search runs on for ``engine`` (``engine.openspiel.bots``)."""
        return PigSearchGame(engine)

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        merged = dict(DEFAULT_PARAMS)
        merged.update(params or {})
        self.switches = str(merged["switches"])
        self.start = first_state(int(merged["target"]), int(merged["turns"]))
        self.box = Shared(engine_for(self.switches))
        super().__init__(_game_type(), _game_info(), merged)

    def new_initial_state(self) -> PigOpenSpielState:
        return PigOpenSpielState(self)


class PigSearchGame(PigOpenSpielGame):
    """``python_pig`` over a given engine, for the search (its readings are also the
    ``switches`` parameter; the search shows it the current state itself)."""

    def __init__(self, engine: PigGame) -> None:
        pyspiel.Game.__init__(
            self,
            _game_type(),
            _game_info(),
            {**DEFAULT_PARAMS, "switches": switches_of(engine.ruleset)},
        )
        self.switches = switches_of(engine.ruleset)
        self.start = first_state()
        self.box = Shared(engine)


class PigOpenSpielState(EngineState):
    """A Pig engine state seen through OpenSpiel."""

    def __init__(self, game: PigOpenSpielGame) -> None:
        super().__init__(game)
        self._box = game.box
        self._state: PigState = game.start
        self._node = game.box.value.node(game.start)

    @property
    def _engine(self) -> PigGame:
        return self._box.value

    def _player_actions(self) -> list[int]:
        return sorted(ACTIONS.index(decision) for decision in self._node.legal)

    def _decision(self, action: int) -> object:
        return ACTIONS[action]

    def _decision_name(self, action: int) -> str:
        return str(ACTIONS[action])

    def __str__(self) -> str:
        from examples.pig.files import state_to_text

        return state_to_text(self._state)


pyspiel.register_game(_game_type(), PigOpenSpielGame)
