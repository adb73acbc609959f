"""Under Falling Skies as an OpenSpiel Python game (``python_falling_skies``).

Game parameters (strings):

* ``scenario`` — a shipped scenario name (default ``pnp-easy``);
* ``switches`` — interpretation readings as ``field:reading`` pairs joined by ``+``, e.g.
  ``"dice_count:one+fighter_timing:next-round"`` (field names of
  :class:`~engine.falling_skies.ruleset.Ruleset`); empty for the defaults. (``=`` and ``,``
  cannot appear inside an OpenSpiel game string; ``parse_switches`` also accepts them when the
  parameters are given as a dict.)

One player (player 0) plus chance. Returns: 1 for a win, 0 otherwise (terminal reward only).

Action numbering (player actions), a fixed table built from the board of the scenario under the
ruleset, in this order (``D`` = grey + white dice rolled, ``R`` = city rows, ``C`` = columns,
``N`` = rooms in scenario order):

1. ``PlaceDie(die, row, column)`` for ``die`` in ``0..D-1``, ``row`` in ``1..R``, ``column`` in
   ``1..C`` — id ``die*R*C + (row-1)*C + (column-1)``;
2. ``ResolveRoom(room)`` for each room — id ``D*R*C + i``;
3. ``SkipRoom(room)`` for each room — id ``D*R*C + N + i``;
4. ``MoveExcavator()`` — id ``D*R*C + 2N``;
5. ``EndRoomPhase()`` — id ``D*R*C + 2N + 1``;
6. ``BuildRobot`` (reading ``robot-rooms: robots``), ``S = R*C`` spaces in row-major order:
   leaving the new robot unbuilt — id ``D*R*C + 2N + 2``; installing it on space ``k`` — id
   ``D*R*C + 2N + 3 + k``; on space ``k`` taking off the robot on space ``j`` — id
   ``D*R*C + 2N + 3 + S + k*S + j``;
7. ``LaunchColumn(c)`` for ``c`` in ``1..C`` — id ``D*R*C + 2N + 2 + S + S*S + c``.

Chance actions are indices into the engine's :class:`~engine.core.game.ChanceNode` outcomes
list (a roll's outcomes are sorted multisets of faces; see
:func:`~engine.falling_skies.dice_phase.roll.roll_outcomes`), so ``max_chance_outcomes`` is the
number of outcomes of rolling every die.

Serialization is OpenSpiel's default: the action history, replayed from the initial state.
"""

from __future__ import annotations

import dataclasses
import re
from functools import cache
from typing import Any

import pyspiel

from engine.falling_skies.board import Board
from engine.falling_skies.dice_phase.roll import roll_outcomes
from engine.falling_skies.files import SCENARIOS
from engine.falling_skies.game import (
    BuildRobot,
    EndRoomPhase,
    FallingSkiesGame,
    LaunchColumn,
    MoveExcavator,
    PlaceDie,
    ResolveRoom,
    SkipRoom,
)
from engine.falling_skies.ruleset import DEFAULT, Ruleset
from engine.falling_skies.scenario import load_scenario
from engine.openspiel.common import EngineState, Shared, game_info, game_type

SHORT_NAME = "python_falling_skies"
DEFAULT_PARAMS = {"scenario": "pnp-easy", "switches": ""}
MAX_GAME_LENGTH = 5000
"""A bound on decisions plus chance outcomes per game (the mothership descends every round)."""


def parse_switches(text: str) -> Ruleset:
    """The ruleset a ``switches`` parameter names (``field:reading`` pairs joined by ``+``)."""
    readings: dict[str, str] = {}
    for pair in filter(None, (p.strip() for p in re.split(r"[+,]", text))):
        parts = re.split(r"[:=]", pair, maxsplit=1)
        if len(parts) != 2:
            raise ValueError(f"switch {pair!r} is not field:reading")
        name, value = parts
        readings[name.strip()] = value.strip()
    return DEFAULT.with_readings(**readings) if readings else DEFAULT


def action_table(board: Board) -> tuple[object, ...]:
    """Every player decision the engine can offer on ``board``, by action id (see module doc)."""
    scenario = board.scenario
    dice = board.grey_dice + board.white_dice
    table: list[object] = [
        PlaceDie(die, row, column)
        for die in range(dice)
        for row in range(1, scenario.city_rows + 1)
        for column in range(1, scenario.columns + 1)
    ]
    table += [ResolveRoom(room.id) for room in scenario.rooms]
    table += [SkipRoom(room.id) for room in scenario.rooms]
    table += [MoveExcavator(), EndRoomPhase()]
    spaces = [
        (r, c) for r in range(1, scenario.city_rows + 1) for c in range(1, scenario.columns + 1)
    ]
    table.append(BuildRobot(None))
    table += [BuildRobot(space) for space in spaces]
    table += [BuildRobot(space, off) for space in spaces for off in spaces]
    table += [LaunchColumn(c) for c in range(1, scenario.columns + 1)]
    return tuple(table)


@cache
def engine_for(scenario: str, switches: str) -> tuple[FallingSkiesGame, tuple[object, ...]]:
    """The engine and its action table for one parameter set (shared by every state)."""
    game = FallingSkiesGame(load_scenario(SCENARIOS / f"{scenario}.yaml"), parse_switches(switches))
    return game, action_table(game.board)


def _game_type() -> pyspiel.GameType:
    return game_type(SHORT_NAME, "Under Falling Skies (rulings engine)", DEFAULT_PARAMS)


class FallingSkiesOpenSpielGame(pyspiel.Game):
    """The OpenSpiel game: one engine instance per parameter set."""

    short_name = SHORT_NAME

    @staticmethod
    def for_search(engine: FallingSkiesGame) -> FallingSkiesSearchGame:
        """The game an MCTS search runs on for ``engine`` (``engine.openspiel.bots``)."""
        return FallingSkiesSearchGame(engine)

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        merged = dict(DEFAULT_PARAMS)
        merged.update(params or {})
        self.scenario_name = str(merged["scenario"])
        self.switches = str(merged["switches"])
        engine, table = engine_for(self.scenario_name, self.switches)
        self.engine = engine
        self.table = table
        self.action_ids = {decision: i for i, decision in enumerate(table)}
        board = engine.board
        chances = len(roll_outcomes(board.grey_dice, board.white_dice))
        info = game_info(len(table), chances, MAX_GAME_LENGTH)
        super().__init__(_game_type(), info, merged)

    def new_initial_state(self) -> FallingSkiesState:
        return FallingSkiesState(self)


class FallingSkiesState(EngineState):
    """An engine state seen through OpenSpiel."""

    def __init__(self, game: FallingSkiesOpenSpielGame) -> None:
        super().__init__(game)
        self._key = (game.scenario_name, game.switches)
        engine, _ = engine_for(*self._key)
        self._state = engine.initial_state()
        self._node = engine.node(self._state)

    # the engine and table are shared, not copied with the state
    @property
    def _engine(self) -> FallingSkiesGame:
        return engine_for(*self._key)[0]

    @property
    def _table(self) -> tuple[object, ...]:
        return engine_for(*self._key)[1]

    @property
    def _ids(self) -> dict[object, int]:
        return _ids_for(*self._key)

    def _player_actions(self) -> list[int]:
        ids = self._ids
        return sorted(ids[decision] for decision in self._node.legal)

    def _decision(self, action: int) -> object:
        return self._table[action]

    def _decision_name(self, action: int) -> str:
        return str(self._table[action])

    def __str__(self) -> str:
        from engine.falling_skies.files import state_to_text

        engine = self._engine
        return state_to_text(self._state, engine.scenario, ruleset=engine.ruleset)


@cache
def _ids_for(scenario: str, switches: str) -> dict[object, int]:
    return {decision: i for i, decision in enumerate(engine_for(scenario, switches)[1])}


# -- the search's view (``engine.openspiel.bots``) ----------------------------------------------
def switches_of(ruleset: Ruleset) -> str:
    """The ``switches`` game parameter naming ``ruleset``'s non-default readings."""
    return "+".join(
        f"{field.name}:{getattr(ruleset, field.name)}"
        for field in dataclasses.fields(ruleset)
        if getattr(ruleset, field.name) != getattr(DEFAULT, field.name)
    )


class FallingSkiesSearchGame(pyspiel.Game):
    """``python_falling_skies`` for one engine (its scenario and ruleset), for the search: any
    scenario (a shipped one or any scenario file) and ruleset, whose readings are also passed as
    the ``switches`` game parameter."""

    def __init__(self, engine: FallingSkiesGame) -> None:
        params = {"scenario": engine.scenario.name, "switches": switches_of(engine.ruleset)}
        self.scenario_name, self.switches = params["scenario"], params["switches"]
        table = action_table(engine.board)
        ids = {decision: i for i, decision in enumerate(table)}
        self.box = Shared((engine, table, ids))
        self.start = engine.initial_state()
        board = engine.board
        chances = len(roll_outcomes(board.grey_dice, board.white_dice))
        info = game_info(len(table), chances, MAX_GAME_LENGTH)
        kind = game_type(SHORT_NAME, "Under Falling Skies (search)", params)
        super().__init__(kind, info, params)

    def new_initial_state(self) -> FallingSkiesSearchState:
        return FallingSkiesSearchState(self)


class FallingSkiesSearchState(FallingSkiesState):
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


pyspiel.register_game(_game_type(), FallingSkiesOpenSpielGame)
