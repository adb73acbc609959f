"""The energy track: paying costs and gaining energy (``fs.cost.pay``, ``fs.room-effects.energy``).

The ``energy-direction`` reading says what the marker counts: ``counts-left`` (energy in hand:
paying lowers it, gains raise it up to the maximum) or ``counts-used`` (energy spent: paying
raises it up to the maximum, gains lower it to 0). Energy in hand may be spent down to 0
(ledger: ``energy-floor``).
"""

from __future__ import annotations

from engine.falling_skies.board import Board
from engine.falling_skies.ruleset import Ruleset


def can_pay(board: Board, ruleset: Ruleset, energy: int, cost: int) -> bool:
    """Whether the marker at ``energy`` can pay ``cost``."""
    if ruleset.energy_direction == "counts-used":
        return energy + cost <= board.scenario.energy_max
    return energy >= cost


def paid(ruleset: Ruleset, energy: int, cost: int) -> int:
    """The marker after paying ``cost`` (check ``can_pay`` first)."""
    return energy + cost if ruleset.energy_direction == "counts-used" else energy - cost


def gained(board: Board, ruleset: Ruleset, energy: int, amount: int) -> int:
    """The marker after gaining ``amount`` energy, kept on the track."""
    if ruleset.energy_direction == "counts-used":
        return max(energy - amount, 0)
    return min(energy + amount, board.scenario.energy_max)
