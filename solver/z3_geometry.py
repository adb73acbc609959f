"""Range, line of sight and knockback encoded as Z3 constraints (PRINCIPLES §6).

An independent encoding of the geometry rules: it reads the raw position data (tiles, catalog
flags, tokens, pieces) and never calls the engine's map code or the NetworkX encoding.

One solver holds one map. Tiles are numbered ``0 … n-1``; the map's facts are Boolean constants
pinned by unit constraints (``placed`` is the set of numbered tiles; ``passable[k]``,
``fortified[k]``, ``enemy_on[k]``, ``survivor_on[k]``) and the rules are constraints over them.
Every query selects its inputs by assumptions, so the solver is built once and reused:

* ``src == k`` picks the source; the distance field ``d`` then has exactly one model — the
  unique-model shortest-path encoding: ``d[src] = 0``; an allowed step ``u → v`` forces
  ``d[v] ≤ d[u] + 1``; every other finite ``d[v]`` has a neighbour one closer from which a step
  is allowed (``unknown.range``; only the walk's start may be impassable). ``INF = n`` means
  unreachable.
* Line of sight: per direction, ``sight[dir][k]`` holds iff ``k`` is the (valid) origin or sight
  reaches the tile behind ``k`` and may enter ``k`` (``unknown.los.*``).
* Knockback: a bounded sequence ``p[0] … p[L]`` of fleeing steps with a length ``len`` and an
  ``end`` tile, guarded by ``knock`` so other queries ignore it; ``start``, ``push`` (the
  knockback distance) and ``mover_is_survivor`` are set by assumptions, and the distinct ``end``
  values are enumerated with blocking clauses under push/pop (``unknown.knockback.*``). The
  flight is measured by ``fd``: under ``knockback-impassable-start=own-tile-passable`` a second
  distance field (also bound by ``knock``) in which a walk may step on from ``start`` too;
  under ``dead-end`` the range field ``d`` itself.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import z3

from engine.unknown.catalog import catalog
from engine.unknown.position import Coord, Survivor, UnknownPosition
from engine.unknown.ruleset import DEFAULT, Ruleset

STEPS: tuple[Coord, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
IMPASSABLE_TOKENS = frozenset({"barrier", "blaze"})


@dataclass
class Z3Stats:
    """Seconds spent building the solver (the flight part is built on the first knockback
    query and counted apart) and answering queries; queries asked and solver checks made."""

    build_seconds: float = 0.0
    flight_build_seconds: float = 0.0
    query_seconds: float = 0.0
    queries: int = 0
    checks: int = 0


@dataclass
class SourceView:
    """What one model with ``src == k`` says: ranges and line of sight to every tile."""

    ranges: dict[Coord, int | None]
    sees: dict[Coord, bool]


def _add(c: Coord, d: Coord) -> Coord:
    return (c[0] + d[0], c[1] + d[1])


class Z3Geometry:
    """One Z3 solver for one map under one ruleset, answering every geometry query."""

    def __init__(
        self, position: UnknownPosition, ruleset: Ruleset = DEFAULT, max_knockback: int = 4
    ) -> None:
        began = time.perf_counter()
        self.position = position
        self.ruleset = ruleset
        self.coords: list[Coord] = sorted({t.at for t in position.tiles})
        self.index: dict[Coord, int] = {c: k for k, c in enumerate(self.coords)}
        self.n = len(self.coords)
        self.inf = self.n
        self.max_knockback = max_knockback
        self.stats = Z3Stats()
        self.solver = z3.Solver()
        self._views: dict[Coord, SourceView] = {}
        self._facts()
        self._distance_field()
        self._range_answers()
        self._sight()
        self._packing()
        self._flight_built = False
        self.stats.build_seconds = time.perf_counter() - began

    # --- facts ------------------------------------------------------------------------------

    def _facts(self) -> None:
        """Pin the map's facts: passable, fortified and occupied tiles (unit constraints)."""
        kinds = catalog()
        blocking = {t.at for t in self.position.tokens if t.kind in IMPASSABLE_TOKENS and t.count}
        tiles = {t.at: t for t in self.position.tiles}
        enemies = {e.at for e in self.position.enemies}
        survivors = {s.at for s in self.position.survivors}
        self.passable = [z3.Bool(f"passable_{k}") for k in range(self.n)]
        self.fortified = [z3.Bool(f"fortified_{k}") for k in range(self.n)]
        self.enemy_on = [z3.Bool(f"enemy_on_{k}") for k in range(self.n)]
        self.survivor_on = [z3.Bool(f"survivor_on_{k}") for k in range(self.n)]
        self.held_impassable: set[int] = set()  # impassable tiles a piece stands on
        for k, c in enumerate(self.coords):
            tile = tiles[c]
            impassable = kinds[tile.tile].impassable and not tile.cleared
            passable = not impassable and c not in blocking
            self._fact(self.passable[k], passable)
            if not passable and (c in enemies or c in survivors):
                self.held_impassable.add(k)
            self._fact(self.fortified[k], kinds[tile.tile].fortified and not tile.cleared)
            self._fact(self.enemy_on[k], c in enemies)
            self._fact(self.survivor_on[k], c in survivors)

    def _fact(self, var: z3.BoolRef, value: bool) -> None:
        self.solver.add(var if value else z3.Not(var))

    def neighbours(self, k: int) -> list[int]:
        """Tile numbers orthogonally next to tile ``k``."""
        c = self.coords[k]
        return [self.index[n] for n in (_add(c, s) for s in STEPS) if n in self.index]

    # --- range ------------------------------------------------------------------------------

    def _distance_field(self) -> None:
        """The unique-model distance field from ``src`` (``unknown.range``): a walk may step on
        from a tile only if the tile is the walk's start or passable."""
        self.src = z3.Int("src")
        self.solver.add(self.src >= 0, self.src < max(self.n, 1))
        leaves = [z3.Or(self.src == u, self.passable[u]) for u in range(self.n)]
        self.d = self._shortest_field("d", leaves)

    def _shortest_field(
        self, name: str, leaves: list[z3.BoolRef], guard: z3.BoolRef | None = None
    ) -> list[z3.ArithRef]:
        """Distances ``name_k`` from ``src`` over walks that may step on from ``u`` only where
        ``leaves[u]`` holds, in the unique-model encoding (``INF``: unreachable): ``d[src] = 0``;
        a step ``u → v`` forces ``d[v] ≤ d[u] + 1``; any other finite ``d[v]`` has a neighbour
        one closer that may be stepped on from. With ``guard``, the rules bind only when it holds.
        """
        n, inf = self.n, self.inf
        d = [z3.Int(f"{name}_{k}") for k in range(n)]
        rules: list[z3.BoolRef] = []
        for k in range(n):
            rules += [d[k] >= 0, d[k] <= inf, z3.Implies(self.src == k, d[k] == 0)]
        for u in range(n):
            for v in self.neighbours(u):
                rules.append(z3.Implies(z3.And(leaves[u], d[u] < inf), d[v] <= d[u] + 1))
        for v in range(n):
            closer = [z3.And(d[u] == d[v] - 1, leaves[u]) for u in self.neighbours(v)]
            finite = z3.And(d[v] >= 1, z3.Or(*closer, False))
            rules.append(z3.Implies(self.src != v, z3.Or(d[v] == inf, finite)))
        if guard is None:
            self.solver.add(*rules)
        else:
            self.solver.add(z3.Implies(guard, z3.And(*rules)))
        return d

    def _range_answers(self) -> None:
        """``rng[k]``: the range to ``k`` under the ``range-endpoints`` reading (``INF``: none)."""
        exempt = self.ruleset.range_endpoints == "exempt"
        self.rng = [
            self.d[k]
            if exempt
            else z3.If(z3.Or(self.src == k, self.passable[k]), self.d[k], self.inf)
            for k in range(self.n)
        ]

    # --- line of sight ----------------------------------------------------------------------

    def _sight(self) -> None:
        """``sight[dir][k]``: a straight line from ``src`` in direction ``dir`` reaches ``k``.

        ``unknown.los.straight-line``: every tile after the origin is placed and passable
        (``unknown.los.barrier-blocks``: barriers make tiles impassable);
        ``unknown.los.fortified-blocks``: sight never enters a fortified tile;
        ``unknown.los.fortified-origin``: a fortified origin is fine; the origin must be passable
        unless ``los-impassable-origin`` reads ``origin-sees``.
        """
        origin_sees = self.ruleset.los_impassable_origin == "origin-sees"
        self.sight: dict[Coord, list[z3.BoolRef]] = {}
        for step in STEPS:
            row = [z3.Bool(f"sight_{step[0]}_{step[1]}_{k}") for k in range(self.n)]
            for k, c in enumerate(self.coords):
                origin = z3.And(self.src == k, z3.Or(self.passable[k], origin_sees))
                behind = self.index.get((c[0] - step[0], c[1] - step[1]))
                enters = (
                    z3.And(row[behind], self.passable[k], z3.Not(self.fortified[k]))
                    if behind is not None
                    else z3.BoolVal(False)
                )
                self.solver.add(row[k] == z3.Or(origin, enters))
            self.sight[step] = row

    def _packing(self) -> None:
        """Two integer terms holding a whole source view, so one model evaluation reads it.

        ``packed_ranges`` is ``Σ rng[k]·B^k`` with ``B = INF + 1``; ``packed_sight`` is
        ``Σ [sight to k]·2^k``. (Evaluating ``n`` terms one by one costs far more than a solver
        check.)
        """
        base = self.inf + 1
        self.packed_ranges = z3.Sum([z3.IntVal(0)] + [self.rng[k] * base**k for k in range(self.n)])
        seen = [z3.Or(*(row[k] for row in self.sight.values())) for k in range(self.n)]
        self.packed_sight = z3.Sum(
            [z3.IntVal(0)] + [z3.If(seen[k], 2**k, 0) for k in range(self.n)]
        )

    # --- knockback --------------------------------------------------------------------------

    def _flight(self) -> None:
        """A bounded flight ``p[0] … p[len]`` ending on ``end`` (``unknown.knockback.flee``).

        Added to the solver on the first knockback query, so range and sight queries on maps
        never asked about knockback do not pay for it.
        """
        n = self.n
        self.knock = z3.Bool("knock")
        self.start = z3.Int("start")
        self.push = z3.Int("push")
        # unknown.knockback.flee, switch knockback-distance: under tiles-between the goal is one
        # tile past range push (push tiles lie between), under range-of-n it is range push.
        between = self.ruleset.knockback_distance == "tiles-between"
        self.goal = self.push + 1 if between else self.push
        self.mover_is_survivor = z3.Bool("mover_is_survivor")
        self.length = z3.Int("len")
        self.end = z3.Int("end")
        bound = min(self.max_knockback + 1, max(n - 1, 0))
        self.p = [z3.Int(f"p_{i}") for i in range(bound + 1)]
        on = [[self.p[i] == u for u in range(n)] for i in range(bound + 1)]
        self._flight_field()
        rules = [self.p[0] == self.start, self.length >= 0, self.length <= bound]
        rules += [z3.And(p >= 0, p < max(n, 1)) for p in self.p]
        self._flight_facts()
        out_of_reach = z3.Or(
            *[
                z3.And(on[0][k], z3.Or(self.rng[k] == self.inf, self.rng[k] > self.push))
                for k in range(n)
            ],
            False,
        )
        rules.append(z3.Implies(out_of_reach, z3.And(self.length == 0, self.end == self.start)))
        flight = [rule for i in range(bound) for rule in self._steps(i, on)]
        flight += [rule for j in range(bound + 1) for rule in self._endings(j, on)]
        rules.append(z3.Implies(z3.Not(out_of_reach), z3.And(*flight)))
        self.solver.add(z3.Implies(self.knock, z3.And(*rules)))

    def _flight_field(self) -> None:
        """``fd``: the distances from ``src`` the flight is measured by.

        ``knockback-impassable-start``: under ``own-tile-passable`` a walk may also step on from
        the piece's own tile ``start`` (``unknown.tile.impassable.spawn-exit``,
        ``unknown.action.move.impassable``), a second distance field bound only in knockback
        queries; under ``dead-end`` it is the range field ``d`` itself. (Only a start on an
        impassable tile changes anything, so ``d`` serves too when no piece stands on one.)
        """
        own_tile = self.ruleset.knockback_impassable_start == "own-tile-passable"
        if own_tile and self.held_impassable:
            leaves = [
                z3.Or(self.src == u, self.passable[u], self.start == u)
                if u in self.held_impassable
                else z3.Or(self.src == u, self.passable[u])
                for u in range(self.n)
            ]
            self.fd = self._shortest_field("fd", leaves, guard=self.knock)
        else:
            self.fd = self.d

    def _flight_facts(self) -> None:
        """Per tile, the definitions the flight rules share.

        ``flees[(u, v)]``: ``u → v`` is a fleeing step (``v`` passable, one further from the
        source); ``blocked[u]``: ``u`` holds a foe of the mover (an enemy for a survivor, a
        survivor for an enemy); ``stuck[u]``: the flight must end on ``u``; ``before_foe[u]``: a
        survivor on ``u`` has a fleeing step into an enemy's tile.
        """
        n = self.n
        self.blocked = [
            z3.If(self.mover_is_survivor, self.enemy_on[k], self.survivor_on[k]) for k in range(n)
        ]
        self.flees: dict[tuple[int, int], z3.BoolRef] = {}
        for u in range(n):
            for v in self.neighbours(u):
                flag = self.flees[(u, v)] = z3.Bool(f"flees_{u}_{v}")
                self.solver.add(flag == z3.And(self.passable[v], self.fd[v] == self.fd[u] + 1))
        self.stuck = []
        self.before_foe = []
        for u in range(n):
            steps = [self.flees[(u, v)] for v in self.neighbours(u)]
            # unknown.knockback.flee (goal reached) / unknown.knockback.dead-end (no step).
            self.stuck.append(z3.Or(self.fd[u] >= self.goal, z3.Not(z3.Or(*steps, False))))
            # unknown.knockback.stop-before-enemy: a survivor may stop before an enemy's tile.
            into_foe = [z3.And(self.flees[(u, v)], self.blocked[v]) for v in self.neighbours(u)]
            self.before_foe.append(z3.And(self.mover_is_survivor, z3.Or(*into_foe, False)))

    def _steps(self, i: int, on: list[list[z3.BoolRef]]) -> list[z3.BoolRef]:
        """If the flight goes on past ``p[i] = u``: ``u`` is short of the goal, holds no foe
        (entering one ends the flight; the start tile is not entered) and ``p[i+1]`` is a
        fleeing step from it."""
        going = self.length > i
        rules = []
        for u in range(self.n):
            needs = [self.fd[u] < self.goal]
            if i > 0:
                needs.append(z3.Not(self.blocked[u]))
            nexts = [z3.And(on[i + 1][v], self.flees[(u, v)]) for v in self.neighbours(u)]
            needs.append(z3.Or(*nexts, False))
            rules.append(z3.Implies(z3.And(going, on[i][u]), z3.And(*needs)))
        return rules

    def _endings(self, j: int, on: list[list[z3.BoolRef]]) -> list[z3.BoolRef]:
        """If the flight stops on ``p[j] = u`` it may: goal reached or dead end (``stuck``), a
        foe's tile entered (not the start: it is not entered), or — for a survivor — a fleeing
        step would enter an enemy's tile (``before_foe``), though not on the start tile under
        ``knockback-stop-at-start=after-a-step``."""
        may_stop_on_start = self.ruleset.knockback_stop_at_start == "allowed"
        stops_here = self.length == j
        rules = [z3.Implies(stops_here, self.end == self.p[j])]
        for u in range(self.n):
            stops = [self.stuck[u]]
            if j > 0 or may_stop_on_start:
                stops.append(self.before_foe[u])
            if j > 0:
                stops.append(self.blocked[u])
            rules.append(z3.Implies(z3.And(stops_here, on[j][u]), z3.Or(*stops)))
        return rules

    # --- queries ----------------------------------------------------------------------------

    def _check(self, *assumptions: z3.BoolRef) -> z3.ModelRef | None:
        self.stats.checks += 1
        result = self.solver.check(*assumptions)
        if result == z3.unknown:
            raise RuntimeError(f"z3 gave up: {self.solver.reason_unknown()}")
        return self.solver.model() if result == z3.sat else None

    def view_from(self, a: Coord) -> SourceView:
        """Ranges and lines of sight from ``a`` to every tile, read off one model."""
        view = self._views.get(a)
        if view is None:
            began = time.perf_counter()
            model = self._check(self.src == self.index[a])
            if model is None:
                raise RuntimeError(f"the distance field from {list(a)} has no model")
            ranges_code = model.eval(self.packed_ranges, model_completion=True).as_long()
            sight_code = model.eval(self.packed_sight, model_completion=True).as_long()
            ranges: dict[Coord, int | None] = {}
            sees: dict[Coord, bool] = {}
            for k, c in enumerate(self.coords):
                ranges_code, value = divmod(ranges_code, self.inf + 1)
                ranges[c] = None if value >= self.inf else value
                sees[c] = c == a or bool(sight_code >> k & 1)
            view = self._views[a] = SourceView(ranges, sees)
            self._count(began)
        return view

    def _count(self, began: float) -> None:
        self.stats.queries += 1
        self.stats.query_seconds += time.perf_counter() - began

    def range(self, a: Coord, b: Coord) -> int | None:
        """``unknown.range`` with the ``range-endpoints`` reading in force."""
        if a not in self.index or b not in self.index:
            return None
        return self.view_from(a).ranges[b]

    def line_of_sight(self, a: Coord, b: Coord) -> bool:
        """``unknown.los.*`` with the ``los-impassable-origin`` reading in force."""
        if a not in self.index or b not in self.index:
            return False
        return self.view_from(a).sees[b]

    def knockback(self, source: Coord, distance: int, who: str) -> frozenset[Coord]:
        """Every tile ``who`` may end on, enumerated with blocking clauses under push/pop."""
        if distance > self.max_knockback:
            raise ValueError(
                f"knockback {distance} is beyond this solver's bound {self.max_knockback}; "
                "build it with a larger max_knockback"
            )
        piece = self.position.piece(who)
        if source not in self.index:
            return frozenset({piece.at})
        began = time.perf_counter()
        if not self._flight_built:
            self._flight()
            self._flight_built = True
            self.stats.flight_build_seconds = time.perf_counter() - began
        assumptions = [
            self.knock,
            self.src == self.index[source],
            self.start == self.index[piece.at],
            self.push == distance,
            self.mover_is_survivor == isinstance(piece, Survivor),
        ]
        found: set[Coord] = set()
        self.solver.push()
        try:
            while (model := self._check(*assumptions)) is not None:
                end = model.eval(self.end, model_completion=True).as_long()
                found.add(self.coords[end])
                self.solver.add(self.end != end)
        finally:
            self.solver.pop()
        self._count(began)
        return frozenset(found)


def range_between(
    position: UnknownPosition, a: Coord, b: Coord, ruleset: Ruleset = DEFAULT
) -> int | None:
    """Range from ``a`` to ``b`` (Z3 encoding; builds a solver — reuse ``Z3Geometry`` for many)."""
    return Z3Geometry(position, ruleset).range(a, b)


def line_of_sight(
    position: UnknownPosition, a: Coord, b: Coord, ruleset: Ruleset = DEFAULT
) -> bool:
    """Line of sight from ``a`` to ``b`` (Z3 encoding)."""
    return Z3Geometry(position, ruleset).line_of_sight(a, b)


def knockback_destinations(
    position: UnknownPosition, source: Coord, distance: int, who: str, ruleset: Ruleset = DEFAULT
) -> frozenset[Coord]:
    """Knockback destinations of ``who`` (Z3 encoding)."""
    return Z3Geometry(position, ruleset, max_knockback=max(4, distance)).knockback(
        source, distance, who
    )
