"""The clauses the engine cites while a test runs, for the verification report's confirmation
rule (``engine/report/clauses.py``): a clause counts as confirmed by a scenario only if the
engine cited it while the scenario ran.

The engine cites a clause in three ways, all seen here through one profiling hook
(``sys.setprofile``) that is on only while a test runs under ``--rulings-capture``:

* it makes an event, a node or a refusal naming the clause (``engine.core.game.Event``,
  ``PlayerNode``, ``ChanceNode``, ``TerminalNode``, ``engine.core.errors.IllegalDecision``): the
  ``clause`` argument of the constructor is read as it is called;
* a function or method of a game's rules package whose docstring or code names the clause runs
  (the places ``engine.report.clauses.citations`` finds; a class's citations count when one of
  its methods runs; module-level text does not count: importing a module exercises no rule).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from types import CodeType, FrameType
from typing import Any

from engine.core import registry
from engine.core.errors import IllegalDecision
from engine.core.game import ChanceNode, Event, PlayerNode, TerminalNode
from engine.report.clauses import citations
from engine.report.records import ROOT

CITING_CONSTRUCTORS = (Event, PlayerNode, ChanceNode, TerminalNode, IllegalDecision)
"""The engine's objects that carry the clause a rule applied (their ``clause`` argument)."""
CONSTRUCTOR = frozenset({"<constructor>"})
"""The look-up's answer for a constructor in :data:`CITING_CONSTRUCTORS`."""
NOTHING: frozenset[str] = frozenset()


def citing_functions() -> dict[str, dict[str, frozenset[str]]]:
    """Real file path -> qualified name -> the clauses that function (or class) names, for
    every registered game's rules package; module-level citations are left out."""
    places: dict[str, dict[str, set[str]]] = {}
    for spec in registry.games().values():
        for clause_id, where in citations(spec.package).items():
            for place in where:
                path, _, name = place.partition("::")
                if not name:
                    continue
                real = os.path.realpath(ROOT / path)
                places.setdefault(real, {}).setdefault(name, set()).add(clause_id)
    return {
        path: {name: frozenset(found) for name, found in names.items()}
        for path, names in places.items()
    }


class CitedClauses:
    """The clauses cited since the last :meth:`start` (see the module docstring)."""

    def __init__(self) -> None:
        self.seen: set[str] = set()
        self._places = citing_functions()
        self._memo: dict[CodeType, frozenset[str]] = {
            cls.__init__.__code__: CONSTRUCTOR for cls in CITING_CONSTRUCTORS
        }

    def start(self) -> None:
        self.seen = set()
        sys.setprofile(self._profile)

    def stop(self) -> set[str]:
        sys.setprofile(None)
        return self.seen

    @contextmanager
    def paused(self) -> Iterator[None]:
        """Nothing noted inside (the plugin's own drawing runs engine code too)."""
        was = sys.getprofile()
        sys.setprofile(None)
        try:
            yield
        finally:
            sys.setprofile(was)

    def _profile(self, frame: FrameType, event: str, arg: Any) -> None:
        if event != "call":
            return
        code = frame.f_code
        found = self._memo.get(code)
        if found is None:
            found = self._memo[code] = self._look_up(code)
        if found is CONSTRUCTOR:
            clause = frame.f_locals.get("clause")
            if isinstance(clause, str) and clause:
                self.seen.add(clause)
        elif found:
            self.seen.update(found)

    def _look_up(self, code: CodeType) -> frozenset[str]:
        """The clauses a code object's function names: its own, and those of the classes and
        functions enclosing it."""
        names = self._places.get(os.path.realpath(code.co_filename))
        if not names:
            return NOTHING
        parts = code.co_qualname.replace(".<locals>", "").split(".")
        found: set[str] = set()
        for end in range(len(parts), 0, -1):
            found |= names.get(".".join(parts[:end]), NOTHING)
        return frozenset(found)
