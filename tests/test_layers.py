"""The rules stand apart from the harness (PRINCIPLES §3, §9).

The games' rule packages (state, rules, data, files, phrases, drawings) import no harness module
(the CLI, the report, the SVG drawings, the OpenSpiel adapters, the playthroughs, the solver,
the property suites, the tests) and no test tool: the import-linter contracts of
``pyproject.toml`` (``[tool.importlinter]``) say so and ``lint-imports`` checks them on the
import graph (every ``import``, module level or inside a function). And in a fresh interpreter,
importing a game, or the command line, loads none of pytest, hypothesis, coverage or pytest-bdd.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.core import registry

ROOT = Path(__file__).resolve().parent.parent
TEST_TOOLS = ("pytest", "_pytest", "hypothesis", "coverage", "pytest_bdd")
"""Top-level packages of the test tools (a module of any of them counts)."""


def test_the_import_contracts_are_kept() -> None:
    pytest.importorskip("importlinter", reason="import-linter is in the test extra")
    command = [
        sys.executable,
        "-c",
        "import sys; from importlinter.cli import lint_imports; "
        "sys.exit(lint_imports(no_cache=True, no_logo=True))",
    ]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "broken" in done.stdout and " 0 broken" in done.stdout


def loaded_test_tools(statement: str) -> list[str]:
    """The test-tool modules in ``sys.modules`` after running ``statement`` in a fresh
    interpreter (started from the repository root)."""
    probe = (
        f"{statement}\n"
        "import json, sys\n"
        f"tools = {TEST_TOOLS!r}\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in tools)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.splitlines()[-1])


@pytest.mark.parametrize(
    "statement",
    ["import engine.unknown.game", "import engine.falling_skies.game"],
)
def test_importing_a_game_loads_no_test_tool(statement: str) -> None:
    assert loaded_test_tools(statement) == []


def test_every_registered_game_opens_without_a_test_tool() -> None:
    """Each registered game's spec, ruleset and engine package load without a test tool."""
    statement = (
        "import importlib\n"
        "from engine.core import registry\n"
        "for spec in registry.games().values():\n"
        "    spec.ruleset()\n"
        "    importlib.import_module(spec.package)\n"
    )
    assert len(registry.names()) >= 2
    assert loaded_test_tools(statement) == []


def test_the_command_line_loads_no_test_tool() -> None:
    """The harness commands that run pytest (``rulings verify``) start it as a subprocess, and
    ``rulings fuzz`` imports Hypothesis only when it runs: loading the CLI loads neither."""
    assert loaded_test_tools("import engine.cli.main") == []
