"""``rulings resolve``: apply one decision, said the way a player says it, to a saved game state.

The file is read once (:func:`engine.core.registry.parse_file`) and its ``game`` key picks the
game; the phrase becomes one of the engine's decision objects through that game's
:class:`~engine.core.registry.Phrasebook`, the engine applies it (``game.apply``, which settles
whatever follows by itself) and the command narrates the events, each with the clause that
caused it, then what the rules ask for next. Nothing here decides what is legal: an illegal
decision is the engine's ``IllegalDecision``, printed as one line with its clause.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import fields, is_dataclass
from enum import Enum
from fractions import Fraction
from pathlib import Path
from random import Random
from typing import Any

import click

from engine.cli import replay
from engine.cli.params import (
    CannotSave,
    FilePath,
    examples,
    json_option,
    open_file,
    readings_option,
    refuse,
    say_warnings,
)
from engine.core import registry
from engine.core.errors import IllegalDecision, PositionError
from engine.core.game import Decision, Event, Node
from engine.core.registry import Opened


def event_data(event: Event) -> dict[str, Any]:
    """One event as JSON data: its kind, clause and text, and its own data (coordinates as
    ``[x, y]`` lists)."""
    data = {name: json_safe(value) for name, value in event.data}
    return {"kind": event.kind, "clause": event.clause, "text": event.text, "data": data}


def json_safe(value: Any) -> Any:
    """``value`` as JSON data: tuples and sets as lists, mappings and dataclasses as objects,
    fractions as ``"a/b"`` strings, enumerations by their value."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, Enum):
        return json_safe(value.value)
    if isinstance(value, Mapping):
        return {str(key): json_safe(item) for key, item in value.items()}
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: json_safe(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, set | frozenset):
        return sorted((json_safe(item) for item in value), key=json.dumps)
    if isinstance(value, list | tuple):
        return [json_safe(item) for item in value]
    return str(value)


def illegal_line(error: IllegalDecision) -> str:
    """``rulings: illegal: <message> [<clause>]`` (as :func:`engine.cli.params.refuse` says it)."""
    return " ".join(f"rulings: illegal: {error}".split())


def _epilog() -> str:
    """Every registered game's phrase forms, then the examples."""
    blocks = [spec.phrasebook().forms.strip("\n") for spec in registry.games().values()]
    kept = [block if block.startswith("\b") else "\b\n" + block for block in blocks if block]
    return "\n\n".join([*kept, examples("resolve")])


@click.command(
    "resolve",
    short_help="Apply one decision, said as a player says it, to a saved game state.",
    epilog=_epilog(),
)
@click.argument("path", metavar="POS", type=FilePath(dir_okay=False))
@click.argument("words", metavar="[ACTION]", nargs=-1)
@click.option(
    "--out",
    metavar="NEW_POS",
    type=FilePath(dir_okay=False),
    help="Write the state after the decision to NEW_POS (only if it was legal); without "
    "ACTION, write the position as read, in the engine's own form.",
)
@click.option(
    "--seed",
    type=int,
    metavar="N",
    help="Seed for a bare 'draw': draw a chance outcome at random with its exact probability.",
)
@click.option(
    "--replay",
    "replay_path",
    type=FilePath(dir_okay=False),
    metavar="FILE",
    help="Apply every phrase of FILE in order (one per line; # starts a comment) instead of one "
    "ACTION, e.g. the replay rulings fuzz writes; --out then writes the last state.",
)
@json_option
@readings_option
@click.pass_context
def resolve_command(
    ctx: click.Context,
    path: str,
    words: tuple[str, ...],
    out: str | None,
    seed: int | None,
    replay_path: str | None,
    as_json: bool,
    readings: tuple[str, ...],
) -> None:
    """Load the whole game state from POS, apply ACTION (a phrase, see below) through the
    rules engine, and print the events it caused, each with the rule clause behind it, then what
    the rules ask for next: whose decision, the prompt and the numbered legal options, the
    chance outcomes with their probabilities, or the end of the game. An illegal ACTION prints
    one line, rulings: illegal: <why> [<clause>], exits 1 and writes nothing. Without ACTION,
    print what the rules ask for now. The file's game key picks the game: Unknown or Under
    Falling Skies (its phrases are listed below).
    """
    if replay_path is not None and words:
        raise click.UsageError("give one ACTION or --replay FILE, not both")
    opened = open_file(path, readings)
    say_warnings(opened)
    spec, game, state = opened.spec, opened.game, opened.state
    if replay_path is not None:
        after = _replay(ctx, opened, replay_path, seed, as_json)
        if out is not None:
            save(opened, after, out)
            _written(out, as_json)
        return
    book = spec.phrasebook()
    node = game.node(state)
    if not words:
        if out is not None:
            save(opened, state, out)
        _report(opened, state, node, state, None, (), as_json)
        _written(out, as_json)
        return
    rng = None if seed is None else Random(seed)
    decision = book.read(game, state, node, " ".join(words), rng)
    try:
        step = game.apply(state, decision)
    except IllegalDecision as error:
        ctx.exit(refuse("illegal", error.message, error.clause, as_json))
    if out is not None:
        save(opened, step.state, out)
    _report(opened, step.state, game.node(step.state), state, decision, step.events, as_json)
    _written(out, as_json)


def save(opened: Opened, state: Any, out: str) -> None:
    """Write ``state`` to ``out`` through its game (whole or not at all). A folder that cannot
    be written is bad input of ``--out`` (exit 2); a state the engine cannot write in a form
    that reads back is :class:`CannotSave` (an engine fault, exit 1)."""
    try:
        opened.spec.save(opened.game, state, Path(out), opened)
    except OSError as error:
        raise click.BadParameter(
            f"cannot write {out}: {error.strerror or error}", param_hint="--out"
        ) from None
    except PositionError as error:
        raise CannotSave(out, f"{error.entry}: {error.problem}") from None
    except ValueError as error:
        raise CannotSave(out, str(error).removeprefix(f"{out}: ")) from None


def _report(
    opened: Opened,
    state: Any,
    node: Node,
    before: Any,
    decision: Decision | None,
    events: Sequence[Event],
    as_json: bool,
) -> None:
    """The events a decision caused, then what the rules ask for next (or now, with none)."""
    book = opened.spec.phrasebook()
    named = None if decision is None else book.name(before, decision)
    if as_json:
        answer = {
            "decision": named,
            "events": [event_data(e) for e in events],
            "next": book.next_data(state, node),
        }
        click.echo(json.dumps(answer))
        return
    if decision is not None:
        click.echo(f"{named}:")
        click.echo("\n".join(f"  {book.event_line(e)}" for e in events) or "  (no events)")
    click.echo("\n".join(book.next_lines(state, node)))


def _written(out: str | None, as_json: bool) -> None:
    if out is not None and not as_json:
        click.echo(f"state written to {out}")


def _replay(
    ctx: click.Context, opened: Opened, replay_path: str, seed: int | None, as_json: bool
) -> Any:
    """``--replay FILE``: apply its phrases in order, then narrate each and say what comes next.
    Nothing is printed until every phrase has applied: a phrase that names no decision is one
    error line naming the file and line (exit 2), a refused one an illegal line (exit 1)."""
    book, game = opened.spec.phrasebook(), opened.game
    lines = replay.read_replay(replay_path)
    steps: list[tuple[str, tuple[Event, ...]]] = []
    rng = None if seed is None else Random(seed)
    try:
        state = replay.replay(
            book,
            game,
            opened.state,
            lines,
            replay_path,
            lambda p, d, e, b: steps.append((p, e)),
            rng,
        )
    except replay.ReplayRefused as refused:
        where = f"{replay_path}: line {refused.line}: {refused.error.message}"
        ctx.exit(refuse("illegal", where, refused.error.clause, as_json))
    node = game.node(state)
    next_lines, next_data = book.next_lines(state, node), book.next_data(state, node)
    if as_json:
        replayed = [{"decision": p, "events": [event_data(e) for e in ev]} for p, ev in steps]
        click.echo(json.dumps({"replayed": replayed, "next": next_data}))
        return state
    for number, (phrase, events) in enumerate(steps, start=1):
        click.echo(f"{number}. {phrase}:")
        click.echo("\n".join(f"  {book.event_line(e)}" for e in events) or "  (no events)")
    click.echo("\n".join(next_lines))
    return state
