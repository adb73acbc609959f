"""``rulings balance``: a player's win rate over every setup of a game, on Dask.

The rows are the game's (``GameSpec.balance_setups``: Unknown mission x difficulty x survivors,
Falling Skies each board and each reading of each switch); the games run on Dask
(``solver.balance``): a local cluster over all cores unless ``--scheduler`` names one. Progress
goes to stderr, the table (or one JSON object) to stdout; the exit code is 1 if any game raised,
stalled or hit the decision cap.
"""

from __future__ import annotations

import json
import time
from dataclasses import replace

import click

from engine.cli.params import (
    chosen_options,
    dask_options,
    examples,
    game_choice,
    json_option,
    player_named,
    readings_option,
    refused,
    ruleset_of,
    setup_options,
)
from engine.core import registry
from engine.core.registry import BalanceSetup, GameSpec, SetupRefused
from solver.balance import UNIFORM, Table, fraction_text, run, wilson


class Progress:
    """A stderr line when a tenth more of the games is done (and at the end)."""

    def __init__(self) -> None:
        self.started = time.monotonic()
        self.said = False

    def __call__(self, done: int, total: int, where: str) -> None:
        if not self.said:
            click.echo(f"rulings balance: {total} games on {where}", err=True)
            self.said = True
        if done == total or done * 10 // total != (done - 1) * 10 // total:
            took = time.monotonic() - self.started
            click.echo(f"rulings balance: {done}/{total} games ({took:.0f} s)", err=True)


def table_data(table: Table, spec: GameSpec) -> dict[str, object]:
    """The JSON answer: the run's settings, ``rows`` and the rank correlation."""
    return {
        "game": table.game,
        "player": table.player,
        "games_per_row": table.games,
        "seed": table.seed,
        "ran_on": table.workers,
        "seconds": round(table.seconds, 1),
        "rows": [row.data(replay_command(spec, table, row.setup)) for row in table.rows],
        "difficulty_correlation": table.correlation(),
        "difficulty_rounds_correlation": table.rounds_correlation(),
    }


def replay_command(spec: GameSpec, table: Table, setup: BalanceSetup) -> str:
    """The ``rulings play`` command (without ``--seed``) that replays a row's games."""
    bot = "--random" if table.player == UNIFORM else f"--bot {table.player}"
    readings = " ".join(f"--reading {k}={v}" for k, v in setup.readings)
    parts = ("rulings play", spec.name, setup.play_arguments, readings, bot)
    return " ".join(part for part in parts if part)


def table_lines(table: Table, spec: GameSpec) -> list[str]:
    """The table in words: one line per row, then the correlation and where it ran."""
    width = max((len(row.setup.label) for row in table.rows), default=7)
    scored = any(row.setup.difficulty is not None for row in table.rows)
    head = f"{'setting':<{width}}  games  wins  win rate  95% interval   mean rounds"
    head += "  difficulty" if scored else ""
    lines = [
        f"{spec.title}: {table.player} player, {table.games} games per setting (seed {table.seed})",
        head + "  losses by clause",
    ]
    for row in table.rows:
        low, high = wilson(row.wins, len(row.games))
        rounds = row.mean_rounds()
        text = (
            f"{row.setup.label:<{width}}  {len(row.games):5}  {row.wins:4}  "
            f"{row.win_rate():8.1%}  {low:5.1%}-{high:6.1%}  "
            f"{'-' if rounds is None else f'{rounds:.1f}':>11}"
        )
        if scored:
            text += f"  {fraction_text(row.setup.difficulty):>10}"
        losses = ", ".join(f"{clause} {n}" for clause, n in row.losses().most_common())
        lines.append(f"{text}  {losses or '-'}")
        for game in row.failed:
            lines.append(f"    {game.result}: seed {game.seed}: {game.why}")
    correlation = table.correlation()
    if scored:
        shown = "undefined (no spread)" if correlation is None else f"{correlation:+.2f}"
        lines.append(
            f"rank correlation (Spearman) of win rate with the rulebook's difficulty score: {shown}"
        )
        rounds = table.rounds_correlation()
        shown = "undefined (no spread)" if rounds is None else f"{rounds:+.2f}"
        lines.append(f"rank correlation of mean rounds with the difficulty score: {shown}")
    lines.append(f"ran on {table.workers} in {table.seconds:.0f} s")
    return lines


@click.command(
    "balance",
    short_help="The expert's win rate per setup (missions, boards, readings), on Dask.",
    epilog=examples(
        "balance",
        before=(
            "rulings balance --game falling-skies --games 100 --defaults-only",
            "rulings balance --game unknown --missions activate,scout --difficulties easy",
            "rulings balance --game unknown --games 20 --json > balance.json",
            "rulings balance --game pig --player random --scheduler tcp://10.0.0.5:8786",
        ),
    ),
)
@click.option(
    "--game",
    type=game_choice(),
    default=registry.default_game().name,
    show_default=True,
    help="The game to balance.",
)
@click.option(
    "--player",
    metavar="NAME",
    help="Who plays: a game's own player (expert) or random; default: expert where the game "
    "has one.",
)
@click.option(
    "--games",
    type=click.IntRange(min=1),
    default=100,
    show_default=True,
    metavar="N",
    help="Games per setting.",
)
@click.option("--seed", type=int, default=0, show_default=True, help="The run's seed.")
@click.option(
    "--only",
    metavar="TEXT",
    help="Play only the settings whose label contains TEXT (e.g. 'easy', 'fighter-timing').",
)
@click.option(
    "--chunk",
    type=click.IntRange(min=1),
    default=5,
    show_default=True,
    metavar="N",
    help="Games per Dask task.",
)
@dask_options
@click.option(
    "--max-decisions",
    type=click.IntRange(min=1),
    default=20_000,
    show_default=True,
    metavar="N",
    help="A game still going after N decisions (chance included) counts as failed (cap).",
)
@setup_options("balance")
@json_option
@readings_option
@click.pass_context
def balance_command(
    ctx: click.Context,
    game: str,
    player: str | None,
    games: int,
    seed: int,
    only: str | None,
    chunk: int,
    scheduler: str | None,
    workers: int | None,
    max_decisions: int,
    as_json: bool,
    readings: tuple[str, ...],
    **values: object,
) -> None:
    """Play --games seeded games of every setting of a game with one player and print per
    setting: games, wins, the win rate with its Wilson 95% interval, the mean rounds and the
    losses by the rule clause that ended them; for Unknown also each setting's score on the
    rulebook's difficulty scale and the rank correlation between win rate and score (a game that
    plays as its rulebook rates it shows a strongly negative one).

    Settings: Unknown, every mission x difficulty (x --survivors, with --short the short
    versions too); Falling Skies, every shipped board, then pnp-easy under each other reading of
    each switch. Game i of a setting has a seed made from --seed, the setting and i, so a row
    replays; the JSON gives the rulings play command that replays the first win of each row.

    The games run on Dask, in tasks of --chunk games: a local cluster of one worker process per
    core by default, or an existing cluster with --scheduler. Exits 1 if a game raised, stalled
    or reached --max-decisions.
    """
    spec = registry.game(game)
    chosen = player_named(spec, player, "--player")

    def not_taken(flag: str, name: str) -> str:
        return f"{flag} does not apply to --game {game}"

    options = chosen_options(ctx, spec, "balance", values, not_taken)
    ruleset_of(spec, readings)  # a bad --reading is refused before any play
    base = registry.chosen_readings(spec, readings)
    try:
        setups = [s for s in spec.balance_setups(options) if not only or only in s.label]
    except SetupRefused as error:
        raise refused(error) from error
    if not setups:
        raise click.BadParameter(f"no setting's label contains {only!r}", param_hint="--only")
    if base:
        setups = [replace(s, readings=tuple({**base, **dict(s.readings)}.items())) for s in setups]
    table = run(
        spec, setups, chosen, games, seed, chunk, max_decisions, scheduler, workers, Progress()
    )
    if as_json:
        click.echo(json.dumps(table_data(table, spec)))
    else:
        click.echo("\n".join(table_lines(table, spec)))
    ctx.exit(1 if table.failed else 0)
