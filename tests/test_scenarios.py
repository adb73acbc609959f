"""Binds every Gherkin scenario under ``features/`` (``bdd_features_base_dir``) to pytest."""

from pytest_bdd import scenarios

scenarios(".")
