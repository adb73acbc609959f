"""Where a game of solo Pig stands, as plain data (PRINCIPLES §2).

A state holds the agreed target and number of turns (``pig.game.target``, ``pig.game.turns``),
the turn being played, the bank, the turn total, whether the die is rolling (its face decides
what happens next) and, once the game is over, its outcome. Every field is immutable.
"""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_TARGET = 20
"""``pig.game.target``: the target unless another is agreed."""
DEFAULT_TURNS = 5
"""``pig.game.turns``: the number of turns unless another is agreed."""
LIMIT = 1000
"""The largest target and number of turns a game or a position file may agree on (a bound the
rules do not give: it keeps hostile files and set-ups small)."""

Outcome = tuple[str, str, str]
"""``(result, clause, why)``: ``win`` or ``loss``, the clause that ended the game, and why."""


@dataclass(frozen=True)
class PigState:
    """A game of solo Pig in progress or over."""

    target: int = DEFAULT_TARGET
    turns: int = DEFAULT_TURNS
    turn: int = 1
    """The turn being played, from 1 (the last turn played once the game is over)."""
    bank: int = 0
    turn_total: int = 0
    rolling: bool = True
    """The die is rolling: its face comes next (``pig.die.in-the-air``); otherwise the player
    chooses (``pig.turn.choose``) or the game is over."""
    outcome: Outcome | None = None

    @property
    def round(self) -> int:
        """The turn, as the solver's horizon counts it (``rulings solve --rounds N``: turns)."""
        return self.turn

    @property
    def over(self) -> bool:
        """Whether the game is won or lost (``pig.end.over``)."""
        return self.outcome is not None


def first_state(target: int = DEFAULT_TARGET, turns: int = DEFAULT_TURNS) -> PigState:
    """``pig.game.solo`` / ``pig.turn.first-roll``: the bank at 0 and the first turn's roll under
    way."""
    return PigState(target=target, turns=turns)
