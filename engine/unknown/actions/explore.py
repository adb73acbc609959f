"""Explore (rulebook: Actions, Explore; Tiles: Instant Effect, Knockback).

Exploring is three steps, each a point where the state waits: the action (1 AP), the draw of the
top tile (known when the stack's order is known, otherwise a chance node weighted by what is
left), and the players' choice of where to place it among the adjacent spots that complete no
2×2 square. The placed tile's instant effects then resolve: its tokens, the enemies it spawns on
itself, and knockback from the tile (hazards) or from each spawned enemy.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from engine.core.errors import IllegalDecision
from engine.core.game import ChanceNode, Event, PlayerNode
from engine.unknown.actions.base import Action, Outcome, actor, event
from engine.unknown.catalog import catalog
from engine.unknown.effects import effect
from engine.unknown.knockback import Knockback
from engine.unknown.map import explore_placements, is_passable, range_between
from engine.unknown.position import Coord, Enemy, PlacedTile, UnknownPosition
from engine.unknown.state import UnknownState

if TYPE_CHECKING:
    from engine.unknown.game import UnknownGame


@dataclass(frozen=True)
class Explore(Action):
    """Reveal the top tile of the stack and place it next to the survivor."""

    name: ClassVar[str] = "explore"
    clause: ClassVar[str] = "unknown.action.explore.adjacent"
    who: str

    def __str__(self) -> str:
        return f"explore with {self.who}"

    @classmethod
    def candidates(cls, game: UnknownGame, state: UnknownState, who: str):
        return [cls(who)]

    def check(self, game: UnknownGame, state: UnknownState) -> None:
        if not state.stack.size:
            raise IllegalDecision("unknown.action.explore.adjacent", "the tile stack is empty")
        at = actor(state, self.who).at
        if not explore_placements(state.position, at):
            raise IllegalDecision(
                "unknown.action.explore.needs-placement",
                f"no spot next to {list(at)} can take a tile without completing a 2x2 square",
            )

    def resolve(self, game: UnknownGame, state: UnknownState) -> Outcome:
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

    def node(self, game: UnknownGame, state: UnknownState) -> ChanceNode:
        size = sum(n for _, n in state.stack.rest)
        return ChanceNode(
            tuple((Drawn(tile), Fraction(n, size)) for tile, n in state.stack.rest),
            "the top tile of the shuffled stack is revealed",
            "unknown.action.explore.adjacent",
        )

    def settle(self, game: UnknownGame, state: UnknownState) -> Outcome | None:
        if state.stack.top:
            tile = state.stack.top[0]
            return self._revealed(replace(state, stack=state.stack.without_top()), tile)
        if len(state.stack.rest) == 1:
            tile = state.stack.rest[0][0]
            return self._revealed(replace(state, stack=state.stack.without(tile)), tile)
        return None

    def apply(self, game: UnknownGame, state: UnknownState, decision: object) -> Outcome:
        if not isinstance(decision, Drawn) or not any(
            t == decision.tile for t, _ in state.stack.rest
        ):
            raise IllegalDecision(
                "unknown.action.explore.adjacent", f"{decision} is not a tile left in the stack"
            )
        return self._revealed(
            replace(state, stack=state.stack.without(decision.tile)), decision.tile
        )

    def _revealed(self, state: UnknownState, tile: str) -> Outcome:
        shown = event(
            "tile_drawn", "unknown.action.explore.adjacent", f"{self.who} reveals {tile}", tile=tile
        )
        return replace(state, pending=(PlaceTile(self.who, tile), *state.pending[1:])), (shown,)


@effect("place_tile")
@dataclass(frozen=True)
class PlaceTile:
    """The revealed ``tile`` waits for the players to pick its spot."""

    who: str
    tile: str

    def spots(self, state: UnknownState) -> list[Coord]:
        return explore_placements(state.position, actor(state, self.who).at)

    def node(self, game: UnknownGame, state: UnknownState) -> PlayerNode:
        return PlayerNode(
            player="players",
            legal=tuple(PlaceAt(at) for at in self.spots(state)),
            prompt=f"choose where {self.who} places the {self.tile} tile",
            clause="unknown.action.explore.adjacent",
        )

    def settle(self, game: UnknownGame, state: UnknownState) -> Outcome | None:
        spots = self.spots(state)
        if spots and all(strands_someone(game, state, self.tile, at) for at in spots):
            back = replace(state, stack=state.stack.shuffled_with(self.tile))
            redraw = event(
                "tile_reshuffled",
                "unknown.action.explore.redraw",
                f"every spot for {self.tile} would strand a survivor: it is shuffled back and "
                "another tile is drawn",
                tile=self.tile,
            )
            return replace(back, pending=(DrawTile(self.who), *state.pending[1:])), (redraw,)
        return None

    def apply(self, game: UnknownGame, state: UnknownState, decision: object) -> Outcome:
        if not isinstance(decision, PlaceAt) or decision.at not in self.spots(state):
            raise IllegalDecision(
                "unknown.action.explore.no-2x2",
                f"{decision} is not an empty spot next to {self.who} that completes no 2x2 square",
            )
        state = replace(state, pending=state.pending[1:])
        return place(game, state, self.who, self.tile, decision.at)


def place(game: UnknownGame, state: UnknownState, who: str, tile: str, at: Coord) -> Outcome:
    """Put ``tile`` on the map at ``at`` and queue its instant effects (``unknown.effect.instant.*``)."""
    kind = catalog()[tile]
    position = state.position.with_tile(PlacedTile(at, tile))
    events: list[Event] = [
        event(
            "tile_placed",
            "unknown.action.explore.adjacent",
            f"{tile} is placed at {list(at)}",
            tile=tile,
            at=at,
        )
    ]
    for token, amount in kind.tokens:
        position = position.with_tokens(at, token, amount)
        events.append(
            event(
                "token_spawned",
                "unknown.effect.instant.token-spawn",
                f"{amount} {token} token(s) appear on {list(at)}",
                at=at,
                kind=token,
            )
        )
    spawned: list[Enemy] = []
    for spawn in kind.spawns:
        if spawn.repeating or spawn.when or spawn.where != "here":
            continue
        enemy = Enemy(_new_enemy_id(position, spawn.enemy), spawn.enemy, at)
        position = position.with_enemy(enemy)
        spawned.append(enemy)
        events.append(
            event(
                "enemy_spawned",
                "unknown.effect.instant.spawn-here",
                f"a {spawn.enemy} ({enemy.id}) spawns on {list(at)}",
                enemy=enemy.id,
                at=at,
            )
        )
    pending = _knockbacks(game, state, position, kind.type, kind.knockback, at, spawned, who)
    if any(s.where != "here" or s.when for s in kind.spawns if not s.repeating) or _uncommon(tile):
        events.append(
            event(
                "effect_not_modelled",
                "unknown.effect.instant.uncommon",
                f"{tile}: spawns elsewhere and uncommon effects are not modelled yet",
                tile=tile,
            )
        )
    state = replace(state, position=position, pending=(*pending, *state.pending))
    return state, tuple(events)


UNCOMMON = ("blaze", "broken", "collapse", "flood", "rockfall", "hive", "console", "refugee")


def _uncommon(tile: str) -> bool:
    return tile in UNCOMMON


def _new_enemy_id(position: UnknownPosition, kind: str) -> str:
    taken = {e.id for e in position.enemies}
    n = 1
    while f"{kind}{n}" in taken:
        n += 1
    return f"{kind}{n}"


def _knockbacks(
    game: UnknownGame,
    state: UnknownState,
    position: UnknownPosition,
    tile_type: str,
    distance: int | None,
    at: Coord,
    spawned: list[Enemy],
    who: str,
) -> list[Knockback]:
    """Knockback from a hazard tile (survivors and enemies) or from each spawned enemy (survivors).

    Applies ``unknown.knockback.enemy-spawn`` and ``unknown.knockback.hazard-affects-enemies``;
    incapacitated survivors ignore knockback (``unknown.injury.incapacitated``). Pieces flee
    farthest first (interpretation ``knockback-mover-order``).
    """
    if not distance:
        return []
    sources = [at] if tile_type == "hazard" else [e.at for e in spawned]
    queue = []
    for source in sources:
        movers = [s for s in position.survivors if not s.incapacitated]
        if tile_type == "hazard":
            movers += [e for e in position.enemies if e.at != source or not spawned]
        reach = {}
        for piece in movers:
            if tile_type != "hazard" and piece.at == source:
                continue  # spawning on a survivor's tile means close combat, not knockback
            r = range_between(position, source, piece.at, game.rules.ruleset)
            if r is not None and r <= distance:
                reach[piece.id] = r
        order = sorted(reach, key=lambda pid: (-reach[pid], pid))
        if game.rules.ruleset.knockback_mover_order == "nearest-first":
            order = sorted(reach, key=lambda pid: (reach[pid], pid))
        if order:
            queue.append(Knockback(source, distance, tuple(order), cause="explore"))
    home = actor(state, who).at
    queue.sort(key=lambda k: range_between(position, home, k.source) or 0)
    return queue


def strands_someone(game: UnknownGame, state: UnknownState, tile: str, at: Coord) -> bool:
    """Would placing ``tile`` at ``at`` leave some survivor unable both to explore and to get home?

    Applies ``unknown.action.explore.redraw``: a survivor can get home if the base is within
    range of it, and can explore if some tile it can reach has a free placement.
    """
    position = state.position.with_tile(PlacedTile(at, tile))
    bases = [t.at for t in position.tiles if t.tile == "base"]
    for survivor in position.survivors:
        if any(range_between(position, survivor.at, b) is not None for b in bases):
            continue
        reachable = [
            t.at
            for t in position.tiles
            if range_between(position, survivor.at, t.at) is not None
            and (t.at == survivor.at or is_passable(position, t.at))
        ]
        if not any(explore_placements(position, spot) for spot in reachable):
            return True
    return False
