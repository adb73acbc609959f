"""Under Falling Skies' decisions in words: the phrases ``rulings resolve`` reads, the phrase
that names each decision (``say``, read back by ``parse_phrase``) and what the rules ask for next.

Everything decided about the rules is the engine's (``FallingSkiesGame.node``/``apply``); this
module only reads and writes words. Registered in the game's entry as its :class:`Phrasebook`.

Decision phrases (case-insensitive)::

    place 2 on 3,4     place the unplaced grey 2 on city row 3, column 4 (6w: a white 6)
    resolve r3c2       resolve a room (paying its energy cost)
    skip r3c2          take a room's dice off unused
    excavate           move the excavator (one energy)
    end rooms          end the room phase
    launch 3           launch the next ship into column 3 (when the priorities tie)
    roll 3,5,6w,1,2    the faces rolled (w: a white die); bare "roll" draws one with --seed
    option N           the N-th option listed as next
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

import click

from engine.core.game import ChanceNode, Event, Node, PlayerNode, TerminalNode, sample_outcome
from engine.core.registry import Phrasebook
from engine.falling_skies.game import (
    EndRoomPhase,
    LaunchColumn,
    MoveExcavator,
    PlaceDie,
    ResolveRoom,
    Roll,
    SkipRoom,
)
from engine.falling_skies.state import FSState

PHRASES = """\
  place V[w] on R,C     place an unplaced die showing V (Vw: a white one)
                        on city row R, column C
  resolve ROOM          resolve a room, paying its cost (e.g. resolve r3c2)
  skip ROOM             take a room's dice off unused
  excavate              move the excavator (costs one energy)
  end rooms             end the room phase
  launch C              launch the next ship into column C (a priority tie)
  roll V,V,Vw,...       the faces rolled (w marks a white die); a bare
                        roll draws at random with --seed
  option N              the N-th option listed as next"""

FORMS_HELP = f"""\b
Under Falling Skies positions (game: falling-skies) take these phrases:
{PHRASES}
"""
"""The phrase forms as ``rulings resolve --help`` lists them."""


# -- reading a phrase ----------------------------------------------------------------------------
FACE = re.compile(r"^([1-6])(w?)$")
SPACE = re.compile(r"^(\d+),(\d+)$")


@dataclass(frozen=True)
class Reading:
    """What a phrase is read against: the state, the node asking, and a random source."""

    state: FSState
    node: Node
    phrase: str
    rng: Random | None = None

    def fail(self, problem: str) -> click.BadParameter:
        return click.BadParameter(f"{self.phrase!r}: {problem}", param_hint="ACTION")


def words_of(phrase: str) -> list[str]:
    """Lower-case words, with ``3, 4`` read as ``3,4``."""
    text = re.sub(r"\s*,\s*", ",", phrase.lower().replace("[", " ").replace("]", " "))
    return text.split()


def _place(r: Reading, args: list[str]) -> object:
    if len(args) == 3 and args[1] in ("on", "at"):
        args = [args[0], args[2]]
    if len(args) != 2:
        raise r.fail("write it as: place V[w] on R,C (e.g. place 2 on 3,4, place 6w on 1,5)")
    face, space = FACE.match(args[0]), SPACE.match(args[1])
    if face is None:
        raise r.fail(f"{args[0]!r} is not a die face 1-6 (add w for a white die: 6w)")
    if space is None:
        raise r.fail(f"{args[1]!r} is not a city space R,C (row, column)")
    value, white = int(face[1]), face[2] == "w"
    index = next(
        (i for i, d in enumerate(r.state.rolled) if d.value == value and d.white == white), None
    )
    if index is None:
        shown = ", ".join(f"{d.value}{'w' if d.white else ''}" for d in r.state.rolled)
        colour = "white" if white else "grey"
        raise r.fail(f"no unplaced {colour} {value} (unplaced: {shown or 'none'})")
    return PlaceDie(index, int(space[1]), int(space[2]))


def _room(cls: type) -> Callable[[Reading, list[str]], object]:
    def parse(r: Reading, args: list[str]) -> object:
        if len(args) != 1:
            raise r.fail(f"write it as: {cls.__name__[:-4].lower()} ROOM (e.g. r3c2)")
        return cls(args[0])

    return parse


def _excavate(r: Reading, args: list[str]) -> object:
    if args:
        raise r.fail("write it as: excavate")
    return MoveExcavator()


def _end(r: Reading, args: list[str]) -> object:
    if args not in (["rooms"], ["room"], ["room", "phase"]):
        raise r.fail("write it as: end rooms")
    return EndRoomPhase()


def _launch(r: Reading, args: list[str]) -> object:
    if len(args) != 1 or not args[0].isdigit():
        raise r.fail("write it as: launch C (a column number)")
    return LaunchColumn(int(args[0]))


def _roll(r: Reading, args: list[str]) -> object:
    if not args:
        if not isinstance(r.node, ChanceNode):
            raise r.fail("nothing is being rolled now")
        if r.rng is None:
            raise r.fail("say the faces (e.g. roll 3,5,6w,1,2), or give --seed to roll at random")
        return sample_outcome(r.node, r.rng)
    faces = [f for arg in args for f in arg.split(",") if f]
    grey, white = [], []
    for word in faces:
        face = FACE.match(word)
        if face is None:
            raise r.fail(f"{word!r} is not a die face 1-6 (add w for a white die: 6w)")
        (white if face[2] else grey).append(int(face[1]))
    values = tuple((v, False) for v in sorted(grey)) + tuple((v, True) for v in sorted(white))
    return Roll(values)


def _option(r: Reading, args: list[str]) -> object:
    if isinstance(r.node, PlayerNode):
        choices: Sequence[object] = r.node.legal
    elif isinstance(r.node, ChanceNode):
        choices = [outcome for outcome, _ in r.node.outcomes]
    else:
        raise r.fail("nothing is being decided now, so there are no options")
    if len(args) != 1 or not args[0].isdigit() or not 1 <= int(args[0]) <= len(choices):
        raise r.fail(f"give an option number from 1 to {len(choices)}")
    return choices[int(args[0]) - 1]


FORMS: dict[str, Callable[[Reading, list[str]], object]] = {
    "place": _place,
    "resolve": _room(ResolveRoom),
    "skip": _room(SkipRoom),
    "excavate": _excavate,
    "end": _end,
    "launch": _launch,
    "roll": _roll,
    "option": _option,
}


def parse_phrase(reading: Reading) -> object:
    """The decision a phrase names; a usage error (exit 2) if it names none."""
    words = words_of(reading.phrase)
    forms = ", ".join(FORMS)
    if not words:
        raise reading.fail(f"say what to do (phrases start with {forms})")
    parse = FORMS.get(words[0])
    if parse is None:
        raise reading.fail(f"no action starts with {words[0]!r} (phrases start with {forms})")
    return parse(reading, words[1:])


def say(decision: object, state: FSState | None = None) -> str:
    """The phrase for a decision (read back by ``parse_phrase``)."""
    if isinstance(decision, PlaceDie):
        face = "?"
        if state is not None and decision.die < len(state.rolled):
            die = state.rolled[decision.die]
            face = f"{die.value}{'w' if die.white else ''}"
        return f"place {face} on {decision.row},{decision.column}"
    if isinstance(decision, ResolveRoom):
        return f"resolve {decision.room}"
    if isinstance(decision, SkipRoom):
        return f"skip {decision.room}"
    if isinstance(decision, MoveExcavator):
        return "excavate"
    if isinstance(decision, EndRoomPhase):
        return "end rooms"
    if isinstance(decision, LaunchColumn):
        return f"launch {decision.column}"
    if isinstance(decision, Roll):
        return "roll " + ",".join(f"{v}{'w' if w else ''}" for v, w in decision.values)
    return str(decision)


# -- narration -----------------------------------------------------------------------------------
def event_line(event: Event) -> str:
    return f"{event.text} [{event.clause}]"


def node_lines(state: FSState, node: Node) -> list[str]:
    """What the rules ask for next, with numbered options (a roll: how to say one)."""
    if isinstance(node, TerminalNode):
        why = state.outcome[2] if state.outcome else ""
        return [f"next: the game is over: {node.outcome} [{node.clause}]: {why}"]
    if isinstance(node, ChanceNode):
        example = say(node.outcomes[0][0]) if node.outcomes else "roll"
        return [
            f"next: chance [{node.clause}]: {node.prompt} ({len(node.outcomes)} outcomes; say "
            f'e.g. "{example}", or a bare "roll" with --seed)'
        ]
    if isinstance(node, PlayerNode):
        lines = [f"next: {node.player} to decide [{node.clause}]: {node.prompt}"]
        lines += [f"  {n}. {say(d, state)}" for n, d in enumerate(node.legal, 1)]
        if not node.legal:
            lines.append("  (no legal decision)")
        return lines
    return ["next: nothing is pending"]


def node_data(state: FSState, node: Node) -> dict[str, Any]:
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
                {"n": n, "say": say(d, state), "type": type(d).__name__}
                for n, d in enumerate(node.legal, 1)
            ],
        }
    return {"type": "idle"}


def phrasebook() -> Phrasebook:
    """Under Falling Skies' phrases, for the registry."""
    return Phrasebook(
        read=lambda game, state, node, phrase, rng: parse_phrase(Reading(state, node, phrase, rng)),
        say=lambda state, decision: say(decision, state),
        next_lines=node_lines,
        next_data=node_data,
        event_line=event_line,
        forms=FORMS_HELP,
    )
