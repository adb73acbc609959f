"""What Under Falling Skies hands the harness's property over schema-valid position files: the
position schema with its Falling Skies part narrowed (:func:`position_schema`).

Nothing here is imported at module level beyond the standard library: the spec module that
names these functions stays light.
"""

from __future__ import annotations

import copy
from typing import Any

SPAN = 2
"""How far above its least value a generated count goes (round, energy, damage, ...)."""
MOST_DICE = 5
"""The most dice rolled, dice placed and ships of a generated position."""
MOST_ROW, MOST_COLUMN = 4, 5
"""The farthest sky or city row and column a generated die or ship stands on."""
COUNTS = ("round", "mothership_row", "research", "energy", "damage", "whites_destroyed")
ENDING = "fs.end."
"""The prefix of the clauses that end a game."""
MOST_PENDING = 2
"""The most steps in motion of a generated position, and the most ships a launch step asks."""
LEFT_OUT = ("puzzle", "marks")
"""Entries generated positions leave out: a puzzle changes nothing of the state, and a mark
names a ship, which a generator picking names at random would hardly ever get right."""


def position_schema() -> Any:
    """The position schema with its Falling Skies part narrowed (:func:`narrowed`)."""
    from engine.core.registry import PositionSchema
    from engine.positions import position_schema as schema

    whole = schema()
    return PositionSchema(whole, narrowed(whole))


def narrowed(schema: dict[str, Any]) -> dict[str, Any]:
    """The Falling Skies part of the position schema, self-contained, with the shipped
    scenarios' names and the game-ending clauses, counts a little above their least values, a
    few dice, ships and steps in motion near the top left (:data:`LEFT_OUT` left out)."""
    from engine.falling_skies.files import shipped_scenarios

    defs = copy.deepcopy(schema["$defs"])
    part = defs["falling_skies"]
    falling = part["properties"]
    falling["scenario"] = {"enum": shipped_scenarios()}
    for key in LEFT_OUT:
        falling.pop(key)
    for key in COUNTS:
        falling[key] = {**falling[key], "maximum": falling[key]["minimum"] + SPAN}
    for key in ("rolled", "placed", "ships"):
        falling[key] = {**falling[key], "maxItems": MOST_DICE}
    for key in ("placed", "ships"):
        where = falling[key]["items"]["properties"]
        where["row"] = {**where["row"], "maximum": MOST_ROW}
        where["column"] = {**where["column"], "maximum": MOST_COLUMN}
    falling["excavator"] = {
        **falling["excavator"],
        "items": {"enum": list(range(1, MOST_COLUMN + 1))},
    }
    falling["pending"] = pending_steps(falling["pending"])
    outcome = falling["outcome"]["properties"]
    outcome["clause"] = {"enum": ending_clauses()}
    return {**part, "$defs": defs}


def ending_clauses() -> list[str]:
    """The clauses of the clause index that end a game (``fs.end.*``)."""
    from engine.core.clauses import clause_index

    return sorted(c for c in clause_index("falling_skies").clauses if c.startswith(ENDING))


def pending_steps(pending: dict[str, Any]) -> dict[str, Any]:
    """The ``pending`` entry with its steps' ``prefixItems`` (draft 2020-12) written as the
    older array form of ``items`` that hypothesis-jsonschema reads, each step's count small."""
    step = pending["items"]
    head, count = step["prefixItems"]
    items = [head, {**count, "maximum": MOST_PENDING}]
    rest = {k: v for k, v in step.items() if k != "prefixItems"}
    return {**pending, "maxItems": MOST_PENDING, "items": {**rest, "items": items}}
