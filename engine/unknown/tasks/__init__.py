"""Tasks (rulebook: Tasks), one module per task card.

A task is an optional second goal (``unknown.mission.win``: with a task in play the survivors
win only once both the mission and the task are complete). Each module registers handlers for
the rule points it uses under the task's name (``camaraderie``, ``foraging``, ``gas_testing``,
``perimeter``, ``radio``; ``engine.core.rule_points.rule_source``): the actions the task adds,
how it counts progress on ``UnknownState.task_card``, and once ``UnknownState.task_complete`` is
set, its reward.
Every module in this package is imported here, so adding a task is adding a module.
"""

from __future__ import annotations

import importlib
import pkgutil


def _register_all() -> None:
    for module in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{module.name}")


_register_all()
