"""An Unknown map drawn as SVG, laid out like the rulebook's figures: north at the top.

Each explored tile is a square at its grid spot (x grows east, y grows north), tinted by its
catalog type, with its name, its marks, its token stacks and the pieces standing on it.
The marks are the engine's own tests, so the drawing shows what the rules see:
impassable (``unknown.tile.impassable``, ``unknown.barrier.impassable``,
``unknown.hazard.blaze.token-impassable``) is a grey cross over the tile, fortified
(``unknown.tile.fortified``) a heavy inner border, cleared (flipped over) a dashed border.
Survivors are coloured circles, enemies dark red shapes (one shape per kind), allies green
squares. Every group carries a class and ``data-*`` attributes a test or a page can find:
``tile`` (``data-at="x,y"``), ``token``, ``survivor``, ``enemy``, ``ally``.
"""

from __future__ import annotations

import math

from engine.core.svg import Canvas, cut, document
from engine.unknown.catalog import catalog, enemy_kinds
from engine.unknown.map import is_passable
from engine.unknown.map.board import is_fortified
from engine.unknown.position import Ally, Coord, Enemy, Survivor, UnknownPosition

GAME = "unknown"
CELL = 124
"""Width of a tile square; a tile's height grows when its tokens and pieces need more room."""
MIN_HEIGHT = 124
LEFT, TOP = 34, 62
"""Room for the y numbers at the left, and for the heading and the x numbers at the top."""
CHIP_W, CHIP_H, CHIPS_PER_ROW = 36, 16, 3
PIECE_LINE = 17

TOKENS: dict[str, tuple[str, str]] = {
    "barrier": ("B", "#6d6d6d"),
    "blaze": ("Z", "#e4572e"),
    "trap": ("T", "#8d6e63"),
    "ammo": ("A", "#b08900"),
    "food": ("F", "#5b9a3c"),
    "medicine": ("M", "#d6336c"),
    "scrap": ("S", "#607d8b"),
    "armor": ("R", "#455a9c"),
    "mission": ("N", "#7b4fa0"),
    "task": ("K", "#2f7f7f"),
    "canister": ("Cn", "#9c6b2f"),
    "refugee": ("Rf", "#3c7a9a"),
    "plant": ("Pl", "#4e8f2f"),
    "specimen": ("Sp", "#8a5a9e"),
    "fence": ("Fe", "#7a6a4f"),
    "radio": ("Ra", "#3f6f9f"),
    "console": ("Co", "#506070"),
    "outpost": ("Op", "#6f5f3f"),
    "water_source": ("Ws", "#2f7fbf"),
    "lair": ("L", "#8f3f3f"),
    "hunter_trap": ("HT", "#6f4f2f"),
    "regrowth": ("Rg", "#3f8f5f"),
}
"""Token kinds: the letters written on a chip (then the count), and the chip's colour."""

TILE_FILL = {
    "base": "#f6d98e",
    "starting": "#f1e9d6",
    "hazard": "#f4cbbd",
    "enemy": "#e8c8dc",
    "elite_enemy": "#dcb4cf",
    "objective": "#cfe2f1",
}
"""Tile squares tinted by catalog type, so lairs, hazards and objectives stand apart."""

SURVIVOR_COLOURS = {
    "yellow": "#f2c200",
    "red": "#d93025",
    "blue": "#1f6fd1",
    "green": "#2e9e44",
    "purple": "#8e44ad",
    "orange": "#f08a24",
    "white": "#fafafa",
    "black": "#222222",
    "pink": "#e86aa6",
    "brown": "#8d5a2b",
    "grey": "#9e9e9e",
    "gray": "#9e9e9e",
    "teal": "#138d90",
}
"""A survivor whose id names a colour is drawn in it; others take the palette in id order."""
PALETTE = ("#f2c200", "#d93025", "#1f6fd1", "#2e9e44", "#8e44ad", "#f08a24", "#138d90")

ENEMY_SIDES = {
    "animal": 3,
    "beast": 4,
    "brute": -4,
    "stranger": 5,
    "monster": 6,
    "devourer": -5,
    "behemoth": 8,
    "mission_behemoth": 8,
}
"""Enemy shapes: n sides of a regular polygon (a negative n: an n-pointed star; a 4-gon is a
diamond, -4 a square)."""
ENEMY_FILL = "#8e1b1b"


def draw_unknown(position: UnknownPosition, *, title: str = "") -> str:
    """The SVG drawing of an Unknown map (a state's map is its ``position``)."""
    heading = title or "Unknown map"
    if not position.tiles:
        return _empty(heading)
    layout = _Layout(position)
    canvas = Canvas()
    canvas.text(LEFT, 20, cut(heading, 90), size=14, font_weight="bold")
    canvas.text(
        LEFT,
        38,
        f"{len(position.tiles)} tiles, {len(position.survivors)} survivors, "
        f"{len(position.enemies)} enemies; north is up, x grows east, y grows north",
        size=11,
        fill="#444444",
    )
    _axes(canvas, layout)
    for spot in layout.empty_spots():
        canvas.open("empty", data_at=f"{spot[0]},{spot[1]}")
        x, y = layout.corner(spot)
        canvas.rect(
            x + 2,
            y + 2,
            CELL - 4,
            layout.height - 4,
            fill="none",
            stroke="#d0d0d0",
            stroke_dasharray="2 4",
        )
        canvas.close()
    colours = survivor_colours(position)
    for placed in position.tiles:
        _tile(canvas, position, placed.at, layout, colours)
    bottom = _legend(canvas, position, layout.bottom + 34, colours)
    summary = _summary(position)
    return document(canvas, layout.width, bottom + 12, GAME, heading, summary)


class _Layout:
    """Where the grid's spots fall on the page."""

    def __init__(self, position: UnknownPosition) -> None:
        xs = [t.at[0] for t in position.tiles]
        ys = [t.at[1] for t in position.tiles]
        self.xs = range(min(xs), max(xs) + 1)
        self.ys = range(max(ys), min(ys) - 1, -1)
        self.placed = set(position.tile_at)
        self.height = max([MIN_HEIGHT, *(_needed_height(position, at) for at in position.tile_at)])
        self.grid_right = LEFT + CELL * len(self.xs)
        self.bottom = TOP + self.height * len(self.ys)
        self.width = max(self.grid_right + 34, 560)

    def corner(self, at: Coord) -> tuple[int, int]:
        """The top-left corner of the square for ``at``."""
        return (
            LEFT + CELL * (at[0] - self.xs.start),
            TOP + self.height * (self.ys.start - at[1]),
        )

    def empty_spots(self) -> list[Coord]:
        """Grid spots inside the map's bounds with no tile placed."""
        return [(x, y) for y in self.ys for x in self.xs if (x, y) not in self.placed]


def _needed_height(position: UnknownPosition, at: Coord) -> int:
    """The height a tile's name, marks, chips and piece lines take."""
    chips = len(position.tokens_at.get(at, {}))
    pieces = (
        len(position.survivors_at(at)) + len(position.enemies_at(at)) + len(position.allies_at(at))
    )
    rows = math.ceil(chips / CHIPS_PER_ROW)
    return 40 + rows * (CHIP_H + 4) + pieces * PIECE_LINE + 8


def _axes(canvas: Canvas, layout: _Layout) -> None:
    """x numbers above and below the grid, y numbers at its left."""
    canvas.open("axes")
    for x in layout.xs:
        cx = LEFT + CELL * (x - layout.xs.start) + CELL / 2
        canvas.text(cx, TOP - 6, f"x={x}", size=11, anchor="middle", fill="#555555")
        canvas.text(cx, layout.bottom + 16, f"x={x}", size=11, anchor="middle", fill="#555555")
    for y in layout.ys:
        cy = TOP + layout.height * (layout.ys.start - y) + layout.height / 2
        canvas.text(LEFT - 6, cy + 4, f"y={y}", size=11, anchor="end", fill="#555555")
    canvas.close()


def _marks(position: UnknownPosition, at: Coord) -> list[str]:
    """The tile's marks, as the engine tests them."""
    placed = position.tile_at[at]
    marks = []
    if not is_passable(position, at):
        marks.append("impassable")
    if is_fortified(position, at):
        marks.append("fortified")
    if placed.cleared:
        marks.append("cleared")
    return marks


def _tile(
    canvas: Canvas,
    position: UnknownPosition,
    at: Coord,
    layout: _Layout,
    colours: dict[str, str],
) -> None:
    """One explored tile: square, marks, name, token chips, then one line per piece."""
    placed = position.tile_at[at]
    kind = catalog().get(placed.tile)
    marks = _marks(position, at)
    x, y = layout.corner(at)
    h = layout.height
    number = f" #{placed.number}" if placed.number is not None else ""
    tooltip = f"{placed.tile}{number} at [{at[0]}, {at[1]}]" + (
        f" ({', '.join(marks)})" if marks else ""
    )
    canvas.open(
        "tile",
        tooltip,
        data_at=f"{at[0]},{at[1]}",
        data_tile=placed.tile,
        data_marks=" ".join(marks) or None,
    )
    fill = TILE_FILL.get(kind.type if kind else "", "#eeeeee")
    dashed = "6 4" if placed.cleared else None
    canvas.rect(
        x + 2,
        y + 2,
        CELL - 4,
        h - 4,
        fill=fill,
        stroke="#5a5a5a",
        stroke_width=2.5 if placed.cleared else 1.5,
        stroke_dasharray=dashed,
    )
    if "impassable" in marks:
        canvas.line(x + 6, y + 6, x + CELL - 6, y + h - 6, stroke="#9a9a9a", stroke_width=3)
        canvas.line(x + CELL - 6, y + 6, x + 6, y + h - 6, stroke="#9a9a9a", stroke_width=3)
    if "fortified" in marks:
        canvas.rect(x + 6, y + 6, CELL - 12, h - 12, fill="none", stroke="#2b4c7e", stroke_width=3)
    canvas.text(x + 9, y + 19, cut(placed.tile + number, 17), size=12, font_weight="bold")
    if marks:
        canvas.text(x + 9, y + 33, " \u00b7 ".join(marks), size=9.5, fill="#333333")
    row_y = _chips(canvas, position, at, x + 8, y + 40)
    _pieces(canvas, position, at, x + 8, row_y, colours)
    canvas.close()


def _chips(canvas: Canvas, position: UnknownPosition, at: Coord, x: float, y: float) -> float:
    """The token stacks on a tile as chips (letters then count); returns the next free y."""
    kinds = sorted(position.tokens_at.get(at, {}).items())
    for n, (kind, count) in enumerate(kinds):
        cx = x + (n % CHIPS_PER_ROW) * (CHIP_W + 2)
        cy = y + (n // CHIPS_PER_ROW) * (CHIP_H + 4)
        letters, fill = TOKENS.get(kind, (kind[:2].title(), "#777777"))
        canvas.open("token", f"{count} {kind} token(s)", data_kind=kind, data_count=str(count))
        canvas.rect(cx, cy, CHIP_W, CHIP_H, rx=4, fill=fill, stroke="#222222", stroke_width=0.8)
        canvas.text(
            cx + CHIP_W / 2,
            cy + 12,
            f"{letters}{count}",
            size=10.5,
            anchor="middle",
            fill="#ffffff",
            font_weight="bold",
        )
        canvas.close()
    rows = math.ceil(len(kinds) / CHIPS_PER_ROW)
    return y + rows * (CHIP_H + 4) + (2 if rows else 0)


def _pieces(
    canvas: Canvas,
    position: UnknownPosition,
    at: Coord,
    x: float,
    y: float,
    colours: dict[str, str],
) -> None:
    """One line per piece on the tile: its marker and its id with a few words on its state."""
    line = y + PIECE_LINE / 2 + 1
    for survivor in position.survivors_at(at):
        _survivor(canvas, survivor, x + 8, line, colours[survivor.id])
        line += PIECE_LINE
    for enemy in position.enemies_at(at):
        _enemy(canvas, enemy, x + 8, line)
        line += PIECE_LINE
    for ally in position.allies_at(at):
        _ally(canvas, ally, x + 8, line)
        line += PIECE_LINE


def survivor_label(survivor: Survivor) -> str:
    """A survivor's id, card and state in a few words."""
    extra = [survivor.card or ""]
    if survivor.health != "healthy":
        extra.append(survivor.health)
    if survivor.ap:
        extra.append(f"{survivor.ap} AP")
    if survivor.goods:
        extra.append(", ".join(f"{n} {kind}" for kind, n in survivor.goods))
    words = ", ".join(e for e in extra if e)
    return f"{survivor.id} ({words})" if words else survivor.id


def enemy_label(enemy: Enemy) -> str:
    """An enemy's id, kind and state in a few words."""
    extra = [enemy.kind]
    if enemy.damage:
        extra.append(f"{enemy.damage} damage")
    if enemy.stunned:
        extra.append("stunned")
    if enemy.specimen:
        extra.append("specimen")
    return f"{enemy.id} ({', '.join(extra)})"


def _survivor(canvas: Canvas, survivor: Survivor, cx: float, cy: float, colour: str) -> None:
    canvas.open(
        "survivor",
        f"survivor {survivor_label(survivor)} on [{survivor.at[0]}, {survivor.at[1]}]",
        data_id=survivor.id,
        data_card=survivor.card,
        data_health=survivor.health,
    )
    _survivor_marker(canvas, cx, cy, colour, survivor.health)
    canvas.text(cx + 12, cy + 4, cut(survivor_label(survivor), 17), size=10.5)
    canvas.close()


def _survivor_marker(canvas: Canvas, cx: float, cy: float, colour: str, health: str) -> None:
    """A coloured disc; dashed rim when injured, a cross over it when incapacitated."""
    dashed = "2 2" if health == "injured" else None
    canvas.circle(
        cx, cy, 7, fill=colour, stroke="#111111", stroke_width=1.5, stroke_dasharray=dashed
    )
    if health == "incapacitated":
        canvas.line(cx - 6, cy - 6, cx + 6, cy + 6, stroke="#111111", stroke_width=1.5)
        canvas.line(cx - 6, cy + 6, cx + 6, cy - 6, stroke="#111111", stroke_width=1.5)


def _enemy(canvas: Canvas, enemy: Enemy, cx: float, cy: float) -> None:
    canvas.open(
        "enemy",
        f"enemy {enemy_label(enemy)} on [{enemy.at[0]}, {enemy.at[1]}]",
        data_id=enemy.id,
        data_kind=enemy.kind,
    )
    enemy_shape(canvas, enemy.kind, cx, cy)
    canvas.text(cx + 12, cy + 4, cut(enemy_label(enemy), 17), size=10.5, fill="#6b0f0f")
    canvas.close()


def enemy_shape(canvas: Canvas, kind: str, cx: float, cy: float, r: float = 8) -> None:
    """The shape of an enemy kind (see ``ENEMY_SIDES``); an unlisted kind: a downward triangle."""
    sides = ENEMY_SIDES.get(kind, 0)
    if sides == 0:
        points = _polygon(cx, cy, r, 3, math.pi / 2)
    elif sides == -4:
        points = _polygon(cx, cy, r, 4, math.pi / 4)
    elif sides < 0:
        points = _star(cx, cy, r, -sides)
    else:
        points = _polygon(cx, cy, r, sides, -math.pi / 2)
    canvas.polygon(points, fill=ENEMY_FILL, stroke="#000000", stroke_width=1)
    found = enemy_kinds().get(kind)
    if found is not None and found.unharmed_by_damage:  # a ring: damage does not harm it
        canvas.circle(cx, cy, r + 2.5, fill="none", stroke=ENEMY_FILL, stroke_width=1)


def _polygon(cx: float, cy: float, r: float, n: int, start: float) -> list[tuple[float, float]]:
    return [
        (
            cx + r * math.cos(start + 2 * math.pi * i / n),
            cy + r * math.sin(start + 2 * math.pi * i / n),
        )
        for i in range(n)
    ]


def _star(cx: float, cy: float, r: float, n: int) -> list[tuple[float, float]]:
    points = []
    for i in range(2 * n):
        radius = r if i % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + math.pi * i / n
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def _ally(canvas: Canvas, ally: Ally, cx: float, cy: float) -> None:
    state = f", {ally.health}" if ally.health != "healthy" else ""
    label = f"{ally.id} ({ally.kind}{state})"
    canvas.open(
        "ally",
        f"ally {label} on [{ally.at[0]}, {ally.at[1]}]",
        data_id=ally.id,
        data_kind=ally.kind,
    )
    canvas.rect(cx - 6, cy - 6, 12, 12, rx=2, fill="#3f9f5f", stroke="#113311", stroke_width=1)
    canvas.text(cx + 12, cy + 4, cut(label, 17), size=10.5, fill="#1f5f2f")
    canvas.close()


def survivor_colours(position: UnknownPosition) -> dict[str, str]:
    """Each survivor's colour: the colour its id names, else the palette in id order."""
    colours = {}
    others = 0
    for survivor in sorted(position.survivors, key=lambda s: s.id):
        named = SURVIVOR_COLOURS.get(survivor.id.lower())
        if named is None:
            named = PALETTE[others % len(PALETTE)]
            others += 1
        colours[survivor.id] = named
    return colours


# -- legend -----------------------------------------------------------------------------------------
def _legend(
    canvas: Canvas, position: UnknownPosition, top: float, colours: dict[str, str]
) -> float:
    """Marks, tile types, token chips, enemy shapes and every piece; returns the bottom y."""
    canvas.open("legend")
    y = top
    canvas.text(LEFT, y, "Legend", size=12, font_weight="bold")
    y += 18
    for words in (
        "grey cross: impassable (the tile, a barrier or blaze)",
        "heavy inner border: fortified \u00b7 dashed border: cleared (flipped over)",
    ):
        canvas.text(LEFT, y, words, size=10)
        y += 15
    types = sorted({k.type for t in position.tiles if (k := catalog().get(t.tile)) is not None})
    x = LEFT
    for kind in types:
        canvas.rect(x, y - 10, 14, 12, fill=TILE_FILL.get(kind, "#eeeeee"), stroke="#5a5a5a")
        canvas.text(x + 18, y, kind.replace("_", " ") + " tile", size=10)
        x += 24 + 6.2 * (len(kind) + 5)
    y += 18
    kinds = sorted({token.kind for token in position.tokens})
    if kinds:
        x = LEFT
        canvas.text(x, y, "Tokens:", size=10)
        x += 48
        for kind in kinds:
            letters, fill = TOKENS.get(kind, (kind[:2].title(), "#777777"))
            canvas.rect(x, y - 11, 24, 14, rx=3, fill=fill, stroke="#222222", stroke_width=0.8)
            canvas.text(x + 12, y, letters, size=9.5, anchor="middle", fill="#ffffff")
            canvas.text(x + 28, y, kind.replace("_", " "), size=10)
            x += 40 + 6.2 * len(kind)
        y += 18
    enemy_kinds = sorted({e.kind for e in position.enemies})
    if enemy_kinds:
        x = LEFT
        canvas.text(x, y, "Enemies:", size=10)
        x += 52
        for kind in enemy_kinds:
            enemy_shape(canvas, kind, x + 6, y - 4, r=6)
            canvas.text(x + 16, y, kind.replace("_", " "), size=10)
            x += 26 + 6.2 * len(kind)
        y += 18
    y = _piece_list(canvas, position, y, colours)
    canvas.close()
    return y


def _piece_list(
    canvas: Canvas, position: UnknownPosition, y: float, colours: dict[str, str]
) -> float:
    """One line per piece: marker, id, what it is and where it stands."""
    for survivor in position.survivors:
        _survivor_marker(canvas, LEFT + 6, y - 4, colours[survivor.id], survivor.health)
        canvas.text(
            LEFT + 18,
            y,
            f"survivor {survivor_label(survivor)} on [{survivor.at[0]}, {survivor.at[1]}]",
            size=10,
        )
        y += 16
    for enemy in position.enemies:
        enemy_shape(canvas, enemy.kind, LEFT + 6, y - 4, r=6)
        canvas.text(
            LEFT + 18, y, f"enemy {enemy_label(enemy)} on [{enemy.at[0]}, {enemy.at[1]}]", size=10
        )
        y += 16
    for ally in position.allies:
        canvas.rect(LEFT, y - 10, 12, 12, rx=2, fill="#3f9f5f", stroke="#113311")
        canvas.text(
            LEFT + 18, y, f"ally {ally.id} ({ally.kind}) on [{ally.at[0]}, {ally.at[1]}]", size=10
        )
        y += 16
    return y


def _summary(position: UnknownPosition) -> str:
    """The drawing in words, for the ``<desc>`` (screen readers, search)."""
    tiles = "; ".join(f"{t.tile} at [{t.at[0]}, {t.at[1]}]" for t in position.tiles)
    pieces = "; ".join(
        [f"{s.id} at [{s.at[0]}, {s.at[1]}]" for s in position.survivors]
        + [f"{e.id} ({e.kind}) at [{e.at[0]}, {e.at[1]}]" for e in position.enemies]
    )
    return f"Tiles: {tiles}. Pieces: {pieces or 'none'}."


def _empty(heading: str) -> str:
    """A valid drawing that says the map has no tiles."""
    canvas = Canvas()
    canvas.text(LEFT, 20, cut(heading, 90), size=14, font_weight="bold")
    canvas.open("empty-map")
    canvas.rect(LEFT, 40, 400, 60, fill="#f5f5f5", stroke="#bbbbbb", stroke_dasharray="4 4")
    canvas.text(LEFT + 200, 75, "The map is empty: no tiles are placed.", size=13, anchor="middle")
    canvas.close()
    return document(canvas, 480, 120, GAME, heading, "An empty map: no tiles are placed.")


__all__ = ["draw_unknown"]
