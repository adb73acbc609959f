"""The action printed on the mothership's new row (``fs.mothership.action``)."""

from __future__ import annotations

from engine.core.frozen import evolve
from engine.falling_skies.board import Board
from engine.falling_skies.endgame import take_damage
from engine.falling_skies.events import Outcome, event
from engine.falling_skies.ruleset import Ruleset
from engine.falling_skies.state import FSState, Ship


def white_supply(board: Board, state: FSState) -> int:
    """White ships neither in play (in the sky or aboard) nor shot down
    (``fs.white-ships.limited``; ledger: ``white-ships-in-play``)."""
    in_play = sum(1 for s in state.ships if s.color == "white")
    return board.scenario.white_ships - in_play - state.whites_destroyed


def add_white_ships(
    board: Board, ruleset: Ruleset, state: FSState, count: int, clause: str
) -> Outcome:
    """Put ``count`` white ships from the supply aboard the mothership (``fs.white-ships.limited``).

    When the supply holds fewer: ``as-many-as-left`` adds what is left and ignores the rest of the
    icon; ``all-or-nothing`` ignores the whole icon.
    """
    left = white_supply(board, state)
    added = min(count, left)
    if left < count and ruleset.white_supply_short == "all-or-nothing":
        added = 0
    new = tuple(Ship(name, "white") for name in _fresh_white_names(state, added))
    state = evolve(state, ships=(*state.ships, *new))
    events = []
    if added:
        names = ", ".join(s.id for s in new)
        text = f"{added} white ship(s) ({names}) board the mothership"
        events.append(event("white_added", clause, text, count=added))
    if added < count:
        text = f"{count - added} white ship(s) cannot be added: the supply holds {left}"
        events.append(event("white_supply_empty", "fs.white-ships.limited", text))
    return state, tuple(events)


def _fresh_white_names(state: FSState, count: int) -> list[str]:
    """Ids for ``count`` new white ships: numbered after every white ship made so far (in play
    or shot down), so an id shot down never comes back on a different ship."""
    taken = {s.id for s in state.ships}
    made = sum(1 for s in state.ships if s.color == "white") + state.whites_destroyed
    names: list[str] = []
    k = made
    while len(names) < count:
        k += 1
        if f"w{k}" not in taken:
            names.append(f"w{k}")
    return names


def mothership_action(board: Board, ruleset: Ruleset, state: FSState) -> Outcome:
    """Carry out the action of the row the mothership has just entered (``fs.mothership.action``).

    The excavator falls back along its path, unexcavating what it leaves (ledger:
    ``excavator-back-unexcavates``); research stops at its start (ledger: ``research-back-floor``);
    a damage action deals its printed amount (ledger: ``damage-action-amount``).
    """
    action, amount = board.mothership_action(state.mothership_row)
    row = state.mothership_row
    if action == "excavator":
        back = max(state.excavator - amount, board.start)
        text = f"row {row}: the excavator falls back {state.excavator - back} space(s)"
        clause = "fs.mothership.action.excavator"
        return evolve(state, excavator=back), (event("excavator_back", clause, text, to=back),)
    if action == "research":
        down = max(state.research - amount, 0)
        text = f"row {row}: research drops from {state.research} to {down}"
        clause = "fs.mothership.action.research"
        return evolve(state, research=down), (event("research_back", clause, text, to=down),)
    if action == "white":
        return add_white_ships(board, ruleset, state, amount, "fs.mothership.action.white")
    if action == "damage":
        cause = f"row {row}: the mothership strikes the city"
        return take_damage(board, state, amount, "fs.mothership.action.damage", cause)
    # "none" (the skull has ended the game already, in mothership_down)
    return state, ()
