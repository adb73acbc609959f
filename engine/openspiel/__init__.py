"""Games as OpenSpiel Python games, and an OpenSpiel MCTS player.

* :mod:`engine.openspiel.common`: what every adapter shares (the game type and info, and an
  engine state seen through OpenSpiel's interface, cheap to clone);
* :mod:`engine.openspiel.falling_skies` and :mod:`engine.openspiel.unknown`: the adapters a game's
  registry entry names (``GameSpec.openspiel``); importing one registers ``python_falling_skies``
  or ``python_unknown`` with ``pyspiel`` (the optional ``open-spiel`` package, in the ``test``
  extra), and each makes the game an MCTS search runs on (``for_search``);
* :mod:`engine.openspiel.bots`: the MCTS player of ``rulings play GAME --bot mcts``, for any
  registered game with an adapter.
"""
