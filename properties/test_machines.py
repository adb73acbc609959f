"""Every registered game's state machine (``GameSpec.machine``: ``properties/unknown_machine.py``,
``properties/falling_skies_machine.py``, ``examples/pig/machine.py``, ...) at the loaded profile.

Each machine's module says how much it plays (``EXAMPLES`` examples of up to ``STEPS``
decisions) and may name the Hypothesis health checks its long games trip
(``SUPPRESSED_HEALTH_CHECKS``; by default ``too_slow`` and ``data_too_large``). Each runs as
``Test<Machine>`` (``TestUnknownMachine``), a subclass of the game's machine, so ``rulings fuzz``
keeps its own settings on the class itself; pytest's summary prints what each played, under
"state machines" (``properties/conftest.py``).

A module naming ``LATE_ROUND`` and ``LATE_SHARE`` (Unknown: round 5, a third) also asks that
its run reach the late game: after the machine has run, at least ``LATE_SHARE`` of the examples
it played from a generated set-up (those that took a decision; not those begun at one of its
curated starts, :func:`properties.starts`) must have reached round ``LATE_ROUND``, as counted in
``properties.TALLY`` (:func:`late_share_problem`); the expert player's share of the decisions
(``properties.Mixture``) is what gets them there.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from hypothesis import HealthCheck, settings

from engine.core import registry
from properties import TALLY

SUPPRESSED = (HealthCheck.too_slow, HealthCheck.data_too_large)
"""The health checks suppressed for a machine whose module names none."""
LATE_MIN_EXAMPLES = 15
"""Fewer examples from generated set-ups than this (the quick profile plays a tenth of ``ci``'s:
``rulings verify`` and ``rulings mutate`` run it) say nothing about the late-round share, which
is then not judged; ``ci`` and ``deep`` play more."""


def late_share_problem(game: str, since: dict[str, Any], late_round: int, share: float) -> str:
    """What is wrong with the examples of ``game`` played since the ``TALLY.snapshot`` ``since``
    from a generated set-up (those begun at a curated start, some already late in a mission, are
    not counted): fewer than ``share`` of them reached round ``late_round`` (or none was played);
    ``""`` if nothing, or if fewer than :data:`LATE_MIN_EXAMPLES` were played."""
    rounds = TALLY.coverage(game, since)["generated_rounds"]
    played = sum(rounds.values())
    reached = sum(n for r, n in rounds.items() if int(r) >= late_round)
    if not played:
        return f"{game}: no example took a decision"
    if played < LATE_MIN_EXAMPLES:
        return ""
    if reached < share * played:
        return (
            f"{game}: {reached} of {played} examples ({reached / played:.0%}) reached round "
            f"{late_round}; at least {share:.0%} must (rounds reached: {rounds})"
        )
    return ""


def suite_case(reference: str) -> Any:
    """The unittest case running the machine ``reference`` (``module:Class``) names as the suite
    does: a subclass with its module's example and step counts (and its late-round share)."""
    machine = registry.load_reference(reference)
    module = import_module(machine.__module__)
    suite = type(
        f"Ci{machine.__name__}",
        (machine,),
        {"__doc__": f"{machine.__name__} as the suite runs it.", "__module__": __name__},
    )
    suite.TestCase.settings = settings(
        max_examples=module.EXAMPLES,
        stateful_step_count=module.STEPS,
        deadline=None,
        suppress_health_check=list(getattr(module, "SUPPRESSED_HEALTH_CHECKS", SUPPRESSED)),
    )
    late_round, share = getattr(module, "LATE_ROUND", None), getattr(module, "LATE_SHARE", None)
    if not (late_round and share):
        return suite.TestCase
    plain = suite.TestCase

    def run_and_check_late_rounds(self: Any) -> None:
        before = TALLY.snapshot(module.NAME)
        plain.runTest(self)
        problem = late_share_problem(module.NAME, before, late_round, share)
        assert not problem, problem

    run_and_check_late_rounds.is_hypothesis_test = True  # type: ignore[attr-defined]
    return type(
        plain.__name__, (plain,), {"runTest": run_and_check_late_rounds, "__module__": __name__}
    )


for _spec in registry.games().values():
    if _spec.machine:
        _name = "Test" + _spec.machine.rpartition(":")[2]
        globals()[_name] = suite_case(_spec.machine)
        globals()[_name].__name__ = _name
