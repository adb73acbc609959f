"""The Unknown catalogs, each loaded and checked once from its data file (PRINCIPLES §5): tiles
(``data/tiles.yaml``), survivor cards (``data/survivors.yaml``) and enemies with their special
abilities (``data/enemies.yaml``).

Values the rulebook states are given plainly in the data files; values it does not state are
listed in each tile's ``assumptions``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

DATA = Path(__file__).resolve().parent / "data" / "tiles.yaml"
TILE_TYPES = ("base", "starting", "hazard", "enemy", "elite_enemy", "objective")


@dataclass(frozen=True)
class Spawn:
    """One spawn icon: which enemy, where (``here``, ``nearest_hazard``, ``every_hive``) and when."""

    enemy: str
    where: str
    repeating: bool = False
    when: str | None = None


@dataclass(frozen=True)
class TileKind:
    """One catalog entry: what a tile of this name is and does."""

    name: str
    type: str
    count: int | None
    impassable: bool
    fortified: bool
    blocks_hazards: bool
    clear_cost: tuple[tuple[str, int], ...]
    gather: tuple[tuple[str, ...], ...]
    exchange: tuple[tuple[str, int | bool], ...] | None
    knockback: int | None
    spawns: tuple[Spawn, ...]
    tokens: tuple[tuple[str, int], ...]
    clauses: tuple[str, ...]
    assumptions: tuple[str, ...]

    @property
    def is_objective(self) -> bool:
        """Objective (mission) tiles, which stop hazard effects like fortified ones."""
        return self.type == "objective"


def load_yaml(path: Path) -> Any:
    """The data of a YAML file, read with PyYAML's C loader when it is built with libyaml (the
    same safe loading, faster) and its pure-Python one otherwise."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return yaml.load(path.read_text(encoding="utf-8"), Loader=loader)


@cache
def catalog() -> dict[str, TileKind]:
    """Every tile of the catalog by its lower-case name."""
    data = load_yaml(DATA)
    return {name: _tile(name, row) for name, row in data["tiles"].items()}


def _tile(name: str, row: dict) -> TileKind:
    if row["type"] not in TILE_TYPES:
        raise ValueError(f"{DATA}: tile {name!r}: unknown type {row['type']!r}")
    fortified = bool(row.get("fortified", False))
    return TileKind(
        name=name,
        type=row["type"],
        count=row.get("count"),
        impassable=bool(row.get("impassable", False)),
        fortified=fortified,
        blocks_hazards=bool(row.get("blocks_hazards", fortified or row["type"] == "objective")),
        clear_cost=tuple(sorted((row.get("clear_cost") or {}).items())),
        gather=tuple(tuple(icon) for icon in row.get("gather") or ()),
        exchange=tuple(sorted(row["exchange"].items())) if row.get("exchange") else None,
        knockback=row.get("knockback"),
        spawns=tuple(Spawn(**spawn) for spawn in row.get("spawns") or ()),
        tokens=tuple((t["kind"], t.get("count", 1)) for t in row.get("tokens") or ()),
        clauses=tuple(row.get("clauses") or ()),
        assumptions=tuple(row.get("assumptions") or ()),
    )


@dataclass(frozen=True)
class SurvivorCard:
    """A survivor card: its AP per turn and starting goods (``data/survivors.yaml``)."""

    name: str
    ap: int
    goods: tuple[tuple[str, int], ...]
    clauses: tuple[str, ...]


@dataclass(frozen=True)
class EnemyKind:
    """An enemy's line of the Enemies table: health (``None``: unlimited), speed, target and its
    special abilities (``data/enemies.yaml`` says which clause gives each)."""

    name: str
    health: int | None
    speed: int
    target: str
    clauses: tuple[str, ...]
    ranged: int | None = None
    """Reach of its ranged attack (``unknown.enemy.stranger.ranged``); ``None``: it has none."""
    damages_whole_tile: bool = False
    """Its close-combat damage hits every piece on its tile (``unknown.enemy.behemoth.area-damage``)."""
    unlimited_damage: bool = False
    """Each survivor fighting it takes all the damage it can (``unknown.mission.behemoth.spawn``)."""
    skips_base_defense: bool = False
    """It takes no part in base defense (``unknown.enemy.brute.no-base-defense``)."""
    leaves_barriers: bool = False
    """Each tile it leaves gets a barrier token (``unknown.enemy.devourer.barrier``)."""
    heals_in_upkeep: bool = False
    """It heals in enemy upkeep (``unknown.enemy.devourer.heal``)."""
    unharmed_by_damage: bool = False
    """Damage neither kills nor stuns it (``unknown.mission.behemoth.base-loss``)."""
    reaching_base_loses: bool = False
    """The players lose at once when it enters base (``unknown.mission.behemoth.base-loss``)."""
    canister_target: bool = False
    """The Hurl Canister action may target it (``unknown.mission.behemoth.hurl``)."""


ENEMY_TARGETS = ("survivor", "base")
"""What an enemy may move towards (``unknown.enemy.speed-target``)."""

ENEMY_ABILITIES = {
    "ranged": int,
    "damages_whole_tile": bool,
    "unlimited_damage": bool,
    "skips_base_defense": bool,
    "leaves_barriers": bool,
    "heals_in_upkeep": bool,
    "unharmed_by_damage": bool,
    "reaching_base_loses": bool,
    "canister_target": bool,
}
"""The special abilities an enemy's row may give, with the type of each value."""


@cache
def survivor_cards() -> dict[str, SurvivorCard]:
    """Every survivor card by lower-case name."""
    data = load_yaml(DATA.parent / "survivors.yaml")
    return {
        name: SurvivorCard(
            name, row["ap"], tuple(sorted(row["goods"].items())), tuple(row["clauses"])
        )
        for name, row in data["survivors"].items()
    }


@cache
def enemy_kinds() -> dict[str, EnemyKind]:
    """Every enemy by lower-case name, checked once as it is read."""
    data = load_yaml(DATA.parent / "enemies.yaml")
    return {name: _enemy(name, row) for name, row in data["enemies"].items()}


def _enemy(name: str, row: dict) -> EnemyKind:
    where = f"{DATA.parent / 'enemies.yaml'}: enemy {name!r}"
    unknown = set(row) - {"health", "speed", "target", "clauses", *ENEMY_ABILITIES}
    if unknown:
        raise ValueError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    if row["target"] not in ENEMY_TARGETS:
        raise ValueError(f"{where}: unknown target {row['target']!r}")
    abilities = {key: row[key] for key in ENEMY_ABILITIES if key in row}
    for key, value in abilities.items():
        if type(value) is not ENEMY_ABILITIES[key]:
            raise ValueError(f"{where}: {key} must be {ENEMY_ABILITIES[key].__name__}")
    return EnemyKind(
        name, row["health"], row["speed"], row["target"], tuple(row["clauses"]), **abilities
    )
