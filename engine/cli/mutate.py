"""``rulings mutate``: how tightly a game's examples pin its rules, by mutation analysis.

The mutants and the run are :mod:`properties.mutation` (Cosmic Ray's operators on the functions
naming a clause, and each switch's default flipped; the examples run against each mutant in a
forked child by ``properties/mutation_plugin.py``). This module picks the games and the sample,
shows progress, and prints per clause which mutants were killed and which survived.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import click

from engine.cli.params import FilePath, any_game_option, json_option
from engine.core import registry
from engine.core.textfiles import write_atomically

DEFAULT_OUT = Path("reports") / "mutation.json"


@click.command(
    "mutate",
    short_help="Mutation analysis: do the examples notice a change to a rule?",
    epilog="""\b
Examples:
  rulings mutate --game pig
  rulings mutate --game falling-skies --limit 50 --seed 2
  rulings mutate --limit 200 --json > mutation.json
  rulings mutate --game unknown --list --limit 20
  rulings mutate --game unknown --only unknown.action.move
  rulings mutate --only default-reading
  rulings mutate --survivors reports/mutation.json
""",
)
@any_game_option("Whose rules to mutate (all: every registered game in turn).")
@click.option(
    "--limit",
    type=click.IntRange(min=1),
    metavar="N",
    help="At most N mutants per game, spread over the clauses (default: every mutant).",
)
@click.option(
    "--only",
    metavar="TEXT",
    help="Only the mutants whose clause or ID holds TEXT (a clause, a file, a function, an "
    "operator such as default-reading).",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the sample.")
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    default=os.cpu_count() or 1,
    show_default="the cores",
    help="Mutants examined at once (one forked process each).",
)
@click.option(
    "--list",
    "list_only",
    is_flag=True,
    help="List the mutants that would run and run nothing.",
)
@click.option(
    "--survivors",
    "earlier_file",
    type=FilePath(exists=True, dir_okay=False),
    metavar="FILE",
    help="Run again only the survivors of an earlier run's results FILE (e.g. after writing "
    "scenarios for them) and write FILE's results updated.",
)
@click.option(
    "--out",
    type=FilePath(dir_okay=False),
    default=str(DEFAULT_OUT),
    show_default=True,
    metavar="FILE",
    help="Where the full results go (JSON; the verification report shows them).",
)
@json_option
@click.pass_context
def mutate_command(
    ctx: click.Context,
    game_name: str,
    limit: int | None,
    only: str | None,
    seed: int,
    workers: int,
    list_only: bool,
    earlier_file: str | None,
    out: str,
    as_json: bool,
) -> None:
    """Change the rules one small step at a time and see whether the examples notice.

    Each mutant is one change to a function of the game's engine that names a rule clause (a
    comparison loosened or tightened, a number moved by one, and/or swapped, a condition negated,
    a loop skipped, True/False or +/- swapped), or a switch's default reading replaced by another.
    For each, the game's scenarios, golden playthroughs, puzzles, clause-marked unit tests and
    state machine run (those naming the mutant's clause first) until one fails: the mutant is
    killed. A survivor is a change the examples let through: a rule they do not pin down, unless
    the game accounts for it (engine/<game>/data/mutants.yaml: the rule is loose in the texts,
    with its ledger entry, or the change cannot alter play).

    Prints per clause the mutants killed and survived, then each survivor with its file, line
    and change, each game as soon as it is done (the results file is rewritten after each
    game); --json prints the same as one object (mutants, killed, survivors, by clause).
    """
    from properties.mutation import (
        again,
        answer_data,
        describe,
        document,
        mutants,
        run_mutants,
        sample,
    )

    games = list(registry.names()) if game_name == "all" else [game_name]
    target = Path(out)
    earlier = _earlier(earlier_file, games)
    if earlier is not None:
        chosen = _survivors_again(earlier, only)
        seed, limit = earlier.get("seed", seed), earlier.get("limit", limit)
    else:
        chosen = {game: sample(_matching(mutants(game), only), limit, seed) for game in games}
    if only and not any(chosen.values()):
        raise click.BadParameter(f"no mutant's clause or ID holds {only!r}", param_hint="--only")
    if list_only:
        rows = {game: describe(found) for game, found in chosen.items()}
        if as_json:
            click.echo(json.dumps({"mutants": [r for g in rows.values() for r in g]}))
        else:
            for game, found in rows.items():
                click.echo(f"{game}: {len(found)} mutant(s)")
                for row in found:
                    click.echo(f"  {row['file']}:{row['line']} [{row['clause']}] {row['change']}")
        return
    answers = []
    for game, found in chosen.items():
        with click.progressbar(
            length=len(found) + 1,
            label=f"mutate {game}",
            file=sys.stderr,
            item_show_func=lambda text: text,
        ) as bar:

            def advance(done: int, record: dict[str, Any], bar: Any = bar) -> None:
                bar.update(1, _progress_text(record))

            results = run_mutants(game, found, workers, advance)
        if earlier is not None:
            answers.append(again(earlier["answers"][game], results))
        else:
            answers.append(answer_data(results))
        summary = document(answers, seed, limit)
        write_atomically(target, json.dumps(summary, indent=1) + "\n")
        if not as_json and len(chosen) > 1:
            click.echo("\n".join(_lines(answers[-1])))
    if as_json:
        click.echo(json.dumps(summary))
    else:
        if len(chosen) == 1:
            click.echo("\n".join(_lines(answers[0])))
        click.echo(f"results written to {target}")
    broken = [a["game"] for a in answers if a["baseline"].get("status") != "survived"]
    ctx.exit(1 if broken else 0)


def _earlier(path: str | None, games: list[str]) -> dict[str, Any] | None:
    """An earlier results file, its answers by game (those of ``games``); ``None`` without one."""
    if path is None:
        return None
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        answers = {a["game"]: a for a in data["games"] if a["game"] in games}
        for game, answer in answers.items():
            if not isinstance(answer.get("mutants"), list) or "baseline" not in answer:
                raise KeyError(f"{game}: no mutants or baseline")
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError) as error:
        raise click.BadParameter(
            f"{path} is not a results file of rulings mutate ({type(error).__name__}: {error})",
            param_hint="--survivors",
        ) from error
    if not answers:
        raise click.BadParameter(
            f"{path} holds no results of {', '.join(games)}", param_hint="--survivors"
        )
    return data | {"answers": answers}


def _survivors_again(earlier: dict[str, Any], only: str | None) -> dict[str, list[Any]]:
    """Per game of the earlier results: its survivors that still exist (the same ID now)."""
    from properties.mutation import mutants

    chosen = {}
    for game, answer in earlier["answers"].items():
        current = {m.id: m for m in _matching(mutants(game), only)}
        chosen[game] = [current[r["id"]] for r in answer["survivors"] if r["id"] in current]
    return chosen


def _matching(found: list[Any], only: str | None) -> list[Any]:
    """The mutants whose clauses or ID hold ``only`` (all when it is not given)."""
    if not only:
        return found
    return [m for m in found if only in m.id or any(only in c for c in m.clauses)]


def _progress_text(record: dict[str, Any]) -> str:
    if record["kind"] == "baseline":
        return f"unchanged: {record['examples']} examples in {record['seconds']} s"
    return record["status"]


def _lines(answer: dict[str, Any]) -> list[str]:
    """The text answer of one game: totals, clauses, survivors."""
    counts = answer["counts"]
    score = answer["score"]
    baseline = answer["baseline"]
    if baseline.get("status") != "survived":
        return [
            f"{answer['game']}: the examples fail without any mutant "
            f"({baseline.get('by')}: {baseline.get('failure')}); fix them first"
        ]
    lines = [
        f"{answer['game']}: {counts['mutants']} mutants, {counts['killed']} killed, "
        f"{counts['survived']} survived ({counts['accounted']} accounted for), "
        f"{counts['not applied']} not applied; "
        + (f"{score:.1%} killed" if score is not None else "none ran")
        + f" (examples: {baseline['examples']}, {baseline['seconds']} s unchanged)",
        f"  {'clause':<58} {'mutants':>7} {'killed':>6} {'survived':>8}",
    ]
    for clause, row in answer["by_clause"].items():
        lines.append(f"  {clause:<58} {row['mutants']:>7} {row['killed']:>6} {row['survived']:>8}")
    if answer["survivors"]:
        lines.append("  survivors:")
    for row in answer["survivors"]:
        mark = " (accounted for)" if "accounted" in row else ""
        lines.append(f"    {row['file']}:{row['line']} {row['function']} [{row['clause']}]{mark}")
        lines.append(f"      {row['change']}")
    return lines
