"""Setup of every mission: mission piles, short versions, players, difficulty score, story set.

Expected values come from the rulebook (Setup, Starting Balance, Playing a Short Game,
Difficulty, each mission's setup line and rating, Story Missions) and the readings recorded in
``engine/unknown/data/setup.yaml``.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

import pytest

from engine.unknown.catalog import catalog, survivor_cards
from engine.unknown.setup import (
    difficulty_score,
    mission_piles,
    quick_start_scout,
    standard_setup,
    story_cards,
    survivors_for_players,
)
from engine.unknown.state import TileStack, UnknownState, bag, total

MISSIONS = (
    "activate",
    "behemoth",
    "expand",
    "hive",
    "map",
    "onslaught",
    "refugees",
    "scout",
    "stragglers",
    "water",
)
RATINGS = {
    "activate": 1,
    "behemoth": 5,
    "expand": 6,
    "hive": 9,
    "map": 3,
    "onslaught": 8,
    "refugees": 6,
    "scout": 2,
    "stragglers": 6,
    "water": 6,
}
"""Each mission's difficulty (unknown.mission.<m>.difficulty)."""


@dataclass(frozen=True)
class Reading:
    """A stand-in ruleset carrying a proposed switch not yet in the ledger."""

    survivors_per_player: str = "equal-shares"
    difficulty_score: str = "change-from-normal"


def pools(state: UnknownState) -> list[dict[str, int]]:
    """The stack's piles in draw order (the first is the one being drawn)."""
    return [dict(p) for p in (state.stack.rest, *state.stack.piles)]


def by_type(pile: dict[str, int], kind: str) -> int:
    tiles = catalog()
    return sum(n for name, n in pile.items() if tiles[name].type == kind)


# --- mission piles (unknown.setup.stack.mission-piles, unknown.setup.stack.pile-order) ----------
@pytest.mark.parametrize(
    ("mission", "short", "tile", "piles", "size"),
    [
        # 46 starting tiles (35 short), 13 hazards, Starting Balance for 4 survivors at normal: 6
        ("activate", False, "console", 3, 46 + 13 + 6 + 3),
        ("activate", True, "console", 3, 35 + 13 + 6 + 3),
        ("behemoth", False, "behemoth_mission", 6, 46 + 13 + 6 + 6),
        ("behemoth", True, "behemoth_mission", 5, 35 + 13 + 6 + 5),
        ("hive", False, "hive", 5, 46 + 13 + 6 - 2 + 5),
        ("hive", True, "hive", 4, 35 + 13 + 6 - 2 + 4),
        ("refugees", False, "refugee", 6, 46 + 13 + 6 + 6),
        ("stragglers", True, "refugee", 6, 35 + 13 + 6 + 6),
        ("water", False, "water", 4, 46 + 13 + 6 + 4),
    ],
)
def test_one_pile_per_mission_tile_each_holding_one(mission, short, tile, piles, size):
    state = standard_setup(mission, 4, "normal", seed=3, short=short)
    found = pools(state)
    assert state.stack.size == size
    assert len(found) == piles
    assert [pile.get(tile, 0) for pile in found] == [1] * piles
    assert [by_type(pile, "objective") for pile in found] == [1] * piles
    others = [total(tuple(p.items())) - 1 for p in found]
    assert max(others) - min(others) <= 1, others
    assert others == sorted(others, reverse=True), "the larger piles are drawn first"
    assert state.short is short and state.mission == mission


@pytest.mark.parametrize("mission", ["expand", "map", "onslaught", "scout"])
def test_missions_without_mission_tiles_have_one_pool(mission):
    state = standard_setup(mission, 5, "hard", seed=8)
    assert state.stack.piles == ()
    assert by_type(dict(state.stack.rest), "objective") == 0


@pytest.mark.parametrize(
    ("mission", "short", "enemies"),
    [
        ("hive", False, 7 - 2),  # unknown.mission.hive.setup: 2 fewer random enemy tiles
        ("hive", True, 7 - 2),
        ("onslaught", False, 7 + 5),  # unknown.mission.onslaught.setup: 5 more
        ("onslaught", True, 7 + 4),  # unknown.mission.onslaught.short: 4 more
        ("water", False, 7),
    ],
)
def test_hive_and_onslaught_change_the_random_enemy_draw(mission, short, enemies):
    """5 survivors at normal draw 7 enemy tiles; the starting tiles hold 6 lairs (3 short)."""
    state = standard_setup(mission, 5, "normal", seed=4, short=short)
    lairs_in_starting = 3 if short else 6
    held = sum(by_type(p, "enemy") + by_type(p, "elite_enemy") for p in pools(state))
    assert held == enemies + lairs_in_starting


def test_the_piles_are_drawn_one_after_another():
    """Draining the first pile brings the second up; no tile of a later pile comes earlier."""
    stack = mission_piles(random.Random(1), bag({"food": 5, "ammo": 4}), bag({"water": 3}))
    sizes = [total(stack.rest), *(total(p) for p in stack.piles)]
    assert sizes == [4, 4, 4]
    second = stack.piles[0]
    for name, n in stack.rest:
        for _ in range(n):
            stack = stack.without(name)
    assert stack.rest == second and len(stack.piles) == 1


def test_without_mission_tiles_the_stack_is_one_pool():
    pool = bag({"food": 5})
    assert mission_piles(random.Random(1), pool, ()) == TileStack(rest=pool)


def test_the_short_stack_loses_the_same_tiles_for_a_mission_with_piles():
    full = Counter()
    short = Counter()
    for pile in pools(standard_setup("refugees", 4, seed=2)):
        full.update(pile)
    for pile in pools(standard_setup("refugees", 4, seed=2, short=True)):
        short.update(pile)
    assert full - short == Counter(
        {"ammo": 2, "food": 2, "medicine": 2, "scrap": 2, "beast": 1, "monster": 1, "animal": 1}
    )


def test_water_has_no_short_version():
    with pytest.raises(ValueError, match="water mission has no short version"):
        standard_setup("water", 4, short=True)


def test_setup_is_seeded_for_missions_with_piles():
    assert standard_setup("hive", 4, seed=5) == standard_setup("hive", 4, seed=5)
    assert standard_setup("hive", 4, seed=5).stack != standard_setup("hive", 4, seed=6).stack


# --- tasks -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("task", ["camaraderie", "foraging", "gas_testing", "perimeter", "radio"])
def test_a_task_is_put_in_play_and_adds_no_tiles(task):
    plain = standard_setup("scout", 4, seed=9)
    with_task = standard_setup("scout", 4, seed=9, task=task)
    assert with_task.task == task and not with_task.task_complete
    assert with_task.stack == plain.stack


def test_an_unknown_task_is_refused():
    with pytest.raises(ValueError, match="unknown task 'picnic'"):
        standard_setup("scout", 4, task="picnic")


# --- players (unknown.setup.survivors, unknown.setup.survivors.minimum-three) ----------------------
@pytest.mark.parametrize(
    ("players", "equal", "fewest"),
    [(1, 3, 3), (2, 4, 3), (3, 3, 3), (4, 4, 4), (5, 5, 5), (6, 6, 6)],
)
def test_survivors_per_number_of_players(players, equal, fewest):
    assert survivors_for_players(players) == equal
    assert survivors_for_players(players, Reading(survivors_per_player="equal-shares")) == equal
    assert survivors_for_players(players, Reading(survivors_per_player="fewest")) == fewest


@pytest.mark.parametrize("players", [0, 7])
def test_unknown_is_for_one_to_six_players(players):
    with pytest.raises(ValueError, match="1 to 6 players"):
        survivors_for_players(players)


def test_two_players_set_up_four_survivors_and_the_four_survivor_food():
    state = standard_setup("map", players=2, seed=1)
    assert len(state.position.survivors) == 4
    assert state.base == (("food", 8),)  # unknown.balance.survivors-4
    one = standard_setup("map", players=1, seed=1)
    assert len(one.position.survivors) == 3 and one.base == (("food", 12),)


def test_the_quick_start_takes_players_too():
    assert len(quick_start_scout(players=2, seed_or_cards=4).position.survivors) == 4


def test_survivors_or_players_not_both():
    with pytest.raises(ValueError, match="not both"):
        standard_setup("scout", 4, players=4)
    with pytest.raises(ValueError, match="not both"):
        standard_setup("scout")


# --- difficulty (unknown.difficulty.*) -------------------------------------------------------------
@pytest.mark.parametrize("mission", MISSIONS)
@pytest.mark.parametrize("survivors", [3, 6])
def test_a_normal_game_scores_the_missions_rating(mission, survivors):
    score = difficulty_score(mission, survivors, "normal")
    assert score.score == RATINGS[mission]
    assert difficulty_score(mission, survivors, "easy").score == RATINGS[mission] - 2
    assert difficulty_score(mission, survivors, "hard").score == RATINGS[mission] + 2


def test_tuning_hazards_moves_the_score_half_a_point_each():
    assert difficulty_score("map", 4, hazards=15).score == 3 + 1
    assert difficulty_score("map", 4, hazards=12).score == Fraction(5, 2)


def test_the_absolute_reading_counts_every_random_enemy_and_hazard():
    absolute = Reading(difficulty_score="absolute")
    # scout, 3 survivors, easy: 4 enemy tiles (8 points), 13 hazards (6 1/2), rating 2
    assert difficulty_score("scout", 3, "easy", ruleset=absolute).score == Fraction(33, 2)
    # hive, 4 survivors, normal: 6 - 2 enemy tiles, 13 hazards, rating 9
    hive = difficulty_score("hive", 4, "normal", ruleset=absolute)
    assert hive.score == Fraction(47, 2)
    assert [p for _, p, _ in hive.parts] == [9, 8, Fraction(13, 2)]
    assert "difficulty 23.5" in hive.text()


def test_the_short_version_keeps_the_rating():
    assert difficulty_score("onslaught", 4, short=True).score == 8


# --- story set (Story Missions) --------------------------------------------------------------------
@pytest.mark.parametrize(
    ("mission", "cards"),
    [
        ("scout", ["explorer", "soldier", "doctor", "runner"]),
        ("activate", ["investigator", "scavenger", "captain", "scouts"]),
        ("refugees", ["scavenger", "runner", "captain", "mechanic"]),
        ("onslaught", ["skeptic", "hunter", "tracker", "nurse"]),
        ("map", ["trader", "skeptic", "hunter", "explorer"]),
        ("water", ["doctor", "investigator", "botanist", "scouts"]),  # ledger: story-biologist
        ("expand", ["mechanic", "trader", "tracker", "strategist"]),
        ("behemoth", ["scouts", "strategist", "nurse", "botanist"]),
    ],
)
def test_the_story_set_deals_the_recommended_survivors(mission, cards):
    state = standard_setup(mission, 4, seed=2, story=True)
    assert sorted(s.card for s in state.position.survivors) == sorted(cards)
    assert sorted(state.unused_cards) == sorted(c for c in survivor_cards() if c not in cards)


def test_fewer_story_survivors_are_the_first_listed():
    assert story_cards("map", 3, random.Random(0)) == ("trader", "skeptic", "hunter")


def test_more_story_survivors_add_other_cards_at_random():
    cards = story_cards("scout", 6, random.Random(0))
    assert cards[:4] == ("explorer", "soldier", "doctor", "runner")
    assert len(set(cards)) == 6 and set(cards) <= set(survivor_cards())


@pytest.mark.parametrize("mission", ["hive", "stragglers"])
def test_missions_outside_the_story_set_have_no_story_survivors(mission):
    with pytest.raises(ValueError, match=f"recommends no survivors for {mission}"):
        standard_setup(mission, 4, story=True)


# --- state files -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("mission", "options"),
    [("hive", {}), ("behemoth", {"short": True, "task": "radio"}), ("water", {"story": True})],
)
def test_a_set_up_game_saves_and_loads_unchanged(mission, options):
    """Piles, the short flag and the task survive a trip through a YAML state file."""
    from engine.positions import check_position_data, parse_position_text
    from engine.unknown.files import state_from_data, state_to_text

    state = standard_setup(mission, players=2, seed=3, **options)
    data = parse_position_text(state_to_text(state), "setup.yaml")
    check_position_data(data, "setup.yaml")
    assert state_from_data(data, "setup.yaml") == state
