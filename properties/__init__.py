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
the defaults); ``pick`` takes a state machine's next decision uniformly (chance by its exact
probabilities), and :class:`Mixture` mixes a game's ``expert`` player into it (``expert_mixes()``
draws the expert's share and its seed per example), so the machines reach the late game;
:func:`starts` draws where an example begins: the machine's generated set-up, or one of its
curated starts (positions the project keeps, from which play reaches what it seldom reaches from
a set-up); ``TALLY`` counts the maps and queries the property tests checked, and what the state
machines played: examples, decisions, the rounds each example reached (and from which curated
starts), the decision kinds applied, the rule clauses their events cited against
:func:`citable_clauses` (with :func:`never_seen_reason` for those never cited), for the session
summary and ``rulings fuzz``.
"""

from __future__ import annotations

import ast
import random
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from math import lcm
from typing import Any

from hypothesis import strategies as st

from engine.core import registry
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


EXPERT_SHARES = (0.8, 0.9, 0.95, 1.0, 0.0)
"""The shares of player decisions a game's expert takes in one example, drawn per example.
Hypothesis draws the first most often and shrinks towards it: 0.8, where a fifth of the
decisions stay uniform draws and each one's ticket shrinks towards the uniform choice (so a
failure still shrinks towards uniform play); 0 (uniform play throughout) is drawn too."""
EXPERT_TICKETS = 100
"""A mixed example draws a ticket below this at each player node; the expert decides when it is at
least ``(1 - share) * EXPERT_TICKETS`` (so tickets shrink towards a uniform choice)."""


EXPERT_MAX_LEGAL = 400
"""At a node with more legal decisions than this the choice is uniform: an expert may try each
one (Unknown's, on a close-combat damage assignment of about 300 ways, takes most of a second),
so such nodes would leave an example's cost unbounded."""


EXPERT_BUDGET = 5000
"""The engine calls (``apply`` and ``node``) one expert decision may make; past them the decision is a
uniform draw instead. In their own games the experts make at most about 550 (Unknown) and 1,900
(Falling Skies) calls a decision, a few hundredths of a second; on some states mixed play leads
to (Unknown with six survivors and a crowded map) a decision took seconds. Counting calls, not
seconds, keeps the choice the same on every replay of an example."""


class OverBudget(BaseException):
    """An expert's decision went past :data:`EXPERT_BUDGET` engine steps (a ``BaseException``,
    so no ``except Exception`` of the player's own catches it)."""


class Counted:
    """The engine as an expert player sees it: the same, but each ``apply`` and ``node`` spends
    one of the ``left`` steps of the decision being made, raising :class:`OverBudget` past
    them."""

    def __init__(self, engine: Any) -> None:
        self._engine = engine
        self.left = EXPERT_BUDGET

    def apply(self, state: Any, decision: Any) -> Any:
        self.left -= 1
        if self.left < 0:
            raise OverBudget
        return self._engine.apply(state, decision)

    def node(self, state: Any) -> Any:
        self.left -= 1
        if self.left < 0:
            raise OverBudget
        return self._engine.node(state)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._engine, name)


CURATED_TICKETS = 3
"""An example begins at a curated start when its start ticket, drawn below this, is the top one,
else at the generated set-up (tickets shrink towards it). Hypothesis draws the top one in about
a fifth to a third of a run's examples."""


@st.composite
def starts(draw: st.DrawFn, curated: tuple[str, ...], tickets: int = CURATED_TICKETS) -> str | None:
    """Where an example begins: ``None`` for the machine's generated set-up, else the label of
    one of its ``curated`` starts (when a start ticket drawn below ``tickets`` is the top one).
    A failure shrinks towards the generated set-up, then towards the first curated start."""
    if not curated:
        return None
    if draw(st.integers(0, tickets - 1), label="start ticket") < tickets - 1:
        return None
    return draw(st.sampled_from(curated), label="curated start")


def expert_mixes() -> st.SearchStrategy[tuple[float, int]]:
    """``(share, seed)``: the expert's share of an example's player decisions and the seed of
    its own ``random.Random``."""
    return st.tuples(st.sampled_from(EXPERT_SHARES).map(float), st.integers(0, 2**32 - 1))


class Mixture:
    """Who takes a state machine's player decisions in one example: the game's ``expert``
    player (``GameSpec.players``, seeded by the example) for ``share`` of them, a uniform
    Hypothesis draw (:func:`pick`) for the rest; a game without an expert plays uniformly.

    At a player node with more than one legal decision (and at most ``EXPERT_MAX_LEGAL``) and a
    share strictly between 0 and 1, Hypothesis draws a ticket saying which of the two decides; the uniform choice stays a
    Hypothesis draw, so a failure shrinks towards uniform play and small indexes. Chance nodes
    are :func:`pick`'s. The expert only sees what a player sees (``policy(state, node)``); a
    decision it cannot make within :data:`EXPERT_BUDGET` engine steps is a uniform draw.
    """

    def __init__(self, game_name: str, engine: Any, share: float, seed: int) -> None:
        spec = registry.game(game_name)
        self.share = share if "expert" in spec.players else 0.0
        self.seed = seed
        self.engine = Counted(engine)
        self.expert = (
            spec.player("expert", self.engine, random.Random(seed)) if self.share > 0 else None
        )
        self.threshold = round((1 - self.share) * EXPERT_TICKETS)
        self.by_expert = 0
        """Player decisions the expert took in this example."""
        self.over_budget = 0
        """Player decisions left to a uniform draw because the expert's went over budget."""

    def decide(self, draw: Any, state: Any, node: Any) -> Any:
        """The next decision at ``node`` of ``state``."""
        if (
            isinstance(node, ChanceNode)
            or self.expert is None
            or not 1 < len(node.legal) <= EXPERT_MAX_LEGAL
        ):
            return pick(draw, node)
        if self.threshold > 0:
            ticket = draw(st.integers(0, EXPERT_TICKETS - 1), label="expert ticket")
            if ticket < self.threshold:
                return pick(draw, node)
        self.engine.left = EXPERT_BUDGET
        try:
            decision = self.expert(state, node)
        except OverBudget:
            self.over_budget += 1
            return pick(draw, node)
        assert decision in node.legal, f"the expert chose {decision!r}, not a legal decision"
        self.by_expert += 1
        return decision

    def __repr__(self) -> str:
        return f"Mixture(share={self.share}, seed={self.seed})"


@cache
def citable_clauses(game: str) -> dict[str, tuple[tuple[str, str], ...]]:
    """The clause IDs ``game``'s rules code names as string literals (its ``GameSpec.package``'s
    ``.py`` files; a string equal to an ID of its clause index, not a docstring mentioning one),
    each with where: ``(file from the package folder, what names it)``, the second being the call
    the string is an argument of (``event``, ``IllegalDecision``, ``PlayerNode``) or ``""``; a
    ``(clause, why)`` pair returned by a function whose answer becomes a refusal
    (:func:`refusal_functions`) counts as ``IllegalDecision``'s."""
    from engine.report.clauses import index_of, package_folder

    spec = registry.game(game)
    ids = set(index_of(game).clauses)
    root = package_folder(spec.package)
    found: dict[str, list[tuple[str, str]]] = {}
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        where = path.relative_to(root).as_posix()
        _strings_in_calls(
            tree,
            "",
            ids,
            lambda clause, call, where=where: found.setdefault(clause, []).append((where, call)),
        )
        for function in _functions(tree, refusal_functions(tree)):
            for clause in _returned_reasons(function, ids):
                found[clause].remove((where, ""))
                found[clause].append((where, "IllegalDecision"))
    return {clause: tuple(sites) for clause, sites in sorted(found.items())}


def refusal_functions(tree: ast.AST) -> set[str]:
    """The functions of a module whose ``(clause, why)`` answer is raised as a refusal:
    ``IllegalDecision(*f(...))``, or ``why = f(...)`` then ``IllegalDecision(*why)`` in one
    function."""
    names: set[str] = set()
    for function in _functions(tree):
        assigned = {
            node.targets[0].id: node.value.func.id
            for node in ast.walk(function)
            if isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Name)
        }
        for node in ast.walk(function):
            if not (
                isinstance(node, ast.Call) and getattr(node.func, "id", "") == "IllegalDecision"
            ):
                continue
            for argument in node.args:
                if not isinstance(argument, ast.Starred):
                    continue
                value = argument.value
                if isinstance(value, ast.Call) and isinstance(value.func, ast.Name):
                    names.add(value.func.id)
                elif isinstance(value, ast.Name) and value.id in assigned:
                    names.add(assigned[value.id])
    return names


def _functions(tree: ast.AST, named: set[str] | None = None) -> list[ast.FunctionDef]:
    """The function definitions of ``tree`` (only those ``named``, when given)."""
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef) and (named is None or node.name in named)
    ]


def _returned_reasons(function: ast.FunctionDef, ids: set[str]) -> list[str]:
    """The clause of each ``return (clause, why)`` of a refusal function, one per return."""
    clauses = []
    for node in ast.walk(function):
        if isinstance(node, ast.Return) and isinstance(node.value, ast.Tuple) and node.value.elts:
            first = node.value.elts[0]
            if isinstance(first, ast.Constant) and first.value in ids:
                clauses.append(first.value)
    return clauses


def _strings_in_calls(
    node: ast.AST, call: str, ids: set[str], note: Callable[[str, str], None]
) -> None:
    """Note every string constant of ``node`` that is one of ``ids``, with the innermost call
    whose arguments hold it."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.Constant) and isinstance(child.value, str):
            if child.value in ids:
                note(child.value, call)
        elif isinstance(child, ast.Call):
            function = child.func
            name = getattr(function, "id", None) or getattr(function, "attr", "")
            _strings_in_calls(child, name, ids, note)
        elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            _strings_in_calls(child, "", ids, note)
        else:
            _strings_in_calls(child, call, ids, note)


REFUSALS = ("IllegalDecision", "require_goods", "PositionError")
"""Calls whose clause is a refusal's: the machines apply only legal decisions."""
NODES = ("PlayerNode", "ChanceNode")
"""Calls whose clause is a node's (what is asked), not an event's."""
FILE_MODULES = {"files.py", "positions.py"}
"""Modules of a game's package that read and write position files."""


def never_seen_reason(game: str, clause: str, played_readings: bool) -> str:
    """Why no event of the state machines cited ``clause`` of ``game``, where a cheap look at
    the code finds one: it is cited only by refusals of illegal decisions, only by the prompt
    of a node, only by the position-file code, or (``played_readings`` false: the machine plays
    the default rules) it is a clause of an interpretation switch; else ``not reached``."""
    sites = citable_clauses(game).get(clause, ())
    calls = {call for _, call in sites}
    files = {where.rpartition("/")[2] for where, _ in sites}
    if sites and calls <= set(REFUSALS):
        return "cited only by refusals (the machines take legal decisions)"
    if sites and calls <= set(REFUSALS + NODES):
        return "cited only by what a node asks and by refusals, not by an event"
    if sites and files <= FILE_MODULES:
        return "cited only when reading position files"
    if not played_readings:
        switches = [s for s, entry in _ledger(game).items() if clause in entry.get("clauses", ())]
        if switches:
            return (
                f"may need a reading of {', '.join(switches)} other than the default"
                " (the machine plays the default rules)"
            )
    if sites and files <= {"setup.py"}:
        return "cited only by set-ups the machine does not draw"
    return "not reached"


def _ledger(game: str) -> dict[str, Any]:
    return registry.game(game).switches()


COUNTERS = ("rounds", "kinds", "clauses", "marks", "curated_rounds", "starts")
"""The per-game counters of :class:`Tally` (snapshots, worker counts and merges hold them)."""


class Tally:
    """Maps and queries checked per checker; per state machine, the examples and steps played
    and what they reached (:meth:`coverage`)."""

    def __init__(self) -> None:
        self.maps: Counter = Counter()
        self.queries: Counter = Counter()
        self.examples: Counter = Counter()
        self.steps: Counter = Counter()
        self.rounds: dict[str, Counter] = {}
        """Game -> round reached at the end of an example that took a decision -> examples."""
        self.empty: Counter = Counter()
        """Game -> examples that ended before any decision (Hypothesis stops some at once)."""
        self.curated_rounds: dict[str, Counter] = {}
        """Game -> round reached by an example begun at a curated start (:func:`starts`) ->
        examples; also counted in :attr:`rounds`, left out of the late-round share."""
        self.starts: dict[str, Counter] = {}
        """Game -> curated start an example that took a decision began at -> examples."""
        self._open: Counter = Counter()
        """Game -> decisions of the example being played."""
        self.kinds: dict[str, Counter] = {}
        """Game -> type name of a player decision applied -> times."""
        self.clauses: dict[str, Counter] = {}
        """Game -> clause an event of a step cited -> times."""
        self.marks: dict[str, Counter] = {}
        """Game -> what a machine notes of its own game (Unknown: each mission's own decisions
        and the mission piles reached) -> times."""
        self.late_round: dict[str, int] = {}
        """Game -> the round whose share of examples reaching it the summary gives."""
        self.played_readings: dict[str, bool] = {}
        """Game -> whether its machine draws readings of the ledger's switches."""
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
        minimal failing example, so this is the one to replay. A machine class may say which
        round the summary's share counts (``LATE_ROUND``) and whether it plays readings
        (``PLAYS_READINGS``)."""
        self.last_machine[game] = machine
        late = getattr(machine, "LATE_ROUND", None)
        if late:
            self.late_round[game] = late
        self.played_readings[game] = bool(getattr(machine, "PLAYS_READINGS", False))

    def step(
        self,
        game: str,
        decision: Any = None,
        events: Iterable[Any] = (),
        chance: bool = False,
    ) -> None:
        """Count one decision a state machine of ``game`` applied: its kind (the decision's type
        name, unless it is a ``chance`` outcome) and the clause of each of its ``events``."""
        self.steps[game] += 1
        self._open[game] += 1
        if decision is not None and not chance:
            self.kinds.setdefault(game, Counter())[type(decision).__name__] += 1
        clauses = self.clauses.setdefault(game, Counter())
        for event in events:
            clauses[event.clause] += 1

    def mark(self, game: str, label: str) -> None:
        """Count one ``label`` a machine of ``game`` notes (see :attr:`marks`)."""
        self.marks.setdefault(game, Counter())[label] += 1

    def example(self, game: str, state: Any = None, curated: str | None = None) -> None:
        """Count one example (one game played from a setup, or from the ``curated`` start so
        labelled) of ``game``'s state machine, ended at ``state`` (its ``round`` goes into the
        rounds reached, if it took a decision)."""
        self.examples[game] += 1
        played, self._open[game] = self._open[game], 0
        round_reached = getattr(state, "round", None)
        if not played:
            self.empty[game] += 1
        else:
            if curated is not None:
                self.starts.setdefault(game, Counter())[curated] += 1
            if isinstance(round_reached, int):
                self.rounds.setdefault(game, Counter())[round_reached] += 1
                if curated is not None:
                    self.curated_rounds.setdefault(game, Counter())[round_reached] += 1
        if self.on_example is not None:
            self.on_example(game)

    # -- what a run covered ---------------------------------------------------------------------
    def snapshot(self, game: str) -> dict[str, Any]:
        """Copies of ``game``'s coverage counters (:meth:`coverage` ``since`` one)."""
        counters = {name: Counter(getattr(self, name).get(game, {})) for name in COUNTERS}
        return counters | {"empty": Counter({game: self.empty[game]})}

    def coverage(self, game: str, since: dict[str, Any] | None = None) -> dict[str, Any]:
        """What ``game``'s machine covered (since the :meth:`snapshot` ``since``): examples by
        round reached (all, and those begun at a generated set-up, which alone the late-round
        share counts), examples by curated start, decision kinds, the machine's own marks, the
        clauses seen of :func:`citable_clauses` and those never seen, each with
        :func:`never_seen_reason`."""
        now = self.snapshot(game)
        if since is not None:
            now = {name: counter - since.get(name, Counter()) for name, counter in now.items()}
        rounds = dict(sorted(now["rounds"].items()))
        generated = dict(sorted((now["rounds"] - now["curated_rounds"]).items()))
        citable = citable_clauses(game) if game in registry.names() else {}
        seen = sorted(c for c in now["clauses"] if c in citable)
        readings = self.played_readings.get(game, False)
        never = {
            clause: never_seen_reason(game, clause, readings)
            for clause in citable
            if clause not in now["clauses"]
        }
        result: dict[str, Any] = {
            "empty": now["empty"][game],
            "rounds": {str(r): n for r, n in rounds.items()},
            "generated_rounds": {str(r): n for r, n in generated.items()},
            "curated_starts": dict(sorted(now["starts"].items())),
            "decision_kinds": dict(sorted(now["kinds"].items())),
            "marks": dict(sorted(now["marks"].items())),
            "clauses_seen": seen,
            "clauses_citable": len(citable),
            "clauses_never_seen": never,
            "clauses_outside_index": sorted(c for c in now["clauses"] if c not in citable),
        }
        late = self.late_round.get(game)
        if late:
            total = sum(generated.values())
            reached = sum(n for r, n in generated.items() if r >= late)
            result["late_round"] = late
            result["late_share"] = reached / total if total else 0.0
        return result

    def counts(self) -> dict[str, Any]:
        """The counts as plain dicts (what a pytest-xdist worker sends its controller)."""
        return {
            "maps": dict(self.maps),
            "queries": dict(self.queries),
            "examples": dict(self.examples),
            "steps": dict(self.steps),
            "empty": dict(self.empty),
            **{
                name: {game: dict(counter) for game, counter in getattr(self, name).items()}
                for name in COUNTERS
            },
            "late_round": dict(self.late_round),
            "played_readings": dict(self.played_readings),
        }

    def merge(self, counts: dict[str, Any]) -> None:
        """Add a worker's :meth:`counts` to these."""
        for name, counter in (
            ("maps", self.maps),
            ("queries", self.queries),
            ("examples", self.examples),
            ("steps", self.steps),
            ("empty", self.empty),
        ):
            counter.update(counts.get(name, {}))
        for name in COUNTERS:
            mine = getattr(self, name)
            for game, counter in counts.get(name, {}).items():
                mine.setdefault(game, Counter()).update(counter)
        self.late_round.update(counts.get("late_round", {}))
        self.played_readings.update(counts.get("played_readings", {}))

    def lines(self) -> list[str]:
        """One line per checker that ran, e.g. ``engine=networkx on 2000 maps (… queries)``."""
        return [
            f"engine={checker} on {self.maps[checker]} maps ({self.queries[checker]} queries)"
            for checker in sorted(self.maps)
        ]

    def machine_lines(self) -> list[str]:
        """Per state machine that ran: its examples and decisions, the share of examples reaching
        its late round, the rounds reached, the decision kinds and clauses seen."""
        lines = []
        for game in sorted(self.examples):
            lines += coverage_lines(
                game, self.examples[game], self.steps[game], self.coverage(game)
            )
        return lines


def coverage_lines(
    game: str, examples: int, steps: int, coverage: dict[str, Any], whole: bool = False
) -> list[str]:
    """A few lines saying what ``game``'s machine played and covered (:meth:`Tally.coverage`):
    the decision kinds and marks by name only when ``whole``, else their numbers."""
    head = f"{game}: {examples:,} examples, {steps:,} decisions"
    if coverage.get("empty"):
        head += f" ({coverage['empty']:,} examples stopped by Hypothesis before a decision)"
    curated = coverage.get("curated_starts", {})
    if "late_share" in coverage and coverage.get("generated_rounds", coverage["rounds"]):
        head += (
            f"; {coverage['late_share']:.0%} of those played from a generated set-up reached"
            f" round {coverage['late_round']}"
        )
    lines = [head]
    rounds = coverage["rounds"]
    if rounds:
        lines.append(
            "  rounds reached (round:examples): " + " ".join(f"{r}:{n}" for r, n in rounds.items())
        )
    if curated:
        lines.append(
            f"  {sum(curated.values()):,} examples played from {len(curated)} curated starts"
        )
    kinds, marks = coverage["decision_kinds"], coverage["marks"]
    if whole:
        for title, counts in (("decision kinds", kinds), ("marks", marks)):
            if counts:
                listed = ", ".join(f"{name} {n:,}" for name, n in counts.items())
                lines.append(f"  {title} ({len(counts)}): {listed}")
    elif kinds or marks:
        lines.append(f"  {len(kinds)} decision kinds, {len(marks)} marks")
    if coverage["clauses_citable"]:
        seen, never = len(coverage["clauses_seen"]), coverage["clauses_never_seen"]
        lines.append(
            f"  clauses seen: {seen} of {coverage['clauses_citable']} that can be cited"
            f" ({len(never)} never seen)"
        )
        if whole:
            lines += [f"    never seen: {clause}: {why}" for clause, why in never.items()]
    return lines


TALLY = Tally()
