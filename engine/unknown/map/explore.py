"""Exploring (rulebook: Explore): where a survivor may place an explored tile, and the points
at which cards and missions change what a drawn or laid tile does."""

from __future__ import annotations

from engine.core.rule_points import RulePoint, chain, first
from engine.unknown.map.board import board_of
from engine.unknown.position import ORTHOGONAL, Coord, UnknownPosition, squares_completed

TILE_DRAWN = RulePoint(
    "a tile drawn",
    first,
    """Take the tile a survivor just drew instead of it being placed
    (``unknown.action.explore.adjacent``): ``handler(rules, state, who, tile) -> (state, events)
    | None``, ``None`` leaving it to be placed; ``state`` has the tile out of the stack and the
    draw off the pending queue (``unknown.mission.activate.pickup``).""",
)
HOLD_EXPLORED = RulePoint(
    "holding a tile's instant effects",
    first,
    """Take a just-laid tile's instant effects (``unknown.effect.instant``; ``explored``, not yet
    queued) to resolve them later: ``handler(rules, state, explored) -> (state, events) | None``,
    ``None`` letting them resolve now (``unknown.survivor.skeptic.delayed-spawn``).""",
)
TILE_EXPLORED = RulePoint(
    "a tile explored",
    chain,
    """What a newly laid tile does for a mission, after the tile's own instant effects:
    ``handler(rules, state, who, placed) -> (state, events)``
    (``unknown.mission.stragglers.ally-spawn``).""",
)


def explore_placements(position: UnknownPosition, at: Coord) -> list[Coord]:
    """Empty spots orthogonally next to ``at`` where a new tile would not complete a 2×2 square.

    Applies ``unknown.action.explore.adjacent`` and ``unknown.action.explore.no-2x2``. An empty
    list means the survivor may not explore (``unknown.action.explore.needs-placement``).
    """
    answers = board_of(position).answers  # the same on every position with these tiles
    key = ("explore placements", at)
    spots = answers.get(key)
    if spots is None:
        placed = position.tile_at
        around = ((at[0] + dx, at[1] + dy) for dx, dy in ORTHOGONAL)
        spots = answers[key] = tuple(
            sorted(s for s in around if s not in placed and not squares_completed(placed, s))
        )
    return list(spots)
