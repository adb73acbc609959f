"""The Hypothesis profiles of ``properties/profiles.py``: all registered, the variable obeyed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import settings

from properties import profiles

REPO = Path(__file__).resolve().parent.parent


def test_deep_is_ten_times_ci() -> None:
    """``ci`` and ``deep`` are registered, ``deep`` with ten times the examples, no deadline."""
    ci, deep = settings.get_profile("ci"), settings.get_profile("deep")
    assert ci.max_examples == profiles.CI_EXAMPLES
    assert deep.max_examples == profiles.DEEP_FACTOR * ci.max_examples
    assert ci.deadline is None and deep.deadline is None


def test_quick_is_a_tenth_of_ci_and_counts_scale_with_the_profile() -> None:
    """``quick`` has a tenth of ``ci``'s examples; :func:`profiles.scaled` keeps a count sized
    for ``ci`` as it is there and scales it with the loaded profile (never below 1)."""
    quick = settings.get_profile("quick")
    assert quick.max_examples * profiles.QUICK_FACTOR == profiles.CI_EXAMPLES
    code = (
        "import properties.profiles as p; from hypothesis import settings; "
        "print(p.scaled(300), p.scaled(1))"
    )
    counts = {}
    for name in ("quick", "ci", "deep"):
        env = os.environ | {profiles.PROFILE_VARIABLE: name}
        out = subprocess.run(
            [sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True,
            check=True,
        )  # fmt: skip
        counts[name] = out.stdout.split()
    assert counts == {"quick": ["30", "1"], "ci": ["300", "1"], "deep": ["3000", "10"]}


@pytest.mark.parametrize(
    ("variable", "loaded"), [(None, "ci"), ("ci", "ci"), ("deep", "deep"), ("quick", "quick")]
)
def test_the_profile_variable_picks_the_profile(variable: str | None, loaded: str) -> None:
    """Importing the module loads ``RULINGS_PROFILE``'s profile (``ci`` when unset)."""
    env = {k: v for k, v in os.environ.items() if k != profiles.PROFILE_VARIABLE}
    if variable is not None:
        env[profiles.PROFILE_VARIABLE] = variable
    code = (
        "import properties.profiles; from hypothesis import settings; "
        "print(settings.get_current_profile_name(), settings.default.max_examples)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == [loaded, str(settings.get_profile(loaded).max_examples)]
