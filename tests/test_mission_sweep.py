"""Seeded random playouts of every mission x difficulty x 1-6 players end in a win or a loss.

The sweep (``engine.unknown.sweep``) sets each game up by the Setup section and plays it with a
seeded random policy; a playout that raises, offers nothing legal, breaks the chance-node
contract or hits the decision cap counts as a failure, listed with the command that replays it.
Budget: one seed per mission x difficulty x player count with the uniform policy, one with the
explorer policy (which draws more of the stack, later mission piles included), one for the short
versions with the leaning policy, and the ten missions with each task at normal difficulty for 2 players. The whole file
takes about 45 s on one core (measured while issue 5 was being built).
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from click.testing import CliRunner

from engine.cli.main import cli
from engine.core.game import ChanceNode
from engine.unknown import sweep as sweeping
from engine.unknown.game import UnknownGame
from engine.unknown.setup import TASKS
from engine.unknown.sweep import Setting, chance_problem, playout, settings, summarise, sweep

ALL_MISSIONS = 10


def failures(played: list[sweeping.Playout]) -> str:
    return "\n".join(f"{p.result}: {p.why}\n  replay: {p.setting.replay()}" for p in played)


@pytest.mark.parametrize(
    ("policy", "short"), [("uniform", False), ("explorer", False), ("leaning", True)]
)
def test_every_mission_difficulty_and_player_count_ends_in_a_win_or_a_loss(policy, short):
    cases = settings(seeds=1, short=short)
    assert len(cases) == (ALL_MISSIONS - short) * 3 * 6  # no short Water
    played = sweep(cases, policy)
    failed = [p for p in played if p.failed]
    assert not failed, failures(failed)
    assert {p.result for p in played} <= {"win", "loss"}
    rows = summarise(played)
    assert sum(r.playouts for r in rows) == len(cases)


@pytest.mark.parametrize("task", TASKS)
def test_every_mission_with_a_task_ends_in_a_win_or_a_loss(task):
    played = sweep(settings(difficulties=["normal"], players=[2], task=task), "leaning")
    failed = [p for p in played if p.failed]
    assert not failed, failures(failed)


# --- the sweep reports what goes wrong -----------------------------------------------------------
def test_an_engine_error_is_reported_with_its_replay(monkeypatch):
    def broken(self, state, decision):
        raise RuntimeError("boom")

    monkeypatch.setattr(UnknownGame, "apply", broken)
    result = playout(Setting("hive", "hard", 2, 7))
    assert result.result == "error" and result.failed
    assert "RuntimeError at decision 1" in result.why and "boom" in result.why
    assert "--setup standard --mission hive --players 2 --difficulty hard --seed 7" in (
        result.setting.replay()
    )


def test_a_playout_at_the_cap_is_a_failure():
    result = playout(Setting("scout", "normal", 3, 1), cap=2)
    assert result.result == "cap" and result.failed and result.decisions == 2


def test_a_bad_chance_node_is_found():
    node = ChanceNode((("a", Fraction(1, 2)), ("b", Fraction(1, 3))), "x", "unknown.turn.phases")
    assert "sum to 5/6" in chance_problem(node)
    assert chance_problem(ChanceNode((("a", 0.5), ("b", 0.5)), "x", "unknown.turn.phases"))


def test_the_same_seed_plays_the_same_game():
    setting = Setting("refugees", "normal", 4, 11)
    assert playout(setting) == playout(setting)


def test_the_summary_counts_losses_by_clause():
    setting = Setting("scout", "normal", 3, 0)
    played = [
        sweeping.Playout(setting, "loss", "unknown.turn.upkeep", "food", 3, 50),
        sweeping.Playout(setting, "loss", "unknown.turn.upkeep", "food", 5, 80),
        sweeping.Playout(setting, "win", "unknown.mission.scout.goal", "home", 10, 300),
        sweeping.Playout(setting, "error", None, "boom", 2, 9),
    ]
    (row,) = summarise(played)
    assert (row.playouts, row.wins, row.errors, row.caps) == (4, 1, 1, 0)
    assert row.losses == {"unknown.turn.upkeep": 2}
    assert row.mean_rounds == 6.0


# --- the command ----------------------------------------------------------------------------------
def test_the_sweep_command_prints_a_table_per_mission():
    args = ["sweep", "--seeds", "1", "--missions", "scout,hive", "--players", "1,6"]
    result = CliRunner().invoke(cli, [*args, "--difficulties", "easy"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].split()[:6] == ["mission", "games", "wins", "losses", "errors", "caps"]
    assert [line.split()[0] for line in lines[1:]] == ["hive", "scout", "total"]
    assert lines[-1].split()[1] == "4"
    assert "playouts" in result.stderr


def test_the_sweep_command_as_json():
    args = ["sweep", "--seeds", "1", "--missions", "water", "--players", "3", "--json"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)
    (row,) = answer["missions"]
    assert row["mission"] == "water" and row["playouts"] == 3 and answer["failed"] == []


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["--missions", "picnic"], "--missions: no mission 'picnic'"),
        (["--players", "7"], "--players: '7' is not a number of players"),
        (["--short", "--missions", "water"], "--short: no mission left"),
        (["--seeds", "0"], "--seeds"),
    ],
)
def test_bad_sweep_options_are_one_line(args, problem):
    result = CliRunner().invoke(cli, ["sweep", *args])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"rulings: error: {problem}"), result.stderr


def test_the_replay_command_plays_the_same_game():
    """A uniform playout ends where ``rulings play`` with its replay arguments ends."""
    setting = Setting("stragglers", "hard", 2, 12345)
    played = playout(setting)
    args = setting.replay().split()[1:]
    result = CliRunner().invoke(cli, [*args, "--json"])
    assert result.exit_code == 0, result.output
    ending = json.loads(result.stdout)["ending"]
    assert (ending["result"], ending["clause"], ending["round"], ending["decisions"]) == (
        played.result,
        played.clause,
        played.rounds,
        played.decisions,
    )


def test_play_refuses_setup_options_without_the_standard_setup():
    result = CliRunner().invoke(cli, ["play", "unknown", "--random", "--difficulty", "hard"])
    assert result.exit_code == 2
    assert "--setup standard" in result.stderr
