"""Z3's placement answers agree with exhaustive search through the engine.

Each example is a dice-phase position right after a roll (or a reroll, or part-way through the
placements): a seeded random game of a shipped scenario (``short-sky``, ``two-step-research``,
``aa-gun-row-2``, ``pnp-easy``) played through ``game.node`` / ``game.apply`` until its j-th such
position with at most ``MAX_UNPLACED`` dice unplaced (one example in five: up to five, a whole
round, compared under ``forbid`` only, whose exhaustive search needs no reroll outcomes); half the time each, the unplaced dice are
given random faces (a random roll), the ships in the sky random spaces below the mothership (so
descents meet arrows, mothership icons and the city more often) and the energy marker a random
place on its track. The ruleset is the default, or a random reading of every switch.

For both reroll modes of :mod:`solver.z3_falling_skies` (``luck``: reroll faces chosen
existentially; ``forbid``: no white die placed while other dice wait), the engine's own game tree
is searched exhaustively — every placement decision, every reroll outcome (as existential
choices under ``luck``), then every room-phase decision — for whether some placement takes no
damage in the dice phase without losing (``fs.damage.hit``, ``fs.end.lose-damage``,
``fs.ships.mothership-icon.skull``) and for the highest research step the room phase can reach
(``fs.room-effects.research.*``). Z3 must agree: a no-damage plan exists iff the engine finds
one; research ``best`` is reachable and ``best + 1`` is not. Every plan Z3 returns is replayed
through the engine (its moves, the reroll faces it counted on, its room order) and must really
take no damage / reach the step it claims.

Sizes: ``max_examples // 8`` positions at the loaded profile (25 at ``ci``, 250 at ``deep``).
The module prints the positions compared, the sat/unsat counts and Z3's time against the
exhaustive search's on the same positions.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from contextlib import suppress
from dataclasses import dataclass, replace
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.game import ChanceNode, PlayerNode
from engine.core.playout import play_out
from engine.falling_skies.dice_phase.roll import Roll
from engine.falling_skies.game import EndRoomPhase, FallingSkiesGame, PlaceDie, ResolveRoom
from engine.falling_skies.ruleset import DEFAULT, Ruleset, interpretation_ledger
from engine.falling_skies.scenario import DATA, Scenario, load_scenario
from engine.falling_skies.state import Die, FSState, dice_order
from properties.profiles import scaled
from solver.z3_falling_skies import Placement, PlacementProblem

SCENARIOS = ("short-sky", "two-step-research", "aa-gun-row-2", "pnp-easy")
MAX_UNPLACED = 3
MAX_DECISIONS = 400
EXAMPLES = scaled(25)
MODES = ("luck", "forbid")

COUNTS: Counter = Counter()
SECONDS: Counter = Counter()


@cache
def scenario(name: str) -> Scenario:
    return load_scenario(DATA / "scenarios" / f"{name}.yaml")


def rulesets() -> st.SearchStrategy[Ruleset]:
    """The default readings half the time, else a random reading of every switch."""
    ledger = interpretation_ledger()
    choices = {
        switch.replace("-", "_"): st.sampled_from(
            [entry["default"]] + sorted(r for r in entry["readings"] if r != entry["default"])
        )
        for switch, entry in sorted(ledger.items())
    }
    random_readings = st.fixed_dictionaries(choices).map(lambda r: replace(DEFAULT, **r))
    return st.one_of(st.just(DEFAULT), random_readings)


@dataclass(frozen=True)
class Case:
    """A dice-phase position and how it was made (printed on failure)."""

    name: str
    seed: int
    stop: int
    faces: tuple[int, ...] | None
    sky: tuple[tuple[int, int], ...] | None
    ruleset: Ruleset
    state: FSState
    modes: tuple[str, ...]

    def __repr__(self) -> str:
        readings = {k: v for k, v in vars(self.ruleset).items() if getattr(DEFAULT, k) != v}
        return (
            f"Case({self.name}, modes={self.modes}, seed={self.seed}, stop={self.stop}, "
            f"faces={self.faces}, "
            f"sky={self.sky}, "
            f"readings={readings}, rolled={self.state.rolled}, placed={self.state.placed}, "
            f"ships={[(s.id, s.row, s.column) for s in self.state.ships if s.row]}, "
            f"mothership={self.state.mothership_row}, excavator={self.state.excavator}, "
            f"damage={self.state.damage}, research={self.state.research}, "
            f"energy={self.state.energy})"
        )


def dice_position(
    game: FallingSkiesGame, seed: int, stop: int, most: int = MAX_UNPLACED
) -> FSState | None:
    """The ``stop``-th dice-phase decision point (dice rolled, at most ``most`` unplaced) of a
    seeded random game, or the last one before the game ends."""
    rng = random.Random(seed)
    seen: list[FSState] = []

    def player(state: FSState, node: PlayerNode) -> object:
        if state.phase == "dice" and not state.pending and len(state.rolled) <= most:
            seen.append(state)
            if len(seen) >= stop:
                raise _Found
        return node.legal[rng.randrange(len(node.legal))]

    with suppress(_Found):
        play_out(game, game.initial_state(), rng, player, max_decisions=MAX_DECISIONS)
    return seen[-1] if seen else None


class _Found(Exception):
    """Stops the playout of :func:`dice_position` at the decision point it looks for."""


@st.composite
def cases(draw: st.DrawFn) -> Case:
    name = draw(st.sampled_from(SCENARIOS), label="scenario")
    ruleset = draw(rulesets(), label="ruleset")
    seed = draw(st.integers(0, 2**32 - 1), label="seed")
    stop = draw(st.integers(1, 12), label="stop")
    whole = draw(st.integers(0, 4), label="whole round") == 0
    most = 5 if whole else MAX_UNPLACED
    game = FallingSkiesGame(scenario(name), ruleset)
    state = dice_position(game, seed, stop, most)
    if state is None:
        state = dice_position(game, 0, 1, most)
    assert state is not None
    # The encoding leaves robots standing in the city out; a robot may be taken off at any time
    # (fs.room-effects.robot.limit), so the position without them is one play can reach.
    state = replace(state, robots=())
    faces = None
    if draw(st.booleans(), label="random roll"):
        faces = tuple(draw(st.integers(1, 6)) for _ in state.rolled)
        rolled = (Die(v, d.white) for v, d in zip(faces, state.rolled, strict=True))
        state = replace(state, rolled=tuple(sorted(rolled, key=dice_order)))
    sky = None
    if draw(st.booleans(), label="random sky"):
        state, sky = random_sky(draw, game, state)
    if draw(st.booleans(), label="random energy"):
        state = replace(state, energy=draw(st.integers(0, game.scenario.energy_max)))
    modes = ("forbid",) if len(state.rolled) > MAX_UNPLACED else MODES
    return Case(name, seed, stop, faces, sky, ruleset, state, modes)


def random_sky(draw: st.DrawFn, game: FallingSkiesGame, state: FSState):
    """The state with 1-5 of its ships on random distinct sky spaces below the mothership (the
    rest aboard), so descents meet every kind of icon and the city more often."""
    rows = range(state.mothership_row + 1, game.board.sky_rows + 1)
    spaces = [(r, c) for r in rows for c in range(1, game.board.columns + 1)]
    count = draw(st.integers(1, min(5, len(state.ships), len(spaces))), label="ships in sky")
    chosen = draw(
        st.lists(st.sampled_from(spaces), min_size=count, max_size=count, unique=True),
        label="ship spaces",
    )
    ships = tuple(
        replace(ship, row=chosen[i][0], column=chosen[i][1])
        if i < count
        else replace(ship, row=None, column=None)
        for i, ship in enumerate(state.ships)
    )
    return replace(state, ships=ships, marks=()), tuple(chosen)


# -- exhaustive search through the engine ----------------------------------------------------
def _dice_events(events) -> tuple[list, bool]:
    """The events of the dice phase, and whether the phase ended within these events."""
    cut = next((i for i, e in enumerate(events) if e.kind == "phase"), None)
    return (list(events), False) if cut is None else (list(events[:cut]), True)


class Exhaustive:
    """Every placement order (and reroll outcome, and room order) of the rest of a dice phase.

    ``answer()`` is ``(no_damage, best)``: whether some line takes no damage and does not lose
    in the dice phase; the highest research step a line that does not lose in the dice phase
    reaches in the room phase (-1: every line loses). Reroll outcomes are choices (``luck``);
    under ``forbid`` no white die is placed while other dice are unplaced.
    """

    def __init__(self, game: FallingSkiesGame, start: FSState, mode: str) -> None:
        self.game, self.start, self.mode = game, start, mode
        self.top = len(game.scenario.research)
        self.memo: dict = {}
        self.room_memo: dict = {}

    def answer(self) -> tuple[bool, int]:
        return self._dice(self.start)

    @staticmethod
    def _key(state: FSState) -> FSState:
        placed = tuple(sorted(state.placed, key=lambda d: (d.row, d.column, d.value, d.white)))
        return replace(state, placed=placed)

    def _dice(self, state: FSState) -> tuple[bool, int]:
        key = self._key(state)
        if key in self.memo:
            return self.memo[key]
        node = self.game.node(state)
        if isinstance(node, ChanceNode):
            assert self.mode == "luck", "a reroll under forbid"
            options = [o for o, _ in node.outcomes]
        else:
            assert isinstance(node, PlayerNode) and state.phase == "dice", node
            options = [
                d
                for d in node.legal
                if self.mode == "luck" or not (state.rolled[d.die].white and len(state.rolled) > 1)
            ]
        no_damage, best = False, -1
        for option in options:
            nd, b = self._after(state, option)
            no_damage, best = no_damage or nd, max(best, b)
            if no_damage and best >= self.top:
                break
        self.memo[key] = (no_damage, best)
        return no_damage, best

    def _after(self, state: FSState, decision) -> tuple[bool, int]:
        step = self.game.apply(state, decision)
        events, ended = _dice_events(step.events)
        if any(e.kind == "game_lost" for e in events):
            return False, -1
        damage = state.damage + sum(e.get("amount") for e in events if e.kind == "damage")
        untouched = damage == self.start.damage
        if not ended:
            nd, best = self._dice(step.state)
            return untouched and nd, best
        new = step.state
        if new.phase == "room" and new.outcome is None and not new.pending:
            return untouched, self._room(new)
        return untouched, self.start.research

    def _room(self, state: FSState) -> int:
        key = self._key(state)
        if key in self.room_memo:
            return self.room_memo[key]
        best = state.research
        node = self.game.node(state)
        assert isinstance(node, PlayerNode), node
        for decision in node.legal:
            if isinstance(decision, EndRoomPhase):
                continue
            step = self.game.apply(state, decision)
            best = max([best] + [e.get("to") for e in step.events if e.kind == "research"])
            new = step.state
            if new.phase == "room" and new.outcome is None and not new.pending:
                best = max(best, self._room(new))
        self.room_memo[key] = best
        return best


# -- replaying a plan through the engine -------------------------------------------------------
def predicted(state: FSState, ended: bool, move, damage: int) -> None:
    """The damage, ships and mothership row after a move are what Z3 predicted (ships and
    mothership checked while the engine is in the dice phase or has just entered the room
    phase)."""
    COUNTS["moves checked"] += 1
    assert move.damage_after == damage, f"{move}: damage {damage}, z3 {move.damage_after}"
    if ended and state.phase != "room":
        return  # the mothership phase has moved on
    ships = {s.id: (s.id, s.row, s.column) for s in state.ships}
    engine = tuple(ships.get(sid, (sid, None, None)) for sid, _, _ in move.ships_after)
    assert engine == move.ships_after, f"{move}: ships {engine}, z3 {move.ships_after}"
    assert state.mothership_row == move.mothership_after, f"{move}: mothership"


def replay(game: FallingSkiesGame, state: FSState, plan: Placement) -> tuple[int, bool, int]:
    """Play ``plan`` through the engine: ``(dice-phase damage, lost in the dice phase, research
    reached in the room phase)``. Fails if a move is illegal, a reroll is missing or unexpected,
    or the dice phase is not over after the last move."""
    damage, lost, ended, research = 0, False, False, state.research
    start_damage = state.damage
    for move in plan.moves:
        assert not ended, f"the dice phase ended before {move}"
        index = next(
            i for i, d in enumerate(state.rolled) if (d.value, d.white) == (move.value, move.white)
        )
        steps = [PlaceDie(index, move.row, move.column)]
        if move.reroll is not None:
            steps.append(Roll(move.reroll))
        for decision in steps:
            if isinstance(decision, Roll):
                assert isinstance(game.node(state), ChanceNode), f"no reroll after {move}"
            step = game.apply(state, decision)
            events, ended = _dice_events(step.events)
            damage += sum(e.get("amount") for e in events if e.kind == "damage")
            lost = lost or any(e.kind == "game_lost" for e in events)
            if isinstance(decision, PlaceDie) and not lost:
                predicted(step.state, ended, move, start_damage + damage)
            state = step.state
        if not ended:
            assert not isinstance(game.node(state), ChanceNode), f"a reroll after {move}"
    assert ended or state.outcome is not None, "the plan stops before the dice phase ends"
    for room in plan.rooms:
        assert state.phase == "room" and state.outcome is None, f"no room phase for {room}"
        step = game.apply(state, ResolveRoom(room))
        research = max([research] + [e.get("to") for e in step.events if e.kind == "research"])
        state = step.state
        if state.outcome is not None:
            break
    return damage, lost, research


@pytest.fixture(scope="module", autouse=True)
def report(request):
    """Print what was compared once the module's tests are done."""
    yield
    if not COUNTS["positions"]:
        return
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    reporter = request.config.pluginmanager.get_plugin("terminalreporter")
    line = (
        f"z3 placement: {COUNTS['positions']} positions compared ({COUNTS['luck comparisons']} "
        f"with rerolls by luck, {COUNTS['forbid comparisons']} with rerolls forbidden; "
        f"{COUNTS['whole rounds']} with 4-5 dice to place) "
        f"({COUNTS['queries']} z3 queries); no-damage sat {COUNTS['nd sat']} / unsat "
        f"{COUNTS['nd unsat']}; research sat {COUNTS['research sat']} / unsat "
        f"{COUNTS['research unsat']}; {COUNTS['moves checked']} z3 moves replayed; z3 {SECONDS['z3']:.2f}s (build {SECONDS['build']:.2f}s) "
        f"vs exhaustive {SECONDS['exhaustive']:.2f}s"
    )
    if reporter is None or capture is None:
        print(line)
        return
    with capture.global_and_fixture_disabled():
        reporter.write_line("")
        reporter.write_line(line)


@settings(max_examples=EXAMPLES, deadline=None)
@given(case=cases())
def test_z3_agrees_with_exhaustive_search(case: Case) -> None:
    """Z3's no-damage and research answers equal the engine's exhaustive search, and every plan
    Z3 returns replays through the engine as claimed."""
    game = FallingSkiesGame(scenario(case.name), case.ruleset)
    top = len(game.scenario.research)
    for mode in case.modes:
        started = time.perf_counter()
        no_damage, best = Exhaustive(game, case.state, mode).answer()
        SECONDS["exhaustive"] += time.perf_counter() - started

        started = time.perf_counter()
        problem = PlacementProblem(game.scenario, case.ruleset, case.state, rerolls=mode)
        plan = problem.no_damage()
        reach = problem.research(best) if best >= 0 else problem.research(case.state.research)
        beyond = problem.research(best + 1) if best + 1 <= top else None
        SECONDS["z3"] += time.perf_counter() - started
        SECONDS["build"] += problem.stats.build_seconds
        COUNTS["queries"] += problem.stats.checks
        COUNTS[f"{mode} comparisons"] += 1

        assert (plan is not None) == no_damage, f"{mode}: z3 says {plan}, the engine {no_damage}"
        COUNTS["nd sat" if plan else "nd unsat"] += 1
        if plan is not None:
            damage, lost, _ = replay(game, case.state, plan)
            assert damage == 0 and not lost, f"{mode}: {plan} takes {damage} damage (lost {lost})"
            assert plan.damage == 0
            if mode == "forbid":
                assert not plan.relies_on_rerolls
        if best < 0:
            assert reach is None, f"{mode}: every line loses, z3 found {reach}"
            COUNTS["research unsat"] += 1
            continue
        assert reach is not None, f"{mode}: the engine reaches research {best}, z3 finds no plan"
        assert beyond is None, f"{mode}: z3 claims research {best + 1} with {beyond}"
        COUNTS["research sat"] += 1
        COUNTS["research unsat"] += best + 1 <= top
        for found in (reach,):
            damage, lost, research = replay(game, case.state, found)
            assert not lost, f"{mode}: {found} loses in the dice phase"
            assert research >= best, f"{mode}: {found} reaches {research}, not {best}"
            assert found.research is not None and found.research >= best
    COUNTS["positions"] += 1
    COUNTS["whole rounds"] += len(case.state.rolled) > MAX_UNPLACED
