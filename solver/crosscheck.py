"""Engine versus the independent encodings, on random legal maps (PRINCIPLES §6).

``run_crosschecks`` is what ``rulings verify`` runs: it generates maps with
:mod:`solver.random_maps`, each under a random ruleset, and compares the engine's answers with
the NetworkX encoding on every query of every map, and with the Z3 encoding on the first maps
(every range and line-of-sight query — one solver check per source answers a whole row — and a
sample of the knockback queries). Each disagreement keeps the map in position-file form, the
readings, the query and all three answers, so it can be replayed.
"""

from __future__ import annotations

import random
import shlex
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from engine.unknown import map as engine_map
from engine.unknown.position import Coord, UnknownPosition
from engine.unknown.ruleset import Ruleset
from solver.networkx_geometry import NxGeometry
from solver.random_maps import (
    position_data,
    position_yaml,
    random_position,
    random_ruleset,
    ruleset_readings,
)
from solver.z3_geometry import Z3Geometry

QUESTIONS = ("range", "line_of_sight", "knockback")
KNOCKBACK_DISTANCES = (1, 2, 3, 4)
SOURCE_REACH = 2
Z3_KNOCKBACK_SAMPLE = 8
CLI_COMMANDS = {"range": "range", "line_of_sight": "los", "knockback": "knockback"}
"""The ``rulings query`` subcommand that asks each question."""

Query = tuple[Any, ...]


@dataclass
class Disagreement:
    """One query where the engine and an encoding answered differently."""

    checker: str
    question: str
    query: dict[str, Any]
    readings: dict[str, str]
    position: dict[str, Any]
    position_yaml: str
    engine: Any
    networkx: Any
    z3: Any

    def describe(self, path: str = "map.yaml") -> str:
        """A replayable account: the query, the three answers, the readings, the map, and last
        the ``rulings`` command that asks the engine the same query (``replay_command``)."""
        readings = ", ".join(f"{k}={v}" for k, v in sorted(self.readings.items()))
        return (
            f"engine and {self.checker} disagree on {self.question} {self.query}\n"
            f"  engine:   {_show(self.engine)}\n"
            f"  networkx: {_show(self.networkx)}\n"
            f"  z3:       {_show(self.z3)}\n"
            f"  readings: {readings}\n"
            f"  position file (save as {path}):\n"
            + "".join(f"    {line}\n" for line in self.position_yaml.splitlines())
            + "  replay the engine's answer with the rulings CLI:\n"
            + f"    {self.replay_command(path)}\n"
        )

    def replay_command(self, path: str = "map.yaml") -> str:
        """The ``rulings query`` command line for this query on the position file ``path``, with
        every reading in force as a ``--reading SWITCH=READING`` option. Tile coordinates with a
        minus sign go last, after ``--``, so they are not taken for options."""
        args = ["rulings", "query", CLI_COMMANDS[self.question], path]
        readings = [
            arg
            for switch, reading in sorted(self.readings.items())
            for arg in ("--reading", f"{switch}={reading}")
        ]
        if self.question == "knockback":
            args += ["--source", _cli_coord(self.query["source"])]
            args += ["--distance", str(self.query["distance"]), "--who", self.query["who"]]
            return shlex.join(args + readings)
        ends = [_cli_coord(self.query["from"]), _cli_coord(self.query["to"])]
        if any(end.startswith("-") for end in ends):
            return shlex.join([*args, *readings, "--", *ends])
        return shlex.join([*args, *ends, *readings])


def _cli_coord(at: list[int]) -> str:
    """A coordinate as the CLI takes it: ``X,Y``."""
    return f"{at[0]},{at[1]}"


def _show(answer: Any) -> str:
    if isinstance(answer, frozenset | set):
        return "{" + ", ".join(str(list(c)) for c in sorted(answer)) + "}"
    return repr(answer)


@dataclass
class CrosscheckReport:
    """Counts of maps and queries per checker and question, timings, and disagreements."""

    maps: Counter = field(default_factory=Counter)
    queries: Counter = field(default_factory=Counter)
    disagreements: list[Disagreement] = field(default_factory=list)
    seconds: Counter = field(default_factory=Counter)
    z3_build_seconds: list[float] = field(default_factory=list)
    z3_flight_seconds: list[float] = field(default_factory=list)
    z3_query_seconds: list[float] = field(default_factory=list)
    z3_solver_queries: int = 0

    @property
    def ok(self) -> bool:
        """True when no disagreement was found."""
        return not self.disagreements

    def total_queries(self, checker: str) -> int:
        """Queries compared against one checker, all questions together."""
        return sum(n for (c, _), n in self.queries.items() if c == checker)

    def summary(self) -> str:
        """A few lines: maps and queries per checker and question, timings, disagreements."""
        lines = []
        for checker in ("networkx", "z3"):
            per_question = ", ".join(
                f"{q} {self.queries[(checker, q)]}" for q in QUESTIONS if self.queries[(checker, q)]
            )
            lines.append(
                f"engine={checker} on {self.maps[checker]} maps "
                f"({self.total_queries(checker)} queries: {per_question or 'none'}) "
                f"in {self.seconds[checker]:.1f} s"
            )
        if self.z3_build_seconds:
            build = sorted(self.z3_build_seconds)
            flight = sorted(self.z3_flight_seconds)
            per_query = sum(self.z3_query_seconds) / max(1, self.z3_solver_queries)
            lines.append(
                f"z3 solver build: median {1000 * build[len(build) // 2]:.0f} ms, "
                f"max {1000 * build[-1]:.0f} ms, plus {1000 * flight[len(flight) // 2]:.0f} ms "
                f"(median) for the knockback part; {1000 * per_query:.1f} ms per query"
            )
        if self.disagreements:
            lines.append(f"{len(self.disagreements)} disagreement(s):")
            lines.extend(d.describe() for d in self.disagreements)
        else:
            lines.append("no disagreements")
        return "\n".join(lines)


# --- the queries of a map -------------------------------------------------------------------


def range_queries(position: UnknownPosition) -> Iterator[tuple[Coord, Coord]]:
    """Every ordered pair of tiles."""
    spots = [t.at for t in position.tiles]
    return ((a, b) for a in spots for b in spots)


def sight_queries(position: UnknownPosition) -> Iterator[tuple[Coord, Coord]]:
    """Every ordered pair of tiles in one row or one column (a tile with itself included)."""
    spots = [t.at for t in position.tiles]
    return ((a, b) for a in spots for b in spots if a[0] == b[0] or a[1] == b[1])


def knockback_queries(position: UnknownPosition) -> list[tuple[Coord, int, str]]:
    """Every piece × every source tile within ``SOURCE_REACH`` grid steps × distances 1–4."""
    spots = [t.at for t in position.tiles]
    queries = []
    for piece in (*position.survivors, *position.enemies):
        x, y = piece.at
        sources = [s for s in spots if abs(s[0] - x) + abs(s[1] - y) <= SOURCE_REACH]
        queries += [(s, n, piece.id) for s in sources for n in KNOCKBACK_DISTANCES]
    return queries


# --- answers --------------------------------------------------------------------------------


def engine_answer(position: UnknownPosition, ruleset: Ruleset, question: str, query: Query) -> Any:
    """The engine's answer to one query."""
    if question == "range":
        return engine_map.range_between(position, *query, ruleset)
    if question == "line_of_sight":
        return engine_map.line_of_sight(position, *query, ruleset)
    return engine_map.knockback_destinations(position, *query, ruleset)


def encoding_answer(geometry: NxGeometry | Z3Geometry, question: str, query: Query) -> Any:
    """An encoding's answer to one query."""
    if question == "range":
        return geometry.range(*query)
    if question == "line_of_sight":
        return geometry.line_of_sight(*query)
    return geometry.knockback(*query)


def query_data(question: str, query: Query) -> dict[str, Any]:
    """A query in position-file terms (coordinates as ``[x, y]`` lists)."""
    if question == "knockback":
        source, distance, who = query
        return {"source": list(source), "distance": distance, "who": who}
    a, b = query
    return {"from": list(a), "to": list(b)}


def disagreement(
    checker: str, position: UnknownPosition, ruleset: Ruleset, question: str, query: Query
) -> Disagreement:
    """Record a disagreement with all three answers (the other encoding is asked afresh)."""
    answers = {
        "engine": engine_answer(position, ruleset, question, query),
        "networkx": encoding_answer(NxGeometry(position, ruleset), question, query),
    }
    try:
        answers["z3"] = encoding_answer(Z3Geometry(position, ruleset), question, query)
    except Exception as error:  # noqa: BLE001 - reported, not hidden
        answers["z3"] = f"error: {error}"
    return Disagreement(
        checker=checker,
        question=question,
        query=query_data(question, query),
        readings=ruleset_readings(ruleset),
        position=position_data(position),
        position_yaml=position_yaml(position),
        **answers,
    )


# --- one map --------------------------------------------------------------------------------


def compare_with_networkx(
    position: UnknownPosition, ruleset: Ruleset, counts: Counter
) -> list[Disagreement]:
    """Engine vs NetworkX on every query of the map; ``counts`` gains the queries asked."""
    geometry = NxGeometry(position, ruleset)
    return _compare("networkx", geometry, position, ruleset, _all_queries(position), counts)


def compare_with_z3(
    position: UnknownPosition,
    ruleset: Ruleset,
    counts: Counter,
    rng: random.Random,
    knockback_sample: int = Z3_KNOCKBACK_SAMPLE,
    geometry: Z3Geometry | None = None,
) -> list[Disagreement]:
    """Engine vs Z3: every range and sight query, and a sample of the knockback queries."""
    geometry = geometry or Z3Geometry(position, ruleset)
    knockbacks = knockback_queries(position)
    if len(knockbacks) > knockback_sample:
        knockbacks = rng.sample(knockbacks, knockback_sample)
    queries = [
        *(("range", q) for q in range_queries(position)),
        *(("line_of_sight", q) for q in sight_queries(position)),
        *(("knockback", q) for q in knockbacks),
    ]
    return _compare("z3", geometry, position, ruleset, queries, counts)


def _all_queries(position: UnknownPosition) -> list[tuple[str, Query]]:
    return [
        *(("range", q) for q in range_queries(position)),
        *(("line_of_sight", q) for q in sight_queries(position)),
        *(("knockback", q) for q in knockback_queries(position)),
    ]


def _compare(
    checker: str,
    geometry: NxGeometry | Z3Geometry,
    position: UnknownPosition,
    ruleset: Ruleset,
    queries: list[tuple[str, Query]],
    counts: Counter,
) -> list[Disagreement]:
    found = []
    for question, query in queries:
        counts[(checker, question)] += 1
        ours = encoding_answer(geometry, question, query)
        if ours != engine_answer(position, ruleset, question, query):
            found.append(disagreement(checker, position, ruleset, question, query))
    return found


# --- the runner -----------------------------------------------------------------------------


def random_case(rng: random.Random) -> tuple[UnknownPosition, Ruleset]:
    """One random legal map and a random ruleset for it."""
    return random_position(rng), random_ruleset(rng)


def run_crosschecks(
    networkx_maps: int,
    z3_maps: int,
    seed: int = 0,
    progress: Callable[[str, int, int], None] | None = None,
) -> CrosscheckReport:
    """Compare the engine with NetworkX on ``networkx_maps`` maps and with Z3 on the first
    ``z3_maps`` of them (more are generated if ``z3_maps`` is larger). Deterministic per seed.
    ``progress(checker, done, total)`` is called after each map."""
    report = CrosscheckReport()
    rng = random.Random(seed)
    for i in range(max(networkx_maps, z3_maps)):
        position, ruleset = random_case(rng)
        sample_rng = random.Random(rng.getrandbits(64))
        if i < networkx_maps:
            began = time.perf_counter()
            report.disagreements += compare_with_networkx(position, ruleset, report.queries)
            report.maps["networkx"] += 1
            report.seconds["networkx"] += time.perf_counter() - began
            if progress:
                progress("networkx", i + 1, networkx_maps)
        if i < z3_maps:
            began = time.perf_counter()
            geometry = Z3Geometry(position, ruleset)
            report.disagreements += compare_with_z3(
                position, ruleset, report.queries, sample_rng, geometry=geometry
            )
            report.maps["z3"] += 1
            report.seconds["z3"] += time.perf_counter() - began
            report.z3_build_seconds.append(geometry.stats.build_seconds)
            report.z3_flight_seconds.append(geometry.stats.flight_build_seconds)
            report.z3_query_seconds.append(geometry.stats.query_seconds)
            report.z3_solver_queries += geometry.stats.queries
            if progress:
                progress("z3", i + 1, z3_maps)
    return report
