"""``rulings solve``: is this position winnable, how likely under best play, and how (issue 8).

The position (any registered game, by its ``game`` key, with ``--reading`` values; the file
read once) is solved by :func:`solver.search.solve` through the engine's node/apply interface;
this module only opens the file, says decisions as ``rulings resolve`` phrases (the game's
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
from engine.cli.params import examples, json_option, readings_option, ruleset_of
from engine.core import registry
from engine.core.errors import PositionError
from engine.core.registry import GameSpec
from solver.search import Limits, Progress, Solution, SolveError, StrategyNode, solve

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


def answer_data(solution: Solution, say: Sayer, root: Any) -> dict[str, Any]:
    """The JSON answer (keys: verdict, probability, best, alternatives, plan, rounds_proved,
    complete, nodes, seconds, limits; also strategy and limit_hit)."""
    alternatives = [
        {"decision": say(root, d), "probability": fraction(v)}
        for d, v in solution.alternatives or ()
    ]
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
        "best": None if solution.best is None else say(root, solution.best),
        "alternatives": alternatives,
        "plan": plan,
        "rounds_proved": solution.rounds_proved,
        "complete": solution.complete,
        "nodes": solution.nodes,
        "seconds": round(solution.seconds, 3),
        "limits": {
            "rounds": limits.rounds,
            "max_nodes": limits.max_nodes,
            "timeout": limits.timeout,
        },
        "limit_hit": solution.limit_hit,
        "strategy": None if solution.strategy is None else strategy_data(solution.strategy, say),
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


def answer_lines(solution: Solution, say: Sayer, root: Any) -> list[str]:
    """The answer in words: verdict, probability, best decision, alternatives, plan, limits."""
    p = solution.probability
    lines = [f"verdict: {solution.verdict}"]
    shown = "unknown" if p is None else f"{fraction(p)} (about {float(p):.6f})"
    bound_only = p is not None and p < 1 and not solution.complete
    if bound_only:
        lines.append(
            f"probability of winning under best play: at least {shown}, a proven lower bound, "
            f"not the value (only wins within {solution.rounds_proved} round(s) are counted)"
        )
    else:
        lines.append(f"probability of winning under best play: {shown}")
    if solution.best is not None:
        lines.append(f"best next decision: {say(root, solution.best)}")
    if solution.alternatives:
        lines.append(
            "every decision now, with its probability of winning:"
            if not bound_only
            else "every decision now, with a proven lower bound of its probability of winning:"
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
    lines += limit_lines(solution)
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
            text = f"solve: horizon {horizon} done: p = {fraction(report.probability)}"
        else:
            text = f"solve: searching horizon {horizon}"
        click.echo(f"{text}, {report.nodes} nodes, {report.seconds:.1f} s", err=True)

    return echo


def write_plan(path: str, solution: Solution, say: Sayer, source: str) -> None:
    """The plan's phrases as a replay file for ``rulings resolve POS --replay FILE``."""
    lines = [f"# plan found by rulings solve {source}: {solution.verdict}"]
    lines += [say(step.state, step.decision) for step in solution.plan]
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
    short_help="Is this position winnable? Exact probability, best decision and a plan.",
    epilog=examples(
        "solve",
        after=(
            "rulings solve POS --rounds 2 --max-nodes 100000 --plan-out plan.txt",
            "rulings resolve POS --replay plan.txt          # replay the plan found",
        ),
    ),
)
@click.argument("path", metavar="POS")
@click.option(
    "--rounds",
    type=click.IntRange(min=1),
    metavar="N",
    help="Horizon: count only wins within N rounds, the current one included (default: the 'rounds' of the file's puzzle entry, if any).",
)
@click.option(
    "--max-nodes", type=click.IntRange(min=1), metavar="N", help="Stop after N states expanded."
)
@click.option(
    "--timeout",
    type=click.FloatRange(min=0, min_open=True),
    metavar="S",
    help="Stop after S seconds (the last finished horizon is reported).",
)
@click.option(
    "--plan-out",
    type=click.Path(dir_okay=False),
    metavar="FILE",
    help="Write the plan's phrases as a replay file for rulings resolve POS --replay FILE.",
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
    plan_out: str | None,
    placement: str | None,
    rerolls: str,
    as_json: bool,
    readings: tuple[str, ...],
) -> None:
    """Solve the position POS (either game): won, lost, winnable for certain, winnable with
    luck, not winnable, or unknown within the limits; the exact probability of winning under best
    play (p/q), the best next decision and the value of every alternative (as rulings resolve
    phrases), and a plan: the decisions to take and the chance outcome assumed at each chance
    node, with the strategy's reply to every outcome for a certain win. The search deepens one
    round at a time, so a search stopped by --max-nodes or --timeout reports what the last
    finished horizon proved. Progress goes to stderr.

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
    opened = spec.open_data(data, path, ruleset_of(spec, readings))
    game, state = opened.game, opened.state
    if placement is not None:
        answer_placement(path, spec, game, state, placement, rerolls, as_json)
        return
    limits = Limits(rounds, max_nodes, timeout)
    try:
        solution = solve(game, state, limits, progress_echo())
    except SolveError as error:
        raise PositionError(path, "file", str(error)) from None
    say = Sayer(spec, game)
    if plan_out is not None:
        write_plan(plan_out, solution, say, path)
    if as_json:
        data = answer_data(solution, say, state)
        if puzzle is not None:
            data["puzzle"] = puzzle_check(puzzle, data)
        click.echo(json.dumps(data))
        return
    click.echo("\n".join(answer_lines(solution, say, state)))
    if puzzle is not None:
        check = puzzle_check(puzzle, answer_data(solution, say, state))
        click.echo(
            f"written answer: {check['verdict']}"
            + (f", probability {check['probability']}" if check["probability"] else "")
            + f" — the solver {'agrees' if check['agrees'] else 'DISAGREES'}"
        )
    if plan_out is not None:
        click.echo(f"plan written to {plan_out} (rulings resolve {path} --replay {plan_out})")
