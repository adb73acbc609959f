"""Range, line of sight and knockback recomputed with NetworkX graphs (PRINCIPLES §6).

An independent encoding of the geometry rules, written from the rules as this project reads
them and never from the engine's map code: it reads only the raw position data (tiles, catalog
flags, tokens, pieces) and the ruleset.

* Range (``unknown.range``): a directed graph of allowed steps. Node ``("at", c)`` is a piece on
  ``c`` in the middle of a walk, so it may step on only if ``c`` is passable; node ``("from", c)``
  is the walk's start, which may always step off. The range from ``a`` to ``b`` is the shortest
  path length from ``("from", a)`` to ``("at", b)``.
* Line of sight (``unknown.los.*``): one graph per direction, with an edge ``c → c + dir`` when
  sight may enter ``c + dir`` (placed, passable, not fortified). Each node has at most one
  successor, so a path is exactly a straight, unbroken line.
* Knockback (``unknown.knockback.*``): the DAG of fleeing states — ``("flee", c)`` for a piece
  still fleeing on ``c`` and ``("end", c)`` for a flight that ends there — and the destinations
  are the ``end`` nodes reachable from the piece's start. The distances the flight is measured
  by are the range walks from the source, except that under the ``knockback-impassable-start``
  reading ``own-tile-passable`` the step graph also lets a walk go on through the piece's own
  tile (``unknown.tile.impassable.spawn-exit``: a piece may leave an impassable tile it stands
  on); under ``dead-end`` they are the plain range walks.
"""

from __future__ import annotations

from functools import cached_property

import networkx as nx

from engine.unknown.catalog import catalog
from engine.unknown.position import Coord, Survivor, UnknownPosition
from engine.unknown.ruleset import DEFAULT, Ruleset

STEPS: tuple[Coord, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
IMPASSABLE_TOKENS = frozenset({"barrier", "blaze"})


def _add(c: Coord, d: Coord) -> Coord:
    return (c[0] + d[0], c[1] + d[1])


class NxGeometry:
    """The geometry questions of one position under one ruleset, answered with NetworkX."""

    def __init__(self, position: UnknownPosition, ruleset: Ruleset = DEFAULT) -> None:
        self.position = position
        self.ruleset = ruleset
        kinds = catalog()
        self.placed: set[Coord] = {t.at for t in position.tiles}
        blocking_tokens = {t.at for t in position.tokens if t.kind in IMPASSABLE_TOKENS and t.count}
        # unknown.tile.impassable, unknown.barrier.impassable: impassable until cleared/removed.
        self.passable: set[Coord] = {
            t.at
            for t in position.tiles
            if (t.cleared or not kinds[t.tile].impassable) and t.at not in blocking_tokens
        }
        # unknown.tile.fortified: a cleared tile loses its effects.
        self.fortified: set[Coord] = {
            t.at for t in position.tiles if kinds[t.tile].fortified and not t.cleared
        }
        self._fields: dict[tuple[Coord, Coord | None], dict[Coord, int]] = {}

    def neighbours(self, c: Coord) -> list[Coord]:
        """Placed orthogonal neighbours of ``c``."""
        return [n for n in (_add(c, s) for s in STEPS) if n in self.placed]

    # --- range ------------------------------------------------------------------------------

    @cached_property
    def step_graph(self) -> nx.DiGraph:
        """Allowed steps for range walks (``unknown.range``): only the walk's start is exempt."""
        graph = nx.DiGraph()
        for c in self.placed:
            graph.add_node(("at", c))
            for n in self.neighbours(c):
                graph.add_edge(("from", c), ("at", n))
                if c in self.passable:
                    graph.add_edge(("at", c), ("at", n))
        return graph

    def walk_lengths(self, a: Coord, through: Coord | None = None) -> dict[Coord, int]:
        """Fewest steps from ``a`` to every tile, intermediates passable, ends exempt.

        ``through`` names one more tile a walk may step on from although it is impassable (a
        fleeing piece's own tile under ``knockback-impassable-start=own-tile-passable``).
        """
        if through in self.passable or through == a:
            through = None  # nothing to add: the walk may already step on from it
        key = (a, through)
        field = self._fields.get(key)
        if field is None:
            field = {a: 0}
            graph = self._graph_through(through)
            if ("from", a) in graph:
                lengths = nx.single_source_shortest_path_length(graph, ("from", a))
                for (kind, c), n in lengths.items():
                    if kind == "at" and c != a:
                        field[c] = n
            self._fields[key] = field
        return field

    def _graph_through(self, through: Coord | None) -> nx.DiGraph:
        """The step graph, plus steps off ``through`` when it is a placed impassable tile."""
        if through is None or through not in self.placed:
            return self.step_graph
        graph = self.step_graph.copy()
        graph.add_edges_from((("at", through), ("at", n)) for n in self.neighbours(through))
        return graph

    def range(self, a: Coord, b: Coord) -> int | None:
        """``unknown.range`` with the ``range-endpoints`` reading in force."""
        if a not in self.placed or b not in self.placed:
            return None
        if a == b:
            return 0
        if self.ruleset.range_endpoints == "target-passable" and b not in self.passable:
            return None
        return self.walk_lengths(a).get(b)

    # --- line of sight ----------------------------------------------------------------------

    @cached_property
    def sight_graphs(self) -> dict[Coord, nx.DiGraph]:
        """Per direction, an edge ``c → c + dir`` when sight may enter ``c + dir``.

        ``unknown.los.straight-line`` (placed, passable), ``unknown.los.barrier-blocks`` (a barrier
        makes its tile impassable) and ``unknown.los.fortified-blocks`` (never enter a fortified
        tile).
        """
        graphs = {}
        for step in STEPS:
            graph = nx.DiGraph()
            graph.add_nodes_from(self.placed)
            for c in self.placed:
                n = _add(c, step)
                if n in self.passable and n not in self.fortified:
                    graph.add_edge(c, n)
            graphs[step] = graph
        return graphs

    def line_of_sight(self, a: Coord, b: Coord) -> bool:
        """``unknown.los.straight-line`` / ``unknown.los.fortified-origin`` with the origin reading."""
        if a not in self.placed or b not in self.placed:
            return False
        if a == b:
            return True
        if a[0] != b[0] and a[1] != b[1]:
            return False
        if self.ruleset.los_impassable_origin == "blocked" and a not in self.passable:
            return False
        dx, dy = b[0] - a[0], b[1] - a[1]
        step = ((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))
        return nx.has_path(self.sight_graphs[step], a, b)

    # --- knockback --------------------------------------------------------------------------

    def flight_lengths(self, source: Coord, start: Coord) -> dict[Coord, int]:
        """The distances from ``source`` a flight from ``start`` is measured by.

        ``knockback-impassable-start``: under ``own-tile-passable`` the piece's own tile counts as
        passable for these walks (``unknown.tile.impassable.spawn-exit``,
        ``unknown.action.move.impassable``); under ``dead-end`` they are the plain range walks.
        """
        own_tile = self.ruleset.knockback_impassable_start == "own-tile-passable"
        return self.walk_lengths(source, start if own_tile else None)

    def flight_graph(self, source: Coord, distance: int, who: str) -> nx.DiGraph:
        """The DAG of fleeing states of ``who`` fleeing ``source`` (``unknown.knockback.flee``).

        Ends: reaching the goal (range ``distance + 1`` under ``knockback-distance=tiles-between``,
        ``distance`` under ``range-of-n``); a dead end (``unknown.knockback.dead-end``);
        entering a tile held by the other side; for a survivor, stopping before an enemy's tile
        (``unknown.knockback.stop-before-enemy``), not on its start under ``after-a-step``.
        Distances are ``flight_lengths`` (the ``knockback-impassable-start`` reading).
        """
        piece = self.position.piece(who)
        survivor = isinstance(piece, Survivor)
        foes = self.position.enemies if survivor else self.position.survivors
        blocked = {p.at for p in foes}
        may_stop_on_start = self.ruleset.knockback_stop_at_start == "allowed"
        field = self.flight_lengths(source, piece.at)
        goal = distance + 1 if self.ruleset.knockback_distance == "tiles-between" else distance
        graph = nx.DiGraph()
        todo, seen = [piece.at], {piece.at}
        while todo:
            u = todo.pop()
            here = field[u]
            if here >= goal:
                graph.add_edge(("flee", u), ("end", u))
                continue
            steps = [
                v for v in self.neighbours(u) if v in self.passable and field.get(v) == here + 1
            ]
            if not steps:
                graph.add_edge(("flee", u), ("end", u))
            for v in steps:
                if v in blocked:
                    graph.add_edge(("flee", u), ("end", v))
                    if survivor and (u != piece.at or may_stop_on_start):
                        graph.add_edge(("flee", u), ("end", u))
                else:
                    graph.add_edge(("flee", u), ("flee", v))
                    if v not in seen:
                        seen.add(v)
                        todo.append(v)
        return graph

    def knockback(self, source: Coord, distance: int, who: str) -> frozenset[Coord]:
        """Every tile ``who`` may end on; its own tile if out of reach (range None or > N)."""
        start = self.position.piece(who).at
        reach = self.range(source, start)
        if reach is None or reach > distance:
            return frozenset({start})
        graph = self.flight_graph(source, distance, who)
        return frozenset(c for kind, c in nx.descendants(graph, ("flee", start)) if kind == "end")


def range_between(
    position: UnknownPosition, a: Coord, b: Coord, ruleset: Ruleset = DEFAULT
) -> int | None:
    """Range from ``a`` to ``b`` (NetworkX encoding)."""
    return NxGeometry(position, ruleset).range(a, b)


def line_of_sight(
    position: UnknownPosition, a: Coord, b: Coord, ruleset: Ruleset = DEFAULT
) -> bool:
    """Line of sight from ``a`` to ``b`` (NetworkX encoding)."""
    return NxGeometry(position, ruleset).line_of_sight(a, b)


def knockback_destinations(
    position: UnknownPosition, source: Coord, distance: int, who: str, ruleset: Ruleset = DEFAULT
) -> frozenset[Coord]:
    """Knockback destinations of ``who`` (NetworkX encoding)."""
    return NxGeometry(position, ruleset).knockback(source, distance, who)
