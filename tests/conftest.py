"""Shared pytest set-up: the Gherkin step modules, and how feature-file tags are applied."""

from __future__ import annotations

from collections.abc import Callable

import properties.profiles  # noqa: F401 - the Hypothesis profiles, for --hypothesis-profile
from engine.core import registry

pytest_plugins = [
    "tests.steps.capture",  # --rulings-capture, --rulings-reading; first: the worlds import it
    "tests.steps.strict",  # no silent defaults: the script fixture and the end-of-scenario check
    "tests.steps.unknown_map",
    "tests.steps.unknown_turn",
    "tests.steps.unknown_enemies",
    "tests.steps.unknown_traits",
    "tests.steps.unknown_allies",
    "tests.steps.unknown_tasks",
    "tests.steps.unknown_missions_explore",
    "tests.steps.unknown_setup",
    "tests.steps.falling_skies",
    *(spec.steps for spec in registry.games().values() if spec.steps),
]

METADATA_TAGS = ("example:", "clause:", "interpretation:")
"""Tag prefixes that are traceability metadata (rulebook example, clause and interpretation IDs),
read by ``tests/test_scenario_tags.py``, not pytest markers (a marker name cannot hold ``:``)."""


def pytest_bdd_apply_tag(tag: str, function: Callable[..., object]) -> bool | None:
    """Keep metadata tags out of pytest's markers."""
    if tag.startswith(METADATA_TAGS):
        return True
    return None
