"""Under Falling Skies' state machine (``properties/falling_skies_machine.py``) at the loaded
profile."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

from properties.falling_skies_machine import EXAMPLES, STEPS, FallingSkiesMachine


class CiFallingSkiesMachine(FallingSkiesMachine):
    """The machine as the suite runs it (a subclass, so ``rulings fuzz`` sets its own settings)."""


CiFallingSkiesMachine.TestCase.settings = settings(
    max_examples=EXAMPLES,
    stateful_step_count=STEPS,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
TestFallingSkiesMachine = CiFallingSkiesMachine.TestCase
