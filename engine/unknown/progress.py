"""How far an Unknown game is toward a win (``GameSpec.progress``): the progress score searches
rank states by (the lucky search of ``solver/lucky.py`` ranks a beam of states with it).

:func:`score` weighs food in base above all (the base eating its last food loses), then the
mission's own progress, goods, able survivors and few enemies; :func:`progress` maps it into
0..1 keeping its order, with a won game at 1 and a lost one at 0.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

MISSION_WEIGHT = {"expand": 400, "onslaught": 300, "hive": 300}
"""Points per mission-card counter or mission token (an outpost, a lair cleared ...), by
mission; other missions count them at 100."""


def ring_progress(state: Any) -> tuple[int, int]:
    """Map mission progress (``unknown.mission.map.goal``): over every square of the required
    side whose border passes through base, the most border spots explored, and the walk from
    the nearest survivor to that square's nearest unexplored border spot (0 when none is left).
    Tiles explored off that border do not count: only a closed border wins."""
    from engine.unknown.missions.map import required_side

    position = state.position
    got, squares = _best_borders(frozenset(t.at for t in position.tiles), required_side(state))
    walk = min(
        (
            abs(s.at[0] - m[0]) + abs(s.at[1] - m[1])
            for s in position.survivors
            for missing in squares
            for m in missing
        ),
        default=0,
    )
    return got, walk


@lru_cache(maxsize=4096)
def _best_borders(
    explored: frozenset[tuple[int, int]], side: int
) -> tuple[int, tuple[tuple[tuple[int, int], ...], ...]]:
    """The most border spots explored over the squares through base, and the unexplored
    border spots of every square that has that many."""
    got, squares = -1, []
    for x0, y0 in _squares_through_base(side):
        border = _border(x0, y0, side)
        missing = tuple(spot for spot in border if spot not in explored)
        have = len(border) - len(missing)
        if have > got:
            got, squares = have, [missing]
        elif have == got:
            squares.append(missing)
    return got, tuple(squares)


def _squares_through_base(side: int) -> list[tuple[int, int]]:
    """Lower-left corners of the squares of ``side`` whose border holds base, [0, 0]."""
    far = side - 1
    corners = {(x, y) for x in (0, -far) for y in range(-far, 1)}
    corners |= {(x, y) for y in (0, -far) for x in range(-far, 1)}
    return sorted(corners)


def _border(x0: int, y0: int, side: int) -> list[tuple[int, int]]:
    far = side - 1
    return [
        (x0 + dx, y0 + dy)
        for dx in range(side)
        for dy in range(side)
        if dx in (0, far) or dy in (0, far)
    ]


def spawns_in_hand(state: Any) -> int:
    """Enemies the tile just drawn will spawn once placed (``unknown.lair.definition``): a
    lucky draw should be a harmless tile, and this tells the draws apart before placement."""
    from engine.unknown.catalog import catalog

    tile = getattr(state.pending[0], "tile", None) if state.pending else None
    entry = catalog().get(tile) if isinstance(tile, str) else None
    return len(entry.spawns) if entry is not None else 0


FOOD_ENOUGH = 8
"""Food in base past which more food scores little: eight rounds of upkeep
(``unknown.turn.upkeep``: the base eats 1 a round)."""


def score(state: Any) -> float:
    """Progress in Unknown: food in base above all (the base eating its last food loses), then
    the mission's own progress (mission-card counters and mission tokens: lairs cleared,
    outposts placed; cleared tiles; tiles explored, which Scout and Map need and which bring
    the mission tiles out of the stack; for Map, the border of a square explored and the walk
    to its next gap), goods carried, survivors able to act and unhurt, few enemies on the map
    or about to spawn from the tile in hand, and for Scout once the stack is empty, survivors on base (``unknown.mission.win``,
    ``unknown.mission.scout.goal``, ``unknown.mission.map.goal``)."""
    position = state.position
    food = dict(state.base).get("food", 0)
    carried_food = sum(n for s in position.survivors for k, n in s.goods if k == "food")
    carried = sum(n for s in position.survivors for _, n in s.goods)
    counters = sum(n for _, n in state.mission_card)
    tokens = sum(t.count for t in position.tokens if t.kind == "mission")
    cleared = sum(1 for t in position.tiles if t.cleared)
    able = sum(1 for s in position.survivors if not s.incapacitated)
    healthy = sum(1 for s in position.survivors if s.health == "healthy")
    home = 0
    if state.mission == "scout" and not state.stack.size:
        base = {t.at for t in position.tiles if t.tile == "base"}
        home = sum(1 for s in position.survivors if s.at in base)
    ring = 0.0
    if state.mission == "map":
        got, walk = ring_progress(state)
        ring = got * 300 - walk * 10
    mission = MISSION_WEIGHT.get(state.mission or "", 100)
    return (
        -200 * spawns_in_hand(state)
        + 60 * min(food, FOOD_ENOUGH)
        + 5 * max(food - FOOD_ENOUGH, 0)
        + carried_food * 10
        + (counters + tokens) * mission
        + cleared * 15
        + len(position.tiles) * 20
        + carried * 3
        + able * 200
        + healthy * 60
        - len(position.enemies) * 200
        + home * 200
        + ring
        + (100 if state.task_complete else 0)
    )


SCALE = 2000.0
"""Score points at which :func:`progress` is halfway between its start (0.5) and a win."""


def progress(state: Any) -> float:
    """:func:`score` squeezed into (0, 1) in the same order; a won game 1, a lost one 0."""
    outcome = getattr(state, "outcome", None)
    if outcome:
        return 1.0 if outcome[0] == "win" else 0.0
    points = score(state)
    return 0.5 + points / (2 * (abs(points) + SCALE))
