"""Unknown driven through the core interface (PRINCIPLES §2–3).

``UnknownGame.node(state)`` says who decides next:

1. a finished game is terminal (its outcome names the clause that ended it);
2. otherwise the head of the pending-effect queue decides (a knockback asks where a piece ends,
   an explore draw is a chance node, ...);
3. otherwise, during survivor actions, the players pick who goes next, or the survivor on turn
   picks an action (or ends its turn);
4. a state with no round in progress (``phase`` None: a map fragment) is idle.

``apply`` routes a decision to the same place, then ``settle`` runs everything that needs no
decision: forced effects, phases without choices, and the mission's win check.
"""

from __future__ import annotations

import engine.unknown.survivors  # noqa: F401 - the survivor cards register their rule points
import engine.unknown.tasks  # noqa: F401 - the tasks register their rule points
from engine.core.errors import IllegalDecision
from engine.core.frozen import evolve
from engine.core.game import Event, IdleNode, Node, PlayerNode, Step, TerminalNode
from engine.unknown.actions import ACTIONS, MORE_ACTIONS
from engine.unknown.actions.base import (
    Action,
    Outcome,
    ap_after,
    ap_cost,
    event,
    gain_ap,
    note_action,
)
from engine.unknown.actions.clear import TILES_CLEARED
from engine.unknown.forfeit import Forfeit, forfeit, forfeit_options
from engine.unknown.hazards.blaze import rekindle
from engine.unknown.knockback import Knockback, KnockTo
from engine.unknown.missions import MISSIONS
from engine.unknown.position import UnknownPosition
from engine.unknown.rules import Rules
from engine.unknown.ruleset import DEFAULT, Ruleset
from engine.unknown.state import UnknownState
from engine.unknown.turn.round import (
    TURN_DECISION,
    TURN_OPTIONS,
    EndTurn,
    StartTurn,
    advance,
    end_turn,
    start_turn,
    waiting,
)

__all__ = ["Knockback", "KnockTo", "UnknownGame", "UnknownState"]


class UnknownGame:
    """The Unknown reference engine, with the interpretation switches of ``ruleset``."""

    name = "unknown"

    def __init__(self, ruleset: Ruleset = DEFAULT) -> None:
        self.ruleset = ruleset
        self.rules = Rules(ruleset)

    def start(
        self, position: UnknownPosition, *effects: object
    ) -> tuple[UnknownState, tuple[Event, ...]]:
        """A map fragment with ``effects`` pending, after resolving whatever is forced."""
        return self.settle(UnknownState(position, pending=tuple(effects)))

    # -- who decides ------------------------------------------------------------------------
    def node(self, state: UnknownState) -> Node:
        """Who decides next, and what they may decide."""
        if state.outcome is not None:
            result, clause, _ = state.outcome
            return TerminalNode(result, clause)
        if state.pending:
            return state.pending[0].node(self.rules, state)
        if state.phase != "survivor_actions":
            return IdleNode()
        if state.turn is None:
            return PlayerNode(
                player="players",
                legal=tuple(StartTurn(who) for who in waiting(state)),
                prompt="choose which survivor takes its turn next",
                clause="unknown.turn.group-picks-next",
            )
        return PlayerNode(
            player=state.turn,
            legal=(
                *self.actions(state, state.turn),
                *self.rules.ask(TURN_OPTIONS, state, state.turn),
                *forfeit_options(state),
                EndTurn(state.turn),
            ),
            prompt=f"{state.turn}: choose an action or end the turn",
            clause="unknown.turn.survivor-actions",
        )

    def actions(self, state: UnknownState, who: str) -> tuple[Action, ...]:
        """Every legal action for ``who`` now, affordable with its AP left."""
        survivor = state.position.survivor(who)
        if survivor.incapacitated:
            return ()
        found: list[Action] = []
        for kind in (*ACTIONS, *self.rules.ask(MORE_ACTIONS, state)):
            for action in kind.options(self.rules, state, who):
                # below 0 AP (Refugees) only 0-AP actions are left: the Runner example
                if ap_cost(self.rules, state, action) <= max(survivor.ap, 0):
                    found.append(action)
        return tuple(found)

    # -- applying decisions -----------------------------------------------------------------
    def apply(self, state: UnknownState, decision: object) -> Step:
        """Apply ``decision``; ``IllegalDecision`` (naming the clause) leaves ``state`` as it was."""
        if state.outcome is not None:
            raise IllegalDecision(state.outcome[1], f"the game is over ({state.outcome[2]})")
        before = state
        if state.pending:
            state, events = state.pending[0].apply(self.rules, state, decision)
        elif isinstance(decision, StartTurn) and state.phase == "survivor_actions":
            state, events = start_turn(self.rules, state, decision.who)
        elif isinstance(decision, EndTurn) and state.phase == "survivor_actions":
            state, events = end_turn(self.rules, state, decision.who)
        elif isinstance(decision, Forfeit) and state.phase == "survivor_actions":
            state, events = forfeit(self.rules, state, decision)
        elif isinstance(decision, Action) and state.phase == "survivor_actions":
            state, events = self.act(state, decision)
        elif (
            state.phase == "survivor_actions"
            and (extra := self.rules.ask(TURN_DECISION, state, decision)) is not None
        ):
            state, events = extra
        else:
            raise IllegalDecision(
                "unknown.turn.phases", f"{decision} is not a decision anyone may take now"
            )
        state, cleared = self._note_cleared(before, state)
        state, more = self.settle(state)
        return Step(state, events + cleared + more)

    def act(self, state: UnknownState, action: Action) -> Outcome:
        """Check an action, charge its AP, and carry it out (``unknown.action.one-at-a-time``)."""
        if state.turn != action.who:
            raise IllegalDecision(
                "unknown.turn.finish-before-next", f"it is not {action.who}'s turn ({action})"
            )
        survivor = state.position.survivor(action.who)
        if survivor.incapacitated:
            raise IllegalDecision(
                "unknown.injury.incapacitated", f"{action.who} is incapacitated and cannot act"
            )
        cost = ap_cost(self.rules, state, action)
        if cost > max(survivor.ap, 0):  # AP may be below 0 (``unknown.mission.refugees.carry``)
            raise IllegalDecision(
                "unknown.turn.survivor-actions",
                f"{action.who} has {survivor.ap} AP left; {action.name} costs {cost}",
            )
        action.check(self.rules, state)
        bonus = ap_after(self.rules, state, action)
        state = note_action(self.rules, state, action)
        survivor = state.position.survivor(action.who)
        paid = evolve(survivor, ap=survivor.ap - cost)
        state = state.with_position(state.position.with_survivor(paid))
        spent = event(
            "action",
            type(action).clause,
            f"{action.who}: {action} ({cost} AP, {paid.ap} left)",
            who=action.who,
            action=action.name,
            ap=cost,
        )
        state, events = action.resolve(self.rules, state)
        state, gained = gain_ap(state, action.who, bonus)
        return state, (spent, *events, *gained)

    def settle(self, state: UnknownState) -> Outcome:
        """Resolve everything that needs no decision, and check whether the mission is won."""
        events: tuple[Event, ...] = ()
        while state.outcome is None:
            won = self._mission_won(state)
            if won is not None:
                return won[0], events + won[1]
            before = state
            if state.pending:
                step = state.pending[0].settle(self.rules, state)
            else:
                step = rekindle(self.rules, state) or advance(self.rules, state)
            if step is None:
                break
            state, more = step
            state, cleared = self._note_cleared(before, state)
            events += more + cleared
        return state, events

    def _note_cleared(self, before: UnknownState, after: UnknownState) -> Outcome:
        """``after`` with the reaction in play to tiles flipped to cleared since ``before``.

        The one place every flip is seen, whatever caused it (Clear Tile, a Gather, a flood, a
        trait or a mission action): e.g. Onslaught counts cleared lairs
        (``unknown.mission.onslaught.tracking``). A tile newly laid is not a flip.
        """
        if before.position.tiles is after.position.tiles:
            return after, ()
        was = before.position.tile_at
        spots = tuple(
            t.at
            for t in after.position.tiles
            if t.cleared and t.at in was and not was[t.at].cleared and was[t.at].tile == t.tile
        )
        if not spots:
            return after, ()
        return self.rules.ask(TILES_CLEARED, after, spots)

    def _mission_won(self, state: UnknownState) -> Outcome | None:
        """The won state once the mission is complete (``unknown.mission.completion-moment``),
        and the task too when one is in play (``unknown.mission.win``)."""
        check = MISSIONS.get(state.mission or "")
        why = check(state) if check else None
        if why is None or (state.task is not None and not state.task_complete):
            return None
        # with a task in play the win is the mission plus the task (``unknown.mission.win``)
        clause = (
            "unknown.mission.win"
            if state.task is not None
            else f"unknown.mission.{state.mission}.goal"
        )
        won = event(
            "mission_complete", "unknown.game.ends-on-mission-complete", f"the survivors win: {why}"
        )
        return evolve(state, outcome=("win", clause, why)), (won,)
