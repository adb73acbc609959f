"""Collapse (rulebook: Hazards, Collapse).

* Collapse is impassable (``unknown.hazard.collapse.impassable``, in the catalog).
* It is laid over the tile the survivor explored from, whatever spot was chosen; when that tile
  is an objective tile it goes on the chosen spot instead (``unknown.hazard.collapse.placement``).
  Switch ``hazard-origin-shield``: under ``all-shields`` fortified and impassable tiles (base
  above all) are spared the same way, since hazard effects never act on them.
* Everything standing on the tile it was explored from is knocked back 1 tile
  (``unknown.hazard.collapse.knockback``). Switch ``collapse-knockback``: ``one-tile``
  - each piece flees one tile further from Collapse than it stands; ``knockback-1`` - a
  knockback of 1 as printed on tiles, i.e. until 1 tile lies between the piece and Collapse.
* What is still on Collapse's tile afterwards leaves the game, objective tokens excepted, which
  go to the nearest passable tile (``unknown.hazard.collapse.destroy``,
  ``unknown.hazard.collapse.objective-tokens``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from engine.core.game import Event
from engine.unknown.hazards import on_explore, remove_everything, shielded
from engine.unknown.map import range_between
from engine.unknown.outcome import Outcome, event
from engine.unknown.position import Coord, PlacedTile, UnknownPosition
from engine.unknown.state import UnknownState

if TYPE_CHECKING:
    from engine.unknown.instant_effects import Explored
    from engine.unknown.rules import Rules


@on_explore("collapse", "spot_fixed")
def covers_origin(rules: Rules, position: UnknownPosition, origin: Coord) -> bool:
    """Whether Collapse goes over the explorer's tile on ``origin`` whatever spot is chosen, so
    nobody is asked where (``unknown.hazard.collapse.placement``)."""
    return not shielded(rules, position, origin)


@on_explore("collapse", "lay")
def lay(
    rules: Rules, position: UnknownPosition, origin: Coord, at: Coord
) -> tuple[UnknownPosition, Coord, tuple[Event, ...]]:
    """Lay Collapse for a survivor on ``origin`` who chose ``at``: the map, Collapse's spot, events."""
    if shielded(rules, position, origin):
        spared = event(
            "collapse_placed",
            "unknown.hazard.collapse.placement",
            f"the {position.tile_at[origin].tile} on {list(origin)} is shielded from hazards: "
            f"Collapse goes on {list(at)}",
            at=at,
        )
        return position.with_tile(PlacedTile(at, "collapse")), at, (spared,)
    covered = event(
        "collapse_placed",
        "unknown.hazard.collapse.placement",
        f"Collapse is laid over the {position.tile_at[origin].tile} on {list(origin)}",
        at=origin,
        covered=position.tile_at[origin].tile,
    )
    return position.with_tile(PlacedTile(origin, "collapse")), origin, (covered,)


def knockback_distance(rules: Rules, position: UnknownPosition, spot: Coord, origin: Coord) -> int:
    """The knockback distance for pieces on ``origin`` fleeing Collapse on ``spot``."""
    if rules.ruleset.collapse_knockback == "knockback-1":
        return 1
    return range_between(position, spot, origin, rules.ruleset) or 0


def movers(rules: Rules, position: UnknownPosition, spot: Coord, origin: Coord) -> tuple[str, ...]:
    """Everything on the explorer's tile that flees (incapacitated survivors ignore knockback).

    When Collapse went on the explored spot (the explorer's tile being shielded), the rule still
    names the tile it was explored from; switch ``collapse-origin-knockback``: ``always``
    (as written) - its pieces flee all the same; ``covered-only`` - only a tile Collapse
    covers is fled, so they stay.
    """
    reading = rules.ruleset.collapse_origin_knockback
    if spot != origin and reading == "covered-only":
        return ()
    survivors = [s.id for s in position.survivors_at(origin) if not s.incapacitated]
    return (*survivors, *(e.id for e in position.enemies_at(origin)))


@on_explore("collapse", "knockback")
def knock_back(rules: Rules, state: UnknownState, laid: Explored) -> Outcome:
    """Queue the flight of everything on the explorer's tile (``unknown.hazard.collapse.knockback``)."""
    from engine.unknown.knockback_order import knockbacks

    distance = knockback_distance(rules, state.position, laid.at, laid.origin)
    source = ("hazard", laid.tile, laid.at, distance)
    fleeing = movers(rules, state.position, laid.at, laid.origin)
    flight = knockbacks(rules, state, (source,), laid.tile, fleeing)
    return replace(state, pending=(*flight, *state.pending)), ()


@on_explore("collapse", "after_knockback")
def crush(rules: Rules, state: UnknownState, laid: Explored) -> Outcome:
    """Remove what is still on Collapse's tile (``unknown.hazard.collapse.destroy``)."""
    return remove_everything(
        rules, state, laid.at, "unknown.hazard.collapse.destroy", "buried under Collapse"
    )
