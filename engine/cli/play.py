"""``rulings play``: set a game up and play it through the game interface, at random, with MCTS
or from stdin.

The game is found in the registry by its name; its entry sets it up (``new_game``, from the
set-up options it declares), says how its log reads (``play_opening``, ``play_step``) and reads
phrases (its :class:`~engine.core.registry.Phrasebook`). The engine is driven only through
``node`` and ``apply`` (PRINCIPLES §3). With ``--random`` a seeded policy decides through the one
playout loop (:func:`engine.core.playout.play_out`): chance nodes draw with their exact
probabilities, player nodes pick uniformly among the legal decisions, both from one
``random.Random(seed)``, so the same seed gives the same game. With ``--bot mcts`` OpenSpiel's
MCTS (``engine.openspiel.bots``, the optional ``open-spiel`` extra) makes every player decision
instead, chance still drawn from the seeded ``random.Random``; with ``--bot expert`` the game's
own player (``GameSpec.players``) does, drawing its choices from a stream of its own
(:func:`~engine.core.playout.player_rng`). Without any, decisions are read
from stdin as action phrases (the phrases of ``rulings resolve``). The last line says who won and
why, or that the decision cap was reached.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from random import Random
from typing import Any

import click

from engine.cli.interactive import Table, play_lines
from engine.cli.params import (
    FilePath,
    chosen_options,
    examples,
    game_choice,
    json_option,
    player_named,
    readings_option,
    refused,
    ruleset_of,
    setup_options,
    takers,
)
from engine.cli.replay import phrase_for, start_file, write_log
from engine.core import registry
from engine.core.game import ChanceNode, Decision, Node, PlayerNode, Step, TerminalNode
from engine.core.playout import draw, play_out, player_rng
from engine.core.registry import GameSpec, LogLine, SetupRefused
from engine.core.textfiles import write_atomically

PROGRESS_AFTER = 2.0
"""Seconds of play before progress is reported on stderr (a normal game takes far less)."""

Log = Callable[[LogLine], None]
Narrate = Callable[[Any, Decision, Step], list[LogLine]]


@dataclass(frozen=True)
class Ending:
    """How the game stopped: ``win``, ``loss``, ``cap`` (decision cap), ``stuck``, ``quit`` or
    ``stopped`` (at the round ``--save-at`` asked for)."""

    result: str
    clause: str | None
    why: str
    decisions: int
    round: int | None

    def line(self) -> str:
        plural = "" if self.decisions == 1 else "s"
        after = f"after {self.decisions} decision{plural}"
        if self.round is not None:
            after += f", in round {self.round}"
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


def round_of(state: Any) -> int | None:
    """The round a state is in, for games that count rounds."""
    return getattr(state, "round", None)


def ending_of(state: Any, node: Node, decisions: int, cap: int) -> Ending | None:
    """The ending if play stops here: the game is over, play is stuck, or the cap is reached."""
    if isinstance(node, TerminalNode):
        outcome = getattr(state, "outcome", None)
        why = outcome[2] if outcome else node.outcome
        return Ending(node.outcome, node.clause, why, decisions, round_of(state))
    if isinstance(node, PlayerNode | ChanceNode) and (
        node.legal if isinstance(node, PlayerNode) else node.outcomes
    ):
        if decisions < cap:
            return None
        why = f"decision cap reached ({cap} decisions) with no win or loss yet"
        return Ending("cap", None, why, decisions, round_of(state))
    what = "no legal decision" if isinstance(node, PlayerNode | ChanceNode) else "nothing pending"
    why = f"stuck: {what} and the game is not over"
    return Ending("stuck", None, why, decisions, round_of(state))


def random_choice(node: Node, rng: Random) -> Decision:
    """The seeded policy: a chance outcome with its probability, or a uniform legal decision."""
    return draw(node, rng, None, None)


class _Reported:
    """The engine as the playout loop sees it: an engine failure is said on stderr (which
    decision, where) before its traceback."""

    def __init__(self, game: Any) -> None:
        self.game, self.made = game, 0

    def node(self, state: Any) -> Node:
        return self.game.node(state)

    def apply(self, state: Any, decision: Decision) -> Step:
        try:
            step = self.game.apply(state, decision)
        except Exception:
            where = f"round {getattr(state, 'round', '?')}, {getattr(state, 'phase', '?')}"
            click.echo(
                f"rulings play: the engine failed applying decision {self.made + 1} "
                f"({decision}) in {where}",
                err=True,
            )
            raise
        self.made += 1
        return step


def play_random(
    game: Any,
    state: Any,
    rng: Random,
    cap: int,
    log: Log,
    progress: Callable[[int, Any], None] = lambda n, s: None,
    policy: Callable[[Any, PlayerNode], Decision] | None = None,
    narrate: Narrate = lambda before, decision, step: [],
    until: Callable[[Any], bool] | None = None,
) -> tuple[Any, Ending]:
    """Play until the game ends, play is stuck, or ``cap`` decisions have been applied
    (:func:`engine.core.playout.play_out`), logging the lines ``narrate`` says of each step.

    Player decisions are ``policy``'s if given (e.g. MCTS), else uniform from ``rng``; chance is
    always drawn from ``rng`` with its exact probabilities."""
    made = 0

    def on_step(before: Any, decision: Decision, step: Step) -> None:
        nonlocal made
        for line in narrate(before, decision, step):
            log(line)
        made += 1
        progress(made, step.state)

    state, stopped = play_out(_Reported(game), state, rng, policy, on_step, cap, until)
    if stopped.result == "stopped":
        why = f"play stopped at the first decision of round {round_of(state)} (--save-at)"
        return state, Ending("stopped", None, why, made, round_of(state))
    ending = ending_of(state, game.node(state), made, cap)
    assert ending is not None
    return state, ending


class Progress:
    """Progress on stderr, only once a game has run longer than ``PROGRESS_AFTER`` seconds."""

    def __init__(self) -> None:
        self.started = time.monotonic()
        self.shown = self.started

    def __call__(self, decisions: int, state: Any) -> None:
        now = time.monotonic()
        if now - self.started > PROGRESS_AFTER and now - self.shown > 1.0:
            self.shown = now
            where = "" if round_of(state) is None else f", round {round_of(state)}"
            click.echo(f"rulings play: {decisions} decisions{where}", err=True)


OWN_PLAYERS = tuple(sorted({name for spec in registry.games().values() for name in spec.players}))
"""The games' own players (``expert``), which ``--bot`` takes for the games that have them."""
BOTS = ("random", "mcts", *OWN_PLAYERS)
OPENSPIEL_MISSING = "--bot mcts needs open-spiel, an optional extra (pip install -e '.[test]')"


def openspiel_installed() -> bool:
    """Whether ``pyspiel`` (the optional ``open-spiel`` package) can be imported."""
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    return True


def check_bot(bot: str, simulations: int | None, spec: GameSpec) -> None:
    """A usage error (one line, exit 2) if the player ``--bot`` names cannot be had."""
    if bot != "mcts":
        if simulations is not None:
            raise click.BadParameter("applies to --bot mcts only", param_hint="--simulations")
        player_named(spec, bot, "--bot", ("mcts",))
        return
    if not openspiel_installed():
        raise click.UsageError(OPENSPIEL_MISSING)


def bot_policy(
    bot: str, spec: GameSpec, engine: Any, simulations: int | None, seed: int
) -> Callable[[Any, PlayerNode], Decision] | None:
    """The player chosen by ``--bot``: ``None`` for the seeded random policy, the game's own
    player (``expert``) drawing from its own stream of ``seed``, else an MCTS player seeded with
    ``seed`` (``check_bot`` has accepted ``bot``); a usage error (one line, exit 2) if MCTS
    cannot be had for this game or ruleset."""
    if bot == "random":
        return None
    if bot in spec.players:
        return spec.player(bot, engine, player_rng(bot, seed))
    from engine.openspiel.bots import mcts_policy

    if not spec.openspiel:
        with_adapter = ", ".join(s.name for s in registry.games().values() if s.openspiel)
        raise click.BadParameter(
            f"no MCTS for game {spec.name!r}: it has no OpenSpiel adapter "
            f"(games with one: {with_adapter or 'none'})",
            param_hint="--bot",
        )
    count = spec.mcts_simulations if simulations is None else simulations
    try:
        return mcts_policy(spec.name, engine, count, seed)
    except ValueError as error:  # a ruleset (readings) its adapter cannot show
        raise click.BadParameter(str(error), param_hint="--reading") from None


def _simulations_help() -> str:
    defaults = ", ".join(
        f"{spec.mcts_simulations} for {spec.name}" for spec in registry.games().values()
    )
    return (
        f"--bot mcts: MCTS simulations per decision (default {defaults}; each is one random "
        "rollout)."
    )


@click.command(
    "play",
    short_help="Play a game: type phrases, or let a seeded random policy, the expert or MCTS.",
    epilog=examples("play"),
)
@click.argument("game_name", metavar="GAME", type=game_choice())
@setup_options("play")
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
    help="Who decides: the seeded random policy (with --random), OpenSpiel's MCTS (needs the "
    "open-spiel extra), or the game's expert (its own lookahead player; see the README).",
)
@click.option(
    "--simulations",
    type=click.IntRange(min=2),
    metavar="N",
    help=_simulations_help(),
)
@click.option(
    "--max-decisions",
    type=click.IntRange(min=1),
    default=2000,
    show_default=True,
    metavar="N",
    help="Stop after this many decisions (chance draws included).",
)
@click.option(
    "--save-at",
    type=(click.IntRange(min=1), FilePath(dir_okay=False)),
    metavar="ROUND FILE",
    help="Stop at the first decision of round ROUND and write the position to FILE (.yaml), "
    "to ask about it (rulings solve FILE).",
)
@click.option(
    "--log",
    "log_file",
    type=FilePath(dir_okay=False),
    metavar="LOG",
    help="Write every decision kept as a phrase to LOG, and the game as set up to "
    "LOG's name with .start.yaml beside it: rulings resolve START --replay LOG replays it.",
)
@json_option
@readings_option
@click.pass_context
def play_command(
    ctx: click.Context,
    game_name: str,
    seed: int,
    at_random: bool,
    bot: str,
    simulations: int | None,
    max_decisions: int,
    save_at: tuple[int, str] | None,
    log_file: str | None,
    as_json: bool,
    readings: tuple[str, ...],
    **values: Any,
) -> None:
    """Set up a game of GAME (Unknown: the quick start, or with --setup standard any mission,
    difficulty, number of players, short version, task or story set; Under Falling Skies: the
    shipped board or --scenario FILE) and play it through the rules engine, printing the event
    log (round, phase, what happened and the rule clause) and a last line saying whether the game
    was won or lost and why, or that the decision cap was reached. Exits 1 if play gets stuck
    (an engine bug), else 0.

    Without --random or --bot, you play: the board is drawn, then what the rules ask, and you
    type an action phrase per line (as for rulings resolve, e.g. start yellow, move yellow east,
    roll 1,2,4,5w,6w, option 2). The board is drawn again whenever the round, phase or turn
    changes. Besides phrases: show (the board now), save FILE (the position now, to go on with
    rulings resolve FILE), undo (take back the last decision), help (these words and the
    phrases), quit.

    With --random a seeded random policy makes every decision and the same seed replays the
    same game; with --bot expert the game's own lookahead player does; with --bot mcts
    OpenSpiel's Monte-Carlo tree search (the optional open-spiel extra), --simulations N per
    decision. Chance is always drawn from the seeded random source. A player is not a rule: the
    engine alone says what is legal and who won. Progress goes to stderr on long games.

    --log LOG keeps the game as phrases (one per line; an undone decision is not kept) and the
    game as set up beside it (LOG's name with .start.yaml), so that rulings resolve START
    --replay LOG replays it; --save-at ROUND FILE stops at round ROUND and writes the position.
    """
    spec = registry.game(game_name)
    interactive = not at_random and bot == "random"
    check_bot(bot, simulations, spec)
    options = chosen_options(
        ctx,
        spec,
        "play",
        values,
        lambda flag, name: f"{flag} applies to {', '.join(takers(name, 'play'))} only",
    )
    ruleset = ruleset_of(spec, readings)
    if as_json and interactive:
        raise click.UsageError("--json needs --random (interactive play prints as it goes)")
    if save_at is not None:
        check_save_path(Path(save_at[1]))
    log_path = None if log_file is None else check_log_path(Path(log_file))
    try:
        new = spec.new_game(ruleset, seed, options)
    except SetupRefused as error:
        raise refused(error) from None
    policy = bot_policy(bot, spec, new.game, simulations, seed)
    rng = Random(seed)
    logged: list[LogLine] = []

    def log(entry: LogLine) -> None:
        logged.append(entry)
        if not as_json:
            click.echo(entry.text)

    for entry in spec.play_opening(new, seed):
        log(entry)
    if log_path is not None:
        write_start(spec, new, log_path)
    until = None if save_at is None else reached_round(save_at[0])
    if interactive:
        keep = None if log_path is None else partial(write_play_log, spec, seed, log_path)
        state, ending, phrases = play_typed(
            spec, new, ruleset, rng, max_decisions, until, log, keep or (lambda phrases: None)
        )
    else:
        state, ending, phrases = play_chosen(
            spec, new, rng, max_decisions, until, policy, log, log_path is not None
        )
    if save_at is not None:
        save_position(spec, new.game, state, ending, save_at, log)
    if log_path is not None:
        write_play_log(spec, seed, log_path, phrases)
        text = f"log written to {log_path}: {replay_command(log_path)}"
        log(LogLine(text, {"log": str(log_path), "decisions": len(phrases)}))
    if as_json:
        entries = [entry.data for entry in logged]
        click.echo(json.dumps({spec.play_json_key: entries, "ending": ending.data()}))
    else:
        click.echo(ending.line())
    unsaved = save_at is not None and ending.result != "stopped"
    ctx.exit(1 if ending.result == "stuck" or unsaved else 0)


def play_chosen(
    spec: GameSpec,
    new: Any,
    rng: Random,
    cap: int,
    until: Callable[[Any], bool] | None,
    policy: Callable[[Any, PlayerNode], Decision] | None,
    log: Log,
    said: bool,
) -> tuple[Any, Ending, list[str]]:
    """Play by the seeded random policy or ``policy``; with ``said``, also the phrase of every
    decision made (for ``--log``)."""
    book, game = spec.phrasebook(), new.game
    phrases: list[str] = []

    def narrate(before: Any, decision: Decision, step: Step) -> list[LogLine]:
        if said:
            phrases.append(phrase_for(book, game, before, game.node(before), decision))
        return spec.play_step(before, decision, step)

    state, ending = play_random(game, new.state, rng, cap, log, Progress(), policy, narrate, until)
    return state, ending, phrases


def play_typed(
    spec: GameSpec,
    new: Any,
    ruleset: Any,
    rng: Random,
    cap: int,
    until: Callable[[Any], bool] | None,
    log: Log,
    keep_log: Callable[[list[str]], None] = lambda phrases: None,
) -> tuple[Any, Ending, list[str]]:
    """Interactive play from stdin (:mod:`engine.cli.interactive`) until the game ends, the
    cap or ``until``'s round is reached, or the player quits."""
    table = Table(spec, new.game, ruleset, new.state)

    def stop_here(state: Any, node: Node, made: int) -> bool:
        reached = until is not None and until(state)
        return reached or ending_of(state, node, made, cap) is not None

    player_quit = play_lines(table, sys.stdin, rng, stop_here, log, lambda t: keep_log(t.phrases()))
    state, made = table.state, table.decisions
    if player_quit:
        ending = Ending("quit", None, "play stopped before the end", made, round_of(state))
    elif until is not None and until(state):
        why = f"play stopped at the first decision of round {round_of(state)} (--save-at)"
        ending = Ending("stopped", None, why, made, round_of(state))
    else:
        found = ending_of(state, new.game.node(state), made, cap)
        assert found is not None
        ending = found
    return state, ending, table.phrases()


def check_log_path(path: Path) -> Path:
    """Refuse, before any play, a ``--log`` file that could not be written, or one whose start
    position would overwrite it."""
    if not path.parent.is_dir():
        raise click.BadParameter(
            f"{path}: the folder {path.parent} does not exist", param_hint="--log"
        )
    if path.suffix in (".yaml", ".yml", ".json"):
        better = path.with_suffix(".txt").name
        raise click.BadParameter(
            f"{path}: a log is a phrase file, not a position; name it {better}",
            param_hint="--log",
        )
    return path


def plural(count: int, word: str) -> str:
    """``1 decision``, ``2 decisions``."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def replay_command(log_path: Path) -> str:
    """The command that replays a play log from its start position."""
    return f"rulings resolve {start_file(log_path)} --replay {log_path}"


def write_start(spec: GameSpec, new: Any, log_path: Path) -> None:
    """Write the game as set up beside the log (``--log``), for its replay to start from."""
    target = start_file(log_path)
    try:
        write_atomically(target, spec.position_text(new.game, new.state))
    except OSError as error:
        raise click.FileError(str(target), error.strerror or str(error)) from None


def write_play_log(spec: GameSpec, seed: int, log_path: Path, phrases: list[str]) -> None:
    """Write the phrases of the decisions kept to ``log_path`` (whole or not at all)."""
    header = (
        f"rulings play {spec.name} --seed {seed}: {plural(len(phrases), 'decision')}, one per line",
        f"replay: {replay_command(log_path)}",
    )
    try:
        write_log(log_path, phrases, header)
    except OSError as error:
        raise click.FileError(str(log_path), error.strerror or str(error)) from None


def check_save_path(path: Path) -> None:
    """Refuse, before any play, a ``--save-at`` file that could not be written as a position."""
    if path.suffix not in (".yaml", ".yml"):
        raise click.BadParameter(
            f"{path}: a position file is YAML; name it {path.with_suffix('.yaml').name}",
            param_hint="--save-at",
        )
    if not path.parent.is_dir():
        raise click.BadParameter(
            f"{path}: the folder {path.parent} does not exist", param_hint="--save-at"
        )


def reached_round(round_no: int) -> Callable[[Any], bool]:
    """Whether a state is in round ``round_no`` or later (a game without rounds never is)."""

    def reached(state: Any) -> bool:
        here = round_of(state)
        return here is not None and here >= round_no

    return reached


def save_position(
    spec: GameSpec, game: Any, state: Any, ending: Ending, save_at: tuple[int, str], log: Log
) -> None:
    """Write the position play stopped at (``--save-at``), or say on stderr why there is none."""
    round_no, name = save_at
    if ending.result != "stopped":
        where = "" if ending.round is None else f" (round {ending.round})"
        click.echo(
            f"rulings play: --save-at: play never reached round {round_no}{where}: "
            f"{ending.why}; nothing was written to {name}",
            err=True,
        )
        return
    path = Path(name)
    try:
        write_atomically(path, spec.position_text(game, state))
    except OSError as error:
        raise click.FileError(name, error.strerror or str(error)) from None
    text = f"saved the position at round {round_no} to {name}: ask with rulings solve {name}"
    log(LogLine(text, {"saved": name, "round": round_no}))
