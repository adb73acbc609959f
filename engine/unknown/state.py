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

from engine.core.frozen import evolve, hash_once
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
    pairs = items if isinstance(items, tuple) or not isinstance(items, Mapping) else items.items()
    total: dict[str, int] = {}
    for kind, count in pairs:
        total[kind] = total.get(kind, 0) + count
    if total and min(total.values()) < 0:
        raise ValueError(f"a bag cannot hold a negative count: {total}")
    return tuple(sorted(item for item in total.items() if item[1]))


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
    """The face-down tile stack: ``top`` is a known order drawn first, ``rest`` a shuffled pool,
    then ``piles``: further shuffled pools drawn one after another, each only once the ones
    before it are exhausted (``unknown.setup.stack.mission-piles``, ``unknown.setup.stack.pile-order``).

    A draw from ``rest`` is a chance node: each tile name with probability count / size. The stack
    is kept normalised: ``rest`` is empty only when every pile is, so the next draw always comes
    from ``top`` or ``rest``.
    """

    top: tuple[str, ...] = ()
    rest: Goods = ()
    piles: tuple[Goods, ...] = ()

    def __post_init__(self) -> None:
        piles = tuple(p for p in self.piles if p)
        if not self.rest and piles:
            object.__setattr__(self, "rest", piles[0])
            piles = piles[1:]
        object.__setattr__(self, "piles", piles)

    @property
    def size(self) -> int:
        """Tiles left in the stack."""
        return len(self.top) + total(self.rest) + sum(total(p) for p in self.piles)

    def without_top(self) -> TileStack:
        """The stack after its known top tile is drawn."""
        return replace(self, top=self.top[1:])

    def without(self, tile: str) -> TileStack:
        """The stack after ``tile`` is drawn from the shuffled pool."""
        return replace(self, rest=add(self.rest, tile, -1))

    def shuffled_with(self, tile: str) -> TileStack:
        """The stack after ``tile`` is shuffled back into the pile being drawn: the known top
        order is lost in the shuffle; later piles stay as they are."""
        pool = add(self.rest, tile, 1)
        for name in self.top:
            pool = add(pool, name, 1)
        return TileStack((), pool, self.piles)

    def names(self) -> set[str]:
        """Every tile name still somewhere in the stack."""
        found = set(self.top) | {name for name, _ in self.rest}
        for pile in self.piles:
            found |= {name for name, _ in pile}
        return found

    def counts(self) -> dict[str, int]:
        """Copies of each tile name left in the stack."""
        held: dict[str, int] = {}
        for name in self.top:
            held[name] = held.get(name, 0) + 1
        for pool in (self.rest, *self.piles):
            for name, n in pool:
                held[name] = held.get(name, 0) + n
        return held


@hash_once
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
    short: bool = False
    """The short version of the mission is played (``unknown.short.*``): lower requirements."""
    mission_card: Goods = ()
    """Counters and tokens placed on the mission card (e.g. hurled canisters, cleared lairs)."""
    task: str | None = None
    """The task card in play, if one was added (``unknown.task.bonus``)."""
    task_card: Goods = ()
    """Counters and tokens placed on the task card."""
    task_complete: bool = False
    """The task's requirement has been met: its reward is in force for the rest of the game."""
    unused_cards: tuple[str, ...] = ()
    pending: tuple[Any, ...] = ()
    outcome: tuple[str, str, str] | None = None
    """``(win | loss, clause, why)`` once the game is over."""

    def with_position(self, position: UnknownPosition) -> UnknownState:
        """The same state on a changed map (the other fields shared)."""
        return evolve(self, position=position)
