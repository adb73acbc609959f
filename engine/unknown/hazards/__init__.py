"""Hazards (rulebook: Hazards; Tiles: Impassable Tile, Fortified Tile).

What every hazard effect shares lives here; each hazard with an uncommon effect has its own
module (``blaze``, ``broken``, ``collapse``, ``flood``, ``muddy``, ``rockfall``). Blocked, Bridge
and Irradiated need no code: they are impassable tiles of the catalog, and Bridge and Irradiated
carry their clear cost there (``unknown.hazard.bridge.clear``, ``unknown.hazard.irradiated.clear``).

* A hazard effect reaches out from its tile step by step over explored tiles, and never onto or
  across a fortified tile (``unknown.tile.fortified.hazards``), an objective tile
  (``unknown.hazard.blocked-by-fortified-objective``) or an impassable one
  (``unknown.tile.impassable.hazards``). Knockback is not limited that way
  (``unknown.hazard.full-knockback``): it is measured and run as everywhere else.
* "Removed from the game" (Blaze, Collapse) takes the pieces and tokens off the map for good;
  objective tokens are spared and go to the nearest passable tile instead
  (``unknown.hazard.blaze.objective-tokens``, ``unknown.hazard.collapse.objective-tokens``).

What exploring a hazard tile does beyond the instant effects every tile shares is registered by
the hazard's own module with :func:`on_explore`, for one of the :data:`EXPLORE_STAGES`; explore
asks :func:`explore_effect` and knows no hazard by name.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from typing import TYPE_CHECKING, Any

from engine.core.errors import IllegalDecision
from engine.core.game import Event, PlayerNode
from engine.unknown.catalog import catalog
from engine.unknown.effects import effect
from engine.unknown.map import is_passable, range_between
from engine.unknown.outcome import Outcome, event
from engine.unknown.position import ORTHOGONAL, Coord, UnknownPosition
from engine.unknown.state import UnknownState

if TYPE_CHECKING:
    from engine.unknown.rules import Rules

# -- what exploring a hazard tile does --------------------------------------------------------

EXPLORE_STAGES = ("lay", "spot_fixed", "tokens", "uncommon", "knockback", "after_knockback")
"""The points of exploring at which a hazard may do something of its own, in the order they come.

* ``lay(rules, position, origin, at) -> (position, spot, events)``: where the tile goes once the
  players chose ``at`` for an explorer on ``origin`` (Collapse covers the explorer's tile,
  Rockfall trades places with it); without one the tile goes on ``at``.
* ``spot_fixed(rules, position, origin) -> bool``: whether the chosen spot makes no difference,
  so the players are not asked (Collapse over the explorer's tile).
* The rest take ``(rules, state, laid)``, ``laid`` being the
  :class:`~engine.unknown.instant_effects.Explored` effect of the tile, and return an outcome:
  ``tokens`` lays the tile's tokens in place of the common token spawn (Rockfall's barriers),
  ``uncommon`` is the tile's uncommon effect (``unknown.effect.instant.uncommon``: Broken,
  Flood), ``knockback`` replaces the tile's plain knockback (Blaze, Collapse) and
  ``after_knockback`` runs once every piece has fled (Collapse's crushing).
"""

EXPLORE_EFFECTS: dict[str, dict[str, Callable[..., Any]]] = {}
"""Tile name -> stage -> the function its hazard module registered (:func:`on_explore`)."""


def on_explore(tile: str, stage: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Decorator: the function is what exploring ``tile`` does at ``stage`` (:data:`EXPLORE_STAGES`)."""
    if stage not in EXPLORE_STAGES:
        raise ValueError(f"unknown explore stage {stage!r}; stages: {', '.join(EXPLORE_STAGES)}")

    def register(function: Callable[..., Any]) -> Callable[..., Any]:
        stages = EXPLORE_EFFECTS.setdefault(tile, {})
        if stage in stages:
            raise ValueError(f"{tile!r} has two {stage} effects on explore")
        stages[stage] = function
        return function

    return register


def explore_effect(tile: str, stage: str) -> Callable[..., Any] | None:
    """What the hazard module of ``tile`` registered for ``stage``; ``None`` if nothing."""
    _register_hazards()
    return EXPLORE_EFFECTS.get(tile, {}).get(stage)


@cache
def _register_hazards() -> None:
    """Import every hazard module once, so each registers its explore effects, and check them."""
    for module in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{module.name}")
    tiles = catalog()
    for tile in EXPLORE_EFFECTS:
        if tile not in tiles or tiles[tile].type != "hazard":
            raise ValueError(f"explore effects registered for {tile!r}, not a hazard tile")


NON_OBJECTIVE_TOKENS = frozenset(
    {"ammo", "food", "medicine", "scrap", "barrier", "armor", "trap", "blaze"}
)
"""The rulebook sorts its spare tokens into resource, barrier, armor, trap, blaze and objective
tokens (Game Parts); every other kind (mission, task and the missions' own tokens) is an
objective token."""


def is_objective_token(kind: str) -> bool:
    """Whether tokens of ``kind`` are objective tokens, which hazards never destroy."""
    return kind not in NON_OBJECTIVE_TOKENS


def open_to_hazards(position: UnknownPosition, at: Coord, through_blaze: bool = False) -> bool:
    """Whether a hazard effect may act on the tile at ``at`` and pass across it.

    Not on an unexplored spot, an objective tile, a fortified tile (``unknown.tile.fortified.hazards``,
    ``unknown.hazard.blocked-by-fortified-objective``) or an impassable one
    (``unknown.tile.impassable.hazards``: an impassable tile face up, a barrier or a blaze token).
    ``through_blaze`` lets a blaze spread over tiles that only its own fire makes impassable.
    """
    placed = position.tile_at.get(at)
    if placed is None:
        return False
    kind = catalog()[placed.tile]
    if kind.is_objective or (kind.blocks_hazards and not (kind.fortified and placed.cleared)):
        return False
    if kind.impassable and not placed.cleared:
        return False
    tokens = position.tokens_at.get(at, {})
    if tokens.get("barrier"):
        return False
    return through_blaze or not tokens.get("blaze")


def hazard_reach(
    position: UnknownPosition, source: Coord, distance: int, through_blaze: bool = False
) -> dict[Coord, int]:
    """The tiles a hazard effect from ``source`` reaches within ``distance``, with their distance.

    Steps go orthogonally over tiles open to hazards (:func:`open_to_hazards`), so the effect
    stops at fortified, objective and impassable tiles and does not reach what lies behind them
    unless another way round is short enough (``unknown.hazard.blocked-by-fortified-objective``).
    The source itself is not included.
    """
    found: dict[Coord, int] = {}
    frontier = [source]
    seen = {source}
    step = 0
    while frontier and step < distance:
        step += 1
        after = []
        for x, y in frontier:
            for dx, dy in ORTHOGONAL:
                spot = (x + dx, y + dy)
                if spot in seen or not open_to_hazards(position, spot, through_blaze):
                    continue
                seen.add(spot)
                found[spot] = step
                after.append(spot)
        frontier = after
    return found


def shielded(rules: Rules, position: UnknownPosition, at: Coord) -> bool:
    """Whether the tile at ``at`` is shielded from a hazard that would move or cover it.

    Collapse names objective tiles only; the general hazard rule also spares fortified and
    impassable tiles. Which of the two applies is the ``hazard-origin-shield`` switch
    (``all-shields``: both; ``objective-only``: the Collapse text alone).
    """
    placed = position.tile_at[at]
    if catalog()[placed.tile].is_objective:
        return True
    reading = rules.ruleset.hazard_origin_shield
    return reading == "all-shields" and not open_to_hazards(position, at)


# -- removal from the game -------------------------------------------------------------------


def remove_everything(
    rules: Rules,
    state: UnknownState,
    at: Coord,
    clause: str,
    why: str,
    keep: tuple[str, ...] = (),
) -> Outcome:
    """Take every survivor, enemy and token on ``at`` out of the game, objective tokens excepted.

    ``keep`` names token kinds that are not "on" the tile but mark it (a blaze token). Objective
    tokens are queued to move to the nearest passable tile (:class:`RelocateObjectives`). A
    survivor removed while on its turn ends that turn; one that has had its turn leaves the list
    of those who have.
    """
    position = state.position
    events: list[Event] = []
    gone = [s.id for s in position.survivors_at(at)]
    for who in gone:
        events.append(
            event(
                "removed_from_game",
                clause,
                f"{who} is still on {list(at)} ({why}): removed from the game",
                who=who,
                at=at,
            )
        )
    for enemy in position.enemies_at(at):
        position = position.without_enemy(enemy.id)
        events.append(
            event(
                "removed_from_game",
                clause,
                f"{enemy.id} is still on {list(at)} ({why}): removed from the game",
                who=enemy.id,
                at=at,
            )
        )
    survivors = tuple(s for s in position.survivors if s.id not in gone)
    position = position.with_pieces(survivors, position.enemies)
    objectives = False
    for kind, n in sorted(state.position.tokens_at.get(at, {}).items()):
        if kind in keep:
            continue
        if is_objective_token(kind):
            objectives = True
            continue
        position = position.with_tokens(at, kind, -n)
        events.append(
            event(
                "tokens_removed",
                clause,
                f"{n} {kind} token(s) on {list(at)} are removed from the game ({why})",
                at=at,
                kind=kind,
                count=n,
            )
        )
    turn = None if state.turn in gone else state.turn
    done = tuple(who for who in state.done if who not in gone)
    pending = (RelocateObjectives(at, objective_clause(clause)),) if objectives else ()
    state = replace(
        state, position=position, turn=turn, done=done, pending=(*pending, *state.pending)
    )
    return state, tuple(events)


def objective_clause(clause: str) -> str:
    """The objective-token clause of the hazard whose removal clause is ``clause``."""
    if clause.startswith("unknown.hazard.collapse."):
        return "unknown.hazard.collapse.objective-tokens"
    return "unknown.hazard.blaze.objective-tokens"


@dataclass(frozen=True)
class ObjectivesTo:
    """Decision: the objective tokens lying on a destroyed tile go to ``to``."""

    to: Coord

    def __str__(self) -> str:
        return f"move the objective tokens to {list(self.to)}"


def nearest_passable(rules: Rules, position: UnknownPosition, at: Coord) -> list[Coord]:
    """The passable tiles nearest to ``at`` (ties all listed), for tokens that must leave it.

    The ``objective-token-nearest`` switch says how "nearest" is measured: ``map-steps``
    counts orthogonal steps over explored tiles whatever they are, since the tokens
    are set down rather than walked; ``range`` uses the range, which never crosses an impassable
    tile (and so finds nothing inside a ring of blaze tokens).
    """
    reading = rules.ruleset.objective_token_nearest
    ranked: dict[int, list[Coord]] = {}
    if reading == "range":
        for placed in position.tiles:
            d = range_between(position, at, placed.at, rules.ruleset)
            if placed.at != at and d is not None and is_passable(position, placed.at):
                ranked.setdefault(d, []).append(placed.at)
    else:
        frontier, seen, step = [at], {at}, 0
        while frontier and not ranked:
            step += 1
            after = []
            for x, y in frontier:
                for dx, dy in ORTHOGONAL:
                    spot = (x + dx, y + dy)
                    if spot in seen or spot not in position.tile_at:
                        continue
                    seen.add(spot)
                    after.append(spot)
                    if is_passable(position, spot):
                        ranked.setdefault(step, []).append(spot)
            frontier = after
    return sorted(ranked[min(ranked)]) if ranked else []


@effect("relocate_objectives")
@dataclass(frozen=True)
class RelocateObjectives:
    """Objective tokens on a tile a hazard destroyed go to the nearest passable tile.

    Applies ``unknown.hazard.blaze.objective-tokens`` and ``unknown.hazard.collapse.objective-tokens``;
    the players choose among equally near tiles. With no passable tile anywhere they stay put.
    """

    at: Coord
    clause: str = "unknown.hazard.blaze.objective-tokens"

    def node(self, rules: Rules, state: UnknownState) -> PlayerNode:
        return PlayerNode(
            player="players",
            legal=tuple(
                ObjectivesTo(to) for to in nearest_passable(rules, state.position, self.at)
            ),
            prompt=f"choose the nearest passable tile for the objective tokens on {list(self.at)}",
            clause=self.clause,
        )

    def settle(self, rules: Rules, state: UnknownState) -> Outcome | None:
        spots = nearest_passable(rules, state.position, self.at)
        if len(spots) > 1:
            return None
        if not spots:
            stay = event(
                "objectives_stay",
                self.clause,
                f"no passable tile is left for the objective tokens on {list(self.at)}",
                at=self.at,
            )
            return replace(state, pending=state.pending[1:]), (stay,)
        return self._move(state, spots[0])

    def apply(self, rules: Rules, state: UnknownState, decision: object) -> Outcome:
        spots = nearest_passable(rules, state.position, self.at)
        if not isinstance(decision, ObjectivesTo) or decision.to not in spots:
            raise IllegalDecision(
                self.clause,
                f"{decision} is not one of the nearest passable tiles {[list(s) for s in spots]}",
            )
        return self._move(state, decision.to)

    def _move(self, state: UnknownState, to: Coord) -> Outcome:
        position = state.position
        events = []
        for kind, n in sorted(position.tokens_at.get(self.at, {}).items()):
            if not is_objective_token(kind):
                continue
            position = position.with_tokens(self.at, kind, -n).with_tokens(to, kind, n)
            events.append(
                event(
                    "objectives_moved",
                    self.clause,
                    f"{n} {kind} token(s) move from {list(self.at)} to {list(to)}",
                    kind=kind,
                    count=n,
                    to=to,
                    **{"from": self.at},
                )
            )
        return replace(state, position=position, pending=state.pending[1:]), tuple(events)
