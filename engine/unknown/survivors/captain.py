"""Captain (rulebook: Survivors, Captain)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.core.errors import IllegalDecision
from engine.core.rule_points import on
from engine.unknown.actions.move import Move
from engine.unknown.map import range_between
from engine.unknown.outcome import Outcome, event
from engine.unknown.position import ORTHOGONAL, Coord, Survivor
from engine.unknown.rules import Rules
from engine.unknown.state import UnknownState
from engine.unknown.survivors.trait import Trait, trait
from engine.unknown.turn.round import STARTING_AP, TURN_DECISION, TURN_OPTIONS

if TYPE_CHECKING:
    from engine.unknown.rules import Rules

BONUS_AP = 1
"""Extra AP for starting near another survivor (``unknown.survivor.captain.bonus-ap``)."""
BONUS_RANGE = 1
"""How near that survivor must be (``unknown.survivor.captain.bonus-ap``)."""
MOVE_RANGE = 1
"""How near a survivor must be for the Captain to move it (``unknown.survivor.captain.move-ally``)."""
MOVES_PER_TURN = 1
"""Free moves of another survivor per turn (``unknown.survivor.captain.move-ally``)."""
MOVE_KEY = "captain.move-ally"
"""The key his free moves are counted under in ``Survivor.used``."""


@dataclass(frozen=True)
class MoveOther:
    """Decision: ``who`` (the Captain) moves survivor ``target`` one tile, to ``to``, for 0 AP."""

    who: str
    target: str
    to: Coord

    def __str__(self) -> str:
        return f"{self.who} moves {self.target} to {list(self.to)} for free"


@trait
class Captain(Trait):
    """1 more AP when his turn starts within range 1 of another survivor who is not incapacitated;
    once per turn, a free move of such a survivor by one tile.

    Applies ``unknown.survivor.captain.bonus-ap``, ``unknown.survivor.captain.bonus-timing`` (read
    as his own turn starts), ``unknown.survivor.captain.bonus-incapacitated``,
    ``unknown.survivor.captain.move-ally``, ``unknown.survivor.captain.move-range`` and
    ``unknown.survivor.captain.no-incapacitated``. Range only, no line of sight (a trait is not an
    action). The moved survivor goes as a Move would take it (``unknown.action.move``: orthogonal,
    onto a passable explored tile; a barrier stops it, an enemy there starts close combat), but
    the Move's AP is nobody's to pay.
    """

    card = "captain"

    @on(STARTING_AP)
    def start_ap(self, rules: Rules, state: UnknownState, survivor: Survivor, ap: int) -> int:
        if not survivor.has(self.card):
            return ap
        return ap + BONUS_AP if self.has_company(rules, state, survivor) else ap

    def has_company(self, rules: Rules, state: UnknownState, captain: Survivor) -> bool:
        """Whether another non-incapacitated survivor is within range 1 of the Captain."""
        return bool(self.companions(rules, state, captain, BONUS_RANGE))

    def companions(
        self, rules: Rules, state: UnknownState, captain: Survivor, reach: int
    ) -> list[Survivor]:
        """Other survivors, not incapacitated, within range ``reach`` of the Captain."""
        found = []
        for other in state.position.survivors:
            if other.id == captain.id or other.incapacitated:
                continue
            distance = range_between(state.position, captain.at, other.at, rules.ruleset)
            if distance is not None and distance <= reach:
                found.append(other)
        return found

    # -- the free move of another survivor -----------------------------------------------------
    @on(TURN_OPTIONS)
    def extra_options(self, rules: Rules, state: UnknownState, who: str) -> tuple[Any, ...]:
        captain = state.position.survivor(who)
        if not captain.has(self.card) or captain.incapacitated:
            return ()
        if captain.uses(MOVE_KEY) >= MOVES_PER_TURN:
            return ()
        found = []
        for other in self.companions(rules, state, captain, MOVE_RANGE):
            for dx, dy in ORTHOGONAL:
                decision = MoveOther(who, other.id, (other.at[0] + dx, other.at[1] + dy))
                if _passes(rules, state, decision):
                    found.append(decision)
        return tuple(sorted(found, key=lambda d: (d.target, d.to)))

    @on(TURN_DECISION)
    def apply_extra(self, rules: Rules, state: UnknownState, decision: Any) -> Outcome | None:
        if not isinstance(decision, MoveOther) or self.defers(rules, state, decision):
            return None
        self.check_move(rules, state, decision)
        captain = state.position.survivor(decision.who).with_use(MOVE_KEY)
        state = state.with_position(state.position.with_survivor(captain))
        return move_other(rules, state, decision, "unknown.survivor.captain.move-ally")

    def defers(self, rules: Rules, state: UnknownState, decision: MoveOther) -> bool:
        """Whether a Strategist who has the Captain's abilities makes this move by his own trait
        instead (``unknown.survivor.strategist.borrow-or-move``): the Captain's move is not open."""
        mover = next((s for s in state.position.survivors if s.id == decision.who), None)
        if mover is None or not mover.has("strategist"):
            return False
        if not mover.has(self.card):
            return True
        try:
            self.check_move(rules, state, decision)
        except IllegalDecision:
            return True
        return False

    def check_move(self, rules: Rules, state: UnknownState, decision: MoveOther) -> None:
        """Refuse a free move the Captain may not make now, naming the clause."""
        clause = "unknown.survivor.captain.move-ally"
        if state.turn != decision.who:
            raise IllegalDecision(
                "unknown.turn.finish-before-next", f"it is not {decision.who}'s turn ({decision})"
            )
        captain = _survivor(state, decision.who, clause)
        if not captain.has(self.card):
            raise IllegalDecision(clause, f"{decision.who} is not the Captain ({decision})")
        if captain.incapacitated:
            raise IllegalDecision(
                "unknown.injury.incapacitated", f"{decision.who} is incapacitated and cannot act"
            )
        if captain.uses(MOVE_KEY) >= MOVES_PER_TURN:
            raise IllegalDecision(
                clause, f"{decision.who} has already moved another survivor this turn"
            )
        target = _survivor(state, decision.target, clause)
        if target.id == captain.id:
            raise IllegalDecision(clause, "the Captain moves another survivor, not himself")
        if target.incapacitated:
            raise IllegalDecision(
                "unknown.survivor.captain.no-incapacitated",
                f"{target.id} is incapacitated and cannot be moved by the Captain",
            )
        distance = range_between(state.position, captain.at, target.at, rules.ruleset)
        if distance is None or distance > MOVE_RANGE:
            raise IllegalDecision(
                "unknown.survivor.captain.move-range",
                f"{target.id} is not within range {MOVE_RANGE} of {captain.id}",
            )
        Move(decision.target, decision.to).check(rules, state)


def move_other(rules: Rules, state: UnknownState, decision: MoveOther, clause: str) -> Outcome:
    """Carry out a checked free move of another survivor (the Captain's or the Strategist's
    trait, ``clause`` saying which): an event for the trait, then the standard move."""
    moved = event(
        "trait_used",
        clause,
        f"{decision.who} moves {decision.target} one tile for free (once per turn)",
        who=decision.who,
        target=decision.target,
        to=decision.to,
    )
    state, events = Move(decision.target, decision.to).resolve(rules, state)
    return state, (moved, *events)


def _survivor(state: UnknownState, who: str, clause: str) -> Survivor:
    try:
        return state.position.survivor(who)
    except KeyError:
        raise IllegalDecision(clause, f"no survivor {who!r} on the map") from None


def _passes(rules: Rules, state: UnknownState, decision: MoveOther) -> bool:
    try:
        Move(decision.target, decision.to).check(rules, state)
    except IllegalDecision:
        return False
    return True
