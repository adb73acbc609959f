"""The Unknown tile catalog, loaded once from ``data/tiles.yaml`` (PRINCIPLES §5).

Values the rulebook states are given plainly in the data file; values it does not state are
listed in each tile's ``assumptions``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

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


@cache
def catalog() -> dict[str, TileKind]:
    """Every tile of the catalog by its lower-case name."""
    data = yaml.safe_load(DATA.read_text(encoding="utf-8"))
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


def tile_kind(name: str) -> TileKind:
    """The catalog entry for ``name``; ``KeyError`` with the known names if there is none."""
    tiles = catalog()
    if name not in tiles:
        raise KeyError(f"unknown tile {name!r}; known tiles: {', '.join(sorted(tiles))}")
    return tiles[name]


@dataclass(frozen=True)
class SurvivorCard:
    """A survivor card: its AP per turn and starting goods (``data/survivors.yaml``)."""

    name: str
    ap: int
    goods: tuple[tuple[str, int], ...]
    clauses: tuple[str, ...]


@dataclass(frozen=True)
class EnemyKind:
    """An enemy's line of the Enemies table: health (``None``: unlimited), speed and target."""

    name: str
    health: int | None
    speed: int
    target: str
    clauses: tuple[str, ...]


@cache
def survivor_cards() -> dict[str, SurvivorCard]:
    """Every survivor card by lower-case name."""
    data = yaml.safe_load((DATA.parent / "survivors.yaml").read_text(encoding="utf-8"))
    return {
        name: SurvivorCard(
            name, row["ap"], tuple(sorted(row["goods"].items())), tuple(row["clauses"])
        )
        for name, row in data["survivors"].items()
    }


@cache
def enemy_kinds() -> dict[str, EnemyKind]:
    """Every enemy by lower-case name."""
    data = yaml.safe_load((DATA.parent / "enemies.yaml").read_text(encoding="utf-8"))
    return {
        name: EnemyKind(name, row["health"], row["speed"], row["target"], tuple(row["clauses"]))
        for name, row in data["enemies"].items()
    }
