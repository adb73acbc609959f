"""Step definitions for the Gherkin scenarios under ``features/`` (loaded by ``tests/conftest.py``)."""
