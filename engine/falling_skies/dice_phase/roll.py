"""Rolling the dice: a chance node over multisets of faces (``fs.dice.roll``,
``fs.dice.place.white-reroll``).

Grey and white dice are told apart, dice of one colour are not: an outcome is the sorted tuple
of ``(value, white)`` pairs, with the exact probability of all the orders that give it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import factorial

from engine.core.errors import IllegalDecision
from engine.core.frozen import evolve
from engine.core.game import ChanceNode
from engine.falling_skies.events import Outcome, event
from engine.falling_skies.state import Die, FSState, dice_order

FACES = (1, 2, 3, 4, 5, 6)


@dataclass(frozen=True)
class Roll:
    """A chance outcome: the faces rolled, as sorted ``(value, white)`` pairs."""

    values: tuple[tuple[int, bool], ...]

    def __str__(self) -> str:
        faces = ", ".join(f"{v}{'w' if white else ''}" for v, white in self.values)
        return f"roll {faces}"


def _multisets(count: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Every multiset of ``count`` faces with its probability."""
    found = []
    for faces in combinations_with_replacement(FACES, count):
        orders = factorial(count)
        for face in set(faces):
            orders //= factorial(faces.count(face))
        found.append((faces, Fraction(orders, 6**count)))
    return tuple(found)


@cache
def roll_outcomes(grey: int, white: int) -> tuple[tuple[Roll, Fraction], ...]:
    """The outcomes of rolling ``grey`` grey and ``white`` white dice, with their probabilities."""
    outcomes = []
    for grey_faces, p in _multisets(grey):
        for white_faces, q in _multisets(white):
            values = tuple((v, False) for v in grey_faces) + tuple((v, True) for v in white_faces)
            outcomes.append((Roll(values), p * q))
    return tuple(outcomes)


@cache
def roll_node(grey: int, white: int, reroll: bool) -> ChanceNode:
    """The chance node of a roll of ``grey`` grey and ``white`` white dice."""
    if reroll:
        prompt = f"reroll the {grey + white} unplaced dice after a white die"
        clause = "fs.dice.place.white-reroll"
    else:
        prompt = f"roll {grey} grey and {white} white dice"
        clause = "fs.dice.roll"
    return ChanceNode(roll_outcomes(grey, white), prompt, clause)


def apply_roll(state: FSState, roll: Roll, grey: int, white: int) -> Outcome:
    """Set the unplaced dice to the faces rolled (``fs.dice.roll``)."""
    kind = state.pending[0][0]
    clause = "fs.dice.place.white-reroll" if kind == "reroll" else "fs.dice.roll"
    if not isinstance(roll, Roll):
        raise IllegalDecision(clause, f"{roll} is not a roll; the dice must be rolled now")
    whites = sum(1 for _, w in roll.values if w)
    if whites != white or len(roll.values) - whites != grey:
        raise IllegalDecision(clause, f"the roll must show {grey} grey and {white} white dice")
    if any(v not in FACES for v, _ in roll.values):
        raise IllegalDecision(clause, "a die shows 1 to 6")
    rolled = tuple(sorted((Die(v, w) for v, w in roll.values), key=dice_order))
    state = evolve(state, rolled=rolled, pending=state.pending[1:])
    shown = ", ".join(f"{d.value}{'w' if d.white else ''}" for d in rolled)
    return state, (event("rolled", clause, f"rolled {shown}", values=roll.values),)
