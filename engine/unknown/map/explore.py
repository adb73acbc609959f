"""Where a survivor may place an explored tile (rulebook: Explore)."""

from __future__ import annotations

from engine.unknown.position import ORTHOGONAL, Coord, UnknownPosition, squares_completed


def explore_placements(position: UnknownPosition, at: Coord) -> list[Coord]:
    """Empty spots orthogonally next to ``at`` where a new tile would not complete a 2×2 square.

    Applies ``unknown.action.explore.adjacent`` and ``unknown.action.explore.no-2x2``. An empty
    list means the survivor may not explore (``unknown.action.explore.needs-placement``).
    """
    placed = position.tile_at
    spots = ((at[0] + dx, at[1] + dy) for dx, dy in ORTHOGONAL)
    return sorted(s for s in spots if s not in placed and not squares_completed(placed, s))
