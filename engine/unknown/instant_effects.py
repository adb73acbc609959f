"""The instant effects of a laid tile (rulebook: Tiles, Instant Effect; Knockback; Hazards).

Once explore has laid a tile, :class:`Explored` resolves what the tile does at once, in the order
of the Instant Effect list: spawns, tokens, uncommon effects, knockback. What a hazard does beyond
that list its own module registers (``engine.unknown.hazards.on_explore``); the knockbacks are
run by :class:`~engine.unknown.knockback_order.Knockbacks`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING

from engine.core.errors import IllegalDecision
from engine.core.game import ChanceNode, Event
from engine.unknown.catalog import catalog
from engine.unknown.effects import effect
from engine.unknown.hazards import explore_effect
from engine.unknown.knockback_order import Knockbacks, knockbacks
from engine.unknown.map.explore import TILE_EXPLORED
from engine.unknown.outcome import Outcome, event
from engine.unknown.position import Coord
from engine.unknown.state import UnknownState

if TYPE_CHECKING:
    from engine.unknown.rules import Rules


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
    (``unknown.effect.instant.uncommon``), then knockback, then what hazards do after it and any
    blaze the new tile brings within reach (``unknown.hazard.blaze.later``). A hazard tile's own
    tokens, uncommon effect, knockback and aftermath are those its module registered
    (``engine.unknown.hazards.on_explore``: Rockfall's barriers, Broken, Flood, Blaze's fire,
    Collapse's knockback and crushing); Collapse and Rockfall were already laid where their
    effects say (:func:`engine.unknown.actions.explore.landing`).

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
    def node(self, rules: Rules, state: UnknownState) -> ChanceNode:
        from engine.unknown.enemies.spawning import HazardSpots, nearest_hazards

        found = nearest_hazards(
            state, self.at, len(_spawns(self.tile, "nearest_hazard")), rules.ruleset
        )
        if isinstance(found, ChanceNode):
            return found
        return ChanceNode(
            ((HazardSpots(tuple(found)), Fraction(1)),),
            "the hazard tiles for the spawns are determined",
            "unknown.effect.instant.spawn-hazard",
        )

    def apply(self, rules: Rules, state: UnknownState, decision: object) -> Outcome:
        from engine.unknown.enemies.spawning import HazardSpots

        node = self.node(rules, state)
        legal = [outcome for outcome, _ in node.outcomes]
        if self.stage != "spawn-hazard" or decision not in legal:
            raise IllegalDecision(
                "unknown.effect.instant.spawn-hazard",
                f"{decision} is not a set of nearest hazard tiles for the spawns from "
                f"{list(self.at)}",
            )
        assert isinstance(decision, HazardSpots)
        return self._spawn(rules, state, "nearest_hazard", decision.spots)

    def settle(self, rules: Rules, state: UnknownState) -> Outcome | None:
        return getattr(self, "_" + self.stage.replace("-", "_"))(rules, state)

    # -- stages ----------------------------------------------------------------------------------
    def _next(self, state: UnknownState, stage: str | None, **changes: object) -> UnknownState:
        ahead = (replace(self, stage=stage, **changes),) if stage else ()
        return replace(state, pending=(*ahead, *state.pending[1:]))

    def _spawn_here(self, rules: Rules, state: UnknownState) -> Outcome:
        kinds = _spawns(self.tile, "here")
        spots = [self.at] * len(kinds)
        for kind in _spawns(self.tile, "every_hive"):
            hives = [t.at for t in state.position.tiles if t.tile == "hive" and not t.cleared]
            kinds += [kind] * len(hives)
            spots += hives
        # spawns tied to the mission's progress (``when``) are the mission's: ``Rules.on_explored``
        return self._spawn(rules, state, "here", tuple(spots), kinds)

    def _spawn_hazard(self, rules: Rules, state: UnknownState) -> Outcome | None:
        from engine.unknown.enemies.spawning import nearest_hazards

        kinds = _spawns(self.tile, "nearest_hazard")
        if not kinds:
            return self._next(state, "tokens"), ()
        found = nearest_hazards(state, self.at, len(kinds), rules.ruleset)
        if isinstance(found, ChanceNode):
            return None
        return self._spawn(rules, state, "nearest_hazard", tuple(found))

    def _spawn(
        self,
        rules: Rules,
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
            state, more = spawn(rules, state, kind, spot, self.at, cause)
            events.extend(more)
            spawned += sorted({e.id for e in state.position.enemies} - before)
        combat_first = rules.ruleset.spawn_combat_order
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

    def _tokens(self, rules: Rules, state: UnknownState) -> Outcome:
        own = explore_effect(self.tile, "tokens")
        if own is not None:
            state, events = own(rules, state, self)
            return self._next(state, "uncommon"), events
        state, events = spawn_tokens(
            state, self.at, self.tile, "unknown.effect.instant.token-spawn"
        )
        return self._next(state, "uncommon"), events

    def _uncommon(self, rules: Rules, state: UnknownState) -> Outcome:
        events: tuple[Event, ...] = ()
        uncommon = explore_effect(self.tile, "uncommon")
        if uncommon is not None:
            state, events = uncommon(rules, state, self)
        placed = state.position.tile_at.get(self.at)
        mission: tuple[Event, ...] = ()
        if placed is not None:  # the mission's effects of its tiles (``TILE_EXPLORED``)
            state, mission = rules.ask(TILE_EXPLORED, state, self.explorer, placed)
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

    def _knockback(self, rules: Rules, state: UnknownState) -> Outcome:
        kind = catalog()[self.tile]
        state = self._next(state, "after")
        own = explore_effect(self.tile, "knockback")
        if own is not None:
            return own(rules, state, self)
        flight: tuple[Knockbacks, ...] = ()
        if kind.knockback and kind.type == "hazard":
            source = ("hazard", self.tile, self.at, kind.knockback)
            flight = knockbacks(rules, state, (source,), self.tile)
        elif kind.knockback:
            sources = tuple(
                ("enemy", e.id, e.at, kind.knockback)
                for e in state.position.enemies
                if e.id in self.spawned
            )
            flight = knockbacks(rules, state, sources, self.tile)
        return replace(state, pending=(*flight, *state.pending)), ()

    def _after(self, rules: Rules, state: UnknownState) -> Outcome:
        from engine.unknown.hazards import blaze

        state = self._next(state, None)
        events: tuple[Event, ...] = ()
        aftermath = explore_effect(self.tile, "after_knockback")
        if aftermath is not None:
            state, events = aftermath(rules, state, self)
        later = blaze.rekindle(rules, state)
        if later is not None:
            state, more = later
            events += more
        return state, events


def spawn_tokens(state: UnknownState, at: Coord, tile: str, clause: str) -> Outcome:
    """Put the tokens the catalog gives ``tile`` on ``at`` (``unknown.effect.instant.token-spawn``),
    each event naming ``clause``."""
    position = state.position
    events = []
    for token, amount in catalog()[tile].tokens:
        position = position.with_tokens(at, token, amount)
        events.append(
            event(
                "token_spawned",
                clause,
                f"{amount} {token} token(s) appear on {list(at)}",
                at=at,
                kind=token,
                count=amount,
            )
        )
    return state.with_position(position), tuple(events)
