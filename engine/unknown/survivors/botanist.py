"""Botanist (rulebook: Survivors, Botanist)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar

from engine.core.errors import IllegalDecision
from engine.core.rule_points import on
from engine.unknown.actions import MORE_ACTIONS
from engine.unknown.actions.base import (
    Action,
    actor,
    require_goods,
    require_no_enemy,
    require_reach,
    resource_costs,
    tile_free_of_enemies,
    within_reach,
)
from engine.unknown.actions.eat import EAT_FOOD_AP
from engine.unknown.actions.gather import GATHER_BONUS, nearby_spots
from engine.unknown.catalog import catalog
from engine.unknown.outcome import Outcome, event
from engine.unknown.position import Coord
from engine.unknown.rules import Rules
from engine.unknown.state import Goods, UnknownState, add
from engine.unknown.survivors.trait import Trait, trait
from engine.unknown.turn.round import UPKEEP

if TYPE_CHECKING:
    from engine.unknown.rules import Rules

EXTRA_AP = 1
"""Extra AP her Eat Food gives (``unknown.survivor.botanist.eat``)."""
MEDICINE = 1
"""Medicine her flip of a lair uses before the rule points (``unknown.survivor.botanist.clear-lair``)."""
FOOD_CAP = 3
"""Food on a replanted lair the upkeeps grow it to (``unknown.survivor.botanist.regrow``)."""
MARKER = "regrowth"
"""Token kind marking a lair she flipped whose food still grows (not gathered, no effect)."""
CARD = "botanist"


@dataclass(frozen=True)
class Replant(Action):
    """The Botanist's 1 AP and 1 medicine flip of a gatherable lair in range 1 and line of
    sight; 1 food from the general supply goes on it.

    Applies ``unknown.survivor.botanist.clear-lair``, ``unknown.survivor.botanist.not-gather``
    (none of the tile's own resources, and no Gather bonus), ``unknown.survivor.botanist.clear-cost-lairs``,
    ``unknown.lair.definition`` (a lair spawns enemies), the range/line-of-sight default
    ``unknown.action.defaults`` and ``unknown.action.enemy-occupied``.
    """

    name: ClassVar[str] = "replant"
    clause: ClassVar[str] = "unknown.survivor.botanist.clear-lair"
    USES: ClassVar[Goods] = (("medicine", MEDICINE),)
    who: str
    at: Coord

    def __str__(self) -> str:
        return f"{self.who} flips the lair at {list(self.at)} with medicine and plants food on it"

    @classmethod
    def candidates(cls, rules: Rules, state: UnknownState, who: str) -> list[Replant]:
        survivor = actor(state, who)
        if not survivor.has(CARD):
            return []
        return [
            cls(who, at)
            for at in nearby_spots(state, survivor.at)
            if within_reach(rules, state, survivor.at, at) and tile_free_of_enemies(state, at)
        ]

    def cost(self, rules: Rules, state: UnknownState) -> int:
        """Medicine used, after the rule points in play (the Doctor's discount)."""
        return resource_costs(rules, state, self)["medicine"]

    def check(self, rules: Rules, state: UnknownState) -> None:
        survivor = actor(state, self.who)
        if not survivor.has(CARD):
            raise IllegalDecision(self.clause, f"{self.who} does not have the Botanist's traits")
        placed = state.position.tile_at.get(self.at)
        if placed is None:
            raise IllegalDecision(self.clause, f"no tile is explored at {list(self.at)}")
        kind = catalog()[placed.tile]
        if not kind.spawns:
            raise IllegalDecision(
                self.clause, f"the {placed.tile} at {list(self.at)} spawns no enemy: it is no lair"
            )
        if kind.clear_cost:
            raise IllegalDecision(
                "unknown.survivor.botanist.clear-cost-lairs",
                f"the {placed.tile} has a clear cost, so it is not a gatherable lair",
            )
        if not kind.gather:
            raise IllegalDecision(
                self.clause, f"the {placed.tile} shows no resource icons: it is not gatherable"
            )
        if placed.cleared:
            raise IllegalDecision(
                "unknown.action.clear.loses-effects", f"the {placed.tile} is already cleared"
            )
        require_reach(rules, state, survivor.at, self.at)
        require_no_enemy(state, self.at)
        require_goods(survivor, "medicine", self.cost(rules, state), self.clause)

    def resolve(self, rules: Rules, state: UnknownState) -> Outcome:
        medicine = self.cost(rules, state)
        survivor = actor(state, self.who)
        paid = replace(survivor, goods=add(survivor.goods, "medicine", -medicine))
        position = state.position.with_survivor(paid)
        placed = position.tile_at[self.at]
        position = position.with_tile(replace(placed, cleared=True))
        position = position.with_tokens(self.at, "food", 1).with_tokens(self.at, MARKER, 1)
        flipped = event(
            "lair_replanted",
            self.clause,
            f"{self.who} spends {medicine} medicine to flip the {placed.tile} at "
            f"{list(self.at)} (not a gather: none of its resources) and puts 1 food from the "
            "supply on it",
            who=self.who,
            at=self.at,
            tile=placed.tile,
        )
        return state.with_position(position), (flipped,)


@trait
class Botanist(Trait):
    """Her Eat Food gives 1 more AP (``unknown.survivor.botanist.eat``); :class:`Replant`
    flips a gatherable lair; its food then grows at each upkeep.

    ``unknown.survivor.botanist.regrow``: each upkeep (while the Botanist's card is in play) adds
    1 supply food to every lair she flipped, up to 3 food on it; a Gather taking food from it
    ends its growth for good (its marker token is removed).
    """

    card = CARD

    @on(EAT_FOOD_AP)
    def eat_gain(self, rules: Rules, state: UnknownState, action: Any, gain: int) -> int:
        return gain + EXTRA_AP if self.takes(state, action) else gain

    @on(MORE_ACTIONS)
    def action_kinds(self, rules: Rules, state: UnknownState) -> tuple[type, ...]:
        return (Replant,)

    @on(UPKEEP)
    def on_upkeep(self, rules: Rules, state: UnknownState) -> Outcome:
        events = []
        position = state.position
        for at, kinds in sorted(position.tokens_at.items()):
            if not kinds.get(MARKER) or kinds.get("food", 0) >= FOOD_CAP:
                continue
            position = position.with_tokens(at, "food", 1)
            events.append(
                event(
                    "lair_grows",
                    "unknown.survivor.botanist.regrow",
                    f"1 food from the supply grows on the lair at {list(at)} "
                    f"({kinds.get('food', 0) + 1} there)",
                    at=at,
                )
            )
        return state.with_position(position), tuple(events)

    @on(GATHER_BONUS)
    def gather_bonus(
        self,
        rules: Rules,
        state: UnknownState,
        action: Any,
        flipped: tuple[Any, ...],
        from_tiles: int,
    ) -> Outcome:
        if getattr(action, "resource", None) != "food":
            return state, ()
        position = state.position
        events = []
        for at in getattr(action, "sources", ()):
            if position.tokens_at.get(at, {}).get(MARKER):
                position = position.with_tokens(at, MARKER, -position.tokens_at[at][MARKER])
                events.append(
                    event(
                        "lair_stops_growing",
                        "unknown.survivor.botanist.regrow",
                        f"food was gathered from the lair at {list(at)}: no more grows on it",
                        at=at,
                    )
                )
        return state.with_position(position), tuple(events)
