"""Survivor traits (rulebook: Survivors), one module per survivor card.

Each module holds its card's trait: a class marked ``@trait`` whose methods answer, for the
survivors with the card's abilities, at the rule points they are marked for
(``engine.core.rule_points.on``), and the decisions and actions the card adds. Every module in
this package is imported here, so adding a card that changes a rule is adding its module.
"""

from __future__ import annotations

import importlib
import pkgutil


def _register_all() -> None:
    for module in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{module.name}")


_register_all()
