"""What every survivor action shares (rulebook: Actions).

An action is a frozen dataclass naming the survivor (``who``) and its choices. The engine lists
an action's legal instances by filtering its ``candidates`` through its ``check`` — one source of
truth for what the rules allow — charges its AP through :class:`~engine.unknown.rules.Rules`,
then calls ``resolve``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, ClassVar

from engine.core.errors import IllegalDecision
from engine.unknown.map import line_of_sight, range_between
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
from engine.unknown.state import UnknownState, count

if TYPE_CHECKING:
    from engine.unknown.game import UnknownGame


class Action:
    """Base class of the standard actions and of the actions missions and tasks add."""

    name: ClassVar[str]
    clause: ClassVar[str]
    ap: ClassVar[int] = 1
    who: str

    @classmethod
    def candidates(cls, game: UnknownGame, state: UnknownState, who: str) -> Iterable[Action]:
        """Every instance worth checking for ``who`` (a superset of the legal ones)."""
        return ()

    @classmethod
    def options(cls, game: UnknownGame, state: UnknownState, who: str) -> Iterator[Action]:
        """The legal instances: the candidates that pass ``check``."""
        for action in cls.candidates(game, state, who):
            try:
                action.check(game, state)
            except IllegalDecision:
                continue
            yield action

    def check(self, game: UnknownGame, state: UnknownState) -> None:
        """Raise ``IllegalDecision`` naming the clause if the rules forbid this action here."""

    def resolve(self, game: UnknownGame, state: UnknownState) -> Outcome:
        """Carry the action out (its AP is already paid)."""
        raise NotImplementedError


def actor(state: UnknownState, who: str) -> Survivor:
    """The survivor taking the action."""
    return state.position.survivor(who)


def within_reach(
    game: UnknownGame, state: UnknownState, origin: Coord, target: Coord, reach: int = 1
) -> bool:
    """Within ``reach`` range and in line of sight: the default reach of every action.

    Applies ``unknown.action.defaults``.
    """
    distance = range_between(state.position, origin, target, game.rules.ruleset)
    return (
        distance is not None
        and distance <= reach
        and line_of_sight(state.position, origin, target, game.rules.ruleset)
    )


def require_reach(
    game: UnknownGame, state: UnknownState, origin: Coord, target: Coord, reach: int = 1
) -> None:
    """``IllegalDecision`` unless ``target`` is within ``reach`` and in line of sight."""
    if not within_reach(game, state, origin, target, reach):
        raise IllegalDecision(
            "unknown.action.defaults",
            f"{list(target)} is not within range {reach} and line of sight of {list(origin)}",
        )


def tile_free_of_enemies(state: UnknownState, at: Coord) -> bool:
    """No enemy able to block stands there: a stunned one does not (``unknown.enemy.stunned-passive``)."""
    return not any(not e.stunned for e in state.position.enemies_at(at))


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
