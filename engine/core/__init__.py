"""The engine core shared by every game: nodes, decisions, events, errors, serialization."""

from engine.core.clauses import Clause, ClauseIndex, clause_index
from engine.core.errors import IllegalDecision, PositionError
from engine.core.game import (
    ChanceNode,
    Event,
    Game,
    IdleNode,
    Node,
    PlayerNode,
    Step,
    TerminalNode,
    replay,
    sample_outcome,
)
from engine.core.serialization import canonical_json, stable_key, to_plain

__all__ = [
    "ChanceNode",
    "Clause",
    "ClauseIndex",
    "Event",
    "Game",
    "IdleNode",
    "IllegalDecision",
    "Node",
    "PlayerNode",
    "PositionError",
    "Step",
    "TerminalNode",
    "canonical_json",
    "clause_index",
    "replay",
    "sample_outcome",
    "stable_key",
    "to_plain",
]
