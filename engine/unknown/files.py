"""Whole game states in position files, so play can resume mid-round (PRINCIPLES §2).

A state file is a position file (``engine/schemas/position.schema.json``) with optional keys for
the rest of the state: mission, round, phase, turn, done, base, stack, unused_survivors, pending
and outcome. A file without them is a map fragment with no round in progress, so every older
position file is also a state file.

``state_from_data`` checks what the schema cannot (names that must refer to survivors, tiles,
cards, effects and clauses that exist) and raises :class:`~engine.core.errors.PositionError`
naming the entry. ``state_to_data`` writes the same form in a canonical order, leaving defaults
out so a map fragment stays short. ``save_state`` writes through a temporary file in the same
folder and renames it, so a failure never leaves a half-written file.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
from functools import cache
from pathlib import Path
from typing import Any

from engine.core.clauses import clause_index
from engine.core.errors import PositionError, did_you_mean, warn
from engine.core.textfiles import write_atomically, yaml_flow
from engine.positions import check_position_data, parse_position_text, read_position_data
from engine.unknown.catalog import catalog, survivor_cards
from engine.unknown.effects import EFFECTS, effect_from_data, effect_to_data
from engine.unknown.position import UnknownPosition, position_from_data
from engine.unknown.setup import setup_data
from engine.unknown.state import PHASES, TileStack, UnknownState, bag

PIECE_FIELDS = ("who", "movers")
"""Fields of a pending effect that name pieces on the map (checked on loading)."""


# -- reading --------------------------------------------------------------------------------------
def state_from_data(data: dict[str, Any], source: str) -> UnknownState:
    """A checked state from schema-valid data; ``PositionError`` names the bad entry."""
    position = position_from_data(data, source)
    phase = _phase(data.get("phase"), source)
    turn = _turn(data.get("turn"), phase, position, source)
    done = _done(data.get("done") or [], turn, phase, position, source)
    _check_negative_ap(data, position, source)
    _warn_of_defaults(data, phase, turn, source)
    return UnknownState(
        position=position,
        round=data.get("round", 1),
        phase=phase,
        turn=turn,
        done=done,
        base=bag(data.get("base") or {}),
        stack=_stack(data.get("stack") or {}, position, source),
        mission=_mission(data.get("mission"), source),
        short=bool(data.get("short", False)),
        mission_card=bag(data.get("mission_card") or {}),
        task=_task(data.get("task"), source),
        task_card=bag(data.get("task_card") or {}),
        task_complete=bool(data.get("task_complete", False)),
        unused_cards=_unused(data.get("unused_survivors") or [], position, source),
        pending=_pending(data.get("pending") or [], position, source),
        outcome=_outcome(data.get("outcome"), source),
    )


def _check_negative_ap(data: dict[str, Any], position: UnknownPosition, source: str) -> None:
    """AP below 0 only in the Refugees mission, where carried refugees cost AP
    (``unknown.mission.refugees.ap-cost``)."""
    if data.get("mission") == "refugees":
        return
    for i, row in enumerate(data.get("survivors") or []):
        if row.get("ap", 0) < 0:
            raise PositionError(
                source,
                f"survivors[{i}].ap",
                f"{row['ap']} AP: AP goes below 0 only in the Refugees mission, where carried "
                "refugees cost AP (unknown.mission.refugees.ap-cost)",
            )


def _warn_of_defaults(
    data: dict[str, Any], phase: str | None, turn: str | None, source: str
) -> None:
    """Warn of entries a hand-written file left out whose defaults make play go oddly (the
    engine writes them whenever a round is in progress): no ``phase`` means no round is in
    progress, so nothing can act; a survivor on turn without ``ap`` has 0 AP; a round without
    ``base`` has no food, so the first upkeep loses (``unknown.turn.upkeep``)."""
    if data.get("outcome") is not None or not data.get("survivors"):
        return
    if phase is None:
        warn(
            source,
            "phase",
            "not given, so no round is in progress and nothing can act; add 'phase: "
            "survivor_actions' (with 'turn: <survivor>') to play from this map",
        )
        return
    row = next((r for r in data["survivors"] if r.get("id") == turn), None)
    if row is not None and "ap" not in row:
        warn(
            source,
            f"survivors[{data['survivors'].index(row)}].ap",
            f"not given for {turn}, who is on turn, so {turn} has 0 AP; add e.g. 'ap: 4' "
            "to its entry",
        )
    if "base" not in data:
        warn(
            source,
            "base",
            "not given, so the base holds no food and the first upkeep loses the game "
            "(unknown.turn.upkeep); add e.g. 'base: {food: 8}'",
        )


def _phase(phase: str | None, source: str) -> str | None:
    """A phase of the round (``unknown.turn.phases``), or ``None``: no round in progress."""
    if phase is not None and phase not in PHASES:
        raise PositionError(
            source,
            "phase",
            f"unknown phase {phase!r}{did_you_mean(phase, PHASES)} (phases: {', '.join(PHASES)})",
        )
    return phase


def _survivor_ids(position: UnknownPosition) -> str:
    return ", ".join(s.id for s in position.survivors) or "none"


def _turn(
    turn: str | None, phase: str | None, position: UnknownPosition, source: str
) -> str | None:
    """The survivor on turn: one on the map, and only during survivor actions."""
    if turn is None:
        return None
    if turn not in {s.id for s in position.survivors}:
        near = did_you_mean(turn, [s.id for s in position.survivors])
        raise PositionError(
            source,
            "turn",
            f"{turn!r} names no survivor{near} (survivors: {_survivor_ids(position)})",
        )
    if phase != "survivor_actions":
        raise PositionError(
            source,
            "turn",
            f"a survivor takes a turn only during survivor actions, not in phase {phase} "
            "(unknown.turn.survivor-actions)",
        )
    return turn


def _done(
    done: list[str], turn: str | None, phase: str | None, position: UnknownPosition, source: str
) -> tuple[str, ...]:
    """Survivors who have had their turn: on the map, once each, not the one on turn."""
    ids = {s.id for s in position.survivors}
    for i, who in enumerate(done):
        entry = f"done[{i}]"
        if who not in ids:
            raise PositionError(
                source, entry, f"{who!r} names no survivor (survivors: {_survivor_ids(position)})"
            )
        if who in done[:i]:
            raise PositionError(source, entry, f"{who!r} is listed twice")
        if who == turn:
            raise PositionError(
                source, entry, f"{who!r} is taking its turn, so it has not finished it"
            )
        if phase is None:
            raise PositionError(source, entry, "no round is in progress (no phase is given)")
    return tuple(done)


def _stack(data: dict[str, Any], position: UnknownPosition, source: str) -> TileStack:
    """The tile stack: catalog tiles only, and no more copies than the box holds."""
    tiles = catalog()
    top = tuple(data.get("top") or ())
    rest = data.get("rest") or {}
    piles = data.get("piles") or []
    entries = [(f"stack.top[{i}]", name, 1) for i, name in enumerate(top)]
    entries += [(f"stack.rest.{name}", name, n) for name, n in rest.items()]
    entries += [
        (f"stack.piles[{i}].{name}", name, n)
        for i, pile in enumerate(piles)
        for name, n in pile.items()
    ]
    held: dict[str, int] = {}
    for tile in position.tiles:
        held[tile.tile] = held.get(tile.tile, 0) + 1
    for entry, name, n in entries:
        if name not in tiles:
            raise PositionError(
                source,
                entry,
                f"unknown tile {name!r}{did_you_mean(name, tiles)} "
                f"(known: {', '.join(sorted(tiles))})",
            )
        held[name] = held.get(name, 0) + n
        box = tiles[name].count
        if box is not None and held[name] > box:
            raise PositionError(
                source,
                entry,
                f"the box holds {box} {name} tile(s); map and stack hold {held[name]}",
            )
    return TileStack(top, bag(rest), tuple(bag(pile) for pile in piles))


def _mission(mission: str | None, source: str) -> str | None:
    missions = setup_data().missions
    if mission is not None and mission not in missions:
        raise PositionError(
            source,
            "mission",
            f"unknown mission {mission!r}{did_you_mean(mission, missions)} "
            f"(missions: {', '.join(sorted(missions))})",
        )
    return mission


TASKS = ("camaraderie", "foraging", "gas_testing", "perimeter", "radio")
"""The five task cards (rulebook: Tasks)."""


def _task(task: str | None, source: str) -> str | None:
    if task is not None and task not in TASKS:
        near = did_you_mean(task, TASKS)
        raise PositionError(
            source, "task", f"unknown task {task!r}{near} (tasks: {', '.join(TASKS)})"
        )
    return task


def _unused(cards: list[str], position: UnknownPosition, source: str) -> tuple[str, ...]:
    """Survivor cards out of play: known cards, none of them in play (``unknown.respawn.draw``)."""
    known = survivor_cards()
    in_play = {s.card: s.id for s in position.survivors if s.card}
    for i, card in enumerate(cards):
        entry = f"unused_survivors[{i}]"
        if card not in known:
            raise PositionError(
                source,
                entry,
                f"unknown survivor card {card!r}{did_you_mean(card, known)} "
                f"(known: {', '.join(sorted(known))})",
            )
        if card in in_play:
            raise PositionError(source, entry, f"{card} is in play (survivor {in_play[card]})")
        if card in cards[:i]:
            raise PositionError(source, entry, f"{card} is listed twice")
    return tuple(cards)


def _pending(rows: list[dict[str, Any]], position: UnknownPosition, source: str) -> tuple[Any, ...]:
    """Pending effects, head first, each a registered effect with the fields it takes."""
    effects = []
    known = registered_effects() if rows else EFFECTS
    for i, row in enumerate(rows):
        name = row.get("effect")
        if name not in known:
            raise PositionError(
                source,
                f"pending[{i}].effect",
                f"unknown effect {name!r}{did_you_mean(str(name), known)} "
                f"(effects: {', '.join(sorted(known))})",
            )
        try:
            pending = effect_from_data(row)
        except TypeError as error:
            raise PositionError(
                source, f"pending[{i}]", f"bad fields for {name}: {error}"
            ) from None
        _pieces_named(pending, row, f"pending[{i}]", position, source)
        effects.append(pending)
    return tuple(effects)


@cache
def registered_effects() -> dict[str, type]:
    """Every pending effect of the engine by name: importing each engine module registers its own."""
    import engine.unknown as package

    for module in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
        importlib.import_module(module.name)
    return EFFECTS


def _pieces_named(
    pending: Any, row: dict[str, Any], entry: str, position: UnknownPosition, source: str
) -> None:
    ids = {p.id for p in (*position.survivors, *position.enemies, *position.allies)}
    for field in PIECE_FIELDS:
        value = row.get(field)
        named = [value] if isinstance(value, str) else list(value or [])
        for j, piece in enumerate(named):
            if piece not in ids:
                where = f"{entry}.{field}" + (f"[{j}]" if not isinstance(value, str) else "")
                raise PositionError(source, where, f"{piece!r} names no piece on the map")


def _outcome(outcome: dict[str, str] | None, source: str) -> tuple[str, str, str] | None:
    if outcome is None:
        return None
    if outcome["clause"] not in clause_index("unknown"):
        raise PositionError(
            source, "outcome.clause", f"{outcome['clause']!r} is not in the clause index"
        )
    return outcome["result"], outcome["clause"], outcome["why"]


# -- writing --------------------------------------------------------------------------------------
def state_to_data(state: UnknownState) -> dict[str, Any]:
    """The state as position-file data, in canonical order, defaults left out."""
    data: dict[str, Any] = {"game": "unknown"}
    if state.mission is not None:
        data["mission"] = state.mission
    if state.short:
        data["short"] = True
    if state.mission_card:
        data["mission_card"] = dict(state.mission_card)
    if state.task is not None:
        data["task"] = state.task
    if state.task_card:
        data["task_card"] = dict(state.task_card)
    if state.task_complete:
        data["task_complete"] = True
    if state.round != 1:
        data["round"] = state.round
    if state.phase is not None:
        data["phase"] = state.phase
    if state.turn is not None:
        data["turn"] = state.turn
    if state.done:
        data["done"] = list(state.done)
    if state.outcome is not None:
        result, clause, why = state.outcome
        data["outcome"] = {"result": result, "clause": clause, "why": why}
    if state.pending:
        data["pending"] = [effect_to_data(p) for p in state.pending]
    if state.base or (state.phase is not None and state.position.survivors):
        data["base"] = dict(state.base)
    data.update(position_to_data(state.position, state.turn))
    if state.stack.size:
        data["stack"] = _stack_data(state.stack)
    if state.unused_cards:
        data["unused_survivors"] = list(state.unused_cards)
    return data


def position_to_data(position: UnknownPosition, turn: str | None = None) -> dict[str, Any]:
    """The map's entries (tiles, tokens, survivors, enemies), defaults left out but the AP of
    the survivor on ``turn``."""
    data: dict[str, Any] = {}
    if position.tiles:
        data["tiles"] = [
            {
                "at": list(t.at),
                "tile": t.tile,
                **({"cleared": True} if t.cleared else {}),
                **({"number": t.number} if t.number is not None else {}),
            }
            for t in position.tiles
        ]
    if position.tokens:
        data["tokens"] = [
            {"at": list(t.at), "kind": t.kind, **({"count": t.count} if t.count != 1 else {})}
            for t in position.tokens
        ]
    if position.survivors:
        data["survivors"] = [_survivor_data(s, s.id == turn) for s in position.survivors]
    if position.enemies:
        data["enemies"] = [_enemy_data(e) for e in position.enemies]
    if position.allies:
        data["allies"] = [_ally_data(a) for a in position.allies]
    return data


def _ally_data(ally: Any) -> dict[str, Any]:
    row: dict[str, Any] = {"id": ally.id, "kind": ally.kind, "at": list(ally.at)}
    if ally.health != "healthy":
        row["health"] = ally.health
    if ally.moved:
        row["moved"] = True
    return row


def _survivor_data(survivor: Any, on_turn: bool = False) -> dict[str, Any]:
    row: dict[str, Any] = {"id": survivor.id}
    if survivor.card is not None:
        row["card"] = survivor.card
    row["at"] = list(survivor.at)
    if survivor.health != "healthy":
        row["health"] = survivor.health
    if survivor.ap or on_turn:
        row["ap"] = survivor.ap
    if survivor.goods:
        row["goods"] = dict(survivor.goods)
    if survivor.used:
        row["used"] = dict(survivor.used)
    if survivor.borrowed:
        row["borrowed"] = list(survivor.borrowed)
    if survivor.untargetable:
        row["untargetable"] = True
    if survivor.held_lairs:
        row["held_lairs"] = [
            {"tile": tile, "at": list(at), "origin": list(origin)}
            for tile, at, origin in survivor.held_lairs
        ]
    return row


def _enemy_data(enemy: Any) -> dict[str, Any]:
    row: dict[str, Any] = {"id": enemy.id, "kind": enemy.kind, "at": list(enemy.at)}
    if enemy.damage:
        row["damage"] = enemy.damage
    if enemy.stunned:
        row["stunned"] = True
    if enemy.fresh:
        row["fresh"] = True
    if getattr(enemy, "specimen", False):
        row["specimen"] = True
    return row


def _stack_data(stack: TileStack) -> dict[str, Any]:
    data: dict[str, Any] = {}
    if stack.top:
        data["top"] = list(stack.top)
    if stack.rest:
        data["rest"] = dict(stack.rest)
    if stack.piles:
        data["piles"] = [dict(pile) for pile in stack.piles]
    return data


def state_to_text(state: UnknownState, as_json: bool = False) -> str:
    """The state as the text of a YAML (or JSON) state file."""
    data = state_to_data(state)
    if as_json:
        return json.dumps(data, indent=2) + "\n"
    return _yaml(data)


def _yaml(data: dict[str, Any]) -> str:
    """YAML with one line per list item (a tile, a piece, an effect) and per stack entry."""
    lines = []
    for key, value in data.items():
        if key == "stack":
            lines.append("stack:")
            lines += [f"  {part}: {yaml_flow(v)}" for part, v in value.items() if part == "top"]
            if "rest" in value:
                lines.append("  rest:")
                lines += [f"    {name}: {n}" for name, n in value["rest"].items()]
            if "piles" in value:
                lines.append("  piles:")
                lines += [f"    - {yaml_flow(pile)}" for pile in value["piles"]]
        elif isinstance(value, list) and value and isinstance(value[0], dict):
            lines.append(f"{key}:")
            lines += [f"  - {yaml_flow(item)}" for item in value]
        else:
            lines.append(f"{key}: {yaml_flow(value)}")
    return "\n".join(lines) + "\n"


def state_from_text(text: str, source: str, as_json: bool = False) -> UnknownState:
    """The state a YAML (or JSON) state file's text describes, checked like a file."""
    data = check_position_data(parse_position_text(text, source, as_json), source)
    return _unknown_state(data, source)


def _unknown_state(data: dict[str, Any], source: str) -> UnknownState:
    if data["game"] != "unknown":
        raise PositionError(source, "game", f"not an Unknown state file (game {data['game']!r})")
    return state_from_data(data, source)


# -- files ----------------------------------------------------------------------------------------
def load_state(path: str | Path) -> UnknownState:
    """Load a state (or position) file: YAML, or JSON by the ``.json`` extension."""
    return _unknown_state(read_position_data(path), str(path))


def save_state(state: UnknownState, path: str | Path) -> Path:
    """Write ``state`` to ``path`` (JSON by ``.json``, else YAML) atomically; return the path.

    The text is checked to read back as the same state before anything is written; it is
    written to a temporary file in the same folder, then renamed over ``path``.
    """
    path = Path(path)
    as_json = path.suffix.lower() == ".json"
    text = state_to_text(state, as_json)
    if state_from_text(text, str(path), as_json) != state:
        raise ValueError(f"{path}: the state does not read back unchanged from its file form")
    write_atomically(path, text)
    return path
