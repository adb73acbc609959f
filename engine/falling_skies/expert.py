"""An expert player for Under Falling Skies: one-ply placement search, exact room phase.

The player is a factory ``expert(game, rng)`` returning a policy over the game's player nodes.

* Dice phase: every legal placement is applied to the state (``game.apply``) and the result is
  scored by :func:`score`, a static value of the board plus the worth of the dice already placed
  (a die on a research room counts the research steps its room would climb, a die on an energy
  room the energy, a fighter die the ships standing on explosions it could shoot, the digging die
  the spaces it would dig). Rerolls after a white die are chance and are not looked into: the
  score depends only on the placed dice and the board, never on dice not yet rolled.
* Room phase: deterministic, so it is searched exactly (depth-first over every order of
  resolving rooms and moving the excavator, memoised by ``game.search_key``) through the
  mothership phase that follows, keeping the line whose end state scores best.
* Launch ties: each tied column is applied and scored.

:func:`score` values research by the requirements already climbed (the ``sum`` still needed),
excavation toward the multi-space research rooms, energy, damage (convex penalty) and the threat
of each ship (its distance to the city). The weights are the best of 15 hand-set
settings tried on 30-40 games each (none of them won a game; the one kept climbed furthest),
not tuned by self-play. Measured on pnp-easy with the default readings: 1 win in 1,000 games
(seeds 0-999), mean final research step 7.3-7.5 of 14, 1.72-1.74 games/s in one process. Randomness: the policy draws nothing from ``rng`` (it is deterministic given the state),
and it never reads the playout's own random state.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from engine.core.game import PlayerNode
from engine.falling_skies.dice_phase import PlaceDie
from engine.falling_skies.dice_phase.placement import excavated
from engine.falling_skies.game import FallingSkiesGame
from engine.falling_skies.mothership_phase import LaunchColumn
from engine.falling_skies.room_phase.effects import climb, fighter_targets
from engine.falling_skies.state import FSState

Policy = Callable[[FSState, PlayerNode], Any]

WIN = 1e6
LOSS = -1e6
W_RESEARCH = 20
W_DIG = 4
W_ENERGY = 8
DAMAGE = (0.0, 45.0, 100.0, 170.0, 260.0, 400.0)
W_THREAT = 250
THREAT_SCALE = 4
W_WHITE_WAITING = 8.0


def research_points(game: FallingSkiesGame, step: int) -> float:
    """Research climbed, as the sum of the requirements passed (``fs.room-effects.research``)."""
    track = game.board.scenario.research
    return float(sum(track[:step]))


def dig_points(game: FallingSkiesGame, index: int) -> float:
    """Excavation progress along the path (``fs.excavator.path``), capped at the last research
    room's far space."""
    board = game.board
    last = max(
        (
            board.path_index.get(s, 0)
            for r in board.rooms.values()
            if r.kind == "research"
            for s in r.spaces
        ),
        default=board.start,
    )
    return float(min(index, last) - board.start)


def threat(game: FallingSkiesGame, state: FSState) -> float:
    """Ships close to the city threaten damage (``fs.damage.hit``): each ship counts by an
    exponential in its distance to the city."""
    rows = game.board.sky_rows
    total = 0.0
    for ship in state.ships:
        if ship.row is not None:
            total += math.exp(-(rows + 1 - ship.row) / THREAT_SCALE)
        elif ship.color == "white":
            total += W_WHITE_WAITING / W_THREAT
    return total


def static_value(game: FallingSkiesGame, state: FSState) -> float:
    """The board's value: research, excavation, energy, damage and ship threat."""
    if state.outcome is not None:
        return WIN if state.outcome[0] == "win" else LOSS
    value = W_RESEARCH * research_points(game, state.research)
    value += W_DIG * dig_points(game, state.excavator)
    value += W_ENERGY * min(state.energy, 6) + 0.5 * max(state.energy - 6, 0)
    value -= DAMAGE[min(state.damage, len(DAMAGE) - 1)]
    value -= W_THREAT * threat(game, state)
    return value


def dice_value(game: FallingSkiesGame, state: FSState) -> float:
    """The worth of the dice placed so far, were their rooms resolved (``fs.room-effects.*``)."""
    board = game.board
    value = 0.0
    seen: set[str] = set()
    step = state.research
    for die in state.placed:
        space = (die.row, die.column)
        if not excavated(board, state, space):
            dig = board.path_index[space] - state.excavator
            value += W_DIG * dig - W_ENERGY
            continue
        room = board.room_at.get(space)
        if room is None or room.id in seen:
            continue
        seen.add(room.id)
        on = [d for d in state.placed if (d.row, d.column) in room.spaces]
        total = sum(d.value for d in on)
        full = len(on) == len(room.spaces)
        cost = W_ENERGY * room.cost
        if room.kind == "research":
            if full:
                new = climb(game.ruleset, board.scenario.research, step, total + room.modifier)
                gain = research_points(game, new) - research_points(game, step)
                step = new
                value += W_RESEARCH * gain - cost
            else:
                value += W_RESEARCH * 0.6 * total
        if room.kind in ("energy", "energy_fighter"):
            amount = max(total + room.modifier, 0) if full else 0.5 * total
            value += W_ENERGY * min(amount, 7 - state.energy)
        if room.kind in ("fighter", "energy_fighter") and full:
            shot = fighter_targets(board, game.ruleset, state, total + room.modifier)
            rows = board.sky_rows
            for ship in shot:
                value += W_THREAT * math.exp(-(rows + 1 - ship.row) / THREAT_SCALE) + 6.0
            value -= cost if shot else 0.0
    return value


def coming_descent(game: FallingSkiesGame, state: FSState) -> float:
    """What the dice still to place will do to the ships of the open columns (``fs.dice.place``:
    one die a column, ``fs.ships.descend``, ``fs.ships.aa-gun``): the lowest die goes to the
    column whose ship is nearest the city, each on its AA gun (one less); dice to be rerolled
    count 3.5. The change of threat, and the damage of ships pushed into the city."""
    board = game.board
    rows = board.sky_rows
    rerolling = bool(state.pending) and state.pending[0][0] == "reroll"
    dice = sorted(3.5 if rerolling else float(d.value) for d in state.rolled)
    used = {d.column for d in state.placed}
    lowest: dict[int, int] = {}
    for ship in state.ships:
        if ship.row is not None and ship.column not in used:
            lowest[ship.column] = max(lowest.get(ship.column, 0), ship.row)
    columns = sorted(lowest, key=lambda c: -lowest[c])
    change, hits = 0.0, 0
    for column, value in zip(columns, dice, strict=False):
        drop = max(value - 1.0, 0.0)
        for ship in state.ships:
            if ship.column == column and ship.row is not None:
                before = math.exp(-(rows + 1 - ship.row) / THREAT_SCALE)
                if ship.row + drop > rows:
                    hits += 1
                    change -= before
                else:
                    change += math.exp(-(rows + 1 - ship.row - drop) / THREAT_SCALE) - before
    damage = min(state.damage + hits, len(DAMAGE) - 1)
    penalty = DAMAGE[damage] - DAMAGE[min(state.damage, len(DAMAGE) - 1)]
    if state.damage + hits >= game.board.damage_limit:
        penalty += 1e5
    return -W_THREAT * change - penalty


def score(game: FallingSkiesGame, state: FSState) -> float:
    """The value of a state: the board, plus the placed dice and the dice to come while the
    dice phase lasts."""
    value = static_value(game, state)
    if state.outcome is None and state.phase == "dice":
        value += dice_value(game, state) + coming_descent(game, state)
    return value


def best_room_line(game: FallingSkiesGame, state: FSState, memo: dict[FSState, float]) -> float:
    """The best score reachable from a room-phase state, over every order of its decisions
    (``fs.rooms.any-order``), scored once the phase is over."""
    key = game.search_key(state)
    if key in memo:
        return memo[key]
    node = game.node(state)
    if not isinstance(node, PlayerNode) or state.phase != "room":
        value = score(game, state)
    else:
        value = max(best_room_line(game, game.apply(state, d).state, memo) for d in node.legal)
    memo[key] = value
    return value


def placement_value(
    game: FallingSkiesGame, state: FSState, memo: dict[FSState, float], depth: int
) -> float:
    """The value after a placement: the exact room phase once the last die is down
    (``fs.round.room-phase``), else the score, or with ``depth`` left the best next placement
    while no reroll is pending (a reroll is chance: its outcome is not searched)."""
    if state.outcome is None and state.phase == "room":
        return best_room_line(game, state, memo)
    node = game.node(state)
    if depth <= 0 or state.phase != "dice" or not isinstance(node, PlayerNode):
        return score(game, state)
    if not isinstance(node.legal[0], PlaceDie):
        return score(game, state)
    return max(
        placement_value(game, game.apply(state, d).state, memo, depth - 1) for d in node.legal
    )


def choose_placement(
    game: FallingSkiesGame, state: FSState, legal: tuple[Any, ...], keep: int = 6
) -> Any:
    """Score every placement one ply deep, then search the best ``keep`` one ply deeper."""
    memo: dict[FSState, float] = {}
    after = {d: game.apply(state, d).state for d in legal}
    first = {d: placement_value(game, after[d], memo, 0) for d in legal}
    ranked = sorted(legal, key=lambda d: -first[d])[:keep]
    return max(ranked, key=lambda d: placement_value(game, after[d], memo, 1))


def expert(game: FallingSkiesGame, rng: random.Random) -> Policy:
    """The expert policy for ``game``; ``rng`` is its own (it needs no randomness)."""
    del rng

    def choose(state: FSState, node: PlayerNode) -> Any:
        legal = node.legal
        if len(legal) == 1:
            return legal[0]
        first = legal[0]
        if isinstance(first, PlaceDie):
            return choose_placement(game, state, legal)
        if isinstance(first, LaunchColumn):
            return max(legal, key=lambda d: score(game, game.apply(state, d).state))
        memo: dict[FSState, float] = {}
        best, best_value = first, -math.inf
        for decision in legal:
            value = best_room_line(game, game.apply(state, decision).state, memo)
            if value > best_value:
                best, best_value = decision, value
        return best

    return choose
