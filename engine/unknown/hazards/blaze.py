"""Blaze (rulebook: Hazards, Blaze; Fortified Tile example).

* Blaze is impassable (``unknown.hazard.blaze.impassable``, in the catalog) and so are its blaze
  tokens (``unknown.hazard.blaze.token-impassable``, in the map's passability).
* Explored, it sets every tile within 2 range alight: a blaze token on each
  (``unknown.hazard.blaze.spread``). The fire spreads like any hazard effect, so it stops at
  fortified, objective and impassable tiles (``unknown.hazard.blocked-by-fortified-objective``,
  ``unknown.tile.impassable.hazards``); a tile that is alight does not stop it.
* Its knockback (catalog) resolves, and then everything on a tile alight leaves the game, except
  objective tokens, which go to the nearest passable tile (``unknown.hazard.blaze.destroy``,
  ``unknown.hazard.blaze.objective-tokens``).
* The blaze lasts: a tile that later comes within its 2 range (a tile explored next to the fire,
  a barrier removed, an impassable tile cleared) catches fire too, and the original knockback
  happens again (``unknown.hazard.blaze.later``). :func:`rekindle` finds such tiles; it is called
  after every explore and is meant to run whenever nothing is pending.

Switch ``blaze-flight`` (when the tokens land): ``through-fire`` - the knockback is
run first, on the map without this blaze's fire, and the fire lands once every piece has fled,
so a piece can only be caught where its flight dead-ends (the rulebook's example: a survivor
hemmed in by barriers cannot escape and is removed); ``tokens-block`` - the tokens land at once
and block the flight, so nothing within 2 range can ever get away.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from engine.core.game import Event
from engine.unknown.catalog import catalog
from engine.unknown.effects import effect
from engine.unknown.hazards import hazard_reach, on_explore, remove_everything
from engine.unknown.outcome import Outcome, event
from engine.unknown.position import Coord, UnknownPosition
from engine.unknown.state import UnknownState

if TYPE_CHECKING:
    from engine.unknown.instant_effects import Explored
    from engine.unknown.rules import Rules

SPREAD = 2
"""Blaze sets alight every tile within this range (``unknown.hazard.blaze.spread``)."""


def fire_area(position: UnknownPosition, at: Coord) -> list[Coord]:
    """The tiles the blaze on ``at`` sets alight: within 2 range, over tiles open to hazards."""
    return sorted(hazard_reach(position, at, SPREAD, through_blaze=True))


def alight(position: UnknownPosition, at: Coord) -> bool:
    """Whether a blaze token lies on ``at``."""
    return bool(position.tokens_at.get(at, {}).get("blaze"))


@on_explore("blaze", "knockback")
def explored(rules: Rules, state: UnknownState, laid: Explored) -> Outcome:
    """The blaze just laid sets its tiles alight: its knockback, then its fire
    (``unknown.hazard.blaze.spread``, ``unknown.hazard.blaze.destroy``)."""
    return ignite(rules, state, laid.at, later=False)


def ignite(rules: Rules, state: UnknownState, at: Coord, later: bool) -> Outcome:
    """Set the blaze on ``at`` going: its knockback, then its fire (:class:`BlazeBurn`).

    ``later`` marks a tile that came within reach after the blaze was explored
    (``unknown.hazard.blaze.later``): the original knockback happens again.
    """
    from engine.unknown.knockback_order import knockbacks

    area = fire_area(state.position, at)
    new = tuple(s for s in area if not alight(state.position, s))
    position = state.position
    reading = rules.ruleset.blaze_flight
    for spot in area:
        if reading == "through-fire":
            lit = position.tokens_at.get(spot, {}).get("blaze", 0)
            if lit:
                position = position.with_tokens(spot, "blaze", -lit)
        elif spot in new:
            position = position.with_tokens(spot, "blaze", 1)
    clause = "unknown.hazard.blaze.later" if later else "unknown.hazard.blaze.spread"
    what = "catch(es) fire" if later else "are set alight"
    spreads = event(
        "blaze_spreads",
        clause,
        f"the blaze on {list(at)}: {', '.join(str(list(s)) for s in new) or 'no tile'} {what}",
        at=at,
        tiles=new,
    )
    state = state.with_position(position)
    distance = catalog()["blaze"].knockback or 0
    flight = knockbacks(rules, state, (("hazard", "blaze", at, distance),), cause="blaze")
    burn = BlazeBurn(at, tuple(area), new)
    return replace(state, pending=(*flight, burn, *state.pending)), (spreads,)


@effect("blaze_burn")
@dataclass(frozen=True)
class BlazeBurn:
    """After the blaze's knockback: tokens on its tiles, then what stands there leaves the game."""

    at: Coord
    tiles: tuple[Coord, ...]
    new: tuple[Coord, ...]

    def settle(self, rules: Rules, state: UnknownState) -> Outcome:
        state = replace(state, pending=state.pending[1:])
        position = state.position
        events: list[Event] = []
        for spot in self.tiles:
            if spot in position.tile_at and not alight(position, spot):
                position = position.with_tokens(spot, "blaze", 1)
                if spot in self.new:
                    events.append(
                        event(
                            "blaze_token",
                            "unknown.hazard.blaze.token-impassable",
                            f"a blaze token lands on {list(spot)}",
                            at=spot,
                        )
                    )
        state = state.with_position(position)
        for spot in self.tiles:
            if not alight(state.position, spot):
                continue
            state, burnt = remove_everything(
                rules, state, spot, "unknown.hazard.blaze.destroy", "in the blaze", keep=("blaze",)
            )
            events.extend(burnt)
        return state, tuple(events)


def rekindle(rules: Rules, state: UnknownState) -> Outcome | None:
    """Set alight every tile that has come within a blaze's reach since it last burned.

    Applies ``unknown.hazard.blaze.later``. ``None`` when no blaze has a new tile in reach, or
    while a blaze's fire is on its way (its tokens are lifted during its knockback); otherwise the state with each such blaze's knockback and
    burning queued at the front.
    """
    blazes = [t.at for t in state.position.tiles if t.tile == "blaze" and not t.cleared]
    if not blazes or any(isinstance(p, BlazeBurn) for p in state.pending):
        return None
    events: list[Event] = []
    changed = False
    for at in blazes:
        if all(alight(state.position, s) for s in fire_area(state.position, at)):
            continue
        state, more = ignite(rules, state, at, later=True)
        events.extend(more)
        changed = True
    return (state, tuple(events)) if changed else None
