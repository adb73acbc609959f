"""Seeded random playouts of whole games, swept over missions, difficulties and player counts.

One playout sets a game up by the Setup section (:func:`~engine.unknown.setup.standard_setup`,
from ``players`` and a seed) and plays it with the one playout loop,
:func:`engine.core.playout.play_out`: a chance node is sampled with its exact probabilities, a
player node is answered by a policy, until a win or a loss. Play draws from one
``random.Random(seed)`` stream exactly as ``rulings play --random`` does, so a
``uniform`` playout is replayed by ``rulings play unknown --mission M --players P --difficulty D
--seed S --random``.

Policies:

* ``uniform`` - every legal decision equally likely (the rulebook's whole decision space);
* ``leaning`` - the policy of ``properties/test_unknown_normal_playouts.py``: explore with
  probability 1/2 when possible, never start a trade, forfeit only with probability 1/40, else
  uniform; games then draw much more of the stack (and the mission tiles in it) before they end;
* ``explorer`` - explore whenever some explore is legal (one of them at random), never trade,
  forfeit only with probability 1/40, else uniform: the stack is drawn deep, so the later mission
  piles (the last refugee, behemoth, water tile ...) come into play;
* ``expert`` - the planning player of :mod:`engine.unknown.expert` (``rulings play --bot
  expert``), drawing its own choices from :func:`~engine.core.playout.player_rng`, so its
  playouts are replayed by ``rulings play ... --seed S --bot expert``.

A playout ends as ``win`` or ``loss`` (the state's outcome), or as an ``error``: the engine
raised, offered a decision it then refused, offered nothing to decide, stood idle mid-game, gave
a chance node whose probabilities are not exact fractions summing to 1
(:func:`~engine.core.playout.chance_problem`), or hit the decision cap (``cap``: counted apart).
"""

from __future__ import annotations

import random
import zlib
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from typing import Any

from engine.core.game import ChanceNode, IdleNode, Node, PlayerNode, Step
from engine.core.playout import SweepReport, chance_problem, play_out, player_rng
from engine.core.registry import SetupRefused
from engine.unknown.game import UnknownGame
from engine.unknown.ruleset import DEFAULT, Ruleset
from engine.unknown.setup import DIFFICULTIES, setup_data, standard_setup
from engine.unknown.state import UnknownState

POLICIES = ("uniform", "leaning", "explorer", "expert")
MAX_DECISIONS = 5000
"""Decisions (chance draws included) after which a playout stops as ``cap``."""
EXPLORE_LEANING = Fraction(1, 2)
FORFEIT_LEANING = Fraction(1, 40)
PLAYERS = (1, 2, 3, 4, 5, 6)


@dataclass(frozen=True)
class Setting:
    """One game to play out: the setup's options and the seed."""

    mission: str
    difficulty: str
    players: int
    seed: int
    short: bool = False
    task: str | None = None

    def replay(self, policy: str = "uniform") -> str:
        """The ``rulings play`` command that replays this setting with the uniform policy (or
        the expert; the other policies have no ``rulings play`` form)."""
        extra = (" --short" if self.short else "") + (f" --task {self.task}" if self.task else "")
        who = "--bot expert" if policy == "expert" else "--random"
        return (
            f"rulings play unknown --setup standard --mission {self.mission} --players {self.players} "
            f"--difficulty {self.difficulty} --seed {self.seed}{extra} {who}"
        )


@dataclass(frozen=True)
class Playout:
    """How one playout ended: ``win``, ``loss``, ``error`` or ``cap``."""

    setting: Setting
    result: str
    clause: str | None
    why: str
    rounds: int
    decisions: int
    trail: tuple[str, ...] = ()

    @property
    def failed(self) -> bool:
        """An engine error or the decision cap: not a win or a loss."""
        return self.result in ("error", "cap")

    def data(self) -> dict[str, Any]:
        return {**asdict(self), "trail": list(self.trail)}


def seed_for(mission: str, difficulty: str, players: int, short: bool, index: int) -> int:
    """The seed of the ``index``-th playout of a setting: distinct per setting, stable per run."""
    return zlib.crc32(f"{mission}/{difficulty}/{players}/{short}/{index}".encode())


def choose(node: PlayerNode, rng: random.Random, policy: str) -> Any:
    """A decision of ``policy`` (see the module docstring) among ``node.legal``."""
    legal = node.legal
    if policy in ("leaning", "explorer"):
        forfeits = [d for d in legal if type(d).__name__ == "Forfeit"]
        if forfeits and rng.random() < FORFEIT_LEANING:
            return rng.choice(forfeits)
        kept = [d for d in legal if type(d).__name__ not in ("Trade", "Forfeit")]
        explores = [d for d in kept if type(d).__name__ == "Explore"]
        if explores and policy == "explorer":
            return explores[rng.randrange(len(explores))]
        if explores and rng.random() < EXPLORE_LEANING:
            return explores[0]
        legal = tuple(kept) or legal
    return legal[rng.randrange(len(legal))]


def _stop(node: Node) -> tuple[str, str] | None:
    """Why play cannot go on from ``node`` although the game is not over, or ``None``."""
    if isinstance(node, IdleNode):
        return "error", "the game is idle mid-play (nothing pending, no round in progress)"
    if isinstance(node, PlayerNode) and not node.legal:
        return "error", f"{node.player} must decide ({node.prompt}) but nothing is legal"
    if isinstance(node, ChanceNode) and (problem := chance_problem(node)):
        return "error", f"chance node {node.clause}: {problem}"
    return None


class _Stopped(Exception):
    """Play cannot go on although the game is not over (see :func:`_stop`)."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


class _Watched:
    """The engine as the playout loop sees it, watched: before the cap, a node no one can
    rightly act on stops play (:func:`_stop`); the state asked about and every decision, before
    it is applied, are remembered (the trail, and where an engine error happened)."""

    def __init__(self, game: UnknownGame, state: UnknownState, cap: int) -> None:
        self.game, self.state, self.cap, self.made = game, state, cap, 0
        self.trail: list[str] = []

    def node(self, state: UnknownState) -> Node:
        self.state = state
        node = self.game.node(state)
        stop = _stop(node) if self.made < self.cap else None
        if stop is not None:
            raise _Stopped(stop[1])
        return node

    def apply(self, state: UnknownState, decision: Any) -> Step:
        self.trail = [*self.trail[-7:], str(decision)]
        step = self.game.apply(state, decision)
        self.made += 1
        return step


def playout(
    setting: Setting,
    policy: str = "uniform",
    cap: int = MAX_DECISIONS,
    ruleset: Ruleset = DEFAULT,
) -> Playout:
    """Set ``setting`` up and play it to a win, a loss, an engine error or the cap."""
    game = UnknownGame(ruleset)
    rng = random.Random(setting.seed)
    watched: _Watched | None = None
    state: UnknownState | None = None
    try:
        state = standard_setup(
            setting.mission,
            difficulty=setting.difficulty,
            seed=setting.seed,
            short=setting.short,
            players=setting.players,
            task=setting.task,
            ruleset=ruleset,
        )
        state, _ = game.settle(state)
        watched = _Watched(game, state, cap)
        choice = _policy(game, policy, rng, setting.seed)
        state, ending = play_out(watched, state, rng, choice, max_decisions=cap)
    except _Stopped as stopped:
        assert watched is not None
        rounds, made, trail = watched.state.round, watched.made, tuple(watched.trail)
        return Playout(setting, "error", None, stopped.why, rounds, made, trail)
    except Exception as error:  # an engine error is what the sweep is looking for
        at = state if watched is None else watched.state
        where = f"round {at.round}, {at.phase}" if at is not None else "setup"
        made = 0 if watched is None else watched.made
        why = f"{type(error).__name__} at decision {made + 1} ({where}): {error}"
        rounds = at.round if at is not None else 0
        trail = () if watched is None else tuple(watched.trail)
        return Playout(setting, "error", None, " ".join(why.split()), rounds, made, trail)
    trail = tuple(watched.trail)
    if ending.decisions >= cap:
        why = f"no win or loss after {cap} decisions"
        return Playout(setting, "cap", None, why, state.round, ending.decisions, trail)
    result, clause, why = state.outcome or (ending.result, ending.clause, ending.why)
    return Playout(setting, result, clause, why, state.round, ending.decisions, trail)


def _policy(
    game: UnknownGame, policy: str, rng: random.Random, seed: int
) -> Callable[[Any, PlayerNode], Any] | None:
    """The decisions of ``policy`` (``None``: uniform, drawn by the playout loop)."""
    if policy == "uniform":
        return None
    if policy == "expert":
        from engine.unknown.expert import expert

        return expert(game, player_rng("expert", seed))
    return lambda state, node: choose(node, rng, policy)


def settings(
    missions: Iterable[str] | None = None,
    difficulties: Iterable[str] = DIFFICULTIES,
    players: Iterable[int] = PLAYERS,
    seeds: int = 1,
    short: bool = False,
    task: str | None = None,
) -> list[Setting]:
    """Every mission x difficulty x player count x seed index, as settings to play out.

    With ``short``, missions without a short version (Water) are left out.
    """
    known = setup_data().missions
    chosen = sorted(known) if missions is None else list(missions)
    strange = [m for m in chosen if m not in known]
    if strange:
        raise ValueError(f"unknown mission {strange[0]!r} (known: {', '.join(sorted(known))})")
    if short:
        chosen = [m for m in chosen if known[m].has_short]
    return [
        Setting(m, d, p, seed_for(m, d, p, short, i), short, task)
        for m in chosen
        for d in difficulties
        for p in players
        for i in range(seeds)
    ]


CHUNK = 5
"""Settings played per task when a sweep runs on a runner (Dask)."""


def sweep(
    cases: Sequence[Setting],
    policy: str = "uniform",
    cap: int = MAX_DECISIONS,
    ruleset: Ruleset = DEFAULT,
    progress: Callable[[int, int, Playout], None] = lambda done, total, last: None,
    runner: Any = None,
) -> list[Playout]:
    """Play every setting out, calling ``progress`` after each (with a runner, after each
    task of :data:`CHUNK` settings): in this process, in order, or on ``runner``
    (``solver.balance.Runner``: a Dask cluster), the results in the settings' order."""
    if policy not in POLICIES:
        raise ValueError(f"policy {policy!r}: one of {', '.join(POLICIES)}")
    if runner is None:
        done: list[Playout] = []
        for case in cases:
            done.append(playout(case, policy, cap, ruleset))
            progress(len(done), len(cases), done[-1])
        return done
    tasks = [
        (tuple(cases[i : i + CHUNK]), policy, cap, ruleset) for i in range(0, len(cases), CHUNK)
    ]
    count = [0]

    def finished(index: int, played: list[Playout], where: str) -> None:
        for one in played:
            count[0] += 1
            progress(count[0], len(cases), one)

    results, _ = runner.map(play_settings, tasks, finished)
    return [one for played in results for one in played]


def play_settings(task: tuple[Sequence[Setting], str, int, Ruleset]) -> list[Playout]:
    """One task of a sweep on a runner: its settings played out in order."""
    cases, policy, cap, ruleset = task
    return [playout(case, policy, cap, ruleset) for case in cases]


@dataclass
class MissionSummary:
    """The outcomes of one mission's playouts."""

    mission: str
    playouts: int = 0
    wins: int = 0
    losses: Counter[str] = field(default_factory=Counter)
    """Losses by the clause that ended the game."""
    errors: int = 0
    caps: int = 0
    rounds: list[int] = field(default_factory=list)
    """Rounds played by each playout that ended in a win or a loss."""

    @property
    def mean_rounds(self) -> float | None:
        return sum(self.rounds) / len(self.rounds) if self.rounds else None

    def data(self) -> dict[str, Any]:
        return {
            "mission": self.mission,
            "playouts": self.playouts,
            "wins": self.wins,
            "losses": dict(sorted(self.losses.items())),
            "errors": self.errors,
            "caps": self.caps,
            "mean_rounds": self.mean_rounds,
        }


def summarise(playouts: Iterable[Playout]) -> list[MissionSummary]:
    """One summary per mission, in mission order."""
    table: dict[str, MissionSummary] = {}
    for p in playouts:
        row = table.setdefault(p.setting.mission, MissionSummary(p.setting.mission))
        row.playouts += 1
        if p.result == "win":
            row.wins += 1
        elif p.result == "loss":
            row.losses[p.clause or "?"] += 1
        elif p.result == "cap":
            row.caps += 1
        else:
            row.errors += 1
        if p.result in ("win", "loss"):
            row.rounds.append(p.rounds)
    return [table[m] for m in sorted(table)]


def table_lines(rows: Sequence[MissionSummary]) -> list[str]:
    """The summary as a plain-text table: one line per mission and a total line."""
    head = f"{'mission':<11} {'games':>5} {'wins':>5} {'losses':>6} {'errors':>6} {'caps':>4} "
    head += f"{'rounds':>6}  losses by clause"
    lines = [head]
    for row in rows:
        mean = "-" if row.mean_rounds is None else f"{row.mean_rounds:.1f}"
        why = ", ".join(f"{c.removeprefix('unknown.')} {n}" for c, n in sorted(row.losses.items()))
        lines.append(
            f"{row.mission:<11} {row.playouts:>5} {row.wins:>5} {sum(row.losses.values()):>6} "
            f"{row.errors:>6} {row.caps:>4} {mean:>6}  {why or '-'}"
        )
    all_rounds = [r for row in rows for r in row.rounds]
    mean = f"{sum(all_rounds) / len(all_rounds):.1f}" if all_rounds else "-"
    lines.append(
        f"{'total':<11} {sum(r.playouts for r in rows):>5} {sum(r.wins for r in rows):>5} "
        f"{sum(sum(r.losses.values()) for r in rows):>6} {sum(r.errors for r in rows):>6} "
        f"{sum(r.caps for r in rows):>4} {mean:>6}"
    )
    return lines


def sweep_report(
    ruleset: Ruleset,
    options: dict[str, Any],
    progress: Callable[[int, int], None],
    runner: Any = None,
) -> SweepReport:
    """``rulings sweep --game unknown``: every chosen mission x difficulty x number of players
    ``seeds`` times (``options`` as the game's sweep options name them), the table of how they
    ended and every failed playout with the command replaying it. ``progress.note``, when
    there, hears how many playouts there are and each failed one as it happens."""
    cases = settings(
        options["missions"],
        options["difficulties"],
        options["players"],
        options["seeds"],
        options["short"],
        options["task"],
    )
    if not cases:
        raise SetupRefused("--short", "no mission left to sweep: Water has no short version")
    note: Callable[[str], None] = getattr(progress, "note", lambda line: None)
    policy = options["policy"]
    note(f"{len(cases)} playouts ({policy} policy) ...")

    def each(done: int, total: int, last: Playout) -> None:
        if last.failed:
            note(f"{last.result}: {last.setting.replay(policy)}")
        progress(done, total)

    played = sweep(cases, policy, options["max_decisions"], ruleset, each, runner)
    rows = summarise(played)
    failed = [p for p in played if p.failed]
    data = {
        "policy": policy,
        "short": options["short"],
        "task": options["task"],
        "seeds": options["seeds"],
        "missions": [row.data() for row in rows],
        "failed": [p.data() for p in failed],
    }
    lines = table_lines(rows)
    lines += [f"{p.result}: {p.why}\n  replay: {p.setting.replay(policy)}" for p in failed]
    return SweepReport(lines, data, bool(failed))
