"""The playable / terminates / winnable validators (``solver/validators.py``)."""

from __future__ import annotations

from fractions import Fraction

from engine.core.game import ChanceNode, IdleNode, PlayerNode, Step, TerminalNode
from engine.falling_skies.files import SCENARIOS
from engine.falling_skies.scenario import load_scenario
from solver.validators import check_playouts, find_win, validate_falling_skies, validate_unknown

HALF = Fraction(1, 2)


def test_a_small_falling_skies_board_is_playable_terminates_and_winnable() -> None:
    """two-step-research needs two research steps: the lucky search finds a winning playout,
    and replaying its path through the engine ends in a win."""
    scenario = load_scenario(SCENARIOS / "two-step-research.yaml")
    found = validate_falling_skies(scenario, playouts=5, max_states=50_000)
    assert found.playable and found.terminates and found.winnable
    from engine.falling_skies.game import FallingSkiesGame

    game = FallingSkiesGame(scenario)
    state = game.initial_state()
    for choice in found.win.path:
        state = game.apply(state, choice).state
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
