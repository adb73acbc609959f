"""The solver (``solver.search``) and ``rulings solve`` on hand-made positions.

Every expected value is worked out from the rules in the position file's comment (or, for the
toy game, from the game's definition here), never copied from the solver's output.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from engine.cli.main import RulingsGroup
from engine.cli.resolve import resolve_command
from engine.cli.solve import solve_command
from engine.core.game import ChanceNode, PlayerNode, Step, TerminalNode, sample_outcome
from engine.falling_skies.files import SCENARIOS
from engine.falling_skies.game import FallingSkiesGame, PlaceDie, ResolveRoom
from engine.falling_skies.ruleset import DEFAULT
from engine.falling_skies.scenario import load_scenario
from engine.falling_skies.spec import fs_ruleset, open_position
from engine.falling_skies.state import Die, PlacedDie
from engine.positions import load_state as _load_state
from engine.unknown.game import UnknownGame
from properties.profiles import scaled
from solver.search import Limits, _Search, solve

POSITIONS = Path(__file__).parent / "data" / "positions" / "solve"
WIN_NOW = str(POSITIONS / "short-sky-win-now.yaml")
DOOMED = str(POSITIONS / "near-skull-doomed.yaml")
LUCKY = str(POSITIONS / "short-sky-lucky-roll.yaml")
EMPTY_BASE = str(POSITIONS / "scout-empty-base.yaml")


def fs(path: str) -> tuple[FallingSkiesGame, Any]:
    position, game = open_position(path, fs_ruleset(()))
    return game, position.state


# -- Under Falling Skies -------------------------------------------------------------------------
def test_a_win_in_one_decision() -> None:
    game, state = fs(WIN_NOW)
    solution = solve(game, state)
    assert solution.verdict == "winnable for certain"
    assert solution.probability == 1
    assert solution.best == ResolveRoom("r2c3")
    assert [step.decision for step in solution.plan] == [ResolveRoom("r2c3")]
    assert solution.strategy is not None and solution.strategy.after.terminal == "win"


def test_a_loss_whatever_you_do() -> None:
    game, state = fs(DOOMED)
    solution = solve(game, state)
    assert solution.verdict == "not winnable"
    assert solution.probability == 0 and solution.complete
    assert solution.alternatives and all(v == 0 for _, v in solution.alternatives)
    assert solution.plan == () and solution.best is None


def test_a_win_that_needs_a_lucky_roll() -> None:
    game, state = fs(LUCKY)
    solution = solve(game, state, Limits(rounds=1))
    assert solution.probability == Fraction(242, 243)
    assert solution.verdict == "winnable with luck"
    assert not solution.complete and solution.rounds_proved == 1  # round 2 was cut
    # the plan is a line of play that wins
    for step in solution.plan:
        state = game.apply(state, step.decision).state
    assert game.node(state) == TerminalNode("win", "fs.end.win")
    assert solution.plan[0].kind == "chance"


def test_terminal_positions_are_won_or_lost() -> None:
    game, state = fs(WIN_NOW)
    won = game.apply(state, ResolveRoom("r2c3")).state
    assert solve(game, won).verdict == "won"
    doomed_game, doomed = fs(DOOMED)
    lost = doomed_game.apply(doomed, doomed_game.node(doomed).legal[-1]).state
    assert solve(doomed_game, lost).verdict == "lost"


def test_limits_stop_the_search_and_keep_what_it_proved() -> None:
    game, state = fs(LUCKY)
    exact = Fraction(242, 243)  # within 1 round, worked out by hand in the position file
    solution = solve(game, state, Limits(rounds=1, max_nodes=50))
    assert solution.probability is None and not solution.complete  # no horizon finished
    assert solution.limit_hit == "max-nodes 50" and solution.nodes <= 51
    assert 0 < solution.lower <= exact <= solution.upper  # the wins found so far: a bound
    assert solution.verdict == "winnable with luck" and not solution.exact
    nothing = solve(game, state, Limits(rounds=1, max_nodes=1))
    assert nothing.verdict == "unknown within the limits"
    assert (nothing.lower, nothing.upper) == (0, 1)
    timed = solve(game, state, Limits(rounds=1, timeout=0.05))
    assert timed.limit_hit.startswith("timeout") and timed.probability is None
    assert timed.lower <= exact <= timed.upper


def test_proven_bounds_hold_the_exact_value_and_meet_given_time() -> None:
    """Whatever the budget, the lower and upper bounds hold the exact value (no horizon); with
    enough of it they meet."""
    checked = 0
    for name in ("short-sky", "two-step-research", "near-skull"):
        for game, state in random_positions(name, range(10), 30):
            if isinstance(game.node(state), TerminalNode):
                continue
            exact = solve(game, state, Limits(max_nodes=5000), alternatives=False)
            if exact.complete:
                checked += check_bounds(game, state, exact)
    assert checked >= 5


def check_bounds(game: Any, state: Any, exact: Any) -> int:
    """The bounds of budget-limited searches of ``state`` hold its ``exact`` value."""
    assert exact.exact and exact.upper == exact.probability
    for budget in (5, 40, 300):
        found = solve(game, state, Limits(max_nodes=budget), alternatives=False)
        assert found.lower <= exact.probability <= found.upper, (budget, found)
        if found.upper == 0:
            assert found.verdict == "not winnable"
    return 1


@dataclass(frozen=True)
class Day:
    """A position of :class:`DoomedGame`: the round, and the path taken in round 1."""

    round: int = 1
    path: str = ""


class DoomedGame:
    """Round 1: go ``left`` or ``right``; every later round: ``wait``, until round 6 ends the
    game lost. ``earliest_win_round`` says no line from round 2 on ever wins (``None``), unless
    ``hopeful``, when it only says "not before round 6"."""

    name = "doomed"

    def __init__(self, hopeful: bool = False) -> None:
        self.hopeful = hopeful

    def node(self, state: Day) -> Any:
        if state.round >= 6:
            return TerminalNode("loss", "doomed")
        legal = ("left", "right") if state.round == 1 else ("wait",)
        return PlayerNode("player", legal, "move", "doomed")

    def apply(self, state: Day, decision: str) -> Step:
        return Step(Day(state.round + 1, state.path or decision))

    def earliest_win_round(self, state: Day) -> int | None:
        return 6 if self.hopeful or state.round == 1 else None


def test_the_upper_bound_proves_a_position_lost_before_the_horizon_ends() -> None:
    """Cut leaves count as wins for the upper bound unless the game's bound says no line from
    them ever wins: here every round-2 state is so, and the upper bound is 0 ("not winnable")
    though the horizon of one round cut the lower search."""
    found = solve(DoomedGame(), Day(), Limits(rounds=1))
    assert not found.complete and found.probability == 0
    assert found.upper == 0 and found.exact and found.verdict == "not winnable"
    plain = solve(DoomedGame(), Day(), Limits(rounds=1), upper_bounds=False)
    assert plain.upper is None and plain.verdict == "unknown within the limits"
    hopeful = solve(DoomedGame(hopeful=True), Day(), Limits(rounds=1))
    assert (hopeful.lower, hopeful.upper) == (0, 1)  # the bound proves nothing: cut leaves count 1
    assert hopeful.verdict == "unknown within the limits"
    deep = solve(DoomedGame(hopeful=True), Day())
    assert deep.exact and deep.upper == 0 and deep.verdict == "not winnable"  # bounds met


def test_iterative_deepening_keeps_the_last_finished_horizon() -> None:
    game, state = fs(LUCKY)
    solution = solve(game, state, Limits(rounds=2, max_nodes=4000))
    assert solution.limit_hit == "max-nodes 4000"
    assert solution.rounds_proved == 1
    assert solution.probability == Fraction(242, 243)  # what 1 round proved
    assert solution.verdict == "winnable with luck" and not solution.complete


BOUND_SEEDS = max(3, scaled(10))
"""Random positions a board for the bound's check, sized by the loaded Hypothesis profile."""


def random_positions(name: str, seeds: range, steps: int) -> list[tuple[Any, Any]]:
    """Positions reached by seeded random decisions from a scenario's first round."""
    game = FallingSkiesGame(load_scenario(SCENARIOS / f"{name}.yaml"))
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        state = game.initial_state()
        for _ in range(rng.randrange(1, steps)):
            node = game.node(state)
            if isinstance(node, TerminalNode):
                break
            pick = sample_outcome(node, rng) if isinstance(node, ChanceNode) else None
            state = game.apply(state, pick or rng.choice(node.legal)).state
        found.append((game, state))
    return found


@pytest.mark.parametrize("name", ["short-sky", "two-step-research", "near-skull"])
def test_pruning_and_the_table_do_not_change_the_answer(name: str) -> None:
    compared = 0
    for game, state in random_positions(name, range(12), 14):
        if isinstance(game.node(state), TerminalNode):
            continue
        fast = solve(game, state, Limits(rounds=1, max_nodes=300))
        if fast.limit_hit:
            continue  # too big for the plain search in a unit test
        plain = solve(
            game, state, Limits(rounds=1, max_nodes=1500), pruning=False, transpositions=False
        )
        if plain.limit_hit:
            continue
        assert fast.probability == plain.probability
        assert fast.alternatives == plain.alternatives
        assert fast.nodes <= plain.nodes
        brief = solve(game, state, Limits(rounds=1, max_nodes=300), alternatives=False)
        assert (brief.probability, brief.best, brief.alternatives) == (
            fast.probability,
            fast.best,
            None,
        )
        compared += 1
    assert compared >= 3


# -- a toy game: transpositions and merged chance outcomes ---------------------------------------
@dataclass(frozen=True)
class Toy:
    """``a`` and ``b`` switched on in either order, then a draw of one card from four."""

    round: int = 1
    a: bool = False
    b: bool = False
    card: str | None = None


class ToyGame:
    """Decisions "a" and "b" (both needed, in any order) lead to one state; then chance draws
    one of four cards: red1 and red2 (1/4 each) both mean "red" and lead to the same state,
    blue (1/4) and green (1/4) to their own. Red and blue win; green loses. Value: 3/4."""

    name = "toy"

    def node(self, state: Toy) -> Any:
        if state.card is not None:
            return TerminalNode("loss" if state.card == "green" else "win", "toy")
        if state.a and state.b:
            quarter = Fraction(1, 4)
            cards = ("red1", "red2", "blue", "green")
            return ChanceNode(tuple((c, quarter) for c in cards), "draw", "toy")
        legal = tuple(d for d, done in (("a", state.a), ("b", state.b)) if not done)
        return PlayerNode("player", legal, "switch", "toy")

    def apply(self, state: Toy, decision: str) -> Step:
        if decision in ("a", "b"):
            return Step(Toy(state.round, state.a or decision == "a", state.b or decision == "b"))
        return Step(Toy(state.round, True, True, "red" if decision.startswith("red") else decision))


def test_transpositions_and_merged_chance_outcomes() -> None:
    game = ToyGame()
    solution = solve(game, Toy())
    assert solution.probability == Fraction(3, 4)
    assert solution.verdict == "winnable with luck" and solution.complete
    chance = [step for step in solution.plan if step.kind == "chance"]
    assert chance[0].probability == Fraction(1, 2)  # red1 and red2 merged: the likeliest win
    with_table = solve(game, Toy(), pruning=False).nodes
    without = solve(game, Toy(), pruning=False, transpositions=False).nodes
    assert with_table < without  # "a then b" and "b then a" meet: the draw is searched once
    assert with_table == 4  # the start, after a, after b, the draw


# -- Unknown -------------------------------------------------------------------------------------
def test_unknown_only_one_move_wins() -> None:
    game, state = UnknownGame(), _load_state(EMPTY_BASE)
    solution = solve(game, state, Limits(rounds=1))
    assert solution.verdict == "winnable for certain" and solution.complete
    values = {type(d).__name__: v for d, v in solution.alternatives}
    assert values.pop("Move") == 1
    assert set(values.values()) == {0}


# -- the command ---------------------------------------------------------------------------------
def run(*args: str) -> Any:
    return CliRunner().invoke(solve_command, list(args))


def test_solve_json_keys_and_values() -> None:
    result = run(LUCKY, "--rounds", "1", "--json")
    assert result.exit_code == 0, result.output
    answer = json.loads(result.output.strip().splitlines()[-1])
    assert {
        "verdict", "probability", "best", "alternatives", "plan", "rounds_proved", "complete",
        "nodes", "seconds", "limits", "bounds", "with_luck", "estimate",
    } <= set(answer)  # fmt: skip
    assert answer["verdict"] == "winnable with luck"
    assert answer["probability"] == "242/243"
    assert answer["limits"] == {"rounds": 1, "max_nodes": None, "timeout": 60.0}  # the default
    bounds = answer["bounds"]
    assert bounds["lower"] == "242/243" and bounds["lower_rounds"] == 1
    assert Fraction(bounds["upper"]) >= Fraction(242, 243) and not bounds["exact"]
    assert answer["with_luck"]["found"] is True and answer["with_luck"]["how"] == "plan"
    assert answer["estimate"] is None  # a horizon asks about those rounds only
    assert answer["plan"][0]["kind"] == "chance"
    assert "probability_of_outcome" in answer["plan"][0]
    assert answer["plan"][-1] == {"phrase": "resolve r2c3", "kind": "decision"}


def test_solve_text_names_best_and_alternatives() -> None:
    result = run(WIN_NOW)
    assert result.exit_code == 0, result.output
    assert "verdict: winnable for certain" in result.output
    assert "best next decision: resolve r2c3" in result.output
    assert "end rooms" in result.output and "limits: rounds none" in result.output


def test_a_stopped_search_shows_its_probability_as_a_lower_bound_not_the_value() -> None:
    dice_start = str(
        Path(__file__).parent / "data" / "positions" / "falling_skies" / "dice-start.yaml"
    )
    result = run(dice_start, "--max-nodes", "50", "--timeout", "6", "--games", "3")
    assert result.exit_code == 0, result.output
    assert "verdict: unknown within the limits" in result.output
    line = next(x for x in result.output.splitlines() if x.startswith("probability of winning"))
    assert "at least 0/1" in line and "a proven lower bound, not the value" in line
    assert "proven: 0/1 <= P(win under best play) <= 1/1" in result.output
    assert "these are bounds, not the value" in result.output
    luck = next(x for x in result.output.splitlines() if x.startswith("with luck: "))
    assert "winnable" in luck or "proves nothing" in luck
    assert "estimated: expert from here: won " in result.output
    assert " of 3 games (" in result.output and "95% CI" in result.output
    finished = run(WIN_NOW).output
    assert "probability of winning under best play: 1/1 (about 1.000000)\n" in finished


def test_plan_out_replays_to_the_win(tmp_path: Path) -> None:
    plan = tmp_path / "plan.txt"
    assert run(LUCKY, "--rounds", "1", "--plan-out", str(plan)).exit_code == 0
    replayed = CliRunner().invoke(resolve_command, [LUCKY, "--replay", str(plan), "--json"])
    assert replayed.exit_code == 0, replayed.output
    assert json.loads(replayed.output)["next"]["outcome"] == "win"


def test_unknown_position_on_the_command_line() -> None:
    result = run(EMPTY_BASE, "--rounds", "1", "--json")
    answer = json.loads(result.output.strip().splitlines()[-1])
    assert answer["best"] == "move yellow 0,0" and answer["probability"] == "1/1"


@pytest.mark.parametrize(
    "args, problem",
    [
        ([WIN_NOW, "--rounds", "0"], "--rounds"),
        ([WIN_NOW, "--timeout", "0"], "--timeout"),
        ([WIN_NOW, "--reading", "nonsense"], "--reading"),
        (["tests/data/positions/detour.yaml"], "nothing is being decided"),
        (["no-such-file.yaml"], "no-such-file.yaml"),
    ],
)
def test_bad_input_is_one_line_exit_2(args: list[str], problem: str) -> None:
    group = RulingsGroup("rulings")
    group.add_command(solve_command)
    result = CliRunner().invoke(group, ["solve", *args])
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.startswith("rulings:")]
    assert len(lines) == 1 and lines[0].startswith("rulings: error:") and problem in lines[0]


# -- decision-only cycles (a trade session's give and take): exact values --------------------------
@dataclass(frozen=True)
class Ring:
    """A position of :class:`RingGame`: ``at`` names the state, ``won`` a finished game."""

    at: str
    won: bool | None = None


class RingGame:
    """Three states c0 -> c1 -> c2 -> c0 in a ring of free decisions ("next", and "back" the
    other way round), each with an exit: c0 to a draw won 1/4 of the time, c1 to a loss, c2 to a
    draw won 3/4 of the time. Whatever state of the ring you are in, you can walk to c2 and
    take its exit: every state of the ring is worth 3/4. ``start`` enters the ring at c0 or
    c1, ``side`` at c2; ``bad`` only reaches c0's draw (1/4) and ``start``'s loss."""

    name = "ring"
    RING = ("c0", "c1", "c2")
    DRAWS = {"d0": Fraction(1, 4), "d2": Fraction(3, 4)}

    def node(self, state: Ring) -> Any:
        if state.won is not None:
            return TerminalNode("win" if state.won else "loss", "ring")
        if state.at in self.DRAWS:
            p = self.DRAWS[state.at]
            return ChanceNode((("win", p), ("lose", 1 - p)), "draw", "ring")
        legal = {
            "start": ("to-c0", "to-c1", "give-up"),
            "side": ("to-c2",),
            "bad": ("to-d0", "to-start-loss"),
            "c0": ("next", "back", "exit"),
            "c1": ("next", "back", "exit"),
            "c2": ("next", "back", "exit"),
        }[state.at]
        return PlayerNode("player", legal, "move", "ring")

    def apply(self, state: Ring, decision: str) -> Step:
        if decision in ("win", "lose"):
            return Step(Ring(state.at, decision == "win"))
        if decision in ("give-up", "to-start-loss"):
            return Step(Ring(state.at, False))
        if decision.startswith("to-"):
            return Step(Ring(decision[3:]))
        i = self.RING.index(state.at)
        if decision == "next":
            return Step(Ring(self.RING[(i + 1) % 3]))
        if decision == "back":
            return Step(Ring(self.RING[(i - 1) % 3]))
        return Step(Ring({"c0": "d0", "c1": "", "c2": "d2"}[state.at], None if i != 1 else False))


@pytest.mark.parametrize("at", ["c0", "c1", "c2", "start", "side"])
def test_every_state_of_a_decision_cycle_has_the_best_exit_value(at: str) -> None:
    game = RingGame()
    for pruning, transpositions in ((True, True), (False, True), (False, False)):
        solution = solve(game, Ring(at), pruning=pruning, transpositions=transpositions)
        assert solution.probability == Fraction(3, 4), (pruning, transpositions)
        assert solution.complete and solution.verdict == "winnable with luck"
    assert solve(game, Ring("bad")).probability == Fraction(1, 4)


@pytest.mark.parametrize("entry", ["c0", "c1", "c2", "start", "side"])
def test_one_search_stores_the_whole_cycle_as_exact(entry: str) -> None:
    game = RingGame()
    search = _Search(game, Limits(), None)
    assert search.exact(Ring(entry))[0] == Fraction(3, 4)
    for at in RingGame.RING:  # entered from one state, the whole ring is known exactly
        entry_of = search.table[Ring(at)]
        assert entry_of.lower == entry_of.upper == Fraction(3, 4), (entry, at)
    nodes = search.nodes
    for at in RingGame.RING:  # and answered from the table, whatever state comes next
        assert search.exact(Ring(at))[0] == Fraction(3, 4)
    assert search.nodes == nodes


def test_the_plan_leaves_the_cycle_by_its_best_exit() -> None:
    solution = solve(RingGame(), Ring("c0"))
    decisions = [step.decision for step in solution.plan if step.kind == "decision"]
    assert decisions == ["back", "exit"]  # c0 -> c2 the short way, then c2's draw
    assert dict(solution.alternatives) == {
        "next": Fraction(3, 4),
        "back": Fraction(3, 4),
        "exit": Fraction(1, 4),
    }


@dataclass(frozen=True)
class Graph:
    """A position of :class:`GraphGame`: a node number, or a finished game."""

    at: int
    won: bool | None = None


class GraphGame:
    """A random game: player nodes 0..n-1 with free decisions between them (cycles), and exits
    to wins, losses and draws; a draw leads to a win, a loss, or a player node of the lower
    half (no cycle goes through a draw)."""

    name = "graph"

    def __init__(self, seed: int, n: int = 9) -> None:
        rng = random.Random(seed)
        self.n = n
        self.moves: dict[int, tuple[Any, ...]] = {}
        self.draws: dict[int, tuple[tuple[Any, Fraction], ...]] = {}
        for at in range(n):
            moves: list[Any] = [("go", rng.randrange(n)) for _ in range(rng.randrange(1, 4))]
            if rng.random() < 0.5:
                moves.append(("end", rng.random() < 0.3))
            if rng.random() < 0.6:
                moves.append(("draw", at))
                low = [("go", rng.randrange(n // 2)) for _ in range(rng.randrange(0, 2))]
                ends = [("end", True), ("end", False)] + low
                weights = [rng.randrange(1, 4) for _ in ends]
                total = sum(weights)
                self.draws[at] = tuple(
                    (e, Fraction(w, total)) for e, w in zip(ends, weights, strict=True)
                )
            self.moves[at] = tuple(dict.fromkeys(moves))
        for at in range(n // 2):  # the lower half cannot reach a draw (no cycle through one)
            self.moves[at] = tuple(
                m for m in self.moves[at] if m[0] != "draw" and (m[0] != "go" or m[1] < n // 2)
            ) or (("end", False),)

    def node(self, state: Graph) -> Any:
        if state.won is not None:
            return TerminalNode("win" if state.won else "loss", "graph")
        if state.at < 0:
            return ChanceNode(self.draws[-state.at - 1], "draw", "graph")
        return PlayerNode("player", self.moves[state.at], "move", "graph")

    def apply(self, state: Graph, decision: Any) -> Step:
        kind, arg = decision
        if kind == "end":
            return Step(Graph(state.at, arg))
        if kind == "draw":
            return Step(Graph(-arg - 1))
        return Step(Graph(arg))

    def reference(self) -> dict[int, Fraction]:
        """The least fixed point of the Bellman equations (value iteration from 0)."""
        values = {at: Fraction(0) for at in range(self.n)}

        def worth(decision: Any, at: int) -> Fraction:
            kind, arg = decision
            if kind == "end":
                return Fraction(int(arg))
            if kind == "go":
                return values[arg]
            return sum((p * worth(e, at) for e, p in self.draws[arg]), Fraction(0))

        for _ in range(4 * self.n):
            values = {at: max(worth(d, at) for d in self.moves[at]) for at in range(self.n)}
        return values


@pytest.mark.parametrize("seed", range(40))
def test_random_decision_cycles_match_value_iteration(seed: int) -> None:
    game = GraphGame(seed)
    expected = game.reference()
    for at in range(game.n):
        fast = solve(game, Graph(at))
        assert fast.probability == expected[at], (seed, at)
        plain = solve(game, Graph(at), pruning=False, transpositions=False)
        assert plain.probability == expected[at], (seed, at)
        assert fast.alternatives == plain.alternatives, (seed, at)
        for decision, value in fast.alternatives or ():  # each the value of the state it leads to
            child = game.apply(Graph(at), decision).state
            assert value == (
                expected[child.at]
                if child.won is None and child.at >= 0
                else solve(game, child, pruning=False, transpositions=False).probability
            )


# -- the game's bound: research that cannot reach the top --------------------------------------
def test_research_outlook_on_the_one_die_board() -> None:
    """one-die: one grey die, research rooms r2c1 (modifier 0) and r2c2 (+1), track 3, 4, 5.
    The best room value is 6 + 1 = 7. Under ``sum`` one round climbs 3 + 4 <= 7 (step 2) and a
    second climbs 5 <= 7 (the top); under ``each-step`` 7 passes 3, 4 and 5 in one round."""
    board = load_scenario(SCENARIOS / "one-die.yaml")
    summed = FallingSkiesGame(board).outlook
    assert summed.rounds_best == ((), (6,), (7,))  # one die: one room a round at most
    assert summed.reach(0, 1) == 2 and summed.reach(0, 2) == 3 and summed.reach(2, 1) == 3
    assert not summed.can_reach_top(0, 1) and summed.can_reach_top(0, 2)
    assert not summed.can_reach_top(2, 0)
    game = FallingSkiesGame(board)
    start = game.initial_state()
    # skull on row 4: the mothership phases of rounds 1, 2 and 3 drop it from row 1 onto it
    assert start.mothership_row == 1 and summed.last_round(start) == 3
    assert not game.can_win_by(start, 1) and game.can_win_by(start, None)
    late = replace(start, round=3, mothership_row=3)  # this round's drop is the last one
    assert summed.last_round(late) == 3 and not game.can_win_by(late, None)  # 0 -> 2 at most
    launching = replace(late, phase="mothership", mothership_row=2)  # round 3 dropped already
    assert summed.last_round(launching) == 5  # rounds 4 and 5 drop it to rows 3 and 4
    each = FallingSkiesGame(board, DEFAULT.with_readings(research_multi_step="each-step"))
    assert each.outlook.can_reach_top(0, 1)


def test_the_bound_never_declares_a_winnable_position_hopeless() -> None:
    """Wherever ``can_win_by`` says no win by the horizon's last round, the plain expectimax
    (no bound, no pruning) finds 0; and the bound does prove some positions hopeless.

    ``BOUND_SEEDS`` random positions a board (10 at ``ci``: about 30 hopeless horizons and 8
    positions never winnable; 100 at ``deep``)."""
    hopeless = never = 0
    boards = ("one-die", "short-sky", "two-step-research", "near-skull", "pnp-easy")
    seeds = range(BOUND_SEEDS)
    positions = [found for name in boards for found in random_positions(name, seeds, 14)]
    for game, state in positions:
        if isinstance(game.node(state), TerminalNode):
            continue
        for rounds in (1, 2):
            if game.can_win_by(state, state.round + rounds - 1):
                continue
            plain = solve(game, state, Limits(rounds=rounds, max_nodes=3000), pruning=False)
            if plain.limit_hit:
                continue
            assert plain.probability == 0, (game.scenario.name, rounds)
            assert solve(game, state, Limits(rounds=rounds)).bounded >= 1
            hopeless += 1
        if not game.can_win_by(state, None):  # never: the whole game cannot be won
            plain = solve(game, state, Limits(max_nodes=3000), pruning=False)
            if not plain.limit_hit:
                assert plain.probability == 0 and plain.complete, game.scenario.name
                never += 1
    assert hopeless >= 3 and never >= 1


def test_the_round_in_progress_is_bounded_by_its_dice() -> None:
    """short-sky at research 1 of [3, 3]: one research room r2c3 (row 2, column 3, one space,
    no modifier) reaches the top with any value of 3 or more, and nothing else raises research.
    """
    game, state = fs(LUCKY)
    outlook = game.outlook
    assert outlook.this_round(state) == 2  # the roll is still to come: a 6 may show
    low = (Die(2, False), Die(2, False), Die(1, False))
    rolled = replace(state, pending=(), rolled=low)
    assert outlook.this_round(rolled) == 1  # no die reaches 3
    assert not game.can_win_by(rolled, 1) and game.can_win_by(rolled, 2)
    white = replace(rolled, rolled=(Die(2, False), Die(2, False), Die(1, True)))
    assert outlook.this_round(white) == 2  # placing the white die rerolls the others
    three_on = replace(rolled, rolled=low[:2], placed=(PlacedDie(2, 3, 3, False),))
    assert outlook.this_round(three_on) == 2  # a 3 already on the research room
    three_beside = replace(three_on, placed=(PlacedDie(2, 1, 3, False),))
    assert outlook.this_round(three_beside) == 1  # the 3 went to the energy room
    rooms = replace(three_on, phase="room", rolled=())
    assert outlook.this_round(rooms) == 2
    resolved = replace(rooms, placed=())
    assert outlook.this_round(resolved) == 1  # no die left on the research room this round
    assert outlook.this_round(replace(rooms, phase="mothership")) == 1


# -- rulings solve --placement (Z3) -------------------------------------------------------------
MID_PLACEMENT = "tests/data/positions/falling_skies/mid-placement.yaml"


def test_placement_no_damage_plan_replays_without_damage() -> None:
    """Z3's no-damage placement (no reroll allowed), applied through the engine die by die,
    leaves the damage marker where it was."""
    result = CliRunner().invoke(
        solve_command,
        [MID_PLACEMENT, "--placement", "no-damage", "--rerolls", "forbid", "--json"],
        catch_exceptions=False,
    )
    assert result.exit_code == 0, result.output
    moves = json.loads(result.output)["placement"]["moves"]
    game, state = fs(MID_PLACEMENT)
    damage = state.damage
    for move in moves:  # "place 6 on 5,5" / "place 4w on 1,1"
        _, face, _, spot = move.split()
        value, white = int(face.rstrip("w")), face.endswith("w")
        row, column = (int(n) for n in spot.split(","))
        index = next(i for i, d in enumerate(state.rolled) if (d.value, d.white) == (value, white))
        state = game.apply(state, PlaceDie(index, row, column)).state
    assert not state.rolled and state.damage == damage


def test_placement_questions_refuse_what_they_cannot_ask() -> None:
    for args, problem in (
        ([MID_PLACEMENT, "--placement", "research=x"], "neither 'no-damage' nor 'research=K'"),
        ([EMPTY_BASE, "--placement", "no-damage"], "asks an Under Falling Skies dice phase"),
        ([LUCKY, "--placement", "no-damage"], LUCKY),  # the roll is still to come
    ):
        result = CliRunner().invoke(
            RulingsGroup(commands={"solve": solve_command}), ["solve", *args]
        )
        assert result.exit_code == 2, (args, result.output)
        assert problem in result.output
