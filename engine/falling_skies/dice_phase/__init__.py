"""1. Dice phase: roll, place dice one per column, ships descend and resolve their icons."""

from engine.falling_skies.dice_phase.placement import PlaceDie, legal_placements, place_die
from engine.falling_skies.dice_phase.roll import Roll, apply_roll, roll_node, roll_outcomes

__all__ = [
    "PlaceDie",
    "Roll",
    "apply_roll",
    "legal_placements",
    "place_die",
    "roll_node",
    "roll_outcomes",
]
