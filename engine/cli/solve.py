"""``rulings solve``: is this position winnable, how likely under best play, and how.

The position (any registered game, by its ``game`` key, with ``--reading`` values; the file
read once) is answered by :func:`solver.answer.answer` through the engine's node/apply
interface — proven bounds, a line with luck, a player's estimate — within one budget; this
module only opens the file, says decisions as ``rulings resolve`` phrases (the game's
phrasebook, ``engine.cli.replay``) and prints.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import click

from engine.cli import replay
from engine.cli.params import (
    FilePath,
    examples,
    json_option,
    player_named,
    readings_option,
    ruleset_of,
)
from engine.core import registry
from engine.core.errors import PositionError
from engine.core.game import ChanceNode
from engine.core.registry import GameSpec
from solver.answer import DEFAULT_ALTERNATIVES, DEFAULT_TIMEOUT, Answer, Budget, Luck, answer
from solver.search import Limits, Progress, Solution, SolveError, StrategyNode

STRATEGY_LINES = 200
"""At most this many lines of a certain win's strategy tree are printed."""


def fraction(value: Fraction | None) -> str | None:
    """``p/q`` (``1/1`` and ``0/1`` for certainty), or None."""
    return None if value is None else f"{value.numerator}/{value.denominator}"


class Sayer:
    """Says a game's decisions as the phrases ``rulings resolve`` reads back."""

    def __init__(self, spec: GameSpec, game: Any) -> None:
        self.book = spec.phrasebook()
        self.game = game

    def __call__(self, state: Any, decision: Any) -> str:
        return replay.phrase_for(self.book, self.game, state, self.game.node(state), decision)


def answer_data(found: Answer, say: Sayer, root: Any) -> dict[str, Any]:
    """The JSON answer: verdict, probability (the proven lower bound), bounds {lower, upper,
    exact, lower_rounds, upper_rounds}, best, alternatives (each root decision with its proven
    lower bound and the player's estimate), plan, with_luck, estimate, rounds_proved, complete,
    nodes, seconds, limits, limit_hit and strategy."""
    solution = found.solution
    plan = []
    for step in solution.plan:
        item: dict[str, Any] = {"phrase": say(step.state, step.decision), "kind": step.kind}
        if step.kind == "chance":
            item["probability_of_outcome"] = fraction(step.probability)
        plan.append(item)
    limits = solution.limits
    return {
        "verdict": solution.verdict,
        "probability": fraction(solution.probability),
        "bounds": {
            "lower": fraction(solution.lower),
            "upper": fraction(solution.upper),
            "exact": solution.exact,
            "lower_rounds": solution.rounds_proved,
            "upper_rounds": solution.upper_rounds,
        },
        "best": None if solution.best is None else say(root, solution.best),
        "alternatives": alternatives_data(found, say, root),
        "plan": plan,
        "with_luck": luck_data(found.luck, say),
        "estimate": None if found.estimate is None else found.estimate.data(),
        "rounds_proved": solution.rounds_proved,
        "complete": solution.complete,
        "nodes": solution.nodes,
        "seconds": round(found.seconds, 3),
        "limits": {
            "rounds": limits.rounds,
            "max_nodes": limits.max_nodes,
            "timeout": limits.timeout,
        },
        "limit_hit": solution.limit_hit,
        "strategy": None if solution.strategy is None else strategy_data(solution.strategy, say),
    }


def alternatives_data(found: Answer, say: Sayer, root: Any) -> list[dict[str, Any]]:
    """Each root decision (those the search valued, then those only estimated) with its proven
    lower bound (``probability``; null when the search did not value it), and, when estimated,
    the player's games after it and whether it is the player's own choice."""
    estimated = {say(root, a.decision): a for a in found.alternatives}
    rows: list[dict[str, Any]] = []
    for decision, value in found.solution.alternatives or ():
        rows.append({"decision": say(root, decision), "probability": fraction(value)})
    known = {row["decision"] for row in rows}
    rows += [{"decision": p, "probability": None} for p in estimated if p not in known]
    for row in rows:
        alternative = estimated.get(row["decision"])
        if alternative is not None:
            row["estimate"] = alternative.estimate.data()
            row["chosen"] = alternative.chosen
    return rows


def luck_data(luck: Luck, say: Sayer) -> dict[str, Any]:
    """The "with luck" answer: found (true, false: proved none, null: unknown), how, text, and
    the winning line's phrases (decisions and chance outcomes)."""
    return {
        "found": luck.found,
        "how": luck.how,
        "text": luck.text,
        "line": [say(state, choice) for state, choice in luck.line],
    }


def strategy_data(node: StrategyNode, say: Sayer) -> dict[str, Any]:
    """A certain win's strategy tree as nested JSON."""
    if node.terminal is not None:
        return {"end": node.terminal}
    if node.truncated:
        return {"truncated": True}
    if node.decision is not None and node.after is not None:
        return {"decision": say(node.state, node.decision), "then": strategy_data(node.after, say)}
    return {
        "chance": [
            {
                "outcome": say(node.state, o),
                "probability": fraction(p),
                "then": strategy_data(child, say),
            }
            for o, p, child in node.outcomes
        ]
    }


def answer_lines(found: Answer, say: Sayer, root: Any) -> list[str]:
    """The answer in words: verdict; proven (bounds, best decision, alternatives, plan,
    strategy); with luck; estimated; limits."""
    solution = found.solution
    p = solution.probability
    lines = [f"verdict: {solution.verdict}"]
    shown = "unknown" if p is None else f"{fraction(p)} (about {float(p):.6f})"
    bound_only = not solution.exact and solution.verdict not in ("won", "lost")
    if bound_only:
        lines.append(
            f"probability of winning under best play: at least {fraction(solution.lower)}, a "
            f"proven lower bound, not the value ({counted(solution)})"
            if solution.harvested is None
            else f"probability of winning under best play: at least "
            f"{fraction(solution.lower)}, a proven lower bound, not the value (the wins found "
            f"so far)"
        )
    else:
        lines.append(f"probability of winning under best play: {shown}")
    lines.append(f"proven: {bounds_text(solution)}")
    if solution.best is not None:
        lines.append(f"best next decision: {say(root, solution.best)}")
    if solution.alternatives:
        lines.append(
            "every decision now, with a proven lower bound of its probability of winning:"
            if bound_only
            else "every decision now, with its probability of winning:"
        )
        width = max(len(say(root, d)) for d, _ in solution.alternatives)
        for decision, value in solution.alternatives:
            lines.append(f"  {say(root, decision):<{width}}  {fraction(value)}")
    if solution.plan:
        lines.append("plan (the principal line; at each chance node the likeliest outcome that "
                     "keeps the win):")  # fmt: skip
        for n, step in enumerate(solution.plan, 1):
            phrase = say(step.state, step.decision)
            if step.kind == "chance":
                lines.append(f"  {n}. chance: {phrase}  (p = {fraction(step.probability)})")
            else:
                lines.append(f"  {n}. {phrase}")
    if solution.strategy is not None:
        lines.append("strategy (a reply to every chance outcome):")
        tree = strategy_lines(solution.strategy, say, "  ")
        lines += tree[:STRATEGY_LINES]
        if len(tree) > STRATEGY_LINES:
            lines.append(f"  ... ({len(tree) - STRATEGY_LINES} more lines; see --json)")
    lines += luck_lines(found.luck, say)
    lines += estimate_lines(found, say, root)
    lines += limit_lines(solution)
    return lines


def counted(solution: Solution) -> str:
    """Which wins a lower bound from finished horizons counts."""
    if not solution.rounds_proved:
        return "no round was searched to its end"
    return f"only wins within {solution.rounds_proved} round(s) are counted"


def bounds_text(solution: Solution) -> str:
    """The proven bounds in words, the value when they meet."""
    if solution.verdict in ("won", "lost"):
        return f"the game is {solution.verdict}"
    lower, upper = solution.lower, solution.upper
    if solution.exact:
        return f"the probability of winning under best play is exactly {fraction(lower)}"
    if upper is None:
        return f"{fraction(lower)} <= P(win under best play) (no upper bound sought)"
    below = f"wins within {solution.rounds_proved} round(s)"
    if not solution.rounds_proved:
        below = "no round searched to its end yet, no win found"
    if solution.harvested is not None and solution.harvested == lower:
        below = "the wins found so far, the last horizon unfinished"
    if solution.upper_rounds is None:
        above = "nothing searched to the end: the upper bound is the trivial one"
        if upper == 0:
            above = "the game's own bound proves no line wins"
        elif upper < 1:
            above = "every line not yet searched counted as a win"
    else:
        above = (
            f"every line still open after {solution.upper_rounds} round(s) counted as a win "
            f"unless the game's bound proves it lost"
        )
    return (
        f"{fraction(lower)} <= P(win under best play) <= {fraction(upper)} "
        f"(lower: {below}; upper: {above}); these are bounds, not the value"
    )


def luck_lines(luck: Luck, say: Sayer) -> list[str]:
    """The "with luck" answer, and the winning line when one was found by the lucky search."""
    lines = [f"with luck: {luck.text}"]
    if luck.how == "search" and luck.line:
        lines.append("winning line (decisions, and the outcome chance must give):")
        for n, (state, choice) in enumerate(luck.line, 1):
            lines.append(f"  {n}. {say(state, choice)}")
    return lines


def estimate_lines(found: Answer, say: Sayer, root: Any) -> list[str]:
    """The player's estimate from the position and after each root decision estimated."""
    if found.estimate is None:
        return []
    player = found.estimate.player
    lines = [f"estimated: {player} from here: {found.estimate.text()}"]
    if not found.alternatives:
        node = say.game.node(root)
        why = "chance moves first" if isinstance(node, ChanceNode) else "one decision only"
        lines.append(f"  (no decisions to compare now: {why})")
    else:
        lines.append(f"estimated after each decision now ({player} playing on):")
        phrases = [say(root, a.decision) for a in found.alternatives]
        width = max(len(p) for p in phrases)
        for phrase, alternative in zip(phrases, found.alternatives, strict=True):
            mark = f"  ({player}'s choice)" if alternative.chosen else ""
            lines.append(f"  {phrase:<{width}}  {alternative.estimate.text()}{mark}")
        if found.left_out:  # more decisions than --alternatives
            lines.append(
                f"  ({found.left_out} more decision(s) not estimated; --alternatives N for more)"
            )
    return lines


def strategy_lines(node: StrategyNode, say: Sayer, indent: str) -> list[str]:
    """The strategy tree, one line per decision or outcome, indented by depth of chance."""
    lines: list[str] = []
    while node.decision is not None and node.after is not None:
        lines.append(f"{indent}{say(node.state, node.decision)}")
        node = node.after
    if node.terminal is not None:
        lines.append(f"{indent}-> {node.terminal}")
    elif node.truncated:
        lines.append(f"{indent}... (left out)")
    for outcome, p, child in node.outcomes:
        lines.append(f"{indent}if {say(node.state, outcome)} (p = {fraction(p)}):")
        lines += strategy_lines(child, say, indent + "  ")
    return lines


def limit_lines(solution: Solution) -> list[str]:
    limits = solution.limits
    rounds = "none" if limits.rounds is None else str(limits.rounds)
    nodes = "none" if limits.max_nodes is None else str(limits.max_nodes)
    timeout = "none" if limits.timeout is None else f"{limits.timeout:g} s"
    why = ""
    if not solution.complete:
        why = f" (stopped by {solution.limit_hit})" if solution.limit_hit else " (horizon cut)"
    return [
        f"limits: rounds {rounds}, max nodes {nodes}, timeout {timeout}",
        f"searched {solution.nodes} nodes in {solution.seconds:.2f} s; rounds proved: "
        f"{solution.rounds_proved if solution.rounds_proved is not None else 'none'}; "
        f"complete: {'yes' if solution.complete else 'no' + why}",
    ]


def progress_echo() -> Callable[[Progress], None]:
    """Progress on stderr: a line per finished horizon, and one every few seconds."""

    def echo(report: Progress) -> None:
        horizon = "no horizon" if report.rounds is None else f"{report.rounds} round(s)"
        if report.finished:
            text = f"solve: horizon {horizon} done: p >= {fraction(report.probability)}"
        elif report.upper:
            text = f"solve: searching horizon {horizon} for an upper bound"
        else:
            text = f"solve: searching horizon {horizon}"
        click.echo(f"{text}, {report.nodes} nodes, {report.seconds:.1f} s", err=True)

    return echo


def write_plan(path: str, found: Answer, say: Sayer, source: str) -> None:
    """The plan's phrases (or, when the search found none, the lucky search's winning line) as
    a replay file for ``rulings resolve POS --replay FILE``."""
    solution = found.solution
    steps = [(step.state, step.decision) for step in solution.plan]
    what = f"plan found by rulings solve {source}: {solution.verdict}"
    if not steps and found.luck.how == "search" and found.luck.line:
        steps = list(found.luck.line)
        what = f"winning line found with luck by rulings solve {source}"
    lines = [f"# {what}", *(say(state, choice) for state, choice in steps)]
    try:
        Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")
    except OSError as error:
        raise click.BadParameter(
            f"cannot write {path}: {error.strerror or error}", param_hint="--plan-out"
        ) from None


def puzzle_check(puzzle: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    """The puzzle's written answer beside the solver's: do the verdict and probability agree?"""
    answer = puzzle["answer"]
    found = data["probability"]
    agrees = answer["verdict"] == data["verdict"] and (
        "probability" not in answer
        or (found is not None and Fraction(answer["probability"]) == Fraction(found))
    )
    return {
        "verdict": answer["verdict"],
        "probability": answer.get("probability"),
        "agrees": agrees,
    }


def answer_placement(
    path: str, spec: GameSpec, game: Any, state: Any, question: str, rerolls: str, as_json: bool
) -> None:
    """``--placement``: the game's answer to a placement question (``GameSpec.placement``), or
    one usage error."""
    if not spec.placement:
        asked = [s.title for s in registry.games().values() if s.placement]
        raise click.UsageError(f"--placement asks an {' or '.join(asked)} dice phase")
    lines, data = registry.load_reference(spec.placement)(path, game, state, question, rerolls)
    if as_json:
        click.echo(json.dumps(data))
        return
    click.echo("\n".join(lines))


@click.command(
    "solve",
    short_help="Is this position winnable? Proven bounds, a line with luck, an estimate.",
    epilog=examples(
        "solve",
        after=(
            "rulings play falling-skies --bot expert --seed 3 --save-at 4 r4.yaml",
            "rulings solve r4.yaml --timeout 120 --games 200   # a real game, stopped and asked",
            "rulings solve POS --rounds 2 --max-nodes 100000 --plan-out plan.txt",
            "rulings resolve POS --replay plan.txt          # replay the plan found",
        ),
    ),
)
@click.argument("path", metavar="POS", type=FilePath(dir_okay=False))
@click.option(
    "--rounds",
    type=click.IntRange(min=1),
    metavar="N",
    help="Horizon: ask only about wins within N rounds, the current one included (default: the "
    "'rounds' of the file's puzzle entry, if any). The lucky search and the estimate, which "
    "play to the game's end, are then left out unless --games is given.",
)
@click.option(
    "--max-nodes", type=click.IntRange(min=1), metavar="N", help="Stop after N states expanded."
)
@click.option(
    "--timeout",
    type=click.FloatRange(min=0, min_open=True),
    metavar="S",
    help=f"The whole budget in seconds: half for the exact search, then the lucky search and "
    f"the estimate (default {DEFAULT_TIMEOUT:g} s; with --max-nodes alone the search has no "
    f"time limit).",
)
@click.option(
    "--bot",
    metavar="NAME",
    help="The player of the estimate: the game's own player (expert) or random (default: "
    "expert where the game has one).",
)
@click.option(
    "--games",
    type=click.IntRange(min=0),
    metavar="N",
    help="Simulated games of the estimate, from the position and after each decision "
    "estimated (default 100 when the bounds have not met; 0: no estimate).",
)
@click.option(
    "--alternatives",
    type=click.IntRange(min=1),
    default=DEFAULT_ALTERNATIVES,
    show_default=True,
    metavar="K",
    help="Root decisions to estimate: the player's choice and a seeded sample of the others.",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the estimate.")
@click.option(
    "--plan-out",
    type=FilePath(dir_okay=False),
    metavar="FILE",
    help="Write the plan's phrases (or the lucky line's) as a replay file for rulings resolve "
    "POS --replay FILE.",
)
@click.option(
    "--placement",
    metavar="QUESTION",
    help="Under Falling Skies, dice rolled: answer with Z3 instead — 'no-damage' (a placement "
    "taking no damage this dice phase?) or 'research=K' (one reaching research step K this round?).",
)
@click.option(
    "--rerolls",
    type=click.Choice(["luck", "forbid"]),
    default="luck",
    show_default=True,
    help="With --placement: let Z3 choose a white die's reroll faces, or allow no reroll.",
)
@json_option
@readings_option
def solve_command(
    path: str,
    rounds: int | None,
    max_nodes: int | None,
    timeout: float | None,
    bot: str | None,
    games: int | None,
    alternatives: int,
    seed: int,
    plan_out: str | None,
    placement: str | None,
    rerolls: str,
    as_json: bool,
    readings: tuple[str, ...],
) -> None:
    """Answer the position POS (any game) three ways, each labelled:

    \b
    proven     lower and upper bounds on the probability of winning under best
               play, as exact fractions, from the search's partial tree (the
               value when they meet); the verdict (won, lost, winnable for
               certain, winnable with luck, not winnable, unknown within the
               limits), the best next decision, the value of every alternative
               and a plan, as rulings resolve phrases;
    with luck  a line of play and luck that wins, or a proof that none does;
    estimated  the win rate of a player (--bot) over --games simulated games
               from the position with its 95% interval, and after each of up
               to --alternatives decisions now.

    The search deepens one round at a time, so a search stopped by --max-nodes or --timeout
    reports what the last finished horizon proved. Progress goes to stderr.

    --placement asks a Falling Skies dice phase (dice rolled) a deterministic question, answered
    by the Z3 encoding of the phase (solver/z3_falling_skies.py): a placement order, with the
    rooms to resolve for research, or a proof that none exists.
    """
    spec, data = registry.parse_file(path)
    puzzle = data.get("puzzle")
    if isinstance(puzzle, dict):
        rounds = rounds if rounds is not None else puzzle.get("rounds")
        written = tuple(f"{k}={v}" for k, v in (puzzle.get("readings") or {}).items())
        readings = readings or written
    player = player_named(spec, bot, "--bot")
    opened = spec.open_data(data, path, ruleset_of(spec, readings))
    game, state = opened.game, opened.state
    if placement is not None:
        answer_placement(path, spec, game, state, placement, rerolls, as_json)
        return
    seconds = timeout if timeout is not None or max_nodes is not None else DEFAULT_TIMEOUT
    budget = Budget(Limits(rounds, max_nodes), seconds, player, games, alternatives, seed)
    try:
        found = answer(spec, game, state, budget, progress_echo())
    except SolveError as error:
        raise PositionError(path, "file", str(error)) from None
    say = Sayer(spec, game)
    if plan_out is not None:
        write_plan(plan_out, found, say, path)
    if as_json:
        data = answer_data(found, say, state)
        if puzzle is not None:
            data["puzzle"] = puzzle_check(puzzle, data)
        click.echo(json.dumps(data))
        return
    click.echo("\n".join(answer_lines(found, say, state)))
    if puzzle is not None:
        check = puzzle_check(puzzle, answer_data(found, say, state))
        click.echo(
            f"written answer: {check['verdict']}"
            + (f", probability {check['probability']}" if check["probability"] else "")
            + f" — the solver {'agrees' if check['agrees'] else 'DISAGREES'}"
        )
    if plan_out is not None:
        click.echo(f"plan written to {plan_out} (rulings resolve {path} --replay {plan_out})")
