"""The one playout loop: play a game from a state through node/apply until it ends.

Every consumer that plays whole games — ``rulings play``, the sweeps, the golden playthroughs,
the validators, the property suites — plays through :func:`play_out`: a chance node is drawn
with its exact probability (:func:`~engine.core.game.sample_outcome`) and a player node is
answered by a policy (uniform over the legal decisions by default), both from one seeded
``random.Random``, so the same seed replays the same game. :func:`chance_problem` is the one
check that a chance node keeps its contract.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from random import Random
from typing import Any, Protocol

from engine.core.game import ChanceNode, Node, PlayerNode, Step, TerminalNode, sample_outcome

Policy = Callable[[Any, PlayerNode], Any]
"""A player: the decision to take at a player node, given the state and the node."""

OnStep = Callable[[Any, Any, Step], None]
"""Called after every applied decision with ``(state before, decision, step)``."""


@dataclass(frozen=True)
class Ending:
    """How a playout stopped: ``result`` is the terminal node's outcome (``win``, ``loss``, ...),
    ``cap`` (the decision cap came first), ``stuck`` (a node no one can act on, before the end)
    or ``stopped`` (the caller's ``until`` held);
    ``clause`` is the rule that ended the game (``None`` unless it ended)."""

    result: str
    clause: str | None
    why: str
    decisions: int

    @property
    def ended(self) -> bool:
        """Whether the game reached its end (a terminal node)."""
        return self.result not in ("cap", "stuck", "stopped")


def uniform(rng: Random) -> Policy:
    """The policy choosing every legal decision with equal chance, from ``rng``."""

    def choose(state: Any, node: PlayerNode) -> Any:
        return node.legal[rng.randrange(len(node.legal))]

    return choose


def player_rng(player: str, seed: int) -> Random:
    """The stream a named player (``expert``) draws its own choices from in a game seeded
    ``seed``: apart from the game's stream (``Random(seed)``, which draws chance), so the chance
    outcomes a seed gives do not depend on how often the player drew."""
    return Random(f"{player}/{seed}")


def draw(node: Node, rng: Random, policy: Policy | None, state: Any) -> Any:
    """The decision taken at ``node``: a chance outcome drawn with its probability, or the
    policy's choice (uniform from ``rng`` when ``policy`` is ``None``)."""
    if isinstance(node, ChanceNode):
        return sample_outcome(node, rng)
    if policy is None:
        return node.legal[rng.randrange(len(node.legal))]
    return policy(state, node)


def stuck_reason(node: Node) -> str | None:
    """Why nobody can act at ``node`` before the game's end, or ``None`` when someone can."""
    if isinstance(node, PlayerNode):
        return None if node.legal else "a player node with no legal decision"
    if isinstance(node, ChanceNode):
        return None if node.outcomes else "a chance node with no outcome"
    if isinstance(node, TerminalNode):
        return None
    return "no rule in motion and the game is not over"


def play_out(
    game: Any,
    state: Any,
    rng: Random,
    policy: Policy | None = None,
    on_step: OnStep | None = None,
    max_decisions: int = 100_000,
    until: Callable[[Any], bool] | None = None,
) -> tuple[Any, Ending]:
    """Play from ``state`` until the game ends, nobody can act, ``max_decisions`` decisions
    (chance draws included) were applied, or ``until(state)`` holds at a state where someone
    is to act (``stopped``); the last state and how play stopped."""
    decisions = 0
    while True:
        node = game.node(state)
        if isinstance(node, TerminalNode):
            outcome = getattr(state, "outcome", None)
            why = outcome[2] if isinstance(outcome, tuple) and len(outcome) > 2 else node.outcome
            return state, Ending(node.outcome, node.clause, why, decisions)
        problem = stuck_reason(node)
        if problem is not None:
            return state, Ending("stuck", None, f"stuck: {problem}", decisions)
        if until is not None and until(state):
            return state, Ending("stopped", None, "stopped where asked", decisions)
        if decisions >= max_decisions:
            why = f"decision cap reached ({max_decisions} decisions) with no win or loss yet"
            return state, Ending("cap", None, why, decisions)
        decision = draw(node, rng, policy, state)
        step = game.apply(state, decision)
        if on_step is not None:
            on_step(state, decision, step)
        state = step.state
        decisions += 1


def chance_problem(node: ChanceNode) -> str:
    """What breaks the chance-node contract (exact fractions in (0, 1] summing to 1), or ``""``."""
    if not node.outcomes:
        return "a chance node with no outcome"
    for outcome, p in node.outcomes:
        if not isinstance(p, Fraction) or not 0 < p <= 1:
            return f"outcome {outcome} has probability {p!r}"
    total = sum((p for _, p in node.outcomes), Fraction(0))
    return "" if total == 1 else f"probabilities sum to {total}"


@dataclass
class SweepReport:
    """What a sweep of a game found: the lines to print, the JSON answer, and whether any
    playout failed (stuck, or at the decision cap)."""

    lines: list[str]
    data: dict[str, Any]
    failed: bool


class Playable(Protocol):
    """What :func:`sweep_report` needs of a game's registry entry."""

    name: str
    title: str

    def new_game(self, ruleset: Any, seed: int, options: Mapping[str, Any]) -> Any: ...


SWEEP_CHUNK = 100
"""Games per task of a sweep on a runner."""


def play_games(task: tuple[str, Any, dict[str, Any], int, int]) -> list[tuple[int, Ending]]:
    """One task of a sweep: the registered game ``name`` set up with seeds ``first`` ..
    ``first + count - 1`` and played out at random; each seed with how its game ended."""
    from engine.core import registry

    name, ruleset, options, first, count = task
    spec = registry.game(name)
    played = []
    for game_seed in range(first, first + count):
        new = spec.new_game(ruleset, game_seed, options)
        _, ending = play_out(new.game, new.state, Random(game_seed))
        played.append((game_seed, ending))
    return played


def sweep_report(
    spec: Playable,
    ruleset: Any,
    seed: int,
    playouts: int,
    options: Mapping[str, Any],
    progress: Callable[[int, int], None],
    runner: Any = None,
) -> SweepReport:
    """``playouts`` uniform random games of ``spec`` (seeds ``seed``, ``seed + 1``, ...): how many
    ended in each result, by the clause that ended them; any stuck or capped game fails. On
    ``runner`` (``solver.balance.Runner``: a Dask cluster) when given, in tasks of
    :data:`SWEEP_CHUNK` games set up by name in the worker."""
    endings: Counter[tuple[str, str | None]] = Counter()
    failed: list[dict[str, Any]] = []
    tasks = [
        (spec.name, ruleset, dict(options), first, min(SWEEP_CHUNK, seed + playouts - first))
        for first in range(seed, seed + playouts, SWEEP_CHUNK)
    ]
    done = [0]

    def finished(index: int, played: list[tuple[int, Ending]], where: str = "") -> None:
        for game_seed, ending in played:
            endings[(ending.result, ending.clause)] += 1
            if not ending.ended:
                failed.append({"seed": game_seed, "result": ending.result, "why": ending.why})
            done[0] += 1
            progress(done[0], playouts)

    if runner is None:
        for index, task in enumerate(tasks):
            finished(index, play_games(task))
    else:
        runner.map(play_games, tasks, finished)
    failed.sort(key=lambda f: f["seed"])
    wins = sum(n for (result, _), n in endings.items() if result == "win")
    lines = [
        f"{spec.title}: {playouts} random playouts, {wins} won ({wins / max(playouts, 1):.1%})"
    ]
    lines += [
        f"  {result:5} {clause or '-'}: {n}" for (result, clause), n in sorted(endings.items())
    ]
    lines += [f"  failed: seed {f['seed']}: {f['why']}" for f in failed]
    data = {
        "game": spec.name,
        "playouts": playouts,
        "seed": seed,
        "wins": wins,
        "endings": [
            {"result": result, "clause": clause, "count": n}
            for (result, clause), n in sorted(endings.items())
        ],
        "failed": failed,
    }
    return SweepReport(lines, data, bool(failed))
