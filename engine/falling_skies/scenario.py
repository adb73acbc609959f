"""Scenario data for Under Falling Skies: the board the rules source leaves out (PRINCIPLES §5).

The rules name the parts of the board (city rooms with modifiers and energy costs, the
excavator's path, the sky's icons, the mothership track, the research, damage and energy tracks,
the dice and the ships) but give none of their values; a scenario file supplies them. The file
format mirrors :class:`Scenario`; ``load_scenario`` checks it and names the first bad entry in a
:class:`~engine.core.errors.PositionError`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from engine.core.errors import PositionError
from engine.falling_skies.cards import (
    Cards,
    FlipRefused,
    cards_from_data,
    compose,
    flip_names,
    flipped_cards,
    flipped_name,
    parse_flipped_name,
)

DATA = Path(__file__).resolve().parent / "data"
DEFAULT_SCENARIO = DATA / "scenarios" / "pnp-easy.yaml"

ROOM_KINDS = (
    "aa_gun",
    "energy",
    "fighter",
    "research",
    "tunnel",
    "robot",
    "energy_fighter",
    "energy_robot",
    "research_fighter",
)
"""Room kinds; a combined kind (``energy_fighter``, ``energy_robot``, ``research_fighter``) gives
each of its two effects with the room's one value (published facts §1.5)."""
MOTHERSHIP_ACTIONS = ("none", "excavator", "research", "white", "damage", "skull")
SKY_ICON = re.compile(r"^(|L|R|M|X[1-9][0-9]*)$")

Space = tuple[int, int]
"""A (row, column) pair, rows counted from 1 at the top, columns from 1 at the left."""


@dataclass(frozen=True)
class Room:
    """One room of the city: its kind, the spaces it covers, its modifier and energy cost."""

    id: str
    kind: str
    spaces: tuple[Space, ...]
    modifier: int = 0
    cost: int = 0


@dataclass(frozen=True)
class Scenario:
    """Everything a game of Under Falling Skies needs that the rules do not fix."""

    name: str
    columns: int
    city_rows: int
    rooms: tuple[Room, ...]
    excavator_path: tuple[Space, ...]
    excavator_start: int
    sky: tuple[tuple[str, ...], ...]
    mothership: tuple[tuple[str, int], ...]
    research: tuple[int, ...]
    damage_track: int
    energy_max: int
    energy_start: int
    purple_ships: int
    white_ships: int
    white_start: int = 0
    grey_dice: int = 3
    white_dice: int = 2
    assumptions: tuple[str, ...] = ()
    cards: Cards | None = None
    """The published cards the board is built from (``engine.falling_skies.cards``), if any."""
    readings: tuple[tuple[str, str], ...] = ()
    """The board's edition's readings of ledger switches, ``(switch, reading)`` pairs: they
    replace the ledger's defaults, and a reading the user chooses replaces them."""

    @property
    def level(self) -> int:
        """The difficulty level: the number of cards on their other side (0 when the board is
        not built from cards)."""
        return 0 if self.cards is None else self.cards.level


def load_scenario(path: str | Path) -> Scenario:
    """Read and check a scenario file; ``PositionError`` names the file, entry and problem.

    The file is parsed and checked by :func:`~engine.falling_skies.scenario_checks.
    read_scenario_data` (the schema ``engine/schemas/falling_skies_scenario.schema.json`` and the
    board checks it cannot express), then turned into a :class:`Scenario`.
    """
    from engine.falling_skies.scenario_checks import read_scenario_data

    return scenario_from_data(read_scenario_data(path), str(path))


@cache
def default_scenario() -> Scenario:
    """The shipped default: the print-and-play easy-side board (``pnp-easy.yaml``; ledger:
    ``reinforcement-ships``, ``research-track-order``)."""
    return load_scenario(DEFAULT_SCENARIO)


def scenario_from_data(data: Any, source: str = "<data>") -> Scenario:
    """A checked :class:`Scenario` from the plain data of a scenario file."""
    reader = _Reader(source)
    if not isinstance(data, dict):
        raise PositionError(source, "file", "must be a mapping of scenario entries")
    if data.get("game") != "falling-skies":
        raise PositionError(source, "game", f"must be 'falling-skies', not {data.get('game')!r}")
    name = reader.text(data, "name")
    columns = reader.count(data, "columns", least=1)
    city_rows = reader.count(data, "city_rows", least=1)
    rooms = reader.rooms(data.get("rooms"), city_rows, columns)
    excavator = reader.mapping(data, "excavator")
    path = reader.spaces(excavator.get("path"), "excavator.path", city_rows, columns)
    if len(set(path)) != len(path):
        raise PositionError(source, "excavator.path", "visits a space twice")
    if not path:
        raise PositionError(source, "excavator.path", "must list at least one space")
    start = reader.count(excavator, "start", least=0, entry="excavator.start")
    if start >= len(path):
        raise PositionError(source, "excavator.start", f"{start} is beyond the path's end")
    sky = reader.sky(data.get("sky"), columns)
    mothership = reader.mothership(data.get("mothership"))
    research = reader.research(data.get("research"))
    skull = next(i for i, (action, _) in enumerate(mothership, start=1) if action == "skull")
    if skull > len(sky):
        raise PositionError(source, "mothership", f"its skull row {skull} is below the sky")
    energy = reader.mapping(data, "energy")
    energy_max = reader.count(energy, "max", least=1, entry="energy.max")
    energy_start = reader.count(energy, "start", least=0, entry="energy.start")
    if energy_start > energy_max:
        raise PositionError(source, "energy.start", f"{energy_start} is above the maximum")
    ships = reader.mapping(data, "ships")
    dice = reader.mapping(data, "dice")
    white_ships = reader.count(ships, "white", least=0, entry="ships.white")
    white_start = reader.count(ships, "white_start", least=0, entry="ships.white_start", default=0)
    if white_start > white_ships:
        raise PositionError(source, "ships.white_start", "exceeds the white-ship supply")
    assumptions = data.get("assumptions", [])
    if not isinstance(assumptions, list) or not all(isinstance(a, str) for a in assumptions):
        raise PositionError(source, "assumptions", "must be a list of texts")
    cards = None if data.get("cards") is None else cards_from_data(data["cards"], source)
    readings = board_readings(data.get("readings", {}), source)
    return Scenario(
        name=name,
        columns=columns,
        city_rows=city_rows,
        rooms=rooms,
        excavator_path=path,
        excavator_start=start,
        sky=sky,
        mothership=mothership,
        research=research,
        damage_track=reader.count(data, "damage_track", least=1),
        energy_max=energy_max,
        energy_start=energy_start,
        purple_ships=reader.count(ships, "purple", least=0, entry="ships.purple"),
        white_ships=white_ships,
        white_start=white_start,
        grey_dice=reader.count(dice, "grey", least=0, entry="dice.grey"),
        white_dice=reader.count(dice, "white", least=0, entry="dice.white"),
        assumptions=tuple(assumptions),
        cards=cards,
        readings=readings,
    )


def board_readings(value: Any, source: str) -> tuple[tuple[str, str], ...]:
    """A scenario's ``readings`` entry, each a switch of the ledger and one of its readings."""
    from engine.falling_skies.ruleset import DEFAULT

    if not isinstance(value, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in value.items()
    ):
        raise PositionError(source, "readings", "must map switches to readings")
    try:
        DEFAULT.with_readings(**value)
    except ValueError as error:
        raise PositionError(source, "readings", str(error)) from None
    return tuple(sorted(value.items()))


def board_ruleset(
    scenario: Scenario, ruleset: Any, chosen: frozenset[str] | set[str] = frozenset()
) -> Any:
    """``ruleset`` with the board's readings (``Scenario.readings``) for every switch the user
    did not choose: a switch named in ``chosen`` (the user's ``--reading``s) or holding another
    reading than the ledger's default keeps the user's reading."""
    from engine.falling_skies.ruleset import DEFAULT

    def users(switch: str) -> bool:
        field = switch.replace("-", "_")
        return switch in chosen or getattr(ruleset, field) != getattr(DEFAULT, field)

    changes = {switch: reading for switch, reading in scenario.readings if not users(switch)}
    return ruleset.with_readings(**changes) if changes else ruleset


class _Reader:
    """Checks for one file's entries; each failure is one ``PositionError`` line."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, entry: str, problem: str) -> PositionError:
        return PositionError(self.source, entry, problem)

    def text(self, data: dict, key: str) -> str:
        value = data.get(key)
        if not isinstance(value, str) or not value:
            raise self.fail(key, "must be a non-empty text")
        return value

    def count(
        self, data: dict, key: str, *, least: int, entry: str | None = None, default: Any = None
    ) -> int:
        value = data.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise self.fail(entry or key, f"must be a whole number of at least {least}")
        return value

    def mapping(self, data: dict, key: str) -> dict:
        value = data.get(key)
        if not isinstance(value, dict):
            raise self.fail(key, "must be a mapping")
        return value

    def space(self, value: Any, entry: str, rows: int, columns: int) -> Space:
        if (
            not isinstance(value, list | tuple)
            or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        ):
            raise self.fail(entry, f"{value!r} is not a [row, column] pair")
        row, column = value
        if not (1 <= row <= rows and 1 <= column <= columns):
            raise self.fail(entry, f"[{row}, {column}] is outside the {rows}x{columns} city")
        return (row, column)

    def spaces(self, value: Any, entry: str, rows: int, columns: int) -> tuple[Space, ...]:
        if not isinstance(value, list):
            raise self.fail(entry, "must be a list of [row, column] pairs")
        return tuple(self.space(v, f"{entry}[{i}]", rows, columns) for i, v in enumerate(value))

    def rooms(self, value: Any, rows: int, columns: int) -> tuple[Room, ...]:
        if not isinstance(value, list):
            raise self.fail("rooms", "must be a list of rooms")
        rooms: list[Room] = []
        taken: dict[Space, str] = {}
        for i, row in enumerate(value):
            entry = f"rooms[{i}]"
            if not isinstance(row, dict):
                raise self.fail(entry, "must be a mapping")
            room_id = row.get("id")
            if not isinstance(room_id, str) or not room_id:
                raise self.fail(f"{entry}.id", "must be a non-empty text")
            entry = f"rooms.{room_id}"
            if any(r.id == room_id for r in rooms):
                raise self.fail(entry, "appears twice")
            if room_id == "excavator":
                raise self.fail(entry, "'excavator' is reserved for the digging die")
            kind = row.get("kind")
            if kind not in ROOM_KINDS:
                raise self.fail(f"{entry}.kind", f"{kind!r} is not one of {', '.join(ROOM_KINDS)}")
            spaces = self.spaces(row.get("spaces"), f"{entry}.spaces", rows, columns)
            if not spaces:
                raise self.fail(f"{entry}.spaces", "must list at least one space")
            for space in spaces:
                if space in taken:
                    raise self.fail(f"{entry}.spaces", f"{list(space)} is in {taken[space]} too")
                taken[space] = room_id
            modifier = row.get("modifier", 0)
            cost = row.get("cost", 0)
            if isinstance(modifier, bool) or not isinstance(modifier, int):
                raise self.fail(f"{entry}.modifier", "must be a whole number")
            if isinstance(cost, bool) or not isinstance(cost, int) or cost < 0:
                raise self.fail(f"{entry}.cost", "must be a whole number of at least 0")
            rooms.append(Room(room_id, kind, spaces, modifier, cost))
        return tuple(rooms)

    def sky(self, value: Any, columns: int) -> tuple[tuple[str, ...], ...]:
        if not isinstance(value, list) or not value:
            raise self.fail("sky", "must be a list of rows")
        rows: list[tuple[str, ...]] = []
        for i, row in enumerate(value, start=1):
            if not isinstance(row, list) or len(row) != columns:
                raise self.fail(f"sky[{i}]", f"must list {columns} icons")
            for icon in row:
                if not isinstance(icon, str) or not SKY_ICON.match(icon):
                    raise self.fail(f"sky[{i}]", f"{icon!r} is not an icon ('', L, R, M, X<n>)")
            rows.append(tuple(row))
        return tuple(rows)

    def mothership(self, value: Any) -> tuple[tuple[str, int], ...]:
        if not isinstance(value, list) or not value:
            raise self.fail("mothership", "must be a list of [action, amount] rows")
        track: list[tuple[str, int]] = []
        for i, row in enumerate(value, start=1):
            entry = f"mothership[{i}]"
            if not isinstance(row, list | tuple) or len(row) != 2:
                raise self.fail(entry, "must be an [action, amount] pair")
            action, amount = row
            if action not in MOTHERSHIP_ACTIONS:
                raise self.fail(entry, f"{action!r} is not one of {', '.join(MOTHERSHIP_ACTIONS)}")
            if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
                raise self.fail(entry, "the amount must be a whole number of at least 0")
            track.append((action, amount))
        if track[0][0] == "skull":
            raise self.fail("mothership[1]", "the mothership cannot start on the skull")
        if not any(action == "skull" for action, _ in track):
            raise self.fail("mothership", "needs a skull row (the defeat the rules name)")
        return tuple(track)

    def research(self, value: Any) -> tuple[int, ...]:
        if not isinstance(value, list) or not value:
            raise self.fail("research", "must list the requirement of every step")
        for i, need in enumerate(value, start=1):
            if isinstance(need, bool) or not isinstance(need, int) or need < 0:
                raise self.fail(f"research[{i}]", "must be a whole number of at least 0")
        return tuple(value)


# -- boards built from cards ---------------------------------------------------------------------
def composed_scenario(cards: Cards, name: str, source: str) -> Scenario:
    """The board ``cards`` builds, checked like a scenario file (schema and board checks)."""
    from engine.falling_skies.scenario_checks import check_scenario_data, check_scenario_schema

    data = compose(cards, name)
    check_scenario_schema(data, source)
    check_scenario_data(data, source)
    return scenario_from_data(data, source)


def cards_of(scenario: Scenario) -> Cards | None:
    """The cards a board is built from: its ``cards`` entry, or, for a board without one that
    holds exactly the print-and-play easy sides (the shipped default), all eight cards on
    their easy side; None for any other board."""
    if scenario.cards is not None:
        return scenario.cards
    easy = _easy_pnp_board()
    same = all(getattr(scenario, f) == getattr(easy, f) for f in BOARD_FIELDS)
    return easy.cards if same else None


BOARD_FIELDS = (
    "columns",
    "city_rows",
    "rooms",
    "excavator_path",
    "excavator_start",
    "sky",
    "mothership",
    "research",
    "damage_track",
    "energy_max",
    "energy_start",
    "purple_ships",
    "white_ships",
    "white_start",
    "grey_dice",
    "white_dice",
)
"""The fields that make a board (its name, assumptions and readings aside)."""


@cache
def _easy_pnp_board() -> Scenario:
    return composed_scenario(Cards("pnp"), "pnp-easy", "the print-and-play easy cards")


def flip_scenario(scenario: Scenario, names: list[str] | tuple[str, ...]) -> Scenario:
    """``scenario`` with the cards ``names`` flipped too, one level each (published facts
    §1.10, §3.1); ``FlipRefused`` names a card the board cannot flip."""
    built = cards_of(scenario)
    if built is None:
        raise FlipRefused(f"{scenario.name} is not built from the published cards: nothing to flip")
    cards = flipped_cards(built, flip_names(built, names))
    parsed = parse_flipped_name(scenario.name)
    base = scenario.name if parsed is None else parsed[0]
    name = flipped_name(base, cards) if cards.flipped else base
    return composed_scenario(cards, name, name)


def flipped_scenario_named(name: str, source: str) -> Scenario | None:
    """The board a flipped board's name (``pnp-easy-level-2-sky2-base1``) names: the shipped
    scenario before ``-level-`` with the cards after it flipped; None for any other name."""
    parsed = parse_flipped_name(name)
    if parsed is None:
        return None
    base, level, names = parsed
    path = DATA / "scenarios" / f"{base}.yaml"
    if not path.is_file():
        raise PositionError(source, "scenario", f"{name!r}: no shipped scenario {base!r} to flip")
    if level != len(names):
        raise PositionError(
            source, "scenario", f"{name!r}: level {level} but {len(names)} card(s) named"
        )
    scenario = load_scenario(path)
    built = cards_of(scenario)
    done = () if built is None else built.flipped
    try:
        return flip_scenario(scenario, [n for n in names if n not in done])
    except FlipRefused as error:
        raise PositionError(source, "scenario", f"{name!r}: {error}") from None
