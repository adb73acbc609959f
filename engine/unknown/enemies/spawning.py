"""Enemy spawns (rulebook: Lair; Instant Effect; Continuing Effect; Create Trap; Close Combat).

:func:`spawn` puts one new enemy on the map and resolves what its arrival sets off at once:

* it is marked ``fresh`` when it appears during enemy upkeep, so it neither moves in this round's
  enemy movement nor causes knockback (``unknown.turn.enemy-upkeep.no-move``);
* a trap on its tile hits it (``unknown.trap.trigger``); a trap that kills it cancels whatever its
  arrival would have set off (``unknown.enemy.obstructed.trap-kill-no-trigger``), and a stunned
  enemy starts nothing (``unknown.injury.stunned``);
* on a survivor's tile (or base) it starts close combat (``unknown.combat.trigger``,
  ``unknown.knockback.spawn-on-survivor``): at once outside the enemy phases, and in the enemy
  combat phase when it spawned in enemy upkeep (``unknown.turn.enemy-combat``: all combat caused
  by spawns in the enemy phases is fought together there);
* a stranger shoots once its spawn is settled (``unknown.enemy.stranger.ranged-trigger``): its
  :class:`~engine.unknown.enemies.abilities.StrangerShot` is queued behind the close combat this
  function may queue; the caller puts the spawn's knockback in front of both.

:func:`nearest_hazards` finds where green-bordered spawns go (``unknown.effect.instant.spawn-hazard``,
``unknown.effect.instant.spawn-hazard-distinct``); :class:`HazardSpawn` is the pending effect that
rolls the tie-break when one is needed and then spawns.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import combinations
from typing import TYPE_CHECKING

from engine.core.errors import IllegalDecision
from engine.core.game import ChanceNode, Event
from engine.core.rule_points import RulePoint, first
from engine.unknown.actions.trap import spring_trap
from engine.unknown.catalog import catalog, enemy_kinds
from engine.unknown.combat import CloseCombat, combat_starts
from engine.unknown.effects import effect
from engine.unknown.map import range_between
from engine.unknown.outcome import Outcome, event
from engine.unknown.position import Coord, Enemy, UnknownPosition
from engine.unknown.ruleset import DEFAULT, Ruleset
from engine.unknown.state import UnknownState

if TYPE_CHECKING:
    from engine.unknown.rules import Rules

SPAWN_STUNNED = RulePoint(
    "an enemy spawning stunned",
    first,
    """The clause making a newly spawned enemy stunned (``unknown.enemy.spawn-location``):
    ``handler(rules, state, enemy) -> clause | None`` (``unknown.task.gas-testing.reward``).""",
)

ENEMY_PHASE_NAMES = ("enemy_upkeep", "enemy_movement", "enemy_main", "enemy_combat")
"""Phases whose close combats wait for the enemy combat phase (``unknown.turn.enemy-combat``)."""


def new_enemy_id(position: UnknownPosition, kind: str) -> str:
    """The first free id ``<kind><n>`` (``animal1``, ``animal2``, ...)."""
    taken = {p.id for p in (*position.enemies, *position.survivors)}
    n = 1
    while f"{kind}{n}" in taken:
        n += 1
    return f"{kind}{n}"


def spawn(
    rules: Rules, state: UnknownState, kind: str, at: Coord, lair: Coord, cause: str
) -> Outcome:
    """Put a new ``kind`` enemy on ``at`` for the lair on ``lair``, and resolve its arrival.

    ``cause`` is the clause ID behind the spawn (e.g. ``unknown.effect.instant.spawn-here``,
    ``unknown.effect.instant.spawn-hazard``, ``unknown.effect.continuing.repeating-spawn``); it
    becomes the spawn event's clause (free text is kept in the event and the clause then defaults
    to ``unknown.enemy.spawn-location``). Returns the new state and its events; the new enemy's
    id is in the ``enemy_spawned`` event's ``enemy`` field.

    Effects queued at the front of ``state.pending`` (in this order): ``CloseCombat(at)`` when
    the enemy starts a fight outside the enemy phases, then a ``StrangerShot`` for a stranger.
    Knockback is *not* queued here: the caller queues it (and puts it in front, since a stranger
    shoots after its knockback); an enemy spawned on a fighting survivor causes no knockback to
    that survivor (``unknown.knockback.spawn-on-survivor``). ``fresh`` is set when
    ``state.phase`` is enemy upkeep (``unknown.turn.enemy-upkeep.no-move``).
    """
    if kind not in enemy_kinds():
        raise KeyError(f"unknown enemy kind {kind!r} (known: {', '.join(sorted(enemy_kinds()))})")
    clause = cause if cause.startswith("unknown.") else "unknown.enemy.spawn-location"
    fresh = state.phase == "enemy_upkeep"
    enemy = Enemy(new_enemy_id(state.position, kind), kind, at, fresh=fresh)
    stunned_by = rules.ask(SPAWN_STUNNED, state, enemy)
    if stunned_by:
        enemy = replace(enemy, stunned=True)
    state = state.with_position(state.position.with_enemy(enemy))
    lair_text = "" if lair == at else f" for the lair on {list(lair)}"
    events: list[Event] = [
        event(
            "enemy_spawned",
            clause,
            f"a {kind} ({enemy.id}) spawns on {list(at)}{lair_text}"
            + ("" if cause.startswith("unknown.") else f" ({cause})")
            + (": it will not move this round" if fresh else ""),
            enemy=enemy.id,
            kind=kind,
            at=at,
            lair=lair,
            fresh=fresh,
        )
    ]
    if stunned_by:
        events.append(event("stunned", stunned_by, f"{enemy.id} spawns stunned", enemy=enemy.id))
    if state.position.tokens_at.get(at, {}).get("trap"):
        state, sprung = spring_trap(state, at, enemy.id, rules)
        events.extend(sprung)
    alive = _still_active(state.position, enemy.id)
    if alive is None:
        return state, tuple(events)
    state, more = _arrival_effects(state, alive)
    return state, (*events, *more)


def _still_active(position: UnknownPosition, enemy_id: str) -> Enemy | None:
    """The enemy if it is on the map and not stunned (a stunned one starts nothing)."""
    for enemy in position.enemies:
        if enemy.id == enemy_id:
            return None if enemy.stunned else enemy
    return None


def _arrival_effects(state: UnknownState, enemy: Enemy) -> Outcome:
    """Queue close combat (outside the enemy phases) and the stranger's shot for a new enemy."""
    from engine.unknown.enemies.abilities import shots_on_arrival

    events: list[Event] = []
    queued: list[object] = []
    if combat_starts(state.position, enemy.at):
        later = state.phase in ENEMY_PHASE_NAMES
        events.append(
            event(
                "close_combat",
                "unknown.combat.trigger",
                f"{enemy.id} spawns on {list(enemy.at)} with survivors or on base: close combat"
                + (" in the enemy combat phase" if later else ""),
                at=enemy.at,
                enemy=enemy.id,
            )
        )
        if not later and CloseCombat(enemy.at) not in state.pending:
            queued.append(CloseCombat(enemy.at))
    queued.extend(shots_on_arrival(enemy, "spawn"))
    return replace(state, pending=(*queued, *state.pending)), tuple(events)


# -- green-bordered spawns -------------------------------------------------------------------


def hazard_spots(state: UnknownState) -> list[Coord]:
    """Hazard tiles that can take a spawn: face up (a cleared hazard is no longer one)."""
    tiles = catalog()
    return [t.at for t in state.position.tiles if tiles[t.tile].type == "hazard" and not t.cleared]


@dataclass(frozen=True)
class HazardSpots:
    """Chance outcome: the hazard tiles (one per spawning enemy, in spawn order) the tie-break gives."""

    spots: tuple[Coord, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "spots", tuple((int(x), int(y)) for x, y in self.spots))

    def __str__(self) -> str:
        return "spawn on " + ", ".join(str(list(s)) for s in self.spots)


def nearest_hazards(
    state: UnknownState, lair: Coord, n: int, ruleset: Ruleset = DEFAULT
) -> list[Coord] | ChanceNode:
    """Where ``n`` green-bordered spawns from ``lair`` go: one hazard tile each, nearest first.

    Applies ``unknown.effect.instant.spawn-hazard`` (nearest hazard tile, by range from the lair,
    ``unknown.lair.remote-spawn``) and ``unknown.effect.instant.spawn-hazard-distinct`` (several
    spawns go to different hazard tiles while there are enough; once every hazard tile has one,
    the next ones start over from the nearest). Hazard tiles with no range from the lair (no
    path) are not candidates; an empty list means no hazard tile can take the spawns.

    Returns the spots (one per spawn) when they are determined, or a :class:`ChanceNode` over
    :class:`HazardSpots` when equally near hazard tiles compete for the last places: the base
    d4 is rerolled until it points at one of the tied tiles (``unknown.base.tie-die.reroll``), so
    each tied tile is equally likely to be picked next; picking ``k`` of ``m`` tied tiles one
    by one that way makes every ``k``-subset equally likely (probability ``1 / C(m, k)``). Tied
    tiles lying in the same direction from the lair cannot be told apart by the die; they are
    still treated as equally likely (noted reading ``spawn-tie-direction``).
    """
    ranked: dict[int, list[Coord]] = {}
    for spot in hazard_spots(state):
        distance = range_between(state.position, lair, spot, ruleset)
        if distance is not None:
            ranked.setdefault(distance, []).append(spot)
    groups = [sorted(ranked[d]) for d in sorted(ranked)]
    if not groups or n <= 0:
        return []
    left = n
    choices: list[tuple[tuple[Coord, ...], ...]] = []
    while left > 0:
        for group in groups:
            if left == 0:
                break
            if len(group) <= left:
                choices.append((tuple(group),))
                left -= len(group)
            else:
                choices.append(tuple(combinations(group, left)))
                left = 0
    options = _combine(choices)
    if len(options) == 1:
        return list(options[0])
    weight = Fraction(1, len(options))
    return ChanceNode(
        tuple((HazardSpots(spots), weight) for spots in options),
        f"equally near hazard tiles tie for {n} spawn(s) from the lair on {list(lair)}: "
        "the base d4 is rolled until it points at one of them",
        "unknown.base.tie-die.reroll",
    )


def _combine(choices: list[tuple[tuple[Coord, ...], ...]]) -> list[tuple[Coord, ...]]:
    """Every full list of spots: one option from each stage, concatenated.

    At most one stage has more than one option (the tie at the cut-off), so every list is
    equally likely and there are ``C(m, k)`` of them.
    """
    lists: list[tuple[Coord, ...]] = [()]
    for stage in choices:
        lists = [done + pick for done in lists for pick in stage]
    return lists


@effect("hazard_spawn")
@dataclass(frozen=True)
class HazardSpawn:
    """Green-bordered spawns from ``lair`` waiting for their hazard tiles (one per kind).

    Pushed by explore for a tile's green-bordered icons; resolves by itself when the nearest
    hazard tiles are determined and is a chance node (:class:`HazardSpots`) when they tie. Then
    each enemy is spawned with :func:`spawn` (cause ``unknown.effect.instant.spawn-hazard``).
    """

    kinds: tuple[str, ...]
    lair: Coord

    def node(self, rules: Rules, state: UnknownState) -> ChanceNode:
        found = nearest_hazards(state, self.lair, len(self.kinds), rules.ruleset)
        if isinstance(found, ChanceNode):
            return found
        return ChanceNode(
            ((HazardSpots(tuple(found)), Fraction(1)),),
            "the hazard tiles for the spawns are determined",
            "unknown.effect.instant.spawn-hazard",
        )

    def settle(self, rules: Rules, state: UnknownState) -> Outcome | None:
        found = nearest_hazards(state, self.lair, len(self.kinds), rules.ruleset)
        if isinstance(found, ChanceNode):
            return None
        return self._spawn_all(rules, state, tuple(found))

    def apply(self, rules: Rules, state: UnknownState, decision: object) -> Outcome:
        found = nearest_hazards(state, self.lair, len(self.kinds), rules.ruleset)
        legal = (
            [d for d, _ in found.outcomes]
            if isinstance(found, ChanceNode)
            else [HazardSpots(tuple(found))]
        )
        if decision not in legal:
            raise IllegalDecision(
                "unknown.effect.instant.spawn-hazard",
                f"{decision} is not a set of nearest hazard tiles for the spawns from "
                f"{list(self.lair)}",
            )
        return self._spawn_all(rules, state, decision.spots)  # type: ignore[attr-defined]

    def _spawn_all(self, rules: Rules, state: UnknownState, spots: tuple[Coord, ...]) -> Outcome:
        state = replace(state, pending=state.pending[1:])
        if not spots:
            return state, (
                event(
                    "spawn_skipped",
                    "unknown.effect.instant.spawn-hazard",
                    f"no hazard tile can be reached from {list(self.lair)}: "
                    f"{', '.join(self.kinds)} do(es) not spawn",
                    lair=self.lair,
                ),
            )
        events: list[Event] = []
        for kind, at in zip(self.kinds, spots, strict=True):
            state, more = spawn(
                rules, state, kind, at, self.lair, "unknown.effect.instant.spawn-hazard"
            )
            events.extend(more)
        return state, tuple(events)
