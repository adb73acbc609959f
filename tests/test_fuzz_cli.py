"""``rulings fuzz`` and ``rulings resolve --replay``: a planted break is found, shrunk, written
as a position file and a replay of phrases, and the replay plays the same decisions back."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

import pytest

from engine.falling_skies.files import load_state
from engine.falling_skies.game import EndRoomPhase, FallingSkiesGame
from engine.falling_skies.ruleset import DEFAULT, Ruleset
from properties import falling_skies_machine
from tests.cli_support import one_line_error, run

FS = Path("tests/data/positions/falling_skies")


def _ruleset(options: list[str]) -> Ruleset:
    """The ruleset ``--reading S=R`` options name."""
    pairs = dict(o.split("=", 1) for o in options if o != "--reading")
    return DEFAULT.with_readings(**{k.replace("-", "_"): v for k, v in pairs.items()})


def _failure_files(out: Path, game: str, seed: int) -> tuple[Path, Path]:
    return out / f"fuzz-{game}-{seed}.yaml", out / f"fuzz-{game}-{seed}.txt"


def test_a_planted_break_is_shrunk_and_replays(tmp_path: Path, monkeypatch) -> None:
    """An invariant that fails in round 2 is found; the written replay is the minimal decision
    sequence: replayed from the written start it ends in round 2, having just got there. (Every
    curated start is in round 3 or later, so the failure is met from a set-up's round 1.)"""
    assert all(
        falling_skies_machine.curated_start(c)[1].round >= 3 for c in falling_skies_machine.CURATED
    )

    def broken(game, state):
        return ["planted: round 2 reached"] if state.round == 2 else []

    monkeypatch.setattr(falling_skies_machine, "track_problems", broken)
    result = run(
        "fuzz",
        "--game",
        "falling-skies",
        "--max-examples",
        "40",
        "--seed",
        "3",
        "--out",
        str(tmp_path),
    )
    assert result.exit_code == 1, result.output
    position, phrases = _failure_files(tmp_path, "falling-skies", 3)
    assert "FAILED" in result.stdout and "planted: round 2 reached" in result.stdout
    assert f"rulings resolve {position} --replay {phrases}" in result.stdout
    monkeypatch.undo()
    out = tmp_path / "after.yaml"
    (command,) = [line for line in result.stdout.splitlines() if "replay: rulings" in line]
    readings = shlex.split(command.split("replay: rulings ", 1)[1])[4:]  # after POS --replay FILE
    replayed = run("resolve", str(position), "--replay", str(phrases), "--out", str(out), *readings)
    assert replayed.exit_code == 0, replayed.output
    lines = [line for line in phrases.read_text().splitlines() if not line.startswith("#")]
    end = load_state(out, _ruleset(readings))
    assert end.round == 2
    # minimal: the replay without its last decision is still in round 1
    short = tmp_path / "short.txt"
    short.write_text("\n".join(lines[:-1]) + "\n")
    before = tmp_path / "before.yaml"
    again = run("resolve", str(position), "--replay", str(short), "--out", str(before), *readings)
    assert again.exit_code == 0, again.output
    assert load_state(before, _ruleset(readings)).round == 1


def test_an_engine_crash_is_written_with_the_decision_it_raised_on(
    tmp_path: Path, monkeypatch
) -> None:
    """The engine raising mid-decision is a failure too; the replay ends with that decision
    (played, or offered by the machine as a decision that should be refused)."""
    apply = FallingSkiesGame.apply

    def crashing(self, state, decision):
        if isinstance(decision, EndRoomPhase):
            raise RuntimeError("planted crash at the end of the room phase")
        return apply(self, state, decision)

    monkeypatch.setattr(FallingSkiesGame, "apply", crashing)
    result = run("fuzz", "--game", "falling-skies", "--max-examples", "40", "--out", str(tmp_path))
    assert result.exit_code == 1, result.output
    assert "RuntimeError: planted crash" in result.stdout
    _, phrases = _failure_files(tmp_path, "falling-skies", 0)
    text = phrases.read_text().splitlines()
    assert "# the engine raised on the last decision" in text
    assert text[-1] == "end rooms"


def test_a_clean_run_counts_examples_and_decisions(tmp_path: Path) -> None:
    """No break: exit 0, the seed, examples and decisions are printed, nothing is written."""
    result = run(
        "fuzz",
        "--game",
        "unknown",
        "--max-examples",
        "3",
        "--seed",
        "5",
        "--json",
        "--out",
        str(tmp_path),
    )
    assert result.exit_code == 0, result.output
    import json

    summary = json.loads(result.stdout)
    (unknown,) = summary["runs"]
    assert summary["ok"] and unknown["seed"] == 5 and unknown["profile"] == "deep"
    assert unknown["examples"] >= 3 and unknown["decisions"] > 0
    assert list(tmp_path.iterdir()) == []
    # what the run covered: rounds reached by the examples, decision kinds, clauses
    assert sum(unknown["rounds"].values()) + unknown["empty"] == unknown["examples"]
    assert sum(unknown["decision_kinds"].values()) <= unknown["decisions"]
    assert "EndTurn" in unknown["decision_kinds"]
    seen, never = set(unknown["clauses_seen"]), unknown["clauses_never_seen"]
    assert seen and not seen & set(never)
    assert len(seen) + len(never) == unknown["clauses_citable"]
    assert all(isinstance(why, str) and why for why in never.values())


def test_a_clean_run_prints_its_coverage_table() -> None:
    """The text summary ends with the coverage table: rounds, kinds, clauses seen of those the
    code can cite, and each clause never seen with its reason."""
    result = run("fuzz", "--game", "falling-skies", "--max-examples", "2", "--seed", "1")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert any(line.strip().startswith("rounds reached") for line in lines)
    assert any(line.strip().startswith("decision kinds (") for line in lines)
    (seen,) = [line for line in lines if line.strip().startswith("clauses seen")]
    assert "that can be cited" in seen


def test_all_games_share_the_minutes(monkeypatch) -> None:
    """``--game all --minutes M`` plays each game M / (number of games) minutes, and says so in
    ``--help``."""
    from engine.cli.fuzz import machine_games
    from properties import fuzz as runner

    asked: dict[str, float] = {}

    def fake(game, minutes, seed, max_examples, on_example):
        asked[game] = minutes
        return runner.FuzzRun(game, seed, minutes)

    monkeypatch.setattr(runner, "fuzz", fake)
    result = run("fuzz", "--game", "all", "--minutes", "3", "--json")
    assert result.exit_code == 0, result.output
    games = machine_games()
    assert set(asked) == set(games) and len(games) > 1
    assert all(abs(m - 3 / len(games)) < 1e-9 for m in asked.values())
    helped = run("fuzz", "--help")
    assert "shared equally" in " ".join(helped.stdout.split())


def test_bad_minutes_are_one_line_errors() -> None:
    for bad in ("0", "-1", "soon"):
        result = run("fuzz", "--game", "pig", "--minutes", bad)
        one_line_error(result, 2, "rulings: error: ")


def test_replay_refuses_an_unreadable_line_naming_file_and_line(tmp_path: Path) -> None:
    phrases = tmp_path / "bad.txt"
    phrases.write_text("# a comment\nroll 3,5,6,1w,2w\nfly away\n")
    result = run("resolve", str(FS / "dice-start.yaml"), "--replay", str(phrases))
    line = one_line_error(result, 2, f"rulings: error: {phrases}: line 3: ")
    assert "fly" in line


def test_replay_refuses_an_illegal_decision_and_writes_nothing(tmp_path: Path) -> None:
    """Two rolls in a row: the second is not asked for; exit 1 naming the line, no file."""
    phrases = tmp_path / "twice.txt"
    phrases.write_text("roll 3,5,6,1w,2w\nroll 1,1,1,1w,1w\n")
    out = tmp_path / "out.yaml"
    result = run(
        "resolve", str(FS / "dice-start.yaml"), "--replay", str(phrases), "--out", str(out)
    )
    assert result.exit_code == 1
    assert f"rulings: illegal: {phrases}: line 2: " in result.stderr
    assert not out.exists()


def test_replay_and_an_action_together_are_refused(tmp_path: Path) -> None:
    phrases = tmp_path / "one.txt"
    phrases.write_text("roll 3,5,6,1w,2w\n")
    result = run("resolve", str(FS / "dice-start.yaml"), "roll", "--replay", str(phrases))
    one_line_error(result, 2, "rulings: error: give one ACTION or --replay FILE, not both")


def _unknown_start(module: Any) -> tuple[Any, Any]:
    from engine.unknown.setup import standard_setup

    return module.GAME, standard_setup("hive", seed=4, players=2)


def _falling_skies_start(module: Any) -> tuple[Any, Any]:
    engine = FallingSkiesGame(module.scenario(module.SCENARIOS[0]))
    return engine, engine.initial_state()


STARTS = {"unknown": _unknown_start, "falling-skies": _falling_skies_start}
"""A start position of each game whose replay is checked, from its machine module."""


@pytest.mark.parametrize("game", ["unknown", "falling-skies"])
def test_replay_of_a_seeded_game_matches_playing_it(tmp_path: Path, game: str) -> None:
    """Phrases said for a random playout read back as the same decisions (phrases_of is the
    inverse of the phrase reader): the replay ends in the state the playout reached."""
    from random import Random

    from engine.cli.replay import phrasebook, phrases_of
    from engine.core.playout import play_out
    from properties.fuzz import machine_module

    engine, start = STARTS[game](machine_module(game))
    decisions: list = []
    state, _ = play_out(
        engine, start, Random(9), on_step=lambda _, d, __: decisions.append(d), max_decisions=60
    )
    said, end = phrases_of(phrasebook(game), engine, start, decisions)
    assert end == state and len(said) == len(decisions)
    from engine.cli.replay import replay

    back = replay(phrasebook(game), engine, start, list(enumerate(said, 1)), "x", lambda *a: None)
    assert back == state


def test_the_blaze_found_by_fuzzing_lands_its_token_under_a_placing_rule() -> None:
    """Regression for the first deep run's finding (seed 1): Blaze's token lands on [-1, 0] only
    when the last knockback of its explore is chosen, by ``unknown.hazard.blaze.token-impassable``;
    the token invariant accepts that step and still refuses a token with no placing event."""
    from engine.cli.replay import phrasebook, read_replay, replay
    from engine.unknown.files import load_state
    from properties.unknown_machine import GAME, UnknownMachine

    play = Path("tests/data/positions/play")
    start = load_state(play / "blaze-lands-after-knockback.yaml")
    lines = read_replay(str(play / "blaze-lands-after-knockback.txt"))
    before = replay(phrasebook("unknown"), GAME, start, lines, "replay", lambda *a: None)
    last = phrasebook("unknown").read(GAME, before, GAME.node(before), "knock blue 0,-1", None)
    step = GAME.apply(before, last)
    assert step.state.position.tokens_at[(-1, 0)].get("blaze") == 1
    machine = UnknownMachine()
    machine.before, machine.state, machine.events = before, step.state, step.events
    machine.barrier_and_blaze_tokens_only_where_rules_put_them()
    machine.events = tuple(e for e in step.events if e.kind != "blaze_token")
    with pytest.raises(AssertionError, match="blaze token"):
        machine.barrier_and_blaze_tokens_only_where_rules_put_them()


def test_enemies_under_a_collapse_may_stand_on_it_until_they_flee() -> None:
    """Regression for a 3-minute deep run's finding (seed 5): a Collapse drawn onto [2, 0], where
    monster2 and monster3 stand, leaves them on the impassable tile while the knockback queue
    moves green first (``unknown.hazard.collapse.placement``); the invariant accepts them there
    while they wait in the queue, and each is off the tile once its own flight is chosen. Without
    a pending knockback, an enemy on the Collapse is still refused."""
    from dataclasses import replace

    from engine.cli.replay import phrasebook, read_replay, replay
    from engine.unknown.files import load_state
    from properties.unknown_machine import GAME, UnknownMachine

    play = Path("tests/data/positions/play")
    start = load_state(play / "collapse-under-enemies.yaml")
    lines = read_replay(str(play / "collapse-under-enemies.txt"))
    state = replay(phrasebook("unknown"), GAME, start, lines, "replay", lambda *a: None)
    machine = UnknownMachine()
    machine.fresh = True
    on_collapse = {e.id for e in state.position.enemies if e.at == (2, 0)}
    assert on_collapse == {"monster2", "monster3"}
    for said in ("knock green 2,-1", "knock monster2 2,-1", "knock monster3 2,1"):
        machine.state = state
        machine.no_enemy_on_impassable()
        decision = phrasebook("unknown").read(GAME, state, GAME.node(state), said, None)
        state = GAME.apply(state, decision).state
    machine.state = state
    machine.no_enemy_on_impassable()
    assert not [e.id for e in state.position.enemies if e.at == (2, 0)]
    stuck = replace(
        state,
        pending=(),
        position=replace(
            state.position,
            enemies=tuple(replace(e, at=(2, 0)) for e in state.position.enemies),
        ),
    )
    machine.state = stuck
    with pytest.raises(AssertionError, match="moved onto impassable collapse"):
        machine.no_enemy_on_impassable()


def test_a_fuzz_run_tours_the_curated_starts() -> None:
    """After each batch drawn as the suite draws, two tour batches begin every example at the
    next curated start of the run's shuffled order, so minutes of fuzzing play each of them."""
    from properties.fuzz import TOUR_EXAMPLES, fuzz, machine_module, tour_of

    tour = tour_of(machine_module("falling-skies"), 4)
    assert sorted(tour) == sorted(falling_skies_machine.CURATED)
    run = fuzz("falling-skies", 5.0, 4, max_examples=5 + 2 * TOUR_EXAMPLES)
    assert run.failure is None and run.batches == 3
    played = run.coverage["curated_starts"]
    assert played.get(tour[0], 0) >= TOUR_EXAMPLES and played.get(tour[1], 0) >= TOUR_EXAMPLES
