"""Unknown's decisions in words: the phrases ``rulings resolve`` and ``rulings play`` read
(``move yellow east``, ``place 1,0``, ``option 3``), the phrase that names each decision (``say``,
read back by ``parse_phrase``), what the rules ask for next in words, and the play log.

A phrase becomes one of the engine's decision objects; nothing here decides what is legal (the
engine's ``IllegalDecision`` does). Registered in the game's entry as its :class:`Phrasebook`.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

import click

from engine.core.errors import did_you_mean
from engine.core.game import (
    ChanceNode,
    Decision,
    Event,
    IdleNode,
    Node,
    PlayerNode,
    TerminalNode,
    sample_outcome,
)
from engine.core.phrases import Form, verb_and_words
from engine.core.registry import LogLine, Phrasebook
from engine.unknown.game import UnknownGame
from engine.unknown.position import Coord
from engine.unknown.state import UnknownState, bag

PLAY_POSITIONS = "tests/data/positions/play"

# --- decision classes, imported by name when a phrase needs one --------------------------------

DECISIONS: dict[str, str] = {
    "StartTurn": "engine.unknown.turn.round",
    "EndTurn": "engine.unknown.turn.round",
    "Move": "engine.unknown.actions.move",
    "Explore": "engine.unknown.actions.explore",
    "Drawn": "engine.unknown.actions.explore",
    "PlaceAt": "engine.unknown.actions.explore",
    "Gather": "engine.unknown.actions.gather",
    "ClearTile": "engine.unknown.actions.clear",
    "CreateArmor": "engine.unknown.actions.armor",
    "CreateBarriers": "engine.unknown.actions.barriers",
    "CreateTrap": "engine.unknown.actions.trap",
    "PlaceTrap": "engine.unknown.actions.trap",
    "EatFood": "engine.unknown.actions.eat",
    "Heal": "engine.unknown.actions.heal",
    "RangedAttack": "engine.unknown.actions.ranged",
    "Trade": "engine.unknown.actions.trade",
    "Transfer": "engine.unknown.actions.trade",
    "Exchange": "engine.unknown.actions.trade",
    "FinishTrade": "engine.unknown.actions.trade",
    "Forfeit": "engine.unknown.forfeit",
    "Recruit": "engine.unknown.forfeit",
    "PayBase": "engine.unknown.forfeit",
    "AssignDamage": "engine.unknown.combat",
    "KnockTo": "engine.unknown.knockback",
    "FaceKnockback": "engine.unknown.knockback_order",
    "IgnoreKnockback": "engine.unknown.knockback_order",
    "PlaceOutpost": "engine.unknown.missions.expand",
    "HurlCanister": "engine.unknown.missions.behemoth",
    "TestWater": "engine.unknown.missions.water",
    "SourceTo": "engine.unknown.missions.water",
    "RepairRadio": "engine.unknown.tasks.radio",
    "Talk": "engine.unknown.tasks.radio",
    "TestGas": "engine.unknown.tasks.gas_testing",
    "ExtendPerimeter": "engine.unknown.tasks.perimeter",
    "FreeAction": "engine.unknown.tasks.camaraderie",
    "DeclineFreeActions": "engine.unknown.tasks.camaraderie",
    "MoveOther": "engine.unknown.survivors.captain",
    "Borrow": "engine.unknown.survivors.strategist",
    "ScoutStack": "engine.unknown.survivors.scouts",
    "SetTargetable": "engine.unknown.survivors.tracker",
    "Replant": "engine.unknown.survivors.botanist",
    "AllyMove": "engine.unknown.allies",
    "EndAllyPhase": "engine.unknown.allies",
    "ShotLands": "engine.unknown.enemies.abilities",
    "TargetRoll": "engine.unknown.enemies.movement",
    "PathRoll": "engine.unknown.enemies.movement",
    "BarrierStops": "engine.unknown.enemies.movement",
    "TrapHits": "engine.unknown.enemies.movement",
    "HazardSpots": "engine.unknown.enemies.spawning",
    "ObjectivesTo": "engine.unknown.hazards",
}
"""Every class of decision (and of chance outcome) the engine offers, by name -> the engine
module that defines it."""


class PhraseError(click.BadParameter):
    """An action phrase that cannot be read: a usage error naming ACTION (exit 2)."""

    def __init__(self, phrase: str, problem: str) -> None:
        super().__init__(f"{phrase!r}: {problem}", param_hint="ACTION")


def decision_class(name: str, phrase: str) -> type:
    """The engine's decision class ``name``; a usage error if its module is missing."""
    module_name = DECISIONS[name]
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name is None or not module_name.startswith(error.name):
            raise  # a module that exists failed to import: a bug, keep the traceback
        raise PhraseError(
            phrase, f"{name} is not available: this engine has no {module_name} module"
        ) from None
    cls = getattr(module, name, None)
    if cls is None:
        raise PhraseError(phrase, f"{name} is not available: {module_name} does not define it")
    return cls


# --- reading a phrase ---------------------------------------------------------------------------

DIRECTIONS: dict[str, Coord] = {"east": (1, 0), "west": (-1, 0), "north": (0, 1), "south": (0, -1)}
COORD_WORD = re.compile(r"^(-?\d+),(-?\d+)$")
GOODS_WORD = re.compile(r"^([a-z_]+):(\d+)$")


def goods_kinds() -> tuple[str, ...]:
    """Every kind of goods token a position may hold (the position schema's goods kinds: the
    resources of ``unknown.component.resource-tokens``, armor, traps, and the mission and task
    tokens); which of them a trade or a payment may move is the engine's to say."""
    from engine.positions import position_schema

    return tuple(position_schema()["$defs"]["goods"]["propertyNames"]["enum"])


@dataclass(frozen=True)
class Reading:
    """What a phrase is read against: the state, the node asking, and an optional random source."""

    game: UnknownGame
    state: UnknownState
    node: Node
    phrase: str
    rng: Random | None = None
    """Draws a chance outcome for a bare ``draw`` (``--seed``); ``None``: the user must say it."""

    def fail(self, problem: str) -> PhraseError:
        return PhraseError(self.phrase, problem)

    def one_of(self, word: str, what: str, choices: Sequence[str]) -> str:
        """``word`` if it is one of ``choices``, else a usage error naming it, the nearest
        choice and all of them."""
        if word in choices:
            return word
        listed = ", ".join(choices) or "none"
        raise self.fail(f"no {what} {word!r}{did_you_mean(word, choices)} ({what}s: {listed})")

    def survivor(self, word: str) -> str:
        """A survivor's id as the state knows it."""
        return self.one_of(word, "survivor", [s.id for s in self.state.position.survivors])

    def piece(self, word: str) -> str:
        """A survivor's, an enemy's or an ally's id."""
        position = self.state.position
        pieces = (*position.survivors, *position.enemies, *getattr(position, "allies", ()))
        return self.one_of(word, "piece", [p.id for p in pieces])

    def enemy(self, word: str) -> str:
        """An enemy's id."""
        return self.one_of(word, "enemy", [e.id for e in self.state.position.enemies])

    def goods_kind(self, word: str) -> str:
        """A kind of goods a survivor, base or tile may hold (:func:`goods_kinds`)."""
        kinds = goods_kinds()
        if word in kinds:
            return word
        raise self.fail(
            f"{word!r} is not a kind of goods{did_you_mean(word, kinds)}; kinds: {', '.join(kinds)}"
        )

    def resource(self, word: str) -> str:
        """A resource token kind (``unknown.component.resource-tokens``)."""
        from engine.unknown.actions.trade import RESOURCES

        return self.one_of(word, "resource", RESOURCES)

    def tile(self, word: str) -> str:
        """A kind of tile of the catalog."""
        from engine.unknown.catalog import catalog

        return self.one_of(word, "tile", sorted(catalog()))

    def card(self, word: str) -> str:
        """A survivor card."""
        from engine.unknown.catalog import survivor_cards

        return self.one_of(word, "survivor card", sorted(survivor_cards()))

    def at(self, who: str | None) -> Coord | None:
        """Where survivor ``who`` stands (``None`` if nobody is named)."""
        return None if who is None else self.state.position.piece(who).at

    def spot(self, word: str, origin: Coord | None) -> Coord:
        """``X,Y``, ``here``, or a compass direction from ``origin``."""
        match = COORD_WORD.match(word)
        if match:
            return (int(match[1]), int(match[2]))
        if word in DIRECTIONS or word == "here":
            if origin is None:
                raise self.fail(f"{word!r} needs a survivor to count from; give the spot as X,Y")
            if word == "here":
                return origin
            dx, dy = DIRECTIONS[word]
            return (origin[0] + dx, origin[1] + dy)
        near = did_you_mean(word, [*DIRECTIONS, "here"])
        raise self.fail(f"{word!r} is not a spot{near} (X,Y, here, north, south, east or west)")

    def acting(self) -> str | None:
        """The survivor a pending effect or the turn belongs to (directions count from it)."""
        if self.state.pending:
            who = getattr(self.state.pending[0], "who", None)
            if isinstance(who, str):
                return who
        return self.state.turn

    def legal(self) -> tuple[Decision, ...]:
        """The decisions the current node allows (none unless a player node)."""
        return self.node.legal if isinstance(self.node, PlayerNode) else ()


def amount(reading: Reading, word: str) -> int:
    if not word.isdigit() or int(word) < 1:
        raise reading.fail(f"{word!r} is not a count of 1 or more")
    return int(word)


def goods(reading: Reading, words: Sequence[str]) -> tuple[tuple[str, int], ...]:
    """``kind:n`` words as a sorted bag."""
    pairs = []
    for word in words:
        match = GOODS_WORD.match(word)
        if not match:
            raise reading.fail(f"{word!r} is not goods written kind:count (e.g. food:2)")
        pairs.append((reading.goods_kind(match[1]), int(match[2])))
    return bag(pairs)


def party(reading: Reading, word: str, origin: Coord | None) -> str:
    """A trade party: a survivor, ``base``, or a tile written ``x,y`` (or a direction)."""
    if word == "base":
        return word
    if word in {s.id for s in reading.state.position.survivors}:
        return word
    if COORD_WORD.match(word) or word in DIRECTIONS or word == "here":
        x, y = reading.spot(word, origin)
        return f"{x},{y}"
    raise reading.fail(f"{word!r} is not a trade party (a survivor, base, or a tile X,Y)")


Parser = Callable[[Reading, list[str]], Decision]


def _who(reading: Reading, args: list[str]) -> str:
    return reading.survivor(args[0])


def _start(r: Reading, a: list[str]) -> Decision:
    return decision_class("StartTurn", r.phrase)(_who(r, a))


def _end(r: Reading, a: list[str]) -> Decision:
    return decision_class("EndTurn", r.phrase)(_who(r, a))


def _move(r: Reading, a: list[str]) -> Decision:
    who = _who(r, a)
    return decision_class("Move", r.phrase)(who, r.spot(a[1], r.at(who)))


def _explore(r: Reading, a: list[str]) -> Decision:
    return decision_class("Explore", r.phrase)(_who(r, a))


def _place(r: Reading, a: list[str]) -> Decision:
    return decision_class("PlaceAt", r.phrase)(r.spot(a[0], r.at(r.acting())))


def _draw(r: Reading, a: list[str]) -> Decision:
    if a:
        return decision_class("Drawn", r.phrase)(r.tile(a[0]))
    if not isinstance(r.node, ChanceNode):
        raise r.fail("'draw' without a tile needs a chance node now (name the tile: draw flood)")
    if r.rng is None:
        raise r.fail("name what was drawn (e.g. draw flood), or give --seed to draw at random")
    return sample_outcome(r.node, r.rng)


def _gather(r: Reading, a: list[str]) -> Decision:
    cls = decision_class("Gather", r.phrase)
    who, resource = _who(r, a), r.goods_kind(a[1])
    if len(a) > 2:
        if a[2] != "from" or len(a) == 3:
            raise r.fail("write the sources after 'from': gather S RESOURCE from X,Y X,Y ...")
        sources = tuple(sorted({r.spot(w, r.at(who)) for w in a[3:]}))
        return cls(who, resource, sources)
    return _widest_gather(r, cls, who, resource)


def _widest_gather(r: Reading, cls: type, who: str, resource: str) -> Decision:
    """``gather S RESOURCE``: every source the rules allow at once.

    The legal gather for that resource with the most sources; if none is legal, the widest
    candidate, so the engine explains why it is not.
    """
    legal = [d for d in r.legal() if isinstance(d, cls) and d.who == who and d.resource == resource]
    if not legal:
        legal = [d for d in cls.candidates(r.game.rules, r.state, who) if d.resource == resource]
    if not legal:
        return cls(who, resource, ())
    return max(legal, key=lambda d: (len(d.sources), [(-x, -y) for x, y in d.sources]))


def _clear(r: Reading, a: list[str]) -> Decision:
    cls = decision_class("ClearTile", r.phrase)
    who = _who(r, a)
    at = r.spot(a[1], r.at(who))
    if len(a) == 3:
        return cls(who, at, r.resource(a[2]))
    options = [d for d in r.legal() if isinstance(d, cls) and d.who == who and d.at == at]
    return options[0] if len(options) == 1 else cls(who, at, None)


def _armor(r: Reading, a: list[str]) -> Decision:
    return decision_class("CreateArmor", r.phrase)(_who(r, a))


def _barriers(r: Reading, a: list[str]) -> Decision:
    who = _who(r, a)
    origin = r.at(who)
    spots = tuple(sorted((r.spot(a[1], origin), r.spot(a[2], origin))))
    return decision_class("CreateBarriers", r.phrase)(who, spots)


def _trap(r: Reading, a: list[str]) -> Decision:
    who = _who(r, a)
    at = None if a[1] == "keep" else r.spot(a[1], r.at(who))
    return decision_class("CreateTrap", r.phrase)(who, at)


def _place_trap(r: Reading, a: list[str]) -> Decision:
    who = _who(r, a)
    return decision_class("PlaceTrap", r.phrase)(who, r.spot(a[1], r.at(who)))


def _eat(r: Reading, a: list[str]) -> Decision:
    return decision_class("EatFood", r.phrase)(_who(r, a))


def _heal(r: Reading, a: list[str]) -> Decision:
    return decision_class("Heal", r.phrase)(_who(r, a), r.survivor(a[1]))


def _shoot(r: Reading, a: list[str]) -> Decision:
    return decision_class("RangedAttack", r.phrase)(_who(r, a), r.piece(a[1]))


def _trade(r: Reading, a: list[str]) -> Decision:
    return decision_class("Trade", r.phrase)(_who(r, a))


def _give(r: Reading, a: list[str]) -> Decision:
    survivors = {s.id for s in r.state.position.survivors}
    named = next((w for w in a[:2] if w in survivors), None)
    origin = r.at(named or r.acting())
    source, target = party(r, a[0], origin), party(r, a[1], origin)
    kind = r.goods_kind(a[2])
    return decision_class("Transfer", r.phrase)(source, target, kind, amount(r, a[3]))


def _exchange(r: Reading, a: list[str]) -> Decision:
    at = r.spot(a[0], r.at(r.acting()))
    rest = a[1:]
    if "for" in rest:
        split = rest.index("for")
        give, get = rest[:split], rest[split + 1 :]
    elif len(rest) == 2:
        give, get = rest[:1], rest[1:]
    else:
        raise r.fail("write exchange X,Y GIVE GET, or exchange X,Y GIVE... for GET...")
    if not give or not get:
        raise r.fail("an exchange gives something and gets something")
    return decision_class("Exchange", r.phrase)(at, goods(r, give), goods(r, get))


def _finish_trade(r: Reading, a: list[str]) -> Decision:
    return decision_class("FinishTrade", r.phrase)()


def _forfeit(r: Reading, a: list[str]) -> Decision:
    return decision_class("Forfeit", r.phrase)(_who(r, a))


def _recruit(r: Reading, a: list[str]) -> Decision:
    return decision_class("Recruit", r.phrase)(r.card(a[0]))


def _pay(r: Reading, a: list[str]) -> Decision:
    return decision_class("PayBase", r.phrase)(goods(r, a))


def _knock(r: Reading, a: list[str]) -> Decision:
    who = r.piece(a[0])
    return decision_class("KnockTo", r.phrase)(who, r.spot(a[1], r.at(who)))


def _assign(r: Reading, a: list[str]) -> Decision:
    """``assign PIECE:N ...``: the survivors' damage goes to the enemies named, the enemies'
    to the survivors and allies named (``unknown.ally.stats``)."""
    enemies = {e.id for e in r.state.position.enemies}
    to_survivors, to_enemies = [], []
    for word in a:
        name, sep, points = word.partition(":")
        if not sep or not points.isdigit():
            raise r.fail(f"{word!r} is not damage written piece:points (e.g. yellow:1)")
        r.piece(name)
        (to_enemies if name in enemies else to_survivors).append((name, int(points)))
    return decision_class("AssignDamage", r.phrase)(bag(to_survivors), bag(to_enemies))


def _knockback(name: str) -> Parser:
    """``face S SOURCE`` / ``ignore S SOURCE``: take or ignore one knockback (the Skeptic, or a
    survivor already knocked back once, ``unknown.knockback.ignore-later``)."""

    def parse(r: Reading, a: list[str]) -> Decision:
        return decision_class(name, r.phrase)(r.piece(a[0]), a[1])

    return parse


def _who_at(name: str) -> Parser:
    """``VERB S DIR``: survivor ``S`` acts on a tile (an outpost, a water test, a fence...)."""

    def parse(r: Reading, a: list[str]) -> Decision:
        who = _who(r, a)
        return decision_class(name, r.phrase)(who, r.spot(a[1], r.at(who)))

    return parse


def _who_only(name: str) -> Parser:
    def parse(r: Reading, a: list[str]) -> Decision:
        return decision_class(name, r.phrase)(_who(r, a))

    return parse


def _who_target(name: str) -> Parser:
    """``VERB S TARGET``: survivor ``S`` acts on a piece (hurl a canister, test gas)."""

    def parse(r: Reading, a: list[str]) -> Decision:
        return decision_class(name, r.phrase)(_who(r, a), r.piece(a[1]))

    return parse


def _who_card(name: str) -> Parser:
    """``VERB S CARD``: survivor ``S`` gains the abilities of the survivor playing CARD."""

    def parse(r: Reading, a: list[str]) -> Decision:
        return decision_class(name, r.phrase)(_who(r, a), r.card(a[1]))

    return parse


def _spot_only(name: str) -> Parser:
    """``VERB X,Y``: a tile the players choose (the next water source, the objectives)."""

    def parse(r: Reading, a: list[str]) -> Decision:
        return decision_class(name, r.phrase)(r.spot(a[0], r.at(r.acting())))

    return parse


def _enemy_spot(name: str) -> Parser:
    """``VERB ENEMY X,Y``: the d4 sends an enemy toward a tile (a target or a path tie)."""

    def parse(r: Reading, a: list[str]) -> Decision:
        enemy = r.enemy(a[0])
        return decision_class(name, r.phrase)(enemy, r.spot(a[1], r.at(enemy)))

    return parse


def _spot_enemy(name: str) -> Parser:
    """``VERB X,Y ENEMY``: a barrier or a trap on X,Y acts on the entering enemy."""

    def parse(r: Reading, a: list[str]) -> Decision:
        return decision_class(name, r.phrase)(r.spot(a[0], None), r.enemy(a[1]))

    return parse


def _order(r: Reading, a: list[str]) -> Decision:
    """``order S S2 DIR``: the Captain moves another survivor one tile."""
    who, target = _who(r, a), r.survivor(a[1])
    return decision_class("MoveOther", r.phrase)(who, target, r.spot(a[2], r.at(target)))


def _targetable(value: bool) -> Parser:
    """``targetable S`` / ``untargetable S``: the Tracker's choice."""

    def parse(r: Reading, a: list[str]) -> Decision:
        return decision_class("SetTargetable", r.phrase)(_who(r, a), value)

    return parse


def _ally(r: Reading, a: list[str]) -> Decision:
    ally = r.piece(a[0])
    return decision_class("AllyMove", r.phrase)(ally, r.spot(a[1], r.at(ally)))


def _allies_stay(r: Reading, a: list[str]) -> Decision:
    return decision_class("EndAllyPhase", r.phrase)()


def _shot(r: Reading, a: list[str]) -> Decision:
    return decision_class("ShotLands", r.phrase)(r.enemy(a[0]), r.survivor(a[1]))


def _hazards(r: Reading, a: list[str]) -> Decision:
    spots = tuple(r.spot(word, None) for word in a)
    return decision_class("HazardSpots", r.phrase)(spots)


def _free(r: Reading, a: list[str]) -> Decision:
    """``free PHRASE``: an action taken without AP (Camaraderie), said as the action is."""
    inner = Reading(r.game, r.state, r.node, " ".join(a), r.rng)
    action = parse_phrase(inner)
    who = getattr(action, "who", None)
    if not isinstance(who, str):
        raise r.fail("write it as: free ACTION, e.g. free move yellow east")
    return decision_class("FreeAction", r.phrase)(who, action)


def _option(r: Reading, a: list[str]) -> Decision:
    if isinstance(r.node, PlayerNode):
        choices: Sequence[Decision] = r.node.legal
    elif isinstance(r.node, ChanceNode):
        choices = [outcome for outcome, _ in r.node.outcomes]
    else:
        raise r.fail("nothing is being decided now, so there are no options")
    if not a[0].isdigit() or not 1 <= int(a[0]) <= len(choices):
        raise r.fail(f"{a[0]!r} is not an option number from 1 to {len(choices)}")
    return choices[int(a[0]) - 1]


FORMS: dict[str, Form[Parser]] = {
    "start": Form("start S", (1, 1), _start),
    "end": Form("end S", (1, 1), _end),
    "move": Form("move S DIR", (2, 2), _move),
    "explore": Form("explore S", (1, 1), _explore),
    "draw": Form("draw TILE", (0, 1), _draw),
    "place": Form("place DIR", (1, 1), _place),
    "gather": Form("gather S RES [from X,Y ...]", (2, None), _gather),
    "clear": Form("clear S DIR [RES]", (2, 3), _clear),
    "armor": Form("armor S", (1, 1), _armor),
    "barriers": Form("barriers S DIR DIR", (3, 3), _barriers),
    "trap": Form("trap S DIR|keep", (2, 2), _trap),
    "place-trap": Form("place-trap S DIR", (2, 2), _place_trap),
    "eat": Form("eat S", (1, 1), _eat),
    "heal": Form("heal S S2", (2, 2), _heal),
    "shoot": Form("shoot S ENEMY", (2, 2), _shoot),
    "trade": Form("trade S", (1, 1), _trade),
    "give": Form("give FROM TO KIND N", (4, 4), _give),
    "exchange": Form("exchange X,Y GIVE GET", (3, None), _exchange),
    "finish-trade": Form("finish-trade", (0, 0), _finish_trade),
    "forfeit": Form("forfeit S", (1, 1), _forfeit),
    "recruit": Form("recruit CARD", (1, 1), _recruit),
    "pay": Form("pay KIND:N ...", (1, None), _pay),
    "knock": Form("knock PIECE DIR", (2, 2), _knock),
    "face": Form("face S SOURCE", (2, 2), _knockback("FaceKnockback")),
    "ignore": Form("ignore S SOURCE", (2, 2), _knockback("IgnoreKnockback")),
    "outpost": Form("outpost S DIR", (2, 2), _who_at("PlaceOutpost")),
    "hurl": Form("hurl S TARGET", (2, 2), _who_target("HurlCanister")),
    "test-water": Form("test-water S DIR", (2, 2), _who_at("TestWater")),
    "water-source": Form("water-source DIR", (1, 1), _spot_only("SourceTo")),
    "repair-radio": Form("repair-radio S", (1, 1), _who_only("RepairRadio")),
    "talk": Form("talk S CARD", (2, 2), _who_card("Talk")),
    "test-gas": Form("test-gas S ENEMY", (2, 2), _who_target("TestGas")),
    "fence": Form("fence S DIR", (2, 2), _who_at("ExtendPerimeter")),
    "free": Form("free ACTION", (1, None), _free),
    "no-free": Form("no-free S", (1, 1), _who_only("DeclineFreeActions")),
    "order": Form("order S S2 DIR", (3, 3), _order),
    "borrow": Form("borrow S CARD", (2, 2), _who_card("Borrow")),
    "scout": Form("scout S", (1, 1), _who_only("ScoutStack")),
    "targetable": Form("targetable S", (1, 1), _targetable(True)),
    "untargetable": Form("untargetable S", (1, 1), _targetable(False)),
    "replant": Form("replant S DIR", (2, 2), _who_at("Replant")),
    "ally": Form("ally ALLY DIR", (2, 2), _ally),
    "allies-stay": Form("allies-stay", (0, 0), _allies_stay),
    "shot": Form("shot ENEMY S", (2, 2), _shot),
    "target": Form("target ENEMY X,Y", (2, 2), _enemy_spot("TargetRoll")),
    "path": Form("path ENEMY X,Y", (2, 2), _enemy_spot("PathRoll")),
    "barrier-stops": Form("barrier-stops X,Y ENEMY", (2, 2), _spot_enemy("BarrierStops")),
    "trap-hits": Form("trap-hits X,Y ENEMY", (2, 2), _spot_enemy("TrapHits")),
    "hazards": Form("hazards X,Y ...", (1, None), _hazards),
    "objectives": Form("objectives DIR", (1, 1), _spot_only("ObjectivesTo")),
    "assign": Form("assign PIECE:N ...", (0, None), _assign),
    "option": Form("option N", (1, 1), _option),
}
"""Every accepted phrase, by its first word."""


def parse_phrase(reading: Reading) -> Decision:
    """The decision ``reading.phrase`` names; ``PhraseError`` (exit 2) if it names none."""
    form, args = verb_and_words(reading.phrase, FORMS, reading.fail, with_directions)
    return form.parse(reading, args)


def with_directions(form: Form[Parser]) -> str:
    """A form as written, with what DIR may be."""
    return f"{form.usage} (DIR is north, south, east, west, here or X,Y)"


# --- the inverse: the phrase for a decision -----------------------------------------------------


def _xy(at: Coord) -> str:
    return f"{at[0]},{at[1]}"


def _bag(items: Sequence[tuple[str, int]]) -> str:
    return " ".join(f"{kind}:{n}" for kind, n in items)


def _free_saying(action: Decision) -> str | None:
    inner = say(action)
    return None if inner is None else f"free {inner}"


SAYINGS: dict[str, Callable[[Any], str | None]] = {
    "StartTurn": lambda d: f"start {d.who}",
    "EndTurn": lambda d: f"end {d.who}",
    "Move": lambda d: f"move {d.who} {_xy(d.to)}",
    "Explore": lambda d: f"explore {d.who}",
    "Drawn": lambda d: f"draw {d.tile}",
    "PlaceAt": lambda d: f"place {_xy(d.at)}",
    "Gather": lambda d: f"gather {d.who} {d.resource} from {' '.join(map(_xy, d.sources))}",
    "ClearTile": lambda d: f"clear {d.who} {_xy(d.at)}" + (f" {d.gain}" if d.gain else ""),
    "CreateArmor": lambda d: f"armor {d.who}",
    "CreateBarriers": lambda d: f"barriers {d.who} {' '.join(map(_xy, d.spots))}",
    "CreateTrap": lambda d: f"trap {d.who} {'keep' if d.at is None else _xy(d.at)}",
    "PlaceTrap": lambda d: f"place-trap {d.who} {_xy(d.at)}",
    "EatFood": lambda d: f"eat {d.who}",
    "Heal": lambda d: f"heal {d.who} {d.target}",
    "RangedAttack": lambda d: f"shoot {d.who} {d.target}",
    "Trade": lambda d: f"trade {d.who}",
    "Transfer": lambda d: f"give {d.source} {d.target} {d.kind} {d.amount}",
    "Exchange": lambda d: f"exchange {_xy(d.at)} {_bag(d.give)} for {_bag(d.get)}",
    "FinishTrade": lambda d: "finish-trade",
    "Forfeit": lambda d: f"forfeit {d.who}",
    "Recruit": lambda d: f"recruit {d.card}",
    "PayBase": lambda d: f"pay {_bag(d.goods)}",
    "KnockTo": lambda d: f"knock {d.who} {_xy(d.to)}",
    "AssignDamage": lambda d: " ".join(
        ["assign", _bag(d.to_survivors), _bag(d.to_enemies)]
    ).strip(),
    "FaceKnockback": lambda d: f"face {d.who} {d.source}",
    "IgnoreKnockback": lambda d: f"ignore {d.who} {d.source}",
    "PlaceOutpost": lambda d: f"outpost {d.who} {_xy(d.at)}",
    "HurlCanister": lambda d: f"hurl {d.who} {d.target}",
    "TestWater": lambda d: f"test-water {d.who} {_xy(d.at)}",
    "SourceTo": lambda d: f"water-source {_xy(d.to)}",
    "RepairRadio": lambda d: f"repair-radio {d.who}",
    "Talk": lambda d: f"talk {d.who} {d.card}",
    "TestGas": lambda d: f"test-gas {d.who} {d.target}",
    "ExtendPerimeter": lambda d: f"fence {d.who} {_xy(d.at)}",
    "FreeAction": lambda d: _free_saying(d.action),
    "DeclineFreeActions": lambda d: f"no-free {d.who}",
    "MoveOther": lambda d: f"order {d.who} {d.target} {_xy(d.to)}",
    "Borrow": lambda d: f"borrow {d.who} {d.card}",
    "ScoutStack": lambda d: f"scout {d.who}",
    "SetTargetable": lambda d: f"{'targetable' if d.targetable else 'untargetable'} {d.who}",
    "Replant": lambda d: f"replant {d.who} {_xy(d.at)}",
    "AllyMove": lambda d: f"ally {d.ally} {_xy(d.to)}",
    "EndAllyPhase": lambda d: "allies-stay",
    "ShotLands": lambda d: f"shot {d.enemy} {d.survivor}",
    "TargetRoll": lambda d: f"target {d.enemy} {_xy(d.at)}",
    "PathRoll": lambda d: f"path {d.enemy} {_xy(d.to)}",
    "BarrierStops": lambda d: f"barrier-stops {_xy(d.at)} {d.enemy}",
    "TrapHits": lambda d: f"trap-hits {_xy(d.at)} {d.enemy}",
    "HazardSpots": lambda d: f"hazards {' '.join(map(_xy, d.spots))}",
    "ObjectivesTo": lambda d: f"objectives {_xy(d.to)}",
}
"""Decision class name -> the phrase that names that decision (read back by ``parse_phrase``)."""


def say(decision: Decision) -> str | None:
    """The phrase for ``decision``, or ``None`` for a decision no phrase names."""
    saying = SAYINGS.get(type(decision).__name__)
    try:
        said = None if saying is None else saying(decision)
    except AttributeError:
        return None  # a class of that name with other fields: no phrase for it
    return None if said is None else " ".join(said.split())


# --- narrating events and the next node ---------------------------------------------------------


def event_line(event: Event) -> str:
    """One event as a line: its text, then its clause."""
    return f"{event.text} [{event.clause}]"


def _choice(n: int, decision: Decision) -> str:
    phrase = say(decision)
    return f"  {n}. {decision}" + (f'  (say "{phrase}")' if phrase else "")


def node_lines(state: UnknownState, node: Node) -> list[str]:
    """What the rules ask for next, in words, with numbered options."""
    if isinstance(node, TerminalNode):
        why = state.outcome[2] if state.outcome else ""
        return [
            f"next: the game is over: {node.outcome} [{node.clause}]" + (f": {why}" if why else "")
        ]
    if isinstance(node, ChanceNode):
        lines = [f"next: chance [{node.clause}]: {node.prompt}"]
        for n, (outcome, probability) in enumerate(node.outcomes, 1):
            lines.append(f"{_choice(n, outcome)}  p={probability}")
        return lines
    if isinstance(node, PlayerNode):
        lines = [f"next: {node.player} to decide [{node.clause}]: {node.prompt}"]
        lines += option_lines(node.legal)
        if not node.legal:
            lines.append("  (no legal decision)")
        return lines
    return ["next: nothing is pending and no round is in progress"]


GROUPED_OVER = 8
"""A kind of decision with more options than this at one node is listed as one line."""


def kind_words(decision: Decision) -> str:
    """A decision's kind in words: its action name (``create barriers``), else its class name
    split into words (``place at``)."""
    name = getattr(type(decision), "name", None)
    if isinstance(name, str):
        return name.replace("_", " ")
    return re.sub(r"(?<!^)(?=[A-Z])", " ", type(decision).__name__).lower()


def numbers(ns: Sequence[int]) -> str:
    """Option numbers in runs: ``12-26``, ``3, 5-7``."""
    runs: list[list[int]] = []
    for n in ns:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


def option_lines(legal: Sequence[Decision]) -> list[str]:
    """One numbered line per option, except that a kind with more than :data:`GROUPED_OVER`
    options is one line at its first option, naming its numbers, how many and the phrase of its
    first (every number still means the option ``option N`` picks)."""
    by_kind: dict[type, list[int]] = {}
    for n, decision in enumerate(legal, 1):
        by_kind.setdefault(type(decision), []).append(n)
    lines = []
    for n, decision in enumerate(legal, 1):
        ns = by_kind[type(decision)]
        if len(ns) <= GROUPED_OVER:
            lines.append(_choice(n, decision))
        elif n == ns[0]:
            phrase = say(decision)
            example = f'say e.g. "{phrase}" (or option N)' if phrase else "say option N"
            lines.append(f"  {numbers(ns)}. {kind_words(decision)}: {len(ns)} ways, {example}")
    return lines


def _decision_data(n: int, decision: Decision) -> dict[str, Any]:
    return {"n": n, "text": str(decision), "say": say(decision), "type": type(decision).__name__}


def node_data(state: UnknownState, node: Node) -> dict[str, Any]:
    """What the rules ask for next, as JSON-able data."""
    if isinstance(node, TerminalNode):
        why = state.outcome[2] if state.outcome else None
        return {"type": "terminal", "outcome": node.outcome, "clause": node.clause, "why": why}
    if isinstance(node, ChanceNode):
        outcomes = [
            {**_decision_data(n, outcome), "probability": str(probability)}
            for n, (outcome, probability) in enumerate(node.outcomes, 1)
        ]
        return {
            "type": "chance",
            "prompt": node.prompt,
            "clause": node.clause,
            "outcomes": outcomes,
        }
    if isinstance(node, PlayerNode):
        return {
            "type": "player",
            "player": node.player,
            "prompt": node.prompt,
            "clause": node.clause,
            "options": [_decision_data(n, d) for n, d in enumerate(node.legal, 1)],
        }
    assert isinstance(node, IdleNode)
    return {"type": "idle"}


# --- the play log -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Logged:
    """One event of the log, with the round and phase it happened in."""

    round: int
    phase: str | None
    event: Event

    def line(self) -> str:
        phase = (self.phase or "setup").replace("_", " ")
        return f"round {self.round}, {phase}: {self.event.text} [{self.event.clause}]"

    def data(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "phase": self.phase,
            "kind": self.event.kind,
            "clause": self.event.clause,
            "text": self.event.text,
        }


def placed_in_time(state: UnknownState, events: Sequence[Event]) -> Iterator[Logged]:
    """Each event with the round and phase it happened in.

    One decision can carry the round through several phases (``settle`` runs the phases that need
    no decision), so the phase and round are followed through the phase and round events the
    turn order emits (``unknown.turn.phases``).
    """
    round_, phase = state.round, state.phase
    for event in events:
        if event.kind == "round_started":
            round_, phase = event.get("round", round_ + 1), "survivor_actions"
        elif event.kind == "phase" and event.get("phase"):
            phase = event.get("phase")
        yield Logged(round_, phase, event)


def log_lines(state: UnknownState, events: Sequence[Event]) -> list[LogLine]:
    """The play log's lines for ``events`` caused from ``state``."""
    return [LogLine(entry.line(), entry.data()) for entry in placed_in_time(state, events)]


# --- loading states -----------------------------------------------------------------------------


def register_effects() -> None:
    """Import every module that defines decisions, so the pending effects they register (a trade
    session, a respawn, a close combat) can be read from a state file."""
    for module_name in sorted(set(DECISIONS.values())):
        try:
            importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            if error.name is None or not module_name.startswith(error.name):
                raise


# --- the phrasebook -----------------------------------------------------------------------------

FORMS_HELP = """\b
Action phrases (case-insensitive; S is a survivor, DIR is north, south, east,
west, here or X,Y, counted from the survivor acting):
  start S | end S            take the next turn | end the turn
  move S DIR | explore S     move | explore (then: draw TILE, place DIR)
  draw TILE | draw           say what was revealed | draw at random (--seed)
  gather S RES [from X,Y..]  every eligible source, or the ones listed
  clear S DIR [RES]          clear a tile, choosing the resource gained
  armor S | eat S            create armor | eat food
  barriers S DIR DIR         two barrier tokens (the spots may repeat)
  trap S DIR|keep            create a trap there, or keep it
  place-trap S DIR           place a kept trap
  heal S S2 | shoot S ENEMY  heal | ranged attack
  trade S                    open a trade, then:
    give FROM TO KIND N      FROM/TO: survivor, base or X,Y
    exchange X,Y GIVE GET    e.g. exchange 0,0 scrap:2 ammo:1
    finish-trade
  forfeit S | recruit CARD | pay KIND:N ...
  knock PIECE DIR            where a knocked-back piece ends
  face S SOURCE | ignore S SOURCE   take or ignore a knockback
  outpost S DIR | hurl S TARGET     Expand's outpost | Behemoth's canister
  test-water S DIR | water-source DIR   Water's test | where a source goes
  repair-radio S | talk S CARD      Radio task: repair | talk to a card
  test-gas S ENEMY | fence S DIR    Gas Testing | Perimeter tasks
  free ACTION | no-free S    Camaraderie: a free action | give the rest up
  order S S2 DIR             the Captain moves S2 one tile
  borrow S CARD | scout S    the Strategist's borrow | the Scouts' look
  targetable S | untargetable S   the Tracker's choice
  replant S DIR              the Botanist's replant
  ally ALLY DIR | allies-stay   move an ally | the rest stay
  shot ENEMY S               where a ranged enemy's damage lands
  target ENEMY X,Y | path ENEMY X,Y   the d4 breaks a target or path tie
  barrier-stops X,Y ENEMY | trap-hits X,Y ENEMY   a token used on an enemy
  hazards X,Y ... | objectives DIR   hazard spawn tiles | where objectives go
  assign PIECE:N ...         close-combat damage, e.g. assign yellow:1 a1:1
  option N                   the N-th option listed as next
"""
"""The phrase forms as ``rulings resolve --help`` lists them."""


def phrasebook() -> Phrasebook:
    """Unknown's phrases, for the registry."""
    return Phrasebook(
        read=lambda game, state, node, phrase, rng: parse_phrase(
            Reading(game, state, node, phrase, rng)
        ),
        say=lambda state, decision: say(decision),
        next_lines=node_lines,
        next_data=node_data,
        event_line=event_line,
        forms=FORMS_HELP,
        shown=lambda state, decision: str(decision),
    )
