"""Unknown as the harness sees it: its entry in the registry of games (PRINCIPLES §9).

Everything the commands, the report, the solver, the fuzzers and the adapters need of Unknown is
reached through :data:`SPEC`; the engine, its files, phrases and drawings load on first use.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.core.registry import (
    GameSpec,
    Opened,
    Phrasebook,
    PlaythroughSetup,
    SetupOption,
    ValidationSetup,
)

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]

DIFFICULTY_CHOICES = ("easy", "normal", "hard")


class UnknownSpec(GameSpec):
    """Unknown: co-operative tile-laying survival."""

    name = "unknown"
    title = "Unknown"
    summary = "co-operative tile-laying survival: explore, gather, fight, feed the base"
    package = "engine.unknown"
    clauses = HERE / "data" / "clauses.yaml"
    ledger = HERE / "data" / "interpretations.yaml"
    features = ROOT / "features" / "unknown"
    machine = "properties.unknown_machine:UnknownMachine"
    openspiel = "engine.openspiel.unknown:UnknownOpenSpielGame"
    rollout_length = 30
    crosschecks = "solver.crosscheck:run_crosschecks"
    playthroughs = (
        PlaythroughSetup(
            "scout-quick-start",
            "the Quick Start Setup of Scout with three survivors (rulings play's default)",
            (("setup", "quick-start"), ("mission", "scout"), ("survivors", 3)),
            (1, 2),
        ),
    )

    def ruleset(self, readings: Mapping[str, str] | None = None) -> Any:
        from engine.unknown.ruleset import DEFAULT

        return DEFAULT.with_readings(**dict(readings or {}))

    def open_data(self, data: dict[str, Any], source: str, ruleset: Any) -> Opened:
        from engine.positions import check_position_data
        from engine.unknown.files import state_from_data
        from engine.unknown.game import UnknownGame

        check_position_data(data, source)
        state = state_from_data(data, source)
        return Opened(self, UnknownGame(ruleset), state, state.position, source)

    def phrasebook(self) -> Phrasebook:
        raise NotImplementedError

    def empty_svg(self, title: str) -> str | None:
        from engine.unknown.position import position_from_data

        empty = position_from_data({"game": "unknown", "tiles": []}, "empty map")
        return self.svg(Opened(self, None, None, empty, "empty map"), title)

    def validation_setups(self) -> tuple[ValidationSetup, ...]:
        """Every mission x difficulty, one player, set up by the Setup section, with a lucky
        search of 2,000 states for a winning playout."""
        from engine.unknown.setup import DIFFICULTIES, setup_data

        return tuple(
            ValidationSetup(
                f"{mission} ({difficulty}, 1 player)",
                (
                    ("setup", "standard"),
                    ("mission", mission),
                    ("difficulty", difficulty),
                    ("players", 1),
                ),
                "solver.validators:unknown_win_search",
                2_000,
            )
            for mission in sorted(setup_data().missions)
            for difficulty in DIFFICULTIES
        )


SPEC = UnknownSpec()
