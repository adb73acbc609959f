"""Missions (rulebook: Missions), one module per mission card.

Each module registers its win check in ``MISSIONS`` under the mission's name and, when the
mission changes the rules (actions it adds, what exploring or gathering a mission tile does, its
upkeep effects), handlers for the rule points it uses, as source of the same name
(``engine.core.rule_points.rule_source``): the mission in play answers after the survivors'
cards. Every module in this package is imported here, so adding a mission is adding a module.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable

from engine.unknown.state import UnknownState

MissionCheck = Callable[[UnknownState], str | None]
"""A mission's win check: why the mission is complete, or ``None`` (``unknown.mission.win``)."""

MISSIONS: dict[str, MissionCheck] = {}
"""Mission name -> its win check."""


def _register_all() -> None:
    for module in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{module.name}")


_register_all()
