"""Solo Pig states in position files, so play can resume mid-turn (PRINCIPLES §2).

A Pig position file (``game: pig``; format and defaults in ``data/position.schema.json``) holds
the whole :class:`~examples.pig.state.PigState`:

.. code-block:: yaml

    game: pig
    target: 20          # pig.game.target (default 20)
    turns: 5            # pig.game.turns (default 5)
    turn: 3             # default 1
    bank: 11            # default 0
    turn_total: 8       # default 0
    die: down           # rolling | down; default rolling at turn total 0, down otherwise
    outcome: {result: win, clause: pig.end.win, why: ...}   # once the game is over

:func:`state_from_data` checks what the schema cannot (the turn within the agreed turns, a turn
total no roll can make, a game that should already be over, an outcome the bank contradicts) and
raises :class:`~engine.core.errors.PositionError` naming the entry and the clause.
:func:`state_to_data` writes the canonical form, defaults left out; :func:`save_state` checks
that the text reads back as the same state, then writes it atomically.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from engine.core.errors import PositionError
from engine.core.textfiles import write_atomically, yaml_flow
from examples.pig.ruleset import DEFAULT, Ruleset
from examples.pig.state import DEFAULT_TARGET, DEFAULT_TURNS, Outcome, PigState

GAME = "pig"
SCHEMA_PATH = Path(__file__).resolve().parent / "data" / "position.schema.json"
ORDER = ("game", "target", "turns", "turn", "bank", "turn_total", "die", "outcome")
"""The canonical order of a file's keys (a ``puzzle`` entry is not part of the state)."""


@cache
def position_schema() -> dict[str, Any]:
    """The JSON Schema of Pig position files."""
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


def check_data(data: Any, source: str) -> dict[str, Any]:
    """Parsed file data checked against the schema (``PositionError`` naming the entry)."""
    from engine.positions import check_against

    if not isinstance(data, dict):
        raise PositionError(source, "file", "a position file must be a mapping with a 'game' key")
    check_against(position_schema(), data, source)
    return data


# -- reading --------------------------------------------------------------------------------------
def state_from_data(data: dict[str, Any], source: str, ruleset: Ruleset = DEFAULT) -> PigState:
    """A checked state from file data; ``PositionError`` names the bad entry."""
    check_data(data, source)
    turn_total = data.get("turn_total", 0)
    outcome = _outcome(data.get("outcome"))
    die = data.get("die", "rolling" if turn_total == 0 and outcome is None else "down")
    state = PigState(
        target=data.get("target", DEFAULT_TARGET),
        turns=data.get("turns", DEFAULT_TURNS),
        turn=data.get("turn", 1),
        bank=data.get("bank", 0),
        turn_total=turn_total,
        rolling=die == "rolling",
        outcome=outcome,
    )
    problem = state_problem(state, ruleset)
    if problem is not None:
        raise PositionError(source, *problem)
    return state


def _outcome(entry: dict[str, str] | None) -> Outcome | None:
    if entry is None:
        return None
    return entry["result"], entry["clause"], entry["why"]


def state_problem(state: PigState, ruleset: Ruleset = DEFAULT) -> tuple[str, str] | None:
    """``(entry, problem)`` if no play of the rules reaches ``state``, else ``None``."""
    if state.turn > state.turns:
        return "turn", f"turn {state.turn} is past the {state.turns} agreed turns (pig.game.turns)"
    if state.turn_total == 1:
        return (
            "turn_total",
            "no roll makes a turn total of 1: a 1 ends the turn (pig.turn.roll-one)",
        )
    if state.outcome is not None:
        return _over_problem(state)
    if state.turn_total == 0 and not state.rolling:
        return (
            "die",
            "a turn opens with a roll: at turn total 0 the die is rolling (pig.turn.first-roll)",
        )
    if state.bank >= state.target:
        return (
            "bank",
            f"a bank of {state.bank} has reached the target {state.target}: the game is won (pig.end.win)",
        )
    if ruleset.target_reached == "at-once" and state.bank + state.turn_total >= state.target:
        return (
            "turn_total",
            f"bank and turn total make {state.bank + state.turn_total} of {state.target}: read "
            "at-once, that roll won (pig.end.win)",
        )
    return None


def _over_problem(state: PigState) -> tuple[str, str] | None:
    """What contradicts the outcome of a finished game (``pig.end.win``, ``pig.end.lose``)."""
    assert state.outcome is not None
    result, clause, _ = state.outcome
    if (result, clause) not in (("win", "pig.end.win"), ("loss", "pig.end.lose")):
        return "outcome.clause", f"a {result} is not ended by {clause}"
    if state.turn_total or state.rolling:
        return "outcome", "a finished game has no turn total and no rolling die (pig.end.over)"
    if result == "win" and state.bank < state.target:
        return "outcome", f"a win needs the bank at the target: {state.bank} of {state.target}"
    if result == "loss" and state.bank >= state.target:
        return (
            "outcome",
            f"a bank of {state.bank} has reached the target {state.target}: not a loss",
        )
    if result == "loss" and state.turn != state.turns:
        return "outcome", f"a loss comes after the last turn: turn {state.turn} of {state.turns}"
    return None


# -- writing --------------------------------------------------------------------------------------
def state_to_data(state: PigState) -> dict[str, Any]:
    """The state as position-file data, in canonical order, defaults left out (target and turns
    are always written: they are the game agreed on)."""
    data: dict[str, Any] = {"game": GAME, "target": state.target, "turns": state.turns}
    if state.turn != 1:
        data["turn"] = state.turn
    if state.bank:
        data["bank"] = state.bank
    if state.turn_total:
        data["turn_total"] = state.turn_total
    default_rolling = state.turn_total == 0 and state.outcome is None
    if state.rolling != default_rolling:
        data["die"] = "rolling" if state.rolling else "down"
    if state.outcome is not None:
        result, clause, why = state.outcome
        data["outcome"] = {"result": result, "clause": clause, "why": why}
    return data


def state_to_text(state: PigState, as_json: bool = False) -> str:
    """The state as the text of a YAML (or JSON) position file."""
    data = state_to_data(state)
    if as_json:
        return json.dumps(data, indent=2) + "\n"
    return "".join(f"{key}: {yaml_flow(value)}\n" for key, value in data.items())


def state_from_text(
    text: str, source: str, as_json: bool = False, ruleset: Ruleset = DEFAULT
) -> PigState:
    """The state a position file's text describes, checked like a file."""
    from engine.positions import parse_position_text

    return state_from_data(parse_position_text(text, source, as_json), source, ruleset)


# -- files ----------------------------------------------------------------------------------------
def load_state(path: str | Path, ruleset: Ruleset = DEFAULT) -> PigState:
    """Load a Pig position file (``PositionError`` for any problem, naming the entry)."""
    from engine.positions import read_text

    path = Path(path)
    return state_from_text(read_text(path), str(path), path.suffix.lower() == ".json", ruleset)


def save_state(state: PigState, path: str | Path, ruleset: Ruleset = DEFAULT) -> Path:
    """Write ``state`` to ``path`` (JSON by ``.json``, else YAML), whole or not at all.

    The text is checked to read back as the same state before anything is written."""
    path = Path(path)
    as_json = path.suffix.lower() == ".json"
    text = state_to_text(state, as_json)
    if state_from_text(text, str(path), as_json, ruleset) != state:
        raise ValueError(f"{path}: the state does not read back unchanged from its file form")
    write_atomically(path, text)
    return path
