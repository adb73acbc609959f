"""How often does a player win from here? Simulated games with a 95% interval, per alternative.

The estimate answers what the exact search cannot within its budget: a player (the game's
expert, or uniform random) plays seeded games from the position to their end
(:func:`engine.core.playout.play_out`: chance drawn with its exact probability from the game's
stream, the player from its own), and the wins give a win rate with its Wilson 95% interval
(:func:`solver.balance.wilson`). At a player node the same is done after each root decision
(the player playing on from there), so a user sees which decision the player takes and how
much the choice matters. An estimate is a property of the player as much as of the position:
it is a lower bound in expectation of the value under best play, never a proof.

Game ``i`` of an estimate is seeded ``estimate/{seed}/{i}`` (and ``{decision}/...`` after a
root decision), so a run replays. Games run in turn until the budget (games, seconds) is spent;
alternatives are played round-robin, one game each in turn, so each ends with about as many.
"""

from __future__ import annotations

import time
import zlib
from dataclasses import dataclass
from random import Random
from typing import Any

from engine.core.game import PlayerNode
from engine.core.playout import play_out
from solver.balance import policy_for, wilson


@dataclass(frozen=True)
class Estimate:
    """A player's games from one position: how many were played and won, and how long it took."""

    player: str
    games: int
    wins: int
    seconds: float
    unfinished: int = 0
    """Games that reached the decision cap or got stuck (counted as not won)."""

    @property
    def win_rate(self) -> float | None:
        return None if self.games == 0 else self.wins / self.games

    @property
    def ci95(self) -> tuple[float, float]:
        """The Wilson 95% interval of the win rate."""
        return wilson(self.wins, self.games)

    def text(self) -> str:
        """``won 12 of 100 games (12.0%, 95% CI 7.0-19.8%)``."""
        if self.games == 0:
            return "no game played within the budget"
        low, high = self.ci95
        return (
            f"won {self.wins} of {self.games} games ({100 * self.win_rate:.1f}%, "
            f"95% CI {100 * low:.1f}-{100 * high:.1f}%)"
        )

    def data(self) -> dict[str, Any]:
        low, high = self.ci95
        return {
            "player": self.player,
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "ci95": [round(low, 6), round(high, 6)],
            "unfinished": self.unfinished,
            "seconds": round(self.seconds, 3),
        }


@dataclass(frozen=True)
class Alternative:
    """One root decision with the player's games after it; ``chosen``: the player's own choice."""

    decision: Any
    estimate: Estimate
    chosen: bool


@dataclass
class _Games:
    """The running count of one estimate."""

    game: Any
    state: Any
    spec: Any
    player: str
    label: str
    max_decisions: int
    games: int = 0
    wins: int = 0
    unfinished: int = 0
    seconds: float = 0.0

    def play_one(self) -> None:
        """Play the next seeded game from the state to its end and count it."""
        began = time.monotonic()
        seed = zlib.crc32(f"{self.label}/{self.games}".encode())
        policy = policy_for(self.spec, self.player, self.game, seed)
        _, ending = play_out(self.game, self.state, Random(seed), policy, None, self.max_decisions)
        self.games += 1
        self.wins += ending.result == "win"
        self.unfinished += not ending.ended
        self.seconds += time.monotonic() - began

    def fits(self, deadline: float | None) -> bool:
        """Whether another game, as long as the mean one so far, ends before ``deadline``."""
        if deadline is None or self.games == 0:
            return True
        return time.monotonic() + self.seconds / self.games <= deadline

    def result(self) -> Estimate:
        return Estimate(self.player, self.games, self.wins, self.seconds, self.unfinished)


def estimate(
    spec: Any,
    game: Any,
    state: Any,
    player: str,
    games: int,
    seconds: float | None,
    seed: int = 0,
    max_decisions: int = 20_000,
) -> Estimate:
    """Up to ``games`` games of ``player`` from ``state``, stopping before a game of the mean
    length so far would end after ``seconds`` (at least one game is played)."""
    running = _Games(game, state, spec, player, f"estimate/{seed}", max_decisions)
    deadline = None if seconds is None else time.monotonic() + seconds
    while running.games < games and running.fits(deadline):
        running.play_one()
    return running.result()


def root_alternatives(
    spec: Any,
    game: Any,
    state: Any,
    player: str,
    limit: int,
    seed: int = 0,
) -> tuple[list[Any], Any, int]:
    """The root decisions to estimate: the player's own choice first, then the others in the
    rules' order, at most ``limit`` in all (a seeded sample of the others when there are more).
    Returns the decisions, the player's choice and how many decisions were left out."""
    node = game.node(state)
    if not isinstance(node, PlayerNode) or len(node.legal) < 2:
        return [], None, 0
    chosen = policy_for(spec, player, game, seed)
    choice = (
        chosen(state, node)
        if chosen is not None
        else node.legal[Random(seed).randrange(len(node.legal))]
    )
    others = [d for d in node.legal if d != choice]
    if len(others) > limit - 1:
        keep = set(Random(f"alternatives/{seed}").sample(range(len(others)), limit - 1))
        left_out = len(others) - len(keep)
        others = [d for i, d in enumerate(others) if i in keep]
    else:
        left_out = 0
    return [choice, *others], choice, left_out


def estimate_alternatives(
    spec: Any,
    game: Any,
    state: Any,
    player: str,
    decisions: list[Any],
    choice: Any,
    games: int,
    seconds: float | None,
    seed: int = 0,
    max_decisions: int = 20_000,
) -> list[Alternative]:
    """Each decision applied at the root, then ``player``'s games from there, played
    round-robin (one game per decision in turn) until each has ``games`` or another game would
    end after ``seconds`` (every decision gets at least one game; counts differ by one at most)."""
    runs = [
        _Games(
            game,
            game.apply(state, decision).state,
            spec,
            player,
            f"estimate/{seed}/{n}",
            max_decisions,
        )
        for n, decision in enumerate(decisions)
    ]
    deadline = None if seconds is None else time.monotonic() + seconds
    for _ in range(games):
        for run in runs:
            if not run.fits(deadline):
                break
            run.play_one()
        if not all(run.fits(deadline) for run in runs):
            break
    return [
        Alternative(decision, run.result(), decision == choice)
        for decision, run in zip(decisions, runs, strict=True)
    ]
