"""An expert player for Under Falling Skies: a beam over the round's placements with rerolls as
sampled chance, the room phase played out, scored by an estimated win chance.

The player is a factory ``expert(game, rng)`` returning a policy over the game's player nodes.

* Dice phase (:meth:`Expert.search`): from the dice on the table, a beam (``BEAM`` wide) over
  the placements still to make, one die at a time; the partial lines are ranked by
  :meth:`Expert.virtual`: the placed dice resolved as the round's end would see them (energy
  rooms first, then the best set of research, digging and fighter shots the energy pays for; a
  ship shot down counts as relaunched), the mothership's next row and its action applied, and
  the result scored. A line ends when the dice phase does (the best ``LEAVES`` are played out:
  the room phase as :meth:`Expert.plan_rooms` would resolve it, the mothership phase and its
  launches, and scored by :meth:`Expert.value`) or at a white die placed with dice left: the
  reroll is a chance node, valued by the mean over ``SAMPLES`` outcomes drawn from the
  player's own ``rng`` (``sample_outcome`` over the chance node's outcomes) of a narrower beam
  after each.
* Room phase: no chance, so every order of resolving, skipping and digging is searched
  (memoised by ``game.search_key``) through the mothership phase, keeping the best end state.
* Launch ties: each tied column is applied and scored.

The score (:meth:`Expert.score`) is the log of P(research done before the skull) times
P(the city survives the hits expected meanwhile), plus terms for research points, rounds
left, energy (``W_ENERGY`` a point: research and digging are paid for with it) and each
ship's chance to hit in its next round:

* Research time (:func:`research_table`, built once per board): for each excavator threshold
  that opens a research room, the expected rounds from each research step to the top, by an
  exact Markov chain over the 252 multisets of five dice, the dice going to at most
  ``ROOMS_PER_ROUND`` open research rooms in different columns, resolved in the best order.
  It counts exactly which requirements remain and which rooms can meet them: on pnp-easy
  the 7 and the 12 need a multi-space room, and the last step (12 from one room) takes about
  five rounds with only the two-space room open and about one with the three-space room in
  row 6, so the player digs to row 6 early. :meth:`Expert.research_time` takes the best
  threshold, digging costed (``DIG_RATE`` spaces a round, ``DIG_COST`` rounds each) and the
  mothership's coming pushbacks of research and excavator counted.
* Damage: each ship's descent still to go; its expected hits within the research time are
  normal tails of ``MU`` rows a round (first hit, then one per relaunch below the mothership),
  the mothership's strike actions added; survival is the Poisson chance of fewer hits than the
  damage track has left. Low dice and AA guns under near ships, fighter shots at ships on
  explosion icons and the mothership icons' rounds all move this term.

Measured on pnp-easy under the readings that were the defaults before the published ones (robot
rooms as tunnels, launches by the greatest gap, white ships shot down out of the game),
``rulings balance --game falling-skies
--defaults-only --scenarios pnp-easy --games 300 --workers 1 --json --seed 0``: 0 wins in 300
games (0%, Wilson 95% interval 0-1.26%), 277 lost to damage and 23 to the skull, mean 7.83
rounds, 300 games in 225 s (1.33 games/s in one process on a shared machine, start-up
included). Weights and widths set on 70 seeded games (seeds 3000-3069 of a ``play_out``
loop): there it reaches research step 9.9 on average and step 12 or more in 11 games, lasting
7.8 rounds; with ``BEAM`` 5 and ``LEAVES`` 6 it reaches 9.8 (7 games at 12 or more), and with
those and ``W_PROGRESS`` 0.25, ``W_ROUNDS`` 0.3 it reaches 9.3 (3 games) and lasts 8.4
rounds. On seeds 3000-3029 a beam player scored by hand-set weights reaches 9.1 and lasts
6.8 rounds. None of these wins a game: the strength target (25%) is far off. Under the
published defaults (the README's balance section) it wins 0 of 200.

Robots (reading ``robot-rooms: robots``): a robot in the city is worth ``W_ROBOT`` a point of
its face by the kind of room it stands in, and a robot room's new robot ``W_BUILD`` a point in
the dice phase's plan. Set on seeded games (seeds 3000-3079 of a ``play_out`` loop, pnp-easy,
default readings otherwise): with these weights the player makes 44 robots in 80 games and
reaches research step 9.75 on average, against 9.88 with robots worth nothing (it then never
makes one) and 8.7 (40 games) with twice these ``W_ROBOT`` and ``W_BUILD`` 0.3: this valuation
does not yet make robots pay.

Randomness: the policy draws only from ``rng`` (reroll samples), so a seeded game replays; it
never reads the playout's random state or a die not yet rolled.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from functools import lru_cache
from itertools import combinations, combinations_with_replacement, permutations
from typing import Any

from engine.core.game import ChanceNode, PlayerNode, sample_outcome
from engine.falling_skies.board import Board
from engine.falling_skies.dice_phase import PlaceDie
from engine.falling_skies.dice_phase.placement import excavated
from engine.falling_skies.game import FallingSkiesGame
from engine.falling_skies.mothership_phase import LaunchColumn
from engine.falling_skies.robots import TOP_FACE, BuildRobot
from engine.falling_skies.room_phase import EndRoomPhase, MoveExcavator, ResolveRoom
from engine.falling_skies.room_phase.effects import climb, effects_of, fighter_targets
from engine.falling_skies.ruleset import Ruleset
from engine.falling_skies.state import FSState

Policy = Callable[[FSState, PlayerNode], Any]

WIN = 1e6
LOSS = -1e6
FLOOR = 1e-9
# the research-time model
ROOMS_PER_ROUND = 2  # research rooms a round's energy pays for, in the table
DIG_RATE = 4.5  # path spaces dug per digging round
DIG_COST = 0.45  # rounds of research a digging round costs
# the damage model: a ship's column gets one die a round
MU = 2.5
SIGMA = 1.7
CYCLES = 4  # hits counted per ship: its next and the next after each relaunch
TIME_SCALE = 1.6  # the table's rounds are a bound: dice also go to defence and energy
# small terms
W_ENERGY = 0.3
W_PROGRESS = 0.6  # per research point climbed
W_ROUNDS = 1.0  # per round left before the skull
W_NEXT = 0.3  # per ship's chance to hit the city in its next round
W_ROBOT = {
    "research": 0.175,
    "research_fighter": 0.175,
    "energy": 0.125,
    "energy_fighter": 0.125,
    "energy_robot": 0.125,
    "fighter": 0.075,
    "robot": 0.05,
}
"""Per point of a robot's face, by the kind of room it stands in (others: nothing); halved in a
room of several spaces, which needs more to work."""
W_BUILD = 0.05  # per point of the face of a robot a robot room makes (fewer than two out)
ENERGY_CAP = 7
# search
PLANNED_LEAVES = 1  # leaves resolve their rooms as plan_rooms does
BEAM = 7
LEAVES = 8
REROLL_LEAVES = 2
SAMPLES = 2
SUB_BEAM = 2


def research_points(track: tuple[int, ...], step: int) -> float:
    """Research climbed, as the sum of the requirements passed (``fs.room-effects.research``)."""
    return float(sum(track[:step]))


def _normal_cdf(x: float) -> float:
    return 0.5 * math.erfc(-x / math.sqrt(2.0))


def _poisson_cdf(k: int, mean: float) -> float:
    """P(X <= k) for X ~ Poisson(mean)."""
    if k < 0:
        return 0.0
    term = math.exp(-mean)
    total = term
    for i in range(1, k + 1):
        term *= mean / i
        total += term
    return min(total, 1.0)


def _multisets() -> list[tuple[tuple[int, ...], float]]:
    """The 252 multisets of five dice with their probabilities."""
    found = []
    for faces in combinations_with_replacement(range(1, 7), 5):
        orders = math.factorial(5)
        for face in set(faces):
            orders //= math.factorial(faces.count(face))
        found.append((faces, orders / 6**5))
    return found


def research_table(game: FallingSkiesGame) -> tuple[tuple[int, tuple[float, ...]], ...]:
    """:func:`board_research_table` of the game's board and readings (built once for them)."""
    return board_research_table(game.board, game.ruleset)


@lru_cache(maxsize=16)
def board_research_table(
    board: Board, ruleset: Ruleset
) -> tuple[tuple[int, tuple[float, ...]], ...]:
    """Per threshold of the excavator (the path index that opens one more research room), the
    expected rounds to climb from each research step to the top, by an exact chain over the
    five dice of a round: each round the dice go to at most ``ROOMS_PER_ROUND`` open research
    rooms of different columns, resolved in the best order (``climb``)."""
    track = board.scenario.research
    top = len(track)
    rooms = [r for r in board.rooms.values() if r.kind == "research"]
    opens = {r.id: max(board.path_index.get(s, 0) for s in r.spaces) for r in rooms}
    vmax = 6 * 5 + 10
    step_after = [
        [climb(ruleset, track, s, max(v, 0)) for v in range(vmax)] for s in range(top + 1)
    ]
    thresholds = sorted({board.start, *(i for i in opens.values() if i > board.start)})
    rolls = _multisets()
    table = []
    for threshold in thresholds:
        open_rooms = [r for r in rooms if opens[r.id] <= threshold]
        shapes = _room_shapes(open_rooms)
        # per roll, the orders of room values it can give, as indices into ``orders``
        orders: dict[tuple[int, ...], int] = {}
        options: list[tuple[float, tuple[int, ...]]] = []
        for faces, p in rolls:
            found: set[int] = set()
            for values in _room_values(faces, shapes):
                for order in set(permutations(values)):
                    found.add(orders.setdefault(order, len(orders)))
            options.append((p, tuple(found)))
        times = [0.0] * (top + 1)
        for s in range(top - 1, -1, -1):
            reach = []
            for order in orders:
                t = s
                for v in order:
                    t = step_after[t][v]
                reach.append(t)
            stay = 0.0
            rest = 0.0
            for p, found in options:
                best = max((reach[i] for i in found), default=s)
                if best <= s:
                    stay += p
                else:
                    rest += p * times[best]
            times[s] = 99.0 if stay > 0.999 else min((1.0 + rest) / (1.0 - stay), 99.0)
        table.append((threshold, tuple(times)))
    return tuple(table)


def _room_shapes(open_rooms: list[Any]) -> list[tuple[tuple[int, int], ...]]:
    """The sets of open research rooms a round's dice can fill together (at most
    ``ROOMS_PER_ROUND``, no two sharing a column, five spaces at most), each as its rooms'
    (spaces, modifier)."""
    shapes: set[tuple[tuple[int, int], ...]] = set()
    for k in range(1, ROOMS_PER_ROUND + 1):
        for combo in combinations(open_rooms, k):
            cols = [c for r in combo for _, c in r.spaces]
            if len(cols) == len(set(cols)) and len(cols) <= 5:
                shapes.add(tuple(sorted((len(r.spaces), r.modifier) for r in combo)))
    return sorted(shapes)


def _room_values(
    faces: tuple[int, ...], shapes: list[tuple[tuple[int, int], ...]]
) -> set[tuple[int, ...]]:
    """The room values (dice summed plus modifier, at least 0) that the five ``faces`` can give
    the rooms of each shape, each set of values sorted high to low."""
    found: set[tuple[int, ...]] = set()
    for shape in shapes:
        found |= _shape_values(faces, shape)
    return found


@lru_cache(maxsize=8192)
def _shape_values(
    faces: tuple[int, ...], shape: tuple[tuple[int, int], ...]
) -> frozenset[tuple[int, ...]]:
    """:func:`_room_values` for one shape."""
    found: set[tuple[int, ...]] = set()
    _fill(faces, tuple(range(len(faces))), shape, (), found)
    return frozenset(found)


def _fill(
    faces: tuple[int, ...],
    free: tuple[int, ...],
    shape: tuple[tuple[int, int], ...],
    values: tuple[int, ...],
    found: set[tuple[int, ...]],
) -> None:
    """Give the first room of ``shape`` every choice of its dice among ``free``, then the rest."""
    if not shape:
        found.add(tuple(sorted(values, reverse=True)))
        return
    (n, modifier), rest = shape[0], shape[1:]
    for chosen in combinations(free, n):
        left = tuple(i for i in free if i not in chosen)
        value = max(sum(faces[i] for i in chosen) + modifier, 0)
        _fill(faces, left, rest, (*values, value), found)


class Expert:
    """The policy: called with ``(state, node)``, it returns a legal decision."""

    def __init__(self, game: FallingSkiesGame, rng: random.Random) -> None:
        self.game = game
        self.rng = rng
        board = game.board
        self.board = board
        self.track = board.scenario.research
        self.top = len(self.track)
        self.skull = next(
            (i + 1 for i, a in enumerate(board.scenario.mothership) if a[0] == "skull"),
            len(board.scenario.mothership) + 1,
        )
        self.table = research_table(game)
        self.times: dict[tuple[int, int, int], float] = {}
        self.hits: dict[tuple[int, float, int], float] = {}
        self.plan: dict[FSState, Any] = {}
        self.rows = board.sky_rows
        ms = board.scenario.mothership
        self.push_research = [a[1] if a[0] == "research" else 0 for a in ms] + [0] * 40
        self.push_dig = [a[1] if a[0] == "excavator" else 0 for a in ms] + [0] * 40
        self.strikes = [a[1] if a[0] == "damage" else 0 for a in ms] + [0] * 40

    # -- values ---------------------------------------------------------------------------
    def research_time(self, step: int, ex: int, ms: int) -> float:
        """Expected rounds still needed to reach the top from ``step`` with the excavator at
        ``ex`` (digging to a deeper research room costed), the mothership's pushbacks of
        research and excavator in that time counted."""
        if step >= self.top:
            return 0.0
        key = (step, ex, ms)
        known = self.times.get(key)
        if known is not None:
            return known
        best = 99.0
        for _ in range(2):
            horizon = ms + int(min(best, 12.0)) + 1
            lost = sum(self.push_research[ms : min(horizon, self.skull - 1)])
            back = sum(self.push_dig[ms : min(horizon, self.skull - 1)])
            best = 99.0
            for threshold, times in self.table:
                dig = max(threshold - (ex - back), 0) / DIG_RATE
                if threshold > ex and dig > 0:
                    dig = max(dig, 1.0)
                redo = lost * min(times[0], 40.0) / self.top
                t = TIME_SCALE * (times[step] + redo) + DIG_COST * dig
                if threshold > ex:
                    t = max(t, dig + 1.0)
                best = min(best, t)
        self.times[key] = best
        return best

    def score(
        self,
        step: int,
        ex: int,
        energy: int,
        damage: int,
        ms: int,
        distances: list[int],
    ) -> float:
        """The log of an estimated win chance: research done before the skull, times the city
        surviving the hits expected while it climbs."""
        if step >= self.top:
            return WIN
        rounds_left = self.skull - ms
        if rounds_left <= 0:
            return LOSS
        t = self.research_time(step, ex, ms)
        spread = 0.8 + 0.25 * t
        p_research = 1.0 / (1.0 + math.exp(-(rounds_left + 0.5 - t) / spread))
        h = round(min(t, 12.0), 1)
        expected = 0.0
        near = 0.0
        for d in distances:
            expected += self.ship_hits(d, h, ms)
            if d < 7:
                near += (7 - d) / 6.0
        expected += sum(self.strikes[ms : min(ms + int(math.ceil(h)), self.skull - 1)])
        hits_left = self.board.damage_limit - damage
        p_city = _poisson_cdf(hits_left - 1, expected)
        v = math.log(max(p_research, FLOOR)) + math.log(max(p_city, FLOOR))
        v += W_PROGRESS * research_points(self.track, step) + W_ROUNDS * rounds_left
        v -= W_NEXT * near
        return v + W_ENERGY * min(energy, ENERGY_CAP)

    def ship_hits(self, d: int, h: float, ms: int) -> float:
        """Expected hits in ``h`` rounds from a ship ``d`` rows of descent from the city,
        relaunched below the mothership after each."""
        key = (d, h, ms)
        known = self.hits.get(key)
        if known is not None:
            return known
        cycle = max(self.rows - (ms + h / 2.0), 3.0)
        sd = SIGMA * math.sqrt(max(h, 0.25))
        reach = MU * h
        total = 0.0
        for k in range(CYCLES):
            x = (reach - d - k * cycle + 0.5) / sd
            if x < -4.0:
                break
            total += _normal_cdf(x)
        self.hits[key] = total
        return total

    def distances(self, state: FSState, ms: int, gone: set[str] = frozenset()) -> list[int]:
        """Each ship's descent still to go before it hits the city (waiting ships and those
        shot down launch below the mothership)."""
        out = []
        for ship in state.ships:
            if ship.row is None or ship.id in gone:
                out.append(self.rows - ms)
            else:
                out.append(self.rows + 1 - ship.row)
        return out

    def value(self, state: FSState) -> float:
        """The value of a state between rounds (or any state, roughly)."""
        if state.outcome is not None:
            return WIN + 1000 * (20 - state.round) if state.outcome[0] == "win" else LOSS
        ms = state.mothership_row
        return self.score(
            state.research,
            state.excavator,
            state.energy,
            state.damage,
            ms,
            self.distances(state, ms),
        ) + self.robot_worth(state)

    def robot_worth(self, state: FSState) -> float:
        """What the robots in the city are worth: each works its room in later rounds, its face
        dropping by one a use (``fs.room-effects.robot.power``, ``fs.room-effects.robot.wear``), so
        a robot is valued by its face and the kind of room it stands in (:data:`W_ROBOT`)."""
        total = 0.0
        for robot in state.robots:
            room = self.board.room_at.get((robot.row, robot.column))
            if room is None:
                continue
            weight = W_ROBOT.get(room.kind, 0.0)
            if len(room.spaces) > 1:
                weight /= 2
            total += weight * robot.value
        return total

    def partial(self, state: FSState) -> float:
        """A dice-phase state: the placed dice resolved as the round's end would see them."""
        if state.outcome is not None or state.phase != "dice":
            return self.value(state)
        return self.virtual(state)

    def virtual(self, state: FSState) -> float:
        """The score of the round's end were the placed dice resolved now (:meth:`plan`)."""
        return self.plan_rooms(state)[0]

    def plan_rooms(self, state: FSState) -> tuple[float, list[str], list[str]]:
        """The best resolution of the placed dice, scored as the round's end would see it:
        energy rooms first, then the best set of costly effects (research in the best order,
        digging, fighters) the energy pays for, then the mothership's next row. Returns the
        score, the energy rooms and the costly decisions in order (room ids, ``"dig"``). Ready
        robots count as dice on their spaces (``fs.room-effects.robot.power``); a robot room
        makes a robot, valued by :data:`W_BUILD`."""
        game, board = self.game, self.board
        energy = state.energy
        emax = board.scenario.energy_max
        costly: list[tuple[str, int, Any, str]] = []
        free: list[str] = []
        seen: set[str] = set()
        faces = {(d.row, d.column): d.value for d in state.placed}
        faces.update({(r.row, r.column): r.value for r in state.robots if not r.exhausted})
        for space in faces:
            if not excavated(board, state, space):
                costly.append(("dig", 1, board.path_index[space], "dig"))
                continue
            room = board.room_at.get(space)
            if room is None or room.id in seen:
                continue
            seen.add(room.id)
            on = [faces[s] for s in room.spaces if s in faces]
            if len(on) < len(room.spaces) or not all(
                excavated(board, state, s) for s in room.spaces
            ):
                continue
            value = sum(on) + room.modifier
            effects = effects_of(room.kind, game.ruleset)
            # a room of two kinds is resolved once: energy first (free), else its first costly
            # effect carries the cost and the name
            claimed = "energy" in effects
            if claimed:
                energy = min(energy + max(value, 0), emax)
                free.append(room.id)
            if "research" in effects:
                costly.append(("research", room.cost, value, room.id))
                claimed = True
            if "fighter" in effects:
                shot = fighter_targets(board, game.ruleset, state, value)
                if shot:
                    cost, name = (0, "") if claimed else (room.cost, room.id)
                    costly.append(("fight", cost, frozenset(s.id for s in shot), name))
                    claimed = True
            if "robot" in effects and value >= 1:
                cost, name = (0, "") if claimed else (room.cost, room.id)
                costly.append(("robot", cost, min(value, TOP_FACE), name))
        ms = state.mothership_row + 1
        room_for = 1.0 if len(state.robots) < 2 else 0.0
        best, best_line = -math.inf, []
        n = len(costly)
        total_cost = sum(c[1] for c in costly)
        masks = [(1 << n) - 1] if total_cost <= energy else range(1 << n)
        for mask in masks:
            cost = sum(costly[i][1] for i in range(n) if mask >> i & 1)
            if cost > energy:
                continue
            step, ex = state.research, state.excavator
            gone: set[str] = set()
            research: list[tuple[int, str]] = []
            rest: list[str] = []
            built = 0.0
            for i in range(n):
                if mask >> i & 1:
                    kind, _, what, name = costly[i]
                    if kind == "robot":
                        built += W_BUILD * what * room_for
                        if name:
                            rest.append(name)
                    elif kind == "dig":
                        ex = what
                        rest.append(name)
                    elif kind == "fight":
                        gone |= what
                        if name:
                            rest.append(name)
                    else:
                        research.append((what, name))
            order: tuple[tuple[int, str], ...] = ()
            if research:
                research.sort(reverse=True)
                top = -1
                for o in permutations(research):
                    got = self.climb_all(step, tuple(v for v, _ in o))
                    if got > top:
                        top, order = got, o
                step = top
            if step < self.top:
                step = max(step - self.push_research[ms - 1], 0)
                ex = max(ex - self.push_dig[ms - 1], board.start)
            v = (
                self.score(
                    step,
                    ex,
                    energy - cost,
                    state.damage + self.strikes[ms - 1],
                    ms,
                    self.distances(state, ms, gone),
                )
                + self.robot_worth(state)
                + built
            )
            if v > best:
                best, best_line = v, [name for _, name in order] + rest
        return best, free, best_line

    def climb_all(self, step: int, values: tuple[int, ...]) -> int:
        for v in values:
            step = climb(self.game.ruleset, self.track, step, v)
        return step

    # -- the room phase -------------------------------------------------------------------
    def room_greedy(self, state: FSState) -> FSState:
        """Play the room phase by a fixed priority (the beam's leaves)."""
        game, board = self.game, self.board
        while state.outcome is None and state.phase == "room":
            node = game.node(state)
            if not isinstance(node, PlayerNode):
                break
            if isinstance(node.legal[0], BuildRobot):
                state = self.install_best(state)
                continue
            pick = None
            best = -math.inf
            for d in node.legal:
                if isinstance(d, ResolveRoom):
                    room = board.rooms[d.room]
                    effects = effects_of(room.kind, game.ruleset)
                    if "energy" in effects:
                        pri = 100.0
                    elif "research" in effects:
                        total = sum(
                            x.value for x in state.placed if (x.row, x.column) in room.spaces
                        )
                        new = climb(game.ruleset, self.track, state.research, total + room.modifier)
                        pri = 50.0 + total if new > state.research else -1.0
                    else:
                        total = sum(
                            x.value for x in state.placed if (x.row, x.column) in room.spaces
                        )
                        shot = fighter_targets(board, game.ruleset, state, total + room.modifier)
                        pri = 20.0 + len(shot) if shot else -1.0
                        if "robot" in effects and len(state.robots) < 2:
                            pri = 10.0 + total  # fs.room-effects.robot.build
                elif isinstance(d, MoveExcavator):
                    pri = 40.0
                else:
                    continue
                if pri > best:
                    best, pick = pri, d
            if pick is None or best < 0:
                pick = EndRoomPhase()
            state = game.apply(state, pick).state
        return state

    def room_exact(self, state: FSState, memo: dict) -> float:
        key = self.game.search_key(state)
        if key in memo:
            return memo[key]
        node = self.game.node(state)
        if not isinstance(node, PlayerNode) or state.phase != "room":
            v = self.after_rooms(state)
        else:
            v = max(self.room_exact(self.game.apply(state, d).state, memo) for d in node.legal)
        memo[key] = v
        return v

    def after_rooms(self, state: FSState) -> float:
        """Through the launches to the next roll, then the value."""
        game = self.game
        while state.outcome is None:
            node = game.node(state)
            if isinstance(node, PlayerNode) and isinstance(node.legal[0], LaunchColumn):
                state = max((game.apply(state, d).state for d in node.legal), key=self.value)
                continue
            break
        return self.value(state)

    def leaf(self, state: FSState) -> float:
        if state.outcome is not None:
            return self.value(state)
        if state.phase == "room":
            state = self.room_planned(state) if PLANNED_LEAVES else self.room_greedy(state)
        return self.after_rooms(state)

    def room_planned(self, state: FSState) -> FSState:
        """Play the room phase as :meth:`plan_rooms` resolves it."""
        game = self.game
        _, free, line = self.plan_rooms(state)
        for name in [*free, *line]:
            if state.outcome is not None or state.phase != "room":
                return state
            d = MoveExcavator() if name == "dig" else ResolveRoom(name)
            if d in game.node(state).legal:
                state = self.install_best(game.apply(state, d).state)
        if state.outcome is None and state.phase == "room":
            state = game.apply(state, EndRoomPhase()).state
        return state

    def install_best(self, state: FSState) -> FSState:
        """A robot waiting to be installed goes where :meth:`robot_worth` values it most
        (``fs.room-effects.robot.build``); any other state is returned as it is."""
        if state.outcome is not None or not state.pending or state.pending[0][0] != "robot":
            return state
        node = self.game.node(state)
        assert isinstance(node, PlayerNode)
        return max((self.game.apply(state, d).state for d in node.legal), key=self.robot_worth)

    # -- the dice phase -------------------------------------------------------------------
    def options(self, state: FSState, legal: tuple[Any, ...]) -> list[PlaceDie]:
        """Placements less those no better than another of the same die and column: a die on
        a space with no effect is kept only on the AA gun (less descent) and on one other
        no-effect space (full descent)."""
        board = self.board
        kept = []
        plain: set[tuple[int, int]] = set()
        for d in legal:
            space = (d.row, d.column)
            room = board.room_at.get(space)
            if not excavated(board, state, space):
                kept.append(d)
                continue
            kind = room.kind if room is not None else "tunnel"
            works = bool(
                effects_of(kind, self.game.ruleset)
            )  # robot rooms: fs.room-effects.robot.build
            if kind == "aa_gun" or works:
                if works and not all(excavated(board, state, s) for s in room.spaces):
                    kind = "tunnel"
                else:
                    kept.append(d)
                    continue
            key = (d.die, d.column)
            if key not in plain:
                plain.add(key)
                kept.append(d)
        return kept

    def search(
        self, state: FSState, beam_width: int, leaves: int, rerolls: int
    ) -> tuple[float, list]:
        """Best (value, line) from a dice-phase player state: a beam over placements; a
        white die placed with dice left ends a line at a reroll, valued by sampling."""
        game = self.game
        beam = [(state, [])]
        done: list[tuple[float, FSState, list]] = []
        chance: list[tuple[float, FSState, list]] = []
        while beam:
            children: dict[FSState, tuple[float, FSState, list]] = {}
            for s, line in beam:
                node = game.node(s)
                for d in self.options(s, node.legal):
                    s2 = game.apply(s, d).state
                    l2 = [*line, (s, d)]
                    p = self.partial(s2)
                    if s2.outcome is not None or s2.phase != "dice" or s2.round != s.round:
                        done.append((p, s2, l2))
                    elif s2.pending and s2.pending[0][0] == "reroll":
                        chance.append((p, s2, l2))
                    else:
                        key = game.search_key(s2)
                        if key not in children or children[key][0] < p:
                            children[key] = (p, s2, l2)
            ranked = sorted(children.values(), key=lambda t: -t[0])[:beam_width]
            beam = [(s, line) for _, s, line in ranked]
        best, best_line = -math.inf, []
        done.sort(key=lambda t: -t[0])
        for _, s, line in done[:leaves]:
            v = self.leaf(s)
            if v > best:
                best, best_line = v, line
        chance.sort(key=lambda t: -t[0])
        for _, s, line in chance[:rerolls]:
            v = self.expect(s)
            if v > best:
                best, best_line = v, line
        return best, best_line

    def expect(self, state: FSState) -> float:
        """The mean over sampled rerolls of the best line after them."""
        game = self.game
        node = game.node(state)
        assert isinstance(node, ChanceNode)
        total = 0.0
        for _ in range(SAMPLES):
            s = game.apply(state, sample_outcome(node, self.rng)).state
            if s.outcome is not None or s.phase != "dice" or s.round != state.round:
                total += self.leaf(s)
            else:
                total += self.search(s, SUB_BEAM, 2, 1)[0]
        return total / SAMPLES

    def place(self, state: FSState, legal: tuple[Any, ...]) -> Any:
        if state in self.plan:
            d = self.plan.pop(state)
            if d in legal:
                return d
        _, line = self.search(state, BEAM, LEAVES, REROLL_LEAVES)
        self.plan = {s: d for s, d in line}
        return self.plan.pop(state, legal[0]) if line else legal[0]

    def __call__(self, state: FSState, node: PlayerNode) -> Any:
        legal = node.legal
        if len(legal) == 1:
            return legal[0]
        first = legal[0]
        if isinstance(first, PlaceDie):
            return self.place(state, legal)
        if isinstance(first, LaunchColumn):
            return max(legal, key=lambda d: self.value(self.game.apply(state, d).state))
        memo: dict = {}
        best, best_value = first, -math.inf
        for decision in legal:
            v = self.room_exact(self.game.apply(state, decision).state, memo)
            if v > best_value:
                best, best_value = decision, v
        return best


def expert(game: FallingSkiesGame, rng: random.Random) -> Policy:
    """The expert policy for ``game``, drawing its reroll samples from ``rng``."""
    return Expert(game, rng)
