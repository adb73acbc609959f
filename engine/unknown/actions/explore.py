"""Explore (rulebook: Actions, Explore; Tiles: Instant Effect, Knockback; Hazards).

Exploring is three steps, each a point where the state waits: the action (1 AP), the draw of the
top tile (known when the stack's order is known, otherwise a chance node weighted by what is
left), and the players' choice of where to place it among the adjacent spots that complete no
2×2 square (no choice for a Collapse that covers the explorer's tile). The laid tile's instant
effects then resolve in order (:class:`Explored`): spawns, tokens, uncommon hazard effects
(``engine.unknown.hazards``), knockback (:class:`Knockbacks`, which also runs overlapping
knockbacks), and what hazards do once the knockback is over.
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
from engine.unknown.map import (
    explore_placements,
    is_passable,
    knockback_destinations,
    range_between,
)
from engine.unknown.position import Ally, Coord, Enemy, PlacedTile, Survivor, UnknownPosition
from engine.unknown.ruleset import DEFAULT, Ruleset
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
            return self._revealed(replace(state, stack=state.stack.without_top()), tile, game)
        if len(state.stack.rest) == 1:
            tile = state.stack.rest[0][0]
            return self._revealed(replace(state, stack=state.stack.without(tile)), tile, game)
        return None

    def apply(self, game: UnknownGame, state: UnknownState, decision: object) -> Outcome:
        if not isinstance(decision, Drawn) or not any(
            t == decision.tile for t, _ in state.stack.rest
        ):
            raise IllegalDecision(
                "unknown.action.explore.adjacent", f"{decision} is not a tile left in the stack"
            )
        return self._revealed(
            replace(state, stack=state.stack.without(decision.tile)), decision.tile, game
        )

    def _revealed(self, state: UnknownState, tile: str, game: UnknownGame) -> Outcome:
        """The drawn tile waits for its spot, unless a modifier takes it instead
        (``Rules.on_reveal``: Activate's consoles, ``unknown.mission.activate.pickup``)."""
        shown = event(
            "tile_drawn", "unknown.action.explore.adjacent", f"{self.who} reveals {tile}", tile=tile
        )
        taken = game.rules.on_reveal(
            game, replace(state, pending=state.pending[1:]), self.who, tile
        )
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

    def node(self, game: UnknownGame, state: UnknownState) -> PlayerNode:
        return PlayerNode(
            player="players",
            legal=tuple(PlaceAt(at) for at in self.spots(state)),
            prompt=f"choose where {self.who} places the {self.tile} tile",
            clause="unknown.action.explore.adjacent",
        )

    def settle(self, game: UnknownGame, state: UnknownState) -> Outcome | None:
        spots = self.spots(state)
        if (
            spots
            and all(strands_someone(game, state, self.tile, at, self.who) for at in spots)
            and another_tile_fits(game, state, self.tile, self.who)
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
        if spots and self.covers_origin(game, state):
            state = replace(state, pending=state.pending[1:])
            return place(game, state, self.who, self.tile, spots[0])
        return None

    def covers_origin(self, game: UnknownGame, state: UnknownState) -> bool:
        """Collapse goes over the explorer's own tile, so the spot chosen makes no difference
        (``unknown.hazard.collapse.placement``) and nobody is asked."""
        from engine.unknown.hazards import shielded

        origin = actor(state, self.who).at
        return self.tile == "collapse" and not shielded(game, state.position, origin)

    def apply(self, game: UnknownGame, state: UnknownState, decision: object) -> Outcome:
        if not isinstance(decision, PlaceAt) or decision.at not in self.spots(state):
            raise IllegalDecision(
                "unknown.action.explore.no-2x2",
                f"{decision} is not an empty spot next to {self.who} that completes no 2x2 square",
            )
        state = replace(state, pending=state.pending[1:])
        return place(game, state, self.who, self.tile, decision.at)


def landing(
    game: UnknownGame, position: UnknownPosition, origin: Coord, tile: str, at: Coord
) -> tuple[UnknownPosition, Coord, tuple[Event, ...]]:
    """The map once ``tile``, drawn by a survivor on ``origin``, is laid for the spot ``at``.

    Returns the map, the spot the tile lies on and the events of laying it. Most tiles go on
    ``at`` (``unknown.action.explore.adjacent``); Collapse covers the explorer's tile
    (``unknown.hazard.collapse.placement``) and Rockfall trades places with it
    (``unknown.hazard.rockfall.swap``), as their uncommon effects say.
    """
    from engine.unknown.hazards import collapse, rockfall

    if tile == "collapse":
        return collapse.lay(game, position, origin, at)
    if tile == "rockfall":
        return rockfall.swap(game, position, origin, at)
    return position.with_tile(PlacedTile(at, tile)), at, ()


def place(game: UnknownGame, state: UnknownState, who: str, tile: str, at: Coord) -> Outcome:
    """Lay ``tile`` for the spot ``at`` and queue its instant effects (:class:`Explored`)."""
    origin = actor(state, who).at
    position, spot, laid = landing(game, state.position, origin, tile, at)
    placed = event(
        "tile_placed",
        "unknown.action.explore.adjacent",
        f"{tile} is placed at {list(spot)}",
        tile=tile,
        at=spot,
    )
    explored = Explored(who, tile, spot, origin)
    held = game.rules.hold_explored(game, replace(state, position=position), explored)
    if held is not None:  # ``Rules.hold_explored``: e.g. the Skeptic's delayed spawn
        return held[0], (placed, *laid, *held[1])
    pending = (explored, *state.pending)
    return replace(state, position=position, pending=pending), (placed, *laid)


MISSION_EFFECTS = ("console", "refugee", "water")
"""Objective tiles whose instant effects belong to their missions, not modelled here."""


def _spawns(tile: str, where: str) -> list[str]:
    """The enemies a tile's one-off spawn icons put ``here``, on ``nearest_hazard`` or ``every_hive``."""
    return [
        s.enemy
        for s in catalog()[tile].spawns
        if not s.repeating and not s.when and s.where == where
    ]


@effect("explored")
@dataclass(frozen=True)
class Explored:
    """A tile just laid, resolving its instant effects stage by stage (``unknown.effect.instant``).

    The stages follow the Instant Effect list: enemies spawning on the tile (white border,
    ``unknown.effect.instant.spawn-here``; a hive's monsters on every hive,
    ``unknown.mission.hive.spawn``), enemies spawning on the nearest hazard tiles (green border,
    ``unknown.effect.instant.spawn-hazard``, ``unknown.effect.instant.spawn-hazard-distinct``),
    tokens (``unknown.effect.instant.token-spawn``), uncommon effects
    (``unknown.effect.instant.uncommon``: Broken, Flood; Collapse and Rockfall were laid by
    :func:`landing`), then knockback, then what hazards do after it (Blaze's fire, Collapse's
    crushing) and any blaze the new tile brings within reach (``unknown.hazard.blaze.later``).

    Spawns go through :func:`engine.unknown.enemies.spawning.spawn`; a close combat a spawn
    starts is fought at once, before any knockback (reading ``spawn-combat-order``:
    ``combat-first``; ``knockback-first`` fights it after the knockbacks), and a stranger's shot
    waits until the knockbacks are over (``unknown.enemy.stranger.ranged-trigger``).
    """

    explorer: str
    tile: str
    at: Coord
    origin: Coord
    stage: str = "spawn-here"
    spawned: tuple[str, ...] = ()

    # -- the stage waiting on chance: equally near hazard tiles for green-bordered spawns --------
    def node(self, game: UnknownGame, state: UnknownState) -> ChanceNode:
        from engine.unknown.enemies.spawning import HazardSpots, nearest_hazards

        found = nearest_hazards(
            state, self.at, len(_spawns(self.tile, "nearest_hazard")), game.rules.ruleset
        )
        if isinstance(found, ChanceNode):
            return found
        return ChanceNode(
            ((HazardSpots(tuple(found)), Fraction(1)),),
            "the hazard tiles for the spawns are determined",
            "unknown.effect.instant.spawn-hazard",
        )

    def apply(self, game: UnknownGame, state: UnknownState, decision: object) -> Outcome:
        from engine.unknown.enemies.spawning import HazardSpots

        node = self.node(game, state)
        legal = [outcome for outcome, _ in node.outcomes]
        if self.stage != "spawn-hazard" or decision not in legal:
            raise IllegalDecision(
                "unknown.effect.instant.spawn-hazard",
                f"{decision} is not a set of nearest hazard tiles for the spawns from "
                f"{list(self.at)}",
            )
        assert isinstance(decision, HazardSpots)
        return self._spawn(game, state, "nearest_hazard", decision.spots)

    def settle(self, game: UnknownGame, state: UnknownState) -> Outcome | None:
        return getattr(self, "_" + self.stage.replace("-", "_"))(game, state)

    # -- stages ----------------------------------------------------------------------------------
    def _next(self, state: UnknownState, stage: str | None, **changes: object) -> UnknownState:
        ahead = (replace(self, stage=stage, **changes),) if stage else ()
        return replace(state, pending=(*ahead, *state.pending[1:]))

    def _spawn_here(self, game: UnknownGame, state: UnknownState) -> Outcome:
        kinds = _spawns(self.tile, "here")
        spots = [self.at] * len(kinds)
        for kind in _spawns(self.tile, "every_hive"):
            hives = [t.at for t in state.position.tiles if t.tile == "hive" and not t.cleared]
            kinds += [kind] * len(hives)
            spots += hives
        # spawns tied to the mission's progress (``when``) are the mission's: ``Rules.on_explored``
        return self._spawn(game, state, "here", tuple(spots), kinds)

    def _spawn_hazard(self, game: UnknownGame, state: UnknownState) -> Outcome | None:
        from engine.unknown.enemies.spawning import nearest_hazards

        kinds = _spawns(self.tile, "nearest_hazard")
        if not kinds:
            return self._next(state, "tokens"), ()
        found = nearest_hazards(state, self.at, len(kinds), game.rules.ruleset)
        if isinstance(found, ChanceNode):
            return None
        return self._spawn(game, state, "nearest_hazard", tuple(found))

    def _spawn(
        self,
        game: UnknownGame,
        state: UnknownState,
        where: str,
        spots: tuple[Coord, ...],
        kinds: list[str] | None = None,
    ) -> Outcome:
        """Spawn ``kinds`` on ``spots``; fights start at once, other arrival effects wait."""
        from engine.unknown.combat import CloseCombat
        from engine.unknown.enemies.spawning import spawn

        if kinds is None:
            kinds = _spawns(self.tile, where)
        rest = state.pending[1:]
        state = replace(state, pending=())
        events: list[Event] = []
        if where == "nearest_hazard" and kinds and not spots:
            events.append(
                event(
                    "spawn_skipped",
                    "unknown.effect.instant.spawn-hazard",
                    f"no hazard tile can be reached from {list(self.at)}: "
                    f"{', '.join(kinds)} do(es) not spawn",
                    lair=self.at,
                )
            )
            kinds = []
        spawned = list(self.spawned)
        for kind, spot in zip(kinds, spots, strict=False):
            cause = "unknown.effect.instant.spawn-hazard"
            if where == "here":
                cause = (
                    "unknown.effect.instant.spawn-here"
                    if spot == self.at
                    else "unknown.mission.hive.spawn"
                )
            before = {e.id for e in state.position.enemies}
            state, more = spawn(game, state, kind, spot, self.at, cause)
            events.extend(more)
            spawned += sorted({e.id for e in state.position.enemies} - before)
        combat_first = game.rules.ruleset.spawn_combat_order
        now = tuple(
            dict.fromkeys(
                p
                for p in state.pending
                if isinstance(p, CloseCombat) and combat_first == "combat-first"
            )
        )
        later = tuple(p for p in state.pending if p not in now)
        stage = "spawn-hazard" if where == "here" else "tokens"
        ahead = replace(self, stage=stage, spawned=tuple(spawned))
        return replace(state, pending=(*now, ahead, *later, *rest)), tuple(events)

    def _tokens(self, game: UnknownGame, state: UnknownState) -> Outcome:
        position = state.position
        events = []
        for token, amount in catalog()[self.tile].tokens:
            position = position.with_tokens(self.at, token, amount)
            events.append(
                event(
                    "token_spawned",
                    "unknown.hazard.rockfall.barriers"
                    if self.tile == "rockfall"
                    else "unknown.effect.instant.token-spawn",
                    f"{amount} {token} token(s) appear on {list(self.at)}",
                    at=self.at,
                    kind=token,
                    count=amount,
                )
            )
        return self._next(state.with_position(position), "uncommon"), tuple(events)

    def _uncommon(self, game: UnknownGame, state: UnknownState) -> Outcome:
        from engine.unknown.hazards.broken import fall_through
        from engine.unknown.hazards.flood import flood

        events: tuple[Event, ...] = ()
        if self.tile == "broken":
            state, events = fall_through(state, self.explorer, self.at)
        elif self.tile == "flood":
            state, events = flood(game, state, self.at)
        placed = state.position.tile_at.get(self.at)
        mission: tuple[Event, ...] = ()
        if placed is not None:  # the mission's effects of its tiles (``Rules.on_explored``)
            state, mission = game.rules.on_explored(game, state, self.explorer, placed)
            events += tuple(mission)
        if self.tile in MISSION_EFFECTS and not mission:
            events = (
                event(
                    "effect_not_modelled",
                    "unknown.effect.instant.uncommon",
                    f"{self.tile}: the mission's effect of exploring this tile is not modelled yet",
                    tile=self.tile,
                ),
            )
        return self._next(state, "knockback"), events

    def _knockback(self, game: UnknownGame, state: UnknownState) -> Outcome:
        from engine.unknown.hazards import blaze, collapse

        kind = catalog()[self.tile]
        state = self._next(state, "after")
        if self.tile == "blaze":
            return blaze.ignite(game, state, self.at, later=False)
        flight: tuple[Knockbacks, ...] = ()
        if self.tile == "collapse":
            distance = collapse.knockback_distance(game, state.position, self.at, self.origin)
            source = ("hazard", self.tile, self.at, distance)
            movers = collapse.movers(game, state.position, self.at, self.origin)
            flight = knockbacks(game, state, (source,), self.tile, movers)
        elif kind.knockback and kind.type == "hazard":
            source = ("hazard", self.tile, self.at, kind.knockback)
            flight = knockbacks(game, state, (source,), self.tile)
        elif kind.knockback:
            sources = tuple(
                ("enemy", e.id, e.at, kind.knockback)
                for e in state.position.enemies
                if e.id in self.spawned
            )
            flight = knockbacks(game, state, sources, self.tile)
        return replace(state, pending=(*flight, *state.pending)), ()

    def _after(self, game: UnknownGame, state: UnknownState) -> Outcome:
        from engine.unknown.hazards import blaze, collapse

        state = self._next(state, None)
        events: tuple[Event, ...] = ()
        if self.tile == "collapse":
            state, events = collapse.crush(game, state, self.at)
        later = blaze.rekindle(game, state)
        if later is not None:
            state, more = later
            events += more
        return state, events


# -- overlapping knockbacks ------------------------------------------------------------------------

Source = tuple[str, str, Coord, int]
"""A knockback's source: ``(kind, name, spot, distance)``; kind ``hazard`` (the tile ``name`` on
``spot``) or ``enemy`` (the enemy ``name``, which spawned on ``spot``)."""


@dataclass(frozen=True)
class FaceKnockback:
    """Decision: ``who`` undergoes the knockback from ``source`` now."""

    who: str
    source: str

    def __str__(self) -> str:
        return f"{self.who} takes the knockback of {self.source}"


@dataclass(frozen=True)
class IgnoreKnockback:
    """Decision: ``who``, already knocked back once, ignores the knockback from ``source``."""

    who: str
    source: str

    def __str__(self) -> str:
        return f"{self.who} ignores the knockback of {self.source}"


def source_spot(state: UnknownState, source: Source) -> Coord | None:
    """Where a knockback comes from now; ``None`` once its enemy is dead or stunned.

    Knockback on an enemy tile belongs to the spawned enemy (``unknown.knockback.enemy-spawn``),
    so a killed enemy's knockback never happens (the dual-spawn example) and a stunned one starts
    nothing (``unknown.enemy.stunned-no-combat``).
    """
    kind, name, spot, _ = source
    if kind != "enemy":
        return spot
    for enemy in state.position.enemies:
        if enemy.id == name:
            return None if enemy.stunned else enemy.at
    return None


def reach(
    game: UnknownGame, state: UnknownState, source: Source, piece: Survivor | Enemy
) -> int | None:
    """The range from a knockback's source to ``piece`` if the knockback moves it, else ``None``.

    Incapacitated survivors ignore knockback (``unknown.injury.incapacitated``); enemies are
    moved by hazard knockback only (``unknown.knockback.hazard-affects-enemies``,
    ``unknown.enemy.knockback-sources``); a survivor on the tile an enemy spawned on fights it
    instead (``unknown.knockback.spawn-on-survivor``); only pieces within the distance flee
    (``unknown.knockback.flee``).
    """
    spot = source_spot(state, source)
    if spot is None or (isinstance(piece, (Survivor, Ally)) and piece.incapacitated):
        return None
    like_survivor = isinstance(piece, (Survivor, Ally))  # allies too (unknown.ally.as-survivor)
    if source[0] == "enemy" and (not like_survivor or piece.at == spot):
        return None
    distance = range_between(state.position, spot, piece.at, game.rules.ruleset)
    return distance if distance is not None and distance <= source[3] else None


def knockbacks(
    game: UnknownGame,
    state: UnknownState,
    sources: tuple[Source, ...],
    cause: str,
    movers: tuple[str, ...] | None = None,
) -> tuple[Knockbacks, ...]:
    """The pending effect running ``sources``' knockbacks, or nothing when no piece is in reach.

    Pieces go one at a time, each through all its knockbacks. With one source (a hazard) the
    order is the ``knockback-mover-order`` reading (default farthest first); with several, pieces
    are ordered the same way by their nearest source. ``movers`` limits who may flee (Collapse).
    """
    pieces = [*state.position.survivors, *state.position.enemies, *state.position.allies]
    nearest: dict[str, int] = {}
    for piece in pieces:
        if movers is not None and piece.id not in movers:
            continue
        found = [r for s in sources if (r := reach(game, state, s, piece)) is not None]
        if found:
            nearest[piece.id] = min(found)
    if not nearest:
        return ()
    if game.rules.ruleset.knockback_mover_order == "nearest-first":
        order = sorted(nearest, key=lambda pid: (nearest[pid], pid))
    else:
        order = sorted(nearest, key=lambda pid: (-nearest[pid], pid))
    return (Knockbacks(tuple(sources), tuple(order), (), cause),)


def _piece(state: UnknownState, piece_id: str) -> Survivor | Enemy | Ally | None:
    for piece in (*state.position.survivors, *state.position.enemies, *state.position.allies):
        if piece.id == piece_id:
            return piece
    return None


@effect("knockbacks")
@dataclass(frozen=True)
class Knockbacks:
    """Knockbacks set off together, resolved piece by piece (rulebook: Knockback).

    For the piece at the head of ``queue`` the nearest knockback that still reaches it goes
    first (``unknown.knockback.order``); when several are equally near the players choose. A
    survivor that has been knocked back once may ignore each later one
    (``unknown.knockback.ignore-later``); a later knockback that would leave it where it stands
    is simply spent. Each flight is a :class:`~engine.unknown.knockback.Knockback` of the one
    piece (route choice, dead ends, stopping before an enemy, close combat), followed for a
    survivor by :class:`~engine.unknown.hazards.muddy.MudAfterFlight`. ``faced`` names the
    sources the head piece has taken or ignored, ``ignored`` those of them it ignored. Knockback
    costs no AP (``unknown.knockback.no-ap``).

    A survivor not yet knocked back may also ignore a knockback when a modifier in play says so
    through ``Rules.may_ignore_knockback`` (survivor traits such as
    ``unknown.survivor.skeptic.ignore-knockback`` and
    ``unknown.survivor.tracker.enemy-knockback``); the players then choose, as for later ones.
    """

    sources: tuple[Source, ...]
    queue: tuple[str, ...]
    faced: tuple[str, ...] = ()
    cause: str = "explore"
    ignored: tuple[str, ...] = ()

    def knocked(self) -> bool:
        """Whether the head piece has already taken a knockback (not merely ignored one)."""
        return any(name not in self.ignored for name in self.faced)

    def waiver(self, game: UnknownGame, state: UnknownState, source: Source) -> str | None:
        """The clause letting the head piece ignore ``source`` now; ``None`` if it must take it.

        A survivor knocked back once may ignore later ones (``unknown.knockback.ignore-later``);
        before that only a modifier's ``may_ignore_knockback`` lets it.
        """
        who = self.queue[0]
        if not isinstance(state.position.piece(who), Survivor):
            return None
        if self.knocked():
            return "unknown.knockback.ignore-later"
        return game.rules.may_ignore_knockback(state, who, source[0])

    def options(self, game: UnknownGame, state: UnknownState) -> list[Source]:
        """The nearest knockbacks not yet taken that reach the head piece (one per spot)."""
        piece = _piece(state, self.queue[0])
        if piece is None:
            return []
        found = []
        for source in self.sources:
            if source[1] in self.faced:
                continue
            r = reach(game, state, source, piece)
            if r is not None:
                found.append((r, source))
        if not found:
            return []
        least = min(r for r, _ in found)
        tied: dict[tuple[Coord | None, int], Source] = {}
        for r, source in found:
            if r == least:
                tied.setdefault((source_spot(state, source), source[3]), source)
        return list(tied.values())

    def _stays(self, game: UnknownGame, state: UnknownState, source: Source) -> bool:
        piece = state.position.piece(self.queue[0])
        spot = source_spot(state, source)
        assert spot is not None
        ends = knockback_destinations(state.position, spot, source[3], piece.id, game.rules.ruleset)
        return ends == frozenset({piece.at})

    def node(self, game: UnknownGame, state: UnknownState) -> PlayerNode:
        who = self.queue[0]
        options = self.options(game, state)
        legal: list[object] = [FaceKnockback(who, s[1]) for s in options]
        waivers = [(s, c) for s in options if (c := self.waiver(game, state, s))]
        if waivers:
            legal += [IgnoreKnockback(who, s[1]) for s, _ in waivers]
            prompt = f"{who} may take or ignore the next knockback"
            clause = waivers[0][1]
        else:
            prompt = f"knockbacks equally near {who}: choose which comes first"
            clause = "unknown.knockback.order"
        return PlayerNode(player="players", legal=tuple(legal), prompt=prompt, clause=clause)

    def settle(self, game: UnknownGame, state: UnknownState) -> Outcome | None:
        me = self
        while me.queue:
            options = me.options(game, state)
            if not options:
                me = replace(me, queue=me.queue[1:], faced=(), ignored=())
                continue
            survivor = isinstance(state.position.piece(me.queue[0]), Survivor)
            stays = all(me._stays(game, state, s) for s in options)
            if me.knocked():
                spent = [s for s in options if me._stays(game, state, s)]
                if spent:
                    me = replace(me, faced=me.faced + tuple(s[1] for s in spent))
                    continue
                if survivor:
                    return me._waiting(state)
            elif not stays and (
                len(options) > 1 or any(me.waiver(game, state, s) for s in options)
            ):
                return me._waiting(state)
            return me._face(game, state, options[0])
        return replace(state, pending=state.pending[1:]), ()

    def _waiting(self, state: UnknownState) -> Outcome | None:
        if state.pending[0] == self:
            return None
        return replace(state, pending=(self, *state.pending[1:])), ()

    def apply(self, game: UnknownGame, state: UnknownState, decision: object) -> Outcome:
        who = self.queue[0]
        options = {s[1]: s for s in self.options(game, state)}
        waiver = (
            self.waiver(game, state, options[decision.source])
            if isinstance(decision, IgnoreKnockback) and decision.source in options
            else None
        )
        if (
            isinstance(decision, FaceKnockback)
            and decision.who == who
            and decision.source in options
        ):
            return self._face(game, state, options[decision.source])
        if (
            isinstance(decision, IgnoreKnockback)
            and decision.who == who
            and decision.source in options
            and waiver
        ):
            ignored = event(
                "knockback_ignored",
                waiver,
                f"{who} ignores the knockback of {decision.source}",
                who=who,
                source=decision.source,
            )
            ahead = replace(
                self,
                faced=(*self.faced, decision.source),
                ignored=(*self.ignored, decision.source),
            )
            return replace(state, pending=(ahead, *state.pending[1:])), (ignored,)
        clause = "unknown.knockback.ignore-later" if self.knocked() else "unknown.knockback.order"
        raise IllegalDecision(
            clause,
            f"{decision} is not open to {who} now: the nearest knockbacks reaching it are "
            f"{', '.join(sorted(options)) or 'none'}"
            + ("" if waiver else " (this one cannot be ignored)"),
        )

    def _face(self, game: UnknownGame, state: UnknownState, source: Source) -> Outcome:
        from engine.unknown.hazards.muddy import MudAfterFlight

        who = self.queue[0]
        piece = state.position.piece(who)
        spot = source_spot(state, source)
        assert spot is not None
        kind, name, _, distance = source
        if self.faced:
            clause = "unknown.knockback.order"
        elif kind == "enemy":
            clause = "unknown.knockback.enemy-spawn"
        elif isinstance(piece, Enemy):
            clause = "unknown.knockback.hazard-affects-enemies"
        else:
            clause = "unknown.knockback.flee"
        flees = event(
            "knockback",
            clause,
            f"{who} flees the knockback of {name} ({distance} from {list(spot)})",
            who=who,
            source=name,
            at=spot,
            distance=distance,
        )
        flight = Knockback(spot, distance, (who,), cause=name)
        mud = (MudAfterFlight(who, piece.at, spot),) if isinstance(piece, Survivor) else ()
        ahead = replace(self, faced=(*self.faced, name))
        return replace(state, pending=(flight, *mud, ahead, *state.pending[1:])), (flees,)


# -- the redraw rule -------------------------------------------------------------------------------


def strands_someone(
    game: UnknownGame, state: UnknownState, tile: str, at: Coord, who: str | None = None
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
        position = landing(game, state.position, actor(state, who).at, tile, at)[0]
    ruleset = game.ruleset
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


def another_tile_fits(game: UnknownGame, state: UnknownState, tile: str, who: str) -> bool:
    """Whether some other tile left in the stack has a spot that strands nobody.

    Without one, shuffling back and drawing again could never end, so the drawn tile is placed.
    """
    spots = explore_placements(state.position, actor(state, who).at)
    names = state.stack.names()
    return any(
        not all(strands_someone(game, state, name, at, who) for at in spots)
        for name in names - {tile}
    )
