"""Knockback as a rule in motion (rulebook: Knockback): pieces flee one at a time.

The geometry of where a piece may end is ``engine.unknown.map.knockback``; this module is the
pending effect that asks the players to choose (``unknown.knockback.path-choice``) and moves the
piece, resolving by itself when only one end is possible.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from engine.core.errors import IllegalDecision
from engine.core.game import Event, PlayerNode
from engine.core.rule_points import RulePoint, first
from engine.unknown.combat import CloseCombat, combat_starts
from engine.unknown.effects import effect
from engine.unknown.map.knockback import knockback_destinations
from engine.unknown.outcome import Outcome, event
from engine.unknown.position import Ally, Coord, Survivor
from engine.unknown.ruleset import DEFAULT, Ruleset
from engine.unknown.state import UnknownState

if TYPE_CHECKING:
    from engine.unknown.rules import Rules

IGNORE_KNOCKBACK = RulePoint(
    "ignoring a knockback",
    first,
    """The clause letting a survivor not yet knocked back ignore a knockback (only later ones
    may be ignored by the rules, ``unknown.knockback.ignore-later``):
    ``handler(rules, state, who, source_kind) -> clause | None``, ``source_kind`` ``hazard`` or
    ``enemy`` (``unknown.survivor.skeptic.ignore-knockback``).""",
)


@dataclass(frozen=True)
class KnockTo:
    """Decision: the fleeing piece ``who`` ends its knockback on ``to``."""

    who: str
    to: Coord

    def __str__(self) -> str:
        return f"knock {self.who} to {list(self.to)}"


@effect("knockback")
@dataclass(frozen=True)
class Knockback:
    """A pending knockback: pieces still to flee ``source`` by ``distance``, in order."""

    source: Coord
    distance: int
    movers: tuple[str, ...]
    cause: str = "knockback"

    def destinations(self, rules: Rules, state: UnknownState) -> frozenset[Coord]:
        return knockback_destinations(
            state.position, self.source, self.distance, self.movers[0], rules.ruleset
        )

    def node(self, rules: Rules, state: UnknownState) -> PlayerNode:
        who = self.movers[0]
        return PlayerNode(
            player="players",
            legal=tuple(KnockTo(who, to) for to in sorted(self.destinations(rules, state))),
            prompt=f"choose where {who} ends fleeing {list(self.source)} "
            f"(knockback {self.distance})",
            clause="unknown.knockback.path-choice",
        )

    def apply(self, rules: Rules, state: UnknownState, decision: object) -> Outcome:
        who = self.movers[0]
        if not isinstance(decision, KnockTo) or decision.who != who:
            raise IllegalDecision(
                "unknown.knockback.flee", f"{who} is the piece fleeing now, not {decision}"
            )
        options = self.destinations(rules, state)
        if decision.to not in options:
            allowed = ", ".join(str(list(o)) for o in sorted(options))
            raise IllegalDecision(
                "unknown.knockback.flee",
                f"{who} cannot end a knockback of {self.distance} from {list(self.source)} "
                f"on {list(decision.to)}; it may end on {allowed}",
            )
        return self._move(state, decision.to, rules.ruleset, rules)

    def settle(self, rules: Rules, state: UnknownState) -> Outcome | None:
        if not self.movers:
            return replace(state, pending=state.pending[1:]), ()
        options = self.destinations(rules, state)
        if len(options) != 1:
            return None
        (only,) = options
        return self._move(state, only, rules.ruleset, rules)

    def _move(
        self, state: UnknownState, to: Coord, ruleset: Ruleset = DEFAULT, rules: Rules | None = None
    ) -> Outcome:
        who = self.movers[0]
        position = state.position
        piece = position.piece(who)
        events: list[Event] = []
        if to == piece.at:
            events.append(
                event(
                    "stayed", "unknown.knockback.flee", f"{who} stays on {list(to)}", who=who, at=to
                )
            )
        else:
            events.append(
                event(
                    "knocked_back",
                    "unknown.knockback.flee",
                    f"{who} is knocked back from {list(piece.at)} to {list(to)}",
                    who=who,
                    **{"from": piece.at, "to": to},
                )
            )
            position = position.moved(who, to)
            # allies flee and fight as survivors (unknown.ally.as-survivor)
            survivor = isinstance(piece, (Survivor, Ally))
            foes = position.enemies_at(to) if survivor else position.survivors_at(to)
            if combat_starts(position, to):
                names = ", ".join(f.id for f in foes)
                events.append(
                    event(
                        "close_combat",
                        "unknown.combat.trigger",
                        f"{who} shares {list(to)} with {names}: close combat",
                        at=to,
                        pieces=tuple(sorted((who, *(f.id for f in foes)))),
                    )
                )
        rest = self.movers[1:]
        pending = ((replace(self, movers=rest),) if rest else ()) + state.pending[1:]
        if to != piece.at and not isinstance(piece, Ally):
            from engine.unknown.enemies.abilities import shots_after_knockback

            shots = shots_after_knockback(state.position, position, who, ruleset, rules, state)
            pending = (*shots, *pending)
        if to != piece.at and combat_starts(position, to):
            pending = (CloseCombat(to), *pending)
        return replace(state, position=position, pending=pending), tuple(events)
