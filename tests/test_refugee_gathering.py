"""Refugees dropped by a forfeited survivor are gathered (``unknown.mission.refugees.forfeit``),
each costing the gatherer 1 AP (``unknown.mission.refugees.ap-cost``), and seeded random playouts
of the Refugees mission with refugees lying on the map (every decision offered must apply).

Expected values come from the Refugees mission's words, on small hand-made maps.
"""

from __future__ import annotations

import random

import pytest

from engine.core.errors import IllegalDecision
from engine.core.game import ChanceNode, PlayerNode, TerminalNode, sample_outcome
from engine.unknown.actions.gather import Gather
from engine.unknown.actions.trade import FinishTrade, Trade, Transfer
from engine.unknown.game import UnknownGame
from engine.unknown.position import PlacedTile, Survivor, Token, UnknownPosition
from engine.unknown.setup import standard_setup
from engine.unknown.state import UnknownState, bag, count

GAME = UnknownGame()
CAMP_ROW = ["refugee"] * 6
"""Six refugee tiles: the first five (cleared) were found, the uncleared sixth is the camp."""


def turn_state(position: UnknownPosition, who: str, mission: str = "refugees") -> UnknownState:
    return UnknownState(
        position, phase="survivor_actions", turn=who, mission=mission, base=bag({"food": 9})
    )


def line(tiles: list[str], cleared: int = 0) -> tuple[PlacedTile, ...]:
    """Tiles west to east along y = 0; the first ``cleared`` of them cleared."""
    return tuple(PlacedTile((i, 0), t, cleared=i < cleared) for i, t in enumerate(tiles))


def dropped_state(ap: int = 3, lying: int = 2) -> UnknownState:
    """Green on a food tile between base and a scrap tile holding ``lying`` dropped refugees."""
    green = Survivor("g", (1, 0), ap=ap)
    position = UnknownPosition(
        tiles=line(["base", "food", "scrap"]),
        survivors=(green,),
        tokens=(Token((2, 0), "refugee", lying),),
    )
    return turn_state(position, "g")


def test_gather_picks_up_dropped_refugees_for_an_ap_each() -> None:
    step = GAME.apply(dropped_state(), Gather("g", "refugee", ((2, 0),)))
    green = step.state.position.survivor("g")
    assert count(green.goods, "refugee") == 2
    assert step.state.position.tokens_at.get((2, 0), {}).get("refugee", 0) == 0
    assert green.ap == 3 - 1 - 2
    charged = [e for e in step.events if e.clause == "unknown.mission.refugees.ap-cost"]
    assert charged and charged[0].get("ap") == 2


def test_gathering_refugees_may_leave_the_gatherer_below_zero_ap() -> None:
    step = GAME.apply(dropped_state(ap=1, lying=3), Gather("g", "refugee", ((2, 0),)))
    assert step.state.position.survivor("g").ap == 1 - 1 - 3


def test_one_gather_takes_refugees_from_every_tile_chosen() -> None:
    state = dropped_state()
    state = state.with_position(state.position.with_tokens((1, 0), "refugee", 1))
    offered = {(d.resource, d.sources) for d in Gather.candidates(GAME.rules, state, "g")}
    assert ("refugee", ((1, 0), (2, 0))) in offered
    step = GAME.apply(state, Gather("g", "refugee", ((1, 0), (2, 0))))
    green = step.state.position.survivor("g")
    assert count(green.goods, "refugee") == 3 and green.ap == 3 - 1 - 3


def test_refugees_on_the_camp_are_not_gathered() -> None:
    green = Survivor("g", (6, 0), ap=3)
    position = UnknownPosition(
        tiles=line([*CAMP_ROW, "scrap"], cleared=5),
        survivors=(green,),
        tokens=(Token((5, 0), "refugee", 4),),
    )
    state = turn_state(position, "g")
    assert not [d for d in Gather.candidates(GAME.rules, state, "g") if d.resource == "refugee"]
    with pytest.raises(IllegalDecision) as refused:
        GAME.apply(state, Gather("g", "refugee", ((5, 0),)))
    assert refused.value.clause == "unknown.action.gather.eligible"


def test_refugee_tokens_are_not_gathered_outside_the_refugees_mission() -> None:
    state = dropped_state()
    scout = UnknownState(
        state.position, phase="survivor_actions", turn="g", mission="scout", base=state.base
    )
    assert not [d for d in Gather.candidates(GAME.rules, scout, "g") if d.resource == "refugee"]
    with pytest.raises(IllegalDecision):
        GAME.apply(scout, Gather("g", "refugee", ((2, 0),)))


def test_a_trade_still_picks_dropped_refugees_up() -> None:
    state = GAME.apply(dropped_state(), Trade("g")).state
    state = GAME.apply(state, Transfer("2,0", "g", "refugee", 2)).state
    state = GAME.apply(state, FinishTrade()).state
    green = state.position.survivor("g")
    assert count(green.goods, "refugee") == 2 and green.ap == 3 - 1 - 2


def test_a_forfeited_survivors_refugees_wait_on_its_tile_for_a_gather() -> None:
    from engine.unknown.forfeit import Forfeit, PayBase, Recruit

    yellow = Survivor("y", (2, 0), card="explorer", ap=3, goods=bag({"refugee": 2}))
    green = Survivor("g", (1, 0), ap=3)
    position = UnknownPosition(tiles=line(["base", "food", "scrap"]), survivors=(green, yellow))
    state = UnknownState(
        position,
        phase="survivor_actions",
        turn="y",
        mission="refugees",
        base=bag({"food": 6}),
        unused_cards=("tracker",),
    )
    state = GAME.apply(state, Forfeit("y")).state
    if isinstance(GAME.node(state), ChanceNode):  # a draw from a single card needs no chance
        state = GAME.apply(state, Recruit("tracker")).state
    pay = PayBase(bag({"food": 4}))
    node = GAME.node(state)
    if isinstance(node, PlayerNode) and pay in node.legal:  # a single way to pay is automatic
        state = GAME.apply(state, pay).state
    assert state.base == bag({"food": 2}) and state.position.survivor("y").at == (0, 0)
    assert state.position.tokens_at[(2, 0)]["refugee"] == 2
    assert count(state.position.survivor("y").goods, "refugee") == 0


# -- seeded random playouts -------------------------------------------------------------------------


def _every_decision_applies(state: UnknownState, node: PlayerNode) -> None:
    """Each refugee gather offered applies without an engine error (others are sampled below)."""
    for decision in node.legal:
        if isinstance(decision, Gather) and decision.resource == "refugee":
            GAME.apply(state, decision)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_refugee_playouts_with_dropped_refugees_never_crash(seed: int) -> None:
    rng = random.Random(seed)
    state = standard_setup("refugees", players=1 + seed % 4, seed=seed)
    for at in ((1, 0), (0, 1), (-1, 0)):
        state = state.with_position(state.position.with_tokens(at, "refugee", 1 + seed % 2))
    state, _ = GAME.settle(state)
    gathered = 0
    for _ in range(250):
        node = GAME.node(state)
        if isinstance(node, TerminalNode):
            break
        if isinstance(node, ChanceNode):
            decision = sample_outcome(node, rng)
        else:
            assert isinstance(node, PlayerNode) and node.legal, f"nothing legal at {node}"
            _every_decision_applies(state, node)
            refugee_gathers = [
                d for d in node.legal if isinstance(d, Gather) and d.resource == "refugee"
            ]
            if refugee_gathers and rng.random() < 0.5:
                decision = rng.choice(refugee_gathers)
                gathered += 1
            else:
                decision = node.legal[rng.randrange(len(node.legal))]
        state = GAME.apply(state, decision).state
    lying = sum(t.count for t in state.position.tokens if t.kind == "refugee")
    carried = sum(count(s.goods, "refugee") for s in state.position.survivors)
    found = min(sum(1 for t in state.position.tiles if t.tile == "refugee"), 5)  # first five
    assert lying + carried + count(state.base, "refugee") == 3 * (1 + seed % 2) + found
    assert gathered or lying, "no refugee was gathered though some lay on the map"
