"""The balance table: a player's win rate over a game's setups, played on Dask.

A balance run plays ``games`` seeded games of every setup a game lists
(``GameSpec.balance_setups``) with one player (the game's expert, uniform random, ...) and
reports per setup the games, wins, the win rate with its Wilson 95% interval, the losses by the
rule clause that ended them and the mean rounds. When the setups carry the rulebook's own
difficulty score (Unknown's Difficulty section), the run also gives the Spearman rank
correlation between win rate and score: a game that plays as its rulebook rates it shows a
strongly negative one.

The games are cut into chunks (:class:`Chunk`, many games per task) and run by Dask: a
``LocalCluster`` of one single-threaded worker process per core by default, or the cluster at a
scheduler address. Each chunk sets its games up by name through the registry in the worker, so
a task carries only names, options and seeds. Game ``i`` of a setup plays with a seed derived
from the run's seed, the setup's label and ``i`` (:func:`game_seed`), so a row replays, and the
same row gives the same figures on any cluster and any chunking.
"""

from __future__ import annotations

import logging
import math
import os
import time
import zlib
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction
from random import Random
from typing import Any

from engine.core import registry
from engine.core.playout import play_out, player_rng

UNIFORM = "random"
"""The name of the uniform random player, which every game has."""
Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


# -- statistics ----------------------------------------------------------------------------------
def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default); ``(0, 1)`` for no games."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def ranks(values: Sequence[float]) -> list[float]:
    """Ranks from 1, ties given the mean of the ranks they share."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    found = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for position in range(start, end + 1):
            found[order[position]] = (start + end) / 2 + 1
        start = end + 1
    return found


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    """Spearman's rank correlation (the Pearson correlation of the ranks), or ``None`` when
    either side has no spread."""
    if len(xs) != len(ys) or len(xs) < 2:
        return None
    rx, ry = ranks(xs), ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    vx = sum((a - mx) ** 2 for a in rx)
    vy = sum((b - my) ** 2 for b in ry)
    if vx == 0 or vy == 0:
        return None
    return cov / math.sqrt(vx * vy)


# -- the work ------------------------------------------------------------------------------------
def game_seed(seed: int, label: str, index: int) -> int:
    """The seed of game ``index`` of the setup ``label`` in a run seeded ``seed``."""
    return zlib.crc32(f"{seed}/{label}/{index}".encode())


@dataclass(frozen=True)
class Chunk:
    """One task: games ``first`` to ``first + count - 1`` of one setup, played by ``player``."""

    game: str
    label: str
    options: tuple[tuple[str, Any], ...]
    readings: tuple[tuple[str, str], ...]
    player: str
    seed: int
    first: int
    count: int
    max_decisions: int


@dataclass(frozen=True)
class Played:
    """How one game ended: ``win``, ``loss`` (or the game's other results), ``cap``, ``stuck``
    or ``error`` (the engine or the player raised: ``why`` says what)."""

    index: int
    seed: int
    result: str
    clause: str | None
    rounds: int | None
    decisions: int
    why: str = ""


def policy_for(spec: Any, player: str, game: Any, seed: int) -> Any:
    """The policy of ``player`` in a game seeded ``seed``: ``None`` (the playout's uniform
    choice from the game's stream) for :data:`UNIFORM`, else the game's own player drawing
    from its own stream (``player_rng``)."""
    if player == UNIFORM:
        return None
    return spec.player(player, game, player_rng(player, seed))


def play_chunk(chunk: Chunk) -> list[Played]:
    """Play a chunk's games (in the worker): each set up by the registry from its seed and
    played to its end by the chunk's player, drawing from ``Random(seed)``."""
    spec = registry.game(chunk.game)
    ruleset = spec.ruleset(dict(chunk.readings))
    played = []
    for index in range(chunk.first, chunk.first + chunk.count):
        seed = game_seed(chunk.seed, chunk.label, index)
        try:
            new = spec.new_game(ruleset, seed, dict(chunk.options))
            rng = Random(seed)
            policy = policy_for(spec, chunk.player, new.game, seed)
            state, ending = play_out(new.game, new.state, rng, policy, None, chunk.max_decisions)
        except Exception as error:  # noqa: BLE001 - an engine fault is a finding of the run
            played.append(
                Played(index, seed, "error", None, None, 0, f"{type(error).__name__}: {error}")
            )
            continue
        rounds = getattr(state, "round", None)
        why = "" if ending.ended else ending.why
        played.append(
            Played(index, seed, ending.result, ending.clause, rounds, ending.decisions, why)
        )
    return played


def chunks_of(
    spec: Any,
    setups: Sequence[Any],
    player: str,
    games: int,
    seed: int,
    chunk_size: int,
    max_decisions: int,
) -> list[Chunk]:
    """Every setup's games cut into chunks of at most ``chunk_size`` games."""
    found = []
    for setup in setups:
        for first in range(0, games, chunk_size):
            found.append(
                Chunk(
                    spec.name,
                    setup.label,
                    setup.options,
                    setup.readings,
                    player,
                    seed,
                    first,
                    min(chunk_size, games - first),
                    max_decisions,
                )
            )
    return found


# -- the table -----------------------------------------------------------------------------------
@dataclass
class Row:
    """One setup's figures."""

    setup: Any
    games: list[Played] = field(default_factory=list)

    @property
    def wins(self) -> int:
        return sum(1 for g in self.games if g.result == "win")

    @property
    def failed(self) -> list[Played]:
        """Games that did not reach an end (cap, stuck) or raised."""
        return [g for g in self.games if g.result in ("cap", "stuck", "error")]

    def losses(self) -> Counter[str]:
        """Lost games by the clause that ended them."""
        return Counter(g.clause or "-" for g in self.games if g.result == "loss")

    def mean_rounds(self) -> float | None:
        rounds = [g.rounds for g in self.games if g.rounds is not None and g.result != "error"]
        return sum(rounds) / len(rounds) if rounds else None

    def win_rate(self) -> float:
        return self.wins / len(self.games) if self.games else 0.0

    def data(self, replay: str) -> dict[str, Any]:
        """The row as JSON (``setting``, ``games``, ``wins``, ``win_rate``, ``ci95``, ...)."""
        low, high = wilson(self.wins, len(self.games))
        won = next((g for g in self.games if g.result == "win"), None)
        difficulty, rounds = self.setup.difficulty, self.mean_rounds()
        return {
            "setting": self.setup.label,
            "options": dict(self.setup.options),
            "readings": dict(self.setup.readings),
            "games": len(self.games),
            "wins": self.wins,
            "win_rate": round(self.win_rate(), 4),
            "ci95": [round(low, 4), round(high, 4)],
            "losses": dict(sorted(self.losses().items())),
            "failed": [{"seed": g.seed, "result": g.result, "why": g.why} for g in self.failed],
            "mean_rounds": None if rounds is None else round(rounds, 2),
            "difficulty": None if difficulty is None else float(difficulty),
            "first_win_seed": None if won is None else won.seed,
            "replay_first_win": None if won is None else f"{replay} --seed {won.seed}",
        }


@dataclass
class Table:
    """A balance run's rows and what it was asked."""

    game: str
    player: str
    games: int
    seed: int
    rows: list[Row]
    workers: str
    seconds: float = 0.0

    def correlation(self) -> float | None:
        """Spearman's rank correlation between win rate and the rulebook's difficulty score,
        over the rows that carry a score (``None`` when fewer than two do or neither varies)."""
        scored = [r for r in self.rows if r.setup.difficulty is not None and r.games]
        return spearman([float(r.setup.difficulty) for r in scored], [r.win_rate() for r in scored])

    def rounds_correlation(self) -> float | None:
        """Spearman's rank correlation between the mean rounds a setting's games lasted and its
        difficulty score: a second sign, while a player wins too rarely for win rates to
        differ, of whether harder settings end sooner (``None`` as for :meth:`correlation`)."""
        scored = [
            r for r in self.rows if r.setup.difficulty is not None and r.mean_rounds() is not None
        ]
        return spearman(
            [float(r.setup.difficulty) for r in scored], [r.mean_rounds() or 0.0 for r in scored]
        )

    @property
    def failed(self) -> bool:
        return any(row.failed for row in self.rows)


@contextmanager
def dask_client(scheduler: str | None, workers: int | None) -> Iterator[tuple[Any, str]]:
    """A Dask client: on the cluster at ``scheduler``, else on a ``LocalCluster`` of
    ``workers`` single-threaded worker processes (default: one per core; one worker runs as a
    thread of this process); and a line saying which."""
    from dask.distributed import Client, LocalCluster

    if scheduler:
        with Client(scheduler) as client:
            yield client, f"the Dask cluster at {scheduler}"
        return
    count = workers or os.cpu_count() or 1
    with (
        LocalCluster(
            n_workers=count,
            threads_per_worker=1,
            processes=count > 1,
            dashboard_address=None,
            silence_logs=logging.ERROR,
        ) as cluster,
        Client(cluster) as client,
    ):
        kind = "worker process(es)" if count > 1 else "worker in this process"
        yield client, f"a local Dask cluster of {count} {kind}"


@dataclass(frozen=True)
class Runner:
    """Where many games run: the Dask cluster at ``scheduler``, else a local cluster of
    ``workers`` processes (default: one per core)."""

    scheduler: str | None = None
    workers: int | None = None

    def map(
        self,
        function: Callable[[Any], Any],
        items: Sequence[Any],
        done: Callable[[int, Any, str], None] | None = None,
    ) -> tuple[list[Any], str]:
        """``function(item)`` for every item, each a Dask task: the results in the items'
        order, and a line saying where they ran. ``done(index, result, where)`` hears each
        result as it comes."""
        from dask.distributed import as_completed

        results: list[Any] = [None] * len(items)
        with dask_client(self.scheduler, self.workers) as (client, where):
            futures = {client.submit(function, item, pure=False): n for n, item in enumerate(items)}
            for future in as_completed(futures):
                index = futures[future]
                results[index] = future.result()
                if done is not None:
                    done(index, results[index], where)
        return results, where


def run(
    spec: Any,
    setups: Sequence[Any],
    player: str,
    games: int,
    seed: int = 0,
    chunk_size: int = 10,
    max_decisions: int = 100_000,
    scheduler: str | None = None,
    workers: int | None = None,
    progress: Callable[[int, int, str], None] | None = None,
) -> Table:
    """Play ``games`` games of every setup with ``player`` on Dask (see the module docstring);
    ``progress(done, total, where)`` after each finished chunk, counting games."""
    started = time.monotonic()
    tasks = chunks_of(spec, setups, player, games, seed, chunk_size, max_decisions)
    rows = {setup.label: Row(setup) for setup in setups}
    total = sum(c.count for c in tasks)
    done = [0]

    def finished(index: int, played: list[Played], where: str) -> None:
        done[0] += tasks[index].count
        if progress is not None:
            progress(done[0], total, where)

    results, where = Runner(scheduler, workers).map(play_chunk, tasks, finished)
    for chunk, played in zip(tasks, results, strict=True):
        rows[chunk.label].games.extend(played)
    for row in rows.values():
        row.games.sort(key=lambda g: g.index)
    table = Table(spec.name, player, games, seed, list(rows.values()), where)
    table.seconds = time.monotonic() - started
    return table


def fraction_text(value: Fraction | float | None) -> str:
    """A difficulty score as people write it (``6``, ``6.5``)."""
    if value is None:
        return "-"
    return f"{float(value):g}"
