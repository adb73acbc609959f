"""The enemy side of the round (rulebook: Turn Order; Lair; Continuing Effect; Instant Effect;
Knockback; Impassable Tile; Create Barriers; Create Trap; Enemy Movement; Close Combat; Injury and
Incapacitation; Enemies).

Every expected value comes from the rulebook's words or its examples, on small hand-made maps.
Coordinates are ``(x, y)`` with north = +y. Each phase is driven by :func:`run_phase`, which
resolves the phase's pending effects one at a time with the decisions a test gives, checks that
every chance node's probabilities are Fractions summing to exactly 1, and that every state on the
way reads back unchanged from a state file (the movement's progress lives in its effects).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.errors import IllegalDecision
from engine.core.game import ChanceNode, Event, PlayerNode
from engine.unknown.actions.move import Move
from engine.unknown.combat import CloseCombat
from engine.unknown.enemies.abilities import ShotLands, StrangerShot
from engine.unknown.enemies.movement import (
    BarrierStops,
    ChoosePaths,
    ChooseTargets,
    MoveEnemies,
    PathRoll,
    TargetRoll,
    TrapHits,
)
from engine.unknown.enemies.phases import ENEMY_PHASES, PhaseEnd
from engine.unknown.enemies.spawning import (
    HazardSpawn,
    HazardSpots,
    nearest_hazards,
    new_enemy_id,
    spawn,
)
from engine.unknown.files import state_from_text, state_to_text
from engine.unknown.game import UnknownGame
from engine.unknown.knockback import Knockback
from engine.unknown.position import Coord, Enemy, PlacedTile, Survivor, Token, UnknownPosition
from engine.unknown.state import UnknownState, bag, count
from engine.unknown.turn.round import EndTurn, StartTurn

GAME = UnknownGame()

Decider = Callable[[Any], object]


# -- building states -----------------------------------------------------------------------------


def make(
    tiles: dict[Coord, str],
    survivors: dict[str, Coord | tuple[Coord, str]] | None = None,
    enemies: dict[str, tuple[str, Coord] | dict[str, Any]] | None = None,
    tokens: Iterable[tuple[Coord, str, int]] = (),
    *,
    phase: str | None = "enemy_movement",
    food: int = 9,
    cleared: Iterable[Coord] = (),
) -> UnknownState:
    """A state in ``phase`` after every survivor's turn. Survivors: ``id -> at`` or
    ``(at, health)``; enemies: ``id -> (kind, at)`` or a dict of Enemy fields."""
    gone = set(cleared)
    placed = tuple(PlacedTile(at, name, at in gone) for at, name in sorted(tiles.items()))
    people = []
    for sid, spec in (survivors or {}).items():
        at, health = spec if isinstance(spec[0], tuple) else (spec, "healthy")  # type: ignore[misc]
        people.append(Survivor(sid, at, health=health))
    foes = []
    for eid, spec in (enemies or {}).items():
        fields = spec if isinstance(spec, dict) else {"kind": spec[0], "at": spec[1]}
        foes.append(Enemy(eid, **fields))
    position = UnknownPosition(
        placed,
        tuple(sorted((Token(at, k, n) for at, k, n in tokens), key=lambda t: (t.at, t.kind))),
        tuple(sorted(people, key=lambda s: s.id)),
        tuple(sorted(foes, key=lambda e: e.id)),
    )
    return UnknownState(
        position,
        phase=phase,
        done=tuple(sorted(s.id for s in people)),
        base=bag({"food": food}),
    )


def row(*names: str, y: int = 0) -> dict[Coord, str]:
    """Tiles west to east from x = 0 on row ``y``."""
    return {(x, y): name for x, name in enumerate(names)}


def chance_total(node: ChanceNode) -> Fraction:
    assert all(isinstance(p, Fraction) for _, p in node.outcomes), node
    return sum((p for _, p in node.outcomes), Fraction(0))


def read_back(state: UnknownState) -> UnknownState:
    return state_from_text(state_to_text(state), "enemies.yaml")


def resolve(
    state: UnknownState, decide: Decider | None = None, stop_at_phase_end: bool = True
) -> tuple[UnknownState, list[Event], list[Any]]:
    """Resolve pending effects (up to the phase's end) with ``decide`` at each node."""
    events: list[Event] = []
    nodes: list[Any] = []
    while state.pending and state.outcome is None:
        head = state.pending[0]
        if stop_at_phase_end and isinstance(head, PhaseEnd):
            break
        step = head.settle(GAME.rules, state)
        if step is None:
            node = GAME.node(state)
            nodes.append(node)
            if isinstance(node, ChanceNode):
                assert chance_total(node) == 1
            if decide is None:
                raise AssertionError(f"a decision is needed: {node}")
            state, more = head.apply(GAME.rules, state, decide(node))
        else:
            state, more = step
        events.extend(more)
        assert read_back(state) == state
    return state, events, nodes


def run_phase(
    state: UnknownState, phase: str, decide: Decider | None = None
) -> tuple[UnknownState, list[Event], list[Any]]:
    """Run one enemy phase and resolve what it queues (the round's move to the next phase aside)."""
    state = replace(state, phase=phase)
    state, events = ENEMY_PHASES[phase](GAME.rules, state)
    assert read_back(state) == state
    state, more, nodes = resolve(state, decide)
    return state, [*events, *more], nodes


def choices(*decisions: object) -> Decider:
    """Decide with these decisions in order; each must be one the node offers."""
    queue = list(decisions)

    def decide(node: Any) -> object:
        decision = queue.pop(0)
        offered = (
            [d for d, _ in node.outcomes] if isinstance(node, ChanceNode) else list(node.legal)
        )
        assert decision in offered, (decision, offered)
        return decision

    return decide


def at(state: UnknownState, enemy_id: str) -> Coord | None:
    for e in state.position.enemies:
        if e.id == enemy_id:
            return e.at
    return None


def tokens(state: UnknownState, spot: Coord, kind: str) -> int:
    return state.position.tokens_at.get(spot, {}).get(kind, 0)


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


# -- spawning ------------------------------------------------------------------------------------


def test_a_spawned_enemy_gets_a_fresh_id_of_its_kind():
    state = make(row("scrap", "animal"), {"y": (0, 0)}, {"animal1": ("animal", (1, 0))})
    assert new_enemy_id(state.position, "animal") == "animal2"
    state = replace(state, phase="survivor_actions")
    state, events = spawn(
        GAME.rules, state, "animal", (1, 0), (1, 0), "unknown.effect.instant.spawn-here"
    )
    assert at(state, "animal2") == (1, 0)
    assert events[0].kind == "enemy_spawned"
    assert events[0].clause == "unknown.effect.instant.spawn-here"


def test_only_an_enemy_upkeep_spawn_sits_out_the_rounds_movement():
    """Enemies spawned in enemy upkeep do not move this round (unknown.turn.enemy-upkeep.no-move)."""
    for phase, fresh in (("survivor_actions", False), ("enemy_upkeep", True)):
        state = make(row("scrap", "muddy"), {"y": (0, 0)}, phase=phase)
        state, _ = spawn(
            GAME.rules, state, "beast", (1, 0), (1, 0), "unknown.effect.instant.spawn-here"
        )
        assert state.position.enemies[0].fresh is fresh


def test_an_enemy_spawning_on_a_trap_takes_its_damage_and_starts_nothing():
    """The trap hits an enemy that spawns on its tile (unknown.trap.trigger); a 1-health enemy is
    killed, so it fights nobody (unknown.enemy.obstructed.trap-kill-no-trigger)."""
    state = make(row("scrap", "muddy"), {"y": (1, 0)}, tokens=[((1, 0), "trap", 1)])
    state = replace(state, phase="survivor_actions")
    state, events = spawn(
        GAME.rules, state, "stranger", (1, 0), (1, 0), "unknown.effect.instant.spawn-here"
    )
    assert state.position.enemies == ()
    assert tokens(state, (1, 0), "trap") == 0
    assert state.pending == ()
    assert "killed" in kinds(events)


def test_a_brute_stunned_by_a_trap_as_it_spawns_fights_nobody():
    """Brute damage stuns (unknown.enemy.brute.stun); stunned enemies start no combat."""
    state = make(row("scrap", "muddy"), {"y": (1, 0)}, tokens=[((1, 0), "trap", 1)])
    state = replace(state, phase="survivor_actions")
    state, _ = spawn(
        GAME.rules, state, "brute", (1, 0), (1, 0), "unknown.effect.instant.spawn-here"
    )
    assert state.position.enemies[0].stunned
    assert state.pending == ()


def test_spawning_on_a_survivor_starts_close_combat_at_once_outside_the_enemy_phases():
    """Spawning on a survivor means close combat (unknown.knockback.spawn-on-survivor)."""
    state = make(row("scrap", "muddy"), {"y": (1, 0)}, phase="survivor_actions")
    state, _ = spawn(
        GAME.rules, state, "beast", (1, 0), (0, 0), "unknown.effect.instant.spawn-hazard"
    )
    assert state.pending == (CloseCombat((1, 0)),)


def test_an_upkeep_spawn_on_a_survivor_fights_in_the_enemy_combat_phase():
    """All combat from spawns in the enemy phases happens in enemy combat (unknown.turn.enemy-combat)."""
    state = make(row("scrap", "spawn_pit"), {"y": (1, 0)}, phase="enemy_upkeep")
    state, events, _ = run_phase(state, "enemy_upkeep")
    assert [e.kind for e in state.position.enemies] == ["monster"]
    assert state.pending == ()
    state, _, _ = run_phase(state, "enemy_combat")
    # y deals 1 to the monster (1 health), the monster 1 to y: one forced assignment.
    assert state.position.enemies == ()
    assert state.position.survivor("y").health == "injured"


def test_a_stranger_shoots_after_its_spawn_is_settled():
    """The stranger shoots once it has spawned (unknown.enemy.stranger.ranged-trigger)."""
    state = make(row("scrap", "food", "stranger"), {"y": (0, 0)}, phase="survivor_actions")
    state, _ = spawn(
        GAME.rules, state, "stranger", (2, 0), (2, 0), "unknown.effect.instant.spawn-here"
    )
    assert state.pending == (StrangerShot("stranger1", "spawn"),)
    state, events, _ = resolve(state)
    assert state.position.survivor("y").health == "injured"
    assert "ranged_attack" in kinds(events)


def test_a_stranger_spawning_on_a_survivor_fights_first_then_shoots_if_it_survives():
    state = make(row("scrap", "stranger"), {"y": (1, 0)}, phase="survivor_actions")
    state, _ = spawn(
        GAME.rules, state, "stranger", (1, 0), (1, 0), "unknown.effect.instant.spawn-here"
    )
    assert state.pending == (CloseCombat((1, 0)), StrangerShot("stranger1", "spawn"))


# -- green-bordered spawns -------------------------------------------------------------------------


RING_OF_HAZARDS = {
    (0, 0): "animal",
    (1, 0): "muddy",
    (-1, 0): "rockfall",
    (0, 1): "food",
    (0, 2): "broken",
}


def test_a_green_spawn_goes_to_the_nearest_hazard_tile():
    state = make({(0, 0): "animal", (1, 0): "food", (2, 0): "muddy", (-1, 0): "broken"})
    assert nearest_hazards(state, (0, 0), 1) == [(-1, 0)]


def test_equally_near_hazard_tiles_tie_with_equal_chances():
    """The d4 is rerolled until it points at a tied tile (unknown.base.tie-die.reroll)."""
    state = make(RING_OF_HAZARDS)
    node = nearest_hazards(state, (0, 0), 1)
    assert isinstance(node, ChanceNode)
    assert dict(node.outcomes) == {
        HazardSpots(((-1, 0),)): Fraction(1, 2),
        HazardSpots(((1, 0),)): Fraction(1, 2),
    }


def test_several_green_spawns_go_to_different_hazard_tiles():
    """unknown.effect.instant.spawn-hazard-distinct: the two nearest, then the next ring."""
    state = make(RING_OF_HAZARDS)
    assert sorted(nearest_hazards(state, (0, 0), 2)) == [(-1, 0), (1, 0)]
    three = nearest_hazards(state, (0, 0), 3)
    assert three == [(-1, 0), (1, 0), (0, 2)]


def test_more_green_spawns_than_hazard_tiles_double_up_only_then():
    state = make({(0, 0): "animal", (1, 0): "muddy"})
    assert nearest_hazards(state, (0, 0), 2) == [(1, 0), (1, 0)]


def test_choosing_two_of_three_tied_hazard_tiles_makes_each_pair_equally_likely():
    state = make({(0, 0): "animal", (1, 0): "muddy", (-1, 0): "rockfall", (0, 1): "broken"})
    node = nearest_hazards(state, (0, 0), 2)
    assert isinstance(node, ChanceNode)
    assert len(node.outcomes) == 3
    assert {p for _, p in node.outcomes} == {Fraction(1, 3)}
    assert chance_total(node) == 1


def test_cleared_and_unreachable_hazard_tiles_take_no_spawn():
    state = make({(0, 0): "animal", (1, 0): "muddy", (3, 0): "broken"}, cleared=[(1, 0)])
    assert nearest_hazards(state, (0, 0), 1) == []


def test_the_hazard_spawn_effect_rolls_then_spawns():
    state = make(RING_OF_HAZARDS, {"y": (0, 2)}, phase="survivor_actions")
    state = replace(state, pending=(HazardSpawn(("animal",), (0, 0)),))
    state, events, nodes = resolve(state, choices(HazardSpots(((1, 0),))))
    assert [n.clause for n in nodes] == ["unknown.base.tie-die.reroll"]
    assert at(state, "animal1") == (1, 0)


# -- enemy upkeep ----------------------------------------------------------------------------------


SPAWN_PIT_LINE = {(0, 0): "base", (1, 0): "food", (2, 0): "spawn_pit", (0, 1): "ammo"}


def play_round(state: UnknownState) -> tuple[UnknownState, list[Event]]:
    """From survivor actions: every survivor takes an empty turn, then the round runs on."""
    events: list[Event] = []
    for who in [s.id for s in state.position.survivors]:
        for decision in (StartTurn(who), EndTurn(who)):
            step = GAME.apply(state, decision)
            state, events = step.state, events + list(step.events)
    return state, events


def test_spawn_pit_example_no_spawn_while_occupied_then_a_spawn_after_it_moves_away():
    """Rulebook example: a monster on the spawn pit blocks the first upkeep's spawn; it moves,
    and the following upkeep spawns a new monster (unknown.effect.continuing.repeating-spawn)."""
    state = make(SPAWN_PIT_LINE, {"y": (0, 1)}, {"m1": ("monster", (2, 0))}, phase="enemy_upkeep")
    state, events = GAME.settle(state)
    assert "no_spawn" in kinds(events)
    assert [(e.id, e.at) for e in state.position.enemies] == [("m1", (1, 0))]
    assert state.round == 2 and state.phase == "survivor_actions"
    state, events = play_round(state)
    spawned = [e for e in state.position.enemies if e.at == (2, 0)]
    assert [e.kind for e in spawned] == ["monster"]
    # m1 entered base (its target) and ran base defense: 3 food, then 1 damage kills it.
    assert at(state, "m1") is None
    assert count(state.base, "food") == 9 - 1 - 3 - 1
    assert state.round == 3


def test_a_fresh_spawn_waits_a_round_then_moves():
    state = make(SPAWN_PIT_LINE, {"y": (0, 1)}, phase="enemy_upkeep")
    state, _ = GAME.settle(state)
    (monster,) = state.position.enemies
    assert monster.at == (2, 0)
    state, _ = play_round(state)
    assert at(state, monster.id) == (1, 0)


def test_any_enemy_on_the_lair_blocks_its_spawn_even_a_stunned_one():
    state = make(
        SPAWN_PIT_LINE, {"y": (0, 1)}, {"k1": {"kind": "brute", "at": (2, 0), "stunned": True}}
    )
    state, events, _ = run_phase(state, "enemy_upkeep")
    assert [e.id for e in state.position.enemies] == ["k1"]


def test_a_cleared_lair_spawns_nothing():
    """unknown.action.clear.loses-effects."""
    state = make(SPAWN_PIT_LINE, {"y": (0, 1)}, cleared=[(2, 0)])
    state, _, _ = run_phase(state, "enemy_upkeep")
    assert state.position.enemies == ()


def test_a_devourer_heals_in_enemy_upkeep():
    state = make(
        row("base", "food", "devourer"),
        {"y": (0, 0)},
        {"d1": {"kind": "devourer", "at": (2, 0), "damage": 1}},
    )
    state, events, _ = run_phase(state, "enemy_upkeep")
    assert state.position.enemies[0].damage == 0
    assert [e.clause for e in events if e.kind == "enemy_healed"] == ["unknown.enemy.devourer.heal"]


def test_the_previous_upkeeps_marks_are_cleared_so_those_enemies_move():
    state = make(
        row("scrap", "food", "beast"),
        {"y": (0, 0)},
        {"b1": {"kind": "beast", "at": (2, 0), "fresh": True}},
    )
    state, _, _ = run_phase(state, "enemy_upkeep")
    assert not state.position.enemies[0].fresh
    state, _, _ = run_phase(state, "enemy_movement")
    assert at(state, "b1") == (1, 0)


# -- target selection ------------------------------------------------------------------------------


def test_target_example_the_beast_takes_the_barrier_free_survivor_even_if_farther():
    """Rulebook example: the path to one survivor has a barrier, so the beast targets the other
    (unknown.enemy.target.clear-path), and goes round nothing (speed 1: one step)."""
    state = make(
        row("scrap", "food", "beast", "ammo", "medicine", "lab"),
        {"near": (0, 0), "far": (5, 0)},
        {"b1": ("beast", (2, 0))},
        [((1, 0), "barrier", 1)],
    )
    state, events, _ = run_phase(state, "enemy_movement")
    (target,) = [e for e in events if e.kind == "enemy_target"]
    assert target.get("target") == (5, 0)
    assert target.clause == "unknown.enemy.target.clear-path"
    assert at(state, "b1") == (3, 0)
    assert tokens(state, (1, 0), "barrier") == 1


def test_target_example_the_animal_takes_the_nearer_survivor_when_both_paths_have_barriers():
    """Rulebook example: both paths hold a barrier, so the nearer survivor is the target
    (unknown.enemy.target.barred); the barrier stops it and is removed."""
    state = make(
        row("scrap", "food", "animal", "ammo", "medicine", "lab"),
        {"near": (0, 0), "far": (5, 0)},
        {"a1": ("animal", (2, 0))},
        [((1, 0), "barrier", 1), ((3, 0), "barrier", 1)],
    )
    state, events, _ = run_phase(state, "enemy_movement")
    (target,) = [e for e in events if e.kind == "enemy_target"]
    assert target.get("target") == (0, 0)
    assert target.clause == "unknown.enemy.target.barred"
    assert at(state, "a1") == (2, 0)
    assert tokens(state, (1, 0), "barrier") == 0
    assert tokens(state, (3, 0), "barrier") == 1


def test_an_enemy_with_no_path_to_a_target_stays():
    """unknown.enemy.target.none; impassable tiles are never entered (unknown.tile.impassable)."""
    state = make(row("scrap", "blocked", "animal"), {"y": (0, 0)}, {"a1": ("animal", (2, 0))})
    state, events, _ = run_phase(state, "enemy_movement")
    assert [e.clause for e in events if e.kind == "enemy_target"] == ["unknown.enemy.target.none"]
    assert at(state, "a1") == (2, 0)


def test_an_enemy_leaves_the_impassable_tile_it_spawned_on():
    """unknown.tile.impassable.spawn-exit."""
    state = make(row("scrap", "food", "blocked"), {"y": (0, 0)}, {"a1": ("animal", (2, 0))})
    state, _, _ = run_phase(state, "enemy_movement")
    assert at(state, "a1") == (0, 0)


def test_incapacitated_survivors_are_ignored():
    state = make(
        row("scrap", "beast", "food", "ammo"),
        {"down": ((0, 0), "incapacitated"), "up": (3, 0)},
        {"b1": ("beast", (1, 0))},
    )
    state, _, _ = run_phase(state, "enemy_movement")
    assert at(state, "b1") == (2, 0)


def test_survivors_on_one_tile_are_one_target():
    state = make(
        row("scrap", "food", "beast"), {"g": (0, 0), "y": (0, 0)}, {"b1": ("beast", (2, 0))}
    )
    _, _, nodes = run_phase(state, "enemy_movement")
    assert nodes == []


def test_enemies_that_target_base_go_for_base():
    state = make(
        row("scrap", "food", "base", "ammo", "monster"), {"y": (0, 0)}, {"m1": ("monster", (4, 0))}
    )
    state, _, _ = run_phase(state, "enemy_movement")
    assert at(state, "m1") == (3, 0)


def test_stunned_and_fresh_enemies_do_not_move():
    state = make(
        row("scrap", "food", "beast", "brute"),
        {"y": (0, 0)},
        {
            "b1": {"kind": "beast", "at": (2, 0), "fresh": True},
            "k1": {"kind": "brute", "at": (3, 0), "stunned": True},
        },
    )
    state, _, _ = run_phase(state, "enemy_movement")
    assert (at(state, "b1"), at(state, "k1")) == ((2, 0), (3, 0))


# -- path selection and ties -------------------------------------------------------------------------


BETWEEN_TWO = row("scrap", "food", "beast", "ammo", "lab")


@pytest.mark.parametrize("goal, lands", [((0, 0), (1, 0)), ((4, 0), (3, 0))])
def test_path_example_an_equidistant_beast_rolls_with_even_chances(goal, lands):
    """Rulebook example: the beast is as near to green as to yellow; the d4 is rolled until it
    points at one, so each has probability 1/2 (unknown.enemy.target.tie-die), and the beast
    moves that way."""
    state = make(BETWEEN_TWO, {"green": (0, 0), "yellow": (4, 0)}, {"b1": ("beast", (2, 0))})
    state, _, nodes = run_phase(state, "enemy_movement", choices(TargetRoll("b1", goal)))
    (node,) = nodes
    assert dict(node.outcomes) == {
        TargetRoll("b1", (0, 0)): Fraction(1, 2),
        TargetRoll("b1", (4, 0)): Fraction(1, 2),
    }
    assert at(state, "b1") == lands


RING = {
    (0, 0): "beast",
    (1, 0): "food",
    (2, 0): "ammo",
    (0, 1): "medicine",
    (2, 1): "lab",
    (0, 2): "scrap",
    (1, 2): "workshop",
    (2, 2): "bunker",
}


def test_two_equally_short_paths_are_a_fair_d4_roll():
    """unknown.enemy.path.tie-die: east or north round the ring, 1/2 each."""
    state = make(RING, {"y": (2, 2)}, {"b1": ("beast", (0, 0))})
    state, events, nodes = run_phase(state, "enemy_movement", choices(PathRoll("b1", (0, 1))))
    (node,) = nodes
    assert dict(node.outcomes) == {
        PathRoll("b1", (1, 0)): Fraction(1, 2),
        PathRoll("b1", (0, 1)): Fraction(1, 2),
    }
    assert node.clause == "unknown.enemy.path.tie-die"
    assert at(state, "b1") == (0, 1)
    (path,) = [e for e in events if e.kind == "enemy_path"]
    assert path.get("path") == ((0, 1),)


def test_an_animal_rolls_once_where_its_paths_part_then_follows_its_path():
    state = make(RING, {"y": (2, 2)}, {"a1": ("animal", (0, 0))})
    state, _, nodes = run_phase(state, "enemy_movement", choices(PathRoll("a1", (1, 0))))
    assert len(nodes) == 1
    assert at(state, "a1") == (2, 0)


def test_an_enemy_goes_round_a_barrier_when_it_can():
    """unknown.barrier.detour: the short way has a barrier, the long way round is open."""
    state = make(RING, {"y": (2, 0)}, {"b1": ("beast", (0, 0))}, [((1, 0), "barrier", 1)])
    state, _, nodes = run_phase(state, "enemy_movement")
    assert nodes == []
    assert at(state, "b1") == (0, 1)
    assert tokens(state, (1, 0), "barrier") == 1


# -- obstructed paths ------------------------------------------------------------------------------


def three_enemies_moving_left() -> UnknownState:
    """The Obstructed Paths example: beast, stranger and animal one tile east of a tile with a
    barrier and a trap, a survivor beyond it."""
    return make(
        row("scrap", "food", "ammo"),
        {"y": (0, 0)},
        {"b1": ("beast", (2, 0)), "s1": ("stranger", (2, 0)), "a1": ("animal", (2, 0))},
        [((1, 0), "barrier", 1), ((1, 0), "trap", 1)],
    )


def test_obstructed_paths_example():
    """Rulebook example: the players stop the beast with the barrier (removed), give the trap's
    damage to the stranger (killed: no ranged attack, unknown.enemy.obstructed.trap-kill-no-trigger)
    and the animal (speed 2) goes on to the survivor and close combat."""
    state = three_enemies_moving_left()
    decide = choices(BarrierStops((1, 0), "b1"), TrapHits((1, 0), "s1"))
    state, events, nodes = run_phase(state, "enemy_movement", decide)
    assert [n.clause for n in nodes] == [
        "unknown.enemy.obstructed.barrier",
        "unknown.enemy.obstructed.trap",
    ]
    assert {d.enemy for d in nodes[0].legal} == {"a1", "b1", "s1"}
    assert {d.enemy for d in nodes[1].legal} == {"a1", "s1"}
    assert at(state, "b1") == (2, 0)
    assert at(state, "s1") is None
    assert at(state, "a1") == (0, 0)
    assert tokens(state, (1, 0), "barrier") == 0
    assert tokens(state, (1, 0), "trap") == 0
    assert "ranged_attack" not in kinds(events)
    assert state.position.survivor("y").health == "healthy"
    state, _, _ = run_phase(state, "enemy_main")
    state, _, _ = run_phase(state, "enemy_combat")
    assert at(state, "a1") is None
    assert state.position.survivor("y").health == "injured"


def test_obstructed_paths_a_stranger_that_survives_the_trap_shoots_after_entering():
    state = three_enemies_moving_left()
    decide = choices(BarrierStops((1, 0), "b1"), TrapHits((1, 0), "a1"))
    state, events, _ = run_phase(state, "enemy_movement", decide)
    assert at(state, "a1") is None
    assert at(state, "s1") == (1, 0)
    assert [e.get("trigger") for e in events if e.kind == "ranged_attack"] == ["enter"]
    assert state.position.survivor("y").health == "injured"


def test_barriers_enough_for_every_entering_enemy_stop_them_all_without_a_choice():
    state = make(
        row("scrap", "food", "ammo"),
        {"y": (0, 0)},
        {"b1": ("beast", (2, 0)), "a1": ("animal", (2, 0))},
        [((1, 0), "barrier", 2)],
    )
    state, _, nodes = run_phase(state, "enemy_movement")
    assert nodes == []
    assert (at(state, "b1"), at(state, "a1")) == ((2, 0), (2, 0))
    assert tokens(state, (1, 0), "barrier") == 0


def test_a_barrier_choice_must_name_an_entering_enemy():
    state, _ = GAME.settle(three_enemies_moving_left())
    assert isinstance(state.pending[0], MoveEnemies)
    for wrong in (
        BarrierStops((1, 0), "nobody"),
        BarrierStops((2, 0), "b1"),
        TrapHits((1, 0), "b1"),
    ):
        with pytest.raises(IllegalDecision) as refused:
            GAME.apply(state, wrong)
        assert refused.value.clause == "unknown.enemy.obstructed.barrier"


def test_traps_go_on_hitting_an_enemy_that_is_not_yet_killed():
    """unknown.enemy.obstructed.trap: until no trap is left or every enemy is killed or stunned;
    the devourer (2 health) takes both traps."""
    tiles = {**row("base", "food", "devourer"), (0, 1): "scrap"}
    state = make(tiles, {"y": (0, 1)}, {"d1": ("devourer", (2, 0))}, [((1, 0), "trap", 2)])
    state, _, _ = run_phase(state, "enemy_movement")
    assert at(state, "d1") is None
    assert tokens(state, (1, 0), "trap") == 0


def test_a_brute_stunned_by_a_trap_stops_on_the_tile():
    state = make(
        row("scrap", "food", "ammo", "brute"),
        {"y": (0, 0)},
        {"k1": ("brute", (3, 0))},
        [((2, 0), "trap", 1)],
    )
    state, events, _ = run_phase(state, "enemy_movement")
    brute = state.position.enemies[0]
    assert (brute.at, brute.stunned) == ((2, 0), True)


def test_a_survivor_on_the_way_ends_the_move():
    """unknown.enemy.obstructed.survivor and unknown.combat.ends-move: the behemoth (speed 3,
    targets base) meets a survivor on its first step and stops there."""
    state = make(
        row("behemoth", "food", "ammo", "base"), {"y": (1, 0)}, {"h1": ("behemoth", (0, 0))}
    )
    state, events, _ = run_phase(state, "enemy_movement")
    assert at(state, "h1") == (1, 0)
    assert [e.clause for e in events if e.kind == "move_ended"] == [
        "unknown.enemy.obstructed.survivor"
    ]


def test_entering_base_ends_the_move_and_base_defense_follows():
    """unknown.combat.trigger (base), unknown.combat.ends-move, unknown.enemy.enters-empty-base."""
    state = make(row("animal", "base", "scrap"), {"y": (2, 0)}, {"a1": ("animal", (0, 0))}, food=5)
    state, _, _ = run_phase(state, "enemy_movement")
    assert at(state, "a1") == (1, 0)
    state, _, _ = run_phase(state, "enemy_combat")
    assert at(state, "a1") is None
    assert count(state.base, "food") == 2


def test_the_devourer_leaves_a_barrier_on_each_tile_it_exits():
    state = make(
        row("base", "food", "ammo", "devourer"), {"y": (0, 0)}, {"d1": ("devourer", (3, 0))}
    )
    state, events, _ = run_phase(state, "enemy_movement")
    assert at(state, "d1") == (2, 0)
    assert tokens(state, (3, 0), "barrier") == 1
    assert "barrier_left" in kinds(events)


def test_the_devourer_leaves_its_barrier_even_when_a_trap_kills_it_entering():
    state = make(
        row("base", "food", "ammo", "devourer"),
        {"y": (0, 0)},
        {"d1": {"kind": "devourer", "at": (3, 0), "damage": 1}},
        [((2, 0), "trap", 1)],
    )
    state, _, _ = run_phase(state, "enemy_movement")
    assert at(state, "d1") is None
    assert tokens(state, (3, 0), "barrier") == 1


def test_moves_are_simultaneous_a_follower_entering_as_the_devourer_leaves_is_not_stopped():
    """Engine reading of unknown.enemy.path.simultaneous: enemies step in lockstep and meet a
    tile's barriers before anyone leaves, so the beast entering the tile the devourer exits in
    the same step is not stopped by the devourer's new barrier."""
    state = make(
        row("base", "food", "devourer", "beast"),
        {"y": (0, 0)},
        {"d1": ("devourer", (2, 0)), "b1": ("beast", (3, 0))},
    )
    state, _, _ = run_phase(state, "enemy_movement")
    assert (at(state, "d1"), at(state, "b1")) == ((1, 0), (2, 0))
    assert tokens(state, (2, 0), "barrier") == 1


# -- the stranger --------------------------------------------------------------------------------


STRANGER_ROW = row("scrap", "food", "ammo", "medicine", "stranger")


def my_turn(state: UnknownState, who: str = "y") -> UnknownState:
    survivor = replace(state.position.survivor(who), ap=5)
    return replace(
        state.with_position(state.position.with_survivor(survivor)),
        phase="survivor_actions",
        turn=who,
        done=(),
    )


def test_a_survivor_moving_into_the_strangers_reach_is_shot():
    """unknown.enemy.stranger.ranged-trigger: coming within range 2 and sight by a move action."""
    state = my_turn(make(STRANGER_ROW, {"y": (0, 0)}, {"s1": ("stranger", (4, 0))}))
    state = GAME.apply(state, Move("y", (1, 0))).state
    assert state.position.survivor("y").health == "healthy"
    step = GAME.apply(state, Move("y", (2, 0)))
    assert step.state.position.survivor("y").health == "injured"
    assert [e.clause for e in step.events if e.kind == "ranged_attack"] == [
        "unknown.enemy.stranger.ranged-trigger"
    ]
    # Already within reach: moving closer is not coming into it.
    step = GAME.apply(step.state, Move("y", (3, 0)))
    assert "ranged_attack" not in kinds(step.events)


def test_the_fortified_base_blocks_the_strangers_sight():
    """Rulebook example: the stranger cannot see into base (unknown.los.fortified-blocks)."""
    tiles = {(0, 0): "base", (1, 0): "food", (2, 0): "stranger", (0, 1): "scrap", (0, 2): "ammo"}
    state = my_turn(make(tiles, {"y": (0, 2)}, {"s1": ("stranger", (2, 0))}))
    state = GAME.apply(state, Move("y", (0, 1))).state
    step = GAME.apply(state, Move("y", (0, 0)))
    assert "ranged_attack" not in kinds(step.events)
    assert step.state.position.survivor("y").health == "healthy"


def test_a_stunned_stranger_does_not_shoot():
    state = my_turn(
        make(
            STRANGER_ROW, {"y": (1, 0)}, {"s1": {"kind": "stranger", "at": (4, 0), "stunned": True}}
        )
    )
    step = GAME.apply(state, Move("y", (2, 0)))
    assert step.state.position.survivor("y").health == "healthy"


def test_stranger_example_it_moves_forward_and_the_players_pick_who_is_shot():
    """Rulebook example: after its move the stranger shoots once; the players assign the 1 damage
    to either survivor in reach."""
    tiles = {
        (0, 0): "scrap",
        (1, 0): "food",
        (2, 0): "ammo",
        (3, 0): "stranger",
        (2, 1): "lab",
        (2, 2): "bunker",
    }
    state = make(tiles, {"y": (0, 0), "g": (2, 2)}, {"s1": ("stranger", (3, 0))})

    def decide(node: Any) -> object:
        if isinstance(node, ChanceNode):
            return node.outcomes[0][0]
        assert {d.survivor for d in node.legal} == {"g", "y"}
        assert node.clause == "unknown.enemy.stranger.ranged"
        return ShotLands("s1", "g")

    state, events, nodes = run_phase(state, "enemy_movement", decide)
    assert at(state, "s1") == (2, 0)
    assert state.position.survivor("g").health == "injured"
    assert state.position.survivor("y").health == "healthy"
    assert sum(1 for e in events if e.kind == "ranged_attack") == 1


def test_knockback_into_the_strangers_reach_sets_off_a_shot():
    tiles = row("food", "scrap", "ammo", "medicine", "lab", "stranger")
    state = make(tiles, {"y": (1, 0)}, {"s1": ("stranger", (5, 0))}, phase="survivor_actions")
    state = replace(state, pending=(Knockback((0, 0), 2, ("y",)),))
    state, events, nodes = resolve(state, lambda node: max(node.legal, key=lambda d: d.to))
    assert state.position.survivor("y").at == (3, 0)
    assert state.position.survivor("y").health == "injured"


def test_a_stranger_pushed_by_hazard_knockback_enters_a_tile_and_shoots():
    """Enemies suffer hazard knockback (unknown.knockback.hazard-affects-enemies); the stranger
    then has entered a tile (unknown.enemy.stranger.ranged-trigger, engine reading)."""
    tiles = row("food", "stranger", "ammo", "medicine", "lab", "scrap")
    state = make(tiles, {"y": (5, 0)}, {"s1": ("stranger", (1, 0))}, phase="survivor_actions")
    state = replace(state, pending=(Knockback((0, 0), 2, ("s1",)),))
    state, events, _ = resolve(state, lambda node: max(node.legal, key=lambda d: d.to))
    assert at(state, "s1") == (3, 0)
    assert [e.get("trigger") for e in events if e.kind == "ranged_attack"] == ["enter"]
    assert state.position.survivor("y").health == "injured"


def test_a_shot_at_nobody_in_reach_is_lost():
    state = make(
        STRANGER_ROW, {"y": (0, 0)}, {"s1": ("stranger", (4, 0))}, phase="survivor_actions"
    )
    state = replace(state, pending=(StrangerShot("s1", "spawn"),))
    state, events, _ = resolve(state)
    assert kinds(events) == ["no_shot"]


# -- enemy main and enemy combat ---------------------------------------------------------------------


def test_a_brute_recovering_on_a_survivors_tile_fights_in_enemy_combat():
    """unknown.turn.enemy-main and unknown.combat.trigger (recovery)."""
    state = make(
        row("scrap", "food"),
        {"y": (0, 0)},
        {"k1": {"kind": "brute", "at": (0, 0), "stunned": True}},
    )
    state, events, _ = run_phase(state, "enemy_main")
    assert not state.position.enemies[0].stunned
    assert state.pending == ()
    assert "close_combat" in kinds(events)
    state, _, _ = run_phase(state, "enemy_combat")
    # y deals 1 (the brute is stunned: the fight is over), the brute deals 1.
    assert state.position.enemies[0].stunned
    assert state.position.survivor("y").health == "injured"


def test_enemy_combat_fights_on_every_tile_with_a_fight():
    state = make(
        row("scrap", "food", "ammo"),
        {"y": (0, 0), "g": (2, 0)},
        {"b1": ("beast", (0, 0)), "b2": ("beast", (2, 0))},
    )
    state = replace(state, phase="enemy_combat")
    state, _ = ENEMY_PHASES["enemy_combat"](GAME.rules, state)
    assert state.pending == (CloseCombat((0, 0)), CloseCombat((2, 0)), PhaseEnd("enemy_combat"))


def test_a_phase_with_pending_effects_runs_once_and_the_round_moves_on():
    state = three_enemies_moving_left()
    state, _ = GAME.settle(state)
    assert isinstance(state.pending[0], MoveEnemies)
    state = GAME.apply(state, BarrierStops((1, 0), "b1")).state
    state = GAME.apply(state, TrapHits((1, 0), "s1")).state
    # The rest needs no decision: movement ends, main, combat (animal vs y), upkeep, next round.
    assert state.phase == "survivor_actions" and state.round == 2
    assert at(state, "b1") == (2, 0)


# -- every chance node is exact ----------------------------------------------------------------------

TILE_NAMES = ("scrap", "food", "ammo", "medicine", "lab", "muddy", "blocked")
KINDS = ("animal", "beast", "monster", "stranger", "devourer", "brute", "behemoth")


@st.composite
def battlefields(draw: Any) -> UnknownState:
    """A random strip map (no 2x2 possible: two rows, alternate columns joined) with base, a few
    survivors, enemies, barriers and traps."""
    width = draw(st.integers(3, 6))
    spots = [(x, 0) for x in range(width)]
    spots += [(x, 1) for x in range(width) if x % 2 == 0 and draw(st.booleans())]
    names = {s: draw(st.sampled_from(TILE_NAMES)) for s in spots}
    names[(0, 0)] = "base"
    survivors = {
        f"s{i}": (draw(st.sampled_from(spots)), draw(st.sampled_from(["healthy", "incapacitated"])))
        for i in range(draw(st.integers(1, 3)))
    }
    enemies = {
        f"e{i}": (draw(st.sampled_from(KINDS)), draw(st.sampled_from(spots)))
        for i in range(draw(st.integers(1, 4)))
    }
    marks = [
        (draw(st.sampled_from(spots)), kind, draw(st.integers(1, 2)))
        for kind in ("barrier", "trap")
        for _ in range(draw(st.integers(0, 2)))
    ]
    merged: dict[tuple[Coord, str], int] = {}
    for spot, kind, n in marks:
        merged[(spot, kind)] = merged.get((spot, kind), 0) + n
    return make(names, survivors, enemies, [(s, k, n) for (s, k), n in merged.items()], food=30)


@settings(max_examples=60, deadline=None)
@given(battlefields(), st.integers(0, 2**16))
def test_every_chance_node_of_the_enemy_phases_sums_to_exactly_one(state, seed):
    rng = random.Random(seed)

    def decide(node: Any) -> object:
        if isinstance(node, ChanceNode):
            return rng.choice([d for d, _ in node.outcomes])
        assert isinstance(node, PlayerNode) and node.legal, node
        return rng.choice(node.legal)

    for phase in ("enemy_upkeep", "enemy_movement", "enemy_main", "enemy_combat"):
        state, _, nodes = run_phase(state, phase, decide)
        if state.outcome is not None:
            break
        state = replace(
            state, pending=tuple(p for p in state.pending if not isinstance(p, PhaseEnd))
        )
        for node in nodes:
            if isinstance(node, ChanceNode):
                assert chance_total(node) == 1
                assert len({d for d, _ in node.outcomes}) == len(node.outcomes)
    for enemy in state.position.enemies:
        assert enemy.at in state.position.tile_at
    assert all(t.count > 0 for t in state.position.tokens)


@settings(max_examples=40, deadline=None)
@given(battlefields(), st.integers(1, 3))
def test_every_green_spawn_chance_node_sums_to_exactly_one(state, n):
    for lair in [t.at for t in state.position.tiles]:
        found = nearest_hazards(state, lair, n)
        lists = [o.spots for o, _ in found.outcomes] if isinstance(found, ChanceNode) else [found]
        if isinstance(found, ChanceNode):
            assert chance_total(found) == 1
        for spots in lists:
            assert len(spots) in (0, n)
            reachable = {s for s in spots}
            assert len(set(spots)) == min(n, max(len(reachable), len(set(spots))))


def test_mid_phase_states_name_their_effects_and_read_back():
    state = three_enemies_moving_left()
    state, _ = ENEMY_PHASES["enemy_movement"](GAME.rules, state)
    seen = []
    while state.pending and not isinstance(state.pending[0], PhaseEnd):
        seen.append(type(state.pending[0]))
        assert read_back(state) == state
        step = state.pending[0].settle(GAME.rules, state)
        if step is None:
            node = GAME.node(state)
            state, _ = state.pending[0].apply(GAME.rules, state, node.legal[0])
        else:
            state, _ = step
    assert {ChooseTargets, ChoosePaths, MoveEnemies} <= set(seen)


def test_the_enemies_table_gives_each_special_ability_to_its_enemy():
    from engine.unknown.catalog import ENEMY_ABILITIES, enemy_kinds

    given_to = {
        ability: sorted(name for name, kind in enemy_kinds().items() if getattr(kind, ability))
        for ability in ENEMY_ABILITIES
    }
    assert given_to == {
        "ranged": ["stranger"],
        "damages_whole_tile": ["behemoth"],
        "unlimited_damage": ["mission_behemoth"],
        "skips_base_defense": ["brute"],
        "leaves_barriers": ["devourer"],
        "heals_in_upkeep": ["devourer"],
        "unharmed_by_damage": ["mission_behemoth"],
        "reaching_base_loses": ["mission_behemoth"],
        "canister_target": ["behemoth", "mission_behemoth"],
    }
    assert enemy_kinds()["stranger"].ranged == 2


@pytest.mark.parametrize(
    "row",
    [
        {"flies": True},
        {"ranged": True},
        {"heals_in_upkeep": "yes"},
        {"target": "food"},
    ],
)
def test_an_enemy_row_with_an_unknown_or_mistyped_ability_is_refused(row):
    from engine.unknown.catalog import _enemy

    plain = {"health": 1, "speed": 1, "target": "survivor", "clauses": []}
    with pytest.raises(ValueError):
        _enemy("odd", {**plain, **row})
