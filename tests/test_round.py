"""The round (rulebook: Turn Order), AP at the start of a turn, upkeep and the Scout win."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.core.errors import IllegalDecision
from engine.core.game import IdleNode, PlayerNode, TerminalNode
from engine.core.serialization import stable_key
from engine.unknown.actions.move import Move
from engine.unknown.game import UnknownGame
from engine.unknown.position import position_from_data
from engine.unknown.state import PHASES, TileStack, UnknownState, bag, count
from engine.unknown.turn.round import EndTurn, StartTurn

CAMP = {
    "game": "unknown",
    "tiles": [
        {"at": [0, 0], "tile": "base"},
        {"at": [1, 0], "tile": "ammo"},
        {"at": [0, 1], "tile": "food"},
    ],
    "survivors": [
        {"id": "blue", "card": "doctor", "at": [0, 0]},
        {"id": "yellow", "card": "explorer", "at": [0, 0]},
    ],
}


def camp(food: int = 3, **survivor_health: str) -> UnknownState:
    data = {**CAMP, "survivors": [dict(s) for s in CAMP["survivors"]]}
    for s in data["survivors"]:
        if s["id"] in survivor_health:
            s["health"] = survivor_health[s["id"]]
    position = position_from_data(data, "camp")
    for s in position.survivors:
        if s.id in survivor_health:
            position = position.with_survivor(replace(s, health=survivor_health[s.id]))
    return UnknownState(
        position,
        phase="survivor_actions",
        base=bag({"food": food}),
        stack=TileStack(rest=bag({"scrap": 2})),
        mission="scout",
    )


GAME = UnknownGame()


def test_the_players_choose_who_goes_first():
    node = GAME.node(camp())
    assert isinstance(node, PlayerNode)
    assert node.clause == "unknown.turn.group-picks-next"
    assert set(node.legal) == {StartTurn("blue"), StartTurn("yellow")}


@pytest.mark.parametrize(
    ("who", "health", "ap"),
    [
        ("yellow", "healthy", 4),
        ("yellow", "injured", 3),
        ("blue", "healthy", 3),
        ("yellow", "incapacitated", 0),
    ],
)
def test_a_turn_starts_with_the_cards_ap_less_one_when_injured(who, health, ap):
    state = GAME.apply(camp(**{who: health}), StartTurn(who)).state
    assert state.turn == who
    assert state.position.survivor(who).ap == ap


def test_a_survivor_finishes_its_turn_before_another_starts():
    state = GAME.apply(camp(), StartTurn("yellow")).state
    assert StartTurn("blue") not in GAME.node(state).legal
    with pytest.raises(IllegalDecision) as refused:
        GAME.apply(state, StartTurn("blue"))
    assert refused.value.clause == "unknown.turn.finish-before-next"
    with pytest.raises(IllegalDecision):
        GAME.apply(state, Move("blue", (1, 0)))


def test_an_incapacitated_survivor_has_no_action_but_ending_its_turn():
    state = GAME.apply(camp(yellow="incapacitated"), StartTurn("yellow")).state
    assert GAME.node(state).legal == (EndTurn("yellow"),)


def test_each_action_costs_one_ap_and_unspent_ap_is_lost():
    state = GAME.apply(camp(), StartTurn("yellow")).state
    state = GAME.apply(state, Move("yellow", (1, 0))).state
    assert state.position.survivor("yellow").ap == 3
    state = GAME.apply(state, EndTurn("yellow")).state
    assert state.position.survivor("yellow").ap == 0
    assert state.done == ("yellow",)


def test_an_action_beyond_the_ap_left_is_refused_and_changes_nothing():
    state = GAME.apply(camp(yellow="incapacitated"), StartTurn("yellow")).state
    key = stable_key(state)
    with pytest.raises(IllegalDecision) as refused:
        GAME.apply(state, Move("yellow", (1, 0)))
    assert refused.value.clause == "unknown.injury.incapacitated"
    assert stable_key(state) == key


def play_round(state: UnknownState):
    events = []
    for who in ("blue", "yellow"):
        for decision in (StartTurn(who), EndTurn(who)):
            step = GAME.apply(state, decision)
            state, events = step.state, events + list(step.events)
    return state, events


def test_after_the_survivors_every_phase_runs_in_order_and_the_base_eats():
    state, events = play_round(camp(food=3))
    entered = [e.get("phase") for e in events if e.kind == "phase"]
    assert entered == list(PHASES[1:])
    assert count(state.base, "food") == 2
    assert state.round == 2 and state.phase == "survivor_actions" and state.done == ()
    assert [e.clause for e in events if e.kind == "base_ate"] == ["unknown.turn.upkeep"]


def test_the_survivors_lose_when_the_base_has_no_food_at_upkeep():
    state, events = play_round(camp(food=0))
    assert state.outcome[0] == "loss"
    assert isinstance(GAME.node(state), TerminalNode)
    assert GAME.node(state).clause == "unknown.turn.upkeep"
    with pytest.raises(IllegalDecision):
        GAME.apply(state, StartTurn("blue"))


def test_scout_is_won_once_the_stack_is_empty_and_everyone_is_home():
    state = replace(camp(), stack=TileStack())
    state, events = GAME.settle(state)
    assert state.outcome[0] == "win"
    assert any(e.kind == "mission_complete" for e in events)


def test_scout_is_not_won_while_a_survivor_is_away_or_incapacitated():
    away = replace(camp(), stack=TileStack())
    away = away.with_position(away.position.moved("blue", (1, 0)))
    assert GAME.settle(away)[0].outcome is None
    down = replace(camp(yellow="incapacitated"), stack=TileStack())
    assert GAME.settle(down)[0].outcome is None


def test_a_map_fragment_has_no_round_in_progress():
    fragment = UnknownState(position_from_data(CAMP, "camp"))
    assert isinstance(GAME.node(fragment), IdleNode)
