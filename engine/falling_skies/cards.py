"""The published game's cards and tiles, each side as data, and boards built from a choice of sides.

The print-and-play (PnP) game is nine cards; eight of them have a difficult side, and each card
flipped to it is one difficulty level (published facts §1.10). The boxed game builds its board
from a city tile, two base tiles, four double-sided sky tiles and white ships (§3). The sides
live in ``data/cards/<edition>/*.yaml`` (``data/cards/README.md`` describes them); this module
composes a scenario's plain data from them, so the result goes through the same schema and
board checks as a scenario file (``scenario_checks.check_scenario_data``).

A scenario built from cards says so in its ``cards`` entry (edition, the cards flipped, and for
the boxed game the city and its side). A board with cards flipped on top of a shipped scenario is
named ``<scenario>-level-<n>-<card>-<card>...`` (``pnp-easy-level-2-sky2-base1``), so a position
file naming it reads back the same board.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from random import Random
from typing import Any

from engine.core.errors import PositionError, did_you_mean
from engine.core.textfiles import read_yaml, yaml_flow

CARDS = Path(__file__).resolve().parent / "data" / "cards"
EDITIONS = ("pnp", "boxed")

PNP_CARDS = ("mothership", "sky1", "sky2", "sky3", "sky4", "base1", "base2", "research")
"""The eight print-and-play cards with a difficult side, in the order a board name lists them."""
PNP_SKY = ("sky1", "sky2", "sky3", "sky4")
PNP_TRACK = ("sky1", "sky2", "sky3")
"""The sky cards whose left margin carries the mothership track (§1.7), top card first."""

BOXED_TILES = ("tile1", "tile2", "tile3", "tile4")
"""The boxed game's sky tiles, the lowest (nearest the city) first; the flippable boxed parts."""
BOXED_CITIES = ("roswell", "washington", "new-york")

LEVEL = re.compile(r"^(?P<base>.+?)-level-(?P<level>[0-9]+)-(?P<cards>[a-z0-9]+(?:-[a-z0-9]+)*)$")

COLUMNS = 5
CITY_ROWS = 6


@dataclass(frozen=True)
class Cards:
    """Which sides a board is built from: the edition, the cards on their other side (PnP:
    the difficult side; boxed: sky tiles on side b), and for the boxed game the city tile."""

    edition: str
    flipped: tuple[str, ...] = ()
    city: str = ""
    city_side: str = "a"

    @property
    def level(self) -> int:
        """The difficulty level: one per card flipped (§1.10; boxed: §3.1)."""
        return len(self.flipped)

    def flippable(self) -> tuple[str, ...]:
        """The cards this edition lets a player flip, in board-name order."""
        return PNP_CARDS if self.edition == "pnp" else BOXED_TILES

    def data(self) -> dict[str, Any]:
        """The ``cards`` entry of a scenario file."""
        entry: dict[str, Any] = {"edition": self.edition}
        if self.flipped:
            entry["flipped"] = list(self.flipped)
        if self.edition == "boxed":
            entry["city"] = self.city
            entry["city_side"] = self.city_side
        return entry


class FlipRefused(ValueError):
    """A flip that cannot be made: the card named and why (one line, with a did-you-mean)."""


# -- the card files --------------------------------------------------------------------------------
@cache
def card(edition: str, name: str) -> dict[str, Any]:
    """One card file's data (``data/cards/<edition>/<name>.yaml``)."""
    path = CARDS / edition / f"{name}.yaml"
    return read_yaml(path)


def side(edition: str, name: str, which: str) -> dict[str, Any]:
    """One side of a card: PnP ``easy``/``hard``; boxed sky tiles ``a``/``b``, base tiles
    ``top``/``bottom``."""
    return card(edition, name)[which]


def uncertain(edition: str, name: str, which: str) -> list[dict[str, Any]]:
    """The values of one side the sources leave open, each with its reading and alternatives."""
    return list(side(edition, name, which).get("uncertain", []))


# -- composing --------------------------------------------------------------------------------------
def compose(cards: Cards, name: str) -> dict[str, Any]:
    """The plain data of a scenario built from ``cards`` (not yet checked)."""
    if cards.edition == "pnp":
        return pnp_board(cards.flipped, name)
    return boxed_board(cards, name)


def _snake_path(rows: int = CITY_ROWS, columns: int = COLUMNS) -> list[list[int]]:
    """The excavator's path: row 1 right to left, row 2 left to right, and so on (§1.6:
    every public implementation numbers the city this way)."""
    path: list[list[int]] = []
    for row in range(1, rows + 1):
        order = range(columns, 0, -1) if row % 2 else range(1, columns + 1)
        path += [[row, column] for column in order]
    return path


def _track_to_skull(rows: Iterable[list]) -> list[list]:
    """The mothership track up to its skull (rows printed under it are never reached)."""
    track: list[list] = []
    for action, amount in rows:
        track.append([action, amount])
        if action == "skull":
            break
    return track


def _path_index(path: list[list[int]], space: list[int]) -> int:
    return path.index(list(space))


def pnp_board(flipped: Sequence[str], name: str) -> dict[str, Any]:
    """A print-and-play board: each of the eight cards on its difficult side when ``flipped``
    names it, else on its easy side (§1.10, §2). The ninth card (the round summary) has no
    board data; the components (5 purple and 2 red ships, 3 grey and 2 white dice) are fixed."""

    def chosen(card_name: str) -> dict[str, Any]:
        return side("pnp", card_name, "hard" if card_name in flipped else "easy")

    sky = [row for card_name in PNP_SKY for row in chosen(card_name)["sky"]]
    track = _track_to_skull(row for c in PNP_TRACK for row in chosen(c)["mothership"])
    base1, base2, lab = chosen("base1"), chosen("base2"), chosen("research")
    path = _snake_path()
    return {
        "game": "falling-skies",
        "name": name,
        "columns": COLUMNS,
        "city_rows": CITY_ROWS,
        "rooms": [dict(room) for room in base1["rooms"] + base2["rooms"]],
        "excavator": {"path": path, "start": _path_index(path, base1["excavator_start"])},
        "sky": sky,
        "mothership": track,
        "research": list(lab["research"]),
        "damage_track": base1["damage"] + base2["damage"],
        "energy": dict(lab["energy"]),
        "ships": {"purple": 5, "white": 2, "white_start": 0},
        "dice": {"grey": 3, "white": 2},
        "cards": Cards("pnp", tuple(c for c in PNP_CARDS if c in flipped)).data(),
        "assumptions": pnp_assumptions(flipped),
    }


def pnp_assumptions(flipped: Sequence[str]) -> list[str]:
    """What a composed print-and-play board takes on trust, one sentence each."""
    notes = [
        "Board: the print-and-play cards, each on the side named by the cards entry; easy sides "
        "from the board file (three sources agree), difficult sides from one public "
        "implementation (AJW), so every difficult value is single-source.",
        "Excavator path: row 1 right to left, row 2 left to right, and so on; the excavator "
        "starts on the space base card 1 prints (easy: row 3 column 5; difficult: row 2 "
        "column 5).",
        "Damage track: the spaces on the two base cards' strips before the skull (easy 2 + 2).",
        "Mothership track: the left margins of sky cards 1-3, read as the mothership enters "
        "each row; rows under the skull are left out.",
        "Ships: 5 purple (green) ships and a supply of 2 white (red reinforcement) ships; dice: "
        "3 grey (black) and 2 white.",
    ]
    for card_name in PNP_CARDS:
        if card_name in flipped:
            for entry in uncertain("pnp", card_name, "hard"):
                notes.append(f"{card_name} difficult side, {entry['entry']}: {entry['reading']}.")
    return notes


def boxed_board(cards: Cards, name: str) -> dict[str, Any]:
    """A boxed-game board (§3): the city's base tiles under five AA guns, the four sky tiles
    (side b where ``cards.flipped`` names them), the research track climbing from the city's
    extra spaces through tiles 1-4, the mothership track down tiles 4, 3, 2."""
    cities = card("boxed", "cities")["cities"]
    city = cities[cards.city]
    city_side = city[cards.city_side]
    if city_side["ability"] != "none":
        raise FlipRefused(
            f"{cards.city} side {cards.city_side}'s ability ({city_side['ability']}) is not "
            "played by the engine: no board is built on it"
        )
    top = side("boxed", city["top"], "top")
    bottom = side("boxed", city["bottom"], "bottom")

    def tile(tile_name: str) -> dict[str, Any]:
        return side("boxed", tile_name, "b" if tile_name in cards.flipped else "a")

    high_first = list(reversed(BOXED_TILES))
    sky = [row for t in high_first for row in tile(t)["sky"]]
    track = _track_to_skull(row for t in high_first for row in tile(t)["mothership"])
    research = list(city_side["research"])
    for t in BOXED_TILES:
        research += tile(t)["research"]
    path = _snake_path()
    aa_guns = [
        {"id": f"r1c{c}", "kind": "aa_gun", "spaces": [[1, c]], "modifier": -1}
        for c in range(1, COLUMNS + 1)
    ]
    return {
        "game": "falling-skies",
        "name": name,
        "columns": COLUMNS,
        "city_rows": CITY_ROWS,
        "rooms": aa_guns + [dict(room) for room in top["rooms"] + bottom["rooms"]],
        "excavator": {"path": path, "start": _path_index(path, top["excavator_start"])},
        "sky": sky,
        "mothership": track,
        "research": research,
        "damage_track": top["damage"] + bottom["damage"] - 1,
        "energy": {"max": top["energy"] + bottom["energy"], "start": top["energy_start"]},
        "ships": {"purple": 5, "white": 4, "white_start": 0, "reinforcement_color": "white"},
        "dice": {"grey": 3, "white": 2},
        "cards": cards.data(),
        "readings": dict(BOXED_READINGS),
        "assumptions": boxed_assumptions(cards, city),
    }


BOXED_READINGS = (("white-shot-down", "leaves-game"),)
"""The boxed game's rules where a switch's readings differ (§3.5: a white ship leaves the game
only when it is shot down; FAQ)."""


def boxed_assumptions(cards: Cards, city: dict[str, Any]) -> list[str]:
    """What a composed boxed-game board takes on trust, one sentence each."""
    notes = [
        f"Board: the boxed game's {cards.city} city (side {cards.city_side}), base tile "
        f"{city['top'][-1].upper()} on top and {city['bottom'][-1].upper()} below, sky tiles 1-4 "
        "on side a except those the cards entry flips to side b; two boxed-game implementations "
        "(AJM, CZA) agree on every cell except the disputed ones listed here.",
        "Sky: tile 4 at the top down to tile 1 over the city, 16 rows; research climbs the "
        "city's extra spaces, then tiles 1 to 4 (the last value is the final step); the "
        "mothership track runs down the right edge of tiles 4, 3 and 2.",
        "Energy: the track parts of the two base tiles added (Roswell 4 + 3 = 7); the start "
        "from one implementation (CZA).",
        "Damage track: the parts of the two base tiles added, the last space counted being the "
        "skull (Roswell 4 + 4 = 8: seven hits, the eighth loses; ledger noted "
        "`boxed-damage-track`).",
        "Ships: 5 purple ships and a supply of 4 white ships; dice: 3 grey and 2 white. The "
        "rulebook puts one purple ship on each of the five drop points; the engine's set-up "
        "launches them (ledger noted `setup-first-launch`), and where the mothership starts is "
        "not settled by the sources (ledger noted `mothership-start-row`).",
        "Readings: the boxed game's rules where a switch's readings differ, in the readings "
        "entry (a white ship shot down leaves the game, as the publisher's FAQ says); a "
        "--reading given on the command line replaces them.",
    ]
    for part, which in ((city["top"], "top"), (city["bottom"], "bottom")):
        for entry in uncertain("boxed", part, which):
            notes.append(f"{part} {which}, {entry['entry']}: {entry['reading']}.")
    for t in BOXED_TILES:
        for entry in uncertain("boxed", t, "b" if t in cards.flipped else "a"):
            notes.append(
                f"{t} side {'b' if t in cards.flipped else 'a'}, {entry['entry']}: "
                f"{entry['reading']}."
            )
    return notes


# -- flipping ---------------------------------------------------------------------------------------
def flip_names(cards: Cards, words: Sequence[str]) -> tuple[str, ...]:
    """The cards ``words`` name, checked: each a flippable card of the edition, not already
    flipped, none twice (``FlipRefused`` with a did-you-mean otherwise)."""
    names: list[str] = []
    allowed = cards.flippable()
    for word in words:
        name = word.strip().lower()
        if name not in allowed:
            raise FlipRefused(
                f"no {cards.edition} card {word.strip()!r}{did_you_mean(name, allowed)} "
                f"(cards: {', '.join(allowed)})"
            )
        if name in cards.flipped or name in names:
            raise FlipRefused(f"{name} is flipped already")
        names.append(name)
    return tuple(names)


def flipped_cards(cards: Cards, names: Sequence[str]) -> Cards:
    """``cards`` with ``names`` flipped too, in board-name order."""
    every = set(cards.flipped) | set(names)
    return Cards(
        cards.edition,
        tuple(c for c in cards.flippable() if c in every),
        cards.city,
        cards.city_side,
    )


def random_flips(cards: Cards, level: int, seed: int) -> tuple[str, ...]:
    """``level`` cards not yet flipped, chosen at random from ``seed`` (boxed: normal difficulty
    is one sky tile at random, §3.1; PnP: the player's free choice, drawn here)."""
    left = [c for c in cards.flippable() if c not in cards.flipped]
    if not 0 <= level <= len(left):
        raise FlipRefused(f"level {level}: {len(left)} card(s) of this board can still be flipped")
    return tuple(Random(seed).sample(left, level))


def flipped_name(base: str, cards: Cards) -> str:
    """The name of a shipped board with more cards flipped: ``<base>-level-<n>-<cards>``."""
    return f"{base}-level-{cards.level}-{'-'.join(cards.flipped)}"


def parse_flipped_name(name: str) -> tuple[str, int, tuple[str, ...]] | None:
    """``(base, level, cards)`` of a flipped board's name, or None for any other name."""
    match = LEVEL.match(name)
    if match is None:
        return None
    return match["base"], int(match["level"]), tuple(match["cards"].split("-"))


def cards_from_data(value: Any, source: str) -> Cards:
    """A scenario file's ``cards`` entry, checked (``PositionError`` names the bad part)."""
    if not isinstance(value, dict):
        raise PositionError(source, "cards", "must be a mapping")
    edition = value.get("edition")
    if edition not in EDITIONS:
        raise PositionError(source, "cards.edition", f"{edition!r} is not one of pnp, boxed")
    city, city_side = value.get("city", ""), value.get("city_side", "a")
    if edition == "boxed":
        if city not in BOXED_CITIES:
            hint = did_you_mean(str(city), BOXED_CITIES)
            raise PositionError(source, "cards.city", f"no city {city!r}{hint}")
        if city_side not in ("a", "b"):
            raise PositionError(source, "cards.city_side", f"{city_side!r} is not a or b")
    base = Cards(edition, (), city, city_side)
    flipped = value.get("flipped", [])
    if not isinstance(flipped, list):
        raise PositionError(source, "cards.flipped", "must be a list of card names")
    try:
        names = flip_names(base, [str(f) for f in flipped])
    except FlipRefused as error:
        raise PositionError(source, "cards.flipped", str(error)) from None
    return flipped_cards(base, names)


# -- shipped boards as text -------------------------------------------------------------------------
def board_text(data: dict[str, Any], header: Sequence[str]) -> str:
    """A composed board as the text of a scenario file: ``header`` lines as comments, one room,
    sky row and track row a line, each assumption a folded paragraph (how the shipped composed
    boards were written)."""
    lines = [f"# {line}".rstrip() for line in header]
    for key, value in data.items():
        if key == "assumptions":
            lines.append("assumptions:")
            for note in value:
                lines.append("  - >-")
                lines += [f"    {part}" for part in textwrap.wrap(note, 94)]
        elif key in ("rooms", "sky", "mothership"):
            lines.append(f"{key}:")
            lines += [f"  - {yaml_flow(item)}" for item in value]
        elif key == "excavator":
            lines.append("excavator:")
            lines.append(f"  path: {yaml_flow(value['path'])}")
            lines.append(f"  start: {value['start']}")
        else:
            lines.append(f"{key}: {yaml_flow(value)}")
    return "\n".join(lines) + "\n"
