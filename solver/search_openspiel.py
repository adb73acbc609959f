"""An arbitrary engine state seen through the OpenSpiel adapters, with the solver's horizon.

The adapters (``engine/openspiel``) start from a game's initial state; the cross-check of the
solver against OpenSpiel's ``expectiminimax`` needs them to start anywhere, and to stop where the
solver's horizon stops: a non-terminal state whose ``round`` reaches the last round is shown to
OpenSpiel as a terminal loss (return 0), exactly the solver's cut leaf (``solver.search``).
Nothing here changes an adapter: the game is a subclass of the adapter's game whose states are
a subclass of the adapter's state (OpenSpiel clones a Python state by asking its game for a new
state and copying the attributes, so both are needed), with ``_state`` and ``_node`` replaced.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.core.game import TerminalNode

HORIZON = TerminalNode("loss", "solver.horizon")
"""The node shown in place of a state at or past the horizon (a cut leaf, worth 0)."""


@cache
def horizon_class(base: type) -> type:
    """A subclass of the adapter state ``base`` that shows states at or past ``_last_round``
    as a terminal loss."""

    def _after_apply(self: Any) -> None:
        base._after_apply(self)
        _cut(self)

    return type(
        f"Horizon{base.__name__}", (base,), {"_after_apply": _after_apply, "_last_round": None}
    )


@cache
def horizon_game_class(base: type, state_class: type) -> type:
    """A subclass of the adapter game ``base`` whose new states are ``horizon_class(state_class)``."""

    def new_initial_state(self: Any) -> Any:
        return horizon_class(state_class)(self)

    return type(f"Horizon{base.__name__}", (base,), {"new_initial_state": new_initial_state})


def horizon_game(os_game: Any) -> Any:
    """The same OpenSpiel game (same parameters, same action numbering), whose states can be
    started anywhere and cut at a horizon."""
    cls = horizon_game_class(type(os_game), type(os_game.new_initial_state()))
    return cls(os_game.get_parameters())


def _cut(adapter: Any) -> None:
    last = adapter._last_round
    round_no = getattr(adapter._state, "round", None)
    if last is None or round_no is None or isinstance(adapter._node, TerminalNode):
        return
    if round_no >= last:
        adapter._node = HORIZON


def adapter_state(os_game: Any, state: Any, last_round: int | None = None) -> Any:
    """The OpenSpiel state of ``os_game`` showing engine ``state``; with ``last_round``, states
    whose round is at least ``last_round`` are terminal losses."""
    adapter = horizon_game(os_game).new_initial_state()
    adapter._last_round = last_round
    adapter._state = state
    adapter._node = adapter._engine.node(state)
    adapter._after_apply()
    return adapter


def expectiminimax_value(os_game: Any, state: Any, last_round: int | None = None) -> float:
    """OpenSpiel's ``expectiminimax`` value of ``state`` (depth unbounded in practice: the
    horizon or the end of the game stops it)."""
    from open_spiel.python.algorithms.minimax import expectiminimax

    root = adapter_state(os_game, state, last_round)
    value, _ = expectiminimax(root, 10**6, lambda s: 0.0, 0)
    return float(value)
