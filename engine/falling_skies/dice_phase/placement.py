"""Placing dice in the city (``fs.dice.place``) and the excavator's limits on it.

A die goes on any space of a column with no die yet. Excavated spaces take any die; a space of
the unexcavated path takes one only if no other die sits on the unexcavated path
(``fs.excavator.one-die``) and the die is at least the space's distance to the excavator
(``fs.excavator.distance``, ``fs.excavating.place``; reading ``excavator-distance``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

from engine.core.errors import IllegalDecision
from engine.core.frozen import evolve
from engine.falling_skies.board import Board
from engine.falling_skies.dice_phase.ships import descend_column
from engine.falling_skies.events import Outcome, event
from engine.falling_skies.robots import displace
from engine.falling_skies.ruleset import Ruleset
from engine.falling_skies.scenario import Space
from engine.falling_skies.state import Die, FSState, PlacedDie


@dataclass(frozen=True)
class PlaceDie:
    """Place the unplaced die number ``die`` (index in ``rolled``) on a city space."""

    die: int
    row: int
    column: int

    def __str__(self) -> str:
        return f"place unplaced die #{self.die} on row {self.row}, column {self.column}"


def excavated(board: Board, state: FSState, space: Space) -> bool:
    """Whether a city space is excavated: on the path up to the excavator (``fs.excavator.path``).

    The excavator's own space counts as excavated (ledger: ``excavator-own-space``).
    """
    index = board.path_index.get(space)
    return index is not None and index <= state.excavator


def distance(board: Board, ruleset: Ruleset, state: FSState, space: Space) -> int:
    """How far an unexcavated space is from the excavator (``fs.excavator.distance``)."""
    steps = board.path_index[space] - state.excavator
    return steps - 1 if ruleset.excavator_distance == "spaces-between" else steps


def digging_die(board: Board, state: FSState) -> PlacedDie | None:
    """The die placed on the unexcavated path, if any (``fs.excavator.purpose``)."""
    for die in state.placed:
        if not excavated(board, state, (die.row, die.column)):
            return die
    return None


def refusal(
    board: Board, ruleset: Ruleset, state: FSState, die: Die, row: int, column: int
) -> tuple[str, str] | None:
    """Why ``die`` may not go on (row, column): ``(clause, reason)``, or None if it may."""
    space = (row, column)
    if not (1 <= row <= board.scenario.city_rows and 1 <= column <= board.columns):
        return "fs.dice.place", f"row {row} column {column} is not a space of the city"
    if any(d.column == column for d in state.placed):
        return "fs.dice.place", f"column {column} already holds a die"
    room = board.room_at.get(space)
    if excavated(board, state, space):
        if room is not None and room.kind == "robot" and ruleset.robot_rooms == "closed":
            return "fs.dice.place", f"the robot room {room.id} takes no die (reading: closed)"
        return None
    if space not in board.path_index:
        return "fs.excavator.path", f"row {row} column {column} is off the excavator's path"
    if digging_die(board, state) is not None:
        return "fs.excavator.one-die", "a die already sits on the unexcavated path"
    far = distance(board, ruleset, state, space)
    if die.value < far:
        return "fs.excavator.distance", (
            f"a {die.value} cannot reach row {row} column {column}, {far} from the excavator"
        )
    return None


@dataclass(frozen=True, eq=False)
class Reach:
    """Per column, top first, the rows a die may use and the least value that may go there
    (one object per excavator place and digging state: compared and hashed by identity)."""

    columns: tuple[tuple[tuple[int, int], ...], ...]


@cache
def reach_table(
    board: Board, robots_closed: bool, between: bool, excavator: int, digging: bool
) -> Reach:
    """Where a die may go with the excavator at ``excavator`` and a die already on the
    unexcavated path or not (``digging``): an excavated space takes any die (closed robot rooms
    left out); an unexcavated one ``steps`` along the path takes a die of at least the distance,
    and none while another die digs; spaces off the path take none. The same rules as
    :func:`refusal`, worked out once per excavator place.
    """
    columns = []
    for column in range(1, board.columns + 1):
        rows: list[tuple[int, int]] = []
        for row in range(1, board.scenario.city_rows + 1):
            index = board.path_index.get((row, column))
            if index is None:
                continue
            if index > excavator:
                if not digging:
                    rows.append((row, index - excavator - (1 if between else 0)))
                continue
            room = board.room_at.get((row, column))
            if not (robots_closed and room is not None and room.kind == "robot"):
                rows.append((row, 1))
        columns.append(tuple(rows))
    return Reach(tuple(columns))


def _reach(board: Board, ruleset: Ruleset, state: FSState) -> Reach:
    """:func:`reach_table` for the excavator and the dice of ``state``."""
    return reach_table(
        board,
        ruleset.robot_rooms == "closed",
        ruleset.excavator_distance == "spaces-between",
        state.excavator,
        digging_die(board, state) is not None,
    )


def legal_placements(board: Board, ruleset: Ruleset, state: FSState) -> tuple[PlaceDie, ...]:
    """Every placement allowed now; of several identical dice only the first is offered."""
    reach = _reach(board, ruleset, state)
    used = frozenset(d.column for d in state.placed)
    found: list[PlaceDie] = []
    seen: set[Die] = set()
    for index, die in enumerate(state.rolled):
        if die not in seen:
            seen.add(die)
            found.extend(_die_placements(reach, used, index, die.value))
    return tuple(found)


@lru_cache(maxsize=1 << 16)
def _die_placements(
    reach: Reach, used: frozenset[int], index: int, value: int
) -> tuple[PlaceDie, ...]:
    """The placements of unplaced die number ``index``, showing ``value``, in the columns not
    ``used`` (a pure function of its arguments, so worked out once for each)."""
    return tuple(
        PlaceDie(index, row, column)
        for column, rows in enumerate(reach.columns, start=1)
        if column not in used
        for row, least in rows
        if value >= least
    )


def descent(board: Board, ruleset: Ruleset, state: FSState, space: Space, value: int) -> int:
    """How far the column's ships drop for a die of ``value`` on ``space`` (``fs.ships.aa-gun``).

    A die on an excavated AA-gun room in the first row (any row under ``aa-gun-other-rows:
    any-row``) moves them one less, never below 0; room modifiers play no part
    (``fs.value.room-phase-only``; ledger: ``aa-gun-fixed-slowdown``). A digging die moves them
    by its full number (ledger: ``digging-die-column``).
    """
    room = board.room_at.get(space)
    slowed = (
        room is not None
        and room.kind == "aa_gun"
        and excavated(board, state, space)
        and (space[0] == 1 or ruleset.aa_gun_other_rows == "any-row")
    )
    return max(value - 1, 0) if slowed else value


def place_die(board: Board, ruleset: Ruleset, state: FSState, decision: PlaceDie) -> Outcome:
    """Place a die, taking off a robot on its space (``fs.room-effects.robot.displaced``), move the
    column's ships, and queue a reroll after a white die (``fs.dice.place.descend``,
    ``fs.dice.place.white-reroll``)."""
    if not 0 <= decision.die < len(state.rolled):
        raise IllegalDecision("fs.dice.place", f"there is no unplaced die number {decision.die}")
    die = state.rolled[decision.die]
    why = refusal(board, ruleset, state, die, decision.row, decision.column)
    if why is not None:
        raise IllegalDecision(*why)
    space = (decision.row, decision.column)
    placed = PlacedDie(decision.row, decision.column, die.value, die.white)
    rolled = state.rolled[: decision.die] + state.rolled[decision.die + 1 :]
    digging = not excavated(board, state, space)
    state = evolve(state, rolled=rolled, placed=(*state.placed, placed))
    state, displaced = displace(state, space)
    color = "white" if die.white else "grey"
    where = "on the unexcavated path" if digging else _where(board, space)
    events = [
        event(
            "die_placed",
            "fs.excavating.place" if digging else "fs.dice.place",
            f"a {color} {die.value} goes on row {space[0]} column {space[1]} ({where})",
            row=space[0],
            column=space[1],
            value=die.value,
            white=die.white,
        )
    ]
    events.extend(displaced)
    amount = descent(board, ruleset, state, space, die.value)
    state, moved = descend_column(board, ruleset, state, decision.column, amount)
    events.extend(moved)
    if state.outcome is None and die.white and state.rolled:
        state = evolve(state, pending=(("reroll",), *state.pending))
    return state, tuple(events)


def _where(board: Board, space: Space) -> str:
    room = board.room_at.get(space)
    return "no room" if room is None else f"{room.kind} room {room.id}"
