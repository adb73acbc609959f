"""Run a game's state machine for a span of time at the deep profile (``rulings fuzz``).

A game's machine is the one its registry entry names (``GameSpec.machine``, ``module:Class``:
e.g. ``properties/unknown_machine.py``), the one the test suite runs, with every invariant
checked after every step, but at the ``deep`` profile's settings, ``DEEP_STEPS`` decisions per
example and no example database. A machine module offers ``NAME`` (the game's name),
``DEEP_STEPS`` and ``replay_setup(machine)`` (the engine, start state and readings of a played
example); the machine keeps its ``decisions`` and the ``attempt`` being applied, and counts its
examples and steps in :data:`properties.TALLY`.
Hypothesis has no time limit, so the run is a series of batches, each seeded from the run's seed
(``batch_seed``), sized from the time the examples so far took so that the last batch ends near
the deadline. A batch that fails is shrunk by Hypothesis to a minimal failing example; its last
run (the minimal one) is the machine :data:`properties.TALLY` saw last, and :class:`Failure`
carries its start state, readings and decisions so that the command can write a position file
and a replay. :attr:`FuzzRun.coverage` is what the run's examples covered
(:meth:`properties.Tally.coverage`: the rounds reached, decision kinds, clauses seen and never
seen).
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from hypothesis import HealthCheck, Phase, seed, settings
from hypothesis.reporting import with_reporter
from hypothesis.stateful import RuleBasedStateMachine, run_state_machine_as_test

from engine.core import registry
from properties import TALLY, profiles

MAX_BATCH = 50
BATCH_SECONDS = 20.0
"""A batch is sized to take about this long, so a run overshoots its deadline by little."""
TOUR_EXAMPLES = 4
"""Examples of a tour batch (:func:`tour_of`), all begun at one curated start."""
TOUR_EVERY = 3
"""Of every TOUR_EVERY batches the first is drawn as the suite draws its examples, the others
are tour batches (of ``TOUR_EXAMPLES`` examples each)."""


@dataclass
class Failure:
    """The minimal failing example of a fuzz run."""

    game: str
    message: str
    engine: Any
    """The game engine (with its ruleset and scenario) the example was played on."""
    start: Any
    readings: tuple[tuple[str, str], ...]
    decisions: list[Any]
    crashed_on: Any = None
    """The decision the engine raised on (``None``: an invariant failed after a decision)."""
    batch_seed: int = 0


@dataclass
class FuzzRun:
    """What a fuzz run did: its seed, examples, decisions, seconds, and a failure if any."""

    game: str
    seed: int
    minutes: float
    examples: int = 0
    steps: int = 0
    batches: int = 0
    seconds: float = 0.0
    failure: Failure | None = None
    batch_seeds: list[int] = field(default_factory=list)
    coverage: dict[str, Any] = field(default_factory=dict)
    """What the run's examples covered (:meth:`properties.Tally.coverage`)."""


def machine_class(game: str) -> type[RuleBasedStateMachine]:
    """The state machine class of the registered game ``game`` (``GameSpec.machine``, imported
    on demand: each is slow to load); ``ValueError`` if it names none."""
    spec = registry.game(game)
    if not spec.machine:
        with_one = [s.name for s in registry.games().values() if s.machine]
        raise ValueError(f"no state machine for game {game!r}; games: {', '.join(with_one)}")
    return registry.load_reference(spec.machine)


def machine_module(game: str) -> Any:
    """The module holding ``game``'s state machine (its ``DEEP_STEPS``, ``replay_setup``)."""
    return import_module(machine_class(game).__module__)


def deep_settings(examples: int, steps: int) -> settings:
    """The deep profile's settings for one batch: ``examples`` examples of ``steps`` decisions,
    no example database, one bug reported (the minimal one), no time-based health checks."""
    return settings(
        settings.get_profile(profiles.DEEP),
        max_examples=examples,
        stateful_step_count=steps,
        deadline=None,
        database=None,
        report_multiple_bugs=False,
        phases=(Phase.generate, Phase.target, Phase.shrink),
        suppress_health_check=list(HealthCheck),
        print_blob=False,
    )


def batch_seed(run_seed: int, batch: int) -> int:
    """The Hypothesis seed of batch ``batch`` of a run seeded ``run_seed``."""
    return random.Random(f"{run_seed}:{batch}").getrandbits(64)


def fuzz(
    game: str,
    minutes: float,
    run_seed: int,
    max_examples: int | None = None,
    on_example: Callable[[FuzzRun], None] = lambda run: None,
) -> FuzzRun:
    """Play ``game``'s state machine for ``minutes`` (or ``max_examples`` examples, whichever
    comes first), stopping at the first failure, which is returned shrunk."""
    module = machine_module(game)
    machine = machine_class(game)
    run = FuzzRun(game, run_seed, minutes)
    start = time.monotonic()
    deadline = start + minutes * 60
    examples0, steps0 = TALLY.examples[game], TALLY.steps[game]
    covered0 = TALLY.snapshot(game)

    def counted(name: str) -> None:
        run.examples = TALLY.examples[game] - examples0
        run.steps = TALLY.steps[game] - steps0
        run.seconds = time.monotonic() - start
        on_example(run)

    TALLY.on_example = counted
    try:
        tour, toured = tour_of(module, run_seed), 0
        while time.monotonic() < deadline and (max_examples is None or run.examples < max_examples):
            size = _batch_size(run, deadline - time.monotonic(), max_examples)
            start_at = None
            if tour and run.batches % TOUR_EVERY:
                start_at, toured = tour[toured % len(tour)], toured + 1
                size = min(size, TOUR_EXAMPLES)
            batch = batch_seed(run_seed, run.batches)
            run.batch_seeds.append(batch)
            run.batches += 1
            failure = _run_batch(game, module, machine, size, batch, start_at)
            if failure is not None:
                run.failure = failure
                break
    finally:
        TALLY.on_example = None
        run.seconds = time.monotonic() - start
        run.examples = TALLY.examples[game] - examples0
        run.steps = TALLY.steps[game] - steps0
        run.coverage = TALLY.coverage(game, covered0)
    return run


def _batch_size(run: FuzzRun, seconds_left: float, max_examples: int | None) -> int:
    """Examples for the next batch: about ``BATCH_SECONDS`` of work and no more than is left."""
    if run.examples:
        per_example = max(run.seconds / run.examples, 1e-3)
        size = int(min(BATCH_SECONDS, seconds_left) / per_example)
    else:
        size = 5
    if max_examples is not None:
        size = min(size, max_examples - run.examples)
    return max(1, min(MAX_BATCH, size))


def tour_of(module: Any, run_seed: int) -> list[str]:
    """The curated starts of a machine's module (its ``CURATED``), in the order a run seeded
    ``run_seed`` tours them: two batches of every ``TOUR_EVERY`` begin all their examples at the
    next one, so a run of minutes plays each (a drawn start ticket reaches each only now and
    then), and with it the decisions it was written to offer (a mission's own, a task's)."""
    tour = list(getattr(module, "CURATED", ()))
    random.Random(f"tour:{run_seed}").shuffle(tour)
    return tour


def _run_batch(
    game: str,
    module: Any,
    machine_class: type,
    examples: int,
    hypothesis_seed: int,
    start_at: str | None = None,
) -> Failure | None:
    """One seeded batch (every example begun at the curated start ``start_at``, if given); the
    shrunk failure if an invariant or the engine failed."""
    batch_class = type(machine_class.__name__, (machine_class,), {"TOUR_START": start_at})
    seed(hypothesis_seed)(batch_class)
    try:
        with with_reporter(_to_stderr):
            run_state_machine_as_test(
                batch_class, settings=deep_settings(examples, module.DEEP_STEPS)
            )
    except Exception as error:  # any failure of the machine: an invariant or an engine crash
        machine = TALLY.last_machine.get(game)
        if machine is None:
            raise
        engine, start, readings = module.replay_setup(machine)
        return Failure(
            game,
            _first_line(error),
            engine,
            start,
            readings,
            list(machine.decisions),
            machine.attempt,
            hypothesis_seed,
        )
    return None


def _to_stderr(message: object) -> None:
    """Hypothesis's own reports (e.g. that shrinking stopped after minutes) go to stderr, so
    stdout holds only the answer (one JSON object with ``--json``)."""
    print(message, file=sys.stderr)


def _first_line(error: BaseException) -> str:
    """The error's kind and the first line of its message."""
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0] if text else '(no message)'}"
