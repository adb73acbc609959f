"""Hunter (rulebook: Survivors, Hunter)."""

from __future__ import annotations

from typing import Any

from engine.core.rule_points import on
from engine.unknown.actions.base import ACTION_AP, ACTION_TAKEN
from engine.unknown.actions.gather import GATHER_BONUS
from engine.unknown.actions.trade import AFTER_TRANSFER
from engine.unknown.actions.trap import TRAP_SOURCE, CreateTrap, PlaceTrap
from engine.unknown.health import DAMAGE_CREDIT, ENEMY_KILLED
from engine.unknown.outcome import Outcome, event
from engine.unknown.rules import Rules
from engine.unknown.state import UnknownState
from engine.unknown.survivors.trait import Trait, trait

FOOD_DROPPED = 1
"""Food tokens an enemy the Hunter kills leaves where it died (``unknown.survivor.hunter.food-drop``)."""
MARKER = "hunter_trap"
"""Token kind reminding that a trap on the tile was set by the Hunter
(``unknown.survivor.hunter.trap-marker``: the card's food reminder; not food, never gathered)."""
SETS_TRAP = (CreateTrap, PlaceTrap)
"""The actions that set a trap on a tile (``unknown.survivor.hunter.trap-marker``)."""


@trait
class Hunter(Trait):
    """Create Trap costs her 0 AP (``unknown.survivor.hunter.trap-free``); an enemy she kills
    with a ranged attack, a trap she set or in close combat leaves 1 food token on the tile where
    it died (``unknown.survivor.hunter.food-drop``).

    A kill is hers when the damage that killed it is credited to her (``damage_enemy``'s ``by``):
    her Ranged Attack; close combat she fought, alone or (switch ``hunter-combat-kill``: ``took-part``)
    with others (``DAMAGE_CREDIT``); a trap she set, marked by a ``hunter_trap`` token on its tile
    (``unknown.survivor.hunter.trap-marker``). On a tile with traps of hers and others', hers
    spring first (the players choose the order). Markers never outnumber the traps on a tile:
    traps picked up by a Gather or a trade take theirs along.
    """

    card = "hunter"

    @on(ACTION_AP)
    def ap_cost(self, rules: Rules, state: UnknownState, action: Any, cost: int) -> int:
        if isinstance(action, CreateTrap) and self.takes(state, action):
            return 0
        return cost

    @on(ACTION_TAKEN)
    def on_action(self, rules: Rules, state: UnknownState, action: Any) -> UnknownState:
        """Mark a trap she sets on a tile (the trap itself is laid when the action resolves)."""
        at = getattr(action, "at", None)
        if not isinstance(action, SETS_TRAP) or at is None:
            return state
        if not self.takes(state, action):
            return state
        return state.with_position(state.position.with_tokens(at, MARKER, 1))

    @on(DAMAGE_CREDIT)
    def credit(
        self,
        rules: Rules,
        state: UnknownState,
        enemy: Any,
        cause: str,
        party: tuple[str, ...],
        source: str | None = None,
    ) -> tuple[UnknownState, str | None]:
        """A trap's damage (``source`` ``TRAP_SOURCE``, set by ``spring_trap``) is hers when a
        marker of hers lies on the tile (``unknown.survivor.hunter.trap-marker``); pooled close
        combat damage as the switch ``hunter-combat-kill`` says (``unknown.survivor.hunter.food-drop``)."""
        hunters = [s.id for s in self.holders(state)]
        if source == TRAP_SOURCE:
            marked = state.position.tokens_at.get(enemy.at, {}).get(MARKER, 0)
            if not marked:
                return state, None
            state = state.with_position(state.position.with_tokens(enemy.at, MARKER, -1))
            return state, (hunters[0] if hunters else None)
        fighting = [who for who in party if who in hunters]
        if not fighting:
            return state, None
        alone = rules.ruleset.hunter_combat_kill == "fought-alone"
        if alone and len(party) > 1:
            return state, None
        return state, fighting[0]

    @on(ENEMY_KILLED)
    def on_kill(self, rules: Rules, state: UnknownState, enemy: Any, killer: str | None) -> Outcome:
        if not self.has_trait(state, killer):
            return state, ()
        state = state.with_position(state.position.with_tokens(enemy.at, "food", FOOD_DROPPED))
        dropped = event(
            "food_dropped",
            "unknown.survivor.hunter.food-drop",
            f"{enemy.id}, killed by the Hunter {killer}, drops {FOOD_DROPPED} food on "
            f"{list(enemy.at)}",
            enemy=enemy.id,
            at=enemy.at,
            amount=FOOD_DROPPED,
        )
        return state, (dropped,)

    @on(GATHER_BONUS)
    def gather_bonus(
        self,
        rules: Rules,
        state: UnknownState,
        action: Any,
        flipped: tuple[Any, ...],
        from_tiles: int,
    ) -> Outcome:
        return _clamped(state), ()

    @on(AFTER_TRANSFER)
    def after_transfer(self, rules: Rules, state: UnknownState, who: str, move: Any) -> Outcome:
        return _clamped(state), ()


def _clamped(state: UnknownState) -> UnknownState:
    """``state`` with no tile holding more trap markers than traps."""
    position = state.position
    for at, kinds in position.tokens_at.items():
        extra = kinds.get(MARKER, 0) - kinds.get("trap", 0)
        if extra > 0:
            position = position.with_tokens(at, MARKER, -extra)
    return state.with_position(position) if position is not state.position else state
