"""Steps for the task scenarios (rulebook: Tasks) that the shared steps do not cover.

Whether the task is already complete, specimens under enemies (Gas Testing), the Camaraderie
reward's free actions, the Radio reward's Talk action and a trade that may not be finished
(Foraging's carry limit). The engine pieces are imported inside the steps that need them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pytest_bdd import given, parsers, then, when

from engine.core.game import PlayerNode
from tests.steps.unknown_map import LIST_SEPARATOR, World
from tests.steps.unknown_turn import (
    DIRECTIONS,
    Attempt,
    apply,
    change_enemy,
    decision_class,
    enemy_piece,
    legal_of,
    move_decision,
    state_of,
    trying,
)

WHO = r"(?P<who>[\w\-]+)"
ENEMY = r"(?P<enemy>[\w\-]+)"


def _re(pattern: str) -> parsers.re:
    return parsers.re(pattern.replace("{who}", WHO).replace("{enemy}", ENEMY))


@given("the task is complete")
def given_task_complete(world: World) -> None:
    """The task in play has been completed earlier: its reward is in force."""
    world.state = replace(state_of(world), task_complete=True)


@given(_re(r"{enemy} carries a specimen"))
def given_specimen(world: World, enemy: str) -> None:
    """A gassed enemy with a specimen token under it (Gas Testing)."""
    change_enemy(world, enemy, specimen=True)


@then(_re(r"{enemy} (?P<verb>carries|does not carry) a specimen"))
def then_specimen(world: World, enemy: str, verb: str) -> None:
    """Whether the enemy has a specimen token under it."""
    found = enemy_piece(world, enemy).specimen
    assert found is (verb == "carries"), f"{enemy} {'carries' if found else 'has no'} specimen"


@then(parsers.re(r"the task is (?P<negation>not )?complete"))
def then_task_complete(world: World, negation: str | None) -> None:
    """Whether the task in play is complete (``UnknownState.task_complete``)."""
    found = state_of(world).task_complete
    assert found is (negation is None), f"the task is {'' if found else 'not '}complete"


@then(parsers.re(r"the task card holds (?P<n>\d+) (?P<kind>\w+) tokens?"))
def then_task_card(world: World, n: str, kind: str) -> None:
    """How many tokens of a kind lie on the task card."""
    found = dict(state_of(world).task_card).get(kind, 0)
    assert found == int(n), f"the task card holds {found} {kind}, expected {n}"


# --- Camaraderie's free actions -----------------------------------------------------------------


def free_node(world: World) -> PlayerNode | None:
    """The players' choice of free actions, or ``None`` when none is owed now."""
    node = world.game.node(state_of(world))
    if not isinstance(node, PlayerNode) or node.clause != "unknown.task.camaraderie.reward":
        return None
    return node


def owed_to(world: World) -> set[str]:
    node = free_node(world)
    if node is None:
        return set()
    return {d.who for d in node.legal if type(d).__name__ == "DeclineFreeActions"}


@then(parsers.re(r"(?P<names>[\w\-]+(?:(?:, | and )[\w\-]+)*) may take free actions"))
def then_free_actions(world: World, names: str) -> None:
    """Exactly these survivors are owed free actions now."""
    wanted = {n for n in LIST_SEPARATOR.split(names.strip()) if n}
    found = owed_to(world)
    assert found == wanted, (
        f"free actions are owed to {sorted(found) or 'nobody'}, expected {sorted(wanted)}; "
        f"the engine is at {world.game.node(state_of(world))}"
    )


@then("nobody may take free actions")
def then_no_free_actions(world: World) -> None:
    """No free actions are owed now."""
    found = owed_to(world)
    assert not found, f"free actions are owed to {sorted(found)}"


@when(
    _re(
        r"{who} (?P<verb>moves|tries to move) (?P<direction>north|south|east|west) as a free action"
    )
)
def when_free_move(world: World, attempt: Attempt, who: str, verb: str, direction: str) -> None:
    """One of the survivor's free actions: a move (an attempt may be refused)."""
    x, y = world.now.survivor(who).at
    dx, dy = DIRECTIONS[direction]
    free = decision_class("tasks.camaraderie", "FreeAction")
    apply(world, attempt, free(who, move_decision(who, (x + dx, y + dy))), trying(verb))


@when(_re(r"{who} explores as a free action"))
def when_free_explore(world: World, attempt: Attempt, who: str) -> None:
    """One of the survivor's free actions: an explore (the tile on top of the stack is known)."""
    free = decision_class("tasks.camaraderie", "FreeAction")
    explore = decision_class("actions.explore", "Explore")
    apply(world, attempt, free(who, explore(who)), trying=False)


@when(_re(r"the players give up {who}'s free actions"))
def when_decline(world: World, attempt: Attempt, who: str) -> None:
    """The survivor takes no more of its free actions."""
    decline = decision_class("tasks.camaraderie", "DeclineFreeActions")
    apply(world, attempt, decline(who), trying=False)


# --- Radio's Talk, Foraging's trade limit ---------------------------------------------------------


@when(
    _re(r"{who} (?P<verb>talks|tries to talk) by radio to gain the (?P<card>[A-Za-z]+)'s abilities")
)
def when_talk(world: World, attempt: Attempt, who: str, verb: str, card: str) -> None:
    """The Radio reward's Talk action (1 AP)."""
    talk = decision_class("tasks.radio", "Talk")
    apply(world, attempt, talk(who, card.lower()), trying(verb))


@when("the trade tries to finish")
def when_try_finish(world: World, attempt: Attempt) -> None:
    """Try to close the open trade (it may be refused)."""
    apply(world, attempt, decision_class("actions.trade", "FinishTrade")(), trying=True)


@then(parsers.re(r"the trade may (?P<negation>not )?be finished"))
def then_may_finish(world: World, negation: str | None) -> None:
    """Whether finishing the open trade is offered now."""
    node = world.game.node(state_of(world))
    legal: list[Any] = list(node.legal) if isinstance(node, PlayerNode) else []
    found = any(type(d).__name__ == "FinishTrade" for d in legal)
    assert found is (negation is None), f"finishing the trade is {'' if found else 'not '}offered"


@then(_re(r"{who} may extend the perimeter exactly to: (?P<spots>.+)"))
def then_extend_spots(world: World, who: str, spots: str) -> None:
    """Every tile an Extend Perimeter is offered onto now (``none`` for no offer)."""
    found = {d.at for d in legal_of(world, who, "tasks.perimeter", "ExtendPerimeter")}
    expected = set() if spots.strip() == "none" else set(world.places(spots))
    assert found == expected, (
        f"{who} may extend the perimeter to {world.names(found)}, expected {world.names(expected)}"
    )
