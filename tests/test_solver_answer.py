"""The budgeted answer of ``rulings solve``: the estimate, its alternatives and "with luck".

Solo Pig keeps the checks small: ``hold-or-roll.yaml`` is worth 137/144 under best play
(worked by hand in the file), holding 5/6.
"""

from __future__ import annotations

import json
from fractions import Fraction

from click.testing import CliRunner

from engine.cli.main import RulingsGroup
from engine.cli.solve import solve_command
from engine.core import registry
from solver.answer import Budget, answer
from solver.estimate import estimate, estimate_alternatives, root_alternatives
from solver.search import Limits

HOLD_OR_ROLL = "examples/pig/positions/hold-or-roll.yaml"
LAST_STEP = "tests/data/positions/play/mid-turn.yaml"


def pig() -> tuple[object, object, object]:
    spec, data = registry.parse_file(HOLD_OR_ROLL)
    opened = spec.open_data(data, HOLD_OR_ROLL, spec.ruleset())
    return spec, opened.game, opened.state


def test_an_estimate_replays_for_its_seed_and_counts_what_it_played() -> None:
    spec, game, state = pig()
    first = estimate(spec, game, state, "random", 40, None, seed=3)
    again = estimate(spec, game, state, "random", 40, None, seed=3)
    assert (first.games, first.wins) == (again.games, again.wins) and first.games == 40
    low, high = first.ci95
    assert 0 <= low <= first.win_rate <= high <= 1
    other = [estimate(spec, game, state, "random", 40, None, seed=s).wins for s in range(4, 9)]
    assert len(set(other + [first.wins])) > 1  # the seed changes the games played
    data = first.data()
    assert set(data) >= {"player", "games", "wins", "win_rate", "ci95"}


def test_a_time_budget_stops_the_games_after_at_least_one() -> None:
    spec, game, state = pig()
    stopped = estimate(spec, game, state, "random", 10_000_000, 0.0)
    assert stopped.games == 1


def test_alternatives_put_the_players_choice_first_and_share_the_games() -> None:
    spec, game, state = pig()
    decisions, choice, left_out = root_alternatives(spec, game, state, "random", 8, seed=1)
    assert decisions[0] == choice and set(decisions) == set(game.node(state).legal)
    assert left_out == 0
    one, _, dropped = root_alternatives(spec, game, state, "random", 1, seed=1)
    assert one == [choice] and dropped == len(decisions) - 1
    played = estimate_alternatives(spec, game, state, "random", decisions, choice, 7, None)
    assert [a.estimate.games for a in played] == [7, 7]
    assert [a.chosen for a in played] == [True, False]


def test_an_exact_answer_needs_no_estimate_unless_asked() -> None:
    spec, game, state = pig()
    found = answer(spec, game, state, Budget(Limits(rounds=2), 30.0))
    assert found.solution.exact and found.solution.lower == Fraction(137, 144)
    assert found.estimate is None and found.luck.found is True and found.luck.how == "plan"
    asked = answer(spec, game, state, Budget(Limits(rounds=2), 30.0, games=5))
    assert asked.estimate is not None and asked.estimate.games == 5
    assert len(asked.alternatives) == 2


def test_solve_json_carries_bounds_luck_estimate_and_alternatives() -> None:
    result = CliRunner().invoke(solve_command, [HOLD_OR_ROLL, "--games", "6", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout.strip().splitlines()[-1])
    bounds = data["bounds"]
    assert (bounds["lower"], bounds["upper"], bounds["exact"]) == ("137/144", "137/144", True)
    assert bounds["lower_rounds"] == 2 and 1 <= bounds["upper_rounds"] <= 2
    assert data["with_luck"]["found"] is True
    assert data["estimate"]["player"] == "random" and data["estimate"]["games"] == 6
    rows = {row["decision"]: row for row in data["alternatives"]}
    assert rows["hold"]["probability"] == "5/6" and rows["roll"]["probability"] == "137/144"
    assert {row["estimate"]["games"] for row in rows.values()} == {6}
    assert sum(row["chosen"] for row in rows.values()) == 1


def test_an_unknown_player_is_one_line_naming_the_choices() -> None:
    group = RulingsGroup(commands={"solve": solve_command})
    result = CliRunner().invoke(group, ["solve", HOLD_OR_ROLL, "--bot", "expert"])
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.startswith("rulings:")]
    assert len(lines) == 1 and "--bot" in lines[0] and "choose from random" in lines[0]


def test_the_expert_estimates_an_unknown_position_per_decision() -> None:
    """An Unknown position mid-turn with three tiles left in the Scout stack: the expert's
    games from there, and after each of three decisions, all within a small budget."""
    args = [LAST_STEP, "--timeout", "4", "--games", "2", "--alternatives", "3", "--json"]
    result = CliRunner().invoke(solve_command, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout.strip().splitlines()[-1])
    assert data["estimate"]["player"] == "expert" and 1 <= data["estimate"]["games"] <= 2
    estimated = [row for row in data["alternatives"] if "estimate" in row]
    assert len(estimated) == 3 and sum(row["chosen"] for row in estimated) == 1
    lower, upper = Fraction(data["bounds"]["lower"]), Fraction(data["bounds"]["upper"])
    assert 0 <= lower <= upper <= 1
