"""Steps for the enemy and hazard scenarios: enemy phases, the d4, obstructions, hazard tiles.

The scenarios build the map and the round with the steps of ``tests/steps/unknown_map.py`` and
``tests/steps/unknown_turn.py`` and play through the core interface only (``UnknownGame.node``
says who decides, ``UnknownGame.apply`` applies one decision):

* ``When the enemy phases run`` ends the turn of the survivor on turn (who must be the last one
  to act), so the round runs through ally actions, the enemy phases and upkeep; it stops at the
  first decision left to the players or to the die, which the next steps script;
* chance outcomes are read by what they do, not by their class: a d4 roll for an enemy is an
  outcome naming the enemy and a tile (the next tile of its path, or a target's tile); its
  direction is the compass direction from the enemy to that tile;
* players' decisions during enemy movement (which enemy a barrier stops, which one a trap hurts,
  who a stranger's shot hits) are found among the legal decisions by the enemy they name and
  the word in their class name (``barrier``, ``trap``, ``shot``).

Every step's events are kept for the whole scenario (``EventLog``), with the map as it stood
after that step, so a ``Then`` can ask what happened since the scenario began ("so far").
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

import pytest
from pytest_bdd import given, parsers, then, when

from engine.core.game import ChanceNode, Event
from engine.unknown.catalog import catalog
from engine.unknown.position import Coord, UnknownPosition
from engine.unknown.state import TileStack
from tests.steps.strict import Script, never_asked, unscripted
from tests.steps.unknown_map import LIST_SEPARATOR, World
from tests.steps.unknown_turn import (
    DIRECTIONS,
    Attempt,
    apply,
    assignment_key,
    change_enemy,
    damage_assignment,
    decision_class,
    offered,
    player_node,
    state_of,
)

PLACE = r"(?P<{name}>[#\w,\-]+)"
PIECE = r"(?P<{name}>[\w\-]+)"
CLAUSE = r"(?P<clause>[\w.\-]+)"
"""One clause ID: a step names the single responsible clause; "A or B" matches no step."""
DIRECTION = r"(?P<direction>north|south|east|west)"
NAMES = {v: k for k, v in DIRECTIONS.items()}


def _re(pattern: str) -> parsers.re:
    """A full-match step pattern; ``{spot}``-style names are places, ``{enemy}``-style pieces."""
    for name in ("spot", "target_spot"):
        pattern = pattern.replace("{" + name + "}", PLACE.format(name=name))
    for name in ("enemy", "who", "target"):
        pattern = pattern.replace("{" + name + "}", PIECE.format(name=name))
    return parsers.re(pattern)


# --- the scenario's event log ----------------------------------------------------------------


@dataclass
class EventLog:
    """Every event of the scenario so far, each with the map as it stood after its step."""

    entries: list[tuple[Event, UnknownPosition]] = field(default_factory=list)
    last: tuple[Event, ...] | None = None

    def record(self, world: World) -> None:
        """Add the events of the step just run, once (a step that applied nothing adds none)."""
        if world.events is self.last or not world.events:
            return
        self.last = world.events
        for e in world.events:
            self.entries.append((e, world.now))

    def text(self) -> str:
        return "; ".join(f"{e.kind} [{e.clause}]: {e.text}" for e, _ in self.entries) or "none"


@pytest.fixture
def event_log() -> EventLog:
    """The events of the scenario so far."""
    return EventLog()


def pytest_bdd_after_step(request, feature, scenario, step, step_func, step_func_args) -> None:
    """After every step of an Unknown scenario, log the events its decisions caused."""
    if "world" not in request.fixturenames:
        return
    world = request.getfixturevalue("world")
    request.getfixturevalue("event_log").record(world)


# --- reading decisions and chance outcomes -----------------------------------------------------


def fields_of(decision: Any) -> dict[str, Any]:
    """A decision's fields by name (decisions are frozen dataclasses)."""
    if not dataclasses.is_dataclass(decision):
        return {}
    return {f.name: getattr(decision, f.name) for f in dataclasses.fields(decision)}


def is_coord(value: Any) -> bool:
    return isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, int) for v in value)


def names_piece(decision: Any, piece: str) -> bool:
    """Whether one of the decision's fields is the piece id ``piece``."""
    return any(v == piece for v in fields_of(decision).values())


def spot_of(decision: Any) -> Coord | None:
    """The tile a decision or outcome names (its one coordinate field), if any."""
    spots = [v for v in fields_of(decision).values() if is_coord(v)]
    assert len(spots) <= 1, f"{decision} names several tiles: {spots}"
    return spots[0] if spots else None


def heading(origin: Coord, spot: Coord) -> str:
    """The compass direction from ``origin`` to a tile next to it or in a straight line."""
    dx, dy = spot[0] - origin[0], spot[1] - origin[1]
    assert (dx == 0) != (dy == 0), (
        f"{list(spot)} is neither next to nor in a straight line from {list(origin)}: "
        "the scenario cannot name its direction"
    )
    step = ((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))
    return NAMES[step]


def die_node(world: World, enemy: str) -> ChanceNode:
    """The chance node now waiting, which must be a d4 roll for ``enemy``."""
    node = world.game.node(state_of(world))
    assert isinstance(node, ChanceNode), f"expected the d4 to be rolled for {enemy}, got {node}"
    strangers = [o for o, _ in node.outcomes if not names_piece(o, enemy)]
    assert not strangers, f"the roll is not (only) about {enemy}: {node.outcomes}"
    inexact = [p for _, p in node.outcomes if not isinstance(p, Fraction)]
    assert not inexact, f"the d4's chances must be exact Fractions, not {inexact}"
    return node


def roll_directions(world: World, node: ChanceNode, enemy: str) -> dict[str, Fraction]:
    """The chance of each direction the roll sends ``enemy``, summed over outcomes."""
    origin = world.now.piece(enemy).at
    chances: dict[str, Fraction] = {}
    for outcome, p in node.outcomes:
        spot = spot_of(outcome)
        assert spot is not None, f"{outcome} names no tile, so no direction"
        way = heading(origin, spot)
        chances[way] = chances.get(way, Fraction(0)) + p
    return chances


def fraction(text: str) -> Fraction:
    return Fraction(text.strip())


# --- Given --------------------------------------------------------------------------------------


@given(_re(r"{enemy} has taken (?P<n>\d+) damage"))
def given_enemy_damage(world: World, enemy: str, n: str) -> None:
    """An enemy already injured (``unknown.injury.enemy-injured``)."""
    change_enemy(world, enemy, damage=int(n))


# --- the enemy phases ---------------------------------------------------------------------------


@when("the enemy phases run")
def when_enemy_phases(world: World, attempt: Attempt) -> None:
    """The last survivor ends its turn; the round runs on until a decision is needed."""
    state = state_of(world)
    assert state.phase == "survivor_actions" and state.turn, (
        "the enemy phases follow the last survivor's turn (Given it is <who>'s turn ...)"
    )
    left = [s.id for s in state.position.survivors if s.id not in state.done and s.id != state.turn]
    assert not left, f"{', '.join(left)} still have their turn to take this round"
    end = decision_class("turn.round", "EndTurn")
    apply(world, attempt, end(state.turn), trying=False)


@when(_re(r"the die gives " + DIRECTION + r" for {enemy}"))
def when_die_direction(world: World, attempt: Attempt, direction: str, enemy: str) -> None:
    """The d4 (rolled until it points along a tied way) sends ``enemy`` this way."""
    node = die_node(world, enemy)
    origin = world.now.piece(enemy).at
    match = [o for o, _ in node.outcomes if heading(origin, spot_of(o) or origin) == direction]
    assert len(match) == 1, f"{len(match)} outcomes send {enemy} {direction}: {node.outcomes}"
    apply(world, attempt, match[0], trying=False)


@when(_re(r"the die picks {who} as {enemy}'s target"))
def when_die_target(world: World, attempt: Attempt, who: str, enemy: str) -> None:
    """The d4 rolled between tied targets (``unknown.enemy.target.tie``) picks ``who``.

    Strict: the engine must be rolling for ``enemy`` now; a roll it never asks for fails.
    """
    node = world.game.node(state_of(world))
    outcomes = [o for o, _ in node.outcomes] if isinstance(node, ChanceNode) else []
    if not outcomes or not all(names_piece(o, enemy) for o in outcomes):
        raise never_asked(f"a roll picking {who} as {enemy}'s target", node)
    at = world.now.piece(who).at
    match = [o for o in outcomes if spot_of(o) == at or names_piece(o, who)]
    assert match, f"no outcome of {enemy}'s roll picks {who}: {outcomes}"
    apply(world, attempt, match[0], trying=False)


def legal_naming(world: World, word: str) -> list[Any]:
    """The legal decisions now whose class name contains ``word``."""
    node = player_node(world)
    return [d for d in node.legal if word in type(d).__name__.lower()]


def choose_naming(world: World, attempt: Attempt, word: str, *pieces: str) -> None:
    """Apply the one legal ``word`` decision that names every piece in ``pieces``."""
    options = legal_naming(world, word)
    match = [d for d in options if all(names_piece(d, p) for p in pieces)]
    assert len(match) == 1, (
        f"{len(match)} {word} decisions name {', '.join(pieces)}; offered: "
        + ", ".join(map(str, options) or ["none"])
    )
    apply(world, attempt, match[0], trying=False)


@when(_re(r"the players stop {enemy} with the barrier"))
def when_barrier_stops(world: World, attempt: Attempt, enemy: str) -> None:
    """The players pick the enemy a barrier stops (``unknown.enemy.obstructed.barrier``)."""
    choose_naming(world, attempt, "barrier", enemy)


@when(_re(r"the players assign the trap's damage to {enemy}"))
def when_trap_hits(world: World, attempt: Attempt, enemy: str) -> None:
    """The players pick the enemy a trap hurts (``unknown.enemy.obstructed.trap``)."""
    choose_naming(world, attempt, "trap", enemy)


@when(_re(r"the players aim {enemy}'s shot at {who}"))
def when_shot_lands(world: World, attempt: Attempt, enemy: str, who: str) -> None:
    """The players give a stranger's 1 damage to ``who`` (``unknown.enemy.stranger.ranged``)."""
    choose_naming(world, attempt, "shot", enemy, who)


@when(_re(r"{who} (?P<verb>ignores|takes) the next knockback"))
def when_next_knockback(world: World, attempt: Attempt, who: str, verb: str) -> None:
    """Once knocked back, ignore or take the next knockback (``unknown.knockback.ignore-later``)."""
    choose_naming(world, attempt, "ignore" if verb == "ignores" else "face", who)


@when(parsers.re(r"the players try to assign the damage: (?P<text>.+)"))
def when_try_assign(world: World, attempt: Attempt, text: str) -> None:
    """Offer a close-combat assignment the engine may refuse (checked by a ``Then``)."""
    apply(world, attempt, damage_assignment(world, text), trying=True)


# --- exploring with a given tile -----------------------------------------------------------------


@when(_re(r"{who} explores and the tile is (?P<tile>\w+)(?: placed at {spot})?"))
def when_explore_tile(
    world: World, attempt: Attempt, who: str, tile: str, spot: str | None
) -> None:
    """Put ``tile`` on top of the stack, explore, and place it on ``spot``.

    Strict: the scenario names the spot exactly when the engine asks for one. A tile with one
    possible placement (a collapse covering the explorer's own tile) asks for none, and is
    written without ``placed at``.
    """
    assert tile in catalog(), f"no tile {tile!r} in the catalog"
    state = state_of(world)
    world.state = replace(
        state, stack=TileStack(top=(tile, *state.stack.top), rest=state.stack.rest)
    )
    apply(world, attempt, decision_class("actions.explore", "Explore")(who), trying=False)
    first = world.events
    place_at = decision_class("actions.explore", "PlaceAt")
    node = world.game.node(state_of(world))
    spots = [d for d in offered(node) if type(d) is place_at]
    if spot is None:
        if spots:
            raise unscripted(node)
        return
    if not spots:
        raise never_asked(f"placing the {tile} at {spot}", node)
    wanted = place_at(world.place(spot))
    assert wanted in spots, f"{spot} is not offered for the {tile}: {spots}"
    apply(world, attempt, wanted, trying=False)
    world.events = first + world.events


# --- Then: targets, dice and choices -------------------------------------------------------------


def target_spot(world: World, position: UnknownPosition, target: str) -> Coord:
    """Where a target named in a step stood: ``base`` or a survivor id."""
    if target == "base":
        bases = [t.at for t in position.tiles if t.tile == "base"]
        assert bases, "there is no base on the map"
        return bases[0]
    return position.survivor(target).at


@then(_re(r"{enemy} targets {target}"))
def then_targets(world: World, event_log: EventLog, enemy: str, target: str) -> None:
    """The enemy's last target selection chose ``target`` (``unknown.enemy.target.*``)."""
    picks = [
        (e, pos)
        for e, pos in event_log.entries
        if e.get("enemy") == enemy and is_coord(e.get("target"))
    ]
    assert picks, f"no target selection by {enemy} so far; events: {event_log.text()}"
    chosen, position = picks[-1]
    expected = target_spot(world, position, target)
    assert chosen.get("target") == expected, (
        f"{enemy} targets {list(chosen.get('target'))} ({chosen.text}), "
        f"expected {target} on {list(expected)}"
    )


def last_event_of(event_log: EventLog, kind: str, enemy: str) -> Event:
    """The latest ``kind`` event about ``enemy`` so far."""
    found = [e for e, _ in event_log.entries if e.kind == kind and e.get("enemy") == enemy]
    assert found, f"no {kind} event about {enemy} so far; events: {event_log.text()}"
    return found[-1]


BARRIER_WORDS = {"with no barrier": "no barrier", "through barriers": "through barriers"}
"""How a target's path is described: reached without crossing a barrier or only across some."""


@then(
    _re(
        r"the events so far say {enemy} targets {target} by a path (?P<how>with no barrier|through barriers)"
    )
)
def then_target_explained(
    world: World, event_log: EventLog, enemy: str, target: str, how: str
) -> None:
    """The enemy's last target selection names ``target`` and explains it by the kind of path
    that reaches it: one crossing no barrier (``unknown.enemy.target.clear-path``) or, when
    every path crosses one, a path through barriers (``unknown.enemy.target.barred``)."""
    then_targets(world, event_log, enemy, target)
    chosen = last_event_of(event_log, "enemy_target", enemy)
    regime = "clear" if how == "with no barrier" else "barred"
    assert chosen.get("regime") == regime, f"{enemy}'s target is {chosen.get('regime')}: {chosen}"
    other = next(w for k, w in BARRIER_WORDS.items() if k != how)
    assert BARRIER_WORDS[how] in chosen.text and other not in chosen.text, (
        f"the event says {chosen.text!r}, expected a path {how}"
    )


@then(_re(r"the events so far say {enemy}'s path goes (?P<how>round|through) the barriers"))
def then_path_explained(event_log: EventLog, enemy: str, how: str) -> None:
    """The enemy's last path (``unknown.enemy.path.speed``) is described as going round the
    barriers (``unknown.barrier.detour``) or, when no way avoids them, through them."""
    laid = last_event_of(event_log, "enemy_path", enemy)
    other = "through" if how == "round" else "round"
    assert f"{how} barriers" in laid.text and f"{other} barriers" not in laid.text, (
        f"the event says {laid.text!r}, expected a path {how} the barriers"
    )


@then(_re(r"the events so far say {enemy} heals to (?P<n>\d+) damage"))
def then_heal_explained(event_log: EventLog, enemy: str, n: str) -> None:
    """An ``enemy_healed`` event (``unknown.enemy.devourer.heal``) gives the damage the enemy
    has left once healed."""
    healed = last_event_of(event_log, "enemy_healed", enemy)
    assert healed.get("damage") == int(n), (
        f"the event gives {enemy} {healed.get('damage')} damage after healing, expected {n}"
    )


@then(parsers.re(r"the events say the rockfall's swap carries exactly: (?P<items>.+)"))
def then_rockfall_carried(world: World, items: str) -> None:
    """The ``rockfall_swap`` event (``unknown.hazard.rockfall.swap``) names what moves with the
    explorer's tile: its pieces by id and its tokens as ``N kind`` (``1 trap``), exactly."""
    found = [e for e in world.events if e.kind == "rockfall_swap"]
    assert len(found) == 1, f"rockfall swaps in the last step: {[e.text for e in found]}"
    carried = found[0].get("carried")
    expected = {i for i in LIST_SEPARATOR.split(items.strip()) if i}
    assert set(carried) == expected and len(carried) == len(expected), (
        f"the swap carries {list(carried)}, expected {sorted(expected)}"
    )
    for item in expected:
        assert item in found[0].text, f"the event says {found[0].text!r}: no {item!r}"


@then(_re(r"the die may move {enemy} exactly: (?P<items>.+)"))
def then_die_set(world: World, script: Script, enemy: str, items: str) -> None:
    """The whole set of directions the d4 may send the enemy, each with its exact chance."""
    script.examine(state_of(world))
    node = die_node(world, enemy)
    found = roll_directions(world, node, enemy)
    expected = {}
    for item in LIST_SEPARATOR.split(items.strip()):
        way, chance = item.split()
        expected[way] = fraction(chance)
    assert found == expected, f"the d4 sends {enemy}: {found}, expected {expected}"
    assert sum(p for _, p in node.outcomes) == 1, f"chances do not sum to 1: {node.outcomes}"


@then(_re(r"the chance of {enemy} moving " + DIRECTION + r" is (?P<chance>\d+/\d+|\d+)"))
def then_chance(world: World, enemy: str, direction: str, chance: str) -> None:
    """The exact probability that the d4 sends ``enemy`` this way."""
    node = die_node(world, enemy)
    found = roll_directions(world, node, enemy).get(direction, Fraction(0))
    assert found == fraction(chance), f"chance of {enemy} moving {direction}: {found}, not {chance}"


def offered_pieces(world: World, word: str, exclude: str | None = None) -> set[str]:
    """Piece ids named by the legal ``word`` decisions now (``exclude`` left out)."""
    pieces = {p.id for p in (*world.now.survivors, *world.now.enemies)}
    found = set()
    for decision in legal_naming(world, word):
        found |= {v for v in fields_of(decision).values() if v in pieces and v != exclude}
    return found


def piece_list(text: str) -> set[str]:
    return {p for p in LIST_SEPARATOR.split(text.strip()) if p}


@then(_re(r"the barrier on {spot} may stop exactly: (?P<pieces>.+)"))
def then_barrier_options(world: World, script: Script, spot: str, pieces: str) -> None:
    """The players choose which entering enemy the barrier stops, among exactly these."""
    script.examine(state_of(world))
    options = legal_naming(world, "barrier")
    assert options, f"no barrier choice is asked for: {player_node(world)}"
    spots = {spot_of(d) for d in options}
    assert spots == {world.place(spot)}, f"the barrier choice is about {spots}, not {spot}"
    found, expected = offered_pieces(world, "barrier"), piece_list(pieces)
    assert found == expected, f"the barrier may stop {sorted(found)}, expected {sorted(expected)}"


@then(_re(r"the trap on {spot} may hurt exactly: (?P<pieces>.+)"))
def then_trap_options(world: World, script: Script, spot: str, pieces: str) -> None:
    """The players choose which entering enemy the trap hurts, among exactly these."""
    script.examine(state_of(world))
    options = legal_naming(world, "trap")
    assert options, f"no trap choice is asked for: {player_node(world)}"
    spots = {spot_of(d) for d in options}
    assert spots == {world.place(spot)}, f"the trap choice is about {spots}, not {spot}"
    found, expected = offered_pieces(world, "trap"), piece_list(pieces)
    assert found == expected, f"the trap may hurt {sorted(found)}, expected {sorted(expected)}"


@then(_re(r"the players may aim {enemy}'s shot at exactly: (?P<pieces>.+)"))
def then_shot_options(world: World, script: Script, enemy: str, pieces: str) -> None:
    """The survivors the stranger's one ranged attack may hit, exactly."""
    script.examine(state_of(world))
    options = [d for d in legal_naming(world, "shot") if names_piece(d, enemy)]
    assert options, f"no shot by {enemy} waits to be aimed: {player_node(world)}"
    found, expected = offered_pieces(world, "shot", exclude=enemy), piece_list(pieces)
    assert found == expected, f"{enemy}'s shot may hit {sorted(found)}, expected {sorted(expected)}"


@then(parsers.re(r"every damage assignment offered gives the survivors (?P<n>\d+) damage"))
def then_enemy_damage_total(world: World, n: str) -> None:
    """Every legal close-combat assignment gives the survivors ``n`` points in all."""
    assign = decision_class("combat", "AssignDamage")
    options = [d for d in player_node(world).legal if type(d) is assign]
    assert options, "no close-combat assignment is asked for"
    totals = {sum(k for _, k in assignment_key(d)[0]) for d in options}
    assert totals == {int(n)}, f"the assignments give the survivors {sorted(totals)} damage"


# --- Then: shots and events so far ----------------------------------------------------------------


def shots_by(event_log: EventLog, enemy: str) -> list[str]:
    """Survivors ``enemy`` has shot so far: events naming it with a survivor as their target."""
    hit = []
    for e, position in event_log.entries:
        target = e.get("target")
        survivors = {s.id for s in position.survivors}
        if e.get("enemy") == enemy and isinstance(target, str) and target in survivors:
            hit.append(target)
    return hit


@then(_re(r"{enemy} has shot {who}"))
def then_shot(event_log: EventLog, enemy: str, who: str) -> None:
    """``enemy`` has shot ``who`` (or ``nobody``) so far (``unknown.enemy.stranger.ranged``)."""
    hit = shots_by(event_log, enemy)
    if who == "nobody":
        assert not hit, f"{enemy} shot {hit}; events: {event_log.text()}"
    else:
        assert who in hit, f"{enemy} shot {hit or 'nobody'}; events: {event_log.text()}"


@then(_re(r"(?P<negation>no|an) event so far cites " + CLAUSE))
def then_cited_so_far(event_log: EventLog, negation: str, clause: str) -> None:
    """Whether any event of the scenario so far names this clause."""
    cited = [e for e, _ in event_log.entries if e.clause == clause]
    if negation == "no":
        assert not cited, f"events cite {clause}: " + "; ".join(e.text for e in cited)
    else:
        assert cited, f"no event so far cites {clause}; events: {event_log.text()}"


# --- Then: tiles and pieces ---------------------------------------------------------------------


@then(_re(r"{spot} is an? (?P<tile>\w+) tile"))
def then_tile_is(world: World, spot: str, tile: str) -> None:
    """Which tile lies on a spot now."""
    placed = world.now.tile_at.get(world.place(spot))
    assert placed is not None, f"no tile lies on {spot}"
    assert placed.tile == tile, f"{spot} holds a {placed.tile} tile, not {tile}"


@then(_re(r"there is no tile at {spot}"))
def then_no_tile(world: World, spot: str) -> None:
    """The spot is unexplored."""
    placed = world.now.tile_at.get(world.place(spot))
    assert placed is None, f"a {placed.tile if placed else ''} tile lies on {spot}"


@then(_re(r"the (?P<tile>\w+) tile {spot} is (?P<negation>not )?cleared"))
def then_named_cleared(world: World, tile: str, spot: str, negation: str | None) -> None:
    """Whether the named tile on the spot has been flipped over."""
    placed = world.now.tile_at.get(world.place(spot))
    assert placed is not None and placed.tile == tile, f"{spot} holds {placed}, not a {tile}"
    assert placed.cleared is (negation is None), (
        f"the {tile} on {spot} is {'' if placed.cleared else 'not '}cleared"
    )


@then(_re(r"exactly (?P<n>\d+) (?P<kind>[a-z]+?)s? (?:stands|stand) on {spot}"))
def then_count_on(world: World, n: str, kind: str, spot: str) -> None:
    """How many enemies of one kind stand on a tile."""
    found = [e for e in world.now.enemies_at(world.place(spot)) if e.kind == kind]
    assert len(found) == int(n), f"{len(found)} {kind}(s) on {spot}, expected {n}"


@then(parsers.re(r"the enemies on the map are exactly: (?P<items>.+)"))
def then_enemies_exactly(world: World, items: str) -> None:
    """Every enemy on the map, by kind and place: ``animal on 1,0 and animal on #near``."""
    expected: list[tuple[str, Coord]] = []
    if items.strip() != "nothing":
        for item in re.split(r",\s+|\s+and\s+", items.strip()):
            kind, _, ref = item.partition(" on ")
            expected.append((kind.strip(), world.place(ref.strip())))
    found = sorted((e.kind, e.at) for e in world.now.enemies)
    assert found == sorted(expected), (
        "enemies: "
        + (", ".join(f"{k} on {world.name(a)}" for k, a in found) or "none")
        + "; expected: "
        + (", ".join(f"{k} on {world.name(a)}" for k, a in sorted(expected)) or "none")
    )
