"""A heuristic expert player for Unknown: a greedy one-ply planner for the cooperative survivors.

Idea. At every decision the player tries each sensible legal decision on a copy of the state
(``game.apply``), lets the few follow-up decisions it causes (knockback paths, damage
assignment, where a revealed tile goes) resolve greedily, and scores the result with a
hand-built evaluation (:func:`evaluate`). The survivor on turn takes the best action while it
improves the score by more than a margin, then ends its turn. The evaluation weighs:

* food: base's stockpile on a concave curve (the base eats 1 food each upkeep, ``Upkeep``),
  food carried (worth less the farther it is from base), so survivors gather, carry, deliver;
* survivors' health (injured costs 1 AP a turn, incapacitated cannot act: ``Injury``);
* enemies: each active enemy costs points, more when it is near base or a lone survivor;
* a per-survivor "job": the best of the nearby targets (a gatherable food tile, a spot to explore
  from, an enemy to fight when healthy, base when the Scout mission wants everyone home),
  minus the walking distance, so a survivor walks towards work;
* the mission: tiles left in the stack (Scout, Activate and the missions whose last mission
  tiles lie deep in the stack), consoles held, canisters, outposts, cleared lairs and hives.

Exploring is never looked ahead through (the draw is chance and may encode the stack's hidden
order): an Explore is valued as the state before it plus a fixed worth of one more tile drawn.
The player reads only ``stack.size`` of the stack, never its contents or order. Trades follow a
small plan (:func:`trade_plan`): food to base, base exchanges into food when food runs low.

Figures measured with /tmp/expert_sweep.py (players=3, easy) are given in the final report of
the commit that introduced this module; see ``tests/test_unknown_expert.py`` for the checks.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.core.game import PlayerNode
from engine.unknown.actions import (
    EatFood,
    Explore,
    Gather,
    Trade,
)
from engine.unknown.actions.trade import BASE, Exchange, FinishTrade, TradeSession, Transfer
from engine.unknown.catalog import catalog, enemy_kinds
from engine.unknown.combat import base_spot
from engine.unknown.forfeit import Forfeit
from engine.unknown.game import UnknownGame
from engine.unknown.map import board_of, explore_placements, is_passable
from engine.unknown.position import Coord, UnknownPosition
from engine.unknown.state import UnknownState, count
from engine.unknown.turn.round import EndTurn, StartTurn

Policy = Callable[[UnknownState, PlayerNode], Any]

WIN = 1_000_000.0
MARGIN = 0.5
"""An action must raise the score by more than this to be taken instead of ending the turn."""
STEP = 1.5
"""Points a job loses per tile of walking."""
FOLLOW_UPS = 6
"""Follow-up decisions resolved greedily inside one lookahead."""
DEEP_MISSIONS = ("scout", "activate", "hive", "refugees", "behemoth", "water", "stragglers")
"""Missions whose goal needs most of the stack drawn (their mission tiles lie in later piles)."""
SKIPPED = ("CreateBarriers", "CreateTrap", "PlaceTrap", "CreateArmor", "ScoutStack", "Borrow")


def food_curve(food: int) -> float:
    """Worth of base's food: each unit buys a round (``Upkeep``); the first units matter most."""
    worth = 0.0
    for i in range(1, food + 1):
        worth += 30 if i <= 2 else 20 if i <= 5 else 12 if i <= 10 else 6 if i <= 16 else 2
    return worth


def marginal_food(food: int) -> float:
    """Worth of one more food in base now."""
    return food_curve(food + 1) - food_curve(food)


class Geometry:
    """Walking distances on one map (``Range``), from the engine's cached board."""

    def __init__(self, position: UnknownPosition) -> None:
        self.board = board_of(position)

    def field(self, at: Coord) -> list[int] | None:
        slot = self.board.slot.get(at)
        return None if slot is None else self.board.distances_from(slot)

    def dist(self, field: list[int] | None, to: Coord) -> int | None:
        if field is None:
            return None
        slot = self.board.slot.get(to)
        if slot is None or field[slot] < 0:
            return None
        return field[slot]


def stack_weight(state: UnknownState) -> float:
    """Worth of one tile drawn from the stack for the mission in play."""
    mission = state.mission or ""
    if mission in ("scout", "activate"):
        return 9.0
    if mission in DEEP_MISSIONS:
        return 6.0
    if mission in ("map", "expand", "onslaught"):
        return 4.0
    return 3.0


def mission_score(state: UnknownState) -> float:
    """Progress on the mission card and the map, beyond the stack drawn."""
    pos = state.position
    mission = state.mission
    score = 0.0
    if mission == "activate":
        score += 60 * sum(count(s.goods, "console") for s in pos.survivors)
    elif mission == "behemoth":
        score += 80 * count(state.mission_card, "canister")
        score += 50 * sum(count(s.goods, "canister") for s in pos.survivors)
    elif mission == "expand":
        score += 200 * sum(t.count for t in pos.tokens if t.kind == "outpost")
        score += 4 * min(sum(count(s.goods, "scrap") for s in pos.survivors), 9)
    elif mission == "onslaught":
        score += 40 * count(state.mission_card, "mission")
    elif mission == "hive":
        score += 60 * sum(1 for t in pos.tiles if t.tile == "hive" and t.cleared)
    elif mission == "water":
        score += 50 * count(state.mission_card, "water_tested")
        score += 4 * min(sum(count(s.goods, "medicine") for s in pos.survivors), 6)
    elif mission == "refugees":
        score += 30 * count(state.base, "refugee")
        score += 20 * sum(count(s.goods, "refugee") for s in pos.survivors)
        score += 60 * sum(t.count for t in pos.tokens if t.kind == "refugee")
    elif mission == "stragglers":
        base = base_spot(pos)
        geo = Geometry(pos)
        home = geo.field(base) if base else None
        for ally in pos.allies:
            if ally.at == base:
                score += 80
            else:
                d = geo.dist(home, ally.at)
                score += 40 - 2 * (d if d is not None else 15)
    if mission in DEEP_MISSIONS or mission in ("map", "expand", "onslaught"):
        score -= stack_weight(state) * state.stack.size
    return score


def explore_spots(position: UnknownPosition) -> list[Coord]:
    """Passable tiles a survivor could explore from (``Explore``: a free spot, no 2x2)."""
    return [
        t.at
        for t in position.tiles
        if is_passable(position, t.at) and explore_placements(position, t.at)
    ]


def food_targets(position: UnknownPosition) -> list[Coord]:
    """Tiles that give food to a Gather: uncleared food icons and food tokens lying there."""
    found = []
    for t in position.tiles:
        kind = catalog()[t.tile]
        if position.enemies_at(t.at):
            continue
        if (
            not t.cleared
            and not kind.clear_cost
            and any("food" in icon for icon in kind.gather)
            or position.tokens_at.get(t.at, {}).get("food")
        ):
            found.append(t.at)
    return found


def evaluate(state: UnknownState) -> float:
    """The hand-built score of a state (see the module docstring)."""
    if state.outcome is not None:
        return WIN - state.round if state.outcome[0] == "win" else -WIN
    pos = state.position
    geo = Geometry(pos)
    base = base_spot(pos)
    home = geo.field(base) if base is not None else None
    food = count(state.base, "food")
    margin = marginal_food(food)
    score = food_curve(food) + mission_score(state)
    score += 1.5 * sum(n for k, n in state.base if k in ("ammo", "medicine", "scrap"))
    needing_work = state.stack.size > 0
    explore_worth = stack_weight(state) if needing_work else 0.0
    spots = explore_spots(pos) if needing_work else []
    foods = food_targets(pos)
    enemies = [e for e in pos.enemies if not e.stunned]
    for s in pos.survivors:
        score -= {"healthy": 0, "injured": 14, "incapacitated": 40}[s.health]
        field = geo.field(s.at)
        d_home = geo.dist(home, s.at)
        d_home = 20 if d_home is None else d_home
        carried = count(s.goods, "food")
        score += carried * (0.75 * margin - 0.3 * d_home)
        for kind in ("ammo", "medicine", "scrap"):
            score += 1.5 * min(count(s.goods, kind), 4)
        score += 3 * count(s.goods, "armor")
        if s.incapacitated:
            continue
        score += job(state, s, geo, field, spots, foods, enemies, margin, explore_worth, d_home)
    score -= threat(state, geo, home, enemies)
    return score


def job(
    state: UnknownState,
    s: Any,
    geo: Geometry,
    field: list[int] | None,
    spots: list[Coord],
    foods: list[Coord],
    enemies: list[Any],
    margin: float,
    explore_worth: float,
    d_home: int,
) -> float:
    """The best target for one survivor, less the walk to it."""
    best = 0.0
    if state.mission == "scout" and state.stack.size == 0:
        return 60 - 6 * d_home
    for at in spots:
        d = geo.dist(field, at)
        if d is not None:
            best = max(best, 1.2 * explore_worth - STEP * d)
    for at in foods:
        d = geo.dist(field, at)
        if d is not None:
            best = max(best, 0.6 * margin - STEP * max(d - 1, 0))
    if s.health == "healthy":
        for e in enemies:
            d = geo.dist(field, e.at)
            if d is not None and enemy_kinds()[e.kind].health == 1:
                best = max(best, 10 - STEP * d)
    return best


def threat(state: UnknownState, geo: Geometry, home: list[int] | None, enemies: list[Any]) -> float:
    """Expected harm from the active enemies in the coming enemy phase (``Enemy Movement``)."""
    pos = state.position
    base = base_spot(pos)
    guards = len([s for s in pos.survivors if s.at == base and not s.incapacitated])
    harm = 0.0
    for e in enemies:
        kind = enemy_kinds().get(e.kind)
        if kind is None:
            continue
        harm += 8
        if kind.target == "base":
            d = geo.dist(home, e.at)
            if d is None:
                continue
            if kind.reaching_base_loses:
                harm += 400 / (1 + d)
            elif guards == 0:
                harm += 30 / (1 + max(d - kind.speed, 0))
        else:
            near = min(
                (
                    d
                    for s in pos.survivors
                    if not s.incapacitated and (d := geo.dist(geo.field(e.at), s.at)) is not None
                ),
                default=None,
            )
            if near is not None and near <= kind.speed:
                harm += 10
    return harm


class Expert:
    """The planner: one-ply lookahead over the legal decisions, scored by :func:`evaluate`."""

    def __init__(self, game: UnknownGame, rng: random.Random) -> None:
        self.game = game
        self.rng = rng

    # -- lookahead ----------------------------------------------------------------------------
    def after(self, state: UnknownState, decision: Any, depth: int = FOLLOW_UPS) -> UnknownState:
        """``state`` after ``decision`` and the follow-up decisions it causes, taken greedily."""
        state = self.game.apply(state, decision).state
        for _ in range(depth):
            node = self.game.node(state)
            if not isinstance(node, PlayerNode) or not state.pending:
                break
            if isinstance(state.pending[0], TradeSession):
                break
            best = max(node.legal, key=lambda d: evaluate(self.game.apply(state, d).state))
            state = self.game.apply(state, best).state
        return state

    def score(self, state: UnknownState, decision: Any) -> float:
        if isinstance(decision, Explore):
            return evaluate(state) + stack_weight(state) + 2.0
        if isinstance(decision, Trade):
            plan = trade_plan(self.game, state, decision.who)
            if not plan:
                return -WIN
            s = self.game.apply(state, decision).state
            for step in plan:
                s = self.game.apply(s, step).state
            s = self.game.apply(s, FinishTrade()).state
            return evaluate(s)
        return evaluate(self.after(state, decision))

    # -- the policy ---------------------------------------------------------------------------
    def __call__(self, state: UnknownState, node: PlayerNode) -> Any:
        legal = node.legal
        if len(legal) == 1:
            return legal[0]
        if state.pending and isinstance(state.pending[0], TradeSession):
            return self.trading(state, node)
        if state.pending:
            return max(legal, key=lambda d: evaluate(self.after(state, d, 2)))
        if all(isinstance(d, StartTurn) for d in legal):
            return self.pick_next(state, legal)
        return self.act(state, legal)

    def pick_next(self, state: UnknownState, legal: tuple[Any, ...]) -> Any:
        """Who goes next (``Turn Order``): a survivor able to act, the first one listed."""
        able = [d for d in legal if not state.position.survivor(d.who).incapacitated]
        return (able or list(legal))[0]

    def act(self, state: UnknownState, legal: tuple[Any, ...]) -> Any:
        end = next((d for d in legal if isinstance(d, EndTurn)), None)
        base_value = evaluate(state)
        best, best_value = end, base_value + MARGIN
        for d in self.candidates(state, legal):
            value = self.score(state, d)
            if value > best_value:
                best, best_value = d, value
        return best if best is not None else legal[-1]

    def candidates(self, state: UnknownState, legal: tuple[Any, ...]) -> list[Any]:
        """The decisions worth a lookahead: no Forfeit unless someone cannot act, no barrier or
        trap crafting, only the largest gather of each resource, one Explore, eat only late."""
        found: list[Any] = []
        gathers: dict[str, Gather] = {}
        for d in legal:
            name = type(d).__name__
            if name in SKIPPED or isinstance(d, EndTurn):
                continue
            if isinstance(d, Gather):
                kept = gathers.get(d.resource)
                if kept is None or len(d.sources) > len(kept.sources):
                    gathers[d.resource] = d
                continue
            if isinstance(d, Forfeit) and not self.forfeit_worth(state, d):
                continue
            if isinstance(d, EatFood) and not self.eat_worth(state, d):
                continue
            found.append(d)
        return found + list(gathers.values())

    def forfeit_worth(self, state: UnknownState, d: Forfeit) -> bool:
        """Forfeit only an incapacitated survivor, or to bring one home at the end of Scout."""
        s = state.position.survivor(d.who)
        if s.incapacitated:
            return True
        return state.mission == "scout" and state.stack.size == 0

    def eat_worth(self, state: UnknownState, d: EatFood) -> bool:
        """Eat Food turns 1 food into 2 net AP: worth it only when a console is held (Activate,
        all three must be explored in one round) and the survivor can explore."""
        s = state.position.survivor(d.who)
        held = sum(count(x.goods, "console") for x in state.position.survivors)
        return state.mission == "activate" and held > 0 and count(s.goods, "food") > 0

    def trading(self, state: UnknownState, node: PlayerNode) -> Any:
        """Follow the trade plan one step at a time, then finish."""
        who = state.pending[0].who
        plan = trade_plan(self.game, state, who)
        for step in plan:
            if step in node.legal:
                return step
        finish = next((d for d in node.legal if isinstance(d, FinishTrade)), None)
        return finish if finish is not None else node.legal[0]


def trade_plan(game: UnknownGame, state: UnknownState, who: str) -> list[Any]:
    """The moves a trade by ``who`` should make (``Trade / Drop``): every survivor's food in reach
    into base, refugees into base (Refugees) or onto the camp, and when base runs low on food,
    the trader's spare resources exchanged at base into food."""
    from engine.unknown.actions.trade import exchanges, parties

    rules = game.rules
    reach = parties(rules, state, who)
    plan: list[Any] = []
    if BASE in reach:
        for party in reach:
            if party == BASE or "," in party:
                continue
            goods = state.position.survivor(party).goods
            for kind in ("food", "refugee"):
                if count(goods, kind):
                    plan.append(Transfer(party, BASE, kind, 1))
        food = count(state.base, "food")
        if food < 6:
            for x in exchanges(rules, state, who):
                if (
                    isinstance(x, Exchange)
                    and dict(x.get).get("food")
                    and "food" not in dict(x.give)
                ):
                    plan.append(x)
                    break
    return plan


def expert(game: UnknownGame, rng: random.Random) -> Policy:
    """The expert player's policy over ``game`` (see the module docstring)."""
    return Expert(game, rng)
