"""The whole state of a game of Unknown, as plain data (PRINCIPLES §2).

``UnknownState`` = the map and its pieces (:class:`~engine.unknown.position.UnknownPosition`)
plus where the round stands (round, phase, whose turn, who is done), the base stockpile, the
tile stack, the mission, the unused survivor cards, the queue of pending effects and, once the
game is over, its outcome. Every field is immutable; changing one makes a new state that shares
the rest.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from engine.unknown.position import UnknownPosition

Goods = tuple[tuple[str, int], ...]
"""A bag of tokens as sorted ``(kind, count)`` pairs with positive counts."""

PHASES = (
    "survivor_actions",
    "ally_actions",
    "enemy_upkeep",
    "enemy_movement",
    "enemy_main",
    "enemy_combat",
    "upkeep",
)
"""The phases of a round, in order (``unknown.turn.phases``)."""


def bag(items: Mapping[str, int] | Iterable[tuple[str, int]]) -> Goods:
    """A canonical bag: kinds sorted, counts summed, empty kinds dropped."""
    pairs = items.items() if isinstance(items, Mapping) else items
    total: dict[str, int] = {}
    for kind, count in pairs:
        total[kind] = total.get(kind, 0) + count
    if any(count < 0 for count in total.values()):
        raise ValueError(f"a bag cannot hold a negative count: {total}")
    return tuple(sorted((k, c) for k, c in total.items() if c))


def count(goods: Goods, kind: str) -> int:
    """How many ``kind`` tokens the bag holds."""
    for k, c in goods:
        if k == kind:
            return c
    return 0


def add(goods: Goods, kind: str, amount: int) -> Goods:
    """The bag with ``amount`` more (or, if negative, fewer) ``kind`` tokens."""
    return bag((*goods, (kind, amount)))


def total(goods: Goods, kinds: Iterable[str] | None = None) -> int:
    """How many tokens the bag holds, of every kind or of ``kinds``."""
    wanted = None if kinds is None else set(kinds)
    return sum(c for k, c in goods if wanted is None or k in wanted)


@dataclass(frozen=True)
class TileStack:
    """The face-down tile stack: ``top`` is a known order drawn first, ``rest`` a shuffled pool.

    A draw from ``rest`` is a chance node: each tile name with probability count / size.
    """

    top: tuple[str, ...] = ()
    rest: Goods = ()

    @property
    def size(self) -> int:
        """Tiles left in the stack."""
        return len(self.top) + total(self.rest)

    def without_top(self) -> TileStack:
        """The stack after its known top tile is drawn."""
        return replace(self, top=self.top[1:])

    def without(self, tile: str) -> TileStack:
        """The stack after ``tile`` is drawn from the shuffled pool."""
        return replace(self, rest=add(self.rest, tile, -1))

    def shuffled_with(self, tile: str) -> TileStack:
        """The stack after ``tile`` is shuffled back in: no order is known any more."""
        pool = add(self.rest, tile, 1)
        for name in self.top:
            pool = add(pool, name, 1)
        return TileStack((), pool)


@dataclass(frozen=True)
class UnknownState:
    """Everything the rules need to go on from here."""

    position: UnknownPosition
    round: int = 1
    phase: str | None = None
    """``None``: no round is being played (a map fragment, as in the rulebook's figures)."""
    turn: str | None = None
    done: tuple[str, ...] = ()
    base: Goods = ()
    stack: TileStack = field(default_factory=TileStack)
    mission: str | None = None
    unused_cards: tuple[str, ...] = ()
    pending: tuple[Any, ...] = ()
    outcome: tuple[str, str, str] | None = None
    """``(win | loss, clause, why)`` once the game is over."""

    def with_position(self, position: UnknownPosition) -> UnknownState:
        """The same state on a changed map."""
        return replace(self, position=position)
