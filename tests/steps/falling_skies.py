"""Steps for the Under Falling Skies scenarios (``features/falling_skies/``).

A scenario builds a small synthetic board and a mid-round state, then plays decisions through the
core interface only (``FallingSkiesGame.node`` / ``apply``, PRINCIPLES §3):

* ``Given the city:`` — one table row per city row (row 1 nearest the sky), five cells each. A cell
  is ``.`` (a space with no room) or ``<kind>[#id] [+n|-n] [n⚡]``: a room kind of the scenario
  contract (``aa_gun``, ``energy``, ``fighter``, ``research``, ``tunnel``, ``robot``,
  ``energy_fighter``), an optional room id (cells of one row sharing an id are one multi-space
  room), its modifier and its energy cost. A room without an id is called ``r<row>c<column>``.
  Without this step the city is two rows: anti-aircraft guns on row 1, tunnels on row 2.
* ``Given the sky:`` — one table row per sky row from the top, five cells each: ``.`` (no icon),
  ``L``/``R`` (arrows), ``M`` (mothership icon) or ``X<n>`` (explosion), then any ships standing
  there as ``@<id>`` (ids beginning with ``w`` are white ships, all others purple). Without this
  step the sky is eight empty rows.
* The excavator's path snakes through the city: row 1 left to right, row 2 right to left, and so
  on. Without a ``Given the excavator is on ...`` it has excavated the whole city.
* Spaces are written ``r<row>c<column>``; dice ``grey 3`` / ``white 5``; lists use ``, `` and
  `` and ``.

Two kinds of ``When``: "the player places ..." must be accepted (a refusal fails the scenario at
once); "the player tries to place ..." records the engine's answer for a later ``Then the
decision is refused citing <clause>``, which also checks that the state did not change.

The engine modules are imported inside the steps, so the other games' tests still collect while
the Falling Skies engine is being built.
"""

from __future__ import annotations

import importlib
import re
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

import pytest
from pytest_bdd import given, parsers, then, when

from engine.core.errors import IllegalDecision
from engine.core.game import ChanceNode, Event, PlayerNode, TerminalNode
from engine.falling_skies.scenario import ROOM_KINDS
from tests.steps.capture import forced_readings
from tests.steps.strict import Script, check_used, drive, unscripted

SPACE = re.compile(r"^r(\d+)c(\d+)$")
DIE = re.compile(r"^(grey|white) (\d+)$")
LIST_SEPARATOR = re.compile(r",\s+|\s+and\s+")
KINDS = ROOM_KINDS
COLUMNS = 5

Space = tuple[int, int]


def _re(pattern: str) -> parsers.re:
    """A full-match step pattern; ``{space}``, ``{die}``, ``{n}``, ``{clause}`` expanded.

    ``{clause}`` is one clause ID: a step names the single clause responsible, never "A or B"
    (such a step matches no definition)."""
    pattern = pattern.replace("{space}", r"(?P<at>r\d+c\d+)")
    pattern = pattern.replace("{die}", r"(?P<which>(?:grey|white) \d+)")
    pattern = pattern.replace("{n}", r"(?P<n>\d+)")
    pattern = pattern.replace("{ship}", r"(?P<ship>[a-z]\w*)")
    pattern = pattern.replace("{clause}", r"(?P<clause>fs\.[\w.\-]+)")
    return parsers.re(pattern)


def fs_module(name: str) -> Any:
    """``engine.falling_skies.<name>``, imported when a step first needs it."""
    return importlib.import_module(f"engine.falling_skies.{name}")


def decision(name: str) -> type:
    """A decision class of the Falling Skies engine (``PlaceDie``, ``ResolveRoom``, ...), which
    the game module exports (shared contract)."""
    return getattr(fs_module("game"), name)


def space(text: str) -> Space:
    match = SPACE.match(text.strip())
    assert match, f"{text!r} is not a space (r<row>c<column>)"
    return int(match.group(1)), int(match.group(2))


def space_text(at: Space) -> str:
    return f"r{at[0]}c{at[1]}"


def die(text: str) -> tuple[int, bool]:
    """``grey 3`` -> (3, False); ``white 5`` -> (5, True)."""
    match = DIE.match(text.strip())
    assert match, f"{text!r} is not a die (grey <n> or white <n>)"
    return int(match.group(2)), match.group(1) == "white"


def die_text(value: int, white: bool) -> str:
    return f"{'white' if white else 'grey'} {value}"


def split(text: str) -> list[str]:
    return [part for part in LIST_SEPARATOR.split(text.strip()) if part]


def snake(rows: int, columns: int = COLUMNS) -> list[Space]:
    """Row 1 left to right, row 2 right to left, and so on."""
    path: list[Space] = []
    for row in range(1, rows + 1):
        cols = range(1, columns + 1) if row % 2 else range(columns, 0, -1)
        path.extend((row, col) for col in cols)
    return path


# --- the scenario's board and state ----------------------------------------------------------


@dataclass
class RoomSpec:
    id: str
    kind: str
    spaces: list[Space]
    modifier: int = 0
    cost: int = 0


@dataclass
class ShipSpec:
    id: str
    color: str
    column: int | None
    row: int | None


@dataclass
class Board:
    """What the Givens set; turned into a ``Scenario`` and an ``FSState`` on first use."""

    city_rows: int = 2
    rooms: list[RoomSpec] = field(default_factory=list)
    city_given: bool = False
    excavator: Space | None = None
    excavator_start: Space | None = None
    sky: list[list[str]] = field(default_factory=lambda: [[""] * COLUMNS for _ in range(8)])
    ships: list[ShipSpec] = field(default_factory=list)
    mothership_row: int = 1
    mothership: dict[int, tuple[str, int]] = field(default_factory=dict)
    mothership_rows: int | None = None
    research_track: tuple[int, ...] = (3, 3, 3)
    research: int = 0
    damage_track: int = 4
    damage: int = 0
    energy_max: int = 7
    energy: int = 2
    purple_ships: int = 5
    white_ships: int = 4
    whites_destroyed: int = 0
    grey_dice: int = 3
    white_dice: int = 2
    phase: str = "dice"
    rolled: list[tuple[int, bool]] = field(default_factory=list)
    placed: list[tuple[int, int, int, bool]] = field(default_factory=list)
    round: int = 1
    pending: tuple = ()
    marks: list[tuple[str, int, int]] = field(default_factory=list)
    robots: list[tuple[int, int, int, str]] = field(default_factory=list)
    """Robots as ``(row, column, face, state)``, the state ``ready``, ``new`` or ``used``."""

    def city(self) -> list[RoomSpec]:
        if self.city_given:
            return self.rooms
        rooms = [RoomSpec(f"r1c{c}", "aa_gun", [(1, c)]) for c in range(1, COLUMNS + 1)]
        rooms += [RoomSpec(f"r2c{c}", "tunnel", [(2, c)]) for c in range(1, COLUMNS + 1)]
        return rooms

    def the_path(self) -> list[Space]:
        return snake(self.city_rows)


@dataclass
class FSWorld:
    """One scenario: the board being built, the readings, and the game once it has started."""

    board: Board = field(default_factory=Board)
    readings: dict[str, str] = field(default_factory=lambda: forced_readings("falling-skies"))
    state: Any = None
    scenario: Any = None
    events: tuple[Event, ...] = ()
    refused: IllegalDecision | None = None
    before: Any = None
    tried: bool = False
    default_board: bool = False
    board_file: dict[str, Any] | None = None
    """The plain data of a board (scenario) file being edited, for the file-check steps."""

    # -- building ------------------------------------------------------------------------------
    def building(self) -> Board:
        assert self.state is None, "a Given after the game has started: move it up"
        return self.board

    @property
    def game(self) -> Any:
        ruleset_module = fs_module("ruleset")
        ruleset = ruleset_module.DEFAULT
        if self.readings:
            if hasattr(ruleset, "with_readings"):
                ruleset = ruleset.with_readings(**self.readings)
            else:
                ruleset = replace(
                    ruleset, **{k.replace("-", "_"): v for k, v in self.readings.items()}
                )
        return fs_module("game").FallingSkiesGame(self.the_scenario(), ruleset)

    def the_scenario(self) -> Any:
        if self.scenario is None:
            if self.default_board:
                self.scenario = fs_module("scenario").default_scenario()
            else:
                self.scenario = build_scenario(self.board)
        return self.scenario

    def now(self) -> Any:
        """The state, built from the board on first use."""
        if self.state is None:
            if self.default_board:
                self.state = self.game.initial_state()
                if self.board.rolled:
                    dice = tuple(fs_module("state").Die(v, w) for v, w in self.board.rolled)
                    self.state = replace(self.state, rolled=dice, pending=())
            else:
                self.state = build_state(self.board, self.the_scenario())
        return self.state

    def path(self) -> list[Space]:
        """The excavator's path as the engine reads it under the readings in force (the
        ``sky-row-3-excavated`` reading may turn rows of the scenario's path around)."""
        board = getattr(self.game, "board", None)
        path = getattr(board, "path", None)
        return list(path if path is not None else self.the_scenario().excavator_path)

    # -- reading the state ------------------------------------------------------------------
    def ship(self, ship_id: str) -> Any:
        found = [s for s in self.now().ships if s.id == ship_id]
        assert found, f"no ship {ship_id} in the game (ships: {[s.id for s in self.now().ships]})"
        return found[0]

    def node(self) -> Any:
        return self.game.node(self.now())

    def die_index(self, text: str) -> int:
        value, white = die(text)
        for i, rolled in enumerate(self.now().rolled):
            if rolled.value == value and rolled.white == white:
                return i
        raise AssertionError(f"no unplaced {text} (unplaced: {self.rolled_text()})")

    def rolled_text(self) -> str:
        return ", ".join(die_text(d.value, d.white) for d in self.now().rolled) or "none"

    # -- deciding -------------------------------------------------------------------------
    def apply(self, chosen: Any, trying: bool = False) -> None:
        """Apply a decision; a refusal fails the scenario unless the step only ``tries``."""
        state = self.now()
        self.before, self.refused, self.tried = state, None, trying
        try:
            step = self.game.apply(state, chosen)
        except IllegalDecision as refusal:
            if not trying:
                waiting = self.waiting_decision(chosen)
                if waiting is not None:
                    raise unscripted(waiting) from refusal
                raise AssertionError(f"{chosen} was refused: {refusal}") from refusal
            self.refused = refusal
            return
        self.state, self.events = step.state, tuple(step.events)

    def waiting_decision(self, chosen: Any) -> Any:
        """The roll, reroll or launch the engine's pending queue asks for, if ``chosen`` is of
        another kind: the scenario skipped it (strictness, ``tests/steps/strict.py``)."""
        state = self.now()
        if not state.pending or state.outcome is not None:
            return None
        node = self.node()
        options = node.legal if isinstance(node, PlayerNode) else ()
        if isinstance(node, ChanceNode):
            options = tuple(outcome for outcome, _ in node.outcomes)
        if any(type(d) is type(chosen) for d in options):
            return None
        return node


def build_scenario(board: Board) -> Any:
    """The synthetic ``Scenario`` the Givens describe (shared contract, ``scenario.py``)."""
    module = fs_module("scenario")
    rooms = tuple(
        module.Room(id=r.id, kind=r.kind, spaces=tuple(r.spaces), modifier=r.modifier, cost=r.cost)
        for r in board.city()
    )
    path = board.the_path()
    start = board.excavator_start or board.excavator
    rows = board.mothership_rows or len(board.sky)
    mothership = tuple(board.mothership.get(row, ("none", 0)) for row in range(1, rows + 1))
    if rows not in board.mothership:
        mothership = (*mothership[:-1], ("skull", 0))
    return module.Scenario(
        name="synthetic",
        columns=COLUMNS,
        city_rows=board.city_rows,
        rooms=rooms,
        excavator_path=tuple(path),
        excavator_start=excavator_index(path, start),
        sky=tuple(tuple(row) for row in board.sky),
        mothership=mothership,
        research=board.research_track,
        damage_track=board.damage_track,
        energy_max=board.energy_max,
        energy_start=min(board.energy, board.energy_max),
        purple_ships=board.purple_ships,
        white_ships=board.white_ships,
        white_start=0,
        grey_dice=board.grey_dice,
        white_dice=board.white_dice,
        assumptions=("a synthetic board built by a Gherkin scenario",),
    )


def excavator_index(path: list[Space], at: Space | None) -> int:
    """The contract's excavator index: the path index of the space the excavator stands on.

    The excavator has dug out its own space and every space before it on the path. ``None``
    means the whole path is excavated: the excavator stands on the path's last space.
    """
    if at is None:
        return len(path) - 1
    return path.index(at)


def build_state(board: Board, scenario: Any) -> Any:
    """The ``FSState`` the Givens describe (shared contract, ``state.py``)."""
    module = fs_module("state")
    path = list(scenario.excavator_path)
    rolled = tuple(module.Die(value=v, white=w) for v, w in board.rolled)
    placed = tuple(
        module.PlacedDie(row=r, column=c, value=v, white=w) for r, c, v, w in board.placed
    )
    ships = tuple(
        module.Ship(id=s.id, color=s.color, column=s.column, row=s.row) for s in board.ships
    )
    return module.FSState(
        scenario=scenario.name,
        round=board.round,
        phase=board.phase,
        rolled=rolled,
        placed=placed,
        ships=ships,
        mothership_row=board.mothership_row,
        excavator=excavator_index(path, board.excavator),
        research=board.research,
        energy=board.energy,
        damage=board.damage,
        whites_destroyed=board.whites_destroyed,
        pending=board.pending,
        outcome=None,
        **({"marks": tuple(board.marks)} if board.marks else {}),
        **({"robots": robots_of(module, board.robots)} if board.robots else {}),
    )


def robots_of(module: Any, robots: list[tuple[int, int, int, str]]) -> tuple[Any, ...]:
    """The state's robots, by space (``state.Robot``)."""
    return tuple(
        module.Robot(row=r, column=c, value=v, new=x == "new", used=x == "used")
        for r, c, v, x in sorted(robots)
    )


@pytest.fixture
def fs() -> FSWorld:
    """The Falling Skies scenario being built and played."""
    return FSWorld()


# --- Given: the board ------------------------------------------------------------------------


def parse_room_cell(cell: str, row: int, column: int) -> tuple[str, str, int, int] | None:
    """(id, kind, modifier, cost) of a city table cell, or None for ``.``."""
    words = cell.split()
    if not words or words[0] == ".":
        return None
    kind, _, room_id = words[0].partition("#")
    assert kind in KINDS, f"unknown room kind {kind!r} in r{row}c{column}"
    modifier = cost = 0
    for word in words[1:]:
        if word.endswith("⚡"):
            cost = int(word[:-1])
        elif re.fullmatch(r"[+-]\d+", word):
            modifier = int(word)
        else:
            raise AssertionError(f"cannot read {word!r} in city cell r{row}c{column}")
    return room_id or f"r{row}c{column}", kind, modifier, cost


@given("the city:")
def given_city(fs: FSWorld, datatable: list[list[str]]) -> None:
    """The rooms of the city, row 1 nearest the sky."""
    board = fs.building()
    rooms: dict[str, RoomSpec] = {}
    for row, cells in enumerate(datatable, start=1):
        assert len(cells) == COLUMNS, f"city row {row} has {len(cells)} cells, not {COLUMNS}"
        for column, cell in enumerate(cells, start=1):
            parsed = parse_room_cell(cell, row, column)
            if parsed is None:
                continue
            room_id, kind, modifier, cost = parsed
            if room_id in rooms:
                rooms[room_id].spaces.append((row, column))
            else:
                rooms[room_id] = RoomSpec(room_id, kind, [(row, column)], modifier, cost)
    board.rooms, board.city_given, board.city_rows = list(rooms.values()), True, len(datatable)


@given("the sky:")
def given_sky(fs: FSWorld, datatable: list[list[str]]) -> None:
    """The sky's icons from the top row down, with the ships standing in it."""
    board = fs.building()
    board.sky = []
    board.ships = [s for s in board.ships if s.column is None]
    for row, cells in enumerate(datatable, start=1):
        assert len(cells) == COLUMNS, f"sky row {row} has {len(cells)} cells, not {COLUMNS}"
        icons = []
        for column, cell in enumerate(cells, start=1):
            words = cell.split()
            icon = ""
            for word in words:
                if word.startswith("@"):
                    ship_id = word[1:]
                    color = "white" if ship_id.startswith("w") else "purple"
                    board.ships.append(ShipSpec(ship_id, color, column, row))
                elif word != ".":
                    assert re.fullmatch(r"L|R|M|X\d+", word), f"unknown sky icon {word!r}"
                    icon = word
            icons.append(icon)
        board.sky.append(icons)


@given(_re(r"ships (?P<ids>[\w, ]+) wait on the mothership"))
@given(_re(r"ship (?P<ids>\w+) waits on the mothership"))
def given_waiting(fs: FSWorld, ids: str) -> None:
    """Ships aboard the mothership, waiting to launch, in the order written."""
    board = fs.building()
    for ship_id in split(ids):
        color = "white" if ship_id.startswith("w") else "purple"
        board.ships.append(ShipSpec(ship_id, color, None, None))


@given("the print-and-play easy board")
def given_default_board(fs: FSWorld) -> None:
    """The shipped default scenario, set up for its first round (the engine's own set-up)."""
    fs.building()
    fs.default_board = True


@given(_re(r"the mothership is on row {n}"))
def given_mothership_row(fs: FSWorld, n: str) -> None:
    fs.building().mothership_row = int(n)


@given(_re(r"the mothership track has (?P<rows>\d+) rows, the last a skull"))
def given_mothership_rows(fs: FSWorld, rows: str) -> None:
    fs.building().mothership_rows = int(rows)


@given(
    _re(
        r"the mothership's row {n} action is "
        r"(?P<action>none|excavator back (?P<a1>\d+)|research back (?P<a2>\d+)"
        r"|add (?P<a3>\d+) white ships?|1 damage|skull)"
    )
)
def given_mothership_action(
    fs: FSWorld, n: str, action: str, a1: str | None, a2: str | None, a3: str | None
) -> None:
    """The action printed beside the mothership's row ``n`` (read as the mothership enters it)."""
    kind = action.split()[0]
    name = {"none": "none", "excavator": "excavator", "research": "research", "add": "white"}
    amount = int(a1 or a2 or a3 or (1 if action == "1 damage" else 0))
    entry = ("damage", 1) if action == "1 damage" else (name.get(kind, kind), amount)
    fs.building().mothership[int(n)] = entry


@given(_re(r"the research track needs (?P<steps>[\d, and]+)"))
def given_research_track(fs: FSWorld, steps: str) -> None:
    """The requirement of each research step, from the start upward; the last step wins."""
    fs.building().research_track = tuple(int(x) for x in split(steps))


@given(_re(r"the research marker has climbed {n} steps?"))
def given_research(fs: FSWorld, n: str) -> None:
    fs.building().research = int(n)


@given(_re(r"the energy is {n}(?: of at most (?P<top>\d+))?"))
def given_energy(fs: FSWorld, n: str, top: str | None) -> None:
    board = fs.building()
    board.energy = int(n)
    if top is not None:
        board.energy_max = int(top)


@given(_re(r"the damage track has (?P<spaces>\d+) spaces before the skull"))
def given_damage_track(fs: FSWorld, spaces: str) -> None:
    fs.building().damage_track = int(spaces)


@given(_re(r"the city has taken {n} damage"))
def given_damage(fs: FSWorld, n: str) -> None:
    fs.building().damage = int(n)


@given(_re(r"the white-ship supply is {n}"))
def given_white_supply(fs: FSWorld, n: str) -> None:
    fs.building().white_ships = int(n)


@given(_re(r"{n} white ships? (?:has|have) been shot down"))
def given_whites_destroyed(fs: FSWorld, n: str) -> None:
    fs.building().whites_destroyed = int(n)


@given(_re(r"the dice are (?P<grey>\d+) grey and (?P<white>\d+) white"))
def given_dice_count(fs: FSWorld, grey: str, white: str) -> None:
    board = fs.building()
    board.grey_dice, board.white_dice = int(grey), int(white)


@given(_re(r"the excavator is on {space}(?: and started on (?P<start>r\d+c\d+))?"))
def given_excavator(fs: FSWorld, at: str, start: str | None) -> None:
    """Where the excavator stands (it has dug out that space and those before it on the path)."""
    board = fs.building()
    board.excavator = space(at)
    board.excavator_start = space(start) if start else None


@given(_re(r"the round is {n}"))
def given_round(fs: FSWorld, n: str) -> None:
    fs.building().round = int(n)


@given(_re(r"ship {ship} was marked by an explosion (?P<number>\d+) last round"))
def given_mark(fs: FSWorld, ship: str, number: str) -> None:
    """The ship stopped on an explosion icon in the previous round's dice phase (the mark the
    ``next-round`` reading of ``fighter-timing`` keeps)."""
    board = fs.building()
    board.marks.append((ship, int(number), board.round - 1))


@given(_re(r'the rules read "(?P<switch>[\w\-]+)" as "(?P<reading>[\w\-]+)"'))
def given_reading(fs: FSWorld, switch: str, reading: str) -> None:
    """Set one interpretation switch (``engine/falling_skies/data/interpretations.yaml``)."""
    fs.building()
    fs.readings[switch] = reading


# --- Given: the round in progress ------------------------------------------------------------


def dice_list(text: str) -> list[tuple[int, bool]]:
    return [die(part) for part in split(text)]


@given(_re(r"the dice phase with the roll (?P<dice>.+)"))
def given_dice_phase(fs: FSWorld, dice: str) -> None:
    """The dice phase is under way; these dice are rolled and not yet placed."""
    board = fs.building()
    board.phase, board.rolled = "dice", dice_list(dice)


@given("the dice phase is about to roll")
def given_dice_phase_start(fs: FSWorld) -> None:
    """A dice phase begins: nothing is rolled or placed yet."""
    board = fs.building()
    board.phase, board.rolled, board.placed = "dice", [], []
    board.pending = (("roll",),)


@given(_re(r"an? {die} (?:is|was) placed on {space}"))
def given_placed(fs: FSWorld, which: str, at: str) -> None:
    value, white = die(which)
    row, column = space(at)
    fs.building().placed.append((row, column, value, white))


@given("the room phase")
def given_room_phase(fs: FSWorld) -> None:
    """Every die is placed; the rooms are about to be resolved."""
    board = fs.building()
    board.phase, board.rolled = "room", []


# --- When ------------------------------------------------------------------------------------


@when(_re(r"the player (?P<tries>tries to place|places) the {die} on {space}"))
def when_place(fs: FSWorld, tries: str, which: str, at: str) -> None:
    row, column = space(at)
    chosen = decision("PlaceDie")(die=fs.die_index(which), row=row, column=column)
    fs.apply(chosen, trying=tries.startswith("tries"))


@when(_re(r"the unplaced dice come up (?P<dice>.+)"))
@when(_re(r"the dice come up (?P<dice>.+)"))
def when_roll(fs: FSWorld, dice: str) -> None:
    """The chance node rolls exactly these values (as a multiset of dice)."""
    node = fs.node()
    assert isinstance(node, ChanceNode), f"no roll is due: {node}"
    wanted = Counter(dice_list(dice))
    for outcome, _ in node.outcomes:
        if Counter(tuple(v) for v in outcome.values) == wanted:
            fs.apply(outcome)
            return
    raise AssertionError(f"the roll cannot come up {dice}")


@when(_re(r"the dice are said to come up (?P<dice>.+)"))
def when_roll_said(fs: FSWorld, dice: str) -> None:
    """A roll told to the engine from outside (as ``rulings resolve`` takes a typed roll), not one
    of the chance node's outcomes: the engine checks it against the dice due, and its answer is
    kept for ``Then the decision is refused citing ...``."""
    node = fs.node()
    assert isinstance(node, ChanceNode), f"no roll is due: {node}"
    roll = fs_module("dice_phase.roll").Roll(tuple(dice_list(dice)))
    fs.apply(roll, trying=True)


@when(_re(r"the player (?P<tries>tries to resolve|resolves) room (?P<room>[\w\-]+)"))
def when_resolve(fs: FSWorld, tries: str, room: str) -> None:
    fs.apply(decision("ResolveRoom")(room=room), trying=tries.startswith("tries"))


@when(_re(r"the player (?P<tries>tries to skip|skips) room (?P<room>[\w\-]+)"))
def when_skip(fs: FSWorld, tries: str, room: str) -> None:
    fs.apply(decision("SkipRoom")(room=room), trying=tries.startswith("tries"))


@when(_re(r"the player (?P<tries>tries to move|moves) the excavator"))
def when_excavate(fs: FSWorld, tries: str) -> None:
    fs.apply(decision("MoveExcavator")(), trying=tries.startswith("tries"))


@when(_re(r"the player (?P<tries>tries to end|ends) the room phase"))
def when_end_rooms(fs: FSWorld, tries: str) -> None:
    fs.apply(decision("EndRoomPhase")(), trying=tries.startswith("tries"))


@when(_re(r"the player (?P<tries>tries to launch|launches) into column {n}"))
def when_launch(fs: FSWorld, tries: str, n: str) -> None:
    fs.apply(decision("LaunchColumn")(column=int(n)), trying=tries.startswith("tries"))


def asks_launch(node: Any) -> bool:
    """Whether the engine asks the player for a launch column (``fs.launch.player-choice``)."""
    return isinstance(node, PlayerNode) and any(
        type(d).__name__ == "LaunchColumn" for d in node.legal
    )


@when(_re(r"the player launches into columns (?P<cols>[\d, and]+)"))
def when_launch_many(fs: FSWorld, script: Script, cols: str) -> None:
    """Answer the launch questions in turn from the scripted columns, one each time it asks.

    Strict: a launch question with no column left fails (unscripted), and so does a column
    left over once the engine stops asking (never asked for).
    """
    for column in split(cols):
        script.push(f"a launch into column {column}", decision("LaunchColumn")(column=int(column)))
    drive(fs.node, fs.apply, asks_launch, script)
    check_used(script, fs.node())


# --- Then: decisions -------------------------------------------------------------------------


@then(_re(r"the decision is refused citing {clause}"))
def then_refused(fs: FSWorld, clause: str) -> None:
    """The last ``tries`` was refused for this clause, and nothing changed."""
    assert fs.tried, "the scenario did not try a decision"
    assert fs.refused is not None, "the decision was accepted"
    assert fs.refused.clause == clause, (
        f"refused citing {fs.refused.clause}, not {clause}: {fs.refused}"
    )
    assert fs.now() == fs.before, "a refused decision changed the state"


@then(_re(r"the {die} may go exactly on: (?P<spaces>.+)"))
def then_place_set(fs: FSWorld, which: str, spaces: str) -> None:
    """Every space the rules let this die be placed on now."""
    node = fs.node()
    assert isinstance(node, PlayerNode), f"no placement is asked for: {node}"
    index = fs.die_index(which)
    legal = {
        (d.row, d.column) for d in node.legal if type(d).__name__ == "PlaceDie" and d.die == index
    }
    expected = set() if spaces == "nowhere" else {space(s) for s in split(spaces)}
    assert legal == expected, (
        f"{which} may go on {sorted(map(space_text, legal))}, "
        f"expected {sorted(map(space_text, expected))}"
    )


@then(_re(r"on the unexcavated path the {die} may go exactly on: (?P<spaces>.+)"))
def then_place_set_unexcavated(fs: FSWorld, which: str, spaces: str) -> None:
    """The legal placements of this die among the spaces ahead of the excavator."""
    node = fs.node()
    assert isinstance(node, PlayerNode), f"no placement is asked for: {node}"
    index = fs.die_index(which)
    ahead = set(fs.path()[fs.now().excavator + 1 :])
    legal = {
        (d.row, d.column)
        for d in node.legal
        if type(d).__name__ == "PlaceDie" and d.die == index and (d.row, d.column) in ahead
    }
    expected = set() if spaces == "nowhere" else {space(s) for s in split(spaces)}
    assert legal == expected, (
        f"{which} may go ahead of the excavator on {sorted(map(space_text, legal))}, "
        f"expected {sorted(map(space_text, expected))}"
    )


@then("the player places the next die")
def then_next_placement(fs: FSWorld) -> None:
    """The player is asked to place a die, and placing is all that may be decided."""
    node = fs.node()
    assert isinstance(node, PlayerNode), f"the player is not asked to place a die: {node}"
    assert node.legal, "no placement is legal"
    kinds = {type(d).__name__ for d in node.legal}
    assert kinds == {"PlaceDie"}, f"besides placing, the player may: {kinds - {'PlaceDie'}}"


@then(_re(r"the unplaced dice are rolled again: (?P<dice>.+)"))
def then_reroll(fs: FSWorld, script: Script, dice: str) -> None:
    """A roll is due of exactly these dice (``grey``/``white``, values ignored)."""
    script.examine(fs.now())
    node = fs.node()
    assert isinstance(node, ChanceNode), f"no roll is due: {node}"
    colours = [part.split() for part in split(dice)]
    assert all(c in (["grey", "die"], ["white", "die"]) for c in colours), f"read {dice!r}"
    wanted = Counter(c[0] == "white" for c in colours)
    for outcome, _ in node.outcomes:
        got = Counter(bool(w) for _, w in outcome.values)
        assert got == wanted, f"the roll is of {outcome.values}, expected {dice}"
    assert sum(p for _, p in node.outcomes) == 1


@then(_re(r"the roll is of (?P<grey>\d+) grey and (?P<white>\d+) white (?:dice|die)"))
def then_roll_of(fs: FSWorld, script: Script, grey: str, white: str) -> None:
    """A roll is due, of this many grey and white dice."""
    script.examine(fs.now())
    node = fs.node()
    assert isinstance(node, ChanceNode), f"no roll is due: {node}"
    wanted = Counter({False: int(grey), True: int(white)})
    wanted = +wanted
    for outcome, _ in node.outcomes:
        got = Counter(bool(w) for _, w in outcome.values)
        assert got == wanted, f"the roll is of {outcome.values}, expected {grey} grey {white} white"
    assert sum(p for _, p in node.outcomes) == 1


@then("the dice are to be rolled")
def then_roll_due(fs: FSWorld) -> None:
    """A new dice phase opens with its roll (a chance node citing ``fs.dice.roll``)."""
    node = fs.node()
    assert isinstance(node, ChanceNode), f"no roll is due: {node}"
    assert node.clause == "fs.dice.roll", f"the roll due is {node.clause}, not the phase's roll"


@then("no roll is due")
def then_no_roll(fs: FSWorld) -> None:
    assert not isinstance(fs.node(), ChanceNode), "a roll is due"


@then(_re(r"the unplaced dice are (?P<dice>.+)"))
def then_unplaced(fs: FSWorld, dice: str) -> None:
    expected = Counter(dice_list(dice)) if dice != "none" else Counter()
    got = Counter((d.value, d.white) for d in fs.now().rolled)
    assert got == expected, f"unplaced dice: {fs.rolled_text()}, expected {dice}"


@then(_re(r"the player may deal with exactly: (?P<options>.+)"))
def then_room_options(fs: FSWorld, options: str) -> None:
    """The room-phase decisions offered: ``resolve X``, ``skip X``, ``move the excavator``,
    ``end the phase``."""
    node = fs.node()
    assert isinstance(node, PlayerNode), f"the player has nothing to decide: {node}"
    got = set()
    for d in node.legal:
        name = type(d).__name__
        if name == "ResolveRoom":
            got.add(f"resolve {d.room}")
        elif name == "SkipRoom":
            got.add(f"skip {d.room}")
        elif name == "MoveExcavator":
            got.add("move the excavator")
        elif name == "EndRoomPhase":
            got.add("end the phase")
        else:
            got.add(repr(d))
    expected = set(split(options))
    assert got == expected, f"offered {sorted(got)}, expected {sorted(expected)}"


@then(_re(r"the player may (?P<neg>not )?resolve room (?P<room>[\w\-]+)"))
def then_may_resolve(fs: FSWorld, neg: str | None, room: str) -> None:
    node = fs.node()
    assert isinstance(node, PlayerNode), f"the player has nothing to decide: {node}"
    offered = any(type(d).__name__ == "ResolveRoom" and d.room == room for d in node.legal)
    assert offered != bool(neg), f"resolving {room} is {'' if offered else 'not '}offered"


@then(_re(r"the player (?P<neg>may not|may) move the excavator"))
def then_may_excavate(fs: FSWorld, neg: str) -> None:
    node = fs.node()
    assert isinstance(node, PlayerNode), f"the player has nothing to decide: {node}"
    offered = any(type(d).__name__ == "MoveExcavator" for d in node.legal)
    assert offered == (neg == "may"), f"moving the excavator is {'' if offered else 'not '}offered"


@then(_re(r"the player must choose the launch column among: (?P<cols>[\d, and]+)"))
def then_launch_choice(fs: FSWorld, script: Script, cols: str) -> None:
    """The player must pick the launch column among exactly these (``fs.launch.player-choice``)."""
    script.examine(fs.now())
    node = fs.node()
    assert isinstance(node, PlayerNode), f"no launch choice is asked for: {node}"
    got = {d.column for d in node.legal if type(d).__name__ == "LaunchColumn"}
    kinds = {type(d).__name__ for d in node.legal}
    assert kinds == {"LaunchColumn"}, f"besides a column, the player may: {kinds}"
    assert got == {int(c) for c in split(cols)}, f"launch columns offered: {sorted(got)}"


# --- Then: the state -------------------------------------------------------------------------


@then(_re(r"ship {ship} is on (?P<where>r\d+c\d+) of the sky"))
def then_ship_at(fs: FSWorld, ship: str, where: str) -> None:
    s = fs.ship(ship)
    assert (s.row, s.column) == space(where), (
        f"ship {ship} is on row {s.row}, column {s.column}, not {where}"
    )


@then(_re(r"ship {ship} is in column {n}"))
def then_ship_column(fs: FSWorld, ship: str, n: str) -> None:
    s = fs.ship(ship)
    assert s.column == int(n), f"ship {ship} is in column {s.column}, not {n}"


@then(_re(r"ship {ship} waits on the mothership"))
def then_ship_waiting(fs: FSWorld, ship: str) -> None:
    s = fs.ship(ship)
    assert s.column is None and s.row is None, f"ship {ship} is on r{s.row}c{s.column}"


@then(_re(r"ship {ship} is out of the game"))
def then_ship_gone(fs: FSWorld, ship: str) -> None:
    assert all(s.id != ship for s in fs.now().ships), f"ship {ship} is still in the game"


@then(_re(r"(?P<count>\d+|no) (?P<color>white|purple) ships? (?:waits|wait) on the mothership"))
def then_waiting_count(fs: FSWorld, count: str, color: str) -> None:
    waiting = [s for s in fs.now().ships if s.color == color and s.column is None]
    expected = 0 if count == "no" else int(count)
    assert len(waiting) == expected, f"{len(waiting)} {color} ships wait on the mothership"


@then(_re(r"(?P<count>\d+|no) (?P<color>white|purple) ships? (?:is|are) in the sky"))
def then_sky_count(fs: FSWorld, count: str, color: str) -> None:
    flying = [s for s in fs.now().ships if s.color == color and s.column is not None]
    expected = 0 if count == "no" else int(count)
    assert len(flying) == expected, f"{len(flying)} {color} ships are in the sky"


@then(_re(r"the white ships shot down number {n}"))
def then_whites_destroyed(fs: FSWorld, n: str) -> None:
    assert fs.now().whites_destroyed == int(n), f"{fs.now().whites_destroyed} shot down"


@then(_re(r"the mothership is on row {n}"))
def then_mothership_row(fs: FSWorld, n: str) -> None:
    assert fs.now().mothership_row == int(n), f"the mothership is on {fs.now().mothership_row}"


@then(_re(r"the city has taken {n} damage"))
def then_damage(fs: FSWorld, n: str) -> None:
    assert fs.now().damage == int(n), f"the city has taken {fs.now().damage} damage"


@then(_re(r"the energy is {n}"))
def then_energy(fs: FSWorld, n: str) -> None:
    assert fs.now().energy == int(n), f"the energy is {fs.now().energy}"


@then(_re(r"the research marker has climbed {n} steps?"))
def then_research(fs: FSWorld, n: str) -> None:
    assert fs.now().research == int(n), f"research has climbed {fs.now().research} steps"


@then(_re(r"the excavator is on {space}"))
def then_excavator(fs: FSWorld, at: str) -> None:
    path = fs.path()
    expected = excavator_index(path, space(at))
    got = fs.now().excavator
    where = space_text(path[got]) if 0 <= got < len(path) else f"index {got}"
    assert got == expected, f"the excavator is on {where}, not {at}"


@then(_re(r"(?:the )?dice stand on exactly: (?P<spaces>.+)"))
def then_placed(fs: FSWorld, spaces: str) -> None:
    got = {(d.row, d.column) for d in fs.now().placed}
    expected = set() if spaces == "nowhere" else {space(s) for s in split(spaces)}
    assert got == expected, f"dice stand on {sorted(map(space_text, got))}"


@then(_re(r"the phase is the (?P<phase>dice|room|mothership) phase of round {n}"))
def then_phase(fs: FSWorld, phase: str, n: str) -> None:
    state = fs.now()
    assert (state.phase, state.round) == (phase, int(n)), (
        f"it is the {state.phase} phase of round {state.round}"
    )


@then(_re(r"the game is (?P<result>won|lost) citing {clause}"))
def then_over(fs: FSWorld, result: str, clause: str) -> None:
    node = fs.node()
    assert isinstance(node, TerminalNode), f"the game is not over: {node}"
    words = {"won": {"won", "win", "victory"}, "lost": {"lost", "loss", "lose", "defeat"}}
    assert node.outcome in words[result], f"the game ended {node.outcome}"
    assert node.clause == clause, f"the game ended citing {node.clause}, not {clause}"


@then("the game is not over")
def then_not_over(fs: FSWorld) -> None:
    node = fs.node()
    assert not isinstance(node, TerminalNode), f"the game ended: {node}"


@then(_re(r"an event cites {clause}"))
def then_event(fs: FSWorld, clause: str) -> None:
    cited = [e.clause for e in fs.events]
    assert clause in cited, f"events cite {cited}, not {clause}"


# What the last decision's events say: ``rulings resolve`` prints their text, ``--json`` their
# fields, so a wrong explanation is a wrong answer even when the state is right. An event is
# named by its kind (``die_placed``, ``arrow_ignored``, ``robot_worn`` ...).
EVENT_KIND = r"(?P<kind>[a-z]+(?:_[a-z]+)*)"


def events_of(fs: FSWorld, kind: str) -> list[Event]:
    """The last decision's events of this kind; failing when there is none."""
    found = [e for e in fs.events if e.kind == kind]
    assert found, f"no {kind} event (events: {[e.kind for e in fs.events]})"
    return found


def event_value(text: str) -> Any:
    """A field's expected value as written: a whole number, ``true``/``false``, else a word."""
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    return {"true": True, "false": False}.get(text, text)


@then(_re(rf'an? {EVENT_KIND} event says "(?P<words>[^"]+)"'))
def then_event_says(fs: FSWorld, kind: str, words: str) -> None:
    """An event of this kind whose text contains these words."""
    texts = [e.text for e in events_of(fs, kind)]
    assert any(words in text for text in texts), f"the {kind} events say {texts}, not {words!r}"


@then(_re(rf"an? {EVENT_KIND} event reports (?P<fields>\w+ [\w\-]+(?:(?:, | and )\w+ [\w\-]+)*)"))
def then_event_reports(fs: FSWorld, kind: str, fields: str) -> None:
    """An event of this kind whose fields hold these values (``row 2 and column 4``)."""
    expected = {}
    for part in split(fields):
        name, _, value = part.partition(" ")
        expected[name] = event_value(value)
    found = events_of(fs, kind)
    missing = object()
    ok = any(all(e.get(n, missing) == v for n, v in expected.items()) for e in found)
    assert ok, f"the {kind} events report {[dict(e.data) for e in found]}, not {expected}"


@then(_re(rf"no {EVENT_KIND} event is reported"))
def then_no_event(fs: FSWorld, kind: str) -> None:
    found = [e.text for e in fs.events if e.kind == kind]
    assert not found, f"{kind} events were reported: {found}"


@then("the position saves and reads back unchanged")
def then_round_trip(fs: FSWorld) -> None:
    """The state written as a position file (``rulings resolve --out``) reads back as itself:
    nothing in it refers to what the rules have taken out of play."""
    files = fs_module("files")
    ruleset = fs.game.ruleset
    text = files.state_to_text(fs.now(), fs.the_scenario(), ruleset=ruleset)
    back = files.state_from_text(text, "saved", ruleset=ruleset, scenario=fs.the_scenario())
    assert back == fs.now(), f"the position read back differs from the one saved:\n{text}"


@then(_re(r"the ships' icons resolve in the order (?P<ids>[\w, and]+)"))
def then_icon_order(fs: FSWorld, ids: str) -> None:
    """The order in which the ships first appear in events citing an icon clause."""
    icon_clauses = {
        "fs.ships.stop-icon",
        "fs.ships.arrow",
        "fs.ships.mothership-icon",
        "fs.ships.explosion",
        "fs.dice.place.icon",
    }
    order: list[str] = []
    for e in fs.events:
        ship = e.get("ship")
        if e.clause in icon_clauses and ship is not None and ship not in order:
            order.append(ship)
    assert order == split(ids), f"icons resolved for ships in the order {order}"


# --- robots (reading robot-rooms: robots) -----------------------------------------------------


@given(_re(r"an? (?P<state>ready|new|used) robot of {n} stands on {space}"))
def given_robot(fs: FSWorld, state: str, n: str, at: str) -> None:
    """A blue robot die in the city (``fs.room-effects.robot.stay``): ready, new (made this round)
    or used (in this room phase)."""
    row, column = space(at)
    fs.building().robots.append((row, column, int(n), state))


def robot_choice(at: str | None, replaces: str | None = None) -> Any:
    """The decision installing the robot waiting (``fs.room-effects.robot.build``)."""
    where = None if at is None else space(at)
    taken = None if replaces is None else space(replaces)
    return decision("BuildRobot")(space=where, replaces=taken)


@when(
    _re(
        r"the player (?P<tries>tries to install|installs) the new robot on {space}"
        r"(?:, taking off the robot on (?P<off>r\d+c\d+))?"
    )
)
def when_install(fs: FSWorld, tries: str, at: str, off: str | None) -> None:
    fs.apply(robot_choice(at, off), trying=tries.startswith("tries"))


@when(_re(r"the player (?P<tries>tries to leave|leaves) the new robot unbuilt"))
def when_leave_unbuilt(fs: FSWorld, tries: str) -> None:
    fs.apply(robot_choice(None), trying=tries.startswith("tries"))


def robot_options(fs: FSWorld) -> list[Any]:
    """The robot installations the engine offers now (none unless a robot waits)."""
    node = fs.node()
    if not isinstance(node, PlayerNode):
        return []
    return [d for d in node.legal if type(d).__name__ == "BuildRobot"]


@then(_re(r"the new robot may go exactly on: (?P<spaces>.+)"))
def then_robot_spaces(fs: FSWorld, script: Script, spaces: str) -> None:
    """Where the robot waiting may be installed without taking another off (the question the
    engine asks is examined, as a launch question is)."""
    script.examine(fs.now())
    options = robot_options(fs)
    assert options, f"no robot waits to be installed: {fs.node()}"
    got = {d.space for d in options if d.space is not None and d.replaces is None}
    expected = set() if spaces == "nowhere" else {space(s) for s in split(spaces)}
    assert got == expected, (
        f"the robot may go on {sorted(map(space_text, got))}, "
        f"expected {sorted(map(space_text, expected))}"
    )


@then(_re(r"taking off the robot on {space}, the new robot may go exactly on: (?P<spaces>.+)"))
def then_robot_spaces_replacing(fs: FSWorld, script: Script, at: str, spaces: str) -> None:
    """Where the robot waiting may go once the robot on ``at`` is taken off."""
    script.examine(fs.now())
    options = robot_options(fs)
    assert options, f"no robot waits to be installed: {fs.node()}"
    got = {d.space for d in options if d.replaces == space(at)}
    expected = {space(s) for s in split(spaces)}
    assert got == expected, (
        f"the robot may go on {sorted(map(space_text, got))}, "
        f"expected {sorted(map(space_text, expected))}"
    )


@then(_re(r"the player (?P<neg>may not|may) leave the new robot unbuilt"))
def then_may_leave_unbuilt(fs: FSWorld, script: Script, neg: str) -> None:
    script.examine(fs.now())
    options = robot_options(fs)
    assert options, f"no robot waits to be installed: {fs.node()}"
    offered = any(d.space is None for d in options)
    assert offered == (neg == "may"), f"leaving it unbuilt is {'' if offered else 'not '}offered"


@then("no robot waits to be installed")
def then_no_robot_waiting(fs: FSWorld) -> None:
    assert not robot_options(fs), "a robot waits to be installed"


@then(_re(r"an? (?P<state>ready|new|used) robot of {n} stands on {space}"))
def then_robot(fs: FSWorld, state: str, n: str, at: str) -> None:
    robot = fs.now().robot_at(*space(at))
    assert robot is not None, f"no robot stands on {at} (robots: {robots_text(fs)})"
    got = ("new" if robot.new else "used" if robot.used else "ready", robot.value)
    assert got == (state, int(n)), f"the robot on {at} is {got[0]} and shows {got[1]}"


@then(_re(r"robots stand on exactly: (?P<spaces>.+)"))
def then_robots_on(fs: FSWorld, spaces: str) -> None:
    got = {(r.row, r.column) for r in fs.now().robots}
    expected = set() if spaces == "nowhere" else {space(s) for s in split(spaces)}
    assert got == expected, f"robots stand on {robots_text(fs)}"


def robots_text(fs: FSWorld) -> str:
    return ", ".join(space_text((r.row, r.column)) for r in fs.now().robots) or "nowhere"


# --- boards built from the published cards (features/falling_skies/setup.feature) -------------


def _cards_named(cards: str | None) -> list[str]:
    return [] if not cards or cards == "no card" else split(cards)


@given(_re(r"the print-and-play board with (?P<cards>[\w, ]+) flipped"))
def given_flipped_board(fs: FSWorld, cards: str) -> None:
    """The default board with the cards named on their difficult side (``--flip``)."""
    module = fs_module("scenario")
    fs.building()
    fs.scenario = module.flip_scenario(module.default_scenario(), _cards_named(cards))
    fs.default_board = True


@given(_re(r"the boxed first game(?: with (?P<cards>[\w, ]+) flipped)?"))
def given_boxed_first_game(fs: FSWorld, cards: str | None) -> None:
    """The shipped boxed-game first game, with the sky tiles named on side b."""
    module = fs_module("scenario")
    fs.building()
    first = fs_module("spec").scenario_named("boxed-first-game")
    names = _cards_named(cards)
    fs.scenario = module.flip_scenario(first, names) if names else first
    fs.default_board = True


@then(_re(r"the board's level is {n}"))
def then_level(fs: FSWorld, n: str) -> None:
    assert fs.the_scenario().level == int(n), f"the level is {fs.the_scenario().level}"


@then(_re(r"sky row {n} reads (?P<icons>.+)"))
def then_sky_row(fs: FSWorld, n: str, icons: str) -> None:
    expected = tuple("" if icon == "." else icon for icon in icons.split(", "))
    got = fs.the_scenario().sky[int(n) - 1]
    assert got == expected, f"sky row {n} reads {', '.join(i or '.' for i in got)}"


@then(_re(r"mothership-track row {n} is (?P<action>[a-z]+)(?: (?P<amount>\d+))?"))
def then_track_row(fs: FSWorld, n: str, action: str, amount: str | None) -> None:
    track = fs.the_scenario().mothership
    assert int(n) <= len(track), f"the track has {len(track)} rows"
    assert track[int(n) - 1] == (action, int(amount or 0)), f"row {n} is {track[int(n) - 1]}"


@then(_re(r"the mothership track ends on its skull on row {n}"))
def then_track_skull(fs: FSWorld, n: str) -> None:
    track = fs.the_scenario().mothership
    assert (len(track), track[-1][0]) == (int(n), "skull"), f"the track is {track}"


@then(_re(r"the research track reads (?P<steps>[\d, ]+)"))
def then_research_track(fs: FSWorld, steps: str) -> None:
    expected = tuple(int(s) for s in steps.split(", "))
    assert fs.the_scenario().research == expected, f"it reads {fs.the_scenario().research}"


@then(_re(r"the board's damage track has {n} spaces before the skull"))
def then_damage_track(fs: FSWorld, n: str) -> None:
    assert fs.the_scenario().damage_track == int(n), f"it has {fs.the_scenario().damage_track}"


@then(
    _re(
        r"room (?P<room>\w+) is an? (?P<kind>[a-z_]+) room on "
        r"(?P<spaces>r\d+c\d+(?:(?:, | and )r\d+c\d+)*)"
        r"(?: with modifier (?P<modifier>[+-]\d+))?"
    )
)
def then_board_room(fs: FSWorld, room: str, kind: str, spaces: str, modifier: str | None) -> None:
    rooms = {r.id: r for r in fs.the_scenario().rooms}
    assert room in rooms, f"no room {room} (rooms: {', '.join(rooms)})"
    got = rooms[room]
    assert (got.kind, got.spaces) == (kind, tuple(space(s) for s in split(spaces))), got
    assert modifier is None or got.modifier == int(modifier), f"its modifier is {got.modifier}"


@then(_re(r"the excavator starts on {space}"))
def then_excavator_start(fs: FSWorld, at: str) -> None:
    board = fs.the_scenario()
    start = board.excavator_path[board.excavator_start]
    assert start == space(at), f"it starts on {space_text(start)}"


@then(_re(r"the board's dice are (?P<grey>\d+) grey and (?P<white>\d+) white"))
def then_board_dice(fs: FSWorld, grey: str, white: str) -> None:
    board = fs.the_scenario()
    assert (board.grey_dice, board.white_dice) == (int(grey), int(white))


@then(_re(r"the board has (?P<purple>\d+) purple ships and a supply of (?P<white>\d+) white ships"))
def then_board_ships(fs: FSWorld, purple: str, white: str) -> None:
    board = fs.the_scenario()
    assert (board.purple_ships, board.white_ships) == (int(purple), int(white))


@then(_re(r"the energy track runs to {n} from (?P<start>\d+)"))
def then_energy_track(fs: FSWorld, n: str, start: str) -> None:
    board = fs.the_scenario()
    assert (board.energy_max, board.energy_start) == (int(n), int(start))


# --- a board file checked before play (features/falling_skies/setup.feature) -------------------
# The print-and-play easy board's file (pnp-easy.yaml) as plain data, edited one entry at a time,
# then read as a board: either accepted, or refused naming the entry at fault.


def _file(fs: FSWorld) -> dict[str, Any]:
    assert fs.board_file is not None, "no board file: start with the easy board's file"
    return fs.board_file


def _file_room(fs: FSWorld, room: str) -> dict[str, Any]:
    rooms = [r for r in _file(fs)["rooms"] if r["id"] == room]
    assert rooms, f"the board file has no room {room!r}"
    return rooms[0]


@given("the print-and-play easy board's file")
def given_board_file(fs: FSWorld) -> None:
    import yaml

    path = fs_module("scenario").DEFAULT_SCENARIO
    fs.board_file = yaml.safe_load(path.read_text(encoding="utf-8"))


@given(_re(r"in that file room (?P<room>[\w\-]+) covers (?P<spaces>.+)"))
def given_file_room_spaces(fs: FSWorld, room: str, spaces: str) -> None:
    _file_room(fs, room)["spaces"] = [list(space(s)) for s in split(spaces)]


@given(_re(r"in that file room (?P<room>[\w\-]+) costs {n}"))
def given_file_room_cost(fs: FSWorld, room: str, n: str) -> None:
    _file_room(fs, room)["cost"] = int(n)


@given(_re(r"in that file room (?P<room>[\w\-]+) is left out"))
def given_file_room_left_out(fs: FSWorld, room: str) -> None:
    _file(fs)["rooms"].remove(_file_room(fs, room))


@given(_re(r"in that file the energy track runs to {n} from (?P<start>\d+)"))
def given_file_energy(fs: FSWorld, n: str, start: str) -> None:
    _file(fs)["energy"] = {"max": int(n), "start": int(start)}


@given(_re(r"in that file the excavator's path leaves out {space}"))
def given_file_path_short(fs: FSWorld, at: str) -> None:
    path = _file(fs)["excavator"]["path"]
    assert list(space(at)) in path, f"{at} is not on the file's path"
    path.remove(list(space(at)))


@given(_re(r"in that file mothership-track row {n} is (?P<action>[a-z]+) (?P<amount>\d+)"))
def given_file_mothership_row(fs: FSWorld, n: str, action: str, amount: str) -> None:
    _file(fs)["mothership"][int(n) - 1] = [action, int(amount)]


def _read_board_file(fs: FSWorld) -> Exception | None:
    """Read the edited file as a board: None when accepted, else the refusal."""
    from engine.core.errors import PositionError

    checks = fs_module("scenario_checks")
    data, source = _file(fs), "pnp-easy (edited)"
    try:
        checks.check_scenario_schema(data, source)
        checks.check_scenario_data(data, source)
        fs_module("scenario").scenario_from_data(data, source)
    except PositionError as refusal:
        return refusal
    return None


@then(_re(r"the board file is refused at (?P<entry>\S+)"))
def then_board_file_refused(fs: FSWorld, entry: str) -> None:
    refusal = _read_board_file(fs)
    assert refusal is not None, "the board file was accepted"
    assert refusal.entry == entry, f"refused at {refusal.entry}, not {entry}: {refusal}"


@then("the board file is accepted")
def then_board_file_accepted(fs: FSWorld) -> None:
    refusal = _read_board_file(fs)
    assert refusal is None, f"the board file was refused: {refusal}"
