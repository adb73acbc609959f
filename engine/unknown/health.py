"""Health of survivors, enemies and allies (rulebook: Injury and Incapacitation; Create Armor;
Allies)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from engine.core.game import Event
from engine.core.rule_points import RulePoint, chain, first_outcome
from engine.unknown.catalog import enemy_kinds
from engine.unknown.outcome import Outcome, event
from engine.unknown.position import HEALTH_STATES, Enemy
from engine.unknown.state import UnknownState, add, count

if TYPE_CHECKING:
    from engine.unknown.rules import Rules

DAMAGE_CREDIT = RulePoint(
    "whose damage it is",
    first_outcome,
    """The survivor credited with damage to an enemy that no single survivor dealt (a trap's:
    ``source`` ``"trap"``; close combat's pooled damage, ``party`` the fighters):
    ``handler(rules, state, enemy, cause, party, source) -> (state, who | None)``; the state may
    note what the credit used up (``unknown.survivor.hunter.trap-marker``). The first answer
    stands.""",
)
ENEMY_KILLED = RulePoint(
    "an enemy killed",
    chain,
    """What follows once an enemy (as it was before the killing blow) is killed
    (``unknown.enemy.removed-on-death``): ``handler(rules, state, enemy, killer) -> (state,
    events)``, ``killer`` a survivor id or ``None`` (``unknown.survivor.hunter.food-drop``).""",
)


def damage_survivor(
    state: UnknownState, who: str, amount: int, cause: str
) -> tuple[UnknownState, tuple[Event, ...]]:
    """Deal ``amount`` damage to a survivor: armor first, then one health step per point.

    Applies ``unknown.action.create-armor.absorb`` (each armor token stops 1 damage),
    ``unknown.injury.damage-step`` and ``unknown.injury.ap-cost`` (becoming injured costs 1 AP
    of the turn in progress).
    """
    survivor = state.position.survivor(who)
    events: list[Event] = []
    armor = min(count(survivor.goods, "armor"), amount)
    if armor:
        survivor = replace(survivor, goods=add(survivor.goods, "armor", -armor))
        events.append(
            event(
                "armor_spent",
                "unknown.action.create-armor.absorb",
                f"{who} spends {armor} armor against {cause}",
                who=who,
                armor=armor,
            )
        )
    for _ in range(amount - armor):
        step = HEALTH_STATES.index(survivor.health)
        if step == len(HEALTH_STATES) - 1:
            break
        health = HEALTH_STATES[step + 1]
        ap = (
            survivor.ap - 1
            if health == "injured"
            else 0
            if health == "incapacitated"
            else survivor.ap
        )
        survivor = replace(survivor, health=health, ap=max(ap, 0))
        events.append(
            event(
                "damaged",
                "unknown.injury.damage-step",
                f"{who} takes 1 damage from {cause} and is {health}",
                who=who,
                health=health,
            )
        )
    return state.with_position(state.position.with_survivor(survivor)), tuple(events)


def heal_survivor(state: UnknownState, who: str) -> tuple[UnknownState, tuple[Event, ...]]:
    """Improve a survivor's health by one step (``unknown.injury.heal-step``)."""
    survivor = state.position.survivor(who)
    step = HEALTH_STATES.index(survivor.health)
    if step == 0:
        return state, ()
    health = HEALTH_STATES[step - 1]
    survivor = replace(survivor, health=health)
    healed = event(
        "healed", "unknown.injury.heal-step", f"{who} is healed to {health}", who=who, health=health
    )
    return state.with_position(state.position.with_survivor(survivor)), (healed,)


def damage_enemy(
    state: UnknownState,
    enemy_id: str,
    amount: int,
    cause: str,
    by: str | None = None,
    rules: Rules | None = None,
    party: tuple[str, ...] = (),
    source: str | None = None,
) -> tuple[UnknownState, tuple[Event, ...]]:
    """Deal damage to an enemy: injured while it has health left, removed when killed.

    Applies ``unknown.injury.enemy-injured``, ``unknown.enemy.removed-on-death`` and the
    Brute's ``unknown.enemy.brute.stun`` (unlimited health; damage stuns it). ``by`` is the
    survivor credited with the damage (``None`` when none is); on a kill, ``rules`` (when given)
    lets the rule points in play react (:data:`ENEMY_KILLED`) (e.g.
    ``unknown.survivor.hunter.food-drop``). Damage no single survivor dealt (a trap's; close
    combat's, ``party`` being its fighters) is credited as :data:`DAMAGE_CREDIT` says; ``source``
    says what dealt it as data (``"trap"`` for a sprung trap), ``cause`` is only its wording.
    """
    enemy: Enemy = state.position.piece(enemy_id)  # type: ignore[assignment]
    if by is None and rules is not None:
        state, by = rules.ask(DAMAGE_CREDIT, state, enemy, cause, party, source)
    kind = enemy_kinds()[enemy.kind]
    health = kind.health
    if kind.unharmed_by_damage:
        return state, (
            event(
                "unharmed",
                "unknown.mission.behemoth.base-loss",
                f"{enemy_id} cannot be harmed by damage ({cause} does nothing)",
                enemy=enemy_id,
            ),
        )
    if health is None:
        stunned = replace(enemy, stunned=True)
        return state.with_position(state.position.with_enemy(stunned)), (
            event(
                "stunned",
                "unknown.enemy.brute.stun",
                f"{enemy_id} is stunned by {cause}",
                enemy=enemy_id,
            ),
        )
    damage = enemy.damage + amount
    if damage >= health:
        killed = event(
            "killed",
            "unknown.enemy.removed-on-death",
            f"{enemy_id} is killed by {cause}",
            enemy=enemy_id,
            at=enemy.at,
            **({"by": by} if by is not None else {}),
        )
        state = state.with_position(state.position.without_enemy(enemy_id))
        if rules is None:
            return state, (killed,)
        state, more = rules.ask(ENEMY_KILLED, state, enemy, by)
        return state, (killed, *more)
    hurt = replace(enemy, damage=damage)
    return state.with_position(state.position.with_enemy(hurt)), (
        event(
            "enemy_injured",
            "unknown.injury.enemy-injured",
            f"{enemy_id} takes {amount} damage from {cause} ({health - damage} left)",
            enemy=enemy_id,
            damage=damage,
        ),
    )


# -- allies ------------------------------------------------------------------------------------


def damage_ally(state: UnknownState, ally_id: str, amount: int, cause: str) -> Outcome:
    """Any damage incapacitates an ally: it has 1 health.

    Applies ``unknown.ally.stats`` and ``unknown.mission.stragglers.health`` (an injury token
    marks it; here ``Ally.health`` is ``incapacitated``).
    """
    hurt = state.position.ally(ally_id)
    if amount <= 0 or hurt.incapacitated:
        return state, ()
    down = replace(hurt, health="incapacitated")
    hit = event(
        "ally_incapacitated",
        "unknown.mission.stragglers.health",
        f"{ally_id} takes {amount} damage from {cause} and is incapacitated",
        ally=ally_id,
        amount=amount,
    )
    return state.with_position(state.position.with_ally(down)), (hit,)


def heal_ally(state: UnknownState, ally_id: str) -> Outcome:
    """One heal restores an incapacitated ally fully (``unknown.mission.stragglers.health``)."""
    healed = replace(state.position.ally(ally_id), health="healthy")
    done = event(
        "ally_healed",
        "unknown.mission.stragglers.health",
        f"{ally_id} is healed and healthy again",
        ally=ally_id,
    )
    return state.with_position(state.position.with_ally(healed)), (done,)
