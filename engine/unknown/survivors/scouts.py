"""Scouts (rulebook: Survivors, Scouts)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from engine.core.errors import IllegalDecision
from engine.core.game import ChanceNode
from engine.core.rule_points import on
from engine.unknown.actions.explore import Drawn
from engine.unknown.effects import effect
from engine.unknown.outcome import Outcome, event
from engine.unknown.rules import Rules
from engine.unknown.state import TileStack, UnknownState, add, total
from engine.unknown.survivors.trait import Trait, trait
from engine.unknown.turn.round import TURN_DECISION, TURN_OPTIONS

if TYPE_CHECKING:
    from engine.unknown.rules import Rules

CLAUSE = "unknown.survivor.scouts.peek"
KEY = "scouts.peek"
"""Where the Scouts' one look per turn is counted in ``Survivor.used``."""
DRAWN = 5
"""Tiles drawn from the top of the stack (``unknown.survivor.scouts.peek``)."""
LOOKED_AT = 3
"""How many of them the Scouts look at (``unknown.survivor.scouts.peek``)."""


@dataclass(frozen=True)
class ScoutStack:
    """Decision: ``who`` (the Scouts) draws the top 5 tiles, looks at 3, shuffles the 5 back."""

    who: str

    def __str__(self) -> str:
        return f"{self.who} scouts the top {DRAWN} tiles of the stack"


def pile_in_hand(stack: TileStack) -> int:
    """Tiles in the pile being drawn now: the known top and the shuffled pool, not later piles
    (``unknown.survivor.scouts.split-stack``)."""
    return len(stack.top) + total(stack.rest)


@effect("scout_draw")
@dataclass(frozen=True)
class ScoutDraw:
    """The Scouts drawing tiles one by one from the pile being drawn (``CLAUSE``).

    Known top tiles come first; each further tile is a chance draw from what is left of the
    shuffled pool, like an Explore's. ``drawn`` are the tiles drawn so far (held in the Scouts'
    hands: the stack itself is rebuilt only when they are put back, so its size never changes);
    ``wanted`` how many in all: 5, or fewer when the pile holds fewer (only the scouted pile is
    drawn from, ``unknown.survivor.scouts.split-stack``). When done, the first 3 drawn are the
    ones looked at (the 5 are unordered face-down tiles, so which 3 is chance) and the 5 become a
    shuffled pile of their own on top of the stack, the rest of the scouted pile behind them.
    """

    who: str
    wanted: int
    drawn: tuple[str, ...] = ()

    def pool_left(self, stack: TileStack) -> tuple[tuple[str, int], ...]:
        """The shuffled pool less the tiles drawn from it."""
        pool = stack.rest
        for tile in self.drawn[len(stack.top) :]:
            pool = add(pool, tile, -1)
        return pool

    def node(self, rules: Rules, state: UnknownState) -> ChanceNode:
        pool = self.pool_left(state.stack)
        size = total(pool)
        return ChanceNode(
            tuple((Drawn(tile), Fraction(n, size)) for tile, n in pool),
            "the Scouts draw a tile from the shuffled stack",
            CLAUSE,
        )

    def settle(self, rules: Rules, state: UnknownState) -> Outcome | None:
        if len(self.drawn) >= self.wanted:
            return self.finish(state)
        top = state.stack.top
        if len(self.drawn) < len(top):
            return self.take(state, top[len(self.drawn)])
        pool = self.pool_left(state.stack)
        if len(pool) == 1:
            return self.take(state, pool[0][0])
        return None

    def apply(self, rules: Rules, state: UnknownState, decision: object) -> Outcome:
        pool = self.pool_left(state.stack)
        if not isinstance(decision, Drawn) or not any(t == decision.tile for t, _ in pool):
            raise IllegalDecision(CLAUSE, f"{decision} is not a tile left in the scouted pile")
        return self.take(state, decision.tile)

    def take(self, state: UnknownState, tile: str) -> Outcome:
        """One more tile drawn into the Scouts' hands."""
        ahead = replace(self, drawn=(*self.drawn, tile))
        return replace(state, pending=(ahead, *state.pending[1:])), ()

    def finish(self, state: UnknownState) -> Outcome:
        stack = state.stack
        pool: tuple[tuple[str, int], ...] = ()
        for tile in self.drawn:
            pool = add(pool, tile, 1)
        known = tuple(((t, 1),) for t in stack.top[len(self.drawn) :])  # one tile per pile
        piles = (*known, self.pool_left(stack), *stack.piles)
        back = TileStack((), pool, tuple(p for p in piles if p))
        seen = self.drawn[:LOOKED_AT]
        looked = event(
            "tiles_scouted",
            CLAUSE,
            f"{self.who} draws {len(self.drawn)} tiles, looks at {', '.join(seen)}, and shuffles "
            f"the {len(self.drawn)} back on top of the stack",
            who=self.who,
            seen=seen,
            drawn=len(self.drawn),
        )
        return replace(state, stack=back, pending=state.pending[1:]), (looked,)


@trait
class Scouts(Trait):
    """Once per turn, :class:`ScoutStack`: draw the top 5 tiles, look at 3, shuffle the 5 and put
    them back on top of the stack (``unknown.survivor.scouts.peek``).

    ``unknown.survivor.scouts.split-stack``: only the pile being drawn is scouted (fewer than 5
    when it holds fewer). The look is a trait, not an action: under the switch
    ``scouts-peek-cost`` it is ``free`` or costs 1 AP (``one-ap``). The 5 become their own first pile
    of the stack (``TileStack.rest``), so a mission shuffling tiles back
    (``unknown.survivor.scouts.shuffle-missions``) must shuffle them into the piles behind.
    """

    card = "scouts"

    def cost(self, rules: Rules) -> int:
        """The AP the look costs under the switch in force."""
        return 1 if rules.ruleset.scouts_peek_cost == "one-ap" else 0

    @on(TURN_OPTIONS)
    def extra_options(self, rules: Rules, state: UnknownState, who: str) -> tuple[Any, ...]:
        try:
            self.check(rules, state, ScoutStack(who))
        except IllegalDecision:
            return ()
        return (ScoutStack(who),)

    def check(self, rules: Rules, state: UnknownState, decision: ScoutStack) -> None:
        """Refuse a look the Scouts may not take now, naming the clause."""
        if state.turn != decision.who:
            raise IllegalDecision(
                "unknown.turn.finish-before-next", f"it is not {decision.who}'s turn"
            )
        if not self.has_trait(state, decision.who):
            raise IllegalDecision(CLAUSE, f"{decision.who} is not the Scouts")
        scouts = state.position.survivor(decision.who)
        if scouts.incapacitated:
            raise IllegalDecision(
                "unknown.injury.incapacitated", f"{decision.who} is incapacitated and cannot act"
            )
        if scouts.uses(KEY) >= 1:
            raise IllegalDecision(CLAUSE, f"{decision.who} has already scouted the stack this turn")
        if not state.stack.size:
            raise IllegalDecision(CLAUSE, "the tile stack is empty")
        if scouts.ap < self.cost(rules):
            raise IllegalDecision(
                "unknown.turn.survivor-actions", f"{decision.who} has no AP left for the look"
            )

    @on(TURN_DECISION)
    def apply_extra(self, rules: Rules, state: UnknownState, decision: Any) -> Outcome | None:
        if not isinstance(decision, ScoutStack):
            return None
        self.check(rules, state, decision)
        scouts = state.position.survivor(decision.who).with_use(KEY)
        scouts = replace(scouts, ap=scouts.ap - self.cost(rules))
        state = state.with_position(state.position.with_survivor(scouts))
        wanted = min(DRAWN, pile_in_hand(state.stack))
        draw = ScoutDraw(decision.who, wanted)
        started = event(
            "trait_used",
            CLAUSE,
            f"{decision.who} draws the top {wanted} tiles of the stack (once per turn)",
            who=decision.who,
            ap=self.cost(rules),
        )
        return replace(state, pending=(draw, *state.pending)), (started,)
