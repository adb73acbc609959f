"""The room phase: the player resolves the placed dice in any order (``fs.rooms.*``).

Entering the phase, dice that can do nothing come off at once (ledger: ``no-effect-dice-removed``):
AA guns (``fs.room-effects.aa-gun``), tunnels and spaces without a room
(``fs.room-effects.tunnel``), robot rooms (readings ``tunnel`` and ``closed`` of
``robot-rooms``) and rooms of several spaces not filled (``fs.multi-space.incomplete``). The rest
wait for a decision: resolve a room (paying its cost, ``fs.cost.pay``), skip it
(``fs.cost.decline``), move the excavator with the digging die (``fs.excavating.move``,
``fs.excavating.cost``), or end the phase, removing what is left (``fs.rooms.unused-removed``).
Under the ``robots`` reading a ready robot counts as a die on its space
(``fs.room-effects.robot.power``, ``robots.py``), and a robot room builds a robot.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.errors import IllegalDecision
from engine.core.frozen import evolve
from engine.falling_skies.board import Board
from engine.falling_skies.dice_phase.placement import digging_die, excavated
from engine.falling_skies.events import Outcome, event
from engine.falling_skies.robots import powers, ready_on, start_build, wear
from engine.falling_skies.room_phase.effects import effects_of, produce_energy, research, shoot
from engine.falling_skies.room_phase.energy import can_pay, paid
from engine.falling_skies.ruleset import Ruleset
from engine.falling_skies.scenario import Room
from engine.falling_skies.state import FSState, PlacedDie


@dataclass(frozen=True)
class ResolveRoom:
    """Resolve a room: pay its cost, then carry out its effect with its value."""

    room: str

    def __str__(self) -> str:
        return f"resolve room {self.room}"


@dataclass(frozen=True)
class SkipRoom:
    """Take a room's dice off without paying or using it."""

    room: str

    def __str__(self) -> str:
        return f"skip room {self.room}"


@dataclass(frozen=True)
class MoveExcavator:
    """Pay one energy to move the excavator to the digging die's space."""

    def __str__(self) -> str:
        return "move the excavator"


@dataclass(frozen=True)
class EndRoomPhase:
    """Finish the room phase; every die still placed comes off unused."""

    def __str__(self) -> str:
        return "end the room phase"


EXCAVATOR_COST = 1
"""The energy a move of the excavator costs, whatever its distance (``fs.excavating.cost``)."""


def dice_on(state: FSState, room: Room) -> list[PlacedDie]:
    """The placed dice on a room's spaces."""
    return [d for d in state.placed if (d.row, d.column) in room.spaces]


def _remove(state: FSState, dice: list[PlacedDie]) -> FSState:
    gone = set(dice)
    return evolve(state, placed=tuple(d for d in state.placed if d not in gone))


def idle_reason(
    board: Board, ruleset: Ruleset, state: FSState, die: PlacedDie
) -> tuple[str, str] | None:
    """Why a placed die can have no effect: ``(clause, reason)``; None if it may act."""
    space = (die.row, die.column)
    if not excavated(board, state, space):
        return None  # the digging die
    room = board.room_at.get(space)
    if room is None:
        return "fs.room-effects.tunnel", "a space without a room does nothing"
    if room.kind == "aa_gun":
        return "fs.room-effects.aa-gun", f"the AA gun {room.id} has no room-phase effect"
    if room.kind == "tunnel":
        return "fs.room-effects.tunnel", f"the tunnel {room.id} does nothing"
    if not effects_of(room.kind, ruleset):
        reading = ruleset.robot_rooms
        return (
            "fs.room-effects.tunnel",
            f"the robot room {room.id} does nothing (reading: {reading})",
        )
    if not all(excavated(board, state, s) for s in room.spaces):
        return "fs.multi-space.full", f"{room.id} is not fully excavated"  # partly-excavated-room
    if len(dice_on(state, room)) + len(ready_on(state, room)) < len(room.spaces):
        return "fs.multi-space.incomplete", f"{room.id} has an empty space"
    return None


def clear_idle_dice(board: Board, ruleset: Ruleset, state: FSState) -> Outcome:
    """Take off, at the start of the room phase, every die that can have no effect."""
    events = []
    for die in state.placed:
        why = idle_reason(board, ruleset, state, die)
        if why is not None:
            clause, reason = why
            text = f"the {die.value} on row {die.row} column {die.column} comes off: {reason}"
            events.append(event("die_removed", clause, text, row=die.row, column=die.column))
            state = _remove(state, [die])
    return state, tuple(events)


def rooms_waiting(board: Board, ruleset: Ruleset, state: FSState) -> list[Room]:
    """The rooms whose dice may still act, in the order of their first die, then the rooms
    only ready robots power (``fs.room-effects.robot.power``)."""
    found: list[Room] = []
    for die in state.placed:
        room = board.room_at.get((die.row, die.column))
        if (
            room is not None
            and room not in found
            and excavated(board, state, (die.row, die.column))
            and idle_reason(board, ruleset, state, die) is None
        ):
            found.append(room)
    for room in robot_rooms_waiting(board, state):
        if room not in found:
            found.append(room)
    return found


def robot_rooms_waiting(board: Board, state: FSState) -> list[Room]:
    """The rooms with no worker die that ready robots fill, space by space: a robot powers its
    room like a worker die (``fs.room-effects.robot.power``), an AA gun or a tunnel not at all
    (``fs.room-effects.robot.aa-gun``)."""
    found: list[Room] = []
    for robot in state.robots:
        room = board.room_at.get((robot.row, robot.column))
        if (
            room is None
            or room in found
            or robot.exhausted
            or not powers(room)
            or dice_on(state, room)
            or len(ready_on(state, room)) < len(room.spaces)
        ):
            continue
        found.append(room)
    return found


def robots_may_act(board: Board, ruleset: Ruleset, state: FSState) -> bool:
    """Whether a room that only robots power can be resolved now (its cost paid), so the room
    phase waits for the player (``fs.room-effects.robot.power``)."""
    return any(
        can_pay(board, ruleset, state.energy, room.cost)
        for room in robot_rooms_waiting(board, state)
    )


def has_idle_dice(board: Board, ruleset: Ruleset, state: FSState) -> bool:
    """Whether a placed die can have no effect (it comes off without a decision)."""
    return any(idle_reason(board, ruleset, state, d) is not None for d in state.placed)


def room_decisions(board: Board, ruleset: Ruleset, state: FSState) -> tuple[object, ...]:
    """Every decision the room phase allows now (``fs.rooms.any-order``)."""
    decisions: list[object] = []
    for room in rooms_waiting(board, ruleset, state):
        if can_pay(board, ruleset, state.energy, room.cost):
            decisions.append(ResolveRoom(room.id))
        if dice_on(state, room):
            decisions.append(SkipRoom(room.id))
    if digging_die(board, state) is not None and can_pay(
        board, ruleset, state.energy, EXCAVATOR_COST
    ):
        decisions.append(MoveExcavator())
    decisions.append(EndRoomPhase())
    return tuple(decisions)


def _waiting_room(board: Board, ruleset: Ruleset, state: FSState, room_id: str) -> Room:
    room = board.rooms.get(room_id)
    if room is None or room not in rooms_waiting(board, ruleset, state):
        raise IllegalDecision(*_not_waiting(state, room, room_id))
    return room


def _not_waiting(state: FSState, room: Room | None, room_id: str) -> tuple[str, str]:
    """Why no die waits on a room: ``(clause, reason)``; a robot on it names the robot rule
    that keeps it idle (``fs.room-effects.robot.aa-gun``, ``fs.room-effects.robot.new-exhausted``,
    ``fs.room-effects.robot.used-exhausted``)."""
    robots = [] if room is None else [r for r in state.robots if (r.row, r.column) in room.spaces]
    if room is None or not robots or dice_on(state, room):
        return "fs.rooms.resolve", f"no die waits on a room {room_id!r}"
    if not powers(room):
        return "fs.room-effects.robot.aa-gun", f"a robot on {room.id} ({room.kind}) has no effect"
    if any(r.new for r in robots):
        return "fs.room-effects.robot.new-exhausted", f"the robot on {room.id} was made this round"
    if any(r.used for r in robots):
        return (
            "fs.room-effects.robot.used-exhausted",
            f"the robot on {room.id} has been used this phase",
        )
    return "fs.multi-space.full", f"{room.id} has a space without a die or a ready robot"


def resolve_room(board: Board, ruleset: Ruleset, state: FSState, room_id: str) -> Outcome:
    """Pay the room's cost once and carry out its effect with its value (``fs.value.sum``,
    ``fs.multi-space.value``; ledger: ``multi-space-cost-once``); its dice come off
    (``fs.rooms.resolve``). A room of two kinds does both with the one value (ledger:
    ``energy-fighter-room``); a robot room makes a robot (``fs.room-effects.robot.build``)."""
    room = _waiting_room(board, ruleset, state, room_id)
    if not can_pay(board, ruleset, state.energy, room.cost):
        raise IllegalDecision(
            "fs.cost.pay", f"{room.id} costs {room.cost} energy; the marker is at {state.energy}"
        )
    dice = dice_on(state, room)
    robots = ready_on(state, room)
    total = sum(d.value for d in dice) + sum(r.value for r in robots)
    value = total + room.modifier
    state = _remove(state, dice)
    state, worn = wear(state, robots)
    events = list(worn)
    if room.cost:
        energy = paid(ruleset, state.energy, room.cost)
        text = (
            f"{room.id} costs {room.cost} energy: the marker goes from {state.energy} to {energy}"
        )
        events.append(event("energy_paid", "fs.cost.pay", text, room=room.id, cost=room.cost))
        state = evolve(state, energy=energy)
    clause = "fs.multi-space.value" if len(room.spaces) > 1 else "fs.value.sum"
    text = f"{room.id} resolves with value {value} (dice {total}, modifier {room.modifier:+d})"
    events.append(event("room_resolved", clause, text, room=room.id, value=value))
    effects = effects_of(room.kind, ruleset)
    if "energy" in effects:
        state, more = produce_energy(board, ruleset, state, room, value, total)
        events.extend(more)
    if "fighter" in effects:
        state, more = shoot(board, ruleset, state, room, value)
        events.extend(more)
    if "research" in effects:
        state, more = research(board, ruleset, state, room, value)
        events.extend(more)
    if "robot" in effects and state.outcome is None:
        state, more = start_build(board, state, room, value)
        events.extend(more)
    return state, tuple(events)


def skip_room(board: Board, ruleset: Ruleset, state: FSState, room_id: str) -> Outcome:
    """Take the room's dice off without effect and without paying (``fs.cost.decline``); any
    room may be skipped, free or not (ledger: ``skip-free-room``)."""
    room = _waiting_room(board, ruleset, state, room_id)
    dice = dice_on(state, room)
    if not dice:
        text = f"no worker die waits on {room.id}: its robots stay, used or not"
        raise IllegalDecision("fs.room-effects.robot.power", text)
    state = _remove(state, dice)
    text = f"{room.id} is skipped: its dice come off unused"
    return state, (event("room_skipped", "fs.cost.decline", text, room=room.id),)


def move_excavator(board: Board, ruleset: Ruleset, state: FSState) -> Outcome:
    """Pay one energy and move the excavator to the digging die (``fs.excavating.move``; ledger:
    ``excavator-moves-to-die``), at any point of the room phase (ledger:
    ``excavator-move-any-time``)."""
    die = digging_die(board, state)
    if die is None:
        raise IllegalDecision("fs.excavating.move", "no die sits on the unexcavated path")
    if not can_pay(board, ruleset, state.energy, EXCAVATOR_COST):
        raise IllegalDecision(
            "fs.excavating.cost",
            f"moving the excavator costs 1 energy; the marker is at {state.energy}",
        )
    energy = paid(ruleset, state.energy, EXCAVATOR_COST)
    target = board.path_index[(die.row, die.column)]
    state = evolve(_remove(state, [die]), energy=energy, excavator=target)
    text = f"the excavator digs forward to row {die.row} column {die.column} for 1 energy"
    return state, (event("excavated", "fs.excavating.move", text, to=target, energy=energy),)


def end_room_phase(state: FSState) -> Outcome:
    """Remove every die left; the mothership phase follows (``fs.rooms.unused-removed``)."""
    events = tuple(
        event(
            "die_removed",
            "fs.rooms.unused-removed",
            f"the unused {d.value} on row {d.row} column {d.column} comes off",
            row=d.row,
            column=d.column,
        )
        for d in state.placed
    )
    return evolve(state, placed=()), events
