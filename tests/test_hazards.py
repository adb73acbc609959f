"""Exploring a tile and every hazard (rulebook: Tiles - Instant Effect, Knockback, Impassable
Tile, Fortified Tile; Hazards; Actions - Explore).

Maps are drawn like the scenarios' tables: first row north, bottom row y = 0, left column x = 0,
``.`` for no tile, ``@id`` a survivor, ``!kind:id`` an enemy, ``+token[*n]`` tokens. Every expected
value is worked out from the rulebook's words (the figures are missing, so each example's layout
is an assumption stated in the test). Unless a test says otherwise it is yellow's turn with 3 AP,
every other survivor still waiting for its turn, and the tile stack holds just the drawn tile.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from engine.core.errors import IllegalDecision
from engine.core.game import PlayerNode
from engine.unknown.actions.clear import ClearTile
from engine.unknown.actions.explore import Explore, FaceKnockback, IgnoreKnockback, PlaceAt
from engine.unknown.actions.move import Move
from engine.unknown.files import load_state, save_state
from engine.unknown.game import UnknownGame
from engine.unknown.hazards import ObjectivesTo, hazard_reach
from engine.unknown.hazards.blaze import rekindle
from engine.unknown.knockback import KnockTo
from engine.unknown.map import is_passable
from engine.unknown.position import Coord, UnknownPosition
from engine.unknown.ruleset import DEFAULT
from engine.unknown.state import TileStack, UnknownState, bag
from engine.unknown.turn.round import StartTurn
from tests.steps.unknown_map import map_from_table

GAME = UnknownGame()


class Readings:
    """The default ruleset with some readings changed, including readings the ledger does not
    list yet (the engine asks for those with ``getattr(ruleset, name, default)``)."""

    def __init__(self, **readings: str) -> None:
        self.extra = {k.replace("-", "_"): v for k, v in readings.items()}

    def __getattr__(self, name: str) -> Any:
        if name in self.extra:
            return self.extra[name]
        return getattr(DEFAULT, name)


def game_with(**readings: str) -> UnknownGame:
    """An engine under ``readings``: through the ruleset when it knows them, else a stand-in."""
    try:
        return UnknownGame(DEFAULT.with_readings(**readings))
    except ValueError:
        game = UnknownGame()
        game.ruleset = game.rules.ruleset = Readings(**readings)  # type: ignore[assignment]
        return game


def drawn(text: str) -> tuple[UnknownPosition, dict[str, Coord]]:
    rows = [
        [c.strip() for c in line.strip().strip("|").split("|")]
        for line in text.strip().splitlines()
    ]
    return map_from_table(rows)


def turn_of(
    position: UnknownPosition,
    stack: tuple[str, ...] = (),
    who: str = "yellow",
    ap: int = 3,
    goods: dict[str, int] | None = None,
    health: dict[str, str] | None = None,
) -> UnknownState:
    """``who``'s turn in the survivor actions phase, with ``stack`` on top of the tile stack."""
    for survivor in position.survivors:
        changes: dict[str, Any] = {"health": (health or {}).get(survivor.id, "healthy")}
        if survivor.id == who:
            changes.update(ap=ap, goods=bag(goods or {}))
        position = position.with_survivor(replace(survivor, **changes))
    return UnknownState(
        position,
        phase="survivor_actions",
        turn=who,
        stack=TileStack(top=stack),
        base=bag({"food": 5}),
    )


def step(state: UnknownState, decision: object, game: UnknownGame = GAME) -> UnknownState:
    return game.apply(state, decision).state


def explore(
    state: UnknownState, at: Coord, who: str = "yellow", game: UnknownGame = GAME
) -> tuple[UnknownState, tuple]:
    """Explore with ``who`` and place the drawn tile at ``at`` when the players are asked."""
    first = game.apply(state, Explore(who))
    node = game.node(first.state)
    if isinstance(node, PlayerNode) and PlaceAt(at) in node.legal:
        second = game.apply(first.state, PlaceAt(at))
        return second.state, first.events + second.events
    return first.state, first.events


def choices(state: UnknownState, game: UnknownGame = GAME) -> set:
    node = game.node(state)
    assert isinstance(node, PlayerNode), node
    return set(node.legal)


def ends(state: UnknownState, who: str, game: UnknownGame = GAME) -> set[Coord]:
    """Where the players may end ``who``'s knockback now."""
    legal = choices(state, game)
    assert all(isinstance(d, KnockTo) and d.who == who for d in legal), legal
    return {d.to for d in legal}


def on_turn(state: UnknownState, who: str = "yellow") -> bool:
    """Nothing pending: the survivor on turn chooses its next action."""
    node = GAME.node(state)
    return not state.pending and isinstance(node, PlayerNode) and node.player == who


def enemy_on(state: UnknownState, at: Coord) -> str:
    (enemy,) = state.position.enemies_at(at)
    return enemy.id


def tokens(state: UnknownState, at: Coord) -> dict[str, int]:
    return dict(state.position.tokens_at.get(at, {}))


def cleared(state: UnknownState) -> set[Coord]:
    return {t.at for t in state.position.tiles if t.cleared}


def survivor_ids(state: UnknownState) -> set[str]:
    return {s.id for s in state.position.survivors}


def clauses(events: tuple) -> set[str]:
    return {e.clause for e in events}


# ------------------------------------------------------------------------------------ knockback
# Quick-start Flood: Yellow pays 1 AP to explore the Flood (knockback 3) and is knocked back
# until 3 tiles lie between him and it. Assumed: a corridor east then north.
QUICK_START = """
| .  | .             | .    | food     | base |
| .  | scrap @yellow | ammo | medicine | .    |
"""


def test_quick_start_flood_leaves_three_tiles_between_the_explorer_and_the_flood():
    position, _ = drawn(QUICK_START)
    state, events = explore(turn_of(position, ("flood",)), (0, 0))
    # 3 tiles between him and the flood: [1,0], [2,0], [3,0]; he stands on [3,1], range 4.
    assert state.position.survivor("yellow").at == (3, 1)
    # Knockback costs no AP: only the explore's 1 AP is spent.
    assert state.position.survivor("yellow").ap == 2
    assert on_turn(state)
    assert "unknown.knockback.flee" in clauses(events)


def test_an_incapacitated_survivor_ignores_the_flood():
    position, _ = drawn(QUICK_START.replace("| ammo |", "| ammo @blue |"))
    state, _ = explore(turn_of(position, ("flood",), health={"blue": "incapacitated"}), (0, 0))
    assert state.position.survivor("blue").at == (2, 0)
    assert state.position.survivor("yellow").at == (3, 1)


# Knockback example, dual spawn. Assumed: a row - the spot yellow explores (the animal tile),
# yellow's tile (tile 1), tile 3, the hazard tile (Broken), base; tile 2 a dead end north of
# tile 1. Both animals have knockback 2; the one on the animal tile is nearer, so it comes first.
DUAL_SPAWN = """
| . | food #2          | .       | .              | .    |
| . | scrap @yellow #1 | ammo #3 | broken #hazard | base |
"""
ANIMAL, TILE1, TILE2, TILE3, HAZARD = (0, 0), (1, 0), (1, 1), (2, 0), (3, 0)


def dual_spawn() -> UnknownState:
    position, _ = drawn(DUAL_SPAWN)
    state, _ = explore(turn_of(position, ("animal",)), ANIMAL)
    return state


def test_dual_spawn_puts_one_animal_on_the_lair_and_one_on_the_nearest_hazard():
    state = dual_spawn()
    assert {(e.kind, e.at) for e in state.position.enemies} == {
        ("animal", ANIMAL),
        ("animal", HAZARD),
    }
    # Spawned when explored, not in enemy upkeep: they will move this round.
    assert not any(e.fresh for e in state.position.enemies)


def test_dual_spawn_first_knockback_offers_tile_2_tile_3_or_the_hazard_tile():
    assert ends(dual_spawn(), "yellow") == {TILE2, TILE3, HAZARD}


def test_dual_spawn_moving_onto_the_hazard_tile_kills_the_animal_and_cancels_its_knockback():
    state = step(dual_spawn(), KnockTo("yellow", HAZARD))
    # Close combat: yellow deals 1 to the animal (health 1, killed), the animal 1 to yellow.
    assert state.position.enemies_at(HAZARD) == ()
    assert state.position.survivor("yellow").health == "injured"
    assert state.position.survivor("yellow").at == HAZARD
    assert on_turn(state)  # no second knockback is asked for


def test_dual_spawn_tile_2_is_out_of_range_of_the_second_knockback():
    state = step(dual_spawn(), KnockTo("yellow", TILE2))
    # From tile 2 the hazard tile is 3 away, beyond a knockback of 2.
    assert state.position.survivor("yellow").at == TILE2
    assert on_turn(state)


def test_dual_spawn_from_tile_3_the_second_knockback_may_be_ignored_or_taken():
    state = step(dual_spawn(), KnockTo("yellow", TILE3))
    second = enemy_on(state, HAZARD)
    assert choices(state) == {FaceKnockback("yellow", second), IgnoreKnockback("yellow", second)}
    ignored = step(state, IgnoreKnockback("yellow", second))
    assert ignored.position.survivor("yellow").at == TILE3
    assert on_turn(ignored)
    taken = step(state, FaceKnockback("yellow", second))
    # Tile 2, the animal tile (close combat) or stopping on tile 1 just before the animal.
    assert ends(taken, "yellow") == {TILE2, ANIMAL, TILE1}
    fought = step(taken, KnockTo("yellow", ANIMAL))
    assert fought.position.enemies_at(ANIMAL) == ()
    assert fought.position.survivor("yellow").health == "injured"
    assert on_turn(fought)


def test_a_state_waiting_on_overlapping_knockbacks_saves_and_loads_unchanged(tmp_path):
    state = step(dual_spawn(), KnockTo("yellow", TILE3))
    assert load_state(save_state(state, tmp_path / "waiting.yaml")) == state


# Knockback example, Flood with the animal. Assumed: a row - the Flood, yellow's tile, the
# animal's tile, tile 2 (a dead end); tile 1 a dead end north of yellow.
FLOOD_ANIMAL = """
| . | food #1       | .                    | .           |
| . | scrap @yellow | ammo !animal:a1      | medicine #2 |
"""


def test_flood_knocks_the_animal_to_tile_2_then_the_survivor_chooses():
    position, _ = drawn(FLOOD_ANIMAL)
    state, _ = explore(turn_of(position, ("flood",)), (0, 0))
    assert state.position.piece("a1").at == (3, 0)
    # Tile 1, tile 2 (close combat with the animal) - or stopping short of it on its old tile.
    assert ends(state, "yellow") == {(1, 1), (3, 0), (2, 0)}
    fought = step(state, KnockTo("yellow", (3, 0)))
    assert "a1" not in {e.id for e in fought.position.enemies}


def test_several_pieces_fleeing_one_knockback_follow_the_mover_order_reading():
    position, _ = drawn(FLOOD_ANIMAL)
    game = game_with(**{"knockback-mover-order": "nearest-first"})
    state, _ = explore(turn_of(position, ("flood",)), (0, 0), game=game)
    # Yellow, the nearer piece, flees first: the animal still stands next to him.
    assert state.position.piece("a1").at == (2, 0)
    assert ends(state, "yellow", game) == {(1, 1), (2, 0), (1, 0)}


# No figure: yellow explores an animal lair west of her; the nearest hazard (Muddy) is just east
# of her, so both animals stand 1 away: the players choose which knockback comes first.
TIED = """
| . | lab           | .     |
| . | food          | .     |
| . | scrap @yellow | muddy |
"""


def test_equally_near_knockbacks_let_the_players_choose_the_order():
    position, _ = drawn(TIED)
    state, _ = explore(turn_of(position, ("animal",)), (0, 0))
    lair, hazard = enemy_on(state, (0, 0)), enemy_on(state, (2, 0))
    assert choices(state) == {FaceKnockback("yellow", lair), FaceKnockback("yellow", hazard)}
    with pytest.raises(IllegalDecision) as refused:
        GAME.apply(state, IgnoreKnockback("yellow", lair))
    assert refused.value.clause == "unknown.knockback.order"
    first = step(state, FaceKnockback("yellow", hazard))
    # Fleeing the Muddy animal: the lair (animal: close combat), staying, or [1, 2].
    assert ends(first, "yellow") == {(0, 0), (1, 0), (1, 2)}
    done = step(first, KnockTo("yellow", (1, 2)))
    assert done.position.survivor("yellow").at == (1, 2)  # 3 from the lair: out of its reach
    assert on_turn(done)


# No figure: yellow explores an Animal lair east of her. A beast stands next to the lair; green
# waits on the nearest hazard (Muddy), where the green-bordered animal appears.
SPAWN_ON_SURVIVOR = """
| food          | .  | muddy @green   |
| scrap @yellow | .  | ammo !beast:b1 |
"""


def test_spawned_enemies_push_survivors_only_and_fight_a_survivor_they_spawn_on():
    position, _ = drawn(SPAWN_ON_SURVIVOR)
    state, events = explore(turn_of(position, ("animal",)), (1, 0))
    # The animal spawning on green's tile fights him (both deal 1: it dies, he is injured).
    assert state.position.survivor("green").health == "injured"
    assert state.position.enemies_at((2, 1)) == ()
    # The beast is not pushed by an enemy's knockback.
    assert state.position.piece("b1").at == (2, 0)
    # Yellow flees the lair's animal (2) north to a dead end; green, 2 from it, has nowhere
    # further to go.
    assert state.position.survivor("yellow").at == (0, 1)
    assert state.position.survivor("green").at == (2, 1)
    assert "unknown.combat.trigger" in clauses(events)
    assert on_turn(state)


def test_identical_knockbacks_from_one_tile_ask_nothing_more():
    # Three monsters (knockback 1 each) spawn on the explored tile.
    position, _ = drawn("| . | scrap @yellow | ammo | medicine |")
    state, _ = explore(turn_of(position, ("monster",)), (0, 0))
    assert len(state.position.enemies_at((0, 0))) == 3
    assert state.position.survivor("yellow").at == (2, 0)  # one tile between him and them
    assert on_turn(state)
    hemmed, _ = drawn("| . | scrap @yellow | blocked |")
    state, _ = explore(turn_of(hemmed, ("monster",)), (0, 0))
    assert state.position.survivor("yellow").at == (1, 0)  # a dead end at once
    assert on_turn(state)


def test_a_hive_spawns_a_monster_on_every_hive():
    position, _ = drawn("| . | scrap @yellow | ammo | hive |")
    state, _ = explore(turn_of(position, ("hive",)), (0, 0))
    assert {(e.kind, e.at) for e in state.position.enemies} == {
        ("monster", (0, 0)),
        ("monster", (3, 0)),
    }


# ------------------------------------------------------------------------------------ Flood
# Flood example. Assumed: the Flood is explored between a scrap tile (west) and yellow's
# medicine tile (east); the Hive (objective) north of it has a food tile behind it; east of
# yellow lie base (fortified), an ammo tile behind it, and a lab.
FLOOD_EXAMPLE = """
| .                     | food +trap | .                                    | .    | .    | .   |
| .                     | hive       | .                                    | .    | .    | .   |
| scrap +food*2 +mission | .         | medicine @yellow                     | base | ammo | lab |
"""


def test_flood_example_hive_and_base_stop_the_water_but_not_the_knockback():
    position, _ = drawn(FLOOD_EXAMPLE)
    state, events = explore(turn_of(position, ("flood",), goods={"food": 1}), (1, 0))
    # The scrap tile (and yellow's own tile) are cleared; the food tile behind the Hive and the
    # ammo tile behind base are not; the Hive and base themselves are untouched.
    assert cleared(state) == {(0, 0), (2, 0)}
    # Loose items on the cleared scrap tile are destroyed, objective tokens excepted.
    assert tokens(state, (0, 0)) == {"mission": 1}
    assert tokens(state, (1, 2)) == {"trap": 1}
    # The survivor is knocked back 3 tiles - across base: 3 tiles lie between him and the Flood.
    assert state.position.survivor("yellow").at == (5, 0)
    # What he carries is safe.
    assert dict(state.position.survivor("yellow").goods) == {"food": 1}
    assert "unknown.hazard.flood.clear-gatherables" in clauses(events)


def test_flood_reaches_only_as_far_as_its_knockback():
    position, _ = drawn("| . | scrap @yellow | ammo | medicine | food | lab |")
    state, _ = explore(turn_of(position, ("flood",)), (0, 0))
    assert cleared(state) == {(1, 0), (2, 0), (3, 0)}  # ranges 1-3; the food tile is 4 away


def test_flood_gatherable_reading_decides_about_a_spawn_pit():
    text = "| . | scrap @yellow | spawn_pit | medicine | food | lab |"
    position, _ = drawn(text)
    state, _ = explore(turn_of(position, ("flood",)), (0, 0))
    assert (2, 0) not in cleared(state)  # a clear cost: the Gather action cannot take it
    assert {(1, 0), (3, 0)} <= cleared(state)  # scrap and medicine tiles with no clear cost
    broad = game_with(**{"flood-gatherable": "has-resources"})
    state, _ = explore(turn_of(position, ("flood",)), (0, 0), game=broad)
    assert (2, 0) in cleared(state)  # it shows food, given when it is cleared


def test_hazard_reach_stops_at_impassable_tiles_and_barriers():
    position, _ = drawn("| flood | scrap | blocked | ammo | food +barrier | lab |")
    assert hazard_reach(position, (0, 0), 3) == {(1, 0): 1}
    position, _ = drawn("| flood | scrap | ammo | food +barrier | lab |")
    assert hazard_reach(position, (0, 0), 4) == {(1, 0): 1, (2, 0): 2}


# ------------------------------------------------------------------------------------ Blaze
# Blaze example. Assumed: yellow stands between two barrier tiles and explores the Blaze north
# of him; green waits on base at the west end. He cannot escape and is removed from the game;
# later green bumps the west barrier away and that tile catches fire.
BLAZE_TRAP = """
| base @green | ammo +barrier | scrap @yellow +food | food +barrier | medicine |
"""


def settle_blazes(state: UnknownState) -> UnknownState:
    """Run what a barrier's removal sets off, whether or not the engine already did it."""
    later = rekindle(GAME.rules, state)
    return GAME.settle(later[0])[0] if later else state


def test_blaze_example_a_survivor_who_cannot_escape_is_removed_from_the_game():
    position, _ = drawn(BLAZE_TRAP)
    state, events = explore(turn_of(position, ("blaze",)), (2, 1))
    assert survivor_ids(state) == {"green"}
    assert tokens(state, (2, 0)) == {"blaze": 1}  # the food token went with him
    # The barrier tiles are impassable: the fire neither lands on them nor crosses them.
    assert tokens(state, (1, 0)) == {"barrier": 1}
    assert tokens(state, (3, 0)) == {"barrier": 1}
    assert not is_passable(state.position, (2, 0))
    assert state.turn is None  # his turn ended with him
    assert "unknown.hazard.blaze.destroy" in clauses(events)

    green = step(state, StartTurn("green"))
    bumped = settle_blazes(step(green, Move("green", (1, 0))))
    assert tokens(bumped, (1, 0)) == {"blaze": 1}  # the barrier is gone; the fire took its place
    assert bumped.position.survivor("green").at == (0, 0)  # 3 from the Blaze: out of reach


def test_a_survivor_removed_after_its_turn_leaves_a_state_that_saves_and_loads(tmp_path):
    # Green explores the Blaze; he and yellow (who has had her turn) are hemmed in by a Blocked
    # tile and burn. Red, out of reach beyond it, still has her turn to take.
    position, _ = drawn("| . | scrap @green @yellow | blocked | medicine @red |")
    state = replace(turn_of(position, ("blaze",), who="green"), done=("yellow",))
    state, _ = explore(state, (0, 0), who="green")
    assert survivor_ids(state) == {"red"}
    assert state.done == () and state.turn is None
    assert choices(state) == {StartTurn("red")}
    assert load_state(save_state(state, tmp_path / "gone.yaml")) == state


def test_blaze_knockback_lets_pieces_run_before_the_fire_lands():
    position, _ = drawn("| . | scrap @yellow | ammo +trap +mission | medicine | lab |")
    state, _ = explore(turn_of(position, ("blaze",)), (0, 0))
    # Everything within 2 range burns; yellow fled (knockback 2) to range 3 first.
    assert tokens(state, (1, 0)) == {"blaze": 1}
    assert tokens(state, (2, 0)) == {"blaze": 1}
    assert state.position.survivor("yellow").at == (3, 0)
    # The trap is destroyed; the mission token goes to the nearest passable tile.
    assert tokens(state, (3, 0)) == {"mission": 1}
    assert on_turn(state)


def test_under_tokens_block_the_fire_lands_first_and_nobody_in_range_escapes():
    position, _ = drawn("| . | scrap @yellow | ammo | medicine | lab |")
    game = game_with(**{"blaze-flight": "tokens-block"})
    state, _ = explore(turn_of(position, ("blaze",)), (0, 0), game=game)
    assert survivor_ids(state) == set()


# Fortified Tile example: a blaze spreading from the left stops at base. Assumed: yellow explores
# the Blaze between her scrap tile and base; green stands on the ammo tile beyond base.
def test_blaze_stops_at_base_but_its_knockback_reaches_across():
    position, _ = drawn("| lab | food | scrap @yellow | . | base | ammo @green | medicine |")
    state, _ = explore(turn_of(position, ("blaze",)), (3, 0))
    alight = {t.at for t in state.position.tokens if t.kind == "blaze"}
    assert alight == {(2, 0), (1, 0)}  # base and the ammo tile behind it do not burn
    assert state.position.survivor("yellow").at == (0, 0)
    assert state.position.survivor("green").at == (6, 0)  # the full knockback still occurs


def test_a_tile_explored_next_to_the_fire_catches_fire():
    position, _ = drawn("""
| .            | .   | blaze        |
| base @yellow | .   | scrap +blaze |
""")
    state, events = explore(turn_of(position, ("ammo",)), (1, 0))
    assert tokens(state, (1, 0)) == {"blaze": 1}  # 2 from the Blaze through the burning tile
    assert state.position.survivor("yellow").at == (0, 0)
    assert "unknown.hazard.blaze.later" in clauses(events)


def test_a_piece_on_a_tile_that_opens_up_later_gets_the_original_knockback():
    # Blue stands under a barrier 2 from the Blaze, which kept the fire off his tile. Yellow
    # bumps the barrier away: the tile catches fire and the Blaze's knockback (2) runs again, so
    # blue flees to the food tile, 3 from the Blaze, before the fire lands.
    position, _ = drawn("""
| .    | blaze        | .                   | .              | .   |
| base | scrap +blaze | ammo +barrier @blue | food @yellow   | lab |
""")
    state = settle_blazes(step(turn_of(position), Move("yellow", (2, 0))))
    assert tokens(state, (2, 0)) == {"blaze": 1}
    assert state.position.survivor("blue").at == (3, 0)
    assert state.position.survivor("yellow").at == (3, 0)
    assert state.position.survivor("yellow").ap == 2  # the bump's 1 AP; knockback costs none


# ------------------------------------------------------------------------------------ Broken
def test_broken_damages_the_explorer_and_puts_him_on_it():
    position, _ = drawn("| base | scrap @yellow | . |")
    state, events = explore(turn_of(position, ("broken",)), (2, 0))
    assert state.position.survivor("yellow").health == "injured"
    assert state.position.survivor("yellow").at == (2, 0)
    assert state.position.survivor("yellow").ap == 1  # 1 for exploring, 1 for becoming injured
    assert "unknown.hazard.broken" in clauses(events)


def test_armor_takes_the_broken_tiles_damage():
    position, _ = drawn("| base | scrap @yellow | . |")
    state, _ = explore(turn_of(position, ("broken",), goods={"armor": 1}), (2, 0))
    assert state.position.survivor("yellow").health == "healthy"
    assert dict(state.position.survivor("yellow").goods) == {}
    assert state.position.survivor("yellow").at == (2, 0)


# ------------------------------------------------------------------------------------ Collapse
def test_collapse_covers_the_explorers_tile_and_knocks_everything_off_it():
    position, _ = drawn("| food | base | scrap @yellow +trap +mission | . |")
    state, events = explore(turn_of(position, ("collapse",)), (3, 0))
    assert state.position.tile_at[(2, 0)].tile == "collapse"
    assert (3, 0) not in state.position.tile_at  # nothing goes on the spot chosen
    assert state.position.survivor("yellow").at == (1, 0)  # one tile off
    assert tokens(state, (2, 0)) == {}  # the trap is removed from the game
    assert tokens(state, (1, 0)) == {"mission": 1}  # the nearest passable tile is base
    assert not is_passable(state.position, (2, 0))
    assert {"unknown.hazard.collapse.placement", "unknown.hazard.collapse.destroy"} <= clauses(
        events
    )
    assert on_turn(state)


def test_collapse_knockback_reading_knockback_1_keeps_one_tile_between():
    position, _ = drawn("| food | base | scrap @yellow | . |")
    game = game_with(**{"collapse-knockback": "knockback-1"})
    state, _ = explore(turn_of(position, ("collapse",)), (3, 0), game=game)
    assert state.position.survivor("yellow").at == (0, 0)


def test_what_cannot_leave_the_collapse_is_removed_from_the_game():
    # Yellow's only neighbour is impassable; blue lies incapacitated beside him.
    position, _ = drawn("| scrap @yellow @blue | blocked | medicine @red |")
    state, _ = explore(turn_of(position, ("collapse",), health={"blue": "incapacitated"}), (0, 1))
    assert survivor_ids(state) == {"red"}
    assert state.turn is None  # yellow's turn ended with him
    assert choices(state) == {StartTurn("red")}


def test_collapse_explored_from_an_objective_tile_goes_on_the_chosen_spot():
    position, _ = drawn("| base | hive @yellow | . |")
    state, _ = explore(turn_of(position, ("collapse",)), (2, 0))
    assert state.position.tile_at[(1, 0)].tile == "hive"
    assert state.position.tile_at[(2, 0)].tile == "collapse"
    # Everything on the tile it was explored from is still knocked back one tile.
    assert state.position.survivor("yellow").at == (0, 0)
    covered_only = game_with(**{"collapse-origin-knockback": "covered-only"})
    state, _ = explore(turn_of(position, ("collapse",)), (2, 0), game=covered_only)
    assert state.position.survivor("yellow").at == (1, 0)


def test_collapse_spares_base_under_the_default_shield_reading():
    position, _ = drawn("| food | base @yellow | . |")
    state, _ = explore(turn_of(position, ("collapse",)), (2, 0))
    assert state.position.tile_at[(1, 0)].tile == "base"
    assert state.position.tile_at[(2, 0)].tile == "collapse"
    literal = game_with(**{"hazard-origin-shield": "objective-only"})
    state, _ = explore(turn_of(position, ("collapse",)), (2, 0), game=literal)
    assert state.position.tile_at[(1, 0)].tile == "collapse"


# ------------------------------------------------------------------------------------ Rockfall
def test_rockfall_example_the_survivor_and_the_trap_move_with_the_tile():
    position, _ = drawn("| base | scrap @yellow +trap | . |")
    state, events = explore(turn_of(position, ("rockfall",)), (2, 0))
    assert state.position.tile_at[(1, 0)].tile == "rockfall"
    assert state.position.tile_at[(2, 0)].tile == "scrap"
    assert state.position.survivor("yellow").at == (2, 0)
    assert tokens(state, (2, 0)) == {"trap": 1}
    assert tokens(state, (1, 0)) == {"barrier": 3}
    assert {"unknown.hazard.rockfall.swap", "unknown.hazard.rockfall.barriers"} <= clauses(events)


def test_rockfall_does_not_move_base():
    position, _ = drawn("| base @yellow | . |")
    state, _ = explore(turn_of(position, ("rockfall",)), (1, 0))
    assert state.position.tile_at[(0, 0)].tile == "base"
    assert tokens(state, (1, 0)) == {"barrier": 3}
    assert state.position.survivor("yellow").at == (0, 0)


# ------------------------------------------------------------------------------------ Muddy
def test_starting_a_turn_on_muddy_costs_1_ap():
    position, _ = drawn("| base @green | muddy @yellow |")
    state = replace(turn_of(position), turn=None)
    assert step(state, StartTurn("yellow")).position.survivor("yellow").ap == 2
    hurt = replace(turn_of(position, health={"yellow": "injured"}), turn=None)
    assert step(hurt, StartTurn("yellow")).position.survivor("yellow").ap == 1


def test_moving_onto_muddy_costs_1_ap_more():
    position, _ = drawn("| base @yellow | muddy |")
    state = step(turn_of(position), Move("yellow", (1, 0)))
    assert state.position.survivor("yellow").ap == 1


def test_being_knocked_back_onto_muddy_costs_1_ap():
    position, _ = drawn("| . | scrap @yellow | ammo | medicine | muddy |")
    state, _ = explore(turn_of(position, ("flood",)), (0, 0))
    assert state.position.survivor("yellow").at == (4, 0)
    assert state.position.survivor("yellow").ap == 1


def test_being_knocked_back_across_muddy_costs_1_ap_under_the_default_reading():
    position, _ = drawn("| . | scrap @yellow | muddy | medicine | lab |")
    state, _ = explore(turn_of(position, ("flood",)), (0, 0))
    assert state.position.survivor("yellow").at == (4, 0)
    assert state.position.survivor("yellow").ap == 1
    end_only = game_with(**{"muddy-knockback-route": "end-only"})
    state, _ = explore(turn_of(position, ("flood",)), (0, 0), game=end_only)
    assert state.position.survivor("yellow").ap == 2


# ------------------------------------------------------------------------------------ impassable
@pytest.mark.parametrize("hazard", ["blocked", "bridge", "irradiated", "blaze", "collapse"])
def test_impassable_hazards_cannot_be_entered(hazard):
    position, _ = drawn("| food | base @yellow | . |")
    state, _ = explore(turn_of(position, (hazard,)), (2, 0))
    assert not is_passable(state.position, (2, 0))


@pytest.mark.parametrize(("hazard", "pay"), [("bridge", "scrap"), ("irradiated", "medicine")])
def test_bridge_and_irradiated_clear_for_two_resources(hazard, pay):
    position, _ = drawn("| base @yellow | . |")
    state, _ = explore(turn_of(position, (hazard,), goods={pay: 2}), (1, 0))
    state = step(state, ClearTile("yellow", (1, 0), None))
    assert state.position.tile_at[(1, 0)].cleared
    assert is_passable(state.position, (1, 0))
    assert dict(state.position.survivor("yellow").goods) == {}


def test_blocked_cannot_be_cleared():
    position, _ = drawn("| base @yellow | . |")
    state, _ = explore(turn_of(position, ("blocked",), goods={"scrap": 5}), (1, 0))
    with pytest.raises(IllegalDecision):
        GAME.apply(state, ClearTile("yellow", (1, 0), None))


def test_objective_tokens_go_to_the_nearest_passable_tile_of_the_players_choice():
    # The collapse covers yellow's tile; base and the food tile are both one step away from it.
    position, _ = drawn("""
| .    | food                   |
| base | scrap @yellow +mission |
""")
    state, _ = explore(turn_of(position, ("collapse",)), (2, 0))
    assert ends(state, "yellow") == {(0, 0), (1, 1)}
    state = step(state, KnockTo("yellow", (0, 0)))
    assert choices(state) == {ObjectivesTo((0, 0)), ObjectivesTo((1, 1))}
    state = step(state, ObjectivesTo((1, 1)))
    assert tokens(state, (1, 1)) == {"mission": 1}
    assert tokens(state, (1, 0)) == {}
    assert on_turn(state)


def test_each_hazard_module_registers_what_exploring_its_tile_does():
    # explore and the instant effects ask the registration point; no hazard is named there
    import engine.unknown.actions.explore as explore_module
    import engine.unknown.instant_effects as instant_module
    from engine.unknown.catalog import catalog
    from engine.unknown.hazards import EXPLORE_EFFECTS, explore_effect

    assert explore_effect("base", "lay") is None
    assert {tile: sorted(stages) for tile, stages in EXPLORE_EFFECTS.items()} == {
        "blaze": ["knockback"],
        "broken": ["uncommon"],
        "collapse": ["after_knockback", "knockback", "lay", "spot_fixed"],
        "flood": ["uncommon"],
        "rockfall": ["lay", "tokens"],
    }
    for tile, stages in EXPLORE_EFFECTS.items():
        for function in stages.values():
            assert function.__module__ == f"engine.unknown.hazards.{tile}"
    hazards = [name for name, kind in catalog().items() if kind.type == "hazard"]
    for module in (explore_module, instant_module):
        source = Path(module.__file__).read_text(encoding="utf-8")
        assert not [name for name in hazards if f'"{name}"' in source]
