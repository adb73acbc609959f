"""Interpretation switches for Unknown (PRINCIPLES §5).

Each field is one entry of ``data/interpretations.yaml``: the field name is the ledger ID with
``_`` for ``-``, the default is the ledger's default, and the allowed values are its readings.
``tests/test_ruleset.py`` keeps the two in step.
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

    range_endpoints: str = "exempt"
    los_impassable_origin: str = "blocked"
    knockback_stop_at_start: str = "allowed"
    knockback_impassable_start: str = "own-tile-passable"
    knockback_mover_order: str = "farthest-first"
    impassable_tile_target: str = "reachable"
    clear_without_requirement: str = "allowed"
    respawn_turn: str = "keeps-ap"
    stranger_entry: str = "from-outside"
    stranger_entry_target: str = "any-in-range"
    collapse_knockback: str = "one-tile"
    collapse_origin_knockback: str = "always"
    hazard_origin_shield: str = "all-shields"
    objective_token_nearest: str = "map-steps"
    blaze_flight: str = "through-fire"
    flood_gatherable: str = "has-resources"
    muddy_knockback_route: str = "tiles-entered"
    spawn_combat_order: str = "combat-first"
    nurse_incapacitated: str = "still-helps"
    runner_cleared_hazards: str = "counts"
    nurse_heal_bonus: str = "next-turn"
    foraging_plant_overflow: str = "left-on-tile"
    task_info_after_completion: str = "ends"
    scouts_peek_cost: str = "free"
    strategist_move_incapacitated: str = "refused"
    hunter_combat_kill: str = "took-part"
    console_reshuffle: str = "current-pile"
    refugee_ap_refund: str = "no-refund"
    survivors_per_player: str = "equal-shares"
    difficulty_score: str = "change-from-normal"
    fence_against_enemies: str = "like-barrier"


def interpretation_ledger() -> dict[str, dict]:
    """The ledger entries by ID."""
    return load_ledger(LEDGER)


DEFAULT = Ruleset()
