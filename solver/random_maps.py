"""Seeded random LEGAL Unknown maps and random rulesets, for the geometry cross-checks.

A map grows from ``(0, 0)`` by adding empty orthogonal neighbours that keep it connected and do
not complete a 2×2 square (``unknown.action.explore.adjacent``, ``unknown.action.explore.no-2x2``),
inside a box of at most ``MAX_SIDE`` × ``MAX_SIDE`` spots. Tiles mix ordinary passable tiles,
impassable ones (``unknown.tile.impassable``), at most one fortified tile
(``unknown.tile.fortified``) and objective tiles; some are cleared (a cleared impassable tile is
passable again, a cleared fortified one is no longer fortified). Barrier and blaze tokens make
tiles impassable (``unknown.barrier.impassable``); other tokens must not matter to geometry.
Pieces may stand anywhere, impassable tiles included (enemies may spawn there).

Every map is built through :func:`engine.unknown.position.position_from_data`, so it passes the
same checks as a position file, and :func:`position_data` turns it back into that file form.
"""

from __future__ import annotations

import random
from typing import Any

import yaml

from engine.unknown.catalog import catalog
from engine.unknown.position import ORTHOGONAL, Coord, UnknownPosition, position_from_data
from engine.unknown.ruleset import DEFAULT, Ruleset, interpretation_ledger

MAX_SIDE = 10
SURVIVOR_IDS = ("yellow", "red", "blue", "green")
ENEMY_KINDS = ("animal", "beast", "behemoth", "brute", "devourer", "monster", "stranger")
NEUTRAL_TOKENS = ("trap", "ammo", "food", "medicine", "scrap", "armor", "mission", "task")
SOURCE = "random map"


def random_position(
    rng: random.Random, max_tiles: int = 40, *, min_tiles: int = 1
) -> UnknownPosition:
    """A random legal position of ``min_tiles`` to ``max_tiles`` tiles (uniform), checked by
    ``position_from_data``. (Growth stops early only if no spot is left in the box.)"""
    return position_from_data(random_position_data(rng, max_tiles, min_tiles=min_tiles), SOURCE)


def random_position_data(
    rng: random.Random, max_tiles: int = 40, *, min_tiles: int = 1
) -> dict[str, Any]:
    """A random legal map in position-file form (the dict a YAML position file holds)."""
    top = max(1, max_tiles)
    spots = grow_spots(rng, rng.randint(min(max(1, min_tiles), top), top))
    tiles = _tile_rows(rng, spots)
    data: dict[str, Any] = {"game": "unknown", "tiles": tiles}
    tokens = _token_rows(rng, spots)
    if tokens:
        data["tokens"] = tokens
    survivors, enemies = _piece_rows(rng, spots)
    if survivors:
        data["survivors"] = survivors
    if enemies:
        data["enemies"] = enemies
    return data


def grow_spots(rng: random.Random, count: int) -> list[Coord]:
    """Up to ``count`` connected spots from ``(0, 0)`` with no 2×2 square, in placement order."""
    placed: list[Coord] = [(0, 0)]
    taken = {(0, 0)}
    while len(placed) < count:
        options = sorted(_growth_options(taken))
        if not options:
            break
        spot = rng.choice(options)
        placed.append(spot)
        taken.add(spot)
    return placed


def _growth_options(taken: set[Coord]) -> set[Coord]:
    xs = [x for x, _ in taken]
    ys = [y for _, y in taken]
    options = set()
    for x, y in taken:
        for dx, dy in ORTHOGONAL:
            spot = (x + dx, y + dy)
            if spot in taken or _completes_square(taken, spot):
                continue
            if max(*xs, spot[0]) - min(*xs, spot[0]) >= MAX_SIDE:
                continue
            if max(*ys, spot[1]) - min(*ys, spot[1]) >= MAX_SIDE:
                continue
            options.add(spot)
    return options


def _completes_square(taken: set[Coord], spot: Coord) -> bool:
    """Whether a tile on ``spot`` would complete a 2×2 square (``unknown.action.explore.no-2x2``)."""
    x, y = spot
    for dx in (0, -1):
        for dy in (0, -1):
            square = [(x + dx + i, y + dy + j) for i in (0, 1) for j in (0, 1)]
            if all(c == spot or c in taken for c in square):
                return True
    return False


def tile_groups() -> dict[str, list[str]]:
    """Catalog names by the part they play in geometry: ordinary, impassable, fortified, objective."""
    groups: dict[str, list[str]] = {
        "ordinary": [],
        "impassable": [],
        "fortified": [],
        "objective": [],
    }
    for name, kind in sorted(catalog().items()):
        if kind.fortified:
            groups["fortified"].append(name)
        elif kind.impassable:
            groups["impassable"].append(name)
        elif kind.type == "objective":
            groups["objective"].append(name)
        else:
            groups["ordinary"].append(name)
    return groups


def _tile_rows(rng: random.Random, spots: list[Coord]) -> list[dict[str, Any]]:
    groups = tile_groups()
    fortified_spot = rng.choice(spots) if groups["fortified"] and rng.random() < 0.7 else None
    weights = {"ordinary": 0.68, "impassable": 0.2, "objective": 0.12}
    pools = [g for g in weights if groups[g]]
    cleared_odds = {"ordinary": 0.1, "impassable": 0.3, "objective": 0.1, "fortified": 0.25}
    rows = []
    for spot in spots:
        group = (
            "fortified"
            if spot == fortified_spot
            else rng.choices(pools, [weights[g] for g in pools])[0]
        )
        row: dict[str, Any] = {"at": list(spot), "tile": rng.choice(groups[group])}
        if rng.random() < cleared_odds[group]:
            row["cleared"] = True
        rows.append(row)
    return rows


def _token_rows(rng: random.Random, spots: list[Coord]) -> list[dict[str, Any]]:
    rows = []
    for spot in spots:
        if rng.random() < 0.06:
            rows.append({"at": list(spot), "kind": "barrier", "count": rng.randint(1, 2)})
        if rng.random() < 0.04:
            rows.append({"at": list(spot), "kind": "blaze", "count": 1})
        if rng.random() < 0.08:
            rows.append({"at": list(spot), "kind": rng.choice(NEUTRAL_TOKENS), "count": 1})
    return rows


def _piece_rows(
    rng: random.Random, spots: list[Coord]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    survivors = [
        {"id": sid, "at": list(rng.choice(spots))}
        for sid in rng.sample(SURVIVOR_IDS, rng.randint(0, 3))
    ]
    enemies = [
        {"id": f"e{n}", "kind": rng.choice(ENEMY_KINDS), "at": list(rng.choice(spots))}
        for n in range(1, rng.randint(0, 3) + 1)
    ]
    return survivors, enemies


def random_ruleset(rng: random.Random) -> Ruleset:
    """A ruleset with a random reading for every switch of the interpretation ledger."""
    readings = {
        switch: rng.choice(sorted(entry["readings"]))
        for switch, entry in sorted(interpretation_ledger().items())
    }
    return DEFAULT.with_readings(**readings)


def ruleset_readings(ruleset: Ruleset) -> dict[str, str]:
    """The readings of a ruleset by ledger ID (as the CLI's ``--reading`` options name them)."""
    return {
        switch: getattr(ruleset, switch.replace("-", "_")) for switch in interpretation_ledger()
    }


def position_data(position: UnknownPosition) -> dict[str, Any]:
    """The position-file form of a position (loads back to an equal position)."""
    data: dict[str, Any] = {"game": "unknown", "tiles": []}
    for tile in position.tiles:
        row: dict[str, Any] = {"at": list(tile.at), "tile": tile.tile}
        if tile.cleared:
            row["cleared"] = True
        data["tiles"].append(row)
    if position.tokens:
        data["tokens"] = [
            {"at": list(t.at), "kind": t.kind, "count": t.count} for t in position.tokens
        ]
    if position.survivors:
        data["survivors"] = [
            {"id": s.id, "at": list(s.at), **({"card": s.card} if s.card else {})}
            for s in position.survivors
        ]
    if position.enemies:
        data["enemies"] = [{"id": e.id, "kind": e.kind, "at": list(e.at)} for e in position.enemies]
    return data


def position_yaml(position: UnknownPosition) -> str:
    """A position file (YAML) for the position, one entry per line, ready to replay."""
    lines = ["game: unknown"]
    data = position_data(position)
    for key in ("tiles", "tokens", "survivors", "enemies"):
        if key in data:
            lines.append(f"{key}:")
            lines.extend(f"  - {_flow(row)}" for row in data[key])
    return "\n".join(lines) + "\n"


def _flow(row: dict[str, Any]) -> str:
    return yaml.safe_dump(row, default_flow_style=True, sort_keys=False, width=1000).strip()
