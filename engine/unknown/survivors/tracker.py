"""Tracker (rulebook: Survivors, Tracker)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from engine.core.errors import IllegalDecision
from engine.core.rule_points import on
from engine.unknown.actions.move import Move
from engine.unknown.knockback import IGNORE_KNOCKBACK
from engine.unknown.map import range_between
from engine.unknown.outcome import Outcome, event
from engine.unknown.position import Coord
from engine.unknown.rules import Rules
from engine.unknown.state import UnknownState
from engine.unknown.survivors.runner import PerTurnFreeAction
from engine.unknown.survivors.trait import trait
from engine.unknown.turn.round import ABILITIES_LOST, TURN_DECISION, TURN_OPTIONS

FREE_APPROACHES = 1
"""Moves nearer an enemy the Tracker makes for 0 AP each turn (``unknown.survivor.tracker.free-approach``)."""


@dataclass(frozen=True)
class SetTargetable:
    """Decision (0 AP): the Tracker becomes targetable (``True``) or untargetable to every enemy."""

    who: str
    targetable: bool

    def __str__(self) -> str:
        return f"{self.who} becomes {'targetable' if self.targetable else 'untargetable'}"


@trait
class Tracker(PerTurnFreeAction):
    """Once per turn, a Move that cuts his range to any enemy (not only the nearest) costs 0 AP.

    Applies ``unknown.survivor.tracker.free-approach``. Range is the rulebook's (``unknown.range``),
    measured from where he stands and from the tile the Move is aimed at; an enemy he has no range
    to (no path) from either end does not count. He may ignore knockback whose source is an
    enemy, the first one too (``unknown.survivor.tracker.enemy-knockback``); a hazard's knockback
    he takes like anyone.

    The targetable choice (``unknown.survivor.tracker.untargetable``,
    ``unknown.survivor.tracker.all-enemies``) is :class:`SetTargetable`, offered for 0 AP at any
    point of his turn and kept in ``Survivor.untargetable``; enemy targeting and the start of
    close combat read it (``unknown.survivor.tracker.untargetable-effect``). Entering an enemy's
    tile while untargetable starts no fight; becoming targetable on an active enemy's tile starts
    one at once: that is how he opts to fight (``unknown.survivor.tracker.self-initiate``).
    """

    card = "tracker"
    key = "tracker.free-approach"
    limit = FREE_APPROACHES

    def qualifies(self, rules: Rules, state: UnknownState, action: Any) -> bool:
        if not isinstance(action, Move):
            return False
        here = state.position.survivor(action.who).at
        return any(
            self.nearer(rules, state, here, action.to, enemy.at) for enemy in state.position.enemies
        )

    def nearer(
        self, rules: Rules, state: UnknownState, here: Coord, there: Coord, enemy_at: Coord
    ) -> bool:
        """Whether the range to ``enemy_at`` is shorter from ``there`` than from ``here``."""
        before = range_between(state.position, here, enemy_at, rules.ruleset)
        after = range_between(state.position, there, enemy_at, rules.ruleset)
        return before is not None and after is not None and after < before

    @on(TURN_OPTIONS)
    def extra_options(self, rules: Rules, state: UnknownState, who: str) -> tuple[Any, ...]:
        tracker = state.position.survivor(who)
        if not tracker.has(self.card):
            return ()
        return (SetTargetable(who, tracker.untargetable),)

    @on(TURN_DECISION)
    def apply_extra(self, rules: Rules, state: UnknownState, decision: Any) -> Outcome | None:
        if not isinstance(decision, SetTargetable) or not self.has_trait(state, decision.who):
            return None
        tracker = state.position.survivor(decision.who)
        if tracker.untargetable != decision.targetable:
            raise IllegalDecision(
                "unknown.survivor.tracker.untargetable",
                f"{decision.who} is already {'targetable' if decision.targetable else 'untargetable'}",
            )
        chosen = replace(tracker, untargetable=not decision.targetable)
        state = state.with_position(state.position.with_survivor(chosen))
        events = [
            event(
                "targetable_set",
                "unknown.survivor.tracker.untargetable",
                f"{decision} (for every enemy at once)",
                who=decision.who,
                targetable=decision.targetable,
            )
        ]
        foes = [e for e in state.position.enemies_at(tracker.at) if not e.stunned]
        if decision.targetable and foes and not tracker.incapacitated:
            from engine.unknown.combat import CloseCombat

            events.append(
                event(
                    "close_combat",
                    "unknown.survivor.tracker.self-initiate",
                    f"{decision.who} takes on {', '.join(e.id for e in foes)} on his tile: close combat",
                    at=tracker.at,
                )
            )
            state = replace(state, pending=(CloseCombat(tracker.at), *state.pending))
        return state, tuple(events)

    @on(ABILITIES_LOST)
    def abilities_lost(
        self, rules: Rules, state: UnknownState, who: str, cards: tuple[str, ...]
    ) -> Outcome:
        """A survivor who gained the Tracker's abilities and loses them at upkeep
        (``unknown.survivor.strategist.duration``, ``unknown.task.radio.reward-talk``) without
        the Tracker's card of its own is targetable again: being untargetable is the Tracker's
        ability (``unknown.survivor.tracker.untargetable``)."""
        survivor = state.position.survivor(who)
        if self.card not in cards or survivor.has(self.card) or not survivor.untargetable:
            return state, ()
        state = state.with_position(
            state.position.with_survivor(replace(survivor, untargetable=False))
        )
        return state, (
            event(
                "targetable_set",
                "unknown.survivor.tracker.untargetable",
                f"{who} no longer has the tracker's abilities and is targetable again",
                who=who,
                targetable=True,
            ),
        )

    @on(IGNORE_KNOCKBACK)
    def may_ignore_knockback(
        self, rules: Rules, state: UnknownState, who: str, source_kind: str
    ) -> str | None:
        if not self.has_trait(state, who) or source_kind != "enemy":
            return None
        return "unknown.survivor.tracker.enemy-knockback"
