"""Muddy (rulebook: Hazards, Muddy).

Muddy lasts (``unknown.hazard.muddy.persists``): a survivor pays 1 AP on entering it or on
starting a turn there (``unknown.hazard.muddy.ap``), and being knocked back onto it counts as
entering (``unknown.hazard.muddy.knockback``). Like the AP lost on becoming injured
(``unknown.injury.ap-cost``), the charge takes what AP the survivor has, never below 0, so a
survivor with 1 AP may still step onto Muddy (noted reading ``muddy-ap-charge``; its
alternative, a move onto Muddy needing 2 AP, would be a check in Move).
Enemies have no AP and are not slowed.

The charge is made by one call at each place a survivor can enter or start on a tile:
:func:`entered` for the Move action, :func:`start_of_turn` at the start of a turn, and the
:class:`MudAfterFlight` effect queued behind each knockback flight of a survivor.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from engine.core.game import Event
from engine.unknown.effects import effect
from engine.unknown.map.board import board_of
from engine.unknown.outcome import Outcome, event
from engine.unknown.position import Coord, Survivor, UnknownPosition
from engine.unknown.state import UnknownState

if TYPE_CHECKING:
    from engine.unknown.rules import Rules


def is_muddy(position: UnknownPosition, at: Coord) -> bool:
    """Whether the tile on ``at`` is a Muddy tile still face up."""
    placed = position.tile_at.get(at)
    return placed is not None and placed.tile == "muddy" and not placed.cleared


def _charge(state: UnknownState, who: str, amount: int, clause: str, how: str) -> Outcome:
    survivor = state.position.survivor(who)
    # never below 0, nor above what the survivor had (refugees may leave it below 0 already)
    ap = max(survivor.ap - amount, min(survivor.ap, 0))
    paid = event(
        "muddy",
        clause,
        f"{who} {how} muddy ground: {amount} AP ({ap} left)",
        who=who,
        ap=ap,
    )
    position = state.position.with_survivor(replace(survivor, ap=ap))
    return state.with_position(position), (paid,)


def entered(state: UnknownState, who: str) -> Outcome:
    """Charge a survivor who has just moved onto Muddy 1 AP (``unknown.hazard.muddy.ap``)."""
    if not is_muddy(state.position, state.position.survivor(who).at):
        return state, ()
    return _charge(state, who, 1, "unknown.hazard.muddy.ap", "steps onto")


def start_of_turn(
    state: UnknownState, survivor: Survivor, ap: int
) -> tuple[int, tuple[Event, ...]]:
    """The AP a turn starts with once Muddy under the survivor takes its 1 AP.

    Applies ``unknown.hazard.muddy.ap`` and ``unknown.hazard.muddy.persists``.
    """
    if not is_muddy(state.position, survivor.at) or survivor.incapacitated:
        return ap, ()
    left = max(ap - 1, min(ap, 0))  # as in _charge: never below 0, never above ap
    paid = event(
        "muddy",
        "unknown.hazard.muddy.ap",
        f"{survivor.id} starts its turn on muddy ground: 1 AP ({left} left)",
        who=survivor.id,
        ap=left,
    )
    return left, (paid,)


def muddy_tiles_entered(
    rules: Rules, position: UnknownPosition, who: str, start: Coord, source: Coord
) -> int:
    """Fewest Muddy tiles a knockback flight from ``start`` to where ``who`` stands now entered.

    A flight steps to tiles one further from ``source`` each time, over passable tiles, and
    enters an enemy's tile only as its last step (``unknown.knockback.flee``,
    ``unknown.knockback.stop-before-enemy``). The players choose the route
    (``unknown.knockback.path-choice``), so the cheapest route to the chosen end counts.
    """
    board = board_of(position)
    piece = position.piece(who)
    begin, end = board.index(start), board.index(piece.at)
    through = None
    if (
        not board.passable[begin]
        and rules.ruleset.knockback_impassable_start == "own-tile-passable"
    ):
        through = begin
    field = board.distances_from(board.index(source), through)
    others = position.enemies if isinstance(piece, Survivor) else position.survivors
    blocked = {board.index(p.at) for p in others}
    mud = {board.index(t.at) for t in position.tiles if is_muddy(position, t.at)}
    best = {begin: 0}
    layer = [begin]
    while layer and end not in best:
        after: dict[int, int] = {}
        for u in layer:
            if u != begin and u in blocked:
                continue
            for v in board.neighbours[u]:
                if not board.passable[v] or field[v] != field[u] + 1:
                    continue
                cost = best[u] + (v in mud)
                if cost < after.get(v, cost + 1):
                    after[v] = cost
        best.update(after)
        layer = list(after)
    if end in best:
        return best[end]
    return int(end in mud)


@effect("mud_after_flight")
@dataclass(frozen=True)
class MudAfterFlight:
    """After a survivor's knockback flight from ``start``: 1 AP per Muddy tile it entered.

    Applies ``unknown.hazard.muddy.knockback``. Switch ``muddy-knockback-route``: with
    ``tiles-entered`` every Muddy tile the cheapest route to the chosen end passes
    counts; with ``end-only`` only ending the flight on Muddy does.
    """

    who: str
    start: Coord
    source: Coord

    def settle(self, rules: Rules, state: UnknownState) -> Outcome:
        state = replace(state, pending=state.pending[1:])
        position = state.position
        if self.who not in {s.id for s in position.survivors}:
            return state, ()
        at = position.survivor(self.who).at
        if at == self.start:
            return state, ()
        reading = rules.ruleset.muddy_knockback_route
        if reading == "end-only":
            entered_mud = int(is_muddy(position, at))
        else:
            entered_mud = muddy_tiles_entered(rules, position, self.who, self.start, self.source)
        if not entered_mud:
            return state, ()
        return _charge(
            state, self.who, entered_mud, "unknown.hazard.muddy.knockback", "is knocked back over"
        )
