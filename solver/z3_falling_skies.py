"""Placement questions for one Under Falling Skies dice phase, encoded in Z3 (PRINCIPLES §6).

API (no command line here; ``rulings solve`` wires it in)::

    from solver.z3_falling_skies import no_damage_placement, research_placement

    plan = no_damage_placement(scenario, ruleset, state)         # Placement | None
    plan = research_placement(scenario, ruleset, state, k)       # Placement | None
    plan = no_damage_placement(scenario, ruleset, state, rerolls="forbid")

* ``scenario`` is a :class:`~engine.falling_skies.scenario.Scenario`, ``ruleset`` a
  :class:`~engine.falling_skies.ruleset.Ruleset`, ``state`` an
  :class:`~engine.falling_skies.state.FSState` in the dice phase with its dice rolled: phase
  ``dice``, nothing pending (no roll or reroll waiting), no outcome. Some dice may be placed.
* ``None`` means proved impossible (the solver answered *unsat*). A :class:`Placement` lists
  its :class:`Move` s in order — each die by value and colour, its space, and for a white die the
  faces the unplaced dice were rerolled to (``reroll``) — and for ``research_placement`` the
  rooms to resolve in the room phase, in order (``rooms``). :func:`replay_decisions` turns a plan
  into the engine's decisions and chance outcomes.
* :class:`PlacementProblem` builds the encoding once per state and answers both questions
  (``no_damage()``, ``research(k)``, ``max_research()``); ``stats`` counts its time.
* ``ValueError`` for a state that is not a dice phase after a roll or a ruleset reading this
  encoding does not implement (see below).

What "takes no damage" and "reaches k" mean. A white die placed while other dice are unplaced
rerolls them (``fs.dice.place.white-reroll``), so with the dice known the rest of a round is
known only up to those rerolls. ``rerolls="luck"`` (the default) lets the solver choose the
faces of every reroll: *sat* means some placement order and some reroll results avoid damage
(reach k), and *unsat* proves that no placement and no luck can; the plan names the faces it
counted on. ``rerolls="forbid"`` allows only orders that trigger no reroll (no white die placed
while another die is unplaced): a plan found then works whatever happens. Both questions also
require that the game is not lost in the dice phase (no hit reaching the damage skull,
``fs.end.lose-damage``; no mothership icon bringing the mothership to the skull,
``fs.ships.mothership-icon.skull``). No damage means no ship reaches the city at all
(``fs.damage.hit``). Research is counted at the end of this round's room phase, before the
mothership phase can lower it (``fs.mothership.action.research``).

The encoding is independent of the engine's rule code: it reads the scenario's data and the
state's fields only, and writes the rules as constraints over a bounded unrolling of the phase:

* Steps ``t = 0 … n-1`` (``n`` unplaced dice). ``act[t]``: a die is placed at step ``t``; steps
  are taken in a prefix. A placement puts an unplaced die (``d[t]``) on a space (``row[t]``,
  ``col[t]``) of a column without a die (``fs.dice.place``, ``fs.dice.one-per-column``). A space
  takes a die if it is on the excavator's path and excavated (path index at most the
  excavator's, ``fs.excavator.path``; ledger ``excavator-own-space``), except a robot room under
  ``robot-rooms: closed``; an unexcavated path space takes one only if no die is on the
  unexcavated path yet (``fs.excavator.one-die``) and the die is at least its distance
  (``fs.excavator.distance``, ``fs.excavating.place``; reading ``excavator-distance``). The phase
  ends only when no unplaced die fits anywhere: ``¬act[t]`` forces that, so a plan never stops
  early (``fs.dice.place``).
* Ships (``fs.ships.descend``, ``fs.ships.order``, ``fs.ships.stop-icon``): every ship in the
  sky of the die's column drops by the die's value, one less (never below 0) for a die on an
  excavated AA gun in row 1 (any row under ``aa-gun-other-rows: any-row``; ``fs.ships.aa-gun``,
  room modifiers play no part, ``fs.value.room-phase-only``). A ship passing the sky's last row
  hits the city: one damage, back aboard (``fs.damage.hit``, ``fs.damage.return``,
  ``fs.white-ships.return``). The others resolve their stop icon: an arrow moves the ship one
  column unless off the sky or onto a ship (``fs.ships.arrow``; the new space's icon is not
  resolved, ledger ``arrow-end-icon``); a mothership icon drops the mothership a row, taking
  back the ships on the row it enters (``fs.ships.mothership-icon``, ``…recover``); reaching
  the skull loses (``fs.ships.mothership-icon.skull``); explosions only mark fighter targets
  (``fs.ships.explosion``), which no question here depends on.
  The top-to-bottom order of ``fs.ships.order`` is encoded through its consequences, which
  hold because every ship in the sky is below the mothership (launches use the row under it,
  ``fs.launch.*``; every move of the mothership takes back the row it enters; the encoding
  checks this of the input state): a mothership icon of an upper ship never takes back a lower
  mover (it enters a row above it), the space an arrow aims at can hold only a ship of another
  column that did not move, and a ship is taken back exactly when its row after the descent is
  at or above the mothership's row after all the step's icons. So the step is computed at once
  for all ships: no pairwise order is needed.
* White dice: after a white die with dice still unplaced, the unplaced dice take new faces,
  free in 1 … 6 (``rerolls="luck"``) or forbidden (``"forbid"``).
* Room phase (``research_placement`` only): a room acts if every space of it holds a die and is
  excavated (``fs.multi-space.full``, ``fs.multi-space.incomplete``), its value is the dice's
  sum plus its modifier (``fs.value.sum``, ``fs.multi-space.value``); rooms resolve one at a
  time in any order (``fs.rooms.any-order``, ``fs.room-effects.research.separate``), each
  paying its cost first (``fs.cost.pay``) or being skipped (``fs.cost.decline``). Only energy
  rooms (energy and energy-fighter kinds, gaining the value or the dice, reading
  ``energy-gain``, up to the track's maximum, ``fs.room-effects.energy``; the marker read by
  ``energy-direction``) and research rooms (``fs.room-effects.research.step``,
  ``…research.multi``; reading ``research-multi-step``) can change research reached; fighters
  and moving the excavator only spend energy, so leaving them out loses no plan. The order is a
  sequence of slots, one room each, exact whatever the order effects of costs, gains capped at
  the maximum and multi-step climbing. Reaching the top wins (``fs.end.win``) and counts.

Readings supported: every switch of ``data/interpretations.yaml`` — ``fighter-timing`` and
``dice-count`` change nothing here (fighters play no part; the dice are the state's),
``energy-direction``, ``energy-gain``, ``excavator-distance``, ``aa-gun-other-rows``,
``research-multi-step``, ``robot-rooms`` and ``damage-track-length`` as described (under
``robots`` a robot room takes a die as under ``tunnel``; the robot it makes works no room this
round, so leaving it out loses no plan; a position with robots in the city is refused), and
``sky-row-3-excavated`` (``reversed`` walks each row's run of the path from the excavator's row
down the other way). A switch value not among these is refused with ``ValueError``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from itertools import combinations

import z3

from engine.falling_skies.room_phase.effects import EFFECTS
from engine.falling_skies.ruleset import Ruleset
from engine.falling_skies.scenario import Scenario
from engine.falling_skies.state import FSState

Space = tuple[int, int]
FACES = range(1, 7)

SUPPORTED = {
    "dice_count": ("text", "note"),
    "fighter_timing": ("same-round", "next-round"),
    "energy_direction": ("counts-left", "counts-used"),
    "energy_gain": ("room-value", "die-face"),
    "excavator_distance": ("path-steps", "spaces-between"),
    "aa_gun_other_rows": ("first-row-only", "any-row"),
    "research_multi_step": ("sum", "each-step"),
    "robot_rooms": ("tunnel", "closed", "robots"),
    "sky_row_3_excavated": ("as-scenario", "reversed"),
    "damage_track_length": ("as-scenario", "one-more"),
}
"""The readings this encoding implements, per ``Ruleset`` field."""

REROLLS = ("luck", "forbid")
ENERGY_KINDS = tuple(kind for kind, effects in EFFECTS.items() if "energy" in effects)
"""The room kinds that make energy (plain and combined)."""


@dataclass(frozen=True)
class Move:
    """One die placed: its value and colour, its space, and after a white die the faces of the
    dice still unplaced as rerolled, sorted grey first then by value (None: no reroll)."""

    value: int
    white: bool
    row: int
    column: int
    reroll: tuple[tuple[int, bool], ...] | None = None
    ships_after: tuple[tuple[str, int | None, int | None], ...] = ()
    """What the encoding predicts after the move: every ship that was in the sky as ``(id, row,
    column)``, ``(id, None, None)`` once back aboard."""
    mothership_after: int = 0
    damage_after: int = 0

    def __str__(self) -> str:
        text = f"place {self.value}{'w' if self.white else ''} on {self.row},{self.column}"
        if self.reroll is not None:
            faces = ",".join(f"{v}{'w' if w else ''}" for v, w in self.reroll)
            text += f" (reroll: {faces})"
        return text


@dataclass(frozen=True)
class Placement:
    """A plan for the rest of the dice phase (and, for research, the room phase)."""

    moves: tuple[Move, ...]
    rooms: tuple[str, ...] = ()
    """Rooms to resolve in the room phase, in order (research questions only)."""
    damage: int = 0
    """Damage the dice phase deals under this plan."""
    research: int | None = None
    """The research step the room phase reaches (research questions only)."""

    @property
    def relies_on_rerolls(self) -> bool:
        """Whether the plan counts on reroll faces (a plan without is certain)."""
        return any(m.reroll is not None for m in self.moves)

    def __str__(self) -> str:
        parts = [str(m) for m in self.moves] + [f"resolve {r}" for r in self.rooms]
        return "; ".join(parts) if parts else "(nothing to place)"


@dataclass
class Z3FSStats:
    """Seconds spent building the encoding and answering; checks made."""

    build_seconds: float = 0.0
    query_seconds: float = 0.0
    checks: int = 0


def check_ruleset(ruleset: Ruleset) -> None:
    """Refuse a reading this encoding does not implement."""
    for name, allowed in SUPPORTED.items():
        reading = getattr(ruleset, name)
        if reading not in allowed:
            raise ValueError(
                f"z3_falling_skies does not implement {name.replace('_', '-')}={reading} "
                f"(supported: {', '.join(allowed)})"
            )


def path_spaces(scenario: Scenario, ruleset: Ruleset) -> tuple[Space, ...]:
    """The excavator's path as read under ``sky-row-3-excavated`` (``fs.excavator.path``)."""
    path = tuple(tuple(s) for s in scenario.excavator_path)
    if ruleset.sky_row_3_excavated == "as-scenario":
        return path
    runs: list[list[Space]] = []
    for space in path:
        if runs and runs[-1][-1][0] == space[0]:
            runs[-1].append(space)
        else:
            runs.append([space])
    here = path[scenario.excavator_start]
    first = next(i for i, run in enumerate(runs) if here in run)
    out: list[Space] = []
    for i, run in enumerate(runs):
        out.extend(reversed(run) if i >= first else run)
    return tuple(out)


def _climb_costs(ruleset: Ruleset, track: tuple[int, ...], start: int) -> list[int]:
    """``costs[j-1]``: the least value that climbs ``j`` steps from ``start`` (monotone in j)."""
    costs, spent, top = [], 0, 0
    for need in track[start:]:
        spent += need
        top = max(top, need)
        costs.append(spent if ruleset.research_multi_step == "sum" else top)
    return costs


class PlacementProblem:
    """The rest of one dice phase (and its room phase) as Z3 constraints; see the module."""

    def __init__(
        self, scenario: Scenario, ruleset: Ruleset, state: FSState, rerolls: str = "luck"
    ) -> None:
        check_ruleset(ruleset)
        if rerolls not in REROLLS:
            raise ValueError(f"rerolls must be one of {', '.join(REROLLS)}, not {rerolls!r}")
        if state.robots:
            raise ValueError(
                "z3_falling_skies does not encode robots standing in the city "
                "(fs.room-effects.robot.power); ask about a position without robots"
            )
        if state.phase != "dice" or state.pending or state.outcome is not None:
            raise ValueError(
                "the state must be in the dice phase with its dice rolled "
                f"(phase {state.phase}, pending {state.pending}, outcome {state.outcome})"
            )
        self.scenario, self.ruleset, self.state, self.rerolls = scenario, ruleset, state, rerolls
        self.stats = Z3FSStats()
        started = time.perf_counter()
        self._read_board()
        self._check_state()
        self.solver = z3.Solver()
        self._encode_dice_phase()
        self._encode_room_phase()
        self.stats.build_seconds += time.perf_counter() - started

    # -- the board as data ------------------------------------------------------------------
    def _read_board(self) -> None:
        sc, rs, state = self.scenario, self.ruleset, self.state
        self.columns, self.sky_rows = sc.columns, len(sc.sky)
        path = path_spaces(sc, rs)
        self.path_index = {space: i for i, space in enumerate(path)}
        self.room_at = {tuple(sp): room for room in sc.rooms for sp in room.spaces}
        exc = state.excavator
        between = 1 if rs.excavator_distance == "spaces-between" else 0
        self.open_spaces: dict[Space, int | None] = {}
        """Spaces a die may use: None if excavated, else the least die value that reaches it."""
        for (r, c), index in self.path_index.items():
            room = self.room_at.get((r, c))
            if index <= exc:
                if room is not None and room.kind == "robot" and rs.robot_rooms == "closed":
                    continue
                self.open_spaces[(r, c)] = None
            else:
                self.open_spaces[(r, c)] = index - exc - between
        self.excavated = {sp for sp, i in self.path_index.items() if i <= exc}
        self.slow_spaces = {
            sp
            for sp in self.excavated
            if (room := self.room_at.get(sp)) is not None
            and room.kind == "aa_gun"
            and (sp[0] == 1 or rs.aa_gun_other_rows == "any-row")
        }
        self.icons: dict[str, list[Space]] = {"L": [], "R": [], "M": []}
        for r, row in enumerate(sc.sky, start=1):
            for c, icon in enumerate(row, start=1):
                if icon in self.icons:
                    self.icons[icon].append((r, c))
        extra = 1 if rs.damage_track_length == "one-more" else 0
        self.damage_limit = sc.damage_track + extra + 1
        self.skull_row = next(
            (
                r
                for r, (action, _) in enumerate(sc.mothership, start=1)
                if r > state.mothership_row and action == "skull"
            ),
            None,
        )

    def _check_state(self) -> None:
        """The encoding's premises: ships on distinct sky spaces below the mothership."""
        spaces = [(s.row, s.column) for s in self.state.ships if s.row is not None]
        if len(set(spaces)) != len(spaces):
            raise ValueError("two ships share a sky space")
        for row, column in spaces:
            if not (self.state.mothership_row < row <= self.sky_rows):
                raise ValueError(f"a ship at row {row} is not in the sky below the mothership")
            if not 1 <= column <= self.columns:
                raise ValueError(f"a ship is in column {column}, off the sky")

    # -- helpers ----------------------------------------------------------------------------
    @staticmethod
    def _at(spaces, row, col) -> z3.BoolRef:
        return (
            z3.Or([z3.And(row == r, col == c) for r, c in spaces]) if spaces else z3.BoolVal(False)
        )

    # -- the dice phase ---------------------------------------------------------------------
    def _encode_dice_phase(self) -> None:
        s, state = self.solver, self.state
        dice = state.rolled
        n = self.n = len(dice)
        self.white = [d.white for d in dice]
        used0 = {d.column for d in state.placed}
        dig0 = any((d.row, d.column) not in self.excavated for d in state.placed)
        sky = [sh for sh in state.ships if sh.row is not None]
        self.ship_ids = [sh.id for sh in sky]
        m = len(sky)
        C, R = self.columns, self.sky_rows

        val = [[z3.Int(f"val_{t}_{i}") for i in range(n)] for t in range(n + 1)]
        unpl = [[z3.Bool(f"unplaced_{t}_{i}") for i in range(n)] for t in range(n + 1)]
        used = [[z3.Bool(f"used_{t}_{c}") for c in range(C + 1)] for t in range(n + 1)]
        dig = [z3.Bool(f"dig_{t}") for t in range(n + 1)]
        insky = [[z3.Bool(f"insky_{t}_{j}") for j in range(m)] for t in range(n + 1)]
        srow = [[z3.Int(f"srow_{t}_{j}") for j in range(m)] for t in range(n + 1)]
        scol = [[z3.Int(f"scol_{t}_{j}") for j in range(m)] for t in range(n + 1)]
        mship = [z3.Int(f"mship_{t}") for t in range(n + 1)]
        dmg = [z3.Int(f"dmg_{t}") for t in range(n + 1)]
        act = [z3.Bool(f"act_{t}") for t in range(n)]
        die = [z3.Int(f"die_{t}") for t in range(n)]
        row = [z3.Int(f"row_{t}") for t in range(n)]
        col = [z3.Int(f"col_{t}") for t in range(n)]
        pv = [z3.Int(f"pv_{t}") for t in range(n)]
        reroll = [z3.Bool(f"reroll_{t}") for t in range(n)]

        for i, d in enumerate(dice):
            s.add(val[0][i] == d.value, unpl[0][i])
        for c in range(1, C + 1):
            s.add(used[0][c] == (c in used0))
        s.add(dig[0] == dig0, mship[0] == state.mothership_row, dmg[0] == state.damage)
        for j, sh in enumerate(sky):
            s.add(insky[0][j], srow[0][j] == sh.row, scol[0][j] == sh.column)

        open_by_col: dict[int, list[tuple[int, int | None]]] = {}
        for (r, c), need in sorted(self.open_spaces.items()):
            open_by_col.setdefault(c, []).append((r, need))
        unexcavated = [sp for sp, need in self.open_spaces.items() if need is not None]

        for t in range(n):
            if t:
                s.add(z3.Implies(act[t], act[t - 1]))
            # which die, and its value now
            s.add(z3.Implies(act[t], z3.Or([z3.And(die[t] == i, unpl[t][i]) for i in range(n)])))
            for i in range(n):
                s.add(z3.Implies(die[t] == i, pv[t] == val[t][i]))
            is_white = z3.Or([die[t] == i for i in range(n) if self.white[i]] or [False])
            # where: a free column, an open space of it
            space_ok = []
            for c, rows in open_by_col.items():
                for r, need in rows:
                    ok = [row[t] == r, col[t] == c, z3.Not(used[t][c])]
                    if need is not None:
                        ok += [z3.Not(dig[t]), pv[t] >= need]
                    space_ok.append(z3.And(ok))
            s.add(z3.Implies(act[t], z3.Or(space_ok) if space_ok else z3.BoolVal(False)))
            # the phase ends only when no unplaced die fits anywhere (fs.dice.place)
            none_fits = []
            for i in range(n):
                for c, rows in open_by_col.items():
                    for _r, need in rows:
                        fits = [unpl[t][i], z3.Not(used[t][c])]
                        if need is not None:
                            fits += [z3.Not(dig[t]), val[t][i] >= need]
                        none_fits.append(z3.Not(z3.And(fits)))
            s.add(z3.Implies(z3.Not(act[t]), z3.And(none_fits) if none_fits else True))
            # bookkeeping
            for i in range(n):
                s.add(unpl[t + 1][i] == z3.And(unpl[t][i], z3.Not(z3.And(act[t], die[t] == i))))
            for c in range(1, C + 1):
                s.add(used[t + 1][c] == z3.Or(used[t][c], z3.And(act[t], col[t] == c)))
            s.add(
                dig[t + 1] == z3.Or(dig[t], z3.And(act[t], self._at(unexcavated, row[t], col[t])))
            )
            # white dice reroll the unplaced ones (fs.dice.place.white-reroll)
            s.add(reroll[t] == z3.And(act[t], is_white, z3.Or([*unpl[t + 1], False])))
            if self.rerolls == "forbid":
                s.add(z3.Not(reroll[t]))
            for i in range(n):
                s.add(z3.And(val[t + 1][i] >= 1, val[t + 1][i] <= 6))
                s.add(
                    z3.Implies(
                        z3.Not(z3.And(reroll[t], unpl[t + 1][i])), val[t + 1][i] == val[t][i]
                    )
                )
            # the ships of the column drop (fs.ships.descend, fs.ships.aa-gun)
            slow = self._at(sorted(self.slow_spaces), row[t], col[t])
            amount = z3.If(slow, z3.If(pv[t] > 1, pv[t] - 1, 0), pv[t])
            movers, new_rows, hits, stays = [], [], [], []
            for j in range(m):
                mover = z3.And(act[t], insky[t][j], scol[t][j] == col[t], amount > 0)
                nr = srow[t][j] + amount
                hit = z3.And(mover, nr > R)
                movers.append(mover)
                new_rows.append(nr)
                hits.append(hit)
                stays.append(z3.And(mover, z3.Not(hit)))
            k_icons = z3.Sum(
                [
                    z3.If(z3.And(stays[j], self._at(self.icons["M"], new_rows[j], col[t])), 1, 0)
                    for j in range(m)
                ]
                or [z3.IntVal(0)]
            )
            s.add(mship[t + 1] == mship[t] + k_icons)
            s.add(dmg[t + 1] == dmg[t] + z3.Sum([z3.If(h, 1, 0) for h in hits] or [z3.IntVal(0)]))
            for j in range(m):
                nr = new_rows[j]
                moved_col = []
                for icon, step in (("L", -1), ("R", 1)):
                    target = col[t] + step
                    blocked = z3.Or(
                        target < 1,
                        target > C,
                        *[
                            z3.And(insky[t][o], scol[t][o] == target, srow[t][o] == nr)
                            for o in range(m)
                            if o != j
                        ],
                    )
                    moved_col.append(
                        (
                            z3.And(
                                stays[j], self._at(self.icons[icon], nr, col[t]), z3.Not(blocked)
                            ),
                            target,
                        )
                    )
                (go_left, left), (go_right, right) = moved_col
                s.add(scol[t + 1][j] == z3.If(go_left, left, z3.If(go_right, right, scol[t][j])))
                s.add(srow[t + 1][j] == z3.If(movers[j], nr, srow[t][j]))
                s.add(
                    insky[t + 1][j]
                    == z3.And(insky[t][j], z3.Not(hits[j]), srow[t + 1][j] > mship[t + 1])
                )

        self.val, self.act, self.die, self.row, self.col, self.pv = val, act, die, row, col, pv
        self.reroll, self.unpl, self.dmg, self.mship = reroll, unpl, dmg, mship
        self.insky, self.srow, self.scol = insky, srow, scol
        end = n
        self.no_loss = z3.And(
            dmg[end] < self.damage_limit,
            mship[end] < self.skull_row if self.skull_row is not None else True,
        )
        self.no_damage_goal = z3.And(self.no_loss, dmg[end] == state.damage)

    # -- the room phase ---------------------------------------------------------------------
    def _encode_room_phase(self) -> None:
        s, sc, rs, state = self.solver, self.scenario, self.ruleset, self.state
        prior = {(d.row, d.column): d.value for d in state.placed}
        free_cols = {c for c in range(1, self.columns + 1)} - {d.column for d in state.placed}
        rooms = []
        for room in sc.rooms:
            spaces = [tuple(sp) for sp in room.spaces]
            if room.kind not in (*ENERGY_KINDS, "research"):
                continue
            if not all(sp in self.excavated for sp in spaces):
                continue  # fs.multi-space.full
            if not all(
                sp in prior or (sp[1] in free_cols and sp in self.open_spaces) for sp in spaces
            ):
                continue
            rooms.append((room, spaces))
        self.candidate_rooms = [room for room, _ in rooms]

        def on(space: Space) -> tuple[z3.BoolRef, z3.ArithRef]:
            if space in prior:
                return z3.BoolVal(True), z3.IntVal(prior[space])
            here = [
                z3.And(self.act[t], self.row[t] == space[0], self.col[t] == space[1])
                for t in range(self.n)
            ]
            value = z3.Sum([z3.If(h, self.pv[t], 0) for t, h in enumerate(here)] or [z3.IntVal(0)])
            return z3.Or([*here, False]), value

        complete, totals = [], []
        for _room, spaces in rooms:
            parts = [on(sp) for sp in spaces]
            complete.append(z3.And([p[0] for p in parts]))
            totals.append(z3.Sum([p[1] for p in parts]))
        track = sc.research
        top = len(track)
        q = len(rooms)
        emax = sc.energy_max
        start_energy = state.energy if rs.energy_direction == "counts-left" else emax - state.energy
        pick = [z3.Int(f"pick_{j}") for j in range(q)]
        energy = [z3.Int(f"energy_{j}") for j in range(q + 1)]
        res = [z3.Int(f"research_{j}") for j in range(q + 1)]
        s.add(energy[0] == start_energy, res[0] == state.research)
        costs = {s0: _climb_costs(rs, track, s0) for s0 in range(top + 1)}

        def climb(now: z3.ArithRef, value: z3.ArithRef) -> z3.ArithRef:
            return z3.Sum(
                [
                    z3.If(now == s0, s0 + z3.Sum([z3.If(v <= value, 1, 0) for v in cs] or [0]), 0)
                    for s0, cs in costs.items()
                ]
            )

        for j in range(q):
            s.add(pick[j] >= -1, pick[j] < q)
            s.add(
                z3.Implies(pick[j] == -1, z3.And(energy[j + 1] == energy[j], res[j + 1] == res[j]))
            )
            for a in range(q):
                room, _ = rooms[a]
                value = totals[a] + room.modifier
                after_pay = energy[j] - room.cost
                if room.kind in ENERGY_KINDS:
                    gain = value if rs.energy_gain == "room-value" else totals[a]
                    gain = z3.If(gain > 0, gain, 0)
                    raw = after_pay + gain
                    new_energy = z3.If(raw > emax, emax, raw)
                    new_res = res[j]
                else:
                    new_energy = after_pay
                    new_res = climb(res[j], value)
                s.add(
                    z3.Implies(
                        pick[j] == a,
                        z3.And(
                            complete[a],
                            energy[j] >= room.cost,
                            energy[j + 1] == new_energy,
                            res[j + 1] == new_res,
                        ),
                    )
                )
        for j, j2 in combinations(range(q), 2):
            s.add(z3.Or(pick[j] == -1, pick[j] != pick[j2]))
        self.pick, self.research_end, self.top = pick, res[q], top

    # -- questions --------------------------------------------------------------------------
    def _check(self, *goals: z3.BoolRef) -> z3.ModelRef | None:
        started = time.perf_counter()
        self.stats.checks += 1
        result = self.solver.check(*goals)
        self.stats.query_seconds += time.perf_counter() - started
        if result == z3.unknown:
            raise RuntimeError(f"z3 gave up: {self.solver.reason_unknown()}")
        return self.solver.model() if result == z3.sat else None

    def no_damage(self) -> Placement | None:
        """A plan taking no damage in the dice phase, or None (unsat)."""
        model = self._check(self._flag(self.no_damage_goal, "no_damage"))
        return None if model is None else self._plan(model, rooms=False)

    def research(self, k: int) -> Placement | None:
        """A plan after which the room phase reaches research step ``k`` or more, or None."""
        goal = z3.And(self.no_loss, self.research_end >= k)
        model = self._check(self._flag(goal, f"research_{k}"))
        return None if model is None else self._plan(model, rooms=True)

    def max_research(self) -> int | None:
        """The highest research step a plan reaches (None: every plan loses in the dice phase)."""
        best = None
        for k in range(self.state.research, self.top + 1):
            if self.research(k) is None:
                break
            best = k
        return best

    def _flag(self, goal: z3.BoolRef, name: str) -> z3.BoolRef:
        flag = z3.Bool(f"goal_{name}")
        self.solver.add(z3.Implies(flag, goal))
        return flag

    def _plan(self, model: z3.ModelRef, rooms: bool) -> Placement:
        def num(x: z3.ArithRef) -> int:
            return model.eval(x, model_completion=True).as_long()

        def yes(x: z3.BoolRef) -> bool:
            return z3.is_true(model.eval(x, model_completion=True))

        moves = []
        for t in range(self.n):
            if not yes(self.act[t]):
                break
            i = num(self.die[t])
            faces = None
            if yes(self.reroll[t]):
                faces = tuple(
                    sorted(
                        (
                            (num(self.val[t + 1][o]), self.white[o])
                            for o in range(self.n)
                            if yes(self.unpl[t + 1][o])
                        ),
                        key=lambda f: (f[1], f[0]),
                    )
                )
            ships = tuple(
                (sid, num(self.srow[t + 1][j]), num(self.scol[t + 1][j]))
                if yes(self.insky[t + 1][j])
                else (sid, None, None)
                for j, sid in enumerate(self.ship_ids)
            )
            moves.append(
                Move(
                    num(self.pv[t]),
                    self.white[i],
                    num(self.row[t]),
                    num(self.col[t]),
                    faces,
                    ships,
                    num(self.mship[t + 1]),
                    num(self.dmg[t + 1]),
                )
            )
        order: tuple[str, ...] = ()
        research = None
        if rooms:
            picks = [num(p) for p in self.pick]
            order = tuple(self.candidate_rooms[a].id for a in picks if a >= 0)
            research = num(self.research_end)
        damage = num(self.dmg[self.n]) - self.state.damage
        return Placement(tuple(moves), order, damage, research)


def no_damage_placement(
    scenario: Scenario, ruleset: Ruleset, state: FSState, rerolls: str = "luck"
) -> Placement | None:
    """A full placement order taking no damage this dice phase, or None if none exists."""
    return PlacementProblem(scenario, ruleset, state, rerolls).no_damage()


def research_placement(
    scenario: Scenario, ruleset: Ruleset, state: FSState, k: int, rerolls: str = "luck"
) -> Placement | None:
    """A placement (and room order) bringing research to step ``k`` or more this round, or None."""
    return PlacementProblem(scenario, ruleset, state, rerolls).research(k)


def replay_decisions(plan: Placement) -> list[tuple[str, object]]:
    """The plan as steps for a driver: ``("place", (value, white, row, column))``,
    ``("reroll", faces)`` and ``("resolve", room_id)``, in order. (The driver maps a die's value
    and colour to the engine's index among the unplaced dice.)"""
    steps: list[tuple[str, object]] = []
    for move in plan.moves:
        steps.append(("place", (move.value, move.white, move.row, move.column)))
        if move.reroll is not None:
            steps.append(("reroll", move.reroll))
    steps.extend(("resolve", room) for room in plan.rooms)
    return steps
