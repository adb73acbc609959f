"""Mistyped phrases for Under Falling Skies and Pig through ``rulings resolve``: words that name
nothing (a verb, a die face, a colour, a room, a word of a form) or a wrong number of words are
an input error (one ``rulings: error: ACTION:`` line naming the word, with did-you-mean, exit 2);
a well-formed phrase the rules do not allow now stays the engine's refusal (exit 1)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.cli_support import one_line_error, run

ROOT = Path(__file__).resolve().parent.parent
FS = ROOT / "tests" / "data" / "positions" / "falling_skies"
MID_PLACEMENT = str(FS / "mid-placement.yaml")  # unplaced: grey 5, grey 6, white 4
ROOM_PHASE = str(FS / "room-phase.yaml")  # dice wait on r3c4, r2c1, r2c5 (r3c2 half full)
LAUNCH_TIE = str(FS / "launch-tie.yaml")  # columns 1, 2 and 4 tie
DICE_START = str(FS / "dice-start.yaml")  # the dice are about to be rolled
PIG = ROOT / "examples" / "pig" / "positions"
INTERNAL = re.compile(r"\(\d+, |\[\d+, |\b[A-Z][A-Za-z]+\(|<[A-Za-z]|#\d")
"""A tuple or list of numbers, a class repr, an enum repr or a die's index."""
PIG_CHOOSE = str(PIG / "hold-or-roll.yaml")  # the die is down: roll or hold
PIG_ROLLING = str(PIG / "last-turn-four-short.yaml")  # the die is rolling

FS_TYPOS = [
    (MID_PLACEMENT, "plcae 5 on 1,1", ["'plcae'", "did you mean 'place'?"]),
    (ROOM_PHASE, "reslove r3c4", ["'reslove'", "did you mean 'resolve'?"]),
    (ROOM_PHASE, "excavte", ["'excavte'", "did you mean 'excavate'?"]),
    (LAUNCH_TIE, "lanch 1", ["'lanch'", "did you mean 'launch'?"]),
    (DICE_START, "rol 1,2,3,4w,5w", ["'rol'", "did you mean 'roll'?"]),
    (MID_PLACEMENT, "place 5 onn 1,1", ["'onn'", "did you mean 'on'?"]),
    (MID_PLACEMENT, "place whte 4 on 1,1", ["'whte'", "did you mean 'white'?"]),
    (MID_PLACEMENT, "place 5ww on 1,1", ["'5ww'", "did you mean '5w'?"]),
    (MID_PLACEMENT, "place 4 on 1,1", ["no unplaced grey 4", "did you mean '4w'?"]),
    (DICE_START, "roll 1,2,3,4w,5ww", ["'5ww'", "did you mean '5w'?"]),
    (ROOM_PHASE, "resolve r3c9", ["no room 'r3c9'", "did you mean 'r3c4'?"]),
    (ROOM_PHASE, "skip r2c55", ["no room 'r2c55'", "did you mean 'r2c5'?"]),
    (ROOM_PHASE, "end roms", ["'roms'", "did you mean 'rooms'?"]),
]


FS_COUNTS = [
    (MID_PLACEMENT, "place 5", "place takes 2 to 4 words after it, not 1", "place V[w] on R,C"),
    (ROOM_PHASE, "resolve", "resolve takes 1 word after it, not 0", "resolve ROOM"),
    (ROOM_PHASE, "skip r3c4 r2c1", "skip takes 1 word after it, not 2", "skip ROOM"),
    (ROOM_PHASE, "excavate now", "excavate takes no words after it, not 1", "excavate"),
    (LAUNCH_TIE, "launch 1 2", "launch takes 1 word after it, not 2", "launch C"),
    (LAUNCH_TIE, "option", "option takes 1 word after it, not 0", "option N"),
]


@pytest.mark.parametrize(("path", "phrase", "count", "form"), FS_COUNTS)
def test_a_falling_skies_phrase_with_the_wrong_number_of_words_gives_its_form(
    path, phrase, count, form
):
    line = one_line_error(run("resolve", path, phrase), 2, "rulings: error: ACTION:")
    assert count in line
    assert f"write it as: {form}" in line


@pytest.mark.parametrize(
    ("path", "phrase", "clause"),
    [
        (LAUNCH_TIE, "launch 3", "[fs.launch.player-choice]"),  # a column, not a tied one
        (ROOM_PHASE, "resolve r3c2", "[fs.rooms.resolve]"),  # a room of the board, half full
        (ROOM_PHASE, "resolve 5,4", "[fs.rooms.resolve]"),  # r5c4 named by its space
        (MID_PLACEMENT, "place 5 on 1,4", "[fs.dice.place]"),  # column 4 already holds a die
        (MID_PLACEMENT, "excavate", "[fs.round.dice-phase]"),  # a room-phase decision
        (DICE_START, "roll 1,1,1,1w", "[fs.dice.roll]"),  # five dice are rolled, not four
    ],
)
def test_a_well_formed_falling_skies_decision_the_rules_refuse_is_illegal(path, phrase, clause):
    line = one_line_error(run("resolve", path, phrase), 1, "rulings: illegal:")
    assert line.endswith(clause)


def test_a_room_and_a_die_colour_may_be_named_in_other_words():
    """``resolve 3,4`` is the room on row 3 column 4 (r3c4) and ``white 4`` the white die 4."""
    by_space = run("resolve", ROOM_PHASE, "resolve 3,4")
    assert by_space.exit_code == 0, by_space.output
    assert by_space.stdout == run("resolve", ROOM_PHASE, "resolve R3C4").stdout
    by_colour = run("resolve", MID_PLACEMENT, "place white 4 on 2,1")
    assert by_colour.exit_code == 0, by_colour.output
    assert by_colour.stdout == run("resolve", MID_PLACEMENT, "place 4w on 2,1").stdout


def test_a_room_space_without_a_room_is_an_input_error():
    line = one_line_error(run("resolve", ROOM_PHASE, "resolve 9,9"), 2, "rulings: error:")
    assert "no room on row 9 column 9" in line


PIG_TYPOS = [
    (PIG_CHOOSE, "rol", ["'rol'", "did you mean 'roll'?"]),
    (PIG_CHOOSE, "hodl", ["'hodl'", "did you mean 'hold'?"]),
    (PIG_CHOOSE, "opton 1", ["'opton'", "did you mean 'option'?"]),
    (PIG_ROLLING, "rool 3", ["'rool'", "did you mean 'roll'?"]),
    (PIG_ROLLING, "roll 44", ["'44' is not a face", "did you mean '4'?"]),
    (PIG_ROLLING, "roll 7", ["'7' is not a face", "faces: 1 to 6"]),
    (PIG_CHOOSE, "hold now", ["hold takes no words after it, not 1", "write it as: hold"]),
    (PIG_ROLLING, "roll 4 5", ["roll takes at most 1 word after it, not 2", "roll [F]"]),
    (PIG_CHOOSE, "option x", ["'x' is not an option", "from 1 to 2"]),
]


@pytest.mark.parametrize(("path", "phrase", "named"), FS_TYPOS + PIG_TYPOS)
def test_a_typo_names_the_word_and_the_nearest_one(path, phrase, named):
    line = one_line_error(run("resolve", path, phrase), 2, "rulings: error: ACTION:")
    for part in named:
        assert part in line


@pytest.mark.parametrize(
    ("path", "phrase", "clause"),
    [
        (PIG_CHOOSE, "roll 4", "[pig.die.in-the-air]"),  # a face while no die is rolling
        (PIG_ROLLING, "hold", "[pig.turn.first-roll]"),  # nothing to hold before the roll
    ],
)
def test_a_well_formed_pig_decision_the_rules_refuse_is_illegal(path, phrase, clause):
    line = one_line_error(run("resolve", path, phrase), 1, "rulings: illegal:")
    assert line.endswith(clause)


@pytest.mark.parametrize(
    ("path", "phrase"),
    [(p, phrase) for p, phrase, _ in FS_TYPOS + PIG_TYPOS]
    + [(p, phrase) for p, phrase, _, _ in FS_COUNTS],
)
def test_a_typo_message_shows_no_internal_values(path, phrase):
    """No tuple, list, class repr or enum repr of the engine in the message."""
    line = run("resolve", path, phrase).stderr
    assert line.startswith("rulings: error:"), line
    assert not INTERNAL.search(line), line
