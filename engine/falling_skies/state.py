"""The whole state of a game of Under Falling Skies, as plain data (PRINCIPLES §2).

A state names its scenario (the board, which never changes during a game) and holds only what
moves: the round and phase, the dice rolled and placed, the ships, the mothership's row, the
excavator's place on its path, the research, energy and damage markers, the white ships shot
down, the queue of pending steps and, once the game is over, its outcome. Every field is
immutable; a change makes a new state sharing the rest (``engine.core.frozen.evolve``), and
a state's hash is computed once (``hash_once``).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.frozen import hash_once

PHASES = ("dice", "room", "mothership")
"""The three phases of a round, in order (``fs.round.phases``)."""

Pending = tuple[tuple[str | int, ...], ...]
"""Steps in motion, head first: ``("roll",)`` all dice to roll, ``("reroll",)`` the unplaced
dice to reroll after a white die, ``("launch", n)`` up to ``n`` more ships to launch,
``("robot", v)`` a robot of face ``v`` built and waiting to be installed."""


@dataclass(frozen=True)
class Die:
    """A rolled die not yet placed."""

    value: int
    white: bool


def dice_order(die: Die) -> tuple[bool, int]:
    """The canonical order of unplaced dice: grey before white, then by value."""
    return (die.white, die.value)


@dataclass(frozen=True)
class PlacedDie:
    """A die placed on a city space (row from the top of the city, column from the left)."""

    row: int
    column: int
    value: int
    white: bool


@dataclass(frozen=True)
class Robot:
    """A blue robot die installed on a city space: its face, and whether it was made this round
    (``fs.room-effects.robot.new-exhausted``) or used in this room phase
    (``fs.room-effects.robot.used-exhausted``)."""

    row: int
    column: int
    value: int
    new: bool = False
    used: bool = False

    @property
    def exhausted(self) -> bool:
        """Whether the robot cannot power a room now (``fs.room-effects.robot.power``)."""
        return self.new or self.used


@hash_once
@dataclass(frozen=True)
class Ship:
    """An alien ship; ``row``/``column`` are its sky space, both None while on the mothership."""

    id: str
    color: str
    column: int | None = None
    row: int | None = None

    @property
    def waiting(self) -> bool:
        """Whether the ship is on the mothership, waiting to launch."""
        return self.row is None


@hash_once
@dataclass(frozen=True)
class FSState:
    """Where a game of Under Falling Skies stands."""

    scenario: str
    round: int
    phase: str
    rolled: tuple[Die, ...]
    placed: tuple[PlacedDie, ...]
    ships: tuple[Ship, ...]
    mothership_row: int
    excavator: int
    research: int
    energy: int
    damage: int
    whites_destroyed: int = 0
    pending: Pending = ()
    outcome: tuple[str, str, str] | None = None
    marks: tuple[tuple[str, int, int], ...] = ()
    """Explosion marks ``(ship, number, round)``: kept for the ``next-round`` fighter reading."""
    robots: tuple[Robot, ...] = ()
    """The robots in the city, by space (``fs.room-effects.robot.stay``)."""

    def ship(self, ship_id: str) -> Ship:
        """The ship with this id (``KeyError`` if it is not in play)."""
        for ship in self.ships:
            if ship.id == ship_id:
                return ship
        raise KeyError(ship_id)

    def ship_at(self, row: int, column: int) -> Ship | None:
        """The ship on a sky space, if any."""
        for ship in self.ships:
            if ship.row == row and ship.column == column:
                return ship
        return None

    def robot_at(self, row: int, column: int) -> Robot | None:
        """The robot on a city space, if any."""
        for robot in self.robots:
            if robot.row == row and robot.column == column:
                return robot
        return None

    def die_at(self, row: int, column: int) -> PlacedDie | None:
        """The die placed on a city space, if any."""
        for die in self.placed:
            if die.row == row and die.column == column:
                return die
        return None
