"""The balance runner (``solver.balance``, ``rulings balance``) on a Dask LocalCluster."""

from __future__ import annotations

import json
from fractions import Fraction

from click.testing import CliRunner

from engine.cli.main import cli
from engine.core import registry
from engine.core.playout import play_out
from engine.core.registry import BalanceSetup
from solver.balance import (
    Played,
    Row,
    Table,
    game_seed,
    play_chunk,
    ranks,
    run,
    spearman,
    wilson,
)


def test_wilson_interval_matches_the_textbook_value() -> None:
    """15 wins of 120 games: the Wilson 95% interval is about 7.7%-19.6% (worked by hand from the formula)."""
    low, high = wilson(15, 120)
    assert round(low, 3) == 0.077 and round(high, 3) == 0.196
    assert wilson(0, 0) == (0.0, 1.0)


def test_spearman_ranks_ties_and_signs() -> None:
    assert ranks([3.0, 1.0, 3.0]) == [2.5, 1.0, 2.5]
    assert spearman([1, 2, 3, 4], [0.9, 0.5, 0.4, 0.1]) == -1.0
    assert spearman([1, 1, 1], [0.1, 0.2, 0.3]) is None


def test_a_small_balance_on_a_local_cluster_replays_row_by_row() -> None:
    """Two workers, chunks of 3: every game of the row is played once, and each game's result
    is what a game set up and played alone from the same seed gives."""
    spec = registry.game("pig")
    setups = [BalanceSetup("default set-up")]
    table = run(spec, setups, "random", games=8, seed=7, chunk_size=3, workers=2)
    row = table.rows[0]
    assert [g.index for g in row.games] == list(range(8))
    assert "local Dask cluster of 2" in table.workers
    for played in row.games[:3]:
        assert played.seed == game_seed(7, "default set-up", played.index)
        new = spec.new_game(spec.ruleset(), played.seed, {})
        from random import Random

        _, ending = play_out(new.game, new.state, Random(played.seed))
        assert (played.result, played.decisions) == (ending.result, ending.decisions)


def test_a_chunk_records_a_failing_setup_as_an_error() -> None:
    from solver.balance import Chunk

    chunk = Chunk("pig", "bad", (("target", -5),), (), "random", 0, 0, 2, 1000)
    played = play_chunk(chunk)
    assert len(played) == 2
    assert all(g.result in ("error", "win", "loss", "cap") for g in played)


def test_rulings_balance_json_rows_and_bad_player() -> None:
    runner = CliRunner()
    result = runner.invoke(
        cli, ["balance", "--game", "pig", "--games", "4", "--workers", "1", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    row = data["rows"][0]
    assert {"setting", "games", "wins", "win_rate", "ci95"} <= set(row)
    assert row["games"] == 4 and 0 <= row["wins"] <= 4
    bad = runner.invoke(cli, ["balance", "--game", "pig", "--player", "expret"])
    assert bad.exit_code == 2
    assert "no player 'expret'" in bad.output


def test_harder_settings_that_end_sooner_correlate_negatively_by_rounds() -> None:
    """With no win anywhere the win-rate correlation is undefined, while the mean rounds still
    rank the settings: here the harder a setting, the sooner its games ended."""
    rows = []
    for difficulty, rounds in ((1, 14), (3, 12), (5, 9), (8, 6)):
        row = Row(BalanceSetup(f"d{difficulty}", difficulty=Fraction(difficulty)))
        row.games = [Played(i, i, "loss", "x", rounds + i % 2, 10) for i in range(4)]
        rows.append(row)
    table = Table("unknown", "expert", 4, 0, rows, "here")
    assert table.correlation() is None
    assert table.rounds_correlation() == -1.0


def test_the_falling_skies_table_plays_the_default_board_as_the_summary_has_it_too() -> None:
    spec = registry.game("falling-skies")
    rows = {row.label: row for row in spec.balance_setups({"scenarios": ["pnp-easy"]})}
    summary = rows["pnp-easy, the summary's readings"]
    assert dict(summary.readings) == registry.source_readings(spec, "summary")
    assert dict(summary.readings)["fighter-timing"] == "next-round"
    assert rows["pnp-easy"].readings == ()  # the ledger's defaults: the published readings


def test_fewer_than_three_survivors_is_one_line() -> None:
    """Found by the CLI fuzz: the rules play at least three survivors, so --survivors 1 is
    refused by name, not with a traceback."""
    from tests.cli_support import one_line_error, run

    line = one_line_error(run("balance", "--survivors", "1"), 2, "rulings: error: --survivors:")
    assert "unknown.setup.survivors.minimum-three" in line
