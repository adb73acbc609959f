"""Survivor traits (rulebook: Survivors): Strategist (and gained abilities), Scouts, Skeptic's delayed spawn,
Botanist's lair flip, Hunter's traps and fights, Trader's one-for-one swap; and seeded random
playouts with these survivors in play.

Expectations come from the rulebook's Survivors section (clause IDs in the test names' docs).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

import pytest

from engine.core.errors import IllegalDecision
from engine.core.game import ChanceNode, PlayerNode, TerminalNode, sample_outcome
from engine.unknown.actions.base import ACTED
from engine.unknown.actions.explore import Drawn, Explore, PlaceAt
from engine.unknown.actions.gather import Gather
from engine.unknown.actions.move import Move
from engine.unknown.actions.trade import Exchange, FinishTrade, Trade
from engine.unknown.actions.trap import TRAP_SOURCE, CreateTrap
from engine.unknown.game import UnknownGame
from engine.unknown.health import damage_enemy
from engine.unknown.ruleset import Ruleset
from engine.unknown.setup import quick_start_scout
from engine.unknown.state import TileStack, UnknownState, bag, total
from engine.unknown.survivors.botanist import MARKER as REGROWTH
from engine.unknown.survivors.botanist import Replant
from engine.unknown.survivors.captain import MoveOther
from engine.unknown.survivors.hunter import MARKER as HUNTER_TRAP
from engine.unknown.survivors.scouts import ScoutStack
from engine.unknown.survivors.strategist import Borrow, gain_abilities
from engine.unknown.turn.round import upkeep
from tests.test_actions_standard import GAME, make_state, snapshot

ROW = {(x, 0): "scrap" for x in range(6)}


def refused(state: UnknownState, decision: Any, game: UnknownGame = GAME) -> str:
    """The clause a refused decision names; the state is checked unchanged."""
    before = snapshot(state)
    with pytest.raises(IllegalDecision) as error:
        game.apply(state, decision)
    assert snapshot(state) == before
    return error.value.clause


def legal(state: UnknownState, game: UnknownGame = GAME) -> tuple[Any, ...]:
    node = game.node(state)
    assert isinstance(node, PlayerNode), node
    return node.legal


def reading(**switches: str) -> Ruleset:
    """The default rules with switches that may not be in the ledger yet (read via getattr)."""

    @dataclass(frozen=True)
    class Readings(Ruleset):
        pass

    rules = Readings()
    for name, value in switches.items():
        object.__setattr__(rules, name, value)
    return rules


def survivor(state: UnknownState, who: str = "yellow") -> Any:
    return state.position.survivor(who)


# ------------------------------------------------------------------------------ Strategist
def strategist(**others: dict) -> UnknownState:
    spec = {"yellow": {"at": (0, 0), "card": "strategist"}}
    spec.update(others)
    return make_state(ROW, spec)


def test_gained_abilities_need_another_survivor_playing_the_card():
    """unknown.survivor.strategist.borrow-or-move: only another survivor's abilities."""
    state = strategist(green={"at": (3, 0), "card": "nurse"})
    assert Borrow("yellow", "nurse") in legal(state)
    assert Borrow("yellow", "explorer") not in legal(state)
    assert (
        refused(state, Borrow("yellow", "explorer")) == "unknown.survivor.strategist.borrow-or-move"
    )
    with pytest.raises(IllegalDecision):
        gain_abilities(GAME.rules, state, "yellow", "strategist", "unknown.task.radio.reward-talk")


def test_borrow_is_once_per_turn_and_excludes_the_move():
    state = strategist(
        green={"at": (3, 0), "card": "nurse"}, blue={"at": (5, 0), "card": "explorer"}
    )
    state = GAME.apply(state, Borrow("yellow", "nurse")).state
    assert survivor(state).borrowed == ("nurse",)
    assert not [d for d in legal(state) if isinstance(d, (Borrow, MoveOther))]
    clause = refused(state, Borrow("yellow", "explorer"))
    assert clause == "unknown.survivor.strategist.borrow-or-move"
    assert refused(state, MoveOther("yellow", "green", (2, 0))) == clause


def test_explorer_ap_is_added_even_after_acting():
    """unknown.survivor.strategist.ap-change: a changed starting AP counts whenever taken."""
    state = strategist(green={"at": (3, 0), "card": "explorer"})
    state = GAME.apply(state, Move("yellow", (1, 0))).state
    assert survivor(state).uses(ACTED) == 1 and survivor(state).ap == 2
    state = GAME.apply(state, Borrow("yellow", "explorer")).state
    assert survivor(state).ap == 3


def test_captain_bonus_counts_only_before_any_action():
    """unknown.survivor.strategist.start-of-turn with the Captain's start-of-turn bonus."""
    base = strategist(green={"at": (1, 0), "card": "captain"})
    fresh = GAME.apply(base, Borrow("yellow", "captain")).state
    assert survivor(fresh).ap == 4
    acted = replace(base, position=base.position.with_survivor(survivor(base).with_use(ACTED)))
    assert survivor(GAME.apply(acted, Borrow("yellow", "captain")).state).ap == 3


def test_talk_counts_itself_out_of_the_actions_taken():
    """unknown.task.radio.reward-start: the Talk action itself does not spoil the start bonus."""
    state = strategist(green={"at": (1, 0), "card": "captain"})
    talked = state.with_position(state.position.with_survivor(survivor(state).with_use(ACTED)))
    after, events = gain_abilities(
        GAME.rules, talked, "yellow", "captain", "unknown.task.radio.reward-talk"
    )
    assert survivor(after).ap == 4
    assert events[0].clause == "unknown.task.radio.reward-talk"


def test_gained_abilities_end_at_upkeep():
    """unknown.survivor.strategist.duration."""
    state = strategist(green={"at": (3, 0), "card": "nurse"})
    state = GAME.apply(state, Borrow("yellow", "nurse")).state
    state = replace(state, phase="upkeep", turn=None)
    after, events = upkeep(GAME.rules, state)
    assert survivor(after).borrowed == ()
    assert "abilities_lost" in [e.kind for e in events]


def test_strategist_with_captain_traits_moves_by_either_trait():
    state = strategist(green={"at": (1, 0), "card": "captain"}, blue={"at": (4, 0)})
    state = GAME.apply(state, Borrow("yellow", "captain")).state
    # the Captain's move (range 1) is now his too; his own move is used up by the borrow
    state = GAME.apply(state, MoveOther("yellow", "green", (2, 0))).state
    assert survivor(state, "green").at == (2, 0)
    clause = refused(state, MoveOther("yellow", "blue", (5, 0)))
    assert clause == "unknown.survivor.strategist.borrow-or-move"


def test_incapacitated_survivor_moved_only_under_allowed():
    spec = {"green": {"at": (3, 0), "health": "incapacitated"}}
    state = strategist(**spec)
    assert refused(state, MoveOther("yellow", "green", (4, 0))) == "unknown.injury.incapacitated"
    game = UnknownGame(reading(strategist_move_incapacitated="allowed"))
    moved = game.apply(state, MoveOther("yellow", "green", (4, 0))).state
    assert survivor(moved, "green").at == (4, 0)


# ---------------------------------------------------------------------------------- Scouts
def scouts(stack: TileStack, ap: int = 3) -> UnknownState:
    state = make_state({(1, 0): "scrap"}, {"yellow": {"at": (1, 0), "card": "scouts", "ap": ap}})
    return replace(state, stack=stack)


def run_scout(state: UnknownState, game: UnknownGame = GAME, pick: str | None = None) -> Any:
    step = game.apply(state, ScoutStack("yellow"))
    state, events = step.state, step.events
    while isinstance(node := game.node(state), ChanceNode):
        outcomes = [o for o, _ in node.outcomes]
        choice = next((o for o in outcomes if o == Drawn(pick)), outcomes[0])
        step = game.apply(state, choice)
        state, events = step.state, events + step.events
    return state, events


def test_scouting_keeps_the_known_order_behind_the_five():
    """unknown.survivor.scouts.peek: the 5 go back shuffled; the 6th and 7th stay in order."""
    state = scouts(TileStack(("food", "ammo", "flood", "lab", "scrap", "medicine", "bunker")))
    after, events = run_scout(state)
    stack = after.stack
    assert stack.top == () and dict(stack.rest) == {
        "food": 1,
        "ammo": 1,
        "flood": 1,
        "lab": 1,
        "scrap": 1,
    }
    assert stack.piles == ((("medicine", 1),), (("bunker", 1),))
    (looked,) = [e for e in events if e.kind == "tiles_scouted"]
    assert dict(looked.data)["seen"] == ("food", "ammo", "flood")
    assert survivor(after).ap == 3
    assert refused(after, ScoutStack("yellow")) == "unknown.survivor.scouts.peek"


def test_scouting_draws_only_from_the_pile_in_hand():
    """unknown.survivor.scouts.split-stack: 3 tiles left in the pile: only those are drawn."""
    stack = TileStack((), bag({"food": 2, "lab": 1}), (bag({"console": 4}),))
    after, _ = run_scout(scouts(stack))
    assert dict(after.stack.rest) == {"food": 2, "lab": 1}
    assert after.stack.piles == (bag({"console": 4}),)


def test_scouting_a_shuffled_pile_is_a_chance_draw():
    stack = TileStack((), bag({"food": 3, "lab": 5}))
    step = GAME.apply(scouts(stack), ScoutStack("yellow"))
    node = GAME.node(step.state)
    assert isinstance(node, ChanceNode)
    assert dict(node.outcomes) == {Drawn("food"): Fraction(3, 8), Drawn("lab"): Fraction(5, 8)}
    after, _ = run_scout(scouts(stack))
    assert after.stack.size == 8 and total(after.stack.rest) == 5
    assert [total(p) for p in after.stack.piles] == [3]


def test_one_ap_look_needs_an_ap():
    game = UnknownGame(reading(scouts_peek_cost="one-ap"))
    state = scouts(TileStack(("food", "lab")), ap=0)
    assert ScoutStack("yellow") not in legal(state, game)
    assert ScoutStack("yellow") in legal(state)  # free by default


# --------------------------------------------------------------------------------- Skeptic
def skeptic_after_lair(tile: str = "brute") -> UnknownState:
    tiles = {(1, 0): "scrap", (2, 0): "food", (3, 0): "ammo"}
    state = make_state(tiles, {"yellow": {"at": (1, 0), "card": "skeptic", "goods": {"scrap": 2}}})
    state = replace(state, stack=TileStack((tile,)))
    state = GAME.apply(state, Explore("yellow")).state
    return GAME.apply(state, PlaceAt((0, 0))).state


def test_free_action_does_not_release_the_lair():
    """unknown.survivor.skeptic.delayed-spawn: only an AP spent (or the turn's end) does."""
    state = skeptic_after_lair()
    assert survivor(state).ap == 4 and not state.position.enemies
    trader = replace(survivor(state), borrowed=("trader",))  # her trades now cost 0 AP
    free = state.with_position(state.position.with_survivor(trader))
    traded = GAME.apply(GAME.apply(free, Trade("yellow")).state, FinishTrade()).state
    assert survivor(traded).ap == 4 and not traded.position.enemies
    paid = GAME.apply(GAME.apply(state, Trade("yellow")).state, FinishTrade()).state
    assert survivor(paid).ap == 3 and [e.kind for e in paid.position.enemies] == ["brute"]


def test_held_lair_spawns_after_the_action_that_spends_ap():
    state = skeptic_after_lair("beast")
    moved = GAME.apply(state, Move("yellow", (2, 0)))
    assert survivor(moved.state).at == (2, 0)
    kinds = [e.kind for e in moved.events]
    assert kinds.index("action") < kinds.index("enemy_spawned")


def test_a_non_skeptic_lair_spawns_at_once():
    tiles = {(1, 0): "scrap", (2, 0): "food"}
    state = make_state(tiles, {"yellow": {"at": (1, 0)}})
    state = replace(state, stack=TileStack(("brute",)))
    state = GAME.apply(GAME.apply(state, Explore("yellow")).state, PlaceAt((0, 0))).state
    assert [e.kind for e in state.position.enemies] == ["brute"]


# -------------------------------------------------------------------------------- Botanist
def botanist(tiles: dict, **extra: Any) -> UnknownState:
    spec = {"at": (1, 0), "card": "botanist", "goods": {"medicine": 2}}
    return make_state(tiles, {"yellow": spec}, **extra)


def test_replant_refuses_a_cleared_lair_and_an_occupied_one():
    tiles = {(0, 0): "animal", (1, 0): "scrap", (2, 0): "beast"}
    state = botanist(tiles, cleared=((0, 0),), enemies={"b1": ("beast", (2, 0))})
    assert refused(state, Replant("yellow", (0, 0))) == "unknown.action.clear.loses-effects"
    assert refused(state, Replant("yellow", (2, 0))) == "unknown.action.enemy-occupied"
    assert not [d for d in legal(state) if isinstance(d, Replant)]


def test_replant_is_no_gather_and_marks_the_lair():
    """unknown.survivor.botanist.not-gather: no Gather bonus, none of the tile's food."""
    state = botanist({(0, 0): "animal", (1, 0): "scrap"})
    after = GAME.apply(state, Replant("yellow", (0, 0))).state
    assert after.position.tokens_at[(0, 0)] == {"food": 1, REGROWTH: 1}
    assert dict(survivor(after).goods) == {"medicine": 1}
    gathered = GAME.apply(after, Gather("yellow", "food", ((0, 0),))).state
    assert REGROWTH not in gathered.position.tokens_at.get((0, 0), {})


# ---------------------------------------------------------------------------------- Hunter
def test_hunter_trap_marker_follows_the_traps():
    """unknown.survivor.hunter.trap-marker: her trap is marked; picking it up takes the mark."""
    spec = {"at": (1, 0), "card": "hunter", "goods": {"food": 1, "scrap": 1}}
    state = make_state({(1, 0): "scrap", (2, 0): "scrap"}, {"yellow": spec})
    state = GAME.apply(state, CreateTrap("yellow", (2, 0))).state
    assert state.position.tokens_at[(2, 0)] == {"trap": 1, HUNTER_TRAP: 1}
    picked = GAME.apply(state, Gather("yellow", "trap", ((2, 0),))).state
    assert (2, 0) not in picked.position.tokens_at


def test_hunter_trap_spent_without_a_kill_loses_its_mark():
    tokens = (((2, 0), "trap", 1), ((2, 0), HUNTER_TRAP, 1))
    state = make_state(
        {(1, 0): "scrap", (2, 0): "scrap"},
        {"yellow": {"at": (1, 0), "card": "hunter"}},
        enemies={"d1": ("devourer", (2, 0))},
        tokens=tokens,
    )
    position = state.position.with_tokens((2, 0), "trap", -1)
    hurt, _ = damage_enemy(
        state.with_position(position),
        "d1",
        1,
        "the trap on [2, 0]",
        rules=GAME.rules,
        source=TRAP_SOURCE,
    )
    assert (2, 0) not in hurt.position.tokens_at  # the devourer survives; the mark is spent


# ---------------------------------------------------------------------------------- Trader
def test_only_the_trader_swaps_one_for_one_at_base():
    """unknown.survivor.trader.base-swap."""
    tiles = {(0, 0): "base", (1, 0): "scrap"}
    for card, offered in (("trader", True), (None, False)):
        spec = {"at": (1, 0), "card": card, "goods": {"food": 1}}
        state = GAME.apply(make_state(tiles, {"yellow": spec}), Trade("yellow")).state
        swap = Exchange((0, 0), (("food", 1),), (("ammo", 1),))
        assert (swap in legal(state)) is offered
        if offered:
            step = GAME.apply(state, swap)
            assert dict(survivor(step.state).goods) == {"ammo": 1}
            assert [e.clause for e in step.events] == ["unknown.survivor.trader.base-swap"]
        else:
            assert refused(state, swap) == "unknown.exchange.base"


# -------------------------------------------------------------------------------- playouts
CARDS = ("botanist", "scouts", "skeptic", "strategist", "trader", "hunter")


@pytest.mark.parametrize("seed", range(6))
def test_random_playouts_with_these_survivors_never_crash(seed: int) -> None:
    """Every decision offered is applicable, whatever the traits in play do."""
    from properties.test_unknown_playout import read_back

    rng = random.Random(seed)
    state = quick_start_scout(6, seed)
    position = state.position
    for s, card in zip(position.survivors, rng.sample(CARDS, len(CARDS)), strict=False):
        position = position.with_survivor(replace(s, card=card, goods=bag({"medicine": 1})))
    dealt = {s.card for s in state.position.survivors}
    unused = tuple(sorted((set(state.unused_cards) | dealt) - set(CARDS)))
    state = replace(state.with_position(position), unused_cards=unused)
    kinds: set[str] = set()
    for step in range(400):
        node = GAME.node(state)
        if isinstance(node, TerminalNode):
            break
        if isinstance(node, ChanceNode):
            decision = sample_outcome(node, rng)
        else:
            assert isinstance(node, PlayerNode) and node.legal, node
            decision = rng.choice(node.legal)
        result = GAME.apply(state, decision)
        kinds |= {type(decision).__name__}
        state = result.state
        if step % 25 == 0:
            assert read_back(state, schema=False) == state
    assert kinds & {"Borrow", "ScoutStack", "Replant", "MoveOther"}, kinds
