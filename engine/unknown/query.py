"""``rulings query``: Unknown's map geometry questions (rulebook: Range, Line of Sight,
Knockback, Explore).

The command is Unknown's own: the questions mean something only on an Unknown map, so the game's
registry entry adds it to ``rulings`` (``UnknownSpec.commands``) and the command line names no
game. Each answer comes from the engine (``engine.unknown.map``); this module only checks the
command line, and words the answer as JSON or as a sentence citing the clause applied.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypeVar

import click

from engine.core.errors import PositionError
from engine.core.registry import chosen_readings, parse_file
from engine.unknown.drawing import show
from engine.unknown.map import (
    explore_placements,
    is_passable,
    knockback_destinations,
    line_of_sight,
    range_between,
)
from engine.unknown.map.board import is_fortified
from engine.unknown.position import Coord, Enemy, Survivor, UnknownPosition
from engine.unknown.ruleset import Ruleset

F = TypeVar("F", bound=Callable[..., Any])

POSITIONS = "tests/data/positions"


# --- the command line's values -------------------------------------------------------------------


class CoordType(click.ParamType):
    """An ``X,Y`` grid coordinate (x grows east, y grows north)."""

    name = "X,Y"

    def convert(
        self, value: Any, param: click.Parameter | None, ctx: click.Context | None
    ) -> Coord:
        if isinstance(value, tuple):
            return value
        parts = str(value).split(",")
        try:
            x, y = (int(part.strip()) for part in parts)
        except ValueError:
            self.fail(
                f"{value!r} is not a coordinate X,Y of two whole numbers (e.g. 2,-1)", param, ctx
            )
        return (x, y)


COORD = CoordType()


def either(items: list[str]) -> str:
    """Alternatives as ``a, b or c``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def echo_json(answer: dict[str, Any]) -> None:
    """Print one JSON answer on one line."""
    click.echo(json.dumps(answer))


def json_option(command: F) -> F:
    """``--json``: answer with one JSON object instead of a sentence."""
    return click.option(
        "--json", "as_json", is_flag=True, help="Print the answer as one JSON object."
    )(command)


def reading_option(command: F) -> F:
    """``--reading SWITCH=READING`` (repeatable), delivered to the command as a ``Ruleset``."""
    return click.option(
        "--reading",
        "ruleset",
        multiple=True,
        metavar="SWITCH=READING",
        callback=_ruleset,
        help="Choose an interpretation of an ambiguous rule (repeatable); see "
        "`rulings readings unknown` for the switches, their readings and defaults.",
    )(command)


def _ruleset(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> Ruleset:
    """The default ruleset with the chosen readings (interpretation ledger switches)."""
    from engine.unknown.spec import SPEC

    try:
        return SPEC.ruleset(chosen_readings(SPEC, values))
    except ValueError as error:
        raise click.BadParameter(str(error)) from None


def open_position(path: str) -> UnknownPosition:
    """Load an Unknown position file (``PositionError`` names the bad entry; the geometry
    queries have no meaning for another game's file)."""
    from engine.unknown.spec import SPEC

    spec, data = parse_file(path)
    if spec is not SPEC:
        raise PositionError(path, "game", "this command asks about Unknown maps only")
    return SPEC.read_view(data, path, SPEC.ruleset())


def tile_on_map(position: UnknownPosition, at: Coord, option: str, path: str) -> Coord:
    """``at`` if a tile is placed there; otherwise a usage error naming ``option`` and the file."""
    if at not in position.tile_at:
        raise click.BadParameter(f"no tile is placed at {show(at)} in {path}", param_hint=option)
    return at


def piece_on_map(position: UnknownPosition, who: str, path: str) -> Survivor | Enemy:
    """The piece ``who``; an unknown id is a usage error of ``--who`` naming the known ones."""
    try:
        return position.piece(who)
    except KeyError as error:
        raise click.BadParameter(f"{error.args[0]} in {path}", param_hint="--who") from None


@click.group(
    short_help="Ask a geometry question: range, los, knockback, explore.",
    epilog=f"""\b
Examples:
  rulings query range {POSITIONS}/detour.yaml 0,0 2,1
  rulings query los {POSITIONS}/sightlines.yaml 0,0 0,2 --json
  rulings query knockback {POSITIONS}/corridor.yaml --source 0,0 --distance 3 --who yellow
  rulings query explore {POSITIONS}/explore-2x2.yaml --who yellow
""",
)
def query() -> None:
    """Ask one geometry question about a position file: range, line of sight, knockback
    destinations or explore placements. Coordinates are X,Y with x growing east and y growing
    north, as in the position file. Each answer is a sentence citing the rule clause applied, or
    one JSON object with --json.
    """


# --- range -------------------------------------------------------------------------------------


@query.command(
    "range",
    short_help="The range between two tiles.",
    epilog=f"""\b
Examples:
  rulings query range {POSITIONS}/detour.yaml 0,0 2,1
      the blocked tile at 2,0 forces the long way round: 5
  rulings query range {POSITIONS}/detour.yaml 0,0 2,0 --json
      {{"range": 2}}: the far end itself may be impassable
  rulings query range {POSITIONS}/detour.yaml 0,0 2,0 --reading range-endpoints=target-passable
      no range under the reading that the far end must be passable
""",
)
@click.argument("path", metavar="POSITION")
@click.argument("origin", metavar="FROM", type=COORD)
@click.argument("target", metavar="TO", type=COORD)
@json_option
@reading_option
def range_command(path: str, origin: Coord, target: Coord, as_json: bool, ruleset: Ruleset) -> None:
    """The range from FROM to TO: the fewest orthogonal moves between them, stepping only
    through explored, passable tiles (unknown.range). Prints null (or says so) when TO cannot
    be reached from FROM.
    """
    position = open_position(path)
    tile_on_map(position, origin, "FROM", path)
    tile_on_map(position, target, "TO", path)
    distance = range_between(position, origin, target, ruleset)
    if as_json:
        echo_json({"range": distance})
    elif distance is None:
        click.echo(_no_range(position, origin, target, ruleset))
    else:
        click.echo(f"range from {show(origin)} to {show(target)}: {distance} (unknown.range)")


def _no_range(position: UnknownPosition, origin: Coord, target: Coord, ruleset: Ruleset) -> str:
    """Why there is no range, in one sentence (``unknown.range``, ``range-endpoints`` switch)."""
    if ruleset.range_endpoints == "target-passable" and not is_passable(position, target):
        return (
            f"no range: {show(target)} is impassable and the reading "
            "range-endpoints=target-passable needs the far end passable (unknown.range)"
        )
    return (
        f"no range: {show(target)} cannot be reached from {show(origin)} over passable tiles "
        "(unknown.range)"
    )


# --- line of sight -----------------------------------------------------------------------------


@query.command(
    "los",
    short_help="Whether one tile has line of sight to another.",
    epilog=f"""\b
Examples:
  rulings query los {POSITIONS}/sightlines.yaml 0,0 0,2
      yes: sight may leave the fortified base
  rulings query los {POSITIONS}/sightlines.yaml 0,2 0,0
      no: sight may not enter the fortified base
  rulings query los {POSITIONS}/sightlines.yaml 0,0 3,0 --json
      {{"line_of_sight": false}}: the barrier on 2,0 breaks the line
  rulings query los {POSITIONS}/sightlines.yaml 2,0 3,0 --reading los-impassable-origin=origin-sees
""",
)
@click.argument("path", metavar="POSITION")
@click.argument("origin", metavar="FROM", type=COORD)
@click.argument("target", metavar="TO", type=COORD)
@json_option
@reading_option
def los_command(path: str, origin: Coord, target: Coord, as_json: bool, ruleset: Ruleset) -> None:
    """Whether something on FROM has line of sight to something on TO: a straight row or column
    of placed, passable tiles with no gap. Sight may leave a fortified tile but never enter or
    cross one, and barriers break it (unknown.los.straight-line, unknown.los.fortified-origin,
    unknown.los.fortified-blocks, unknown.los.barrier-blocks). Pieces do not block sight.
    """
    position = open_position(path)
    tile_on_map(position, origin, "FROM", path)
    tile_on_map(position, target, "TO", path)
    seen = line_of_sight(position, origin, target, ruleset)
    if as_json:
        echo_json({"line_of_sight": seen})
        return
    head = f"line of sight from {show(origin)} to {show(target)}"
    if seen:
        click.echo(f"{head}: yes (unknown.los.straight-line)")
    else:
        why = _blocked_sight(position, origin, target, ruleset)
        click.echo(f"{head}: no" + (f": {why}" if why else ""))


def _blocked_sight(position: UnknownPosition, a: Coord, b: Coord, ruleset: Ruleset) -> str:
    """The first reason sight from ``a`` to ``b`` fails, or ``""`` if none is found cheaply."""
    if a[0] != b[0] and a[1] != b[1]:
        return "not in the same row or column (unknown.los.straight-line)"
    if not is_passable(position, a) and ruleset.los_impassable_origin == "blocked":
        cause, clauses = _impassable_cause(position, a)
        return (
            f"{show(a)} is impassable ({cause}) and under the reading "
            f"los-impassable-origin=blocked sight cannot leave it ({clauses})"
        )
    for at in _line(a, b):
        placed = position.tile_at.get(at)
        if placed is None:
            return f"no tile at {show(at)}: the line has a gap (unknown.los.straight-line)"
        if not is_passable(position, at):
            cause, clauses = _impassable_cause(position, at)
            return f"{show(at)} is impassable ({cause}) ({clauses})"
        if is_fortified(position, at):
            return (
                f"{show(at)} is a fortified {placed.tile} tile, which sight may not enter or "
                "cross (unknown.los.fortified-blocks)"
            )
    return ""


def _line(a: Coord, b: Coord) -> list[Coord]:
    """The spots after ``a`` up to and including ``b`` on a shared row or column."""
    dx = (b[0] > a[0]) - (b[0] < a[0])
    dy = (b[1] > a[1]) - (b[1] < a[1])
    steps = max(abs(b[0] - a[0]), abs(b[1] - a[1]))
    return [(a[0] + dx * i, a[1] + dy * i) for i in range(1, steps + 1)]


def _impassable_cause(position: UnknownPosition, at: Coord) -> tuple[str, str]:
    """What makes the tile at ``at`` impassable, and the clauses that say it breaks sight."""
    tokens = position.tokens_at.get(at, {})
    if tokens.get("barrier"):
        return "a barrier is on it", "unknown.barrier.impassable, unknown.los.barrier-blocks"
    if tokens.get("blaze"):
        return "a blaze token is on it", "unknown.hazard.blaze.token-impassable"
    tile = position.tile_at[at].tile
    return f"an uncleared {tile} tile", "unknown.tile.impassable, unknown.tile.impassable.los"


# --- knockback ---------------------------------------------------------------------------------


@query.command(
    "knockback",
    short_help="Where a knocked-back piece may end.",
    epilog=f"""\b
Examples:
  rulings query knockback {POSITIONS}/corridor.yaml --source 0,0 --distance 3 --who yellow
      a dead end, stopping before the animal, or close combat on its tile
  rulings query knockback {POSITIONS}/corridor.yaml --source 0,0 --distance 3 --who a1 --json
  rulings query knockback {POSITIONS}/corridor.yaml --source 0,0 --distance 3 --who blue \\
      --reading knockback-stop-at-start=after-a-step
""",
)
@click.argument("path", metavar="POSITION")
@click.option("--source", required=True, type=COORD, help="Tile the piece flees from.")
@click.option(
    "--distance",
    required=True,
    type=click.IntRange(min=0),
    metavar="N",
    help="Knockback value: flee until N tiles lie between the piece and the source.",
)
@click.option(
    "--who", required=True, metavar="ID", help="Id of the survivor or enemy knocked back."
)
@json_option
@reading_option
def knockback_command(
    path: str, source: Coord, distance: int, who: str, as_json: bool, ruleset: Ruleset
) -> None:
    """Every tile the piece ID may end on when knocked back N from the source tile. A piece in
    reach flees one tile further from the source at each step until N tiles lie between them;
    the players choose among paths, a dead end stops it early, and a survivor may stop before an
    enemy's tile or enter it for close combat (unknown.knockback.flee, unknown.knockback.path-choice,
    unknown.knockback.dead-end, unknown.knockback.stop-before-enemy). A piece out of reach keeps
    its tile.
    """
    position = open_position(path)
    tile_on_map(position, source, "--source", path)
    piece = piece_on_map(position, who, path)
    ends = sorted(knockback_destinations(position, source, distance, who, ruleset))
    if as_json:
        echo_json({"destinations": [list(at) for at in ends]})
        return
    reach = range_between(position, source, piece.at, ruleset)
    head = f"knockback {distance} from {show(source)}: {who} on {show(piece.at)}"
    if reach is None or reach > distance:
        why = "no range to it" if reach is None else f"range {reach} > {distance}"
        click.echo(f"{head} is out of reach ({why}) and stays there (unknown.knockback.flee)")
        return
    labelled = [_with_combat(position, piece, at) for at in ends]
    click.echo(f"{head} may end on {either(labelled)} (unknown.knockback.flee)")


def _with_combat(position: UnknownPosition, piece: Survivor | Enemy, at: Coord) -> str:
    """A destination, noting close combat when the other side stands there."""
    foes = position.enemies_at(at) if isinstance(piece, Survivor) else position.survivors_at(at)
    if at == piece.at:
        return f"{show(at)} (where it stands)"
    if foes:
        return f"{show(at)} (close combat with {', '.join(f.id for f in foes)})"
    return show(at)


# --- explore -----------------------------------------------------------------------------------


@query.command(
    "explore",
    short_help="Where a survivor may place an explored tile.",
    epilog=f"""\b
Examples:
  rulings query explore {POSITIONS}/explore-2x2.yaml --who yellow
      yellow may not explore: up or down would complete a 2x2 square
  rulings query explore {POSITIONS}/explore-2x2.yaml --who red --json
""",
)
@click.argument("path", metavar="POSITION")
@click.option("--who", required=True, metavar="ID", help="Id of the exploring survivor.")
@json_option
def explore_command(path: str, who: str, as_json: bool) -> None:
    """Where the survivor ID may place a newly explored tile: the empty spots orthogonally next to
    its tile where the new tile would not complete a 2x2 square (unknown.action.explore.adjacent,
    unknown.action.explore.no-2x2). With no such spot it may not explore
    (unknown.action.explore.needs-placement).
    """
    position = open_position(path)
    piece = piece_on_map(position, who, path)
    if not isinstance(piece, Survivor):
        raise click.BadParameter(
            f"{who!r} is an enemy ({piece.kind}); only survivors explore", param_hint="--who"
        )
    spots = explore_placements(position, piece.at)
    if as_json:
        echo_json({"placements": [list(at) for at in spots]})
    elif spots:
        click.echo(
            f"{who} on {show(piece.at)} may place the new tile on {either([show(at) for at in spots])} "
            "(unknown.action.explore.adjacent, unknown.action.explore.no-2x2)"
        )
    else:
        click.echo(
            f"{who} on {show(piece.at)} may not explore: no spot next to it is empty and free of "
            "completing a 2x2 square (unknown.action.explore.needs-placement)"
        )
