"""Several knockbacks at once (rulebook: Tiles, Knockback; Enemy Tiles).

A laid tile may set off more than one knockback: a hazard's, or one per enemy that spawned on an
enemy tile. :class:`Knockbacks` runs them piece by piece, the nearest first
(``unknown.knockback.order``), lets a survivor knocked back once ignore later ones
(``unknown.knockback.ignore-later``) and hands each flight to
:class:`~engine.unknown.knockback.Knockback`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from engine.core.errors import IllegalDecision
from engine.core.game import PlayerNode
from engine.unknown.effects import effect
from engine.unknown.knockback import IGNORE_KNOCKBACK, Knockback
from engine.unknown.map import knockback_destinations, range_between
from engine.unknown.outcome import Outcome, event
from engine.unknown.position import Ally, Coord, Enemy, Survivor
from engine.unknown.state import UnknownState

if TYPE_CHECKING:
    from engine.unknown.rules import Rules

Source = tuple[str, str, Coord, int]
"""A knockback's source: ``(kind, name, spot, distance)``; kind ``hazard`` (the tile ``name`` on
``spot``) or ``enemy`` (the enemy ``name``, which spawned on ``spot``)."""


@dataclass(frozen=True)
class FaceKnockback:
    """Decision: ``who`` undergoes the knockback from ``source`` now."""

    who: str
    source: str

    def __str__(self) -> str:
        return f"{self.who} takes the knockback of {self.source}"


@dataclass(frozen=True)
class IgnoreKnockback:
    """Decision: ``who``, already knocked back once, ignores the knockback from ``source``."""

    who: str
    source: str

    def __str__(self) -> str:
        return f"{self.who} ignores the knockback of {self.source}"


def source_spot(state: UnknownState, source: Source) -> Coord | None:
    """Where a knockback comes from now; ``None`` once its enemy is dead or stunned.

    Knockback on an enemy tile belongs to the spawned enemy (``unknown.knockback.enemy-spawn``),
    so a killed enemy's knockback never happens (the dual-spawn example) and a stunned one starts
    nothing (``unknown.enemy.stunned-no-combat``).
    """
    kind, name, spot, _ = source
    if kind != "enemy":
        return spot
    for enemy in state.position.enemies:
        if enemy.id == name:
            return None if enemy.stunned else enemy.at
    return None


def reach(rules: Rules, state: UnknownState, source: Source, piece: Survivor | Enemy) -> int | None:
    """The range from a knockback's source to ``piece`` if the knockback moves it, else ``None``.

    Incapacitated survivors ignore knockback (``unknown.injury.incapacitated``); enemies are
    moved by hazard knockback only (``unknown.knockback.hazard-affects-enemies``,
    ``unknown.enemy.knockback-sources``); a survivor on the tile an enemy spawned on fights it
    instead (``unknown.knockback.spawn-on-survivor``); only pieces within the distance flee
    (``unknown.knockback.flee``).
    """
    spot = source_spot(state, source)
    if spot is None or (isinstance(piece, (Survivor, Ally)) and piece.incapacitated):
        return None
    like_survivor = isinstance(piece, (Survivor, Ally))  # allies too (unknown.ally.as-survivor)
    if source[0] == "enemy" and (not like_survivor or piece.at == spot):
        return None
    distance = range_between(state.position, spot, piece.at, rules.ruleset)
    return distance if distance is not None and distance <= source[3] else None


def knockbacks(
    rules: Rules,
    state: UnknownState,
    sources: tuple[Source, ...],
    cause: str,
    movers: tuple[str, ...] | None = None,
) -> tuple[Knockbacks, ...]:
    """The pending effect running ``sources``' knockbacks, or nothing when no piece is in reach.

    Pieces go one at a time, each through all its knockbacks. With one source (a hazard) the
    order is the ``knockback-mover-order`` switch (farthest or nearest first); with several, pieces
    are ordered the same way by their nearest source. ``movers`` limits who may flee (Collapse).
    """
    pieces = [*state.position.survivors, *state.position.enemies, *state.position.allies]
    nearest: dict[str, int] = {}
    for piece in pieces:
        if movers is not None and piece.id not in movers:
            continue
        found = [r for s in sources if (r := reach(rules, state, s, piece)) is not None]
        if found:
            nearest[piece.id] = min(found)
    if not nearest:
        return ()
    if rules.ruleset.knockback_mover_order == "nearest-first":
        order = sorted(nearest, key=lambda pid: (nearest[pid], pid))
    else:
        order = sorted(nearest, key=lambda pid: (-nearest[pid], pid))
    return (Knockbacks(tuple(sources), tuple(order), (), cause),)


def _piece(state: UnknownState, piece_id: str) -> Survivor | Enemy | Ally | None:
    for piece in (*state.position.survivors, *state.position.enemies, *state.position.allies):
        if piece.id == piece_id:
            return piece
    return None


@effect("knockbacks")
@dataclass(frozen=True)
class Knockbacks:
    """Knockbacks set off together, resolved piece by piece (rulebook: Knockback).

    For the piece at the head of ``queue`` the nearest knockback that still reaches it goes
    first (``unknown.knockback.order``); when several are equally near the players choose. A
    survivor that has been knocked back once may ignore each later one
    (``unknown.knockback.ignore-later``); a later knockback that would leave it where it stands
    is simply spent. Each flight is a :class:`~engine.unknown.knockback.Knockback` of the one
    piece (route choice, dead ends, stopping before an enemy, close combat), followed for a
    survivor by :class:`~engine.unknown.hazards.muddy.MudAfterFlight`. ``faced`` names the
    sources the head piece has taken or ignored, ``ignored`` those of them it ignored. Knockback
    costs no AP (``unknown.knockback.no-ap``).

    A survivor not yet knocked back may also ignore a knockback when a modifier in play says so
    through ``Rules.may_ignore_knockback`` (survivor traits such as
    ``unknown.survivor.skeptic.ignore-knockback`` and
    ``unknown.survivor.tracker.enemy-knockback``); the players then choose, as for later ones.
    """

    sources: tuple[Source, ...]
    queue: tuple[str, ...]
    faced: tuple[str, ...] = ()
    cause: str = "explore"
    ignored: tuple[str, ...] = ()

    def knocked(self) -> bool:
        """Whether the head piece has already taken a knockback (not merely ignored one)."""
        return any(name not in self.ignored for name in self.faced)

    def waiver(self, rules: Rules, state: UnknownState, source: Source) -> str | None:
        """The clause letting the head piece ignore ``source`` now; ``None`` if it must take it.

        A survivor knocked back once may ignore later ones (``unknown.knockback.ignore-later``);
        before that only a modifier's ``may_ignore_knockback`` lets it.
        """
        who = self.queue[0]
        if not isinstance(state.position.piece(who), Survivor):
            return None
        if self.knocked():
            return "unknown.knockback.ignore-later"
        return rules.ask(IGNORE_KNOCKBACK, state, who, source[0])

    def options(self, rules: Rules, state: UnknownState) -> list[Source]:
        """The nearest knockbacks not yet taken that reach the head piece (one per spot)."""
        piece = _piece(state, self.queue[0])
        if piece is None:
            return []
        found = []
        for source in self.sources:
            if source[1] in self.faced:
                continue
            r = reach(rules, state, source, piece)
            if r is not None:
                found.append((r, source))
        if not found:
            return []
        least = min(r for r, _ in found)
        tied: dict[tuple[Coord | None, int], Source] = {}
        for r, source in found:
            if r == least:
                tied.setdefault((source_spot(state, source), source[3]), source)
        return list(tied.values())

    def _stays(self, rules: Rules, state: UnknownState, source: Source) -> bool:
        piece = state.position.piece(self.queue[0])
        spot = source_spot(state, source)
        assert spot is not None
        ends = knockback_destinations(state.position, spot, source[3], piece.id, rules.ruleset)
        return ends == frozenset({piece.at})

    def node(self, rules: Rules, state: UnknownState) -> PlayerNode:
        who = self.queue[0]
        options = self.options(rules, state)
        legal: list[object] = [FaceKnockback(who, s[1]) for s in options]
        waivers = [(s, c) for s in options if (c := self.waiver(rules, state, s))]
        if waivers:
            legal += [IgnoreKnockback(who, s[1]) for s, _ in waivers]
            prompt = f"{who} may take or ignore the next knockback"
            clause = waivers[0][1]
        else:
            prompt = f"knockbacks equally near {who}: choose which comes first"
            clause = "unknown.knockback.order"
        return PlayerNode(player="players", legal=tuple(legal), prompt=prompt, clause=clause)

    def settle(self, rules: Rules, state: UnknownState) -> Outcome | None:
        me = self
        while me.queue:
            options = me.options(rules, state)
            if not options:
                me = replace(me, queue=me.queue[1:], faced=(), ignored=())
                continue
            survivor = isinstance(state.position.piece(me.queue[0]), Survivor)
            stays = all(me._stays(rules, state, s) for s in options)
            if me.knocked():
                spent = [s for s in options if me._stays(rules, state, s)]
                if spent:
                    me = replace(me, faced=me.faced + tuple(s[1] for s in spent))
                    continue
                if survivor:
                    return me._waiting(state)
            elif not stays and (
                len(options) > 1 or any(me.waiver(rules, state, s) for s in options)
            ):
                return me._waiting(state)
            return me._face(rules, state, options[0])
        return replace(state, pending=state.pending[1:]), ()

    def _waiting(self, state: UnknownState) -> Outcome | None:
        if state.pending[0] == self:
            return None
        return replace(state, pending=(self, *state.pending[1:])), ()

    def apply(self, rules: Rules, state: UnknownState, decision: object) -> Outcome:
        who = self.queue[0]
        options = {s[1]: s for s in self.options(rules, state)}
        waiver = (
            self.waiver(rules, state, options[decision.source])
            if isinstance(decision, IgnoreKnockback) and decision.source in options
            else None
        )
        if (
            isinstance(decision, FaceKnockback)
            and decision.who == who
            and decision.source in options
        ):
            return self._face(rules, state, options[decision.source])
        if (
            isinstance(decision, IgnoreKnockback)
            and decision.who == who
            and decision.source in options
            and waiver
        ):
            ignored = event(
                "knockback_ignored",
                waiver,
                f"{who} ignores the knockback of {decision.source}",
                who=who,
                source=decision.source,
            )
            ahead = replace(
                self,
                faced=(*self.faced, decision.source),
                ignored=(*self.ignored, decision.source),
            )
            return replace(state, pending=(ahead, *state.pending[1:])), (ignored,)
        clause = "unknown.knockback.ignore-later" if self.knocked() else "unknown.knockback.order"
        raise IllegalDecision(
            clause,
            f"{decision} is not open to {who} now: the nearest knockbacks reaching it are "
            f"{', '.join(sorted(options)) or 'none'}"
            + ("" if waiver else " (this one cannot be ignored)"),
        )

    def _face(self, rules: Rules, state: UnknownState, source: Source) -> Outcome:
        from engine.unknown.hazards.muddy import MudAfterFlight

        who = self.queue[0]
        piece = state.position.piece(who)
        spot = source_spot(state, source)
        assert spot is not None
        kind, name, _, distance = source
        if self.faced:
            clause = "unknown.knockback.order"
        elif kind == "enemy":
            clause = "unknown.knockback.enemy-spawn"
        elif isinstance(piece, Enemy):
            clause = "unknown.knockback.hazard-affects-enemies"
        else:
            clause = "unknown.knockback.flee"
        flees = event(
            "knockback",
            clause,
            f"{who} flees the knockback of {name} ({distance} from {list(spot)})",
            who=who,
            source=name,
            at=spot,
            distance=distance,
        )
        flight = Knockback(spot, distance, (who,), cause=name)
        mud = (MudAfterFlight(who, piece.at, spot),) if isinstance(piece, Survivor) else ()
        ahead = replace(self, faced=(*self.faced, name))
        return replace(state, pending=(flight, *mud, ahead, *state.pending[1:])), (flees,)
