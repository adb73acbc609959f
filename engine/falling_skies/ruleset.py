"""Interpretation switches for Under Falling Skies (PRINCIPLES §5).

Each field is one entry of ``data/interpretations.yaml``: the field name is the ledger ID with
``_`` for ``-``; its default is the ledger's (set by ``ledger_switches``, which also refuses a
field the ledger lacks or a switch with no field), and the allowed values are its readings.
``tests/test_falling_skies_engine.py`` keeps the two in step.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from engine.core.ruleset import Switches, ledger_switches, load_ledger

LEDGER = Path(__file__).resolve().parent / "data" / "interpretations.yaml"


@dataclass(frozen=True)
@ledger_switches
class Ruleset(Switches):
    """The readings in force for one engine instance."""

    LEDGER: ClassVar[Path] = LEDGER

    dice_count: str
    fighter_timing: str
    energy_direction: str
    energy_gain: str
    excavator_distance: str
    aa_gun_other_rows: str
    research_multi_step: str
    robot_rooms: str
    sky_row_3_excavated: str
    damage_track_length: str
    white_shot_down: str
    white_supply_short: str
    launch_all_columns_taken: str


def interpretation_ledger() -> dict[str, dict]:
    """The ledger entries by ID."""
    return load_ledger(LEDGER)


DEFAULT = Ruleset()
