"""The ``rulings`` command line: ask the rules engine about position files, draw them, verify.

``main.py`` holds the command group and the one place where bad input becomes a one-line error;
``query.py`` the geometry questions, ``render.py`` the map drawing, ``verify.py`` the checks.
"""
