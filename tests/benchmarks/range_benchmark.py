"""Range queries per second: the engine's range code against NetworkX, side by side in one run.

Run: ``python -m tests.benchmarks.range_benchmark [--maps 200] [--seed 1] [--repeat 3]``.

Both answer the same queries on the same generated maps: every ordered pair (a, b) of explored
tiles where a is passable (so both sides need no special case for leaving an impassable tile).
NetworkX answers with ``networkx.shortest_path_length`` on a directed graph whose edges leave
passable tiles only; the engine with ``range_between``. Each side is timed twice: queries alone
(the graph or board already built) and including building the graph or board from the position.
Figures vary with the machine; compare the ratio, which is measured within one run.
"""

from __future__ import annotations

import argparse
import gc
import random
import time

import networkx as nx

from engine.unknown.map import board_of, is_passable, range_between
from engine.unknown.map.board import board_for
from engine.unknown.position import UnknownPosition
from solver.random_maps import random_position


def networkx_graph(position: UnknownPosition) -> nx.DiGraph:
    """Steps between orthogonal explored tiles, leaving only passable ones."""
    graph = nx.DiGraph()
    placed = position.tile_at
    graph.add_nodes_from(placed)
    for x, y in placed:
        if not is_passable(position, (x, y)):
            continue
        for to in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if to in placed:
                graph.add_edge((x, y), to)
    return graph


def queries(position: UnknownPosition) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    spots = sorted(position.tile_at)
    return [(a, b) for a in spots if is_passable(position, a) for b in spots]


def timed(run):
    """Best-practice timing as in ``timeit``: garbage collection off while the clock runs."""

    def wrapper(*args):
        gc.collect()
        gc.disable()
        try:
            return run(*args)
        finally:
            gc.enable()

    return wrapper


@timed
def time_engine(maps, jobs, include_build: bool) -> tuple[float, list]:
    answers = []
    board_for.cache_clear()  # boards are shared between positions on one map: none kept
    for position in maps:
        position.map_cache.clear()
        if not include_build:
            board_of(position)
    start = time.perf_counter()
    for position in maps:
        for a, b in jobs[id(position)]:
            answers.append(range_between(position, a, b))
    return time.perf_counter() - start, answers


@timed
def time_networkx(maps, jobs, graphs, include_build: bool) -> tuple[float, list]:
    answers = []
    start = time.perf_counter()
    for position in maps:
        graph = networkx_graph(position) if include_build else graphs[id(position)]
        for a, b in jobs[id(position)]:
            try:
                answers.append(nx.shortest_path_length(graph, a, b))
            except nx.NetworkXNoPath:
                answers.append(None)
    return time.perf_counter() - start, answers


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--maps", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="best of N runs per side")
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    maps = [random_position(rng) for _ in range(args.maps)]
    jobs = {id(p): queries(p) for p in maps}
    graphs = {id(p): networkx_graph(p) for p in maps}
    total = sum(len(j) for j in jobs.values())
    tiles = sum(len(p.tiles) for p in maps) / len(maps)
    print(
        f"{args.maps} maps (mean {tiles:.1f} tiles), {total} range queries per run, best of {args.repeat}"
    )
    for include_build, label in ((False, "queries only"), (True, "including build")):
        engine_s, engine_answers = min(
            (time_engine(maps, jobs, include_build) for _ in range(args.repeat)), key=lambda r: r[0]
        )
        nx_s, nx_answers = min(
            (time_networkx(maps, jobs, graphs, include_build) for _ in range(args.repeat)),
            key=lambda r: r[0],
        )
        if engine_answers != nx_answers:
            raise SystemExit("the engine and NetworkX disagree on some range: run the cross-checks")
        print(
            f"{label:16}  engine {total / engine_s:12,.0f} q/s   "
            f"networkx {total / nx_s:12,.0f} q/s   ratio {nx_s / engine_s:6.1f}x"
        )


if __name__ == "__main__":
    main()
