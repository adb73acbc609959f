"""Unit tests for Expand, Map, Onslaught, Stragglers, the ally phase and the Tracker's choice,
plus seeded random playouts of those missions (every decision offered must apply)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine.core.errors import IllegalDecision
from engine.core.game import ChanceNode, PlayerNode, TerminalNode, sample_outcome
from engine.unknown.allies import AllyMove, AllyPhase, EndAllyPhase, ally_moves
from engine.unknown.combat import CloseCombat, assignments, combat_starts, plan_round
from engine.unknown.game import UnknownGame
from engine.unknown.missions import MISSIONS
from engine.unknown.missions.expand import PlaceOutpost
from engine.unknown.missions.map import enclosed, largest_square, map_complete
from engine.unknown.missions.onslaught import Onslaught
from engine.unknown.missions.stragglers import Stragglers, stragglers_complete
from engine.unknown.position import Ally, Enemy, PlacedTile, Survivor, UnknownPosition
from engine.unknown.setup import standard_setup
from engine.unknown.state import UnknownState, bag, count
from engine.unknown.survivors.tracker import SetTargetable

GAME = UnknownGame()


def row(tiles: list[str], y: int = 0, x0: int = 0) -> list[PlacedTile]:
    return [PlacedTile((x0 + i, y), t) for i, t in enumerate(tiles)]


def turn_state(position: UnknownPosition, who: str, mission: str, **more) -> UnknownState:
    return UnknownState(
        position, phase="survivor_actions", turn=who, mission=mission, base=bag({"food": 9}), **more
    )


# -- Expand --------------------------------------------------------------------------------------


def corridor(length: int) -> list[PlacedTile]:
    return [PlacedTile((0, 0), "base"), *row(["food"] * length, 0, 1)]


def test_outpost_needs_the_short_range_only_in_the_short_version() -> None:
    tiles = corridor(10)
    green = Survivor("g", (9, 0), ap=3, goods=bag({"scrap": 3}))
    position = UnknownPosition(tiles=tuple(tiles), survivors=(green,))
    long = turn_state(position, "g", "expand")
    with pytest.raises(IllegalDecision) as refused:
        PlaceOutpost("g", (10, 0)).check(GAME.rules, long)
    assert refused.value.clause == "unknown.mission.expand.distance"
    short = replace(long, short=True)
    step = GAME.apply(short, PlaceOutpost("g", (10, 0)))
    assert step.state.position.tokens_at[(10, 0)]["mission"] == 1
    assert count(step.state.position.survivor("g").goods, "scrap") == 0


def test_outpost_costs_three_scrap() -> None:
    tiles = corridor(12)
    green = Survivor("g", (11, 0), ap=3, goods=bag({"scrap": 2}))
    state = turn_state(UnknownPosition(tiles=tuple(tiles), survivors=(green,)), "g", "expand")
    with pytest.raises(IllegalDecision) as refused:
        PlaceOutpost("g", (12, 0)).check(GAME.rules, state)
    assert refused.value.clause == "unknown.mission.expand.place-outpost"
    assert PlaceOutpost("g", (12, 0)) not in GAME.actions(state, "g")


def test_outpost_not_offered_outside_expand() -> None:
    tiles = corridor(12)
    green = Survivor("g", (11, 0), ap=3, goods=bag({"scrap": 3}))
    state = turn_state(UnknownPosition(tiles=tuple(tiles), survivors=(green,)), "g", "scout")
    assert not [a for a in GAME.actions(state, "g") if isinstance(a, PlaceOutpost)]
    assert PlaceOutpost("g", (12, 0)) in GAME.actions(replace(state, mission="expand"), "g")


# -- Map -----------------------------------------------------------------------------------------


def ring(side: int, gap: tuple[int, int] | None = None) -> frozenset[tuple[int, int]]:
    spots = {
        (x, y) for x in range(side) for y in range(side) if x in (0, side - 1) or y in (0, side - 1)
    }
    return frozenset(spots - {gap} if gap else spots)


def test_a_closed_ring_encloses_its_square_and_an_open_one_nothing() -> None:
    assert largest_square(enclosed(ring(9))) == 9
    assert largest_square(enclosed(ring(9, gap=(4, 0)))) == 1


def test_a_diagonal_gap_does_not_close_a_ring() -> None:
    spots = set(ring(9)) - {(8, 8)}
    assert largest_square(enclosed(frozenset(spots))) < 9


def test_map_short_version_needs_an_eight_ring() -> None:
    tiles = tuple(PlacedTile(at, "food") for at in sorted(ring(8)))
    state = UnknownState(UnknownPosition(tiles=tiles), mission="map")
    assert map_complete(state) is None
    assert map_complete(replace(state, short=True)) is not None


# -- Onslaught -----------------------------------------------------------------------------------


def test_only_lairs_flipped_count_for_onslaught() -> None:
    tiles = (PlacedTile((0, 0), "beast", cleared=True), PlacedTile((1, 0), "food", cleared=True))
    state = UnknownState(UnknownPosition(tiles=tiles), mission="onslaught")
    after, events = Onslaught().on_tiles_cleared(GAME.rules, state, ((0, 0), (1, 0)))
    assert count(after.mission_card, "lair") == 1 and events


def test_a_clear_tile_action_counts_a_lair() -> None:
    tiles = (PlacedTile((0, 0), "food"), PlacedTile((1, 0), "spawn_pit"))
    yellow = Survivor("y", (0, 0), ap=3, goods=bag({"scrap": 2}))
    state = turn_state(UnknownPosition(tiles=tiles, survivors=(yellow,)), "y", "onslaught")
    clears = [a for a in GAME.actions(state, "y") if a.name == "clear_tile" and a.at == (1, 0)]
    assert clears
    after = GAME.apply(state, clears[0]).state
    assert count(after.mission_card, "lair") == 1
    assert MISSIONS["onslaught"](replace(after, mission_card=bag({"lair": 14}))) is None
    assert MISSIONS["onslaught"](replace(after, mission_card=bag({"lair": 15}))) is not None


# -- Stragglers and allies -----------------------------------------------------------------------


def ally_phase_state(position: UnknownPosition) -> UnknownState:
    return UnknownState(
        position,
        phase="ally_actions",
        mission="stragglers",
        base=bag({"food": 9}),
        pending=(AllyPhase(),),
    )


def test_an_ally_moves_once_per_ally_phase_and_not_when_incapacitated() -> None:
    tiles = tuple(row(["base", "food", "scrap"]))
    refugee = Ally("r1", "refugee", (2, 0))
    down = Ally("r2", "refugee", (1, 0), health="incapacitated")
    state = ally_phase_state(UnknownPosition(tiles=tiles, allies=(refugee, down)))
    assert ally_moves(state) == (AllyMove("r1", (1, 0)),)
    moved = AllyPhase().apply(GAME.rules, state, AllyMove("r1", (1, 0)))[0]
    with pytest.raises(IllegalDecision):
        AllyPhase().apply(GAME.rules, moved, AllyMove("r1", (0, 0)))
    with pytest.raises(IllegalDecision):
        AllyPhase().apply(GAME.rules, state, AllyMove("r2", (0, 0)))
    finished = AllyPhase().apply(GAME.rules, state, EndAllyPhase())[0]
    assert not finished.pending


def test_refugee_tile_spawns_a_refugee_ally() -> None:
    state = UnknownState(
        UnknownPosition(tiles=tuple(row(["base", "refugee"]))), mission="stragglers"
    )
    after, events = Stragglers().on_explored(GAME.rules, state, "y", state.position.tile_at[(1, 0)])
    assert [a.kind for a in after.position.allies_at((1, 0))] == ["refugee"] and events


def test_enemies_ignore_refugees_in_base_and_injured_ones() -> None:
    tiles = tuple(row(["base", "food", "scrap"]))
    beast = Enemy("b1", "beast", (2, 0))
    in_base = Ally("r1", "refugee", (0, 0))
    down = Ally("r2", "refugee", (1, 0), health="incapacitated")
    state = UnknownState(
        UnknownPosition(tiles=tiles, enemies=(beast,), allies=(in_base, down)), mission="stragglers"
    )
    assert Stragglers().enemy_targets(GAME.rules, state, beast, ((2, 0),)) == ((2, 0),)
    assert Stragglers().enemy_speed(GAME.rules, state, beast, (1, 0), 1) == 1


def test_players_assign_damage_between_refugee_and_survivor() -> None:
    tiles = tuple(row(["food", "scrap"]))
    survivor = Survivor("y", (0, 0))
    refugee = Ally("r1", "refugee", (0, 0))
    monster = Enemy("m1", "monster", (0, 0))
    state = UnknownState(
        UnknownPosition(tiles=tiles, survivors=(survivor,), enemies=(monster,), allies=(refugee,))
    )
    plan = plan_round(state, (0, 0))
    targets = {who for a in assignments(plan) for who, _ in a.to_survivors}
    assert targets == {"y", "r1"}
    alone = replace(state, position=state.position.with_pieces((), state.position.enemies))
    assert combat_starts(alone.position, (0, 0))
    after = GAME.settle(replace(alone, pending=(CloseCombat((0, 0)),)))[0]
    assert after.position.allies[0].incapacitated and not after.pending


def test_stragglers_win_counts_refugees_in_base() -> None:
    tiles = tuple(row(["base", "food"]))
    allies = tuple(Ally(f"r{i}", "refugee", (0, 0)) for i in range(5)) + (
        Ally("r9", "refugee", (1, 0)),
    )
    state = UnknownState(UnknownPosition(tiles=tiles, allies=allies), mission="stragglers")
    assert stragglers_complete(state) is None
    home = state.position.with_ally(Ally("r9", "refugee", (0, 0)))
    assert stragglers_complete(state.with_position(home)) is not None


def test_heal_restores_an_incapacitated_refugee() -> None:
    tiles = tuple(row(["food", "scrap"]))
    nurse = Survivor("y", (0, 0), ap=3, goods=bag({"medicine": 2}))
    refugee = Ally("r1", "refugee", (1, 0), health="incapacitated")
    state = turn_state(
        UnknownPosition(tiles=tiles, survivors=(nurse,), allies=(refugee,)), "y", "stragglers"
    )
    heals = [a for a in GAME.actions(state, "y") if a.name == "heal"]
    assert [h.target for h in heals] == ["r1"]
    after = GAME.apply(state, heals[0]).state
    assert after.position.allies[0].health == "healthy"


# -- Tracker -------------------------------------------------------------------------------------


def test_tracker_becoming_targetable_on_an_enemy_tile_starts_close_combat() -> None:
    tiles = tuple(row(["food", "scrap"]))
    tracker = Survivor("t", (0, 0), card="tracker", ap=3, untargetable=True)
    beast = Enemy("b1", "beast", (0, 0))
    state = turn_state(
        UnknownPosition(tiles=tiles, survivors=(tracker,), enemies=(beast,)), "t", "scout"
    )
    assert not combat_starts(state.position, (0, 0))
    assert SetTargetable("t", True) in GAME.node(state).legal
    with pytest.raises(IllegalDecision):
        GAME.apply(state, SetTargetable("t", False))
    step = GAME.apply(state, SetTargetable("t", True))
    assert not step.state.position.survivor("t").untargetable
    assert not step.state.position.enemies  # the fight was fought: the beast is dead


def test_only_the_tracker_is_offered_the_choice() -> None:
    tiles = tuple(row(["food", "scrap"]))
    other = Survivor("o", (0, 0), card="explorer", ap=3)
    state = turn_state(UnknownPosition(tiles=tiles, survivors=(other,)), "o", "scout")
    assert not [d for d in GAME.node(state).legal if isinstance(d, SetTargetable)]
    with pytest.raises(IllegalDecision):
        GAME.apply(state, SetTargetable("o", False))


# -- seeded random playouts -----------------------------------------------------------------------


@pytest.mark.parametrize("mission", ["expand", "map", "onslaught", "stragglers"])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_playouts_never_offer_an_inapplicable_decision(mission: str, seed: int) -> None:
    rng = random.Random(seed)
    state = standard_setup(mission, survivors=3 + seed, seed=seed, short=seed == 2)
    for _ in range(600):
        node = GAME.node(state)
        if isinstance(node, TerminalNode):
            break
        if isinstance(node, ChanceNode):
            decision = sample_outcome(node, rng)
        else:
            assert isinstance(node, PlayerNode) and node.legal, node
            decision = rng.choice(node.legal)
        state = GAME.apply(state, decision).state
        for piece in (*state.position.allies, *state.position.survivors):
            assert piece.at in state.position.tile_at
