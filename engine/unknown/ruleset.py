"""Interpretation switches for Unknown (PRINCIPLES §5).

Each field is one entry of ``data/interpretations.yaml``: the field name is the ledger ID with
``_`` for ``-``; its default is the ledger's (set by ``ledger_switches``, which also refuses a
field the ledger lacks or a switch with no field), and the allowed values are its readings.
``tests/test_ruleset.py`` keeps the two in step.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from engine.core.frozen import hash_once
from engine.core.ruleset import Switches, ledger_switches, load_ledger

LEDGER = Path(__file__).resolve().parent / "data" / "interpretations.yaml"


@hash_once
@dataclass(frozen=True)
@ledger_switches
class Ruleset(Switches):
    """The readings in force for one engine instance."""

    LEDGER: ClassVar[Path] = LEDGER

    range_endpoints: str
    los_impassable_origin: str
    knockback_stop_at_start: str
    knockback_impassable_start: str
    knockback_mover_order: str
    impassable_tile_target: str
    clear_without_requirement: str
    respawn_turn: str
    stranger_entry: str
    stranger_entry_target: str
    collapse_knockback: str
    collapse_origin_knockback: str
    hazard_origin_shield: str
    objective_token_nearest: str
    blaze_flight: str
    flood_gatherable: str
    muddy_knockback_route: str
    spawn_combat_order: str
    nurse_incapacitated: str
    runner_cleared_hazards: str
    nurse_heal_bonus: str
    foraging_plant_overflow: str
    task_info_after_completion: str
    scouts_peek_cost: str
    strategist_move_incapacitated: str
    hunter_combat_kill: str
    console_reshuffle: str
    refugee_ap_refund: str
    survivors_per_player: str
    difficulty_score: str
    fence_against_enemies: str
    knockback_distance: str
    outnumber_reduction: str


def interpretation_ledger() -> dict[str, dict]:
    """The ledger entries by ID."""
    return load_ledger(LEDGER)


DEFAULT = Ruleset()
