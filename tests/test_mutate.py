"""``rulings mutate``: the mutants name the clauses they touch, a mutant made live changes what
the engine does, the examples kill a mutant the rules pin down, and bad input is one line."""

from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path

import pytest

from engine.core import registry
from engine.report.clauses import index_of
from properties.mutation import DEFAULT_FLIP, Mutant, apply, sample
from properties.mutation import mutants as all_mutants
from tests.cli_support import one_line_error, run


@cache
def mutants(game: str) -> list[Mutant]:
    """The game's mutants, listed once for the module (parsing the sources takes a second)."""
    return all_mutants(game)


@pytest.mark.parametrize("game", registry.names())
def test_every_mutant_names_a_clause_of_its_game_and_has_its_own_id(game: str) -> None:
    found = mutants(game)
    assert found, f"{game} has no mutant"
    index = index_of(game)
    switches = registry.game(game).switches()
    for mutant in found:
        for clause in mutant.clauses:
            assert clause in index or clause.removeprefix("ledger:") in switches, mutant
    assert len({m.id for m in found}) == len(found)
    skipped = registry.game(game).mutation_skip
    assert not any(Path(m.file).name in skipped for m in found if m.operator != DEFAULT_FLIP)


def test_a_sample_reaches_every_clause_before_any_gets_a_second_mutant() -> None:
    found = mutants("falling-skies")
    clauses = {m.clause for m in found}
    picked = sample(found, len(clauses), seed=3)
    assert {m.clause for m in picked} == clauses
    assert sample(found, len(clauses), seed=3) == picked
    assert len(sample(found, 5, seed=3)) == 5


def test_a_mutant_made_live_changes_what_the_engine_does() -> None:
    """In a forked child (the change dies with it): the default of Pig's target switch flipped
    makes the default ruleset read the other way, and a mutant of a function swaps its code."""
    flip = next(m for m in mutants("pig") if m.operator == DEFAULT_FLIP)
    coded = next(m for m in mutants("pig") if m.function == "PigGame.apply")
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:
        from examples.pig.game import PigGame
        from examples.pig.ruleset import DEFAULT

        before = PigGame.apply.__code__
        apply(flip)
        apply(coded)
        seen = [getattr(DEFAULT, flip.function.replace("-", "_")), PigGame.apply.__code__ != before]
        os.write(writer, json.dumps(seen).encode())
        os._exit(0)
    os.close(writer)
    os.waitpid(pid, 0)
    reading, changed = json.loads(os.read(reader, 4096))
    assert reading == flip.reading
    assert changed is True
    from examples.pig.ruleset import DEFAULT

    assert getattr(DEFAULT, flip.function.replace("-", "_")) != flip.reading


def test_the_examples_kill_a_flipped_default_and_say_which_example_did(tmp_path: Path) -> None:
    """Pig's scenarios pin the target switch: its default flipped is killed by a scenario, and
    the results file holds what --json printed."""
    out = tmp_path / "mutation.json"
    result = run("mutate", "--game", "pig", "--only", DEFAULT_FLIP, "--out", str(out), "--json")
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)
    game = answer["games"][0]
    assert game["baseline"]["status"] == "survived" and game["baseline"]["examples"] > 10
    flips = [m for m in mutants("pig") if m.operator == DEFAULT_FLIP]
    assert [row["id"] for row in answer["mutants"]] == [m.id for m in flips]
    assert answer["survivors"] == []
    for row in answer["killed"]:
        assert "test_scenarios.py" in row["by"], row
        assert row["clause"] and row["file"].endswith(".yaml") and row["line"] > 0
        assert row["change"].startswith("default reading ")
    assert json.loads(out.read_text(encoding="utf-8"))["totals"] == answer["totals"]


def test_listing_runs_nothing_and_says_each_change() -> None:
    result = run("mutate", "--game", "pig", "--list", "--limit", "3")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "pig: 3 mutant(s)"
    assert all("->" in line and "[pig." in line for line in lines[1:])


@pytest.mark.parametrize(
    ("args", "prefix"),
    [
        (("--game", "pgi"), "rulings: error: --game: 'pgi' is not one of"),
        (("--limit", "0"), "rulings: error: --limit: 0 is not in the range"),
        (("--out", "."), "rulings: error: --out: File '.' is a directory"),
        (("--only", "no.such.clause"), "rulings: error: --only: no mutant's clause or ID holds"),
    ],
)
def test_bad_input_is_one_line(args: tuple[str, ...], prefix: str) -> None:
    one_line_error(run("mutate", *args), 2, prefix)


@pytest.mark.parametrize("game", registry.names())
def test_each_accounted_survivor_is_a_mutant_and_says_why(game: str) -> None:
    """A game's mutants file names mutants that exist; a loose rule names its ledger entry; a
    change that cannot alter play says why."""
    from properties.mutation import accounted_survivors
    from tests.test_ledger import ledgers

    accounted = accounted_survivors(game)
    ids = {m.id for m in mutants(game)}
    known = ledgers()[game].ids
    for mutant_id, entry in accounted.items():
        assert mutant_id in ids, f"{mutant_id}: no such mutant (the code changed? remove it)"
        assert entry.get("why") in ("loose", "same"), entry
        if entry["why"] == "loose":
            assert entry.get("ledger") in known, entry
        assert entry.get("note"), entry


def test_survivors_run_again_update_the_earlier_results(tmp_path: Path) -> None:
    """--survivors FILE runs only FILE's survivors: one that the examples kill now is counted
    killed, one whose code has changed since (no mutant has its ID any more) is gone."""
    flip = next(m for m in mutants("pig") if m.operator == DEFAULT_FLIP)
    row = flip.as_data() | {"status": "survived"}
    stale = row | {"id": "pig:examples/pig/game.py:gone:AddNot:0000000000"}
    from properties.mutation import answer_from_rows, document

    baseline = {"kind": "baseline", "examples": 37, "seconds": 1.0, "status": "survived"}
    earlier = document([answer_from_rows("pig", baseline, [row, stale])], seed=0, limit=None)
    assert earlier["totals"]["survived"] == 2
    path = tmp_path / "earlier.json"
    path.write_text(json.dumps(earlier), encoding="utf-8")
    out = tmp_path / "again.json"
    result = run("mutate", "--game", "pig", "--survivors", str(path), "--out", str(out), "--json")
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)["games"][0]
    status = {r["id"]: r["status"] for r in answer["mutants"]}
    assert status == {flip.id: "killed", stale["id"]: "gone"}
    assert answer["counts"]["killed"] == 1 and answer["counts"]["survived"] == 0


def test_a_file_that_holds_no_results_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "results.json"
    path.write_text('{"games": [{"game": "pig"}]}', encoding="utf-8")
    line = one_line_error(
        run("mutate", "--survivors", str(path)), 2, "rulings: error: --survivors:"
    )
    assert "is not a results file of rulings mutate" in line
