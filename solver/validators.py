"""Game validators in the spirit of General Game Playing: from setup, is the game playable, does
it terminate, and is it winnable?

* **playable**: every non-terminal state a playout reaches offers something to act on (a player
  node with at least one legal decision, or a chance node with outcomes);
* **terminates**: every playout ends in a win or a loss within ``cap`` decisions;
* **winnable**: a winning playout exists. Random play almost never wins these games, so the
  validator *searches* for one with luck on its side (``solver.lucky``): a beam search that
  treats chance outcomes as choices too (a playout is a path of decisions and outcomes; a
  winning one exists if the search finds one), ranked by game-specific progress scores and
  pruned by the game's sound bounds. Finding one proves winnability (the path replays through
  ``game.apply`` to a win); not finding one within the budget proves nothing, and is reported as
  "not found within N states", never as "not winnable".

Games are driven only through ``game.node`` / ``game.apply`` (PRINCIPLES §3). ``rulings verify``
runs :func:`validate` on the set-ups each registered game names (``GameSpec.validation_setups``:
the set-up's options, and the win search with its budget); the win searches of Under Falling
Skies (:func:`falling_skies_win`) and Unknown (:func:`unknown_win_search`) live here.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.game import ChanceNode, Node, choices
from engine.core.playout import play_out
from engine.core.serialization import stable_key
from engine.unknown.progress import score
from solver.lucky import Score, WinSearch, beam_search, portfolio


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
    played: PlayerGames | None = None
    """A player's seeded games of the setup (``--bot``), when asked for."""

    @property
    def winnable(self) -> bool | None:
        """True if a winning playout was found or the player won a game; None if neither
        (undecided)."""
        found = self.win is not None and self.win.found
        return True if found or (self.played is not None and self.played.wins) else None

    def line(self) -> str:
        """The verdicts in one line (a win search's budget and time included)."""
        win = "not searched" if self.win is None else self.win.text()
        played = "" if self.played is None else f"; {self.played.text()}"
        return (
            f"{self.setup}: {'playable' if self.playable else 'NOT PLAYABLE'}, "
            f"{'terminates' if self.terminates else 'DOES NOT TERMINATE'} "
            f"({self.playouts} playouts, longest {self.longest} decisions), {win}{played}"
        )


@dataclass(frozen=True)
class PlayerGames:
    """A player's seeded games of one setup: how many it won, and the ``rulings play`` command
    replaying the first win (``None``: no win)."""

    player: str
    games: int
    wins: int
    losses: dict[str, int]
    """The games not won, by the rule clause (or result) that ended them."""
    replay: str | None

    def text(self) -> str:
        if self.wins:
            return f"{self.player} won {self.wins} of {self.games} games (replay: {self.replay})"
        why = ", ".join(f"{n} {clause}" for clause, n in sorted(self.losses.items()))
        return f"{self.player} won none of {self.games} games ({why})"


def player_games(
    spec: Any, setup: Any, player: str, games: int, seed: int = 0, cap: int = 20_000
) -> PlayerGames:
    """``games`` games of the setup played by ``player``, game ``i`` seeded as the balance
    table seeds it (``solver.balance.game_seed``), so a win replays with ``rulings play``."""
    from solver.balance import game_seed, policy_for

    wins, losses, replay = 0, Counter[str](), None
    for index in range(games):
        game_no = game_seed(seed, setup.label, index)
        new = spec.new_game(spec.ruleset(), game_no, dict(setup.options))
        policy = policy_for(spec, player, new.game, game_no)
        _, ending = play_out(new.game, new.state, random.Random(game_no), policy, None, cap)
        if ending.result == "win":
            wins += 1
            if replay is None:
                bot = "--random" if policy is None else f"--bot {player}"
                parts = ("rulings play", spec.name, setup.play_arguments, bot)
                replay = " ".join(p for p in parts if p) + f" --seed {game_no}"
        else:
            losses[ending.clause or ending.result] += 1
    return PlayerGames(player, games, wins, dict(losses), replay)


def check_playouts(
    game: Any, start: Any, playouts: int, cap: int, seed: int
) -> tuple[bool, bool, int, list[str]]:
    """Random playouts from ``start`` (:func:`~engine.core.playout.play_out`, uniform policy,
    ``Random(f"{seed}:{n}")`` for playout ``n``): (playable, terminates, longest, problems)."""
    playable, terminates, longest, problems = True, True, 0, []
    for n in range(playouts):
        state, ending = play_out(game, start, random.Random(f"{seed}:{n}"), max_decisions=cap)
        if ending.result == "stuck":
            playable = False
            node = game.node(state)
            problems.append(
                f"playout {n}: nothing to act on after {ending.decisions} steps ({node!r})"
            )
        elif ending.result == "cap":
            terminates = False
            problems.append(f"playout {n}: not over after {cap} decisions")
        longest = max(longest, ending.decisions)
    return playable, terminates, longest, problems


def validate(
    spec: Any,
    setup: Any,
    playouts: int,
    seed: int = 0,
    cap: int = 5000,
    player: str | None = None,
    games: int = 0,
) -> Validation:
    """The validators on one of a registered game's set-ups (``GameSpec.validation_setups``):
    the game set up by ``GameSpec.new_game`` with the default readings and ``seed``, its random
    playouts, its win search when the set-up names one (``max_states`` 0 skips it), and
    ``games`` games of ``player`` when one is named (:func:`player_games`)."""
    from engine.core.registry import load_reference

    new = spec.new_game(spec.ruleset(), seed, dict(setup.options))
    playable, terminates, longest, problems = check_playouts(
        new.game, new.state, playouts, cap, seed
    )
    win = None
    if setup.win_search and setup.max_states:
        win = load_reference(setup.win_search)(new.game, new.state, setup.max_states, None)
    played = player_games(spec, setup, player, games, seed) if player and games else None
    return Validation(
        spec.name, setup.label, playouts, playable, terminates, longest, win, problems, played
    )


def find_win(
    game: Any, start: Any, score: Score, beam: int = 24, max_states: int = 200_000
) -> WinSearch:
    """The lucky beam search with every choice tried (``solver.lucky.beam_search``); states
    are merged by their stable key, so it works on any game whose states serialize."""
    return beam_search(game, start, score, beam, max_states, key=stable_key)


# -- the games ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Weights:
    """How one Falling Skies progress score weighs its terms (see :class:`FallingSkiesLuck`)."""

    research: float = 100
    """Per research point climbed (the track's requirements passed, summed)."""
    excavator: float = 60
    """Per space the excavator has dug, up to ``dig_to``."""
    dig_to: int = 24
    energy: float = 40
    damage: float = 600
    danger: float = 30
    """Per row a ship in the sky stands below ``safe_row``."""
    safe_row: int = 9
    clock: float = 300
    """Per round left before the mothership reaches the skull."""


FS_ATTEMPTS: tuple[tuple[str, Weights, int], ...] = (
    ("guarded", Weights(), 40),
    ("reckless", Weights(damage=150, danger=10), 40),
    ("hoarding", Weights(energy=150), 40),
    ("guarded", Weights(), 80),
)
"""The (score, beam width) pairs the Falling Skies portfolio tries, in order. Measured on
``pnp-easy`` from setup: the first finds a win after 70,001 states. The same score with a beam
of 24, 32, 48 or 64 found none within 150,000 states, nor did some fifty runs with other
weights (energy, damage, danger, clock) at widths 24 to 64: the search is sensitive to its
score and width, the later attempts are guesses, and a miss means little."""

LUCKY_FACES = (1, 6)
"""The faces a lucky roll may show: a 6 gives any room its highest value and digs as far as a
die can; a 1 on a first-row AA gun holds the column's ships where they are
(``fs.ships.aa-gun``). Narrowed so, a roll of 3 grey and 2 white dice has 12 outcomes
instead of 1,176. A win that needs another face is missed."""


class FallingSkiesLuck:
    """The lucky search's knowledge of Under Falling Skies: rolls narrowed to :data:`LUCKY_FACES`,
    a progress score, and the engine's sound bound as pruning.

    The score reads the state as the room phase would leave it: energy rooms whose dice are in
    place produce first, then research rooms climb the track, best value first, while energy
    lasts (``fs.cost.pay``), then a digging die moves the excavator (``fs.excavating.move``).
    Research points climbed, the excavator's progress and energy count for the city; damage,
    ships low in the sky (they hit the city when they pass the last row, ``fs.damage.hit``) and
    rounds lost to the mothership count against it.
    """

    def __init__(self, game: Any, faces: Sequence[int] = LUCKY_FACES) -> None:
        from engine.falling_skies.dice_phase.placement import excavated
        from engine.falling_skies.robots import BuildRobot, powers
        from engine.falling_skies.room_phase.effects import EFFECTS, climb

        self._build_robot, self._powers = BuildRobot, powers
        self.game, self.board, self.faces = game, game.board, frozenset(faces)
        self._excavated, self._climb = excavated, climb
        rooms = self.board.rooms.values()
        self.research = tuple(r for r in rooms if r.kind == "research")
        self.energy = tuple(r for r in rooms if "energy" in EFFECTS.get(r.kind, ()))
        track = self.board.scenario.research
        self.points = tuple(sum(track[:step]) for step in range(len(track) + 1))

    def last_round(self, state: Any) -> int:
        """The last round whose room phase can still come (the research outlook's skull count;
        a scenario's mothership track ends on a skull, ``scenario_checks``)."""
        return self.game.outlook.last_round(state)

    def hopeless(self, state: Any) -> bool:
        """Research cannot reach the top before the skull
        (``FallingSkiesGame.earliest_win_round``)."""
        return self.game.earliest_win_round(state) is None

    def outcomes(self, state: Any, node: Node) -> Sequence[Any]:
        """Every decision; of a roll or reroll, only the outcomes showing :data:`LUCKY_FACES`."""
        if isinstance(node, ChanceNode):
            return [o for o, _ in node.outcomes if all(v in self.faces for v, _ in o.values)]
        return [d for d in choices(node) if not self._idle_robot(d)]

    def _idle_robot(self, decision: Any) -> bool:
        """A new robot installed where it can never work (an AA gun, a tunnel, a space of no
        room: ``fs.room-effects.robot.aa-gun``): the search leaves such installs out."""
        if not isinstance(decision, self._build_robot) or decision.space is None:
            return False
        room = self.board.room_at.get(decision.space)
        return room is None or not self._powers(room)

    def _room_value(self, state: Any, room: Any) -> int | None:
        """The room's value if every space holds a die or a ready robot (which works it like a
        die, ``fs.room-effects.robot.power``) and all are excavated; else ``None``."""
        on = [d.value for d in state.placed if (d.row, d.column) in room.spaces]
        on += [r.value for r in getattr(state, "robots", ()) if (r.row, r.column) in room.spaces]
        if len(on) < len(room.spaces):
            return None
        if not all(self._excavated(self.board, state, space) for space in room.spaces):
            return None
        return sum(on) + room.modifier

    def score(self, state: Any, w: Weights) -> float:
        """The progress score under weights ``w`` (see the class docstring)."""
        top = self.board.scenario.energy_max
        energy = state.energy
        for room in self.energy:
            value = self._room_value(state, room)
            if value is not None:
                energy = min(top, energy + max(value, 0))
        step = state.research
        values = [(self._room_value(state, room), room) for room in self.research]
        ready = sorted(((v, r) for v, r in values if v is not None), key=lambda vr: -vr[0])
        for value, room in ready:
            reached = self._climb(self.game.ruleset, self.board.scenario.research, step, value)
            if reached > step and energy >= room.cost:
                energy, step = energy - room.cost, reached
        dug = state.excavator
        for die in state.placed:
            index = self.board.path_index.get((die.row, die.column), -1)
            if index > dug and energy >= 1:
                dug, energy = index, energy - 1
        danger = sum(max(0, s.row - w.safe_row) for s in state.ships if s.row is not None)
        return (
            w.research * self.points[step]
            + w.excavator * min(dug, w.dig_to)
            + w.energy * energy
            - w.damage * state.damage
            - w.danger * danger
            + w.clock * (self.last_round(state) - state.round)
        )

    def attempts(self) -> list[tuple[str, Score, int]]:
        """The portfolio's named scores and beam widths (:data:`FS_ATTEMPTS`)."""
        return [(name, lambda s, w=w: self.score(s, w), beam) for name, w, beam in FS_ATTEMPTS]


def falling_skies_win(
    game: Any, start: Any, max_states: int = 300_000, seconds: float | None = None
) -> WinSearch:
    """The lucky search for a winning playout of a Falling Skies game from ``start``: the
    portfolio of :data:`FS_ATTEMPTS`, rolls narrowed to :data:`LUCKY_FACES`, hopeless states
    pruned, within ``max_states`` states and ``seconds`` in all."""
    luck = FallingSkiesLuck(game)
    return portfolio(
        game, start, luck.attempts(), max_states, seconds, luck.outcomes, luck.hopeless
    )


def validate_falling_skies(
    scenario: Any = None,
    ruleset: Any = None,
    playouts: int = 50,
    cap: int = 5000,
    seed: int = 0,
    max_states: int = 300_000,
    seconds: float | None = None,
) -> Validation:
    """The validators on a Falling Skies scenario (the shipped default when ``None``); the win
    search is skipped when ``max_states`` is 0."""
    from engine.falling_skies.game import FallingSkiesGame
    from engine.falling_skies.ruleset import DEFAULT
    from engine.falling_skies.scenario import default_scenario

    scenario = scenario or default_scenario()
    game = FallingSkiesGame(scenario, ruleset or DEFAULT)
    start = game.initial_state()
    playable, terminates, longest, problems = check_playouts(game, start, playouts, cap, seed)
    win = falling_skies_win(game, start, max_states, seconds) if max_states else None
    return Validation(
        "falling-skies", scenario.name, playouts, playable, terminates, longest, win, problems
    )


unknown_score = score
"""Progress in Unknown, the lucky search's ranking: the game's own progress score
(:func:`engine.unknown.progress.score`)."""


def unknown_start(mission: str, difficulty: str, players: int, seed: int) -> tuple[Any, Any]:
    """An Unknown game and its start, set up by the Setup section (``standard_setup``)."""
    from engine.unknown.game import UnknownGame
    from engine.unknown.setup import standard_setup

    start = standard_setup(mission, difficulty=difficulty, seed=seed, players=players)
    return UnknownGame(), start


def unknown_win_search(
    game: Any, start: Any, max_states: int = 20_000, seconds: float | None = None, beam: int = 16
) -> WinSearch:
    """The lucky search for a winning playout of an Unknown game from ``start``: every decision
    and every chance outcome (tile drawn, die rolled) is a choice, ranked by
    :func:`unknown_score`, repeated states merged."""
    found = beam_search(game, start, unknown_score, beam, max_states, seconds)
    found.limit = f"{max_states:,} states" + ("" if seconds is None else f", {seconds:g} s")
    return found


def unknown_win(
    mission: str,
    difficulty: str,
    players: int = 1,
    seed: int = 0,
    beam: int = 16,
    max_states: int = 20_000,
    seconds: float | None = None,
) -> tuple[Any, Any, WinSearch]:
    """The lucky search for a winning playout of an Unknown setup (``standard_setup``): every
    decision and every chance outcome (tile drawn, die rolled) is a choice, ranked by
    :func:`unknown_score`, repeated states merged. Returns the game, the start and the result."""
    game, start = unknown_start(mission, difficulty, players, seed)
    return game, start, unknown_win_search(game, start, max_states, seconds, beam)


def validate_unknown(
    mission: str,
    difficulty: str,
    players: int = 1,
    playouts: int = 10,
    cap: int = 5000,
    seed: int = 0,
    beam: int = 16,
    max_states: int = 20_000,
    seconds: float | None = None,
) -> Validation:
    """The validators on an Unknown mission set up by the rulebook's Setup section; the win
    search is skipped when ``max_states`` is 0."""
    game, start = unknown_start(mission, difficulty, players, seed)
    playable, terminates, longest, problems = check_playouts(game, start, playouts, cap, seed)
    win = None
    if max_states:
        win = unknown_win(mission, difficulty, players, seed, beam, max_states, seconds)[2]
    setup = f"{mission} ({difficulty}, {players} player{'s' if players > 1 else ''})"
    return Validation("unknown", setup, playouts, playable, terminates, longest, win, problems)
