"""Close combat (rulebook: Close Combat; Injury and Incapacitation; Enemies).

A close combat on a tile is the pending effect :class:`CloseCombat`. It runs in rounds:

1. every survivor on the tile who is not incapacitated deals 1 damage, and every enemy there
   that is not stunned deals 1 (``unknown.combat.damage-dealt``); when the survivors outnumber
   the active enemies, the enemies' damage drops by 1 per 2 surplus survivors
   (``unknown.combat.outnumber``); a stunned enemy that the survivors damage strikes back with
   1 damage (``unknown.enemy.stunned-no-combat``); an active behemoth, instead of an assignable
   point, deals 1 to every other piece on its tile (``unknown.enemy.behemoth.area-damage``);
2. the players assign all of it at once (:class:`AssignDamage`, ``unknown.combat.damage-received``),
   never giving a survivor more than it takes to incapacitate it (``unknown.combat.assign-cap``);
   the round settles by itself when only one assignment is possible;
3. rounds repeat until every survivor there is incapacitated or every enemy there is killed or
   stunned (``unknown.combat.repeat``);
4. on base, each enemy still active (the brute excepted, ``unknown.enemy.brute.no-base-defense``)
   removes 3 food from base and takes 1 damage, over and over until none is left active
   (``unknown.combat.base-defense``, ``unknown.combat.base-defense.repeat``); when base cannot
   give the 3 food the survivors lose (``unknown.combat.base-defense.lose``). An enemy reaching
   base with no survivor able to fight goes straight to this step
   (``unknown.enemy.enters-empty-base``).

Where the rulebook is silent, the readings taken are on the ledger and named in the helpers'
docstrings (``plan_round``, ``base_defense``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from engine.core.errors import IllegalDecision
from engine.core.game import Event, PlayerNode
from engine.unknown.catalog import enemy_kinds
from engine.unknown.effects import effect
from engine.unknown.health import damage_ally, damage_enemy, damage_survivor
from engine.unknown.outcome import Outcome, event
from engine.unknown.position import HEALTH_STATES, Ally, Coord, Enemy, Survivor, UnknownPosition
from engine.unknown.ruleset import DEFAULT, Ruleset
from engine.unknown.state import Goods, UnknownState, add, bag, count

if TYPE_CHECKING:
    from engine.unknown.rules import Rules

BASE_DEFENSE_FOOD = 3
"""Food each enemy removes from base per base-defense step (``unknown.combat.base-defense``)."""


def canonical(pairs: Goods) -> Goods:
    """Sorted, summed, zero-free pairs; left as given when a count is negative (refused later)."""
    if all(isinstance(n, int) and n >= 0 for _, n in pairs):
        return bag(pairs)
    return tuple(pairs)


@dataclass(frozen=True)
class AssignDamage:
    """Decision: how this round's damage lands.

    ``to_survivors`` spreads the enemies' assignable damage over survivors, ``to_enemies`` the
    survivors' damage over enemies; both are sorted ``(piece id, damage)`` pairs, counts > 0.
    """

    to_survivors: Goods = ()
    to_enemies: Goods = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "to_survivors", canonical(self.to_survivors))
        object.__setattr__(self, "to_enemies", canonical(self.to_enemies))

    def __str__(self) -> str:
        def spread(pairs: Goods) -> str:
            return ", ".join(f"{n} to {who}" for who, n in pairs) or "nothing"

        return f"assign {spread(self.to_enemies)} from the survivors; {spread(self.to_survivors)} from the enemies"


@dataclass(frozen=True)
class Round:
    """What one round of close combat on a tile deals, before the players assign it."""

    survivors: tuple[str, ...]
    """Survivors able to fight (not incapacitated): each deals 1 and may be assigned damage."""
    enemies: tuple[str, ...]
    """Every enemy on the tile, stunned or not: the targets of the survivors' damage."""
    stunned: frozenset[str]
    pool: int
    """Assignable damage of the active enemies after the outnumbering reduction."""
    reduction: int
    area: Goods
    """Damage the behemoth's area effect deals to each piece (not assignable)."""
    caps: Goods
    """Most assignable damage each fighting survivor (and ally) may take this round."""
    allies: tuple[str, ...] = ()
    """Allies on the tile: they deal no damage but may be assigned the enemies' damage
    (``unknown.ally.stats``, ``unknown.mission.stragglers.damage-assignment``)."""

    def cap(self, who: str) -> int:
        return count(self.caps, who)

    def owed(self, to_enemies: Goods) -> int:
        """Assignable enemy damage, given which stunned enemies the survivors hit.

        Damage beyond what would incapacitate every survivor cannot be assigned, so it is lost.
        """
        retaliation = sum(1 for who, _ in to_enemies if who in self.stunned)
        return min(self.pool + retaliation, sum(n for _, n in self.caps))


def base_spot(position: UnknownPosition) -> Coord | None:
    """Where the base tile lies (``None`` on a map fragment without it)."""
    for placed in position.tiles:
        if placed.tile == "base":
            return placed.at
    return None


def fighters(position: UnknownPosition, at: Coord) -> tuple[Survivor, ...]:
    """Survivors on ``at`` who take part: the incapacitated are ignored (``unknown.injury.incapacitated``)."""
    return tuple(s for s in position.survivors_at(at) if not s.incapacitated)


def active_enemies(position: UnknownPosition, at: Coord) -> tuple[Enemy, ...]:
    """Enemies on ``at`` that are not stunned (``unknown.injury.stunned``)."""
    return tuple(e for e in position.enemies_at(at) if not e.stunned)


def allies_fighting_at(position: UnknownPosition, at: Coord) -> tuple[Ally, ...]:
    """Allies on ``at`` that an enemy there fights like a survivor (``unknown.ally.as-survivor``)."""
    return tuple(a for a in position.allies_at(at) if not a.incapacitated)


def combat_starts(position: UnknownPosition, at: Coord) -> bool:
    """Whether the pieces now on ``at`` enter close combat (``unknown.combat.trigger``).

    An active enemy must be there (stunned ones start no combat, ``unknown.enemy.stunned-no-combat``)
    with a survivor able to fight that enemies may target, or the tile must be base. An
    untargetable Tracker is no reason for a fight (``unknown.survivor.tracker.untargetable-effect``).
    """
    if not active_enemies(position, at):
        return False
    if allies_fighting_at(position, at):
        return True  # an ally is fought like a survivor (unknown.ally.as-survivor)
    return bool(targetable_fighters(position, at)) or at == base_spot(position)


def targetable_fighters(position: UnknownPosition, at: Coord) -> tuple[Survivor, ...]:
    """Fighters on ``at`` an enemy may start close combat with: not an untargetable Tracker
    (``unknown.survivor.tracker.untargetable-effect``)."""
    return tuple(s for s in fighters(position, at) if not s.untargetable)


def fight_goes_on(position: UnknownPosition, at: Coord) -> bool:
    """Another round is fought while a survivor (or an ally, ``unknown.ally.as-survivor``) can
    fight and an enemy is active (``unknown.combat.repeat``)."""
    team = fighters(position, at) or allies_fighting_at(position, at)
    return bool(team) and bool(active_enemies(position, at))


def room(survivor: Survivor) -> int:
    """Damage it would take to incapacitate ``survivor``: its health steps left plus its armor.

    Applies ``unknown.combat.assign-cap`` with ``unknown.action.create-armor.absorb`` (each armor
    token soaks 1 damage first, so it takes that much more to incapacitate).
    """
    steps = len(HEALTH_STATES) - 1 - HEALTH_STATES.index(survivor.health)
    return steps + count(survivor.goods, "armor")


def plan_round(state: UnknownState, at: Coord, ruleset: Ruleset = DEFAULT) -> Round:
    """The damage of the next round on ``at``.

    Where the rulebook is silent the ledger's readings apply: the outnumbering count compares the
    fighting survivors with the active enemies (noted ``combat-outnumber-count``) and the
    ``outnumber-reduction`` switch says whether the cut comes off the enemies' total or off each
    enemy's own point (:func:`outnumbered_pool`); the behemoth's area point replaces its
    assignable point, is not reduced, and skips incapacitated survivors (noted
    ``behemoth-area-damage``); damage it deals to stunned enemies draws no retaliation (noted
    ``behemoth-stunned-retaliation``).
    """
    position = state.position
    team = fighters(position, at)
    foes = position.enemies_at(at)
    active = [e for e in foes if not e.stunned]
    surplus = len(team) - len(active)
    reduction = surplus // 2 if surplus > 0 else 0
    kinds = enemy_kinds()
    dealers = [
        e
        for e in active
        if not kinds[e.kind].damages_whole_tile and not kinds[e.kind].unlimited_damage
    ]
    helpers = allies_fighting_at(position, at)
    area: Goods = ()
    for big in (e for e in active if kinds[e.kind].damages_whole_tile):
        for piece in (*team, *helpers, *foes):
            if piece.id != big.id:
                area = add(area, piece.id, 1)
    for _ in (e for e in active if kinds[e.kind].unlimited_damage):
        for piece in (*team, *helpers):  # all it takes to incapacitate each of them
            most = room(piece) if isinstance(piece, Survivor) else 1
            area = add(area, piece.id, max(most - count(area, piece.id), 0))
    caps = tuple((s.id, max(room(s) - count(area, s.id), 0)) for s in team)
    caps += tuple((a.id, max(1 - count(area, a.id), 0)) for a in helpers)
    return Round(
        survivors=tuple(s.id for s in team),
        enemies=tuple(e.id for e in foes),
        stunned=frozenset(e.id for e in foes if e.stunned),
        pool=outnumbered_pool(len(dealers), reduction, ruleset),
        reduction=reduction,
        area=area,
        caps=caps,
        allies=tuple(a.id for a in helpers),
    )


def outnumbered_pool(dealers: int, reduction: int, ruleset: Ruleset) -> int:
    """The enemies' assignable damage once outnumbering cuts it by ``reduction``
    (``unknown.combat.outnumber``): off the total of the ``dealers``' points, or, under the
    ``outnumber-reduction`` reading ``each-enemy``, off each dealer's own 1 point."""
    if ruleset.outnumber_reduction == "each-enemy":
        return dealers * max(1 - reduction, 0)
    return max(dealers - reduction, 0)


def spreads(total: int, names: Sequence[str], caps: Goods | None = None) -> Iterator[Goods]:
    """Every way to split ``total`` points over ``names`` (each at most its cap, if given)."""
    if not names:
        if total == 0:
            yield ()
        return
    first, rest = names[0], names[1:]
    most = total if caps is None else min(total, count(caps, first))
    for n in range(most, -1, -1):
        for tail in spreads(total - n, rest, caps):
            yield (((first, n),) if n else ()) + tail


def assignments(plan: Round) -> list[AssignDamage]:
    """Every legal assignment of a round (``unknown.combat.damage-received``, ``unknown.combat.assign-cap``)."""
    found = []
    for to_enemies in spreads(len(plan.survivors), plan.enemies):
        owed = plan.owed(to_enemies)
        for to_survivors in spreads(owed, (*plan.survivors, *plan.allies), plan.caps):
            found.append(AssignDamage(to_survivors, to_enemies))
    return found


def rejection(state: UnknownState, at: Coord, plan: Round, decision: object) -> IllegalDecision:
    """Why ``decision`` is not a legal assignment of this round, naming the clause it breaks."""
    if not isinstance(decision, AssignDamage):
        return IllegalDecision(
            "unknown.combat.damage-received",
            f"close combat on {list(at)} waits for the players to assign damage, not {decision}",
        )
    for pairs in (decision.to_enemies, decision.to_survivors):
        if list(pairs) != sorted(dict(pairs).items()) or any(n <= 0 for _, n in pairs):
            return IllegalDecision(
                "unknown.combat.damage-received",
                f"write each piece once, sorted, with a positive count: {pairs}",
            )
    for who, _ in decision.to_enemies:
        if who not in plan.enemies:
            return IllegalDecision(
                "unknown.combat.damage-received", f"{who} is not an enemy on {list(at)}"
            )
    dealt = sum(n for _, n in decision.to_enemies)
    if dealt != len(plan.survivors):
        return IllegalDecision(
            "unknown.combat.damage-dealt",
            f"the {len(plan.survivors)} fighting survivor(s) deal {len(plan.survivors)} damage, "
            f"all of which must be assigned; {dealt} is",
        )
    down = {s.id for s in state.position.survivors_at(at) if s.incapacitated}
    for who, n in decision.to_survivors:
        if who in down:
            return IllegalDecision(
                "unknown.combat.assign-cap",
                f"{who} is already incapacitated and takes no more damage",
            )
        if who not in plan.survivors and who not in plan.allies:
            return IllegalDecision(
                "unknown.combat.damage-received", f"{who} is not a survivor fighting on {list(at)}"
            )
        if n > plan.cap(who):
            return IllegalDecision(
                "unknown.combat.assign-cap",
                f"{who} can be assigned at most {plan.cap(who)} damage (enough to incapacitate it), not {n}",
            )
    owed = plan.owed(decision.to_enemies)
    got = sum(n for _, n in decision.to_survivors)
    clause = (
        "unknown.combat.outnumber"
        if got > owed and plan.reduction
        else "unknown.combat.damage-received"
    )
    return IllegalDecision(
        clause,
        f"the enemies deal {owed} assignable damage this round "
        f"(reduced by {plan.reduction} for being outnumbered); {got} is assigned",
    )


def fight_round(
    state: UnknownState, at: Coord, plan: Round, choice: AssignDamage, rules: Rules | None = None
) -> Outcome:
    """Apply one round's damage, all at once (``unknown.combat.damage-received``)."""
    events: list[Event] = [
        event(
            "combat_round",
            "unknown.combat.damage-dealt",
            f"close combat on {list(at)}: {choice}",
            at=at,
            to_survivors=choice.to_survivors,
            to_enemies=choice.to_enemies,
        )
    ]
    if plan.reduction:
        events.append(
            event(
                "outnumbered",
                "unknown.combat.outnumber",
                f"the survivors outnumber the enemies: enemy damage is {plan.reduction} less",
                at=at,
                reduction=plan.reduction,
            )
        )
    if plan.area:
        events.append(
            event(
                "area_damage",
                "unknown.enemy.behemoth.area-damage",
                "the behemoth deals 1 damage to everything else on its tile",
                at=at,
                hit=plan.area,
            )
        )
    for who, _ in choice.to_enemies:
        if who in plan.stunned:
            events.append(
                event(
                    "retaliation",
                    "unknown.enemy.stunned-no-combat",
                    f"the stunned {who} strikes back for 1 damage",
                    enemy=who,
                )
            )
    for who in plan.survivors:
        amount = count(choice.to_survivors, who) + count(plan.area, who)
        if amount:
            state, more = damage_survivor(state, who, amount, "close combat")
            events.extend(more)
    for who in plan.allies:
        amount = count(choice.to_survivors, who) + count(plan.area, who)
        if amount:
            state, more = damage_ally(state, who, amount, "close combat")
            events.extend(more)
    for who in plan.enemies:
        amount = count(choice.to_enemies, who) + count(plan.area, who)
        if amount:
            state, more = damage_enemy(
                state, who, amount, "close combat", rules=rules, party=plan.survivors
            )
            events.extend(more)
    return state, tuple(events)


def base_defense(state: UnknownState, at: Coord, rules: Rules | None = None) -> Outcome:
    """Each active enemy on base removes 3 food then takes 1 damage, until none is active.

    Applies ``unknown.combat.base-defense``, ``unknown.combat.base-defense.repeat``,
    ``unknown.combat.base-defense.lose`` and ``unknown.enemy.brute.no-base-defense``. Each enemy
    in turn eats and is hurt; the order does not change whether the food suffices, since every
    step of every enemy needs 3 food from the same stockpile. The behemoth's area damage is a
    close-combat round effect and is not applied here (noted ``behemoth-base-defense``).
    """
    events: list[Event] = []
    kinds = enemy_kinds()
    skipped = [e.id for e in active_enemies(state.position, at) if kinds[e.kind].skips_base_defense]
    if skipped:
        events.append(
            event(
                "no_base_defense",
                "unknown.enemy.brute.no-base-defense",
                f"{', '.join(skipped)} takes no part in base defense",
                enemies=tuple(skipped),
            )
        )
    while True:
        raiders = [
            e.id for e in active_enemies(state.position, at) if not kinds[e.kind].skips_base_defense
        ]
        if not raiders:
            return state, tuple(events)
        for who in raiders:
            food = count(state.base, "food")
            if food < BASE_DEFENSE_FOOD:
                why = f"{who} needs {BASE_DEFENSE_FOOD} food from base during base defense; base has {food}"
                events.append(
                    event("base_overrun", "unknown.combat.base-defense.lose", why, enemy=who)
                )
                return replace(
                    state, outcome=("loss", "unknown.combat.base-defense.lose", why)
                ), tuple(events)
            state = replace(state, base=add(state.base, "food", -BASE_DEFENSE_FOOD))
            events.append(
                event(
                    "base_raided",
                    "unknown.combat.base-defense",
                    f"{who} removes {BASE_DEFENSE_FOOD} food from base ({food - BASE_DEFENSE_FOOD} left)",
                    enemy=who,
                    food=food - BASE_DEFENSE_FOOD,
                )
            )
            state, more = damage_enemy(state, who, 1, "base defense", rules=rules)
            events.extend(more)


@effect("close_combat")
@dataclass(frozen=True)
class CloseCombat:
    """A close combat under way on ``at``: rounds, then base defense if ``at`` is base."""

    at: Coord

    def node(self, rules: Rules, state: UnknownState) -> PlayerNode:
        plan = plan_round(state, self.at, rules.ruleset)
        return PlayerNode(
            player="players",
            legal=tuple(assignments(plan)),
            prompt=f"assign the damage of this close-combat round on {list(self.at)}",
            clause="unknown.combat.damage-received",
        )

    def settle(self, rules: Rules, state: UnknownState) -> Outcome | None:
        if not fight_goes_on(state.position, self.at):
            return self._finish(state, rules)
        plan = plan_round(state, self.at, rules.ruleset)
        options = assignments(plan)
        if len(options) == 1:
            return fight_round(state, self.at, plan, options[0], rules)
        return None

    def apply(self, rules: Rules, state: UnknownState, decision: object) -> Outcome:
        if not fight_goes_on(state.position, self.at):
            raise IllegalDecision(
                "unknown.combat.repeat",
                f"the close combat on {list(self.at)} is over: no round is left",
            )
        plan = plan_round(state, self.at, rules.ruleset)
        if decision not in assignments(plan):
            raise rejection(state, self.at, plan, decision)
        return fight_round(state, self.at, plan, decision, rules)  # type: ignore[arg-type]

    def _finish(self, state: UnknownState, rules: Rules | None = None) -> Outcome:
        state = replace(state, pending=state.pending[1:])
        ended = event(
            "combat_ended",
            "unknown.combat.repeat",
            f"close combat on {list(self.at)} is over",
            at=self.at,
        )
        if self.at != base_spot(state.position):
            return state, (ended,)
        state, more = base_defense(state, self.at, rules)
        return state, (ended, *more)
