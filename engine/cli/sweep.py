"""``rulings sweep``: seeded random playouts of a game, and how they ended.

The game (``--game``, any registered one) sweeps itself (``GameSpec.sweep``, from the sweep
options it declares): Unknown plays every mission x difficulty x number of players, Under Falling
Skies a number of games of one board. Progress goes to stderr, the game's table (or one JSON
object) to stdout; the exit code is 1 if any playout failed.
"""

from __future__ import annotations

import json
import time

import click

from engine.cli.params import (
    chosen_options,
    dask_options,
    examples,
    game_choice,
    json_option,
    readings_option,
    refused,
    ruleset_of,
    setup_options,
)
from engine.core import registry
from engine.core.registry import SetupRefused
from solver.balance import Runner

SWEEP_ARGUMENTS = ("seed", "playouts")
"""The options every game's sweep may read (``GameSpec.sweep_arguments`` says which it does)."""


class Progress:
    """A stderr line every tenth of the sweep, and the lines the game notes on the way."""

    def __init__(self) -> None:
        self.started = time.monotonic()

    def note(self, line: str) -> None:
        click.echo(f"rulings sweep: {line}", err=True)

    def __call__(self, done: int, total: int) -> None:
        if done == total or done * 10 // total != (done - 1) * 10 // total:
            took = time.monotonic() - self.started
            self.note(f"{done}/{total} playouts ({took:.0f} s)")


@click.command(
    "sweep",
    short_help="Random playouts: every Unknown mission, or Falling Skies win rates.",
    epilog=examples("sweep"),
)
@click.option(
    "--game",
    type=game_choice(),
    default=registry.default_game().name,
    show_default=True,
    help="The game to sweep. falling-skies: --playouts seeded random games of one scenario.",
)
@click.option(
    "--playouts",
    type=click.IntRange(min=1),
    default=10000,
    show_default=True,
    metavar="N",
    help="How many random playouts (seeds --seed, --seed+1, ...), for games that sweep so.",
)
@click.option(
    "--seed", type=int, default=0, show_default=True, help="The first seed (with --playouts)."
)
@dask_options
@setup_options("sweep")
@json_option
@readings_option
@click.pass_context
def sweep_command(
    ctx: click.Context,
    game: str,
    playouts: int,
    seed: int,
    scheduler: str | None,
    workers: int | None,
    as_json: bool,
    readings: tuple[str, ...],
    **values: object,
) -> None:
    """Set up every chosen mission x difficulty x number of players --seeds times, play each game
    to a win or a loss with a seeded random policy, and print per mission: games, wins, losses
    (and by which rule clause), engine errors, playouts stopped at the decision cap, and the mean
    rounds of the finished games. Each failed playout is listed with the rulings play command
    that replays it (uniform policy). Exits 0 if every playout ended in a win or a loss, 1 if any
    hit an engine error or the cap.

    With --game falling-skies: --playouts seeded random playouts of Under Falling Skies (the
    shipped board, or --scenario FILE), printing playouts, wins (the win rate of random play),
    losses by the clause that ended the game, engine errors and playouts per second; progress
    goes to stderr. Exits 1 if any playout hit an engine error.

    The playouts run on Dask, as rulings balance's games do: a local cluster of one worker
    process per core by default, or an existing cluster with --scheduler.
    """
    spec = registry.game(game)

    def not_taken(flag: str, name: str) -> str:
        return f"{flag} does not apply to --game {game}"

    options = chosen_options(ctx, spec, "sweep", values, not_taken)
    for name in SWEEP_ARGUMENTS:
        given = ctx.get_parameter_source(name) is click.core.ParameterSource.COMMANDLINE
        if given and name not in spec.sweep_arguments:
            raise click.UsageError(not_taken("--" + name, name))
    ruleset = ruleset_of(spec, readings)
    runner = Runner(scheduler, workers)
    try:
        report = spec.sweep(ruleset, seed, playouts, options, Progress(), runner)
    except SetupRefused as error:
        raise refused(error) from None
    if as_json:
        click.echo(json.dumps(report.data))
    else:
        click.echo("\n".join(report.lines))
    ctx.exit(1 if report.failed else 0)
