"""The ``rulings`` command group, and the one place where bad input becomes a one-line error.

Any bad input — a position file that cannot be read or breaks the rules of a map, or a bad
command-line value — prints ``rulings: error: <file>: <entry>: <problem>`` or
``rulings: error: <option>: <problem>`` on stderr and exits with code 2, with no traceback.
Anything else that goes wrong is a bug and is left to show its traceback.
"""

from __future__ import annotations

import sys
from typing import Any

import click

from engine.cli.balance import balance_command
from engine.cli.fuzz import fuzz_command
from engine.cli.games import games_command
from engine.cli.params import examples
from engine.cli.play import play_command
from engine.cli.record import record_command
from engine.cli.resolve import resolve_command
from engine.cli.show import show_command
from engine.cli.solve import solve_command
from engine.cli.sweep import sweep_command
from engine.cli.verify import verify_command
from engine.core import registry
from engine.core.errors import PositionError

USAGE_ERROR = 2


class RulingsGroup(click.Group):
    """A click group whose input errors are one line each, with exit code 2."""

    def main(  # type: ignore[override]
        self,
        args: list[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> int:
        try:
            result = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
            code = result if isinstance(result, int) else 0
        except click.exceptions.NoArgsIsHelpError as error:
            error.show()
            code = USAGE_ERROR
        except (click.ClickException, PositionError) as error:
            click.echo(f"rulings: error: {one_line(error)}", err=True)
            code = USAGE_ERROR
        except click.Abort:
            click.echo("rulings: aborted", err=True)
            code = 1
        if standalone_mode:
            sys.exit(code)
        return code


def one_line(error: click.ClickException | PositionError) -> str:
    """``<file>: <entry>: <problem>`` or ``<option>: <problem>``, on one line."""
    if isinstance(error, PositionError):
        text = str(error)
    elif isinstance(error, click.MissingParameter):
        text = f"{_hint(error)}: missing (it is required)"
    elif isinstance(error, click.BadParameter):
        text = f"{_hint(error)}: {error.message.rstrip('.')}"
    elif isinstance(error, click.NoSuchOption):
        text = f"{error.option_name}: no such option{_see_help(error)}"
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
def cli() -> None:
    """Ask the rules engines of the board games Unknown and Under Falling Skies about a
    position file (YAML, or JSON by the .json extension; see engine/schemas/position.schema.json;
    its game key picks the game), draw it, apply decisions, play whole games, sweep random
    playouts, or verify the engine against the rulebook scenarios and independent re-encodings
    of the geometry. Bad
    input is reported as one line, rulings: error: <file>: <entry>: <problem>, with exit code 2.
    """


cli.add_command(games_command)
cli.add_command(show_command)
cli.add_command(verify_command)
cli.add_command(resolve_command)
cli.add_command(play_command)
cli.add_command(sweep_command)
cli.add_command(balance_command)
cli.add_command(fuzz_command)
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
