"""Every registered game's state machine (``GameSpec.machine``: ``properties/unknown_machine.py``,
``properties/falling_skies_machine.py``, ``examples/pig/machine.py``, ...) at the loaded profile.

Each machine's module says how much it plays (``EXAMPLES`` examples of up to ``STEPS``
decisions) and may name the Hypothesis health checks its long games trip
(``SUPPRESSED_HEALTH_CHECKS``; by default ``too_slow`` and ``data_too_large``). Each runs as
``Test<Machine>`` (``TestUnknownMachine``), a subclass of the game's machine, so ``rulings fuzz``
keeps its own settings on the class itself; pytest's summary prints what each played, under
"state machines" (``properties/conftest.py``).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from hypothesis import HealthCheck, settings

from engine.core import registry

SUPPRESSED = (HealthCheck.too_slow, HealthCheck.data_too_large)
"""The health checks suppressed for a machine whose module names none."""


def suite_case(reference: str) -> Any:
    """The unittest case running the machine ``reference`` (``module:Class``) names as the suite
    does: a subclass with its module's example and step counts."""
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
    return suite.TestCase


for _spec in registry.games().values():
    if _spec.machine:
        _name = "Test" + _spec.machine.rpartition(":")[2]
        globals()[_name] = suite_case(_spec.machine)
        globals()[_name].__name__ = _name
