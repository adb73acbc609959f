"""Rockfall (rulebook: Hazards, Rockfall).

Once the players have chosen Rockfall's spot, Rockfall and the explorer's tile trade places: the
explorer's tile goes to the chosen spot carrying everything on it - survivors, enemies and
tokens - and Rockfall takes the place it left (``unknown.hazard.rockfall.swap``). Then Rockfall
gets its 3 barrier tokens (``unknown.hazard.rockfall.barriers``), which explore lays as the
tile's token spawn (``unknown.effect.instant.token-spawn``) after this swap.

A tile shielded from hazards (objective, and under the ``hazard-origin-shield`` reading ``all-shields``
fortified or impassable too) is not moved: Rockfall then simply stays on the chosen spot.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from engine.core.game import Event
from engine.unknown.hazards import on_explore, shielded
from engine.unknown.outcome import Outcome, event
from engine.unknown.position import Coord, PlacedTile, Token, UnknownPosition
from engine.unknown.state import UnknownState

if TYPE_CHECKING:
    from engine.unknown.instant_effects import Explored
    from engine.unknown.rules import Rules


@on_explore("rockfall", "tokens")
def barriers(rules: Rules, state: UnknownState, laid: Explored) -> Outcome:
    """Rockfall's barrier tokens, from the catalog, on its new spot (``unknown.hazard.rockfall.barriers``)."""
    from engine.unknown.instant_effects import spawn_tokens

    return spawn_tokens(state, laid.at, laid.tile, "unknown.hazard.rockfall.barriers")


@on_explore("rockfall", "lay")
def swap(
    rules: Rules, position: UnknownPosition, origin: Coord, at: Coord
) -> tuple[UnknownPosition, Coord, tuple[Event, ...]]:
    """Lay Rockfall for a survivor on ``origin`` who chose ``at``: the map, Rockfall's spot, events."""
    if shielded(rules, position, origin):
        laid = position.with_tile(PlacedTile(at, "rockfall"))
        kept = event(
            "rockfall_held",
            "unknown.hazard.rockfall.swap",
            f"the tile on {list(origin)} is shielded from hazards: Rockfall stays on {list(at)}",
            at=at,
        )
        return laid, at, (kept,)
    moved = position.tile_at[origin]
    tiles = [t for t in position.tiles if t.at != origin]
    tiles += [PlacedTile(origin, "rockfall"), replace(moved, at=at)]
    tokens = [Token(at, t.kind, t.count) if t.at == origin else t for t in position.tokens]
    survivors = tuple(replace(s, at=at) if s.at == origin else s for s in position.survivors)
    enemies = tuple(replace(e, at=at) if e.at == origin else e for e in position.enemies)
    allies = tuple(replace(a, at=at) if a.at == origin else a for a in position.allies)
    laid = UnknownPosition(
        tuple(sorted(tiles, key=lambda t: t.at)),
        tuple(sorted(tokens, key=lambda t: (t.at, t.kind))),
        survivors,
        enemies,
        allies,
    )
    carried = [p.id for p in (*position.survivors_at(origin), *position.enemies_at(origin))]
    carried += [f"{t.count} {t.kind}" for t in position.tokens if t.at == origin]
    swapped = event(
        "rockfall_swap",
        "unknown.hazard.rockfall.swap",
        f"Rockfall trades places with the {moved.tile} on {list(origin)}, which moves to "
        f"{list(at)}" + (f" carrying {', '.join(carried)}" if carried else ""),
        origin=origin,
        to=at,
        carried=tuple(carried),
    )
    return laid, origin, (swapped,)
