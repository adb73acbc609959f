"""Under Falling Skies driven through the core interface (PRINCIPLES §2–3).

``FallingSkiesGame.node(state)`` says who decides next:

1. a finished game is terminal (its outcome names the clause that ended it);
2. the head of the pending queue: a roll or reroll is a chance node, a launch whose priorities
   leave columns tied asks the player for a :class:`LaunchColumn`;
3. in the dice phase the player places a die (:class:`PlaceDie`);
4. in the room phase the player resolves or skips a room, moves the excavator, or ends the phase;
   a robot room resolved (reading ``robot-rooms: robots``) asks where its robot goes
   (:class:`BuildRobot`, ``robots.py``).

``apply`` routes a decision to its rule, then ``settle`` runs everything that needs no decision:
the end of the dice phase, dice that can do nothing, the mothership's move and action, launches
the priorities decide, and the start of the next round (``fs.round.phases``).
"""

from __future__ import annotations

from functools import lru_cache

from engine.core.errors import IllegalDecision
from engine.core.frozen import evolve
from engine.core.game import Event, IdleNode, Node, PlayerNode, Step, TerminalNode
from engine.falling_skies.board import Board
from engine.falling_skies.dice_phase import PlaceDie, Roll, apply_roll, legal_placements, place_die
from engine.falling_skies.dice_phase.roll import roll_node
from engine.falling_skies.events import Outcome, event
from engine.falling_skies.mothership_phase import (
    MAX_LAUNCHES,
    LaunchColumn,
    choose_launch,
    launch,
    launch_columns,
    mothership_action,
    mothership_down,
    next_ship,
    setup_launch,
)
from engine.falling_skies.outlook import ResearchOutlook
from engine.falling_skies.robots import BuildRobot, build_options, cut_off, install, ready_all
from engine.falling_skies.room_phase import (
    EndRoomPhase,
    MoveExcavator,
    ResolveRoom,
    SkipRoom,
    clear_idle_dice,
    end_room_phase,
    has_idle_dice,
    move_excavator,
    resolve_room,
    robots_may_act,
    room_decisions,
    skip_room,
)
from engine.falling_skies.ruleset import DEFAULT, Ruleset
from engine.falling_skies.scenario import Scenario, default_scenario
from engine.falling_skies.state import FSState, PlacedDie, Ship

__all__ = [
    "BuildRobot",
    "EndRoomPhase",
    "FallingSkiesGame",
    "LaunchColumn",
    "MoveExcavator",
    "PlaceDie",
    "ResolveRoom",
    "Roll",
    "SkipRoom",
]


def _by_column(die: PlacedDie) -> int:
    return die.column


@lru_cache(maxsize=64)
def board_and_outlook(scenario: Scenario, ruleset: Ruleset) -> tuple[Board, ResearchOutlook]:
    """The board of ``scenario`` under ``ruleset`` and its research outlook, built once for
    every game played on them (the per-board caches of the rules then serve every game)."""
    board = Board.build(scenario, ruleset)
    return board, ResearchOutlook(board, ruleset)


class FallingSkiesGame:
    """The Under Falling Skies reference engine for one scenario and one set of readings."""

    name = "falling-skies"

    def __init__(self, scenario: Scenario | None = None, ruleset: Ruleset = DEFAULT) -> None:
        self.scenario = scenario if scenario is not None else default_scenario()
        self.ruleset = ruleset
        self.board, self.outlook = board_and_outlook(self.scenario, ruleset)
        self._placements: tuple[FSState | None, tuple[PlaceDie, ...]] = (None, ())
        """The last state whose placements were asked for, and its placements (settling a
        state asks whether a die can go anywhere, then its node lists where)."""

    # -- the start ----------------------------------------------------------------------------
    def initial_state(self) -> FSState:
        """The first round about to roll, ships launched (ledger: ``setup-first-launch``)."""
        return self.setup()[0]

    def start(self, seed: int | None = None) -> FSState:
        """The initial state. Chance stays explicit: the first roll is the state's chance node;
        ``seed`` is accepted for symmetry with seeded drivers and does not change the state."""
        del seed
        return self.initial_state()

    def setup(self) -> Outcome:
        """The initial state with the events of the first launch."""
        s = self.scenario
        ships = tuple(Ship(f"p{i}", "purple") for i in range(1, s.purple_ships + 1)) + tuple(
            Ship(f"w{i}", "white") for i in range(1, s.white_start + 1)
        )
        state = FSState(
            scenario=s.name,
            round=1,
            phase="dice",
            rolled=(),
            placed=(),
            ships=ships,
            mothership_row=1,  # ledger: mothership-start-row
            excavator=self.board.start,
            research=0,
            energy=s.energy_start,
            damage=0,
        )
        state, events = setup_launch(self.board, self.ruleset, state)
        return evolve(state, pending=(("roll",),)), events

    # -- who decides ------------------------------------------------------------------------
    def node(self, state: FSState) -> Node:
        """Who decides next, and what they may decide."""
        if state.outcome is not None:
            result, clause, _ = state.outcome
            return TerminalNode(result, clause)
        if state.pending:
            head = state.pending[0][0]
            if head == "roll":
                return roll_node(self.board.grey_dice, self.board.white_dice, False)
            if head == "reroll":
                whites = sum(1 for d in state.rolled if d.white)
                return roll_node(len(state.rolled) - whites, whites, True)
            if head == "launch":
                ship = next_ship(state)
                return PlayerNode(
                    player="player",
                    legal=tuple(
                        LaunchColumn(c) for c in launch_columns(self.board, self.ruleset, state)
                    ),
                    prompt=f"choose the column ship {ship.id if ship else '?'} launches into",
                    clause="fs.launch.player-choice",
                )
            if head == "robot":
                return PlayerNode(
                    player="player",
                    legal=build_options(self.board, state),
                    prompt=f"choose where the new robot of {state.pending[0][1]} is installed",
                    clause="fs.room-effects.robot.build",
                )
        if state.phase == "dice":
            return PlayerNode(
                player="player",
                legal=self.placements(state),
                prompt="place a die in a column without one",
                clause="fs.dice.place",
            )
        if state.phase == "room":
            return PlayerNode(
                player="player",
                legal=room_decisions(self.board, self.ruleset, state),
                prompt="resolve or skip a room, move the excavator, or end the room phase",
                clause="fs.rooms.any-order",
            )
        return IdleNode()

    # -- applying decisions -----------------------------------------------------------------
    def apply(self, state: FSState, decision: object) -> Step:
        """Apply ``decision``; ``IllegalDecision`` (naming the clause) leaves ``state`` as it was."""
        if state.outcome is not None:
            raise IllegalDecision(state.outcome[1], f"the game is over ({state.outcome[2]})")
        board, ruleset = self.board, self.ruleset
        head = state.pending[0][0] if state.pending else None
        if head in ("roll", "reroll"):
            grey, white = self._roll_counts(state)
            state, events = apply_roll(state, decision, grey, white)
        elif head == "launch":
            state, events = choose_launch(board, ruleset, state, decision)
        elif head == "robot":
            if not isinstance(decision, BuildRobot):
                raise IllegalDecision(
                    "fs.room-effects.robot.build",
                    f"{decision}: the new robot is to be installed first",
                )
            state, events = install(board, state, decision)
        elif state.phase == "dice" and isinstance(decision, PlaceDie):
            state, events = place_die(board, ruleset, state, decision)
        elif state.phase == "room" and isinstance(decision, ResolveRoom):
            state, events = resolve_room(board, ruleset, state, decision.room)
        elif state.phase == "room" and isinstance(decision, SkipRoom):
            state, events = skip_room(board, ruleset, state, decision.room)
        elif state.phase == "room" and isinstance(decision, MoveExcavator):
            state, events = move_excavator(board, ruleset, state)
        elif state.phase == "room" and isinstance(decision, EndRoomPhase):
            state, events = end_room_phase(state)
            state, more = self._mothership_phase(state)  # robots may stay, unused
            events += more
        else:
            clause = {"dice": "fs.round.dice-phase", "room": "fs.round.room-phase"}.get(
                state.phase, "fs.round.mothership-phase"
            )
            raise IllegalDecision(
                clause, f"{decision} is not a decision of the {state.phase} phase"
            )
        state, more = self.settle(state)
        return Step(state, events + more)

    def placements(self, state: FSState) -> tuple[PlaceDie, ...]:
        """The placements allowed in ``state`` (``fs.dice.place``), remembered for the last
        state asked about."""
        last, legal = self._placements
        if last is not state:
            legal = legal_placements(self.board, self.ruleset, state)
            self._placements = (state, legal)
        return legal

    def _roll_counts(self, state: FSState) -> tuple[int, int]:
        if state.pending[0][0] == "roll":
            return self.board.grey_dice, self.board.white_dice
        whites = sum(1 for d in state.rolled if d.white)
        return len(state.rolled) - whites, whites

    # -- for the solver ---------------------------------------------------------------------
    def earliest_win_round(self, state: FSState) -> int | None:
        """The earliest round a win could come in, or None when no line of play can win: research
        climbing at the most every round until the mothership's skull ends the game (``outlook``;
        the solver's bound). A relaxation: no win comes sooner; it promises none."""
        if state.outcome is not None:
            return state.round if state.outcome[0] == "win" else None
        return self.outlook.earliest_round(state)

    def search_key(self, state: FSState) -> FSState:
        """The state the solver files ``state`` under: the placed dice in column order and the
        explosion marks sorted. Only the order of these two lists tells such states apart, and
        no rule reads it (a placed die is found by its space, one to a column; a mark by its
        ship, number and round): it only orders the room phase's list of rooms and the events.
        So the states have the same decisions and, one by one, next states equal but for the
        same orders, hence the same value; dice placed in another order (an afterstate) merge."""
        placed = tuple(sorted(state.placed, key=_by_column))
        marks = tuple(sorted(state.marks))
        if placed == state.placed and marks == state.marks:
            return state
        return evolve(state, placed=placed, marks=marks)

    def can_win_by(self, state: FSState, last_round: int | None) -> bool:
        """False only when no line of play wins by the end of round ``last_round`` (None: ever)."""
        earliest = self.earliest_win_round(state)
        return earliest is not None and (last_round is None or earliest <= last_round)

    # -- what needs no decision -------------------------------------------------------------
    def settle(self, state: FSState) -> Outcome:
        """Run every step that needs no decision, up to the next decision or the end."""
        events: tuple[Event, ...] = ()
        while state.outcome is None:
            step = self._forced_step(state)
            if step is None:
                break
            state, more = step
            events += more
        return state, events

    def _forced_step(self, state: FSState) -> Outcome | None:
        """One step the rules take by themselves, or None when a decision (or chance) is due."""
        board = self.board
        if state.pending:
            head = state.pending[0]
            if head[0] != "launch":
                return None
            columns = launch_columns(board, self.ruleset, state) if next_ship(state) else []
            if int(head[1]) <= 0 or not columns:
                return self._next_round(evolve(state, pending=state.pending[1:]))
            if len(columns) == 1:
                return launch(board, state, columns[0])
            return None
        if state.phase == "dice":
            if state.rolled and self.placements(state):
                return None  # fs.dice.place: a die still has a space
            return self._room_phase(state)
        if state.phase == "room":
            if has_idle_dice(board, self.ruleset, state):
                return clear_idle_dice(board, self.ruleset, state)
            if state.placed or robots_may_act(board, self.ruleset, state):
                return None
            return self._mothership_phase(state)
        return None

    def _room_phase(self, state: FSState) -> Outcome:
        """The dice phase is over (``fs.round.room-phase``): dice with no space left stay unplaced
        (ledger: ``unplaceable-dice``)."""
        events = [event("phase", "fs.round.room-phase", f"round {state.round}: room phase")]
        for die in state.rolled:
            text = f"the {die.value} has no space left and is not placed"
            events.append(event("die_unplaced", "fs.dice.place", text, value=die.value))
        return evolve(state, rolled=(), phase="room"), tuple(events)

    def _mothership_phase(self, state: FSState) -> Outcome:
        """The room phase ends with every robot ready (``fs.room-effects.robot.ready``). Move the
        mothership, carry out its action (robots the excavator falls back past come off,
        ``fs.room-effects.robot.cut-off``), then queue the launches (``fs.mothership.steps``); every
        ship aboard may launch, however it came back (ledger: ``hit-ship-relaunch``,
        ``recovered-ship-relaunch``)."""
        state, readied = ready_all(state)
        state = evolve(state, phase="mothership")
        events = [
            *readied,
            event("phase", "fs.round.mothership-phase", f"round {state.round}: mothership phase"),
        ]
        state, moved = mothership_down(self.board, state, "fs.mothership.move")
        events.extend(moved)
        if state.outcome is None:
            state, acted = mothership_action(self.board, self.ruleset, state)
            events.extend(acted)
            state, cut = cut_off(self.board, state)
            events.extend(cut)
        if state.outcome is None:
            state = evolve(state, pending=(("launch", MAX_LAUNCHES),))
        return state, tuple(events)

    def _next_round(self, state: FSState) -> Outcome:
        """A new round begins with a roll (``fs.round.phases``)."""
        round_no = state.round + 1
        marks = tuple(m for m in state.marks if m[2] >= round_no - 1)
        state = evolve(
            state,
            round=round_no,
            phase="dice",
            rolled=(),
            placed=(),
            marks=marks,
            pending=(("roll",), *state.pending),
        )
        return state, (event("phase", "fs.round.dice-phase", f"round {round_no}: dice phase"),)
