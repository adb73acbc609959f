"""``rulings sweep``: seeded random playouts of every mission, and a table of how they ended.

The playouts are :func:`engine.unknown.sweep.playout`: a game set up by the Setup section for a
mission, difficulty and number of players, played to a win or a loss by a seeded random policy.
Progress goes to stderr, the table (or one JSON object) to stdout; every playout that ended in an
engine error or at the decision cap is listed with the command that replays it.
"""

from __future__ import annotations

import json
import time
from typing import Any

import click

from engine.cli.params import json_option, readings_option, unknown_ruleset
from engine.unknown.setup import DIFFICULTIES, TASKS, setup_data
from engine.unknown.sweep import (
    MAX_DECISIONS,
    PLAYERS,
    POLICIES,
    Playout,
    settings,
    summarise,
    sweep,
    table_lines,
)


def _names(allowed: tuple[str, ...], what: str) -> Any:
    """A click callback: comma-separated or repeated names, each one of ``allowed``."""

    def convert(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> list[str]:
        names = [n.strip().lower() for v in values for n in v.split(",") if n.strip()]
        for name in names:
            if name not in allowed:
                raise click.BadParameter(f"no {what} {name!r} (choose from {', '.join(allowed)})")
        return list(dict.fromkeys(names)) or list(allowed)

    return convert


def _players(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> list[int]:
    """Comma-separated or repeated player counts, each 1 to 6."""
    counts: list[int] = []
    for value in (n.strip() for v in values for n in v.split(",") if n.strip()):
        if not value.isdigit() or int(value) not in PLAYERS:
            raise click.BadParameter(f"{value!r} is not a number of players from 1 to 6")
        counts.append(int(value))
    return list(dict.fromkeys(counts)) or list(PLAYERS)


class Progress:
    """A stderr line every tenth of the sweep, and one for each failed playout."""

    def __init__(self) -> None:
        self.started = time.monotonic()

    def __call__(self, done: int, total: int, last: Playout) -> None:
        if last.failed:
            click.echo(f"rulings sweep: {last.result}: {last.setting.replay()}", err=True)
        if done == total or done * 10 // total != (done - 1) * 10 // total:
            took = time.monotonic() - self.started
            click.echo(f"rulings sweep: {done}/{total} playouts ({took:.0f} s)", err=True)


@click.command(
    "sweep",
    short_help="Random playouts: every Unknown mission, or Falling Skies win rates.",
    epilog="""\b
Examples:
  rulings sweep
  rulings sweep --seeds 20 --missions hive,water
  rulings sweep --seeds 5 --short --policy leaning
  rulings sweep --seeds 10 --policy explorer --missions refugees,behemoth
  rulings sweep --players 1,2 --difficulties hard --task radio --json
  rulings sweep --game falling-skies --playouts 10000
  rulings sweep --game falling-skies --playouts 500 --seed 7 --reading research-multi-step=each-step
  rulings sweep --game falling-skies --playouts 200 --scenario engine/falling_skies/data/scenarios/near-skull.yaml --json
""",
)
@click.option(
    "--game",
    type=click.Choice(["unknown", "falling-skies"]),
    default="unknown",
    show_default=True,
    help="The game to sweep. falling-skies: --playouts seeded random games of one scenario.",
)
@click.option(
    "--playouts",
    type=click.IntRange(min=1),
    default=10000,
    show_default=True,
    metavar="N",
    help="falling-skies: how many random playouts (seeds --seed, --seed+1, ...).",
)
@click.option(
    "--scenario",
    "scenario_path",
    type=click.Path(dir_okay=False),
    metavar="FILE",
    help="falling-skies: the scenario file (default: the shipped pnp-easy board).",
)
@click.option(
    "--seed", type=int, default=0, show_default=True, help="falling-skies: the first seed."
)
@click.option(
    "--seeds",
    type=click.IntRange(min=1),
    default=5,
    show_default=True,
    metavar="N",
    help="Playouts of each mission x difficulty x player count.",
)
@click.option(
    "--missions",
    multiple=True,
    callback=_names(tuple(sorted(setup_data().missions)), "mission"),
    metavar="M[,M...]",
    help="Missions to sweep (default: all ten).",
)
@click.option(
    "--difficulties",
    multiple=True,
    callback=_names(DIFFICULTIES, "difficulty"),
    metavar="D[,D...]",
    help="Difficulties to sweep: easy, normal, hard (default: all three).",
)
@click.option(
    "--players",
    multiple=True,
    callback=_players,
    metavar="P[,P...]",
    help="Numbers of players to sweep, 1 to 6 (default: all six).",
)
@click.option(
    "--short", is_flag=True, help="Play the short versions (Water, which has none, is skipped)."
)
@click.option("--task", type=click.Choice(TASKS), help="Add this task card to every game.")
@click.option(
    "--policy",
    type=click.Choice(POLICIES),
    default="uniform",
    show_default=True,
    help="uniform: every legal decision equally likely; leaning: explore half the time, "
    "never trade, rarely forfeit; explorer: explore whenever possible, never trade, rarely "
    "forfeit (draws the later mission piles).",
)
@click.option(
    "--max-decisions",
    type=click.IntRange(min=1),
    default=MAX_DECISIONS,
    show_default=True,
    metavar="N",
    help="A playout still going after this many decisions counts as an error (cap).",
)
@json_option
@readings_option
@click.pass_context
def sweep_command(
    ctx: click.Context,
    game: str,
    playouts: int,
    scenario_path: str | None,
    seed: int,
    seeds: int,
    missions: list[str],
    difficulties: list[str],
    players: list[int],
    short: bool,
    task: str | None,
    policy: str,
    max_decisions: int,
    as_json: bool,
    readings: tuple[str, ...],
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
    """
    _check_options(ctx, game)
    if game == "falling-skies":
        _sweep_falling_skies(ctx, playouts, scenario_path, seed, as_json, readings)
        return
    ruleset = unknown_ruleset(readings)
    cases = settings(missions, difficulties, players, seeds, short, task)
    if not cases:
        raise click.BadParameter(
            "no mission left to sweep: Water has no short version", param_hint="--short"
        )
    click.echo(f"rulings sweep: {len(cases)} playouts ({policy} policy) ...", err=True)
    played = sweep(cases, policy, max_decisions, ruleset, Progress())
    rows = summarise(played)
    failed = [p for p in played if p.failed]
    if as_json:
        click.echo(
            json.dumps(
                {
                    "policy": policy,
                    "short": short,
                    "task": task,
                    "seeds": seeds,
                    "missions": [row.data() for row in rows],
                    "failed": [p.data() for p in failed],
                }
            )
        )
    else:
        click.echo("\n".join(table_lines(rows)))
        for p in failed:
            click.echo(f"{p.result}: {p.why}\n  replay: {p.setting.replay()}")
    ctx.exit(1 if failed else 0)


UNKNOWN_ONLY = ("seeds", "missions", "difficulties", "players", "short", "task", "policy")
UNKNOWN_ONLY += ("max_decisions",)
FALLING_SKIES_ONLY = ("playouts", "scenario_path", "seed")


def _check_options(ctx: click.Context, game: str) -> None:
    """Options of the other game are a usage error, not silently ignored."""
    other = UNKNOWN_ONLY if game == "falling-skies" else FALLING_SKIES_ONLY
    for name in other:
        if ctx.get_parameter_source(name) is click.core.ParameterSource.COMMANDLINE:
            option = "--" + name.replace("_path", "").replace("_", "-")
            raise click.UsageError(f"{option} does not apply to --game {game}")


def _sweep_falling_skies(
    ctx: click.Context,
    playouts: int,
    scenario_path: str | None,
    seed: int,
    as_json: bool,
    readings: tuple[str, ...],
) -> None:
    from engine.cli import falling_skies as fs
    from engine.falling_skies.game import FallingSkiesGame
    from engine.falling_skies.scenario import default_scenario, load_scenario

    ruleset = fs.fs_ruleset(readings)
    scenario = default_scenario() if scenario_path is None else load_scenario(scenario_path)
    game = FallingSkiesGame(scenario, ruleset)
    started = time.monotonic()

    def progress(done: int, total: int) -> None:
        if done == total or done * 10 // total != (done - 1) * 10 // total:
            took = time.monotonic() - started
            click.echo(f"rulings sweep: {done}/{total} playouts ({took:.0f} s)", err=True)

    click.echo(f"rulings sweep: {playouts} falling-skies playouts of {scenario.name} ...", err=True)
    result = fs.sweep(game, playouts, seed, progress)
    if as_json:
        click.echo(
            json.dumps(
                {"game": "falling-skies", "scenario": scenario.name, "seed": seed, **result.data()}
            )
        )
    else:
        click.echo(f"scenario: {scenario.name} (seeds {seed}-{seed + playouts - 1})")
        click.echo("\n".join(result.lines()))
    ctx.exit(1 if result.errors else 0)
