"""Seeded random playouts of whole games, swept over missions, difficulties and player counts.

One playout sets a game up by the Setup section (:func:`~engine.unknown.setup.standard_setup`,
from ``players`` and a seed) and plays it through the core interface only: ``game.node`` says
who decides, a chance node is sampled with its exact probabilities (``sample_outcome``), a player
node is answered by a policy, and ``game.apply`` steps, until a win or a loss. The setup and the
play share one ``random.Random(seed)`` stream exactly as ``rulings play --random`` does, so a
``uniform`` playout is replayed by ``rulings play unknown --mission M --players P --difficulty D
--seed S --random``.

Policies:

* ``uniform`` - every legal decision equally likely (the rulebook's whole decision space);
* ``leaning`` - the policy of ``properties/test_unknown_normal_playouts.py``: explore with
  probability 1/2 when possible, never start a trade, forfeit only with probability 1/40, else
  uniform; games then draw much more of the stack (and the mission tiles in it) before they end;
* ``explorer`` - explore whenever some explore is legal (one of them at random), never trade,
  forfeit only with probability 1/40, else uniform: the stack is drawn deep, so the later mission
  piles (the last refugee, behemoth, water tile ...) come into play.

A playout ends as ``win`` or ``loss`` (the state's outcome), or as an ``error``: the engine
raised, offered a decision it then refused, offered nothing to decide, stood idle mid-game, gave
a chance node whose probabilities are not exact fractions summing to 1, or hit the decision cap
(``cap``: counted apart, as the brief of issue 5 counts a capped playout as an error).
"""

from __future__ import annotations

import random
import zlib
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from typing import Any

from engine.core.game import ChanceNode, IdleNode, Node, PlayerNode, TerminalNode, sample_outcome
from engine.unknown.game import UnknownGame
from engine.unknown.ruleset import DEFAULT, Ruleset
from engine.unknown.setup import DIFFICULTIES, setup_data, standard_setup
from engine.unknown.state import UnknownState

POLICIES = ("uniform", "leaning", "explorer")
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

    def replay(self) -> str:
        """The ``rulings play`` command that replays this setting with the uniform policy."""
        extra = (" --short" if self.short else "") + (f" --task {self.task}" if self.task else "")
        return (
            f"rulings play unknown --setup standard --mission {self.mission} --players {self.players} "
            f"--difficulty {self.difficulty} --seed {self.seed}{extra} --random"
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


def chance_problem(node: ChanceNode) -> str:
    """What breaks the chance-node contract (Fractions in (0, 1] summing to 1), or ``""``."""
    if not node.outcomes:
        return "a chance node with no outcome"
    for outcome, p in node.outcomes:
        if not isinstance(p, Fraction) or not 0 < p <= 1:
            return f"outcome {outcome} has probability {p!r}"
    total = sum((p for _, p in node.outcomes), Fraction(0))
    return "" if total == 1 else f"probabilities sum to {total}"


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


def playout(
    setting: Setting,
    policy: str = "uniform",
    cap: int = MAX_DECISIONS,
    ruleset: Ruleset = DEFAULT,
) -> Playout:
    """Set ``setting`` up and play it to a win, a loss, an engine error or the cap."""
    game = UnknownGame(ruleset)
    rng = random.Random(setting.seed)
    trail: list[str] = []
    state: UnknownState | None = None
    made = 0
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
        while made < cap:
            node = game.node(state)
            if isinstance(node, TerminalNode):
                result, clause, why = state.outcome or (node.outcome, node.clause, node.outcome)
                return Playout(setting, result, clause, why, state.round, made, tuple(trail))
            stop = _stop(node)
            if stop is not None:
                return Playout(setting, stop[0], None, stop[1], state.round, made, tuple(trail))
            if isinstance(node, ChanceNode):
                decision = sample_outcome(node, rng)
            else:
                decision = choose(node, rng, policy)
            trail = [*trail[-7:], str(decision)]
            state = game.apply(state, decision).state
            made += 1
    except Exception as error:  # an engine error is what the sweep is looking for
        where = f"round {state.round}, {state.phase}" if state is not None else "setup"
        why = f"{type(error).__name__} at decision {made + 1} ({where}): {error}"
        rounds = state.round if state is not None else 0
        return Playout(setting, "error", None, " ".join(why.split()), rounds, made, tuple(trail))
    why = f"no win or loss after {cap} decisions"
    return Playout(setting, "cap", None, why, state.round, made, tuple(trail))


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


def sweep(
    cases: Sequence[Setting],
    policy: str = "uniform",
    cap: int = MAX_DECISIONS,
    ruleset: Ruleset = DEFAULT,
    progress: Callable[[int, int, Playout], None] = lambda done, total, last: None,
) -> list[Playout]:
    """Play every setting out, in order, calling ``progress`` after each."""
    if policy not in POLICIES:
        raise ValueError(f"policy {policy!r}: one of {', '.join(POLICIES)}")
    done: list[Playout] = []
    for case in cases:
        done.append(playout(case, policy, cap, ruleset))
        progress(len(done), len(cases), done[-1])
    return done


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
