"""The ``rulings`` command group, and the one place where bad input becomes a one-line error.

Any bad input — a position file that cannot be read or breaks the rules of a map, or a bad
command-line value — prints ``rulings: error: <file>: <entry>: <problem>`` or
``rulings: error: <option>: <problem>`` on stderr and exits with code 2, with no traceback.
Anything else that goes wrong is a bug and is left to show its traceback.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from typing import Any

import click

from engine.cli.balance import balance_command
from engine.cli.fuzz import fuzz_command
from engine.cli.games import games_command
from engine.cli.mutate import mutate_command
from engine.cli.params import USAGE_ERROR, CannotSave, examples, refuse
from engine.cli.play import play_command
from engine.cli.readings import readings_command
from engine.cli.record import record_command
from engine.cli.resolve import resolve_command
from engine.cli.show import show_command
from engine.cli.solve import solve_command
from engine.cli.sweep import sweep_command
from engine.cli.verify import verify_command
from engine.core import registry
from engine.core.errors import IllegalDecision, PositionError, did_you_mean

NEGATIVE = re.compile(r"^-\d+(\s*,\s*-?\d+)?$")
"""A token that is a negative number or an ``X,Y`` coordinate starting west or south of base
(``-1``, ``-1,0``, ``-3,-1``): an argument, never an option."""


class RulingsGroup(click.Group):
    """A click group whose input errors are one line each, with exit code 2 (a decision the
    rules refuse: exit 1), said also as one JSON object on stdout when ``--json`` is given, and
    whose commands take negative numbers and coordinates as arguments."""

    def main(  # type: ignore[override]
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> int:
        given = list(sys.argv[1:] if args is None else args)
        try:
            result = super().main(given, prog_name, complete_var, standalone_mode=False, **extra)
            code = result if isinstance(result, int) else 0
        except click.exceptions.NoArgsIsHelpError as error:
            error.show()
            code = USAGE_ERROR
        except (click.ClickException, PositionError) as error:
            code = refuse("input", one_line(error), None, wants_json(given))
        except IllegalDecision as error:
            code = refuse("illegal", error.message, error.clause, wants_json(given))
        except CannotSave as error:
            code = refuse("save", str(error), None, wants_json(given))
        except click.Abort:
            click.echo("rulings: aborted", err=True)
            code = 1
        if standalone_mode:
            sys.exit(code)
        return code

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Parse the command line with its negative numbers and coordinates kept as arguments
        (:func:`arguments_kept`)."""
        return super().parse_args(ctx, arguments_kept(ctx, self, args))


def wants_json(args: Sequence[str]) -> bool:
    """Whether ``--json`` is among the options of the command line (before any ``--``)."""
    options = list(args)[: list(args).index("--")] if "--" in args else list(args)
    return "--json" in options


def arguments_kept(ctx: click.Context, command: click.Command, args: list[str]) -> list[str]:
    """``args`` arranged so that click takes a negative number or coordinate (``-1,0``) as an
    argument: when one is given, each command's options (with their values) come first, then
    ``--`` and its arguments in their order. Every other token (a real option, a mistyped one)
    stays an option."""
    if not any(NEGATIVE.match(arg) for arg in args):
        return args
    options, rest = _split(command, args, stop_at_command=isinstance(command, click.Group))
    if not isinstance(command, click.Group):
        return [*options, "--", *rest]
    if not rest:
        return options
    sub = command.get_command(ctx, rest[0])
    if sub is None:
        return [*options, *rest]
    return [*options, rest[0], *arguments_kept(ctx, sub, rest[1:])]


def _split(
    command: click.Command, args: list[str], stop_at_command: bool
) -> tuple[list[str], list[str]]:
    """The options (each with the values it takes) and the arguments of ``command`` in
    ``args``; a group's arguments start at its subcommand's name."""
    takes = _values_taken(command)
    options: list[str] = []
    arguments: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            return options, [*arguments, *args[i + 1 :]]
        if NEGATIVE.match(arg) or not arg.startswith("-") or arg == "-":
            if stop_at_command:
                return options, args[i:]
            arguments.append(arg)
        else:
            count = takes.get(arg, 0)
            options += args[i : i + 1 + count]
            i += count
        i += 1
    return options, arguments


def _values_taken(command: click.Command) -> dict[str, int]:
    """How many values each option name of ``command`` takes (a flag: none)."""
    taken: dict[str, int] = {}
    for param in command.params:
        if isinstance(param, click.Option):
            count = 0 if param.is_flag or param.count else param.nargs
            for name in (*param.opts, *param.secondary_opts):
                taken[name] = count
    return taken


def one_line(error: click.ClickException | PositionError) -> str:
    """``<file>: <entry>: <problem>`` or ``<option>: <problem>``, on one line."""
    if isinstance(error, PositionError):
        text = str(error)
    elif isinstance(error, click.MissingParameter):
        text = f"{_hint(error)}: missing (it is required)"
    elif isinstance(error, click.BadParameter):
        text = f"{_hint(error)}: {error.message.rstrip('.')}"
    elif isinstance(error, click.NoSuchOption):
        near = did_you_mean(error.option_name, _option_names(error.ctx))
        text = f"{error.option_name}: no such option{near}{_see_help(error)}"
    elif isinstance(error, click.BadOptionUsage):
        problem = error.message.replace(f"Option {error.option_name!r} ", "").rstrip(".")
        text = f"{error.option_name}: {problem}"
    elif isinstance(error, click.UsageError):
        text = f"{_lower_first(error.message.rstrip('.'))}{_see_help(error)}"
    else:
        text = error.format_message()
    return " ".join(text.split())


def _hint(error: click.BadParameter) -> str:
    """The option (``--who``) or argument (``TO``) a bad value was given for."""
    if error.param_hint is not None:
        hint = error.param_hint
        return hint if isinstance(hint, str) else "/".join(hint)
    if isinstance(error.param, click.Option):
        return "/".join(error.param.opts)
    if error.param is not None:
        return error.param.human_readable_name
    return "value"


def _option_names(ctx: click.Context | None) -> list[str]:
    """The long option names of the command being parsed."""
    if ctx is None:
        return []
    params = ctx.command.get_params(ctx)
    return [o for p in params if isinstance(p, click.Option) for o in p.opts if o.startswith("--")]


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def _see_help(error: click.UsageError) -> str:
    return f" (see '{error.ctx.command_path} --help')" if error.ctx is not None else ""


@click.group(
    "rulings",
    cls=RulingsGroup,
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
    epilog=examples("rulings", after=("rulings verify --maps 200 --z3-maps 20",)),
)
@click.version_option(None, "--version", package_name="rulings", message="%(prog)s %(version)s")
def cli() -> None:
    """Ask the rules engines of the board games Unknown and Under Falling Skies about a
    position file (YAML, or JSON by the .json extension; see engine/schemas/position.schema.json;
    its game key picks the game), draw it, apply decisions, play whole games, sweep random
    playouts, or verify the engine against the rulebook scenarios and independent re-encodings
    of the geometry. Bad
    input is reported as one line, rulings: error: <file>: <entry>: <problem>, with exit code 2;
    a decision the rules refuse as rulings: illegal: <why> [<clause>], with exit code 1. With
    --json either is also printed on stdout as one JSON object, {"error": {"kind": "input" or
    "illegal", "message": ..., "clause": ...}}. Negative numbers and coordinates (-1,0) are
    arguments, never options.
    """


cli.add_command(games_command)
cli.add_command(readings_command)
cli.add_command(show_command)
cli.add_command(verify_command)
cli.add_command(resolve_command)
cli.add_command(play_command)
cli.add_command(sweep_command)
cli.add_command(balance_command)
cli.add_command(fuzz_command)
cli.add_command(mutate_command)
cli.add_command(solve_command)
cli.add_command(record_command)
for _spec in registry.games().values():
    for _reference in _spec.commands:  # the questions only one game can be asked
        cli.add_command(registry.load_reference(_reference))


def main() -> None:
    """Console entry point (``rulings``)."""
    cli()


if __name__ == "__main__":
    main()
