"""Solo Pig as the harness sees it: its entry in the registry of games (PRINCIPLES §9).

``pyproject.toml`` registers :data:`SPEC` as the entry point ``pig`` of the group
``rulings.games``. Everything the commands, the report, the solver, the fuzzers and the golden
playthroughs need of the game is reached through it; the engine, its files, phrases and drawings
are imported when first asked for, so registering the game costs almost nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.core.registry import (
    BenchmarkSetup,
    GameSpec,
    NewGame,
    Opened,
    Phrasebook,
    PlaythroughSetup,
    PositionSchema,
    SetupOption,
    SetupRefused,
)

HERE = Path(__file__).resolve().parent


class PigSpec(GameSpec):
    """Solo Pig: roll one die, bank points before a 1 wipes the turn, reach the target in time."""

    name = "pig"
    title = "Solo Pig"
    summary = "the folk dice game alone: roll or hold, reach the target before the turns run out"
    package = "examples.pig"
    clauses = HERE / "data" / "clauses.yaml"
    ledger = HERE / "data" / "interpretations.yaml"
    mutation_skip = (
        "drawing.py",
        "files.py",
        "machine.py",
        "openspiel.py",
        "phrases.py",
        "spec.py",
        "steps.py",
    )
    mutants = HERE / "data" / "mutants.yaml"
    features = HERE / "features"
    puzzles = (HERE / "positions",)
    steps = "examples.pig.steps"
    machine = "examples.pig.machine:PigMachine"
    openspiel = "examples.pig.openspiel:PigOpenSpielGame"
    setup_options = (
        SetupOption("target", "The score to reach (pig.game.target).", 20, kind=int),
        SetupOption("turns", "The number of turns to reach it in (pig.game.turns).", 5, kind=int),
    )
    benchmark_setups = (BenchmarkSetup("to-20"),)
    playthroughs = (
        PlaythroughSetup("to-20", "the default game: target 20 in 5 turns", (), (1, 2)),
        PlaythroughSetup(
            "to-10", "a short game: target 10 in 2 turns", (("target", 10), ("turns", 2)), (3,)
        ),
    )
    rollout_length = 0
    drawing = "examples.pig.drawing:draw_pig"
    examples = {
        "show": ("rulings show examples/pig/positions/mid-turn.yaml --svg /tmp/pig.svg",),
        "resolve": (
            'rulings resolve examples/pig/positions/mid-turn.yaml "hold"',
            'rulings resolve examples/pig/positions/mid-turn.yaml "roll" --out /tmp/rolling.yaml',
            'rulings resolve /tmp/rolling.yaml "roll 4"',
        ),
        "play": ("rulings play pig --target 30 --turns 6 --seed 2 --random",),
        "solve": ("rulings solve examples/pig/positions/hold-or-roll.yaml",),
    }

    # -- the rules ---------------------------------------------------------------------------
    def ruleset(self, readings: Mapping[str, str] | None = None) -> Any:
        """The ruleset with ``readings`` (switch -> reading) applied (``ValueError`` if bad)."""
        from examples.pig.ruleset import DEFAULT

        return DEFAULT.with_readings(**dict(readings or {}))

    def new_game(self, ruleset: Any, seed: int, options: Mapping[str, Any]) -> NewGame:
        """``pig.game.target`` / ``pig.game.turns``: a game to the agreed target in the agreed
        turns, its first roll under way (``pig.turn.first-roll``). The seed changes nothing:
        chance stays explicit in the state's chance nodes."""
        from examples.pig.game import PigGame, event
        from examples.pig.state import LIMIT, first_state

        del seed
        chosen = {option.name: options.get(option.name) for option in self.setup_options}
        values = {
            option.name: option.default if chosen[option.name] is None else chosen[option.name]
            for option in self.setup_options
        }
        for option in self.setup_options:
            value = values[option.name]
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= LIMIT:
                raise SetupRefused(option.flag, f"{option.name} must be a whole number 1-{LIMIT}")
        state = first_state(values["target"], values["turns"])
        text = f"a game to {state.target} in {state.turns} turns: turn 1 begins, the die is rolled"
        start = event("turn", "pig.turn.first-roll", text, turn=1)
        return NewGame(PigGame(ruleset), state, (start,))

    # -- files -------------------------------------------------------------------------------
    def open_data(self, data: dict[str, Any], source: str, ruleset: Any) -> Opened:
        """A parsed Pig position file, checked by its schema and the rules."""
        from examples.pig.files import state_from_data
        from examples.pig.game import PigGame

        state = state_from_data(data, source, ruleset)
        return Opened(self, PigGame(ruleset), state, state, source)

    def save(self, game: Any, state: Any, path: Path, opened: Opened | None = None) -> None:
        """Write ``state`` as a position file, whole or not at all (a Pig file refers to no
        other file, so where it was opened from does not matter)."""
        from examples.pig.files import save_state

        save_state(state, path, game.ruleset)

    def position_text(self, game: Any, state: Any, opened: Opened | None = None) -> str:
        """``state`` as the text of a YAML position file."""
        from examples.pig.files import state_to_text

        return state_to_text(state)

    # -- words and pictures ------------------------------------------------------------------
    def phrasebook(self) -> Phrasebook:
        """``roll``, ``hold``, ``roll F`` and ``option N``, read and said."""
        from examples.pig.phrases import PHRASEBOOK

        return PHRASEBOOK

    def text(self, opened: Opened, title: str) -> str:
        """The text drawing ``rulings show`` prints."""
        from examples.pig.drawing import text

        return text(opened.state, title)

    def svg(self, opened: Opened, title: str) -> str:
        """The self-contained SVG drawing."""
        from examples.pig.drawing import svg

        return svg(opened.state, title)

    def position_schema(self) -> PositionSchema:
        """Pig's own position schema; narrowed to scores, turns and totals of a short game, so
        that a good share of what is generated is a game the rules accept (a turn within the
        agreed turns, a turn total of 0 or 2 and more)."""
        from examples.pig.files import position_schema

        whole = position_schema()
        return PositionSchema(whole, _narrowed(whole))

    def empty_svg(self, title: str) -> str | None:
        """Pig has no board: a game about to begin (the default set-up) stands for it."""
        from examples.pig.drawing import svg
        from examples.pig.state import first_state

        return svg(first_state(), title)

    def progress(self, game: Any, state: Any) -> float:
        """Bank plus turn total as a share of the target (1 once won)."""
        if state.outcome is not None:
            return 1.0 if state.outcome[0] == "win" else 0.0
        return min(1.0, (state.bank + state.turn_total) / state.target)


SHORT_GAME = 12
"""The largest target, number of turns and turn generated positions hold; their bank and turn
total go to twice that (a game won on its last roll banks more than its target)."""


def _narrowed(schema: dict[str, Any]) -> dict[str, Any]:
    """Pig's position schema with its numbers kept to a short game's (:data:`SHORT_GAME`) and
    no puzzle entry (a puzzle's question changes nothing of the state)."""
    import copy

    narrowed = copy.deepcopy(schema)
    fields = narrowed["properties"]
    fields.pop("puzzle")
    for key in ("target", "turns", "turn"):
        fields[key] = {**fields[key], "maximum": SHORT_GAME}
    for key in ("bank", "turn_total"):
        fields[key] = {**fields[key], "maximum": 2 * SHORT_GAME}
    return narrowed


SPEC = PigSpec()
