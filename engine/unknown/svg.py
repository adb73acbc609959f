"""An Unknown map drawn as SVG, laid out like the rulebook's figures: north at the top.

Each explored tile is a square at its grid spot (x grows east, y grows north), tinted by its
catalog type, with its name, its marks, its token stacks and the pieces standing on it.
The marks are the engine's own tests, so the drawing shows what the rules see:
impassable (``unknown.tile.impassable``, ``unknown.barrier.impassable``,
``unknown.hazard.blaze.token-impassable``) is a grey cross over the tile, fortified
(``unknown.tile.fortified``) a heavy inner border, cleared (flipped over) a dashed border.
Survivors are coloured circles, enemies dark red shapes (one shape per kind), allies green
squares. Every group carries a class and ``data-*`` attributes a test or a page can find:
``tile`` (``data-at="x,y"``), ``token``, ``survivor``, ``enemy``, ``ally``, ``label``
(``data-label``), ``state``.

Above the map, the state's header: round, phase, whose turn and the AP it has left, the
survivors done this round, the food and other goods at the base, the mission, the task and the
tiles left in the stack (or, for a bare map, that no game has started). The labels a scenario
gives to spots (``#2``) are badges in a column at the right of their tile, stacked, so they hide
none of the tile's own drawing. The picture is as large as what it holds: its ``width`` and
``height`` are its ``viewBox``'s (one unit a pixel, every text at least 10 px), grown to hold
every text, so nothing is cut off at the edges.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from engine.core.svg import Canvas, MeasuredCanvas, cut, fitted_document, text_width
from engine.unknown.catalog import catalog, enemy_kinds
from engine.unknown.drawing import (
    TOKEN_LETTERS,
    ally_description,
    ap_left,
    enemy_description,
    state_lines,
    survivor_description,
)
from engine.unknown.map import is_passable
from engine.unknown.map.board import is_fortified
from engine.unknown.position import Ally, Coord, Enemy, Survivor, UnknownPosition
from engine.unknown.state import UnknownState, count

GAME = "unknown"
CELL = 124
"""Least width of a tile square's own drawing; it widens for long names and piece lines, and a
map with labels adds a column for their badges. A tile's height grows when its tokens, pieces
and labels need more room."""
MIN_HEIGHT = 124
LEFT = 34
"""Room for the y numbers at the left."""
CHIP_W, CHIP_H, CHIPS_PER_ROW = 36, 16, 3
PIECE_LINE = 17
NAME_CHARS, PIECE_CHARS, LABEL_CHARS = 17, 17, 12
"""Where a tile's name, a piece's line and a label are cut (with an ellipsis)."""
BADGE_H, BADGE_GAP = 16, 3
"""Height of a label's badge, and the space between stacked badges."""

TOKEN_FILL: dict[str, str] = {
    "barrier": "#6d6d6d",
    "blaze": "#e4572e",
    "trap": "#8d6e63",
    "ammo": "#b08900",
    "food": "#5b9a3c",
    "medicine": "#d6336c",
    "scrap": "#607d8b",
    "armor": "#455a9c",
    "mission": "#7b4fa0",
    "task": "#2f7f7f",
    "canister": "#9c6b2f",
    "refugee": "#3c7a9a",
    "plant": "#4e8f2f",
    "specimen": "#8a5a9e",
    "fence": "#7a6a4f",
    "radio": "#3f6f9f",
    "console": "#506070",
    "outpost": "#6f5f3f",
    "water_source": "#2f7fbf",
    "lair": "#8f3f3f",
    "hunter_trap": "#6f4f2f",
    "regrowth": "#3f8f5f",
}
"""The colour of a token kind's chip (its letters are ``engine.unknown.drawing.TOKEN_LETTERS``)."""

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


def draw_unknown(
    position: UnknownPosition,
    *,
    title: str = "",
    state: UnknownState | None = None,
    labels: Mapping[str, object] | None = None,
) -> str:
    """The SVG drawing of an Unknown map (a state's map is its ``position``): the state's
    header (``state``; none: a bare map, no game started), the tiles with the pieces on them,
    the ``labels`` a scenario gives to spots (label -> ``(x, y)``) on their tiles, and a
    legend."""
    heading = title or "Unknown map"
    spots = label_spots(labels or {})
    if not position.tiles:
        return _empty(heading, state, spots)
    canvas = MeasuredCanvas()
    canvas.text(LEFT, 20, cut(heading, 90), size=14, font_weight="bold")
    below = _state_panel(canvas, state, position, 30)
    canvas.text(
        LEFT,
        below + 16,
        f"{len(position.tiles)} tiles, {len(position.survivors)} survivors, "
        f"{len(position.enemies)} enemies; north is up, x grows east, y grows north",
        size=11,
        fill="#444444",
    )
    layout = _Layout(position, spots, below + 40)
    _axes(canvas, layout)
    for spot in layout.empty_spots():
        _empty_spot(canvas, layout, spot)
    colours = survivor_colours(position)
    for placed in position.tiles:
        _tile(canvas, position, placed.at, layout, colours)
    bottom = _legend(canvas, position, layout.bottom + 34, colours, spots, layout.width)
    return fitted_document(
        canvas, layout.width, bottom + 12, GAME, heading, _summary(position, spots)
    )


def label_spots(labels: Mapping[str, object]) -> dict[Coord, list[str]]:
    """The labels on each spot, in the order given, each written as the scenario writes it
    (``#2``); a label that does not name an ``(x, y)`` spot is left out."""
    spots: dict[Coord, list[str]] = {}
    for name, where in labels.items():
        spot = _coord(where)
        if spot is not None:
            shown = name if name.startswith("#") else f"#{name}"
            spots.setdefault(spot, []).append(shown)
    return spots


def _coord(where: object) -> Coord | None:
    """``where`` as a spot, if it is a pair of whole numbers."""
    if not isinstance(where, (tuple, list)) or len(where) != 2:
        return None
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in where):
        return None
    return (where[0], where[1])


# -- the state's header -----------------------------------------------------------------------------
def _state_panel(
    canvas: Canvas, state: UnknownState | None, position: UnknownPosition, top: float
) -> float:
    """The state's header in a panel under the heading (``unknown.turn.phases``: the round and
    its phase; whose turn and the AP left; the base's food, eaten at upkeep); returns the
    panel's bottom y."""
    lines = [cut(line, 110) for line in state_lines(state, position)]
    width = max(text_width(line, 12 if n == 0 else 11, n == 0) for n, line in enumerate(lines))
    canvas.open("state", **_state_data(state, position))
    height = 10 + 17 * len(lines)
    canvas.rect(LEFT - 6, top, width + 12, height, rx=4, fill="#f1f4f9", stroke="#b8c2d6")
    for n, line in enumerate(lines):
        bold = "bold" if n == 0 else None
        canvas.text(LEFT, top + 18 + 17 * n, line, size=12 if n == 0 else 11, font_weight=bold)
    canvas.close()
    return top + height


def _state_data(state: UnknownState | None, position: UnknownPosition) -> dict[str, object]:
    """The header's ``data-*`` attributes, for a test or a page."""
    if state is None:
        return {"data_started": "false"}
    if state.phase is None:
        return {"data_started": "false", "data_food": str(count(state.base, "food"))}
    ap = ap_left(position, state.turn) if state.turn is not None else None
    return {
        "data_started": "true",
        "data_round": str(state.round),
        "data_phase": state.phase,
        "data_turn": state.turn,
        "data_ap": None if ap is None else str(ap),
        "data_food": str(count(state.base, "food")),
    }


class _Layout:
    """Where the grid's spots fall on the page: the map's bounds (and any labelled spot), each
    square wide enough for its texts plus a column for the label badges."""

    def __init__(self, position: UnknownPosition, spots: dict[Coord, list[str]], top: float):
        xs = [t.at[0] for t in position.tiles] + [at[0] for at in spots]
        ys = [t.at[1] for t in position.tiles] + [at[1] for at in spots]
        self.xs = range(min(xs), max(xs) + 1)
        self.ys = range(max(ys), min(ys) - 1, -1)
        self.top = top
        self.placed = set(position.tile_at)
        self.spots = spots
        self.content = _content_width(position)
        self.badge = max(
            (_badge_width(label) for labels in spots.values() for label in labels), default=0.0
        )
        self.cell = math.ceil(self.content + (self.badge + 10 if spots else 0))
        self.height = max(
            [
                MIN_HEIGHT,
                *(_needed_height(position, at) for at in position.tile_at),
                *(_badges_height(len(labels)) for labels in spots.values()),
            ]
        )
        self.grid_right = LEFT + self.cell * len(self.xs)
        self.bottom = top + self.height * len(self.ys)
        self.width = max(self.grid_right + 34, 560)

    def corner(self, at: Coord) -> tuple[float, float]:
        """The top-left corner of the square for ``at``."""
        return (
            LEFT + self.cell * (at[0] - self.xs.start),
            self.top + self.height * (self.ys.start - at[1]),
        )

    def empty_spots(self) -> list[Coord]:
        """Grid spots inside the map's bounds with no tile placed."""
        return [(x, y) for y in self.ys for x in self.xs if (x, y) not in self.placed]


def _content_width(position: UnknownPosition) -> float:
    """The width a tile's own drawing needs: its name, marks, chips and piece lines."""
    widths = [float(CELL)]
    for placed in position.tiles:
        number = f" #{placed.number}" if placed.number is not None else ""
        widths.append(9 + text_width(cut(placed.tile + number, NAME_CHARS), 12, True) + 6)
        widths.append(9 + text_width(" \u00b7 ".join(_marks(position, placed.at)), 10) + 6)
    pieces = [
        *(survivor_label(s) for s in position.survivors),
        *(enemy_label(e) for e in position.enemies),
        *(ally_label(a) for a in position.allies),
    ]
    widths += [28 + text_width(cut(words, PIECE_CHARS), 10.5) + 6 for words in pieces]
    return max(widths)


def _needed_height(position: UnknownPosition, at: Coord) -> int:
    """The height a tile's name, marks, chips and piece lines take."""
    chips = len(position.tokens_at.get(at, {}))
    pieces = (
        len(position.survivors_at(at)) + len(position.enemies_at(at)) + len(position.allies_at(at))
    )
    rows = math.ceil(chips / CHIPS_PER_ROW)
    return 40 + rows * (CHIP_H + 4) + pieces * PIECE_LINE + 8


def _badge_width(label: str) -> float:
    """A label's badge: its text and a little room either side."""
    return text_width(cut(label, LABEL_CHARS), 10, True) + 10


def _badges_height(labels: int) -> int:
    """The height a stack of ``labels`` badges takes in a tile, with its margins (inside a
    fortified tile's inner border)."""
    return 10 + labels * (BADGE_H + BADGE_GAP) + 10


def _axes(canvas: Canvas, layout: _Layout) -> None:
    """x numbers above and below the grid, y numbers at its left."""
    canvas.open("axes")
    for x in layout.xs:
        cx = LEFT + layout.cell * (x - layout.xs.start) + layout.cell / 2
        canvas.text(cx, layout.top - 6, f"x={x}", size=11, anchor="middle", fill="#555555")
        canvas.text(cx, layout.bottom + 16, f"x={x}", size=11, anchor="middle", fill="#555555")
    for y in layout.ys:
        cy = layout.top + layout.height * (layout.ys.start - y) + layout.height / 2
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
    """One explored tile: square, marks, name, token chips, one line per piece, then the
    scenario's labels for its spot in the badge column at its right."""
    placed = position.tile_at[at]
    kind = catalog().get(placed.tile)
    marks = _marks(position, at)
    x, y = layout.corner(at)
    w, h = layout.cell, layout.height
    number = f" #{placed.number}" if placed.number is not None else ""
    labels = layout.spots.get(at, [])
    tooltip = (
        f"{placed.tile}{number} at [{at[0]}, {at[1]}]"
        + (f" ({', '.join(marks)})" if marks else "")
        + (f", labelled {' '.join(labels)}" if labels else "")
    )
    canvas.open(
        "tile",
        tooltip,
        data_at=f"{at[0]},{at[1]}",
        data_tile=placed.tile,
        data_marks=" ".join(marks) or None,
        data_labels=" ".join(labels) or None,
    )
    fill = TILE_FILL.get(kind.type if kind else "", "#eeeeee")
    dashed = "6 4" if placed.cleared else None
    canvas.rect(
        x + 2,
        y + 2,
        w - 4,
        h - 4,
        fill=fill,
        stroke="#5a5a5a",
        stroke_width=2.5 if placed.cleared else 1.5,
        stroke_dasharray=dashed,
    )
    if "impassable" in marks:
        canvas.line(x + 6, y + 6, x + w - 6, y + h - 6, stroke="#9a9a9a", stroke_width=3)
        canvas.line(x + w - 6, y + 6, x + 6, y + h - 6, stroke="#9a9a9a", stroke_width=3)
    if "fortified" in marks:
        canvas.rect(x + 6, y + 6, w - 12, h - 12, fill="none", stroke="#2b4c7e", stroke_width=3)
    canvas.text(x + 9, y + 19, cut(placed.tile + number, NAME_CHARS), size=12, font_weight="bold")
    if marks:
        canvas.text(x + 9, y + 33, " \u00b7 ".join(marks), size=10, fill="#333333")
    row_y = _chips(canvas, position, at, x + 8, y + 40)
    _pieces(canvas, position, at, x + 8, row_y, colours)
    _badges(canvas, labels, x + w - 10 - layout.badge, y + 10, layout.badge)
    canvas.close()


def _empty_spot(canvas: Canvas, layout: _Layout, spot: Coord) -> None:
    """A grid spot with no tile: a faint dashed square, with the labels the scenario gives it."""
    labels = layout.spots.get(spot, [])
    canvas.open("empty", data_at=f"{spot[0]},{spot[1]}", data_labels=" ".join(labels) or None)
    x, y = layout.corner(spot)
    canvas.rect(
        x + 2,
        y + 2,
        layout.cell - 4,
        layout.height - 4,
        fill="none",
        stroke="#d0d0d0",
        stroke_dasharray="2 4",
    )
    _badges(canvas, labels, x + layout.cell - 10 - layout.badge, y + 10, layout.badge)
    canvas.close()


def _badges(canvas: Canvas, labels: list[str], x: float, y: float, width: float) -> None:
    """The scenario's labels for one spot (``#2``), one badge under the other from ``(x, y)``:
    dark text on a pale tag, readable over any tile tint."""
    for n, label in enumerate(labels):
        top = y + n * (BADGE_H + BADGE_GAP)
        canvas.open("label", f"label {label}", data_label=label)
        canvas.rect(x, top, width, BADGE_H, rx=3, fill="#fffdf2", stroke="#3b3b3b", stroke_width=1)
        canvas.text(
            x + width / 2,
            top + 12,
            cut(label, LABEL_CHARS),
            size=10,
            anchor="middle",
            fill="#111111",
            font_weight="bold",
        )
        canvas.close()


def _chips(canvas: Canvas, position: UnknownPosition, at: Coord, x: float, y: float) -> float:
    """The token stacks on a tile as chips (letters then count); returns the next free y."""
    kinds = sorted(position.tokens_at.get(at, {}).items())
    for n, (kind, held) in enumerate(kinds):
        cx = x + (n % CHIPS_PER_ROW) * (CHIP_W + 2)
        cy = y + (n // CHIPS_PER_ROW) * (CHIP_H + 4)
        letters, fill = TOKEN_LETTERS[kind], TOKEN_FILL[kind]
        canvas.open("token", f"{held} {kind} token(s)", data_kind=kind, data_count=str(held))
        canvas.rect(cx, cy, CHIP_W, CHIP_H, rx=4, fill=fill, stroke="#222222", stroke_width=0.8)
        canvas.text(
            cx + CHIP_W / 2,
            cy + 12,
            f"{letters}{held}",
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
    canvas.text(cx + 12, cy + 4, cut(survivor_label(survivor), PIECE_CHARS), size=10.5)
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
    canvas.text(cx + 12, cy + 4, cut(enemy_label(enemy), PIECE_CHARS), size=10.5, fill="#6b0f0f")
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


def ally_label(ally: Ally) -> str:
    """An ally's id, kind and health in a few words."""
    state = f", {ally.health}" if ally.health != "healthy" else ""
    return f"{ally.id} ({ally.kind}{state})"


def _ally(canvas: Canvas, ally: Ally, cx: float, cy: float) -> None:
    label = ally_label(ally)
    canvas.open(
        "ally",
        f"ally {label} on [{ally.at[0]}, {ally.at[1]}]",
        data_id=ally.id,
        data_kind=ally.kind,
    )
    canvas.rect(cx - 6, cy - 6, 12, 12, rx=2, fill="#3f9f5f", stroke="#113311", stroke_width=1)
    canvas.text(cx + 12, cy + 4, cut(label, PIECE_CHARS), size=10.5, fill="#1f5f2f")
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
    canvas: Canvas,
    position: UnknownPosition,
    top: float,
    colours: dict[str, str],
    spots: dict[Coord, list[str]],
    width: float,
) -> float:
    """Marks, tile types, token chips, enemy shapes, the labels and every piece; returns the
    bottom y. A row of keys that would run past ``width`` goes on under itself."""
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
    flow = _Flow(canvas, LEFT, y, width)
    for kind in types:
        words = kind.replace("_", " ") + " tile"
        x = flow.place(18 + text_width(words, 10) + 12)
        canvas.rect(x, flow.y - 10, 14, 12, fill=TILE_FILL.get(kind, "#eeeeee"), stroke="#5a5a5a")
        canvas.text(x + 18, flow.y, words, size=10)
    y = flow.y + 18
    kinds = sorted({token.kind for token in position.tokens})
    if kinds:
        flow = _Flow(canvas, LEFT, y, width)
        canvas.text(flow.place(48), y, "Tokens:", size=10)
        for kind in kinds:
            letters, fill = TOKEN_LETTERS[kind], TOKEN_FILL[kind]
            words = kind.replace("_", " ")
            x = flow.place(28 + text_width(words, 10) + 12)
            canvas.rect(x, flow.y - 11, 24, 14, rx=3, fill=fill, stroke="#222222", stroke_width=0.8)
            canvas.text(x + 12, flow.y, letters, size=10, anchor="middle", fill="#ffffff")
            canvas.text(x + 28, flow.y, words, size=10)
        y = flow.y + 18
    enemy_kinds = sorted({e.kind for e in position.enemies})
    if enemy_kinds:
        flow = _Flow(canvas, LEFT, y, width)
        canvas.text(flow.place(52), y, "Enemies:", size=10)
        for kind in enemy_kinds:
            words = kind.replace("_", " ")
            x = flow.place(16 + text_width(words, 10) + 12)
            enemy_shape(canvas, kind, x + 6, flow.y - 4, r=6)
            canvas.text(x + 16, flow.y, words, size=10)
        y = flow.y + 18
    y = _label_list(canvas, spots, y, width)
    y = _piece_list(canvas, position, y, colours)
    canvas.close()
    return y


class _Flow:
    """Keys laid out left to right, going on to a new line when the next would pass ``right``."""

    def __init__(self, canvas: Canvas, left: float, y: float, right: float) -> None:
        self.left, self.x, self.y, self.right = left, left, y, right

    def place(self, width: float) -> float:
        """Where a key ``width`` wide starts (a new line if it does not fit on this one)."""
        if self.x > self.left and self.x + width > self.right:
            self.x, self.y = self.left, self.y + 18
        start = self.x
        self.x += width
        return start


def _label_list(canvas: Canvas, spots: dict[Coord, list[str]], y: float, width: float) -> float:
    """The scenario's labels with the spots they name (badges on the tiles show them too)."""
    if not spots:
        return y
    flow = _Flow(canvas, LEFT, y, width)
    canvas.text(flow.place(52), y, "Labels:", size=10)
    for at, labels in spots.items():
        for label in labels:
            words = f"{label} [{at[0]}, {at[1]}]"
            canvas.text(flow.place(text_width(words, 10) + 14), flow.y, words, size=10)
    return flow.y + 18


def _piece_list(
    canvas: Canvas, position: UnknownPosition, y: float, colours: dict[str, str]
) -> float:
    """One line per piece: marker, id, what it is, where it stands and its state (the text
    drawing's words)."""
    for survivor in position.survivors:
        _survivor_marker(canvas, LEFT + 6, y - 4, colours[survivor.id], survivor.health)
        words = f"{survivor.id} {survivor_description(position, survivor)}"
        canvas.text(LEFT + 18, y, words, size=10)
        y += 16
    for enemy in position.enemies:
        enemy_shape(canvas, enemy.kind, LEFT + 6, y - 4, r=6)
        canvas.text(LEFT + 18, y, f"{enemy.id} {enemy_description(position, enemy)}", size=10)
        y += 16
    for ally in position.allies:
        canvas.rect(LEFT, y - 10, 12, 12, rx=2, fill="#3f9f5f", stroke="#113311")
        canvas.text(LEFT + 18, y, f"{ally.id} {ally_description(position, ally)}", size=10)
        y += 16
    return y


def _summary(position: UnknownPosition, spots: dict[Coord, list[str]]) -> str:
    """The drawing in words, for the ``<desc>`` (screen readers, search)."""
    tiles = "; ".join(f"{t.tile} at [{t.at[0]}, {t.at[1]}]" for t in position.tiles)
    pieces = "; ".join(
        [f"{s.id} at [{s.at[0]}, {s.at[1]}]" for s in position.survivors]
        + [f"{e.id} ({e.kind}) at [{e.at[0]}, {e.at[1]}]" for e in position.enemies]
    )
    labels = "; ".join(
        f"{label} at [{at[0]}, {at[1]}]" for at, names in spots.items() for label in names
    )
    words = f"Tiles: {tiles}. Pieces: {pieces or 'none'}."
    return words + (f" Labels: {labels}." if labels else "")


def _empty(heading: str, state: UnknownState | None, spots: dict[Coord, list[str]]) -> str:
    """A valid drawing that says the map has no tiles (with the state's header, and the labels
    the scenario gave, if any)."""
    canvas = MeasuredCanvas()
    canvas.text(LEFT, 20, cut(heading, 90), size=14, font_weight="bold")
    below = _state_panel(canvas, state, UnknownPosition(), 30)
    canvas.open("empty-map")
    top = below + 10
    canvas.rect(LEFT, top, 400, 60, fill="#f5f5f5", stroke="#bbbbbb", stroke_dasharray="4 4")
    canvas.text(
        LEFT + 200, top + 35, "The map is empty: no tiles are placed.", size=13, anchor="middle"
    )
    canvas.close()
    bottom = _label_list(canvas, spots, top + 84, 480)
    return fitted_document(canvas, 480, bottom, GAME, heading, "An empty map: no tiles are placed.")


__all__ = ["draw_unknown"]
