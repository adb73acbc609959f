"""Interactive ``rulings play``: phrases typed one per line, with the table talk a player needs.

Besides the game's action phrases (those of ``rulings resolve``), a line may be one of the
session's own words: ``help`` (these words and the game's phrase forms), ``show`` (the board),
``save FILE`` (the position now, as a position file), ``undo`` (take back the last decision) and
``quit``. The board is drawn when play starts and again whenever the round, the phase or the turn
changes. The decisions kept (an undone one is forgotten) are said as phrases that read back as
the same decisions (:func:`engine.cli.replay.phrase_for`), so a log written from them replays
with ``rulings resolve START --replay LOG``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from random import Random
from typing import Any, TextIO

import click

from engine.cli.replay import phrase_for
from engine.cli.resolve import illegal_line
from engine.core.errors import IllegalDecision, PositionError, did_you_mean
from engine.core.game import Node
from engine.core.registry import GameSpec, LogLine, Opened
from engine.core.textfiles import write_atomically
from engine.positions import parse_position_text

SESSION_WORDS = ("help", "show", "save", "undo", "quit")
"""The words of the session itself; every other line is an action phrase."""

SESSION_HELP = """\
Besides action phrases, type:
  show         draw the board now
  save FILE    write the position now to FILE (.yaml): rulings resolve FILE goes on from it
  undo         take back the last decision
  help         this list and the action phrases
  quit         stop playing (end of input stops too)"""


@dataclass
class Kept:
    """One decision kept in the game: the state before it and the phrase that says it."""

    before: Any
    phrase: str


@dataclass
class Table:
    """A game being played from stdin: where it is and the decisions that led there."""

    spec: GameSpec
    game: Any
    ruleset: Any
    state: Any
    kept: list[Kept] = field(default_factory=list)

    @property
    def decisions(self) -> int:
        return len(self.kept)

    def opened(self) -> Opened:
        """The state now as a position file would open it (what the drawings take)."""
        text = self.spec.position_text(self.game, self.state)
        data = parse_position_text(text, "(play)")
        return self.spec.open_data(data, "(play)", self.ruleset)

    def board(self) -> str:
        """The state now drawn as ``rulings show`` draws a position file."""
        return self.spec.text(self.opened(), f"round {getattr(self.state, 'round', '?')}")

    def phrases(self) -> list[str]:
        """The kept decisions, each as a phrase that reads back as it."""
        return [kept.phrase for kept in self.kept]


def turn_of(state: Any) -> tuple[Any, ...]:
    """What changes when a turn ends: the round, the phase and who is on turn (``None`` where a
    game does not keep one)."""
    return tuple(getattr(state, name, None) for name in ("round", "phase", "turn"))


def session_word(line: str) -> tuple[str, str] | None:
    """``(word, rest)`` when ``line`` is one of the session's words, else ``None``."""
    word, _, rest = line.strip().partition(" ")
    word = word.lower()
    if word in ("exit", "q"):
        word = "quit"
    if word in SESSION_WORDS:
        return word, rest.strip()
    return None


def save_to(table: Table, name: str) -> str:
    """Write the position now to ``name`` (whole or not at all); the line that says so, or a
    ``click.BadParameter`` naming the file and what is wrong."""
    if not name:
        raise click.BadParameter("save: say where: save FILE (a .yaml file)")
    path = Path(name)
    if path.suffix not in (".yaml", ".yml"):
        suggestion = path.with_suffix(".yaml").name
        raise click.BadParameter(f"save: {name}: a position file is YAML; name it {suggestion}")
    if not path.parent.is_dir():
        raise click.BadParameter(f"save: {name}: the folder {path.parent} does not exist")
    try:
        write_atomically(path, table.spec.position_text(table.game, table.state))
    except OSError as error:
        raise click.BadParameter(
            f"cannot write {name}: {error.strerror or error}", "save"
        ) from None
    return f"saved the position to {name}: go on from it with rulings resolve {name}"


def undo(table: Table) -> str:
    """Take back the last decision; the line that says which (or that there is none)."""
    if not table.kept:
        return "nothing to undo: no decision has been made yet"
    last = table.kept.pop()
    table.state = last.before
    return f"undid: {last.phrase}"


def help_text(table: Table) -> str:
    """The session's words, then the game's phrase forms."""
    forms = table.spec.phrasebook().forms.replace("\b\n", "").strip("\n")
    return f"{SESSION_HELP}\n\n{forms}" if forms else SESSION_HELP


def told(table: Table, word: str, rest: str) -> str:
    """What a session word answers (``quit`` is handled by the caller)."""
    if word == "help":
        return help_text(table)
    if word == "show":
        return table.board()
    if word == "undo":
        return undo(table)
    return save_to(table, rest)


def read_line(stdin: TextIO) -> str:
    """One line of input, echoed when it does not come from a terminal (a transcript shows
    what was read); ``""`` at the end of input."""
    line = stdin.readline()
    if line and not stdin.isatty():
        click.echo(line.strip())
    return line


def error_line(error: click.BadParameter) -> str:
    """``rulings: error: <problem>`` on one line."""
    return " ".join(f"rulings: error: {error.message}".split())


def not_a_word(line: str) -> str | None:
    """A did-you-mean for a line that looks like a mistyped session word (one word, close to
    one), else ``None``."""
    words = line.split()
    if len(words) > 2 or not words:
        return None
    hint = did_you_mean(words[0].lower(), SESSION_WORDS)
    return f"{hint.strip()} (help lists the words and the phrases)" if hint else None


def take_turn(
    table: Table, node: Node, line: str, rng: Random, log: Callable[[LogLine], None]
) -> None:
    """Apply the decision ``line`` names at ``node`` and log what it caused; a phrase that names
    no decision or a decision the rules refuse is said on stderr and nothing changes."""
    book = table.spec.phrasebook()
    try:
        decision = book.read(table.game, table.state, node, line, rng)
        step = table.game.apply(table.state, decision)
    except click.BadParameter as error:
        hint = not_a_word(line)
        if hint is None:
            click.echo(error_line(error), err=True)
        else:
            word = line.split()[0]
            click.echo(
                f"rulings: error: {word!r} is no action and no word of play {hint}", err=True
            )
        return
    except IllegalDecision as error:
        click.echo(illegal_line(error), err=True)
        return
    phrase = phrase_for(book, table.game, table.state, node, decision)
    for entry in table.spec.play_step(table.state, decision, step):
        log(entry)
    table.kept.append(Kept(table.state, phrase))
    table.state = step.state


def shown_board(table: Table) -> str | None:
    """The board, or ``None`` (with the reason on stderr) if this state cannot be drawn."""
    try:
        return table.board()
    except (PositionError, ValueError) as error:
        click.echo(f"rulings play: cannot draw this state: {error}", err=True)
        return None


def play_lines(
    table: Table,
    stdin: TextIO,
    rng: Random,
    stop_here: Callable[[Any, Node, int], bool],
    log: Callable[[LogLine], None],
    after: Callable[[Table], None] = lambda table: None,
) -> bool:
    """Read lines until ``stop_here(state, node, decisions)`` or the player quits (then
    ``True``); draw the board at the start and whenever the turn changes; ``after(table)``
    after every kept decision."""
    drawn_for: tuple[Any, ...] | None = None
    while True:
        node = table.game.node(table.state)
        if stop_here(table.state, node, table.decisions):
            return False
        if turn_of(table.state) != drawn_for:
            drawn_for = turn_of(table.state)
            board = shown_board(table)
            if board is not None:
                click.echo(board)
        click.echo("\n".join(table.spec.phrasebook().next_lines(table.state, node)))
        click.echo("> ", nl=False)
        line = read_line(stdin)
        if not line:
            click.echo()  # end the prompt's line at the end of input
            return True
        asked = session_word(line)
        if asked is not None and asked[0] == "quit":
            return True
        if asked is not None:
            made_before = table.decisions
            try:
                click.echo(told(table, *asked))
            except click.BadParameter as error:
                click.echo(error_line(error), err=True)
            if asked[0] == "undo" and table.decisions < made_before:
                drawn_for = None  # the board as it is again
            continue
        if line.strip():
            made = table.decisions
            take_turn(table, node, line.strip(), rng, log)
            if table.decisions > made:
                after(table)
