"""``rulings solve --placement``: the Z3 answer for a dice phase with the dice known
(``solver/z3_falling_skies.py``), for a game whose registry entry names this answer
(``GameSpec.placement``): a placement order, the rooms to resolve, or a proof that none exists.

The questions: ``no-damage`` (a placement taking no damage this dice phase?) and ``research=K``
(one reaching research step K this round?); ``rerolls`` lets Z3 choose a white die's reroll
faces (``luck``) or allows none (``forbid``).
"""

from __future__ import annotations

from typing import Any

import click

from engine.core.errors import PositionError


def dice_phase(
    path: str, game: Any, state: Any, question: str, rerolls: str
) -> tuple[list[str], dict[str, Any]]:
    """The answer's lines and JSON data; a usage error for a question of neither form, a
    ``PositionError`` for a position Z3 cannot be asked about (no dice rolled, ...)."""
    kind, _, value = question.partition("=")
    if kind == "no-damage" and not value:
        target = None
    elif kind == "research" and value.isdigit():
        target = int(value)
    else:
        raise click.BadParameter(
            f"{question!r} is neither 'no-damage' nor 'research=K'", param_hint="--placement"
        )
    from solver.z3_falling_skies import no_damage_placement, research_placement

    try:
        if target is None:
            plan = no_damage_placement(game.scenario, game.ruleset, state, rerolls)
        else:
            plan = research_placement(game.scenario, game.ruleset, state, target, rerolls)
    except ValueError as error:
        raise PositionError(path, "file", str(error)) from None
    asked = "takes no damage" if target is None else f"reaches research step {target}"
    found = (
        None
        if plan is None
        else {
            "moves": [str(m) for m in plan.moves],
            "rooms": list(plan.rooms),
            "relies_on_rerolls": plan.relies_on_rerolls,
        }
    )
    data = {"question": question, "rerolls": rerolls, "placement": found}
    if plan is None:
        return [f"no placement {asked} (proved by Z3, rerolls: {rerolls})"], data
    luck = " (counting on the reroll faces shown)" if plan.relies_on_rerolls else ""
    return [f"a placement that {asked}{luck}: {plan}"], data
