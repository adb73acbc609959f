"""Moving the mothership down one row (``fs.mothership.move``, ``fs.ships.mothership-icon``)."""

from __future__ import annotations

from engine.core.frozen import evolve
from engine.falling_skies.board import Board
from engine.falling_skies.endgame import lose
from engine.falling_skies.events import Outcome, event
from engine.falling_skies.state import FSState, Ship


def recover(state: FSState, ship: Ship, clause: str, why: str, where: str | None = None) -> Outcome:
    """Take ``ship`` back aboard the mothership, dropping its explosion marks."""
    where = where or f"at row {ship.row} column {ship.column}"
    ships = tuple(evolve(s, row=None, column=None) if s.id == ship.id else s for s in state.ships)
    marks = tuple(m for m in state.marks if m[0] != ship.id)
    state = evolve(state, ships=ships, marks=marks)
    return state, (
        event(
            "ship_recovered",
            clause,
            f"{ship.color} ship {ship.id} {where} {why}",
            ship=ship.id,
            row=ship.row,
            column=ship.column,
        ),
    )


def mothership_down(board: Board, state: FSState, clause: str, ship: str | None = None) -> Outcome:
    """The mothership drops one row, taking aboard the ships on the row it enters (ledger:
    ``mothership-rows-are-sky-rows``).

    Reaching the skull row loses at once (``fs.ships.mothership-icon.skull``,
    ``fs.mothership.action.skull``, ``fs.end.lose-skull``). The action of the new row is left to
    the caller: the mothership phase carries it out, an icon always skips it
    (``fs.ships.mothership-icon.recover``; ledger: ``mothership-icon-action``).
    """
    row = state.mothership_row + 1
    state = evolve(state, mothership_row=row)
    text = f"the mothership drops to row {row}" + (f" (icon under ship {ship})" if ship else "")
    fields = {"row": row} if ship is None else {"row": row, "ship": ship}
    events = [event("mothership_moved", clause, text, **fields)]
    recover_clause = "fs.ships.mothership-icon.recover" if clause.startswith("fs.ships") else clause
    for touched in state.ships:
        if touched.row == row:
            why = "is taken back by the mothership"
            state, more = recover(state, touched, recover_clause, why)
            events.extend(more)
    if board.mothership_action(row)[0] == "skull":
        state, lost = lose(state, "fs.end.lose-skull", "the mothership reached the skull")
        events.extend(lost)
    return state, tuple(events)
