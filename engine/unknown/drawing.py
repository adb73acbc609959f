"""An Unknown map drawn as text (``rulings show``): a grid, north at the top, the state, a legend.

Each explored tile is a box: its name, its marks and tokens, and every piece on it (a box grows
downwards when its tokens or pieces need more lines, and the boxes of one grid row grow together).
Impassable and fortified marks come from the engine's own tests of a tile
(``unknown.tile.impassable``, ``unknown.barrier.impassable``, ``unknown.tile.fortified``).
Under the grid, the state of the game being played (``unknown.turn.phases``: round, phase, whose
turn and the AP left, the base's food, the mission and task cards), then a legend with a line
per piece: what it is, where it stands, its health, AP and what it carries.
"""

from __future__ import annotations

from engine.unknown.map import is_passable
from engine.unknown.map.board import is_fortified
from engine.unknown.position import Ally, Coord, Enemy, Survivor, UnknownPosition
from engine.unknown.state import UnknownState, count

WIDTH = 8
"""Characters inside one tile box; a name or a word longer than this is cut with ``~``."""

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
    "canister": "Cn",
    "refugee": "Rf",
    "plant": "Pl",
    "specimen": "Sp",
    "fence": "Fe",
    "radio": "Ra",
    "console": "Co",
    "outpost": "Op",
    "water_source": "Ws",
    "lair": "L",
    "hunter_trap": "HT",
    "regrowth": "Rg",
}
"""The letters a token kind is drawn with (then its count), text and SVG alike: one entry for
every token kind the position schema accepts (``tokens[].kind``), which a test checks."""
MARKS = "Marks: X impassable (tile, barrier or blaze)   # fortified   c cleared (flipped over)"
BOXES = (
    "Boxes: tile name / marks and tokens / pieces (!id an enemy, &id an ally); "
    "a blank box has no tile"
)
SEPARATOR = " \u00b7 "
"""Between the parts of a line of the state."""


def show(at: Coord) -> str:
    """A coordinate as the position files write it: ``[x, y]``."""
    return f"[{at[0]}, {at[1]}]"


def render(position: UnknownPosition, title: str, state: UnknownState | None = None) -> str:
    """The whole drawing: header, grid, the state of ``state`` (none: a bare map) and legend."""
    if not position.tiles:
        return "\n".join([f"{title}: no tiles are placed", *_state_block(state, position)])
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
        boxes = _row_of_boxes(position, [(x, y) for x in xs])
        for row in range(len(boxes[0])):
            label = str(y).rjust(margin - 1) if row == 1 else " " * (margin - 1)
            lines.append(f"{label} |" + "|".join(box[row] for box in boxes) + "|")
        lines.append(rule)
    lines.append(axis)
    return "\n".join(lines + _state_block(state, position) + _legend(position))


# -- the grid -------------------------------------------------------------------------------------
def _row_of_boxes(position: UnknownPosition, spots: list[Coord]) -> list[list[str]]:
    """The boxes of one grid row, each as its lines: the name, then as many lines of marks and
    tokens and as many lines of pieces as the fullest box of the row needs."""
    parts = [_box_parts(position, at) for at in spots]
    marks_lines = max([1, *(len(marks) for _, marks, _ in parts)])
    piece_lines = max([1, *(len(pieces) for _, _, pieces in parts)])
    blank = " " * WIDTH
    return [
        [
            name,
            *_padded(marks, marks_lines, blank),
            *_padded(pieces, piece_lines, blank),
        ]
        for name, marks, pieces in parts
    ]


def _padded(lines: list[str], height: int, blank: str) -> list[str]:
    return [*lines, *([blank] * (height - len(lines)))]


def _box_parts(position: UnknownPosition, at: Coord) -> tuple[str, list[str], list[str]]:
    """One grid spot: its name line, its lines of marks and tokens, its lines of pieces (blank
    when no tile is placed there)."""
    placed = position.tile_at.get(at)
    if placed is None:
        return " " * WIDTH, [], []
    marks = (
        ("X" if not is_passable(position, at) else "")
        + ("#" if is_fortified(position, at) else "")
        + ("c" if placed.cleared else "")
    )
    tokens = [
        f"{TOKEN_LETTERS[kind]}{held}"
        for kind, held in sorted(position.tokens_at.get(at, {}).items())
    ]
    pieces = (
        [s.id for s in position.survivors_at(at)]
        + [f"!{e.id}" for e in position.enemies_at(at)]
        + [f"&{a.id}" for a in position.allies_at(at)]
    )
    return _fit(placed.tile), _wrap([marks, *tokens] if marks else tokens), _wrap(pieces)


def _wrap(words: list[str]) -> list[str]:
    """Words laid into box-wide lines, a space between two on a line (a word too long for a
    line is cut with ``~``)."""
    lines: list[str] = []
    line = ""
    for word in words:
        word = _fit(word).rstrip()
        if line and len(line) + 1 + len(word) <= WIDTH:
            line += " " + word
        else:
            if line:
                lines.append(_fit(line))
            line = word
    if line:
        lines.append(_fit(line))
    return lines


def _fit(text: str) -> str:
    """``text`` padded to the box width, or cut with ``~`` when longer."""
    return text.ljust(WIDTH) if len(text) <= WIDTH else text[: WIDTH - 1] + "~"


# -- the state ------------------------------------------------------------------------------------
def _state_block(state: UnknownState | None, position: UnknownPosition) -> list[str]:
    """The state's lines under a heading; nothing for a bare map."""
    if state is None:
        return []
    return ["", "State:", *(f"  {line}" for line in state_lines(state, position))]


def state_lines(state: UnknownState | None, position: UnknownPosition) -> list[str]:
    """The state in words: the round, phase and turn; the base, mission, task and stack; what
    the cards hold; the rules in motion; the outcome once the game is over. A bare map, or a map
    fragment with no round being played, says that no game has started (with what the base and
    cards hold, if anything)."""
    if state is None or state.phase is None:
        lines = ["map only: no game started"]
        if state is not None and (state.base or state.mission or state.task):
            lines.append(_holdings_line(state))
        return lines + _cards_lines(state)
    lines = [_round_line(state, position), _holdings_line(state), *_cards_lines(state)]
    if state.pending:
        names = ", ".join(type(effect).effect_name for effect in state.pending)
        lines.append(f"in motion (first to resolve first): {names}")
    if state.outcome is not None:
        result, clause, why = state.outcome
        lines.append(f"game over: {result} [{clause}]: {why}")
    return lines


def _round_line(state: UnknownState, position: UnknownPosition) -> str:
    """Round, phase, the survivor on turn with the AP left, and the survivors done."""
    words = [f"round {state.round}", f"{(state.phase or '').replace('_', ' ')} phase"]
    if state.turn is not None:
        ap = ap_left(position, state.turn)
        words.append(f"turn: {state.turn}" + (f" ({ap} AP left)" if ap is not None else ""))
    elif state.phase == "survivor_actions":
        words.append("no survivor on turn")
    if state.done:
        words.append("done: " + ", ".join(state.done))
    return SEPARATOR.join(words)


def ap_left(position: UnknownPosition, survivor_id: str) -> int | None:
    """The AP the survivor on turn has left (``None``: no such survivor on the map)."""
    for survivor in position.survivors:
        if survivor.id == survivor_id:
            return survivor.ap
    return None


def _holdings_line(state: UnknownState) -> str:
    """The base's food (and other goods), the mission and task, and the tiles left to draw."""
    others = [f"{n} {kind}" for kind, n in state.base if kind != "food"]
    words = [f"base: {count(state.base, 'food')} food" + "".join(f", {o}" for o in others)]
    if state.mission is not None:
        words.append(f"mission: {state.mission}" + (" (short)" if state.short else ""))
    if state.task is not None:
        words.append(f"task: {state.task}" + (" (complete)" if state.task_complete else ""))
    words.append(f"stack: {state.stack.size} tiles left")
    return SEPARATOR.join(words)


def _cards_lines(state: UnknownState | None) -> list[str]:
    """What the mission and task cards hold, if anything."""
    if state is None:
        return []
    cards = [
        f"{card} card: " + ", ".join(f"{n} {kind}" for kind, n in held)
        for card, held in (("mission", state.mission_card), ("task", state.task_card))
        if held
    ]
    return [SEPARATOR.join(cards)] if cards else []


# -- the legend -----------------------------------------------------------------------------------
def _legend(position: UnknownPosition) -> list[str]:
    """Marks, token letters used, names cut short, and every piece with its tile and state."""
    lines = ["", BOXES, MARKS]
    kinds = sorted({token.kind for token in position.tokens})
    if kinds:
        letters = "   ".join(f"{TOKEN_LETTERS[k]} {k}" for k in kinds)
        lines.append(f"Tokens (letter then count): {letters}")
    long_names = sorted({t.tile for t in position.tiles if len(t.tile) > WIDTH})
    if long_names:
        lines.append("Names: " + "   ".join(f"{_fit(n).strip()} {n}" for n in long_names))
    pieces = (
        [(s.id, survivor_description(position, s)) for s in position.survivors]
        + [(f"!{e.id}", enemy_description(position, e)) for e in position.enemies]
        + [(f"&{a.id}", ally_description(position, a)) for a in position.allies]
    )
    if pieces:
        width = max(len(name) for name, _ in pieces)
        lines.append("Pieces:")
        lines.extend(f"  {name.ljust(width)}  {what}" for name, what in pieces)
    return lines


def _where(position: UnknownPosition, at: Coord) -> str:
    """A spot and the tile on it: ``[1, 0] food``."""
    placed = position.tile_at.get(at)
    return show(at) + (f" {placed.tile}" if placed is not None else "")


def survivor_description(position: UnknownPosition, survivor: Survivor) -> str:
    """A survivor in words: its card, its tile, health (``unknown.injury.states``), AP left,
    what it carries, the abilities it has borrowed and whether it is untargetable."""
    card = f" ({survivor.card})" if survivor.card else ""
    words = [survivor.health, f"{survivor.ap} AP"]
    if survivor.goods:
        words.append("carries " + ", ".join(f"{n} {kind}" for kind, n in survivor.goods))
    if survivor.borrowed:
        words.append("abilities of " + ", ".join(survivor.borrowed))
    if survivor.untargetable:
        words.append("untargetable")
    if survivor.held_lairs:
        words.append("held lairs: " + ", ".join(tile for tile, _, _ in survivor.held_lairs))
    return f"survivor{card} on {_where(position, survivor.at)}: {', '.join(words)}"


def enemy_description(position: UnknownPosition, enemy: Enemy) -> str:
    """An enemy in words: its kind, its tile, the damage it has taken, stunned, spawned this
    round, carrying a specimen."""
    words = [f"{enemy.damage} damage" if enemy.damage else "no damage"]
    if enemy.stunned:
        words.append("stunned")
    if enemy.fresh:
        words.append("spawned this round")
    if enemy.specimen:
        words.append("a specimen under it")
    return f"{enemy.kind} (enemy) on {_where(position, enemy.at)}: {', '.join(words)}"


def ally_description(position: UnknownPosition, ally: Ally) -> str:
    """An ally in words: its kind, its tile, its health and whether it has moved this round."""
    words = [ally.health] + (["moved"] if ally.moved else [])
    return f"{ally.kind} (ally) on {_where(position, ally.at)}: {', '.join(words)}"
