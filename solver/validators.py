"""Game validators in the spirit of General Game Playing: from setup, is the game playable, does
it terminate, and is it winnable?

* **playable**: every non-terminal state a playout reaches offers something to act on (a player
  node with at least one legal decision, or a chance node with outcomes);
* **terminates**: every playout ends in a win or a loss within ``cap`` decisions;
* **winnable**: a winning playout exists. Random play almost never wins these games, so the
  validator *searches* for one with luck on its side: a beam search that treats chance outcomes
  as choices too (a playout is a path of decisions and outcomes; a winning one exists if the
  search finds one), ranked by a game-specific progress score. Finding one proves winnability;
  not finding one within the budget proves nothing, and is reported as "not found within N
  states", never as "not winnable".

Both games are driven only through ``game.node`` / ``game.apply`` (PRINCIPLES §3).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.core.game import ChanceNode, IdleNode, TerminalNode, choices, sample_outcome
from engine.core.serialization import stable_key

Score = Callable[[Any], float]


@dataclass
class WinSearch:
    """What the lucky beam search found: a winning path (decisions and chance outcomes), or not."""

    found: bool
    path: list[Any]
    states: int
    seconds: float
    beam: int


@dataclass
class Validation:
    """The validators' verdicts for one setup."""

    game: str
    setup: str
    playouts: int
    playable: bool
    terminates: bool
    longest: int
    """Most decisions (chance included) any playout took."""
    win: WinSearch | None
    problems: list[str] = field(default_factory=list)

    @property
    def winnable(self) -> bool | None:
        """True if a winning playout was found; None if the search found none (undecided)."""
        return True if self.win is not None and self.win.found else None

    def line(self) -> str:
        win = "not searched"
        if self.win is not None:
            win = (
                f"winnable (a winning playout of {len(self.win.path)} steps found)"
                if self.win.found
                else f"no winning playout found within {self.win.states:,} states"
            )
        return (
            f"{self.setup}: {'playable' if self.playable else 'NOT PLAYABLE'}, "
            f"{'terminates' if self.terminates else 'DOES NOT TERMINATE'} "
            f"({self.playouts} playouts, longest {self.longest} decisions), {win}"
        )


def check_playouts(
    game: Any, start: Any, playouts: int, cap: int, seed: int
) -> tuple[bool, bool, int, list[str]]:
    """Random playouts from ``start``: (playable, terminates, longest, problems)."""
    playable, terminates, longest, problems = True, True, 0, []
    for n in range(playouts):
        rng = random.Random(f"{seed}:{n}")
        state, steps = start, 0
        while True:
            node = game.node(state)
            if isinstance(node, TerminalNode):
                break
            if isinstance(node, IdleNode) or not choices(node):
                playable = False
                problems.append(f"playout {n}: nothing to act on after {steps} steps ({node!r})")
                break
            if steps >= cap:
                terminates = False
                problems.append(f"playout {n}: not over after {cap} decisions")
                break
            if isinstance(node, ChanceNode):
                decision = sample_outcome(node, rng)
            else:
                decision = node.legal[rng.randrange(len(node.legal))]
            state = game.apply(state, decision).state
            steps += 1
        longest = max(longest, steps)
    return playable, terminates, longest, problems


def find_win(
    game: Any, start: Any, score: Score, beam: int = 24, max_states: int = 200_000
) -> WinSearch:
    """A lucky beam search: expand every choice (decisions and chance outcomes alike) of every
    state in the beam, keep the ``beam`` best-scored new states (losses dropped, duplicates merged
    by their stable key), until a child wins or ``max_states`` states were made."""
    began = time.monotonic()
    frontier: list[tuple[Any, list[Any]]] = [(start, [])]
    expanded = {stable_key(start)}
    made = 0
    while frontier and made < max_states:
        children: dict[str, tuple[float, int, Any, list[Any]]] = {}
        for state, path in frontier:
            for choice in choices(game.node(state)):
                child = game.apply(state, choice).state
                made += 1
                node = game.node(child)
                if isinstance(node, TerminalNode):
                    if node.outcome == "win":
                        elapsed = time.monotonic() - began
                        return WinSearch(True, [*path, choice], made, elapsed, beam)
                    continue
                key = stable_key(child)
                if key not in expanded and key not in children:
                    children[key] = (score(child), len(children), child, [*path, choice])
        best = sorted(children.items(), key=lambda item: (-item[1][0], item[1][1]))[:beam]
        expanded.update(key for key, _ in best)
        frontier = [(child, path) for _, (_, _, child, path) in best]
    return WinSearch(False, [], made, time.monotonic() - began, beam)


# -- the games ------------------------------------------------------------------------------------
def falling_skies_score(state: Any) -> float:
    """Progress in Under Falling Skies: research above all, then damage avoided, the mothership
    kept high, energy in store, and high dice this round (room values grow with them; without
    this a roll's outcomes would all score alike) (``fs.goal.win``, ``fs.goal.lose``)."""
    pips = sum(d.value for d in state.rolled) + sum(d.value for d in state.placed)
    return (
        state.research * 1000
        - state.damage * 120
        - state.mothership_row * 15
        + state.energy * 8
        + state.whites_destroyed * 4
        + pips * 2
    )


def validate_falling_skies(
    scenario: Any = None,
    ruleset: Any = None,
    playouts: int = 50,
    cap: int = 5000,
    seed: int = 0,
    beam: int = 24,
    max_states: int = 200_000,
) -> Validation:
    """The validators on a Falling Skies scenario (the shipped default when ``None``)."""
    from engine.falling_skies.game import FallingSkiesGame
    from engine.falling_skies.ruleset import DEFAULT
    from engine.falling_skies.scenario import default_scenario

    scenario = scenario or default_scenario()
    game = FallingSkiesGame(scenario, ruleset or DEFAULT)
    start = game.initial_state()
    playable, terminates, longest, problems = check_playouts(game, start, playouts, cap, seed)
    win = find_win(game, start, falling_skies_score, beam, max_states)
    return Validation(
        "falling-skies", scenario.name, playouts, playable, terminates, longest, win, problems
    )


def unknown_score(state: Any) -> float:
    """Progress in Unknown, mission-blind: tiles explored (the stack drawn), food in base, goods
    carried, mission counters, survivors able to act (``unknown.mission.win``)."""
    food = dict(state.base).get("food", 0)
    carried = sum(n for s in state.position.survivors for _, n in s.goods)
    counters = sum(n for _, n in state.mission_card)
    able = sum(1 for s in state.position.survivors if not s.incapacitated)
    return (
        len(state.position.tiles) * 20
        + counters * 50
        + food * 30
        + carried * 3
        + able * 10
        + (100 if state.task_complete else 0)
    )


def validate_unknown(
    mission: str,
    difficulty: str,
    players: int = 1,
    playouts: int = 10,
    cap: int = 5000,
    seed: int = 0,
    beam: int = 8,
    max_states: int = 20_000,
) -> Validation:
    """The validators on an Unknown mission set up by the rulebook's Setup section."""
    from engine.unknown.game import UnknownGame
    from engine.unknown.setup import standard_setup

    game = UnknownGame()
    start = standard_setup(mission, difficulty=difficulty, seed=seed, players=players)
    playable, terminates, longest, problems = check_playouts(game, start, playouts, cap, seed)
    win = find_win(game, start, unknown_score, beam, max_states) if max_states else None
    setup = f"{mission} ({difficulty}, {players} player{'s' if players > 1 else ''})"
    return Validation("unknown", setup, playouts, playable, terminates, longest, win, problems)
