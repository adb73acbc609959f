"""Hypothesis profiles for the property tests, and the session summary of what they checked.

* ``ci`` (the default): sized so the whole suite stays within a few minutes on a small machine;
* ``deep``: ten times the examples of ``ci``.

The profile comes from ``RULINGS_PROFILE`` (default ``ci``); ``--hypothesis-profile NAME`` wins
over it, as Hypothesis's pytest plugin loads that after this file registers the profiles.
Tests size themselves from the loaded profile's ``max_examples`` (see ``examples``).
"""

from __future__ import annotations

import os

from hypothesis import settings

from properties import TALLY

CI_EXAMPLES = 200
DEEP_FACTOR = 10

settings.register_profile("ci", max_examples=CI_EXAMPLES, deadline=None)
settings.register_profile("deep", max_examples=CI_EXAMPLES * DEEP_FACTOR, deadline=None)
settings.load_profile(os.environ.get("RULINGS_PROFILE", "ci"))


def pytest_report_header(config) -> str:
    """Name the profile in the session header, so a run says how deep it went."""
    return (
        f"rulings property profile: {settings.get_current_profile_name()} "
        f"(max_examples={settings.default.max_examples})"
    )


def pytest_terminal_summary(terminalreporter) -> None:
    """Print how many maps and queries each independent checker compared with the engine."""
    lines = TALLY.lines()
    if lines:
        terminalreporter.section("geometry cross-checks")
        for line in lines:
            terminalreporter.write_line(line)
