"""``rulings show``: a position drawn as text by its game (a map, a board), or (``--svg FILE``)
as an SVG picture, both through the game's registry entry."""

from __future__ import annotations

from pathlib import Path

import click

from engine.cli.params import FilePath, examples, readings_option, ruleset_of
from engine.core import registry


def _epilog() -> str:
    return examples("show")


@click.command(
    "show",
    short_help="Draw a position file as text (a map, or a Falling Skies board).",
    epilog=_epilog(),
)
@click.argument("path", metavar="POSITION", type=FilePath(dir_okay=False))
@readings_option
@click.option(
    "--svg",
    "svg_path",
    metavar="FILE",
    help="Write the drawing as a self-contained SVG picture to FILE instead of printing the "
    "text drawing (the file is replaced whole, never left half-written).",
)
def show_command(path: str, readings: tuple[str, ...], svg_path: str | None) -> None:
    """Draw the map of a position file as a text grid, north at the top, x numbered along the
    top and bottom and y down the left. Each tile box shows the tile's name, its marks (X
    impassable, # fortified, c cleared) with its tokens (letter and count), and the pieces on it
    (enemies with a leading !). A legend below spells out token letters, shortened names and
    every piece.

    An Under Falling Skies position (game: falling-skies) is drawn as its sky, with icons,
    ships and the mothership track, above the city's rooms with the placed dice and the
    excavator, then the markers (energy, research, damage, mothership row), the unplaced dice
    and what is pending.

    With --svg FILE the same position is drawn as an SVG picture (tiles, tokens and pieces; or
    the sky, the city and the markers), written to FILE, and one line says where.
    """
    spec, data = registry.parse_file(path)
    if readings and not spec.drawn_with_readings:
        drawn = [s.title for s in registry.games().values() if s.drawn_with_readings]
        raise click.UsageError(f"--reading applies to {' or '.join(drawn)} positions only")
    opened = spec.open_data(data, path, ruleset_of(spec, readings))
    if svg_path is None:
        click.echo(spec.text(opened, path))
        return
    write_svg(svg_path, spec.svg(opened, path), path)


def write_svg(target: str, drawing: str, source: str) -> None:
    """Write ``drawing`` to ``target`` through a temporary file in the same folder, renamed over
    it; a file that cannot be written is a usage error of ``--svg`` naming it (exit 2)."""
    from engine.core.textfiles import write_atomically

    try:
        write_atomically(Path(target), drawing)
    except OSError as error:
        raise click.BadParameter(
            f"cannot write {target}: {error.strerror or error}", param_hint="--svg"
        ) from None
    click.echo(f"SVG drawing of {source} written to {target}")
