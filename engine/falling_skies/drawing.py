"""An Under Falling Skies position drawn as text (``rulings show``): the sky with its icons,
ships and the mothership track over the city's rooms with the placed dice and the excavator,
then the markers, the unplaced dice and what is pending. Read through
:class:`~engine.falling_skies.board.Board` (the scenario as the switches in force read it).
"""

from __future__ import annotations

from engine.falling_skies.board import Board
from engine.falling_skies.dice_phase.placement import excavated
from engine.falling_skies.files import FSPosition
from engine.falling_skies.ruleset import DEFAULT, Ruleset
from engine.falling_skies.scenario import Scenario
from engine.falling_skies.state import FSState

CELL = 7
KIND = {
    "aa_gun": "AA",
    "energy": "NRG",
    "fighter": "FTR",
    "research": "RES",
    "tunnel": "TUN",
    "robot": "ROB",
    "energy_fighter": "N+F",
    "energy_robot": "N+B",
    "research_fighter": "R+F",
}


def render(position: FSPosition, title: str, ruleset: Ruleset = DEFAULT) -> str:
    """The sky with its icons and ships over the city's rooms with dice and the excavator,
    then the markers and a legend."""
    state, scenario = position.state, position.scenario
    board = Board.build(scenario, ruleset)
    columns = range(1, scenario.columns + 1)
    axis = "     " + " ".join(f"c{c}".center(CELL) for c in columns)
    rule = "    +" + "+".join("-" * CELL for _ in columns) + "+"
    lines = [f"{title}: {_status(state, scenario, board)}", "", "SKY (mothership track at right)"]
    lines += [axis, rule]
    for row in range(1, board.sky_rows + 1):
        cells = [_sky_cell(board, state, row, c) for c in columns]
        action, amount = board.mothership_action(row)
        track = action if action in ("none", "skull") else f"{action} {amount}"
        here = "  <== MOTHERSHIP" if row == state.mothership_row else ""
        lines.append(f"{row:>3} |" + "|".join(cells) + f"|  {track}{here}")
    lines += [rule, "CITY", rule]
    for row in range(1, scenario.city_rows + 1):
        tops = [_room_cell(board, (row, c)) for c in columns]
        bottoms = [_die_cell(board, state, (row, c)) for c in columns]
        lines.append(f"{row:>3} |" + "|".join(tops) + "|")
        lines.append("    |" + "|".join(bottoms) + "|")
        lines.append(rule)
    lines.append(axis)
    lines += _dice_and_ships(state)
    lines += [
        "",
        "Sky: L/R arrows, M mothership icon, Xn explosion n; ships p1 (purple), w1 (white), "
        "* marked by an explosion.",
        "City: room kind (AA gun, NRG energy, FTR fighter, RES research, TUN tunnel, ROB robot, "
        "N+F energy+fighter, N+B energy+robot, R+F research+fighter), modifier, $ energy cost; "
        "[5] a placed die ([5w] white); "
        "<4> a blue robot die ready, <4x> exhausted; EXC the excavator; ~~~ not excavated.",
    ]
    return "\n".join(lines)


def _status(state: FSState, scenario: Scenario, board: Board) -> str:
    phase = f"round {state.round}, {state.phase} phase"
    if state.outcome is not None:
        phase += f", game over: {state.outcome[0]} [{state.outcome[1]}]"
    steps = len(scenario.research)
    need = (
        f", next step needs {scenario.research[state.research]}" if state.research < steps else ""
    )
    return (
        f"scenario {scenario.name}, {phase}\n"
        f"  energy {state.energy}/{scenario.energy_max}   research {state.research}/{steps}{need}"
        f"   damage {state.damage} (hit {board.damage_limit} loses)   mothership row "
        f"{state.mothership_row}   white ships shot down {state.whites_destroyed}"
    )


def _fit(text: str) -> str:
    return text.center(CELL) if len(text) <= CELL else text[: CELL - 1] + "~"


def _sky_cell(board: Board, state: FSState, row: int, column: int) -> str:
    icon = board.icons.get((row, column), "")
    ship = state.ship_at(row, column)
    marked = ship is not None and any(m[0] == ship.id for m in state.marks)
    name = "" if ship is None else ship.id + ("*" if marked else "")
    return _fit(" ".join(part for part in (icon, name) if part))


def _room_cell(board: Board, space: tuple[int, int]) -> str:
    room = board.room_at.get(space)
    if room is None:
        return _fit("")
    text = KIND.get(room.kind, room.kind[:3])
    if room.modifier:
        text += f"{room.modifier:+d}"
    if room.cost:
        text += f"${room.cost}"
    return _fit(text)


def _die_cell(board: Board, state: FSState, space: tuple[int, int]) -> str:
    parts = []
    die = state.die_at(*space)
    if die is not None:
        parts.append(f"[{die.value}{'w' if die.white else ''}]")
    robot = state.robot_at(*space)
    if robot is not None:
        parts.append(f"<{robot.value}{'x' if robot.exhausted else ''}>")
    if board.path[state.excavator] == space:
        parts.append("EXC")
    elif not excavated(board, state, space) and space in board.path_index:
        parts.append("~~~")
    return _fit(" ".join(parts))


def _dice_and_ships(state: FSState) -> list[str]:
    shown = ", ".join(f"{d.value}{'w' if d.white else ''}" for d in state.rolled)
    waiting = ", ".join(s.id for s in state.ships if s.waiting)
    pending = "; ".join(" ".join(str(x) for x in step) for step in state.pending)
    robots = ", ".join(
        f"{r.value} on {r.row},{r.column}" + (" (new)" if r.new else " (used)" if r.used else "")
        for r in state.robots
    )
    return [
        f"Robots: {robots or 'none'}",
        f"Unplaced dice: {shown or 'none'}",
        f"Ships waiting on the mothership: {waiting or 'none'}",
        f"Pending: {pending or 'nothing'}",
    ]
