"""Line of sight (rulebook: Line of Sight; Fortified Tile; Impassable Tile; Create Barriers)."""

from __future__ import annotations

from engine.unknown.map.board import board_of
from engine.unknown.position import Coord, UnknownPosition
from engine.unknown.ruleset import DEFAULT, Ruleset


def line_of_sight(
    position: UnknownPosition, a: Coord, b: Coord, ruleset: Ruleset = DEFAULT
) -> bool:
    """Whether something on ``a`` has line of sight to something on ``b``.

    * ``unknown.los.straight-line``: ``a`` and ``b`` share a row or a column and every tile of the
      line between them, ``b`` included, is placed and passable;
    * ``unknown.los.barrier-blocks``: a barrier makes its tile impassable, so it breaks the line;
    * ``unknown.los.fortified-origin`` / ``unknown.los.fortified-blocks``: the line may start on a
      fortified tile but never enter or cross one;
    * the origin itself must be passable unless the ``los-impassable-origin`` switch reads
      ``origin-sees``.
    """
    board = board_of(position)
    ia, ib = board.slot.get(a), board.slot.get(b)
    if ia is None or ib is None:
        return False
    if ia == ib:
        return True
    if a[0] != b[0] and a[1] != b[1]:
        return False
    if not board.passable[ia] and ruleset.los_impassable_origin == "blocked":
        return False
    if a[0] == b[0]:
        step = board.width if b[1] > a[1] else -board.width
    else:
        step = 1 if b[0] > a[0] else -1
    i = ia
    while i != ib:
        i += step
        if not board.placed[i] or not board.passable[i] or board.fortified[i]:
            return False
    return True
