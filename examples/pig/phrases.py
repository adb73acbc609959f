"""Solo Pig decisions as words: the phrases ``rulings resolve`` reads and says, and narration.

Decision phrases (case-insensitive)::

    roll        roll the die again (pig.turn.choose); while the die is rolling, a bare roll
                draws its face at random when a seed is given (--seed)
    hold        bank the turn total and end the turn (pig.turn.hold)
    roll 4      the face the rolling die shows (pig.die.fair)
    option N    the N-th option listed as next

Reading a phrase only reads words: whether the rules allow the decision is the engine's answer
(``PigGame.apply`` refuses, e.g., ``roll 4`` while no die is rolling, citing
``pig.die.in-the-air``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random
from typing import Any

import click

from engine.core.errors import did_you_mean
from engine.core.game import ChanceNode, Event, Node, PlayerNode, TerminalNode, sample_outcome
from engine.core.phrases import Form, verb_and_words
from engine.core.registry import Phrasebook
from examples.pig.game import Face, Hold, Roll
from examples.pig.state import PigState

PHRASES = """\
  roll                  roll the die again; while it is rolling, a bare roll
                        draws its face at random with --seed
  hold                  bank the turn total and end the turn
  roll F                the face F (1-6) the rolling die shows
  option N              the N-th option listed as next"""

FORMS = f"""\b
Solo Pig positions (game: pig) take these phrases:
{PHRASES}
"""
"""The phrase forms as ``rulings resolve --help`` lists them (a ``\\b`` paragraph: as it is)."""


def _fail(phrase: str, problem: str) -> click.BadParameter:
    return click.BadParameter(f"{phrase!r}: {problem}", param_hint="ACTION")


FACES = tuple(str(face) for face in range(1, 7))
"""The faces of the die as a phrase writes them (``pig.die.fair``)."""


def _roll(phrase: str, node: Node, args: list[str], rng: Random | None) -> object:
    """``roll`` (the player rolls again, or a drawn face) or ``roll F`` (the face shown); whether
    a die is rolling is the engine's answer (``pig.die.in-the-air``)."""
    if args:
        if args[0] not in FACES:
            raise _fail(
                phrase,
                f"{args[0]!r} is not a face of the die{did_you_mean(args[0], FACES)} "
                "(faces: 1 to 6); write it as: roll F, e.g. roll 4",
            )
        return Face(int(args[0]))
    if isinstance(node, ChanceNode):
        if rng is None:
            raise _fail(phrase, "say the face (e.g. roll 4), or give --seed to roll at random")
        return sample_outcome(node, rng)
    return Roll()


def _hold(phrase: str, node: Node, args: list[str], rng: Random | None) -> object:
    """``hold``: bank the turn total (``pig.turn.hold``)."""
    return Hold()


def _option(phrase: str, node: Node, args: list[str], rng: Random | None) -> object:
    """``option N``: the N-th decision or outcome listed as next."""
    if isinstance(node, PlayerNode):
        choices: Sequence[object] = node.legal
    elif isinstance(node, ChanceNode):
        choices = [outcome for outcome, _ in node.outcomes]
    else:
        raise _fail(phrase, "nothing is being decided now, so there are no options")
    if not args[0].isdigit() or not 1 <= int(args[0]) <= len(choices):
        raise _fail(
            phrase, f"{args[0]!r} is not an option: give an option number from 1 to {len(choices)}"
        )
    return choices[int(args[0]) - 1]


Parser = Callable[[str, Node, list[str], Random | None], object]

VERBS: dict[str, Form[Parser]] = {
    "roll": Form("roll [F] (F: a face from 1 to 6)", (0, 1), _roll),
    "hold": Form("hold", (0, 0), _hold),
    "option": Form("option N", (1, 1), _option),
}
"""Every phrase by its first word: how it is written, how many words follow it, its reader."""


def read(game: Any, state: PigState, node: Node, phrase: str, rng: Random | None) -> object:
    """The decision a phrase names; ``click.BadParameter`` (exit 2) naming the word that is not
    a phrase's, with the nearest one and the forms, if it names none."""
    form, args = verb_and_words(phrase, VERBS, lambda problem: _fail(phrase, problem))
    return form.parse(phrase, node, args, rng)


def say(state: PigState | None, decision: object) -> str | None:
    """The phrase for a decision (read back by :func:`read`); ``None`` for no Pig decision."""
    if isinstance(decision, Roll):
        return "roll"
    if isinstance(decision, Hold):
        return "hold"
    if isinstance(decision, Face):
        return f"roll {decision.value}"
    return None


# -- narration ----------------------------------------------------------------------------------
def event_line(event: Event) -> str:
    """One event on one line, with its clause."""
    return f"{event.text} [{event.clause}]"


def next_lines(state: PigState, node: Node) -> list[str]:
    """What the rules ask for next, with numbered options (a roll: how to say its face)."""
    if isinstance(node, TerminalNode):
        why = state.outcome[2] if state.outcome else ""
        return [f"next: the game is over: {node.outcome} [{node.clause}]: {why}"]
    if isinstance(node, ChanceNode):
        return [
            f"next: chance [{node.clause}]: {node.prompt} ({len(node.outcomes)} outcomes; say "
            'e.g. "roll 4", or a bare "roll" with --seed)'
        ]
    if isinstance(node, PlayerNode):
        lines = [f"next: {node.player} to decide [{node.clause}]: {node.prompt}"]
        lines += [f"  {n}. {say(state, d)}" for n, d in enumerate(node.legal, 1)]
        return lines
    return ["next: nothing is pending"]


def next_data(state: PigState, node: Node) -> dict[str, Any]:
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
                {"n": n, "say": say(state, d), "type": type(d).__name__}
                for n, d in enumerate(node.legal, 1)
            ],
        }
    return {"type": "idle"}


PHRASEBOOK = Phrasebook(
    read=read,
    say=say,
    next_lines=next_lines,
    next_data=next_data,
    event_line=event_line,
    forms=FORMS,
)
"""Solo Pig's phrasebook for the registry."""
