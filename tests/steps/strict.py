"""Strict scenarios (PRINCIPLES §7, issue 9): no silent defaults.

A scenario scripts every decision the engine asks for, and every decision it scripts is asked for.
Two checks enforce it:

* while a step drives the engine, a decision the engine asks for is taken from the scenario's
  :class:`Script` (decisions queued by the step's own words, e.g. "launches into columns 2 and 4");
  an empty script fails at once: ``the engine asked for <prompt> (options: ...) but the scenario
  scripted no decision``; a step that applies one named choice (``the draw gives the Nurse``)
  fails at once if the engine is not asking for a choice of that kind: ``scripted <decision> was
  never asked for``;
* when the scenario ends, a decision still queued fails it (``scripted <decision> was never asked
  for``), and so does a decision the engine is asking for in the middle of a rule (the pending-
  effects queue is not empty: a knockback's end, a damage assignment, a d4 roll, a launch column)
  unless a ``Then`` step of the scenario looked at exactly that decision (``Then the players must
  choose ... among: ...``): the scenario's other ``Then`` steps would otherwise describe a state
  the rules have not finished with.

The end-of-scenario check runs in :func:`pytest_bdd_after_scenario` (``unknown_turn`` imports it,
so it is registered with the step plugins); it is skipped when a step has already failed, so the
first failure is the one reported.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from engine.core.game import ChanceNode, Node, PlayerNode
from engine.core.serialization import stable_key

FAILED = pytest.StashKey[bool]()
"""Set on a scenario's test item when one of its steps failed."""


class StrictnessError(AssertionError):
    """A scenario left a decision unscripted, or scripted one the engine never asked for."""


def options_text(node: Node, limit: int = 8) -> str:
    """The choices a node offers, for a failure message (long lists are cut short)."""
    if isinstance(node, PlayerNode):
        items = [str(d) for d in node.legal]
    elif isinstance(node, ChanceNode):
        items = [str(o) for o, _ in node.outcomes]
    else:
        return "none"
    shown = ", ".join(items[:limit])
    return shown + (f", ... ({len(items)} in all)" if len(items) > limit else "")


def unscripted(node: Node) -> StrictnessError:
    """The failure for a decision the engine asks for that the scenario did not script."""
    prompt = getattr(node, "prompt", "") or getattr(node, "clause", "") or type(node).__name__
    return StrictnessError(
        f"the engine asked for {prompt!r} (options: {options_text(node)}) "
        "but the scenario scripted no decision"
    )


def never_asked(decision: str, node: Node | None = None) -> StrictnessError:
    """The failure for a scripted decision the engine did not ask for."""
    now = ""
    if node is not None:
        prompt = getattr(node, "prompt", "") or type(node).__name__
        now = f" (the engine is at: {prompt})"
    return StrictnessError(f"scripted {decision} was never asked for{now}")


@dataclass
class Script:
    """The decisions a scenario scripted ahead, and the pending decisions its ``Then``s examined.

    ``queue`` holds (description, decision) pairs in the order the scenario wrote them; a driving
    step takes from its head whenever the engine asks. ``examined`` holds the stable keys of the
    states whose pending decision a ``Then`` step looked at.
    """

    queue: list[tuple[str, Any]] = field(default_factory=list)
    examined: set[str] = field(default_factory=set)

    def push(self, description: str, decision: Any) -> None:
        """Script one decision for a later driving step."""
        self.queue.append((description, decision))

    def take(self, node: Node) -> Any:
        """The next scripted decision, for the decision the engine asks for now."""
        if not self.queue:
            raise unscripted(node)
        return self.queue.pop(0)[1]

    def examine(self, state: Any) -> None:
        """A ``Then`` step has looked at the decision pending in ``state``."""
        self.examined.add(stable_key(state))

    def leftovers(self) -> list[str]:
        """Descriptions of scripted decisions not yet used."""
        return [description for description, _ in self.queue]


@pytest.fixture(name="script")
def script_fixture() -> Script:
    """The scenario's script of decisions (checked when the scenario ends)."""
    return Script()


def drive(
    node_of: Callable[[], Node],
    apply: Callable[[Any], None],
    asks: Callable[[Node], bool],
    script: Script,
) -> None:
    """Answer the decisions ``asks`` recognises, from the script, until the engine stops asking.

    A recognised decision with nothing scripted fails (:func:`unscripted`); the step that queued
    the decisions checks afterwards that none is left over.
    """
    while asks(node := node_of()):
        apply(script.take(node))


def check_used(script: Script, node: Node | None = None) -> None:
    """Fail if a scripted decision is still waiting to be asked for."""
    if script.queue:
        raise never_asked(" and ".join(script.leftovers()), node)


# --- the end of the scenario ----------------------------------------------------------------------


def pending_decision(request: pytest.FixtureRequest) -> tuple[Any, Node] | None:
    """(state, node) if the scenario's game stops in the middle of a rule, waiting for a decision.

    Unknown: the state's pending-effects queue is not empty and someone (players or chance) must
    decide. Falling Skies: the head of its pending queue (a reroll, a launch) waits; the roll that
    opens a dice phase is where a round begins, not a rule half-resolved.
    """
    names = request.fixturenames
    if "world" in names:
        world = request.getfixturevalue("world")
        state = world.state
        if state is not None and getattr(state, "pending", ()):
            node = world.game.node(state)
            if isinstance(node, PlayerNode | ChanceNode) and not is_open_session(state):
                return state, node
    if "fs" in names:
        fs = request.getfixturevalue("fs")
        state = fs.state
        opening = bool(state is not None and state.pending and state.pending[0][0] == "roll")
        if state is not None and state.pending and state.outcome is None and not opening:
            node = fs.game.node(state)
            if isinstance(node, PlayerNode | ChanceNode):
                return state, node
    return None


OPEN_SESSIONS = ("TradeSession", "FreeActions")
"""Pending effects that are a session the players act in at will (an open trade, Camaraderie's
free actions), like a turn: waiting in one is a resting point, not a rule half-resolved."""


def is_open_session(state: Any) -> bool:
    """Whether the head pending effect is an open session rather than a rule being resolved."""
    return type(state.pending[0]).__name__ in OPEN_SESSIONS


def check_scenario_end(request: pytest.FixtureRequest) -> None:
    """The end-of-scenario strictness checks (see the module docstring)."""
    examined: set[str] = set()
    if "script" in request.fixturenames:
        script = request.getfixturevalue("script")
        check_used(script)
        examined = script.examined
    found = pending_decision(request)
    if found is None:
        return
    state, node = found
    if stable_key(state) not in examined:
        raise unscripted(node)


def pytest_bdd_step_error(request: pytest.FixtureRequest, **_: Any) -> None:
    """A step failed: remember it, so the end-of-scenario check stays quiet."""
    request.node.stash[FAILED] = True


@pytest.hookimpl(trylast=True)
def pytest_bdd_after_scenario(request: pytest.FixtureRequest, **_: Any) -> None:
    """Fail the scenario if it left a decision unscripted or scripted one never asked for.

    Runs after the other plugins' after-scenario hooks (the capture plugin's among them), so a
    strictness failure does not stop them.
    """
    if request.node.stash.get(FAILED, False):
        return
    check_scenario_end(request)
