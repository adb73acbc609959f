"""Explore (rulebook: Actions, Explore).

Exploring is three steps, each a point where the state waits: the action (1 AP), the draw of the
top tile (known when the stack's order is known, otherwise a chance node weighted by what is
left), and the players' choice of where to place it among the adjacent spots that complete no
2×2 square, drawing again when every spot would strand a survivor. A hazard may lay its tile
elsewhere or leave the players no choice (its ``lay`` and ``spot_fixed`` explore effects,
``engine.unknown.hazards.on_explore``). The laid tile's instant effects are then handed to
:class:`~engine.unknown.instant_effects.Explored`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from engine.core.errors import IllegalDecision
from engine.core.game import ChanceNode, Event, PlayerNode
from engine.unknown.actions.base import Action, Outcome, actor, event
from engine.unknown.effects import effect
from engine.unknown.hazards import explore_effect
from engine.unknown.instant_effects import Explored
from engine.unknown.knockback_order import FaceKnockback, IgnoreKnockback
from engine.unknown.map import explore_placements, is_passable, range_between
from engine.unknown.map.explore import HOLD_EXPLORED, TILE_DRAWN
from engine.unknown.position import Coord, PlacedTile, UnknownPosition
from engine.unknown.ruleset import DEFAULT, Ruleset
from engine.unknown.state import UnknownState

if TYPE_CHECKING:
    from engine.unknown.rules import Rules

__all__ = [
    "Drawn",
    "DrawTile",
    "Explore",
    "Explored",
    "FaceKnockback",
    "IgnoreKnockback",
    "PlaceAt",
    "PlaceTile",
    "another_tile_fits",
    "landing",
    "place",
    "strands_someone",
    "stranded",
]
"""The explore decisions and effects; the knockback decisions a tile's knockbacks ask for and the
instant effects are defined in their own modules and named here for the explorer's callers."""


@dataclass(frozen=True)
class Explore(Action):
    """Reveal the top tile of the stack and place it next to the survivor."""

    name: ClassVar[str] = "explore"
    clause: ClassVar[str] = "unknown.action.explore.adjacent"
    who: str

    def __str__(self) -> str:
        return f"explore with {self.who}"

    @classmethod
    def candidates(cls, rules: Rules, state: UnknownState, who: str):
        return [cls(who)]

    def check(self, rules: Rules, state: UnknownState) -> None:
        if not state.stack.size:
            raise IllegalDecision("unknown.action.explore.adjacent", "the tile stack is empty")
        at = actor(state, self.who).at
        if not explore_placements(state.position, at):
            raise IllegalDecision(
                "unknown.action.explore.needs-placement",
                f"no spot next to {list(at)} can take a tile without completing a 2x2 square",
            )

    def resolve(self, rules: Rules, state: UnknownState) -> Outcome:
        return replace(state, pending=(DrawTile(self.who), *state.pending)), ()


@dataclass(frozen=True)
class Drawn:
    """Chance outcome: the tile revealed from the stack."""

    tile: str

    def __str__(self) -> str:
        return f"draw {self.tile}"


@dataclass(frozen=True)
class PlaceAt:
    """Decision: place the revealed tile on ``at``."""

    at: Coord

    def __str__(self) -> str:
        return f"place it at {list(self.at)}"


@effect("draw_tile")
@dataclass(frozen=True)
class DrawTile:
    """Waiting for the top tile of the stack (``unknown.action.explore.adjacent``)."""

    who: str

    def node(self, rules: Rules, state: UnknownState) -> ChanceNode:
        size = sum(n for _, n in state.stack.rest)
        return ChanceNode(
            tuple((Drawn(tile), Fraction(n, size)) for tile, n in state.stack.rest),
            "the top tile of the shuffled stack is revealed",
            "unknown.action.explore.adjacent",
        )

    def settle(self, rules: Rules, state: UnknownState) -> Outcome | None:
        if state.stack.top:
            tile = state.stack.top[0]
            return self._revealed(replace(state, stack=state.stack.without_top()), tile, rules)
        if len(state.stack.rest) == 1:
            tile = state.stack.rest[0][0]
            return self._revealed(replace(state, stack=state.stack.without(tile)), tile, rules)
        return None

    def apply(self, rules: Rules, state: UnknownState, decision: object) -> Outcome:
        if not isinstance(decision, Drawn) or not any(
            t == decision.tile for t, _ in state.stack.rest
        ):
            raise IllegalDecision(
                "unknown.action.explore.adjacent", f"{decision} is not a tile left in the stack"
            )
        return self._revealed(
            replace(state, stack=state.stack.without(decision.tile)), decision.tile, rules
        )

    def _revealed(self, state: UnknownState, tile: str, rules: Rules) -> Outcome:
        """The drawn tile waits for its spot, unless a modifier takes it instead
        (``TILE_DRAWN``: Activate's consoles, ``unknown.mission.activate.pickup``)."""
        shown = event(
            "tile_drawn", "unknown.action.explore.adjacent", f"{self.who} reveals {tile}", tile=tile
        )
        taken = rules.ask(TILE_DRAWN, replace(state, pending=state.pending[1:]), self.who, tile)
        if taken is not None:
            return taken[0], (shown, *taken[1])
        return replace(state, pending=(PlaceTile(self.who, tile), *state.pending[1:])), (shown,)


@effect("place_tile")
@dataclass(frozen=True)
class PlaceTile:
    """The revealed ``tile`` waits for the players to pick its spot."""

    who: str
    tile: str

    def spots(self, state: UnknownState) -> list[Coord]:
        return explore_placements(state.position, actor(state, self.who).at)

    def node(self, rules: Rules, state: UnknownState) -> PlayerNode:
        return PlayerNode(
            player="players",
            legal=tuple(PlaceAt(at) for at in self.spots(state)),
            prompt=f"choose where {self.who} places the {self.tile} tile",
            clause="unknown.action.explore.adjacent",
        )

    def settle(self, rules: Rules, state: UnknownState) -> Outcome | None:
        spots = self.spots(state)
        if (
            spots
            and all(strands_someone(rules, state, self.tile, at, self.who) for at in spots)
            and another_tile_fits(rules, state, self.tile, self.who)
        ):
            back = replace(state, stack=state.stack.shuffled_with(self.tile))
            redraw = event(
                "tile_reshuffled",
                "unknown.action.explore.redraw",
                f"every spot for {self.tile} would strand a survivor: it is shuffled back and "
                "another tile is drawn",
                tile=self.tile,
            )
            return replace(back, pending=(DrawTile(self.who), *state.pending[1:])), (redraw,)
        if spots and self.covers_origin(rules, state):
            state = replace(state, pending=state.pending[1:])
            return place(rules, state, self.who, self.tile, spots[0])
        return None

    def covers_origin(self, rules: Rules, state: UnknownState) -> bool:
        """Whether the tile's hazard makes the spot chosen no difference, so nobody is asked
        (its ``spot_fixed`` explore effect: Collapse over the explorer's own tile)."""
        fixed = explore_effect(self.tile, "spot_fixed")
        return fixed is not None and fixed(rules, state.position, actor(state, self.who).at)

    def apply(self, rules: Rules, state: UnknownState, decision: object) -> Outcome:
        if not isinstance(decision, PlaceAt) or decision.at not in self.spots(state):
            raise IllegalDecision(
                "unknown.action.explore.no-2x2",
                f"{decision} is not an empty spot next to {self.who} that completes no 2x2 square",
            )
        state = replace(state, pending=state.pending[1:])
        return place(rules, state, self.who, self.tile, decision.at)


def landing(
    rules: Rules, position: UnknownPosition, origin: Coord, tile: str, at: Coord
) -> tuple[UnknownPosition, Coord, tuple[Event, ...]]:
    """The map once ``tile``, drawn by a survivor on ``origin``, is laid for the spot ``at``.

    Returns the map, the spot the tile lies on and the events of laying it. Most tiles go on
    ``at`` (``unknown.action.explore.adjacent``); a hazard whose uncommon effect lays it
    otherwise registers a ``lay`` explore effect (Collapse covers the explorer's tile, Rockfall
    trades places with it).
    """
    lay = explore_effect(tile, "lay")
    if lay is not None:
        return lay(rules, position, origin, at)
    return position.with_tile(PlacedTile(at, tile)), at, ()


def place(rules: Rules, state: UnknownState, who: str, tile: str, at: Coord) -> Outcome:
    """Lay ``tile`` for the spot ``at`` and queue its instant effects (:class:`Explored`)."""
    origin = actor(state, who).at
    position, spot, laid = landing(rules, state.position, origin, tile, at)
    placed = event(
        "tile_placed",
        "unknown.action.explore.adjacent",
        f"{tile} is placed at {list(spot)}",
        tile=tile,
        at=spot,
    )
    explored = Explored(who, tile, spot, origin)
    held = rules.ask(HOLD_EXPLORED, replace(state, position=position), explored)
    if held is not None:  # e.g. the Skeptic's delayed spawn
        return held[0], (placed, *laid, *held[1])
    pending = (explored, *state.pending)
    return replace(state, position=position, pending=pending), (placed, *laid)


# -- the redraw rule -------------------------------------------------------------------------------


def strands_someone(
    rules: Rules, state: UnknownState, tile: str, at: Coord, who: str | None = None
) -> bool:
    """Would laying ``tile`` for ``at`` *cause* some survivor to be stranded?

    Applies ``unknown.action.explore.redraw``: stranded means unable both to get home (the base
    within range) and to explore (a free placement next to some tile it can reach). Only a
    survivor stranded after the placement but not before it counts: the placement must be the
    cause. The map is the one :func:`landing` makes (Collapse covering, Rockfall trading places)
    when the explorer ``who`` is given; tokens and knockback are not foreseen.
    """
    if who is None:
        position = state.position.with_tile(PlacedTile(at, tile))
    else:
        position = landing(rules, state.position, actor(state, who).at, tile, at)[0]
    ruleset = rules.ruleset
    return bool(stranded(position, ruleset) - stranded(state.position, ruleset))


def stranded(position: UnknownPosition, ruleset: Ruleset = DEFAULT) -> set[str]:
    """Survivors who can neither reach the base nor reach a tile with a free placement (range
    as the ``range-endpoints`` reading in force measures it)."""
    bases = [t.at for t in position.tiles if t.tile == "base"]
    found = set()
    for survivor in position.survivors:
        if any(range_between(position, survivor.at, b, ruleset) is not None for b in bases):
            continue
        reachable = [
            t.at
            for t in position.tiles
            if range_between(position, survivor.at, t.at, ruleset) is not None
            and (t.at == survivor.at or is_passable(position, t.at))
        ]
        if not any(explore_placements(position, spot) for spot in reachable):
            found.add(survivor.id)
    return found


def another_tile_fits(rules: Rules, state: UnknownState, tile: str, who: str) -> bool:
    """Whether some other tile left in the stack has a spot that strands nobody.

    Without one, shuffling back and drawing again could never end, so the drawn tile is placed.
    """
    spots = explore_placements(state.position, actor(state, who).at)
    names = state.stack.names()
    return any(
        not all(strands_someone(rules, state, name, at, who) for at in spots)
        for name in names - {tile}
    )
