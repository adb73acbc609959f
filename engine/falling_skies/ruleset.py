"""Interpretation switches for Under Falling Skies (PRINCIPLES §5).

Each field is one entry of ``data/interpretations.yaml``: the field name is the ledger ID with
``_`` for ``-``, the default is the ledger's default, and the allowed values are its readings.
``tests/test_falling_skies_engine.py`` keeps the two in step.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from engine.core.ruleset import Switches, load_ledger

LEDGER = Path(__file__).resolve().parent / "data" / "interpretations.yaml"


@dataclass(frozen=True)
class Ruleset(Switches):
    """The readings in force for one engine instance."""

    LEDGER: ClassVar[Path] = LEDGER

    dice_count: str = "text"
    fighter_timing: str = "same-round"
    energy_direction: str = "counts-left"
    energy_gain: str = "room-value"
    excavator_distance: str = "path-steps"
    aa_gun_other_rows: str = "first-row-only"
    research_multi_step: str = "sum"
    robot_rooms: str = "tunnel"
    sky_row_3_excavated: str = "as-scenario"
    damage_track_length: str = "as-scenario"


def interpretation_ledger() -> dict[str, dict]:
    """The ledger entries by ID."""
    return load_ledger(LEDGER)


DEFAULT = Ruleset()
