"""The playable / terminates / winnable validators (``solver/validators.py``)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from click.testing import CliRunner

from engine.cli.play import play_command
from engine.core import registry
from engine.core.game import ChanceNode, IdleNode, PlayerNode, Step, TerminalNode, replay
from engine.falling_skies.files import SCENARIOS
from engine.falling_skies.game import FallingSkiesGame
from engine.falling_skies.ruleset import DEFAULT
from engine.falling_skies.scenario import load_scenario
from engine.positions import load_state
from engine.unknown.game import UnknownGame
from solver.lucky import beam_search
from solver.validators import (
    check_playouts,
    falling_skies_win,
    find_win,
    player_games,
    unknown_score,
    validate,
    validate_falling_skies,
    validate_unknown,
)

HALF = Fraction(1, 2)


def test_a_small_falling_skies_board_is_playable_terminates_and_winnable() -> None:
    """two-step-research needs two research steps: the lucky search finds a winning playout,
    and replaying its path through the engine ends in a win."""
    scenario = load_scenario(SCENARIOS / "two-step-research.yaml")
    found = validate_falling_skies(scenario, playouts=5, max_states=50_000)
    assert found.playable and found.terminates and found.winnable
    game = FallingSkiesGame(scenario)
    state, _ = replay(game, game.initial_state(), found.win.path)
    assert state.outcome is not None and state.outcome[0] == "win"


def test_the_default_board_has_a_winning_playout_that_replays_to_a_win() -> None:
    """pnp-easy from setup, its robot rooms played as tunnels: the lucky search finds a win
    (research at the top of its track), and the path, replayed through the engine from setup,
    is a real game that ends in a win. Under the published robots (the default) the portfolio
    finds none within 300,000 states: the robots' installs and uses widen every round beyond
    what its beams cover (README, Falling Skies), which says nothing of the board."""
    game = FallingSkiesGame(ruleset=DEFAULT.with_readings(**{"robot-rooms": "tunnel"}))
    found = falling_skies_win(game, game.initial_state(), max_states=300_000)
    assert found.found and "winnable" in found.text()
    state, events = replay(game, game.initial_state(), found.path)
    assert state.outcome is not None and state.outcome[:2] == ("win", "fs.end.win")
    assert state.research == len(game.scenario.research)
    assert any(e.kind == "game_won" for e in events)


def test_a_board_where_research_cannot_reach_the_top_is_reported_not_found() -> None:
    """One round before the skull with research at the bottom: no round climbs 14 steps, so the
    engine's bound prunes every line; the search says "not found within N states", not "not
    winnable"."""
    game = FallingSkiesGame()
    skull_row = next(
        r for r, (action, _) in enumerate(game.scenario.mothership, 1) if action == "skull"
    )
    start = replace(game.initial_state(), mothership_row=skull_row - 1)
    found = falling_skies_win(game, start, max_states=50_000)
    assert not found.found and found.path == []
    assert 0 < found.states <= 50_000
    assert found.text().startswith("no winning playout found within")
    assert "not winnable" not in found.text()


def test_the_search_keeps_to_its_budget() -> None:
    game = FallingSkiesGame()
    capped = falling_skies_win(game, game.initial_state(), max_states=700)
    assert not capped.found and capped.states == 700
    timed = falling_skies_win(game, game.initial_state(), max_states=10**9, seconds=0.5)
    # It stops at its deadline, not its state cap (a loaded machine may overshoot the deadline
    # by a few of its checks; 30 s would mean the time budget was ignored).
    assert not timed.found and 0.5 <= timed.seconds < 30 and timed.states < 10**9
    assert timed.limit.endswith(", 0.5 s")


def test_an_unknown_endgame_win_found_by_the_search_replays_to_a_win() -> None:
    """A Scout endgame (examples/puzzles): the lucky search, driving Unknown through its
    interface with the mission-aware score, finds the win; the path replays to a win."""
    path = (
        Path(__file__).resolve().parents[1] / "examples/puzzles/unknown-scout-explore-last-two.yaml"
    )
    game, start = UnknownGame(), load_state(path)
    found = beam_search(game, start, unknown_score, beam=64, max_states=20_000)
    assert found.found
    state, _ = replay(game, start, found.path)
    assert state.outcome is not None and state.outcome[0] == "win"


def test_an_unknown_mission_is_playable_and_terminates() -> None:
    found = validate_unknown("scout", "normal", playouts=3, max_states=0)
    assert found.playable and found.terminates and found.win is None
    assert "playable" in found.line() and "not searched" in found.line()


class DeadEnd:
    """A toy game that offers nothing to do after one decision (not over, yet stuck)."""

    def node(self, state: int):
        if state == 0:
            return PlayerNode("p", ("go",), "start", "toy")
        return IdleNode()

    def apply(self, state: int, decision: str) -> Step:
        return Step(state + 1, ())


class Endless:
    """A toy game that never ends: a coin flip forever."""

    def node(self, state: int):
        return ChanceNode((("heads", HALF), ("tails", HALF)), "flip", "toy")

    def apply(self, state: int, decision: str) -> Step:
        return Step(state + 1, ())


def test_a_dead_end_is_not_playable_and_an_endless_game_does_not_terminate() -> None:
    playable, terminates, _, problems = check_playouts(DeadEnd(), 0, 2, 50, 0)
    assert not playable and problems
    playable, terminates, longest, _ = check_playouts(Endless(), 0, 2, 20, 0)
    assert playable and not terminates and longest == 20


class OneWin:
    """A toy game won only by choosing 'b' then the chance outcome 'six'."""

    def node(self, state: str):
        if state in ("won", "lost"):
            return TerminalNode("win" if state == "won" else "loss", "toy")
        if state == "":
            return PlayerNode("p", ("a", "b"), "pick", "toy")
        return ChanceNode((("one", HALF), ("six", HALF)), "roll", "toy")

    def apply(self, state: str, decision: str) -> Step:
        if state == "":
            return Step(decision, ())
        return Step("won" if (state, decision) == ("b", "six") else "lost", ())


def test_the_lucky_search_picks_chance_outcomes_too() -> None:
    found = find_win(OneWin(), "", score=lambda s: 0.0, beam=4, max_states=100)
    assert found.found and found.path == ["b", "six"]


class NoWin:
    """A toy game with decisions and dice in which every line loses after three steps."""

    def node(self, state: tuple[str, ...]):
        if len(state) == 3:
            return TerminalNode("loss", "toy")
        if len(state) % 2:
            return ChanceNode((("one", HALF), ("six", HALF)), "roll", "toy")
        return PlayerNode("p", ("a", "b", "c"), "pick", "toy")

    def apply(self, state: tuple[str, ...], decision: str) -> Step:
        return Step((*state, decision), ())


def test_a_game_with_no_win_is_reported_not_found_after_trying_every_line() -> None:
    found = beam_search(NoWin(), (), score=lambda s: 0.0, beam=100, max_states=1000)
    assert not found.found and found.states == 3 + 3 * 2 + 3 * 2 * 3
    assert "no winning playout found within 27 states" in found.text()


def test_a_players_winning_game_replays_with_rulings_play() -> None:
    """The validators' player games: a set-up is shown winnable by a game a player won, and the
    replay command given plays that very game to a win."""
    spec = registry.game("pig")
    setup = spec.validation_setups()[0]
    played = player_games(spec, setup, "random", 30, seed=0)
    assert played.games == 30 and 0 < played.wins < 30
    assert sum(played.losses.values()) == 30 - played.wins
    arguments = played.replay.split()[2:]  # after "rulings play"
    result = CliRunner().invoke(play_command, arguments)
    assert result.exit_code == 0, result.output
    assert "result: win" in result.output
    checked = validate(spec, setup, 2, player="random", games=30)
    assert checked.winnable is True and checked.played == played
    assert "random won" in checked.line() and "replay: rulings play pig" in checked.line()
