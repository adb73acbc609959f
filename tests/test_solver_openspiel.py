"""The solver against OpenSpiel's generic ``expectiminimax`` (PRINCIPLES §6, issue 8 part 6).

On small positions of both games, reached by seeded random decisions (Falling Skies) or written
by hand near the end (Unknown), the solver's exact probability of winning within one round
equals ``open_spiel.python.algorithms.minimax.expectiminimax`` on the OpenSpiel adapter, started
at the same state and cut at the same horizon (``solver.search_openspiel``), to 1e-9.
"""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open-spiel is not installed (the test extra)")

from engine.core.game import ChanceNode, PlayerNode, TerminalNode, sample_outcome  # noqa: E402
from engine.falling_skies.files import SCENARIOS  # noqa: E402
from engine.falling_skies.game import FallingSkiesGame  # noqa: E402
from engine.falling_skies.scenario import load_scenario  # noqa: E402
from engine.openspiel import falling_skies as _fs_adapter  # noqa: E402,F401  (registers)
from engine.openspiel import unknown as _unknown_adapter  # noqa: E402,F401  (registers)
from engine.positions import load_state as _load_state  # noqa: E402
from engine.unknown.game import UnknownGame  # noqa: E402
from solver.search import Limits, solve  # noqa: E402
from solver.search_openspiel import expectiminimax_value  # noqa: E402

POSITIONS = Path(__file__).parent / "data" / "positions" / "solve"
SMALL = 1000
"""Positions whose plain search (no table, no pruning) expands more states are left out:
OpenSpiel's expectiminimax has neither, and would take minutes on them."""


def small_solution(game: Any, state: Any) -> Any:
    """The solver's answer within one round, or None if the position is too big to compare."""
    plain = solve(game, state, Limits(rounds=1, max_nodes=SMALL), pruning=False,
                  transpositions=False)  # fmt: skip
    return None if plain.limit_hit else solve(game, state, Limits(rounds=1))


def generated(name: str, seed: int) -> tuple[FallingSkiesGame, Any]:
    """A position of scenario ``name`` after 1-15 seeded random decisions and chance outcomes."""
    game = FallingSkiesGame(load_scenario(SCENARIOS / f"{name}.yaml"))
    rng = random.Random(seed)
    state = game.initial_state()
    for _ in range(rng.randrange(1, 16)):
        node = game.node(state)
        if isinstance(node, TerminalNode):
            break
        pick = sample_outcome(node, rng) if isinstance(node, ChanceNode) else rng.choice(node.legal)
        state = game.apply(state, pick).state
    return game, state


@pytest.mark.parametrize("name", ["short-sky", "two-step-research", "near-skull"])
def test_falling_skies_matches_expectiminimax(name: str) -> None:
    os_game = pyspiel.load_game("python_falling_skies", {"scenario": name})
    compared, values = 0, set()
    for seed in range(24):
        game, state = generated(name, seed)
        if isinstance(game.node(state), TerminalNode):
            continue
        solution = small_solution(game, state)
        if solution is None:
            continue
        theirs = expectiminimax_value(os_game, state, state.round + 1)
        assert float(solution.probability) == pytest.approx(theirs, abs=1e-9), (name, seed)
        compared += 1
        values.add(solution.probability)
    print(f"{name}: {compared} positions compared, values {sorted(map(str, values))}")
    assert compared >= 3


def test_lucky_roll_matches_expectiminimax_from_mid_round() -> None:
    """After the roll of the short-sky lucky-roll position, at each state of one seeded line."""
    from engine.falling_skies.spec import fs_ruleset, open_position

    position, game = open_position(str(POSITIONS / "short-sky-lucky-roll.yaml"), fs_ruleset(()))
    os_game = pyspiel.load_game("python_falling_skies", {"scenario": "short-sky"})
    rng, state, compared, values = random.Random(3), position.state, 0, set()
    while not isinstance(game.node(state), TerminalNode) and state.round == 1:
        node = game.node(state)
        pick = sample_outcome(node, rng) if isinstance(node, ChanceNode) else rng.choice(node.legal)
        state = game.apply(state, pick).state
        if isinstance(game.node(state), TerminalNode):
            continue
        solution = small_solution(game, state)
        if solution is None:
            continue
        theirs = expectiminimax_value(os_game, state, 2)
        assert float(solution.probability) == pytest.approx(theirs, abs=1e-9)
        compared += 1
        values.add(solution.probability)
    print(f"lucky roll line: {compared} positions compared, values {sorted(map(str, values))}")
    assert compared >= 2


def test_unknown_matches_expectiminimax() -> None:
    os_game = pyspiel.load_game("python_unknown")
    state = _load_state(str(POSITIONS / "scout-empty-base.yaml"))
    solution = solve(UnknownGame(), state, Limits(rounds=1))
    assert float(solution.probability) == pytest.approx(
        expectiminimax_value(os_game, state, state.round + 1), abs=1e-9
    )
    node = UnknownGame().node(state)
    for decision in node.legal:  # every position one decision later
        after = UnknownGame().apply(state, decision).state
        ours = solve(UnknownGame(), after, Limits(rounds=1)).probability
        assert float(ours) == pytest.approx(
            expectiminimax_value(os_game, after, state.round + 1), abs=1e-9
        )


def test_white_reroll_chance_matches_expectiminimax() -> None:
    """Lucky-roll position rolled 1, 2 and a white 1, the white die then placed on the AA gun
    r1c1: both greys are rerolled (fs.dice.place.white-reroll) and win unless both show 1 or 2
    (a 3 or more goes on the research room r2c3): 8/9 by hand, the same for both searches."""
    from engine.falling_skies.game import PlaceDie, Roll
    from engine.falling_skies.spec import fs_ruleset, open_position

    position, game = open_position(str(POSITIONS / "short-sky-lucky-roll.yaml"), fs_ruleset(()))
    rolled = game.apply(position.state, Roll(((1, False), (2, False), (1, True)))).state
    rolled = game.apply(rolled, PlaceDie(2, 1, 1)).state  # the white 1 (grey dice come first)
    ours = solve(game, rolled, Limits(rounds=1)).probability
    assert ours == Fraction(8, 9)
    os_game = pyspiel.load_game("python_falling_skies", {"scenario": "short-sky"})
    assert expectiminimax_value(os_game, rolled, 2) == pytest.approx(8 / 9, abs=1e-9)


PUZZLES = Path(__file__).resolve().parent.parent / "examples" / "puzzles"


@pytest.mark.parametrize("name", ["unknown-scout-chance-draw", "unknown-scout-out-of-reach"])
def test_unknown_puzzles_and_their_next_positions_match_expectiminimax(name: str) -> None:
    """Unknown positions with a chance draw from an unknown stack (and one out of reach): the
    puzzle's start and every position one decision or outcome later, within one round. Only
    positions without moves back and forth fit OpenSpiel's depth-first tree search (a
    decision-only cycle makes its tree infinite); these two have none."""
    os_game = pyspiel.load_game("python_unknown")
    game, state = UnknownGame(), _load_state(str(PUZZLES / f"{name}.yaml"))
    node = game.node(state)
    options = node.legal if isinstance(node, PlayerNode) else [o for o, _ in node.outcomes]
    positions = [state, *(game.apply(state, option).state for option in options)]
    for position in positions:
        ours = solve(game, position, Limits(rounds=1)).probability
        theirs = expectiminimax_value(os_game, position, state.round + 1)
        assert float(ours) == pytest.approx(theirs, abs=1e-9)
    print(f"{name}: {len(positions)} positions compared")
