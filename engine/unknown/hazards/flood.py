"""Flood (rulebook: Hazards, Flood; Tiles With Knockback).

Flood's knockback is 3 (``unknown.hazard.flood.knockback``, in the catalog) and, like every hazard
knockback, moves enemies too; it is queued by explore with the others. Its uncommon effect,
resolved here as soon as the tile is laid and before the knockback:

* every gatherable tile the flood reaches within its knockback range is cleared
  (``unknown.hazard.flood.clear-gatherables``), its resources lost;
* tokens lying on those tiles are destroyed, objective tokens excepted; what survivors, allies
  and enemies carry is untouched (``unknown.hazard.flood.destroy-items``);
* the water reaches out over tiles open to hazards only, so fortified, objective and impassable
  tiles are neither flooded nor crossed (``unknown.hazard.blocked-by-fortified-objective``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.game import Event
from engine.unknown.catalog import catalog
from engine.unknown.hazards import hazard_reach, is_objective_token, on_explore
from engine.unknown.outcome import Outcome, event
from engine.unknown.position import PlacedTile
from engine.unknown.state import UnknownState

if TYPE_CHECKING:
    from engine.unknown.instant_effects import Explored
    from engine.unknown.rules import Rules


def gatherable(rules: Rules, placed: PlacedTile) -> bool:
    """Whether a face-up tile counts as gatherable for the flood.

    Reading ``flood-gatherable``: ``gather-action`` - only tiles a Gather action could take,
    with resource icons and no clear cost (``unknown.action.gather.eligible``,
    ``unknown.survivor.botanist.clear-cost-lairs``); ``has-resources`` - the tile shows gatherable
    resources (``unknown.gatherable.definition``): resource icons, even behind a clear cost, or a
    single-use exchange in its gather area (``unknown.gatherable.exchange``).
    """
    if placed.cleared:
        return False
    kind = catalog()[placed.tile]
    if rules.ruleset.flood_gatherable == "gather-action":
        return bool(kind.gather) and not kind.clear_cost
    single_use_exchange = kind.exchange is not None and not dict(kind.exchange)["repeatable"]
    return bool(kind.gather) or single_use_exchange


@on_explore("flood", "uncommon")
def flood(rules: Rules, state: UnknownState, laid: Explored) -> Outcome:
    """Clear the gatherable tiles the flood just laid reaches and destroy what lies on them."""
    at = laid.at
    distance = catalog()[state.position.tile_at[at].tile].knockback or 0
    position = state.position
    events: list[Event] = []
    for spot, _ in sorted(hazard_reach(position, at, distance).items()):
        placed = position.tile_at[spot]
        if not gatherable(rules, placed):
            continue
        position = position.with_tile(PlacedTile(spot, placed.tile, cleared=True))
        events.append(
            event(
                "tile_cleared",
                "unknown.hazard.flood.clear-gatherables",
                f"the flood clears the {placed.tile} on {list(spot)}",
                at=spot,
                tile=placed.tile,
            )
        )
        for kind, n in sorted(position.tokens_at.get(spot, {}).items()):
            if is_objective_token(kind):
                continue
            position = position.with_tokens(spot, kind, -n)
            events.append(
                event(
                    "tokens_destroyed",
                    "unknown.hazard.flood.destroy-items",
                    f"the flood destroys {n} {kind} token(s) on {list(spot)}",
                    at=spot,
                    kind=kind,
                    count=n,
                )
            )
    return state.with_position(position), tuple(events)
