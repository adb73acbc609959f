"""The Hypothesis profiles of the whole suite (the one place they are defined).

* ``ci`` (the default): sized so the whole suite stays within a few minutes on a small machine;
* ``deep``: ten times the examples of ``ci``; ``rulings fuzz`` runs the state machines on it
  for a span of time instead of a count (``properties/fuzz.py``).

Importing this module registers both and loads the one named by ``RULINGS_PROFILE`` (default
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
CI, DEEP = "ci", "deep"

settings.register_profile(CI, max_examples=CI_EXAMPLES, deadline=None)
settings.register_profile(DEEP, max_examples=CI_EXAMPLES * DEEP_FACTOR, deadline=None)
settings.load_profile(os.environ.get(PROFILE_VARIABLE, CI))
