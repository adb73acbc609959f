"""The survivor actions (rulebook: Actions), one module per action."""

from engine.unknown.actions.base import Action
from engine.unknown.actions.explore import Explore
from engine.unknown.actions.move import Move

ACTIONS: tuple[type[Action], ...] = (Move, Explore)
"""Every action a survivor may take on its turn, in the order they are listed to players."""

__all__ = ["ACTIONS", "Action", "Explore", "Move"]
