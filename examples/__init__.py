"""Example games the harness plays through its registry of games (``examples/pig``: solo Pig).

``examples/puzzles/`` beside them holds puzzle positions of the registered games.
"""
