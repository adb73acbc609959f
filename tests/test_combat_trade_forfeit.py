"""Close combat, Trade / Drop, and Forfeiture and Respawn (rulebook: Close Combat; Injury and
Incapacitation; Enemies; Actions, Trade / Drop; Tiles, Resource Exchange; Forfeiture and Respawn).

Every expected value comes from the rulebook's words or its examples, on small hand-made maps.
Coordinates are ``(x, y)``; the maps are a row of tiles with base at ``(0, 0)``. Unless a test says
otherwise it is ``s1``'s turn, every survivor has 3 AP and base holds 8 food.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from engine.core.errors import IllegalDecision
from engine.core.game import ChanceNode, PlayerNode
from engine.unknown.actions.move import Move
from engine.unknown.actions.trade import (
    Exchange,
    FinishTrade,
    Trade,
    TradeSession,
    Transfer,
    parties,
)
from engine.unknown.combat import AssignDamage, CloseCombat, combat_starts
from engine.unknown.forfeit import (
    Forfeit,
    PayBase,
    Recruit,
    RespawnDraw,
    RespawnPay,
    forfeit,
    forfeit_options,
)
from engine.unknown.game import UnknownGame
from engine.unknown.knockback import Knockback, KnockTo
from engine.unknown.position import Coord, position_from_data
from engine.unknown.ruleset import DEFAULT
from engine.unknown.state import UnknownState, bag

GAME = UnknownGame()
BASE: Coord = (0, 0)
ROW = {(0, 0): "base", (1, 0): "food", (2, 0): "ammo", (3, 0): "scrap", (4, 0): "medicine"}
MARKET_ROW = {(0, 0): "base", (1, 0): "food", (2, 0): "market", (3, 0): "scrap", (4, 0): "medicine"}


def make_state(
    survivors: dict[str, dict[str, Any]],
    *,
    tiles: dict[Coord, str] = ROW,
    enemies: dict[str, dict[str, Any]] | None = None,
    tokens: tuple[tuple[Coord, str, int], ...] = (),
    base: dict[str, int] | None = None,
    pending: tuple = (),
    turn: str | None = "s1",
    unused: tuple[str, ...] = (),
) -> UnknownState:
    """A survivor-actions state. ``survivors``/``enemies`` map an id to ``at`` plus optional
    fields (survivors: ``ap``, ``goods``, ``health``, ``card``; enemies: ``kind``, ``damage``,
    ``stunned``)."""
    data = {
        "tiles": [{"at": list(at), "tile": name} for at, name in tiles.items()],
        "survivors": [{"id": sid, "at": list(s["at"])} for sid, s in survivors.items()],
        "enemies": [
            {"id": eid, "kind": e["kind"], "at": list(e["at"])}
            for eid, e in (enemies or {}).items()
        ],
        "tokens": [{"at": list(at), "kind": kind, "count": n} for at, kind, n in tokens],
    }
    position = position_from_data(data, "test")
    for sid, spec in survivors.items():
        position = position.with_survivor(
            replace(
                position.survivor(sid),
                ap=spec.get("ap", 3),
                goods=bag(spec.get("goods", {})),
                health=spec.get("health", "healthy"),
                card=spec.get("card"),
            )
        )
    for eid, spec in (enemies or {}).items():
        position = position.with_enemy(
            replace(
                position.piece(eid),
                damage=spec.get("damage", 0),
                stunned=spec.get("stunned", False),
            )
        )
    return UnknownState(
        position,
        phase="survivor_actions",
        turn=turn,
        base=bag(base if base is not None else {"food": 8}),
        pending=pending,
        unused_cards=unused,
    )


def settled(state: UnknownState, game: UnknownGame = GAME) -> tuple[UnknownState, tuple]:
    return game.settle(state)


def snapshot(state: UnknownState) -> tuple[str, dict]:
    return repr(state), copy.deepcopy(state.position.tokens_at)


def refused(state: UnknownState, decision: Any, clause: str, game: UnknownGame = GAME) -> None:
    """The engine refuses ``decision`` naming ``clause``, changes nothing and does not offer it."""
    before = snapshot(state)
    with pytest.raises(IllegalDecision) as error:
        game.apply(state, decision)
    assert error.value.clause == clause, error.value
    assert snapshot(state) == before
    node = game.node(state)
    if isinstance(node, PlayerNode):
        assert decision not in node.legal


def health(state: UnknownState, who: str) -> str:
    return state.position.survivor(who).health


def alive(state: UnknownState) -> set[str]:
    return {e.id for e in state.position.enemies}


def kinds(events: tuple) -> list[str]:
    return [e.kind for e in events]


def legal(state: UnknownState) -> tuple:
    node = GAME.node(state)
    assert isinstance(node, PlayerNode)
    return node.legal


def fight(survivors, enemies, at=(2, 0), **kw) -> UnknownState:
    """A state with close combat pending on ``at``, not yet settled."""
    return make_state(survivors, enemies=enemies, pending=(CloseCombat(at),), **kw)


# =================================================================================== Close combat
def test_combat_example_beast_outnumbered_by_two_deals_nothing():
    """Close Combat example 1: three survivors deal 3 to a beast; outnumbered by 2, its 1 damage
    drops by 1 to 0 (unknown.combat.outnumber). With one way to assign, it settles by itself."""
    here = (2, 0)
    state, events = settled(
        fight(
            {s: {"at": here} for s in ("s1", "s2", "s3")}, {"beast1": {"kind": "beast", "at": here}}
        )
    )
    assert state.pending == ()
    assert alive(state) == set()
    assert all(health(state, s) == "healthy" for s in ("s1", "s2", "s3"))
    reduced = [e for e in events if e.kind == "outnumbered"]
    assert reduced and reduced[0].get("reduction") == 1
    assert "combat_ended" in kinds(events)


def test_four_survivors_against_two_beasts_take_one_damage_and_no_more():
    """Outnumbered by 2, two beasts deal 2 - 1 = 1; assigning 2 breaks unknown.combat.outnumber."""
    here = (2, 0)
    state = fight(
        {s: {"at": here} for s in ("s1", "s2", "s3", "s4")},
        {"beast1": {"kind": "beast", "at": here}, "beast2": {"kind": "beast", "at": here}},
    )
    options = legal(state)
    assert {sum(n for _, n in o.to_survivors) for o in options} == {1}
    assert {sum(n for _, n in o.to_enemies) for o in options} == {4}
    # 5 ways to split 4 damage over two beasts, 4 survivors who may take the 1 damage
    assert len(options) == 5 * 4
    refused(
        state,
        AssignDamage((("s1", 1), ("s2", 1)), (("beast1", 2), ("beast2", 2))),
        "unknown.combat.outnumber",
    )


def test_combat_example_injured_survivor_cannot_take_both_beasts_damage():
    """Close Combat example 2: 2 survivors and 2 beasts deal 2 each; both enemy points may not go
    to the injured survivor (unknown.combat.assign-cap) but may go to the other or be split."""
    here = (2, 0)
    state = fight(
        {"s1": {"at": here, "health": "injured"}, "s2": {"at": here}},
        {"beast1": {"kind": "beast", "at": here}, "beast2": {"kind": "beast", "at": here}},
    )
    options = legal(state)
    assert {o.to_survivors for o in options} == {(("s2", 2),), (("s1", 1), ("s2", 1))}
    assert {o.to_enemies for o in options} == {
        (("beast1", 2),),
        (("beast1", 1), ("beast2", 1)),
        (("beast2", 2),),
    }
    refused(
        state,
        AssignDamage((("s1", 2),), (("beast1", 1), ("beast2", 1))),
        "unknown.combat.assign-cap",
    )
    step = GAME.apply(state, AssignDamage((("s1", 1), ("s2", 1)), (("beast1", 1), ("beast2", 1))))
    assert alive(step.state) == set()
    assert health(step.state, "s1") == "incapacitated"
    assert health(step.state, "s2") == "injured"
    assert step.state.pending == ()


def test_combat_example_devourer_base_defense_loses_the_game():
    """Close Combat example 3: on base the survivor kills the beast and is incapacitated by the 2
    enemy damage; the 2-health devourer removes 3 food, takes 1, cannot find 3 more: loss."""
    state = fight(
        {"s1": {"at": BASE}},
        {"beast1": {"kind": "beast", "at": BASE}, "devourer1": {"kind": "devourer", "at": BASE}},
        at=BASE,
        base={"food": 5},
    )
    options = legal(state)
    assert set(options) == {
        AssignDamage((("s1", 2),), (("beast1", 1),)),
        AssignDamage((("s1", 2),), (("devourer1", 1),)),
    }
    step = GAME.apply(state, AssignDamage((("s1", 2),), (("beast1", 1),)))
    assert health(step.state, "s1") == "incapacitated"
    assert step.state.outcome is not None
    assert step.state.outcome[:2] == ("loss", "unknown.combat.base-defense.lose")
    assert dict(step.state.base)["food"] == 5 - 3
    assert kinds(step.events).count("base_raided") == 1
    assert GAME.node(step.state).outcome == "loss"


def test_base_defense_with_enough_food_kills_the_devourer():
    """With 6 food the devourer's two steps take 3 + 3 food and 2 damage: it dies, base is empty."""
    state = fight(
        {"s1": {"at": BASE}},
        {"beast1": {"kind": "beast", "at": BASE}, "devourer1": {"kind": "devourer", "at": BASE}},
        at=BASE,
        base={"food": 6},
    )
    step = GAME.apply(state, AssignDamage((("s1", 2),), (("beast1", 1),)))
    assert step.state.outcome is None
    assert alive(step.state) == set()
    assert dict(step.state.base).get("food", 0) == 0
    assert step.state.pending == ()


def test_enemy_on_base_with_no_fighting_survivor_goes_to_base_defense():
    """An enemy on base with no survivor able to fight (here only an incapacitated one, whom
    enemies ignore) removes 3 food and takes 1 damage (unknown.enemy.enters-empty-base)."""
    state, events = settled(
        fight(
            {"s1": {"at": BASE, "health": "incapacitated"}},
            {"monster1": {"kind": "monster", "at": BASE}},
            at=BASE,
            base={"food": 4},
        )
    )
    assert alive(state) == set()
    assert dict(state.base)["food"] == 1
    assert health(state, "s1") == "incapacitated"
    assert "combat_round" not in kinds(events)


def test_enemy_on_empty_base_without_three_food_loses():
    state, _ = settled(
        fight(
            {}, {"monster1": {"kind": "monster", "at": BASE}}, at=BASE, base={"food": 2}, turn=None
        )
    )
    assert state.outcome is not None and state.outcome[1] == "unknown.combat.base-defense.lose"


def test_brute_takes_no_part_in_base_defense():
    """The survivor kills the beast and falls; the brute still stands on base but skips base
    defense (unknown.enemy.brute.no-base-defense): no food is taken."""
    state = fight(
        {"s1": {"at": BASE, "health": "injured"}},
        {"beast1": {"kind": "beast", "at": BASE}, "brute1": {"kind": "brute", "at": BASE}},
        at=BASE,
    )
    options = legal(state)
    # 2 enemy damage but the injured survivor can take only 1 (the rest is lost)
    assert set(options) == {
        AssignDamage((("s1", 1),), (("beast1", 1),)),
        AssignDamage((("s1", 1),), (("brute1", 1),)),
    }
    step = GAME.apply(state, AssignDamage((("s1", 1),), (("beast1", 1),)))
    assert alive(step.state) == {"brute1"}
    assert not step.state.position.piece("brute1").stunned
    assert dict(step.state.base)["food"] == 8
    assert step.state.outcome is None
    assert "no_base_defense" in kinds(step.events)


def test_rounds_repeat_and_damage_is_simultaneous():
    """A healthy survivor against a 2-health devourer: round 1 injures both, round 2 kills the
    devourer and incapacitates the survivor at the same time (unknown.combat.repeat)."""
    here = (2, 0)
    state, events = settled(
        fight({"s1": {"at": here}}, {"devourer1": {"kind": "devourer", "at": here}})
    )
    assert kinds(events).count("combat_round") == 2
    assert alive(state) == set()
    assert health(state, "s1") == "incapacitated"
    assert state.pending == ()


def test_combat_stops_once_every_enemy_is_stunned():
    """Damage stuns the brute (unknown.enemy.brute.stun); the brute was active, so it dealt its 1
    damage that round; with every enemy stunned the combat ends."""
    here = (2, 0)
    state, events = settled(fight({"s1": {"at": here}}, {"brute1": {"kind": "brute", "at": here}}))
    assert kinds(events).count("combat_round") == 1
    assert state.position.piece("brute1").stunned
    assert health(state, "s1") == "injured"
    assert state.pending == ()


def test_stunned_enemy_strikes_back_when_damaged():
    """Two survivors, an active beast and a stunned brute. Hitting the stunned brute draws 1
    damage back (unknown.enemy.stunned-no-combat) on top of the beast's 1."""
    here = (2, 0)
    state = fight(
        {"s1": {"at": here}, "s2": {"at": here}},
        {
            "beast1": {"kind": "beast", "at": here},
            "brute1": {"kind": "brute", "at": here, "stunned": True},
        },
    )
    owed = {o.to_enemies: {sum(n for _, n in o.to_survivors)} for o in legal(state)}
    assert owed == {
        (("beast1", 2),): {1},
        (("beast1", 1), ("brute1", 1)): {2},
        (("brute1", 2),): {2},
    }
    refused(
        state,
        AssignDamage((("s1", 1),), (("beast1", 1), ("brute1", 1))),
        "unknown.combat.damage-received",
    )


def test_stunned_enemies_alone_start_no_combat():
    """Moving onto a tile holding only a stunned enemy starts no close combat."""
    state = make_state(
        {"s1": {"at": (1, 0)}}, enemies={"brute1": {"kind": "brute", "at": (2, 0), "stunned": True}}
    )
    step = GAME.apply(state, Move("s1", (2, 0)))
    assert step.state.pending == ()
    assert not combat_starts(step.state.position, (2, 0))
    assert health(step.state, "s1") == "healthy"


def test_when_close_combat_starts():
    """unknown.combat.trigger: an active enemy with a survivor able to fight, or on base."""
    here = (2, 0)
    lying = make_state(
        {"s1": {"at": here, "health": "incapacitated"}},
        enemies={
            "beast1": {"kind": "beast", "at": here},
            "monster1": {"kind": "monster", "at": BASE},
        },
    )
    assert not combat_starts(lying.position, here)
    assert combat_starts(lying.position, BASE)
    standing = make_state({"s1": {"at": here}}, enemies={"beast1": {"kind": "beast", "at": here}})
    assert combat_starts(standing.position, here)


def test_moving_onto_a_beast_fights_at_once_and_injury_costs_ap():
    """Move onto a beast: close combat resolves at once (unknown.action.move.combat); the beast
    dies and the survivor, injured, loses 1 AP (unknown.injury.ap-cost): 3 - 1 (move) - 1 = 1."""
    state = make_state({"s1": {"at": (1, 0)}}, enemies={"beast1": {"kind": "beast", "at": (2, 0)}})
    step = GAME.apply(state, Move("s1", (2, 0)))
    assert step.state.pending == ()
    assert alive(step.state) == set()
    assert health(step.state, "s1") == "injured"
    assert step.state.position.survivor("s1").ap == 1


def test_armor_soaks_combat_damage():
    """Armor stops 1 damage first (unknown.action.create-armor.absorb)."""
    here = (2, 0)
    state, _ = settled(
        fight(
            {"s1": {"at": here, "goods": {"armor": 1}}}, {"beast1": {"kind": "beast", "at": here}}
        )
    )
    assert health(state, "s1") == "healthy"
    assert dict(state.position.survivor("s1").goods).get("armor", 0) == 0


def test_armor_counts_towards_what_incapacitates_a_survivor():
    """Reading taken: an injured survivor with 1 armor needs 2 damage to be incapacitated, so
    both beasts' damage may go to it (unknown.combat.assign-cap with armor)."""
    here = (2, 0)
    state = fight(
        {"s1": {"at": here, "health": "injured", "goods": {"armor": 1}}, "s2": {"at": here}},
        {"beast1": {"kind": "beast", "at": here}, "beast2": {"kind": "beast", "at": here}},
    )
    assert {o.to_survivors for o in legal(state)} == {
        (("s1", 2),),
        (("s1", 1), ("s2", 1)),
        (("s2", 2),),
    }


def test_behemoth_damages_everything_on_its_tile():
    """The behemoth's 1 damage hits every other piece on its tile, the beast included
    (unknown.enemy.behemoth.area-damage); the beast's own point is assigned as usual."""
    here = (2, 0)
    state = fight(
        {"s1": {"at": here}, "s2": {"at": here}},
        {"behemoth1": {"kind": "behemoth", "at": here}, "beast1": {"kind": "beast", "at": here}},
    )
    options = legal(state)
    assert {sum(n for _, n in o.to_survivors) for o in options} == {1}
    step = GAME.apply(state, AssignDamage((("s1", 1),), (("behemoth1", 2),)))
    after = step.state
    # round 1: the area point kills the beast; the behemoth takes 2 (1 health left)
    # round 2 (forced): s2 deals the behemoth's last point; its area damage incapacitates s2
    assert kinds(step.events).count("area_damage") == 2
    assert kinds(step.events).count("combat_round") == 2
    assert "beast1" not in alive(after)
    assert health(after, "s1") == "incapacitated"
    assert health(after, "s2") == "incapacitated"
    assert "behemoth1" not in alive(after)
    assert after.pending == ()


def test_assignments_that_break_the_rules_are_refused():
    here = (2, 0)
    state = fight(
        {"s1": {"at": here}, "s2": {"at": here}, "s3": {"at": here, "health": "incapacitated"}},
        {"beast1": {"kind": "beast", "at": here}, "beast2": {"kind": "beast", "at": here}},
    )
    both = (("beast1", 1), ("beast2", 1))
    refused(state, AssignDamage((("s1", 2),), (("beast1", 1),)), "unknown.combat.damage-dealt")
    refused(state, AssignDamage((("s1", 2), ("s2", -1)), both), "unknown.combat.damage-received")
    refused(state, AssignDamage((("s3", 1), ("s1", 1)), both), "unknown.combat.assign-cap")
    refused(state, AssignDamage((("s1", 1),), both), "unknown.combat.damage-received")
    refused(state, Move("s1", (1, 0)), "unknown.combat.damage-received")


def test_incapacitated_survivors_deal_no_damage():
    """Only survivors able to fight deal damage: here 2, not 3."""
    here = (2, 0)
    state = fight(
        {"s1": {"at": here}, "s2": {"at": here}, "s3": {"at": here, "health": "incapacitated"}},
        {"beast1": {"kind": "beast", "at": here}, "beast2": {"kind": "beast", "at": here}},
    )
    assert {sum(n for _, n in o.to_enemies) for o in legal(state)} == {2}


def test_wiring_knockback_into_an_enemy_tile_starts_close_combat():
    """Lead's wiring (engine/unknown/knockback.py): a survivor knocked onto a beast's tile fights."""
    state = make_state({"s1": {"at": (1, 0)}}, enemies={"beast1": {"kind": "beast", "at": (3, 0)}})
    state = replace(state, pending=(Knockback((0, 0), 3, ("s1",)),))
    step = GAME.apply(state, KnockTo("s1", (3, 0)))
    assert alive(step.state) == set()
    assert health(step.state, "s1") == "injured"


# ========================================================================================= Trade
def trading(state: UnknownState, who: str = "s1") -> UnknownState:
    step = GAME.apply(state, Trade(who))
    assert isinstance(step.state.pending[0], TradeSession)
    return step.state


def goods(state: UnknownState, who: str) -> dict[str, int]:
    return dict(state.position.survivor(who).goods)


def test_trade_example_in_one_action():
    """Trade example: take food from a survivor into base, exchange 2 scrap for 1 ammo at base,
    give that ammo to the survivor: all one action costing 1 AP."""
    state = make_state(
        {"s1": {"at": (1, 0), "goods": {"scrap": 2}}, "s2": {"at": (2, 0), "goods": {"food": 1}}},
        base={"food": 3},
    )
    state = trading(state)
    assert state.position.survivor("s1").ap == 2
    state = GAME.apply(state, Transfer("s2", "base", "food", 1)).state
    state = GAME.apply(state, Exchange(BASE, (("scrap", 2),), (("ammo", 1),))).state
    state = GAME.apply(state, Transfer("s1", "s2", "ammo", 1)).state
    state = GAME.apply(state, FinishTrade()).state
    assert state.pending == ()
    assert dict(state.base) == {"food": 4}
    assert goods(state, "s1") == {}
    assert goods(state, "s2") == {"ammo": 1}
    assert state.position.survivor("s1").ap == 2


def test_trade_parties_are_within_range_one():
    """Survivors, passable tiles and base within range 1 (unknown.action.trade.transfer)."""
    state = make_state(
        {"s1": {"at": (1, 0), "goods": {"food": 1}}, "s2": {"at": (2, 0)}, "s3": {"at": (3, 0)}},
    )
    assert set(parties(GAME.rules, state, "s1")) == {"s1", "s2", "base", "0,0", "1,0", "2,0"}
    state = trading(state)
    refused(state, Transfer("s1", "s3", "food", 1), "unknown.action.trade.transfer")
    refused(state, Transfer("s1", "3,0", "food", 1), "unknown.action.trade.transfer")


def test_base_is_out_of_reach_two_tiles_away():
    state = trading(make_state({"s1": {"at": (2, 0), "goods": {"food": 1}}}))
    refused(state, Transfer("s1", "base", "food", 1), "unknown.action.trade.transfer")
    refused(state, Exchange(BASE, (("food", 1),), ()), "unknown.action.trade.exchange")


def test_drop_and_pick_up_tokens_and_traps():
    """Drop on a tile, pick tokens up, and pick a trap up by trade (unknown.trap.pickup)."""
    state = make_state(
        {"s1": {"at": (1, 0), "goods": {"food": 2}}},
        tokens=(((2, 0), "trap", 1), ((2, 0), "barrier", 1)),
    )
    # a barrier makes (2, 0) impassable: no trade with it
    assert "2,0" not in parties(GAME.rules, state, "s1")
    state = make_state({"s1": {"at": (1, 0), "goods": {"food": 2}}}, tokens=(((2, 0), "trap", 1),))
    state = trading(state)
    options = legal(state)
    assert Transfer("s1", "1,0", "food", 1) in options
    assert Transfer("2,0", "s1", "trap", 1) in options
    assert all(o.amount == 1 for o in options if isinstance(o, Transfer))
    state = GAME.apply(state, Transfer("s1", "1,0", "food", 2)).state
    state = GAME.apply(state, Transfer("2,0", "s1", "trap", 1)).state
    assert goods(state, "s1") == {"trap": 1}
    assert state.position.tokens_at[(1, 0)] == {"food": 2}
    assert (2, 0) not in state.position.tokens_at


def test_transfers_that_break_the_rules_are_refused():
    state = trading(
        make_state({"s1": {"at": (1, 0), "goods": {"food": 1}}}, tokens=(((2, 0), "blaze", 0 + 1),))
    )
    refused(state, Transfer("s1", "base", "food", 2), "unknown.action.trade.transfer")
    refused(state, Transfer("s1", "s1", "food", 1), "unknown.action.trade.transfer")
    refused(state, Transfer("base", "s1", "barrier", 1), "unknown.action.trade.transfer")
    refused(state, Transfer("s1", "2,0", "food", 1), "unknown.action.trade.transfer")
    refused(state, Move("s1", (2, 0)), "unknown.action.trade")


def test_enemy_occupied_tiles_and_base_are_off_limits():
    """An active enemy blocks interaction with its tile; a stunned one does not."""
    here = {"s1": {"at": (1, 0), "goods": {"food": 1}}}
    state = trading(make_state(here, enemies={"brute1": {"kind": "brute", "at": BASE}}))
    assert "base" not in parties(GAME.rules, state, "s1")
    refused(state, Transfer("s1", "base", "food", 1), "unknown.enemy.blocks-interaction")
    refused(state, Transfer("s1", "0,0", "food", 1), "unknown.enemy.blocks-interaction")
    calm = make_state(here, enemies={"brute1": {"kind": "brute", "at": BASE, "stunned": True}})
    assert "base" in parties(GAME.rules, calm, "s1")


def test_base_exchange_is_two_for_one_of_another_kind_and_repeatable():
    """unknown.exchange.base: any 2 tokens for 1 of a kind not given (1 ammo + 1 medicine -> 1 food)."""
    state = trading(make_state({"s1": {"at": (1, 0), "goods": {"ammo": 2, "medicine": 2}}}))
    exchanges = [o for o in legal(state) if isinstance(o, Exchange)]
    assert Exchange(BASE, (("ammo", 1), ("medicine", 1)), (("food", 1),)) in exchanges
    assert all(sum(n for _, n in o.give) == 2 and sum(n for _, n in o.get) == 1 for o in exchanges)
    refused(state, Exchange(BASE, (("ammo", 1),), (("food", 1),)), "unknown.exchange.base")
    refused(state, Exchange(BASE, (("ammo", 2),), (("ammo", 1),)), "unknown.exchange.base")
    refused(
        state,
        Exchange(BASE, (("ammo", 1), ("medicine", 1)), (("medicine", 1),)),
        "unknown.exchange.base",
    )
    state = GAME.apply(state, Exchange(BASE, (("ammo", 1), ("medicine", 1)), (("food", 1),))).state
    state = GAME.apply(state, Exchange(BASE, (("ammo", 1), ("medicine", 1)), (("scrap", 1),))).state
    assert goods(state, "s1") == {"food": 1, "scrap": 1}


def test_market_exchanges_up_to_three_once_then_clears():
    """unknown.exchange.market: 2 ammo + 1 medicine -> 3 food, then the market is flipped."""
    state = trading(
        make_state({"s1": {"at": (3, 0), "goods": {"ammo": 3, "medicine": 1}}}, tiles=MARKET_ROW)
    )
    refused(state, Exchange((2, 0), (("ammo", 2),), (("food", 3),)), "unknown.exchange.market")
    refused(
        state,
        Exchange((2, 0), (("ammo", 3), ("medicine", 1)), (("food", 4),)),
        "unknown.exchange.market",
    )
    state = GAME.apply(
        state, Exchange((2, 0), (("ammo", 2), ("medicine", 1)), (("food", 3),))
    ).state
    assert goods(state, "s1") == {"ammo": 1, "food": 3}
    assert state.position.tile_at[(2, 0)].cleared
    refused(
        state,
        Exchange((2, 0), (("ammo", 1),), (("scrap", 1),)),
        "unknown.exchange.bottom-right-single",
    )


def test_market_exchange_of_one_token():
    state = trading(make_state({"s1": {"at": (3, 0), "goods": {"scrap": 1}}}, tiles=MARKET_ROW))
    state = GAME.apply(state, Exchange((2, 0), (("scrap", 1),), (("medicine", 1),))).state
    assert goods(state, "s1") == {"medicine": 1}


def test_only_resources_are_exchanged():
    state = trading(make_state({"s1": {"at": (1, 0), "goods": {"armor": 2, "food": 1}}}))
    assert not any(
        isinstance(o, Exchange) and any(k == "armor" for k, _ in o.give) for o in legal(state)
    )
    refused(state, Exchange(BASE, (("armor", 2),), (("food", 1),)), "unknown.exchange.trade-action")


def test_a_trade_with_nothing_in_reach_opens_and_can_only_be_finished():
    """Nothing to move or exchange: the trade still costs its 1 AP (unknown.action.standard) and
    the players may only finish it; it does not end by itself (like a turn)."""
    state = trading(make_state({"s1": {"at": (3, 0)}}))
    assert state.position.survivor("s1").ap == 2
    assert legal(state) == (FinishTrade(),)
    assert GAME.apply(state, FinishTrade()).state.pending == ()


def test_trade_with_an_incapacitated_survivor():
    """Reading taken: goods may be taken from an incapacitated survivor in range."""
    state = trading(
        make_state(
            {
                "s1": {"at": (2, 0)},
                "s2": {"at": (3, 0), "health": "incapacitated", "goods": {"food": 1}},
            }
        )
    )
    state = GAME.apply(state, Transfer("s2", "s1", "food", 1)).state
    assert goods(state, "s1") == {"food": 1}


# ========================================================================== Forfeiture and respawn
EXPLORER_OUT = {
    "s1": {
        "at": (3, 0),
        "card": "explorer",
        "health": "incapacitated",
        "ap": 0,
        "goods": {"food": 1, "scrap": 2, "armor": 1},
    }
}


def forfeited(state: UnknownState, who: str = "s1", game: UnknownGame = GAME) -> UnknownState:
    state, _ = forfeit(game.rules, state, Forfeit(who))
    state, _ = game.settle(state)
    return state


def test_forfeiture_example_explorer():
    """The Explorer, incapacitated, is forfeited: her goods drop on her tile, a random unused card
    (the Tracker) replaces hers, the meeple is back on base healthy, and base pays 4 of its 6 food,
    leaving 2 (unknown.respawn.*)."""
    state = make_state(EXPLORER_OUT, base={"food": 6}, unused=("doctor", "nurse", "tracker"))
    assert forfeit_options(state) == (Forfeit("s1"),)
    state = forfeited(state)
    assert state.position.tokens_at[(3, 0)] == {"armor": 1, "food": 1, "scrap": 2}
    node = GAME.node(state)
    assert isinstance(node, ChanceNode)
    assert set(node.outcomes) == {
        (Recruit(c), Fraction(1, 3)) for c in ("doctor", "nurse", "tracker")
    }
    step = GAME.apply(state, Recruit("tracker"))
    after = step.state
    s1 = after.position.survivor("s1")
    assert (s1.card, s1.at, s1.health, s1.goods) == ("tracker", BASE, "healthy", ())
    assert after.unused_cards == ("doctor", "nurse")
    assert dict(after.base) == {"food": 2}
    assert after.pending == ()


def test_forfeit_needs_four_resources_in_base():
    state = make_state(EXPLORER_OUT, base={"food": 3, "armor": 2}, unused=("tracker",))
    assert forfeit_options(state) == ()
    with pytest.raises(IllegalDecision) as error:
        forfeit(GAME.rules, state, Forfeit("s1"))
    assert error.value.clause == "unknown.respawn.condition"
    enough = make_state(
        EXPLORER_OUT, base={"food": 1, "ammo": 1, "scrap": 1, "medicine": 1}, unused=("tracker",)
    )
    assert forfeit_options(enough) == (Forfeit("s1"),)


@pytest.mark.parametrize(
    "change",
    [
        {"turn": "s2"},
        {"turn": None},
        {"phase": "enemy_movement"},
        {"pending": (CloseCombat((3, 0)),)},
        {"unused_cards": ()},
    ],
)
def test_forfeit_only_on_its_own_turn_between_effects_with_a_card_to_draw(change):
    survivors = {**EXPLORER_OUT, "s2": {"at": (1, 0)}}
    state = replace(make_state(survivors, unused=("tracker",)), **change)
    assert Forfeit("s1") not in forfeit_options(state)
    before = snapshot(state)
    with pytest.raises(IllegalDecision) as error:
        forfeit(GAME.rules, state, Forfeit("s1"))
    expected = "unknown.respawn.draw" if "unused_cards" in change else "unknown.respawn.condition"
    assert error.value.clause == expected
    assert snapshot(state) == before


def test_a_healthy_survivor_may_be_forfeited_too():
    state = make_state(
        {"s1": {"at": (2, 0), "card": "soldier", "goods": {"ammo": 2}}}, unused=("hunter",)
    )
    state = forfeited(state)
    s1 = state.position.survivor("s1")
    assert (s1.card, s1.at, s1.goods) == ("hunter", BASE, ())
    assert dict(state.base) == {"food": 4}
    assert state.position.tokens_at[(2, 0)] == {"ammo": 2}


def test_base_pays_any_four_resources_it_holds():
    """The players choose which 4 resources base pays (unknown.respawn.cost)."""
    state = make_state(
        EXPLORER_OUT, base={"food": 2, "ammo": 1, "scrap": 2, "armor": 1}, unused=("tracker",)
    )
    state = forfeited(state)
    assert isinstance(state.pending[0], RespawnPay)
    assert set(legal(state)) == {
        PayBase((("ammo", 1), ("food", 2), ("scrap", 1))),
        PayBase((("food", 2), ("scrap", 2))),
        PayBase((("ammo", 1), ("food", 1), ("scrap", 2))),
    }
    refused(state, PayBase((("armor", 1), ("food", 2), ("scrap", 1))), "unknown.respawn.cost")
    refused(state, PayBase((("food", 2), ("scrap", 1))), "unknown.respawn.cost")
    refused(state, PayBase((("food", 3), ("scrap", 1))), "unknown.respawn.cost")
    after = GAME.apply(state, PayBase((("food", 2), ("scrap", 2)))).state
    assert dict(after.base) == {"ammo": 1, "armor": 1}


def test_recruit_must_be_an_unused_card():
    state = forfeited(make_state(EXPLORER_OUT, unused=("doctor", "tracker")))
    assert isinstance(state.pending[0], RespawnDraw)
    refused(state, Recruit("explorer"), "unknown.respawn.draw")
    refused(state, PayBase((("food", 4),)), "unknown.respawn.draw")


@pytest.mark.parametrize(
    ("reading", "ap", "turn"),
    [("keeps-ap", 2, "s1"), ("fresh-ap", 3, "s1"), ("ends", 0, None)],
)
def test_respawn_turn_readings(reading, ap, turn):
    """``respawn-turn``: keep the AP left (2), start afresh with the Tracker's 3, or end the turn."""
    game = UnknownGame(DEFAULT.with_readings(**{"respawn-turn": reading}))
    state = make_state(
        {"s1": {"at": (3, 0), "card": "explorer", "ap": 2}, "s2": {"at": (1, 0)}},
        unused=("tracker",),
    )
    state = forfeited(state, game=game)
    s1 = state.position.survivor("s1")
    assert s1.ap == ap
    assert state.turn == turn
    assert ("s1" in state.done) == (reading == "ends")


def test_respawn_onto_an_active_enemy_on_base_fights():
    """Reading taken: a meeple respawning on base where an active enemy stands is in close combat."""
    state = make_state(
        {"s1": {"at": (3, 0), "card": "explorer"}, "s2": {"at": BASE, "health": "incapacitated"}},
        enemies={"brute1": {"kind": "brute", "at": BASE}},
        unused=("tracker",),
    )
    state = forfeited(state)
    assert state.position.piece("brute1").stunned
    assert health(state, "s1") == "injured"


def test_wiring_forfeit_is_offered_and_routed_by_the_game():
    """Lead's wiring (engine/unknown/game.py): the survivor on turn is offered Forfeit."""
    state = make_state(EXPLORER_OUT, base={"food": 6}, unused=("tracker",))
    assert Forfeit("s1") in legal(state)
    after = GAME.apply(state, Forfeit("s1")).state
    assert after.position.survivor("s1").card == "tracker"
    assert dict(after.base) == {"food": 2}
