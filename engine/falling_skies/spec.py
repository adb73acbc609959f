"""Under Falling Skies as the harness sees it: its entry in the registry of games (PRINCIPLES §9).

Everything the commands, the report, the solver, the fuzzers and the adapters need of the game is
reached through :data:`SPEC`; the engine, its files, phrases and drawings load on first use.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from engine.core.registry import (
    BalanceSetup,
    BenchmarkSetup,
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
    parse_readings,
    source_readings,
)

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]

POSITIONS = "tests/data/positions/falling_skies"
SOLVE = "tests/data/positions/solve"
NEAR_SKULL = "engine/falling_skies/data/scenarios/near-skull.yaml"


class FallingSkiesSpec(GameSpec):
    """Under Falling Skies: solo dice placement against the descending mothership."""

    name = "falling-skies"
    title = "Under Falling Skies"
    summary = "solo dice placement: shoot the ships down, dig, research before the city falls"
    package = "engine.falling_skies"
    drawing = "engine.falling_skies.svg:draw_falling_skies"
    clauses = HERE / "data" / "clauses.yaml"
    ledger = HERE / "data" / "interpretations.yaml"
    mutation_skip = (
        "coverage.py",
        "drawing.py",
        "expert.py",
        "files.py",
        "outlook.py",
        "phrases.py",
        "playout.py",
        "spec.py",
        "svg.py",
    )
    mutants = HERE / "data" / "mutants.yaml"
    features = ROOT / "features" / "falling_skies"
    world = "fs"
    puzzles = (ROOT / "examples" / "puzzles",)
    machine = "properties.falling_skies_machine:FallingSkiesMachine"
    openspiel = "engine.openspiel.falling_skies:FallingSkiesOpenSpielGame"
    mcts_simulations = 20
    """Measured to finish a pnp-easy game (38-55 decisions) in 7-10 s."""
    drawn_with_readings = True
    placement = "engine.cli.placement:dice_phase"
    examples = {
        "rulings": (
            f"rulings show {POSITIONS}/room-phase.yaml",
            f"rulings resolve {POSITIONS}/room-phase.yaml resolve r3c4",
            "rulings play falling-skies --seed 1 --random",
        ),
        "show": (
            f"rulings show {POSITIONS}/room-phase.yaml",
            f"rulings show {POSITIONS}/mid-placement.yaml --reading sky-row-3-excavated=reversed",
            f"rulings show {POSITIONS}/room-phase.yaml --svg /tmp/room-phase.svg",
        ),
        "resolve": (
            f'rulings resolve {POSITIONS}/dice-start.yaml "roll 3,5,6,1w,2w"',
            f"rulings resolve {POSITIONS}/dice-start.yaml roll --seed 4",
            f'rulings resolve {POSITIONS}/mid-placement.yaml "place 5 on 2,1" --out after.yaml',
            f'rulings resolve {POSITIONS}/room-phase.yaml "resolve r3c4"',
            f'rulings resolve {POSITIONS}/room-phase.yaml "end rooms" --json',
            f'rulings resolve {POSITIONS}/launch-tie.yaml "launch 4"',
            f"rulings resolve {POSITIONS}/dice-start.yaml --replay {POSITIONS}/first-placements.txt",
        ),
        "play": (
            "rulings play falling-skies --seed 1 --random",
            "printf 'roll\\nhelp\\nquit\\n' | rulings play falling-skies --seed 1",
            "rulings play falling-skies --seed 1 --random --save-at 4 /tmp/r4.yaml --log /tmp/r4.txt",
            "rulings play falling-skies --seed 2 --random --reading dice-count=note",
            f"rulings play falling-skies --seed 3 --random --scenario {NEAR_SKULL}",
            "rulings play falling-skies --seed 1 --bot mcts",
            "rulings play falling-skies --seed 1 --bot mcts --simulations 10 --json",
        ),
        "sweep": (
            "rulings sweep --game falling-skies --playouts 10000",
            "rulings sweep --game falling-skies --playouts 500 --seed 7 --reading "
            "research-multi-step=each-step",
            f"rulings sweep --game falling-skies --playouts 200 --scenario {NEAR_SKULL} --json",
        ),
        "solve": (
            f"rulings solve {SOLVE}/short-sky-lucky-roll.yaml --rounds 1",
            f"rulings solve {SOLVE}/short-sky-win-now.yaml --json",
            f"rulings solve {SOLVE}/near-skull-doomed.yaml",
            f"rulings solve {POSITIONS}/room-phase.yaml --rounds 1 --timeout 30",
            f"rulings solve {POSITIONS}/mid-placement.yaml --placement no-damage",
            f"rulings solve {POSITIONS}/mid-placement.yaml --placement research=2 --rerolls forbid",
        ),
    }
    setup_options = (
        SetupOption(
            "scenario",
            "falling-skies: the scenario file to play (default: the shipped pnp-easy board).",
            metavar="FILE",
            path=True,
            commands=("play",),
        ),
        SetupOption(
            "scenario",
            "falling-skies: the scenario file (default: the shipped pnp-easy board).",
            metavar="FILE",
            path=True,
            commands=("sweep",),
        ),
        SetupOption(
            "flip",
            "falling-skies: cards to turn to their other side, comma-separated, one difficulty "
            "level each (print-and-play: mothership, sky1-sky4, base1, base2, research; boxed "
            "game: tile1-tile4).",
            metavar="CARD[,CARD...]",
            commands=("play", "sweep", "balance"),
        ),
        SetupOption(
            "level",
            "falling-skies: the difficulty level, cards flipped in all: those --flip names, then "
            "others drawn at random from --seed (the boxed game's normal game: --level 1).",
            kind=int,
            minimum=0,
            metavar="N",
            commands=("play", "sweep", "balance"),
        ),
        SetupOption(
            "scenarios",
            "Shipped boards to play (default: all of them).",
            choices=tuple(sorted(p.stem for p in (HERE / "data" / "scenarios").glob("*.yaml"))),
            many=True,
            what="scenario",
            metavar="NAME[,NAME...]",
            commands=("balance",),
        ),
        SetupOption(
            "defaults_only",
            "Play the default readings only (no pnp-easy row per other reading of each switch).",
            False,
            kind=bool,
            commands=("balance",),
        ),
    )
    players = {"expert": "engine.falling_skies.expert:expert"}
    win_search = "solver.validators:falling_skies_win"
    benchmark_setups = (
        BenchmarkSetup("pnp-easy", (("scenario", "default"),)),
        BenchmarkSetup("pnp-easy-row-3-excavated", (("scenario", "pnp-easy-row-3-excavated"),)),
    )
    """The print-and-play easy board under both readings of the way its excavator's path snakes
    (``pnp-easy.yaml``, ``pnp-easy-row-3-excavated.yaml``)."""
    playthroughs = (
        PlaythroughSetup(
            "default",
            "the default board: the print-and-play easy sides (pnp-easy)",
            (("scenario", "default"),),
            (1, 2),
        ),
        PlaythroughSetup(
            "short-sky",
            "a three-column city under a sky of three rows: ships reach the city fast",
            (("scenario", "short-sky"),),
            (1, 2),
        ),
        PlaythroughSetup(
            "two-step-research",
            "a research track of two steps: a game can be won in a few rounds",
            (("scenario", "two-step-research"),),
            (1, 2),
        ),
    )

    # -- the rules ---------------------------------------------------------------------------
    def ruleset(self, readings: Mapping[str, str] | None = None) -> Any:
        """The ledger's defaults with ``readings`` applied; the switches named are remembered
        (:func:`chosen_switches`) so a board's own readings do not replace them."""
        from engine.falling_skies.ruleset import DEFAULT

        ruleset = DEFAULT.with_readings(**dict(readings or {}))
        if readings:
            named = frozenset(name.replace("_", "-") for name in readings)
            _, before = _CHOSEN.get(id(ruleset), (ruleset, frozenset()))
            _CHOSEN[id(ruleset)] = (ruleset, before | named)
        return ruleset

    def new_game(self, ruleset: Any, seed: int, options: Mapping[str, Any]) -> NewGame:
        """A game on the ``scenario`` option's board — ``None`` or ``default``: the shipped
        default, a shipped scenario's name, or a scenario file's path — with the cards ``flip``
        names flipped and, for ``level``, more drawn from the seed (:func:`board_for`), under
        the board's readings where the user chose none (``Scenario.readings``), with the first
        launch done (``setup-first-launch``). Otherwise the seed changes nothing: chance stays
        explicit."""
        from engine.falling_skies.game import FallingSkiesGame
        from engine.falling_skies.scenario import board_ruleset

        scenario = board_for(options, seed)
        game = FallingSkiesGame(
            scenario, board_ruleset(scenario, ruleset, chosen_switches(ruleset))
        )
        state, events = game.setup()
        return NewGame(game, state, tuple(events))

    # -- files -------------------------------------------------------------------------------
    def open_data(self, data: dict[str, Any], source: str, ruleset: Any) -> Opened:
        from engine.falling_skies.files import position_from_data, resolve_scenario
        from engine.falling_skies.game import FallingSkiesGame
        from engine.falling_skies.scenario import board_ruleset
        from engine.positions import check_position_data

        check_position_data(data, source)
        board, _ = resolve_scenario(data["scenario"], source, Path(source).parent)
        ruleset = board_ruleset(board, ruleset, chosen_switches(ruleset))
        position = position_from_data(data, source, ruleset, Path(source).parent)
        game = FallingSkiesGame(position.scenario, ruleset)
        return Opened(self, game, position.state, position, source)

    def save(self, game: Any, state: Any, path: Path, opened: Opened | None = None) -> None:
        """The state with its scenario named as the file played from named it (a scenario
        file's path is written relative to ``path``)."""
        from engine.falling_skies.files import save_state

        scenario_file = None if opened is None else opened.view.scenario_file
        save_state(state, path, game.scenario, game.ruleset, scenario_file)

    def position_text(self, game: Any, state: Any, opened: Opened | None = None) -> str:
        from engine.falling_skies.files import state_to_text

        scenario_file = None if opened is None else opened.view.scenario_file
        ref = None if scenario_file is None else Path(scenario_file).as_posix()
        return state_to_text(state, game.scenario, ruleset=game.ruleset, scenario_ref=ref)

    # -- words and pictures ------------------------------------------------------------------
    def phrasebook(self) -> Phrasebook:
        from engine.falling_skies.phrases import phrasebook

        return phrasebook()

    def text(self, opened: Opened, title: str) -> str:
        from engine.falling_skies.drawing import render

        return render(opened.view, title, opened.game.ruleset)

    def scenario_opened(self, world: Any) -> Opened | None:
        """A board world (a scenario board and the game on it), opened on a copy so the
        scenario's own world is not started early (the world builds its state on first use)."""
        import copy

        from engine.falling_skies.files import FSPosition

        probe = (
            world if world.state is not None and world.scenario is not None else copy.copy(world)
        )
        state, scenario, game = probe.now(), probe.the_scenario(), probe.game
        return Opened(self, game, state, FSPosition(state, scenario), "scenario")

    def svg(self, opened: Opened, title: str) -> str:
        """The sky over the city, then the markers: round and phase, the tracks, the dice; each
        room with its id and each ship with its id (the names a scenario's steps use: a city
        table's ``research#lab``, a sky table's ``@p1``), all held by the scenario and the state
        themselves, so a scenario hands over no labels of its own."""
        from engine.falling_skies.svg import draw_falling_skies

        position = opened.view
        return draw_falling_skies(
            position.state, position.scenario, opened.game.ruleset, title=title
        )

    def position_schema(self) -> PositionSchema:
        """The position schema, its Falling Skies part narrowed to the shipped scenarios, small
        counts and a few dice and ships (``engine.falling_skies.coverage``)."""
        from engine.falling_skies.coverage import position_schema

        return position_schema()

    def validation_setups(self) -> tuple[ValidationSetup, ...]:
        """The default board, with a lucky search of up to 300,000 states for a winning
        playout (it finds one with the robot rooms played as tunnels, none under the published
        robots: the README's Falling Skies section)."""
        return (
            ValidationSetup(
                "pnp-easy",
                (("scenario", "default"),),
                self.win_search,
                300_000,
                "--scenario default",
            ),
        )

    def balance_setups(self, options: Mapping[str, Any]) -> tuple[BalanceSetup, ...]:
        """Every chosen shipped board under the default readings, then the default board
        (pnp-easy) under each other reading of each switch, one switch at a time. With
        ``flip`` or ``level`` every row plays its board with those cards flipped (``level``:
        drawn anew from each game's seed), and only the boards built from cards that can take them
        are played."""
        scenarios = options.get("scenarios") or ()
        flips = _flip_options(options)
        if flips:
            scenarios = [name for name in scenarios if _can_flip(name, options)]
        rows = [_balance_row(name, None, flips) for name in scenarios]
        if options.get("defaults_only") or "pnp-easy" not in scenarios:
            return tuple(rows)
        rows.append(_summary_row(self, flips))
        rows += [
            _balance_row("pnp-easy", (switch, reading), flips)
            for switch, entry in sorted(self.switches().items())
            for reading in entry["readings"]
            if reading != entry["default"]
        ]
        return tuple(rows)

    def progress(self, game: Any, state: Any) -> float:
        """The research points climbed, of all the track asks (research is the only way to
        win, ``fs.end.win``)."""
        track = game.scenario.research
        total = sum(track)
        return sum(track[: state.research]) / total if total else 0.0

    # -- rulings play's log ------------------------------------------------------------------
    def play_opening(self, new: NewGame, seed: int) -> list[LogLine]:
        """The board (with its level when cards are flipped) and seed, the board's readings,
        then the events of the first launch."""
        from engine.falling_skies.phrases import event_line

        scenario = new.game.scenario
        level = ""
        if scenario.level:
            level = f", level {scenario.level} ({', '.join(scenario.cards.flipped)} flipped)"
        lines = [f"scenario {scenario.name}{level}, seed {seed}"]
        if scenario.readings:
            lines.append(f"board readings: {_board_readings_text(scenario, new.game.ruleset)}")
        lines += [f"setup: {event_line(e)}" for e in new.events]
        return [LogLine(line, line) for line in lines]

    def play_step(self, before: Any, decision: Any, step: Any) -> list[LogLine]:
        """The round, phase and phrase of the decision, then its events."""
        from engine.falling_skies.phrases import event_line, say

        lines = [f"round {before.round}, {before.phase}: {say(decision, before)}"]
        lines += [f"  {event_line(event)}" for event in step.events]
        return [LogLine(line, line) for line in lines]

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
        """``playouts`` seeded random games of one board (on ``runner`` when given): wins (the
        win rate of random play), losses by the clause that ended the game, engine errors,
        playouts per second."""
        from engine.falling_skies.game import FallingSkiesGame
        from engine.falling_skies.playout import sweep
        from engine.falling_skies.scenario import board_ruleset

        scenario = board_for(options, seed)
        game = FallingSkiesGame(
            scenario, board_ruleset(scenario, ruleset, chosen_switches(ruleset))
        )
        note: Callable[[str], None] = getattr(progress, "note", lambda line: None)
        note(f"{playouts} falling-skies playouts of {scenario.name} ...")
        result = sweep(game, playouts, seed, progress, runner)
        lines = [f"scenario: {scenario.name} (seeds {seed}-{seed + playouts - 1})"]
        data = {"game": self.name, "scenario": scenario.name, "seed": seed, **result.data()}
        return SweepReport(lines + result.lines(), data, bool(result.errors))


_CHOSEN: dict[int, tuple[Any, frozenset[str]]] = {}
"""The switches the user named for each ruleset :meth:`FallingSkiesSpec.ruleset` made, by the
ruleset's identity (the ruleset is held, so its identity is not reused)."""


def chosen_switches(ruleset: Any) -> frozenset[str]:
    """The switches the user's ``--reading``s named for ``ruleset`` (empty for a ruleset made
    elsewhere)."""
    held, named = _CHOSEN.get(id(ruleset), (None, frozenset()))
    return named if held is ruleset else frozenset()


def _board_readings_text(scenario: Any, ruleset: Any) -> str:
    """The board's readings, each marked when the user's ``--reading`` replaced it."""
    parts = []
    for switch, reading in scenario.readings:
        played = getattr(ruleset, switch.replace("-", "_"))
        note = "" if played == reading else f" (replaced by --reading {switch}={played})"
        parts.append(f"{switch}={reading}{note}")
    return ", ".join(parts) + "; a --reading replaces them"


def _balance_row(
    scenario: str,
    reading: tuple[str, str] | None = None,
    flips: tuple[tuple[str, Any], ...] = (),
) -> BalanceSetup:
    """A balance row: a shipped board, under the default readings or one other reading, with
    the ``flip``/``level`` options given."""
    label = scenario if reading is None else f"{scenario}, {reading[0]}={reading[1]}"
    label += "".join(f", {name} {value}" for name, value in flips)
    arguments = f"--scenario engine/falling_skies/data/scenarios/{scenario}.yaml"
    arguments += "".join(f" --{name} {value}" for name, value in flips)
    return BalanceSetup(
        label,
        (("scenario", scenario), *flips),
        () if reading is None else (reading,),
        play_arguments=arguments,
    )


def _summary_row(spec: GameSpec, flips: tuple[tuple[str, Any], ...]) -> BalanceSetup:
    """The default board under every reading the rules summary backs (``--reading summary``):
    the game as the summary has it, beside the published readings of the default row."""
    row = _balance_row("pnp-easy", None, flips)
    readings = tuple(sorted(source_readings(spec, "summary").items()))
    label = row.label.replace("pnp-easy", "pnp-easy, the summary's readings", 1)
    return replace(row, label=label, readings=readings)


def _flip_options(options: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    """The ``flip`` and ``level`` options given, as balance-row options."""
    return tuple(
        (name, options[name]) for name in ("flip", "level") if options.get(name) is not None
    )


def _can_flip(name: str, options: Mapping[str, Any]) -> bool:
    """Whether a shipped board is built from the published cards and can take the ``flip``
    and ``level`` options given (its edition has those cards, not yet flipped, and the level
    lies between the cards flipped and all of them)."""
    from engine.falling_skies.scenario import cards_of

    cards = cards_of(scenario_named(name))
    if cards is None:
        return False
    words = [w.strip().lower() for w in str(options.get("flip") or "").split(",") if w.strip()]
    level = options.get("level") or 0
    fresh = set(words) <= set(cards.flippable()) - set(cards.flipped)
    return fresh and (not level or cards.level + len(words) <= level <= len(cards.flippable()))


def scenario_named(reference: str | None) -> Any:
    """The board a ``scenario`` option names: ``None`` or ``default`` the shipped default, a
    shipped scenario by name, else a scenario file's path."""
    from engine.falling_skies.files import SCENARIOS, is_scenario_path, shipped_scenarios
    from engine.falling_skies.scenario import (
        default_scenario,
        flipped_scenario_named,
        load_scenario,
    )

    if reference is None or reference == "default":
        return default_scenario()
    if not is_scenario_path(reference):
        if reference in shipped_scenarios():
            return load_scenario(SCENARIOS / f"{reference}.yaml")
        flipped = flipped_scenario_named(reference, "--scenario")
        if flipped is not None:
            return flipped
    return load_scenario(reference)


def board_for(options: Mapping[str, Any], seed: int) -> Any:
    """The ``scenario`` option's board with the cards ``flip`` names flipped, then, up to
    ``level`` cards flipped in all, others drawn at random from ``seed`` (published facts
    §1.10: each flipped card is a level; §3.1: the boxed game's normal game flips one sky tile
    at random). A card the board cannot flip is a :class:`SetupRefused` of its option."""
    from engine.falling_skies.cards import FlipRefused, random_flips
    from engine.falling_skies.scenario import cards_of, flip_scenario

    scenario = scenario_named(options.get("scenario"))
    words = [w for w in str(options.get("flip") or "").split(",") if w.strip()]
    level = options.get("level")
    try:
        if words:
            scenario = flip_scenario(scenario, words)
    except FlipRefused as error:
        raise SetupRefused("--flip", str(error)) from None
    if level is None or level == scenario.level:
        return scenario
    try:
        built = cards_of(scenario)
        if built is None:
            raise FlipRefused(f"{scenario.name} is not built from the published cards")
        if level < built.level:
            raise FlipRefused(f"{level} is below the {built.level} card(s) already flipped")
        return flip_scenario(scenario, random_flips(built, level - built.level, seed))
    except FlipRefused as error:
        raise SetupRefused("--level", str(error)) from None


def fs_ruleset(values: Sequence[str]) -> Any:
    """The ruleset with ``SWITCH=READING`` values applied (``ValueError`` if one is bad)."""
    return SPEC.ruleset(parse_readings(values))


def open_position(path: str, ruleset: Any) -> tuple[Any, Any]:
    """A position file's state and scenario (``FSPosition``), and the engine for them."""
    from engine.core.registry import parse_file

    _, data = parse_file(path)
    opened = SPEC.open_data(data, str(path), ruleset)
    return opened.view, opened.game


SPEC = FallingSkiesSpec()
