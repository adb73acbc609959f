"""The survivor actions (rulebook: Actions), one module per action."""

from engine.core.rule_points import RulePoint, distinct
from engine.unknown.actions.armor import CreateArmor
from engine.unknown.actions.barriers import CreateBarriers
from engine.unknown.actions.base import Action
from engine.unknown.actions.clear import ClearTile
from engine.unknown.actions.eat import EatFood
from engine.unknown.actions.explore import Explore
from engine.unknown.actions.gather import Gather
from engine.unknown.actions.heal import Heal
from engine.unknown.actions.move import Move
from engine.unknown.actions.ranged import RangedAttack
from engine.unknown.actions.trade import Trade
from engine.unknown.actions.trap import CreateTrap, PlaceTrap

ACTIONS: tuple[type[Action], ...] = (
    Move,
    Explore,
    Gather,
    ClearTile,
    CreateArmor,
    CreateBarriers,
    CreateTrap,
    PlaceTrap,
    EatFood,
    Heal,
    RangedAttack,
    Trade,
)
"""Every action a survivor may take on its turn, in the order they are listed to players."""

MORE_ACTIONS = RulePoint(
    "actions besides the standard ones",
    distinct,
    """Action classes a card, mission or task adds to :data:`ACTIONS` (``unknown.action.standard``),
    e.g. Place Outpost (``unknown.mission.expand.place-outpost``): ``handler(rules, state) ->
    classes``; each offers itself through its ``options`` classmethod and is checked, charged
    and resolved like any action.""",
)

__all__ = ["ACTIONS", "MORE_ACTIONS", "Action", *(a.__name__ for a in ACTIONS)]
