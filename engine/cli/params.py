"""Command-line values shared by the commands: readings, position files, the games' set-up
options.

Every check here fails with a :class:`click.BadParameter` naming the option (or a
:class:`click.UsageError`), so the command group (``main.py``) can print it as one line; problems
inside a position file stay :class:`~engine.core.errors.PositionError`. Games are reached only
through the registry (:mod:`engine.core.registry`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import click

from engine.core import registry
from engine.core.registry import GameSpec, Opened, SetupOption, SetupRefused
from solver.balance import UNIFORM

F = TypeVar("F", bound=Callable[..., Any])


USAGE_ERROR = 2
"""The exit code of bad input (a file, an argument, an option)."""
REFUSED = 1
"""The exit code of a decision the rules refuse, and of a state the engine cannot save."""


class FilePath(click.Path):
    """A file or folder argument: :class:`click.Path`, refusing a name that holds a NUL byte
    (no file system takes one; Python would raise instead of answering)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and "\x00" in value:
            self.fail(f"{value!r} holds a NUL byte, which no file name can hold", param, ctx)
        return super().convert(value, param, ctx)


class CannotSave(Exception):
    """A state the engine could not write to the output file: an engine fault, not bad input."""

    def __init__(self, out: str, problem: str) -> None:
        super().__init__(f"cannot save the state to {out}: {problem}")


def refuse(kind: str, message: str, clause: str | None, as_json: bool) -> int:
    """Say why a command did nothing and return its exit code: one line on stderr
    (``rulings: illegal: <message> [<clause>]`` for a decision the rules refuse, exit 1;
    ``rulings: error: <message>`` for bad input, exit 2, or a state that cannot be saved,
    exit 1) and, with ``--json``, one JSON object on stdout,
    ``{"error": {"kind": "input" | "illegal" | "save", "message": ..., "clause": ...}}``."""
    if kind == "illegal":
        click.echo(" ".join(f"rulings: illegal: {message} [{clause}]".split()), err=True)
    else:
        click.echo(f"rulings: error: {message}", err=True)
    if as_json:
        echo_json({"error": {"kind": kind, "message": message, "clause": clause}})
    return USAGE_ERROR if kind == "input" else REFUSED


def echo_json(answer: dict[str, Any]) -> None:
    """Print one JSON answer on one line."""
    click.echo(json.dumps(answer))


def any_game_option(help: str, name: str = "game_name") -> Callable[[F], F]:
    """``--game G``: one registered game, or ``all`` (the default) for every one in turn;
    passed to the command as ``name``."""
    return click.option(
        "--game",
        name,
        type=click.Choice([*registry.names(), "all"]),
        default="all",
        show_default=True,
        help=help,
    )


def json_option(command: F) -> F:
    """``--json``: answer with one JSON object instead of a sentence."""
    return click.option(
        "--json", "as_json", is_flag=True, help="Print the answer as one JSON object."
    )(command)


def game_choice() -> click.Choice:
    """The registered games' names, for a GAME argument or ``--game``."""
    return click.Choice(list(registry.names()))


def readings_option(command: F) -> F:
    """``--reading SWITCH=READING`` (repeatable), delivered as the raw values: turned into the
    game's ruleset by :func:`ruleset_of` once the game is known."""
    return click.option(
        "--reading",
        "readings",
        multiple=True,
        metavar="SWITCH=READING",
        help="Choose an interpretation of an ambiguous rule (repeatable); a source instead "
        "(e.g. --reading summary) takes every reading that source backs. See `rulings "
        "readings GAME` for the switches, their readings, sources and defaults.",
    )(command)


def ruleset_of(spec: GameSpec, values: tuple[str, ...]) -> Any:
    """``spec``'s ruleset with ``--reading`` values applied (a usage error names the option,
    the switch or reading and the nearest one)."""
    try:
        return spec.ruleset(registry.chosen_readings(spec, values))
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--reading") from None


def open_file(path: str, values: tuple[str, ...]) -> Opened:
    """A position file of any registered game, read and parsed once, opened under the
    ``--reading`` values."""
    spec, data = registry.parse_file(path)
    return registry.open_data(spec, data, path, ruleset_of(spec, values))


def say_warnings(opened: Opened) -> None:
    """Each warning about the opened file on stderr, ``rulings: warning: <file>: <entry>:
    <what its default means>; <the fix>`` (the exit code is not changed)."""
    for line in opened.warnings:
        click.echo(f"rulings: warning: {line}", err=True)


def refused(error: SetupRefused) -> click.ClickException:
    """A set-up the game refuses, as a usage error of the option at fault."""
    if error.option:
        return click.BadParameter(error.problem, param_hint=error.option)
    return click.UsageError(error.problem)


# --- the games' set-up options ------------------------------------------------------------------


def options_for(command: str) -> list[SetupOption]:
    """Every registered game's set-up options ``command`` takes, one per flag (a flag two games
    share is declared by the first)."""
    seen: dict[str, SetupOption] = {}
    for spec in registry.games().values():
        for option in spec.setup_options:
            if command in option.commands:
                seen.setdefault(option.name, option)
    return list(seen.values())


def takers(name: str, command: str) -> list[str]:
    """The games whose set-up option ``name`` ``command`` takes."""
    return [
        spec.name
        for spec in registry.games().values()
        if any(o.name == name and command in o.commands for o in spec.setup_options)
    ]


def setup_options(command: str) -> Callable[[F], F]:
    """Add every registered game's set-up options of ``command`` as click options."""

    def add(function: F) -> F:
        for option in reversed(options_for(command)):
            function = click.option(option.flag, option.name, **_click_settings(option))(function)
        return function

    return add


def _click_settings(option: SetupOption) -> dict[str, Any]:
    settings: dict[str, Any] = {"help": option.help}
    if option.metavar:
        settings["metavar"] = option.metavar
    if option.kind is bool:
        return {**settings, "is_flag": True}
    if option.many:
        return {**settings, "multiple": True, "callback": _many(option)}
    if option.path:
        settings["type"] = FilePath(dir_okay=False)
    elif option.choices:
        settings["type"] = click.Choice(option.choices)
    elif option.kind is int:
        settings["type"] = int if option.minimum is None else click.IntRange(min=option.minimum)
    settings["default"] = option.default
    settings["show_default"] = option.show_default
    return settings


def _many(option: SetupOption) -> Callable[[click.Context, click.Parameter, tuple[str, ...]], list]:
    """A click callback: comma-separated or repeated values, each one of the option's choices
    (every choice when none is given)."""

    def convert(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> list:
        words = [n.strip() for v in values for n in v.split(",") if n.strip()]
        chosen: list[Any] = []
        for word in words:
            if option.kind is int:
                if not word.isdigit() or str(int(word)) not in option.choices:
                    low, high = option.choices[0], option.choices[-1]
                    raise click.BadParameter(
                        f"{word!r} is not a {option.what} from {low} to {high}"
                    )
                chosen.append(int(word))
            else:
                word = word.lower()
                if word not in option.choices:
                    raise click.BadParameter(
                        f"no {option.what} {word!r} (choose from {', '.join(option.choices)})"
                    )
                chosen.append(word)
        return list(dict.fromkeys(chosen)) or option.default_value()

    return convert


def chosen_options(
    ctx: click.Context,
    spec: GameSpec,
    command: str,
    values: Mapping[str, Any],
    not_taken: Callable[[str, str], str],
) -> dict[str, Any]:
    """The values of ``spec``'s own set-up options of ``command``, from the command's
    ``values``; an option given on the command line that ``spec`` does not take is a usage
    error worded by ``not_taken(flag, name)``."""
    own = {o.name: o for o in spec.setup_options if command in o.commands}
    for option in options_for(command):
        given = ctx.get_parameter_source(option.name) is click.core.ParameterSource.COMMANDLINE
        if given and option.name not in own:
            raise click.UsageError(not_taken(option.flag, option.name))
    chosen = {}
    for name, option in own.items():
        given = ctx.get_parameter_source(name) is click.core.ParameterSource.COMMANDLINE
        chosen[name] = values[name] if given else option.default_value()
    return chosen


def examples(command: str, before: tuple[str, ...] = (), after: tuple[str, ...] = ()) -> str:
    """The ``Examples:`` block of ``command``'s help: ``before``, every registered game's
    examples of it, then ``after``."""
    lines = [*before]
    for spec in registry.games().values():
        lines += spec.examples.get(command, ())
    lines += after
    return "\b\nExamples:\n" + "".join(f"  {line}\n" for line in lines)


def player_named(
    spec: GameSpec, name: str | None, option: str, others: tuple[str, ...] = ()
) -> str:
    """The player ``option`` names for the game: its own (``expert``), the uniform random one,
    or one of ``others`` the command offers besides (``mcts``); by default the game's first own
    player, else random. One usage error naming the choices otherwise."""
    if name is None:
        return next(iter(spec.players), UNIFORM)
    if name in spec.players or name in (UNIFORM, *others):
        return name
    have = ", ".join((UNIFORM, *others, *spec.players))
    raise click.BadParameter(
        f"{spec.name} has no player {name!r} (choose from {have})", param_hint=option
    )


def dask_options(command: F) -> F:
    """``--scheduler ADDRESS`` and ``--workers N``: where a command's many games run (Dask)."""
    command = click.option(
        "--workers",
        type=click.IntRange(min=1),
        metavar="N",
        help="Worker processes of the local Dask cluster (default: one per core; 1: a worker "
        "in this process).",
    )(command)
    return click.option(
        "--scheduler",
        metavar="ADDRESS",
        help="Run on the Dask cluster at ADDRESS (tcp://host:8786) instead of a local one.",
    )(command)
