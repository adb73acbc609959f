"""``rulings play``: play a whole game through the game interface, at random or from stdin.

The quick-start Scout game (``engine.unknown.setup.quick_start_scout``), or with ``--setup
standard`` any mission set up by the Setup section (``standard_setup``), is driven only through
``UnknownGame.node`` and ``UnknownGame.apply`` (PRINCIPLES §3). With ``--random`` a seeded policy
decides: chance nodes draw with their exact probabilities (``sample_outcome``), player nodes pick
uniformly among the legal decisions, both from one ``random.Random(seed)``, so the same seed
gives the same game. With ``--bot mcts`` OpenSpiel's MCTS (``engine.openspiel.bots``, the optional
``open-spiel`` extra) makes every player decision instead, chance still drawn from the seeded
``random.Random``. Without either, decisions are read from stdin as action phrases (the phrases of
``rulings resolve``). Every event is logged with its round, phase and clause; the last line says
who won and why, or that the decision cap was reached.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from random import Random
from typing import Any, TextIO

import click

from engine.cli.params import json_option, readings_option, unknown_ruleset
from engine.cli.resolve import (
    PhraseError,
    Reading,
    illegal_line,
    node_lines,
    parse_phrase,
)
from engine.core.errors import IllegalDecision
from engine.core.game import (
    ChanceNode,
    Decision,
    Event,
    Node,
    PlayerNode,
    TerminalNode,
    sample_outcome,
)
from engine.unknown.game import UnknownGame
from engine.unknown.ruleset import Ruleset
from engine.unknown.setup import DIFFICULTIES, TASKS, quick_start_scout, setup_data, standard_setup
from engine.unknown.state import UnknownState

PROGRESS_AFTER = 2.0
"""Seconds of play before progress is reported on stderr (a normal game takes far less)."""


@dataclass(frozen=True)
class Logged:
    """One event of the log, with the round and phase it happened in."""

    round: int
    phase: str | None
    event: Event

    def line(self) -> str:
        phase = (self.phase or "setup").replace("_", " ")
        return f"round {self.round}, {phase}: {self.event.text} [{self.event.clause}]"

    def data(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "phase": self.phase,
            "kind": self.event.kind,
            "clause": self.event.clause,
            "text": self.event.text,
        }


@dataclass(frozen=True)
class Ending:
    """How the game stopped: ``win``, ``loss``, ``cap`` (decision cap), ``stuck`` or ``quit``."""

    result: str
    clause: str | None
    why: str
    decisions: int
    round: int

    def line(self) -> str:
        plural = "" if self.decisions == 1 else "s"
        after = f"after {self.decisions} decision{plural}, in round {self.round}"
        if self.result in ("win", "loss"):
            return f"result: {self.result}: {self.why} [{self.clause}] ({after})"
        return f"result: {self.why} ({after})"

    def data(self) -> dict[str, Any]:
        return {
            "result": self.result,
            "clause": self.clause,
            "why": self.why,
            "decisions": self.decisions,
            "round": self.round,
        }


def placed_in_time(state: UnknownState, events: tuple[Event, ...]) -> Iterator[Logged]:
    """Each event with the round and phase it happened in.

    One decision can carry the round through several phases (``settle`` runs the phases that need
    no decision), so the phase and round are followed through the phase and round events the
    turn order emits (``unknown.turn.phases``).
    """
    round_, phase = state.round, state.phase
    for event in events:
        if event.kind == "round_started":
            round_, phase = event.get("round", round_ + 1), "survivor_actions"
        elif event.kind == "phase" and event.get("phase"):
            phase = event.get("phase")
        yield Logged(round_, phase, event)


def ending_of(state: UnknownState, node: Node, decisions: int, cap: int) -> Ending | None:
    """The ending if play stops here: the game is over, play is stuck, or the cap is reached."""
    if isinstance(node, TerminalNode):
        why = state.outcome[2] if state.outcome else node.outcome
        return Ending(node.outcome, node.clause, why, decisions, state.round)
    if isinstance(node, PlayerNode | ChanceNode) and (
        node.legal if isinstance(node, PlayerNode) else node.outcomes
    ):
        if decisions < cap:
            return None
        why = f"decision cap reached ({cap} decisions) with no win or loss yet"
        return Ending("cap", None, why, decisions, state.round)
    what = "no legal decision" if isinstance(node, PlayerNode | ChanceNode) else "nothing pending"
    return Ending("stuck", None, f"stuck: {what} and the game is not over", decisions, state.round)


def random_choice(node: Node, rng: Random) -> Decision:
    """The seeded policy: a chance outcome with its probability, or a uniform legal decision."""
    if isinstance(node, ChanceNode):
        return sample_outcome(node, rng)
    assert isinstance(node, PlayerNode)
    return node.legal[rng.randrange(len(node.legal))]


def play_random(
    game: UnknownGame,
    state: UnknownState,
    rng: Random,
    cap: int,
    log: Callable[[Logged], None],
    progress: Callable[[int, UnknownState], None] = lambda n, s: None,
    policy: Callable[[UnknownState, PlayerNode], Decision] | None = None,
) -> tuple[UnknownState, Ending]:
    """Play until the game ends, play is stuck, or ``cap`` decisions have been applied.

    Player decisions are ``policy``'s if given (e.g. MCTS), else uniform from ``rng``; chance is
    always drawn from ``rng`` with its exact probabilities."""
    decisions = 0
    while True:
        node = game.node(state)
        ending = ending_of(state, node, decisions, cap)
        if ending is not None:
            return state, ending
        if policy is not None and isinstance(node, PlayerNode):
            decision = policy(state, node)
        else:
            decision = random_choice(node, rng)
        try:
            step = game.apply(state, decision)
        except Exception:
            click.echo(
                f"rulings play: the engine failed applying decision {decisions + 1} "
                f"({decision}) in round {state.round}, {state.phase}",
                err=True,
            )
            raise
        for logged in placed_in_time(state, step.events):
            log(logged)
        state = step.state
        decisions += 1
        progress(decisions, state)


def play_from(
    game: UnknownGame,
    state: UnknownState,
    stdin: TextIO,
    rng: Random,
    cap: int,
    log: Callable[[Logged], None],
) -> tuple[UnknownState, Ending]:
    """Interactive play: show what is asked, read a phrase (or ``quit``) per line from ``stdin``.

    A phrase that cannot be read or an illegal decision is reported on stderr, and asked again.
    """
    decisions = 0
    while True:
        node = game.node(state)
        ending = ending_of(state, node, decisions, cap)
        if ending is not None:
            return state, ending
        click.echo("\n".join(node_lines(state, node)))
        click.echo("> ", nl=False)
        line = stdin.readline()
        if line and not stdin.isatty():
            click.echo(line.strip())  # a transcript shows what was read
        if not line or line.strip().lower() in ("quit", "exit", "q"):
            if not line:
                click.echo()  # end the prompt's line at end of input
            return state, Ending(
                "quit", None, "play stopped before the end", decisions, state.round
            )
        try:
            decision = parse_phrase(Reading(game, state, node, line.strip(), rng))
            step = game.apply(state, decision)
        except PhraseError as error:
            click.echo(f"rulings: error: {' '.join(error.message.split())}", err=True)
            continue
        except IllegalDecision as error:
            click.echo(illegal_line(error), err=True)
            continue
        for logged in placed_in_time(state, step.events):
            log(logged)
        state = step.state
        decisions += 1


@dataclass(frozen=True)
class SetupChoice:
    """The set-up options of ``rulings play``: which setup, mission and people, from a seed."""

    setup: str
    mission: str
    survivors: int | None
    players: int | None
    difficulty: str
    short: bool
    task: str | None
    story: bool


def set_up(choice: SetupChoice, seed: int, ruleset: Ruleset) -> UnknownState:
    """The chosen set-up (``engine.unknown.setup``); a usage error naming the option refused."""
    if choice.survivors is not None and choice.players is not None:
        raise click.BadParameter("give --survivors or --players, not both", param_hint="--players")
    survivors = 3 if choice.survivors is None and choice.players is None else choice.survivors
    standard = (choice.difficulty, choice.short, choice.task, choice.story)
    if choice.setup == "quick-start":
        if choice.mission != "scout":
            raise click.BadParameter(
                f"the quick start sets up only scout, not {choice.mission} (use --setup standard)",
                param_hint="--mission",
            )
        if standard != ("normal", False, None, False):
            raise click.UsageError(
                "--difficulty, --short, --task and --story need --setup standard"
            )
    try:
        if choice.setup == "quick-start":
            return quick_start_scout(survivors, seed, players=choice.players, ruleset=ruleset)
        return standard_setup(
            choice.mission,
            survivors,
            choice.difficulty,
            seed,
            short=choice.short,
            players=choice.players,
            task=choice.task,
            story=choice.story,
            ruleset=ruleset,
        )
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint=_refused_option(str(error))) from None


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


class Progress:
    """Progress on stderr, only once a game has run longer than ``PROGRESS_AFTER`` seconds."""

    def __init__(self) -> None:
        self.started = time.monotonic()
        self.shown = self.started

    def __call__(self, decisions: int, state: UnknownState) -> None:
        now = time.monotonic()
        if now - self.started > PROGRESS_AFTER and now - self.shown > 1.0:
            self.shown = now
            click.echo(f"rulings play: {decisions} decisions, round {state.round}", err=True)


BOTS = ("random", "mcts")
MCTS_SIMULATIONS = {"falling-skies": 20, "unknown": 5}
"""``--simulations`` when not given, measured to finish a game in well under a minute: 7-10 s for a
pnp-easy Falling Skies game (38-55 decisions), 2-7 s for a quick-start Scout game (Unknown's
rollouts are cut after 30 actions; see ``engine.openspiel.bots.ROLLOUT_LENGTH``)."""
OPENSPIEL_MISSING = "--bot mcts needs open-spiel, an optional extra (pip install -e '.[test]')"


def openspiel_installed() -> bool:
    """Whether ``pyspiel`` (the optional ``open-spiel`` package) can be imported."""
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    return True


def bot_policy(
    bot: str, game_name: str, engine: Any, simulations: int | None, seed: int
) -> Callable[[Any, PlayerNode], Decision] | None:
    """The player chosen by ``--bot``: ``None`` for the seeded random policy, else an MCTS player
    seeded with ``seed``; a usage error (one line, exit 2) if it cannot be had."""
    if bot == "random":
        if simulations is not None:
            raise click.BadParameter("applies to --bot mcts only", param_hint="--simulations")
        return None
    if not openspiel_installed():
        raise click.UsageError(OPENSPIEL_MISSING)
    from engine.openspiel.bots import mcts_policy

    count = MCTS_SIMULATIONS[game_name] if simulations is None else simulations
    try:
        return mcts_policy(game_name, engine, count, seed)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--reading") from None


@click.command(
    "play",
    short_help="Play a whole game: a seeded random policy, MCTS, or phrases from stdin.",
    epilog="""\b
Examples:
  rulings play unknown --mission scout --seed 1 --random
  rulings play unknown --seed 7 --random --survivors 4 --json
  rulings play unknown --setup standard --mission hive --players 2 --difficulty hard --seed 5 --random
  rulings play unknown --seed 2 --random --max-decisions 100
  rulings play unknown --seed 3 --random --json
  printf 'option 1\\noption 2\\nquit\\n' | rulings play unknown --seed 3
  rulings play falling-skies --seed 1 --random
  rulings play falling-skies --seed 2 --random --reading dice-count=note
  rulings play falling-skies --seed 3 --random --scenario engine/falling_skies/data/scenarios/near-skull.yaml
  rulings play falling-skies --seed 1 --bot mcts
  rulings play falling-skies --seed 1 --bot mcts --simulations 100 --json
  rulings play unknown --seed 1 --bot mcts --max-decisions 200
  rulings play unknown --setup standard --mission hive --seed 4 --bot mcts --max-decisions 300
""",
)
@click.argument("game_name", metavar="GAME", type=click.Choice(["unknown", "falling-skies"]))
@click.option(
    "--scenario",
    "scenario_path",
    type=click.Path(dir_okay=False),
    metavar="FILE",
    help="falling-skies: the scenario file to play (default: the shipped pnp-easy board).",
)
@click.option(
    "--setup",
    "setup_name",
    type=click.Choice(["quick-start", "standard"]),
    default="quick-start",
    show_default=True,
    help="The rulebook's Quick Start Setup (Scout only) or its Setup section (any mission).",
)
@click.option(
    "--mission",
    type=click.Choice(sorted(setup_data().missions)),
    default="scout",
    show_default=True,
    help="The mission to play.",
)
@click.option(
    "--difficulty",
    type=click.Choice(DIFFICULTIES),
    default="normal",
    show_default=True,
    help="Starting Balance column (--setup standard).",
)
@click.option("--short", is_flag=True, help="The mission's short version (--setup standard).")
@click.option(
    "--task",
    type=click.Choice(TASKS),
    help="Add a task card (--setup standard).",
)
@click.option(
    "--story",
    is_flag=True,
    help="Deal the story set's recommended survivors (--setup standard).",
)
@click.option(
    "--seed", type=int, default=0, show_default=True, help="Seed of the set-up and of play."
)
@click.option(
    "--random",
    "at_random",
    is_flag=True,
    help="Let a seeded random policy make every decision (otherwise read phrases from stdin).",
)
@click.option(
    "--bot",
    type=click.Choice(BOTS),
    default="random",
    show_default=True,
    help="Who decides with --random: the seeded random policy, or OpenSpiel's MCTS (mcts plays "
    "without --random; needs the open-spiel extra).",
)
@click.option(
    "--simulations",
    type=click.IntRange(min=2),
    metavar="N",
    help="--bot mcts: MCTS simulations per decision (default 20 for falling-skies, 5 for "
    "unknown; each is one random rollout).",
)
@click.option(
    "--survivors",
    type=click.IntRange(min=1),
    metavar="N",
    help="How many survivors play (default 3).",
)
@click.option(
    "--players",
    type=click.IntRange(min=1),
    metavar="N",
    help="How many players play (1-6); fewer than 3 run more survivors each.",
)
@click.option(
    "--max-decisions",
    type=click.IntRange(min=1),
    default=2000,
    show_default=True,
    metavar="N",
    help="Stop after this many decisions (chance draws included).",
)
@json_option
@readings_option
@click.pass_context
def play_command(
    ctx: click.Context,
    game_name: str,
    scenario_path: str | None,
    setup_name: str,
    mission: str,
    difficulty: str,
    short: bool,
    task: str | None,
    story: bool,
    seed: int,
    at_random: bool,
    bot: str,
    simulations: int | None,
    survivors: int | None,
    players: int | None,
    max_decisions: int,
    as_json: bool,
    readings: tuple[str, ...],
) -> None:
    """Set up a game of GAME (the quick start, or with --setup standard any mission, difficulty,
    number of players, short version, task or story set) and play it through the rules engine,
    printing the event log (round, phase, what happened and the rule clause) and a last line saying whether
    the survivors won or lost and why, or that the decision cap was reached. With --random a
    seeded random policy makes every decision and the same seed replays the same game; without
    it, type action phrases (as for rulings resolve, e.g. start yellow, move yellow east, option
    2) one per line, and quit to stop. Exits 1 if play gets stuck (an engine bug), else 0.

    GAME falling-skies plays Under Falling Skies on the shipped board (or --scenario FILE) with
    a seeded random policy (--random) or MCTS: every decision with the events it caused, then the
    result and the rule that ended the game.

    With --bot mcts, OpenSpiel's Monte-Carlo tree search (the optional open-spiel extra) makes
    every player decision, --simulations N per decision, while chance is still drawn from the
    seeded random source: the same seed replays the same game. MCTS is a player, not a rule: the
    engine alone says what is legal and who won. Progress goes to stderr on long games.
    """
    if game_name == "falling-skies":
        options = (seed, at_random, bot, simulations, max_decisions, as_json, readings)
        _play_falling_skies(ctx, scenario_path, *options)
        return
    if scenario_path is not None:
        raise click.UsageError("--scenario applies to falling-skies only")
    ruleset = unknown_ruleset(readings)
    if as_json and not at_random and bot == "random":
        raise click.UsageError("--json needs --random (interactive play prints as it goes)")
    game = UnknownGame(ruleset)
    policy = bot_policy(bot, game_name, game, simulations, seed)
    choice = SetupChoice(setup_name, mission, survivors, players, difficulty, short, task, story)
    state = set_up(choice, seed, ruleset)
    rng = Random(seed)
    logged: list[Logged] = []

    def log(entry: Logged) -> None:
        logged.append(entry)
        if not as_json:
            click.echo(entry.line())

    state, settled = game.settle(state)
    for entry in placed_in_time(state, settled):
        log(entry)
    if at_random or policy is not None:
        state, ending = play_random(game, state, rng, max_decisions, log, Progress(), policy)
    else:
        stdin = sys.stdin
        state, ending = play_from(game, state, stdin, rng, max_decisions, log)
    if as_json:
        events = [entry.data() for entry in logged]
        click.echo(json.dumps({"events": events, "ending": ending.data()}))
    else:
        click.echo(ending.line())
    ctx.exit(1 if ending.result == "stuck" else 0)


def _play_falling_skies(
    ctx: click.Context,
    scenario_path: str | None,
    seed: int,
    at_random: bool,
    bot: str,
    simulations: int | None,
    max_decisions: int,
    as_json: bool,
    readings: tuple[str, ...],
) -> None:
    """``rulings play falling-skies``: a seeded game (random or MCTS), narrated."""
    from engine.cli import falling_skies as fs
    from engine.falling_skies.game import FallingSkiesGame
    from engine.falling_skies.scenario import default_scenario, load_scenario

    if not at_random and bot == "random":
        raise click.UsageError(
            "falling-skies is played with --random (a seeded random policy) or --bot mcts"
        )
    unknown_only = ("setup_name", "mission", "difficulty", "short", "task", "story")
    unknown_only += ("survivors", "players")
    for name in unknown_only:
        if ctx.get_parameter_source(name) is click.core.ParameterSource.COMMANDLINE:
            option = name.replace("_name", "").replace("_", "-")
            raise click.UsageError(f"--{option} applies to unknown only")
    ruleset = fs.fs_ruleset(readings)
    scenario = default_scenario() if scenario_path is None else load_scenario(scenario_path)
    game = FallingSkiesGame(scenario, ruleset)
    policy = bot_policy(bot, "falling-skies", game, simulations, seed)
    lines: list[str] = []
    echo = lines.append if as_json else click.echo
    progress = Progress() if policy is not None else (lambda n, s: None)
    try:
        state, decisions = fs.play_lines(game, seed, echo, policy, max_decisions, progress)
    except RuntimeError as error:
        click.echo(f"rulings play: {error}", err=True)
        ctx.exit(1)
    ending = _fs_ending(state, decisions, max_decisions)
    if as_json:
        click.echo(json.dumps({"log": lines, "ending": ending.data()}))
    else:
        click.echo(ending.line())


def _fs_ending(state: Any, decisions: int, cap: int) -> Ending:
    """How a Falling Skies game stopped: its outcome, or the decision cap."""
    if state.outcome is None:
        why = f"decision cap reached ({cap} decisions) with no win or loss yet"
        return Ending("cap", None, why, decisions, state.round)
    result, clause, why = state.outcome
    return Ending(result, clause, why, decisions, state.round)
