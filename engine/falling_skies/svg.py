"""An Under Falling Skies position drawn as SVG: the sky over the city, then the markers.

The sky (row 1 at the top) shows each space's icon (L/R arrows, M mothership icon, Xn
explosion) and the ships on it (purple or white, by id), with the mothership track at its
right and the mothership on its row (``fs.mothership.action``). The city below shows its rooms
by kind with modifier and energy cost, which spaces of the excavator's path are not yet
excavated (``fs.excavator.path``), the excavator, and the dice placed (grey or white, with
pips). Below them: round and phase, the energy, research and damage tracks, the unplaced dice,
the ships waiting on the mothership and the pending steps.

Everything is read from the state and from :class:`~engine.falling_skies.board.Board` (the
scenario seen through the ruleset's readings), as the text drawing in
``engine/falling_skies/drawing.py`` does. Groups a test or page can find: ``ship`` (``data-id``,
``data-color``, ``data-at`` or ``data-waiting``), ``icon``, ``room`` (``data-id``,
``data-kind``), ``unexcavated``, ``excavator``, ``die`` (``data-value``, ``data-color``,
``data-at`` or ``data-placed="false"``), ``robot`` (``data-value``, ``data-at``,
``data-ready``: a blue die with a white outline, tilted when exhausted), ``mothership``,
``marker`` (``data-marker``), ``room-id`` (``data-id``).

Every room carries its id on a tag in its first space (``lab``, ``r2c1``: the names the rules'
phrases and a scenario's steps give it), and every ship its id on its hull. The picture is as
large as what it holds: its ``width`` and ``height`` are its ``viewBox``'s (one unit a pixel,
every text at least 10 px), grown to hold every text, so nothing is cut off at the edges.
"""

from __future__ import annotations

import math

from engine.core.svg import Canvas, MeasuredCanvas, cut, fitted_document, text_width
from engine.falling_skies.board import Board
from engine.falling_skies.dice_phase.placement import excavated
from engine.falling_skies.ruleset import DEFAULT, Ruleset
from engine.falling_skies.scenario import Room, Scenario, Space
from engine.falling_skies.state import FSState, PlacedDie, Robot, Ship

GAME = "falling-skies"
LEFT = 40
CW = 74
"""Width of a column, in the sky and in the city."""
SKY_H, CITY_H = 30, 74
TRACK_W = 140
SKY_TOP = 76
TRACK_X = LEFT + 170
"""Where the marker tracks' boxes start, right of their labels."""

ROOMS: dict[str, tuple[str, str]] = {
    "aa_gun": ("AA gun", "#e07a6a"),
    "energy": ("energy", "#f2cc55"),
    "fighter": ("fighter", "#7aa6dc"),
    "research": ("research", "#8fc47a"),
    "tunnel": ("tunnel", "#c8c8c8"),
    "robot": ("robot", "#9ccfd3"),
    "energy_fighter": ("energy+fighter", "#c9b6e4"),
    "energy_robot": ("energy+robot", "#c6dfa0"),
    "research_fighter": ("research+fighter", "#9fc9b8"),
}
"""Room kinds: the words written in the room and its colour."""

SHIP_FILL = {"purple": "#7d3fa8", "white": "#f7f7f7"}
SHIP_TEXT = {"purple": "#ffffff", "white": "#222222"}

ID_CHARS = 11
"""Where a room's id is cut (with an ellipsis) on its tag."""

PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


def draw_falling_skies(
    state: FSState, scenario: Scenario, ruleset: Ruleset = DEFAULT, *, title: str = ""
) -> str:
    """The SVG drawing of a Falling Skies position (its scenario read under ``ruleset``)."""
    board = Board.build(scenario, ruleset)
    heading = title or f"Under Falling Skies: {scenario.name}"
    canvas = MeasuredCanvas()
    canvas.text(LEFT, 20, cut(heading, 80), size=14, font_weight="bold")
    canvas.text(LEFT, 38, _status_line(state, scenario), size=11, fill="#444444")
    grid_right = LEFT + CW * scenario.columns
    width = max(grid_right + 12 + TRACK_W + 10, 580)
    _column_labels(canvas, scenario.columns, SKY_TOP - 8)
    sky_bottom = _sky(canvas, board, state)
    city_top = sky_bottom + 30
    canvas.text(LEFT, city_top - 10, "CITY", size=12, font_weight="bold")
    city_bottom = _city(canvas, board, state, city_top)
    _column_labels(canvas, scenario.columns, city_bottom + 16)
    bottom = _markers(canvas, board, state, city_bottom + 44, width)
    return fitted_document(canvas, width, bottom + 10, GAME, heading, _summary(state, scenario))


def _status_line(state: FSState, scenario: Scenario) -> str:
    text = f"scenario {scenario.name}, round {state.round}, {state.phase} phase"
    if state.outcome is not None:
        text += f", game over: {state.outcome[0]} [{state.outcome[1]}]"
    return text


def _column_labels(canvas: Canvas, columns: int, y: float) -> None:
    canvas.open("axes")
    for c in range(1, columns + 1):
        canvas.text(LEFT + CW * (c - 0.5), y, f"c{c}", size=11, anchor="middle", fill="#555555")
    canvas.close()


# -- the sky --------------------------------------------------------------------------------------
def _sky(canvas: Canvas, board: Board, state: FSState) -> float:
    """The sky's rows with icons and ships, and the mothership track at the right
    (``fs.mothership.action``); returns the sky's bottom y."""
    canvas.text(LEFT, SKY_TOP - 24, "SKY", size=12, font_weight="bold")
    canvas.text(
        LEFT + CW * board.columns + 12, SKY_TOP - 8, "mothership track", size=10, fill="#555555"
    )
    canvas.open("sky")
    canvas.rect(LEFT, SKY_TOP, CW * board.columns, SKY_H * board.sky_rows, fill="#26304d")
    for row in range(1, board.sky_rows + 1):
        y = SKY_TOP + SKY_H * (row - 1)
        canvas.text(LEFT - 6, y + SKY_H / 2 + 4, str(row), size=10, anchor="end", fill="#555555")
        for column in range(1, board.columns + 1):
            x = LEFT + CW * (column - 1)
            canvas.rect(x, y, CW, SKY_H, fill="none", stroke="#4d5b85", stroke_width=0.8)
            icon = board.icons.get((row, column))
            if icon:
                _icon(canvas, icon, x, y, row, column)
        _track_row(canvas, board, state, row, y)
    canvas.close()
    for ship in state.ships:
        if not ship.waiting:
            x = LEFT + CW * (ship.column - 1) + CW * 0.68
            y = SKY_TOP + SKY_H * (ship.row - 1) + SKY_H / 2
            _ship(canvas, state, ship, x, y)
    return SKY_TOP + SKY_H * board.sky_rows


def _icon(canvas: Canvas, icon: str, x: float, y: float, row: int, column: int) -> None:
    """A sky icon in the left part of its space: arrow, mothership icon or explosion."""
    names = {"L": "arrow left", "R": "arrow right", "M": "mothership icon"}
    words = names.get(icon, f"explosion {icon[1:]}")
    canvas.open(
        "icon",
        f"{words} at sky row {row}, column {column}",
        data_icon=icon,
        data_at=f"{row},{column}",
    )
    cx, cy = x + 18, y + SKY_H / 2
    if icon in ("L", "R"):
        s = -1 if icon == "L" else 1
        canvas.polygon(
            [
                (cx - 9 * s, cy - 3),
                (cx + 1 * s, cy - 3),
                (cx + 1 * s, cy - 8),
                (cx + 10 * s, cy),
                (cx + 1 * s, cy + 8),
                (cx + 1 * s, cy + 3),
                (cx - 9 * s, cy + 3),
            ],
            fill="#f3e08a",
        )
    elif icon == "M":
        canvas.element(
            "ellipse",
            cx=cx,
            cy=cy,
            rx=12.0,
            ry=6.0,
            fill="none",
            stroke="#c0c8e8",
            stroke_width=1.5,
        )
        canvas.text(cx, cy + 3.5, "M", size=10, anchor="middle", fill="#c0c8e8")
    else:
        burst = []
        for i in range(16):
            radius = 11 if i % 2 == 0 else 6
            burst.append(_point(cx, cy, radius, i / 16))
        canvas.polygon(burst, fill="#f08a24", stroke="#ffd08a", stroke_width=0.8)
        canvas.text(
            cx, cy + 4, icon[1:], size=10, anchor="middle", fill="#1a1a1a", font_weight="bold"
        )
    canvas.close()


def _point(cx: float, cy: float, r: float, turn: float) -> tuple[float, float]:
    angle = 2 * math.pi * turn - math.pi / 2
    return (cx + r * math.cos(angle), cy + r * math.sin(angle))


def _track_row(canvas: Canvas, board: Board, state: FSState, row: int, y: float) -> None:
    """One row of the mothership track, with the mothership when it is on that row."""
    x = LEFT + CW * board.columns + 12
    action, amount = board.mothership_action(row)
    words = {"none": "\u2013", "skull": "SKULL"}.get(action, f"{action} {amount}")
    canvas.open(
        "track-row",
        f"mothership track row {row}: {action} {amount}",
        data_row=str(row),
        data_action=action,
    )
    fill = "#3a1f1f" if action == "skull" else "#eef0f6"
    canvas.rect(x, y + 1, TRACK_W, SKY_H - 2, fill=fill, stroke="#9aa3c0", stroke_width=0.8)
    colour = "#ffffff" if action == "skull" else "#222222"
    canvas.text(x + 50, y + SKY_H / 2 + 4, words, size=10, fill=colour)
    canvas.close()
    if row == state.mothership_row:
        canvas.open("mothership", f"the mothership is on row {row}", data_row=str(row))
        canvas.element(
            "ellipse",
            cx=float(x + 23),
            cy=float(y + SKY_H / 2),
            rx=21.0,
            ry=10.0,
            fill="#5b5f73",
            stroke="#111111",
            stroke_width=1.2,
        )
        canvas.text(
            x + 23,
            y + SKY_H / 2 + 3.5,
            "MS",
            size=10,
            anchor="middle",
            fill="#ffffff",
            font_weight="bold",
        )
        canvas.close()


def _ship(canvas: Canvas, state: FSState, ship: Ship, cx: float, cy: float) -> None:
    """A ship: purple or white hull with its id; a red ring when an explosion marked it."""
    marked = any(mark[0] == ship.id for mark in state.marks)
    where = (
        "waiting on the mothership" if ship.waiting else f"sky row {ship.row}, column {ship.column}"
    )
    canvas.open(
        "ship",
        f"{ship.color} ship {ship.id}, {where}" + (" (marked by an explosion)" if marked else ""),
        data_id=ship.id,
        data_color=ship.color,
        data_at=None if ship.waiting else f"{ship.row},{ship.column}",
        data_waiting="true" if ship.waiting else None,
        data_marked="true" if marked else None,
    )
    fill = SHIP_FILL.get(ship.color, "#999999")
    if marked:
        canvas.element(
            "ellipse",
            cx=float(cx),
            cy=float(cy),
            rx=20.0,
            ry=12.0,
            fill="none",
            stroke="#e53935",
            stroke_width=2,
        )
    canvas.element(
        "ellipse",
        cx=float(cx),
        cy=float(cy),
        rx=17.0,
        ry=9.0,
        fill=fill,
        stroke="#111111",
        stroke_width=1.2,
    )
    text = ship.id + ("*" if marked else "")
    canvas.text(
        cx,
        cy + 4,
        text,
        size=10,
        anchor="middle",
        fill=SHIP_TEXT.get(ship.color, "#111111"),
        font_weight="bold",
    )
    canvas.close()


# -- the city -------------------------------------------------------------------------------------
def _city(canvas: Canvas, board: Board, state: FSState, top: float) -> float:
    """Rooms, unexcavated spaces, the excavator and the placed dice; returns the bottom y."""
    scenario = board.scenario
    for row in range(1, scenario.city_rows + 1):
        y = top + CITY_H * (row - 1)
        canvas.text(LEFT - 6, y + CITY_H / 2 + 4, str(row), size=10, anchor="end", fill="#555555")
    for row in range(1, scenario.city_rows + 1):
        for column in range(1, scenario.columns + 1):
            if (row, column) not in board.room_at:
                x, y = _space_corner(top, (row, column))
                canvas.open(
                    "space", f"city row {row}, column {column}: no room", data_at=f"{row},{column}"
                )
                canvas.rect(x, y, CW, CITY_H, fill="#eeeeee", stroke="#888888")
                canvas.close()
    for room in scenario.rooms:
        _room(canvas, room, top)
    for space in board.path:
        if not excavated(board, state, space):
            x, y = _space_corner(top, space)
            canvas.open(
                "unexcavated",
                f"city row {space[0]}, column {space[1]}: not excavated",
                data_at=f"{space[0]},{space[1]}",
            )
            canvas.rect(x + 1, y + 1, CW - 2, CITY_H - 2, fill="#4a3522", fill_opacity=0.5)
            canvas.text(
                x + CW / 2, y + CITY_H - 6, "not dug", size=10, anchor="middle", fill="#ffffff"
            )
            canvas.close()
    _excavator(canvas, board, state, top)
    for die in state.placed:
        x, y = _space_corner(top, (die.row, die.column))
        _die(canvas, die.value, die.white, x + CW - 28, y + CITY_H - 30, die)
    for robot in state.robots:
        x, y = _space_corner(top, (robot.row, robot.column))
        _robot(canvas, robot, x + CW - 30, y + CITY_H - 32)
    return top + CITY_H * scenario.city_rows


def _robot(canvas: Canvas, robot: Robot, x: float, y: float) -> None:
    """A robot (``fs.room-effects.robot.stay``): a blue die with white pips, turned 45 degrees while
    exhausted (``fs.room-effects.robot.new-exhausted``,
    ``fs.room-effects.robot.used-exhausted``)."""
    state = "new, exhausted" if robot.new else "used, exhausted" if robot.used else "ready"
    canvas.open(
        "robot",
        f"robot showing {robot.value} on city row {robot.row}, column {robot.column} ({state})",
        data_value=str(robot.value),
        data_at=f"{robot.row},{robot.column}",
        data_ready="false" if robot.exhausted else "true",
    )
    cx, cy = x + 14, y + 14
    if robot.exhausted:
        r = 14
        corners = [_point(cx, cy, r, turn) for turn in (0.0, 0.25, 0.5, 0.75)]
        canvas.polygon(corners, fill="#2f6fd0", stroke="#ffffff", stroke_width=2)
    else:
        canvas.rect(x + 2, y + 2, 24, 24, rx=4, fill="#2f6fd0", stroke="#ffffff", stroke_width=2)
    tilt = math.sqrt(0.5) if robot.exhausted else 0.0
    for dx, dy in PIPS.get(robot.value, []):
        if tilt:
            dx, dy = (dx - dy) * tilt, (dx + dy) * tilt
        canvas.circle(cx + 6 * dx, cy + 6 * dy, 2.3, fill="#ffffff")
    canvas.close()


def _space_corner(top: float, space: Space) -> tuple[float, float]:
    return (LEFT + CW * (space[1] - 1), top + CITY_H * (space[0] - 1))


def _room(canvas: Canvas, room: Room, top: float) -> None:
    """A room: one rectangle over its spaces (one per space when they do not make a
    rectangle), its kind, modifier and energy cost written in its first space."""
    words, fill = ROOMS.get(room.kind, (room.kind, "#dddddd"))
    details = []
    if room.modifier:
        details.append(f"{room.modifier:+d}".replace("-", "\u2212"))
    if room.cost:
        details.append(f"cost {room.cost}")
    tooltip = f"room {room.id}: {words}" + (f" ({', '.join(details)})" if details else "")
    canvas.open(
        "room",
        tooltip,
        data_id=room.id,
        data_kind=room.kind,
        data_modifier=str(room.modifier),
        data_cost=str(room.cost),
        data_spaces=" ".join(f"{r},{c}" for r, c in room.spaces),
    )
    rows = [r for r, _ in room.spaces]
    cols = [c for _, c in room.spaces]
    box = (max(rows) - min(rows) + 1) * (max(cols) - min(cols) + 1)
    if box == len(room.spaces):
        x, y = _space_corner(top, (min(rows), min(cols)))
        w = CW * (max(cols) - min(cols) + 1)
        h = CITY_H * (max(rows) - min(rows) + 1)
        canvas.rect(
            x + 1.5, y + 1.5, w - 3, h - 3, rx=4, fill=fill, stroke="#333333", stroke_width=1.5
        )
    else:
        for space in room.spaces:
            x, y = _space_corner(top, space)
            canvas.rect(
                x + 1.5,
                y + 1.5,
                CW - 3,
                CITY_H - 3,
                rx=4,
                fill=fill,
                stroke="#333333",
                stroke_width=1.5,
            )
    x, y = _space_corner(top, min(room.spaces))
    canvas.text(x + 6, y + 14, cut(words, 14), size=10, font_weight="bold")
    if details:
        canvas.text(x + 6, y + 28, " \u00b7 ".join(details), size=10)
    _room_id(canvas, room.id, x + 5, y + 33)
    canvas.close()


def _room_id(canvas: Canvas, room_id: str, x: float, y: float) -> None:
    """A room's id on a pale tag (``lab``; ``r2c1``): the name the rules' phrases and a
    scenario's steps use for it."""
    shown = cut(room_id, ID_CHARS)
    canvas.open("room-id", f"room id {room_id}", data_id=room_id)
    width = text_width(shown, 10) + 8
    canvas.rect(x, y, width, 14, rx=3, fill="#fffdf2", stroke="#3b3b3b", stroke_width=0.8)
    canvas.text(x + 4, y + 11, shown, size=10, fill="#111111")
    canvas.close()


def _excavator(canvas: Canvas, board: Board, state: FSState, top: float) -> None:
    """The excavator on its space of the path (``fs.excavator.path``)."""
    row, column = board.path[state.excavator]
    x, y = _space_corner(top, (row, column))
    canvas.open(
        "excavator", f"the excavator, on city row {row}, column {column}", data_at=f"{row},{column}"
    )
    canvas.rect(
        x + 5, y + CITY_H - 25, 30, 20, rx=3, fill="#f0b323", stroke="#111111", stroke_width=1.2
    )
    canvas.text(x + 20, y + CITY_H - 10, "EXC", size=10, anchor="middle", font_weight="bold")
    canvas.close()


def _die(
    canvas: Canvas, value: int, white: bool, x: float, y: float, placed: PlacedDie | None
) -> None:
    """A die with pips: grey or white; ``placed`` says where it stands (None: unplaced)."""
    colour = "white" if white else "grey"
    where = f"on city row {placed.row}, column {placed.column}" if placed else "not placed"
    canvas.open(
        "die",
        f"{colour} die showing {value}, {where}",
        data_value=str(value),
        data_color=colour,
        data_at=f"{placed.row},{placed.column}" if placed else None,
        data_placed="true" if placed else "false",
    )
    fill = "#ffffff" if white else "#8f8f8f"
    pip = "#111111" if white else "#ffffff"
    canvas.rect(x, y, 24, 24, rx=4, fill=fill, stroke="#111111", stroke_width=1.3)
    for dx, dy in PIPS.get(value, []):
        canvas.circle(x + 12 + 6.5 * dx, y + 12 + 6.5 * dy, 2.3, fill=pip)
    if value not in PIPS:
        canvas.text(x + 12, y + 16, str(value), size=11, anchor="middle", fill=pip)
    canvas.close()


# -- the markers ----------------------------------------------------------------------------------
def _markers(canvas: Canvas, board: Board, state: FSState, top: float, width: float) -> float:
    """Round and phase, the three tracks, unplaced dice, waiting ships and pending steps;
    returns the bottom y."""
    scenario = board.scenario
    y = top
    canvas.open("status", data_round=str(state.round), data_phase=state.phase)
    canvas.text(LEFT, y, f"Round {state.round}, {state.phase} phase", size=12, font_weight="bold")
    canvas.close()
    y += 12
    usable = width - TRACK_X - 12
    energy = [str(n) for n in range(scenario.energy_max + 1)]
    y = _track(
        canvas,
        "energy",
        f"energy {state.energy}/{scenario.energy_max}",
        energy,
        state.energy,
        y,
        usable,
        "#f2cc55",
    )
    steps = [str(n) for n in scenario.research]
    need = (
        f", next needs {scenario.research[state.research]}"
        if state.research < len(scenario.research)
        else ", complete"
    )
    y = _track(
        canvas,
        "research",
        f"research {state.research}/{len(steps)}{need}",
        ["start", *steps],
        state.research,
        y,
        usable,
        "#8fc47a",
    )
    damage = [str(n) for n in range(board.damage_limit)] + ["skull"]
    y = _track(
        canvas,
        "damage",
        f"damage {state.damage} (hit {board.damage_limit} loses)",
        damage,
        state.damage,
        y,
        usable,
        "#e07a6a",
    )
    canvas.open("marker", data_marker="whites-destroyed", data_value=str(state.whites_destroyed))
    canvas.text(
        LEFT,
        y + 14,
        f"white ships shot down: {state.whites_destroyed}   mothership row: {state.mothership_row}",
        size=10.5,
    )
    canvas.close()
    y += 30
    canvas.text(LEFT, y + 16, "Unplaced dice:", size=10.5)
    if not state.rolled:
        canvas.text(LEFT + 92, y + 16, "none", size=10.5, fill="#555555")
    for n, die in enumerate(state.rolled):
        _die(canvas, die.value, die.white, LEFT + 92 + 30 * n, y, None)
    y += 34
    waiting = [s for s in state.ships if s.waiting]
    canvas.text(LEFT, y + 16, "Waiting on the mothership:", size=10.5)
    if not waiting:
        canvas.text(LEFT + 160, y + 16, "none", size=10.5, fill="#555555")
    for n, ship in enumerate(waiting):
        _ship(canvas, state, ship, LEFT + 182 + 40 * n, y + 12)
    y += 34
    pending = "; ".join(" ".join(str(x) for x in step) for step in state.pending)
    canvas.open("pending", data_steps=pending or None)
    canvas.text(LEFT, y + 12, f"Pending: {pending or 'nothing'}", size=10.5)
    canvas.close()
    y += 22
    if state.outcome is not None:
        result, clause, why = state.outcome
        canvas.open("outcome", data_result=result, data_clause=clause)
        canvas.text(
            LEFT,
            y + 12,
            cut(f"Game over: {result} [{clause}]: {why}", 95),
            size=10.5,
            font_weight="bold",
        )
        canvas.close()
        y += 22
    return _legend(canvas, y + 8)


def _track(
    canvas: Canvas,
    name: str,
    label: str,
    boxes: list[str],
    at: int,
    y: float,
    usable: float,
    colour: str,
) -> float:
    """A marker track: one box per space, spaces passed tinted, the marker's space outlined."""
    canvas.open("marker", label, data_marker=name, data_value=str(at))
    canvas.text(LEFT, y + 16, label, size=10.5)
    size = min(26.0, usable / max(len(boxes), 1))
    x0 = TRACK_X
    for n, word in enumerate(boxes):
        x = x0 + size * n
        fill = colour if n < at else ("#ffffff" if n > at else colour)
        canvas.rect(
            x,
            y + 4,
            size - 2,
            18,
            fill=fill,
            stroke="#777777",
            stroke_width=0.8,
            fill_opacity=0.45 if n < at else None,
        )
        if n == at:
            canvas.rect(x - 1, y + 3, size, 20, fill="none", stroke="#111111", stroke_width=2.2)
        text = "\u2620" if word == "skull" else ("S" if word == "start" else word)
        canvas.text(x + (size - 2) / 2, y + 17, text, size=10, anchor="middle")
    canvas.close()
    return y + 26


def _legend(canvas: Canvas, y: float) -> float:
    canvas.open("legend")
    canvas.text(LEFT, y + 12, "Legend", size=12, font_weight="bold")
    lines = [
        "Sky: yellow arrows L/R, M mothership icon, orange burst: explosion with its number;",
        "ships: purple or white hull with id, a red ring when marked by an explosion.",
        "City: rooms by kind with modifier and energy cost; brown shade: not excavated; EXC: the",
        "excavator; dice with pips, grey or white; robots: blue dice, turned when exhausted.",
        "Tracks: outlined box = where the marker is.",
    ]
    for n, line in enumerate(lines):
        canvas.text(LEFT, y + 28 + 14 * n, line, size=10)
    canvas.close()
    return y + 28 + 14 * len(lines)


def _summary(state: FSState, scenario: Scenario) -> str:
    """The position in words, for the ``<desc>``."""
    ships = ", ".join(
        f"{s.id} ({s.color}) " + ("waiting" if s.waiting else f"at sky {s.row},{s.column}")
        for s in state.ships
    )
    dice = ", ".join(
        f"{d.value}{'w' if d.white else ''} on {d.row},{d.column}" for d in state.placed
    )
    robots = ", ".join(f"{r.value} on {r.row},{r.column}" for r in state.robots)
    return (
        f"Scenario {scenario.name}, round {state.round}, {state.phase} phase; energy "
        f"{state.energy}, research {state.research}, damage {state.damage}, mothership row "
        f"{state.mothership_row}. Ships: {ships or 'none'}. Placed dice: {dice or 'none'}."
        f" Robots: {robots or 'none'}."
    )
