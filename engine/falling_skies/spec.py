"""Under Falling Skies as the harness sees it: its entry in the registry of games (PRINCIPLES §9).

Everything the commands, the report, the solver, the fuzzers and the adapters need of the game is
reached through :data:`SPEC`; the engine, its files, phrases and drawings load on first use.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.core.registry import GameSpec, Opened, Phrasebook, ValidationSetup

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


class FallingSkiesSpec(GameSpec):
    """Under Falling Skies: solo dice placement against the descending mothership."""

    name = "falling-skies"
    title = "Under Falling Skies"
    summary = "solo dice placement: shoot the ships down, dig, research before the city falls"
    package = "engine.falling_skies"
    clauses = HERE / "data" / "clauses.yaml"
    ledger = HERE / "data" / "interpretations.yaml"
    features = ROOT / "features" / "falling_skies"
    machine = "properties.falling_skies_machine:FallingSkiesMachine"
    openspiel = "engine.openspiel.falling_skies:FallingSkiesOpenSpielGame"

    def ruleset(self, readings: Mapping[str, str] | None = None) -> Any:
        from engine.falling_skies.ruleset import DEFAULT

        return DEFAULT.with_readings(**dict(readings or {}))

    def open_data(self, data: dict[str, Any], source: str, ruleset: Any) -> Opened:
        from engine.falling_skies.files import position_from_data
        from engine.falling_skies.game import FallingSkiesGame
        from engine.positions import check_position_data

        check_position_data(data, source)
        position = position_from_data(data, source, ruleset, Path(source).parent)
        game = FallingSkiesGame(position.scenario, ruleset)
        return Opened(self, game, position.state, position, source)

    def phrasebook(self) -> Phrasebook:
        raise NotImplementedError

    def validation_setups(self) -> tuple[ValidationSetup, ...]:
        """The default board, with a lucky search of up to 300,000 states for a winning
        playout (it finds one)."""
        return (
            ValidationSetup(
                "pnp-easy",
                (("scenario", "default"),),
                "solver.validators:falling_skies_win",
                300_000,
            ),
        )


SPEC = FallingSkiesSpec()
