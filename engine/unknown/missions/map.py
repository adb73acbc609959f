"""The Map mission (rulebook: Missions, Map).

Reading of "a path of tiles forming a square at least 9 on each side": the explored tiles must
hold an unbroken ring (tiles joined side to side, never only corner to corner) around an area in
which a 9 by 9 block of grid spots fits, the ring's own tiles counting as part of the block. Any
tile counts, impassable ones too; the ring must be closed, since it is a perimeter.

Found by flooding the outside: starting beyond the map, the flood spreads over unexplored spots
also corner to corner (so it slips through any diagonal gap in a ring). Every spot the flood
cannot reach is on or inside a closed ring of side-joined tiles.
"""

from __future__ import annotations

from functools import lru_cache

from engine.unknown.missions import MISSIONS
from engine.unknown.position import Coord, PlacedTile
from engine.unknown.state import UnknownState

LONG_SIDE, SHORT_SIDE = 9, 8
"""Side of the square that must fit (``unknown.mission.map.goal``, ``unknown.mission.map.short``)."""

AROUND: tuple[Coord, ...] = tuple(
    (dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)
)


def enclosed(spots: frozenset[Coord]) -> set[Coord]:
    """Spots on or inside a closed ring of side-joined explored tiles.

    Applies ``unknown.mission.map.contiguous`` (the outside flood passes diagonal gaps, so only a
    side-joined ring holds it back) and ``unknown.mission.map.impassable-ok`` (every explored
    tile is a wall to the flood, passable or not).
    """
    if not spots:
        return set()
    xs = [x for x, _ in spots]
    ys = [y for _, y in spots]
    lo_x, hi_x, lo_y, hi_y = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
    start = (lo_x, lo_y)
    outside = {start}
    frontier = [start]
    for x, y in frontier:
        for dx, dy in AROUND:
            n = (x + dx, y + dy)
            inside_box = lo_x <= n[0] <= hi_x and lo_y <= n[1] <= hi_y
            if inside_box and n not in outside and n not in spots:
                outside.add(n)
                frontier.append(n)
    return {
        (x, y)
        for x in range(lo_x, hi_x + 1)
        for y in range(lo_y, hi_y + 1)
        if (x, y) not in outside
    }


def largest_square(area: set[Coord]) -> int:
    """The side of the largest square block of spots wholly inside ``area``."""
    best = 0
    sides: dict[Coord, int] = {}
    for x, y in sorted(area):
        below, left, corner = (x, y - 1), (x - 1, y), (x - 1, y - 1)
        side = 1 + min(sides.get(below, 0), sides.get(left, 0), sides.get(corner, 0))
        sides[(x, y)] = side
        best = max(best, side)
    return best


@lru_cache(maxsize=512)
def _square_side(tiles: tuple[PlacedTile, ...]) -> int:
    spots = frozenset(t.at for t in tiles)
    return largest_square(enclosed(spots))


def required_side(state: UnknownState) -> int:
    """9 in the long version, 8 in the short one (``unknown.mission.map.short``)."""
    return SHORT_SIDE if state.short else LONG_SIDE


def map_complete(state: UnknownState) -> str | None:
    """Why Map is complete: a square of the required side fits on or inside a closed ring.

    Applies ``unknown.mission.map.goal``, ``unknown.mission.map.shape`` (any ring shape, the
    square on or inside it), ``unknown.mission.map.impassable-ok`` and
    ``unknown.mission.map.contiguous``.
    """
    need = required_side(state)
    tiles = state.position.tiles
    if len(tiles) < 4 * (need - 1):
        return None
    xs = [t.at[0] for t in tiles]
    ys = [t.at[1] for t in tiles]
    if max(xs) - min(xs) + 1 < need or max(ys) - min(ys) + 1 < need:
        return None
    side = _square_side(tiles)
    if side >= need:
        return f"the explored tiles close a ring around a {side} by {side} square (needed {need})"
    return None


MISSIONS["map"] = map_complete
