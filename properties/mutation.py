"""Rule mutants: small changes to the code that applies a rule clause, for ``rulings mutate``.

A *mutant* is one change made by one of Cosmic Ray's mutation operators (:data:`OPERATORS`: a
comparison loosened or tightened, a number moved by one, ``and``/``or`` swapped, a condition
negated, a loop made to run no times, ``True``/``False`` swapped, ``+``/``-`` swapped) at one
place in a function that names a clause of its game's index (a string literal, its docstring
included, holding the clause's ID: the events it cites, the rule it says it applies), or a
switch's default reading replaced by another of its readings. Each mutant is tagged with the
clauses its function names, so the results say per clause which changes the examples notice.

:func:`mutants` lists them from the source (parsed with parso, as Cosmic Ray does);
:func:`apply` makes one live in this process: the module's source, changed, is compiled, and
every function object whose code differs takes the changed code (so callers that imported the
function see the change too); the caches of ``functools.cache`` functions are cleared. It is
meant for a forked child that throws the change away when it exits
(``properties/mutation_plugin.py``).

What is not mutated: module and class bodies (constants, data), functions naming no clause (the
drawings, files, players and phrases rarely do), a game's ``GameSpec.mutation_skip`` files,
``assert`` statements and f-strings (a message's wording is no rule).
"""

from __future__ import annotations

import functools
import gc
import hashlib
import importlib
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
import types
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import parso
import yaml
from cosmic_ray.ast import Visitor, get_ast
from cosmic_ray.mutating import mutate_code
from cosmic_ray.plugins import get_operator

from engine.core import registry
from engine.report.clauses import index_of

OPERATORS: dict[str, str] = {
    "core/ReplaceComparisonOperator_Lt_LtE": "a < loosened to <=",
    "core/ReplaceComparisonOperator_LtE_Lt": "a <= tightened to <",
    "core/ReplaceComparisonOperator_Gt_GtE": "a > loosened to >=",
    "core/ReplaceComparisonOperator_GtE_Gt": "a >= tightened to >",
    "core/ReplaceComparisonOperator_Eq_NotEq": "an == turned to !=",
    "core/ReplaceComparisonOperator_NotEq_Eq": "a != turned to ==",
    "core/NumberReplacer": "a number moved by one",
    "core/ReplaceAndWithOr": "an and turned to or",
    "core/ReplaceOrWithAnd": "an or turned to and",
    "core/AddNot": "a condition negated",
    "core/ZeroIterationForLoop": "a loop (a step for each item) skipped",
    "core/ReplaceTrueWithFalse": "True turned to False",
    "core/ReplaceFalseWithTrue": "False turned to True",
    "core/ReplaceBinaryOperator_Add_Sub": "a + turned to -",
    "core/ReplaceBinaryOperator_Sub_Add": "a - turned to +",
}
"""The Cosmic Ray operators used, with what each does to a rule."""
DEFAULT_FLIP = "default-reading"
"""The operator name of a mutant that gives a switch another default reading."""
ID_PATTERN = re.compile(r"[a-z0-9]+(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+")


@dataclass(frozen=True)
class Mutant:
    """One change to a game's rules: where it is, what it does and the clauses it touches."""

    id: str
    """Stable while the function's text stays the same: game, file, function, operator and the
    occurrence within the function, hashed with the function's source."""
    game: str
    clauses: tuple[str, ...]
    file: str
    """The changed file, relative to the project (a ledger file for a default flipped)."""
    line: int
    function: str
    """The changed function's qualified name (for a default flipped: the switch)."""
    operator: str
    change: str
    """What was changed: the line before and after (``-> ``), or the switch's readings."""
    occurrence: int = 0
    """The operator's occurrence in the whole file (what Cosmic Ray applies)."""
    reading: str = ""
    """For a default flipped: the reading that becomes the default."""

    @property
    def clause(self) -> str:
        """The clause the results file this mutant under (its function's first)."""
        return self.clauses[0]

    def as_data(self) -> dict[str, Any]:
        data = asdict(self)
        data["clauses"] = list(self.clauses)
        data["clause"] = self.clause
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Mutant:
        fields = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        fields["clauses"] = tuple(fields["clauses"])
        return cls(**fields)


@dataclass
class _Function:
    """A function of a source file and the clauses it names."""

    qualname: str
    start: int
    end: int
    clauses: tuple[str, ...]
    source: str
    occurrences: dict[str, int] = field(default_factory=dict)


class _Positions(Visitor):
    """Walks a parse tree once and records, per operator in Cosmic Ray's order of occurrences,
    where it applies."""

    def __init__(self, operators: dict[str, Any]) -> None:
        self.operators = operators
        self.found: dict[str, list[tuple[int, int, bool]]] = {name: [] for name in operators}
        """Per operator: (line, column, left alone) of each occurrence; left alone: inside an
        ``assert`` statement or an f-string (what a message says is no rule)."""
        self._spans: list[tuple[tuple[int, int], tuple[int, int]]] = []

    def visit(self, node: Any) -> Any:
        if node.type in ("assert_stmt", "fstring"):
            self._spans.append((node.start_pos, node.end_pos))
        for name, operator in self.operators.items():
            for start, _end in operator.mutation_positions(node):
                left_alone = any(a <= start < b for a, b in self._spans)
                self.found[name].append((start[0], start[1], left_alone))
        return node


def project_root() -> Path:
    """The folder holding the engine package (paths in results are relative to it)."""
    return Path(registry.__file__).resolve().parents[2]


def rule_files(game: str) -> list[Path]:
    """The source files of ``game``'s package that may hold rules, in name order."""
    spec = registry.game(game)
    package = sys.modules.get(spec.package) or __import__(spec.package, fromlist=["_"])
    folder = Path(package.__file__).resolve().parent
    skip = tuple(getattr(spec, "mutation_skip", ()))
    return [
        path
        for path in sorted(folder.rglob("*.py"))
        if not any(path.relative_to(folder).match(pattern) for pattern in skip)
    ]


def _functions(tree: Any, known: set[str], lines: list[str]) -> list[_Function]:
    """Every function of ``tree`` naming a known clause, innermost last."""
    found: list[_Function] = []

    def walk(node: Any, prefix: str) -> None:
        for child in getattr(node, "children", ()):
            if child.type in ("funcdef", "classdef"):
                name = f"{prefix}{child.name.value}"
                if child.type == "funcdef":
                    cited = _cited(child, known)
                    if cited:
                        start, end = child.start_pos[0], child.end_pos[0]
                        text = "\n".join(lines[start - 1 : end])
                        found.append(_Function(name, start, end, cited, text))
                    walk(child, f"{name}.<locals>.")
                else:
                    walk(child, f"{name}.")
            else:
                walk(child, prefix)

    walk(tree, "")
    return found


def _cited(node: Any, known: set[str]) -> tuple[str, ...]:
    """The known clause IDs named in the string literals under ``node``, first seen first."""
    seen: dict[str, None] = {}
    leaf = node.get_first_leaf()
    last = node.get_last_leaf()
    while leaf is not None:
        if leaf.type in ("string", "fstring_string"):
            for match in ID_PATTERN.findall(leaf.value):
                if match in known:
                    seen[match] = None
        if leaf is last:
            break
        leaf = leaf.get_next_leaf()
    return tuple(seen)


def _innermost(functions: list[_Function], line: int) -> _Function | None:
    """The innermost clause-naming function holding ``line``."""
    holding = [f for f in functions if f.start <= line <= f.end]
    return min(holding, key=lambda f: f.end - f.start) if holding else None


def source_mutants(game: str, path: Path, known: set[str]) -> Iterator[Mutant]:
    """The mutants of one source file of ``game``."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    functions = _functions(parso.parse(source), known, lines)
    if not functions:
        return
    relative = path.relative_to(project_root()).as_posix()
    positions = _Positions({name: get_operator(name)() for name in OPERATORS})
    positions.walk(get_ast(source))
    for name, found in positions.found.items():
        for occurrence, (line, column, left_alone) in enumerate(found):
            function = _innermost(functions, line)
            if function is None or left_alone:
                continue
            within = function.occurrences.get(name, 0)
            function.occurrences[name] = within + 1
            digest = hashlib.sha1(
                f"{function.source}\n{name}\n{within}".encode(), usedforsecurity=False
            ).hexdigest()[:10]
            yield Mutant(
                id=f"{game}:{relative}:{function.qualname}:{name.rpartition('/')[2]}:{digest}",
                game=game,
                clauses=function.clauses,
                file=relative,
                line=line,
                function=function.qualname,
                operator=name,
                change=f"{OPERATORS[name]} at column {column + 1}",
                occurrence=occurrence,
            )


def default_mutants(game: str) -> Iterator[Mutant]:
    """One mutant per switch and other reading: that reading made the default."""
    spec = registry.game(game)
    if spec.ledger is None:
        return
    ledger = Path(spec.ledger)
    relative = ledger.resolve().relative_to(project_root()).as_posix()
    text = ledger.read_text(encoding="utf-8").splitlines()
    for switch, entry in sorted(spec.switches().items()):
        line = next((i + 1 for i, t in enumerate(text) if t.strip() == f"- id: {switch}"), 0)
        clauses = tuple(entry.get("clauses") or ()) or (f"ledger:{switch}",)
        for reading in sorted(entry["readings"]):
            if reading == entry["default"]:
                continue
            yield Mutant(
                id=f"{game}:{relative}:{switch}:{DEFAULT_FLIP}:{reading}",
                game=game,
                clauses=clauses,
                file=relative,
                line=line,
                function=switch,
                operator=DEFAULT_FLIP,
                change=f"default reading {entry['default']} -> {reading}",
                reading=reading,
            )


def mutants(game: str) -> list[Mutant]:
    """Every mutant of ``game``: its rule functions', then its switches' defaults."""
    index = index_of(game)
    known = set(index.clauses) | set(index.examples)
    found: list[Mutant] = []
    for path in rule_files(game):
        found.extend(source_mutants(game, path, known))
    found.extend(default_mutants(game))
    return found


def sample(found: list[Mutant], limit: int | None, seed: int) -> list[Mutant]:
    """At most ``limit`` of ``found``, spread over the clauses: a seeded shuffle of each clause's
    mutants, then one of each clause in turn (every clause gets one before any gets two)."""
    if limit is None or limit >= len(found):
        return list(found)
    rng = random.Random(seed)
    by_clause: dict[str, list[Mutant]] = {}
    for mutant in found:
        by_clause.setdefault(mutant.clause, []).append(mutant)
    queues = [rng.sample(group, len(group)) for _, group in sorted(by_clause.items())]
    rng.shuffle(queues)
    picked: list[Mutant] = []
    while len(picked) < limit:
        for queue in queues:
            if queue and len(picked) < limit:
                picked.append(queue.pop())
    return sorted(picked, key=lambda m: (m.file, m.line, m.operator, m.occurrence))


# -- making a mutant live -------------------------------------------------------------------


class NotApplied(Exception):
    """The mutant could not be made live (the source changed, or the change does not compile)."""


def mutated_source(mutant: Mutant) -> tuple[str, str]:
    """The file's source and its changed source."""
    path = project_root() / mutant.file
    source = path.read_text(encoding="utf-8")
    changed = mutate_code(source, get_operator(mutant.operator)(), mutant.occurrence)
    if changed is None:
        raise NotApplied(f"{mutant.operator} has no occurrence {mutant.occurrence}")
    return source, changed


def changed_line(mutant: Mutant) -> str:
    """The mutated line before and after, e.g. ``if n < 3: -> if n <= 3:``."""
    if mutant.operator == DEFAULT_FLIP:
        return mutant.change
    source, changed = mutated_source(mutant)
    before = source.splitlines()[mutant.line - 1].strip()
    after_lines = changed.splitlines()
    after = after_lines[mutant.line - 1].strip() if mutant.line <= len(after_lines) else ""
    return f"{before}  ->  {after}"


def apply(mutant: Mutant) -> int:
    """Make ``mutant`` live in this process; the number of function objects changed (at least
    one, else :class:`NotApplied`)."""
    if mutant.operator == DEFAULT_FLIP:
        return _flip_default(mutant)
    source, changed = mutated_source(mutant)
    filename = str(project_root() / mutant.file)
    try:
        before = _code_objects(compile(source, filename, "exec"))
        after = _code_objects(compile(changed, filename, "exec"))
    except SyntaxError as error:
        raise NotApplied(f"the change does not compile: {error}") from error
    differing = {key: code for key, code in after.items() if before.get(key) != code}
    if not differing:
        raise NotApplied("the change is in no function's code (a parameter's default value?)")
    importlib.import_module(mutant.file.removesuffix(".py").replace("/", "."))
    changed_functions = 0
    for obj in gc.get_objects():
        if isinstance(obj, types.FunctionType):
            code = obj.__code__
            if code.co_filename != filename:
                continue
            key = (code.co_qualname, code.co_firstlineno)
            if key in differing and len(differing[key].co_freevars) == len(code.co_freevars):
                obj.__code__ = differing[key]
                changed_functions += 1
    if not changed_functions:
        raise NotApplied(f"no live function holds line {mutant.line} of {mutant.file}")
    _clear_caches()
    return changed_functions


def _code_objects(code: types.CodeType) -> dict[tuple[str, int], types.CodeType]:
    """Every function's code object under a module's code, by qualified name and first line."""
    found: dict[tuple[str, int], types.CodeType] = {}
    stack = [code]
    while stack:
        current = stack.pop()
        for const in current.co_consts:
            if isinstance(const, types.CodeType):
                found[(const.co_qualname, const.co_firstlineno)] = const
                stack.append(const)
    return found


def _clear_caches() -> None:
    """Empty every ``functools`` cache, so no answer worked out by the unchanged code is kept."""
    for obj in gc.get_objects():
        if isinstance(obj, functools._lru_cache_wrapper):
            obj.cache_clear()


def _flip_default(mutant: Mutant) -> int:
    """Make ``mutant.reading`` the default of its switch: in the game's default ruleset object
    and in its class's constructor defaults."""
    spec = registry.game(mutant.game)
    ruleset = spec.ruleset({})
    cls = type(ruleset)
    name = mutant.function.replace("-", "_")
    names = list(cls.__dataclass_fields__)
    if name not in names:
        raise NotApplied(f"{cls.__name__} has no field {name}")
    module = sys.modules[cls.__module__]
    for obj in (getattr(module, "DEFAULT", None), ruleset):
        if isinstance(obj, cls):
            object.__setattr__(obj, name, mutant.reading)
    init = cls.__init__
    if init.__defaults__ is not None and len(init.__defaults__) == len(names):
        values = list(init.__defaults__)
        values[names.index(name)] = mutant.reading
        init.__defaults__ = tuple(values)
    _clear_caches()
    return 1


def describe(found: Iterable[Mutant]) -> list[dict[str, Any]]:
    """The mutants as data, each with the changed line."""
    rows = []
    for mutant in found:
        data = mutant.as_data()
        try:
            data["change"] = changed_line(mutant)
        except NotApplied as error:
            data["change"] = f"(not applied: {error})"
        rows.append(data)
    return rows


# -- running the examples against the mutants ---------------------------------------------

EXAMPLE_PATHS = (
    "tests/test_scenarios.py",
    "tests/test_playthroughs.py",
    "tests/test_puzzles.py",
    "properties/test_machines.py",
)
"""What the examples are (with the unit tests carrying clause markers)."""
PROFILE = "quick"
"""The Hypothesis profile the state machines run at against a mutant."""


@dataclass
class GameResults:
    """What the examples made of one game's mutants."""

    game: str
    mutants: list[Mutant]
    outcomes: dict[str, dict[str, Any]]
    """Per mutant ID: ``status`` (killed, survived, not applied), ``by`` (the example that
    failed), ``failure`` (its first error line), ``seconds``."""
    baseline: dict[str, Any]
    """The unchanged run: ``examples``, ``seconds``, ``status`` (survived when all passed)."""


def accounted_survivors(game: str) -> dict[str, dict[str, str]]:
    """The survivors a game accounts for (``GameSpec.mutants``: a YAML list of ``id`` with
    ``why`` — ``loose`` with the ``ledger`` entry naming the rule the texts leave open, or
    ``same`` when the change cannot alter play, with a ``note`` saying why)."""
    path = getattr(registry.game(game), "mutants", None)
    if path is None or not Path(path).exists():
        return {}
    entries = yaml.safe_load(Path(path).read_text(encoding="utf-8")) or []
    return {entry["id"]: entry for entry in entries}


def run_mutants(
    game: str,
    chosen: list[Mutant],
    workers: int,
    progress: Any = None,
    work: Path | None = None,
) -> GameResults:
    """Run ``game``'s examples against each of ``chosen`` (``pytest`` with
    ``properties/mutation_plugin.py`` in a subprocess); ``progress(done, record)`` is called
    with each result as it comes."""
    from engine.report.run import marked_files

    root = project_root()
    with tempfile.TemporaryDirectory(dir=work) as folder:
        mutants_file = Path(folder) / "mutants.json"
        results_file = Path(folder) / "results.jsonl"
        mutants_file.write_text(
            json.dumps({"game": game, "mutants": [m.as_data() for m in chosen]}), encoding="utf-8"
        )
        results_file.touch()
        command = [
            sys.executable, "-m", "pytest", "-q", "-p", "properties.mutation_plugin",
            "-p", "no:randomly", "-W", "ignore::pytest.PytestAssertRewriteWarning",
            f"--rulings-mutants={mutants_file}", f"--rulings-mutation-results={results_file}",
            f"--rulings-mutation-workers={workers}",
            *EXAMPLE_PATHS, *marked_files(root),
        ]  # fmt: skip
        env = os.environ | {"RULINGS_PROFILE": PROFILE}
        child = subprocess.Popen(
            command, cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
        )
        records: list[dict[str, Any]] = []
        seen = 0
        while True:
            finished = child.poll() is not None
            lines = results_file.read_text(encoding="utf-8").splitlines()
            for line in lines[seen:]:
                record = json.loads(line)
                records.append(record)
                if progress is not None:
                    progress(len(records), record)
            seen = len(lines)
            if finished:
                break
            time.sleep(0.2)
        output = child.stdout.read().decode("utf-8", "replace") if child.stdout else ""
    baseline = next((r for r in records if r["kind"] == "baseline"), None)
    if baseline is None:
        tail = " | ".join([line for line in output.splitlines() if line.strip()][-3:])
        raise RuntimeError(f"the examples of {game} did not run: {tail}")
    outcomes = {r["id"]: r for r in records if r["kind"] == "mutant"}
    return GameResults(game, chosen, outcomes, baseline)


# -- the results as data -----------------------------------------------------------------


def answer_data(results: GameResults) -> dict[str, Any]:
    """One game's results as data (:func:`answer_from_rows`), every mutant with its outcome."""
    rows = describe(results.mutants)
    for row in rows:
        outcome = results.outcomes.get(row["id"], {"status": "not run"})
        row.update(_outcome_fields(outcome))
    return answer_from_rows(results.game, results.baseline, rows)


def _outcome_fields(outcome: dict[str, Any]) -> dict[str, Any]:
    keys = ("status", "by", "failure", "why", "seconds")
    return {"status": "not run"} | {key: outcome[key] for key in keys if key in outcome}


def answer_from_rows(game: str, baseline: dict[str, Any], rows: list[dict[str, Any]]) -> dict:
    """One game's answer from its mutants' rows (each with its ``status``): the counts, the
    score (killed over killed and survived), the killed, the survivors (each marked with what
    the game's mutants file says of it), those not applied and the table by clause."""
    accounted = accounted_survivors(game)
    counts = {"mutants": len(rows), "killed": 0, "survived": 0, "not applied": 0, "accounted": 0}
    by_clause: dict[str, dict[str, int]] = {}
    for row in rows:
        row.pop("accounted", None)
        status = row["status"]
        counts[status] = counts.get(status, 0) + 1
        if status == "survived" and row["id"] in accounted:
            row["accounted"] = accounted[row["id"]]
            counts["accounted"] += 1
        clause = by_clause.setdefault(row["clause"], {"mutants": 0, "killed": 0, "survived": 0})
        clause["mutants"] += 1
        if status in ("killed", "survived"):
            clause[status] += 1
    ran = counts["killed"] + counts["survived"]
    return {
        "game": game,
        "baseline": baseline,
        "counts": counts,
        "score": counts["killed"] / ran if ran else None,
        "mutants": rows,
        "killed": [r for r in rows if r["status"] == "killed"],
        "survivors": [r for r in rows if r["status"] == "survived"],
        "not_applied": [r for r in rows if r["status"] == "not applied"],
        "by_clause": dict(sorted(by_clause.items())),
    }


def again(earlier: dict[str, Any], results: GameResults) -> dict[str, Any]:
    """An earlier answer of ``results.game`` with the outcomes of the mutants run again; an
    earlier survivor not run again is ``gone`` (its function's code has changed since, so the
    mutant no longer exists)."""
    rows = []
    for row in earlier["mutants"]:
        row = dict(row)
        if row["id"] in results.outcomes:
            for key in ("by", "failure", "why", "seconds"):
                row.pop(key, None)
            row.update(_outcome_fields(results.outcomes[row["id"]]))
        elif row["status"] == "survived":
            row["status"] = "gone"
            row["why"] = "its function has changed since: run rulings mutate anew"
        rows.append(row)
    return answer_from_rows(results.game, results.baseline, rows)


def document(answers: list[dict[str, Any]], seed: int, limit: int | None) -> dict[str, Any]:
    """The whole run (what ``rulings mutate --json`` prints and its ``--out`` file holds): when
    and on which commit it was measured, every game's answer, all mutants, killed and survivors
    across the games, and the totals."""
    killed = sum(a["counts"]["killed"] for a in answers)
    survived = sum(a["counts"]["survived"] for a in answers)
    accounted = sum(a["counts"]["accounted"] for a in answers)
    return {
        "measured": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "commit": commit(),
        "seed": seed,
        "limit": limit,
        "games": answers,
        "mutants": [r for a in answers for r in a["mutants"]],
        "killed": [r for a in answers for r in a["killed"]],
        "survivors": [r for a in answers for r in a["survivors"]],
        "totals": {
            "killed": killed,
            "survived": survived,
            "accounted": accounted,
            "score": killed / (killed + survived) if killed + survived else None,
        },
    }


def commit() -> str | None:
    try:
        done = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
        )
    except OSError:
        return None
    return done.stdout.strip() or None
