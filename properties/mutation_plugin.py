"""The pytest plugin behind ``rulings mutate``: collect the examples once, then run them against
each mutant in a forked child.

Given ``--rulings-mutants FILE`` (the mutants as JSON, from :mod:`properties.mutation`), the
session collects as usual and then, instead of running the tests, takes the examples of the
mutants' game — its scenarios, golden playthroughs, puzzles, unit tests with clause markers and
state machine — and:

1. runs them all once unchanged in a child (they must pass, or every mutant would look killed;
   the time it takes sizes each mutant's time limit);
2. for each mutant forks a child that makes the mutant live (:func:`properties.mutation.apply`)
   and runs the examples, those tagged with one of the mutant's clauses first, then the golden
   playthroughs, the puzzles, the other scenarios, the unit tests and the state machine,
   stopping at the first failure: the mutant is *killed* by that example. A child that runs past
   its time limit is stopped and the mutant counts as killed (``timed out``); one whose change
   cannot be made live is ``not applied`` and counts as neither.

Each result is appended to ``--rulings-mutation-results FILE`` as a JSON line as soon as it is
known (``rulings mutate`` reads them for its progress bar). ``--rulings-mutation-workers N``
children run at once. The children write nothing to the terminal, and no Hypothesis example
database is read or written, so a mutant's failures never reach a normal run.
"""

from __future__ import annotations

import json
import os
import signal
import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from _pytest.runner import runtestprotocol
from hypothesis import Phase, settings

from engine.core import registry
from properties.mutation import Mutant, NotApplied, apply

MIN_LIMIT = 30.0
LIMIT_FACTOR = 3.0
"""A mutant's examples may take ``LIMIT_FACTOR`` times the unchanged run (at least
``MIN_LIMIT`` seconds)."""
POLL = 0.02

ORDER = ("tagged", "playthrough", "puzzle", "scenario", "unit test", "machine")
"""The order a mutant's examples run in, by kind (tagged: scenarios and unit tests naming one
of its clauses)."""


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("rulings mutate")
    group.addoption("--rulings-mutants", metavar="FILE", help="the mutants to run (JSON)")
    group.addoption("--rulings-mutation-results", metavar="FILE", help="JSON lines written")
    group.addoption("--rulings-mutation-workers", type=int, default=2, metavar="N")


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--rulings-mutants"):
        current = settings.get_current_profile_name()
        settings.register_profile(
            "mutation",
            settings.get_profile(current),
            database=None,
            phases=(Phase.explicit, Phase.reuse, Phase.generate),
        )
        settings.load_profile("mutation")


# -- which game and kind an example is ------------------------------------------------------


def example_game(item: pytest.Item) -> str | None:
    """The registered game an example belongs to, or ``None`` (a test of the harness)."""
    from tests.steps.capture import clause_game, game_of, rendered_scenario

    scenario = rendered_scenario(item)
    if scenario is not None:
        return game_of(scenario.feature.filename)
    marked = [c for mark in item.iter_markers("clause") for c in mark.args]
    if marked:
        return clause_game(marked)
    machine = _machine_game(item)
    if machine is not None:
        return machine
    path = getattr(getattr(item, "callspec", None), "params", {}).get("path")
    if isinstance(path, Path) and path.suffix == ".yaml":
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError):
            return None
        if isinstance(data, dict) and data.get("game") in registry.names():
            return data["game"]
    return None


def _machine_game(item: pytest.Item) -> str | None:
    """The game whose state machine the item runs (``Test<Machine>`` of test_machines.py)."""
    cls = getattr(item, "cls", None)
    if cls is None:
        return None
    for spec in registry.games().values():
        if spec.machine and cls.__name__.endswith(spec.machine.rpartition(":")[2]):
            return spec.name
    return None


def example_kind(item: pytest.Item) -> str:
    """``scenario``, ``playthrough``, ``puzzle``, ``machine`` or ``unit test``."""
    from tests.steps.capture import rendered_scenario

    if rendered_scenario(item) is not None:
        return "scenario"
    if _machine_game(item) is not None:
        return "machine"
    module = Path(str(item.fspath)).name
    if module == "test_playthroughs.py":
        return "playthrough"
    if module == "test_puzzles.py":
        return "puzzle"
    return "unit test"


def example_clauses(item: pytest.Item) -> set[str]:
    """The clauses an example says it checks (scenario tags, clause markers)."""
    from tests.steps.capture import rendered_scenario

    scenario = rendered_scenario(item)
    if scenario is not None:
        rule_tags = scenario.rule.tags if scenario.rule is not None else set()
        tags = set(scenario.tags) | set(scenario.feature.tags) | set(rule_tags)
        return {tag.split(":", 1)[1] for tag in tags if tag.startswith("clause:")}
    return {c for mark in item.iter_markers("clause") for c in mark.args}


def ordered(pool: list[tuple[pytest.Item, str, set[str]]], mutant: Mutant) -> list[pytest.Item]:
    """The examples in the order a mutant runs them (:data:`ORDER`)."""
    wanted = set(mutant.clauses)

    def rank(entry: tuple[pytest.Item, str, set[str]]) -> int:
        _item, kind, clauses = entry
        return 0 if clauses & wanted else ORDER.index(kind)

    return [item for item, _, _ in sorted(pool, key=rank)]


# -- the loop -------------------------------------------------------------------------------


@pytest.hookimpl(tryfirst=True)
def pytest_runtestloop(session: pytest.Session) -> bool | None:
    config = session.config
    source = config.getoption("--rulings-mutants")
    if not source:
        return None
    data = json.loads(Path(source).read_text(encoding="utf-8"))
    mutants = [Mutant.from_data(entry) for entry in data["mutants"]]
    results = Path(config.getoption("--rulings-mutation-results"))
    workers = max(1, config.getoption("--rulings-mutation-workers"))
    pool = [
        (item, example_kind(item), example_clauses(item))
        for item in session.items
        if example_game(item) == data["game"]
    ]
    with results.open("a", encoding="utf-8") as out:
        started = time.monotonic()
        clean = _run_children([("unchanged", None, [item for item, _, _ in pool])], 1, None)
        seconds = time.monotonic() - started
        _write(
            out,
            {
                "kind": "baseline",
                "examples": len(pool),
                "seconds": round(seconds, 1),
                **clean[0][1],
            },
        )
        if clean[0][1]["status"] != "survived":
            return True
        limit = max(MIN_LIMIT, LIMIT_FACTOR * seconds)
        jobs = [(mutant.id, mutant, ordered(pool, mutant)) for mutant in mutants]
        _run_children(
            jobs,
            workers,
            limit,
            lambda key, result: _write(out, {"kind": "mutant", "id": key, **result}),
        )
    return True


def _write(out: Any, record: dict[str, Any]) -> None:
    out.write(json.dumps(record) + "\n")
    out.flush()


def _run_children(
    jobs: list[tuple[str, Mutant | None, list[pytest.Item]]],
    workers: int,
    limit: float | None,
    done: Any = None,
) -> list[tuple[str, dict[str, Any]]]:
    """Run each job in a forked child, ``workers`` at once; each job's result in job order."""
    waiting = list(jobs)
    running: dict[int, tuple[str, int, float]] = {}
    finished: dict[str, dict[str, Any]] = {}
    while waiting or running:
        while waiting and len(running) < workers:
            key, mutant, items = waiting.pop(0)
            reader, writer = os.pipe()
            pid = os.fork()
            if pid == 0:  # the child
                os.close(reader)
                _child(writer, mutant, items)
            os.close(writer)
            running[pid] = (key, reader, time.monotonic())
        for pid, (key, reader, began) in list(running.items()):
            ended, status = os.waitpid(pid, os.WNOHANG)
            seconds = time.monotonic() - began
            if ended == 0 and limit is not None and seconds > limit:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                result = {"status": "killed", "by": "timed out", "seconds": round(seconds, 1)}
            elif ended == 0:
                continue
            else:
                result = _read(reader, status)
                result["seconds"] = round(seconds, 1)
            os.close(reader)
            del running[pid]
            finished[key] = result
            if done is not None:
                done(key, result)
        time.sleep(POLL)
    return [(key, finished[key]) for key, _, _ in jobs]


def _read(reader: int, status: int) -> dict[str, Any]:
    chunks = []
    while chunk := os.read(reader, 65536):
        chunks.append(chunk)
    try:
        return json.loads(b"".join(chunks).decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        return {"status": "killed", "by": f"the child crashed (exit status {status})"}


def _child(writer: int, mutant: Mutant | None, items: list[pytest.Item]) -> None:
    """In the forked child: make the mutant live, run the examples, report, exit."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    result: dict[str, Any]
    try:
        result = _examine(mutant, items)
    except BaseException as error:  # a mutant may break anything; the child reports and exits
        result = {"status": "killed", "by": f"{type(error).__name__} outside an example"}
    os.write(writer, json.dumps(result).encode("utf-8"))
    os._exit(0)


def _examine(mutant: Mutant | None, items: list[pytest.Item]) -> dict[str, Any]:
    if mutant is not None:
        try:
            apply(mutant)
        except NotApplied as error:
            return {"status": "not applied", "why": str(error)}
    for index, item in enumerate(items):
        following = items[index + 1] if index + 1 < len(items) else None
        reports = runtestprotocol(item, nextitem=following, log=False)
        failed = next((r for r in reports if r.failed), None)
        if failed is not None:
            return {
                "status": "killed",
                "by": item.nodeid,
                "ran": index + 1,
                "failure": _first_line(failed),
            }
    return {"status": "survived", "ran": len(items)}


def _first_line(report: Any) -> str:
    """The first error line of a failed example's report."""
    text = str(getattr(report, "longrepr", "") or "")
    errors = [line[1:].strip() for line in text.splitlines() if line.startswith("E ")]
    tail = errors or text.strip().splitlines()[-1:]
    return tail[0][:200] if tail else ""
