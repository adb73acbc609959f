"""The Under Falling Skies side of the commands: drawing a position, reading decision phrases,
narrating play, and the win-rate sweep.

The commands (``show``, ``resolve``, ``play``, ``sweep``) dispatch here by the position file's
``game`` key or their ``--game``/``GAME`` choice; everything decided about the rules is the
engine's (``FallingSkiesGame.node``/``apply``), this module only reads and writes words.

Decision phrases (case-insensitive)::

    place 2 on 3,4     place the unplaced grey 2 on city row 3, column 4 (6w: a white 6)
    resolve r3c2       resolve a room (paying its energy cost)
    skip r3c2          take a room's dice off unused
    excavate           move the excavator (one energy)
    end rooms          end the room phase
    launch 3           launch the next ship into column 3 (when the priorities tie)
    roll 3,5,6w,1,2    the faces rolled (w: a white die); bare "roll" draws one with --seed
    option N           the N-th option listed as next
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

import click

from engine.core.game import ChanceNode, Event, Node, PlayerNode, TerminalNode, sample_outcome
from engine.falling_skies.board import Board
from engine.falling_skies.dice_phase.placement import excavated
from engine.falling_skies.files import FSPosition, load_position
from engine.falling_skies.game import (
    EndRoomPhase,
    FallingSkiesGame,
    LaunchColumn,
    MoveExcavator,
    PlaceDie,
    ResolveRoom,
    Roll,
    SkipRoom,
)
from engine.falling_skies.ruleset import DEFAULT, Ruleset, interpretation_ledger
from engine.falling_skies.scenario import Scenario
from engine.falling_skies.state import FSState

GAME = "falling-skies"
POSITIONS = "tests/data/positions/falling_skies"

PHRASES = """\
  place V[w] on R,C     place an unplaced die showing V (Vw: a white one)
                        on city row R, column C
  resolve ROOM          resolve a room, paying its cost (e.g. resolve r3c2)
  skip ROOM             take a room's dice off unused
  excavate              move the excavator (costs one energy)
  end rooms             end the room phase
  launch C              launch the next ship into column C (a priority tie)
  roll V,V,Vw,...       the faces rolled (w marks a white die); a bare
                        roll draws at random with --seed
  option N              the N-th option listed as next"""


# -- the ruleset ---------------------------------------------------------------------------------
def fs_ruleset(values: Sequence[str]) -> Ruleset:
    """The Falling Skies ruleset with ``--reading SWITCH=READING`` values applied."""
    chosen: dict[str, str] = {}
    for value in values:
        switch, sep, reading = value.partition("=")
        switch, reading = switch.strip(), reading.strip()
        if not sep or not switch or not reading:
            raise click.BadParameter(
                f"{value!r} is not SWITCH=READING (switches: {', '.join(interpretation_ledger())})",
                param_hint="--reading",
            )
        if switch in chosen:
            raise click.BadParameter(f"switch {switch!r} is given twice", param_hint="--reading")
        chosen[switch] = reading
    try:
        return DEFAULT.with_readings(**chosen)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--reading") from None


def switches_help() -> str:
    """The Falling Skies switches, for --help."""
    return "; ".join(
        f"{switch}: {' | '.join(entry['readings'])} (default {entry['default']})"
        for switch, entry in interpretation_ledger().items()
    )


def open_position(path: str, ruleset: Ruleset) -> tuple[FSPosition, FallingSkiesGame]:
    """A position file's state and scenario, and the engine for them."""
    position = load_position(path, ruleset)
    return position, FallingSkiesGame(position.scenario, ruleset)


# -- drawing a position --------------------------------------------------------------------------
CELL = 7
KIND = {
    "aa_gun": "AA",
    "energy": "NRG",
    "fighter": "FTR",
    "research": "RES",
    "tunnel": "TUN",
    "robot": "ROB",
    "energy_fighter": "N+F",
}


def render(position: FSPosition, title: str, ruleset: Ruleset = DEFAULT) -> str:
    """The sky with its icons and ships over the city's rooms with dice and the excavator,
    then the markers and a legend."""
    state, scenario = position.state, position.scenario
    board = Board.build(scenario, ruleset)
    columns = range(1, scenario.columns + 1)
    axis = "     " + " ".join(f"c{c}".center(CELL) for c in columns)
    rule = "    +" + "+".join("-" * CELL for _ in columns) + "+"
    lines = [f"{title}: {_status(state, scenario, board)}", "", "SKY (mothership track at right)"]
    lines += [axis, rule]
    for row in range(1, board.sky_rows + 1):
        cells = [_sky_cell(board, state, row, c) for c in columns]
        action, amount = board.mothership_action(row)
        track = action if action in ("none", "skull") else f"{action} {amount}"
        here = "  <== MOTHERSHIP" if row == state.mothership_row else ""
        lines.append(f"{row:>3} |" + "|".join(cells) + f"|  {track}{here}")
    lines += [rule, "CITY", rule]
    for row in range(1, scenario.city_rows + 1):
        tops = [_room_cell(board, (row, c)) for c in columns]
        bottoms = [_die_cell(board, state, (row, c)) for c in columns]
        lines.append(f"{row:>3} |" + "|".join(tops) + "|")
        lines.append("    |" + "|".join(bottoms) + "|")
        lines.append(rule)
    lines.append(axis)
    lines += _dice_and_ships(state)
    lines += [
        "",
        "Sky: L/R arrows, M mothership icon, Xn explosion n; ships p1 (purple), w1 (white), "
        "* marked by an explosion.",
        "City: room kind (AA gun, NRG energy, FTR fighter, RES research, TUN tunnel, ROB robot, "
        "N+F energy+fighter), modifier, $ energy cost; [5] a placed die ([5w] white); "
        "EXC the excavator; ~~~ not excavated.",
    ]
    return "\n".join(lines)


def _status(state: FSState, scenario: Scenario, board: Board) -> str:
    phase = f"round {state.round}, {state.phase} phase"
    if state.outcome is not None:
        phase += f", game over: {state.outcome[0]} [{state.outcome[1]}]"
    steps = len(scenario.research)
    need = (
        f", next step needs {scenario.research[state.research]}" if state.research < steps else ""
    )
    return (
        f"scenario {scenario.name}, {phase}\n"
        f"  energy {state.energy}/{scenario.energy_max}   research {state.research}/{steps}{need}"
        f"   damage {state.damage} (hit {board.damage_limit} loses)   mothership row "
        f"{state.mothership_row}   white ships shot down {state.whites_destroyed}"
    )


def _fit(text: str) -> str:
    return text.center(CELL) if len(text) <= CELL else text[: CELL - 1] + "~"


def _sky_cell(board: Board, state: FSState, row: int, column: int) -> str:
    icon = board.icons.get((row, column), "")
    ship = state.ship_at(row, column)
    marked = ship is not None and any(m[0] == ship.id for m in state.marks)
    name = "" if ship is None else ship.id + ("*" if marked else "")
    return _fit(" ".join(part for part in (icon, name) if part))


def _room_cell(board: Board, space: tuple[int, int]) -> str:
    room = board.room_at.get(space)
    if room is None:
        return _fit("")
    text = KIND.get(room.kind, room.kind[:3])
    if room.modifier:
        text += f"{room.modifier:+d}"
    if room.cost:
        text += f"${room.cost}"
    return _fit(text)


def _die_cell(board: Board, state: FSState, space: tuple[int, int]) -> str:
    parts = []
    die = state.die_at(*space)
    if die is not None:
        parts.append(f"[{die.value}{'w' if die.white else ''}]")
    if board.path[state.excavator] == space:
        parts.append("EXC")
    elif not excavated(board, state, space) and space in board.path_index:
        parts.append("~~~")
    return _fit(" ".join(parts))


def _dice_and_ships(state: FSState) -> list[str]:
    shown = ", ".join(f"{d.value}{'w' if d.white else ''}" for d in state.rolled)
    waiting = ", ".join(s.id for s in state.ships if s.waiting)
    pending = "; ".join(" ".join(str(x) for x in step) for step in state.pending)
    return [
        f"Unplaced dice: {shown or 'none'}",
        f"Ships waiting on the mothership: {waiting or 'none'}",
        f"Pending: {pending or 'nothing'}",
    ]


# -- reading a phrase ----------------------------------------------------------------------------
FACE = re.compile(r"^([1-6])(w?)$")
SPACE = re.compile(r"^(\d+),(\d+)$")


@dataclass(frozen=True)
class Reading:
    """What a phrase is read against: the state, the node asking, and a random source."""

    state: FSState
    node: Node
    phrase: str
    rng: Random | None = None

    def fail(self, problem: str) -> click.BadParameter:
        return click.BadParameter(f"{self.phrase!r}: {problem}", param_hint="ACTION")


def words_of(phrase: str) -> list[str]:
    """Lower-case words, with ``3, 4`` read as ``3,4``."""
    text = re.sub(r"\s*,\s*", ",", phrase.lower().replace("[", " ").replace("]", " "))
    return text.split()


def _place(r: Reading, args: list[str]) -> object:
    if len(args) == 3 and args[1] in ("on", "at"):
        args = [args[0], args[2]]
    if len(args) != 2:
        raise r.fail("write it as: place V[w] on R,C (e.g. place 2 on 3,4, place 6w on 1,5)")
    face, space = FACE.match(args[0]), SPACE.match(args[1])
    if face is None:
        raise r.fail(f"{args[0]!r} is not a die face 1-6 (add w for a white die: 6w)")
    if space is None:
        raise r.fail(f"{args[1]!r} is not a city space R,C (row, column)")
    value, white = int(face[1]), face[2] == "w"
    index = next(
        (i for i, d in enumerate(r.state.rolled) if d.value == value and d.white == white), None
    )
    if index is None:
        shown = ", ".join(f"{d.value}{'w' if d.white else ''}" for d in r.state.rolled)
        colour = "white" if white else "grey"
        raise r.fail(f"no unplaced {colour} {value} (unplaced: {shown or 'none'})")
    return PlaceDie(index, int(space[1]), int(space[2]))


def _room(cls: type) -> Callable[[Reading, list[str]], object]:
    def parse(r: Reading, args: list[str]) -> object:
        if len(args) != 1:
            raise r.fail(f"write it as: {cls.__name__[:-4].lower()} ROOM (e.g. r3c2)")
        return cls(args[0])

    return parse


def _excavate(r: Reading, args: list[str]) -> object:
    if args:
        raise r.fail("write it as: excavate")
    return MoveExcavator()


def _end(r: Reading, args: list[str]) -> object:
    if args not in (["rooms"], ["room"], ["room", "phase"]):
        raise r.fail("write it as: end rooms")
    return EndRoomPhase()


def _launch(r: Reading, args: list[str]) -> object:
    if len(args) != 1 or not args[0].isdigit():
        raise r.fail("write it as: launch C (a column number)")
    return LaunchColumn(int(args[0]))


def _roll(r: Reading, args: list[str]) -> object:
    if not args:
        if not isinstance(r.node, ChanceNode):
            raise r.fail("nothing is being rolled now")
        if r.rng is None:
            raise r.fail("say the faces (e.g. roll 3,5,6w,1,2), or give --seed to roll at random")
        return sample_outcome(r.node, r.rng)
    faces = [f for arg in args for f in arg.split(",") if f]
    grey, white = [], []
    for word in faces:
        face = FACE.match(word)
        if face is None:
            raise r.fail(f"{word!r} is not a die face 1-6 (add w for a white die: 6w)")
        (white if face[2] else grey).append(int(face[1]))
    values = tuple((v, False) for v in sorted(grey)) + tuple((v, True) for v in sorted(white))
    return Roll(values)


def _option(r: Reading, args: list[str]) -> object:
    if isinstance(r.node, PlayerNode):
        choices: Sequence[object] = r.node.legal
    elif isinstance(r.node, ChanceNode):
        choices = [outcome for outcome, _ in r.node.outcomes]
    else:
        raise r.fail("nothing is being decided now, so there are no options")
    if len(args) != 1 or not args[0].isdigit() or not 1 <= int(args[0]) <= len(choices):
        raise r.fail(f"give an option number from 1 to {len(choices)}")
    return choices[int(args[0]) - 1]


FORMS: dict[str, Callable[[Reading, list[str]], object]] = {
    "place": _place,
    "resolve": _room(ResolveRoom),
    "skip": _room(SkipRoom),
    "excavate": _excavate,
    "end": _end,
    "launch": _launch,
    "roll": _roll,
    "option": _option,
}


def parse_phrase(reading: Reading) -> object:
    """The decision a phrase names; a usage error (exit 2) if it names none."""
    words = words_of(reading.phrase)
    forms = ", ".join(FORMS)
    if not words:
        raise reading.fail(f"say what to do (phrases start with {forms})")
    parse = FORMS.get(words[0])
    if parse is None:
        raise reading.fail(f"no action starts with {words[0]!r} (phrases start with {forms})")
    return parse(reading, words[1:])


def say(decision: object, state: FSState | None = None) -> str:
    """The phrase for a decision (read back by ``parse_phrase``)."""
    if isinstance(decision, PlaceDie):
        face = "?"
        if state is not None and decision.die < len(state.rolled):
            die = state.rolled[decision.die]
            face = f"{die.value}{'w' if die.white else ''}"
        return f"place {face} on {decision.row},{decision.column}"
    if isinstance(decision, ResolveRoom):
        return f"resolve {decision.room}"
    if isinstance(decision, SkipRoom):
        return f"skip {decision.room}"
    if isinstance(decision, MoveExcavator):
        return "excavate"
    if isinstance(decision, EndRoomPhase):
        return "end rooms"
    if isinstance(decision, LaunchColumn):
        return f"launch {decision.column}"
    if isinstance(decision, Roll):
        return "roll " + ",".join(f"{v}{'w' if w else ''}" for v, w in decision.values)
    return str(decision)


# -- narration -----------------------------------------------------------------------------------
def event_line(event: Event) -> str:
    return f"{event.text} [{event.clause}]"


def node_lines(state: FSState, node: Node) -> list[str]:
    """What the rules ask for next, with numbered options (a roll: how to say one)."""
    if isinstance(node, TerminalNode):
        why = state.outcome[2] if state.outcome else ""
        return [f"next: the game is over: {node.outcome} [{node.clause}]: {why}"]
    if isinstance(node, ChanceNode):
        example = say(node.outcomes[0][0]) if node.outcomes else "roll"
        return [
            f"next: chance [{node.clause}]: {node.prompt} ({len(node.outcomes)} outcomes; say "
            f'e.g. "{example}", or a bare "roll" with --seed)'
        ]
    if isinstance(node, PlayerNode):
        lines = [f"next: {node.player} to decide [{node.clause}]: {node.prompt}"]
        lines += [f"  {n}. {say(d, state)}" for n, d in enumerate(node.legal, 1)]
        if not node.legal:
            lines.append("  (no legal decision)")
        return lines
    return ["next: nothing is pending"]


def node_data(state: FSState, node: Node) -> dict[str, Any]:
    """What the rules ask for next, as JSON-able data."""
    if isinstance(node, TerminalNode):
        why = state.outcome[2] if state.outcome else None
        return {"type": "terminal", "outcome": node.outcome, "clause": node.clause, "why": why}
    if isinstance(node, ChanceNode):
        return {
            "type": "chance",
            "prompt": node.prompt,
            "clause": node.clause,
            "outcomes": len(node.outcomes),
        }
    if isinstance(node, PlayerNode):
        return {
            "type": "player",
            "player": node.player,
            "prompt": node.prompt,
            "clause": node.clause,
            "options": [
                {"n": n, "say": say(d, state), "type": type(d).__name__}
                for n, d in enumerate(node.legal, 1)
            ],
        }
    return {"type": "idle"}


# -- play ----------------------------------------------------------------------------------------
def play_lines(
    game: FallingSkiesGame,
    seed: int,
    echo: Callable[[str], None],
    policy: Callable[[FSState, PlayerNode], object] | None = None,
    cap: int = 100_000,
    progress: Callable[[int, FSState], None] = lambda n, s: None,
) -> tuple[FSState, int]:
    """A seeded game narrated line by line: each decision, then its events.

    Chance is drawn from ``Random(seed)`` with its exact probabilities; player decisions are
    ``policy``'s (e.g. :func:`engine.openspiel.bots.mcts_policy`), or uniform from the same
    ``Random(seed)`` when it is ``None``. Play stops after ``cap`` decisions (chance draws
    included): the returned state then has no outcome. ``progress`` sees the decision count and
    state after each decision.
    """
    state = game.initial_state()
    echo(f"scenario {game.scenario.name}, seed {seed}")
    for line in _setup_events(game):
        echo(line)
    count = 0
    previous = state

    def on_step(decision: object, step: Any) -> None:
        nonlocal count, previous
        count += 1
        echo(f"round {previous.round}, {previous.phase}: {say(decision, previous)}")
        for event in step.events:
            echo(f"  {event_line(event)}")
        previous = step.state
        progress(count, step.state)

    from engine.falling_skies.playout import play_out

    state, _ = play_out(game, Random(seed), state, policy, on_step, cap)
    return state, count


def _setup_events(game: FallingSkiesGame) -> list[str]:
    _, events = game.setup()
    return [f"setup: {event_line(e)}" for e in events]


# -- sweep ---------------------------------------------------------------------------------------
@dataclass
class SweepResult:
    """Counts of a win-rate sweep."""

    playouts: int = 0
    wins: int = 0
    losses: dict[str, int] | None = None
    errors: list[str] | None = None
    seconds: float = 0.0

    def data(self) -> dict[str, Any]:
        return {
            "playouts": self.playouts,
            "wins": self.wins,
            "losses": dict(sorted((self.losses or {}).items())),
            "errors": len(self.errors or []),
            "seconds": round(self.seconds, 2),
            "playouts_per_second": round(self.playouts / self.seconds, 1) if self.seconds else None,
            "win_rate": self.wins / self.playouts if self.playouts else None,
        }

    def lines(self) -> list[str]:
        d = self.data()
        rate = f"{100 * self.wins / self.playouts:.2f}%" if self.playouts else "n/a"
        lines = [
            f"playouts: {self.playouts}",
            f"wins: {self.wins} ({rate})",
            f"losses: {sum(d['losses'].values())}",
        ]
        lines += [f"  {clause}: {n}" for clause, n in d["losses"].items()]
        lines.append(f"engine errors: {d['errors']}")
        lines += [f"  {e}" for e in self.errors or []][:20]
        lines.append(f"time: {self.seconds:.1f} s ({d['playouts_per_second']} playouts/s)")
        return lines


def sweep(
    game: FallingSkiesGame,
    playouts: int,
    seed: int,
    progress: Callable[[int, int], None] = lambda done, total: None,
) -> SweepResult:
    """``playouts`` seeded random playouts (seeds ``seed`` .. ``seed + playouts - 1``)."""
    from engine.falling_skies.playout import random_playout

    result = SweepResult(losses={}, errors=[])
    assert result.losses is not None and result.errors is not None
    started = time.monotonic()
    for n in range(playouts):
        try:
            state = random_playout(game, seed + n)
        except Exception as error:  # an engine bug: counted and listed, the sweep goes on
            result.errors.append(f"seed {seed + n}: {type(error).__name__}: {error}")
        else:
            assert state.outcome is not None
            result_, clause, _ = state.outcome
            if result_ == "win":
                result.wins += 1
            else:
                result.losses[clause] = result.losses.get(clause, 0) + 1
        result.playouts += 1
        progress(n + 1, playouts)
    result.seconds = time.monotonic() - started
    return result
