"""Steps for the Unknown map scenarios: range, line of sight, explore and knockback.

A scenario draws the map as a table (first row north, bottom row y = 0, left column x = 0), may set
interpretation switches, then asks geometric questions or drives a knockback through the game
interface (``UnknownGame``: start, node, apply). A place in a step is a piece id (where that piece
stands now), a ``#label`` from the map, or ``x,y``. Lists of places are separated by ``, `` or
`` and ``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import pytest
from pytest_bdd import given, parsers, then, when

from engine.core.errors import IllegalDecision
from engine.core.game import Event, IdleNode, PlayerNode
from engine.core.serialization import stable_key
from engine.positions import check_position_data
from engine.unknown.game import Knockback, KnockTo, UnknownGame, UnknownState
from engine.unknown.map import (
    explore_placements,
    knockback_destinations,
    line_of_sight,
    range_between,
)
from engine.unknown.position import Coord, UnknownPosition, position_from_data
from engine.unknown.ruleset import DEFAULT, Ruleset
from tests.steps.capture import forced_readings
from tests.steps.strict import Script

PLACE = r"(?P<{name}>[#\w,\-]+)"
COORD = re.compile(r"^(-?\d+),(-?\d+)$")
LIST_SEPARATOR = re.compile(r",\s+|\s+and\s+")


@dataclass
class World:
    """What one scenario has built so far: the map, the readings and any game in progress."""

    position: UnknownPosition | None = None
    labels: dict[str, Coord] = field(default_factory=dict)
    ruleset: Ruleset = field(
        default_factory=lambda: DEFAULT.with_readings(**forced_readings("unknown"))
    )
    state: UnknownState | None = None
    events: tuple[Event, ...] = ()

    @property
    def game(self) -> UnknownGame:
        """The engine under the readings in force."""
        return UnknownGame(self.ruleset)

    @property
    def now(self) -> UnknownPosition:
        """The map as it stands: after the game's moves if a game has started."""
        if self.state is not None:
            return self.state.position
        assert self.position is not None, "the scenario has no map yet (Given the map: ...)"
        return self.position

    def place(self, ref: str) -> Coord:
        """The spot a place reference names: ``#label``, ``x,y`` or a piece id (where it stands)."""
        if ref.startswith("#"):
            if ref[1:] not in self.labels:
                known = ", ".join(f"#{name}" for name in sorted(self.labels)) or "none"
                raise AssertionError(f"no spot labelled {ref} on the map (labels: {known})")
            return self.labels[ref[1:]]
        match = COORD.match(ref)
        if match:
            return (int(match.group(1)), int(match.group(2)))
        return self.now.piece(ref).at

    def places(self, refs: str) -> list[Coord]:
        """The spots of a list of references; a spot named twice is a mistake in the scenario."""
        spots = [self.place(ref) for ref in LIST_SEPARATOR.split(refs.strip())]
        assert len(set(spots)) == len(spots), f"a place is listed twice in {refs!r}"
        return spots

    def name(self, at: Coord) -> str:
        """A spot as the scenario would write it: its label if it has one, else ``x,y``."""
        for label, spot in self.labels.items():
            if spot == at:
                return f"#{label}"
        return f"{at[0]},{at[1]}"

    def names(self, spots: Any) -> list[str]:
        """Readable, sorted names of several spots (for failure messages)."""
        return sorted(self.name(s) for s in spots)


@pytest.fixture
def world() -> World:
    """A fresh, empty scenario world."""
    return World()


# --- the map -------------------------------------------------------------------------------------


def read_cell(cell: str, at: Coord, data: dict[str, list], labels: dict[str, Coord]) -> None:
    """Add one map cell (``tile [#label] [@survivor] [!kind:id] [+token[*n]] [cleared]``) to ``data``."""
    words = cell.split()
    if not words or words[0] == ".":
        assert len(words) <= 1, f"cell {at}: {cell!r} puts something on a spot with no tile"
        return
    tile: dict[str, Any] = {"at": list(at), "tile": words[0]}
    for word in words[1:]:
        if word.startswith("#"):
            assert word[1:] not in labels, f"cell {at}: label {word} is used twice"
            labels[word[1:]] = at
        elif word.startswith("@"):
            data["survivors"].append({"id": word[1:], "at": list(at)})
        elif word.startswith("!") and ":" in word:
            kind, piece_id = word[1:].split(":", 1)
            data["enemies"].append({"id": piece_id, "kind": kind, "at": list(at)})
        elif word.startswith("+"):
            kind, _, count = word[1:].partition("*")
            data["tokens"].append({"at": list(at), "kind": kind, "count": int(count or 1)})
        elif word == "cleared":
            tile["cleared"] = True
        else:
            raise AssertionError(f"cell {at}: cannot read {word!r} in {cell!r}")
    data["tiles"].append(tile)


def map_from_table(rows: list[list[str]]) -> tuple[UnknownPosition, dict[str, Coord]]:
    """A checked position and its labels from a map table whose first row is the north edge."""
    data: dict[str, Any] = {"game": "unknown", "tiles": [], "tokens": [], "survivors": []}
    data["enemies"] = []
    labels: dict[str, Coord] = {}
    height = len(rows)
    for r, row in enumerate(rows):
        for x, cell in enumerate(row):
            read_cell(cell, (x, height - 1 - r), data, labels)
    check_position_data(data, "scenario")
    return position_from_data(data, source="scenario"), labels


@given("the map:")
def given_map(world: World, datatable: list[list[str]]) -> None:
    """Lay the scenario's map out; a map the position rules reject fails the scenario here."""
    world.position, world.labels = map_from_table(datatable)


@given(parsers.parse('the reading "{switch}" is "{reading}"'))
def given_reading(world: World, switch: str, reading: str) -> None:
    """Set one interpretation switch (see ``engine/unknown/data/interpretations.yaml``)."""
    world.ruleset = world.ruleset.with_readings(**{switch: reading})


# --- range and line of sight (unknown.range, unknown.los.*) ---------------------------------------


def _re(pattern: str) -> parsers.re:
    """A full-match step pattern where ``{a}``-style names stand for place references."""
    for name in ("a", "b", "who", "source", "spot"):
        pattern = pattern.replace("{" + name + "}", PLACE.format(name=name))
    return parsers.re(pattern)


@then(_re(r"the range from {a} to {b} is (?P<n>\d+)"))
def then_range(world: World, a: str, b: str, n: str) -> None:
    """``unknown.range``: the fewest orthogonal moves over explored passable tiles."""
    found = range_between(world.now, world.place(a), world.place(b), world.ruleset)
    assert found == int(n), f"range from {a} to {b}: expected {n}, the engine says {found}"


@then(_re(r"there is no range from {a} to {b}"))
def then_no_range(world: World, a: str, b: str) -> None:
    """``unknown.range``: no walk over explored passable tiles joins the two."""
    found = range_between(world.now, world.place(a), world.place(b), world.ruleset)
    assert found is None, f"expected no range from {a} to {b}, the engine says {found}"


@then(_re(r"{a} has line of sight to {b}"))
def then_sight(world: World, a: str, b: str) -> None:
    """``unknown.los.straight-line``: a straight unbroken line of passable tiles."""
    assert line_of_sight(world.now, world.place(a), world.place(b), world.ruleset), (
        f"expected line of sight from {a} to {b}"
    )


@then(_re(r"{a} has no line of sight to {b}"))
def then_no_sight(world: World, a: str, b: str) -> None:
    """``unknown.los.*``: something breaks the line from ``a`` to ``b``."""
    assert not line_of_sight(world.now, world.place(a), world.place(b), world.ruleset), (
        f"expected no line of sight from {a} to {b}"
    )


def _seen(world: World, origin: Coord, outward: bool) -> set[Coord]:
    """Every explored tile seen from ``origin`` (``outward``) or that sees ``origin``."""
    pos = world.now
    return {
        t.at
        for t in pos.tiles
        if line_of_sight(pos, *((origin, t.at) if outward else (t.at, origin)), world.ruleset)
    }


@then(_re(r"from {a} there is line of sight to exactly: (?P<spots>.+)"))
def then_sight_set(world: World, a: str, spots: str) -> None:
    """The whole set of tiles ``a`` sees (its own tile included)."""
    found, expected = _seen(world, world.place(a), True), set(world.places(spots))
    assert found == expected, f"{a} sees {world.names(found)}, expected {world.names(expected)}"


@then(_re(r"{a} can be seen from exactly: (?P<spots>.+)"))
def then_seen_by_set(world: World, a: str, spots: str) -> None:
    """The whole set of tiles from which ``a`` is in line of sight (its own tile included)."""
    found, expected = _seen(world, world.place(a), False), set(world.places(spots))
    assert found == expected, (
        f"{a} is seen from {world.names(found)}, expected {world.names(expected)}"
    )


# --- explore (unknown.action.explore.*) -----------------------------------------------------------


@then(_re(r"{who} may explore exactly at: (?P<spots>.+)"))
def then_explore(world: World, who: str, spots: str) -> None:
    """``unknown.action.explore.adjacent`` / ``.no-2x2``: the whole set of legal spots."""
    found = set(explore_placements(world.now, world.place(who)))
    expected = set(world.places(spots))
    assert found == expected, (
        f"{who} may explore at {world.names(found)}, expected {world.names(expected)}"
    )


@then(_re(r"{who} may not explore"))
def then_no_explore(world: World, who: str) -> None:
    """``unknown.action.explore.needs-placement``: no legal spot, so no explore action."""
    found = explore_placements(world.now, world.place(who))
    assert found == [], f"{who} was expected to have no spot to explore, found {found}"


# --- knockback as a geometric question (unknown.knockback.*) --------------------------------------


def _destinations(world: World, source: str, n: str, who: str) -> frozenset[Coord]:
    return knockback_destinations(world.now, world.place(source), int(n), who, world.ruleset)


@then(
    _re(
        r"fleeing {source} with knockback (?P<n>\d+), (?P<who>\w+) may end exactly on: (?P<spots>.+)"
    )
)
def then_flee_set(world: World, source: str, n: str, who: str, spots: str) -> None:
    """``unknown.knockback.flee``: every tile the fleeing piece may end on, and no other."""
    found, expected = _destinations(world, source, n, who), set(world.places(spots))
    assert found == expected, (
        f"{who} fleeing {source} ({n}) may end on {world.names(found)}, "
        f"expected {world.names(expected)}"
    )


@then(_re(r"fleeing {source} with knockback (?P<n>\d+), (?P<who>\w+) stays where it is"))
def then_flee_stays(world: World, source: str, n: str, who: str) -> None:
    """Out of reach, or no fleeing step at all: the only destination is the piece's own tile."""
    found = _destinations(world, source, n, who)
    here = world.place(who)
    assert found == {here}, (
        f"{who} was expected to stay on {world.name(here)}, may end on {world.names(found)}"
    )


# --- knockback through the game interface ---------------------------------------------------------


@when(_re(r"a knockback of (?P<n>\d+) from {source} starts for (?P<movers>[\w, ]+)"))
def when_knockback(world: World, n: str, source: str, movers: str) -> None:
    """Start a knockback on the current map; forced outcomes resolve by themselves."""
    if world.state is not None:
        node = world.game.node(world.state)
        assert isinstance(node, IdleNode), f"a decision is still pending: {node}"
    who = tuple(m for m in LIST_SEPARATOR.split(movers.strip()) if m)
    effect = Knockback(world.place(source), int(n), movers=who)
    world.state, world.events = world.game.start(world.now, effect)


def _state(world: World) -> UnknownState:
    assert world.state is not None, "no knockback has been started in this scenario"
    return world.state


@then("nobody has to choose")
def then_idle(world: World) -> None:
    """Nothing is pending: every knockback started has resolved."""
    node = world.game.node(_state(world))
    assert isinstance(node, IdleNode), f"expected nothing pending, the engine asks: {node}"


@then(_re(r"the players must choose where {who} ends among: (?P<spots>.+)"))
def then_choice(world: World, script: Script, who: str, spots: str) -> None:
    """``unknown.knockback.path-choice``: the players decide, among exactly these tiles."""
    script.examine(_state(world))
    node = world.game.node(_state(world))
    assert isinstance(node, PlayerNode), f"expected a choice for {who}, got {node}"
    movers = {d.who for d in node.legal}
    assert movers == {who}, f"the choice is about {sorted(movers)}, not {who}"
    found = [d.to for d in node.legal]
    assert len(found) == len(set(found)), f"a destination is offered twice: {found}"
    expected = set(world.places(spots))
    assert set(found) == expected, (
        f"{who} may be put on {world.names(found)}, expected {world.names(expected)}"
    )


@when(_re(r"the players choose {spot} for {who}"))
def when_choose(world: World, spot: str, who: str) -> None:
    """Apply the players' decision; the scenario fails if the engine refuses it."""
    step = world.game.apply(_state(world), KnockTo(who, world.place(spot)))
    world.state, world.events = step.state, step.events


@then(_re(r"choosing {spot} for {who} is refused citing (?P<clause>[\w.\-]+)"))
def then_refused(world: World, spot: str, who: str, clause: str) -> None:
    """An illegal decision raises ``IllegalDecision`` naming the clause and changes nothing."""
    state = _state(world)
    before = stable_key(state)
    with pytest.raises(IllegalDecision) as refused:
        world.game.apply(state, KnockTo(who, world.place(spot)))
    assert refused.value.clause == clause, f"refused citing {refused.value.clause}, not {clause}"
    assert stable_key(state) == before, "a refused decision changed the state"
    assert world.state is state


@then(_re(r"{who} stands on {spot}"))
def then_stands(world: World, who: str, spot: str) -> None:
    """Where a piece is now."""
    at, expected = world.now.piece(who).at, world.place(spot)
    assert at == expected, f"{who} stands on {world.name(at)}, expected {world.name(expected)}"


def _has_event(world: World, kind: str, **data: Any) -> None:
    for event in world.events:
        if event.kind == kind and all(event.get(k) == v for k, v in data.items()):
            return
    seen = "; ".join(f"{e.kind}: {e.text}" for e in world.events) or "none"
    raise AssertionError(f"no {kind} event with {data}; the last step's events: {seen}")


@then(_re(r"the events include {who} knocked back to {spot}"))
def then_event_knocked(world: World, who: str, spot: str) -> None:
    """A ``knocked_back`` event (``unknown.knockback.flee``) in the last step."""
    _has_event(world, "knocked_back", who=who, to=world.place(spot))


@then(_re(r"the events include {who} staying on {spot}"))
def then_event_stayed(world: World, who: str, spot: str) -> None:
    """A ``stayed`` event: the piece's knockback left it where it was."""
    _has_event(world, "stayed", who=who, at=world.place(spot))


@then(_re(r"the events include close combat on {spot}"))
def then_event_combat(world: World, spot: str) -> None:
    """A ``close_combat`` event (``unknown.combat.trigger``) in the last step."""
    _has_event(world, "close_combat", at=world.place(spot))


@then(_re(r"{spot} holds (?P<n>\d+) (?P<kind>\w+) tokens?"))
def then_tokens(world: World, spot: str, n: str, kind: str) -> None:
    """How many tokens of one kind lie on a tile now."""
    found = world.now.tokens_at.get(world.place(spot), {}).get(kind, 0)
    assert found == int(n), f"{spot} holds {found} {kind} token(s), expected {n}"
