"""Solo Pig, the public-domain folk dice game, as a registered game of the harness.

The rules (``rules.md``, clause index ``data/clauses.yaml``) live in ``state.py`` (the state as
plain data) and ``game.py`` (who acts, applying decisions); ``ruleset.py`` holds the
interpretation switch of ``data/interpretations.yaml``. Around them: ``files.py`` (position
files), ``phrases.py`` (decisions as phrases), ``drawing.py`` (text and SVG), ``spec.py`` (the
registry entry), ``steps.py`` + ``features/`` (Gherkin scenarios), ``machine.py`` (the
Hypothesis state machine) and ``openspiel.py`` (the OpenSpiel adapter). ``README.md`` walks
through them as the guide to adding a game.
"""
