"""The engine's geometry agrees with two independent encodings on random legal maps.

Each example is a random legal map (``solver.random_maps``) read under a random ruleset. The
engine (``engine.unknown.map``) answers every query of the map — range for every ordered pair of
tiles (``unknown.range``), line of sight for every pair in one row or column (``unknown.los.*``),
knockback for every piece, source within two steps and distance 1–4 (``unknown.knockback.*``) —
and so does the NetworkX encoding; the Z3 encoding answers every range and sight query and a
sample of the knockback queries on fewer maps. A failure prints the map as a position file.

Sizes: the ``ci`` profile checks 2 × ``max_examples`` maps against NetworkX (400, about 5 s on
one core) and leaves Z3 out (it took most of this module's time); the ``deep`` profile
(``RULINGS_PROFILE=deep``) checks ten times as many against NetworkX and ``max_examples`` maps
(2,000) against Z3, and so does ``rulings verify --z3-maps N`` with its own count. At ``ci`` the
Z3 test is skipped saying so.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings

from properties import TALLY, MapCase, map_cases
from properties.profiles import DEEP
from solver.crosscheck import (
    Disagreement,
    compare_with_networkx,
    compare_with_z3,
    knockback_queries,
    range_queries,
    sight_queries,
)

PROFILE_EXAMPLES = settings.default.max_examples
NETWORKX_MAPS = 2 * PROFILE_EXAMPLES
Z3_MAPS = PROFILE_EXAMPLES


def _failure(found: list[Disagreement]) -> str:
    return f"{len(found)} disagreement(s); the first:\n{found[0].describe()}"


@settings(max_examples=NETWORKX_MAPS, deadline=None)
@given(case=map_cases())
def test_engine_agrees_with_networkx_on_every_query(case: MapCase) -> None:
    """Engine == NetworkX on every range, line-of-sight and knockback query of the map."""
    counts: Counter = Counter()
    found = compare_with_networkx(case.position, case.ruleset, counts)
    TALLY.add("networkx", counts)
    assert not found, _failure(found)
    assert counts[("networkx", "range")] == len(list(range_queries(case.position)))
    assert counts[("networkx", "line_of_sight")] == len(list(sight_queries(case.position)))
    assert counts[("networkx", "knockback")] == len(knockback_queries(case.position))


@pytest.mark.skipif(
    settings.get_current_profile_name() != DEEP,
    reason="the Z3 map agreement runs at the deep profile (RULINGS_PROFILE=deep) and in "
    "rulings verify --z3-maps; this profile checks NetworkX only",
)
@settings(max_examples=Z3_MAPS, deadline=None)
@given(case=map_cases())
def test_engine_agrees_with_z3(case: MapCase) -> None:
    """Engine == Z3 on every range and line-of-sight query and sampled knockback queries."""
    counts: Counter = Counter()
    found = compare_with_z3(case.position, case.ruleset, counts, random.Random(case.seed))
    TALLY.add("z3", counts)
    assert not found, _failure(found)
    assert counts[("z3", "range")] == len(case.position.tiles) ** 2
