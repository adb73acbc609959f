"""Launching waiting ships (``fs.launch.*``, ``fs.white-ships.after-purple``).

At most five ships launch per mothership phase, one at a time, onto the row just below the
mothership: purple ships before white ones (ledger: ``launch-colour-order``); a column with no ship
first; once every column holds a ship, the columns the ``launch-all-columns-taken`` reading allows
(any free launch space in the published rules); remaining ties are the player's
(:class:`LaunchColumn`). A column whose launch space holds a ship takes none, so ships left over
wait aboard until the next mothership phase (ledger: ``launch-space-taken``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core.errors import IllegalDecision
from engine.core.frozen import evolve
from engine.falling_skies.board import Board
from engine.falling_skies.events import Outcome, event
from engine.falling_skies.ruleset import Ruleset
from engine.falling_skies.state import FSState, Ship

MAX_LAUNCHES = 5
"""Ships launched per mothership phase at most (``fs.launch.max-five``)."""


@dataclass(frozen=True)
class LaunchColumn:
    """The player's pick among columns the launch priorities leave tied."""

    column: int

    def __str__(self) -> str:
        return f"launch into column {self.column}"


def next_ship(state: FSState) -> Ship | None:
    """The ship to launch next: purple first, then white (``fs.launch.purple-first``)."""
    waiting = [s for s in state.ships if s.waiting]
    for ship in waiting:
        if ship.color == "purple":
            return ship
    return waiting[0] if waiting else None


def launch_columns(board: Board, ruleset: Ruleset, state: FSState) -> list[int]:
    """The columns the launch priorities allow for the next ship (several: the player picks).

    With a ship in every column: ``greatest-gap``, the columns whose top ship is farthest below
    the launch space (``fs.launch.greatest-gap``); ``any-free``, every column whose launch space
    is free.
    """
    row = state.mothership_row + 1
    if row > board.sky_rows:
        return []
    open_columns = [c for c in range(1, board.columns + 1) if state.ship_at(row, c) is None]
    tops: dict[int, int] = {}
    for ship in state.ships:
        if ship.row is not None and (ship.column not in tops or ship.row < tops[ship.column]):
            tops[ship.column] = ship.row
    empty = [c for c in open_columns if c not in tops]
    if empty:  # fs.launch.empty-column (ledger: launch-empty-column)
        return empty
    if not open_columns:
        return []
    if ruleset.launch_all_columns_taken == "any-free":
        return open_columns
    widest = max(tops[c] - row for c in open_columns)  # fs.launch.greatest-gap
    return [c for c in open_columns if tops[c] - row == widest]


def launch(board: Board, state: FSState, column: int) -> Outcome:
    """Launch the next ship into ``column`` and count it against the five."""
    ship = next_ship(state)
    assert ship is not None
    row = state.mothership_row + 1
    moved = evolve(ship, row=row, column=column)
    ships = tuple(moved if s.id == ship.id else s for s in state.ships)
    pending = state.pending
    if pending and pending[0][0] == "launch":
        pending = (("launch", int(pending[0][1]) - 1), *pending[1:])
    state = evolve(state, ships=ships, pending=pending)
    clause = "fs.white-ships.after-purple" if ship.color == "white" else "fs.launch.purple-first"
    text = f"{ship.color} ship {ship.id} launches to row {row} column {column}"
    return state, (event("ship_launched", clause, text, ship=ship.id, row=row, column=column),)


def spoken(columns: Sequence[int]) -> str:
    """``1, 2 and 4``: columns as a sentence names them."""
    names = [str(column) for column in columns]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def choose_launch(board: Board, ruleset: Ruleset, state: FSState, decision: object) -> Outcome:
    """Apply the player's :class:`LaunchColumn` pick (``fs.launch.player-choice``)."""
    if not isinstance(decision, LaunchColumn):
        raise IllegalDecision(
            "fs.launch.player-choice", f"{decision} is not a decision: choose a launch column"
        )
    allowed = launch_columns(board, ruleset, state)
    if decision.column not in allowed:
        raise IllegalDecision(
            "fs.launch.player-choice",
            f"column {decision.column} is not one of the tied columns: {spoken(allowed)}",
        )
    return launch(board, state, decision.column)


def setup_launch(board: Board, ruleset: Ruleset, state: FSState) -> Outcome:
    """The set-up: the ships take the starting spots, the launch row under the mothership, one
    to a column from the left; the ships beyond the spots wait aboard (ledger:
    ``setup-first-launch``). On the empty sky every column is empty, so the launch rules with
    ties to the leftmost column place them exactly so."""
    events: list = []
    for _ in range(MAX_LAUNCHES):
        columns = launch_columns(board, ruleset, state) if next_ship(state) else []
        if not columns:
            break
        state, more = launch(board, state, columns[0])
        events.extend(more)
    return state, tuple(events)
