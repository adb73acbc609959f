"""Map and geometry (rulebook: Tiles, Range, Line of Sight, Knockback, Explore placement)."""

from engine.unknown.map.board import Board, board_of, is_passable, per_map
from engine.unknown.map.explore import explore_placements
from engine.unknown.map.knockback import knockback_destinations
from engine.unknown.map.line_of_sight import line_of_sight
from engine.unknown.map.range import range_between

__all__ = [
    "Board",
    "board_of",
    "explore_placements",
    "is_passable",
    "knockback_destinations",
    "line_of_sight",
    "per_map",
    "range_between",
]
