"""Range (rulebook: Range)."""

from __future__ import annotations

from engine.unknown.map.board import board_of
from engine.unknown.position import Coord, UnknownPosition
from engine.unknown.ruleset import DEFAULT, Ruleset


def range_between(
    position: UnknownPosition, a: Coord, b: Coord, ruleset: Ruleset = DEFAULT
) -> int | None:
    """The range from ``a`` to ``b``: fewest orthogonal moves over explored passable tiles.

    Applies ``unknown.range``; ``None`` when no such path exists or either end is not explored.
    The ``range-endpoints`` switch says whether the far end must itself be passable.
    """
    board = board_of(position)
    ia, ib = board.slot.get(a), board.slot.get(b)
    if ia is None or ib is None:
        return None
    if ruleset.range_endpoints == "target-passable" and ia != ib and not board.passable[ib]:
        return None
    distance = board.distances_from(ia)[ib]
    return None if distance < 0 else distance
