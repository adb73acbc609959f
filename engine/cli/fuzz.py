"""``rulings fuzz``: play a game's Hypothesis state machine for minutes at the deep profile.

The runner is :mod:`properties.fuzz`; this module gives it a progress bar, prints what each run
covered (the rounds its examples reached, the decision kinds applied, the rule clauses its events
cited of those the game's code can cite, and why the others were never seen), and turns a
failure into files a person can replay: the start position of the minimal failing example and
its decisions as phrases, with the ``rulings resolve --replay`` command that plays them.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from engine.cli.params import FilePath, any_game_option, json_option
from engine.core import registry


def machine_games() -> list[str]:
    """The registered games with a state machine (``GameSpec.machine``)."""
    return [spec.name for spec in registry.games().values() if spec.machine]


@click.command(
    "fuzz",
    short_help="Play a game's state machine for minutes, checking every invariant.",
    epilog="""\b
Examples:
  rulings fuzz --game unknown --minutes 30 --seed 1
  rulings fuzz --game falling-skies --minutes 5
  rulings fuzz --game all --minutes 2 --out /tmp/fuzz
  rulings fuzz --game falling-skies --max-examples 100 --json
""",
)
@any_game_option(
    "Which game's state machine to play (all: each game with one in turn, sharing the "
    "minutes equally)."
)
@click.option(
    "--minutes",
    type=click.FloatRange(min=0, min_open=True),
    default=1.0,
    show_default=True,
    metavar="M",
    help="How long to play (with --game all: in all, shared equally among the games).",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the run.")
@click.option(
    "--max-examples",
    type=click.IntRange(min=1),
    metavar="N",
    help="Stop after N examples (games played from a setup), even with minutes left.",
)
@click.option(
    "--out",
    "out_dir",
    type=FilePath(file_okay=False),
    default=".",
    show_default=True,
    metavar="DIR",
    help="Where a failure's position file and replay go.",
)
@json_option
@click.pass_context
def fuzz_command(
    ctx: click.Context,
    game_name: str,
    minutes: float,
    seed: int,
    max_examples: int | None,
    out_dir: str,
    as_json: bool,
) -> None:
    """Play the Hypothesis state machine of a game (the one the test suite runs: generated
    setups, every legal decision or chance outcome drawn by Hypothesis, every invariant checked
    after every step) for M minutes at the deep profile, with a progress bar on stderr; with
    --game all the M minutes are shared equally among the games. Two batches of every three
    tour the machine's curated starts (positions late in a game or offering a mission's own
    decision), each batch beginning all its examples at the next one. Prints the seed, the examples
    and decisions played and what they covered: the rounds the examples reached, the decision
    kinds applied, the game's own marks (Unknown: each mission's own decisions and the tile
    piles reached), and the rule clauses cited by events out of those the game's code can cite,
    with a reason for each never seen (--json: rounds, decision_kinds, clauses_seen,
    clauses_never_seen per run). On a failure, Hypothesis shrinks it to a
    minimal decision sequence; its start position and its decisions as phrases are written to
    DIR (fuzz-GAME-SEED.yaml and .txt) with the rulings resolve --replay command that replays
    them, and the exit code is 1.
    """
    from properties.fuzz import fuzz

    games = machine_games() if game_name == "all" else [game_name]
    if not games or not all(registry.game(game).machine for game in games):
        raise click.BadParameter(
            f"{game_name} has no state machine (games with one: {', '.join(machine_games())})",
            param_hint="--game",
        )
    out = Path(out_dir)
    if out.exists() and not out.is_dir():
        raise click.BadParameter(f"{out_dir} is not a folder", param_hint="--out")
    summaries = []
    failed = False
    share = minutes / len(games)
    for game in games:
        with _progress_bar(game, share, max_examples) as advance:
            run = fuzz(game, share, seed, max_examples, advance)
        summary = _summary(run)
        if run.failure is not None:
            failed = True
            summary["failure"] = _write_failure(run, out)
        summaries.append(summary)
        if not as_json:
            click.echo("\n".join(_summary_lines(summary)))
    if as_json:
        click.echo(json.dumps({"runs": summaries, "ok": not failed}))
    ctx.exit(1 if failed else 0)


class _progress_bar:
    """A click progress bar on stderr over the run's seconds (or examples, with a cap)."""

    def __init__(self, game: str, minutes: float, max_examples: int | None) -> None:
        self.by_examples = max_examples is not None
        length = max_examples if max_examples is not None else round(minutes * 60)
        self.bar = click.progressbar(
            length=max(1, length),
            label=f"fuzz {game}",
            file=sys.stderr,
            item_show_func=lambda text: text,
            show_eta=not self.by_examples,
        )
        self.done = 0

    def __enter__(self) -> Any:
        self.bar.__enter__()
        return self.advance

    def advance(self, run: Any) -> None:
        target = run.examples if self.by_examples else int(run.seconds)
        if target > self.done:
            self.bar.update(min(target, self.bar.length) - self.done, None)
            self.done = min(target, self.bar.length)
        self.bar.current_item = f"{run.examples:,} examples, {run.steps:,} decisions"
        self.bar.render_progress()

    def __exit__(self, *exc: Any) -> None:
        self.bar.__exit__(*exc)


def _summary(run: Any) -> dict[str, Any]:
    from properties.fuzz import machine_module

    module = machine_module(run.game)
    return {
        "game": run.game,
        "seed": run.seed,
        "profile": "deep",
        "decisions_per_example": module.DEEP_STEPS,
        "examples": run.examples,
        "decisions": run.steps,
        "batches": run.batches,
        "minutes": run.minutes,
        "seconds": round(run.seconds, 1),
        "ok": run.failure is None,
        **run.coverage,
    }


def _summary_lines(summary: dict[str, Any]) -> list[str]:
    head = (
        f"fuzz {summary['game']}: seed {summary['seed']}, {summary['examples']:,} examples, "
        f"{summary['decisions']:,} decisions in {summary['seconds'] / 60:.1f} min "
        f"(deep profile, up to {summary['decisions_per_example']} decisions per example)"
    )
    failure = summary.get("failure")
    covered = _coverage_lines(summary)
    if failure is None:
        return [f"{head}: no invariant broken", *covered]
    return [
        f"{head}: FAILED",
        *covered,
        f"  {failure['message']}",
        f"  minimal failing example: {failure['decisions']} decisions from {failure['position']}",
        f"  replay: {failure['command']}",
    ]


def _coverage_lines(summary: dict[str, Any]) -> list[str]:
    """The run's coverage as a compact table: one row per measure, the never-seen clauses last."""
    rows = []
    rounds = summary.get("rounds", {})
    if rounds:
        played = sum(rounds.values())
        rows.append(("rounds reached", " ".join(f"{r}:{n}" for r, n in rounds.items())))
        if "late_round" in summary:
            late = summary["late_round"]
            rows.append((f"reached round {late}", f"{summary['late_share']:.0%} of {played:,}"))
    if summary.get("empty"):
        rows.append(("empty examples", f"{summary['empty']:,} (stopped before a decision)"))
    for title, key in (("decision kinds", "decision_kinds"), ("marks", "marks")):
        counts = summary.get(key, {})
        if counts:
            listed = ", ".join(f"{name} {n:,}" for name, n in counts.items())
            rows.append((f"{title} ({len(counts)})", listed))
    never = summary.get("clauses_never_seen", {})
    if summary.get("clauses_citable"):
        seen = len(summary.get("clauses_seen", []))
        rows.append(("clauses seen", f"{seen} of {summary['clauses_citable']} that can be cited"))
    width = max((len(title) for title, _ in rows), default=0)
    lines = [f"  {title:<{width}}  {text}" for title, text in rows]
    if never:
        lines.append(f"  never seen ({len(never)}):")
        lines += [f"    {clause}: {why}" for clause, why in never.items()]
    return lines


def _write_failure(run: Any, out: Path) -> dict[str, Any]:
    """Write the failure's start position and phrases; return what the summary says of it."""
    from engine.cli.replay import phrases_of

    failure = run.failure
    game = failure.engine
    book = registry.game(run.game).phrasebook()
    said, last = phrases_of(book, game, failure.start, failure.decisions)
    if failure.crashed_on is not None:
        from engine.cli.replay import phrase_for

        said.append(phrase_for(book, game, last, game.node(last), failure.crashed_on))
    out.mkdir(parents=True, exist_ok=True)
    position = out / f"fuzz-{run.game}-{run.seed}.yaml"
    phrases = out / f"fuzz-{run.game}-{run.seed}.txt"
    registry.game(run.game).save(game, failure.start, position)
    from engine.core.textfiles import write_atomically

    header = [
        f"# rulings fuzz --game {run.game} --seed {run.seed}: minimal failing example",
        f"# {failure.message}",
        f"# Hypothesis seed of the failing batch: {failure.batch_seed}",
    ]
    if failure.crashed_on is not None:
        header.append("# the engine raised on the last decision")
    write_atomically(phrases, "\n".join([*header, *said]) + "\n")
    readings = _changed_readings(run.game, failure.readings)
    command = f"rulings resolve {position} --replay {phrases}{readings}"
    return {
        "message": failure.message,
        "decisions": len(said),
        "position": str(position),
        "replay": str(phrases),
        "command": command,
    }


def _changed_readings(game_name: str, readings: tuple[tuple[str, str], ...]) -> str:
    """``--reading`` options for the readings that differ from the ledger's defaults."""
    ledger = registry.game(game_name).switches()
    return "".join(
        f" --reading {switch}={reading}"
        for switch, reading in readings
        if ledger[switch]["default"] != reading
    )
