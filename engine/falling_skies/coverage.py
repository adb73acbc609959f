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
LEFT_OUT = ("pending", "puzzle", "marks", "outcome", "excavator")
"""Entries generated positions leave out: steps in motion, marks naming ships, and an
excavator spot, which a generator picking them at random would hardly ever get right."""


def position_schema() -> Any:
    """The position schema with its Falling Skies part narrowed (:func:`narrowed`)."""
    from engine.core.registry import PositionSchema
    from engine.positions import position_schema as schema

    whole = schema()
    return PositionSchema(whole, narrowed(whole))


def narrowed(schema: dict[str, Any]) -> dict[str, Any]:
    """The Falling Skies part of the position schema, self-contained, with the shipped
    scenarios' names, counts a little above their least values, a few dice and ships near the
    top left (:data:`LEFT_OUT` left out)."""
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
    return {**part, "$defs": defs}
