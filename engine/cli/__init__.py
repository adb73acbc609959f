"""The ``rulings`` command line: ask the rules engines about position files, draw them, play,
sweep, solve, verify.

``main.py`` holds the command group and the one place where bad input becomes a one-line error;
every command reaches a game only through the registry (:mod:`engine.core.registry`), and a
game may add commands of its own (``GameSpec.commands``, e.g. Unknown's ``query``).
"""
