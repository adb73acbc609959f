"""What Unknown hands the harness's properties over states and position files.

The properties play from every start the spec lists (:attr:`UnknownSpec.coverage_setups`): a
Behemoth game as set up, and one with the mission's behemoth already out (:func:`behemoth_out`),
which random play seldom reaches. The property over schema-valid position files generates
Unknown positions from the position schema narrowed to the names the catalogs know
(:func:`position_schema`), with every piece put on a placed tile (:func:`on_the_map`).

Nothing here is imported at module level beyond the standard library: the spec module that
names these functions stays light.
"""

from __future__ import annotations

import copy
from typing import Any

BEHEMOTH = (("setup", "standard"), ("mission", "behemoth"))
"""The options of a Behemoth game set up by the Setup section."""
HURLED, CARRIED = 3, 2
"""Canisters on the mission card, and carried by the first survivor, in :func:`behemoth_out`."""
SPOTS = [[x, y] for y in range(2) for x in range(3)]
"""The spots generated tiles stand on: a board of 3 x 2 spots, small enough that tiles meet."""
MOST_PIECES = 3
"""The most tokens, survivors, enemies and allies of each list in a generated position."""
MOST_TILES = 5
MOST_AP, MOST_DAMAGE = 6, 2
LEFT_OUT = ("pending", "stack", "unused_survivors", "done", "turn", "outcome", "puzzle")
"""Entries generated positions leave out: they name effects, tiles and survivors that a
generator picking names at random would hardly ever get right."""
SURVIVOR_LEFT_OUT = ("used", "held_lairs", "borrowed")
"""A survivor's entries generated positions leave out, for the same reason."""


def behemoth_out(state: Any) -> Any:
    """``state`` with the mission's behemoth (``unknown.mission.behemoth.spawn``) on the placed
    tile farthest from base by grid steps, as if the last behemoth tile had just been explored
    there, canisters already hurled onto the mission card (``unknown.mission.behemoth.hurl``),
    fewer than win, and more carried by the first survivor (``unknown.mission.behemoth.canisters``)."""
    from dataclasses import replace

    from engine.unknown.missions.behemoth import CANISTER, KIND
    from engine.unknown.position import Enemy
    from engine.unknown.state import add

    position = state.position
    base = next(t.at for t in position.tiles if t.tile == "base")
    far = max(position.tiles, key=lambda t: abs(t.at[0] - base[0]) + abs(t.at[1] - base[1]))
    first = position.survivors[0]
    carrying = replace(first, goods=add(first.goods, CANISTER, CARRIED))
    position = position.with_enemy(Enemy("bh", KIND, far.at)).with_survivor(carrying)
    return replace(state, position=position, mission_card=add(state.mission_card, CANISTER, HURLED))


def position_schema() -> Any:
    """The position schema, Unknown's part of it narrowed (:func:`narrowed`), the pieces put on
    the map (:func:`on_the_map`), and the mission and task cards' counters the engine writes."""
    from engine.core.registry import PositionSchema
    from engine.positions import position_schema as schema

    whole = schema()
    return PositionSchema(whole, narrowed(whole), on_the_map, counters())


def narrowed(schema: dict[str, Any]) -> dict[str, Any]:
    """Unknown's part of the position schema, self-contained, with tile, survivor-card and
    mission names from the catalogs and the setup data, coordinates on a small board, and short
    lists (:data:`LEFT_OUT` left out)."""
    from engine.unknown.catalog import catalog, survivor_cards
    from engine.unknown.setup import setup_data

    defs = copy.deepcopy(schema["$defs"])
    defs["coord"] = {"enum": SPOTS}
    part = defs["unknown"]
    unknown = part["properties"]
    tiles = unknown["tiles"]
    tiles.update(minItems=1, maxItems=MOST_TILES)
    tile = tiles["items"]["properties"]
    tile["tile"] = {"enum": sorted(set(catalog()) - {"base"})}
    tile.pop("number")
    for key in ("tokens", "survivors", "enemies", "allies"):
        unknown[key] = {**unknown[key], "type": "array", "maxItems": MOST_PIECES}
    part["required"] = ["game", "tiles", "tokens", "survivors", "enemies", "allies"]
    survivor = unknown["survivors"]["items"]["properties"]
    survivor["card"] = {"enum": sorted(survivor_cards())}
    survivor["ap"] = {"type": "integer", "minimum": 0, "maximum": MOST_AP}
    for key in SURVIVOR_LEFT_OUT:
        survivor.pop(key)
    enemy = unknown["enemies"]["items"]["properties"]
    enemy["damage"] = {**enemy["damage"], "maximum": MOST_DAMAGE}
    unknown["mission"] = {"enum": sorted(setup_data().missions)}
    for key in LEFT_OUT:
        unknown.pop(key)
    return {**part, "$defs": defs}


def on_the_map(data: dict[str, Any]) -> dict[str, Any]:
    """A generated position with one tile per spot (the first given there) and every token and
    piece moved onto a placed tile in turn, so the map rules refuse less of it."""
    by_spot: dict[tuple[int, ...], dict[str, Any]] = {}
    for tile in data["tiles"]:
        by_spot.setdefault(tuple(tile["at"]), tile)
    tiles = list(by_spot.values())
    spots = [tile["at"] for tile in tiles]
    moved = {**data, "tiles": tiles}
    for key in ("tokens", "survivors", "enemies", "allies"):
        moved[key] = [{**row, "at": spots[i % len(spots)]} for i, row in enumerate(data[key])]
    return moved


def counters() -> tuple[tuple[str, str], ...]:
    """The counters the missions and tasks keep on their cards, each with the schema object
    they are written under (a Camaraderie reward's key names its survivor: ``yellow`` here)."""
    from engine.unknown.missions import behemoth, onslaught, water
    from engine.unknown.tasks import camaraderie, radio

    mission, task = "/$defs/mission_card", "/$defs/task_card"
    return (
        (mission, behemoth.CANISTER),
        (mission, onslaught.TOKEN),
        (mission, water.TESTED),
        (task, camaraderie.TOKEN),
        (task, radio.RADIO),
        (task, camaraderie.OWED + "yellow"),
    )
