"""The most research the city could reach in the rounds left: a relaxation for the solver.

Only a research room's resolution raises research (``fs.room-effects.research.step``,
``fs.room-effects.research.multi``); the mothership's research action only lowers it; research at
the top of its track is the only victory (``fs.end.win``). A round resolves each room at most
once, and a room holds at most one die per space, each die showing at most 6, so a research
room's value is at most ``6 x spaces + modifier``; at most one die goes in each column and a
round rolls ``grey + white`` dice (a white reroll replaces dice, it adds none). Everything that
could only hold research back is ignored: which rooms are excavated, energy costs, the dice
actually rolled, losses. The result can only overstate what play can reach, so "research cannot
reach the top by round N" proves that no line wins within N rounds.

The round in progress is bounded more tightly (``this_round``): the dice already on research
rooms stay there, unplaced dice show their faces unless a roll or a white die's reroll
(``fs.dice.place.white-reroll``) is still to come, a room's dice come off when it resolves, and
after the room phase research cannot rise again before the next round.

Under the ``robots`` reading of ``robot-rooms`` up to two robots work rooms besides the dice, each
showing at most 6 (``fs.room-effects.robot.power``, ``fs.room-effects.robot.limit``): on a board
with a robot room a round counts two more dice, and this round's ready robots count as dice still to place. A room of two
kinds with a research effect counts as a research room.

The game cannot outlast the mothership: it drops at least one row every mothership phase and
reaching a skull row loses at once (``fs.mothership.move``, ``fs.end.lose-skull``), after the room
phase of that round; so no win comes after the round of the drop onto the skull (``last_round``).
"""

from __future__ import annotations

from functools import cache
from itertools import permutations, product

from engine.falling_skies.board import Board
from engine.falling_skies.robots import MAX_ROBOTS, makes_robots
from engine.falling_skies.room_phase.effects import climb, effects_of
from engine.falling_skies.ruleset import Ruleset
from engine.falling_skies.state import FSState


class ResearchOutlook:
    """``reach(start, rounds)``: an upper bound of the research step after ``rounds`` rounds."""

    def __init__(self, board: Board, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.track = board.scenario.research
        robots = MAX_ROBOTS if makes_robots(board, ruleset) else 0
        self.dice = min(board.grey_dice + board.white_dice, board.columns) + robots
        self.research_rooms = tuple(
            r for r in board.rooms.values() if "research" in effects_of(r.kind, ruleset)
        )
        self.rooms = tuple((len(room.spaces), room.modifier) for room in self.research_rooms)
        """Each research room's spaces and modifier."""
        self.rounds_best = tuple(sorted(set(self._selections(self.rooms, self.dice))))
        """Every way one round can share its dice among research rooms: the rooms' highest
        values (6 a die plus the modifier), at least one die a room used."""
        track = board.scenario.mothership
        self.skull_rows = tuple(
            row for row in range(1, len(track) + 1) if board.mothership_action(row)[0] == "skull"
        )
        self.reach = cache(self._reach)
        self.best_round = cache(self._best_round)

    @classmethod
    def _selections(cls, rooms: tuple[tuple[int, int], ...], dice: int) -> list[tuple[int, ...]]:
        if not rooms:
            return [()]
        (spaces, modifier), rest = rooms[0], rooms[1:]
        found = cls._selections(rest, dice)
        for used in range(1, min(spaces, dice) + 1):
            value = 6 * used + modifier
            found += [(value, *more) for more in cls._selections(rest, dice - used)]
        return found

    def _reach(self, start: int, rounds: int) -> int:
        """Round by round, the highest step any share of the dice among research rooms, resolved
        in any order, can climb to (climbing never loses by starting higher or by a higher
        value, so the best round after the best round is the best line)."""
        step = start
        for _ in range(rounds):
            if step >= len(self.track):
                break
            step = max(
                self._climb_all(step, order)
                for values in self.rounds_best
                for order in permutations(values)
            )
        return step

    def _climb_all(self, step: int, values: tuple[int, ...]) -> int:
        for value in values:
            step = climb(self.ruleset, self.track, step, value)
        return step

    def last_round(self, state: FSState) -> int | None:
        """The last round a win could still come in (the mothership's next skull row), or None
        if no skull row lies below it."""
        below = [row for row in self.skull_rows if row > state.mothership_row]
        if not below:
            return None
        drops = min(below) - state.mothership_row
        this_round_drops = state.phase in ("dice", "room")  # its mothership phase is ahead
        return state.round + drops - (1 if this_round_drops else 0)

    def this_round(self, state: FSState) -> int:
        """An upper bound of research at the end of the round in progress."""
        if state.phase not in ("dice", "room"):
            return state.research
        rooms = []
        for room in self.research_rooms:
            on = [d.value for d in state.placed if (d.row, d.column) in room.spaces]
            rooms.append((room.modifier, sum(on), len(on), len(room.spaces) - len(on)))
        free = tuple(r.value for r in state.robots if not r.exhausted)
        if state.phase == "dice":
            coming = {entry[0] for entry in state.pending}
            if "roll" in coming:
                free = (6,) * self.dice
            elif "reroll" in coming or any(d.white for d in state.rolled):
                free += (6,) * len(state.rolled)
            else:
                free += tuple(d.value for d in state.rolled)
        return self.best_round(state.research, tuple(rooms), tuple(sorted(free, reverse=True)))

    def _best_round(
        self, start: int, rooms: tuple[tuple[int, int, int, int], ...], free: tuple[int, ...]
    ) -> int:
        """The highest step reachable when each research room ``(modifier, sum of its dice,
        dice on it, open spaces)`` may also take up to its open spaces of the free dice, at most
        ``len(free)`` in all; each room may take the highest free dice (a relaxation: two rooms
        may count the same die), and the rooms with dice resolve in any order."""
        best = start
        shares = product(*(range(min(open_, len(free)) + 1) for *_, open_ in rooms))
        for share in shares:
            if sum(share) > len(free):
                continue
            values = tuple(
                modifier + total + sum(free[:taken])
                for (modifier, total, count, _), taken in zip(rooms, share, strict=True)
                if count + taken > 0
            )
            for order in permutations(values):
                best = max(best, self._climb_all(start, order))
        return best

    def earliest_round(self, state: FSState) -> int | None:
        """The first round by whose end research could be at the top (this round's dice first,
        then whole rounds at the most), or None if it cannot before the skull or ever stops
        climbing short of the top."""
        step, final, top = self.this_round(state), self.last_round(state), len(self.track)
        after = 0
        while (reached := self.reach(step, after)) < top:
            if final is not None and state.round + after >= final:
                return None
            if after and reached == self.reach(step, after - 1):
                return None  # a round adds nothing: no later round will
            after += 1
        return state.round + after

    def can_reach_top(self, start: int, rounds: int) -> bool:
        """Whether research could reach the top of its track within ``rounds`` rounds."""
        return rounds > 0 and self.reach(start, rounds) >= len(self.track)
