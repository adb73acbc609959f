"""Perimeter's reward against enemies and in exchanges, the Tracker's choice ending
with borrowed traits, and the Hunter's trap kills credited by data.

The scenarios (``features/unknown/tasks.feature``, ``survivors.feature``) show the rules on
maps; these tests pin the pieces underneath (the ward hook, the enemy view, the credit source),
cover both readings of ``fence-against-enemies`` before the switch is in the ledger (through a
ruleset carrying the field), and drive seeded random playouts with fences in force.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import replace

import pytest

from engine.core.errors import IllegalDecision
from engine.core.game import ChanceNode, PlayerNode, TerminalNode, sample_outcome
from engine.unknown.actions.trade import Exchange, Trade, exchanges
from engine.unknown.actions.trap import TRAP_SOURCE, spring_trap
from engine.unknown.enemies.abilities import enemy_view, wards
from engine.unknown.game import UnknownGame
from engine.unknown.health import damage_enemy
from engine.unknown.map import is_passable, line_of_sight
from engine.unknown.position import Coord
from engine.unknown.ruleset import Ruleset
from engine.unknown.setup import quick_start_scout
from engine.unknown.state import UnknownState
from engine.unknown.survivors.hunter import MARKER as HUNTER_TRAP
from engine.unknown.turn.round import EndTurn, upkeep_effects
from tests.test_actions_standard import GAME, make_state


@dataclasses.dataclass(frozen=True)
class FenceRuleset(Ruleset):
    """The default switches plus ``fence-against-enemies`` (until the ledger has it)."""

    fence_against_enemies: str = "like-barrier"

    def __post_init__(self) -> None:  # the ledger check would reject the new field
        return None


def game_reading(reading: str) -> UnknownGame:
    return UnknownGame(FenceRuleset(fence_against_enemies=reading))


def fenced_row(*, complete: bool = True, beasts: int = 1) -> UnknownState:
    """yellow | fence | beasts: every way from the beasts to yellow crosses the fence."""
    enemies = {f"b{i + 1}": ("beast", (2, 0)) for i in range(beasts)}
    state = make_state(
        {(0, 0): "scrap", (1, 0): "food", (2, 0): "ammo"},
        {"yellow": {"at": (0, 0)}},
        enemies=enemies,
        tokens=(((1, 0), "fence", 1),),
    )
    return replace(state, task="perimeter", task_complete=complete)


def run_round(game: UnknownGame, state: UnknownState) -> UnknownState:
    """End yellow's turn and play on while the engine decides alone (first legal choices)."""
    state = game.apply(state, EndTurn("yellow")).state
    for _ in range(50):
        node = game.node(state)
        if state.round > 1 or isinstance(node, TerminalNode):
            return state
        decision = node.legal[0] if isinstance(node, PlayerNode) else node.outcomes[0][0]
        state = game.apply(state, decision).state
    raise AssertionError("the round did not end")


# ------------------------------------------------------------------------ Perimeter: enemies
def test_fences_are_wards_only_once_the_task_is_complete() -> None:
    """unknown.task.perimeter.inert, unknown.task.perimeter.reward-base."""
    assert wards(GAME.rules, fenced_row(complete=False)) == {}
    ward = wards(GAME.rules, fenced_row())[(1, 0)]
    assert (ward.kind, ward.count, ward.clause) == (
        "fence",
        1,
        "unknown.task.perimeter.reward-base",
    )
    lasting = wards(game_reading("permanent").rules, fenced_row())[(1, 0)]
    assert lasting.count is None


def test_the_enemy_view_blocks_sight_and_passage_but_the_map_does_not() -> None:
    """unknown.task.perimeter.reward-enemy-only: enemies only."""
    state = fenced_row()
    seen = enemy_view(GAME.rules, state)
    assert not is_passable(seen, (1, 0)) and not line_of_sight(seen, (2, 0), (0, 0))
    assert is_passable(state.position, (1, 0)) and line_of_sight(state.position, (0, 0), (2, 0))
    assert enemy_view(GAME.rules, fenced_row(complete=False)) == fenced_row().position


@pytest.mark.parametrize(
    ("reading", "beasts", "fences_left", "stopped"),
    [("like-barrier", 1, 0, 1), ("permanent", 2, 1, 2)],
)
def test_a_fence_stops_entering_enemies_by_reading(
    reading: str, beasts: int, fences_left: int, stopped: int
) -> None:
    """unknown.task.perimeter.reward-base, switch fence-against-enemies."""
    state = run_round(game_reading(reading), fenced_row(beasts=beasts))
    at_start = [e for e in state.position.enemies if e.at == (2, 0)]
    assert len(at_start) == stopped
    assert state.position.tokens_at.get((1, 0), {}).get("fence", 0) == fences_left


def test_like_barrier_a_fence_stops_only_one_of_two_beasts() -> None:
    """One fence counts as one barrier (unknown.enemy.obstructed.barrier)."""
    state = run_round(game_reading("like-barrier"), fenced_row(beasts=2))
    assert sorted(e.at for e in state.position.enemies) == [(1, 0), (2, 0)]
    assert not state.position.tokens_at.get((1, 0), {}).get("fence")


def test_an_inert_fence_stops_nobody() -> None:
    """unknown.task.perimeter.inert: the beast walks over it."""
    state = run_round(GAME, fenced_row(complete=False))
    assert state.position.enemies == () or state.position.enemies[0].at != (2, 0)
    assert state.position.tokens_at[(1, 0)]["fence"] == 1


# ---------------------------------------------------------------------- Perimeter: exchange
def trade_on_fence(complete: bool) -> UnknownState:
    state = make_state(
        {(0, 0): "base", (1, 0): "food", (2, 0): "scrap", (3, 0): "lab"},
        {"yellow": {"at": (3, 0), "goods": {"scrap": 2}}},
        tokens=(((1, 0), "fence", 1), ((2, 0), "fence", 1), ((3, 0), "fence", 1)),
    )
    state = replace(state, task="perimeter", task_complete=complete)
    return GAME.apply(state, Trade("yellow")).state


def test_the_base_exchange_is_offered_on_fence_tiles_in_reach_once_complete() -> None:
    """unknown.task.perimeter.reward-base, unknown.exchange.base."""
    offered = exchanges(GAME.rules, trade_on_fence(True), "yellow")
    assert {x.at for x in offered} == {(2, 0), (3, 0)}
    assert all(sum(n for _, n in x.give) == 2 and sum(n for _, n in x.get) == 1 for x in offered)
    swap = Exchange((3, 0), (("scrap", 2),), (("ammo", 1),))
    after = GAME.apply(trade_on_fence(True), swap).state
    assert dict(after.position.survivor("yellow").goods) == {"ammo": 1}
    assert not after.position.tile_at[(3, 0)].cleared  # repeatable, like base's


def test_no_exchange_on_fence_tiles_before_completion() -> None:
    """unknown.task.perimeter.inert."""
    state = trade_on_fence(False)
    assert exchanges(GAME.rules, state, "yellow") == []
    with pytest.raises(IllegalDecision) as refused:
        GAME.apply(state, Exchange((3, 0), (("scrap", 2),), (("ammo", 1),)))
    assert refused.value.clause == "unknown.action.trade.exchange"


# ------------------------------------------------------------------------------- Tracker
def test_borrowed_untargetable_ends_with_the_borrowed_traits() -> None:
    """unknown.survivor.strategist.duration, unknown.survivor.tracker.untargetable."""
    state = make_state(
        {(0, 0): "base", (1, 0): "food"},
        {
            "green": {"at": (0, 0), "card": "strategist"},
            "yellow": {"at": (1, 0), "card": "tracker"},
        },
    )
    position = state.position
    position = position.with_survivor(
        replace(position.survivor("green"), borrowed=("tracker",), untargetable=True)
    )
    position = position.with_survivor(replace(position.survivor("yellow"), untargetable=True))
    after, events = upkeep_effects(GAME.rules, state.with_position(position))
    green, yellow = after.position.survivor("green"), after.position.survivor("yellow")
    assert green.borrowed == () and not green.untargetable
    assert yellow.untargetable  # the Tracker's own choice stays
    assert [e.get("who") for e in events if e.kind == "targetable_set"] == ["green"]


# -------------------------------------------------------------------------------- Hunter
def hunter_trap_state() -> UnknownState:
    return make_state(
        {(1, 0): "scrap", (2, 0): "scrap"},
        {"yellow": {"at": (1, 0), "card": "hunter"}},
        enemies={"b1": ("beast", (2, 0))},
        tokens=(((2, 0), "trap", 1), ((2, 0), HUNTER_TRAP, 1)),
    )


def test_a_trap_kill_is_credited_by_its_source_not_its_wording() -> None:
    """unknown.survivor.hunter.trap-marker, unknown.survivor.hunter.food-drop."""
    state = hunter_trap_state()
    worded, _ = damage_enemy(state, "b1", 1, "the trap on [2, 0]", rules=GAME.rules)
    assert "food" not in worded.position.tokens_at.get((2, 0), {})
    sourced, events = damage_enemy(state, "b1", 1, "a snare", rules=GAME.rules, source=TRAP_SOURCE)
    assert sourced.position.tokens_at[(2, 0)].get("food") == 1
    assert not sourced.position.tokens_at[(2, 0)].get(HUNTER_TRAP)
    assert [e.get("by") for e in events if e.kind == "killed"] == ["yellow"]


def test_spring_trap_passes_the_trap_source() -> None:
    """unknown.trap.trigger: the Hunter's marked trap kills the beast, which drops food."""
    after, events = spring_trap(hunter_trap_state(), (2, 0), "b1", GAME.rules)
    assert after.position.tokens_at[(2, 0)] == {"food": 1}
    assert "unknown.survivor.hunter.food-drop" in [e.clause for e in events]


# ------------------------------------------------------------------------------ playouts
def fenced_start(seed: int) -> UnknownState:
    state = quick_start_scout(3 + seed % 3, seed)
    base = next(t.at for t in state.position.tiles if t.tile == "base")
    spots: list[Coord] = [
        t.at
        for t in state.position.tiles
        if t.tile != "base" and abs(t.at[0] - base[0]) + abs(t.at[1] - base[1]) <= 2
    ]
    position = state.position
    for at in spots[:6]:
        position = position.with_tokens(at, "fence", 1)
    return replace(state.with_position(position), task="perimeter", task_complete=True)


@pytest.mark.parametrize("reading", ["like-barrier", "permanent"])
@pytest.mark.parametrize("seed", range(3))
def test_random_playouts_with_fences_in_force_never_break(reading: str, seed: int) -> None:
    """Every decision offered with fences acting against enemies is accepted."""
    game = game_reading(reading)
    rng = random.Random(seed * 31 + len(reading))
    state = fenced_start(seed)
    for step in range(300):
        node = game.node(state)
        if isinstance(node, TerminalNode):
            break
        if isinstance(node, ChanceNode):
            decision = sample_outcome(node, rng)
        else:
            decision = rng.choice(node.legal)
        try:
            state = game.apply(state, decision).state
        except IllegalDecision as error:
            raise AssertionError(f"step {step}: {decision} offered but refused: {error}") from error
