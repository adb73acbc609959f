"""Shared pytest set-up: the Gherkin step modules, and how feature-file tags are applied."""

from __future__ import annotations

from collections.abc import Callable

import properties.profiles  # noqa: F401 - the Hypothesis profiles, for --hypothesis-profile

pytest_plugins = ["tests.steps.unknown_map", "tests.steps.unknown_turn"]

METADATA_TAGS = ("example:", "clause:", "interpretation:")
"""Tag prefixes that are traceability metadata (rulebook example, clause and interpretation IDs),
read by ``tests/test_scenario_tags.py``, not pytest markers (a marker name cannot hold ``:``)."""


def pytest_bdd_apply_tag(tag: str, function: Callable[..., object]) -> bool | None:
    """Keep metadata tags out of pytest's markers; other tags become markers as usual."""
    if tag.startswith(METADATA_TAGS):
        return True
    return None
