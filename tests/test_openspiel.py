"""Both games as OpenSpiel Python games: OpenSpiel's own conformance test, plus
invariants of the adapter, each named after the rule clause it protects (``INVARIANTS``)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="open-spiel is an optional extra (pip install -e '.[test]' installs it)"
)
fs_adapter = pytest.importorskip("engine.openspiel.falling_skies")
pytest.importorskip("engine.openspiel.unknown")

from engine.core.game import ChanceNode, PlayerNode, TerminalNode  # noqa: E402

FS_GAMES = [
    "python_falling_skies",
    "python_falling_skies(scenario=short-sky,switches=dice_count:note+fighter_timing:next-round)",
    "python_falling_skies(scenario=near-skull)",
]


def legal_actions_problems(state) -> list[str]:
    """``fs.round.phases``: the legal actions are exactly the engine's legal decisions, each
    under its fixed action id, and ``action_to_string`` names that decision."""
    node = state._node
    if not isinstance(node, PlayerNode):
        return []
    table = state._table
    actions = state.legal_actions()
    offered = [table[a] for a in actions]
    problems = []
    if sorted(map(str, offered)) != sorted(map(str, node.legal)):
        problems.append(f"actions {offered} are not the engine's decisions {node.legal}")
    for action in actions:
        if state.action_to_string(0, action) != str(table[action]):
            problems.append(f"action {action} is not named as {table[action]}")
    return problems


def chance_problems(state) -> list[str]:
    """``fs.dice.roll``: chance actions index the roll's outcomes with their exact
    probabilities, summing to 1."""
    node = state._node
    if not isinstance(node, ChanceNode):
        return []
    outcomes = state.chance_outcomes()
    problems = []
    if [a for a, _ in outcomes] != list(range(len(node.outcomes))):
        problems.append("chance actions are not the indices of the engine's outcomes")
    if any(
        abs(p - float(q)) > 1e-12 for (_, p), (_, q) in zip(outcomes, node.outcomes, strict=True)
    ):
        problems.append("chance probabilities differ from the engine's")
    if abs(sum(p for _, p in outcomes) - 1.0) > 1e-9:
        problems.append("chance probabilities do not sum to 1")
    return problems


def returns_problems(state) -> list[str]:
    """``fs.end.win`` / ``fs.end.lose-skull`` / ``fs.end.lose-damage``: the return is 1
    exactly for a win, else 0; a terminal state offers no action."""
    node = state._node
    if not isinstance(node, TerminalNode):
        return [] if state.returns() == [0.0] else ["a running game already has a return"]
    want = [1.0] if node.outcome == "win" else [0.0]
    problems = [] if state.returns() == want else [f"returns {state.returns()} for {node}"]
    if state.legal_actions():
        problems.append("a terminal state offers actions")
    return problems


def unknown_legal_actions_problems(state) -> list[str]:
    """``unknown.turn.survivor-actions``: the legal actions are exactly the engine's legal
    decisions under distinct ids, each named by ``action_to_string`` as the decision."""
    node = state._node
    if not isinstance(node, PlayerNode):
        return []
    choices = state._player_choices()
    actions = state.legal_actions()
    problems = []
    if len(set(actions)) != len(node.legal):
        problems.append(f"{len(node.legal)} decisions got {len(set(actions))} distinct ids")
    if sorted(map(repr, (choices[a] for a in actions))) != sorted(map(repr, node.legal)):
        problems.append("the actions are not the engine's decisions")
    for action in actions:
        if state.action_to_string(0, action) != str(choices[action]):
            problems.append(f"action {action} is not named as {choices[action]}")
    return problems


def unknown_chance_problems(state) -> list[str]:
    """``unknown.setup.stack.shuffle``, ``unknown.base.tie-die``: chance actions (stack draws,
    d4 rolls) index the engine's outcomes with their exact probabilities, summing to 1 (both adapters share the chance side of ``EngineState``)."""
    return chance_problems(state)


def unknown_returns_problems(state) -> list[str]:
    """``unknown.mission.win``, ``unknown.game.ends-on-mission-complete``: the return is 1
    exactly when the mission is won (which ends the game), else 0; a terminal state offers no
    action."""
    return returns_problems(state)


INVARIANTS: dict[str, list[str]] = {
    "fs.round.phases": ["legal_actions_problems"],
    "fs.dice.roll": ["chance_problems"],
    "fs.end.win": ["returns_problems"],
    "fs.end.lose-skull": ["returns_problems"],
    "fs.end.lose-damage": ["returns_problems"],
    "unknown.turn.survivor-actions": ["unknown_legal_actions_problems"],
    "unknown.setup.stack.shuffle": ["unknown_chance_problems"],
    "unknown.base.tie-die": ["unknown_chance_problems"],
    "unknown.mission.win": ["unknown_returns_problems"],
    "unknown.game.ends-on-mission-complete": ["unknown_returns_problems"],
}
"""Rule clause ID -> the invariants (functions of this module) that protect it."""

CHECKS = (legal_actions_problems, chance_problems, returns_problems)


@pytest.mark.parametrize("name", FS_GAMES)
def test_falling_skies_random_sim_test(name: str) -> None:
    """OpenSpiel's conformance test, with serialization checks on."""
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)


@pytest.mark.parametrize("name", FS_GAMES)
def test_falling_skies_adapter_invariants(name: str) -> None:
    """Seeded random games; every invariant holds at every state; the game ends."""
    game = pyspiel.load_game(name)
    for seed in range(5):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while True:
            for check in CHECKS:
                assert not check(state), (seed, check.__name__, check(state))
            if state.is_terminal():
                break
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            assert len(state.history()) <= game.max_game_length()


def test_falling_skies_win_returns_one() -> None:
    """``fs.end.win``: a won game returns 1 (the engine's own ending, set on a live state)."""
    game = pyspiel.load_game("python_falling_skies")
    state = game.new_initial_state()
    state._state = replace(state._state, outcome=("win", "fs.end.win", "test"), pending=())
    state._node = state._engine.node(state._state)
    assert state.is_terminal()
    assert state.returns() == [1.0]
    assert not returns_problems(state)


def test_falling_skies_action_table_is_fixed_and_distinct() -> None:
    """The documented numbering: PlaceDie first, die-major, then rooms, then the rest."""
    game = pyspiel.load_game("python_falling_skies")
    table = fs_adapter.engine_for("pnp-easy", "")[0], fs_adapter.engine_for("pnp-easy", "")[1]
    engine, actions = table
    board = engine.board
    assert game.num_distinct_actions() == len(actions) == len(set(actions))
    rows, cols = board.scenario.city_rows, board.scenario.columns
    assert actions[0] == fs_adapter.PlaceDie(0, 1, 1)
    assert actions[rows * cols] == fs_adapter.PlaceDie(1, 1, 1)
    assert actions[-1] == fs_adapter.LaunchColumn(cols)


def test_bad_switches_are_refused() -> None:
    with pytest.raises(ValueError):
        fs_adapter.parse_switches("dice_count")
    with pytest.raises(ValueError):
        fs_adapter.parse_switches("dice_count:no-such-reading")


# -- Unknown --------------------------------------------------------------------------------------
UNKNOWN_GAMES = [
    "python_unknown",
    "python_unknown(mission=hive,players=3,seed=7,difficulty=hard)",
    "python_unknown(mission=refugees,players=4,seed=3,difficulty=easy,short=True)",
]
UNKNOWN_CHECKS = (unknown_legal_actions_problems, unknown_chance_problems, unknown_returns_problems)


@pytest.mark.parametrize("name", UNKNOWN_GAMES)
def test_unknown_random_sim_test(name: str) -> None:
    """OpenSpiel's conformance test, with serialization checks on (ids from the in-process
    registry: see ``engine.openspiel.unknown``)."""
    pytest.importorskip("engine.openspiel.unknown")
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("name", UNKNOWN_GAMES)
def test_unknown_adapter_invariants(name: str) -> None:
    """A seeded random game; every invariant holds at every state; a serialized state reads
    back to the same engine state."""
    pytest.importorskip("engine.openspiel.unknown")
    game = pyspiel.load_game(name)
    rng = random.Random(1)
    state = game.new_initial_state()
    while True:
        for check in UNKNOWN_CHECKS:
            assert not check(state), (check.__name__, check(state))
        if len(state.history()) % 25 == 0:
            text = pyspiel.serialize_game_and_state(game, state)
            _, back = pyspiel.deserialize_game_and_state(text)
            assert back._state == state._state
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def test_unknown_win_returns_one() -> None:
    """``unknown.mission.win``: a won game returns 1 (the engine's own ending on a live state)."""
    unknown = pytest.importorskip("engine.openspiel.unknown")
    state = pyspiel.load_game("python_unknown").new_initial_state()
    won = replace(state._state, outcome=("win", "unknown.mission.scout.goal", "test"))
    state._state = won
    state._node = unknown.ENGINE.node(won)
    assert state.is_terminal() and state.returns() == [1.0]
    assert not unknown_returns_problems(state)


def test_unknown_bad_mission_is_refused() -> None:
    pytest.importorskip("engine.openspiel.unknown")
    with pytest.raises(ValueError, match="unknown mission"):
        pyspiel.load_game("python_unknown(mission=no-such-mission)")
