"""Interpretation switches for Unknown (PRINCIPLES §5).

Each field is one entry of ``data/interpretations.yaml``: the field name is the ledger ID with
``_`` for ``-``, the default is the ledger's default, and the allowed values are its readings.
``tests/test_ruleset.py`` keeps the two in step.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

LEDGER = Path(__file__).resolve().parent / "data" / "interpretations.yaml"


@dataclass(frozen=True)
class Ruleset:
    """The readings in force for one engine instance."""

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

    def __post_init__(self) -> None:
        ledger = interpretation_ledger()
        for f in dataclasses.fields(self):
            switch = f.name.replace("_", "-")
            value = getattr(self, f.name)
            readings = ledger[switch]["readings"]
            if value not in readings:
                raise ValueError(
                    f"interpretation {switch!r} has no reading {value!r} "
                    f"(readings: {', '.join(readings)})"
                )

    def with_readings(self, **readings: str) -> Ruleset:
        """A copy with some switches set, by ledger ID (``-``) or field name (``_``)."""
        changes = {name.replace("-", "_"): value for name, value in readings.items()}
        unknown = set(changes) - {f.name for f in dataclasses.fields(self)}
        if unknown:
            known = ", ".join(interpretation_ledger())
            raise ValueError(f"no interpretation {sorted(unknown)[0]!r} (known: {known})")
        return dataclasses.replace(self, **changes)


@cache
def interpretation_ledger() -> dict[str, dict]:
    """The ledger entries by ID."""
    data = yaml.safe_load(LEDGER.read_text(encoding="utf-8"))
    return {entry["id"]: entry for entry in data["interpretations"]}


DEFAULT = Ruleset()
