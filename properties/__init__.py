"""The property suites: Hypothesis state machines, property tests, and the fuzz runner.

* ``unknown_machine`` / ``falling_skies_machine``: the state machines a game's registry entry
  names (``GameSpec.machine``), each playing its game through node/apply with every invariant
  checked after every step (``test_*_machine.py`` run them; another game keeps its machine in
  its own package);
* ``test_*``: property tests of the Unknown geometry against its re-encodings, random playouts,
  hostile position and scenario files, the Z3 placement answers;
* ``fuzz``: ``rulings fuzz``'s runner, any registered game's machine for minutes at the deep
  profile; ``profiles``: the Hypothesis profiles (``ci``, ``deep``).

Here: ``legal_maps()`` draws random legal Unknown maps from :mod:`solver.random_maps`
(Hypothesis picks the number of tiles and a seed, so a failing map shrinks towards fewer tiles);
``rulesets()`` draws a reading for every switch of the interpretation ledger (shrinking towards
the defaults); ``TALLY`` counts the maps and queries the property tests checked, and the examples
and steps the state machines played, for the session summary (and ``rulings fuzz``'s progress).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from math import lcm
from typing import Any

from hypothesis import strategies as st

from engine.core.game import ChanceNode
from engine.unknown.position import UnknownPosition
from engine.unknown.ruleset import DEFAULT, Ruleset, interpretation_ledger
from solver.random_maps import random_position, ruleset_readings

MAX_TILES = 40


@dataclass(frozen=True)
class MapCase:
    """A random legal map, the seed it grew from, and a ruleset to read it with."""

    position: UnknownPosition
    seed: int
    ruleset: Ruleset

    def __repr__(self) -> str:
        readings = ", ".join(f"{k}={v}" for k, v in sorted(ruleset_readings(self.ruleset).items()))
        return f"MapCase(seed={self.seed}, tiles={len(self.position.tiles)}, {readings})"

    def _repr_pretty_(self, printer, cycle: bool) -> None:
        """Hypothesis prints falsifying examples with this (the map itself is in the message)."""
        printer.text(repr(self))


@st.composite
def legal_maps(draw: st.DrawFn, max_tiles: int = MAX_TILES) -> tuple[UnknownPosition, int]:
    """``(position, seed)``: a random legal map of 1 to ``max_tiles`` tiles (Hypothesis draws the
    tile count, so failures shrink towards small maps) grown from ``seed``."""
    tiles = draw(st.integers(1, max_tiles), label="tiles")
    seed = draw(st.integers(0, 2**32 - 1), label="seed")
    return random_position(random.Random(seed), tiles, min_tiles=tiles), seed


def rulesets() -> st.SearchStrategy[Ruleset]:
    """Every switch of the ledger set to one of its readings, the default first."""
    ledger = interpretation_ledger()
    choices = {
        switch: st.sampled_from(
            [entry["default"]] + sorted(r for r in entry["readings"] if r != entry["default"])
        )
        for switch, entry in sorted(ledger.items())
    }
    return st.fixed_dictionaries(choices).map(lambda readings: DEFAULT.with_readings(**readings))


@st.composite
def map_cases(draw: st.DrawFn, max_tiles: int = MAX_TILES) -> MapCase:
    """A random legal map with a random ruleset."""
    position, seed = draw(legal_maps(max_tiles))
    return MapCase(position, seed, draw(rulesets()))


def pick(draw: Any, node: Any) -> Any:
    """What a state machine does next at ``node``: a chance outcome drawn by its exact
    probability, or a uniformly drawn legal decision."""
    if isinstance(node, ChanceNode):
        denominator = lcm(*(p.denominator for _, p in node.outcomes))
        ticket = draw(st.integers(0, denominator - 1), label="ticket")
        for decision, p in node.outcomes:
            ticket -= p.numerator * (denominator // p.denominator)
            if ticket < 0:
                return decision
        raise AssertionError("chance outcomes sum to less than 1")
    return node.legal[draw(st.integers(0, len(node.legal) - 1), label="choice")]


class Tally:
    """Maps and queries checked per checker, examples and steps played per state machine."""

    def __init__(self) -> None:
        self.maps: Counter = Counter()
        self.queries: Counter = Counter()
        self.examples: Counter = Counter()
        self.steps: Counter = Counter()
        self.last_machine: dict[str, Any] = {}
        self.on_example: Callable[[str], None] | None = None
        """Called with the game's name after each state-machine example (fuzz progress)."""

    def add(self, checker: str, queries: Counter) -> None:
        """Count one map checked against ``checker`` and the queries asked on it."""
        self.maps[checker] += 1
        for (who, _question), n in queries.items():
            if who == checker:
                self.queries[checker] += n

    def machine_started(self, game: str, machine: Any) -> None:
        """Remember the newest machine of ``game``: after a failure, Hypothesis's last run is the
        minimal failing example, so this is the one to replay."""
        self.last_machine[game] = machine

    def step(self, game: str) -> None:
        """Count one decision a state machine of ``game`` applied."""
        self.steps[game] += 1

    def example(self, game: str) -> None:
        """Count one example (one game played from a setup) of ``game``'s state machine."""
        self.examples[game] += 1
        if self.on_example is not None:
            self.on_example(game)

    def counts(self) -> dict[str, dict[str, int]]:
        """The counts as plain dicts (what a pytest-xdist worker sends its controller)."""
        return {
            "maps": dict(self.maps),
            "queries": dict(self.queries),
            "examples": dict(self.examples),
            "steps": dict(self.steps),
        }

    def merge(self, counts: dict[str, dict[str, int]]) -> None:
        """Add a worker's :meth:`counts` to these."""
        for name, counter in (
            ("maps", self.maps),
            ("queries", self.queries),
            ("examples", self.examples),
            ("steps", self.steps),
        ):
            counter.update(counts.get(name, {}))

    def lines(self) -> list[str]:
        """One line per checker that ran, e.g. ``engine=networkx on 2000 maps (… queries)``."""
        return [
            f"engine={checker} on {self.maps[checker]} maps ({self.queries[checker]} queries)"
            for checker in sorted(self.maps)
        ]

    def machine_lines(self) -> list[str]:
        """One line per state machine that ran: its examples and decisions."""
        return [
            f"{game}: {self.examples[game]:,} examples, {self.steps[game]:,} decisions"
            for game in sorted(self.examples)
        ]


TALLY = Tally()
