"""Under Falling Skies robots in files and phrases (reading ``robot-rooms: robots``).

Positions holding robots, or a robot waiting to be installed, save and load back unchanged; bad
robot entries fail with one line naming the entry; every robot decision reads back from its phrase,
and a mistyped robot phrase is refused naming the word. Round trips compare the engine with itself;
the refusals come from the robot rules (at most two, on excavated spaces, alone on a space, faces
1 to 6) and the ledger's robot-rooms readings.
"""

from __future__ import annotations

import click
import pytest

from engine.core.errors import PositionError
from engine.falling_skies.files import load_state, state_from_text, state_to_text
from engine.falling_skies.game import FallingSkiesGame
from engine.falling_skies.phrases import Reading, parse_phrase, say
from engine.falling_skies.robots import BuildRobot
from engine.falling_skies.ruleset import DEFAULT
from engine.falling_skies.scenario import default_scenario

BASE = "game: falling-skies\nscenario: pnp-easy\n"
ROBOTS = (
    "phase: room\n"
    "robots: [{row: 1, column: 2, value: 3}, {row: 2, column: 4, value: 6, new: true}]\n"
)
"""Two robots on excavated spaces of the default board (rows 1 and 2 start dug)."""


def robots_ruleset() -> object:
    return DEFAULT.with_readings(**{"robot-rooms": "robots"})


@pytest.mark.parametrize("as_json", [False, True])
@pytest.mark.parametrize(
    "extra",
    [ROBOTS, ROBOTS.replace("new: true", "used: true"), "phase: room\npending: [[robot, 4]]\n"],
)
def test_positions_with_robots_read_back_unchanged(extra, as_json):
    ruleset = robots_ruleset()
    state = state_from_text(BASE + extra, "robots.yaml", ruleset=ruleset)
    assert state.robots or state.pending
    text = state_to_text(state, default_scenario(), as_json=as_json, ruleset=ruleset)
    assert state_from_text(text, "again", as_json, ruleset) == state


BAD = [
    (
        BASE + "robots: [{row: 1, column: 1, value: 2}, {row: 1, column: 2, value: 2}, "
        "{row: 1, column: 3, value: 2}]\n",
        "robots",
        "is too long",
    ),
    (
        BASE + "robots: [{row: 4, column: 1, value: 2}]\n",
        "robots[0]",
        "is not an excavated space",
    ),
    (
        BASE + "robots: [{row: 1, column: 1, value: 2}, {row: 1, column: 1, value: 5}]\n",
        "robots[1]",
        "already holds a die or a robot",
    ),
    (
        BASE + "phase: room\nplaced: [{row: 2, column: 3, value: 4}]\n"
        "robots: [{row: 2, column: 3, value: 2}]\n",
        "robots[0]",
        "already holds a die or a robot",
    ),
    (BASE + "robots: [{row: 1, column: 1, value: 7}]\n", "robots[0].value", "greater than"),
    (BASE + "pending: [[robot, 3]]\n", "pending[0]", "only first, in the room phase"),
    (BASE + "phase: room\npending: [[robot, 0]]\n", "pending[0]", "shows 1 to 6, not 0"),
]


@pytest.mark.parametrize(("text", "entry", "problem"), BAD)
def test_bad_robot_entries_are_one_line_naming_the_entry(tmp_path, text, entry, problem):
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(PositionError) as caught:
        load_state(path, robots_ruleset())
    error = caught.value
    assert error.entry == entry, str(error)
    assert problem in error.problem, str(error)
    assert "\n" not in str(error)


@pytest.mark.parametrize("reading", ["tunnel", "closed"])
def test_robots_are_refused_under_the_readings_without_robots(tmp_path, reading):
    path = tmp_path / "robots.yaml"
    path.write_text(BASE + "robots: [{row: 1, column: 1, value: 2}]\n")
    with pytest.raises(PositionError) as caught:
        load_state(path, DEFAULT.with_readings(**{"robot-rooms": reading}))
    assert caught.value.entry == "robots"
    assert reading in caught.value.problem


def reading_of(phrase: str) -> Reading:
    game = FallingSkiesGame(default_scenario(), robots_ruleset())
    text = BASE + "phase: room\npending: [[robot, 4]]\n"
    state = state_from_text(text, "x", ruleset=game.ruleset)
    return Reading(game, state, game.node(state), phrase)


@pytest.mark.parametrize(
    "decision",
    [BuildRobot(None), BuildRobot((2, 3)), BuildRobot((2, 3), (1, 2)), BuildRobot((1, 1), (1, 1))],
)
def test_every_robot_decision_reads_back_from_its_phrase(decision):
    assert parse_phrase(reading_of(say(decision))) == decision


@pytest.mark.parametrize(
    ("phrase", "said"),
    [
        ("robot 2,3 replcing 1,2", "did you mean 'replacing'"),
        ("robot up", "'up' is not a city space R,C"),
        ("robot 2,3 1,2", "robot takes a space, or a space, replacing and a space"),
        ("robot 2,3 replacing 1,2 4,4", "robot takes 1 to 3 words after it, not 4"),
    ],
)
def test_a_mistyped_robot_phrase_is_refused_naming_the_word(phrase, said):
    with pytest.raises(click.BadParameter) as caught:
        parse_phrase(reading_of(phrase))
    assert said in str(caught.value.message), caught.value.message


def test_robots_are_refused_on_a_board_without_a_robot_room(tmp_path):
    path = tmp_path / "robots.yaml"
    path.write_text(
        "game: falling-skies\nscenario: one-die\nrobots: [{row: 1, column: 1, value: 2}]\n"
    )
    with pytest.raises(PositionError) as caught:
        load_state(path, robots_ruleset())
    assert caught.value.entry == "robots"
    assert "no robot room" in caught.value.problem


@pytest.mark.parametrize(("reading", "robots"), [("robots", 2), ("tunnel", 0), ("closed", 0)])
def test_the_research_bound_counts_the_two_robots_as_dice(reading, robots):
    """Up to two robots work rooms besides the worker dice (at most one a column), so the
    solver's bound on research (``outlook``) must allow two more dice a round on a board with
    robot rooms, and none more under the readings without robots."""
    game = FallingSkiesGame(default_scenario(), DEFAULT.with_readings(**{"robot-rooms": reading}))
    board = game.board
    assert game.outlook.dice == min(board.grey_dice + board.white_dice, board.columns) + robots
