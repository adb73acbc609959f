"""The "explore a mission tile" missions: Activate, Behemoth, Hive, Refugees and Water.

Unit tests on small hand-made states (expectations from the rulebook's Missions section), and a
seeded random-playout smoke test of each of these missions set up by ``standard_setup``: every
decision the engine offers must apply without an engine error, until a win, a loss or a cap.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine.core.errors import IllegalDecision
from engine.core.game import ChanceNode, PlayerNode, TerminalNode, sample_outcome
from engine.unknown.actions.clear import ClearTile
from engine.unknown.actions.explore import Explore, PlaceAt
from engine.unknown.actions.gather import Gather
from engine.unknown.actions.trade import FinishTrade, Trade, Transfer
from engine.unknown.game import UnknownGame
from engine.unknown.missions import MISSIONS
from engine.unknown.missions.activate import reshuffled
from engine.unknown.missions.behemoth import HurlCanister
from engine.unknown.missions.water import SourceTo, TestWater, explored_number, numbers
from engine.unknown.position import Enemy, PlacedTile, Survivor, Token, UnknownPosition
from engine.unknown.setup import setup_data, standard_setup
from engine.unknown.state import TileStack, UnknownState, count

GAME = UnknownGame()


def row(*names: str, y: int = 0, cleared: tuple[int, ...] = ()) -> tuple[PlacedTile, ...]:
    """Tiles along one row, west to east from x = 0; ``cleared`` lists flipped x's."""
    return tuple(PlacedTile((x, y), n, x in cleared) for x, n in enumerate(names))


def on_turn(
    tiles: tuple[PlacedTile, ...],
    mission: str,
    survivors: tuple[Survivor, ...],
    ap: int = 3,
    **changes: object,
) -> UnknownState:
    """Survivor actions under way, the first survivor on turn with ``ap`` AP."""
    first = replace(survivors[0], ap=ap)
    position = UnknownPosition(tiles=tiles, survivors=(first, *survivors[1:]))
    return UnknownState(
        position,
        phase="survivor_actions",
        turn=first.id,
        mission=mission,
        base=(("food", 3),),
        **changes,  # type: ignore[arg-type]
    )


def explore(state: UnknownState, who: str, tile: str, at: tuple[int, int]) -> UnknownState:
    """``who`` explores with ``tile`` on top of the stack and places it on ``at`` if asked."""
    state = replace(state, stack=TileStack(top=(tile, *state.stack.top), rest=state.stack.rest))
    state = GAME.apply(state, Explore(who)).state
    node = GAME.node(state)
    if isinstance(node, PlayerNode) and PlaceAt(at) in node.legal:
        state = GAME.apply(state, PlaceAt(at)).state
    return state


def end_round(state: UnknownState) -> UnknownState:
    """End the turn of the survivor on turn and let the enemy phases and upkeep run."""
    from engine.unknown.turn.round import EndTurn

    assert state.turn is not None
    state = replace(state, done=tuple(s.id for s in state.position.survivors if s.id != state.turn))
    return GAME.apply(state, EndTurn(state.turn)).state


# -- numbering (Water, shared by Behemoth and Refugees) ------------------------------------------


def test_unnumbered_tiles_take_the_lowest_free_numbers_cleared_first() -> None:
    tiles = (
        PlacedTile((0, 0), "water"),
        PlacedTile((1, 0), "water", cleared=True),
        PlacedTile((2, 0), "water", number=1, cleared=True),
    )
    found = numbers(UnknownPosition(tiles=tiles), "water")
    assert found == {(2, 0): 1, (1, 0): 2, (0, 0): 3}


def test_a_tile_just_explored_is_numbered_after_every_other() -> None:
    tiles = (PlacedTile((0, 0), "water", number=2), PlacedTile((1, 0), "water"))
    position = UnknownPosition(tiles=tiles)
    assert explored_number(position, position.tile_at[(1, 0)]) == 3


# -- Activate ------------------------------------------------------------------------------------


def test_a_console_is_carried_not_placed_and_one_console_does_not_win() -> None:
    state = on_turn(row("base", "food"), "activate", (Survivor("y", (1, 0)),))
    state = explore(state, "y", "console", (2, 0))
    assert (2, 0) not in state.position.tile_at
    assert count(state.position.survivor("y").goods, "console") == 1
    assert state.outcome is None


def test_consoles_go_back_into_the_pile_being_drawn_at_upkeep_and_later_piles_stay() -> None:
    stack = TileStack(top=("lab",), rest=(("food", 1),), piles=((("hive", 1),),))
    back = reshuffled(stack, 2, "current-pile")
    assert back.top == ()
    assert dict(back.rest) == {"console": 2, "food": 1, "lab": 1}
    assert back.piles == ((("hive", 1),),)


def test_under_whole_stack_consoles_are_shuffled_with_every_tile_left() -> None:
    stack = TileStack(top=("lab",), rest=(("food", 1),), piles=((("hive", 1),),))
    back = reshuffled(stack, 1, "whole-stack")
    assert back.piles == ()
    assert dict(back.rest) == {"console": 1, "food": 1, "hive": 1, "lab": 1}


def test_a_console_dropped_on_the_map_goes_back_into_the_stack_too() -> None:
    state = on_turn(row("base", "food"), "activate", (Survivor("y", (0, 0)),))
    state = state.with_position(state.position.with_tokens((1, 0), "console", 1))
    state = end_round(state)
    assert state.round == 2
    assert state.position.tokens_at.get((1, 0), {}).get("console", 0) == 0
    assert state.stack.counts() == {"console": 1}


# -- Behemoth ------------------------------------------------------------------------------------


def behemoth_row(number: int, cleared: bool = False) -> tuple[PlacedTile, ...]:
    return (
        PlacedTile((0, 0), "base"),
        PlacedTile((1, 0), "behemoth_mission", cleared, number),
    )


@pytest.mark.clause("unknown.mission.behemoth.canisters")
def test_one_of_the_first_five_behemoth_tiles_gathers_for_one_canister() -> None:
    state = on_turn(behemoth_row(5), "behemoth", (Survivor("y", (0, 0)),))
    assert Gather("y", "canister", ((1, 0),)) in GAME.actions(state, "y")
    state = GAME.apply(state, Gather("y", "canister", ((1, 0),))).state
    assert count(state.position.survivor("y").goods, "canister") == 1
    assert state.position.tile_at[(1, 0)].cleared


@pytest.mark.clause("unknown.mission.behemoth.canisters")
def test_the_sixth_behemoth_tile_gives_no_canister() -> None:
    state = on_turn(behemoth_row(6), "behemoth", (Survivor("y", (0, 0)),))
    with pytest.raises(IllegalDecision):
        GAME.apply(state, Gather("y", "canister", ((1, 0),)))


@pytest.mark.clause("unknown.mission.behemoth.spawn")
def test_exploring_the_sixth_behemoth_tile_spawns_the_mission_behemoth() -> None:
    tiles = (
        PlacedTile((0, 0), "base"),
        *(PlacedTile((x, 0), "behemoth_mission", True, x) for x in range(1, 6)),
        PlacedTile((6, 0), "food"),
    )
    state = on_turn(tiles, "behemoth", (Survivor("y", (6, 0)),))
    state = explore(state, "y", "behemoth_mission", (7, 0))
    assert state.position.tile_at[(7, 0)].number == 6
    assert [(e.kind, e.at) for e in state.position.enemies] == [("mission_behemoth", (7, 0))]


@pytest.mark.clause("unknown.mission.behemoth.short", "unknown.mission.behemoth.spawn")
def test_in_the_short_version_the_fifth_tile_spawns_it() -> None:
    tiles = (
        PlacedTile((0, 0), "base"),
        *(PlacedTile((x, 0), "behemoth_mission", False, x) for x in range(1, 5)),
    )
    state = on_turn(tiles, "behemoth", (Survivor("y", (4, 0)),), short=True)
    state = explore(state, "y", "behemoth_mission", (5, 0))
    assert [e.kind for e in state.position.enemies] == ["mission_behemoth"]


@pytest.mark.clause("unknown.mission.behemoth.hurl")
def test_a_hurl_needs_a_canister() -> None:
    state = on_turn(row("food", "ammo"), "behemoth", (Survivor("y", (0, 0)),))
    behemoth = Enemy("bh", "mission_behemoth", (1, 0))
    state = state.with_position(state.position.with_enemy(behemoth))
    assert HurlCanister("y", "bh") not in GAME.actions(state, "y")
    with pytest.raises(IllegalDecision) as refused:
        GAME.apply(state, HurlCanister("y", "bh"))
    assert refused.value.clause == "unknown.mission.behemoth.hurl"


@pytest.mark.clause("unknown.mission.behemoth.short", "unknown.mission.behemoth.goal")
def test_the_short_version_is_won_by_the_fourth_canister() -> None:
    state = on_turn(row("food"), "behemoth", (Survivor("y", (0, 0)),))
    assert MISSIONS["behemoth"](replace(state, mission_card=(("canister", 4),))) is None
    short = replace(state, mission_card=(("canister", 4),), short=True)
    assert MISSIONS["behemoth"](short) is not None


@pytest.mark.clause("unknown.mission.behemoth.base-loss")
def test_the_mission_behemoth_entering_base_loses_the_game() -> None:
    tiles = row("base", "food", "ammo", "lab", "scrap")
    state = on_turn(tiles, "behemoth", (Survivor("y", (4, 0)),))
    state = state.with_position(state.position.with_enemy(Enemy("bh", "mission_behemoth", (3, 0))))
    state = end_round(state)
    node = GAME.node(state)
    assert isinstance(node, TerminalNode)
    assert (node.outcome, node.clause) == ("loss", "unknown.mission.behemoth.base-loss")


def test_the_mission_behemoth_incapacitates_and_is_unharmed_in_close_combat() -> None:
    tiles = row("base", "food", "ammo", "lab", "scrap", "medicine")
    survivors = (Survivor("g", (5, 0)), Survivor("y", (1, 0), goods=(("armor", 1),)))
    state = on_turn(tiles, "behemoth", survivors)
    state = state.with_position(state.position.with_enemy(Enemy("bh", "mission_behemoth", (2, 0))))
    state = end_round(state)
    assert state.position.survivor("y").incapacitated
    assert count(state.position.survivor("y").goods, "armor") == 0
    assert [(e.id, e.damage, e.stunned) for e in state.position.enemies] == [("bh", 0, False)]


# -- Hive ----------------------------------------------------------------------------------------


def test_short_hive_is_won_by_the_fourth_hive_cleared() -> None:
    tiles = (*row("hive", "food", "hive", "scrap", "hive", "lab", cleared=(0, 2, 4)),)
    tiles += (PlacedTile((6, 0), "hive"),)
    state = on_turn(tiles, "hive", (Survivor("y", (5, 0)),), short=True)
    assert ClearTile("y", (6, 0)) in GAME.actions(state, "y")
    state = GAME.apply(state, ClearTile("y", (6, 0))).state
    assert state.outcome is not None and state.outcome[:2] == ("win", "unknown.mission.hive.goal")


def test_a_hive_is_not_offered_for_clearing_while_one_is_unexplored() -> None:
    state = on_turn(row("hive", "scrap"), "hive", (Survivor("y", (1, 0)),))
    state = replace(state, stack=TileStack(rest=(("hive", 1),)))
    assert ClearTile("y", (0, 0)) not in GAME.actions(state, "y")


# -- Refugees ------------------------------------------------------------------------------------


def test_a_first_refugee_tile_is_cleared_and_its_refugee_costs_the_explorer_1_ap() -> None:
    state = on_turn(row("base", "food"), "refugees", (Survivor("y", (1, 0)),))
    state = explore(state, "y", "refugee", (2, 0))
    placed = state.position.tile_at[(2, 0)]
    assert (placed.cleared, placed.number) == (True, 1)
    survivor = state.position.survivor("y")
    assert count(survivor.goods, "refugee") == 1
    assert survivor.ap == 3 - 1 - 1


def test_the_sixth_refugee_tile_becomes_the_camp() -> None:
    tiles = (PlacedTile((0, 0), "base"),) + tuple(
        PlacedTile((x, 0), "refugee", True, x) for x in range(1, 6)
    )
    state = on_turn(tiles, "refugees", (Survivor("y", (5, 0)),))
    state = explore(state, "y", "refugee", (6, 0))
    placed = state.position.tile_at[(6, 0)]
    assert (placed.cleared, placed.number) == (False, 6)
    assert state.position.survivor("y").goods == ()


def test_refugees_cannot_be_dropped_on_an_ordinary_tile() -> None:
    tiles = row("base", "food", "scrap")
    survivor = Survivor("y", (1, 0), goods=(("refugee", 1),))
    state = on_turn(tiles, "refugees", (survivor,))
    state = GAME.apply(state, Trade("y")).state
    drop = Transfer("y", "2,0", "refugee")
    assert drop not in GAME.node(state).legal
    assert Transfer("y", "base", "refugee") in GAME.node(state).legal
    with pytest.raises(IllegalDecision) as refused:
        GAME.apply(state, drop)
    assert refused.value.clause == "unknown.mission.refugees.trade-limits"


def test_refugees_lying_on_a_tile_may_be_picked_up() -> None:
    state = on_turn(row("base", "food"), "refugees", (Survivor("y", (0, 0)),))
    state = state.with_position(state.position.with_tokens((1, 0), "refugee", 2))
    state = GAME.apply(state, Trade("y")).state
    state = GAME.apply(state, Transfer("1,0", "y", "refugee", 2)).state
    state = GAME.apply(state, FinishTrade()).state
    survivor = state.position.survivor("y")
    assert (count(survivor.goods, "refugee"), survivor.ap) == (2, 3 - 1 - 2)


def test_handing_refugees_over_gives_no_ap_back() -> None:
    state = on_turn(
        row("base", "food"), "refugees", (Survivor("y", (1, 0), goods=(("refugee", 2),)),)
    )
    state = GAME.apply(state, Trade("y")).state
    state = GAME.apply(state, Transfer("y", "base", "refugee", 2)).state
    assert state.position.survivor("y").ap == 2


# -- Water ---------------------------------------------------------------------------------------


def water_state(tested: int, *more: PlacedTile) -> UnknownState:
    tiles = (
        PlacedTile((0, 0), "base"),
        *(PlacedTile((x, 0), "water", x <= tested, x) for x in range(1, 4)),
        PlacedTile((4, 0), "water", False, 4),
        *more,
    )
    return on_turn(tiles, "water", (Survivor("y", (0, 0)),))


def test_no_water_flows_before_three_tiles_are_tested() -> None:
    state = end_round(water_state(2))
    assert state.round == 2
    assert not any(t.kind == "mission" for t in state.position.tokens)


def test_water_sources_equally_near_are_the_players_choice() -> None:
    state = water_state(3, PlacedTile((4, 1), "food"))
    state = state.with_position(state.position.with_tokens((4, 0), "mission", 1))
    state = end_round(state)
    node = GAME.node(state)
    assert isinstance(node, PlayerNode)
    assert set(node.legal) == {SourceTo((3, 0)), SourceTo((4, 1))}
    state = GAME.apply(state, SourceTo((4, 1))).state
    assert state.position.tokens_at[(3, 0)]["mission"] == 1
    assert state.round == 2


def test_no_water_source_is_put_where_no_passable_tile_is_free() -> None:
    tiles = (PlacedTile((0, 0), "water", False, 4), PlacedTile((1, 0), "food"))
    survivors = (Survivor("y", (1, 0)),)
    state = on_turn(tiles, "water", survivors)
    position = replace(
        state.position,
        tokens=(Token((0, 0), "mission"), Token((1, 0), "barrier")),
    )
    state = replace(state, position=UnknownPosition(position.tiles, position.tokens, survivors))
    state = replace(state, position=state.position.with_tile(PlacedTile((0, 1), "water", True, 1)))
    state = replace(state, position=state.position.with_tile(PlacedTile((0, 2), "water", True, 2)))
    state = replace(state, position=state.position.with_tile(PlacedTile((0, 3), "water", True, 3)))
    state = state.with_position(state.position.with_tokens((0, 1), "barrier", 1))
    state = state.with_position(state.position.with_tokens((0, 2), "mission", 1))
    state = state.with_position(state.position.with_tokens((0, 3), "barrier", 1))
    before = {(t.at, t.kind): t.count for t in state.position.tokens}
    state = end_round(state)
    assert state.round == 2
    assert {(t.at, t.kind): t.count for t in state.position.tokens} == before


def test_a_testable_water_tile_is_not_cleared_by_clear_tile() -> None:
    state = water_state(1)
    state = state.with_position(
        state.position.with_survivor(replace(state.position.survivor("y"), at=(2, 0)))
    )
    survivor = replace(state.position.survivor("y"), goods=(("medicine", 2),))
    state = state.with_position(state.position.with_survivor(survivor))
    with pytest.raises(IllegalDecision) as refused:
        GAME.apply(state, ClearTile("y", (2, 0)))
    assert refused.value.clause == "unknown.mission.water.test"
    assert TestWater("y", (2, 0)) in GAME.actions(state, "y")


def test_testing_water_needs_two_medicine() -> None:
    state = water_state(1)
    survivor = replace(state.position.survivor("y"), at=(2, 0), goods=(("medicine", 1),))
    state = state.with_position(state.position.with_survivor(survivor))
    with pytest.raises(IllegalDecision) as refused:
        GAME.apply(state, TestWater("y", (2, 0)))
    assert refused.value.clause == "unknown.mission.water.test"


# -- seeded random playouts ----------------------------------------------------------------------

MISSIONS_HERE = ("activate", "behemoth", "hive", "refugees", "water")
DECISIONS = 400


def playout(state: UnknownState, rng: random.Random) -> UnknownState:
    """Random decisions until the game ends or the cap; every offered decision must apply."""
    for _ in range(DECISIONS):
        node = GAME.node(state)
        if isinstance(node, TerminalNode):
            break
        if isinstance(node, ChanceNode):
            decision = sample_outcome(node, rng)
        else:
            assert isinstance(node, PlayerNode), node
            assert node.legal, f"a decision with no options: {node.prompt}"
            decision = rng.choice(node.legal)
        state = GAME.apply(state, decision).state
    return state


VERSIONS_HERE = [
    (mission, short)
    for mission in MISSIONS_HERE
    for short in (False, True)
    if not short or setup_data().missions[mission].has_short
]


@pytest.mark.parametrize(("mission", "short"), VERSIONS_HERE)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_playouts_never_crash(mission: str, short: bool, seed: int) -> None:
    state = standard_setup(mission, survivors=3 + seed, seed=seed, short=short)
    end = playout(state, random.Random(seed))
    assert end.round >= 1


MISSION_TILES = {
    "activate": ("console", 3),
    "behemoth": ("behemoth_mission", 6),
    "hive": ("hive", 5),
    "refugees": ("refugee", 6),
    "water": ("water", 4),
}


@pytest.mark.parametrize("mission", MISSIONS_HERE)
@pytest.mark.parametrize("seed", [0, 3])
def test_random_playouts_on_a_stack_of_mission_tiles_never_crash(mission: str, seed: int) -> None:
    """A small stack mostly of the mission's tiles, food to spare and medicine carried, so that
    random play reaches the mission's rules (pick-ups, spawns, tests, water flow, the camp)."""
    tile, copies = MISSION_TILES[mission]
    state = standard_setup(mission, survivors=3, seed=seed)
    carried = tuple(
        replace(s, goods=(("food", 4), ("medicine", 6))) for s in state.position.survivors
    )
    state = replace(
        state,
        base=(("food", 200),),
        stack=TileStack(rest=tuple(sorted({tile: copies, "food": 4, "scrap": 4}.items()))),
        position=state.position.with_pieces(carried, state.position.enemies),
    )
    playout(state, random.Random(seed))
