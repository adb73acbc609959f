"""Unknown as the harness sees it: its entry in the registry of games (PRINCIPLES §9).

Everything the commands, the report, the solver, the fuzzers and the adapters need of Unknown is
reached through :data:`SPEC`; the engine, its files, phrases and drawings load on first use.
The geometry questions (``rulings query``) are Unknown's own command (:mod:`engine.unknown.query`),
added to ``rulings`` through :attr:`UnknownSpec.commands`: they ask about an Unknown map and
nothing else.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cached_property
from itertools import product
from pathlib import Path
from typing import Any

from engine.core.registry import (
    BalanceSetup,
    BenchmarkSetup,
    CoverageSetup,
    GameSpec,
    LogLine,
    NewGame,
    Opened,
    Phrasebook,
    PlaythroughSetup,
    PositionSchema,
    SetupOption,
    SetupRefused,
    SweepReport,
    ValidationSetup,
)
from engine.unknown.coverage import BEHEMOTH, behemoth_out

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]

PLAY = "tests/data/positions/play"
POSITIONS = "tests/data/positions"

STANDARD_ONLY = "--difficulty, --short, --task and --story need --setup standard"


class UnknownSpec(GameSpec):
    """Unknown: co-operative tile-laying survival."""

    name = "unknown"
    title = "Unknown"
    summary = "co-operative tile-laying survival: explore, gather, fight, feed the base"
    package = "engine.unknown"
    drawing = "engine.unknown.svg:draw_unknown"
    clauses = HERE / "data" / "clauses.yaml"
    ledger = HERE / "data" / "interpretations.yaml"
    mutation_skip = (
        "coverage.py",
        "drawing.py",
        "expert.py",
        "files.py",
        "phrases.py",
        "progress.py",
        "query.py",
        "spec.py",
        "svg.py",
        "sweep.py",
    )
    mutants = HERE / "data" / "mutants.yaml"
    features = ROOT / "features" / "unknown"
    world = "world"
    no_board = "no tile was laid: the scenario ends before any board exists"
    puzzles = (ROOT / "examples" / "puzzles",)
    machine = "properties.unknown_machine:UnknownMachine"
    openspiel = "engine.openspiel.unknown:UnknownOpenSpielGame"
    rollout_length = 30
    primary = True
    crosschecks = "solver.crosscheck:run_crosschecks"
    mcts_simulations = 5
    """Measured to finish a quick-start Scout game in 2-7 s (rollouts cut after 30 actions)."""
    players = {"expert": "engine.unknown.expert:expert"}
    win_search = "solver.validators:unknown_win_search"
    commands = ("engine.unknown.query:query",)
    coverage_setups = (
        CoverageSetup("behemoth", BEHEMOTH),
        CoverageSetup("behemoth-out", BEHEMOTH, behemoth_out),
    )
    """A Behemoth game as set up, and with the mission's behemoth out and canisters hurled and
    carried: playouts from the quick start never meet the mission's behemoth."""
    sweep_arguments = ()
    play_json_key = "events"
    examples = {
        "rulings": (
            f"rulings show {POSITIONS}/detour.yaml",
            f"rulings query range {POSITIONS}/detour.yaml 0,0 2,1",
            f"rulings query los {POSITIONS}/sightlines.yaml 0,2 0,0 --json",
            f"rulings query knockback {POSITIONS}/corridor.yaml --source 0,0 --distance 3 "
            "--who yellow",
            f"rulings query explore {POSITIONS}/explore-2x2.yaml --who yellow",
            f"rulings resolve {PLAY}/mid-turn.yaml move yellow east",
            "rulings play unknown --mission scout --seed 1 --random",
        ),
        "show": (
            f"rulings show {POSITIONS}/detour.yaml",
            f"rulings show {POSITIONS}/corridor.yaml",
            f"rulings show {POSITIONS}/sightlines.yaml --svg /tmp/sightlines.svg",
        ),
        "resolve": (
            f"rulings resolve {PLAY}/mid-turn.yaml",
            f"rulings resolve {PLAY}/mid-turn.yaml move yellow east",
            f'rulings resolve {PLAY}/mid-turn.yaml "option 1" --json',
            f"rulings resolve {PLAY}/placing.yaml place north --out after.yaml",
            f"rulings resolve {PLAY}/drawing.yaml draw --seed 7",
            f"rulings resolve {PLAY}/knockback.yaml knock yellow 2,1",
        ),
        "play": (
            "rulings play unknown --mission scout --seed 1 --random",
            "rulings play unknown --seed 7 --random --survivors 4 --json",
            "rulings play unknown --setup standard --mission hive --players 2 --difficulty hard "
            "--seed 5 --random",
            "rulings play unknown --seed 2 --random --max-decisions 100",
            "rulings play unknown --seed 3 --random --json",
            "printf 'option 1\\noption 2\\nquit\\n' | rulings play unknown --seed 3",
            "printf 'start blue\\nshow\\nundo\\nquit\\n' | rulings play unknown --seed 3 --log game.txt",
            "rulings play unknown --seed 1 --bot mcts --max-decisions 200",
            "rulings play unknown --setup standard --mission hive --seed 4 --bot mcts "
            "--max-decisions 300",
        ),
        "sweep": (
            "rulings sweep",
            "rulings sweep --seeds 20 --missions hive,water",
            "rulings sweep --seeds 5 --short --policy leaning",
            "rulings sweep --seeds 10 --policy explorer --missions refugees,behemoth",
            "rulings sweep --players 1,2 --difficulties hard --task radio --json",
        ),
    }
    playthroughs = (
        PlaythroughSetup(
            "scout-quick-start",
            "the Quick Start Setup of Scout with three survivors (rulings play's default)",
            (("setup", "quick-start"), ("mission", "scout"), ("survivors", 3)),
            (1, 2),
        ),
        # Seeds differ between setups: two setups with as many survivors and one seed deal the
        # same cards and play the same opening. Behemoth's seed 4 runs into the step cap.
        PlaythroughSetup(
            "hive-hard-2-players",
            "Hive on hard for two players (who run two survivors each)",
            (("setup", "standard"), ("mission", "hive"), ("difficulty", "hard"), ("players", 2)),
            (3,),
        ),
        PlaythroughSetup(
            "water-easy-4-survivors",
            "Water on easy with four survivors",
            (
                ("setup", "standard"),
                ("mission", "water"),
                ("difficulty", "easy"),
                ("survivors", 4),
            ),
            (5,),
        ),
        PlaythroughSetup(
            "refugees-foraging",
            "Refugees with three survivors and the Foraging task card",
            (
                ("setup", "standard"),
                ("mission", "refugees"),
                ("difficulty", "normal"),
                ("survivors", 3),
                ("task", "foraging"),
            ),
            (6, 8),
        ),
        PlaythroughSetup(
            "behemoth-short-5-survivors",
            "the short version of Behemoth with five survivors",
            (
                ("setup", "standard"),
                ("mission", "behemoth"),
                ("difficulty", "normal"),
                ("survivors", 5),
                ("short", True),
            ),
            (4,),
        ),
        PlaythroughSetup(
            "onslaught-story",
            "Onslaught with the story set's four recommended survivors",
            (
                ("setup", "standard"),
                ("mission", "onslaught"),
                ("difficulty", "normal"),
                ("survivors", 4),
                ("story", True),
            ),
            (1,),
        ),
        PlaythroughSetup(
            "activate-hard-6-survivors",
            "Activate on hard with six survivors (the most the game sets up)",
            (
                ("setup", "standard"),
                ("mission", "activate"),
                ("difficulty", "hard"),
                ("survivors", 6),
            ),
            (3,),
        ),
    )

    @cached_property
    def benchmark_setups(self) -> tuple[BenchmarkSetup, ...]:  # type: ignore[override]
        """The quick start, Hive with four survivors, and every mission at normal difficulty
        with three survivors."""
        from engine.unknown.setup import setup_data

        normal = (("setup", "standard"), ("difficulty", "normal"))
        return (
            BenchmarkSetup("quick-start"),
            BenchmarkSetup("hive-4-survivors", (*normal, ("mission", "hive"), ("survivors", 4))),
            *(
                BenchmarkSetup(mission, (*normal, ("mission", mission)))
                for mission in sorted(setup_data().missions)
            ),
        )

    @cached_property
    def setup_options(self) -> tuple[SetupOption, ...]:  # type: ignore[override]
        """The set-up choices of ``rulings play unknown`` and ``rulings sweep --game unknown``
        (the missions are the setup data's)."""
        from engine.unknown.setup import DIFFICULTIES, TASKS, setup_data
        from engine.unknown.sweep import MAX_DECISIONS, PLAYERS, POLICIES

        missions = tuple(sorted(setup_data().missions))
        play, sweep = ("play",), ("sweep",)
        return (
            SetupOption(
                "setup",
                "The rulebook's Quick Start Setup (Scout only) or its Setup section (any mission).",
                "quick-start",
                ("quick-start", "standard"),
                commands=play,
                show_default=True,
            ),
            SetupOption(
                "mission",
                "The mission to play.",
                "scout",
                missions,
                commands=play,
                show_default=True,
            ),
            SetupOption(
                "difficulty",
                "Starting Balance column (--setup standard).",
                "normal",
                DIFFICULTIES,
                commands=play,
                show_default=True,
            ),
            SetupOption(
                "short",
                "The mission's short version (--setup standard).",
                False,
                kind=bool,
                commands=play,
            ),
            SetupOption("task", "Add a task card (--setup standard).", None, TASKS, commands=play),
            SetupOption(
                "story",
                "Deal the story set's recommended survivors (--setup standard).",
                False,
                kind=bool,
                commands=play,
            ),
            SetupOption(
                "survivors",
                "How many survivors play (default 3).",
                kind=int,
                minimum=1,
                metavar="N",
                commands=play,
            ),
            SetupOption(
                "players",
                "How many players play (1-6); fewer than 3 run more survivors each.",
                kind=int,
                minimum=1,
                metavar="N",
                commands=play,
            ),
            SetupOption(
                "seeds",
                "Playouts of each mission x difficulty x player count.",
                5,
                kind=int,
                minimum=1,
                metavar="N",
                commands=sweep,
                show_default=True,
            ),
            SetupOption(
                "missions",
                "Missions to play (default: all ten).",
                choices=missions,
                many=True,
                what="mission",
                metavar="M[,M...]",
                commands=(*sweep, "balance"),
            ),
            SetupOption(
                "difficulties",
                "Difficulties to play: easy, normal, hard (default: all three).",
                choices=DIFFICULTIES,
                many=True,
                what="difficulty",
                metavar="D[,D...]",
                commands=(*sweep, "balance"),
            ),
            SetupOption(
                "players",
                "Numbers of players to sweep, 1 to 6 (default: all six).",
                choices=tuple(str(n) for n in PLAYERS),
                kind=int,
                many=True,
                what="number of players",
                metavar="P[,P...]",
                commands=sweep,
            ),
            SetupOption(
                "short",
                "Play the short versions (Water, which has none, is skipped).",
                False,
                kind=bool,
                commands=sweep,
            ),
            SetupOption(
                "task",
                "Add this task card to every game.",
                None,
                TASKS,
                commands=(*sweep, "balance"),
            ),
            SetupOption(
                "survivors",
                "Numbers of survivors to play, 1 to 6 (default 3).",
                [3],
                choices=tuple(str(n) for n in PLAYERS),
                kind=int,
                many=True,
                what="number of survivors",
                metavar="N[,N...]",
                commands=("balance",),
            ),
            SetupOption(
                "short",
                "Also play each mission's short version (Water has none).",
                False,
                kind=bool,
                commands=("balance",),
            ),
            SetupOption(
                "policy",
                "uniform: every legal decision equally likely; leaning: explore half the time, "
                "never trade, rarely forfeit; explorer: explore whenever possible, never trade, "
                "rarely forfeit (draws the later mission piles).",
                "uniform",
                POLICIES,
                commands=sweep,
                show_default=True,
            ),
            SetupOption(
                "max_decisions",
                "A playout still going after this many decisions counts as an error (cap).",
                MAX_DECISIONS,
                kind=int,
                minimum=1,
                metavar="N",
                commands=sweep,
                show_default=True,
            ),
        )

    # -- the rules ---------------------------------------------------------------------------
    def ruleset(self, readings: Mapping[str, str] | None = None) -> Any:
        from engine.unknown.ruleset import DEFAULT

        return DEFAULT.with_readings(**dict(readings or {}))

    def new_game(self, ruleset: Any, seed: int, options: Mapping[str, Any]) -> NewGame:
        """The quick start (Scout only) or a mission set up by the Setup section, settled to
        its first decision (``unknown.setup.*``, ``unknown.quickstart.*``)."""
        from engine.unknown.game import UnknownGame
        from engine.unknown.setup import quick_start_scout, standard_setup

        chosen = {o.name: o.default for o in self.setup_options if "play" in o.commands}
        chosen.update(options)
        survivors, players = chosen["survivors"], chosen["players"]
        if survivors is not None and players is not None:
            raise SetupRefused("--players", "give --survivors or --players, not both")
        if survivors is None and players is None:
            survivors = 3
        standard = (chosen["difficulty"], chosen["short"], chosen["task"], chosen["story"])
        if chosen["setup"] == "quick-start":
            if chosen["mission"] != "scout":
                raise SetupRefused(
                    "--mission",
                    f"the quick start sets up only scout, not {chosen['mission']} "
                    "(use --setup standard)",
                )
            if standard != ("normal", False, None, False):
                raise SetupRefused("", STANDARD_ONLY)
        try:
            if chosen["setup"] == "quick-start":
                state = quick_start_scout(survivors, seed, players=players, ruleset=ruleset)
            else:
                state = standard_setup(
                    chosen["mission"],
                    survivors,
                    chosen["difficulty"],
                    seed,
                    short=chosen["short"],
                    players=players,
                    task=chosen["task"],
                    story=chosen["story"],
                    ruleset=ruleset,
                )
        except ValueError as error:
            raise SetupRefused(_refused_option(str(error)), str(error)) from None
        game = UnknownGame(ruleset)
        state, events = game.settle(state)
        return NewGame(game, state, tuple(events))

    # -- files -------------------------------------------------------------------------------
    def open_data(self, data: dict[str, Any], source: str, ruleset: Any) -> Opened:
        from engine.positions import check_position_data
        from engine.unknown.files import state_from_data
        from engine.unknown.game import UnknownGame
        from engine.unknown.phrases import register_effects

        check_position_data(data, source)
        register_effects()
        state = state_from_data(data, source)
        return Opened(self, UnknownGame(ruleset), state, state.position, source)

    def read_view(self, data: dict[str, Any], source: str, ruleset: Any) -> Any:
        """The map of a position file (a fragment needs no round in progress)."""
        from engine.positions import check_position_data
        from engine.unknown.position import position_from_data

        check_position_data(data, source)
        return position_from_data(data, source)

    def save(self, game: Any, state: Any, path: Path, opened: Opened | None = None) -> None:
        from engine.unknown.files import save_state

        save_state(state, path)

    def position_text(self, game: Any, state: Any, opened: Opened | None = None) -> str:
        from engine.unknown.files import state_to_text

        return state_to_text(state)

    # -- words and pictures ------------------------------------------------------------------
    def phrasebook(self) -> Phrasebook:
        from engine.unknown.phrases import phrasebook

        return phrasebook()

    def text(self, opened: Opened, title: str) -> str:
        from engine.unknown.drawing import render

        return render(opened.view, title, opened.state)

    def scenario_opened(self, world: Any) -> Opened | None:
        """A map world (the map built so far, or the game's once started): the map is the view
        its drawing takes, the state (``None`` before a game starts) gives the drawing's header,
        and the labels the map table gave to spots (``#2``: the world's ``labels``, label ->
        ``(x, y)``) are handed over to be written on their tiles; no map yet, no board."""
        state = getattr(world, "state", None)
        position = getattr(state, "position", None) if state is not None else None
        if position is None:
            position = getattr(world, "position", None)
        if position is None:
            return None
        labels = dict(getattr(world, "labels", None) or {})
        return Opened(self, None, state, position, "scenario", labels)

    def svg(self, opened: Opened, title: str) -> str:
        """The map with the state's header (round, phase, turn, base food; a bare map says no
        game has started) and the scenario's labels on their tiles."""
        from engine.unknown.svg import draw_unknown

        return draw_unknown(opened.view, title=title, state=opened.state, labels=opened.labels)

    def position_schema(self) -> PositionSchema:
        """The position schema, its Unknown part narrowed to the catalogs' names on a small
        board, generated pieces put on placed tiles (``engine.unknown.coverage``)."""
        from engine.unknown.coverage import position_schema

        return position_schema()

    def empty_svg(self, title: str) -> str | None:
        from engine.unknown.position import position_from_data

        empty = position_from_data({"game": "unknown", "tiles": []}, "empty map")
        return self.svg(Opened(self, None, None, empty, "empty map"), title)

    def validation_setups(self) -> tuple[ValidationSetup, ...]:
        """Every mission x difficulty, one player, set up by the Setup section, with a lucky
        search of 2,000 states for a winning playout."""
        from engine.unknown.setup import DIFFICULTIES, setup_data

        return tuple(
            ValidationSetup(
                f"{mission} ({difficulty}, 1 player)",
                (
                    ("setup", "standard"),
                    ("mission", mission),
                    ("difficulty", difficulty),
                    ("players", 1),
                ),
                self.win_search,
                2_000,
                f"--setup standard --mission {mission} --difficulty {difficulty} --players 1",
            )
            for mission in sorted(setup_data().missions)
            for difficulty in DIFFICULTIES
        )

    def balance_setups(self, options: Mapping[str, Any]) -> tuple[BalanceSetup, ...]:
        """Every chosen mission x difficulty x number of survivors, set up by the Setup section
        (with the short versions when asked, and the task when given), each with its score on
        the rulebook's difficulty scale (``unknown.difficulty.*``)."""
        from engine.unknown.setup import DIFFICULTIES, setup_data

        known = setup_data().missions
        return tuple(
            _balance_row(mission, difficulty, survivors, short, options.get("task"))
            for mission, short, difficulty, survivors in product(
                options.get("missions") or sorted(known),
                (False, True) if options.get("short") else (False,),
                options.get("difficulties") or DIFFICULTIES,
                options.get("survivors") or (3,),
            )
            if known[mission].has_short or not short
        )

    def progress(self, game: Any, state: Any) -> float:
        from engine.unknown.progress import progress

        return progress(state)

    # -- rulings play's log ------------------------------------------------------------------
    def play_opening(self, new: NewGame, seed: int) -> list[LogLine]:
        """The events of settling the set-up, each with its round and phase."""
        from engine.unknown.phrases import log_lines

        return log_lines(new.state, new.events)

    def play_step(self, before: Any, decision: Any, step: Any) -> list[LogLine]:
        """The events of one decision, each with the round and phase it happened in."""
        from engine.unknown.phrases import log_lines

        return log_lines(before, step.events)

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
        """Every chosen mission x difficulty x number of players, ``seeds`` playouts each with
        its own seed (``engine.unknown.sweep``), on ``runner`` when given; ``seed`` and
        ``playouts`` are not read."""
        from engine.unknown.sweep import sweep_report

        chosen = {o.name: o.default_value() for o in self.setup_options if "sweep" in o.commands}
        chosen.update(options)
        return sweep_report(ruleset, chosen, progress, runner)


def _balance_row(
    mission: str,
    difficulty: str,
    survivors: int,
    short: bool,
    task: str | None,
) -> BalanceSetup:
    """One balance row of a standard set-up, rated on the rulebook's difficulty scale."""
    from engine.unknown.setup import difficulty_score

    label = f"{mission}{' (short)' if short else ''}, {difficulty}, {survivors} survivors"
    arguments = (
        f"--setup standard --mission {mission} --difficulty {difficulty} --survivors {survivors}"
        + (" --short" if short else "")
        + (f" --task {task}" if task else "")
    )
    options = (
        ("setup", "standard"),
        ("mission", mission),
        ("difficulty", difficulty),
        ("survivors", survivors),
        ("short", short),
        ("task", task),
    )
    try:
        rating = difficulty_score(mission, survivors, difficulty, short=short).score
    except ValueError as error:  # e.g. fewer than three survivors
        raise SetupRefused("--survivors", str(error)) from error
    return BalanceSetup(label + (f", task {task}" if task else ""), options, (), rating, arguments)


def _refused_option(problem: str) -> str:
    """The option a set-up refusal is about, from its message."""
    for words, option in (
        ("short version", "--short"),
        ("story set", "--story"),
        ("task", "--task"),
        ("survivors:", "--survivors"),
        ("players", "--players"),
    ):
        if words in problem:
            return option
    return "--mission"


SPEC = UnknownSpec()
