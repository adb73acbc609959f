"""Setting up a game of Unknown (rulebook: Quick Start Setup, Setup, Starting Balance, Playing a
Short Game).

The numbers live in ``data/setup.yaml`` (PRINCIPLES §5): the Starting Balance table, the quick-start
stack, and the box contents the rulebook does not list (marked there as assumptions). This module
turns them into the first :class:`~engine.unknown.state.UnknownState` of a game: base with its four
resource tiles, the survivors on base with their starting goods, base's food, and the shuffled
tile stack, at the start of round 1's survivor actions.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from engine.core.clauses import clause_index
from engine.unknown.catalog import catalog, survivor_cards
from engine.unknown.position import ORTHOGONAL, Coord, PlacedTile, Survivor, UnknownPosition
from engine.unknown.state import Goods, TileStack, UnknownState, add, bag, total

DATA = Path(__file__).resolve().parent / "data" / "setup.yaml"
BASIC_RESOURCES = ("ammo", "food", "medicine", "scrap")
DIFFICULTIES = ("easy", "normal", "hard")
BOX = {"starting_tiles": 50, "hazard_tiles": 21, "enemy_tiles": 15}
"""Tiles of each kind in the box (Game Parts)."""


@dataclass(frozen=True)
class Balance:
    """One row of the Starting Balance table."""

    enemy_tiles: Mapping[str, int]
    food: int
    clause: str


@dataclass(frozen=True)
class MissionSetup:
    """What a mission changes in setup: mission tiles to add and the random enemy draw."""

    name: str
    mission_tiles: Goods = ()
    enemy_tiles: int = 0
    short_mission_tiles: Goods = ()
    short_enemy_tiles: int = 0
    clause: str | None = None


@dataclass(frozen=True)
class QuickStart:
    """The Quick Start Setup: mission, food, survivor pool and the named stack tiles."""

    mission: str
    food: int
    survivor_pool: tuple[str, ...]
    hazards: Goods
    enemies: Goods
    extra_enemies: Mapping[int, Goods]


@dataclass(frozen=True)
class SetupData:
    """``data/setup.yaml``, checked against the tile catalog, the survivor cards and the clauses."""

    balance: Mapping[int, Balance]
    hazard_draw: int
    minimum_survivors: int
    base_neighbours: Mapping[str, Coord]
    colours: tuple[str, ...]
    starting_tiles: Goods
    hazard_tiles: Goods
    enemy_tiles: Goods
    short_removals: Goods
    quick_start: QuickStart
    missions: Mapping[str, MissionSetup]


@cache
def setup_data() -> SetupData:
    """The setup data, loaded and checked once."""
    raw = yaml.safe_load(DATA.read_text(encoding="utf-8"))
    quick = raw["quick_start"]
    data = SetupData(
        balance={
            int(n): Balance(row["enemy_tiles"], row["food"], row["clause"])
            for n, row in raw["starting_balance"].items()
        },
        hazard_draw=raw["hazard_draw"],
        minimum_survivors=raw["minimum_survivors"],
        base_neighbours={k: tuple(v) for k, v in raw["base_neighbours"].items()},
        colours=tuple(raw["colours"]),
        starting_tiles=bag(raw["starting_tiles"]),
        hazard_tiles=bag(raw["hazard_tiles"]),
        enemy_tiles=bag(raw["enemy_tiles"]),
        short_removals=bag(raw["short_game"]["remove"]),
        quick_start=QuickStart(
            mission=quick["mission"],
            food=quick["food"],
            survivor_pool=tuple(quick["survivor_pool"]),
            hazards=bag(quick["hazards"]),
            enemies=bag(quick["enemies"]),
            extra_enemies={int(n): bag(extra) for n, extra in quick["extra_enemies"].items()},
        ),
        missions={name: _mission(name, row) for name, row in raw["missions"].items()},
    )
    _check(data, raw)
    return data


def _mission(name: str, row: dict[str, Any]) -> MissionSetup:
    short = row.get("short") or {}
    tiles = bag(row.get("mission_tiles") or {})
    return MissionSetup(
        name=name,
        mission_tiles=tiles,
        enemy_tiles=row.get("enemy_tiles", 0),
        short_mission_tiles=bag(short.get("mission_tiles") or dict(tiles)),
        short_enemy_tiles=short.get("enemy_tiles", row.get("enemy_tiles", 0)),
        clause=row.get("clause"),
    )


# -- checking the data file -----------------------------------------------------------------------
def _fail(entry: str, problem: str) -> None:
    raise ValueError(f"{DATA}: {entry}: {problem}")


def _check(data: SetupData, raw: dict[str, Any]) -> None:
    """The data agrees with the box, the catalog, the survivor cards and the clause index."""
    for group, box in BOX.items():
        if total(getattr(data, group)) != box:
            _fail(group, f"{total(getattr(data, group))} tiles, but the box holds {box}")
    _check_tile_types(data)
    _check_subsets(data)
    _check_base(data)
    _check_names(data, raw)


def _check_tile_types(data: SetupData) -> None:
    tiles = catalog()
    allowed = {
        "starting_tiles": ("starting", "enemy"),
        "hazard_tiles": ("hazard",),
        "enemy_tiles": ("enemy", "elite_enemy"),
    }
    for group, types in allowed.items():
        for name, _ in getattr(data, group):
            if name not in tiles or tiles[name].type not in types:
                _fail(f"{group}.{name}", f"not a catalog tile of type {' or '.join(types)}")
    for mission in data.missions.values():
        for name, n in (*mission.mission_tiles, *mission.short_mission_tiles):
            kind = tiles.get(name)
            if kind is None or kind.type != "objective" or (kind.count or n) < n:
                _fail(f"missions.{mission.name}", f"{n} {name} tile(s) are not in the catalog")


def _check_subsets(data: SetupData) -> None:
    """Every tile set up, removed or named by the quick start is in the box."""
    remaining = bag((*data.starting_tiles, *((name, -1) for name in data.base_neighbours)))
    _within(remaining, data.short_removals, "short_game.remove")
    quick = data.quick_start
    _within(data.hazard_tiles, quick.hazards, "quick_start.hazards")
    for survivors, extra in quick.extra_enemies.items():
        _within(
            data.enemy_tiles,
            bag((*quick.enemies, *extra)),
            f"quick_start.extra_enemies.{survivors}",
        )


def _within(box: Goods, wanted: Goods, entry: str) -> None:
    for name, n in wanted:
        if dict(box).get(name, 0) < n:
            _fail(f"{entry}.{name}", f"{n} wanted, but only {dict(box).get(name, 0)} in the box")


def _check_base(data: SetupData) -> None:
    spots = sorted(data.base_neighbours.values())
    if sorted(data.base_neighbours) != sorted(BASIC_RESOURCES) or spots != sorted(ORTHOGONAL):
        _fail("base_neighbours", "one tile of each basic resource on each side of base [0, 0]")


def _check_names(data: SetupData, raw: dict[str, Any]) -> None:
    cards = survivor_cards()
    for card in data.quick_start.survivor_pool:
        if card not in cards:
            _fail("quick_start.survivor_pool", f"unknown survivor card {card!r}")
    if len(data.colours) < max(data.balance):
        _fail("colours", f"fewer colours than the {max(data.balance)} survivors of the table")
    index = clause_index("unknown")
    clauses = [b.clause for b in data.balance.values()]
    clauses += [m.clause for m in data.missions.values() if m.clause]
    clauses += raw["short_game"]["clauses"]
    for clause in clauses:
        if clause not in index:
            _fail("clause", f"{clause!r} is not in the clause index")
    for row in data.balance.values():
        if sorted(row.enemy_tiles) != sorted(DIFFICULTIES):
            _fail("starting_balance", f"every row needs {', '.join(DIFFICULTIES)}")


# -- building blocks ------------------------------------------------------------------------------
def starting_stack_tiles(short: bool = False) -> Goods:
    """The starting tiles left for the stack once one of each basic resource is beside base.

    Applies ``unknown.setup.stack.starting`` (and ``unknown.quickstart.stack.starting``); a short
    stack also loses ``unknown.short.remove-resources`` and ``unknown.short.remove-enemies``.
    """
    data = setup_data()
    tiles = data.starting_tiles
    for name in data.base_neighbours:
        tiles = add(tiles, name, -1)
    if short:
        for name, n in data.short_removals:
            tiles = add(tiles, name, -n)
    return tiles


def deal(
    pool: Sequence[str], survivors: int, seed_or_cards: int | Sequence[str]
) -> tuple[str, ...]:
    """``survivors`` distinct cards from ``pool``: the cards given, or a seeded random draw."""
    if isinstance(seed_or_cards, int):
        return tuple(random.Random(seed_or_cards).sample(sorted(pool), survivors))
    cards = tuple(seed_or_cards)
    if len(cards) != survivors:
        raise ValueError(f"{survivors} survivors need {survivors} cards, not {len(cards)}: {cards}")
    if len(set(cards)) != len(cards):
        raise ValueError(f"a survivor card can be dealt only once: {cards}")
    strange = [c for c in cards if c not in pool]
    if strange:
        raise ValueError(f"{', '.join(strange)} not among the cards dealt from: {', '.join(pool)}")
    return cards


def check_survivor_count(survivors: int) -> None:
    """At least 3 survivors (``unknown.setup.survivors.minimum-three``), at most the table's 6."""
    data = setup_data()
    if survivors < data.minimum_survivors:
        raise ValueError(
            f"{survivors} survivors: at least {data.minimum_survivors} survivors play, players "
            "with fewer take more survivors each (unknown.setup.survivors.minimum-three)"
        )
    if survivors > max(data.balance):
        raise ValueError(
            f"{survivors} survivors: the Starting Balance table and the meeple colours stop at "
            f"{max(data.balance)}"
        )


def base_with_survivors(cards: Sequence[str]) -> UnknownPosition:
    """Base at [0, 0], a basic resource tile on each side, and a survivor per card on base.

    Applies ``unknown.setup.base``, ``unknown.setup.colors``, ``unknown.setup.meeples-on-base``
    and ``unknown.setup.starting-resources`` (each card's starting goods).
    """
    data = setup_data()
    tiles = [PlacedTile((0, 0), "base")]
    tiles += [PlacedTile(at, name) for name, at in data.base_neighbours.items()]
    survivors = [
        Survivor(colour, (0, 0), card, goods=survivor_cards()[card].goods)
        for colour, card in zip(data.colours, cards, strict=False)
    ]
    return UnknownPosition(
        tiles=tuple(sorted(tiles, key=lambda t: t.at)),
        survivors=tuple(sorted(survivors, key=lambda s: s.id)),
    )


def _first_round(
    position: UnknownPosition, mission: str, food: int, stack: Goods, unused: Sequence[str]
) -> UnknownState:
    return UnknownState(
        position=position,
        round=1,
        phase="survivor_actions",
        base=bag({"food": food}),
        stack=TileStack(rest=stack),
        mission=mission,
        unused_cards=tuple(sorted(unused)),
    )


# -- the two setups -------------------------------------------------------------------------------
def quick_start_stack(survivors: int) -> Goods:
    """The quick-start stack as a shuffled pool: 46 starting tiles, 13 hazards, 5 enemies (+1 or +2).

    Applies ``unknown.quickstart.stack.starting``, ``unknown.quickstart.stack.hazards``,
    ``unknown.quickstart.stack.enemies``, ``unknown.quickstart.stack.five-survivors``,
    ``unknown.quickstart.stack.six-survivors``, ``unknown.quickstart.stack.no-mission-tiles`` and
    ``unknown.quickstart.stack.shuffle``.
    """
    quick = setup_data().quick_start
    extra = quick.extra_enemies.get(survivors, ())
    return bag((*starting_stack_tiles(), *quick.hazards, *quick.enemies, *extra))


def quick_start_scout(survivors: int, seed_or_cards: int | Sequence[str] = 0) -> UnknownState:
    """The Quick Start Setup of the Scout mission, ready for round 1's survivor actions.

    ``survivors`` is the number of survivors (3 to 6); ``seed_or_cards`` is either the cards
    dealt (from Explorer, Soldier, Doctor, Runner, Hunter, Trader) or a seed for a random deal.
    Applies ``unknown.quickstart.mission``, ``unknown.setup.base``,
    ``unknown.quickstart.starting-food`` (8 food), :func:`quick_start_stack`,
    ``unknown.quickstart.survivor-pool``, ``unknown.quickstart.two-players`` (fewer than 3
    players take more survivors each, so the count is of survivors) and
    ``unknown.setup.starting-resources``.
    """
    check_survivor_count(survivors)
    data = setup_data()
    quick = data.quick_start
    cards = deal(quick.survivor_pool, survivors, seed_or_cards)
    unused = [c for c in survivor_cards() if c not in quick.survivor_pool]
    return _first_round(
        base_with_survivors(cards), quick.mission, quick.food, quick_start_stack(survivors), unused
    )


def standard_setup(
    mission: str,
    survivors: int,
    difficulty: str = "normal",
    seed: int = 0,
    *,
    short: bool = False,
) -> UnknownState:
    """The Setup section for a mission that adds no mission tiles, from a seed.

    Applies ``unknown.setup.mission``, ``unknown.setup.base``, ``unknown.setup.starting-food``
    and the Starting Balance row (``unknown.balance.survivors-N``),
    ``unknown.setup.stack.starting``, ``unknown.setup.stack.hazards`` (13 of the box's hazard
    tiles at random), ``unknown.setup.stack.enemies`` (the table's number of enemy tiles at
    random, changed by the mission's setup line), ``unknown.setup.stack.shuffle``,
    ``unknown.setup.survivors`` (random cards from all 16) and
    ``unknown.setup.starting-resources``; ``short`` builds the short stack
    (``unknown.short.remove-resources``, ``unknown.short.remove-enemies``).

    Missions whose setup adds mission tiles (``unknown.setup.stack.mission-piles``) raise
    ``ValueError``: their separately shuffled piles do not fit a stack of one known top and one
    shuffled pool.
    """
    data = setup_data()
    plan = _mission_plan(mission, short)
    check_survivor_count(survivors)
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"difficulty {difficulty!r}: choose one of {', '.join(DIFFICULTIES)}")
    balance = data.balance[survivors]
    draws = balance.enemy_tiles[difficulty] + (
        plan.short_enemy_tiles if short else plan.enemy_tiles
    )
    rng = random.Random(seed)
    cards = deal(list(survivor_cards()), survivors, rng.randrange(2**32))
    hazards = _draw(rng, data.hazard_tiles, data.hazard_draw)
    enemies = _draw(rng, data.enemy_tiles, max(draws, 0))
    stack = bag((*starting_stack_tiles(short), *hazards, *enemies))
    unused = [c for c in survivor_cards() if c not in cards]
    return _first_round(base_with_survivors(cards), mission, balance.food, stack, unused)


def _mission_plan(mission: str, short: bool) -> MissionSetup:
    missions = setup_data().missions
    if mission not in missions:
        raise ValueError(f"unknown mission {mission!r} (known: {', '.join(sorted(missions))})")
    plan = missions[mission]
    tiles = plan.short_mission_tiles if short else plan.mission_tiles
    if tiles:
        listed = ", ".join(f"{n} {name}" for name, n in tiles)
        raise ValueError(
            f"the {mission} mission adds mission tiles ({listed}), each shuffled into its own "
            "pile of the stack (unknown.setup.stack.mission-piles, unknown.setup.stack.pile-order); "
            "the tile stack models one known-order top and one shuffled pool, not piles, so this "
            "setup is not available yet"
        )
    return plan


def _draw(rng: random.Random, box: Goods, n: int) -> Goods:
    """``n`` tiles drawn at random (without replacement) from the box's copies."""
    copies = [name for name, count in box for _ in range(count)]
    if n > len(copies):
        raise ValueError(f"cannot draw {n} tiles from a box of {len(copies)}")
    return bag((name, 1) for name in rng.sample(copies, n))
