"""Enemy special abilities that act outside close combat (rulebook: Enemies).

The Stranger's Ranged (2): 1 damage to a survivor within range 2 and in line of sight
(``unknown.enemy.stranger.ranged``), set off when a survivor comes into that reach by a move
action or knockback, after the stranger enters a tile, and after it spawns once its knockback is
over (``unknown.enemy.stranger.ranged-trigger``). A stunned stranger does not shoot
(``unknown.injury.stunned``), incapacitated survivors are ignored (``unknown.injury.incapacitated``),
and a trap that kills the stranger as it enters cancels the shot
(``unknown.enemy.obstructed.trap-kill-no-trigger``, applied by the callers, which queue no shot
for a dead stranger). Each trigger is a :class:`StrangerShot` pending effect; when several
survivors qualify the players pick who takes the damage (:class:`ShotLands`).

The Behemoth's area damage and the Brute's stun and base-defense exemption act in close combat
and are in :mod:`engine.unknown.combat` and :mod:`engine.unknown.health`; the Devourer's barrier
and healing are in :mod:`engine.unknown.enemies.movement` and :mod:`engine.unknown.enemies.upkeep`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, NamedTuple

from engine.core.errors import IllegalDecision
from engine.core.game import PlayerNode
from engine.core.rule_points import RulePoint, merge
from engine.unknown.catalog import enemy_kinds
from engine.unknown.effects import effect
from engine.unknown.health import damage_survivor
from engine.unknown.map import line_of_sight, range_between
from engine.unknown.outcome import Outcome, event
from engine.unknown.position import Coord, Enemy, UnknownPosition
from engine.unknown.ruleset import DEFAULT, Ruleset
from engine.unknown.state import UnknownState

if TYPE_CHECKING:
    from engine.unknown.rules import Rules


class Ward(NamedTuple):
    """A tile acting as barrier tokens against enemies only (:data:`ENEMY_WARDS`)."""

    kind: str
    """The token kind standing in for the barriers (removed one per stop while it wears out)."""
    count: int | None
    """How many barriers it counts as; ``None``: it stops every enemy and is never removed."""
    clause: str
    """The clause making the tile a barrier against enemies."""


ENEMY_WARDS = RulePoint(
    "tiles barring enemies only",
    merge,
    """Tiles that act as barrier tokens against enemies only, survivors ignoring them
    (``unknown.los.barrier-blocks``): ``handler(rules, state) -> {spot: Ward}``; the first
    source naming a spot has it (``unknown.task.perimeter.reward-enemy-only``).""",
)

TRIGGERS = {
    "spawn": "it has spawned",
    "enter": "it has entered a tile",
    "survivor": "a survivor came within its reach",
}


def wards(rules: Rules | None, state: UnknownState) -> dict[Coord, Ward]:
    """Tiles acting as barriers against enemies only, e.g. a completed Perimeter's fences
    (``unknown.task.perimeter.reward-base``, ``unknown.task.perimeter.reward-enemy-only``).

    The one place the enemy code asks :data:`ENEMY_WARDS`: enemy paths, barrier stops
    (:mod:`engine.unknown.enemies.movement`) and enemy sight (:func:`enemy_view`) read it here.
    """
    return {} if rules is None else rules.ask(ENEMY_WARDS, state)


def enemy_view(
    rules: Rules | None, state: UnknownState, position: UnknownPosition | None = None
) -> UnknownPosition:
    """``position`` (default: ``state``'s) as enemies meet it: a barrier token on every ward
    tile, so it is impassable to them and breaks their line of sight (``unknown.los.barrier-blocks``,
    ``unknown.task.perimeter.reward-enemy-only``). For enemy geometry only: survivors never see it.
    """
    position = state.position if position is None else position
    for at in wards(rules, state):
        if not position.tokens_at.get(at, {}).get("barrier"):
            position = position.with_tokens(at, "barrier", 1)
    return position


def in_reach(
    position: UnknownPosition, enemy: Enemy, survivor_at: tuple[int, int], ruleset: Ruleset
) -> bool:
    """Whether ``enemy``'s ranged ability reaches a survivor on ``survivor_at``: range and sight."""
    reach = enemy_kinds()[enemy.kind].ranged
    if reach is None:
        return False
    distance = range_between(position, enemy.at, survivor_at, ruleset)
    return (
        distance is not None
        and distance <= reach
        and line_of_sight(position, enemy.at, survivor_at, ruleset)
    )


def shooters(position: UnknownPosition) -> tuple[Enemy, ...]:
    """Enemies able to use a ranged ability now: on the map, of a ranged kind, not stunned."""
    kinds = enemy_kinds()
    return tuple(e for e in position.enemies if kinds[e.kind].ranged and not e.stunned)


def shots_on_arrival(enemy: Enemy, trigger: str) -> list[StrangerShot]:
    """The shot a ranged enemy takes after it spawns (``spawn``) or enters a tile (``enter``)."""
    if not enemy_kinds()[enemy.kind].ranged or enemy.stunned:
        return []
    return [StrangerShot(enemy.id, trigger)]


def shots_on_survivor_entry(
    before: UnknownPosition,
    after: UnknownPosition,
    who: str,
    ruleset: Ruleset = DEFAULT,
    rules: Rules | None = None,
    state: UnknownState | None = None,
) -> list[StrangerShot]:
    """Shots set off by survivor ``who`` coming into a ranged enemy's reach (move or knockback).

    A survivor *comes into* the reach when it was out of it before (out of range or out of
    sight) and is within it after (switch ``stranger-entry``; the reading
    ``every-move`` would shoot after every move that ends within reach). Given ``rules`` and
    ``state``, both maps are seen as enemies see them (:func:`enemy_view`).
    """
    if state is not None:
        before, after = enemy_view(rules, state, before), enemy_view(rules, state, after)
    survivor = after.survivor(who)
    if survivor.incapacitated:
        return []
    was = before.survivor(who).at
    every_move = ruleset.stranger_entry == "every-move"
    shots = []
    for enemy in shooters(after):
        if not in_reach(after, enemy, survivor.at, ruleset):
            continue
        if every_move or not in_reach(before, enemy, was, ruleset):
            shots.append(StrangerShot(enemy.id, "survivor", who))
    return shots


def shots_after_knockback(
    before: UnknownPosition,
    after: UnknownPosition,
    who: str,
    ruleset: Ruleset = DEFAULT,
    rules: Rules | None = None,
    state: UnknownState | None = None,
) -> list[StrangerShot]:
    """Shots set off by piece ``who`` fleeing to a new tile by knockback.

    A survivor may come into a ranged enemy's reach (:func:`shots_on_survivor_entry`); a
    stranger pushed by hazard knockback has entered a tile, so it shoots (noted reading
    ``stranger-knocked-enters``: "after the stranger enters a tile" is read as any entry,
    knockback included).
    """
    piece = after.piece(who)
    if isinstance(piece, Enemy):
        return shots_on_arrival(piece, "enter")
    return shots_on_survivor_entry(before, after, who, ruleset, rules, state)


@dataclass(frozen=True)
class ShotLands:
    """Decision: the players assign the ranged enemy's 1 damage to ``survivor``."""

    enemy: str
    survivor: str

    def __str__(self) -> str:
        return f"{self.enemy}'s shot hits {self.survivor}"


@effect("stranger_shot")
@dataclass(frozen=True)
class StrangerShot:
    """A ranged attack by ``enemy`` waiting to land (``unknown.enemy.stranger.ranged``).

    ``trigger`` is ``spawn``, ``enter`` or ``survivor`` (``survivor`` names who came into reach).
    Who qualifies is decided when the shot resolves: a stranger killed or stunned meanwhile does
    not shoot, and a shot with nobody in reach is lost. The damage goes to any survivor in reach,
    the players choosing among several (switch ``stranger-entry-target``; the
    reading ``entering-survivor`` aims a ``survivor``-triggered shot at the one who came in).
    """

    enemy: str
    trigger: str
    survivor: str | None = None

    def targets(self, rules: Rules, state: UnknownState) -> tuple[str, ...]:
        """Survivors the shot may hit now (sight as enemies have it: :func:`enemy_view`)."""
        position = enemy_view(rules, state)
        shooter = next((e for e in shooters(position) if e.id == self.enemy), None)
        if shooter is None:
            return ()
        ruleset = rules.ruleset
        found = tuple(
            s.id
            for s in position.survivors
            if not s.incapacitated and in_reach(position, shooter, s.at, ruleset)
        )
        entering_only = ruleset.stranger_entry_target == "entering-survivor"
        if entering_only and self.trigger == "survivor":
            return tuple(s for s in found if s == self.survivor)
        return found

    def node(self, rules: Rules, state: UnknownState) -> PlayerNode:
        return PlayerNode(
            player="players",
            legal=tuple(ShotLands(self.enemy, s) for s in self.targets(rules, state)),
            prompt=f"assign the 1 damage of {self.enemy}'s ranged attack "
            f"({TRIGGERS.get(self.trigger, self.trigger)})",
            clause="unknown.enemy.stranger.ranged",
        )

    def settle(self, rules: Rules, state: UnknownState) -> Outcome | None:
        targets = self.targets(rules, state)
        if len(targets) > 1:
            return None
        if not targets:
            state = replace(state, pending=state.pending[1:])
            return state, (
                event(
                    "no_shot",
                    "unknown.enemy.stranger.ranged",
                    f"{self.enemy} has nobody to shoot ({TRIGGERS.get(self.trigger, self.trigger)})",
                    enemy=self.enemy,
                ),
            )
        return self._shoot(state, targets[0])

    def apply(self, rules: Rules, state: UnknownState, decision: object) -> Outcome:
        targets = self.targets(rules, state)
        if not isinstance(decision, ShotLands) or decision.enemy != self.enemy:
            raise IllegalDecision(
                "unknown.enemy.stranger.ranged",
                f"{self.enemy}'s ranged attack waits for the players to pick who it hits, "
                f"not {decision}",
            )
        if decision.survivor not in targets:
            raise IllegalDecision(
                "unknown.enemy.stranger.ranged",
                f"{decision.survivor} is not within range 2 and line of sight of {self.enemy} "
                f"(it can hit: {', '.join(targets) or 'nobody'})",
            )
        return self._shoot(state, decision.survivor)

    def _shoot(self, state: UnknownState, who: str) -> Outcome:
        state = replace(state, pending=state.pending[1:])
        shot = event(
            "ranged_attack",
            "unknown.enemy.stranger.ranged-trigger",
            f"{self.enemy} shoots {who} for 1 damage ({TRIGGERS.get(self.trigger, self.trigger)})",
            enemy=self.enemy,
            target=who,
            trigger=self.trigger,
        )
        state, hurt = damage_survivor(state, who, 1, f"{self.enemy}'s ranged attack")
        return state, (shot, *hurt)
