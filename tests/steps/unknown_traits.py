"""Steps for the survivor-trait, mission and task scenarios (rulebook: Survivors, Missions, Tasks).

The scenarios reuse the map, turn and enemy steps (``tests/steps/unknown_map.py``,
``unknown_turn.py``, ``unknown_enemies.py``); this module adds only what those parts of the rules
need: which mission or task is in play, the decisions traits, missions and tasks add, and how the
game ends.

Most of these decisions do not exist yet: the scenarios using them are tagged
``@pending:survivors`` or ``@pending:missions`` and are the specification the next part of the
engine must pass. Every engine piece is imported inside the step that needs it, so collection
never fails. The decisions the steps expect are listed in :data:`EXPECTED`, one place to adjust:

* ``MoveOther(who, target, to)`` — the Captain or the Strategist moves another survivor one tile,
  for 0 AP (``unknown.survivor.captain.move-ally``, ``unknown.survivor.strategist.borrow-or-move``);
* ``Borrow(who, card)`` — the Strategist takes on the traits of the survivor playing ``card``;
* ``Replant(who, at)`` — the Botanist's 1 AP + 1 medicine flip of a gatherable lair;
* ``SetTargetable(who, targetable)`` — the Tracker's choice, ``targetable`` a bool;
* ``ScoutStack(who)`` — the Scouts' look at the top 5 tiles;
* ``PlaceOutpost(who, at)``, ``TestWater(who, at)``, ``HurlCanister(who, target)`` — mission
  actions of Expand, Water and Behemoth;
* ``TestGas(who, target)``, ``ExtendPerimeter(who, at)``, ``RepairRadio(who)`` — task actions.

Ignoring a knockback uses the engine's ``IgnoreKnockback(who, source)``; the Stragglers' ally
phase is driven by the legal decisions it offers (a move naming the refugee's tile and the
destination; a decision named like "end", "pass" or "done" to leave them be). Objective tokens on
tiles (outposts, water sources) are written as ``mission`` tokens, as in ``hazards.feature``;
refugee allies (Stragglers) are ally pieces (steps in ``unknown_allies.py``). The task in play is expected
in ``UnknownState.task``.
"""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction
from typing import Any

from pytest_bdd import given, parsers, then, when

from engine.core.game import ChanceNode, PlayerNode, TerminalNode
from tests.steps.strict import Script, never_asked
from tests.steps.unknown_enemies import EventLog, fields_of, is_coord
from tests.steps.unknown_map import LIST_SEPARATOR, World
from tests.steps.unknown_turn import (
    DIRECTIONS,
    Attempt,
    apply,
    decision_class,
    player_node,
    state_of,
    trying,
)

WHO = r"(?P<who>[\w\-]+)"
PIECE = r"(?P<{name}>[\w\-]+)"
PLACE = r"(?P<{name}>[#\w,\-]+)"
CLAUSE = r"(?P<clause>[\w.\-]+)"
"""One clause ID: a step names the single responsible clause; "A or B" matches no step."""

EXPECTED: dict[str, tuple[str, str]] = {
    "move_other": ("survivors.captain", "MoveOther"),
    "borrow": ("survivors.strategist", "Borrow"),
    "replant": ("survivors.botanist", "Replant"),
    "targetable": ("survivors.tracker", "SetTargetable"),
    "scout": ("survivors.scouts", "ScoutStack"),
    "outpost": ("missions.expand", "PlaceOutpost"),
    "water": ("missions.water", "TestWater"),
    "hurl": ("missions.behemoth", "HurlCanister"),
    "gas": ("tasks.gas_testing", "TestGas"),
    "perimeter": ("tasks.perimeter", "ExtendPerimeter"),
    "radio": ("tasks.radio", "RepairRadio"),
}
"""Decision name -> (module under ``engine.unknown``, class) the next part of the engine adds."""


def _re(pattern: str) -> parsers.re:
    """A full-match step pattern: ``{who}``, piece names and place names expanded."""
    pattern = pattern.replace("{who}", WHO)
    for name in ("target", "enemy"):
        pattern = pattern.replace("{" + name + "}", PIECE.format(name=name))
    for name in ("spot", "origin"):
        pattern = pattern.replace("{" + name + "}", PLACE.format(name=name))
    return parsers.re(pattern)


def expected(key: str, *values: Any) -> Any:
    """The expected decision ``key`` built from its fields (imported only when needed)."""
    module, name = EXPECTED[key]
    return decision_class(module, name)(*values)


def legal_of_kind(world: World, key: str) -> list[Any]:
    """The legal decisions now whose class is the expected one for ``key``."""
    name = EXPECTED[key][1]
    return [d for d in player_node(world).legal if type(d).__name__ == name]


def spots(world: World, refs: str) -> set[Any]:
    return {world.place(r) for r in LIST_SEPARATOR.split(refs.strip()) if r}


# --- what is in play ---------------------------------------------------------------------------


@given(parsers.re(r"the mission is (?P<mission>[a-z_]+)"))
def given_mission(world: World, mission: str) -> None:
    """The mission card in play (``unknown.component.mission-cards``)."""
    world.state = replace(state_of(world), mission=mission)


@given(parsers.re(r"the task is (?P<task>[a-z ]+)"))
def given_task(world: World, task: str) -> None:
    """The task card in play (``unknown.component.task-cards``), kept in ``UnknownState.task``."""
    world.state = replace(state_of(world), task=task.strip().replace(" ", "_"))


# --- traits -------------------------------------------------------------------------------------


@when(
    _re(
        r"{who} (?P<verb>moves|tries to move) {target} "
        r"(?P<direction>north|south|east|west) for free"
    )
)
def when_move_other(
    world: World, attempt: Attempt, who: str, verb: str, target: str, direction: str
) -> None:
    """The Captain or the Strategist moves another survivor one tile without spending AP."""
    x, y = world.now.survivor(target).at
    dx, dy = DIRECTIONS[direction]
    apply(world, attempt, expected("move_other", who, target, (x + dx, y + dy)), trying(verb))


@then(_re(r"{who} may move {target} for free exactly to: (?P<places>.+)"))
def then_move_other_set(world: World, who: str, target: str, places: str) -> None:
    """Every tile the free move of another survivor may take it to, and no other."""
    found = {
        d.to for d in legal_of_kind(world, "move_other") if d.who == who and d.target == target
    }
    wanted = spots(world, places)
    assert found == wanted, (
        f"{who} may move {target} for free to {world.names(found)}, expected {world.names(wanted)}"
    )


@then(_re(r"{who} may not move {target} for free"))
def then_no_move_other(world: World, who: str, target: str) -> None:
    """No free move of ``target`` is offered to ``who`` now."""
    found = [d for d in legal_of_kind(world, "move_other") if d.who == who and d.target == target]
    assert not found, f"{who} may still move {target} for free: {found}"


@when(_re(r"{who} (?P<verb>borrows|tries to borrow) the (?P<card>[A-Za-z]+)'s traits"))
def when_borrow(world: World, attempt: Attempt, who: str, verb: str, card: str) -> None:
    """The Strategist takes on another survivor's traits for 0 AP."""
    apply(world, attempt, expected("borrow", who, card.lower()), trying(verb))


@then(_re(r"{who} may (?P<negation>not )?borrow the (?P<card>[A-Za-z]+)'s traits"))
def then_borrow(world: World, who: str, negation: str | None, card: str) -> None:
    """Whether borrowing that card's traits is offered now."""
    offered = expected("borrow", who, card.lower()) in player_node(world).legal
    assert offered is (negation is None), (
        f"borrowing the {card}'s traits is {'' if offered else 'not '}offered to {who}"
    )


@when(_re(r"{who} (?P<verb>clears|tries to clear) the lair {spot} with medicine"))
def when_replant(world: World, attempt: Attempt, who: str, verb: str, spot: str) -> None:
    """The Botanist's flip of a gatherable lair for 1 AP and 1 medicine."""
    apply(world, attempt, expected("replant", who, world.place(spot)), trying(verb))


@when(_re(r"{who} (?P<verb>chooses|tries to choose) to be (?P<choice>targetable|untargetable)"))
def when_targetable(world: World, attempt: Attempt, who: str, verb: str, choice: str) -> None:
    """The Tracker's choice, covering every enemy at once."""
    apply(world, attempt, expected("targetable", who, choice == "targetable"), trying(verb))


@when(_re(r"{who} (?P<verb>scouts|tries to scout) the tile stack"))
def when_scout(world: World, attempt: Attempt, who: str, verb: str) -> None:
    """The Scouts look at the top of the stack."""
    apply(world, attempt, expected("scout", who), trying(verb))


@then(_re(r"{who} may (?P<negation>not )?scout the tile stack"))
def then_scout(world: World, who: str, negation: str | None) -> None:
    """Whether the Scouts' look at the stack is offered now."""
    offered = expected("scout", who) in player_node(world).legal
    assert offered is (negation is None), (
        f"scouting the stack is {'' if offered else 'not '}offered to {who}"
    )


def ignore_options(world: World, who: str) -> list[Any]:
    """The legal decisions by which ``who`` ignores a knockback now."""
    node = world.game.node(state_of(world))
    if not isinstance(node, PlayerNode):
        return []
    ignore = decision_class("actions.explore", "IgnoreKnockback")
    return [d for d in node.legal if type(d) is ignore and d.who == who]


@when(_re(r"{who} ignores the knockback"))
def when_ignore(world: World, attempt: Attempt, who: str) -> None:
    """A survivor who may ignore the knockback now does so and stays where it is."""
    options = ignore_options(world, who)
    assert len(options) == 1, (
        f"{len(options)} ways for {who} to ignore a knockback; the engine is at "
        f"{world.game.node(state_of(world))}"
    )
    apply(world, attempt, options[0], trying=False)


@then(_re(r"{who} may (?P<negation>not )?ignore the knockback"))
def then_ignore(world: World, who: str, negation: str | None) -> None:
    """Whether ignoring the knockback now is offered to ``who``."""
    found = bool(ignore_options(world, who))
    assert found is (negation is None), (
        f"{who} may {'' if found else 'not '}ignore the knockback; the engine is at "
        f"{world.game.node(state_of(world))}"
    )


@then(_re(r"{who} may take or ignore the knockback, nothing else"))
def then_take_or_ignore(world: World, script: Script, who: str) -> None:
    """The whole choice ``unknown.knockback.ignore-later`` (and the traits that extend it) gives:
    ``who`` takes the knockback or ignores it, for one and the same source, and nothing else."""
    state = state_of(world)
    script.examine(state)
    node = world.game.node(state)
    assert isinstance(node, PlayerNode), f"no knockback choice is asked for: {node}"
    face = decision_class("actions.explore", "FaceKnockback")
    ignore = decision_class("actions.explore", "IgnoreKnockback")
    sources = {d.source for d in node.legal if type(d) in (face, ignore)}
    assert len(sources) == 1, f"expected one knockback source, the choice is: {node.legal}"
    source = sources.pop()
    found, wanted = set(node.legal), {face(who, source), ignore(who, source)}
    assert found == wanted, (
        f"{who} may: {', '.join(map(str, node.legal))}; expected only to take or ignore it"
    )


@when(_re(r"{who} starts to explore"))
def when_start_explore(world: World, attempt: Attempt, who: str) -> None:
    """Explore, stopping before the tile is drawn (the draw is checked by a ``Then``)."""
    apply(world, attempt, decision_class("actions.explore", "Explore")(who), trying=False)


@then(parsers.re(r"the tile drawn is one of exactly: (?P<tiles>.+), equally likely"))
def then_draw_set(world: World, script: Script, tiles: str) -> None:
    """The draw is a chance node over exactly these tiles, each as likely as the others."""
    script.examine(state_of(world))
    node = world.game.node(state_of(world))
    assert isinstance(node, ChanceNode), f"expected a random draw, the engine is at {node}"
    found = {d.tile: p for d, p in node.outcomes}
    wanted = [t for t in LIST_SEPARATOR.split(tiles.strip()) if t]
    assert set(found) == set(wanted), f"the draw may give {sorted(found)}, expected {wanted}"
    assert all(p == Fraction(1, len(wanted)) for p in found.values()), f"odds: {found}"


@then(_re(r"{who} has (?P<n>-\d+) AP left"))
def then_ap_below_zero(world: World, who: str, n: str) -> None:
    """AP below zero (the Refugees mission lets a survivor's refugees cost more than it has)."""
    found = world.now.survivor(who).ap
    assert found == int(n), f"{who} has {found} AP, expected {n}"


# --- missions and tasks -------------------------------------------------------------------------


@when(_re(r"{who} (?P<verb>places|tries to place) an outpost on {spot}"))
def when_outpost(world: World, attempt: Attempt, who: str, verb: str, spot: str) -> None:
    """Expand's Place Outpost action (3 scrap)."""
    apply(world, attempt, expected("outpost", who, world.place(spot)), trying(verb))


@when(_re(r"{who} (?P<verb>tests|tries to test) the water source on {spot}"))
def when_test_water(world: World, attempt: Attempt, who: str, verb: str, spot: str) -> None:
    """Water's Test Water Source action (2 medicine)."""
    apply(world, attempt, expected("water", who, world.place(spot)), trying(verb))


@then(_re(r"{who} may (?P<negation>not )?test the water source on {spot}"))
def then_test_water(world: World, who: str, negation: str | None, spot: str) -> None:
    """Whether testing that water tile is offered now."""
    offered = expected("water", who, world.place(spot)) in player_node(world).legal
    assert offered is (negation is None), (
        f"testing the water source on {spot} is {'' if offered else 'not '}offered to {who}"
    )


@when(_re(r"{who} (?P<verb>hurls|tries to hurl) a canister at {enemy}"))
def when_hurl(world: World, attempt: Attempt, who: str, verb: str, enemy: str) -> None:
    """Behemoth's Hurl Canister action."""
    apply(world, attempt, expected("hurl", who, enemy), trying(verb))


@when(_re(r"{who} (?P<verb>tests|tries to test) gas on {enemy}"))
def when_test_gas(world: World, attempt: Attempt, who: str, verb: str, enemy: str) -> None:
    """Gas Testing's Test Gas action (1 medicine)."""
    apply(world, attempt, expected("gas", who, enemy), trying(verb))


@when(_re(r"{who} (?P<verb>extends|tries to extend) the perimeter to {spot}"))
def when_perimeter(world: World, attempt: Attempt, who: str, verb: str, spot: str) -> None:
    """Perimeter's Extend Perimeter action: a carried fence token goes on ``spot``."""
    apply(world, attempt, expected("perimeter", who, world.place(spot)), trying(verb))


@when(_re(r"{who} (?P<verb>repairs|tries to repair) a radio"))
def when_radio(world: World, attempt: Attempt, who: str, verb: str) -> None:
    """Radio's Repair Radio action."""
    apply(world, attempt, expected("radio", who), trying(verb))


def ally_node(world: World) -> PlayerNode | None:
    """The players' decision in the ally phase, or ``None`` when the engine asks nothing."""
    state = state_of(world)
    node = world.game.node(state)
    if state.phase != "ally_actions" or not isinstance(node, PlayerNode):
        return None
    return node


def coords_in(decision: Any) -> list[Any]:
    return [v for v in fields_of(decision).values() if is_coord(v)]


@when(_re(r"the players move the refugee on {origin} to {spot}"))
def when_refugee_moves(world: World, attempt: Attempt, origin: str, spot: str) -> None:
    """In the ally phase, the refugee on ``origin`` makes its standard move onto ``spot``."""
    node = ally_node(world)
    assert node is not None, f"the ally phase asks nothing: {world.game.node(state_of(world))}"
    start, end = world.place(origin), world.place(spot)
    moves = [d for d in node.legal if end in coords_in(d)]
    if len(moves) > 1:
        moves = [d for d in moves if start in coords_in(d)]
    assert len(moves) == 1, f"{len(moves)} decisions move a refugee onto {spot}: {node.legal}"
    apply(world, attempt, moves[0], trying=False)


@when("the refugees stay where they are")
def when_refugees_stay(world: World, attempt: Attempt) -> None:
    """In the ally phase the players move no refugee.

    Strict: the ally phase must be asking; when it asks nothing the step is never asked for.
    """
    node = ally_node(world)
    if node is None:
        raise never_asked("leaving the refugees where they are", world.game.node(state_of(world)))
    done = [
        d for d in node.legal if re.search(r"end|pass|done|finish|stay", type(d).__name__, re.I)
    ]
    assert len(done) == 1, f"no single way to leave the refugees be: {node.legal}"
    apply(world, attempt, done[0], trying=False)


@then(_re(r"{enemy} targets the refugee on {spot}"))
def then_targets_refugee(world: World, event_log: EventLog, enemy: str, spot: str) -> None:
    """The enemy's last target selection chose the refugee lying on ``spot``."""
    picks = [
        e for e, _ in event_log.entries if e.get("enemy") == enemy and is_coord(e.get("target"))
    ]
    assert picks, f"no target selection by {enemy} so far; events: {event_log.text()}"
    found, wanted = picks[-1].get("target"), world.place(spot)
    assert found == wanted, f"{enemy} targets {list(found)} ({picks[-1].text}), not {spot}"


@then(parsers.re(r"the tile stack holds (?P<n>\d+) (?P<tile>\w+) tiles?"))
def then_stack_holds(world: World, n: str, tile: str) -> None:
    """How many copies of a tile the stack holds, in its known top and its shuffled rest."""
    stack = state_of(world).stack
    found = stack.top.count(tile) + dict(stack.rest).get(tile, 0)
    assert found == int(n), f"the stack holds {found} {tile} tile(s), expected {n}"


# --- how the game ends --------------------------------------------------------------------------


@then(parsers.re(r"the survivors have won citing " + CLAUSE))
def then_won(world: World, clause: str) -> None:
    """The game is over and won (``unknown.mission.win``), for the reason this clause gives."""
    node = world.game.node(state_of(world))
    assert isinstance(node, TerminalNode), f"the game goes on: {node}"
    assert (node.outcome, node.clause) == ("win", clause), f"the game ended {node}"


@then("the game goes on")
def then_goes_on(world: World) -> None:
    """Nobody has won or lost yet."""
    state = state_of(world)
    assert state.outcome is None, f"the game is over: {state.outcome}"
    assert not isinstance(world.game.node(state), TerminalNode)
