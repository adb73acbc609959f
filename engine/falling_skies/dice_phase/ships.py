"""Alien ships moving in the dice phase: descent, the icon where each stops, hits on the city.

Clauses: ``fs.ships.descend`` (the column's ships drop by the die), ``fs.ships.order`` (top
ship first), ``fs.ships.stop-icon`` (only the space where a ship stops counts), the icons
``fs.ships.arrow``, ``fs.ships.mothership-icon`` and ``fs.ships.explosion``, and
``fs.damage.hit`` / ``fs.damage.return`` for a ship that comes down into the city.
"""

from __future__ import annotations

from engine.core.frozen import evolve
from engine.falling_skies.board import Board
from engine.falling_skies.endgame import take_damage
from engine.falling_skies.events import Outcome, event
from engine.falling_skies.mothership_phase.move import mothership_down
from engine.falling_skies.ruleset import Ruleset
from engine.falling_skies.state import FSState, Ship


def descend_column(
    board: Board, ruleset: Ruleset, state: FSState, column: int, amount: int
) -> Outcome:
    """Every ship in ``column`` drops ``amount`` rows, then each resolves, top ship first
    (ledger: ``column-moves-together``). The column is where a ship stands now, so a ship an arrow
    shifted drops with the dice of its new column (ledger: ``arrow-moved-ship-descends-again``)."""
    movers = sorted(
        (s for s in state.ships if s.column == column and s.row is not None), key=lambda s: s.row
    )
    if not movers:
        return state, ()
    if amount <= 0:
        text = f"the ships in column {column} do not move"
        return state, (event("ships_hold", "fs.ships.aa-gun", text, column=column),)
    moved = {s.id: s.row + amount for s in movers}
    hitting = {i for i, row in moved.items() if row > board.sky_rows}
    ships = tuple(
        (evolve(s, row=None, column=None) if s.id in hitting else evolve(s, row=moved[s.id]))
        if s.id in moved
        else s
        for s in state.ships
    )  # a ship carried below the sky's last row hits the city (ledger: hit-past-last-row)
    marks = tuple(m for m in state.marks if m[0] not in hitting)
    state = evolve(state, ships=ships, marks=marks)
    events = [
        event(
            "ship_descended",
            "fs.ships.descend",
            f"{s.color} ship {s.id} drops from row {s.row} to "
            + (f"row {moved[s.id]}" if moved[s.id] <= board.sky_rows else "the city"),
            ship=s.id,
            column=column,
            to_row=moved[s.id],
        )
        for s in movers
    ]
    for mover in movers:  # fs.ships.order: from the top ship down
        if state.outcome is not None:
            break
        ship = state.ship(mover.id)
        if mover.id in hitting:
            state, more = hit_city(board, state, mover)
        elif ship.waiting:  # taken back by the mothership while an upper ship resolved
            continue
        else:
            state, more = resolve_icon(board, ruleset, state, ship)
        events.extend(more)
    return state, tuple(events)


def hit_city(board: Board, state: FSState, ship: Ship) -> Outcome:
    """A ship that reached the city (already back aboard) deals one damage
    (``fs.damage.hit``, ``fs.damage.return``, ``fs.white-ships.return``); aboard, it waits for the
    next launch step, the same round's (ledger: ``hit-ship-relaunch``)."""
    back = "fs.white-ships.return" if ship.color == "white" else "fs.damage.return"
    text = f"{ship.color} ship {ship.id} hits the city from column {ship.column} and returns"
    returned = (event("ship_recovered", back, text, ship=ship.id, column=ship.column),)
    state, damaged = take_damage(board, state, 1, "fs.damage.hit", f"ship {ship.id} hit the city")
    return state, returned + damaged


def resolve_icon(board: Board, ruleset: Ruleset, state: FSState, ship: Ship) -> Outcome:
    """Carry out the icon of the space ``ship`` stopped on (``fs.ships.stop-icon``)."""
    icon = board.icons.get((ship.row, ship.column), "")
    name = {"L": "a left arrow", "R": "a right arrow", "M": "a mothership icon", "": "no icon"}
    text = f"ship {ship.id} stops on row {ship.row} column {ship.column}: " + name.get(
        icon, f"an explosion {icon[1:]}"
    )
    stop = (event("ship_stopped", "fs.ships.stop-icon", text, ship=ship.id, icon=icon),)
    if icon in ("L", "R"):
        state, more = arrow(board, state, ship, -1 if icon == "L" else 1)
    elif icon == "M":
        state, more = mothership_down(board, state, "fs.ships.mothership-icon", ship.id)
    elif icon.startswith("X"):
        state, more = explosion(ruleset, state, ship, int(icon[1:]))
    else:
        more = ()
    return state, stop + more


def arrow(board: Board, state: FSState, ship: Ship, step: int) -> Outcome:
    """Shift the ship one column unless the space is taken or off the sky (``fs.ships.arrow``).

    The space it moves onto does not resolve its own icon (ledger: ``arrow-end-icon``).
    """
    column = ship.column + step
    side = "left" if step < 0 else "right"
    if not 1 <= column <= board.columns or state.ship_at(ship.row, column) is not None:
        why = "off the sky" if not 1 <= column <= board.columns else "taken by another ship"
        text = f"ship {ship.id}: the {side} arrow is ignored (row {ship.row} column {column} {why})"
        return state, (event("arrow_ignored", "fs.ships.arrow", text, ship=ship.id),)
    moved = evolve(ship, column=column)
    state = evolve(state, ships=tuple(moved if s.id == ship.id else s for s in state.ships))
    text = f"ship {ship.id} follows the {side} arrow to row {ship.row} column {column}"
    return state, (event("arrow", "fs.ships.arrow", text, ship=ship.id, column=column),)


def explosion(ruleset: Ruleset, state: FSState, ship: Ship, number: int) -> Outcome:
    """A ship on an explosion icon becomes a fighter target (``fs.ships.explosion``).

    Under the ``next-round`` reading of ``fighter-timing`` the mark is kept in the state.
    """
    if ruleset.fighter_timing == "next-round":
        state = evolve(state, marks=(*state.marks, (ship.id, number, state.round)))
    text = f"ship {ship.id} stops on an explosion {number}: a fighter target"
    return state, (event("ship_marked", "fs.ships.explosion", text, ship=ship.id, number=number),)
