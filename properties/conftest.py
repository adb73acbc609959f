"""The Hypothesis profile in force, and the session summary of what the property tests checked.

The profiles ``ci`` and ``deep`` are defined in :mod:`properties.profiles` (imported here, and
from ``tests/conftest.py``); ``RULINGS_PROFILE`` or ``--hypothesis-profile NAME`` picks one.
"""

from __future__ import annotations

import pytest
from hypothesis import settings

import properties.profiles  # noqa: F401 - registers and loads the Hypothesis profiles
from properties import TALLY


def pytest_report_header(config) -> str:
    """Name the profile in the session header, so a run says how deep it went."""
    return (
        f"rulings property profile: {settings.get_current_profile_name()} "
        f"(max_examples={settings.default.max_examples})"
    )


def pytest_terminal_summary(terminalreporter) -> None:
    """Print how many maps and queries each independent checker compared with the engine, and for
    each game's state machine the examples and decisions it played (shrinking and replays count),
    the share of its examples reaching its late round (Unknown: 5), the rounds reached, how many
    decision kinds and marks it exercised, and the rule clauses its events cited out of those
    the game's code can cite (``properties.Tally.coverage``)."""
    for title, lines in (
        ("geometry cross-checks", TALLY.lines()),
        ("state machines", TALLY.machine_lines()),
    ):
        if lines:
            terminalreporter.section(title)
            for line in lines:
                terminalreporter.write_line(line)


def pytest_sessionfinish(session) -> None:
    """In a pytest-xdist worker: hand this worker's counts (coverage included) to the
    controller."""
    output = getattr(session.config, "workeroutput", None)
    if output is not None:
        output["rulings_tally"] = TALLY.counts()


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error) -> None:
    """In the pytest-xdist controller: add a finished worker's counts to the summary's."""
    counts = getattr(node, "workeroutput", {}).get("rulings_tally")
    if counts:
        TALLY.merge(counts)
