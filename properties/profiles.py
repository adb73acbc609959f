"""The Hypothesis profiles of the whole suite (the one place they are defined).

* ``ci`` (the default): sized so the whole suite stays within a few minutes on a small machine;
* ``quick``: a tenth of the examples of ``ci``, the short pass ``rulings verify`` runs by default;
* ``deep``: ten times the examples of ``ci``; ``rulings fuzz`` runs the state machines on it
  for a span of time instead of a count (``properties/fuzz.py``).

Importing this module registers them and loads the one named by ``RULINGS_PROFILE`` (default
``ci``). ``properties/conftest.py`` and ``tests/conftest.py`` import it, so
``--hypothesis-profile NAME`` works for either folder; Hypothesis's pytest plugin loads that
option's profile after the conftest files are imported, so it wins over the variable. Tests size
themselves from the loaded profile's ``max_examples``.
"""

from __future__ import annotations

import os

from hypothesis import settings

CI_EXAMPLES = 200
DEEP_FACTOR = 10
PROFILE_VARIABLE = "RULINGS_PROFILE"
QUICK_FACTOR = 10
CI, DEEP, QUICK = "ci", "deep", "quick"

settings.register_profile(CI, max_examples=CI_EXAMPLES, deadline=None)
settings.register_profile(DEEP, max_examples=CI_EXAMPLES * DEEP_FACTOR, deadline=None)
settings.register_profile(QUICK, max_examples=CI_EXAMPLES // QUICK_FACTOR, deadline=None)
settings.load_profile(os.environ.get(PROFILE_VARIABLE, CI))


def scaled(ci_count: int) -> int:
    """A count sized for the ``ci`` profile, scaled to the loaded profile's ``max_examples``
    (ten times at ``deep``, a tenth at ``quick``), at least 1."""
    return max(1, ci_count * settings.default.max_examples // CI_EXAMPLES)
