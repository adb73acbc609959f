"""The map as small integer arrays, for fast geometry (PRINCIPLES §8).

A :class:`Board` flattens a position's tiles into a grid with a one-spot empty border, so a
neighbour is ``i ± 1`` or ``i ± width`` with no bounds checks, and caches one breadth-first
distance field per source tile. A position keeps its board in its declared ``map_cache``, and
boards are shared between positions on the same map through :func:`board_for`, a bounded cache
keyed by the map's tiles and tokens.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, wraps
from typing import Any, TypeVar

from engine.unknown.catalog import catalog
from engine.unknown.position import ORTHOGONAL, Coord, PlacedTile, Token, UnknownPosition

T = TypeVar("T")

TOKENS_MAKING_IMPASSABLE = ("barrier", "blaze")


def is_passable(position: UnknownPosition, at: Coord) -> bool:
    """Whether pieces may enter the explored tile at ``at``.

    Applies ``unknown.tile.impassable`` (an impassable tile stays so until cleared),
    ``unknown.barrier.impassable`` (any barrier token) and ``unknown.hazard.blaze.token-impassable``.
    """
    placed = position.tile_at.get(at)
    if placed is None:
        return False
    if catalog()[placed.tile].impassable and not placed.cleared:
        return False
    tokens = position.tokens_at.get(at, {})
    return not any(tokens.get(kind) for kind in TOKENS_MAKING_IMPASSABLE)


def is_fortified(position: UnknownPosition, at: Coord) -> bool:
    """Whether the tile at ``at`` is fortified (``unknown.tile.fortified``); lost when cleared."""
    placed = position.tile_at.get(at)
    return placed is not None and catalog()[placed.tile].fortified and not placed.cleared


class Board:
    """Flat arrays of one position: placed, passable and fortified spots, and neighbours."""

    __slots__ = (
        "slot",
        "min_x",
        "min_y",
        "width",
        "placed",
        "passable",
        "fortified",
        "neighbours",
        "_fields",
        "answers",
    )

    def __init__(self, position: UnknownPosition) -> None:
        spots = [t.at for t in position.tiles] or [(0, 0)]
        self.min_x = min(x for x, _ in spots) - 1
        self.min_y = min(y for _, y in spots) - 1
        self.width = max(x for x, _ in spots) - self.min_x + 2
        height = max(y for _, y in spots) - self.min_y + 2
        size = self.width * height
        self.placed = bytearray(size)
        self.passable = bytearray(size)
        self.fortified = bytearray(size)
        self.slot: dict[Coord, int] = {}
        for tile in position.tiles:
            i = self.slot[tile.at] = self.index(tile.at)
            self.placed[i] = 1
            self.passable[i] = is_passable(position, tile.at)
            self.fortified[i] = is_fortified(position, tile.at)
        steps = (1, -1, self.width, -self.width)
        self.neighbours: list[tuple[int, ...]] = [
            tuple(i + s for s in steps if self.placed[i + s]) if self.placed[i] else ()
            for i in range(size)
        ]
        self._fields: dict[int | tuple[int, int], list[int]] = {}
        self.answers: dict[tuple[Any, ...], Any] = {}
        """Answers of the questions about this map alone (:func:`per_map`)."""

    def around(self, at: Coord) -> tuple[Coord, ...]:
        """The explored spots at most one step from ``at`` (``at`` included), sorted."""
        key = ("around", at)
        spots = self.answers.get(key)
        if spots is None:
            x, y = at
            near = [at, *((x + dx, y + dy) for dx, dy in ORTHOGONAL)]
            spots = self.answers[key] = tuple(sorted(s for s in near if s in self.slot))
        return spots

    def index(self, at: Coord) -> int:
        """Flat index of a coordinate inside the board's box."""
        return (at[1] - self.min_y) * self.width + (at[0] - self.min_x)

    def coord(self, i: int) -> Coord:
        """Coordinate of a flat index."""
        return (i % self.width + self.min_x, i // self.width + self.min_y)

    def distances_from(self, source: int, through: int | None = None) -> list[int]:
        """Moves from ``source`` to every spot (``-1``: unreachable), per ``unknown.range``.

        Steps go between orthogonal neighbours over explored tiles; a tile is stepped *through*
        only if it is passable. The source and the far end need only be explored (the
        ``range-endpoints`` reading ``exempt``; the other reading is applied by the caller).
        ``through`` names one more spot to treat as passable: a fleeing piece's own impassable
        tile under the ``knockback-impassable-start`` reading ``own-tile-passable``.
        """
        key = source if through is None else (source, through)
        field = self._fields.get(key)
        if field is None:
            field = [-1] * len(self.placed)
            field[source] = 0
            passable, neighbours = self.passable, self.neighbours
            frontier = [source]
            for u in frontier:
                if u != source and u != through and not passable[u]:
                    continue
                step = field[u] + 1
                for v in neighbours[u]:
                    if field[v] < 0:
                        field[v] = step
                        frontier.append(v)
            self._fields[key] = field
        return field


def board_of(position: UnknownPosition) -> Board:
    """The board of a position's map: looked up once per position and kept in its
    ``map_cache``, shared by every position on the same map (:func:`board_for`)."""
    cache = position.map_cache
    board = cache.get("board")
    if board is None:
        blocking = tuple(t for t in position.tokens if t.kind in TOKENS_MAKING_IMPASSABLE)
        board = cache["board"] = board_for(position.tiles, blocking)
    return board


BOARDS_KEPT = 512
"""How many boards of recent maps :func:`board_for` keeps."""


@lru_cache(maxsize=BOARDS_KEPT)
def board_for(tiles: tuple[PlacedTile, ...], tokens: tuple[Token, ...]) -> Board:
    """The board of the map made of ``tiles`` and ``tokens``, built once for the recent maps.

    A board depends on the map alone (its tiles, and the tokens that make a tile impassable:
    :func:`board_of` passes only those), so every position on the same map, whatever its pieces
    and other tokens, shares one board and the distance fields it has measured.
    """
    return Board(UnknownPosition(tiles, tokens))


def per_map(question: Callable[..., T]) -> Callable[..., T]:
    """Decorator for a rule question ``question(rules, state, *args)`` whose answer depends only
    on the state's map (its board: the tiles and the tokens that make a tile impassable), the
    readings in force and ``args``, never on the pieces: answered once per map, readings and
    ``args``, and kept with the board (shared by every position on that map)."""

    name = f"{question.__module__}.{question.__qualname__}"
    """The question's name keys its answers: a name pickles whatever became of the module
    object (a test harness may import a module twice), a function object need not."""

    @wraps(question)
    def remembered(rules: Any, state: Any, *args: Any) -> T:
        answers = board_of(state.position).answers
        key = (name, rules.ruleset, *args)
        answer = answers.get(key, answers)  # the dictionary itself: not answered yet
        if answer is answers:
            answer = answers[key] = question(rules, state, *args)
        return answer

    return remembered
