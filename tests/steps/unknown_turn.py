"""Steps for the Unknown turn scenarios: a survivor's turn, its actions and the round around it.

A scenario draws the map (``Given the map:``, see ``tests/steps/unknown_map.py``), sets up the
round (whose turn, AP, what survivors carry, health, base stock, tile stack, unused cards), then
plays decisions through the core interface only: ``UnknownGame.node`` says who decides and what
is legal, ``UnknownGame.apply`` applies one decision. The decision classes are imported lazily,
inside the steps, from the modules the engine defines them in.

Two kinds of ``When``: "yellow gathers ..." must be accepted (a refusal fails the scenario at
once); "yellow tries to gather ..." records the engine's answer, which a later
``Then the action is refused citing <clause>`` checks (the state must be exactly as before).

Goods are written ``2 food``, ``1 food and 2 scrap``, ``1 food, 1 scrap and 1 armor`` or
``nothing``. A trade party is a survivor id, ``base`` or a place (``#label``, ``x,y``).
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

import pytest
from pytest_bdd import given, parsers, then, when

from engine.core.errors import IllegalDecision
from engine.core.game import ChanceNode, Node, PlayerNode, TerminalNode
from engine.core.serialization import stable_key
from engine.unknown.position import Coord, Enemy, Survivor
from engine.unknown.state import Goods, TileStack, UnknownState, bag
from tests.steps.strict import Script, is_open_session, never_asked, unscripted
from tests.steps.unknown_map import COORD, LIST_SEPARATOR, World

WHO = r"(?P<who>[\w\-]+)"
PLACE = r"(?P<{name}>[#\w,\-]+)"
GOODS = r"(?P<{name}>nothing|\d+ \w+(?:(?:, | and )\d+ \w+)*)"
CLAUSE = r"(?P<clause>[\w.\-]+)"
"""One clause ID: a step names the single responsible clause; "A or B" matches no step."""
DIRECTIONS: dict[str, Coord] = {"north": (0, 1), "south": (0, -1), "east": (1, 0), "west": (-1, 0)}
"""The map's compass: the first row of a map table is the north edge (``unknown_map``)."""


def _re(pattern: str) -> parsers.re:
    """A full-match step pattern; ``{who}``, ``{spot}``-style names and ``{goods}`` expanded."""
    pattern = pattern.replace("{who}", WHO)
    for name in ("spot", "a", "b", "source", "target", "target_party"):
        pattern = pattern.replace("{" + name + "}", PLACE.format(name=name))
    for name, group in (("goods", "items"), ("give", "give"), ("get", "get")):
        pattern = pattern.replace("{" + name + "}", GOODS.format(name=group))
    return parsers.re(pattern)


def decision_class(module: str, name: str) -> type:
    """A decision class from ``engine.unknown.<module>``, imported when a step first needs it."""
    return getattr(importlib.import_module(f"engine.unknown.{module}"), name)


def goods(text: str) -> Goods:
    """A bag from ``2 food and 1 scrap`` (or ``nothing``)."""
    if text.strip() == "nothing":
        return ()
    pairs = re.findall(r"(\d+) (\w+)", text)
    assert pairs, f"cannot read goods from {text!r}"
    return bag((kind, int(n)) for n, kind in pairs)


def goods_text(items: Goods) -> str:
    """A bag as the scenarios write it."""
    return " and ".join(f"{n} {kind}" for kind, n in items) or "nothing"


@dataclass
class Attempt:
    """The last decision a ``When`` applied, and the engine's refusal if it refused it."""

    decision: Any = None
    refused: IllegalDecision | None = None
    before: UnknownState | None = None
    before_key: str = ""
    trying: bool = False


@pytest.fixture
def attempt() -> Attempt:
    """What the scenario last tried."""
    return Attempt()


# --- building the round ---------------------------------------------------------------------------


def state_of(world: World) -> UnknownState:
    """The game state, made from the map on first use (no round in progress yet)."""
    if world.state is None:
        assert world.position is not None, "the scenario has no map yet (Given the map: ...)"
        world.state = UnknownState(world.position)
    return world.state


def change_survivor(world: World, who: str, **changes: Any) -> None:
    """Replace fields of one survivor in the scenario's state."""
    state = state_of(world)
    survivor = state.position.survivor(who)
    world.state = state.with_position(state.position.with_survivor(replace(survivor, **changes)))


def enemy_piece(world: World, enemy_id: str) -> Enemy:
    """The enemy with this id on the map now."""
    piece = world.now.piece(enemy_id)
    assert isinstance(piece, Enemy), f"{enemy_id} is not an enemy"
    return piece


def change_enemy(world: World, enemy_id: str, **changes: Any) -> None:
    """Replace fields of one enemy in the scenario's state."""
    state = state_of(world)
    changed = replace(enemy_piece(world, enemy_id), **changes)
    world.state = state.with_position(state.position.with_enemy(changed))


@given(_re(r"it is {who}'s turn with (?P<n>\d+) AP"))
def given_turn(world: World, who: str, n: str) -> None:
    """Survivor actions are under way and ``who`` is on turn with ``n`` AP to spend."""
    change_survivor(world, who, ap=int(n))
    world.state = replace(state_of(world), phase="survivor_actions", turn=who)


@given("a new round begins")
def given_round(world: World) -> None:
    """Survivor actions of round 1 begin: nobody has had a turn; the players pick who goes."""
    world.state = replace(state_of(world), phase="survivor_actions", turn=None, done=(), round=1)


@given(_re(r"{who} has had (?:its|her|his) turn"))
def given_done(world: World, who: str) -> None:
    """``who`` has already taken its turn this round."""
    state = state_of(world)
    world.state = replace(state, done=(*state.done, who))


@given(_re(r"{who} carries {goods}"))
def given_carries(world: World, who: str, items: str) -> None:
    """What the survivor carries on its card (replacing anything it carried)."""
    change_survivor(world, who, goods=goods(items))


@given(_re(r"{who} is (?P<health>healthy|injured|incapacitated)"))
def given_health(world: World, who: str, health: str) -> None:
    """The survivor's health state (``unknown.injury.states``)."""
    change_survivor(world, who, health=health)


@given(_re(r"{who} is the (?P<card>[A-Za-z]+)"))
def given_card(world: World, who: str, card: str) -> None:
    """The survivor card this meeple plays (its AP and traits come from the card)."""
    change_survivor(world, who, card=card.lower())


@given(_re(r"the base holds {goods}"))
def given_base(world: World, items: str) -> None:
    """Base's stockpile."""
    world.state = replace(state_of(world), base=goods(items))


@given(parsers.re(r"the tile stack is: (?P<tiles>[\w, ]+)"))
def given_stack(world: World, tiles: str) -> None:
    """A tile stack whose order is known, top tile first."""
    order = tuple(t for t in LIST_SEPARATOR.split(tiles.strip()) if t)
    world.state = replace(state_of(world), stack=TileStack(top=order))


@given(parsers.re(r"the unused survivor cards are: (?P<cards>[\w, ]+)"))
def given_unused(world: World, cards: str) -> None:
    """The survivor cards nobody plays (respawns draw from them)."""
    names = tuple(c.lower() for c in LIST_SEPARATOR.split(cards.strip()) if c)
    world.state = replace(state_of(world), unused_cards=names)


@given(_re(r"(?P<enemy>[\w\-]+) is stunned"))
def given_stunned(world: World, enemy: str) -> None:
    """An enemy lies stunned."""
    change_enemy(world, enemy, stunned=True)


# --- applying decisions ---------------------------------------------------------------------------


def apply(world: World, attempt: Attempt, decision: Any, trying: bool) -> None:
    """Apply a decision; a plain ``When`` must be accepted, a ``tries to`` records the answer."""
    state = state_of(world)
    attempt.decision, attempt.refused, attempt.trying = decision, None, trying
    attempt.before, attempt.before_key = state, stable_key(state)
    try:
        step = world.game.apply(state, decision)
    except IllegalDecision as refused:
        if not trying:
            waiting = waiting_decision(world, state, decision)
            if waiting is not None:
                raise unscripted(waiting) from refused
            raise AssertionError(f"the engine refused {decision}: {refused}") from refused
        attempt.refused = refused
        world.events = ()
        return
    world.state, world.events = step.state, step.events


def waiting_decision(world: World, state: UnknownState, decision: Any) -> Node | None:
    """The decision the engine is asking for in the middle of a rule, if it is of another kind
    than ``decision``: the scenario skipped it (strictness, ``tests/steps/strict.py``)."""
    if not state.pending or is_open_session(state):
        return None
    node = world.game.node(state)
    if not isinstance(node, PlayerNode | ChanceNode):
        return None
    if any(type(d) is type(decision) for d in offered(node)):
        return None
    return node


def offered(node: Node) -> list[Any]:
    """The decisions a node offers: a player's legal decisions or chance's outcomes."""
    if isinstance(node, PlayerNode):
        return list(node.legal)
    if isinstance(node, ChanceNode):
        return [outcome for outcome, _ in node.outcomes]
    return []


def apply_choice(world: World, attempt: Attempt, decision: Any) -> None:
    """Apply a choice the rules give the players (or chance); the engine must be asking for it.

    Strict (``tests/steps/strict.py``): when only one outcome was possible the engine settles it
    by itself, and a scenario that scripts it anyway fails (``scripted ... was never asked for``).
    """
    node = world.game.node(state_of(world))
    same_kind = [d for d in offered(node) if type(d) is type(decision)]
    if not same_kind:
        raise never_asked(str(decision), node)
    assert decision in same_kind, f"{decision} is not among the choices offered: {same_kind}"
    apply(world, attempt, decision, trying=False)


def choose_or_try(world: World, attempt: Attempt, decision: Any, verb: str) -> None:
    """A choice the players (or chance) make, or with ``tries to`` an attempt at one that may
    name an option not offered: either way the engine must be asking for a choice of its kind."""
    if not trying(verb):
        apply_choice(world, attempt, decision)
        return
    node = world.game.node(state_of(world))
    if not any(type(d) is type(decision) for d in offered(node)):
        raise never_asked(str(decision), node)
    apply(world, attempt, decision, trying=True)


def trying(verb: str) -> bool:
    """Whether a ``When`` is an attempt (``tries to ...``) rather than a must-succeed action."""
    return verb.startswith(("tries", "try"))


def spot_list(world: World, refs: str) -> tuple[Coord, ...]:
    """Sorted spots of a list of places (a place may be named twice)."""
    return tuple(sorted(world.place(r) for r in LIST_SEPARATOR.split(refs.strip()) if r))


def party(world: World, ref: str) -> str:
    """A trade party: a survivor id, ``base``, or a tile written ``x,y``."""
    if ref == "base":
        return ref
    if ref.startswith("#") or COORD.match(ref):
        x, y = world.place(ref)
        return f"{x},{y}"
    return ref


def move_decision(who: str, to: Coord) -> Any:
    return decision_class("actions.move", "Move")(who, to)


@when(_re(r"{who} (?P<verb>moves|tries to move) (?P<direction>north|south|east|west)"))
def when_move_direction(
    world: World, attempt: Attempt, who: str, verb: str, direction: str
) -> None:
    """Move one tile in a compass direction (``unknown.action.move``)."""
    x, y = world.now.survivor(who).at
    dx, dy = DIRECTIONS[direction]
    apply(world, attempt, move_decision(who, (x + dx, y + dy)), trying(verb))


@when(_re(r"{who} (?P<verb>moves|tries to move) to {spot}"))
def when_move_to(world: World, attempt: Attempt, who: str, verb: str, spot: str) -> None:
    """Move onto a named spot (``unknown.action.move``)."""
    apply(world, attempt, move_decision(who, world.place(spot)), trying(verb))


@when(_re(r"{who} (?P<verb>gathers|tries to gather) (?P<resource>\w+) from (?P<spots>.+)"))
def when_gather(
    world: World, attempt: Attempt, who: str, verb: str, resource: str, spots: str
) -> None:
    """One gather action of one resource over several sources (``unknown.action.gather``)."""
    gather = decision_class("actions.gather", "Gather")
    apply(world, attempt, gather(who, resource, spot_list(world, spots)), trying(verb))


@when(_re(r"{who} (?P<verb>clears|tries to clear) {spot}(?: taking (?P<gain>\w+))?"))
def when_clear(
    world: World, attempt: Attempt, who: str, verb: str, spot: str, gain: str | None
) -> None:
    """Clear a tile by paying its requirement (``unknown.action.clear``)."""
    clear = decision_class("actions.clear", "ClearTile")
    apply(world, attempt, clear(who, world.place(spot), gain), trying(verb))


@when(_re(r"{who} (?P<verb>creates|tries to create) armor"))
def when_armor(world: World, attempt: Attempt, who: str, verb: str) -> None:
    """Create an armor token (``unknown.action.create-armor``)."""
    apply(world, attempt, decision_class("actions.armor", "CreateArmor")(who), trying(verb))


@when(_re(r"{who} (?P<verb>places|tries to place) barriers on {a} and {b}"))
def when_barriers(world: World, attempt: Attempt, who: str, verb: str, a: str, b: str) -> None:
    """Two barriers, one on each of two tiles (``unknown.action.create-barriers.split``)."""
    spots = tuple(sorted((world.place(a), world.place(b))))
    barriers = decision_class("actions.barriers", "CreateBarriers")
    apply(world, attempt, barriers(who, spots), trying(verb))


@when(_re(r"{who} (?P<verb>places|tries to place) both barriers on {spot}"))
def when_barriers_one(world: World, attempt: Attempt, who: str, verb: str, spot: str) -> None:
    """Both barriers on one tile (``unknown.action.create-barriers.split``)."""
    at = world.place(spot)
    barriers = decision_class("actions.barriers", "CreateBarriers")
    apply(world, attempt, barriers(who, (at, at)), trying(verb))


@when(_re(r"{who} (?P<verb>sets|tries to set) a trap on {spot}"))
def when_trap(world: World, attempt: Attempt, who: str, verb: str, spot: str) -> None:
    """Create a trap and place it at once (``unknown.action.create-trap``)."""
    trap = decision_class("actions.trap", "CreateTrap")
    apply(world, attempt, trap(who, world.place(spot)), trying(verb))


@when(_re(r"{who} (?P<verb>makes|tries to make) a trap to carry"))
def when_trap_carry(world: World, attempt: Attempt, who: str, verb: str) -> None:
    """Create a trap into the inventory (``unknown.action.create-trap``)."""
    apply(world, attempt, decision_class("actions.trap", "CreateTrap")(who, None), trying(verb))


@when(_re(r"{who} (?P<verb>places|tries to place) a carried trap on {spot}"))
def when_place_trap(world: World, attempt: Attempt, who: str, verb: str, spot: str) -> None:
    """Set a carried trap down (``unknown.action.create-trap.place-later``)."""
    place = decision_class("actions.trap", "PlaceTrap")
    apply(world, attempt, place(who, world.place(spot)), trying(verb))


@when(_re(r"{who} (?P<verb>eats|tries to eat) food"))
def when_eat(world: World, attempt: Attempt, who: str, verb: str) -> None:
    """Eat 1 food for AP (``unknown.action.eat-food``)."""
    apply(world, attempt, decision_class("actions.eat", "EatFood")(who), trying(verb))


@when(_re(r"{who} (?P<verb>heals|tries to heal) (?P<target>[\w\-]+)"))
def when_heal(world: World, attempt: Attempt, who: str, verb: str, target: str) -> None:
    """Heal a survivor (``unknown.action.heal.cost``)."""
    apply(world, attempt, decision_class("actions.heal", "Heal")(who, target), trying(verb))


@when(_re(r"{who} (?P<verb>shoots|tries to shoot) (?P<target>[\w\-]+)"))
def when_shoot(world: World, attempt: Attempt, who: str, verb: str, target: str) -> None:
    """A ranged attack (``unknown.action.ranged-attack``)."""
    shot = decision_class("actions.ranged", "RangedAttack")
    apply(world, attempt, shot(who, target), trying(verb))


@when(_re(r"{who} (?P<verb>starts|tries to start) a trade"))
def when_trade(world: World, attempt: Attempt, who: str, verb: str) -> None:
    """Begin a trade action (``unknown.action.trade``)."""
    apply(world, attempt, decision_class("actions.trade", "Trade")(who), trying(verb))


@when(
    _re(
        r"the trade (?P<verb>moves|tries to move) (?P<n>\d+) (?P<kind>\w+) from {source} to {target}"
    )
)
def when_transfer(
    world: World, attempt: Attempt, verb: str, n: str, kind: str, source: str, target: str
) -> None:
    """Within the open trade: give, take, drop or pick up tokens (``unknown.action.trade.transfer``)."""
    transfer = decision_class("actions.trade", "Transfer")
    decision = transfer(party(world, source), party(world, target), kind, int(n))
    apply(world, attempt, decision, trying(verb))


@when(_re(r"the trade (?P<verb>exchanges|tries to exchange) {give} for {get} at {spot}"))
def when_exchange(
    world: World, attempt: Attempt, verb: str, give: str, get: str, spot: str
) -> None:
    """Within the open trade: use a tile's resource exchange (``unknown.action.trade.exchange``)."""
    exchange = decision_class("actions.trade", "Exchange")
    decision = exchange(world.place(spot), goods(give), goods(get))
    apply(world, attempt, decision, trying(verb))


@when("the trade is finished")
def when_finish_trade(world: World, attempt: Attempt) -> None:
    """Close the open trade."""
    apply(world, attempt, decision_class("actions.trade", "FinishTrade")(), trying=False)


@when(_re(r"{who} explores and places the tile at {spot}"))
def when_explore(world: World, attempt: Attempt, who: str, spot: str) -> None:
    """Explore with a known top tile, then place it (``unknown.action.explore.adjacent``).

    Strict: the engine must ask where the tile goes; a placement it never asks for fails.
    """
    apply(world, attempt, decision_class("actions.explore", "Explore")(who), trying=False)
    first = world.events
    node = world.game.node(state_of(world))
    place_at = decision_class("actions.explore", "PlaceAt")
    if not any(type(d) is place_at for d in offered(node)):
        raise never_asked(f"placing the tile at {spot}", node)
    apply(world, attempt, place_at(world.place(spot)), trying=False)
    world.events = first + world.events


@when(_re(r"the players (?P<verb>forfeit|try to forfeit) {who}"))
def when_forfeit(world: World, attempt: Attempt, verb: str, who: str) -> None:
    """Give up a survivor to respawn it (``unknown.respawn.condition``)."""
    apply(world, attempt, decision_class("forfeit", "Forfeit")(who), trying(verb))


@when(parsers.re(r"the draw (?P<verb>gives|tries to give) the (?P<card>[A-Za-z]+)"))
def when_recruit(world: World, attempt: Attempt, verb: str, card: str) -> None:
    """The random draw of the new survivor card (``unknown.respawn.draw``). An attempt
    (``tries to give``) may name a card the draw does not offer; the engine must be drawing."""
    choose_or_try(world, attempt, decision_class("forfeit", "Recruit")(card.lower()), verb)


@when(_re(r"the players pay {goods} from base"))
def when_pay(world: World, attempt: Attempt, items: str) -> None:
    """Base pays for the respawn (``unknown.respawn.cost``)."""
    pay = decision_class("forfeit", "PayBase")
    apply_choice(world, attempt, pay(goods(items)))


FORCED_KINDS = {
    "draw": ("forfeit", "Recruit"),
    "payment": ("forfeit", "PayBase"),
    "damage assignment": ("combat", "AssignDamage"),
}
"""Choices the engine settles by itself when only one outcome is possible (steps say so)."""


@then(parsers.re(r"no (?P<what>draw|payment|damage assignment) is asked for"))
def then_not_asked(world: World, what: str) -> None:
    """The engine settled this choice itself (one outcome possible), so none is waiting now."""
    cls = decision_class(*FORCED_KINDS[what])
    node = world.game.node(state_of(world))
    waiting = [d for d in offered(node) if type(d) is cls]
    assert not waiting, f"a {what} is asked for: {waiting}"


def damage_assignment(world: World, text: str) -> Any:
    """``yellow 1 and b1 1`` as an ``AssignDamage`` (survivors and enemies told apart by the map)."""
    survivors, enemies = [], []
    for piece_id, n in re.findall(r"([\w\-]+) (\d+)", text):
        piece = world.now.piece(piece_id)
        (survivors if isinstance(piece, Survivor) else enemies).append((piece_id, int(n)))
    assign = decision_class("combat", "AssignDamage")
    return assign(tuple(sorted(survivors)), tuple(sorted(enemies)))


def assignment_key(decision: Any) -> tuple[frozenset, frozenset]:
    """An assignment without its ordering and without zero entries."""
    return (
        frozenset((k, n) for k, n in decision.to_survivors if n),
        frozenset((k, n) for k, n in decision.to_enemies if n),
    )


@when(parsers.re(r"the players assign the damage: (?P<text>.+)"))
def when_assign(world: World, attempt: Attempt, text: str) -> None:
    """The players assign one round of close-combat damage (``unknown.combat.damage-received``).

    Strict: a round the engine settled by itself (one assignment possible) asks for nothing.
    """
    assign = decision_class("combat", "AssignDamage")
    node = world.game.node(state_of(world))
    choices = [d for d in offered(node) if type(d) is assign]
    if not choices:
        raise never_asked(f"the damage assignment {text!r}", node)
    wanted = damage_assignment(world, text)
    match = [d for d in choices if assignment_key(d) == assignment_key(wanted)]
    assert match, f"{text} is not among the assignments offered: {choices}"
    apply(world, attempt, match[0], trying=False)


@when(_re(r"the players (?P<verb>choose|try to choose) {who} to take (?:its|her|his) turn"))
def when_start_turn(world: World, attempt: Attempt, verb: str, who: str) -> None:
    """The group picks who goes next (``unknown.turn.group-picks-next``)."""
    start = decision_class("turn.round", "StartTurn")
    apply(world, attempt, start(who), trying(verb))


@when(_re(r"{who} (?P<verb>ends|tries to end) (?:the|its|her|his) turn"))
def when_end_turn(world: World, attempt: Attempt, who: str, verb: str) -> None:
    """The survivor stops acting (``unknown.turn.unspent-ap``)."""
    apply(world, attempt, decision_class("turn.round", "EndTurn")(who), trying(verb))


# --- refusals and events --------------------------------------------------------------------------


@then(_re(r"the action is refused citing " + CLAUSE))
def then_refused(world: World, attempt: Attempt, clause: str) -> None:
    """The last attempt raised ``IllegalDecision`` naming this clause, changing nothing."""
    assert attempt.trying, "the scenario tried nothing (write: When ... tries to ...)"
    assert attempt.refused is not None, (
        f"the engine allowed {attempt.decision}; events: "
        + "; ".join(f"{e.kind}: {e.text}" for e in world.events)
    )
    assert attempt.refused.clause == clause, (
        f"refused citing {attempt.refused.clause} ({attempt.refused.message}), expected {clause}"
    )
    assert world.state is attempt.before, "a refused decision replaced the state"
    assert stable_key(world.state) == attempt.before_key, "a refused decision changed the state"


@then(_re(r"the refusal says (?P<party>[\w\-]+) is out of {who}'s reach"))
def then_refusal_out_of_reach(attempt: Attempt, party: str, who: str) -> None:
    """The refusal's message (what ``rulings resolve`` and ``play`` print) explains it by the
    reach an action has by default, range 1 and line of sight (``unknown.action.defaults``),
    naming both survivors, rather than by some other reason."""
    assert attempt.refused is not None, f"the engine allowed {attempt.decision}"
    message = attempt.refused.message
    for words in (party, who, "range 1", "line of sight"):
        assert words in message, f"the refusal says {message!r}: it does not name {words!r}"


def events_text(world: World) -> str:
    return "; ".join(f"{e.kind} [{e.clause}]: {e.text}" for e in world.events) or "none"


@then(_re(r"the events say {who} gains (?P<n>\d+) AP from (?:her|his|its) trait"))
def then_event_bonus_ap(world: World, who: str, n: str) -> None:
    """A ``bonus_ap`` event of the last decision gives ``who`` ``n`` AP, in its field and its
    words (``unknown.turn.survivor-actions``)."""
    found = [e for e in world.events if e.kind == "bonus_ap" and e.get("who") == who]
    assert found, f"no event gives {who} bonus AP; the last step's events: {events_text(world)}"
    assert [e.get("ap") for e in found] == [int(n)], f"{who} gains {[e.get('ap') for e in found]}"
    assert f"gains {n} AP" in found[0].text, f"the event says {found[0].text!r}"


@then(_re(r"no event says {who} gains AP"))
def then_no_bonus_ap(world: World, who: str) -> None:
    """The last decision earned ``who`` no AP, and no event claims it did (not even 0 AP)."""
    found = [e.text for e in world.events if e.kind == "bonus_ap" and e.get("who") == who]
    assert not found, f"the events say: {found}"


@then(_re(r"the events say {who} (?P<verb>pays|gets back) (?P<n>\d+) AP for the refugees?"))
def then_event_refugee_ap(world: World, who: str, verb: str, n: str) -> None:
    """A ``refugee_ap`` event of the last decision (``unknown.mission.refugees.ap-cost``): the AP
    ``who`` pays for refugees gained, or gets back for refugees handed over, in its words and
    its ``ap`` field (negative for AP given back)."""
    found = [e for e in world.events if e.kind == "refugee_ap" and e.get("who") == who]
    assert len(found) == 1, f"refugee AP events for {who}: {events_text(world)}"
    told = found[0]
    ap = int(n) if verb == "pays" else -int(n)
    assert told.get("ap") == ap, f"the event's AP is {told.get('ap')}, expected {ap}"
    words = f"pays {n} AP" if verb == "pays" else f"gets {n} AP back"
    assert words in told.text, f"the event says {told.text!r}, not {words!r}"


@then(parsers.re(r'the events include "(?P<kind>\w+)" citing (?P<clause>[\w.\-]+)'))
def then_event_kind(world: World, kind: str, clause: str) -> None:
    """An event of this kind naming this clause came out of the last decision."""
    assert any(e.kind == kind and e.clause == clause for e in world.events), (
        f"no {kind} event citing {clause}; the last step's events: {events_text(world)}"
    )


@then(_re(r"an event cites " + CLAUSE))
def then_event_clause(world: World, clause: str) -> None:
    """Some event of the last decision names this clause."""
    assert any(e.clause == clause for e in world.events), (
        f"no event cites {clause}; the last step's events: {events_text(world)}"
    )


@then(parsers.re(r"the events cite in order: (?P<clauses>.+)"))
def then_events_in_order(world: World, clauses: str) -> None:
    """These clauses are cited by the last decision's events in this order (others may come between)."""
    wanted = [c.strip() for c in LIST_SEPARATOR.split(clauses.strip()) if c.strip()]
    cited = iter(e.clause for e in world.events)
    missing = [c for c in wanted if not any(found == c for found in cited)]
    assert not missing, f"not cited in order: {missing}; the events: {events_text(world)}"


@then("no close combat starts")
def then_no_combat(world: World) -> None:
    """No close combat was announced and none is waiting."""
    assert not any(e.kind == "close_combat" for e in world.events), events_text(world)
    pending = [type(p).__name__ for p in state_of(world).pending]
    assert "CloseCombat" not in pending, f"close combat is pending: {pending}"


# --- survivors, tiles and base ----------------------------------------------------------------------


@then(_re(r"{who} carries {goods}"))
def then_carries(world: World, who: str, items: str) -> None:
    """Everything the survivor carries, exactly."""
    found = world.now.survivor(who).goods
    expected = goods(items)
    assert found == expected, f"{who} carries {goods_text(found)}, expected {goods_text(expected)}"


@then(_re(r"{who} has (?P<n>\d+) AP left"))
def then_ap(world: World, who: str, n: str) -> None:
    """AP the survivor still has this turn."""
    found = world.now.survivor(who).ap
    assert found == int(n), f"{who} has {found} AP, expected {n}"


@then(_re(r"{who} is (?P<health>healthy|injured|incapacitated)"))
def then_health(world: World, who: str, health: str) -> None:
    """The survivor's health state."""
    found = world.now.survivor(who).health
    assert found == health, f"{who} is {found}, expected {health}"


@then(_re(r"{who} is the (?P<card>[A-Za-z]+)"))
def then_card(world: World, who: str, card: str) -> None:
    """The survivor card the meeple now stands for."""
    found = world.now.survivor(who).card
    assert found == card.lower(), f"{who} is the {found}, expected the {card.lower()}"


@then(_re(r"{spot} is (?P<negation>not )?cleared"))
def then_cleared(world: World, spot: str, negation: str | None) -> None:
    """Whether the tile has been flipped over."""
    tile = world.now.tile_at.get(world.place(spot))
    assert tile is not None, f"no tile at {spot}"
    assert tile.cleared is (negation is None), f"{spot} is {'' if tile.cleared else 'not '}cleared"


@then(_re(r"the base holds {goods}"))
def then_base(world: World, items: str) -> None:
    """Base's whole stockpile, exactly."""
    found, expected = state_of(world).base, goods(items)
    assert found == expected, f"base holds {goods_text(found)}, expected {goods_text(expected)}"


@then(parsers.re(r"the base's stock of (?P<kind>\w+) is (?P<n>\d+)"))
def then_base_kind(world: World, kind: str, n: str) -> None:
    """How many tokens of one kind base holds (other kinds not checked)."""
    found = dict(state_of(world).base).get(kind, 0)
    assert found == int(n), f"base holds {found} {kind}, expected {n}"


@then(_re(r"there is no (?P<piece>[\w\-]+) on the map"))
def then_gone(world: World, piece: str) -> None:
    """The piece has left the board (killed enemies are removed)."""
    ids = [p.id for p in (*world.now.survivors, *world.now.enemies)]
    assert piece not in ids, f"{piece} is still on the map"


@then(_re(r"no enemy stands on {spot}"))
def then_no_enemy_on(world: World, spot: str) -> None:
    """No enemy of any kind is on the tile."""
    found = world.now.enemies_at(world.place(spot))
    assert not found, f"{', '.join(e.id for e in found)} stand(s) on {spot}"


@then(_re(r"an? (?P<kind>[a-z]+) stands on {spot}"))
def then_kind_on(world: World, kind: str, spot: str) -> None:
    """Some enemy of this kind is on the tile (spawned enemies get ids the scenario cannot know)."""
    found = [e.kind for e in world.now.enemies_at(world.place(spot))]
    assert kind in found, f"enemies on {spot}: {found or 'none'}, expected a {kind}"


@then(_re(r"(?P<enemy>[\w\-]+) has taken (?P<n>\d+) damage"))
def then_enemy_damage(world: World, enemy: str, n: str) -> None:
    """Damage an enemy still on the map has taken (injured enemies, ``unknown.injury.enemy-injured``)."""
    found = enemy_piece(world, enemy).damage
    assert found == int(n), f"{enemy} has taken {found} damage, expected {n}"


@then(_re(r"(?P<enemy>[\w\-]+) is (?P<negation>not )?stunned"))
def then_stunned(world: World, enemy: str, negation: str | None) -> None:
    """Whether an enemy on the map is stunned."""
    found = enemy_piece(world, enemy).stunned
    assert found is (negation is None), f"{enemy} is {'' if found else 'not '}stunned"


# --- what may be decided ---------------------------------------------------------------------------


def player_node(world: World, player: str | None = None) -> PlayerNode:
    """The node now, which must be a player's decision (by ``player`` if given)."""
    node = world.game.node(state_of(world))
    assert isinstance(node, PlayerNode), f"expected a decision, the engine is at {node}"
    if player is not None:
        assert node.player == player, f"{node.player} decides now, not {player}"
    return node


def legal_of(world: World, who: str, module: str, name: str) -> list[Any]:
    """The legal decisions of one class for the survivor on turn."""
    cls = decision_class(module, name)
    return [d for d in player_node(world, who).legal if type(d) is cls]


@then(_re(r"{who} may move exactly to: (?P<spots>.+)"))
def then_moves(world: World, who: str, spots: str) -> None:
    """Every spot a move may be tried onto (an attempt on a barrier tile is a legal move)."""
    found = {d.to for d in legal_of(world, who, "actions.move", "Move")}
    expected = set() if spots.strip() == "none" else set(world.places(spots))
    assert found == expected, (
        f"{who} may move to {world.names(found)}, expected {world.names(expected)}"
    )


def gather_key(resource: str, sources: Any) -> tuple[str, tuple[Coord, ...]]:
    return resource, tuple(sorted(sources))


@then(_re(r"{who} may gather exactly: (?P<options>.+)"))
def then_gathers(world: World, who: str, options: str) -> None:
    """The whole set of legal gathers: ``food from #a and #b; ammo from #c``."""
    found = {
        gather_key(d.resource, d.sources) for d in legal_of(world, who, "actions.gather", "Gather")
    }
    expected = set()
    for option in options.split("; "):
        resource, _, spots = option.partition(" from ")
        expected.add(gather_key(resource.strip(), spot_list(world, spots)))

    def show(keys: set) -> list[str]:
        return sorted(f"{r} from {' and '.join(world.names(s))}" for r, s in keys)

    assert found == expected, f"{who} may gather {show(found)}, expected {show(expected)}"


@then(_re(r"{who} may only end the turn"))
def then_only_end(world: World, who: str) -> None:
    """The survivor on turn has no action left, only ending its turn."""
    end = decision_class("turn.round", "EndTurn")
    legal = player_node(world, who).legal
    assert legal == (end(who),), f"{who} may still: {', '.join(map(str, legal))}"


@then(_re(r"{who} may take actions"))
def then_may_act(world: World, who: str) -> None:
    """The survivor on turn has at least one action besides ending its turn."""
    end = decision_class("turn.round", "EndTurn")
    legal = player_node(world, who).legal
    assert any(d != end(who) for d in legal), f"{who} may only end the turn"


@then(_re(r"it is {who}'s turn"))
def then_on_turn(world: World, who: str) -> None:
    """Whose turn it is."""
    found = state_of(world).turn
    assert found == who, f"it is {found}'s turn, not {who}'s"


@then(parsers.re(r"the players may choose who goes next among exactly: (?P<names>.+)"))
def then_next_choices(world: World, names: str) -> None:
    """The whole set of survivors the group may start next (``unknown.turn.group-picks-next``)."""
    node = player_node(world, "players")
    start = decision_class("turn.round", "StartTurn")
    found = {d.who for d in node.legal if type(d) is start}
    assert len(found) == len(node.legal), f"other decisions offered: {node.legal}"
    expected = set(LIST_SEPARATOR.split(names.strip()))
    assert found == expected, f"the players may choose {sorted(found)}, expected {sorted(expected)}"


@then(parsers.re(r"the players may assign the damage exactly as: (?P<options>.+)"))
def then_assignments(world: World, script: Script, options: str) -> None:
    """The whole set of legal damage assignments: ``yellow 2 and b1 1; yellow 2 and b2 1``."""
    script.examine(state_of(world))
    node = player_node(world, None)
    assign = decision_class("combat", "AssignDamage")
    found = {assignment_key(d) for d in node.legal if type(d) is assign}
    expected = {assignment_key(damage_assignment(world, o)) for o in options.split("; ")}
    assert found == expected, f"assignments offered: {found}, expected {expected}"


@then(parsers.re(r"the players may pay the base exactly: (?P<options>.+)"))
def then_payments(world: World, script: Script, options: str) -> None:
    """The whole set of ways base may pay for a respawn (``unknown.respawn.cost``)."""
    script.examine(state_of(world))
    node = player_node(world, None)
    pay = decision_class("forfeit", "PayBase")
    found = {bag(d.goods) for d in node.legal if type(d) is pay}
    expected = {goods(o) for o in options.split("; ")}
    show = sorted(goods_text(g) for g in found)
    assert found == expected, (
        f"base may pay {show}, expected {sorted(goods_text(g) for g in expected)}"
    )


@then(parsers.re(r"the new survivor is drawn from exactly: (?P<cards>.+), equally likely"))
def then_draw(world: World, script: Script, cards: str) -> None:
    """The respawn draw is a chance node over the unused cards (``unknown.respawn.draw``)."""
    script.examine(state_of(world))
    node = world.game.node(state_of(world))
    assert isinstance(node, ChanceNode), f"expected a random draw, the engine is at {node}"
    found = {d.card: p for d, p in node.outcomes}
    expected = {c.lower() for c in LIST_SEPARATOR.split(cards.strip())}
    assert set(found) == expected, f"the draw may give {sorted(found)}, expected {sorted(expected)}"
    assert all(p == Fraction(1, len(expected)) for p in found.values()), f"odds: {found}"


@then(parsers.re(r"the survivors have lost citing (?P<clause>[\w.\-]+)"))
def then_lost(world: World, clause: str) -> None:
    """The game is over, lost, for the reason this clause gives."""
    node = world.game.node(state_of(world))
    assert isinstance(node, TerminalNode), f"the game goes on: {node}"
    assert (node.outcome, node.clause) == ("loss", clause), f"the game ended {node}"


@then(parsers.re(r"round (?P<n>\d+) is under way"))
def then_round(world: World, n: str) -> None:
    """A new round's survivor actions have begun (the game goes on)."""
    state = state_of(world)
    assert state.outcome is None, f"the game is over: {state.outcome}"
    assert (state.round, state.phase) == (int(n), "survivor_actions"), (
        f"round {state.round}, phase {state.phase}"
    )
