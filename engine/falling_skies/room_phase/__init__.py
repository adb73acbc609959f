"""2. Room phase: the placed dice take effect, in the order the player chooses."""

from engine.falling_skies.room_phase.rooms import (
    EndRoomPhase,
    MoveExcavator,
    ResolveRoom,
    SkipRoom,
    clear_idle_dice,
    end_room_phase,
    has_idle_dice,
    move_excavator,
    resolve_room,
    robots_may_act,
    room_decisions,
    skip_room,
)

__all__ = [
    "EndRoomPhase",
    "MoveExcavator",
    "ResolveRoom",
    "SkipRoom",
    "clear_idle_dice",
    "end_room_phase",
    "has_idle_dice",
    "move_excavator",
    "resolve_room",
    "robots_may_act",
    "room_decisions",
    "skip_room",
]
