"""Unit tests of the five tasks (rulebook: Tasks) and seeded random playouts with each in play.

The scenarios in ``features/unknown/tasks.feature`` show each rule on a map; these tests cover
what a scenario cannot reach easily: the Camaraderie reward earned in the enemies' turn, enemies
spawning stunned, kills outside a ranged attack, the state-file round trip of the new pieces,
and playouts that must never offer a decision the engine then refuses.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine.core.errors import IllegalDecision
from engine.core.game import ChanceNode, PlayerNode, TerminalNode, sample_outcome
from engine.core.serialization import stable_key
from engine.positions import check_position_data, parse_position_text
from engine.unknown.actions.trade import BASE, Trade, Transfer
from engine.unknown.enemies.spawning import spawn
from engine.unknown.files import state_from_data, state_to_text
from engine.unknown.game import UnknownGame
from engine.unknown.health import damage_enemy
from engine.unknown.position import Enemy, PlacedTile, Survivor, UnknownPosition
from engine.unknown.setup import quick_start_scout
from engine.unknown.state import UnknownState, add
from engine.unknown.tasks.camaraderie import (
    DeclineFreeActions,
    FreeAction,
    FreeActions,
    needed_witnesses,
)
from engine.unknown.tasks.gas_testing import TestGas
from engine.unknown.tasks.perimeter import ExtendPerimeter
from engine.unknown.tasks.progress import complete
from engine.unknown.tasks.radio import RepairRadio, Talk
from engine.unknown.turn.round import BEFORE_UPKEEP

GAME = UnknownGame()
TASKS = ("camaraderie", "foraging", "gas_testing", "perimeter", "radio")


def row(*tiles: str, survivors=(), enemies=(), phase="survivor_actions", turn="yellow", **kw):
    """A one-row map of ``tiles`` from x = 0, with the pieces given as (id, x) pairs."""
    position = UnknownPosition(
        tiles=tuple(PlacedTile((x, 0), t) for x, t in enumerate(tiles)),
        survivors=tuple(
            sorted((Survivor(s, (x, 0), ap=3) for s, x in survivors), key=lambda s: s.id)
        ),
        enemies=tuple(Enemy(e, "beast", (x, 0)) for e, x in enemies),
    )
    return UnknownState(position, phase=phase, turn=turn, **kw)


def read_back(state: UnknownState) -> UnknownState:
    data = parse_position_text(state_to_text(state), "tasks.yaml")
    check_position_data(data, "tasks.yaml")
    return state_from_data(data, "tasks.yaml")


# --- shared progress ---------------------------------------------------------------------------


def test_completing_a_task_once_cites_its_complete_clause_with_the_dashed_name() -> None:
    state = row("scrap", survivors=[("yellow", 0)], task="gas_testing")
    done, events = complete(state, "gas_testing", "test")
    assert done.task_complete
    assert [e.clause for e in events] == ["unknown.task.gas-testing.complete"]
    assert complete(done, "gas_testing", "again") == (done, ())


# --- Camaraderie --------------------------------------------------------------------------------


@pytest.mark.parametrize(("survivors", "needed"), [(3, 2), (4, 3), (5, 3), (6, 4)])
def test_camaraderie_needs_more_than_half_the_survivors(survivors: int, needed: int) -> None:
    state = row("scrap", survivors=[(f"s{i}", 0) for i in range(survivors)])
    assert needed_witnesses(state) == needed


def test_camaraderie_reward_in_the_enemies_turn_waits_until_just_before_upkeep() -> None:
    state = row(
        "scrap",
        "food",
        survivors=[("yellow", 0), ("green", 0)],
        enemies=[("b1", 1)],
        phase="enemy_combat",
        turn=None,
        task="camaraderie",
        task_complete=True,
        base=(("food", 5),),
    )
    state, events = damage_enemy(state, "b1", 1, "test", rules=GAME.rules)
    assert "unknown.task.camaraderie.reward" in [e.clause for e in events]
    assert not state.pending, "free actions must wait for the end of the enemies' turn"
    assert dict(state.task_card) == {"free_actions_green": 2, "free_actions_yellow": 2}
    assert read_back(state) == state
    due, events = GAME.rules.ask(BEFORE_UPKEEP, replace(state, phase="upkeep"))
    assert due.pending == (FreeActions((("green", 2), ("yellow", 2))),)
    assert due.task_card == ()
    assert read_back(due) == due
    node = GAME.node(due)
    assert isinstance(node, PlayerNode)
    assert DeclineFreeActions("yellow") in node.legal
    assert any(isinstance(d, FreeAction) and d.who == "green" for d in node.legal)


def test_free_actions_refuse_another_survivors_action() -> None:
    state = row("scrap", "food", survivors=[("yellow", 0), ("green", 1)])
    state = replace(state, pending=(FreeActions((("yellow", 2),)),))
    from engine.unknown.actions.move import Move

    with pytest.raises(IllegalDecision) as refused:
        GAME.apply(state, FreeAction("green", Move("green", (0, 0))))
    assert refused.value.clause == "unknown.task.camaraderie.reward"


def test_camaraderie_credit_counts_kills_in_close_combat_too() -> None:
    state = row(
        "scrap",
        survivors=[("yellow", 0), ("green", 0), ("blue", 0)],
        enemies=[("b1", 0)],
        task="camaraderie",
    )
    state, _ = damage_enemy(state, "b1", 1, "close combat", rules=GAME.rules)
    assert dict(state.task_card) == {"camaraderie": 1}


# --- Gas Testing --------------------------------------------------------------------------------


@pytest.mark.parametrize("done", [False, True])
def test_enemies_spawn_stunned_only_once_gas_testing_is_complete(done: bool) -> None:
    state = row("scrap", "food", survivors=[("yellow", 0)], task="gas_testing", task_complete=done)
    state, events = spawn(
        GAME.rules, state, "beast", (1, 0), (1, 0), "unknown.enemy.spawn-location"
    )
    (enemy,) = state.position.enemies
    assert enemy.stunned is done
    cited = "unknown.task.gas-testing.reward" in [e.clause for e in events]
    assert cited is done


def test_a_specimen_drops_from_an_enemy_killed_without_a_shot() -> None:
    state = row("scrap", survivors=[("yellow", 0)], enemies=[("b1", 0)], task="gas_testing")
    gassed = replace(state.position.enemies[0], specimen=True)
    state = state.with_position(state.position.with_enemy(gassed))
    assert read_back(state) == state
    state, events = damage_enemy(state, "b1", 1, "a trap", rules=GAME.rules)
    assert state.position.tokens_at[(0, 0)] == {"specimen": 1}
    assert "unknown.task.gas-testing.specimen-drop" in [e.clause for e in events]


def test_test_gas_is_not_offered_without_the_task() -> None:
    state = row("scrap", "food", survivors=[("yellow", 0)], enemies=[("b1", 1)])
    yellow = replace(state.position.survivors[0], goods=(("medicine", 1),))
    state = state.with_position(state.position.with_survivor(yellow))
    assert not [a for a in GAME.actions(state, "yellow") if isinstance(a, TestGas)]
    assert TestGas("yellow", "b1") in GAME.actions(replace(state, task="gas_testing"), "yellow")


# --- Perimeter and Radio ------------------------------------------------------------------------


def test_fences_are_not_tradable_so_no_trade_sets_one_down() -> None:
    state = row("base", "food", survivors=[("yellow", 1)], task="perimeter")
    yellow = replace(state.position.survivors[0], goods=(("fence", 1),))
    state = state.with_position(state.position.with_survivor(yellow))
    state = GAME.apply(state, Trade("yellow")).state
    with pytest.raises(IllegalDecision):
        GAME.apply(state, Transfer("yellow", "1,0", "fence"))


def test_extend_perimeter_refuses_a_second_fence_on_a_tile_and_base_itself() -> None:
    state = row("base", "food", "scrap", survivors=[("yellow", 1)], task="perimeter")
    yellow = replace(state.position.survivors[0], goods=(("fence", 2),))
    state = state.with_position(
        state.position.with_survivor(yellow).with_tokens((1, 0), "fence", 1)
    )
    for at in ((1, 0), (0, 0)):
        with pytest.raises(IllegalDecision) as refused:
            GAME.apply(state, ExtendPerimeter("yellow", at))
        assert refused.value.clause == "unknown.task.perimeter.extend"
    placed = GAME.apply(state, ExtendPerimeter("yellow", (2, 0))).state
    assert placed.position.tokens_at[(2, 0)] == {"fence": 1}


def test_repair_radio_needs_a_radio_and_talk_needs_another_survivors_card() -> None:
    state = row("workshop", "scrap", survivors=[("yellow", 1), ("green", 1)], task="radio")
    with pytest.raises(IllegalDecision) as refused:
        GAME.apply(state, RepairRadio("yellow"))
    assert refused.value.clause == "unknown.task.radio.repair"
    state = replace(state, task_complete=True)
    with pytest.raises(IllegalDecision) as refused:
        GAME.apply(state, Talk("yellow", "explorer"))
    assert refused.value.clause == "unknown.task.radio.reward-talk"


def test_foraging_completion_removes_its_tokens_from_base() -> None:
    state = row("base", "scrap", survivors=[("yellow", 1)], task="foraging")
    yellow = replace(state.position.survivors[0], goods=(("medicine", 2), ("plant", 1)))
    state = state.with_position(state.position.with_survivor(yellow))
    state = replace(state, base=(("food", 2), ("plant", 3)))
    state = GAME.apply(state, Trade("yellow")).state
    state = GAME.apply(state, Transfer("yellow", BASE, "plant")).state
    assert not state.task_complete, "the medicine is not in base yet"
    state = GAME.apply(state, Transfer("yellow", BASE, "medicine", 2)).state
    assert state.task_complete
    assert state.base == (("food", 2),)


# --- seeded random playouts ---------------------------------------------------------------------

STARTING_TOKENS = {
    "camaraderie": ("ammo", 4),
    "foraging": ("plant", 1),
    "gas_testing": ("medicine", 3),
    "perimeter": ("fence", 3),
    "radio": ("radio", 1),
}
"""Tokens every survivor starts the playout with, so the task's own decisions come up."""
TASK_DECISIONS = ("TestGas", "ExtendPerimeter", "RepairRadio", "Talk", "FreeAction")


def choose(node: object, rng: random.Random) -> object:
    """A chance outcome by its odds; otherwise, half the time, a task decision when one is
    legal, else a uniform pick."""
    if isinstance(node, ChanceNode):
        return sample_outcome(node, rng)
    assert isinstance(node, PlayerNode), f"the game is stuck at {node}"
    assert node.legal, f"{node.player} must decide ({node.prompt}) but nothing is legal"
    special = [d for d in node.legal if type(d).__name__ in TASK_DECISIONS]
    special += [
        d
        for d in node.legal
        if getattr(d, "resource", None) in ("fence", "radio", "food")
        or getattr(d, "kind", None) in ("plant", "specimen")
    ]
    if special and rng.random() < 0.5:
        return rng.choice(special)
    return rng.choice(node.legal)


@pytest.mark.parametrize("task", TASKS)
@pytest.mark.parametrize("done", [False, True])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_playouts_with_each_task_never_break(task: str, done: bool, seed: int) -> None:
    """Every decision offered is accepted; states keep reading back from state files."""
    rng = random.Random(seed * 97 + TASKS.index(task))
    state = quick_start_scout(3 + seed, seed)
    state = replace(state, task=task, task_complete=done)
    kind, amount = STARTING_TOKENS[task]
    for survivor in state.position.survivors:
        stocked = replace(survivor, goods=add(survivor.goods, kind, amount))
        state = state.with_position(state.position.with_survivor(stocked))
    for step in range(250):
        node = GAME.node(state)
        if isinstance(node, TerminalNode):
            break
        decision = choose(node, rng)
        try:
            state = GAME.apply(state, decision).state
        except IllegalDecision as error:
            raise AssertionError(f"step {step}: {decision} offered but refused: {error}") from error
        if step % 25 == 0:
            back = read_back(state)
            assert back == state and stable_key(back) == stable_key(state)
