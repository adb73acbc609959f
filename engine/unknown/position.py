"""An Unknown position: the explored tiles, the tokens on them and the pieces standing there.

This is the plain-data form of the map that position files describe (see
``engine/schemas/position.schema.json``). ``position_from_data`` checks what a schema cannot:
tile names against the catalog, one tile per spot, no 2×2 square, pieces and tokens on tiles.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from engine.core.errors import PositionError, did_you_mean
from engine.core.frozen import evolve, hash_once
from engine.unknown.catalog import catalog, enemy_kinds, survivor_cards

Coord = tuple[int, int]
ORTHOGONAL: tuple[Coord, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))


@hash_once
@dataclass(frozen=True)
class PlacedTile:
    """An explored tile on the grid."""

    at: Coord
    tile: str
    cleared: bool = False
    number: int | None = None
    """For mission tiles: the how-manieth tile of that name explored this game (1 = first).

    Missions that treat the first copies differently from the last (Behemoth, Refugees, Water:
    ``unknown.mission.water.numbering``) read it; other tiles leave it ``None``."""


@hash_once
@dataclass(frozen=True)
class Token:
    """A stack of ``count`` tokens of one kind on a tile."""

    at: Coord
    kind: str
    count: int = 1


HEALTH_STATES = ("healthy", "injured", "incapacitated")
"""A survivor's health, best first (``unknown.injury.states``)."""


@dataclass(frozen=True)
class Survivor:
    """A survivor meeple on the map, with its health, AP left this turn and carried goods.

    ``used`` counts this turn's uses of once- or twice-per-turn traits, as sorted
    ``(trait key, uses)`` pairs; it is emptied when the survivor's turn starts.
    """

    id: str
    at: Coord
    card: str | None = None
    health: str = "healthy"
    ap: int = 0
    goods: tuple[tuple[str, int], ...] = ()
    used: tuple[tuple[str, int], ...] = ()
    borrowed: tuple[str, ...] = ()
    """Survivor cards whose abilities this survivor has gained until the next upkeep phase
    (the Strategist's trait, the Radio task's Talk action)."""
    untargetable: bool = False
    """The Tracker's choice: enemies may not target it or start close combat with it."""
    held_lairs: tuple[tuple[str, Coord, Coord], ...] = ()
    """Lairs the Skeptic explored whose instant effects wait for her next AP spent or her turn's
    end, in the order they are released: ``(tile, spot, the explorer's tile)``
    (``unknown.survivor.skeptic.delayed-spawn``)."""

    def has(self, card: str) -> bool:
        """Whether this survivor has ``card``'s abilities: its own card or one it has gained."""
        return self.card == card or card in self.borrowed

    def uses(self, key: str) -> int:
        """How many times the per-turn trait ``key`` was used this turn."""
        return dict(self.used).get(key, 0)

    def with_use(self, key: str) -> Survivor:
        """A copy with one more use of the per-turn trait ``key`` recorded."""
        counts = dict(self.used)
        counts[key] = counts.get(key, 0) + 1
        return evolve(self, used=tuple(sorted(counts.items())))

    @property
    def injured(self) -> bool:
        return self.health == "injured"

    @property
    def incapacitated(self) -> bool:
        return self.health == "incapacitated"


@dataclass(frozen=True)
class Enemy:
    """An enemy meeple on the map: damage taken, stunned, and spawned in this enemy upkeep."""

    id: str
    kind: str
    at: Coord
    damage: int = 0
    stunned: bool = False
    fresh: bool = False
    specimen: bool = False
    """A Gas Testing specimen token lies under it and moves with it
    (``unknown.task.gas-testing.specimen-moves``)."""


ALLY_STATES = ("healthy", "incapacitated")
"""An ally's health: allies have 1 health (``unknown.ally.stats``)."""


@dataclass(frozen=True)
class Ally:
    """An ally token: a non-player character on the survivors' side (rulebook: Allies).

    ``kind`` names what defines it (e.g. ``refugee`` for the Stragglers mission); by default it
    has 1 health, 0 AP and deals 0 damage (``unknown.ally.stats``) and moves in the ally phase.
    ``moved`` says it has taken its ally-phase move this round.
    """

    id: str
    kind: str
    at: Coord
    health: str = "healthy"
    moved: bool = False

    @property
    def incapacitated(self) -> bool:
        return self.health == "incapacitated"


@hash_once
@dataclass(frozen=True)
class UnknownPosition:
    """Plain data for a (possibly partial) Unknown map. Sorted, so equal maps compare equal."""

    tiles: tuple[PlacedTile, ...] = ()
    tokens: tuple[Token, ...] = ()
    survivors: tuple[Survivor, ...] = ()
    enemies: tuple[Enemy, ...] = field(default=())
    allies: tuple[Ally, ...] = ()

    @cached_property
    def tile_at(self) -> dict[Coord, PlacedTile]:
        """Explored tiles by coordinate."""
        return {t.at: t for t in self.tiles}

    @cached_property
    def map_cache(self) -> dict[str, Any]:
        """Geometry worked out from this position's map and kept with the position, by name
        (its board: :func:`engine.unknown.map.board.board_of`); not part of its data."""
        return {}

    @cached_property
    def tokens_at(self) -> dict[Coord, dict[str, int]]:
        """Token counts by coordinate and kind."""
        found: dict[Coord, dict[str, int]] = {}
        for token in self.tokens:
            kinds = found.setdefault(token.at, {})
            kinds[token.kind] = kinds.get(token.kind, 0) + token.count
        return found

    def piece(self, piece_id: str) -> Survivor | Enemy | Ally:
        """The survivor, enemy or ally with this id; ``KeyError`` naming the known ids if none."""
        for piece in (*self.survivors, *self.enemies, *self.allies):
            if piece.id == piece_id:
                return piece
        known = ", ".join(p.id for p in (*self.survivors, *self.enemies, *self.allies)) or "none"
        raise KeyError(f"no piece {piece_id!r} on the map (pieces: {known})")

    @cached_property
    def enemies_by_spot(self) -> dict[Coord, tuple[Enemy, ...]]:
        """Enemies by the tile they stand on, each tile's in their order."""
        found: dict[Coord, tuple[Enemy, ...]] = {}
        for enemy in self.enemies:
            found[enemy.at] = (*found.get(enemy.at, ()), enemy)
        return found

    def enemies_at(self, at: Coord) -> tuple[Enemy, ...]:
        """Enemies standing on ``at``."""
        return self.enemies_by_spot.get(at, ())

    def survivors_at(self, at: Coord) -> tuple[Survivor, ...]:
        """Survivors standing on ``at``."""
        return tuple(s for s in self.survivors if s.at == at)

    def survivor(self, survivor_id: str) -> Survivor:
        """The survivor with this id (``KeyError`` if there is none)."""
        for s in self.survivors:
            if s.id == survivor_id:
                return s
        raise KeyError(f"no survivor {survivor_id!r} on the map")

    def ally(self, ally_id: str) -> Ally:
        """The ally with this id (``KeyError`` if there is none)."""
        for a in self.allies:
            if a.id == ally_id:
                return a
        raise KeyError(f"no ally {ally_id!r} on the map")

    def moved(self, piece_id: str, to: Coord) -> UnknownPosition:
        """A copy with one piece (survivor, enemy or ally) moved to ``to``."""
        if any(a.id == piece_id for a in self.allies):
            return self.with_allies(
                tuple(replace(a, at=to) if a.id == piece_id else a for a in self.allies)
            )
        survivors = tuple(replace(s, at=to) if s.id == piece_id else s for s in self.survivors)
        enemies = tuple(replace(e, at=to) if e.id == piece_id else e for e in self.enemies)
        return self.with_pieces(survivors, enemies)

    def with_survivor(self, survivor: Survivor) -> UnknownPosition:
        """A copy with one survivor replaced (matched by id) or added."""
        others = tuple(s for s in self.survivors if s.id != survivor.id)
        return self.with_pieces(
            tuple(sorted((*others, survivor), key=lambda s: s.id)), self.enemies
        )

    def with_enemy(self, enemy: Enemy) -> UnknownPosition:
        """A copy with one enemy replaced (matched by id) or added."""
        others = tuple(e for e in self.enemies if e.id != enemy.id)
        return self.with_pieces(self.survivors, tuple(sorted((*others, enemy), key=lambda e: e.id)))

    def with_ally(self, ally: Ally) -> UnknownPosition:
        """A copy with one ally replaced (matched by id) or added."""
        others = tuple(a for a in self.allies if a.id != ally.id)
        return self.with_allies(tuple(sorted((*others, ally), key=lambda a: a.id)))

    def with_allies(self, allies: tuple[Ally, ...]) -> UnknownPosition:
        """A copy with these allies on the same tiles and tokens."""
        return self._changed(allies=allies)

    def allies_at(self, at: Coord) -> tuple[Ally, ...]:
        """Allies standing on ``at``."""
        return tuple(a for a in self.allies if a.at == at)

    def without_enemy(self, enemy_id: str) -> UnknownPosition:
        """A copy with one enemy removed from the board."""
        return self.with_pieces(self.survivors, tuple(e for e in self.enemies if e.id != enemy_id))

    def with_pieces(
        self, survivors: tuple[Survivor, ...], enemies: tuple[Enemy, ...]
    ) -> UnknownPosition:
        """A copy with new pieces on the same tiles and tokens."""
        return self._changed(survivors=survivors, enemies=enemies)

    def with_tile(self, tile: PlacedTile) -> UnknownPosition:
        """A copy with a tile placed or replaced at ``tile.at``."""
        tiles = tuple(
            sorted((*(t for t in self.tiles if t.at != tile.at), tile), key=lambda t: t.at)
        )
        return self._changed(tiles=tiles)

    def with_tokens(self, at: Coord, kind: str, change: int) -> UnknownPosition:
        """A copy with ``change`` more (or fewer) ``kind`` tokens on ``at``."""
        have = self.tokens_at.get(at, {}).get(kind, 0)
        if have + change < 0:
            raise ValueError(f"{list(at)} holds {have} {kind} token(s), not {-change}")
        kept = tuple(t for t in self.tokens if not (t.at == at and t.kind == kind))
        if have + change:
            kept = (*kept, Token(at, kind, have + change))
        tokens = tuple(sorted(kept, key=lambda t: (t.at, t.kind)))
        return self._changed(tokens=tokens)

    def _changed(self, **fields: Any) -> UnknownPosition:
        """A copy with ``fields`` changed, sharing the unchanged ones and what was worked out
        from them: the tile and token look-ups, and the map's geometry while tiles and tokens
        stay the same (:data:`WORKED_OUT_FROM`)."""
        copy = evolve(self, **fields)
        kept = copy.__dict__
        for name in fields:
            for cached in WORKED_OUT_FROM.get(name, ()):
                kept.pop(cached, None)
        return copy


WORKED_OUT_FROM: dict[str, tuple[str, ...]] = {
    "tiles": ("tile_at", "map_cache"),
    "tokens": ("tokens_at", "map_cache"),
    "enemies": ("enemies_by_spot",),
}
"""The cached properties of :class:`UnknownPosition` worked out from each field: a copy that
changes the field drops them, a copy that changes only the pieces keeps them all."""


def squares_completed(placed: set[Coord] | dict[Coord, Any], at: Coord) -> list[list[Coord]]:
    """The 2×2 squares that a tile at ``at`` would complete with tiles already in ``placed``.

    Applies ``unknown.action.explore.no-2x2``.
    """
    x, y = at
    found = []
    for dx in (0, -1):
        for dy in (0, -1):
            square = [(x + dx + i, y + dy + j) for j in (0, 1) for i in (0, 1)]
            if all(c == at or c in placed for c in square):
                found.append(square)
    return found


def position_from_data(data: dict[str, Any], source: str) -> UnknownPosition:
    """Build a checked position from schema-valid data; ``PositionError`` names the bad entry.

    Besides the map itself, a survivor's card must be in the survivor catalog, an incapacitated
    survivor has no AP left (``unknown.injury.incapacitated-ap``) and an enemy's damage stays
    below its health (``unknown.enemy.removed-on-death``).
    """
    tiles = _tiles(data.get("tiles") or [], source)
    spots = {t.at for t in tiles}

    def on_map(entry: str, at: Coord) -> Coord:
        if at not in spots:
            raise PositionError(
                source, entry, f"{list(at)} is off the map: no tile is placed there"
            )
        return at

    tokens = tuple(
        Token(on_map(f"tokens[{i}].at", tuple(t["at"])), t["kind"], t.get("count", 1))
        for i, t in enumerate(data.get("tokens") or [])
    )
    survivors = tuple(
        _survivor(s, f"survivors[{i}]", on_map(f"survivors[{i}].at", tuple(s["at"])), source)
        for i, s in enumerate(data.get("survivors") or [])
    )
    enemies = tuple(
        _enemy(e, f"enemies[{i}]", on_map(f"enemies[{i}].at", tuple(e["at"])), source)
        for i, e in enumerate(data.get("enemies") or [])
    )
    allies = tuple(
        _ally(a, on_map(f"allies[{i}].at", tuple(a["at"])))
        for i, a in enumerate(data.get("allies") or [])
    )
    _unique_ids(source, survivors, enemies, allies)
    return UnknownPosition(
        tiles=tuple(sorted(tiles, key=lambda t: t.at)),
        tokens=tuple(sorted(tokens, key=lambda t: (t.at, t.kind))),
        survivors=tuple(sorted(survivors, key=lambda s: s.id)),
        enemies=tuple(sorted(enemies, key=lambda e: e.id)),
        allies=tuple(sorted(allies, key=lambda a: a.id)),
    )


def _ally(row: dict[str, Any], at: Coord) -> Ally:
    return Ally(
        row["id"],
        row["kind"],
        at,
        health=row.get("health", "healthy"),
        moved=bool(row.get("moved", False)),
    )


def not_known(what: str, name: str, known: Iterable[str]) -> str:
    """``unknown tile 'fod' (did you mean 'food'?); known: ...``: a name no catalog holds."""
    names = sorted(known)
    return f"unknown {what} {name!r}{did_you_mean(name, names)}; known: {', '.join(names)}"


def _survivor(row: dict[str, Any], entry: str, at: Coord, source: str) -> Survivor:
    card = row.get("card")
    if card is not None and card not in survivor_cards():
        raise PositionError(
            source, f"{entry}.card", not_known("survivor card", card, survivor_cards())
        )
    survivor = Survivor(
        row["id"],
        at,
        card,
        health=row.get("health", "healthy"),
        ap=row.get("ap", 0),
        goods=tuple(sorted((row.get("goods") or {}).items())),
        used=tuple(sorted((row.get("used") or {}).items())),
        borrowed=tuple(sorted(row.get("borrowed") or ())),
        untargetable=bool(row.get("untargetable", False)),
        held_lairs=tuple(
            (
                h["tile"],
                (int(h["at"][0]), int(h["at"][1])),
                (int(h["origin"][0]), int(h["origin"][1])),
            )
            for h in row.get("held_lairs") or ()
        ),
    )
    for borrowed in survivor.borrowed:
        if borrowed not in survivor_cards():
            problem = not_known("survivor card", borrowed, survivor_cards())
            raise PositionError(source, f"{entry}.borrowed", problem)
    if survivor.incapacitated and survivor.ap:
        raise PositionError(
            source,
            f"{entry}.ap",
            f"an incapacitated survivor has 0 AP, not {survivor.ap} (unknown.injury.incapacitated-ap)",
        )
    return survivor


def _enemy(row: dict[str, Any], entry: str, at: Coord, source: str) -> Enemy:
    enemy = Enemy(
        row["id"],
        row["kind"],
        at,
        damage=row.get("damage", 0),
        stunned=bool(row.get("stunned", False)),
        fresh=bool(row.get("fresh", False)),
        specimen=bool(row.get("specimen", False)),
    )
    health = enemy_kinds()[enemy.kind].health
    if health is not None and enemy.damage >= health:
        raise PositionError(
            source,
            f"{entry}.damage",
            f"{enemy.id} ({enemy.kind}, health {health}) would be dead with {enemy.damage} "
            "damage, so it cannot stand on the map (unknown.enemy.removed-on-death)",
        )
    return enemy


def _tiles(rows: list[dict[str, Any]], source: str) -> list[PlacedTile]:
    known = catalog()
    placed: dict[Coord, int] = {}
    tiles = []
    for i, row in enumerate(rows):
        at = tuple(row["at"])
        if row["tile"] not in known:
            raise PositionError(source, f"tiles[{i}].tile", not_known("tile", row["tile"], known))
        if at in placed:
            raise PositionError(
                source,
                f"tiles[{i}].at",
                f"two tiles on {list(at)} (tiles[{placed[at]}] is there already)",
            )
        squares = squares_completed(placed, at)
        if squares:
            corners = sorted(squares[0])
            raise PositionError(
                source,
                f"tiles[{i}].at",
                f"{list(at)} completes a 2x2 square of tiles {[list(c) for c in corners]}, "
                "which the map may never hold (unknown.action.explore.no-2x2)",
            )
        placed[at] = i
        tiles.append(
            PlacedTile(at, row["tile"], bool(row.get("cleared", False)), row.get("number"))
        )
    return tiles


def _unique_ids(
    source: str,
    survivors: tuple[Survivor, ...],
    enemies: tuple[Enemy, ...],
    allies: tuple[Ally, ...] = (),
) -> None:
    seen: set[str] = set()
    for group, pieces in (("survivors", survivors), ("enemies", enemies), ("allies", allies)):
        for i, piece in enumerate(pieces):
            if piece.id in seen:
                raise PositionError(source, f"{group}[{i}].id", f"id {piece.id!r} is used twice")
            seen.add(piece.id)
