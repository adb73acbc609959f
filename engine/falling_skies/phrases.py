"""Under Falling Skies' decisions in words: the phrases ``rulings resolve`` reads, the phrase
that names each decision (``say``, read back by ``parse_phrase``) and what the rules ask for next.

Everything decided about the rules is the engine's (``FallingSkiesGame.node``/``apply``); this
module only reads and writes words. Registered in the game's entry as its :class:`Phrasebook`.

Decision phrases (case-insensitive)::

    place 2 on 3,4     place the unplaced grey 2 on city row 3, column 4 (6w or white 6:
                       a white 6)
    resolve r3c2       resolve a room (paying its energy cost; resolve 3,2 names it by a
                       space)
    skip r3c2          take a room's dice off unused
    excavate           move the excavator (one energy)
    end rooms          end the room phase
    launch 3           launch the next ship into column 3 (when the priorities tie)
    robot 2,3          install the robot just built on city row 2, column 3 (robot 2,3
                       replacing 1,2: taking off the robot on 1,2 first; robot none: leave
                       it unbuilt, with two robots out)
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

from engine.core.errors import did_you_mean
from engine.core.game import ChanceNode, Event, Node, PlayerNode, TerminalNode, sample_outcome
from engine.core.phrases import Form, verb_and_words
from engine.core.registry import Phrasebook
from engine.falling_skies.game import (
    EndRoomPhase,
    FallingSkiesGame,
    LaunchColumn,
    MoveExcavator,
    PlaceDie,
    ResolveRoom,
    Roll,
    SkipRoom,
)
from engine.falling_skies.robots import BuildRobot
from engine.falling_skies.state import FSState

PHRASES = """\
  place V[w] on R,C     place an unplaced die showing V (Vw or white V: a
                        white one) on city row R, column C
  resolve ROOM          resolve a room, paying its cost (e.g. resolve r3c2;
                        a room is also named by one of its spaces, R,C)
  skip ROOM             take a room's dice off unused
  excavate              move the excavator (costs one energy)
  end rooms             end the room phase
  launch C              launch the next ship into column C (a priority tie)
  robot R,C             install the robot just built on city row R, column C
                        (robot R,C replacing R,C: take that robot off first;
                        robot none: leave it unbuilt, with two robots out)
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
FACES = tuple(f"{v}{w}" for w in ("", "w") for v in range(1, 7))
"""Every die face as a phrase writes it (``6w``: a white 6)."""
COLOURS = {"grey": False, "gray": False, "white": True}
"""A die's colour as a word, for ``place white 4 on 1,3`` (the grey and white dice of
``fs.dice.roll``)."""
LINKS = ("on", "at")
"""The word between the die and the space of ``place``."""


@dataclass(frozen=True)
class Reading:
    """What a phrase is read against: the game (its board), the state, the node asking, and a
    random source."""

    game: FallingSkiesGame
    state: FSState
    node: Node
    phrase: str
    rng: Random | None = None

    def fail(self, problem: str) -> click.BadParameter:
        return click.BadParameter(f"{self.phrase!r}: {problem}", param_hint="ACTION")

    def room(self, word: str) -> str:
        """The id of the board's room ``word`` names (its id, any case, or one of its spaces
        ``R,C``); a usage error naming the word, the nearest room and the rooms otherwise."""
        board = self.game.board
        space = SPACE.match(word)
        if space is not None:
            room = board.room_at.get((int(space[1]), int(space[2])))
            if room is None:
                raise self.fail(f"no room on row {space[1]} column {space[2]} of this board")
            return room.id
        by_word = {room_id.lower(): room_id for room_id in board.rooms}
        if word in by_word:
            return by_word[word]
        offered = [d.room for d in self.legal() if isinstance(d, ResolveRoom | SkipRoom)]
        near = did_you_mean(word, offered) or did_you_mean(word, board.rooms)
        listed = ", ".join(board.rooms) or "none"
        raise self.fail(f"no room {word!r} on this board{near} (rooms: {listed})")

    def legal(self) -> tuple[object, ...]:
        """The decisions the current node allows (none unless a player node)."""
        return self.node.legal if isinstance(self.node, PlayerNode) else ()


def face_of(r: Reading, word: str) -> tuple[int, bool]:
    """A die face ``V`` or ``Vw`` (white) as (value, white): the faces of the grey and white
    dice (``fs.dice.roll``)."""
    face = FACE.match(word)
    if face is None:
        raise r.fail(
            f"{word!r} is not a die face{did_you_mean(word, FACES)}: a face is 1 to 6, "
            "with w added for a white die (6w)"
        )
    return int(face[1]), face[2] == "w"


Parser = Callable[[Reading, list[str]], object]


def _place_form() -> str:
    """How ``place`` is written, for its error messages."""
    return FORMS["place"].written()


def _die_words(r: Reading, words: list[str]) -> tuple[int, bool]:
    """The die of ``place``: ``V``, ``Vw``, or a colour and ``V`` (``white 4``)."""
    if len(words) == 1:
        return face_of(r, words[0])
    colour, face = words
    if FACE.match(colour):
        raise r.fail(f"place takes one die, not {colour} and {face}: write it as: {_place_form()}")
    if colour not in COLOURS:
        near = did_you_mean(colour, COLOURS)
        raise r.fail(
            f"no die colour {colour!r}{near} (colours: grey, white); write it as: {_place_form()}"
        )
    value, white = face_of(r, face)
    if white and not COLOURS[colour]:
        raise r.fail(f"{colour} {face} names two colours: write {value}w or white {value}")
    return value, white or COLOURS[colour]


def _place(r: Reading, args: list[str]) -> object:
    """``place V[w] on R,C``: an unplaced die of the roll goes on a city space (``fs.dice.place``);
    whether the space may take it is the engine's answer."""
    *die, where = args
    if not SPACE.match(where) and any(SPACE.match(word) for word in die):
        raise r.fail(f"{where!r} comes after the city space: write it as: {_place_form()}")
    if len(die) >= 2 and not FACE.match(die[-1]):
        link = die.pop()
        if link not in LINKS:
            raise r.fail(
                f"{link!r} is not a word of place{did_you_mean(link, LINKS)}: write it as: "
                f"{_place_form()}"
            )
    if len(die) > 2:
        raise r.fail(f"place names one die and one city space: write it as: {_place_form()}")
    value, white = _die_words(r, die)
    space = SPACE.match(where)
    if space is None:
        raise r.fail(f"{where!r} is not a city space R,C (row, column), e.g. 3,4")
    index = next(
        (i for i, d in enumerate(r.state.rolled) if d.value == value and d.white == white), None
    )
    if index is None:
        unplaced = [f"{d.value}{'w' if d.white else ''}" for d in r.state.rolled]
        near = did_you_mean(f"{value}{'w' if white else ''}", unplaced)
        colour = "white" if white else "grey"
        listed = ", ".join(unplaced) or "none"
        raise r.fail(f"no unplaced {colour} {value}{near} (unplaced: {listed})")
    return PlaceDie(index, int(space[1]), int(space[2]))


def _room(cls: type) -> Parser:
    """``resolve ROOM`` / ``skip ROOM``: a room of the board; whether a die waits on it is the
    engine's answer (``fs.rooms.resolve``)."""

    def parse(r: Reading, args: list[str]) -> object:
        return cls(r.room(args[0]))

    return parse


def _excavate(r: Reading, args: list[str]) -> object:
    return MoveExcavator()


def _end(r: Reading, args: list[str]) -> object:
    """``end rooms`` (also ``end room`` or ``end room phase``)."""
    if args not in (["rooms"], ["room"], ["room", "phase"]):
        word = next((w for w in args if w not in ("room", "rooms", "phase")), args[0])
        near = did_you_mean(word, ("rooms",))
        raise r.fail(f"{word!r} is not a word of end{near}: write it as: end rooms")
    return EndRoomPhase()


def _launch(r: Reading, args: list[str]) -> object:
    """``launch C``: the column the next ship launches into; whether it is one of the tied
    columns is the engine's answer (``fs.launch.player-choice``)."""
    if not args[0].isdigit():
        raise r.fail(
            f"{args[0]!r} is not a column number: write it as: {FORMS['launch'].written()}"
        )
    return LaunchColumn(int(args[0]))


REPLACING = "replacing"
"""The word of ``robot R,C replacing R,C`` naming the robot taken off
(``fs.room-effects.robot.take-off``)."""


def _space_word(r: Reading, word: str) -> tuple[int, int]:
    """A city space ``R,C`` of a robot phrase."""
    space = SPACE.match(word)
    if space is None:
        raise r.fail(
            f"{word!r} is not a city space R,C (row, column): write it as: "
            f"{FORMS['robot'].written()}"
        )
    return int(space[1]), int(space[2])


def _robot(r: Reading, args: list[str]) -> object:
    """``robot R,C`` / ``robot R,C replacing R,C`` / ``robot none``: where the robot just built
    goes (``fs.room-effects.robot.build``); whether it may go there is the engine's answer."""
    if args == ["none"]:
        return BuildRobot(None)
    if len(args) == 2:
        raise r.fail(f"robot takes a space, or a space, replacing and a space: write it as: "
                     f"{FORMS['robot'].written()}")  # fmt: skip
    if len(args) == 3 and args[1] != REPLACING:
        near = did_you_mean(args[1], (REPLACING,))
        raise r.fail(f"{args[1]!r} is not a word of robot{near}: write it as: "
                     f"{FORMS['robot'].written()}")  # fmt: skip
    space = _space_word(r, args[0])
    replaces = _space_word(r, args[2]) if len(args) == 3 else None
    return BuildRobot(space, replaces)


def _roll(r: Reading, args: list[str]) -> object:
    """``roll V,V,Vw,...``: the faces rolled; a bare ``roll`` draws them with ``--seed``."""
    if not args:
        if not isinstance(r.node, ChanceNode):
            raise r.fail("nothing is being rolled now")
        if r.rng is None:
            raise r.fail("say the faces (e.g. roll 3,5,6w,1,2), or give --seed to roll at random")
        return sample_outcome(r.node, r.rng)
    faces = [f for arg in args for f in arg.split(",") if f]
    grey, white = [], []
    for word in faces:
        value, is_white = face_of(r, word)
        (white if is_white else grey).append(value)
    values = tuple((v, False) for v in sorted(grey)) + tuple((v, True) for v in sorted(white))
    return Roll(values)


def _option(r: Reading, args: list[str]) -> object:
    if isinstance(r.node, PlayerNode):
        choices: Sequence[object] = r.node.legal
    elif isinstance(r.node, ChanceNode):
        choices = [outcome for outcome, _ in r.node.outcomes]
    else:
        raise r.fail("nothing is being decided now, so there are no options")
    if not args[0].isdigit() or not 1 <= int(args[0]) <= len(choices):
        raise r.fail(
            f"{args[0]!r} is not an option: give an option number from 1 to {len(choices)}"
        )
    return choices[int(args[0]) - 1]


FORMS: dict[str, Form[Parser]] = {
    "place": Form("place V[w] on R,C", (2, 4), _place, "place 2 on 3,4, place 6w on 1,5"),
    "resolve": Form("resolve ROOM", (1, 1), _room(ResolveRoom), "resolve r3c2"),
    "skip": Form("skip ROOM", (1, 1), _room(SkipRoom), "skip r3c2"),
    "excavate": Form("excavate", (0, 0), _excavate),
    "end": Form("end rooms", (1, 2), _end),
    "launch": Form("launch C", (1, 1), _launch, "launch 3"),
    "robot": Form("robot R,C [replacing R,C]", (1, 3), _robot, "robot 2,3, robot none"),
    "roll": Form("roll V,V,Vw,...", (0, None), _roll, "roll 3,5,6w,1,2"),
    "option": Form("option N", (1, 1), _option, "option 2"),
}
"""Every accepted phrase, by its first word."""


def parse_phrase(reading: Reading) -> object:
    """The decision a phrase names; a usage error (exit 2) if it names none: a verb, a die, a
    colour or a room that does not exist, or a wrong number of words."""
    form, args = verb_and_words(reading.phrase, FORMS, reading.fail)
    return form.parse(reading, args)


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
    if isinstance(decision, BuildRobot):
        if decision.space is None:
            return "robot none"
        said = f"robot {decision.space[0]},{decision.space[1]}"
        if decision.replaces is not None:
            said += f" {REPLACING} {decision.replaces[0]},{decision.replaces[1]}"
        return said
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
        read=lambda game, state, node, phrase, rng: parse_phrase(
            Reading(game, state, node, phrase, rng)
        ),
        say=lambda state, decision: say(decision, state),
        next_lines=node_lines,
        next_data=node_data,
        event_line=event_line,
        forms=FORMS_HELP,
    )
