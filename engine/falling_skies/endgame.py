"""Victory and the two defeats, which end the game at once (``fs.goal.win``, ``fs.goal.lose``)."""

from __future__ import annotations

from engine.core.frozen import evolve
from engine.falling_skies.board import Board
from engine.falling_skies.events import Outcome, event
from engine.falling_skies.state import FSState


def win(state: FSState, why: str) -> Outcome:
    """Research at the top: the game is won at once (``fs.end.win``)."""
    done = evolve(state, outcome=("win", "fs.end.win", why), pending=())
    return done, (event("game_won", "fs.end.win", f"the city wins: {why}"),)


def lose(state: FSState, clause: str, why: str) -> Outcome:
    """A defeat: the game is lost at once (``fs.end.lose-skull`` / ``fs.end.lose-damage``)."""
    done = evolve(state, outcome=("loss", clause, why), pending=())
    return done, (event("game_lost", clause, f"the city falls: {why}"),)


def take_damage(board: Board, state: FSState, amount: int, clause: str, cause: str) -> Outcome:
    """Move the damage marker ``amount`` spaces; reaching the skull loses (``fs.damage.hit``)."""
    damage = state.damage + amount
    state = evolve(state, damage=damage)
    spaces = board.damage_limit - 1
    where = (
        "the marker reaches the skull"
        if damage >= board.damage_limit
        else f"the marker is on space {damage} of the {spaces} before the skull"
    )
    hit = event(
        "damage",
        clause,
        f"{cause}: {amount} damage, {where}",
        amount=amount,
        damage=damage,
    )
    if damage >= board.damage_limit:
        state, lost = lose(state, "fs.end.lose-damage", "the damage marker reached the skull")
        return state, (hit, *lost)
    return state, (hit,)
