"""The Stragglers mission (rulebook: Missions, Stragglers; Allies).

Refugees are :class:`~engine.unknown.position.Ally` pieces of kind ``refugee``; their moves
live in :mod:`engine.unknown.allies`, their damage and healing in :mod:`engine.unknown.health`. This module spawns them, retargets the
enemies and checks the win.
"""

from __future__ import annotations

from typing import Any

from engine.core.rule_points import on, rule_source
from engine.unknown.allies import new_ally_id
from engine.unknown.catalog import enemy_kinds
from engine.unknown.combat import base_spot
from engine.unknown.enemies.movement import ENEMY_SPEED, ENEMY_TARGETS
from engine.unknown.map.explore import TILE_EXPLORED
from engine.unknown.missions import MISSIONS
from engine.unknown.outcome import Outcome, event
from engine.unknown.position import Ally, Coord
from engine.unknown.rules import Rules
from engine.unknown.state import UnknownState

REFUGEE = "refugee"
"""The ally kind (and the mission tile) of this mission."""

REFUGEES_NEEDED = 6
"""Refugees in base that win (``unknown.mission.stragglers.goal``; the short version is the
same, ``unknown.mission.stragglers.short``)."""

BONUS_MOVEMENT = 1
"""Extra tiles an enemy moves toward a refugee (``unknown.mission.stragglers.targeting``)."""


def hunted_refugees(state: UnknownState) -> tuple[Coord, ...]:
    """Tiles of the refugees enemies hunt: uninjured ones outside base.

    Applies ``unknown.mission.stragglers.targeting`` and ``unknown.mission.stragglers.base-safe``
    (those in base, even just arrived, are never targeted).
    """
    base = base_spot(state.position)
    return tuple(
        sorted(
            {
                a.at
                for a in state.position.allies
                if a.kind == REFUGEE and not a.incapacitated and a.at != base
            }
        )
    )


@rule_source("stragglers")
class Stragglers:
    """Refugee tiles spawn refugees; survivor-hunting enemies go after refugees instead."""

    @on(TILE_EXPLORED)
    def on_explored(self, rules: Rules, state: UnknownState, who: str, placed: Any) -> Outcome:
        """An explored refugee tile spawns a refugee ally on it
        (``unknown.mission.stragglers.ally-spawn``)."""
        if placed is None or placed.tile != REFUGEE:
            return state, ()
        refugee = Ally(new_ally_id(state.position, REFUGEE), REFUGEE, placed.at)
        spawned = event(
            "ally_spawned",
            "unknown.mission.stragglers.ally-spawn",
            f"a refugee ({refugee.id}) appears on {list(placed.at)}",
            ally=refugee.id,
            at=placed.at,
        )
        return state.with_position(state.position.with_ally(refugee)), (spawned,)

    @on(ENEMY_TARGETS)
    def enemy_targets(
        self, rules: Rules, state: UnknownState, enemy: Any, spots: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        """An enemy that targets survivors targets the hunted refugees instead, however near a
        survivor is (``unknown.mission.stragglers.targeting``,
        ``unknown.mission.stragglers.priority``); with none, survivors as usual."""
        if enemy_kinds()[enemy.kind].target != "survivor":
            return spots
        return hunted_refugees(state) or spots

    @on(ENEMY_SPEED)
    def enemy_speed(
        self, rules: Rules, state: UnknownState, enemy: Any, target: Any, speed: int
    ) -> int:
        """1 more tile toward a hunted refugee (``unknown.mission.stragglers.targeting``)."""
        hunter = enemy_kinds()[enemy.kind].target == "survivor"
        if hunter and target is not None and tuple(target) in hunted_refugees(state):
            return speed + BONUS_MOVEMENT
        return speed


def stragglers_complete(state: UnknownState) -> str | None:
    """Why Stragglers is complete: 6 refugees stand in base (``unknown.mission.stragglers.goal``)."""
    base = base_spot(state.position)
    home = [a for a in state.position.allies if a.kind == REFUGEE and a.at == base]
    if base is not None and len(home) >= REFUGEES_NEEDED:
        return f"{len(home)} refugees are in base"
    return None


MISSIONS["stragglers"] = stragglers_complete
