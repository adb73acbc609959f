"""Enemy movement (rulebook: Enemy Movement; Close Combat; Create Barriers; Create Trap; Enemies).

The phase runs in three parts (``unknown.enemy.movement.phases``), each a pending effect that
holds the progress so far, so any state in the middle of the phase is plain data:

1. :class:`ChooseTargets` — every moving enemy (not spawned in this enemy upkeep, not stunned)
   picks the nearest target of its kind (survivor or base; incapacitated survivors are ignored)
   by the first step that yields one (``unknown.enemy.target.steps``): nearest by a path with no
   barrier (``unknown.enemy.target.clear-path``), else nearest by a path through barriers
   (``unknown.enemy.target.barred``), else it stays (``unknown.enemy.target.none``);
2. :class:`ChoosePaths` — every enemy with a target lays out its path, at most its speed in tiles
   (``unknown.enemy.path.speed``), along a shortest path to its target: barrier-free when its
   target was chosen by a barrier-free path (enemies go round barriers when they can,
   ``unknown.barrier.detour``), through barriers otherwise;
3. :class:`MoveEnemies` — all enemies move at once (``unknown.enemy.path.simultaneous``), one tile
   per step in lockstep; the enemies entering a tile in a step meet its barriers, then its traps,
   then its survivors (``unknown.enemy.obstructed.order``).

Ties use the base d4, rerolled until it points at one of the tied options
(``unknown.base.tie-die.reroll``), so each tied option is equally likely: the chance nodes give
each ``Fraction(1, k)``, summing to exactly 1.

* Path ties (``unknown.enemy.path.tie-die``) are decided step by step: where the shortest paths
  to the target part, the options are the next tiles, which always lie in different directions,
  so the die separates them exactly. Paths that share their next tile are not tied yet; they are
  rolled for where they part, if that is within the enemy's speed.
* Target ties (``unknown.enemy.target.tie-die``) are between target *tiles* (survivors sharing a
  tile are one target: the enemy's path is the same). Two tied targets that lie in the same
  direction from the enemy cannot be told apart by the die; this engine still gives every tied
  target the same chance, as if the die were rerolled between them (noted reading
  ``target-tie-direction``).

Impassable tiles are never entered; an enemy may leave the impassable tile it stands on
(``unknown.tile.impassable.spawn-exit``). A Devourer leaves a barrier on each tile it exits,
even if it dies entering the next (``unknown.enemy.devourer.barrier``). Close combat caused by
the moves is fought in the enemy combat phase (``unknown.turn.enemy-combat``); a move ends on a
tile holding a fighting survivor or on base (``unknown.enemy.obstructed.survivor``,
``unknown.combat.ends-move``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING

from engine.core.errors import IllegalDecision
from engine.core.game import ChanceNode, Event, PlayerNode
from engine.core.rule_points import RulePoint, transform
from engine.unknown.actions.trap import spring_trap
from engine.unknown.catalog import enemy_kinds
from engine.unknown.combat import allies_fighting_at, base_spot, targetable_fighters
from engine.unknown.effects import effect
from engine.unknown.enemies.abilities import enemy_view, shots_on_arrival, wards
from engine.unknown.map import board_of, is_passable
from engine.unknown.outcome import Outcome, event
from engine.unknown.position import ORTHOGONAL, Coord, Enemy, UnknownPosition
from engine.unknown.state import UnknownState

if TYPE_CHECKING:
    from engine.unknown.rules import Rules

ENEMY_TARGETS = RulePoint(
    "what an enemy targets",
    transform,
    """The tiles an enemy picks its nearest target among (by default its kind's targets):
    ``handler(rules, state, enemy, spots) -> spots``
    (``unknown.enemy.target.nearest-preferred``, ``unknown.mission.stragglers.targeting``).""",
)
ENEMY_SPEED = RulePoint(
    "an enemy's speed",
    transform,
    """Tiles an enemy moves this enemy movement phase toward its target (its kind's speed,
    ``unknown.enemy.speed-target``):
    ``handler(rules, state, enemy, target, speed) -> speed``
    (``unknown.mission.stragglers.targeting``).""",
)

COMPASS: dict[Coord, str] = {(1, 0): "east", (-1, 0): "west", (0, 1): "north", (0, -1): "south"}

REGIME_CLAUSE = {
    "clear": "unknown.enemy.target.clear-path",
    "barred": "unknown.enemy.target.barred",
    "none": "unknown.enemy.target.none",
}


# -- geometry --------------------------------------------------------------------------------


def without_barriers(position: UnknownPosition) -> UnknownPosition:
    """The map as an enemy sees it when it must go through barriers: barrier tokens ignored."""
    tokens = tuple(t for t in position.tokens if t.kind != "barrier")
    return UnknownPosition(
        position.tiles, tokens, position.survivors, position.enemies, position.allies
    )


def view(position: UnknownPosition, regime: str) -> UnknownPosition:
    """The map an enemy's path lies on: as it is (``clear``) or with barriers walkable (``barred``)."""
    return position if regime == "clear" else without_barriers(position)


def distances(position: UnknownPosition, source: Coord) -> dict[Coord, int]:
    """Steps from ``source`` to each explored tile, passing only through passable tiles.

    ``source`` itself may be impassable (an enemy leaving the impassable tile it spawned on,
    ``unknown.tile.impassable.spawn-exit``); whether the far end may be entered is checked by
    the caller.
    """
    board = board_of(position)
    if source not in board.slot:
        return {}
    field = board.distances_from(board.slot[source])
    return {at: field[i] for at, i in board.slot.items() if field[i] >= 0}


def target_spots(position: UnknownPosition, enemy: Enemy) -> list[Coord]:
    """Tiles holding something ``enemy`` targets (``unknown.enemy.target.nearest-preferred``).

    Survivors that are incapacitated are ignored (``unknown.injury.incapacitated``), and so is
    an untargetable Tracker (``unknown.survivor.tracker.untargetable-effect``,
    ``unknown.survivor.tracker.all-enemies``).
    """
    if enemy_kinds()[enemy.kind].target == "base":
        spot = base_spot(position)
        return [] if spot is None else [spot]
    return sorted({s.at for s in position.survivors if not s.incapacitated and not s.untargetable})


@dataclass(frozen=True)
class Nearest:
    """The outcome of target selection before any tie is broken."""

    spots: tuple[Coord, ...]
    distance: int | None
    regime: str


def nearest_targets(
    position: UnknownPosition, enemy: Enemy, wanted: list[Coord] | None = None
) -> Nearest:
    """The nearest target tiles by the first target step that yields one (``unknown.enemy.target.steps``).

    ``wanted``: the tiles it may target, when the rules in play change them (e.g. Stragglers'
    refugees, ``Rules.enemy_targets``); by default :func:`target_spots`.
    """
    if wanted is None:
        wanted = target_spots(position, enemy)
    for regime in ("clear", "barred"):
        seen = view(position, regime)
        steps = distances(seen, enemy.at)
        reach = {
            s: steps[s] for s in wanted if s in steps and (s == enemy.at or is_passable(seen, s))
        }
        if reach:
            best = min(reach.values())
            return Nearest(tuple(s for s in sorted(reach) if reach[s] == best), best, regime)
    return Nearest((), None, "none")


def next_steps(position: UnknownPosition, at: Coord, target: Coord, regime: str) -> list[Coord]:
    """Tiles next to ``at`` that lie on a shortest path from ``at`` to ``target``."""
    seen = view(position, regime)
    to_target = distances(seen, target)
    here = to_target.get(at)
    if not here:
        return []
    found = []
    for dx, dy in ORTHOGONAL:
        spot = (at[0] + dx, at[1] + dy)
        if to_target.get(spot) == here - 1 and is_passable(seen, spot):
            found.append(spot)
    return sorted(found)


def move_ends_on(position: UnknownPosition, at: Coord) -> bool:
    """Whether an enemy entering ``at`` must stop there: a fighting survivor or base.

    Applies ``unknown.enemy.obstructed.survivor``, ``unknown.combat.trigger`` (base too) and
    ``unknown.combat.ends-move``. An untargetable Tracker does not stop it
    (``unknown.survivor.tracker.untargetable-effect``).
    """
    if allies_fighting_at(position, at):
        return True  # an ally stops it like a survivor (unknown.ally.as-survivor)
    return bool(targetable_fighters(position, at)) or at == base_spot(position)


def direction(a: Coord, b: Coord) -> str:
    """Compass name of the step from ``a`` to the adjacent ``b``."""
    return COMPASS.get((b[0] - a[0], b[1] - a[1]), f"to {list(b)}")


def _enemy(position: UnknownPosition, enemy_id: str) -> Enemy | None:
    for e in position.enemies:
        if e.id == enemy_id:
            return e
    return None


def _where(position: UnknownPosition, at: Coord) -> str:
    if at == base_spot(position):
        return f"base on {list(at)}"
    names = [s.id for s in position.survivors_at(at) if not s.incapacitated]
    return f"{' and '.join(names) or 'the tile'} on {list(at)}"


def _coord(value: object) -> Coord:
    x, y = value  # type: ignore[misc]
    return (int(x), int(y))


# -- decisions -------------------------------------------------------------------------------


@dataclass(frozen=True)
class TargetRoll:
    """Chance outcome: the d4 breaks ``enemy``'s target tie in favour of the target on ``at``."""

    enemy: str
    at: Coord

    def __post_init__(self) -> None:
        object.__setattr__(self, "at", _coord(self.at))

    def __str__(self) -> str:
        return f"{self.enemy} targets {list(self.at)}"


@dataclass(frozen=True)
class PathRoll:
    """Chance outcome: the d4 sends ``enemy`` on to ``to`` where its shortest paths part."""

    enemy: str
    to: Coord

    def __post_init__(self) -> None:
        object.__setattr__(self, "to", _coord(self.to))

    def __str__(self) -> str:
        return f"{self.enemy} steps to {list(self.to)}"


@dataclass(frozen=True)
class BarrierStops:
    """Decision: a barrier on ``at`` is removed and stops ``enemy`` on the tile it came from."""

    at: Coord
    enemy: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "at", _coord(self.at))

    def __str__(self) -> str:
        return f"the barrier on {list(self.at)} stops {self.enemy}"


@dataclass(frozen=True)
class TrapHits:
    """Decision: a trap on ``at`` is spent dealing 1 damage to the entering ``enemy``."""

    at: Coord
    enemy: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "at", _coord(self.at))

    def __str__(self) -> str:
        return f"the trap on {list(self.at)} hits {self.enemy}"


def _uniform(options: list[object], prompt: str, clause: str) -> ChanceNode:
    """Each option equally likely: the d4 is rerolled until it points at one of them."""
    weight = Fraction(1, len(options))
    return ChanceNode(tuple((o, weight) for o in options), prompt, clause)


# -- part 1: targets ---------------------------------------------------------------------------

Target = tuple[str, Coord | None, str]
"""``(enemy id, target tile or None, regime)``; regime is ``clear``, ``barred`` or ``none``."""


@effect("enemy_targets")
@dataclass(frozen=True)
class ChooseTargets:
    """Part 1 of enemy movement: ``movers`` pick targets in id order; ``chosen`` so far."""

    movers: tuple[str, ...]
    chosen: tuple[Target, ...] = ()

    def _next(self, rules: Rules, state: UnknownState) -> tuple[Enemy, Nearest] | None:
        if len(self.chosen) == len(self.movers):
            return None
        enemy = _enemy(state.position, self.movers[len(self.chosen)])
        if enemy is None:
            raise ValueError(
                f"{self.movers[len(self.chosen)]} left the map during target selection"
            )
        spots = tuple(target_spots(state.position, enemy))
        wanted = rules.ask(ENEMY_TARGETS, state, enemy, spots)
        return enemy, nearest_targets(enemy_view(rules, state), enemy, list(wanted))

    def node(self, rules: Rules, state: UnknownState) -> ChanceNode:
        found = self._next(rules, state)
        if found is None:
            raise ValueError("every moving enemy has its target")
        enemy, nearest = found
        return _uniform(
            [TargetRoll(enemy.id, s) for s in nearest.spots],
            f"{enemy.id} is equally near {len(nearest.spots)} targets "
            f"({', '.join(str(list(s)) for s in nearest.spots)}): the base d4 is rolled until it "
            "points at one of them",
            "unknown.enemy.target.tie-die",
        )

    def settle(self, rules: Rules, state: UnknownState) -> Outcome | None:
        current, events = self, []
        while True:
            found = current._next(rules, state)
            if found is None:
                paths = ChoosePaths(current.chosen)
                state = replace(state, pending=(paths, *state.pending[1:]))
                return state, tuple(events)
            enemy, nearest = found
            if len(nearest.spots) > 1:
                if not events:
                    return None
                return replace(state, pending=(current, *state.pending[1:])), tuple(events)
            spot = nearest.spots[0] if nearest.spots else None
            current, chosen = current._choose(state, enemy, nearest, spot, rolled=False)
            events.append(chosen)

    def apply(self, rules: Rules, state: UnknownState, decision: object) -> Outcome:
        found = self._next(rules, state)
        if found is None:
            raise IllegalDecision("unknown.enemy.movement.phases", "every enemy has its target")
        enemy, nearest = found
        if (
            not isinstance(decision, TargetRoll)
            or decision.enemy != enemy.id
            or decision.at not in nearest.spots
        ):
            raise IllegalDecision(
                "unknown.enemy.target.tie-die",
                f"{decision} is not one of {enemy.id}'s tied targets "
                f"({', '.join(str(list(s)) for s in nearest.spots)})",
            )
        current, chosen = self._choose(state, enemy, nearest, decision.at, rolled=True)
        return replace(state, pending=(current, *state.pending[1:])), (chosen,)

    def _choose(
        self, state: UnknownState, enemy: Enemy, nearest: Nearest, spot: Coord | None, rolled: bool
    ) -> tuple[ChooseTargets, Event]:
        wants = enemy_kinds()[enemy.kind].target
        if spot is None:
            text = f"{enemy.id} has no path to any {wants} target and stays on {list(enemy.at)}"
        else:
            how = (
                "a path with no barrier" if nearest.regime == "clear" else "paths through barriers"
            )
            tie = " after a d4 tie-break" if rolled else ""
            text = (
                f"{enemy.id} ({enemy.kind}, targets {wants}) targets {_where(state.position, spot)}, "
                f"{nearest.distance} tile(s) away by {how}{tie}"
            )
        chosen = event(
            "enemy_target",
            "unknown.enemy.target.tie-die" if rolled else REGIME_CLAUSE[nearest.regime],
            text,
            enemy=enemy.id,
            target=spot,
            regime=nearest.regime,
            distance=nearest.distance,
            rule=REGIME_CLAUSE[nearest.regime],
        )
        return replace(self, chosen=(*self.chosen, (enemy.id, spot, nearest.regime))), chosen


# -- part 2: paths -----------------------------------------------------------------------------

Path = tuple[str, tuple[Coord, ...]]
"""``(enemy id, tiles it will try to enter, in order)``."""


@effect("enemy_paths")
@dataclass(frozen=True)
class ChoosePaths:
    """Part 2 of enemy movement: each targeting enemy lays out its path (``partial``: so far)."""

    targets: tuple[Target, ...]
    paths: tuple[Path, ...] = ()
    partial: tuple[Coord, ...] = ()

    def _options(
        self, rules: Rules, state: UnknownState
    ) -> tuple[Enemy, Coord | None, str, list[Coord]] | None:
        """The next enemy, its target and regime, and where its path may go next ([] = done)."""
        if len(self.paths) == len(self.targets):
            return None
        enemy_id, target, regime = self.targets[len(self.paths)]
        enemy = _enemy(state.position, enemy_id)
        if enemy is None:
            raise ValueError(f"{enemy_id} left the map during path selection")
        if target is None:
            return enemy, None, regime, []
        target = _coord(target)
        at = self.partial[-1] if self.partial else enemy.at
        speed = rules.ask(ENEMY_SPEED, state, enemy, target, enemy_kinds()[enemy.kind].speed)
        if len(self.partial) >= speed or at == target:
            return enemy, target, regime, []
        if self.partial and move_ends_on(state.position, at):
            return enemy, target, regime, []
        seen = enemy_view(rules, state)
        return enemy, target, regime, next_steps(seen, at, target, regime)

    def node(self, rules: Rules, state: UnknownState) -> ChanceNode:
        found = self._options(rules, state)
        if found is None:
            raise ValueError("every enemy has its path")
        enemy, target, _, steps = found
        at = self.partial[-1] if self.partial else enemy.at
        ways = ", ".join(f"{direction(at, s)} to {list(s)}" for s in steps)
        return _uniform(
            [PathRoll(enemy.id, s) for s in steps],
            f"{enemy.id}'s shortest paths to {list(target or at)} part on {list(at)} ({ways}): "
            "the base d4 is rolled until it points along one of them",
            "unknown.enemy.path.tie-die",
        )

    def settle(self, rules: Rules, state: UnknownState) -> Outcome | None:
        current, events = self, []
        while True:
            found = current._options(rules, state)
            if found is None:
                moves = MoveEnemies(tuple(p for p in current.paths if p[1]))
                state = replace(state, pending=(moves, *state.pending[1:]))
                return state, tuple(events)
            enemy, target, regime, steps = found
            if len(steps) > 1:
                if not events and current is self:
                    return None
                return replace(state, pending=(current, *state.pending[1:])), tuple(events)
            if steps:
                current = replace(current, partial=(*current.partial, steps[0]))
                continue
            current, laid = current._finish(state, enemy, target, regime)
            events.append(laid)

    def apply(self, rules: Rules, state: UnknownState, decision: object) -> Outcome:
        found = self._options(rules, state)
        if found is None:
            raise IllegalDecision("unknown.enemy.movement.phases", "every enemy has its path")
        enemy, _, _, steps = found
        if (
            not isinstance(decision, PathRoll)
            or decision.enemy != enemy.id
            or decision.to not in steps
        ):
            raise IllegalDecision(
                "unknown.enemy.path.tie-die",
                f"{decision} is not one of {enemy.id}'s tied next steps "
                f"({', '.join(str(list(s)) for s in steps) or 'none'})",
            )
        at = self.partial[-1] if self.partial else enemy.at
        rolled = event(
            "enemy_path_roll",
            "unknown.enemy.path.tie-die",
            f"the d4 sends {enemy.id} {direction(at, decision.to)} from {list(at)} "
            f"(equally short paths part there)",
            enemy=enemy.id,
            at=at,
            to=decision.to,
        )
        current = replace(self, partial=(*self.partial, decision.to))
        return replace(state, pending=(current, *state.pending[1:])), (rolled,)

    def _finish(
        self, state: UnknownState, enemy: Enemy, target: Coord | None, regime: str
    ) -> tuple[ChoosePaths, Event]:
        path = self.partial
        speed = enemy_kinds()[enemy.kind].speed
        if target is None:
            text = f"{enemy.id} has no target: it stays on {list(enemy.at)}"
        elif not path:
            text = f"{enemy.id} is on its target's tile {list(enemy.at)}: it stays"
        else:
            steps = [enemy.at, *path]
            route = " ".join(direction(a, b) for a, b in zip(steps, steps[1:], strict=False))
            how = "round barriers" if regime == "clear" else "through barriers"
            text = (
                f"{enemy.id} (speed {speed}) will move {route} to {list(path[-1])}, "
                f"on a shortest path {how} to {list(target)}"
            )
        laid = event(
            "enemy_path",
            "unknown.enemy.path.speed",
            text,
            enemy=enemy.id,
            path=path,
            target=target,
            regime=regime,
            rule="unknown.barrier.detour" if regime == "clear" else REGIME_CLAUSE[regime],
        )
        return replace(self, paths=(*self.paths, (enemy.id, path)), partial=()), laid


# -- part 3: moves -----------------------------------------------------------------------------


@effect("enemy_moves")
@dataclass(frozen=True)
class MoveEnemies:
    """Part 3 of enemy movement: every enemy steps along its path at once, one tile per step.

    ``step`` is the 1-based step under way; in ``stage`` ``barriers`` the enemies due to enter a
    tile this step meet its barriers (``unknown.enemy.obstructed.barrier``: each barrier removed
    stops one enemy on the tile it came from; the players choose which when fewer barriers than
    enemies), then all that got through move, a Devourer leaving a barrier behind
    (``unknown.enemy.devourer.barrier``); in ``stage`` ``traps`` those that ``entering`` meet the
    traps (``unknown.enemy.obstructed.trap``: one trap, 1 damage, to an enemy the players choose,
    until no trap is left or every entering enemy is killed or stunned), then survivors and base
    end their moves (``unknown.enemy.obstructed.survivor``) and a stranger that entered alive and
    unstunned shoots (``unknown.enemy.stranger.ranged-trigger``; a trap kill cancels it,
    ``unknown.enemy.obstructed.trap-kill-no-trigger``). ``ended`` lists enemies whose move is over.
    """

    paths: tuple[Path, ...]
    step: int = 1
    stage: str = "barriers"
    ended: tuple[str, ...] = ()
    entering: tuple[str, ...] = ()

    # -- who is where -------------------------------------------------------------------------
    def due(self, state: UnknownState) -> dict[Coord, list[str]]:
        """Enemies still moving that try to enter a tile this step, by tile."""
        groups: dict[Coord, list[str]] = {}
        for enemy_id, path in self.paths:
            enemy = _enemy(state.position, enemy_id)
            if enemy is None or enemy.stunned or enemy_id in self.ended or len(path) < self.step:
                continue
            groups.setdefault(_coord(path[self.step - 1]), []).append(enemy_id)
        return groups

    def barriers(self, rules: Rules | None, state: UnknownState, at: Coord, group: int) -> int:
        """Barriers on ``at`` against ``group`` entering enemies: its barrier tokens, plus what a
        ward tile counts as (``wards``: e.g. a completed Perimeter's fence,
        ``unknown.task.perimeter.reward-base``; one that never wears out stops them all)."""
        found = state.position.tokens_at.get(at, {}).get("barrier", 0)
        ward = wards(rules, state).get(at)
        if ward is None:
            return found
        if ward.count is None:
            return found + group
        return found + min(ward.count, state.position.tokens_at.get(at, {}).get(ward.kind, 0))

    def blocked(
        self, state: UnknownState, rules: Rules | None = None
    ) -> tuple[Coord, list[str]] | None:
        """A tile whose barriers need the players to choose which enemy they stop."""
        for at, group in sorted(self.due(state).items()):
            barriers = self.barriers(rules, state, at, len(group))
            if barriers and len(group) > barriers:
                return at, group
        return None

    def trapped(self, state: UnknownState) -> tuple[Coord, list[str]] | None:
        """The first tile where a trap waits for entering enemies still able to take it."""
        for at in sorted({_coord(dict(self.paths)[e][self.step - 1]) for e in self.entering}):
            traps = state.position.tokens_at.get(at, {}).get("trap", 0)
            victims = [
                e.id
                for e in state.position.enemies_at(at)
                if e.id in self.entering and not e.stunned
            ]
            if traps and victims:
                return at, victims
        return None

    # -- the pending-effect interface ---------------------------------------------------------
    def node(self, rules: Rules, state: UnknownState) -> PlayerNode:
        if self.stage == "barriers":
            found = self.blocked(state, rules)
            if found is None:
                raise ValueError("no barrier needs a choice")
            at, group = found
            return PlayerNode(
                player="players",
                legal=tuple(BarrierStops(at, e) for e in sorted(group)),
                prompt=f"{', '.join(sorted(group))} try to enter {list(at)}: choose the enemy "
                "its next barrier stops",
                clause="unknown.enemy.obstructed.barrier",
            )
        found = self.trapped(state)
        if found is None:
            raise ValueError("no trap needs a choice")
        at, victims = found
        return PlayerNode(
            player="players",
            legal=tuple(TrapHits(at, e) for e in sorted(victims)),
            prompt=f"{', '.join(sorted(victims))} enter {list(at)}: choose the enemy its next "
            "trap hits",
            clause="unknown.enemy.obstructed.trap",
        )

    def settle(self, rules: Rules, state: UnknownState) -> Outcome | None:
        current, events = self, []
        while True:
            if current.stage == "barriers":
                if not current.due(state):
                    state = replace(state, pending=state.pending[1:])
                    done = event(
                        "enemies_moved",
                        "unknown.enemy.path.simultaneous",
                        "every enemy has finished its move",
                    )
                    return state, (*events, done)
                forced = current._forced_barriers(state, rules)
                if forced is not None:
                    (state, current), more = forced
                    events.extend(more)
                    continue
                if current.blocked(state, rules) is not None:
                    break
                (state, current), more = current._go(state)
                events.extend(more)
                continue
            found = current.trapped(state)
            if found is not None:
                at, victims = found
                if len(victims) > 1:
                    break
                (state, current), more = current._spring(state, at, victims[0], rules)
                events.extend(more)
                continue
            (state, current, shots), more = current._arrive(state)
            events.extend(more)
            if shots:
                state = replace(state, pending=(*shots, current, *state.pending[1:]))
                return state, tuple(events)
        if current is self and not events:
            return None
        return replace(state, pending=(current, *state.pending[1:])), tuple(events)

    def apply(self, rules: Rules, state: UnknownState, decision: object) -> Outcome:
        if self.stage == "barriers":
            found = self.blocked(state, rules)
            if found is None or not isinstance(decision, BarrierStops):
                raise IllegalDecision(
                    "unknown.enemy.obstructed.barrier",
                    f"{decision} is not a choice of which enemy a barrier stops now",
                )
            at, group = found
            if decision.at != at or decision.enemy not in group:
                raise IllegalDecision(
                    "unknown.enemy.obstructed.barrier",
                    f"the barrier on {list(at)} can stop {', '.join(sorted(group))}, not "
                    f"{decision.enemy} on {list(decision.at)}",
                )
            state, current, stopped = self._stop(
                state, at, decision.enemy, chosen=True, rules=rules
            )
            return replace(state, pending=(current, *state.pending[1:])), (stopped,)
        found = self.trapped(state)
        if found is None or not isinstance(decision, TrapHits):
            raise IllegalDecision(
                "unknown.enemy.obstructed.trap",
                f"{decision} is not a choice of which enemy a trap hits now",
            )
        at, victims = found
        if decision.at != at or decision.enemy not in victims:
            raise IllegalDecision(
                "unknown.enemy.obstructed.trap",
                f"the trap on {list(at)} can hit {', '.join(sorted(victims))}, not "
                f"{decision.enemy} on {list(decision.at)}",
            )
        (state, current), events = self._spring(state, at, decision.enemy, rules)
        return replace(state, pending=(current, *state.pending[1:])), events

    # -- steps of the resolution --------------------------------------------------------------
    def _forced_barriers(
        self, state: UnknownState, rules: Rules | None = None
    ) -> tuple[tuple[UnknownState, MoveEnemies], tuple[Event, ...]] | None:
        """Stop every enemy at a tile with at least as many barriers as entering enemies."""
        for at, group in sorted(self.due(state).items()):
            barriers = self.barriers(rules, state, at, len(group))
            if barriers and len(group) <= barriers:
                current, events = self, []
                for enemy_id in group:
                    state, current, stopped = current._stop(
                        state, at, enemy_id, chosen=False, rules=rules
                    )
                    events.append(stopped)
                return (state, current), tuple(events)
        return None

    def _stop(
        self,
        state: UnknownState,
        at: Coord,
        enemy_id: str,
        chosen: bool,
        rules: Rules | None = None,
    ) -> tuple[UnknownState, MoveEnemies, Event]:
        """Stop ``enemy_id`` short of ``at``: a barrier token there is removed first; else the
        ward tile's token is, unless that ward never wears out (``wards``)."""
        position = state.position
        ward = None if position.tokens_at.get(at, {}).get("barrier") else wards(rules, state)[at]
        if ward is None:
            position = position.with_tokens(at, "barrier", -1)
            spent = "a barrier is removed"
        elif ward.count is None:
            spent = f"the {ward.kind} there stops it and stays"
        else:
            position = position.with_tokens(at, ward.kind, -1)
            spent = f"the {ward.kind} there stops it and is removed"
        enemy = _enemy(position, enemy_id)
        left = position.tokens_at.get(at, {}).get("barrier", 0)
        stopped = event(
            "barrier_stops",
            "unknown.enemy.obstructed.barrier" if ward is None else ward.clause,
            f"{enemy_id} tries to enter {list(at)}: {spent} ({left} left) and "
            f"{enemy_id} stops on {list(enemy.at if enemy else at)}"
            + (" (the players' choice)" if chosen else ""),
            enemy=enemy_id,
            at=at,
            barriers=left,
            **({} if ward is None else {"ward": ward.kind}),
        )
        current = replace(self, ended=(*self.ended, enemy_id))
        return state.with_position(position), current, stopped

    def _go(
        self, state: UnknownState
    ) -> tuple[tuple[UnknownState, MoveEnemies], tuple[Event, ...]]:
        """Every enemy that got past the barriers enters its tile; Devourers leave a barrier."""
        position = state.position
        events: list[Event] = []
        going = [e for group in self.due(state).values() for e in group]
        for enemy_id in sorted(going):
            enemy = _enemy(position, enemy_id)
            assert enemy is not None
            to = _coord(dict(self.paths)[enemy_id][self.step - 1])
            events.append(
                event(
                    "enemy_moved",
                    "unknown.enemy.path.simultaneous",
                    f"{enemy_id} moves {direction(enemy.at, to)} from {list(enemy.at)} to {list(to)}",
                    enemy=enemy_id,
                    **{"from": enemy.at, "to": to},
                )
            )
            if enemy_kinds()[enemy.kind].leaves_barriers:
                position = position.with_tokens(enemy.at, "barrier", 1)
                events.append(
                    event(
                        "barrier_left",
                        "unknown.enemy.devourer.barrier",
                        f"{enemy_id} leaves a barrier on {list(enemy.at)} as it exits",
                        enemy=enemy_id,
                        at=enemy.at,
                    )
                )
            position = position.moved(enemy_id, to)
        current = replace(self, stage="traps", entering=tuple(sorted(going)))
        return (state.with_position(position), current), tuple(events)

    def _spring(
        self, state: UnknownState, at: Coord, enemy_id: str, rules: Rules | None = None
    ) -> tuple[tuple[UnknownState, MoveEnemies], tuple[Event, ...]]:
        state, events = spring_trap(state, at, enemy_id, rules)
        return (state, self), events

    def _arrive(
        self, state: UnknownState
    ) -> tuple[tuple[UnknownState, MoveEnemies, list[object]], tuple[Event, ...]]:
        """End the moves of the enemies that are stunned or meet survivors or base; strangers shoot."""
        events: list[Event] = []
        ended = list(self.ended)
        shots: list[object] = []
        for enemy_id in self.entering:
            enemy = _enemy(state.position, enemy_id)
            if enemy is None:
                events.append(
                    event(
                        "entry_cancelled",
                        "unknown.enemy.obstructed.trap-kill-no-trigger",
                        f"{enemy_id} died entering its tile: nothing its entry would set off happens",
                        enemy=enemy_id,
                    )
                )
                continue
            if enemy.stunned:
                ended.append(enemy_id)
                events.append(
                    event(
                        "move_ended",
                        "unknown.injury.stunned",
                        f"{enemy_id} is stunned on {list(enemy.at)}: its move ends",
                        enemy=enemy_id,
                        at=enemy.at,
                    )
                )
                continue
            loses = enemy_kinds()[enemy.kind].reaching_base_loses
            if loses and enemy.at == base_spot(state.position):
                why = f"{enemy_id}, which damage cannot kill, enters base"
                state = replace(state, outcome=("loss", "unknown.mission.behemoth.base-loss", why))
                events.append(event("base_lost", "unknown.mission.behemoth.base-loss", why))
                ended.append(enemy_id)
                continue
            if move_ends_on(state.position, enemy.at):
                ended.append(enemy_id)
                events.append(
                    event(
                        "move_ended",
                        "unknown.enemy.obstructed.survivor",
                        f"{enemy_id} enters {_where(state.position, enemy.at)}: its move ends and "
                        "close combat follows in the enemy combat phase",
                        enemy=enemy_id,
                        at=enemy.at,
                    )
                )
            shots.extend(shots_on_arrival(enemy, "enter"))
        current = replace(
            self, step=self.step + 1, stage="barriers", ended=tuple(ended), entering=()
        )
        return (state, current, shots), tuple(events)
