"""Survivor traits (rulebook: Survivors), one module per survivor card.

Each module defines a :class:`~engine.unknown.rules.Modifier` and registers it in
``MODIFIERS`` under the card name; ``engine.unknown.rules`` imports this package so the
registration always happens.
"""

from engine.unknown.survivors import (  # noqa: F401 - imported to register the traits
    botanist,
    captain,
    doctor,
    hunter,
    investigator,
    mechanic,
    nurse,
    runner,
    scavenger,
    scouts,
    skeptic,
    soldier,
    strategist,
    tracker,
    trader,
)
