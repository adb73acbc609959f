"""Under Falling Skies states in position files, so play can resume mid-round (PRINCIPLES §2).

A Falling Skies position file (``game: falling-skies``, the ``falling_skies`` branch of
``engine/schemas/position.schema.json``) names its scenario, a shipped one by name
(``pnp-easy``) or a scenario file by path (relative to the position file's folder), and holds the
moving parts of :class:`~engine.falling_skies.state.FSState`:

.. code-block:: yaml

    game: falling-skies
    scenario: pnp-easy
    round: 3                     # default 1
    phase: room                  # dice (default), room or mothership
    mothership_row: 4            # default 1
    excavator: [3, 4]            # the excavator's space; default the scenario's start
    research: 2                  # steps climbed, default 0
    energy: 3                    # default the scenario's starting energy
    damage: 1                    # default 0
    whites_destroyed: 1          # default 0
    rolled: [{value: 2}, {value: 6, white: true}]
    placed: [{row: 3, column: 2, value: 5}]
    ships: [{id: p1, color: purple, row: 5, column: 2}, {id: w1, color: white}]
    marks: [{ship: p1, number: 2, round: 3}]
    robots: [{row: 2, column: 3, value: 4, new: true}]   # new / used: exhausted
    pending: [[roll]]            # [roll], [reroll], [launch, N], [robot, V]
    outcome: {result: win, clause: fs.end.win, why: ...}

``state_from_data`` checks what the schema cannot (spaces on the board, ships and dice the
scenario has, markers on their tracks, clauses that exist) and raises
:class:`~engine.core.errors.PositionError` naming the entry. ``state_to_data`` writes the
canonical form, defaults left out. ``save_state`` checks that the text reads back as the same
state, then writes it through a temporary file renamed over the target.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core.clauses import clause_index
from engine.core.errors import PositionError, warn
from engine.core.textfiles import write_atomically, yaml_flow
from engine.falling_skies.board import Board
from engine.falling_skies.mothership_phase import MAX_LAUNCHES
from engine.falling_skies.robots import TOP_FACE, makes_robots, playing
from engine.falling_skies.ruleset import DEFAULT, Ruleset
from engine.falling_skies.scenario import DATA, Scenario, flipped_scenario_named, load_scenario
from engine.falling_skies.state import Die, FSState, PlacedDie, Robot, Ship, dice_order
from engine.positions import check_position_data, parse_position_text, read_position_data

GAME = "falling-skies"
SCENARIOS = DATA / "scenarios"
"""The shipped scenarios: a position names one by its file name without ``.yaml``."""

COLORS = ("purple", "white")


@dataclass(frozen=True)
class FSPosition:
    """A loaded position: the state, its scenario, and the scenario file if not a shipped one."""

    state: FSState
    scenario: Scenario
    scenario_file: Path | None = None


# -- the scenario ---------------------------------------------------------------------------------
def shipped_scenarios() -> list[str]:
    """The names of the shipped scenarios."""
    return sorted(p.stem for p in SCENARIOS.glob("*.yaml"))


def is_scenario_path(reference: str) -> bool:
    """Whether a ``scenario`` entry is a file path (has a folder or an extension), not a name."""
    return (
        "/" in reference
        or "\\" in reference
        or Path(reference).suffix.lower()
        in (
            ".yaml",
            ".yml",
            ".json",
        )
    )


def resolve_scenario(
    reference: str, source: str, base: Path | None
) -> tuple[Scenario, Path | None]:
    """The scenario a ``scenario`` entry names, and its file unless it is a shipped one.

    A flipped board's name (``pnp-easy-level-2-sky2-base1``) is composed from the cards
    (``scenario.flipped_scenario_named``). A path is read relative to ``base`` (the position
    file's folder); a problem inside the
    scenario file is reported as that file's own ``PositionError``.
    """
    if not is_scenario_path(reference):
        flipped = flipped_scenario_named(reference, source)
        if flipped is not None:
            return flipped, None
        if reference not in shipped_scenarios():
            raise PositionError(
                source,
                "scenario",
                f"no shipped scenario {reference!r} (shipped: {', '.join(shipped_scenarios())}; "
                "or give a scenario file's path)",
            )
        return load_scenario(SCENARIOS / f"{reference}.yaml"), None
    path = Path(reference)
    if not path.is_absolute() and base is not None:
        path = base / path
    if not path.is_file():
        raise PositionError(source, "scenario", f"no scenario file {str(path)!r}")
    return load_scenario(path), path


# -- reading --------------------------------------------------------------------------------------
def state_from_data(
    data: dict[str, Any],
    source: str,
    ruleset: Ruleset = DEFAULT,
    base: Path | None = None,
    scenario: Scenario | None = None,
) -> FSState:
    """A checked state from schema-valid data; ``PositionError`` names the bad entry."""
    return position_from_data(data, source, ruleset, base, scenario).state


def position_from_data(
    data: dict[str, Any],
    source: str,
    ruleset: Ruleset = DEFAULT,
    base: Path | None = None,
    scenario: Scenario | None = None,
) -> FSPosition:
    """The state with its scenario (``scenario`` given: used instead of the file's entry)."""
    if data.get("game") != GAME:
        raise PositionError(source, "game", f"not a Falling Skies file (game {data.get('game')!r})")
    scenario_file = None
    if scenario is None:
        scenario, scenario_file = resolve_scenario(data["scenario"], source, base)
    board = Board.build(scenario, ruleset)
    check = _Checker(source, board, ruleset)
    outcome = check.outcome(data.get("outcome"))
    phase = data.get("phase", "dice")
    ships = check.ships(data.get("ships") or [])
    whites_destroyed = check.whites(data.get("whites_destroyed", 0), ships)
    rolled = check.rolled(data.get("rolled") or [])
    placed = check.placed(data.get("placed") or [], rolled, phase)
    excavator = check.excavator(data.get("excavator"))
    state = FSState(
        scenario=scenario.name,
        round=data.get("round", 1),
        phase=phase,
        rolled=rolled,
        placed=placed,
        ships=ships,
        mothership_row=check.mothership_row(data.get("mothership_row", 1)),
        excavator=excavator,
        research=check.research(data.get("research", 0), outcome),
        energy=check.energy(data.get("energy", scenario.energy_start)),
        damage=check.damage(data.get("damage", 0), outcome),
        whites_destroyed=whites_destroyed,
        pending=check.pending(data.get("pending") or [], phase),
        outcome=outcome,
        marks=check.marks(data.get("marks") or [], ships),
        robots=check.robots(data.get("robots") or [], placed, excavator),
    )
    _warn_if_stuck(state, source)
    return FSPosition(state, scenario, scenario_file)


def _warn_if_stuck(state: FSState, source: str) -> None:
    """Warn of a dice phase with no die rolled, none placed and nothing pending: no decision
    is asked and no chance is drawn, so play cannot go on. The engine never writes such a
    state (its dice phase starts with the roll pending, ``fs.dice.roll``); a hand-written file
    that names only its scenario is one."""
    idle = not (state.rolled or state.placed or state.pending)
    if state.phase == "dice" and idle and state.outcome is None:
        warn(
            source,
            "pending",
            "not given, and no die is rolled or placed, so the dice phase has no legal "
            "decision and play cannot go on; add 'pending: [[roll]]' to roll the dice first "
            "(fs.dice.roll), or 'rolled: [...]' with the dice to place",
        )


class _Checker:
    """The checks the schema cannot make: each names the entry and the rule or board fact."""

    def __init__(self, source: str, board: Board, ruleset: Ruleset = DEFAULT) -> None:
        self.source = source
        self.board = board
        self.scenario = board.scenario
        self.ruleset = ruleset

    def fail(self, entry: str, problem: str) -> PositionError:
        return PositionError(self.source, entry, problem)

    def outcome(self, outcome: dict[str, str] | None) -> tuple[str, str, str] | None:
        if outcome is None:
            return None
        if outcome["clause"] not in clause_index("falling_skies"):
            raise self.fail("outcome.clause", f"{outcome['clause']!r} is not in the clause index")
        return outcome["result"], outcome["clause"], outcome["why"]

    def ships(self, rows: list[dict[str, Any]]) -> tuple[Ship, ...]:
        """Ships: distinct ids, on sky spaces of the scenario, one per space, within supply."""
        ships: list[Ship] = []
        for i, row in enumerate(rows):
            entry = f"ships[{i}]"
            ship = Ship(row["id"], row["color"], row.get("column"), row.get("row"))
            if any(s.id == ship.id for s in ships):
                raise self.fail(f"{entry}.id", f"{ship.id!r} is listed twice")
            if (ship.row is None) != (ship.column is None):
                raise self.fail(
                    entry, "give both row and column (in the sky), or neither (waiting)"
                )
            if ship.row is not None and ship.column is not None:
                self._sky_space(entry, ship.row, ship.column)
                other = next(
                    (s for s in ships if (s.row, s.column) == (ship.row, ship.column)), None
                )
                if other is not None:
                    raise self.fail(
                        entry, f"{other.id} is already on sky space [{ship.row}, {ship.column}]"
                    )
            ships.append(ship)
        purple = sum(1 for s in ships if s.color == "purple")
        if purple > self.scenario.purple_ships:
            raise self.fail(
                "ships", f"{purple} purple ships; the scenario has {self.scenario.purple_ships}"
            )
        return tuple(ships)

    def _sky_space(self, entry: str, row: int, column: int) -> None:
        if not 1 <= row <= self.board.sky_rows:
            raise self.fail(
                f"{entry}.row", f"sky row {row} is off the sky (rows 1-{self.board.sky_rows})"
            )
        if not 1 <= column <= self.board.columns:
            raise self.fail(
                f"{entry}.column",
                f"column {column} is off the board (columns 1-{self.board.columns})",
            )

    def whites(self, destroyed: int, ships: tuple[Ship, ...]) -> int:
        """White ships in play plus those shot down fit the supply (``fs.white-ships.limited``)."""
        in_play = sum(1 for s in ships if s.color == "white")
        if in_play + destroyed > self.scenario.white_ships:
            raise self.fail(
                "whites_destroyed" if destroyed else "ships",
                f"{in_play} white ship(s) in play and {destroyed} shot down; the supply holds "
                f"{self.scenario.white_ships} (fs.white-ships.limited)",
            )
        return destroyed

    def rolled(self, rows: list[dict[str, Any]]) -> tuple[Die, ...]:
        """Unplaced dice, grey before white and by value (dice of a colour are alike)."""
        dice = tuple(
            sorted((Die(r["value"], bool(r.get("white", False))) for r in rows), key=dice_order)
        )
        self._dice_count("rolled", dice)
        return dice

    def _dice_count(self, entry: str, dice: tuple[Die | PlacedDie, ...]) -> None:
        grey, white = self.board.grey_dice, self.board.white_dice
        whites = sum(1 for d in dice if d.white)
        if whites > white or len(dice) - whites > grey:
            raise self.fail(
                entry,
                f"{len(dice) - whites} grey and {whites} white dice; the game rolls {grey} grey "
                f"and {white} white (fs.dice.roll)",
            )

    def placed(
        self, rows: list[dict[str, Any]], rolled: tuple[Die, ...], phase: str
    ) -> tuple[PlacedDie, ...]:
        """Placed dice: on city spaces, one per column (``fs.dice.one-per-column``)."""
        placed: list[PlacedDie] = []
        for i, row in enumerate(rows):
            entry = f"placed[{i}]"
            die = PlacedDie(row["row"], row["column"], row["value"], bool(row.get("white", False)))
            if not 1 <= die.row <= self.scenario.city_rows:
                raise self.fail(
                    f"{entry}.row",
                    f"city row {die.row} is off the city (rows 1-{self.scenario.city_rows})",
                )
            if not 1 <= die.column <= self.scenario.columns:
                raise self.fail(
                    f"{entry}.column",
                    f"column {die.column} is off the board (columns 1-{self.scenario.columns})",
                )
            clash = next((d for d in placed if d.column == die.column), None)
            if clash is not None:
                raise self.fail(
                    entry,
                    f"column {die.column} already has a die (on row {clash.row}): one die per "
                    "column (fs.dice.one-per-column)",
                )
            placed.append(die)
        if placed and phase == "mothership":
            raise self.fail(
                "placed", "no die stays placed in the mothership phase (fs.rooms.unused-removed)"
            )
        self._dice_count("placed", (*rolled, *placed))
        return tuple(placed)

    def mothership_row(self, row: int) -> int:
        if row > self.board.sky_rows:
            raise self.fail(
                "mothership_row", f"row {row} is past the sky's {self.board.sky_rows} rows"
            )
        return row

    def excavator(self, space: list[int] | None) -> int:
        """The excavator's space, as its index on the path (``fs.excavator.path``)."""
        if space is None:
            return self.board.start
        at = (space[0], space[1])
        if at not in self.board.path_index:
            raise self.fail("excavator", f"[{at[0]}, {at[1]}] is not on the excavator's path")
        return self.board.path_index[at]

    def research(self, steps: int, outcome: tuple[str, str, str] | None) -> int:
        top = len(self.scenario.research)
        if steps > top or (steps == top and (outcome is None or outcome[0] != "win")):
            raise self.fail(
                "research",
                f"{steps} steps: the track has {top}, and reaching the top wins (fs.end.win)",
            )
        return steps

    def energy(self, energy: int) -> int:
        if energy > self.scenario.energy_max:
            raise self.fail(
                "energy", f"{energy} is above the track's top, {self.scenario.energy_max}"
            )
        return energy

    def damage(self, damage: int, outcome: tuple[str, str, str] | None) -> int:
        limit = self.board.damage_limit
        if damage > limit or (damage == limit and (outcome is None or outcome[0] != "loss")):
            raise self.fail(
                "damage",
                f"{damage} hits: the {limit}th reaches the skull and loses (fs.end.lose-damage)",
            )
        return damage

    def pending(self, rows: list[list[Any]], phase: str) -> tuple[tuple[str | int, ...], ...]:
        """Steps in motion, head first: ``[roll]``, ``[reroll]``, ``[launch, N]`` or, heading
        the room phase's steps, ``[robot, V]`` (``fs.room-effects.robot.build``)."""
        steps: list[tuple[str | int, ...]] = []
        for i, row in enumerate(rows):
            entry = f"pending[{i}]"
            kind = row[0]
            if kind in ("roll", "reroll") and len(row) == 1:
                steps.append((kind,))
            elif kind == "launch" and len(row) == 2 and isinstance(row[1], int):
                if not 0 <= row[1] <= MAX_LAUNCHES:
                    raise self.fail(
                        entry,
                        f"{row[1]} launches left: at most {MAX_LAUNCHES} (fs.launch.max-five)",
                    )
                steps.append(("launch", row[1]))
            elif kind == "robot" and len(row) == 2 and isinstance(row[1], int):
                steps.append(("robot", self._robot_step(entry, row[1], i, phase)))
            else:
                raise self.fail(
                    entry,
                    f"{row!r} is not [roll], [reroll] or [launch, N] (nor [robot, V], a robot "
                    "waiting to be installed in the room phase)",
                )
        return tuple(steps)

    def _robot_step(self, entry: str, face: int, index: int, phase: str) -> int:
        """A robot waiting to be installed: first of the room phase's steps, its face 1-6
        (``fs.room-effects.robot.build``, ``fs.room-effects.robot.value-cap``), under the robots
        reading."""
        if not makes_robots(self.board, self.ruleset):
            raise self.fail(entry, self._no_robots())
        if phase != "room" or index != 0:
            raise self.fail(entry, "a robot waits to be installed only first, in the room phase")
        if not 1 <= face <= TOP_FACE:
            raise self.fail(entry, f"a robot shows 1 to {TOP_FACE}, not {face}")
        return face

    def _no_robots(self) -> str:
        """Why no robot can be in play: the reading in force, or a board with no robot room."""
        if playing(self.ruleset):
            return "this board has no robot room, so no robot can be made (fs.room-effects.robot.build)"
        return (
            f"robots are played only under the reading robot-rooms: robots (in force: "
            f"{self.ruleset.robot_rooms})"
        )

    def robots(
        self, rows: list[dict[str, Any]], placed: tuple[PlacedDie, ...], excavator: int
    ) -> tuple[Robot, ...]:
        """Robots, each alone on an excavated space (``fs.room-effects.robot.build``,
        ``fs.room-effects.robot.displaced``); the schema allows at most two
        (``fs.room-effects.robot.limit``) with faces 1-6."""
        if rows and not makes_robots(self.board, self.ruleset):
            raise self.fail("robots", self._no_robots())
        robots: list[Robot] = []
        dice = {(d.row, d.column) for d in placed}
        for i, row in enumerate(rows):
            entry = f"robots[{i}]"
            robot = Robot(row["row"], row["column"], row["value"], bool(row.get("new", False)),
                          bool(row.get("used", False)))  # fmt: skip
            at = (robot.row, robot.column)
            index = self.board.path_index.get(at)
            if index is None or index > excavator:
                raise self.fail(
                    entry,
                    f"row {robot.row} column {robot.column} is not an excavated space of the "
                    "city (fs.room-effects.robot.build)",
                )
            if at in dice or any((r.row, r.column) == at for r in robots):
                raise self.fail(
                    entry,
                    f"row {robot.row} column {robot.column} already holds a die or a robot "
                    "(fs.room-effects.robot.displaced)",
                )
            robots.append(robot)
        return tuple(sorted(robots, key=lambda r: (r.row, r.column)))

    def marks(
        self, rows: list[dict[str, Any]], ships: tuple[Ship, ...]
    ) -> tuple[tuple[str, int, int], ...]:
        """Explosion marks on ships in the sky (``fs.ships.explosion``)."""
        in_sky = {s.id for s in ships if not s.waiting}
        marks = []
        for i, row in enumerate(rows):
            if row["ship"] not in in_sky:
                raise self.fail(f"marks[{i}].ship", f"{row['ship']!r} names no ship in the sky")
            marks.append((row["ship"], row["number"], row["round"]))
        return tuple(marks)


# -- writing --------------------------------------------------------------------------------------
def state_to_data(
    state: FSState,
    scenario: Scenario,
    ruleset: Ruleset = DEFAULT,
    scenario_ref: str | None = None,
) -> dict[str, Any]:
    """The state as position-file data, in canonical order, defaults left out.

    ``scenario_ref`` is what the ``scenario`` entry says (a path); by default the scenario's
    name, which names a shipped scenario.
    """
    board = Board.build(scenario, ruleset)
    data: dict[str, Any] = {"game": GAME, "scenario": scenario_ref or state.scenario}
    if state.round != 1:
        data["round"] = state.round
    if state.phase != "dice":
        data["phase"] = state.phase
    if state.outcome is not None:
        result, clause, why = state.outcome
        data["outcome"] = {"result": result, "clause": clause, "why": why}
    if state.pending:
        data["pending"] = [list(step) for step in state.pending]
    if state.mothership_row != 1:
        data["mothership_row"] = state.mothership_row
    if state.excavator != board.start:
        data["excavator"] = list(board.path[state.excavator])
    for key, value, default in (
        ("research", state.research, 0),
        ("energy", state.energy, scenario.energy_start),
        ("damage", state.damage, 0),
        ("whites_destroyed", state.whites_destroyed, 0),
    ):
        if value != default:
            data[key] = value
    if state.rolled:
        data["rolled"] = [_die(d.value, d.white) for d in state.rolled]
    if state.placed:
        data["placed"] = [
            {"row": d.row, "column": d.column, **_die(d.value, d.white)} for d in state.placed
        ]
    if state.ships:
        data["ships"] = [_ship(s) for s in state.ships]
    if state.marks:
        data["marks"] = [{"ship": s, "number": n, "round": r} for s, n, r in state.marks]
    if state.robots:
        data["robots"] = [_robot(r) for r in state.robots]
    return data


def _die(value: int, white: bool) -> dict[str, Any]:
    return {"value": value, **({"white": True} if white else {})}


def _robot(robot: Robot) -> dict[str, Any]:
    row: dict[str, Any] = {"row": robot.row, "column": robot.column, "value": robot.value}
    if robot.new:
        row["new"] = True
    if robot.used:
        row["used"] = True
    return row


def _ship(ship: Ship) -> dict[str, Any]:
    row: dict[str, Any] = {"id": ship.id, "color": ship.color}
    if not ship.waiting:
        row["row"] = ship.row
        row["column"] = ship.column
    return row


def state_to_text(
    state: FSState,
    scenario: Scenario,
    as_json: bool = False,
    ruleset: Ruleset = DEFAULT,
    scenario_ref: str | None = None,
) -> str:
    """The state as the text of a YAML (or JSON) position file."""
    data = state_to_data(state, scenario, ruleset, scenario_ref)
    if as_json:
        return json.dumps(data, indent=2) + "\n"
    return _yaml(data)


def _yaml(data: dict[str, Any]) -> str:
    """YAML with one line per list item (a die, a ship, a mark)."""
    lines = []
    for key, value in data.items():
        if key in ("rolled", "pending"):
            lines.append(f"{key}: {yaml_flow(value)}")
        elif isinstance(value, list) and value and isinstance(value[0], dict):
            lines.append(f"{key}:")
            lines += [f"  - {yaml_flow(item)}" for item in value]
        else:
            lines.append(f"{key}: {yaml_flow(value)}")
    return "\n".join(lines) + "\n"


def state_from_text(
    text: str,
    source: str,
    as_json: bool = False,
    ruleset: Ruleset = DEFAULT,
    base: Path | None = None,
    scenario: Scenario | None = None,
) -> FSState:
    """The state a position file's text describes, checked like a file."""
    data = check_position_data(parse_position_text(text, source, as_json), source)
    return state_from_data(data, source, ruleset, base, scenario)


# -- files ----------------------------------------------------------------------------------------
def load_position(path: str | Path, ruleset: Ruleset = DEFAULT) -> FSPosition:
    """Load a Falling Skies position file with its scenario."""
    path = Path(path)
    data = read_position_data(path)
    return position_from_data(data, str(path), ruleset, path.parent)


def load_state(path: str | Path, ruleset: Ruleset = DEFAULT) -> FSState:
    """Load a Falling Skies position file as a state."""
    return load_position(path, ruleset).state


def save_state(
    state: FSState,
    path: str | Path,
    scenario: Scenario,
    ruleset: Ruleset = DEFAULT,
    scenario_file: Path | None = None,
) -> Path:
    """Write ``state`` to ``path`` (JSON by ``.json``, else YAML) atomically; return the path.

    ``scenario_file``: the scenario's file when it is not a shipped one; the file then names it
    by its path relative to ``path``'s folder. The text is checked to read back as the same state
    before anything is written; it goes to a temporary file in the same folder, then is renamed.
    """
    path = Path(path)
    as_json = path.suffix.lower() == ".json"
    ref = None
    if scenario_file is not None:
        ref = os.path.relpath(Path(scenario_file).resolve(), path.resolve().parent)
        ref = Path(ref).as_posix()
    text = state_to_text(state, scenario, as_json, ruleset, ref)
    back = state_from_text(text, str(path), as_json, ruleset, scenario=scenario)
    if back != state:
        raise ValueError(f"{path}: the state does not read back unchanged from its file form")
    write_atomically(path, text)
    return path
