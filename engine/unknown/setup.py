"""Setting up a game of Unknown (rulebook: Quick Start Setup, Setup, Starting Balance, Playing a
Short Game, Difficulty, Missions, Story Missions).

The numbers live in ``data/setup.yaml`` (PRINCIPLES §5): the Starting Balance table, the quick-start
stack, each mission's setup line and rating, the story set, and the box contents the rulebook does
not list (marked there as assumptions). This module turns them into the first
:class:`~engine.unknown.state.UnknownState` of a game: base with its four resource tiles, the
survivors on base with their starting goods, base's food, and the tile stack - one shuffled pool,
or one shuffled pile per mission tile drawn one after another - at the start of round 1's
survivor actions. :func:`difficulty_score` rates a setup on the rulebook's difficulty scale.

Two switches of the interpretation ledger bear on it (see ``data/setup.yaml``):
``survivors-per-player`` (how many survivors each of 1 or 2 players runs) and ``difficulty-score``
(what the enemy and hazard points count).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from engine.core.clauses import clause_index
from engine.unknown.catalog import catalog, load_yaml, survivor_cards
from engine.unknown.position import ORTHOGONAL, Coord, PlacedTile, Survivor, UnknownPosition
from engine.unknown.ruleset import DEFAULT, LEDGER, Ruleset
from engine.unknown.state import Goods, TileStack, UnknownState, add, bag, total

DATA = Path(__file__).resolve().parent / "data" / "setup.yaml"
BASIC_RESOURCES = ("ammo", "food", "medicine", "scrap")
DIFFICULTIES = ("easy", "normal", "hard")
TASKS = ("camaraderie", "foraging", "gas_testing", "perimeter", "radio")
"""The five task cards (rulebook: Tasks); one may be added to a game (``unknown.task.bonus``)."""
SURVIVORS_PER_PLAYER = ("equal-shares", "fewest")
"""Readings of how many survivors 1 or 2 players run (``data/setup.yaml``: players)."""
DIFFICULTY_SCORES = ("change-from-normal", "absolute")
"""Readings of what the difficulty points count (``data/setup.yaml``: difficulty)."""
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
    rating: int = 0
    rating_clause: str = ""
    has_short: bool = True


@dataclass(frozen=True)
class StoryMission:
    """A story mission's recommended survivors, as survivor cards (Story Missions)."""

    cards: tuple[str, ...]
    clause: str


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
    story_set: Mapping[str, StoryMission]
    story_names: Mapping[str, tuple[str, str]]
    """A name the story set uses that is no card -> (the card it is read as, ledger entry)."""
    players: tuple[int, int]
    enemy_points: int
    hazards_per_point: int


@cache
def setup_data() -> SetupData:
    """The setup data, loaded and checked once."""
    raw = load_yaml(DATA)
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
        story_set={
            name: StoryMission(_story_cards(row["survivors"], raw["story_names"]), row["clause"])
            for name, row in raw["story_set"].items()
        },
        story_names={k: (v["card"], v["ledger"]) for k, v in raw["story_names"].items()},
        players=(raw["players"]["min"], raw["players"]["max"]),
        enemy_points=raw["difficulty"]["enemy_points"],
        hazards_per_point=raw["difficulty"]["hazards_per_point"],
    )
    _check(data, raw)
    return data


def _story_cards(names: Sequence[str], renamed: Mapping[str, Any]) -> tuple[str, ...]:
    """The story set's names as cards: a name that is no card is read as the ledger says."""
    return tuple(renamed[name]["card"] if name in renamed else name for name in names)


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
        rating=row["rating"],
        rating_clause=row["rating_clause"],
        has_short=row.get("short_version", True),
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
    _check_story(data)
    index = clause_index("unknown")
    clauses = [b.clause for b in data.balance.values()]
    clauses += [m.clause for m in data.missions.values() if m.clause]
    clauses += [m.rating_clause for m in data.missions.values()]
    clauses += [story.clause for story in data.story_set.values()]
    clauses += raw["short_game"]["clauses"]
    for clause in clauses:
        if clause not in index:
            _fail("clause", f"{clause!r} is not in the clause index")
    for row in data.balance.values():
        if sorted(row.enemy_tiles) != sorted(DIFFICULTIES):
            _fail("starting_balance", f"every row needs {', '.join(DIFFICULTIES)}")


def _noted_readings() -> dict[str, str]:
    """The ledger's decided readings (its ``noted`` entries) by ID."""
    raw = load_yaml(LEDGER)
    return {entry["id"]: entry["reading"] for entry in raw.get("noted") or ()}


def _check_story(data: SetupData) -> None:
    """Story cards are survivor cards, each renamed one as its ledger entry reads it."""
    cards = survivor_cards()
    ledger = _noted_readings()
    for name, (card, entry) in data.story_names.items():
        if entry not in ledger or card not in ledger[entry].lower():
            _fail(f"story_names.{name}", f"the ledger entry {entry!r} does not read it as {card}")
    for mission, story in data.story_set.items():
        if mission not in data.missions:
            _fail(f"story_set.{mission}", "not a mission")
        strange = [c for c in story.cards if c not in cards]
        if strange or len(set(story.cards)) != len(story.cards):
            _fail(f"story_set.{mission}", f"not distinct survivor cards: {list(story.cards)}")


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


def survivors_for_players(players: int, ruleset: Ruleset = DEFAULT) -> int:
    """How many survivors ``players`` players run (1 to 6 players).

    Applies ``unknown.setup.survivors`` (one survivor card per player) and
    ``unknown.setup.survivors.minimum-three`` (fewer than 3 players take more survivors each until
    there are at least 3), read with the switch ``survivors-per-player``:
    ``equal-shares`` (every player runs as many as the others, as the quick start's two
    players run two each, ``unknown.quickstart.two-players``: 1 player -> 3, 2 players -> 4) or
    ``fewest`` (just enough to reach 3: 2 players -> 3).
    """
    data = setup_data()
    low, high = data.players
    if not low <= players <= high:
        raise ValueError(f"{players} players: Unknown is set up for {low} to {high} players")
    reading = ruleset.survivors_per_player
    if reading not in SURVIVORS_PER_PLAYER:
        raise ValueError(f"survivors_per_player {reading!r}: one of {SURVIVORS_PER_PLAYER}")
    least = data.minimum_survivors
    if players >= least:
        return players
    if reading == "fewest":
        return least
    each = -(-least // players)
    return players * each


def _survivor_count(survivors: int | None, players: int | None, ruleset: Ruleset) -> int:
    """The survivor count, given either directly or by the number of players."""
    if (survivors is None) == (players is None):
        raise ValueError("give the number of survivors or the number of players, not both")
    count = survivors if survivors is not None else survivors_for_players(players or 0, ruleset)
    check_survivor_count(count)
    return count


def _first_round(
    position: UnknownPosition,
    mission: str,
    food: int,
    stack: TileStack,
    unused: Sequence[str],
    *,
    short: bool = False,
    task: str | None = None,
) -> UnknownState:
    return UnknownState(
        position=position,
        round=1,
        phase="survivor_actions",
        base=bag({"food": food}),
        stack=stack,
        mission=mission,
        short=short,
        task=task,
        unused_cards=tuple(sorted(unused)),
    )


def mission_piles(rng: random.Random, pool: Goods, mission_tiles: Goods) -> TileStack:
    """The shuffled stack split into one pile per mission tile, each with one mission tile.

    Applies ``unknown.setup.stack.shuffle``, ``unknown.setup.stack.mission-piles`` (split into
    as many piles as mission tiles, one mission tile into each, each pile shuffled on its own) and
    ``unknown.setup.stack.pile-order`` (the piles are drawn one after another: the first is the
    stack's ``rest``, the others its ``piles`` in order). With no mission tile the stack is one
    shuffled pool. The split is as even as possible, larger piles first (``data/setup.yaml``:
    mission_piles_assumptions).
    """
    specials = [name for name, n in mission_tiles for _ in range(n)]
    if not specials:
        return TileStack(rest=pool)
    tiles = [name for name, n in pool for _ in range(n)]
    rng.shuffle(tiles)
    rng.shuffle(specials)
    size, extra = divmod(len(tiles), len(specials))
    piles: list[Goods] = []
    start = 0
    for i, special in enumerate(specials):
        end = start + size + (1 if i < extra else 0)
        piles.append(bag([(name, 1) for name in (*tiles[start:end], special)]))
        start = end
    return TileStack(rest=piles[0], piles=tuple(piles[1:]))


def story_cards(mission: str, survivors: int, rng: random.Random) -> tuple[str, ...]:
    """The story set's recommended survivors for ``mission`` (Story Missions).

    Applies ``unknown.story.<mission>.survivors``; the Water and Behemoth "Biologist" is read as
    the ledger's ``story-biologist`` entry says (the Botanist). With fewer than 4 survivors the
    first ones listed are dealt; with more, the rest are drawn at random from the other cards
    (``data/setup.yaml``: story_set_assumptions).
    """
    story = setup_data().story_set.get(mission)
    if story is None:
        told = ", ".join(sorted(setup_data().story_set))
        raise ValueError(
            f"the story set recommends no survivors for {mission} (it does for {told})"
        )
    cards = list(story.cards[:survivors])
    others = sorted(c for c in survivor_cards() if c not in story.cards)
    cards += rng.sample(others, survivors - len(cards))
    return tuple(cards)


# -- the difficulty score -------------------------------------------------------------------------
@dataclass(frozen=True)
class Difficulty:
    """A setup's difficulty score and what it is made of: ``(what, points, clause)`` parts."""

    score: Fraction
    parts: tuple[tuple[str, Fraction, str], ...]
    reading: str

    def text(self) -> str:
        """One line: the score and its parts."""
        parts = ", ".join(f"{what} {_points(points)}" for what, points, _ in self.parts)
        return f"difficulty {_points(self.score)} ({parts})"


def _points(points: Fraction) -> str:
    return str(points) if points.denominator == 1 else f"{float(points):g}"


def enemy_draw(mission: str, survivors: int, difficulty: str, short: bool = False) -> int:
    """How many random enemy tiles the stack gets: the Starting Balance row for ``survivors``
    at ``difficulty`` (``unknown.setup.stack.enemies``, ``unknown.balance.survivors-N``), changed
    by the mission's setup line (``unknown.mission.hive.setup``, ``unknown.mission.onslaught.setup``
    and their short versions); never fewer than 0."""
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"difficulty {difficulty!r}: choose one of {', '.join(DIFFICULTIES)}")
    check_survivor_count(survivors)
    plan = _mission_plan(mission, short)
    change = plan.short_enemy_tiles if short else plan.enemy_tiles
    return max(setup_data().balance[survivors].enemy_tiles[difficulty] + change, 0)


def difficulty_score(
    mission: str,
    survivors: int,
    difficulty: str = "normal",
    *,
    short: bool = False,
    hazards: int | None = None,
    ruleset: Ruleset = DEFAULT,
) -> Difficulty:
    """The game's difficulty on the rulebook's scale, with its breakdown.

    Applies ``unknown.difficulty.enemy`` (each random enemy tile 2 points),
    ``unknown.difficulty.hazard`` (two hazard tiles 1 point; an odd one half a point, kept exact),
    ``unknown.difficulty.tuning`` and the mission's rating (``unknown.mission.<m>.difficulty``;
    the same for the short version, ``unknown.short.balance``). Read with the switch
    ``difficulty-score``: ``change-from-normal`` counts the tiles added or removed
    against the mission's normal setup (``unknown.difficulty.scale``: 0 is a game with no
    mission), ``absolute`` counts every random enemy and hazard tile in the stack.
    """
    data = setup_data()
    reading = ruleset.difficulty_score
    if reading not in DIFFICULTY_SCORES:
        raise ValueError(f"difficulty_score {reading!r}: one of {DIFFICULTY_SCORES}")
    plan = _mission_plan(mission, short)
    hazards = data.hazard_draw if hazards is None else hazards
    enemies = enemy_draw(mission, survivors, difficulty, short)
    if reading == "change-from-normal":
        enemies -= enemy_draw(mission, survivors, "normal", short)
        hazards -= data.hazard_draw
    against = " against normal" if reading == "change-from-normal" else ""
    sign = "+" if against else ""
    parts = (
        (f"{mission} rating", Fraction(plan.rating), plan.rating_clause),
        (
            f"{enemies:{sign}d} enemy tiles{against}",
            Fraction(enemies * data.enemy_points),
            "unknown.difficulty.enemy",
        ),
        (
            f"{hazards:{sign}d} hazard tiles{against}",
            Fraction(hazards, data.hazards_per_point),
            "unknown.difficulty.hazard",
        ),
    )
    return Difficulty(sum((p for _, p, _ in parts), Fraction(0)), parts, reading)


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


def quick_start_scout(
    survivors: int | None = None,
    seed_or_cards: int | Sequence[str] = 0,
    *,
    players: int | None = None,
    ruleset: Ruleset = DEFAULT,
) -> UnknownState:
    """The Quick Start Setup of the Scout mission, ready for round 1's survivor actions.

    ``survivors`` is the number of survivors (3 to 6), or ``players`` the number of players
    (1 to 6, :func:`survivors_for_players`); ``seed_or_cards`` is either the cards dealt (from
    Explorer, Soldier, Doctor, Runner, Hunter, Trader) or a seed for a random deal.
    Applies ``unknown.quickstart.mission``, ``unknown.setup.base``,
    ``unknown.quickstart.starting-food`` (8 food), :func:`quick_start_stack`,
    ``unknown.quickstart.survivor-pool``, ``unknown.quickstart.two-players`` (fewer than 3
    players take more survivors each, so the count is of survivors) and
    ``unknown.setup.starting-resources``.
    """
    survivors = _survivor_count(survivors, players, ruleset)
    data = setup_data()
    quick = data.quick_start
    cards = deal(quick.survivor_pool, survivors, seed_or_cards)
    unused = [c for c in survivor_cards() if c not in quick.survivor_pool]
    stack = TileStack(rest=quick_start_stack(survivors))
    return _first_round(base_with_survivors(cards), quick.mission, quick.food, stack, unused)


def standard_setup(
    mission: str,
    survivors: int | None = None,
    difficulty: str = "normal",
    seed: int = 0,
    *,
    short: bool = False,
    players: int | None = None,
    task: str | None = None,
    story: bool = False,
    hazards: int | None = None,
    ruleset: Ruleset = DEFAULT,
) -> UnknownState:
    """The Setup section for any of the ten missions, from a seed.

    ``survivors`` (3 to 6) or ``players`` (1 to 6, :func:`survivors_for_players`) sets how many
    survivors play. Applies ``unknown.setup.mission``, ``unknown.setup.base``,
    ``unknown.setup.starting-food`` and the Starting Balance row (``unknown.balance.survivors-N``),
    ``unknown.setup.stack.starting``, ``unknown.setup.stack.hazards`` (13 of the box's hazard
    tiles at random; ``hazards`` tunes the number, ``unknown.difficulty.tuning``),
    :func:`enemy_draw` (``unknown.setup.stack.enemies`` changed by the mission's setup line),
    :func:`mission_piles` (``unknown.setup.stack.shuffle``, ``unknown.setup.stack.mission-piles``,
    ``unknown.setup.stack.pile-order``; the mission's setup line, e.g.
    ``unknown.mission.hive.setup``), ``unknown.setup.survivors`` (random cards from all 16, or
    with ``story`` the story set's, :func:`story_cards`) and ``unknown.setup.starting-resources``.
    ``short`` plays the mission's short version (``unknown.short.select``): the short stack
    (``unknown.short.remove-resources``, ``unknown.short.remove-enemies``) and the short
    version's setup changes (e.g. ``unknown.mission.behemoth.short``). ``task`` adds a task card
    (``unknown.task.bonus``); tasks add no tiles.
    """
    data = setup_data()
    survivors = _survivor_count(survivors, players, ruleset)
    plan = _mission_plan(mission, short)
    draws = enemy_draw(mission, survivors, difficulty, short)
    if task is not None and task not in TASKS:
        raise ValueError(f"unknown task {task!r} (tasks: {', '.join(TASKS)})")
    hazard_count = data.hazard_draw if hazards is None else hazards
    rng = random.Random(seed)
    deal_seed = rng.randrange(2**32)
    if story:
        cards = story_cards(mission, survivors, random.Random(deal_seed))
    else:
        cards = deal(list(survivor_cards()), survivors, deal_seed)
    hazard_tiles = _draw(rng, data.hazard_tiles, hazard_count)
    enemies = _draw(rng, data.enemy_tiles, draws)
    pool = bag((*starting_stack_tiles(short), *hazard_tiles, *enemies))
    stack = mission_piles(rng, pool, plan.short_mission_tiles if short else plan.mission_tiles)
    unused = [c for c in survivor_cards() if c not in cards]
    position = base_with_survivors(cards)
    food = data.balance[survivors].food
    return _first_round(position, mission, food, stack, unused, short=short, task=task)


def _mission_plan(mission: str, short: bool) -> MissionSetup:
    missions = setup_data().missions
    if mission not in missions:
        raise ValueError(f"unknown mission {mission!r} (known: {', '.join(sorted(missions))})")
    plan = missions[mission]
    if short and not plan.has_short:
        shorts = ", ".join(sorted(m for m, p in missions.items() if p.has_short))
        raise ValueError(
            f"the {mission} mission has no short version (unknown.short.select; missions with "
            f"one: {shorts})"
        )
    return plan


def _draw(rng: random.Random, box: Goods, n: int) -> Goods:
    """``n`` tiles drawn at random (without replacement) from the box's copies."""
    copies = [name for name, count in box for _ in range(count)]
    if not 0 <= n <= len(copies):
        raise ValueError(f"cannot draw {n} tiles from a box of {len(copies)}")
    return bag((name, 1) for name in rng.sample(copies, n))
