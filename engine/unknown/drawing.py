"""An Unknown map drawn as text (``rulings show``): a grid, north at the top, with a legend.

Each explored tile is a box of three lines: its name, its marks and tokens, and the pieces on it.
Impassable and fortified marks come from the engine's own tests of a tile
(``unknown.tile.impassable``, ``unknown.barrier.impassable``, ``unknown.tile.fortified``).
"""

from __future__ import annotations

from engine.unknown.map import is_passable
from engine.unknown.map.board import is_fortified
from engine.unknown.position import Coord, UnknownPosition

WIDTH = 8
"""Characters inside one tile box; names and piece lists longer than this are cut with ``~``."""

TOKEN_LETTERS = {
    "barrier": "B",
    "blaze": "Z",
    "trap": "T",
    "ammo": "A",
    "food": "F",
    "medicine": "M",
    "scrap": "S",
    "armor": "R",
    "mission": "N",
    "task": "K",
}
MARKS = "Marks: X impassable (tile, barrier or blaze)   # fortified   c cleared (flipped over)"
BOXES = "Boxes: tile name / marks and tokens / pieces (!id is an enemy); a blank box has no tile"


def show(at: Coord) -> str:
    """A coordinate as the position files write it: ``[x, y]``."""
    return f"[{at[0]}, {at[1]}]"


def render(position: UnknownPosition, title: str) -> str:
    """The whole drawing: header, grid and legend."""
    if not position.tiles:
        return f"{title}: no tiles are placed"
    xs = range(min(t.at[0] for t in position.tiles), max(t.at[0] for t in position.tiles) + 1)
    top, bottom = max(t.at[1] for t in position.tiles), min(t.at[1] for t in position.tiles)
    ys = range(top, bottom - 1, -1)
    margin = max(len(str(y)) for y in ys) + 1
    axis = " " * margin + " " + " ".join(str(x).center(WIDTH) for x in xs)
    rule = " " * margin + "+" + "+".join("-" * WIDTH for _ in xs) + "+"
    lines = [
        f"{title}: {len(position.tiles)} tiles (north is up; x grows east, y grows north)",
        axis,
        rule,
    ]
    for y in ys:
        boxes = [_box(position, (x, y)) for x in xs]
        for row in range(3):
            label = str(y).rjust(margin - 1) if row == 1 else " " * (margin - 1)
            lines.append(f"{label} |" + "|".join(box[row] for box in boxes) + "|")
        lines.append(rule)
    lines.append(axis)
    return "\n".join(lines + _legend(position))


def _box(position: UnknownPosition, at: Coord) -> tuple[str, str, str]:
    """The three lines of one grid spot (blank when no tile is placed there)."""
    placed = position.tile_at.get(at)
    if placed is None:
        return (" " * WIDTH,) * 3
    marks = (
        ("X" if not is_passable(position, at) else "")
        + ("#" if is_fortified(position, at) else "")
        + ("c" if placed.cleared else "")
    )
    tokens = "".join(
        f"{TOKEN_LETTERS[kind]}{count}"
        for kind, count in sorted(position.tokens_at.get(at, {}).items())
    )
    pieces = [s.id for s in position.survivors_at(at)] + [
        f"!{e.id}" for e in position.enemies_at(at)
    ]
    return (
        _fit(placed.tile),
        _fit(" ".join(part for part in (marks, tokens) if part)),
        _fit(" ".join(pieces)),
    )


def _fit(text: str) -> str:
    """``text`` padded to the box width, or cut with ``~`` when longer."""
    return text.ljust(WIDTH) if len(text) <= WIDTH else text[: WIDTH - 1] + "~"


def _legend(position: UnknownPosition) -> list[str]:
    """Marks, token letters used, names cut short, and every piece with its tile."""
    lines = ["", BOXES, MARKS]
    kinds = sorted({token.kind for token in position.tokens})
    if kinds:
        letters = "   ".join(f"{TOKEN_LETTERS[k]} {k}" for k in kinds)
        lines.append(f"Tokens (letter then count): {letters}")
    long_names = sorted({t.tile for t in position.tiles if len(t.tile) > WIDTH})
    if long_names:
        lines.append("Names: " + "   ".join(f"{_fit(n).strip()} {n}" for n in long_names))
    pieces = [
        (s.id, f"survivor{f' ({s.card})' if s.card else ''} on {show(s.at)}")
        for s in position.survivors
    ] + [(f"!{e.id}", f"{e.kind} (enemy) on {show(e.at)}") for e in position.enemies]
    if pieces:
        width = max(len(name) for name, _ in pieces)
        lines.append("Pieces:")
        lines.extend(f"  {name.ljust(width)}  {what}" for name, what in pieces)
    return lines
