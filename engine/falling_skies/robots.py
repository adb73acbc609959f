"""Robots: blue dice that stay in the city between rounds (reading ``robot-rooms: robots``).

A resolved robot room builds a robot of the room's value, at most 6
(``fs.room-effects.robot.build``, ``fs.room-effects.robot.value-cap``); it is installed at once on
an empty excavated space, chosen by the player (:class:`BuildRobot`), moving no ship
(``fs.room-effects.robot.no-ship-move``), and is exhausted until the room phase ends
(``fs.room-effects.robot.new-exhausted``). At most two robots stand in the city
(``fs.room-effects.robot.limit``); with two out the player may take one off to make room
(``fs.room-effects.robot.take-off``, ``fs.room-effects.robot.rebuild``) or leave the new one
unbuilt (ledger: ``robot-take-off-when``). A worker die placed on a robot's space takes it off
(``fs.room-effects.robot.displaced``). In the room phase a ready robot counts as a die of its face
on its space (``fs.room-effects.robot.power``); each use wears it by one, and one used at 1 comes
off (``fs.room-effects.robot.wear``; ledger: ``robot-wear``); a used robot is exhausted for the
rest of the phase (``fs.room-effects.robot.used-exhausted``) and all are ready again when it ends
(``fs.room-effects.robot.ready``). A robot on a space the excavator falls back past comes off
(ledger: ``robot-cut-off``).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.errors import IllegalDecision
from engine.core.frozen import evolve
from engine.falling_skies.board import Board
from engine.falling_skies.events import Outcome, event
from engine.falling_skies.ruleset import Ruleset
from engine.falling_skies.scenario import Room, Space
from engine.falling_skies.state import FSState, Robot

MAX_ROBOTS = 2
"""The blue dice of the game: at most two robots at once (``fs.room-effects.robot.limit``)."""
TOP_FACE = 6
"""A robot's face is the room's value, capped at a die's top face
(``fs.room-effects.robot.value-cap``)."""


@dataclass(frozen=True)
class BuildRobot:
    """Install the robot just built on city space ``space``; with two robots out, ``replaces``
    names the robot taken off to make room; ``space`` None leaves the new robot unbuilt."""

    space: Space | None
    replaces: Space | None = None

    def __str__(self) -> str:
        if self.space is None:
            return "leave the new robot unbuilt"
        where = f"install the new robot on row {self.space[0]}, column {self.space[1]}"
        if self.replaces is None:
            return where
        return f"{where}, taking off the robot on row {self.replaces[0]}, column {self.replaces[1]}"


def playing(ruleset: Ruleset) -> bool:
    """Whether robot rooms build robots (reading ``robot-rooms: robots``)."""
    return ruleset.robot_rooms == "robots"


def makes_robots(board: Board, ruleset: Ruleset) -> bool:
    """Whether robots can be made on this board: a robot room under the robots reading
    (``fs.room-effects.robot.build``)."""
    return playing(ruleset) and any(
        room.kind in ("robot", "energy_robot") for room in board.rooms.values()
    )


def _sorted(robots: tuple[Robot, ...] | list[Robot]) -> tuple[Robot, ...]:
    """Robots in the state's canonical order, by space."""
    return tuple(sorted(robots, key=lambda r: (r.row, r.column)))


def ready_on(state: FSState, room: Room) -> list[Robot]:
    """The ready robots on a room's spaces: each powers the room like a die of its face
    (``fs.room-effects.robot.power``); an exhausted one does not
    (``fs.room-effects.robot.new-exhausted``,
    ``fs.room-effects.robot.used-exhausted``)."""
    return [r for r in state.robots if (r.row, r.column) in room.spaces and not r.exhausted]


def powers(room: Room) -> bool:
    """Whether a robot on this room can power it: not on an AA gun, a tunnel or a space without
    a room, whose effects a robot does not have (``fs.room-effects.robot.aa-gun``)."""
    return room.kind not in ("aa_gun", "tunnel")


def wear(state: FSState, used: list[Robot]) -> Outcome:
    """Each robot used wears down by one and is exhausted; one used at 1 comes off instead
    (``fs.room-effects.robot.wear``, ``fs.room-effects.robot.used-exhausted``; ledger:
    ``robot-wear``)."""
    if not used:
        return state, ()
    gone = set(used)
    kept = [r for r in state.robots if r not in gone]
    events = []
    for robot in used:
        where = f"row {robot.row} column {robot.column}"
        if robot.value <= 1:
            text = f"the robot on {where} was used at 1 and comes off"
            events.append(event("robot_removed", "fs.room-effects.robot.wear", text, row=robot.row,
                                column=robot.column))  # fmt: skip
            continue
        kept.append(Robot(robot.row, robot.column, robot.value - 1, used=True))
        text = (
            f"the robot on {where} wears from {robot.value} to {robot.value - 1} and is exhausted"
        )
        events.append(event("robot_worn", "fs.room-effects.robot.wear", text, row=robot.row,
                            column=robot.column, value=robot.value - 1))  # fmt: skip
    return evolve(state, robots=_sorted(kept)), tuple(events)


def start_build(board: Board, state: FSState, room: Room, value: int) -> Outcome:
    """A resolved robot room builds a robot of its value capped at 6
    (``fs.room-effects.robot.build``,
    ``fs.room-effects.robot.value-cap``), waiting to be installed; a value below 1 builds none
    (ledger:
    ``robot-low-value``), nor does a city with no space for it and fewer than two robots."""
    face = min(value, TOP_FACE)
    if face < 1:
        text = f"{room.id} (value {value}) builds no robot: a die shows at least 1"
        return state, (event("robot_not_built", "fs.room-effects.robot.build", text, room=room.id),)
    state = evolve(state, pending=(("robot", face), *state.pending))
    if not build_options(board, state):
        text = f"{room.id} builds a robot of {face}, but no empty excavated space can take it"
        state = evolve(state, pending=state.pending[1:])
        return state, (event("robot_not_built", "fs.room-effects.robot.build", text, room=room.id),)
    capped = f" (value {value}, capped at {TOP_FACE})" if value > TOP_FACE else ""
    text = f"{room.id} builds a robot of {face}{capped}, to be installed"
    return state, (
        event("robot_built", "fs.room-effects.robot.build", text, room=room.id, value=face),
    )


def empty_spaces(board: Board, state: FSState, freed: Space | None = None) -> list[Space]:
    """The excavated spaces with neither a die nor a robot (``freed``: a robot's space counted
    empty, as it is taken off), in path order (``fs.room-effects.robot.build``; ledger:
    ``robot-install-space``)."""
    taken = {(d.row, d.column) for d in state.placed}
    taken |= {(r.row, r.column) for r in state.robots if (r.row, r.column) != freed}
    return [s for s in board.path[: state.excavator + 1] if s not in taken]


def build_options(board: Board, state: FSState) -> tuple[BuildRobot, ...]:
    """Where the robot waiting may go: any empty excavated space; with two robots out, one of
    them comes off first, or the new robot stays unbuilt (``fs.room-effects.robot.limit``,
    ``fs.room-effects.robot.take-off``; ledger: ``robot-take-off-when``)."""
    if len(state.robots) < MAX_ROBOTS:
        return tuple(BuildRobot(s) for s in empty_spaces(board, state))
    options = [BuildRobot(None)]
    for robot in state.robots:
        freed = (robot.row, robot.column)
        options.extend(BuildRobot(s, freed) for s in empty_spaces(board, state, freed))
    return tuple(options)


def install(board: Board, state: FSState, decision: BuildRobot) -> Outcome:
    """Install the waiting robot as decided: exhausted, moving no ship
    (``fs.room-effects.robot.build``,
    ``fs.room-effects.robot.new-exhausted``, ``fs.room-effects.robot.no-ship-move``)."""
    face = int(state.pending[0][1])
    if decision not in build_options(board, state):
        raise IllegalDecision(*_refusal(board, state, decision))
    state = evolve(state, pending=state.pending[1:])
    if decision.space is None:
        text = f"two robots stand in the city: the new robot of {face} is left unbuilt"
        return state, (event("robot_not_built", "fs.room-effects.robot.limit", text),)
    events = []
    robots = list(state.robots)
    if decision.replaces is not None:
        robots = [r for r in robots if (r.row, r.column) != decision.replaces]
        row, column = decision.replaces
        text = f"the robot on row {row} column {column} is taken off to make room"
        events.append(
            event("robot_removed", "fs.room-effects.robot.take-off", text, row=row, column=column)
        )
    row, column = decision.space
    robots.append(Robot(row, column, face, new=True))
    text = f"a robot of {face} is installed on row {row} column {column}, exhausted this round"
    events.append(event("robot_installed", "fs.room-effects.robot.build", text, row=row,
    column=column,
                        value=face))  # fmt: skip
    return evolve(state, robots=_sorted(robots)), tuple(events)


def _refusal(board: Board, state: FSState, decision: BuildRobot) -> tuple[str, str]:
    """Why a robot may not be installed as ``decision`` says: ``(clause, reason)``."""
    if decision.space is None:
        return (
            "fs.room-effects.robot.build",
            "the new robot must be installed at once: a space is free",
        )
    if len(state.robots) >= MAX_ROBOTS and decision.replaces is None:
        return (
            "fs.room-effects.robot.limit",
            "two robots stand in the city: take one off to build a third",
        )
    if decision.replaces is not None and state.robot_at(*decision.replaces) is None:
        row, column = decision.replaces
        return "fs.room-effects.robot.take-off", f"no robot stands on row {row} column {column}"
    row, column = decision.space
    return (
        "fs.room-effects.robot.build",
        f"row {row} column {column} is not an empty excavated space",
    )


def displace(state: FSState, space: Space) -> Outcome:
    """A worker die placed on a robot's space takes the robot off
    (``fs.room-effects.robot.displaced``)."""
    robot = state.robot_at(*space)
    if robot is None:
        return state, ()
    text = f"the worker die takes the robot of {robot.value} off row {space[0]} column {space[1]}"
    state = evolve(state, robots=tuple(r for r in state.robots if r != robot))
    return state, (event("robot_removed", "fs.room-effects.robot.displaced", text, row=space[0],
                         column=space[1]),)  # fmt: skip


def ready_all(state: FSState) -> Outcome:
    """Every robot is ready again when the room phase ends (``fs.room-effects.robot.ready``)."""
    if not any(r.exhausted for r in state.robots):
        return state, ()
    robots = tuple(Robot(r.row, r.column, r.value) for r in state.robots)
    text = "the room phase is over: every robot is ready again"
    return evolve(state, robots=robots), (
        event("robots_ready", "fs.room-effects.robot.ready", text),
    )


def cut_off(board: Board, state: FSState) -> Outcome:
    """Robots on spaces the excavator has fallen back past come off
    (``fs.room-effects.robot.cut-off``; ledger: ``robot-cut-off``)."""
    lost = [r for r in state.robots if board.path_index[(r.row, r.column)] > state.excavator]
    if not lost:
        return state, ()
    events = []
    for robot in lost:
        text = (
            f"the robot on row {robot.row} column {robot.column} is no longer on an excavated "
            "space and comes off"
        )
        events.append(event("robot_removed", "fs.room-effects.robot.cut-off", text, row=robot.row,
                            column=robot.column))  # fmt: skip
    kept = tuple(r for r in state.robots if r not in lost)
    return evolve(state, robots=kept), tuple(events)
