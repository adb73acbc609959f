"""Golden playthroughs: every file of ``tests/playthroughs/`` replays.

Each file is one seeded playout of a setup of ``engine.playthrough.SETUPS`` (the registered
games' ``GameSpec.playthroughs``). The tests play the
setup again with the seeded policy and compare it step by step with the file, then replay the
file's phrases through ``rulings resolve``'s reader (``engine.cli.replay.replay``, which reads
the phrases and never the seed) and check the numbers of choices and the ending it reaches.
A change of engine behaviour fails here with the file, the step and both versions of the line;
if the change is intended, ``rulings record`` regenerates the files and ``git diff`` shows it.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from engine import playthrough
from engine.cli.replay import phrasebook, replay
from engine.core.game import ChanceNode, PlayerNode, TerminalNode
from engine.core.textfiles import yaml_flow
from engine.falling_skies.files import SCENARIOS
from engine.report.clauses import index_of
from tests.cli_support import one_line_error, run

FOLDER = Path(__file__).resolve().parent / "playthroughs"
FILES = sorted(FOLDER.glob("*.yaml"))


def _setup_of(path: Path) -> tuple[playthrough.Setup, int]:
    planned = playthrough.planned()
    assert path.name in planned, f"{path}: no playthrough setup of a registered game asks for it"
    return planned[path.name]


# -- the table and the folder ---------------------------------------------------------------------
def test_every_setup_has_its_file_and_no_file_is_stray() -> None:
    on_disk = {path.name for path in FILES}
    wanted = set(playthrough.planned())
    assert wanted - on_disk == set(), "missing: run `rulings record`"
    assert on_disk - wanted == set(), "stray files: no setup of the table asks for them"
    assert playthrough.stray_files(FOLDER) == []


def test_the_table_covers_what_the_brief_asks() -> None:
    """Falling Skies: the default board and two shipped boards, two seeds each; Unknown: about
    six setups over several missions, difficulties and numbers of people."""
    fs = list(playthrough.setups("falling-skies"))
    assert [s.option("scenario") for s in fs][0] == "default"
    assert len(fs) == 3 and all(len(s.seeds) == 2 for s in fs)
    for setup in fs[1:]:
        assert (SCENARIOS / f"{setup.option('scenario')}.yaml").is_file()
    unknown = list(playthrough.setups("unknown"))
    assert len(unknown) >= 6
    assert len({s.option("mission") for s in unknown}) == len(unknown)
    assert {s.option("difficulty", "normal") for s in unknown} == {"easy", "normal", "hard"}
    people = {s.option("survivors") or s.option("players") for s in unknown}
    assert len(people) >= 4
    names = [playthrough.file_name(s, seed) for s in playthrough.SETUPS for seed in s.seeds]
    assert len(names) == len(set(names))


# -- each file --------------------------------------------------------------------------------
@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_the_engine_still_plays_as_recorded(path: Path) -> None:
    setup, seed = _setup_of(path)
    difference = playthrough.check(path, setup, seed)
    assert difference is None, difference.message()


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_a_file_reads_as_a_game_log(path: Path) -> None:
    """The header names the file's setup and seed, the steps count up from 1, and the ending is
    a win or loss with its clause, or the cap after exactly as many steps as the cap allows."""
    setup, seed = _setup_of(path)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert (data["game"], data["setup"]["name"], data["seed"]) == (setup.game, setup.name, seed)
    assert data["readings"] == "defaults"
    steps = data["steps"]
    assert [step["n"] for step in steps] == list(range(1, len(steps) + 1))
    assert data["step_count"] == len(steps) <= data["step_cap"] == playthrough.STEP_CAP
    for step in steps:
        count, said = ("legal", "decision") if step["who"] == "player" else ("outcomes", "outcome")
        assert step["who"] in ("player", "chance")
        assert step[count] >= 1 and isinstance(step[said], str) and step[said]
    ending = data["ending"]
    if ending["result"] == "cap":
        assert len(steps) == data["step_cap"] and ending["clause"] is None
    else:
        assert ending["result"] in ("win", "loss")
        assert ending["clause"] in index_of(setup.game).clauses  # a clause of its own game
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len([line for line in lines if line.startswith("  - {n: ")]) == len(steps)


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_the_recorded_phrases_replay_to_the_recorded_ending(path: Path) -> None:
    """The phrases alone, read as ``rulings resolve --replay`` reads them, replay the game: at
    every step as many choices were offered as the file says, and the game ends as recorded."""
    setup, seed = _setup_of(path)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    game, state = playthrough.build(setup, seed)
    lines = [(step["n"], step.get("decision", step.get("outcome"))) for step in data["steps"]]
    offered: list[tuple[str, int]] = []

    def echo(phrase: str, decision: Any, events: Any, before: Any) -> None:
        node = game.node(before)
        if isinstance(node, ChanceNode):
            offered.append(("chance", len(node.outcomes)))
        else:
            assert isinstance(node, PlayerNode)
            offered.append(("player", len(node.legal)))

    final = replay(phrasebook(game.name), game, state, lines, str(path), echo)
    recorded = [(s["who"], s.get("legal", s.get("outcomes"))) for s in data["steps"]]
    assert offered == recorded
    node, ending = game.node(final), data["ending"]
    if ending["result"] == "cap":
        assert not isinstance(node, TerminalNode)
    else:
        assert isinstance(node, TerminalNode)
        assert (node.outcome, node.clause) == (ending["result"], ending["clause"])
        assert final.outcome[2] == ending["reason"]


# -- a changed file is caught -----------------------------------------------------------------
def _tampered(tmp_path: Path, change: Any) -> tuple[Path, playthrough.Setup, int]:
    """A copy of the default board's first file, its text changed by ``change``."""
    source = FOLDER / "falling-skies-default-seed1.yaml"
    copy = tmp_path / source.name
    shutil.copy(source, copy)
    copy.write_text(change(copy.read_text(encoding="utf-8")), encoding="utf-8")
    return (copy, *_setup_of(source))


def test_a_tampered_count_is_caught_with_the_line_of_both(tmp_path: Path) -> None:
    text = (FOLDER / "falling-skies-default-seed1.yaml").read_text(encoding="utf-8")
    (line,) = [line for line in text.splitlines() if line.startswith("  - {n: 4, ")]
    step = yaml.safe_load(line[4:])
    count = "legal" if step["who"] == "player" else "outcomes"
    wrong = line.replace(f"{count}: {step[count]},", f"{count}: {step[count] + 1},")
    assert wrong != line
    copy, setup, seed = _tampered(tmp_path, lambda t: t.replace(line, wrong))
    difference = playthrough.check(copy, setup, seed)
    assert difference is not None and difference.where == "step 4"
    message = difference.message()
    assert str(copy) in message and "rulings record" in message
    assert f"file:   {wrong[4:]}" in message and f"engine: {line[4:]}" in message


def test_a_tampered_phrase_is_caught(tmp_path: Path) -> None:
    text = (FOLDER / "falling-skies-default-seed1.yaml").read_text(encoding="utf-8")
    (line,) = [line for line in text.splitlines() if line.startswith("  - {n: 2, ")]
    wrong = line.replace('decision: "', 'decision: "not ')
    assert wrong != line
    copy, setup, seed = _tampered(tmp_path, lambda t: t.replace(line, wrong))
    difference = playthrough.check(copy, setup, seed)
    assert difference is not None and difference.where == "step 2"
    assert "not " in difference.recorded and "not " not in difference.now


def test_a_missing_last_step_and_a_changed_ending_are_caught(tmp_path: Path) -> None:
    def drop_last(text: str) -> str:
        lines = text.splitlines()
        return "\n".join(lines[:-1]) + "\n"

    copy, setup, seed = _tampered(tmp_path, drop_last)
    difference = playthrough.check(copy, setup, seed)
    assert difference is not None and difference.recorded == "(no such step: play ended)"
    copy, setup, seed = _tampered(tmp_path, lambda t: t.replace("result: loss", "result: win"))
    difference = playthrough.check(copy, setup, seed)
    assert difference is not None and difference.where == "header ending"


def test_a_file_that_is_not_a_playthrough_is_named(tmp_path: Path) -> None:
    bad = tmp_path / "falling-skies-default-seed1.yaml"
    bad.write_text("game: [unclosed\n", encoding="utf-8")
    with pytest.raises(ValueError, match="falling-skies-default-seed1.yaml: cannot be read"):
        playthrough.read(bad)
    bad.write_text("game: falling-skies\n", encoding="utf-8")
    with pytest.raises(ValueError, match="not a playthrough file"):
        playthrough.read(bad)


def test_a_written_file_reads_back_as_its_data() -> None:
    setup, seed = _setup_of(FOLDER / "falling-skies-short-sky-seed1.yaml")
    data = playthrough.play(setup, seed)
    assert yaml.safe_load(playthrough.render(data)) == data
    assert yaml_flow({"a": "yes", "b": "fs.end.win", "c": "x, y"}) == (
        '{a: "yes", b: fs.end.win, c: "x, y"}'
    )


# -- rulings record -----------------------------------------------------------------------------
FS_FILES = sorted(path.name for path in FOLDER.glob("falling-skies-*.yaml"))


def test_record_writes_the_same_files_as_the_recorded_ones(tmp_path: Path) -> None:
    result = run("record", "--game", "falling-skies", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    written = sorted(path.name for path in tmp_path.iterdir())
    assert written == FS_FILES  # one game only, and no temporary file left behind
    for name in written:
        assert (tmp_path / name).read_bytes() == (FOLDER / name).read_bytes()
    progress = result.stderr.splitlines()
    assert len(progress) == len(FS_FILES) and all(line.endswith("(new)") for line in progress)
    assert "6 playthroughs recorded" in result.stdout


def test_record_check_lists_what_would_change_and_writes_nothing(tmp_path: Path) -> None:
    assert run("record", "--game", "falling-skies", "--out", str(tmp_path)).exit_code == 0
    clean = run("record", "--game", "falling-skies", "--out", str(tmp_path), "--check")
    assert clean.exit_code == 0, clean.output
    assert "0 would change, 0 stray (up to date)" in clean.stdout
    changed = tmp_path / FS_FILES[0]
    tampered = changed.read_text(encoding="utf-8").replace("legal: ", "legal: 1", 1)
    changed.write_text(tampered, encoding="utf-8")
    stray = tmp_path / "falling-skies-retired-seed9.yaml"
    stray.write_text("steps: []\n", encoding="utf-8")
    result = run("record", "--game", "falling-skies", "--out", str(tmp_path), "--check")
    assert result.exit_code == 1, result.output
    assert f"would change: {changed} (changed)" in result.stdout
    assert f"stray: {stray}" in result.stdout
    assert changed.read_text(encoding="utf-8") == tampered  # --check wrote nothing
    again = run("record", "--game", "falling-skies", "--out", str(tmp_path))
    assert again.exit_code == 0, again.output
    assert f"wrote {changed} (changed)" in again.stderr and str(stray) in again.stderr
    assert changed.read_bytes() == (FOLDER / changed.name).read_bytes()


def test_record_refuses_a_bad_folder_in_one_line(tmp_path: Path, monkeypatch) -> None:
    not_a_folder = tmp_path / "file.txt"
    not_a_folder.write_text("x", encoding="utf-8")
    line = one_line_error(run("record", "--out", str(not_a_folder)), 2, "rulings: error: --out:")
    assert "file.txt" in line and "is a file" in line
    monkeypatch.chdir(tmp_path)  # no tests/playthroughs here: the default folder is refused
    line = one_line_error(run("record", "--check"), 2, "rulings: error: --out:")
    assert "repository root" in line


def test_record_help_has_examples() -> None:
    result = run("record", "--help")
    assert result.exit_code == 0
    assert "Examples:" in result.stdout and "rulings record --check" in result.stdout
    assert "record" in run("--help").stdout
