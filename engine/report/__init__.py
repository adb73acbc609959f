"""The verification report ``rulings verify`` writes (issue 9).

* :mod:`engine.report.records` reads what the scenario run recorded (one JSON file a scenario,
  written by the ``tests/steps/capture.py`` pytest plugin);
* :mod:`engine.report.clauses` traces every clause of both rulebooks: its paraphrase, the engine
  code that cites it, the scenarios and invariants that check it, and its status;
* :mod:`engine.report.differential` reruns the scenarios under every alternative reading of
  every interpretation switch and says which readings the rulebook's examples rule out;
* :mod:`engine.report.page` writes the self-contained HTML page, :mod:`engine.report.summary`
  the Markdown summary.
"""
