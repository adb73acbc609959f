"""``rulings record``: regenerate the golden playthroughs (:mod:`engine.playthrough`).

Each setup and seed of every registered game's playthroughs (``GameSpec.playthroughs``, gathered
in ``engine.playthrough.SETUPS``) is played with the seeded policy and written
to its file (atomically); a progress line per file on stderr says whether it changed. With
``--check`` nothing is written: the files that would change (or are missing, or are left over
from a setup no longer in the table) are listed and the exit code is 1, as ``ruff format --check``
does.
"""

from __future__ import annotations

from pathlib import Path

import click

from engine.cli.params import FilePath, any_game_option
from engine.core.textfiles import write_atomically
from engine.playthrough import FOLDER, planned, play, render, stray_files


@click.command(
    "record",
    short_help="Regenerate the golden playthroughs (seeded playouts kept as test files).",
    epilog="""\b
Examples:
  rulings record
  rulings record --game falling-skies
  rulings record --check
  rulings record --game unknown --out /tmp/playthroughs
""",
)
@any_game_option("Whose playthroughs to record.")
@click.option(
    "--out",
    "out_dir",
    type=FilePath(file_okay=False),
    default=str(FOLDER),
    show_default=True,
    metavar="DIR",
    help="The folder of the playthrough files (the tests read tests/playthroughs).",
)
@click.option(
    "--check",
    is_flag=True,
    help="Write nothing; list the files that would change and exit 1 if any would.",
)
@click.pass_context
def record_command(ctx: click.Context, game_name: str, out_dir: str, check: bool) -> None:
    """Play every playthrough setup of the registered games (or of GAME: each game's registry
    entry names its setups, e.g. Under Falling Skies on its default board and two small shipped
    boards, Unknown in several missions, difficulties and numbers of players) with each of its
    seeds, under the seeded policy (one Random(seed):
    chance drawn with its exact probabilities, each player decision picked uniformly), and write
    one YAML file per setup and seed to DIR: every decision and chance outcome as a phrase of
    rulings resolve, how many there were to choose from, and how the game ended. Review a
    change with git diff: the first changed step line is where the engine first plays
    differently (the later steps follow from it).

    With --check nothing is written; the files that would change, are missing or are stray (no
    setup of the table asks for them) are listed, and the exit code is 1 if there are any.
    """
    out = _folder(ctx, out_dir, check)
    changed: list[str] = []
    files = planned(game_name)
    for name, (setup, seed) in files.items():
        path = out / name
        text = render(play(setup, seed))
        old = path.read_text(encoding="utf-8") if path.exists() else None
        status = "new" if old is None else ("unchanged" if old == text else "changed")
        if status != "unchanged":
            changed.append(f"{path} ({status})")
        if not check and status != "unchanged":
            write_atomically(path, text)
        verb = "checked" if check else "wrote" if status != "unchanged" else "kept"
        click.echo(f"rulings record: {verb} {path} ({status})", err=True)
    stray = [f"{path} (no setup of the table asks for it)" for path in stray_files(out, game_name)]
    _report(ctx, len(files), changed, stray, check)


def _folder(ctx: click.Context, out_dir: str, check: bool) -> Path:
    """The output folder: the default must exist (run from the repository root); a given one
    is created when writing."""
    out = Path(out_dir)  # click has refused an existing file already (file_okay=False)
    if not out.exists():
        source = ctx.get_parameter_source("out_dir")
        if source is click.core.ParameterSource.DEFAULT:
            raise click.BadParameter(
                f"no folder {out_dir} here (run from the repository root, or give --out DIR)",
                param_hint="--out",
            )
        if not check:
            out.mkdir(parents=True)
    return out


def _report(
    ctx: click.Context, total: int, changed: list[str], stray: list[str], check: bool
) -> None:
    """The summary on stdout; with ``--check``, exit 1 if anything would change."""
    if check:
        for line in changed:
            click.echo(f"would change: {line}")
        for line in stray:
            click.echo(f"stray: {line}")
        state = "up to date" if not changed and not stray else "out of date"
        click.echo(
            f"{total} playthroughs checked: {len(changed)} would change, "
            f"{len(stray)} stray ({state})"
        )
        ctx.exit(1 if changed or stray else 0)
    for line in stray:
        click.echo(f"rulings record: stray file, delete it: {line}", err=True)
    click.echo(f"{total} playthroughs recorded: {len(changed)} changed or new")
