"""Errors every game engine raises: an illegal decision, and a bad position file."""

from __future__ import annotations

from collections.abc import Iterable


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


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'food'?)`` for the choice nearest ``word`` (case aside), or ``""`` when
    none is near: the one way every bad name (tile, card, key, phrase word, reading) is
    answered with a suggestion."""
    from difflib import get_close_matches

    options = {choice.lower(): choice for choice in choices}
    near = get_close_matches(word.lower(), list(options), n=1, cutoff=0.6)
    return f" (did you mean {options[near[0]]!r}?)" if near else ""
