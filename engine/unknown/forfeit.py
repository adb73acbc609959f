"""Forfeiture and respawn (rulebook: Forfeiture and Respawn).

During a survivor's own turn, while base holds at least 4 resources, the players may forfeit it,
incapacitated or not (:class:`Forfeit`, ``unknown.respawn.condition``). Then, in order:

1. every token on its card drops onto its tile (``unknown.respawn.drop``);
2. a random unused survivor card replaces its card, without starting resources
   (:class:`RespawnDraw`, a chance node of :class:`Recruit` outcomes, ``unknown.respawn.draw``);
3. the meeple moves to base, healthy, carrying nothing (``unknown.respawn.meeple``);
4. base pays 4 resources, the players choosing which (:class:`RespawnPay`, decision
   :class:`PayBase`, ``unknown.respawn.cost``).

What happens to the turn afterwards is the ``respawn-turn`` interpretation switch. Forfeiting is
not an action: it costs no AP and an incapacitated survivor may do it. :func:`forfeit_options`
and :func:`forfeit` are what ``UnknownGame.node`` and ``UnknownGame.apply`` call.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING

from engine.core.errors import IllegalDecision
from engine.core.game import ChanceNode, Event, PlayerNode
from engine.unknown.combat import CloseCombat, base_spot, canonical, combat_starts
from engine.unknown.effects import effect
from engine.unknown.outcome import Outcome, event
from engine.unknown.state import Goods, UnknownState, add, bag, count, total
from engine.unknown.turn.round import end_turn, starting_ap

if TYPE_CHECKING:
    from engine.unknown.rules import Rules

RESOURCES: tuple[str, ...] = ("ammo", "food", "medicine", "scrap")
"""The resource kinds (``unknown.component.resource-tokens``) that count towards and pay the cost."""

RESPAWN_COST = 4
"""Resources base pays for a respawn (``unknown.respawn.cost``)."""


@dataclass(frozen=True)
class Forfeit:
    """Decision: give up survivor ``who`` and train a new one at base."""

    who: str

    def __str__(self) -> str:
        return f"forfeit {self.who}"


@dataclass(frozen=True)
class Recruit:
    """Chance outcome: the unused survivor card drawn for the respawn."""

    card: str

    def __str__(self) -> str:
        return f"recruit the {self.card}"


@dataclass(frozen=True)
class PayBase:
    """Decision: the 4 resources base pays for the respawn (sorted ``(kind, count)`` pairs)."""

    goods: Goods

    def __post_init__(self) -> None:
        object.__setattr__(self, "goods", canonical(self.goods))

    def __str__(self) -> str:
        return "base pays " + " + ".join(f"{n} {k}" for k, n in self.goods)


def base_resources(state: UnknownState) -> int:
    """Resource tokens in base's stockpile."""
    return total(state.base, RESOURCES)


def forfeit_check(state: UnknownState, who: str) -> None:
    """``IllegalDecision`` unless ``who`` may be forfeited now (``unknown.respawn.condition``).

    It must be ``who``'s own turn, with no rule in motion, base must hold at least 4 resources,
    and there must be an unused card to draw (``unknown.respawn.draw``).
    """
    if state.outcome is not None:
        raise IllegalDecision(state.outcome[1], "the game is over")
    if who not in {s.id for s in state.position.survivors}:
        raise IllegalDecision("unknown.respawn.condition", f"there is no survivor {who!r}")
    if state.phase != "survivor_actions" or state.turn != who:
        raise IllegalDecision(
            "unknown.respawn.condition", f"{who} can be forfeited only during its own turn"
        )
    if state.pending:
        raise IllegalDecision(
            "unknown.respawn.condition", f"finish resolving {state.pending[0]} before forfeiting"
        )
    if base_resources(state) < RESPAWN_COST:
        raise IllegalDecision(
            "unknown.respawn.condition",
            f"base holds {base_resources(state)} resources; a respawn needs {RESPAWN_COST}",
        )
    if not state.unused_cards:
        raise IllegalDecision("unknown.respawn.draw", "no unused survivor card is left to draw")


def forfeit_options(state: UnknownState) -> tuple[Forfeit, ...]:
    """The forfeit open to the survivor on turn, if any (for ``UnknownGame.node``)."""
    if state.turn is None:
        return ()
    try:
        forfeit_check(state, state.turn)
    except IllegalDecision:
        return ()
    return (Forfeit(state.turn),)


def forfeit(rules: Rules, state: UnknownState, decision: Forfeit) -> Outcome:
    """Forfeit a survivor: drop its goods on its tile and queue the draw (``unknown.respawn.drop``)."""
    forfeit_check(state, decision.who)
    survivor = state.position.survivor(decision.who)
    position = state.position
    for kind, n in survivor.goods:
        position = position.with_tokens(survivor.at, kind, n)
    position = position.with_survivor(replace(survivor, goods=()))
    events: list[Event] = [
        event(
            "forfeited",
            "unknown.respawn.condition",
            f"the players forfeit {decision.who} ({survivor.card})",
            who=decision.who,
            card=survivor.card,
        ),
        event(
            "goods_dropped",
            "unknown.respawn.drop",
            f"{decision.who}'s goods drop on {list(survivor.at)}",
            who=decision.who,
            at=survivor.at,
            goods=survivor.goods,
        ),
    ]
    pending = (RespawnDraw(decision.who), *state.pending)
    return replace(state, position=position, pending=pending), tuple(events)


@effect("respawn_draw")
@dataclass(frozen=True)
class RespawnDraw:
    """Waiting for the random unused card that replaces ``who``'s (``unknown.respawn.draw``)."""

    who: str

    def cards(self, state: UnknownState) -> Goods:
        return bag((card, 1) for card in state.unused_cards)

    def node(self, rules: Rules, state: UnknownState) -> ChanceNode:
        cards = self.cards(state)
        size = total(cards)
        return ChanceNode(
            tuple((Recruit(card), Fraction(n, size)) for card, n in cards),
            f"a random unused survivor card replaces {self.who}'s",
            "unknown.respawn.draw",
        )

    def settle(self, rules: Rules, state: UnknownState) -> Outcome | None:
        cards = self.cards(state)
        if len(cards) == 1:
            return self._recruit(state, cards[0][0])
        return None

    def apply(self, rules: Rules, state: UnknownState, decision: object) -> Outcome:
        if not isinstance(decision, Recruit) or decision.card not in state.unused_cards:
            raise IllegalDecision(
                "unknown.respawn.draw", f"{decision} is not an unused survivor card"
            )
        return self._recruit(state, decision.card)

    def _recruit(self, state: UnknownState, card: str) -> Outcome:
        """The new card replaces the old; the meeple goes to base healthy (``unknown.respawn.meeple``)."""
        unused = list(state.unused_cards)
        unused.remove(card)
        survivor = state.position.survivor(self.who)
        home = base_spot(state.position)
        fresh = replace(
            survivor,
            card=card,
            health="healthy",
            goods=(),
            at=home if home is not None else survivor.at,
        )
        position = state.position.with_survivor(fresh)
        events = (
            event(
                "recruited",
                "unknown.respawn.draw",
                f"the {card} replaces the {survivor.card} (no starting resources)",
                who=self.who,
                card=card,
            ),
            event(
                "respawned",
                "unknown.respawn.meeple",
                f"{self.who} returns to base at {list(fresh.at)} as the {card}, healthy",
                who=self.who,
                at=fresh.at,
            ),
        )
        pending = (RespawnPay(self.who), *state.pending[1:])
        return replace(
            state, position=position, unused_cards=tuple(unused), pending=pending
        ), events


def payments(state: UnknownState) -> list[PayBase]:
    """Every choice of 4 resources base can pay (``unknown.respawn.cost``)."""
    held = tuple((k, n) for k, n in state.base if k in RESOURCES)

    def choose(kinds: Goods, left: int) -> list[Goods]:
        if left == 0:
            return [()]
        if not kinds:
            return []
        (kind, have), rest = kinds[0], kinds[1:]
        found = []
        for n in range(min(have, left), -1, -1):
            found.extend((((kind, n),) if n else ()) + tail for tail in choose(rest, left - n))
        return found

    return [PayBase(goods) for goods in choose(held, RESPAWN_COST)]


@effect("respawn_pay")
@dataclass(frozen=True)
class RespawnPay:
    """Base pays for ``who``'s respawn; then the ``respawn-turn`` reading settles the turn."""

    who: str

    def node(self, rules: Rules, state: UnknownState) -> PlayerNode:
        return PlayerNode(
            player="players",
            legal=tuple(payments(state)),
            prompt=f"choose the {RESPAWN_COST} resources base pays for {self.who}'s respawn",
            clause="unknown.respawn.cost",
        )

    def settle(self, rules: Rules, state: UnknownState) -> Outcome | None:
        options = payments(state)
        if len(options) == 1:
            return self._pay(rules, state, options[0])
        return None

    def apply(self, rules: Rules, state: UnknownState, decision: object) -> Outcome:
        if not isinstance(decision, PayBase) or decision not in payments(state):
            raise IllegalDecision(
                "unknown.respawn.cost",
                f"{decision} is not {RESPAWN_COST} resources that base holds "
                f"(base: {dict(state.base)})",
            )
        return self._pay(rules, state, decision)

    def _pay(self, rules: Rules, state: UnknownState, pay: PayBase) -> Outcome:
        base = state.base
        for kind, n in pay.goods:
            base = add(base, kind, -n)
        paid = event(
            "respawn_paid",
            "unknown.respawn.cost",
            f"{pay} for {self.who}'s respawn",
            who=self.who,
            goods=pay.goods,
            food=count(base, "food"),
        )
        state = replace(state, base=base, pending=state.pending[1:])
        state, more = self._turn(rules, state)
        home = state.position.survivor(self.who).at
        if combat_starts(state.position, home):
            state = replace(state, pending=(CloseCombat(home), *state.pending))
        return state, (paid, *more)

    def _turn(self, rules: Rules, state: UnknownState) -> Outcome:
        """Apply the ``respawn-turn`` reading to the turn in progress."""
        reading = rules.ruleset.respawn_turn
        if reading == "ends" and state.turn == self.who:
            return end_turn(rules, state, self.who)
        if reading == "fresh-ap":
            survivor = state.position.survivor(self.who)
            ap = starting_ap(rules, state, survivor)
            position = state.position.with_survivor(replace(survivor, ap=ap))
            started = event(
                "respawn_ap",
                "unknown.turn.survivor-actions",
                f"{self.who} goes on with a fresh {ap} AP as the {survivor.card}",
                who=self.who,
                ap=ap,
            )
            return state.with_position(position), (started,)
        return state, ()
