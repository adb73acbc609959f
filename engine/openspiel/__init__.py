"""The games as OpenSpiel Python games (issue 7).

Importing :mod:`engine.openspiel.falling_skies` registers ``python_falling_skies`` with
``pyspiel`` (the optional ``open-spiel`` package, in the ``test`` extra).
"""
