"""The verification report ``rulings verify`` writes, for every registered game.

* :mod:`engine.report.run` runs the test suites behind it (the rulebook scenarios, the property
  suites, the puzzles) in pytest subprocesses under coverage.py;
* :mod:`engine.report.records` reads what the scenario run recorded (one JSON file a scenario,
  written by the ``tests/steps/capture.py`` pytest plugin);
* :mod:`engine.report.clauses` traces every clause of a game's clause index: its paraphrase, the
  rules code that cites it, the scenarios and invariants that check it, and its status;
* :mod:`engine.report.differential` reruns the scenarios under every alternative reading of
  every interpretation switch and says which readings the rulebook's examples rule out;
* :mod:`engine.report.model` holds what one run found, :mod:`engine.report.page` writes it as a
  self-contained HTML page and :mod:`engine.report.summary` as the Markdown summary.

Games are reached only through the registry (:mod:`engine.core.registry`).
"""
