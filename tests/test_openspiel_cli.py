"""OpenSpiel from the command line: ``rulings play GAME --bot mcts`` (``engine.openspiel.bots``)
and OpenSpiel's conformance test inside ``rulings verify``."""

from __future__ import annotations

import json
import sys

import pytest

from engine.core import registry

pytest.importorskip(
    "pyspiel", reason="open-spiel is an optional extra (pip install -e '.[test]' installs it)"
)

from engine.cli import verify  # noqa: E402
from engine.core.game import PlayerNode  # noqa: E402
from engine.falling_skies.files import load_position  # noqa: E402
from engine.falling_skies.game import FallingSkiesGame, ResolveRoom  # noqa: E402
from engine.openspiel.bots import mcts_policy  # noqa: E402
from engine.openspiel.falling_skies import switches_of  # noqa: E402
from tests.cli_support import one_line_error, run  # noqa: E402
from tests.test_cli import suites_stand_in  # noqa: E402

# Room phase of the synthetic two-step-research board, research on step 1 of 2 (the last step
# needs 3): the die 2 on research room r2c1 (modifier +1) makes 3, so resolving r2c1 wins at once
# (fs.room-effects.research.step, fs.end.win); skipping it or ending the room phase does not.
ONE_MOVE_FROM_WIN = """\
game: falling-skies
scenario: two-step-research
round: 3
phase: room
research: 1
energy: 2
placed:
  - {row: 2, column: 1, value: 2}
"""


def mcts_play(*args: str) -> list[str]:
    result = run("play", *args)
    assert result.exit_code == 0, result.output
    return result.stdout.splitlines()


# --- play falling-skies --bot mcts ------------------------------------------------------------
def test_mcts_plays_a_falling_skies_game_to_the_end_and_the_seed_replays_it():
    args = ("falling-skies", "--seed", "1", "--bot", "mcts", "--simulations", "5")
    lines = mcts_play(*args)
    assert lines[0] == "scenario pnp-easy, seed 1"
    assert lines[-1].startswith(("result: win: ", "result: loss: ")), lines[-1]
    assert "[fs.end." in lines[-1]
    assert mcts_play(*args) == lines


def test_mcts_falling_skies_json_and_cap():
    answer = json.loads(
        run(
            "play", "falling-skies", "--seed", "2", "--bot", "mcts", "--simulations", "3", "--json"
        ).stdout
    )
    assert answer["ending"]["result"] in ("win", "loss")
    assert answer["ending"]["clause"].startswith("fs.end.")
    capped = mcts_play("falling-skies", "--seed", "2", "--bot", "mcts", "--max-decisions", "4")
    assert capped[-1] == (
        "result: decision cap reached (4 decisions) with no win or loss yet "
        "(after 4 decisions, in round 1)"
    )


def test_mcts_takes_the_winning_move_where_one_exists(tmp_path):
    """Three options, one of which wins at once: a bot picking at random would pass all eight
    seeds with probability (1/3)^8 < 0.02%."""
    path = tmp_path / "one-move-from-win.yaml"
    path.write_text(ONE_MOVE_FROM_WIN)
    position = load_position(path)
    game = FallingSkiesGame(position.scenario)
    node = game.node(position.state)
    assert isinstance(node, PlayerNode) and len(node.legal) >= 3
    winning = [d for d in node.legal if game.apply(position.state, d).state.outcome is not None]
    assert winning == [ResolveRoom("r2c1")]
    assert game.apply(position.state, winning[0]).state.outcome[:2] == ("win", "fs.end.win")
    for seed in range(8):
        choose = mcts_policy("falling-skies", game, simulations=30, seed=seed)
        assert choose(position.state, node) == ResolveRoom("r2c1"), seed
    # with 2 simulations (the root, then one child) the search cannot see it: the picks vary
    few = {mcts_policy("falling-skies", game, 2, seed)(position.state, node) for seed in range(8)}
    assert len(few) > 1


def test_mcts_plays_any_position_under_the_engine_ruleset():
    """A mid-game position (not the initial state) under a non-default reading: the decision is
    one the engine offers there, and the ruleset reaches the adapter as its switches."""
    from engine.falling_skies.ruleset import DEFAULT

    ruleset = DEFAULT.with_readings(**{"dice-count": "note"})
    position = load_position("tests/data/positions/falling_skies/room-phase.yaml", ruleset)
    game = FallingSkiesGame(position.scenario, ruleset)
    node = game.node(position.state)
    choose = mcts_policy("falling-skies", game, simulations=10, seed=3)
    assert choose(position.state, node) in node.legal
    assert switches_of(ruleset) == "dice_count:note"
    assert switches_of(DEFAULT) == ""


# --- play unknown --bot mcts --------------------------------------------------------------------
def test_mcts_plays_unknown_with_a_small_cap_and_the_seed_replays_it():
    args = ("unknown", "--seed", "1", "--bot", "mcts", "--simulations", "2")
    lines = mcts_play(*args, "--max-decisions", "25")
    assert lines[-1].startswith("result: "), lines[-1]
    decisions = int(lines[-1].split("after ")[1].split(" decision")[0])
    assert 1 <= decisions <= 25
    assert mcts_play(*args, "--max-decisions", "25") == lines


def test_mcts_unknown_json():
    result = run(
        "play", "unknown", "--seed", "2", "--bot", "mcts", "--max-decisions", "10", "--json"
    )
    assert result.exit_code == 0, result.output
    ending = json.loads(result.stdout)["ending"]
    assert ending["result"] in ("win", "loss", "cap") and ending["decisions"] <= 10


@pytest.mark.parametrize(
    ("args", "prefix"),
    [
        (
            ["unknown", "--bot", "mcts", "--reading", "range-endpoints=target-passable"],
            "rulings: error: --reading: MCTS plays Unknown with the default readings only",
        ),
        (
            ["unknown", "--random", "--simulations", "5"],
            "rulings: error: --simulations: applies to --bot mcts only",
        ),
        (
            ["falling-skies", "--random", "--simulations", "5"],
            "rulings: error: --simulations: applies to --bot mcts only",
        ),
        (
            ["falling-skies", "--bot", "mcts", "--simulations", "1"],
            "rulings: error: --simulations: 1 is not in the range x>=2",
        ),
        (["unknown", "--bot", "alphazero"], "rulings: error: --bot"),
    ],
)
def test_bad_bot_input_is_one_line(args, prefix):
    one_line_error(run("play", *args), 2, prefix)


def test_mcts_without_open_spiel_is_one_line(monkeypatch):
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # import pyspiel now raises ImportError
    for game in ("falling-skies", "unknown"):
        result = run("play", game, "--bot", "mcts")
        one_line_error(result, 2, "rulings: error: --bot mcts needs open-spiel")


# --- verify: pyspiel.random_sim_test -------------------------------------------------------------
def test_random_sim_test_passes_on_both_games():
    report = verify.run_openspiel(1)
    adapters = [spec for spec in registry.games().values() if spec.openspiel]
    assert len(report.games) == len(adapters)
    assert {"python_falling_skies", "python_unknown"} <= set(report.games)
    assert set(report.games.values()) == {"passed"}
    assert report.ok and report.status == "passed"
    assert report.line().startswith("openspiel random_sim_test (1 sim per game, serialize): ")


def test_random_sim_test_failure_is_reported_on_one_line():
    report = verify.run_openspiel(1, ("python_falling_skies(scenario=no-such-board)",))
    assert not report.ok and report.status == "failed"
    (result,) = report.games.values()
    assert result.startswith("failed: ") and "\n" not in result


def test_random_sim_test_skipped_with_zero_sims_and_failed_without_open_spiel(monkeypatch):
    """open-spiel is a dependency: a machine where it cannot be imported fails the check."""
    assert verify.run_openspiel(0).status == "skipped: --openspiel-sims 0"
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    report = verify.run_openspiel(2)
    assert not report.ok and not report.games
    assert report.line().startswith("openspiel random_sim_test: failed: open-spiel cannot be")


def test_verify_json_and_summary_carry_the_random_sim_test(monkeypatch, tmp_path):
    """The pytest run is stubbed (its own tests cover it); the rest runs for real."""
    monkeypatch.setattr(verify, "run_suites", suites_stand_in(("passed",), []))
    monkeypatch.setattr(verify, "run_validators", lambda playouts, seed, *selected: [])
    out = str(tmp_path / "report")
    small = ("verify", "--maps", "1", "--z3-maps", "0", "--openspiel-sims", "1", "--out", out)
    small += ("--no-differential",)
    result = run(*small, "--json")
    assert result.exit_code == 0, result.output
    openspiel = json.loads(result.stdout)["openspiel"]
    assert openspiel["ok"] and openspiel["sims"] == 1
    assert {"python_falling_skies", "python_unknown"} <= set(openspiel["games"])
    assert set(openspiel["games"].values()) == {"passed"}
    assert "random_sim_test on python_unknown" in result.stderr
    text = run(*small).stdout.splitlines()
    assert any(line.startswith("- ok: openspiel random_sim_test (1 sim") for line in text)
    assert text[-1] == "Result: PASS"
