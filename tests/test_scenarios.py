"""Binds the Gherkin scenarios of every registered game (its ``features`` folder) to pytest."""

from pytest_bdd import scenarios

from engine.core import registry

for _spec in registry.games().values():
    scenarios(str(_spec.features))
