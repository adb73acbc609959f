"""The registry of games: the one way the harness reaches a game (PRINCIPLES §9).

Every command, the report, the solver, the fuzzers, the OpenSpiel adapters and the golden
playthroughs find a game here by its name and use only what its :class:`GameSpec` offers: how to
make the engine and its first states, read and write its position files, say and read its
decisions, draw it, where its clause index, ledger and scenarios are, its state machine, its
OpenSpiel adapter, its golden playthrough setups. Nothing outside a game's own package compares a
game's name.

A game registers itself as a package entry point in the group ``rulings.games`` (in
``pyproject.toml``: ``[project.entry-points."rulings.games"] NAME = "package.module:SPEC"``), the
value being its :class:`GameSpec`. Registering imports only the spec module, which must stay
light: a spec loads its engine, drawings and phrasebook when first asked for them.

A position file is read once per command: :func:`open_file` parses it, finds its game by its
``game`` key and hands the parsed data to that game's :meth:`GameSpec.open_data`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cache
from importlib.metadata import entry_points
from pathlib import Path
from random import Random
from types import MappingProxyType
from typing import Any, Protocol

from engine.core.errors import PositionError, did_you_mean, warnings_heard
from engine.core.playout import Policy, SweepReport, sweep_report
from engine.core.textfiles import read_yaml

GROUP = "rulings.games"
"""The entry-point group games register in."""

Decision = Any


@dataclass(frozen=True)
class Opened:
    """A position file opened for a command: the engine it is played with, its state, and the
    game's own view of it (what the drawings take: e.g. an Unknown map, or a Falling Skies state
    with its scenario).

    ``labels`` are the names a scenario gives to places of its board, by name, each with what it
    marks (e.g. an Unknown map table's ``#2`` names a tile's spot: ``{"2": (1, 0)}``); a drawing
    writes them on the board so that a reader can follow the scenario's steps. A position file
    has none. They are kept as a read-only copy, so the world that named them may go on changing
    its own.

    ``warnings`` are what the game noted while reading a hand-written file whose left-out
    entries make play go oddly (``phase: not given, so ...``), for the command to print
    (:func:`open_file` gathers them)."""

    spec: GameSpec
    game: Any
    state: Any
    view: Any
    source: str
    labels: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}), hash=False)
    warnings: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "labels", MappingProxyType(dict(self.labels)))

    def __reduce__(self) -> tuple[Any, ...]:
        """Copied and pickled through its fields (a read-only mapping cannot be pickled)."""
        fields = (
            self.spec,
            self.game,
            self.state,
            self.view,
            self.source,
            dict(self.labels),
            self.warnings,
        )
        return (type(self), fields)


@dataclass(frozen=True)
class Phrasebook:
    """How one game's decisions are read from phrases and said as phrases (``rulings resolve``,
    replay files, plans, playthroughs)."""

    read: Callable[[Any, Any, Any, str, Random | None], Decision]
    """``read(game, state, node, phrase, rng)``: the decision, or ``click.BadParameter`` saying
    what is wrong with the phrase (with the accepted forms)."""
    say: Callable[[Any, Decision], str | None]
    """``say(state, decision)``: the phrase (``None`` if no phrase names it)."""
    next_lines: Callable[[Any, Any], list[str]]
    """``next_lines(state, node)``: what the rules ask for next, as ``rulings resolve`` says it."""
    next_data: Callable[[Any, Any], dict[str, Any]]
    """``next_data(state, node)``: the same as JSON data."""
    event_line: Callable[[Any], str]
    """``event_line(event)``: one event narrated on one line (with its clause)."""
    forms: str = ""
    """The accepted phrase forms, for ``rulings resolve --help`` (click epilog text: a paragraph
    starting with a ``\\b`` line is printed as it is)."""
    shown: Callable[[Any, Decision], str] | None = None
    """``shown(state, decision)``: how ``rulings resolve`` names a decision it applied (``None``:
    by its phrase)."""

    def name(self, state: Any, decision: Decision) -> str:
        """How ``rulings resolve`` names ``decision`` taken at ``state``."""
        if self.shown is not None:
            return self.shown(state, decision)
        return self.say(state, decision) or str(decision)


@dataclass(frozen=True)
class SetupOption:
    """One option a game's set-up takes from the command line (``rulings play`` / ``sweep``)."""

    name: str
    """The keyword the value is passed under (``mission``); the flag is ``--mission``."""
    help: str
    default: Any = None
    choices: tuple[str, ...] = ()
    """The allowed values (empty: any ``kind`` value)."""
    kind: type = str
    """``str``, ``int`` or ``bool`` (a flag)."""
    commands: tuple[str, ...] = ("play", "sweep")
    """The commands that take it."""
    metavar: str | None = None
    """How the value is shown in ``--help`` (``N``, ``FILE``)."""
    minimum: int | None = None
    """The least value an ``int`` option takes."""
    many: bool = False
    """Several values, comma-separated or repeated, passed as a list (every choice when none is
    given)."""
    what: str = ""
    """What one value is, for the message refusing a bad one of a ``many`` option
    (``mission``; ``number of players``)."""
    path: bool = False
    """The value is a file's path."""
    show_default: bool = False
    """``--help`` shows the default."""

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    def default_value(self) -> Any:
        """The value when the option is not given (a ``many`` option: every choice)."""
        if self.many and self.default is None:
            return [self.kind(choice) for choice in self.choices]
        return self.default


@dataclass(frozen=True)
class NewGame:
    """A game just set up: its engine, the state where the first decision is asked, and the
    events setting it up caused (``rulings play`` narrates them)."""

    game: Any
    state: Any
    events: tuple[Any, ...] = ()


class SetupRefused(ValueError):
    """A set-up the rules refuse: the option at fault (``--mission``; empty when the refusal
    is about the options together) and the problem."""

    def __init__(self, option: str, problem: str) -> None:
        super().__init__(problem)
        self.option = option
        self.problem = problem


@dataclass(frozen=True)
class LogLine:
    """One line of ``rulings play``'s log: the text printed, and the entry ``--json`` lists."""

    text: str
    data: Any


class SweepProgress(Protocol):
    """What a sweep reports to as it goes: ``progress(done, total)`` after each playout, and
    ``progress.note(line)`` for a line worth saying on the way (stderr)."""

    def __call__(self, done: int, total: int) -> None: ...

    def note(self, line: str) -> None: ...


@dataclass(frozen=True)
class PlaythroughSetup:
    """One recorded golden playthrough setup: a short name, what it sets up, the options given to
    :meth:`GameSpec.new_game`, and the seeds played."""

    name: str
    about: str
    options: tuple[tuple[str, Any], ...]
    seeds: tuple[int, ...]


@dataclass(frozen=True)
class BenchmarkSetup:
    """A standard setup whose random play the engine benchmark times
    (``tests.benchmarks.engine_benchmark``): a short name and the options given to
    :meth:`GameSpec.new_game`."""

    name: str
    options: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True)
class BalanceSetup:
    """One row of the balance table (``rulings balance``): a label, the options given to
    :meth:`GameSpec.new_game`, the readings played, the rulebook's difficulty score of the
    setup when it rates one, and the ``rulings play`` arguments that set it up (a row's game
    replays with them, the player and its seed)."""

    label: str
    options: tuple[tuple[str, Any], ...] = ()
    readings: tuple[tuple[str, str], ...] = ()
    difficulty: Fraction | None = None
    play_arguments: str = ""


@dataclass(frozen=True)
class ValidationSetup:
    """One set-up the validators check (``rulings verify``): playable and terminating under
    seeded random playouts, and, when the game names a win search, winnable."""

    label: str
    """How the validators' lines name it (``scout (easy, 1 player)``)."""
    options: tuple[tuple[str, Any], ...] = ()
    """The options given to :meth:`GameSpec.new_game`."""
    win_search: str = ""
    """``module:function`` of the search for a winning playout, called as
    ``function(game, start, max_states, seconds)`` and returning a ``solver.lucky.WinSearch``
    (empty: winnability is not searched)."""
    max_states: int = 0
    """The win search's budget of states."""
    play_arguments: str = ""
    """The ``rulings play GAME`` arguments that set it up (a player's winning game replays
    with them, the player and its seed)."""


@dataclass(frozen=True)
class CoverageSetup:
    """A start the properties over reachable states (every state saves, reads back and draws)
    play from besides the default set-up: one holding what playouts from the default seldom
    reach."""

    label: str
    """How the property's cases name it (``behemoth-out``)."""
    options: tuple[tuple[str, Any], ...] = ()
    """The options given to :meth:`GameSpec.new_game`."""
    start: Callable[[Any], Any] | None = None
    """``start(state)``: the set-up state changed into the one play starts from, a state the
    rules can reach (``None``: the set-up state itself)."""


def _as_generated(data: dict[str, Any]) -> dict[str, Any]:
    return data


@dataclass(frozen=True)
class PositionSchema:
    """A game's position-file schema as the properties over schema-valid files use it."""

    schema: Mapping[str, Any]
    """The JSON Schema its position files are checked against, whole (with its ``$defs``)."""
    narrowed: Mapping[str, Any]
    """Its part of ``schema`` for this game, self-contained, with the free names (tiles,
    cards, scenarios) narrowed to the ones its catalogs know and lists and numbers kept small,
    so that a good share of what is generated from it is a position the rules accept. Whatever
    is generated from it is still checked against ``schema`` first."""
    placed: Callable[[dict[str, Any]], dict[str, Any]] = _as_generated
    """``placed(data)``: a generated position (a copy) with its pieces put where its board has
    room for them, so that the rules refuse less of it; by default as generated."""
    described: tuple[tuple[str, str], ...] = ()
    """Names its engine writes under open-ended objects of ``schema`` (counters on a card), each
    with the JSON pointer of the object (``("/$defs/mission_card", "canister")``): a property or
    a pattern property there describes each."""


class GameSpec:
    """What the harness may ask of one game. A game's package subclasses it once.

    The class attributes say where things are; the methods load the engine and its helpers on
    first use (a spec module imports nothing heavy at module level).
    """

    name: str = ""
    """The game's key: the ``game`` value of its position files and the CLI's GAME."""
    title: str = ""
    """The game's name as people write it."""
    summary: str = ""
    """One line saying what the game is (``rulings games``)."""
    package: str = ""
    """The Python package holding its rules (the report's clause trace reads its source)."""
    clauses: Path = Path()
    """Its rule clause index (``clauses.yaml``)."""
    ledger: Path | None = None
    """Its interpretation ledger (``interpretations.yaml``), if it has one."""
    mutation_skip: tuple[str, ...] = ()
    """Patterns (``Path.match``, relative to :attr:`package`'s folder) of its source files that
    hold no rule: players, drawings, file formats, phrases (``rulings mutate`` changes none of
    their code)."""
    mutants: Path | None = None
    """Its accounted mutant survivors (``mutants.yaml``): each ``id`` with ``why`` (``loose``: the
    ``ledger`` entry of the rule the texts leave open; ``same``: a ``note`` on why the change
    cannot alter play)."""
    features: Path = Path()
    """The folder of its Gherkin scenarios."""
    world: str = ""
    """The pytest fixture holding its scenario world (defined by its ``steps``), which the
    report draws before the first ``When`` and at the end (:meth:`scenario_opened`); empty: the
    fixture named after the game (``-`` as ``_``: ``pig``)."""
    no_board: str = "the scenario ends before the game has a board"
    """Why a scenario shows no board of its own (the caption under :meth:`empty_svg`'s drawing
    in the report)."""
    puzzles: tuple[Path, ...] = ()
    """Folders holding its puzzle positions: its position files there with a ``puzzle:`` entry
    (files of other games in a shared folder are theirs) are checked by the puzzle test and
    solved by ``rulings solve`` (``rulings verify``)."""
    steps: str = ""
    """The module of its Gherkin step definitions (loaded as a pytest plugin by the suite)."""
    machine: str = ""
    """``module:Class`` of its Hypothesis state machine (``rulings fuzz``, the property suite)."""
    openspiel: str = ""
    """``module:Class`` of its OpenSpiel game adapter (empty: none)."""
    setup_options: tuple[SetupOption, ...] = ()
    """What ``rulings play GAME`` and ``rulings sweep --game GAME`` take besides seed and readings."""
    playthroughs: tuple[PlaythroughSetup, ...] = ()
    """Its golden playthrough setups (``rulings record``)."""
    benchmark_setups: tuple[BenchmarkSetup, ...] = ()
    """The setups the engine benchmark plays at random."""
    rollout_length: int = 0
    """Random-rollout cut for MCTS leaves (0: play rollouts to the end)."""
    primary: bool = False
    """The game a command takes when none is named (``rulings sweep``'s ``--game``)."""
    win_search: str = ""
    """``module:function`` of its lucky search for a winning line (chance choosing its
    outcomes), called as ``function(game, start, max_states, seconds)`` and returning a
    ``solver.lucky.WinSearch`` (``rulings solve``'s "with luck" answer; empty: none)."""
    mcts_simulations: int = 20
    """``rulings play --bot mcts``'s simulations per decision when ``--simulations`` is not given."""
    players: Mapping[str, str] = {}
    """Its own players by name (``expert``): ``module:function`` of a factory called as
    ``function(game, rng)`` (the engine and a seeded ``random.Random``) and returning a policy,
    ``policy(state, node)`` -> one of ``node.legal``. A player sees what a player at the table
    sees: the state's public part and the node, never hidden order or future chance outcomes."""
    commands: tuple[str, ...] = ()
    """``module:attribute`` of click commands the game adds to ``rulings`` (questions only it
    can be asked)."""
    examples: Mapping[str, tuple[str, ...]] = {}
    """Example command lines by command (``show``, ``resolve``, ``play``, ``sweep``, ``solve``,
    ``rulings`` for the group), listed in that command's ``--help``."""
    drawn_with_readings: bool = False
    """Whether readings change its drawings (``rulings show --reading``)."""
    sweep_arguments: tuple[str, ...] = ("seed", "playouts")
    """Which of ``rulings sweep``'s ``--seed`` and ``--playouts`` its :meth:`sweep` reads."""
    play_json_key: str = "log"
    """The key of ``rulings play --json``'s list of :class:`LogLine` entries."""
    drawing: str = ""
    """``module:function`` of its SVG drawing of the game's own parts (a map; a state and its
    board), for callers that hold those rather than a file (``engine.svg`` finds it by name)."""
    placement: str = ""
    """``module:function`` answering ``rulings solve --placement QUESTION`` (empty: none):
    ``function(path, game, state, question, rerolls)`` returns the answer's lines and its JSON
    data, or raises the usage error or ``PositionError`` saying why there is none."""
    crosschecks: str = ""
    """``module:function`` of its independent re-encodings of rules (``rulings verify``), called
    as ``function(maps, z3_maps, seed, progress)`` and returning a report with
    ``disagreements`` and ``summary()`` (empty: it has none)."""
    coverage_setups: tuple[CoverageSetup, ...] = ()
    """Starts the properties over reachable states play from besides the default set-up, each
    with random play and every one of :attr:`players` (empty: the default set-up alone)."""

    def validation_setups(self) -> tuple[ValidationSetup, ...]:
        """The set-ups the validators check; the default: the default set-up, no win search."""
        return (ValidationSetup("default set-up"),)

    def balance_setups(self, options: Mapping[str, Any]) -> tuple[BalanceSetup, ...]:
        """The rows of ``rulings balance`` from its options (values of ``setup_options`` taken
        by the ``balance`` command); the default: the default set-up alone."""
        return (BalanceSetup("default set-up"),)

    def position_schema(self) -> PositionSchema | None:
        """Its position-file schema for the property that every schema-valid file is drawn or
        refused by name (``None``: its files are not generated)."""
        return None

    def empty_svg(self, title: str) -> str | None:
        """A drawing of the empty board (for a scenario that never had one), or ``None``."""
        return None

    def world_fixture(self) -> str:
        """The name of its scenario world's fixture (:attr:`world`)."""
        return self.world or self.name.replace("-", "_")

    def scenario_opened(self, world: Any) -> Opened | None:
        """Its scenario world (the :meth:`world_fixture` value) as an opened position for
        :meth:`svg`, or ``None`` while it has no board. The default reads the world as offering
        ``game`` (the engine) and ``state`` (``None`` until the game has begun), the state being
        the view its drawing takes; a game whose scenarios name places of the board hands those
        names over as :attr:`Opened.labels`, for :meth:`svg` to write on the board."""
        state = getattr(world, "state", None)
        if state is None:
            return None
        return Opened(self, world.game, state, state, "scenario")

    def puzzle_files(self) -> tuple[Path, ...]:
        """Its puzzle positions: the YAML files in :attr:`puzzles` whose ``game`` is this game
        and that hold a ``puzzle:`` entry, in name order (a file that cannot be parsed is
        listed, for the puzzle test to refuse it by name)."""
        import yaml

        found: list[Path] = []
        for folder in self.puzzles:
            for path in sorted(Path(folder).glob("*.yaml")):
                try:
                    data = read_yaml(path)
                except (OSError, UnicodeDecodeError, yaml.YAMLError):
                    found.append(path)
                    continue
                if isinstance(data, dict) and data.get("game") == self.name and "puzzle" in data:
                    found.append(path)
        return tuple(found)

    # -- the rules ---------------------------------------------------------------------------
    def ruleset(self, readings: Mapping[str, str] | None = None) -> Any:
        """The ruleset with ``readings`` (switch -> reading) applied; ``ValueError`` names a
        switch or reading the ledger does not know."""
        raise NotImplementedError

    def switches(self) -> dict[str, dict[str, Any]]:
        """The ledger's switches by ID (``readings``, ``default``, ``question``, ``why``)."""
        if self.ledger is None:
            return {}
        from engine.core.ruleset import load_ledger

        return load_ledger(self.ledger)

    def new_game(self, ruleset: Any, seed: int, options: Mapping[str, Any]) -> NewGame:
        """A game set up with ``options`` (values of ``setup_options`` by name; a missing one
        takes its default) and ``seed``, up to its first decision; :class:`SetupRefused` says
        which option is wrong and why."""
        raise NotImplementedError

    # -- files -------------------------------------------------------------------------------
    def open_data(self, data: dict[str, Any], source: str, ruleset: Any) -> Opened:
        """A parsed position file of this game opened under ``ruleset`` (``PositionError``
        naming the entry when it breaks the game's rules or schema)."""
        raise NotImplementedError

    def read_view(self, data: dict[str, Any], source: str, ruleset: Any) -> Any:
        """The game's own view of a parsed position file (what ``engine.positions.
        load_position`` returns); by default :meth:`open_data`'s."""
        return self.open_data(data, source, ruleset).view

    def save(self, game: Any, state: Any, path: Path, opened: Opened | None = None) -> None:
        """Write ``state`` as a position file at ``path`` (whole or not at all); ``opened`` is
        the file it was played from, if any (a game may write references relative to it)."""
        raise NotImplementedError

    def position_text(self, game: Any, state: Any, opened: Opened | None = None) -> str:
        """``state`` as the text of a position file."""
        raise NotImplementedError

    # -- words and pictures ------------------------------------------------------------------
    def phrasebook(self) -> Phrasebook:
        """How its decisions are said and read."""
        raise NotImplementedError

    def text(self, opened: Opened, title: str) -> str:
        """The text drawing ``rulings show`` prints."""
        raise NotImplementedError

    def svg(self, opened: Opened, title: str) -> str:
        """A self-contained SVG drawing (``rulings show --svg``, the report): the board with the
        state's header (round, phase, whose turn) and any :attr:`Opened.labels` written on it,
        its ``width`` and ``height`` those of its ``viewBox`` (one unit a pixel, every text at
        least 10 px and inside the picture), so a page can show it at its natural size."""
        raise NotImplementedError

    def player(self, name: str, game: Any, rng: Random) -> Policy:
        """The policy of its player ``name`` (:attr:`players`) for ``game``, drawing from ``rng``;
        ``KeyError`` if it has no player of that name."""
        return _load(self.players[name])(game, rng)

    def progress(self, game: Any, state: Any) -> float:
        """How far ``state`` is toward a win, from 0 to 1 (searches rank states by it)."""
        return 0.0

    # -- rulings play's log ------------------------------------------------------------------
    def play_opening(self, new: NewGame, seed: int) -> list[LogLine]:
        """The log lines of a game just set up: by default each set-up event."""
        book = self.phrasebook()
        return [_line(f"setup: {book.event_line(event)}") for event in new.events]

    def play_step(self, before: Any, decision: Decision, step: Any) -> list[LogLine]:
        """The log lines of one decision applied at ``before``: by default its phrase, then
        its events."""
        book = self.phrasebook()
        lines = [_line(book.name(before, decision))]
        return lines + [_line(f"  {book.event_line(event)}") for event in step.events]

    # -- sweeps ------------------------------------------------------------------------------
    def sweep(
        self,
        ruleset: Any,
        seed: int,
        playouts: int,
        options: Mapping[str, Any],
        progress: Callable[[int, int], None],
        runner: Any = None,
    ) -> SweepReport:
        """Seeded random playouts of set-up games and how they ended (``progress`` may be a
        :class:`SweepProgress`), on ``runner`` (``solver.balance.Runner``: a Dask cluster)
        when given. The default plays ``playouts`` games of :meth:`new_game` (seeds ``seed``,
        ``seed + 1``, ...) to the end."""
        return sweep_report(self, ruleset, seed, playouts, options, progress, runner)


def _line(text: str) -> LogLine:
    return LogLine(text, text)


def _load(reference: str) -> Any:
    """The object a ``module:attribute`` reference names."""
    from importlib import import_module

    module, _, attribute = reference.partition(":")
    return getattr(import_module(module), attribute)


def load_reference(reference: str) -> Any:
    """The object a spec's ``module:attribute`` reference (``machine``, ``openspiel``) names."""
    return _load(reference)


@cache
def _registered() -> dict[str, GameSpec]:
    found: dict[str, GameSpec] = {}
    for point in sorted(entry_points(group=GROUP), key=lambda p: p.name):
        spec = point.load()
        if not isinstance(spec, GameSpec):
            raise TypeError(f"entry point {point.name} = {point.value} is not a GameSpec")
        if spec.name != point.name:
            raise TypeError(f"entry point {point.name} names a spec called {spec.name!r}")
        found[spec.name] = spec
    return found


def games() -> dict[str, GameSpec]:
    """Every registered game, by name, in name order."""
    return dict(_registered())


def names() -> tuple[str, ...]:
    """The registered games' names."""
    return tuple(_registered())


def game(name: str) -> GameSpec:
    """The registered game ``name``; ``KeyError`` with the names there are, and the nearest."""
    specs = _registered()
    if name in specs:
        return specs[name]
    raise KeyError(f"no game {name!r}{did_you_mean(name, specs)}; games: {', '.join(specs)}")


def default_game() -> GameSpec:
    """The game a command takes when none is named: the first marked ``primary``, else the
    first by name."""
    specs = list(_registered().values())
    return next((spec for spec in specs if spec.primary), specs[0])


def iter_games(selected: str = "all") -> Iterator[GameSpec]:
    """The games a ``--game`` value selects: one by name, or ``all``."""
    if selected == "all":
        yield from _registered().values()
    else:
        yield game(selected)


def spec_of_data(data: dict[str, Any], source: str) -> GameSpec:
    """The game a parsed position file belongs to (its ``game`` key), or ``PositionError``."""
    name = data.get("game") if isinstance(data, dict) else None
    if not isinstance(name, str):
        raise PositionError(source, "game", f"missing: say which game ({', '.join(names())})")
    try:
        return game(name)
    except KeyError as error:
        raise PositionError(source, "game", str(error.args[0])) from None


def parse_file(path: str | Path) -> tuple[GameSpec, dict[str, Any]]:
    """Read and parse a position file once: its game and its data (``PositionError`` if the
    file cannot be read, is malformed, or names no registered game)."""
    from engine.positions import check_position_data, parse_position_text, read_text

    path = Path(path)
    data = parse_position_text(read_text(path), str(path), as_json=path.suffix.lower() == ".json")
    if not isinstance(data, dict):
        raise PositionError(
            str(path), "file", "a position file must be a mapping with a 'game' key"
        )
    name = data.get("game")
    if not isinstance(name, str) or name not in _registered():
        check_position_data(data, str(path))  # the schema's own word on a file of no game
    return spec_of_data(data, str(path)), data


def open_file(path: str | Path, readings: Mapping[str, str] | None = None) -> Opened:
    """Open a position file of any registered game under ``readings`` (read and parsed once).

    ``PositionError`` for a bad file; ``ValueError`` for a switch or reading the game's ledger
    does not know."""
    spec, data = parse_file(path)
    return open_data(spec, data, str(path), spec.ruleset(readings or {}))


def open_data(spec: GameSpec, data: dict[str, Any], source: str, ruleset: Any) -> Opened:
    """``spec.open_data``, with the warnings the game noted while reading (``Opened.warnings``:
    entries a hand-written file left out whose defaults make play go oddly)."""
    with warnings_heard() as heard:
        opened = spec.open_data(data, source, ruleset)
    return replace(opened, warnings=(*opened.warnings, *map(str, heard)))


def parse_readings(values: Sequence[str], known: Sequence[str] = ()) -> dict[str, str]:
    """``SWITCH=READING`` values as a mapping; ``ValueError`` for a malformed or repeated one
    (naming the ``known`` switches, when given)."""
    chosen: dict[str, str] = {}
    for value in values:
        switch, sep, reading = value.partition("=")
        switch, reading = switch.strip(), reading.strip()
        if not sep or not switch or not reading:
            listed = f" (switches: {', '.join(known)})" if known else ""
            raise ValueError(f"{value!r} is not SWITCH=READING{listed}")
        if switch in chosen:
            raise ValueError(f"switch {switch!r} is given twice")
        chosen[switch] = reading
    return chosen


def chosen_readings(spec: GameSpec, values: Sequence[str]) -> dict[str, str]:
    """``SWITCH=READING`` values checked against ``spec``'s ledger; ``ValueError`` names an
    unknown switch or reading with the nearest one (and where the ledger is listed).

    A value without ``=`` names a source the ledger cites (``summary``, ``published``, ...):
    every switch takes the reading that source backs (:func:`source_readings`); a
    ``SWITCH=READING`` given beside it wins for its switch."""
    switches = spec.switches()
    sources = [value.strip() for value in values if "=" not in value]
    chosen: dict[str, str] = {}
    for source in sources:
        chosen.update(source_readings(spec, source))
    named = parse_readings([value for value in values if "=" in value], tuple(switches))
    listed = f"see 'rulings readings {spec.name}'"
    for switch, reading in named.items():
        if switch not in switches:
            near = did_you_mean(switch, switches)
            raise ValueError(f"{spec.title} has no switch {switch!r}{near} ({listed})")
        readings = list(switches[switch]["readings"])
        if reading not in readings:
            near = did_you_mean(reading, readings)
            raise ValueError(
                f"switch {switch!r} has no reading {reading!r}{near} "
                f"(readings: {', '.join(readings)})"
            )
    return {**chosen, **named}


def source_readings(spec: GameSpec, source: str) -> dict[str, str]:
    """The reading ``source`` backs for every switch of ``spec``'s ledger whose ``sources``
    name it (``--reading summary``: the game as the rules summary has it); ``ValueError`` if
    no switch cites that source, naming the sources that are cited."""
    backed: dict[str, str] = {}
    for switch, entry in spec.switches().items():
        for item in entry.get("sources") or ():
            if item.get("by") == source:
                backed.setdefault(switch, item["reading"])
    if backed:
        return backed
    cited = sorted(
        {item["by"] for entry in spec.switches().values() for item in entry.get("sources") or ()}
    )
    if not cited:
        raise ValueError(
            f"{source!r} is not SWITCH=READING, and {spec.title}'s ledger names no sources "
            "whose readings it could stand for"
        )
    near = did_you_mean(source, cited)
    raise ValueError(
        f"{source!r} is not SWITCH=READING nor a source {spec.title}'s ledger cites{near} "
        f"(sources: {', '.join(cited)})"
    )


__all__ = [
    "GROUP",
    "CoverageSetup",
    "GameSpec",
    "LogLine",
    "NewGame",
    "Opened",
    "Phrasebook",
    "PlaythroughSetup",
    "PositionSchema",
    "SetupOption",
    "SetupRefused",
    "SweepProgress",
    "SweepReport",
    "ValidationSetup",
    "chosen_readings",
    "default_game",
    "game",
    "games",
    "iter_games",
    "load_reference",
    "names",
    "open_data",
    "open_file",
    "parse_file",
    "parse_readings",
    "spec_of_data",
]
