"""What every survivor action shares (rulebook: Actions).

An action is a frozen dataclass naming the survivor (``who``) and its choices. The engine lists
an action's legal instances by filtering its ``candidates`` through its ``check`` — one source of
truth for what the rules allow — charges its AP (:func:`ap_cost`), then calls ``resolve``.

What an action uses up is declared data (``Action.USES``, or its ``uses`` where it depends on
the state), read by the action's own cost and by the traits that care (:func:`uses_up`). The
module declares the rule points every action shares: its AP cost, the resources it uses up,
AP gained once it is resolved, and what taking it uses of a trait's allowances.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, ClassVar

from engine.core.errors import IllegalDecision
from engine.core.frozen import evolve
from engine.core.rule_points import RulePoint, total, transform, update
from engine.unknown.map import line_of_sight, per_map, range_between
from engine.unknown.outcome import Outcome, event

__all__ = [
    "Action",
    "Outcome",
    "event",
    "actor",
    "within_reach",
    "require_reach",
    "tile_free_of_enemies",
    "require_no_enemy",
    "require_goods",
]
from engine.unknown.position import Coord, Survivor
from engine.unknown.state import Goods, UnknownState, count

if TYPE_CHECKING:
    from engine.unknown.rules import Rules

ACTION_AP = RulePoint(
    "an action's AP cost",
    transform,
    """AP an action costs (the action's own ``ap``: 1 unless a rule says otherwise,
    ``unknown.action.standard``): ``handler(rules, state, action, cost) -> cost``, e.g. the Runner's free
    moves. Never below 0 (:func:`ap_cost`).""",
)
RESOURCE_COST = RulePoint(
    "the resources an action uses up",
    transform,
    """Tokens of one kind an action uses up (its declared ``uses``):
    ``handler(rules, state, action, kind, amount) -> amount``, e.g. the Doctor's medicine
    discount (``unknown.survivor.doctor.medicine-discount``).""",
)
AP_AFTER_ACTION = RulePoint(
    "AP gained once an action is resolved",
    total,
    """Extra AP the taker gains once an action is resolved: ``handler(rules, state, action,
    survivor) -> int``, summed; ``state`` is before its AP was paid (the Mechanic's scrap
    bonus, ``unknown.survivor.mechanic.scrap-free``).""",
)
ACTION_TAKEN = RulePoint(
    "taking an action",
    update,
    """What taking an action uses of a trait's per-turn allowances:
    ``handler(rules, state, action) -> state`` (checked, AP not yet paid), e.g. a use noted in
    ``Survivor.used`` (``unknown.survivor.runner.free-moves``).""",
)

ACTED = "turn.actions"
"""The key under which :func:`note_action` counts a survivor's actions this turn in
``Survivor.used`` (gained start-of-turn abilities work only before any,
``unknown.survivor.strategist.start-of-turn``)."""


class Action:
    """Base class of the standard actions and of the actions missions and tasks add."""

    name: ClassVar[str]
    clause: ClassVar[str]
    ap: ClassVar[int] = 1
    USES: ClassVar[Goods] = ()
    """What the action uses up before the rule points change it (kind, amount)."""
    who: str

    def uses(self, state: UnknownState) -> Goods:
        """What this action uses up in ``state`` before the rule points change it: ``USES`` unless
        the action says otherwise (a tile's clear cost, a heal of oneself or another)."""
        return type(self).USES

    @classmethod
    def candidates(cls, rules: Rules, state: UnknownState, who: str) -> Iterable[Action]:
        """Every instance worth checking for ``who`` (a superset of the legal ones)."""
        return ()

    @classmethod
    def options(cls, rules: Rules, state: UnknownState, who: str) -> Iterator[Action]:
        """The legal instances: the candidates that pass ``check``."""
        for action in cls.candidates(rules, state, who):
            try:
                action.check(rules, state)
            except IllegalDecision:
                continue
            yield action

    def check(self, rules: Rules, state: UnknownState) -> None:
        """Raise ``IllegalDecision`` naming the clause if the rules forbid this action here."""

    def resolve(self, rules: Rules, state: UnknownState) -> Outcome:
        """Carry the action out (its AP is already paid)."""
        raise NotImplementedError


def actor(state: UnknownState, who: str) -> Survivor:
    """The survivor taking the action."""
    return state.position.survivor(who)


@per_map
def within_reach(
    rules: Rules, state: UnknownState, origin: Coord, target: Coord, reach: int = 1
) -> bool:
    """Within ``reach`` range and in line of sight: the default reach of every action.

    Applies ``unknown.action.defaults``.
    """
    distance = range_between(state.position, origin, target, rules.ruleset)
    return (
        distance is not None
        and distance <= reach
        and line_of_sight(state.position, origin, target, rules.ruleset)
    )


def require_reach(
    rules: Rules, state: UnknownState, origin: Coord, target: Coord, reach: int = 1
) -> None:
    """``IllegalDecision`` unless ``target`` is within ``reach`` and in line of sight."""
    if not within_reach(rules, state, origin, target, reach):
        raise IllegalDecision(
            "unknown.action.defaults",
            f"{list(target)} is not within range {reach} and line of sight of {list(origin)}",
        )


def tile_free_of_enemies(state: UnknownState, at: Coord) -> bool:
    """No enemy able to block stands there: a stunned one does not (``unknown.enemy.stunned-passive``)."""
    enemies = state.position.enemies_at(at)
    return not enemies or all(e.stunned for e in enemies)


def require_no_enemy(state: UnknownState, at: Coord) -> None:
    """Actions affecting a tile may not target one an active enemy occupies.

    Applies ``unknown.action.enemy-occupied`` and ``unknown.enemy.blocks-interaction``.
    """
    if not tile_free_of_enemies(state, at):
        raise IllegalDecision(
            "unknown.action.enemy-occupied",
            f"an enemy occupies {list(at)}, so it cannot be targeted",
        )


def require_goods(survivor: Survivor, kind: str, amount: int, clause: str) -> None:
    """``IllegalDecision`` unless the survivor carries ``amount`` tokens of ``kind``."""
    have = count(survivor.goods, kind)
    if have < amount:
        raise IllegalDecision(clause, f"{survivor.id} carries {have} {kind}, needs {amount}")


def uses_up(state: UnknownState, action: object) -> dict[str, int]:
    """What ``action`` uses up before the rule points: kind -> amount (nothing for Trade, nor
    for a decision that is no action). Read by the traits that care
    (``unknown.survivor.doctor.scope``, ``unknown.survivor.mechanic.scope``)."""
    if not isinstance(action, Action):
        return {}
    return {kind: amount for kind, amount in action.uses(state) if amount > 0}


def resource_costs(rules: Rules, state: UnknownState, action: Action) -> dict[str, int]:
    """What ``action`` uses up after the rule points in play (:data:`RESOURCE_COST`)."""
    return {
        kind: rules.ask(RESOURCE_COST, state, action, kind, amount)
        for kind, amount in action.uses(state)
    }


def ap_cost(rules: Rules, state: UnknownState, action: Action) -> int:
    """AP ``action`` costs after the rule points in play (:data:`ACTION_AP`), never below 0."""
    return max(rules.ask(ACTION_AP, state, action, type(action).ap), 0)


def ap_after(rules: Rules, state: UnknownState, action: Action) -> int:
    """Extra AP the taker of ``action`` gains once it is resolved (:data:`AP_AFTER_ACTION`)."""
    return rules.ask(AP_AFTER_ACTION, state, action, state.position.survivor(action.who))


def note_action(rules: Rules, state: UnknownState, action: Action) -> UnknownState:
    """``state`` with what taking ``action`` uses of the allowances in play noted
    (:data:`ACTION_TAKEN`), and the taker's count of actions this turn (:data:`ACTED`) one higher."""
    state = rules.ask(ACTION_TAKEN, state, action)
    taker = state.position.survivor(action.who).with_use(ACTED)
    return state.with_position(state.position.with_survivor(taker))


def gain_ap(state: UnknownState, who: str, bonus: int) -> Outcome:
    """Give ``who`` the ``bonus`` AP an action earned (not while incapacitated), with an event."""
    survivor = state.position.survivor(who)
    if bonus <= 0 or survivor.incapacitated:
        return state, ()
    raised = evolve(survivor, ap=survivor.ap + bonus)
    gained = event(
        "bonus_ap",
        "unknown.turn.survivor-actions",
        f"{who} gains {bonus} AP from a trait ({raised.ap} left)",
        who=who,
        ap=bonus,
    )
    state = state.with_position(state.position.with_survivor(raised))
    return state, (gained,)
