"""Random playouts of the quick-start Scout game: every state saves and loads unchanged.

Each example sets up the Quick Start (3 to 6 survivors, cards dealt from a seed) and plays it
through the game interface only (:func:`~engine.core.playout.play_out`): ``game.node`` says who
decides; a chance node is sampled with its exact probabilities (``sample_outcome`` on a seeded
``random.Random``), a player node picks uniformly among its legal decisions, and ``game.apply``
steps. After every step:

* the state written as a YAML state file reads back (schema, then ``state_from_data``) equal to
  the state, with the same ``stable_key``;
* the map stays legal: no 2x2 square of tiles (``unknown.action.explore.no-2x2``), every piece
  and token on a tile;
* no survivor has negative AP, base's food is never negative, every bag of goods holds positive
  counts only;
* the tile stack only shrinks, unless a reshuffle event (``unknown.action.explore.redraw``) put
  a drawn tile back.

The schema check (slow in pure Python) runs on every tenth state and on the last one. Sizes:
``max_examples // 10`` playouts of at most ``MAX_DECISIONS`` decisions (20 in ``ci``, 200 in
``deep``).
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.game import Event
from engine.core.playout import play_out
from engine.core.serialization import stable_key
from engine.positions import check_position_data, parse_position_text
from engine.unknown.files import state_from_data, state_to_text
from engine.unknown.game import UnknownGame
from engine.unknown.setup import quick_start_scout
from engine.unknown.state import UnknownState

PLAYOUTS = max(settings.default.max_examples // 10, 5)
MAX_DECISIONS = 300
SCHEMA_EVERY = 10
GAME = UnknownGame()


def read_back(state: UnknownState, schema: bool) -> UnknownState:
    """The state after a trip through the text of a YAML state file."""
    text = state_to_text(state)
    data = parse_position_text(text, "playout.yaml")
    if schema:
        check_position_data(data, "playout.yaml")
    return state_from_data(data, "playout.yaml")


def map_problems(state: UnknownState) -> list[str]:
    """Breaks of the map's invariants, checked from the rulebook's words (not engine helpers)."""
    position = state.position
    spots = {t.at for t in position.tiles}
    problems = []
    if len(spots) != len(position.tiles):
        problems.append("two tiles share a spot")
    for x, y in spots:
        if {(x + 1, y), (x, y + 1), (x + 1, y + 1)} <= spots:
            problems.append(f"2x2 square of tiles with its lower-left corner at {[x, y]}")
    for piece in (*position.survivors, *position.enemies):
        if piece.at not in spots:
            problems.append(f"{piece.id} stands off the map at {list(piece.at)}")
    for token in position.tokens:
        if token.at not in spots or token.count < 1:
            problems.append(f"bad token {token}")
    return problems


def goods_problems(state: UnknownState) -> list[str]:
    """Negative AP or food, and bags holding zero or negative counts."""
    problems = []
    bags: dict[str, Any] = {"base": state.base, "stack.rest": state.stack.rest}
    for survivor in state.position.survivors:
        if survivor.ap < 0:
            problems.append(f"{survivor.id} has {survivor.ap} AP")
        bags[f"{survivor.id}.goods"] = survivor.goods
    for name, goods in bags.items():
        if any(count < 1 for _, count in goods):
            problems.append(f"{name} holds a non-positive count: {goods}")
        if list(goods) != sorted(dict(goods).items()):
            problems.append(f"{name} is not a canonical bag: {goods}")
    if dict(state.base).get("food", 0) < 0:
        problems.append("base has negative food")
    return problems


def stack_problem(before: UnknownState, after: UnknownState, events: tuple[Event, ...]) -> str:
    """The stack may grow back only by the tiles a reshuffle event put back."""
    reshuffled = sum(1 for e in events if e.kind == "tile_reshuffled")
    if after.stack.size > before.stack.size + reshuffled:
        return (
            f"the stack grew from {before.stack.size} to {after.stack.size} "
            f"with {reshuffled} reshuffle event(s)"
        )
    return ""


def check_step(before: UnknownState, after: UnknownState, events: tuple, schema: bool) -> None:
    back = read_back(after, schema)
    assert back == after, "the state changed on its way through a YAML state file"
    assert stable_key(back) == stable_key(after)
    problems = map_problems(after) + goods_problems(after)
    problems += [p for p in [stack_problem(before, after, events)] if p]
    assert not problems, "; ".join(problems)


@settings(max_examples=PLAYOUTS, deadline=None)
@given(
    survivors=st.integers(3, 6),
    seed=st.integers(0, 2**32 - 1),
)
def test_quick_start_playouts_save_and_load_at_every_step(survivors: int, seed: int) -> None:
    """Seeded random playouts of the quick-start Scout game keep every invariant at every step."""
    state = quick_start_scout(survivors, seed)
    check_step(state, state, (), schema=True)
    trail: list[str] = []

    def check(before: UnknownState, decision: Any, result: Any) -> None:
        step = len(trail)
        trail.append(str(decision))
        schema = step == MAX_DECISIONS - 1 or step % SCHEMA_EVERY == 0
        check_step(before, result.state, result.events, schema)

    try:
        state, ending = play_out(GAME, state, random.Random(seed), None, check, MAX_DECISIONS)
        assert ending.result != "stuck", ending.why
    except Exception as error:
        raise AssertionError(
            f"after decision {len(trail)} ({survivors} survivors, seed {seed}); "
            f"last decisions: {trail[-10:]}: {type(error).__name__}: {error}"
        ) from error
    check_step(state, state, (), schema=True)
