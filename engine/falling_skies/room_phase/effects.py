"""What the excavated rooms do when resolved (``fs.room-effects.*``)."""

from __future__ import annotations

from engine.core.frozen import evolve
from engine.falling_skies.board import Board
from engine.falling_skies.endgame import win
from engine.falling_skies.events import Outcome, event
from engine.falling_skies.mothership_phase.move import recover
from engine.falling_skies.room_phase.energy import gained
from engine.falling_skies.ruleset import Ruleset
from engine.falling_skies.scenario import Room
from engine.falling_skies.state import FSState, Ship

EFFECTS: dict[str, tuple[str, ...]] = {
    "energy": ("energy",),
    "fighter": ("fighter",),
    "research": ("research",),
    "robot": ("robot",),
    "energy_fighter": ("energy", "fighter"),
    "energy_robot": ("energy", "robot"),
    "research_fighter": ("research", "fighter"),
}
"""The effects of each kind of room that has any; a combined kind gives both with the room's one
value (ledger: ``energy-fighter-room``)."""


def effects_of(kind: str, ruleset: Ruleset) -> tuple[str, ...]:
    """The effects a room of ``kind`` has under ``ruleset``: a robot room's robot only under the
    ``robots`` reading of ``robot-rooms`` (``fs.room-effects.robot.build``)."""
    effects = EFFECTS.get(kind, ())
    if ruleset.robot_rooms != "robots":
        effects = tuple(e for e in effects if e != "robot")
    return effects


def produce_energy(
    board: Board, ruleset: Ruleset, state: FSState, room: Room, value: int, dice: int
) -> Outcome:
    """An energy room adds its value (or its dice, reading ``energy-gain``) to the track,
    never past the maximum (``fs.room-effects.energy``); a value below 0 adds nothing (ledger:
    ``negative-room-value``)."""
    amount = max(value if ruleset.energy_gain == "room-value" else dice, 0)
    energy = gained(board, ruleset, state.energy, amount)
    text = f"{room.id} produces {amount} energy: the marker goes from {state.energy} to {energy}"
    state = evolve(state, energy=energy)
    return state, (
        event("energy_gained", "fs.room-effects.energy", text, room=room.id, amount=amount),
    )


def fighter_targets(board: Board, ruleset: Ruleset, state: FSState, value: int) -> list[Ship]:
    """The ships a fighter of ``value`` shoots (``fs.room-effects.fighter``, ``fs.ships.explosion``).

    Every such ship in the sky, whatever its column (ledger: ``fighter-whole-sky``).
    ``same-round``: ships standing on an explosion icon numbered at most ``value``.
    ``next-round``: ships marked by such an icon in the previous round, still in the sky.
    """
    if ruleset.fighter_timing == "next-round":
        marked = {s for s, number, r in state.marks if r == state.round - 1 and number <= value}
        return [s for s in state.ships if s.id in marked and not s.waiting]
    targets = []
    for ship in state.ships:
        if ship.waiting:
            continue
        icon = board.icons.get((ship.row, ship.column), "")
        if icon.startswith("X") and int(icon[1:]) <= value:
            targets.append(ship)
    return targets


def shoot(board: Board, ruleset: Ruleset, state: FSState, room: Room, value: int) -> Outcome:
    """Shoot down every target: purple ships go back aboard; white ones (the print-and-play red
    reinforcements) go back aboard too under the published ``returns`` reading of
    ``white-shot-down``, or leave the game under the summary's ``leaves-game``
    (``fs.room-effects.fighter.fate``, ``fs.white-ships.shot-down``)."""
    targets = fighter_targets(board, ruleset, state, value)
    if not targets:
        text = f"{room.id} (value {value}) finds no ship to shoot"
        return state, (event("no_target", "fs.room-effects.fighter", text, room=room.id),)
    events = []
    for ship in targets:
        if ship.color == "white" and ruleset.white_shot_down == "leaves-game":
            state = evolve(
                state,
                ships=tuple(s for s in state.ships if s.id != ship.id),
                marks=tuple(m for m in state.marks if m[0] != ship.id),
                whites_destroyed=state.whites_destroyed + 1,
            )
            text = f"{room.id} shoots down white ship {ship.id}: it leaves the game"
            events.append(event("ship_destroyed", "fs.white-ships.shot-down", text, ship=ship.id))
        else:
            state, more = recover(
                state, ship, "fs.room-effects.fighter.fate", f"is shot down by {room.id}"
            )
            events.extend(more)
    return state, tuple(events)


def climb(ruleset: Ruleset, requirements: tuple[int, ...], start: int, value: int) -> int:
    """The research step reached from ``start`` with ``value`` (reading ``research-multi-step``).

    ``sum``: climb while the requirements passed add up to at most ``value``.
    ``each-step``: climb while the next step's own requirement is at most ``value``.
    """
    step, spent = start, 0
    while step < len(requirements):
        need = requirements[step]
        if ruleset.research_multi_step == "sum":
            if spent + need > value:
                break
            spent += need
        elif need > value:
            break
        step += 1
    return step


def research(board: Board, ruleset: Ruleset, state: FSState, room: Room, value: int) -> Outcome:
    """A research room climbs the track; reaching the top wins at once
    (``fs.room-effects.research.step``, ``fs.room-effects.research.multi``, ``fs.end.win``)."""
    track = board.scenario.research
    step = climb(ruleset, track, state.research, value)
    clause = (
        "fs.room-effects.research.multi"
        if step - state.research > 1
        else "fs.room-effects.research.step"
    )
    if step == state.research:
        need = track[step] if step < len(track) else 0
        text = f"{room.id} (value {value}) does not reach the next research step (needs {need})"
        return state, (event("research_stalled", clause, text, room=room.id),)
    text = f"{room.id} (value {value}) raises research from {state.research} to {step}"
    events = (event("research", clause, text, room=room.id, frm=state.research, to=step),)
    state = evolve(state, research=step)
    if step == len(track):
        state, won = win(state, "research reached the top of its track")
        return state, events + won
    return state, events
