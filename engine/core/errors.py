"""Errors every game engine raises: an illegal decision, and a bad position file."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar


class IllegalDecision(Exception):
    """A decision the rules forbid. Names the clause it breaks; the state is left untouched."""

    def __init__(self, clause: str, message: str) -> None:
        super().__init__(f"{message} [{clause}]")
        self.clause = clause
        self.message = message


class PositionError(Exception):
    """A position file that cannot be read: names the file, the entry (or ``line N``, with the
    ``column`` where the text could not be parsed) and the problem."""

    def __init__(self, source: str, entry: str, problem: str, column: int | None = None) -> None:
        where = entry if column is None else f"{entry}, column {column}"
        super().__init__(f"{source}: {where}: {problem}")
        self.source = source
        self.entry = entry
        self.problem = problem
        self.column = column


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'food'?)`` for the choice nearest ``word`` (case aside), or ``""`` when
    none is near: the one way every bad name (tile, card, key, phrase word, reading) is
    answered with a suggestion."""
    from difflib import get_close_matches

    options = {choice.lower(): choice for choice in choices}
    near = get_close_matches(word.lower(), list(options), n=1, cutoff=0.6)
    return f" (did you mean {options[near[0]]!r}?)" if near else ""


class PositionWarning:
    """A hand-written position file that leaves out an entry whose default makes play go
    oddly (no phase: nothing can act): the file, the entry, what the default means and the fix.
    Reading a file never fails for it; a command that opens files for play says it on stderr."""

    def __init__(self, source: str, entry: str, problem: str) -> None:
        self.source = source
        self.entry = entry
        self.problem = problem

    def __str__(self) -> str:
        return f"{self.source}: {self.entry}: {self.problem}"


_HEARD: ContextVar[list[PositionWarning] | None] = ContextVar("position_warnings", default=None)


def warn(source: str, entry: str, problem: str) -> None:
    """Note a :class:`PositionWarning` for whoever listens (:func:`warnings_heard`); with no
    one listening (a test, a library caller, the engine reading back what it wrote) it is
    dropped."""
    heard = _HEARD.get()
    if heard is not None:
        heard.append(PositionWarning(source, entry, problem))


@contextmanager
def warnings_heard() -> Iterator[list[PositionWarning]]:
    """The warnings noted while the ``with`` block runs, in order."""
    heard: list[PositionWarning] = []
    token = _HEARD.set(heard)
    try:
        yield heard
    finally:
        _HEARD.reset(token)
