"""Interactive ``rulings play``: the session's words (help, show, save, undo, quit), the board
drawn as turns change, and ``--log`` files that replay with ``rulings resolve --replay``.

What is compared here is the engine with itself across the command line (a position saved in
play against the same decisions replayed from the start), never a rule's outcome: the rules'
answers are the scenarios' business.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core import registry
from engine.positions import parse_position_text
from tests.cli_support import run

GAMES = registry.names()
FIRST = {"unknown": ["start blue"], "falling-skies": ["roll 1,2,4,5w,6w"], "pig": ["roll"]}
"""A first decision each game takes from stdin at seed 0 (FS and Pig begin with a roll)."""


def state_in(path: Path) -> object:
    """The state a position file holds, opened through its game."""
    spec, data = registry.parse_file(path)
    return spec.open_data(data, str(path), spec.ruleset({})).state


def played(game: str, lines: list[str], *options: str) -> tuple[str, str]:
    """``rulings play GAME --seed 0 OPTIONS`` with ``lines`` typed: its stdout and stderr."""
    result = run("play", game, "--seed", "0", *options, stdin="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result.stdout, result.stderr


def asked(stdout: str) -> list[str]:
    """The ``next:`` lines play printed, in order."""
    return [line for line in stdout.splitlines() if line.startswith("next: ")]


@pytest.mark.parametrize("game", GAMES)
def test_help_lists_the_words_of_play_and_the_games_phrases(game):
    stdout, stderr = played(game, ["help", "quit"])
    assert stderr == ""
    for word in ("show", "save FILE", "undo", "help", "quit"):
        assert f"  {word}" in stdout
    forms = registry.game(game).phrasebook().forms.replace("\b\n", "").strip("\n")
    assert forms.splitlines()[1] in stdout


def test_the_board_is_drawn_at_the_start_and_when_the_turn_changes():
    stdout, _ = played("unknown", ["start blue", "end blue", "quit"])
    boards = stdout.count("\nPieces:\n")
    # at the start (nobody on turn), when blue's turn starts, and when it ends
    assert boards == 3, stdout
    assert stdout.index("Pieces:") < stdout.index("next: players to decide")


def test_show_draws_the_board_as_rulings_show_draws_a_saved_position(tmp_path):
    target = tmp_path / "now.yaml"
    stdout, _ = played("unknown", ["start blue", f"save {target}", "show", "quit"])
    drawn = stdout.split("> show\n", 1)[1].split("\nnext: ", 1)[0]
    shown = run("show", str(target))
    assert shown.exit_code == 0, shown.output
    assert drawn.splitlines()[1:] == shown.stdout.rstrip("\n").splitlines()[1:]  # titles differ


def test_undo_takes_back_the_last_decision_and_only_a_made_one():
    stdout, _ = played("unknown", ["undo", "start blue", "undo", "quit"])
    assert "nothing to undo: no decision has been made yet" in stdout
    assert "undid: start blue" in stdout
    questions = asked(stdout)
    assert questions[-1] == questions[0]  # asked again who takes the first turn
    assert stdout.splitlines()[-1].startswith("result: play stopped before the end (after 0 ")


@pytest.mark.parametrize("game", GAMES)
def test_a_position_saved_in_play_is_the_state_play_was_in(game, tmp_path):
    target = tmp_path / "saved.yaml"
    stdout, _ = played(game, [*FIRST[game], f"save {target}", "quit"])
    assert f"saved the position to {target}" in stdout
    asked_there = run("resolve", str(target))
    assert asked_there.exit_code == 0, asked_there.output
    assert asked_there.stdout.splitlines()[0] == asked(stdout)[-1]


@pytest.mark.parametrize(
    ("where", "problem"),
    [
        ("{dir}/saved.json", "a position file is YAML; name it saved.yaml"),
        ("{dir}/missing/saved.yaml", "the folder {dir}/missing does not exist"),
        ("", "say where: save FILE (a .yaml file)"),
    ],
)
def test_a_save_play_cannot_write_is_one_line_and_play_goes_on(tmp_path, where, problem):
    where, problem = (text.replace("{dir}", str(tmp_path)) for text in (where, problem))
    stdout, stderr = played("unknown", [f"save {where}", "start blue", "quit"])
    assert stderr.splitlines() == [
        f"rulings: error: save: {where + ': ' if where else ''}{problem}"
    ]
    assert list(tmp_path.iterdir()) == []
    assert "after 1 decision" in stdout.splitlines()[-1]


def test_a_mistyped_word_of_play_is_answered_with_the_word_meant():
    _, stderr = played("unknown", ["shw", "quit"])
    assert stderr.splitlines() == [
        "rulings: error: 'shw' is no action and no word of play (did you mean 'show'?) "
        "(help lists the words and the phrases)"
    ]


TYPED = {
    "unknown": ["start blue", "move blue east", "move blue west", "undo", "end blue", "option 1"],
    "falling-skies": ["roll 1,2,4,5w,6w", "option 1", "option 3", "undo", "option 2"],
    "pig": ["roll", "option 1", "undo", "option 2", "roll"],
}
"""Decisions typed at seed 0, one of them undone."""


@pytest.mark.parametrize("game", GAMES)
def test_a_typed_game_logged_replays_to_the_state_it_was_saved_in(game, tmp_path):
    log, end, replayed = tmp_path / "game.txt", tmp_path / "end.yaml", tmp_path / "again.yaml"
    stdout, _ = played(game, [*TYPED[game], f"save {end}", "quit"], "--log", str(log))
    start = tmp_path / "game.start.yaml"
    assert f"rulings resolve {start} --replay {log}" in stdout
    kept = [line for line in log.read_text().splitlines() if not line.startswith("#")]
    assert len(kept) == len(TYPED[game]) - 2  # an undone decision is not kept
    again = run("resolve", str(start), "--replay", str(log), "--out", str(replayed))
    assert again.exit_code == 0, again.output
    assert state_in(replayed) == state_in(end)


POLICIES = [
    (name, policy)
    for name, spec in registry.games().items()
    for policy in (["--random"], *(["--bot", player] for player in spec.players))
]
"""Every game with the seeded random policy and each of its own players."""


@pytest.mark.parametrize(("game", "policy"), POLICIES)
def test_a_logged_game_replays_to_the_round_it_was_saved_at(game, policy, tmp_path):
    log, saved, again = tmp_path / "game.txt", tmp_path / "round2.yaml", tmp_path / "again.yaml"
    result = run(
        "play", game, "--seed", "1", *policy, "--save-at", "2", str(saved), "--log", str(log)
    )
    assert result.exit_code == 0, result.output
    replayed = run(
        "resolve", str(tmp_path / "game.start.yaml"), "--replay", str(log), "--out", str(again)
    )
    assert replayed.exit_code == 0, replayed.output
    assert state_in(again) == state_in(saved)
    assert parse_position_text(saved.read_text(), str(saved))["game"] == game


@pytest.mark.parametrize(
    ("log", "problem"),
    [
        ("game.yaml", "a log is a phrase file, not a position; name it game.txt"),
        ("missing/game.txt", "does not exist"),
    ],
)
def test_a_log_play_could_not_write_is_refused_before_playing(tmp_path, log, problem):
    result = run("play", "unknown", "--random", "--log", str(tmp_path / log))
    assert result.exit_code == 2
    assert problem in result.stderr and "--log" in result.stderr
    assert list(tmp_path.iterdir()) == []
