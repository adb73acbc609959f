"""Knockback destinations (rulebook: Knockback; Tiles With Knockback; Create Barriers).

A piece within ``distance`` of the source flees: each step goes to an orthogonal, explored,
passable tile one further from the source than the tile it leaves, until there are ``distance``
tiles between the piece and the source; how far from the source that leaves it is the
``knockback-distance`` switch (:func:`flight_goal`). Where several steps
flee, the players pick (``unknown.knockback.path-choice``); a tile with no fleeing step is a dead
end where the flight stops early (``unknown.knockback.dead-end``). A survivor whose next step
would enter an enemy's tile may stop before it, or enter it and fight, which ends the flight
(``unknown.knockback.stop-before-enemy``). An enemy whose step enters a survivor's tile stops
there for close combat. Barrier tiles are impassable, so flight never enters them and removes no
barrier (``unknown.barrier.knockback-keeps``). A piece standing on an impassable tile may leave
it (``unknown.tile.impassable.spawn-exit``, ``unknown.action.move.impassable``); how far the
tiles beyond it are from the source is the ``knockback-impassable-start`` switch.
"""

from __future__ import annotations

from engine.unknown.map.board import Board, board_of
from engine.unknown.map.range import range_between
from engine.unknown.position import Ally, Coord, Survivor, UnknownPosition
from engine.unknown.ruleset import DEFAULT, Ruleset


def knockback_destinations(
    position: UnknownPosition,
    source: Coord,
    distance: int,
    who: str,
    ruleset: Ruleset = DEFAULT,
) -> frozenset[Coord]:
    """Every tile the piece ``who`` may end on when fleeing ``source`` with knockback ``distance``.

    A piece out of the knockback's reach (``unknown.knockback.flee``: range above ``distance``,
    or no range at all) keeps its own tile.
    """
    piece = position.piece(who)
    start_range = range_between(position, source, piece.at, ruleset)
    if start_range is None or start_range > distance:
        return frozenset({piece.at})
    board = board_of(position)
    start = board.index(piece.at)
    own_tile_passable = ruleset.knockback_impassable_start == "own-tile-passable"
    through = start if own_tile_passable and not board.passable[start] else None
    field = board.distances_from(board.index(source), through)
    # an ally flees like a survivor (unknown.ally.as-survivor)
    survivor = isinstance(piece, (Survivor, Ally))
    others = position.enemies if survivor else position.survivors
    blocked = {board.index(p.at) for p in others}
    stop_at_start = ruleset.knockback_stop_at_start == "allowed"
    found: set[int] = set()
    goal = flight_goal(distance, ruleset)
    _flee(board, field, goal, start, start, blocked, survivor, stop_at_start, found)
    return frozenset(board.coord(i) for i in found)


def flight_goal(distance: int, ruleset: Ruleset) -> int:
    """The range from the source at which a knockback of ``distance`` has been fled in full
    (``unknown.knockback.flee``, the ``knockback-distance`` switch): ``distance`` tiles lie
    between piece and source one tile further on, or the piece stands at range ``distance``."""
    return distance + 1 if ruleset.knockback_distance == "tiles-between" else distance


def _flee(
    board: Board,
    field: list[int],
    goal: int,
    start: int,
    at: int,
    blocked: set[int],
    survivor: bool,
    stop_at_start: bool,
    found: set[int],
) -> None:
    """Collect the end tiles of every fleeing path from ``at`` (depth-first; paths are short)."""
    here = field[at]
    if here >= goal:
        found.add(at)
        return
    steps = [v for v in board.neighbours[at] if board.passable[v] and field[v] == here + 1]
    if not steps:
        found.add(at)
        return
    for v in steps:
        if v in blocked:
            found.add(v)
            if survivor and (at != start or stop_at_start):
                found.add(at)
        else:
            _flee(board, field, goal, start, v, blocked, survivor, stop_at_start, found)
