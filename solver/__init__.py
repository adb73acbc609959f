"""The solver, the validators and the independent re-encodings of rules (PRINCIPLES §6, §11).

Searching the games, through their node/apply interface only:

* ``search``: exact expectimax, "is this position winnable?" (``rulings solve``), with a game's
  own bound where its registry entry offers one;
* ``search_openspiel``: any engine state seen through the OpenSpiel adapters, to cross-check the
  solver against OpenSpiel's ``expectiminimax``;
* ``lucky``: the lucky beam search for one winning playout (chance on the searcher's side);
* ``validators``: playable, terminates and winnable from each game's validation set-ups.

Rules encoded again, without the engine's code:

* ``random_maps``: seeded random legal Unknown maps and random rulesets;
* ``networkx_geometry`` / ``z3_geometry``: Unknown's range, line of sight and knockback encoded
  again from the rules, without the engine's map code;
* ``crosscheck``: runs the engine and both encodings on random maps and reports disagreements
  (Unknown's ``GameSpec.crosschecks``);
* ``z3_falling_skies``: placement questions of one Under Falling Skies dice phase in Z3
  (``rulings solve --placement``).
"""
