"""Command-line values shared by the commands: coordinates, readings, position files.

Every check here fails with a :class:`click.BadParameter` naming the option, so the command group
(``main.py``) can print it as one line; problems inside a position file stay
:class:`~engine.core.errors.PositionError`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypeVar

import click

from engine.core.errors import PositionError
from engine.positions import load_position
from engine.unknown.position import Coord, Enemy, Survivor, UnknownPosition
from engine.unknown.ruleset import DEFAULT, Ruleset, interpretation_ledger

F = TypeVar("F", bound=Callable[..., Any])


class CoordType(click.ParamType):
    """An ``X,Y`` grid coordinate (x grows east, y grows north)."""

    name = "X,Y"

    def convert(
        self, value: Any, param: click.Parameter | None, ctx: click.Context | None
    ) -> Coord:
        if isinstance(value, tuple):
            return value
        parts = str(value).split(",")
        try:
            x, y = (int(part.strip()) for part in parts)
        except ValueError:
            self.fail(
                f"{value!r} is not a coordinate X,Y of two whole numbers (e.g. 2,-1)", param, ctx
            )
        return (x, y)


COORD = CoordType()


def show(at: Coord) -> str:
    """A coordinate as the position files write it: ``[x, y]``."""
    return f"[{at[0]}, {at[1]}]"


def either(items: list[str]) -> str:
    """Alternatives as ``a, b or c``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def echo_json(answer: dict[str, Any]) -> None:
    """Print one JSON answer on one line."""
    click.echo(json.dumps(answer))


def json_option(command: F) -> F:
    """``--json``: answer with one JSON object instead of a sentence."""
    return click.option(
        "--json", "as_json", is_flag=True, help="Print the answer as one JSON object."
    )(command)


def reading_option(command: F) -> F:
    """``--reading SWITCH=READING`` (repeatable), delivered to the command as a ``Ruleset``."""
    switches = "; ".join(
        f"{switch}: {' | '.join(entry['readings'])} (default {entry['default']})"
        for switch, entry in interpretation_ledger().items()
    )
    return click.option(
        "--reading",
        "ruleset",
        multiple=True,
        metavar="SWITCH=READING",
        callback=_ruleset,
        help=f"Choose an interpretation of an ambiguous rule (repeatable). Switches: {switches}.",
    )(command)


def readings_option(command: F) -> F:
    """``--reading SWITCH=READING`` (repeatable) for commands serving both games: delivered as
    the raw values, turned into the game's ruleset by :func:`unknown_ruleset` or
    ``engine.cli.falling_skies.fs_ruleset`` once the game is known."""
    from engine.cli.falling_skies import switches_help

    unknown = "; ".join(
        f"{switch}: {' | '.join(entry['readings'])} (default {entry['default']})"
        for switch, entry in interpretation_ledger().items()
    )
    return click.option(
        "--reading",
        "readings",
        multiple=True,
        metavar="SWITCH=READING",
        help="Choose an interpretation of an ambiguous rule (repeatable). Unknown switches: "
        f"{unknown}. Under Falling Skies switches: {switches_help()}.",
    )(command)


def unknown_ruleset(values: tuple[str, ...]) -> Ruleset:
    """Unknown's ruleset with ``--reading`` values applied (a usage error names the option)."""
    try:
        return _ruleset(None, None, values)  # type: ignore[arg-type]
    except click.BadParameter as error:
        error.param_hint = "--reading"
        raise


def _ruleset(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> Ruleset:
    """The default ruleset with the chosen readings (interpretation ledger switches)."""
    chosen: dict[str, str] = {}
    for value in values:
        switch, sep, reading = value.partition("=")
        switch, reading = switch.strip(), reading.strip()
        if not sep or not switch or not reading:
            raise click.BadParameter(
                f"{value!r} is not SWITCH=READING (switches: {', '.join(interpretation_ledger())})"
            )
        if switch in chosen:
            raise click.BadParameter(f"switch {switch!r} is given twice")
        chosen[switch] = reading
    try:
        return DEFAULT.with_readings(**chosen)
    except ValueError as error:
        raise click.BadParameter(str(error)) from None


def open_position(path: str) -> UnknownPosition:
    """Load an Unknown position file (``PositionError`` names the bad entry; the geometry
    queries have no meaning for another game's file)."""
    position = load_position(path)
    if not isinstance(position, UnknownPosition):
        raise PositionError(path, "game", "this command asks about Unknown maps only")
    return position


def tile_on_map(position: UnknownPosition, at: Coord, option: str, path: str) -> Coord:
    """``at`` if a tile is placed there; otherwise a usage error naming ``option`` and the file."""
    if at not in position.tile_at:
        raise click.BadParameter(f"no tile is placed at {show(at)} in {path}", param_hint=option)
    return at


def piece_on_map(position: UnknownPosition, who: str, path: str) -> Survivor | Enemy:
    """The piece ``who``; an unknown id is a usage error of ``--who`` naming the known ones."""
    try:
        return position.piece(who)
    except KeyError as error:
        raise click.BadParameter(f"{error.args[0]} in {path}", param_hint="--who") from None
