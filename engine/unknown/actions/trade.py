"""Trade / Drop (rulebook: Actions, Trade / Drop; Tiles: Resource Exchange).

One Trade action (1 AP) opens a :class:`TradeSession` in which the players make any number of
moves, then :class:`FinishTrade`:

* :class:`Transfer` moves tradable tokens from one party to another (``unknown.action.trade.transfer``).
  The parties are the trading survivor, other survivors within range 1 and line of sight, passable
  tiles within range 1 and line of sight (tokens lying there; a tile is written ``"x,y"``) and
  ``"base"`` (the stockpile) when the base tile is within range 1. Any party may give to any
  other: the rulebook's example moves food from a survivor straight into base. The node lists
  transfers of one token; a larger ``amount`` is accepted as that many one-token transfers.
* :class:`Exchange` swaps resource tokens the trading survivor carries at a resource-exchange
  tile within range 1 (``unknown.action.trade.exchange``), at the tile's catalog rate: base turns
  exactly 2 tokens into 1 of another kind, again and again (``unknown.exchange.base``,
  ``unknown.exchange.top-left-continuing``); a market turns up to 3 into as many of other kinds,
  once, and is then flipped over (``unknown.exchange.market``, ``unknown.exchange.bottom-right-single``).

Tiles an active enemy occupies cannot be dealt with (``unknown.enemy.blocks-interaction``).
Line of sight counts in either direction, so base (fortified: sight leaves it but cannot enter)
can be traded with from the tiles next to it, as the brief and the quick start require.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar

from engine.core.errors import IllegalDecision
from engine.core.frozen import evolve, last_call
from engine.core.game import PlayerNode
from engine.core.rule_points import RulePoint, any_of, chain, collect, every, first
from engine.unknown.actions.base import (
    Action,
    Outcome,
    actor,
    event,
    tile_free_of_enemies,
)
from engine.unknown.catalog import catalog
from engine.unknown.combat import canonical
from engine.unknown.effects import effect
from engine.unknown.map import board_of, is_passable, line_of_sight, per_map, range_between
from engine.unknown.position import Coord
from engine.unknown.state import Goods, UnknownState, add, bag, count, total

if TYPE_CHECKING:
    from engine.unknown.rules import Rules

RESOURCES: tuple[str, ...] = ("ammo", "food", "medicine", "scrap")
"""The four resource kinds (``unknown.component.resource-tokens``): the only kinds exchanged."""

TRADABLE: tuple[str, ...] = ("ammo", "armor", "food", "medicine", "scrap", "trap")
"""Token kinds a trade may move: resources, armor (``unknown.action.create-armor.trade-carry``)
and traps (``unknown.trap.pickup``). Barriers and blaze are not goods; mission tokens come later."""

BASE = "base"
"""The party name of the base stockpile."""

TRADABLE_KINDS = RulePoint(
    "what a trade may move",
    collect,
    """Token kinds besides the standard goods (:data:`TRADABLE`) that a trade may move
    (``unknown.action.trade.transfer``): ``handler(rules, state) -> kinds``, e.g. a mission's
    refugees.""",
)
TRANSFER_REFUSED = RulePoint(
    "a transfer refused",
    first,
    """``(clause, why)`` when a trade transfer is forbidden (``unknown.action.trade.transfer``):
    ``handler(rules, state, who, move) -> (clause, why) | None``
    (``unknown.mission.refugees.trade-limits``).""",
)
AFTER_TRANSFER = RulePoint(
    "a transfer made",
    chain,
    """What follows one transfer of a trade: ``handler(rules, state, who, move) -> (state,
    events)``, ``state`` after the move (``unknown.task.gas-testing.deliver``).""",
)
TRADE_END_CHECK = RulePoint(
    "finishing a trade",
    every,
    """Raise ``IllegalDecision`` when the trade by ``who`` may not be finished as it stands:
    ``handler(rules, state, who)`` (``unknown.task.foraging.carry-limit``).""",
)
ACTS_AS_BASE = RulePoint(
    "a tile counting as base",
    any_of,
    """Whether a tile counts as the base tile in trade actions (``unknown.exchange.base``):
    ``handler(rules, state, at) -> bool`` (``unknown.task.perimeter.reward-base``).""",
)
MORE_EXCHANGES = RulePoint(
    "exchanges besides the tiles' own",
    collect,
    """Exchanges a survivor may make in a trade now besides the tiles' own rates
    (``unknown.action.trade.exchange``), each with the clause allowing it:
    ``handler(rules, state, who) -> ((Exchange, clause), ...)``
    (``unknown.survivor.trader.base-swap``).""",
)


@lru_cache(maxsize=1024)
def tile_party(at: Coord) -> str:
    """A tile as a trade party: ``"x,y"``."""
    return f"{at[0]},{at[1]}"


@lru_cache(maxsize=1024)
def party_spot(party: str) -> Coord | None:
    """The tile a ``"x,y"`` party names, or ``None`` for a survivor or base."""
    parts = party.split(",")
    if len(parts) != 2:
        return None
    try:
        return (int(parts[0]), int(parts[1]))
    except ValueError:
        return None


def base_spot(state: UnknownState) -> Coord | None:
    """Where the base tile lies."""
    for placed in state.position.tiles:
        if placed.tile == "base":
            return placed.at
    return None


@per_map
def in_reach(rules: Rules, state: UnknownState, origin: Coord, target: Coord) -> bool:
    """Within range 1 (``unknown.action.defaults``) with line of sight either way.

    Sight may leave a fortified tile but not enter it (``unknown.los.fortified-origin``), so base
    is in reach of the tiles next to it only through the base's own line of sight.
    """
    ruleset = rules.ruleset
    distance = range_between(state.position, origin, target, ruleset)
    if distance is None or distance > 1:
        return False
    return line_of_sight(state.position, origin, target, ruleset) or line_of_sight(
        state.position, target, origin, ruleset
    )


def near(state: UnknownState, at: Coord) -> tuple[Coord, ...]:
    """Explored spots at most one step from ``at`` (candidates for range 1)."""
    return board_of(state.position).around(at)


@per_map
def tiles_in_reach(rules: Rules, state: UnknownState, here: Coord) -> tuple[Coord, ...]:
    """The passable tiles in reach of ``here`` (:func:`in_reach`), in order: the tiles a trade
    from ``here`` may deal with, where no active enemy stands."""
    return tuple(
        at
        for at in near(state, here)
        if is_passable(state.position, at) and in_reach(rules, state, here, at)
    )


@last_call
def parties(rules: Rules, state: UnknownState, who: str) -> tuple[str, ...]:
    """Everyone ``who`` may trade with now, itself first (``unknown.action.trade.transfer``)."""
    here = actor(state, who).at
    found = [who]
    for other in state.position.survivors:
        if other.id != who and in_reach(rules, state, here, other.at):
            found.append(other.id)
    home = base_spot(state)
    homes = [home] if home is not None else []
    if rules.in_play(ACTS_AS_BASE, state):  # tiles standing in for base in trades
        homes += [at for at in near(state, here) if rules.ask(ACTS_AS_BASE, state, at)]
    if any(in_reach(rules, state, here, at) and tile_free_of_enemies(state, at) for at in homes):
        found.append(BASE)
    for at in tiles_in_reach(rules, state, here):
        if tile_free_of_enemies(state, at):
            found.append(tile_party(at))
    return tuple(found)


def holdings(state: UnknownState, party: str, extra: tuple[str, ...] = ()) -> Goods:
    """The tradable goods a party holds: a survivor's card, base's stockpile or a tile's tokens
    (``extra``: kinds the rule points in play make tradable too, ``TRADABLE_KINDS``)."""
    if party == BASE:
        goods = state.base
    else:
        at = party_spot(party)
        if at is None:
            goods = state.position.survivor(party).goods
        else:
            lying = state.position.tokens_at.get(at)
            goods = bag(lying) if lying else ()
    return tradable(goods, extra)


@lru_cache(maxsize=4096)
def tradable(goods: Goods, extra: tuple[str, ...] = ()) -> Goods:
    """The tokens of ``goods`` a trade may move: the standard goods (:data:`TRADABLE`) and the
    kinds ``extra``."""
    return tuple((k, n) for k, n in goods if k in TRADABLE or k in extra)


def with_goods(state: UnknownState, party: str, kind: str, change: int) -> UnknownState:
    """``state`` with ``change`` more (or fewer) ``kind`` tokens held by ``party``."""
    if party == BASE:
        return evolve(state, base=add(state.base, kind, change))
    at = party_spot(party)
    if at is not None:
        return state.with_position(state.position.with_tokens(at, kind, change))
    survivor = state.position.survivor(party)
    carried = evolve(survivor, goods=add(survivor.goods, kind, change))
    return state.with_position(state.position.with_survivor(carried))


@dataclass(frozen=True)
class Transfer:
    """Decision: move ``amount`` ``kind`` tokens from ``source`` to ``target``.

    A party is a survivor id, ``"base"`` or a tile written ``"x,y"``.
    """

    source: str
    target: str
    kind: str
    amount: int = 1

    def __str__(self) -> str:
        return f"move {self.amount} {self.kind} from {self.source} to {self.target}"


@dataclass(frozen=True)
class Exchange:
    """Decision: at the exchange tile ``at``, the trader gives ``give`` and gets ``get``."""

    at: Coord
    give: Goods
    get: Goods

    def __post_init__(self) -> None:
        object.__setattr__(self, "at", (int(self.at[0]), int(self.at[1])))
        object.__setattr__(self, "give", canonical(self.give))
        object.__setattr__(self, "get", canonical(self.get))

    def __str__(self) -> str:
        def goods(pairs: Goods) -> str:
            return " + ".join(f"{n} {k}" for k, n in pairs) or "nothing"

        return f"exchange {goods(self.give)} for {goods(self.get)} at {list(self.at)}"


@dataclass(frozen=True)
class FinishTrade:
    """Decision: the trade action is over."""

    def __str__(self) -> str:
        return "finish the trade"


def transfers(
    state: UnknownState, reach: tuple[str, ...], extra: tuple[str, ...] = ()
) -> tuple[Transfer, ...]:
    """Every one-token transfer between parties in reach."""
    found: list[Transfer] = []
    for source in reach:
        for kind, _ in holdings(state, source, extra):
            found.extend(one_token_transfers(source, kind, reach))
    return tuple(found)


@lru_cache(maxsize=4096)
def one_token_transfers(source: str, kind: str, reach: tuple[str, ...]) -> tuple[Transfer, ...]:
    """The transfers of one ``kind`` token from ``source`` to each other party in ``reach``."""
    return tuple(Transfer(source, target, kind, 1) for target in reach if target != source)


def exchange_spots(rules: Rules, state: UnknownState, who: str) -> list[Coord]:
    """Exchange tiles ``who`` may use now: within reach, not cleared, no active enemy there.

    A cleared tile has lost its abilities (``unknown.effect.continuing``).
    """
    here = actor(state, who).at
    return [at for at in exchanges_in_reach(rules, state, here) if tile_free_of_enemies(state, at)]


@per_map
def exchanges_in_reach(rules: Rules, state: UnknownState, here: Coord) -> tuple[Coord, ...]:
    """The exchange tiles not cleared within reach of ``here``, in order (enemies aside)."""
    found = []
    for at in near(state, here):
        placed = state.position.tile_at[at]
        if (
            catalog()[placed.tile].exchange
            and not placed.cleared
            and in_reach(rules, state, here, at)
        ):
            found.append(at)
    return tuple(found)


def multisets(kinds: Sequence[str], size: int, limit: Goods | None = None) -> Iterator[Goods]:
    """Every bag of ``size`` tokens over ``kinds`` (each at most what ``limit`` holds, if given)."""
    if size == 0:
        yield ()
        return
    if not kinds:
        return
    first, rest = kinds[0], kinds[1:]
    most = size if limit is None else min(size, count(limit, first))
    for n in range(most, -1, -1):
        for tail in multisets(rest, size - n, limit):
            yield (((first, n),) if n else ()) + tail


def rate(at: Coord, state: UnknownState) -> tuple[range, int | None]:
    """How many tokens the tile at ``at`` takes, and how many it gives (``None``: as many as taken)."""
    terms = dict(catalog()[state.position.tile_at[at].tile].exchange or ())
    if terms.get("up_to"):
        return range(1, int(terms["give"]) + 1), None
    return range(int(terms["give"]), int(terms["give"]) + 1), int(terms["get"])


def exchanges(rules: Rules, state: UnknownState, who: str) -> list[Exchange]:
    """Every exchange ``who`` can make now with the resources it carries: at the tiles' rates
    (:func:`exchanges_at_rate`), and those the rule points in play grant (``MORE_EXCHANGES``)."""
    found = exchanges_at_rate(rules, state, who)
    granted = [x for x, _ in rules.ask(MORE_EXCHANGES, state, who)]  # e.g. the Trader's swaps
    return found + [x for x in granted if x not in found]


def exchanges_at_rate(rules: Rules, state: UnknownState, who: str) -> list[Exchange]:
    """Every exchange ``who`` can make now at the exchange tiles' own rates.

    The tokens received are of kinds other than those given (``unknown.effect.continuing.exchange``).
    """
    carried = tuple((k, n) for k, n in actor(state, who).goods if k in RESOURCES)
    found: list[Exchange] = []
    for at in exchange_spots(rules, state, who):
        found.extend(exchanges_at(at, *rate(at, state), carried))
    return found


@lru_cache(maxsize=4096)
def exchanges_at(at: Coord, sizes: range, gets: int | None, carried: Goods) -> tuple[Exchange, ...]:
    """Every exchange at ``at`` of the resources ``carried``, at a rate taking ``sizes`` tokens
    and giving ``gets`` (``None``: as many as taken) of kinds other than those given."""
    held = [k for k, _ in carried]
    found = []
    for size in sizes:
        for give in multisets(held, size, carried):
            others = [k for k in RESOURCES if not count(give, k)]
            for get in multisets(others, size if gets is None else gets):
                found.append(Exchange(at, give, get))
    return tuple(found)


def moves(rules: Rules, state: UnknownState, who: str) -> list[Transfer | Exchange]:
    """Every transfer and exchange open to ``who`` now."""
    reach = parties(rules, state, who)
    allowed = transfers(state, reach, rules.ask(TRADABLE_KINDS, state))
    if rules.in_play(TRANSFER_REFUSED, state):  # transfers no rule point forbids
        allowed = tuple(t for t in allowed if not rules.ask(TRANSFER_REFUSED, state, who, t))
    return [*allowed, *exchanges(rules, state, who)]


def transfer_rejection(
    rules: Rules, state: UnknownState, who: str, move: Transfer
) -> IllegalDecision:
    """Why ``move`` is not a legal transfer, naming the clause it breaks."""
    if move.kind not in TRADABLE and move.kind not in rules.ask(TRADABLE_KINDS, state):
        return IllegalDecision(
            "unknown.action.trade.transfer", f"{move.kind} tokens are not tradable goods"
        )
    if move.source == move.target:
        return IllegalDecision(
            "unknown.action.trade.transfer", f"{move.source} cannot trade with itself"
        )
    reach = parties(rules, state, who)
    for party in (move.source, move.target):
        if party not in reach:
            return IllegalDecision(*out_of_reach(state, who, party))
    have = count(holdings(state, move.source, rules.ask(TRADABLE_KINDS, state)), move.kind)
    return IllegalDecision(
        "unknown.action.trade.transfer",
        f"{move.source} holds {have} {move.kind}, so it cannot hand over {move.amount}",
    )


def out_of_reach(state: UnknownState, who: str, party: str) -> tuple[str, str]:
    """The clause and message for a party ``who`` cannot deal with."""
    at = base_spot(state) if party == BASE else party_spot(party)
    if at is None:
        known = {s.id for s in state.position.survivors}
        if party not in known:
            return "unknown.action.trade.transfer", f"{party} is not a survivor, base or tile"
        return (
            "unknown.action.trade.transfer",
            f"{party} is not within range 1 and line of sight of {who}",
        )
    if at not in state.position.tile_at:
        return "unknown.action.trade.transfer", f"no tile is explored at {list(at)}"
    if not tile_free_of_enemies(state, at):
        return (
            "unknown.enemy.blocks-interaction",
            f"an enemy occupies {list(at)}, so no trade there",
        )
    if not is_passable(state.position, at):
        return (
            "unknown.action.trade.transfer",
            f"{list(at)} is impassable: only passable tiles trade",
        )
    return (
        "unknown.action.trade.transfer",
        f"{party} is not within range 1 and line of sight of {who}",
    )


def exchange_rejection(
    rules: Rules, state: UnknownState, who: str, move: Exchange
) -> IllegalDecision:
    """Why ``move`` is not a legal exchange, naming the clause it breaks."""
    placed = state.position.tile_at.get(move.at)
    if placed is None or not catalog()[placed.tile].exchange:
        return IllegalDecision(
            "unknown.action.trade.exchange", f"there is no resource exchange at {list(move.at)}"
        )
    market = not dict(catalog()[placed.tile].exchange).get("repeatable")
    if placed.cleared:
        clause = "unknown.exchange.bottom-right-single" if market else "unknown.effect.continuing"
        return IllegalDecision(
            clause, f"the {placed.tile} at {list(move.at)} is cleared and exchanges no more"
        )
    if move.at not in exchange_spots(rules, state, who):
        if not tile_free_of_enemies(state, move.at):
            return IllegalDecision(
                "unknown.enemy.blocks-interaction", f"an enemy occupies {list(move.at)}"
            )
        return IllegalDecision(
            "unknown.action.trade.exchange", f"{list(move.at)} is not within range 1 of {who}"
        )
    for kind, _ in (*move.give, *move.get):
        if kind not in RESOURCES:
            # a trap handed in would be broken back down into resources (``unknown.trap.pickup``)
            handed_in = kind == "trap" and count(move.give, kind) > 0
            clause = "unknown.trap.pickup" if handed_in else "unknown.exchange.trade-action"
            return IllegalDecision(clause, f"only resource tokens are exchanged, not {kind}")
    carried = actor(state, who).goods
    for kind, n in move.give:
        if count(carried, kind) < n:
            return IllegalDecision(
                "unknown.action.trade.exchange",
                f"{who} carries {count(carried, kind)} {kind}, not {n}",
            )
    clause = "unknown.exchange.market" if market else "unknown.exchange.base"
    if any(count(move.give, k) for k, _ in move.get):
        return IllegalDecision(
            clause, "an exchange gives tokens of kinds other than those handed in"
        )
    sizes, gets = rate(move.at, state)
    return IllegalDecision(
        clause,
        f"the {placed.tile} takes {sizes.start}{'-' + str(sizes.stop - 1) if len(sizes) > 1 else ''} "
        f"token(s) and gives {'as many' if gets is None else gets}; "
        f"{total(move.give)} for {total(move.get)} is not its rate",
    )


@dataclass(frozen=True)
class Trade(Action):
    """Trade / Drop: one action, any number of transfers and exchanges (``unknown.action.trade``)."""

    name: ClassVar[str] = "trade"
    clause: ClassVar[str] = "unknown.action.trade"
    who: str

    def __str__(self) -> str:
        return f"{self.who} trades"

    @classmethod
    def candidates(cls, rules: Rules, state: UnknownState, who: str) -> list[Trade]:
        return [cls(who)]

    def resolve(self, rules: Rules, state: UnknownState) -> Outcome:
        return evolve(state, pending=(TradeSession(self.who), *state.pending)), ()


@effect("trade")
@dataclass(frozen=True)
class TradeSession:
    """A trade action under way for ``who``: moves until the players finish it.

    :class:`FinishTrade` is always offered and the session never ends by itself, like a turn
    that is never ended for the players: even with nothing left to move the players close it.
    """

    who: str

    def legal(self, rules: Rules, state: UnknownState) -> list[Transfer | Exchange | FinishTrade]:
        try:
            rules.ask(TRADE_END_CHECK, state, self.who)
        except IllegalDecision:
            return moves(rules, state, self.who)
        return [*moves(rules, state, self.who), FinishTrade()]

    def node(self, rules: Rules, state: UnknownState) -> PlayerNode:
        return PlayerNode(
            player=self.who,
            legal=tuple(self.legal(rules, state)),
            prompt=f"{self.who} trades: give, take, drop, pick up or exchange, then finish",
            clause="unknown.action.trade",
        )

    def settle(self, rules: Rules, state: UnknownState) -> Outcome | None:
        return None

    def apply(self, rules: Rules, state: UnknownState, decision: object) -> Outcome:
        if isinstance(decision, FinishTrade):
            rules.ask(TRADE_END_CHECK, state, self.who)
            return self._finish(state)
        if isinstance(decision, Transfer):
            return self._transfer(rules, state, decision)
        if isinstance(decision, Exchange):
            return self._exchange(rules, state, decision)
        raise IllegalDecision(
            "unknown.action.trade", f"{self.who} is trading: {decision} is not a trade decision"
        )

    def _transfer(self, rules: Rules, state: UnknownState, move: Transfer) -> Outcome:
        extra = rules.ask(TRADABLE_KINDS, state)
        reach = parties(rules, state, self.who)
        if not (  # one or more tokens the source holds, between two parties in reach
            move.amount >= 1
            and move.source != move.target
            and move.source in reach
            and move.target in reach
            and count(holdings(state, move.source, extra), move.kind) >= move.amount
        ):
            raise transfer_rejection(rules, state, self.who, move)
        refusal = rules.ask(TRANSFER_REFUSED, state, self.who, move)
        if refusal:
            raise IllegalDecision(*refusal)
        state = with_goods(state, move.source, move.kind, -move.amount)
        state = with_goods(state, move.target, move.kind, move.amount)
        moved = event(
            "traded",
            "unknown.action.trade.transfer",
            f"{self.who} trades: {move}",
            who=self.who,
            source=move.source,
            target=move.target,
            token=move.kind,
            amount=move.amount,
        )
        state, more = rules.ask(AFTER_TRANSFER, state, self.who, move)
        return state, (moved, *more)

    def _exchange(self, rules: Rules, state: UnknownState, move: Exchange) -> Outcome:
        if move not in exchanges(rules, state, self.who):
            raise exchange_rejection(rules, state, self.who, move)
        trader = actor(state, self.who)
        goods = trader.goods
        for kind, n in move.give:
            goods = add(goods, kind, -n)
        for kind, n in move.get:
            goods = add(goods, kind, n)
        position = state.position.with_survivor(evolve(trader, goods=goods))
        placed = position.tile_at[move.at]
        repeatable = dict(catalog()[placed.tile].exchange or ()).get("repeatable")
        clause = "unknown.exchange.base" if repeatable else "unknown.exchange.market"
        granted = dict(rules.ask(MORE_EXCHANGES, state, self.who))  # ``MORE_EXCHANGES``
        if move in granted and move not in exchanges_at_rate(rules, state, self.who):
            clause, repeatable = granted[move], True
        events = [
            event(
                "exchanged",
                clause,
                f"{self.who}: {move}",
                who=self.who,
                at=move.at,
                give=move.give,
                get=move.get,
            )
        ]
        if not repeatable:
            position = position.with_tile(replace(placed, cleared=True))
            events.append(
                event(
                    "tile_cleared",
                    "unknown.exchange.bottom-right-single",
                    f"the {placed.tile} at {list(move.at)} is used up and flipped over",
                    at=move.at,
                )
            )
        return state.with_position(position), tuple(events)

    def _finish(self, state: UnknownState) -> Outcome:
        done = event(
            "trade_finished", "unknown.action.trade", f"{self.who} finishes trading", who=self.who
        )
        return evolve(state, pending=state.pending[1:]), (done,)
