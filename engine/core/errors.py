"""Errors every game engine raises: an illegal decision, and a bad position file."""

from __future__ import annotations


class IllegalDecision(Exception):
    """A decision the rules forbid. Names the clause it breaks; the state is left untouched."""

    def __init__(self, clause: str, message: str) -> None:
        super().__init__(f"{message} [{clause}]")
        self.clause = clause
        self.message = message


class PositionError(Exception):
    """A position file that cannot be read: names the file, the entry and the problem."""

    def __init__(self, source: str, entry: str, problem: str) -> None:
        super().__init__(f"{source}: {entry}: {problem}")
        self.source = source
        self.entry = entry
        self.problem = problem
