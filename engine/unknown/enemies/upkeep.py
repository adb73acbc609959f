"""Enemy upkeep (rulebook: Turn Order; Lair; Continuing Effect; Enemies; Create Trap).

In enemy upkeep lairs with a repeating spawn put out their enemy when no enemy of any kind
stands on the lair (``unknown.effect.continuing.repeating-spawn``, ``unknown.turn.enemy-upkeep``);
a cleared lair has lost the effect (``unknown.action.clear.loses-effects``). The new enemies are
spawned by :func:`~engine.unknown.enemies.spawning.spawn`, which marks them so they neither move
this round nor cause knockback (``unknown.turn.enemy-upkeep.no-move``) and springs traps
(``unknown.trap.trigger``). Devourers heal (``unknown.enemy.devourer.heal``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from engine.core.game import Event
from engine.unknown.catalog import Spawn, catalog, enemy_kinds
from engine.unknown.enemies.spawning import HazardSpawn, spawn
from engine.unknown.outcome import Outcome, event
from engine.unknown.position import Coord
from engine.unknown.state import UnknownState

if TYPE_CHECKING:
    from engine.unknown.rules import Rules


def repeating_lairs(state: UnknownState) -> list[tuple[Coord, tuple[Spawn, ...]]]:
    """Face-up tiles with repeating spawns, and those spawns, in map order."""
    tiles = catalog()
    found = []
    for placed in state.position.tiles:
        spawns = tuple(s for s in tiles[placed.tile].spawns if s.repeating)
        if spawns and not placed.cleared:
            found.append((placed.at, spawns))
    return found


def lair_spawns(rules: Rules, state: UnknownState) -> Outcome:
    """Every uncleared lair with no enemy on it spawns its repeating enemies.

    Which lairs spawn is decided on the map as the phase begins: an enemy spawned by one lair
    does not stop another (each lair checks its own tile). Spawns on the lair itself go through
    :func:`spawn` at once; green-bordered repeating spawns (none in the catalog yet) queue a
    :class:`HazardSpawn`.
    """
    events: list[Event] = []
    lairs = repeating_lairs(state)
    quiet = [(at, spawns) for at, spawns in lairs if not state.position.enemies_at(at)]
    for at, _ in lairs:
        if state.position.enemies_at(at):
            names = ", ".join(e.id for e in state.position.enemies_at(at))
            events.append(
                event(
                    "no_spawn",
                    "unknown.effect.continuing.repeating-spawn",
                    f"the lair on {list(at)} spawns nothing: {names} stands on it",
                    lair=at,
                )
            )
    queued: list[object] = []
    for at, spawns in quiet:
        for icon in spawns:
            if icon.where == "here":
                state, more = spawn(
                    rules, state, icon.enemy, at, at, "unknown.effect.continuing.repeating-spawn"
                )
                events.extend(more)
            else:
                queued.append(HazardSpawn((icon.enemy,), at))
    if queued:
        state = replace(state, pending=(*state.pending, *queued))
    return state, tuple(events)


def enemies_heal(state: UnknownState) -> Outcome:
    """Each injured enemy that heals in upkeep, the Devourer, heals 1 damage
    (``unknown.enemy.devourer.heal``).

    With 2 health a living devourer has at most 1 damage, so healing 1 heals it fully.
    """
    events: list[Event] = []
    position = state.position
    kinds = enemy_kinds()
    for enemy in position.enemies:
        if kinds[enemy.kind].heals_in_upkeep and enemy.damage:
            position = position.with_enemy(replace(enemy, damage=enemy.damage - 1))
            events.append(
                event(
                    "enemy_healed",
                    "unknown.enemy.devourer.heal",
                    f"{enemy.id} heals in enemy upkeep",
                    enemy=enemy.id,
                    damage=enemy.damage - 1,
                )
            )
    return state.with_position(position), tuple(events)
