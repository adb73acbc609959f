"""Checks on Under Falling Skies scenario files that the JSON Schema cannot express.

A scenario file (``engine/schemas/falling_skies_scenario.schema.json``) describes one board: the
city's rooms, the excavator's path, the sky, the mothership track and the other tracks. The rules
source gives no board data (PRINCIPLES §5), so these checks guard what a board must be for the
rules to apply to it: every space of the city in exactly one room, rooms a die per column can
fill (``fs.dice.one-per-column``, ``fs.multi-space.full``), a path through every space
(``fs.excavator.path``, ``fs.excavator.empty-spaces``), a sky as wide as the city, a mothership
track that ends on its skull (``fs.mothership.action.skull``).

``read_scenario_data`` reads a file, checks it against the schema and then calls
``check_scenario_data``; every problem is one :class:`~engine.core.errors.PositionError` naming
the file, the entry (``rooms[3].spaces[1]``, ``sky[4][0]``, ...) and what is wrong.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema

from engine.core.errors import PositionError
from engine.positions import check_against, parse_position_text, read_text

SCHEMA_PATH = (
    Path(__file__).resolve().parent.parent / "schemas" / "falling_skies_scenario.schema.json"
)
ICONS = "'' (none), L, R, M, X<n> (n from 1)"
AMOUNTLESS = ("none", "skull")
"""Mothership actions that carry no amount (``fs.mothership.action``)."""

Space = tuple[int, int]


# -- reading ---------------------------------------------------------------------------------------
@cache
def scenario_schema() -> dict[str, Any]:
    """The JSON Schema that documents and checks scenario files."""
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


def read_scenario_data(path: str | Path) -> dict[str, Any]:
    """Parse a scenario file (YAML, or JSON by its extension) into checked data.

    Raises ``PositionError`` for an unreadable or malformed file, a schema violation, or any
    problem ``check_scenario_data`` finds.
    """
    path = Path(path)
    source = str(path)
    data = parse_position_text(read_text(path), source, as_json=path.suffix.lower() == ".json")
    check_scenario_schema(data, source)
    check_scenario_data(data, source)
    return data


def check_scenario_schema(data: Any, source: str) -> None:
    """Check parsed data against the scenario schema; the most relevant error is reported."""
    if not isinstance(data, dict):
        raise PositionError(source, "file", "a scenario file must be a mapping with a 'game' key")
    check_against(scenario_schema(), data, source, _problem)


def _problem(error: jsonschema.ValidationError) -> str:
    """The schema's complaint in a board designer's words."""
    where = list(error.absolute_path)
    if error.validator == "additionalProperties":
        return error.message.replace("Additional properties are not allowed", "unknown key(s)")
    if error.validator == "pattern" and where and where[0] == "sky":
        return f"unknown icon {error.instance!r} (icons: {ICONS})"
    if error.validator == "enum" and where[-1:] == ["kind"]:
        kinds = ", ".join(error.validator_value)
        return f"unknown room kind {error.instance!r} (kinds: {kinds})"
    if error.validator == "enum" and where and where[0] == "mothership":
        actions = ", ".join(error.validator_value)
        return f"unknown mothership action {error.instance!r} (actions: {actions})"
    return error.message


# -- the semantic checks ---------------------------------------------------------------------------
def check_scenario_data(data: dict[str, Any], source: str) -> None:
    """Check schema-valid scenario data for what the schema cannot say.

    Raises ``PositionError(source, entry, problem)`` for the first problem found; returns
    nothing when the board is sound.
    """
    owner = _check_rooms(data, source)
    _check_coverage(data, owner, source)
    _check_path(data, source)
    _check_start(data, source)
    _check_sky(data, source)
    _check_mothership(data, source)
    _check_tracks(data, source)
    _check_cards(data, source)


def _space(value: list[int]) -> Space:
    return (value[0], value[1])


def _show(space: Space) -> str:
    return f"[{space[0]}, {space[1]}]"


def _in_city(space: Space, data: dict[str, Any]) -> bool:
    return 1 <= space[0] <= data["city_rows"] and 1 <= space[1] <= data["columns"]


def _city_size(data: dict[str, Any]) -> str:
    return f"rows 1-{data['city_rows']}, columns 1-{data['columns']}"


def _check_rooms(data: dict[str, Any], source: str) -> dict[Space, int]:
    """Unique ids; spaces inside the city, one room per space; fillable shapes; payable costs.

    Returns which room (by index) owns each space.
    """
    owner: dict[Space, int] = {}
    ids: dict[str, int] = {}
    for i, room in enumerate(data["rooms"]):
        entry = f"rooms[{i}]"
        if room["id"] in ids:
            raise PositionError(
                source,
                f"{entry}.id",
                f"room id {room['id']!r} is used twice (first by rooms[{ids[room['id']]}])",
            )
        ids[room["id"]] = i
        for k, value in enumerate(room["spaces"]):
            space = _space(value)
            if not _in_city(space, data):
                raise PositionError(
                    source,
                    f"{entry}.spaces[{k}]",
                    f"{_show(space)} is off the city ({_city_size(data)})",
                )
            if space in owner:
                other = data["rooms"][owner[space]]["id"]
                raise PositionError(
                    source,
                    f"{entry}.spaces[{k}]",
                    f"two rooms on {_show(space)}: it already belongs to room {other!r}",
                )
            owner[space] = i
        _check_room_shape(room, entry, source)
        _check_room_cost(room, entry, data, source)
    return owner


def _check_room_shape(room: dict[str, Any], entry: str, source: str) -> None:
    """A room of several spaces lies along one row, on neighbouring columns: a column takes one
    die (``fs.dice.one-per-column``) and the room needs a die on every space
    (``fs.multi-space.full``), so a room stacked in a column could never work (ledger:
    ``room-shapes``)."""
    spaces = [_space(s) for s in room["spaces"]]
    rows = {row for row, _ in spaces}
    columns = sorted(column for _, column in spaces)
    if len(rows) > 1:
        raise PositionError(
            source,
            f"{entry}.spaces",
            f"room {room['id']!r} spans rows {sorted(rows)}: a room's spaces must lie in one row "
            "(a column takes only one die, and the room needs a die on each space)",
        )
    if columns != list(range(columns[0], columns[0] + len(columns))):
        raise PositionError(
            source,
            f"{entry}.spaces",
            f"room {room['id']!r} has columns {columns}: a room's spaces must be neighbouring "
            "columns",
        )


def _check_room_cost(room: dict[str, Any], entry: str, data: dict[str, Any], source: str) -> None:
    """A cost above the energy track's maximum could never be paid (``fs.cost.pay``)."""
    cost = room.get("cost", 0)
    if cost > data["energy"]["max"]:
        raise PositionError(
            source,
            f"{entry}.cost",
            f"cost {cost} is above the energy track's maximum {data['energy']['max']}: "
            "the room could never be paid for",
        )


def _check_coverage(data: dict[str, Any], owner: dict[Space, int], source: str) -> None:
    """Every city space is in a room; a space without a room is a tunnel room
    (``fs.excavator.empty-spaces``: it still counts as a space)."""
    for row in range(1, data["city_rows"] + 1):
        for column in range(1, data["columns"] + 1):
            if (row, column) not in owner:
                raise PositionError(
                    source,
                    "rooms",
                    f"no room covers {_show((row, column))}: list a space without a room as a "
                    "tunnel room of one space",
                )


def _check_path(data: dict[str, Any], source: str) -> None:
    """The excavator's path runs through every city space once, each next to the one before
    (``fs.excavator.path``, ``fs.excavator.empty-spaces``)."""
    path = [_space(s) for s in data["excavator"]["path"]]
    seen: dict[Space, int] = {}
    for k, space in enumerate(path):
        entry = f"excavator.path[{k}]"
        if not _in_city(space, data):
            raise PositionError(
                source, entry, f"{_show(space)} leaves the city ({_city_size(data)})"
            )
        if space in seen:
            raise PositionError(
                source, entry, f"{_show(space)} is already on the path at index {seen[space]}"
            )
        if k and abs(space[0] - path[k - 1][0]) + abs(space[1] - path[k - 1][1]) != 1:
            raise PositionError(
                source,
                entry,
                f"the path jumps from {_show(path[k - 1])} to {_show(space)}: each space must be "
                "next to the one before it (no space may be skipped)",
            )
        seen[space] = k
    for row in range(1, data["city_rows"] + 1):
        for column in range(1, data["columns"] + 1):
            if (row, column) not in seen:
                raise PositionError(
                    source,
                    "excavator.path",
                    f"the path misses {_show((row, column))}: it must pass every space of the "
                    "city, empty or not",
                )


def _check_start(data: dict[str, Any], source: str) -> None:
    """The excavator starts on the path, and no room starts half excavated."""
    path = [_space(s) for s in data["excavator"]["path"]]
    start = data["excavator"]["start"]
    if start >= len(path):
        raise PositionError(
            source,
            "excavator.start",
            f"index {start} is past the end of the path (indices 0-{len(path) - 1})",
        )
    excavated = set(path[: start + 1])
    for i, room in enumerate(data["rooms"]):
        spaces = [_space(s) for s in room["spaces"]]
        dug = [s for s in spaces if s in excavated]
        if dug and len(dug) < len(spaces):
            rest = [_show(s) for s in spaces if s not in excavated]
            raise PositionError(
                source,
                "excavator.start",
                f"room {room['id']!r} (rooms[{i}]) would start half excavated: "
                f"{', '.join(_show(s) for s in dug)} excavated, {', '.join(rest)} not",
            )


def _check_sky(data: dict[str, Any], source: str) -> None:
    """Each sky row has one icon per column; no arrow points off the sky (``fs.ships.arrow``)."""
    columns = data["columns"]
    for i, row in enumerate(data["sky"]):
        if len(row) != columns:
            raise PositionError(
                source,
                f"sky[{i}]",
                f"row {i + 1} has {len(row)} icon(s); the sky is {columns} columns wide",
            )
        for k, icon in enumerate(row):
            off = (icon == "L" and k == 0) or (icon == "R" and k == columns - 1)
            if off:
                side = "left" if icon == "L" else "right"
                raise PositionError(
                    source,
                    f"sky[{i}][{k}]",
                    f"arrow {icon!r} in column {k + 1} points {side}, off the sky",
                )


def _check_mothership(data: dict[str, Any], source: str) -> None:
    """The track ends on its skull and only there (``fs.mothership.action.skull``); amounts fit
    their actions; the track is no longer than the sky it descends over."""
    track = data["mothership"]
    last = len(track) - 1
    for i, (action, amount) in enumerate(track):
        entry = f"mothership[{i}]"
        if action == "skull" and i != last:
            raise PositionError(
                source,
                entry,
                f"a skull on row {i + 1} of {len(track)}: the skull must be the track's last row "
                "(the rows after it could never be reached)",
            )
        if action in AMOUNTLESS and amount != 0:
            raise PositionError(source, entry, f"{action} takes amount 0, not {amount}")
        if action not in AMOUNTLESS and amount < 1:
            raise PositionError(source, entry, f"{action} needs an amount of at least 1")
    if track[last][0] != "skull":
        raise PositionError(
            source,
            f"mothership[{last}]",
            f"the last row is {track[last][0]!r}: the track must end on the skull",
        )
    if len(track) > len(data["sky"]):
        raise PositionError(
            source,
            "mothership",
            f"the track has {len(track)} rows but the sky only {len(data['sky'])}: the "
            "mothership descends over the sky one row at a time",
        )


def _check_tracks(data: dict[str, Any], source: str) -> None:
    """Energy starts within its track, white ships on the mothership come from the supply, and
    every die can be placed, one per column (``fs.dice.one-per-column``)."""
    energy = data["energy"]
    if energy["start"] > energy["max"]:
        raise PositionError(
            source,
            "energy.start",
            f"energy starts at {energy['start']}, above the track's maximum {energy['max']}",
        )
    ships = data["ships"]
    if ships.get("white_start", 0) > ships["white"]:
        raise PositionError(
            source,
            "ships.white_start",
            f"{ships['white_start']} white ships on the mothership, but the supply holds only "
            f"{ships['white']}",
        )
    dice = data["dice"]["grey"] + data["dice"]["white"]
    if dice == 0:
        raise PositionError(source, "dice", "no dice: a round needs at least one die")
    if dice > data["columns"]:
        raise PositionError(
            source,
            "dice",
            f"{dice} dice but only {data['columns']} columns: a column takes one die, so a die "
            "could never be placed",
        )


BOARD_KEYS = (
    "columns",
    "city_rows",
    "rooms",
    "excavator",
    "sky",
    "mothership",
    "research",
    "damage_track",
    "energy",
    "ships",
    "dice",
)
"""The entries a board built from cards must take from them (``engine.falling_skies.cards``)."""


def _check_cards(data: dict[str, Any], source: str) -> None:
    """A board that names the published cards it is built from holds what those sides compose
    (``data/cards``), so the file and the card data cannot drift apart."""
    if "cards" not in data:
        return
    from engine.falling_skies.cards import FlipRefused, cards_from_data, compose

    cards = cards_from_data(data["cards"], source)
    try:
        composed = compose(cards, data["name"])
    except FlipRefused as error:
        raise PositionError(source, "cards", str(error)) from None
    for key in BOARD_KEYS:
        if _plain(key, data[key]) != _plain(key, composed[key]):
            raise PositionError(
                source,
                key,
                f"differs from what the cards entry composes ({_cards_text(cards)}); "
                "engine/falling_skies/data/cards holds the sides",
            )


def _plain(key: str, value: Any) -> Any:
    """An entry with its defaults written out, for comparing a file with composed data."""
    if key == "rooms":
        return [
            (
                r["id"],
                r["kind"],
                [list(s) for s in r["spaces"]],
                r.get("modifier", 0),
                r.get("cost", 0),
            )
            for r in value
        ]
    if key == "ships":
        return {
            **value,
            "white_start": value.get("white_start", 0),
            "reinforcement_color": value.get("reinforcement_color", "red"),
        }
    if key == "mothership":
        return [list(row) for row in value]
    return value


def _cards_text(cards: Any) -> str:
    flipped = ", ".join(cards.flipped) or "none"
    city = f", {cards.city} side {cards.city_side}" if cards.city else ""
    return f"{cards.edition}{city}, flipped: {flipped}"
