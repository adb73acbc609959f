"""3. Mothership phase: the mothership drops a row, carries out its action, launches ships."""

from engine.falling_skies.mothership_phase.actions import mothership_action
from engine.falling_skies.mothership_phase.launch import (
    MAX_LAUNCHES,
    LaunchColumn,
    choose_launch,
    launch,
    launch_columns,
    next_ship,
    setup_launch,
)
from engine.falling_skies.mothership_phase.move import mothership_down

__all__ = [
    "MAX_LAUNCHES",
    "LaunchColumn",
    "choose_launch",
    "launch",
    "launch_columns",
    "mothership_action",
    "mothership_down",
    "next_ship",
    "setup_launch",
]
