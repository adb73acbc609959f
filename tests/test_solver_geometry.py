"""Small hand-made maps that pin the engine and both independent encodings to the rules.

Every expected answer below is worked out by hand from the geometry rules as this project reads
them (range, line of sight, knockback), never by running code; each case runs against the
engine (``engine.unknown.map``), the NetworkX encoding and the Z3 encoding, under every reading
of the interpretation switch it depends on. The rest of the file checks the random-map
generator and the cross-check runner that the property tests and ``rulings verify`` use.

Maps are drawn north row first; ``.`` is an empty spot, and the other letters are tiles:
``f`` food (ordinary), ``X`` blocked (impassable), ``x`` blocked cleared, ``z`` blaze tile
(impassable), ``B`` base (fortified), ``b`` base cleared, ``o`` console (objective).
"""

from __future__ import annotations

import json
import random
import shlex
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from engine.cli.main import cli
from engine.positions import load_position
from engine.unknown import map as engine_map
from engine.unknown.catalog import catalog
from engine.unknown.position import Coord, UnknownPosition, position_from_data
from engine.unknown.ruleset import DEFAULT, Ruleset, interpretation_ledger
from solver.crosscheck import (
    compare_with_networkx,
    compare_with_z3,
    disagreement,
    run_crosschecks,
)
from solver.networkx_geometry import NxGeometry
from solver.random_maps import (
    MAX_SIDE,
    position_yaml,
    random_position,
    random_ruleset,
    ruleset_readings,
)
from solver.z3_geometry import Z3Geometry

CODES = {
    "f": ("food", False),
    "X": ("blocked", False),
    "x": ("blocked", True),
    "z": ("blaze", False),
    "B": ("base", False),
    "b": ("base", True),
    "o": ("console", False),
}


def grid(
    *rows: str,
    tokens: tuple[tuple[Coord, str], ...] = (),
    survivors: tuple[tuple[str, Coord], ...] = (),
    enemies: tuple[tuple[str, Coord], ...] = (),
) -> UnknownPosition:
    """A position from rows drawn north first; the last row is ``y = 0``, columns are ``x``."""
    tiles = []
    for r, row in enumerate(rows):
        y = len(rows) - 1 - r
        for x, code in enumerate(row.split()):
            if code != ".":
                name, cleared = CODES[code]
                tiles.append({"at": [x, y], "tile": name, "cleared": cleared})
    data = {
        "game": "unknown",
        "tiles": tiles,
        "tokens": [{"at": list(at), "kind": kind, "count": 1} for at, kind in tokens],
        "survivors": [{"id": sid, "at": list(at)} for sid, at in survivors],
        "enemies": [{"id": eid, "kind": "animal", "at": list(at)} for eid, at in enemies],
    }
    return position_from_data(data, "hand-made map")


def readings(**switches: str) -> Ruleset:
    """The default ruleset with some switches set (``_`` in names for ``-``)."""
    return DEFAULT.with_readings(**switches)


EITHER_RANGE = ("exempt", "target-passable")
EITHER_ORIGIN = ("blocked", "origin-sees")
EITHER_STOP = ("allowed", "after-a-step")
EITHER_START = ("own-tile-passable", "dead-end")


def engine_answer(question: str, position: UnknownPosition, ruleset: Ruleset, *query: Any) -> Any:
    if question == "range":
        return engine_map.range_between(position, *query, ruleset)
    if question == "sight":
        return engine_map.line_of_sight(position, *query, ruleset)
    return engine_map.knockback_destinations(position, *query, ruleset)


def encoded_answer(geometry: NxGeometry | Z3Geometry, question: str, *query: Any) -> Any:
    if question == "range":
        return geometry.range(*query)
    if question == "sight":
        return geometry.line_of_sight(*query)
    return geometry.knockback(*query)


ANSWERERS: dict[str, Callable[..., Any]] = {
    "engine": engine_answer,
    "networkx": lambda q, p, r, *a: encoded_answer(NxGeometry(p, r), q, *a),
    "z3": lambda q, p, r, *a: encoded_answer(Z3Geometry(p, r), q, *a),
}


@pytest.fixture(params=sorted(ANSWERERS))
def answer(request: pytest.FixtureRequest) -> Callable[..., Any]:
    """The engine, the NetworkX encoding or the Z3 encoding, asked one query."""
    return ANSWERERS[request.param]


# --- range (unknown.range, unknown.tile.impassable, unknown.barrier.impassable) -----------------

# A blocked tile forces a walk round (the shape of unknown.example.range-impassable-detour).
DETOUR = (
    ". f f f",
    ". f . f",
    "f f X f",
)
WEST, EAST, BLOCKED = (0, 0), (3, 0), (2, 0)

RANGE_CASES = [
    # id, map, switch readings, from, to, expected
    ("detour-round-blocked-tile", grid(*DETOUR), EITHER_RANGE, WEST, EAST, 7),
    (
        "cleared-tile-is-passable",
        grid(". f f f", ". f . f", "f f x f"),
        EITHER_RANGE,
        WEST,
        EAST,
        3,
    ),
    (
        "barrier-cuts-the-detour",
        grid(*DETOUR, tokens=(((2, 2), "barrier"),)),
        EITHER_RANGE,
        WEST,
        EAST,
        None,
    ),
    (
        "blaze-token-cuts",
        grid(*DETOUR, tokens=(((1, 1), "blaze"),)),
        EITHER_RANGE,
        WEST,
        EAST,
        None,
    ),
    (
        "other-tokens-do-not-matter",
        grid(*DETOUR, tokens=(((1, 1), "trap"), ((2, 2), "scrap"))),
        EITHER_RANGE,
        WEST,
        EAST,
        7,
    ),
    (
        "pieces-do-not-block-range",
        grid(*DETOUR, survivors=(("yellow", (1, 1)),), enemies=(("a1", (2, 2)),)),
        EITHER_RANGE,
        WEST,
        EAST,
        7,
    ),
    (
        "base-and-objective-are-passable",
        grid(". f B f", ". o . f", "f f X f"),
        EITHER_RANGE,
        WEST,
        EAST,
        7,
    ),
    ("impassable-start-may-be-left", grid(*DETOUR), EITHER_RANGE, BLOCKED, EAST, 1),
    ("impassable-target-exempt", grid(*DETOUR), ("exempt",), WEST, BLOCKED, 2),
    ("impassable-target-unreachable", grid(*DETOUR), ("target-passable",), WEST, BLOCKED, None),
    (
        "barrier-target-exempt",
        grid(*DETOUR, tokens=((EAST, "barrier"),)),
        ("exempt",),
        WEST,
        EAST,
        7,
    ),
    (
        "barrier-target-unreachable",
        grid(*DETOUR, tokens=((EAST, "barrier"),)),
        ("target-passable",),
        WEST,
        EAST,
        None,
    ),
    ("a-tile-to-itself", grid(*DETOUR), EITHER_RANGE, BLOCKED, BLOCKED, 0),
    ("unexplored-end", grid(*DETOUR), EITHER_RANGE, WEST, (2, 1), None),
]


def per_reading(cases: list[tuple], switch_at: int = 2) -> list:
    """One test per case and per reading the case holds for (its id names the reading)."""
    return [
        pytest.param(case[1], reading, *case[switch_at + 1 :], id=f"{case[0]}[{reading}]")
        for case in cases
        for reading in case[switch_at]
    ]


@pytest.mark.parametrize(("position", "reading", "a", "b", "expected"), per_reading(RANGE_CASES))
def test_range(answer, position, reading, a, b, expected) -> None:
    """``unknown.range`` under each ``range-endpoints`` reading the case holds for."""
    ruleset = readings(range_endpoints=reading)
    assert answer("range", position, ruleset, a, b) == expected


# --- line of sight (unknown.los.*) --------------------------------------------------------------

ROW = ("f B f f . f",)  # y = 0; the base is fortified (unknown.example.los-fortified-base)
COLUMN = ("f f", "f .", "X .")  # an impassable tile at the foot of a column

SIGHT_CASES = [
    ("cannot-cross-fortified", grid(*ROW), EITHER_ORIGIN, (0, 0), (2, 0), False),
    ("fortified-origin-sees-out", grid(*ROW), EITHER_ORIGIN, (1, 0), (3, 0), True),
    ("cannot-enter-fortified", grid(*ROW), EITHER_ORIGIN, (3, 0), (1, 0), False),
    ("cleared-base-not-fortified", grid("f b f f . f"), EITHER_ORIGIN, (0, 0), (3, 0), True),
    ("gap-breaks-sight", grid(*ROW), EITHER_ORIGIN, (3, 0), (5, 0), False),
    ("same-tile", grid(*ROW), EITHER_ORIGIN, (5, 0), (5, 0), True),
    (
        "barrier-breaks-sight",
        grid(*ROW, tokens=(((2, 0), "barrier"),)),
        EITHER_ORIGIN,
        (1, 0),
        (3, 0),
        False,
    ),
    (
        "barrier-tile-cannot-be-seen",
        grid(*ROW, tokens=(((2, 0), "barrier"),)),
        EITHER_ORIGIN,
        (3, 0),
        (2, 0),
        False,
    ),
    (
        "barrier-origin-blocked",
        grid(*ROW, tokens=(((2, 0), "barrier"),)),
        ("blocked",),
        (2, 0),
        (3, 0),
        False,
    ),
    (
        "barrier-origin-sees",
        grid(*ROW, tokens=(((2, 0), "barrier"),)),
        ("origin-sees",),
        (2, 0),
        (3, 0),
        True,
    ),
    (
        "pieces-do-not-block-sight",
        grid(*ROW, enemies=(("a1", (2, 0)),), survivors=(("red", (3, 0)),)),
        EITHER_ORIGIN,
        (1, 0),
        (3, 0),
        True,
    ),
    ("impassable-origin-blocked", grid(*COLUMN), ("blocked",), (0, 0), (0, 2), False),
    ("impassable-origin-sees", grid(*COLUMN), ("origin-sees",), (0, 0), (0, 2), True),
    ("cannot-see-impassable", grid(*COLUMN), EITHER_ORIGIN, (0, 2), (0, 0), False),
    ("impassable-tile-itself", grid(*COLUMN), EITHER_ORIGIN, (0, 0), (0, 0), True),
    ("cleared-origin", grid("f f", "f .", "x ."), EITHER_ORIGIN, (0, 0), (0, 2), True),
    ("blaze-tile-origin-sees", grid("f f", "f .", "z ."), ("origin-sees",), (0, 0), (0, 2), True),
    ("not-straight", grid(*COLUMN), EITHER_ORIGIN, (0, 1), (1, 2), False),
    ("column-down", grid(*COLUMN), EITHER_ORIGIN, (0, 2), (0, 1), True),
]


@pytest.mark.parametrize(("position", "reading", "a", "b", "expected"), per_reading(SIGHT_CASES))
def test_line_of_sight(answer, position, reading, a, b, expected) -> None:
    """``unknown.los.*`` under each ``los-impassable-origin`` reading the case holds for."""
    ruleset = readings(los_impassable_origin=reading)
    assert answer("sight", position, ruleset, a, b) == expected


# --- knockback (unknown.knockback.*, unknown.barrier.knockback-keeps) ---------------------------

CORRIDOR = ("f f f f f f",)  # (0, 0) … (5, 0)
FORK = (  # from the source (0, 1) east, then a long arm north and a one-tile arm south
    ". . f",
    ". . f",
    ". . f",
    "f f f",
    ". . f",
)
DUAL = (  # unknown.example.knockback-dual-spawn's choices: dead end, stop short, enemy's tile
    ". f . .",
    "f f f f",
)
RING = ("f f f", "f . X", "f f f")  # a ring round an empty middle; blocked tile at (2, 1)
BEYOND_BLOCKED = ("f X f f",)

ANY = EITHER_RANGE
KNOCKBACK_CASES = [
    # id, map, range readings, stop readings, impassable-start readings, source, distance, who,
    # expected
    (
        "flee-to-distance-plus-one",
        grid(*CORRIDOR, survivors=(("yellow", (1, 0)),)),
        ANY,
        EITHER_STOP,
        EITHER_START,
        (0, 0),
        2,
        "yellow",
        {(3, 0)},
    ),
    (
        "knockback-one",
        grid(*CORRIDOR, survivors=(("yellow", (1, 0)),)),
        ANY,
        EITHER_STOP,
        EITHER_START,
        (0, 0),
        1,
        "yellow",
        {(2, 0)},
    ),
    (
        "from-the-source-tile",
        grid(*CORRIDOR, survivors=(("yellow", (0, 0)),)),
        ANY,
        EITHER_STOP,
        EITHER_START,
        (0, 0),
        2,
        "yellow",
        {(3, 0)},
    ),
    (
        "out-of-reach-stays",
        grid(*CORRIDOR, survivors=(("yellow", (3, 0)),)),
        ANY,
        EITHER_STOP,
        EITHER_START,
        (0, 0),
        2,
        "yellow",
        {(3, 0)},
    ),
    (
        "path-choice-and-dead-end",
        grid(*FORK, survivors=(("yellow", (1, 1)),)),
        ANY,
        EITHER_STOP,
        EITHER_START,
        (0, 1),
        3,
        "yellow",
        {(2, 3), (2, 0)},
    ),
    (
        "dual-spawn-choices",
        grid(*DUAL, survivors=(("yellow", (1, 0)),), enemies=(("a1", (3, 0)),)),
        ANY,
        EITHER_STOP,
        EITHER_START,
        (0, 0),
        2,
        "yellow",
        {(1, 1), (2, 0), (3, 0)},
    ),
    (
        "stop-before-enemy-on-start",
        grid(*CORRIDOR, survivors=(("yellow", (1, 0)),), enemies=(("a1", (2, 0)),)),
        ANY,
        ("allowed",),
        EITHER_START,
        (0, 0),
        3,
        "yellow",
        {(1, 0), (2, 0)},
    ),
    (
        "must-step-before-stopping",
        grid(*CORRIDOR, survivors=(("yellow", (1, 0)),), enemies=(("a1", (2, 0)),)),
        ANY,
        ("after-a-step",),
        EITHER_START,
        (0, 0),
        3,
        "yellow",
        {(2, 0)},
    ),
    (
        "stop-before-enemy-after-a-step",
        grid(*CORRIDOR, survivors=(("yellow", (1, 0)),), enemies=(("a1", (3, 0)),)),
        ANY,
        EITHER_STOP,
        EITHER_START,
        (0, 0),
        3,
        "yellow",
        {(2, 0), (3, 0)},
    ),
    (
        "enemy-enters-survivor-tile",
        grid(*CORRIDOR, survivors=(("yellow", (2, 0)),), enemies=(("a1", (1, 0)),)),
        ANY,
        EITHER_STOP,
        EITHER_START,
        (0, 0),
        3,
        "a1",
        {(2, 0)},
    ),
    (
        "enemies-pass-enemies",
        grid(*CORRIDOR, enemies=(("a1", (1, 0)), ("a2", (2, 0)))),
        ANY,
        EITHER_STOP,
        EITHER_START,
        (0, 0),
        3,
        "a1",
        {(4, 0)},
    ),
    (
        "survivors-pass-survivors",
        grid(*CORRIDOR, survivors=(("yellow", (1, 0)), ("red", (2, 0)))),
        ANY,
        EITHER_STOP,
        EITHER_START,
        (0, 0),
        3,
        "yellow",
        {(4, 0)},
    ),
    (
        "barrier-is-a-dead-end",
        grid(*CORRIDOR, survivors=(("yellow", (1, 0)),), tokens=(((2, 0), "barrier"),)),
        ANY,
        EITHER_STOP,
        EITHER_START,
        (0, 0),
        3,
        "yellow",
        {(1, 0)},
    ),
    (
        "blaze-token-is-a-dead-end",
        grid(*CORRIDOR, survivors=(("yellow", (1, 0)),), tokens=(((3, 0), "blaze"),)),
        ANY,
        EITHER_STOP,
        EITHER_START,
        (0, 0),
        3,
        "yellow",
        {(2, 0)},
    ),
    # Range 3 to the blocked tile (an end need not be passable); (2, 2) is 4 round the ring's
    # west side and 4 through the blocked tile too, so both impassable-start readings agree.
    (
        "enemy-leaves-impassable-tile",
        grid(*RING, enemies=(("a1", (2, 1)),)),
        ("exempt",),
        EITHER_STOP,
        EITHER_START,
        (0, 0),
        3,
        "a1",
        {(2, 2)},
    ),
    (  # no range to an impassable tile under target-passable, so out of reach
        "impassable-tile-out-of-reach",
        grid(*RING, enemies=(("a1", (2, 1)),)),
        ("target-passable",),
        EITHER_STOP,
        EITHER_START,
        (0, 0),
        3,
        "a1",
        {(2, 1)},
    ),
    (
        "impassable-tile-too-far",
        grid(*RING, enemies=(("a1", (2, 1)),)),
        ANY,
        EITHER_STOP,
        EITHER_START,
        (0, 0),
        2,
        "a1",
        {(2, 1)},
    ),
    # A piece on an impassable tile (unknown.tile.impassable.spawn-exit) in the corridor
    # BEYOND_BLOCKED, source at the west end. Range to the piece's tile is 1 under "exempt" (an
    # end need not be passable), none under "target-passable" (out of reach: it stays). Under
    # "dead-end", (2, 0) has no range from the source (the only walk crosses the blocked tile),
    # so there is no fleeing step: it stays. Under "own-tile-passable" the walk may cross the
    # piece's own tile: d(2, 0) = 2 and d(3, 0) = 3, so it flees east until d = N + 1, or to the
    # corridor's end at (3, 0).
    (
        "beyond-impassable-start-is-a-dead-end",
        grid(*BEYOND_BLOCKED, enemies=(("a1", (1, 0)),)),
        ANY,
        EITHER_STOP,
        ("dead-end",),
        (0, 0),
        2,
        "a1",
        {(1, 0)},
    ),
    (
        "flee-across-own-impassable-tile-1",
        grid(*BEYOND_BLOCKED, enemies=(("a1", (1, 0)),)),
        ("exempt",),
        EITHER_STOP,
        ("own-tile-passable",),
        (0, 0),
        1,
        "a1",
        {(2, 0)},
    ),
    (
        "flee-across-own-impassable-tile-2",
        grid(*BEYOND_BLOCKED, enemies=(("a1", (1, 0)),)),
        ("exempt",),
        EITHER_STOP,
        ("own-tile-passable",),
        (0, 0),
        2,
        "a1",
        {(3, 0)},
    ),
    (  # d(3, 0) = 3 < N + 1 = 4 and nothing lies beyond: a dead end at the corridor's end
        "flee-across-own-impassable-tile-to-the-end",
        grid(*BEYOND_BLOCKED, enemies=(("a1", (1, 0)),)),
        ("exempt",),
        EITHER_STOP,
        ("own-tile-passable",),
        (0, 0),
        3,
        "a1",
        {(3, 0)},
    ),
    (
        "impassable-start-out-of-reach",
        grid(*BEYOND_BLOCKED, enemies=(("a1", (1, 0)),)),
        ("target-passable",),
        EITHER_STOP,
        EITHER_START,
        (0, 0),
        2,
        "a1",
        {(1, 0)},
    ),
    (  # the same for a survivor under a barrier token on an ordinary tile (range 1 to it)
        "survivor-under-barrier-flees-on",
        grid(*CORRIDOR, survivors=(("yellow", (1, 0)),), tokens=(((1, 0), "barrier"),)),
        ("exempt",),
        EITHER_STOP,
        ("own-tile-passable",),
        (0, 0),
        2,
        "yellow",
        {(3, 0)},
    ),
    (
        "survivor-under-barrier-is-stuck",
        grid(*CORRIDOR, survivors=(("yellow", (1, 0)),), tokens=(((1, 0), "barrier"),)),
        ("exempt",),
        EITHER_STOP,
        ("dead-end",),
        (0, 0),
        2,
        "yellow",
        {(1, 0)},
    ),
    # RING with the source at (2, 0) and the enemy on the blocked tile (2, 1), range 1. Plain
    # range runs round the west side: (1, 0) 1, (0, 0) 2, (0, 1) 3, (0, 2) 4, (1, 2) 5, (2, 2) 6;
    # through the enemy's tile (2, 2) is 2 and (1, 2) 3. Under "dead-end" the only neighbour
    # other than the source is (2, 2) at 6, not 2: a dead end. Under "own-tile-passable" it
    # flees north then west: (2, 2) at 2, (1, 2) at 3 = N + 1 for N = 2.
    (
        "ring-round-impassable-start-dead-end",
        grid(*RING, enemies=(("a1", (2, 1)),)),
        ("exempt",),
        EITHER_STOP,
        ("dead-end",),
        (2, 0),
        2,
        "a1",
        {(2, 1)},
    ),
    (
        "ring-round-impassable-start-own-tile",
        grid(*RING, enemies=(("a1", (2, 1)),)),
        ("exempt",),
        EITHER_STOP,
        ("own-tile-passable",),
        (2, 0),
        2,
        "a1",
        {(1, 2)},
    ),
]


def knockback_params() -> list:
    """One test per case and per triple of readings (range-endpoints, stop-at-start,
    impassable-start) it holds for."""
    return [
        pytest.param(
            position,
            (range_reading, stop_reading, start_reading),
            *query,
            id=f"{name}[{range_reading},{stop_reading},{start_reading}]",
        )
        for name, position, range_switch, stop_switch, start_switch, *query in KNOCKBACK_CASES
        for range_reading in range_switch
        for stop_reading in stop_switch
        for start_reading in start_switch
    ]


@pytest.mark.parametrize(
    ("position", "reading", "source", "distance", "who", "expected"), knockback_params()
)
def test_knockback(answer, position, reading, source, distance, who, expected) -> None:
    """``unknown.knockback.*`` under each triple of readings the case holds for."""
    range_reading, stop_reading, start_reading = reading
    ruleset = readings(
        range_endpoints=range_reading,
        knockback_stop_at_start=stop_reading,
        knockback_impassable_start=start_reading,
    )
    assert answer("knockback", position, ruleset, source, distance, who) == frozenset(expected)


# --- the random legal maps ----------------------------------------------------------------------

SEEDS = range(300)


@pytest.fixture(scope="module")
def random_maps() -> list[UnknownPosition]:
    """300 maps from seeds 0–299."""
    return [random_position(random.Random(seed)) for seed in SEEDS]


def _connected(spots: set[Coord]) -> bool:
    todo, seen = [next(iter(spots))], set()
    while todo:
        x, y = todo.pop()
        if (x, y) in seen:
            continue
        seen.add((x, y))
        todo += [c for c in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if c in spots]
    return seen == spots


def test_random_maps_are_legal(random_maps) -> None:
    """Connected from (0, 0), no 2×2 square (unknown.action.explore.no-2x2), in a 10×10 box, at
    most one fortified tile, at most 40 tiles and 3 pieces a side."""
    for position in random_maps:
        spots = {t.at for t in position.tiles}
        assert (0, 0) in spots and _connected(spots)
        squares = [(x, y) for x, y in spots if {(x + 1, y), (x, y + 1), (x + 1, y + 1)} <= spots]
        assert squares == []
        xs, ys = [x for x, _ in spots], [y for _, y in spots]
        assert max(xs) - min(xs) < MAX_SIDE and max(ys) - min(ys) < MAX_SIDE
        assert sum(catalog()[t.tile].fortified for t in position.tiles) <= 1
        assert 1 <= len(spots) <= 40
        assert len(position.survivors) <= 3 and len(position.enemies) <= 3


def test_random_maps_mix_every_kind_of_tile_token_and_piece(random_maps) -> None:
    """Across the maps: every geometry role of tile, cleared ones, the tokens that block and
    those that do not, 0–3 pieces a side, and pieces standing on impassable tiles."""
    seen: Counter = Counter()
    for position in random_maps:
        blocking = {t.at for t in position.tokens if t.kind in ("barrier", "blaze")}
        for tile in position.tiles:
            kind = catalog()[tile.tile]
            role = (
                "fortified"
                if kind.fortified
                else "impassable"
                if kind.impassable
                else "objective"
                if kind.type == "objective"
                else "ordinary"
            )
            seen[(role, tile.cleared)] += 1
        seen.update(f"token:{t.kind}" for t in position.tokens)
        seen[f"survivors:{len(position.survivors)}"] += 1
        seen[f"enemies:{len(position.enemies)}"] += 1
        impassable = {
            t.at for t in position.tiles if catalog()[t.tile].impassable and not t.cleared
        }
        pieces = {p.at for p in (*position.survivors, *position.enemies)}
        seen["piece on impassable tile"] += bool(pieces & impassable)
        seen["piece on blocked token"] += bool(pieces & blocking)
    wanted = [
        (role, cleared)
        for role in ("ordinary", "impassable", "objective", "fortified")
        for cleared in (False, True)
    ]
    wanted += ["token:barrier", "token:blaze", "token:trap"]
    wanted += [f"{side}:{n}" for side in ("survivors", "enemies") for n in range(4)]
    wanted += ["piece on impassable tile", "piece on blocked token"]
    assert [w for w in wanted if not seen[w]] == []


def test_random_maps_are_deterministic_per_seed() -> None:
    """The same seed grows the same map (so a seed reported by a failure replays it)."""
    assert random_position(random.Random(42)) == random_position(random.Random(42))
    assert random_position(random.Random(42)) != random_position(random.Random(43))


def test_min_tiles_sets_the_size() -> None:
    """``min_tiles == max_tiles`` asks for exactly that many tiles."""
    sizes = {len(random_position(random.Random(s), 25, min_tiles=25).tiles) for s in range(20)}
    assert sizes == {25}


def test_position_yaml_loads_back_to_the_same_map(random_maps, tmp_path) -> None:
    """The YAML a failure prints is a valid position file for the same map."""
    for i, position in enumerate(random_maps[:40]):
        path = tmp_path / f"map{i}.yaml"
        path.write_text(position_yaml(position), encoding="utf-8")
        assert load_position(path) == position


def test_random_rulesets_use_every_reading() -> None:
    """Every reading of every switch of the ledger turns up."""
    rng = random.Random(0)
    seen = {(k, v) for _ in range(60) for k, v in ruleset_readings(random_ruleset(rng)).items()}
    wanted = {(k, r) for k, e in interpretation_ledger().items() for r in e["readings"]}
    assert seen == wanted


# --- the cross-check runner ---------------------------------------------------------------------


def test_crosscheck_reports_a_planted_engine_bug_with_a_replayable_map(monkeypatch, tmp_path):
    """With the engine's line of sight broken on purpose, both checkers report it, with all
    three answers and a position file that loads back to the map."""
    position = grid(*ROW)
    monkeypatch.setattr(engine_map, "line_of_sight", lambda *args: True)
    counts: Counter = Counter()
    found = compare_with_networkx(position, DEFAULT, counts)
    found_z3 = compare_with_z3(position, DEFAULT, counts, random.Random(0))
    assert found and found_z3
    crossing = next(d for d in found if d.query == {"from": [0, 0], "to": [2, 0]})
    assert (crossing.engine, crossing.networkx, crossing.z3) == (True, False, False)
    text = crossing.describe()
    assert "line_of_sight" in text and "range-endpoints=exempt" in text
    every_reading = "".join(
        f" --reading {switch}={reading}"
        for switch, reading in sorted(ruleset_readings(DEFAULT).items())
    )
    assert text.splitlines()[-1].strip() == f"rulings query los map.yaml 0,0 2,0{every_reading}"
    assert "--reading knockback-impassable-start=own-tile-passable" in every_reading
    path = tmp_path / "map.yaml"
    path.write_text(crossing.position_yaml, encoding="utf-8")
    assert load_position(path) == position


# West of the origin: food (-1, 0), blocked (0, 0) with the animal a1 on it, food (1, 0), (2, 0).
WEST_OF_ORIGIN = {
    "game": "unknown",
    "tiles": [
        {"at": [-1, 0], "tile": "food"},
        {"at": [0, 0], "tile": "blocked"},
        {"at": [1, 0], "tile": "food"},
        {"at": [2, 0], "tile": "food"},
    ],
    "enemies": [{"id": "a1", "kind": "animal", "at": [0, 0]}],
}


def _replay(command: str, path: Path) -> Any:
    """Run a disagreement's replay command in-process (with ``--json``) and return the answer."""
    words = shlex.split(command)
    assert words[:2] == ["rulings", "query"] and words[3] == "map.yaml", command
    args = [*words[1:3], str(path), "--json", *words[4:]]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, f"{command}\n{result.output}"
    found = json.loads(result.stdout)
    if "destinations" in found:
        return frozenset(tuple(at) for at in found["destinations"])
    return found.get("range", found.get("line_of_sight"))


@pytest.mark.parametrize(
    ("question", "query", "readings_set", "expected"),
    [
        # range from (-1, 0) to (1, 0): the only walk crosses the blocked tile, so none
        ("range", ((-1, 0), (1, 0)), {}, None),
        # the blocked tile is an end, which need only be placed under "exempt": 1
        ("range", ((-1, 0), (0, 0)), {"range-endpoints": "exempt"}, 1),
        ("range", ((-1, 0), (0, 0)), {"range-endpoints": "target-passable"}, None),
        # sight from (2, 0) west must enter the blocked tile: no
        ("line_of_sight", ((2, 0), (-1, 0)), {}, False),
        # the blocked origin sees east only under "origin-sees"
        ("line_of_sight", ((0, 0), (2, 0)), {"los-impassable-origin": "origin-sees"}, True),
        ("line_of_sight", ((0, 0), (2, 0)), {"los-impassable-origin": "blocked"}, False),
        # a1 at range 1 flees 2 from (-1, 0): across its own tile to (2, 0), or stuck on it
        (
            "knockback",
            ((-1, 0), 2, "a1"),
            {"knockback-impassable-start": "own-tile-passable"},
            {(2, 0)},
        ),
        ("knockback", ((-1, 0), 2, "a1"), {"knockback-impassable-start": "dead-end"}, {(0, 0)}),
    ],
)
def test_replay_command_asks_the_engine_the_same_query(
    question, query, readings_set, expected, tmp_path
) -> None:
    """A disagreement's description ends with a ``rulings query`` command that, run on the
    printed position file, gives the engine's answer under the same readings (negative
    coordinates included). The answers are worked out by hand in the comments."""
    position = position_from_data(WEST_OF_ORIGIN, "hand-made map")
    ruleset = DEFAULT.with_readings(**readings_set)
    found = disagreement("networkx", position, ruleset, question, query)
    if isinstance(expected, set):
        expected = frozenset(expected)
    assert found.engine == expected
    command = found.replay_command()
    assert found.describe().splitlines()[-1].strip() == command
    assert all(f"--reading {k}={v}" in command for k, v in ruleset_readings(ruleset).items())
    path = tmp_path / "map.yaml"
    path.write_text(found.position_yaml, encoding="utf-8")
    assert _replay(command, path) == expected


def test_run_crosschecks_counts_maps_and_queries() -> None:
    """The runner counts maps and queries per checker and calls ``progress`` per map."""
    calls: list[tuple[str, int, int]] = []
    report = run_crosschecks(4, 2, seed=3, progress=lambda *call: calls.append(call))
    assert report.ok, report.summary()
    assert report.maps == Counter({"networkx": 4, "z3": 2})
    assert all(report.queries[("networkx", q)] > 0 for q in ("range", "line_of_sight"))
    assert report.total_queries("z3") > 0
    assert [c for c in calls if c[0] == "networkx"][-1] == ("networkx", 4, 4)
    assert "engine=networkx on 4 maps" in report.summary()
    assert "no disagreements" in report.summary()
