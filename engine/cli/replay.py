"""Decision sequences as phrases: saying each decision of a game, and replaying a phrase file.

``rulings resolve POS --replay FILE`` applies the phrases of FILE (one per line; blank lines and
``#`` comments skipped) in order from POS; ``rulings fuzz`` writes such a file for the minimal
failing example it found. Each game reads and says its decisions with the phrases of
``rulings resolve`` (its registry entry's :class:`~engine.core.registry.Phrasebook`); a
decision no phrase names, or whose phrase would read back as another decision, is said as
``option N`` (its place in the list the rules offer).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from random import Random
from typing import Any

import click

from engine.core import registry
from engine.core.errors import IllegalDecision, PositionError
from engine.core.game import Event, Node
from engine.core.game import choices as game_choices
from engine.core.registry import Phrasebook

Decision = Any


def phrasebook(game_name: str) -> Phrasebook:
    """The phrases of the registered game ``game_name``."""
    return registry.game(game_name).phrasebook()


def phrase_for(book: Phrasebook, game: Any, state: Any, node: Node, decision: Decision) -> str:
    """The phrase that reads back as ``decision`` here: its own phrase, else ``option N``."""
    said = book.say(state, decision)
    if said:
        try:
            if book.read(game, state, node, said, None) == decision:
                return said
        except click.BadParameter:
            pass
    choices = list(game_choices(node))  # what ``option N`` counts through
    if decision in choices:
        return f"option {choices.index(decision) + 1}"
    return str(decision)  # not offered here: the replay will refuse it, as the engine did


def phrases_of(
    book: Phrasebook, game: Any, start: Any, decisions: Iterable[Decision]
) -> tuple[list[str], Any]:
    """The phrases of ``decisions`` played from ``start``, and the state they lead to."""
    said, state = [], start
    for decision in decisions:
        said.append(phrase_for(book, game, state, game.node(state), decision))
        state = game.apply(state, decision).state
    return said, state


def phrase_lines(text: str) -> list[tuple[int, str]]:
    """``(line number, phrase)`` for every line of a replay file that holds a phrase."""
    lines = []
    for number, line in enumerate(text.splitlines(), start=1):
        phrase = line.split("#", 1)[0].strip()
        if phrase:
            lines.append((number, phrase))
    return lines


def read_replay(path: str) -> list[tuple[int, str]]:
    """The phrases of replay file ``path``; a ``PositionError`` if it cannot be read."""
    try:
        with open(path, encoding="utf-8") as file:
            text = file.read()
    except FileNotFoundError:
        raise PositionError(path, "file", "no such file") from None
    except UnicodeDecodeError as error:
        raise PositionError(path, "file", f"not UTF-8 text ({error.reason})") from None
    except OSError as error:
        raise PositionError(path, "file", error.strerror or str(error)) from None
    lines = phrase_lines(text)
    if not lines:
        raise PositionError(path, "file", "no phrase in it (one decision per line)")
    return lines


class ReplayRefused(Exception):
    """A phrase of a replay file the rules refuse: its line, and the engine's reason."""

    def __init__(self, line: int, error: IllegalDecision) -> None:
        super().__init__(f"line {line}: {error}")
        self.line = line
        self.error = error


def replay(
    book: Phrasebook,
    game: Any,
    state: Any,
    lines: Sequence[tuple[int, str]],
    source: str,
    echo: Callable[[str, Decision, tuple[Event, ...], Any], None],
    rng: Random | None = None,
) -> Any:
    """Apply every phrase of ``lines`` in order from ``state``; ``echo(phrase, decision, events,
    before)`` after each. A phrase that names no decision here is a ``PositionError`` naming the
    file and line; one the rules refuse raises :class:`ReplayRefused`. Returns the last state."""
    for number, phrase in lines:
        node = game.node(state)
        try:
            decision = book.read(game, state, node, phrase, rng)
        except click.BadParameter as error:
            problem = " ".join(error.format_message().split())
            raise PositionError(source, f"line {number}", problem) from None
        try:
            step = game.apply(state, decision)
        except IllegalDecision as error:
            raise ReplayRefused(number, error) from None
        echo(phrase, decision, step.events, state)
        state = step.state
    return state


def start_file(log: Path) -> Path:
    """Where the start position of a play log goes: beside it, ``<log stem>.start.yaml``."""
    return log.with_name(log.stem + ".start.yaml")


def write_log(log: Path, phrases: Sequence[str], header: Sequence[str]) -> None:
    """Write a replay file (whole or not at all): ``header`` as ``#`` comments, then one phrase
    per line, as ``rulings resolve START --replay LOG`` reads it."""
    from engine.core.textfiles import write_atomically

    lines = [f"# {line}" for line in header] + list(phrases)
    write_atomically(log, "\n".join(lines) + "\n")
