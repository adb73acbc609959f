"""The harness knows no game by name (PRINCIPLES §9): code outside the games' own packages
reaches a game only through the registry (``engine/core/registry.py``).

A search of the source, as ``ast`` reads it: no comparison with a registered game's name
(``== "unknown"``, ``in ("unknown", "falling-skies")``, ``case "falling-skies":``) outside the
games' packages; the commands, the drawings and the position loader import no game package; the
games' packages import no harness module (the harness depends on the games, never the reverse).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from engine.core import registry

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ("engine", "solver", "properties")
"""The folders searched for game names (the games' own packages left out)."""

HARNESS = ("engine.cli", "engine.svg", "engine.report", "engine.openspiel", "engine.playthrough")
HARNESS += ("solver", "properties", "tests")


def game_names() -> set[str]:
    """Every registered game's name, and the package spelling of it (``falling_skies``)."""
    names = set(registry.names())
    return names | {name.replace("-", "_") for name in names}


def game_folders() -> list[Path]:
    """The folders of the registered games' packages."""
    folders = []
    for spec in registry.games().values():
        folders.append(ROOT.joinpath(*spec.package.split(".")))
    return folders


def sources(folders: tuple[str, ...], leave_out: list[Path]) -> list[Path]:
    found = []
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if not any(path.is_relative_to(out) for out in leave_out):
                found.append(path)
    return found


def shown(path: Path) -> str:
    """A path as the messages show it: from the repository's root when it is inside."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def _named(node: ast.AST, names: set[str]) -> bool:
    """A string literal naming a game, or a tuple, list or set holding one."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and node.value in names
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_named(item, names) for item in node.elts)
    return False


def name_comparisons(path: Path, names: set[str]) -> list[str]:
    """``file:line: source`` of every comparison with a game's name in ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    lines = path.read_text(encoding="utf-8").splitlines()
    found = []
    for node in ast.walk(tree):
        hit = False
        if isinstance(node, ast.Compare):
            hit = any(_named(side, names) for side in (node.left, *node.comparators))
        elif isinstance(node, ast.match_case):
            hit = any(
                isinstance(pattern, ast.MatchValue) and _named(pattern.value, names)
                for pattern in ast.walk(node.pattern)
            )
        if hit:
            line = node.lineno if hasattr(node, "lineno") else node.pattern.lineno
            found.append(f"{shown(path)}:{line}: {lines[line - 1].strip()}")
    return found


def imported(path: Path) -> list[tuple[int, str]]:
    """``(line, module)`` of every import in ``path`` (at any depth, lazy ones included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.append((node.lineno, node.module))
            found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
    return found


def test_no_code_outside_the_games_compares_a_game_name() -> None:
    names = game_names()
    found = [
        hit for path in sources(SCANNED, game_folders()) for hit in name_comparisons(path, names)
    ]
    assert not found, "game names compared outside the games' packages:\n" + "\n".join(found)


def test_the_search_finds_a_comparison(tmp_path: Path) -> None:
    """The search itself: each form of naming a game is found."""
    sample = tmp_path / "probe.py"
    sample.write_text(
        "def f(game, spec):\n"
        '    if game == "unknown":\n'
        "        return 1\n"
        '    if spec.name in ("falling-skies", "x"):\n'
        "        return 2\n"
        "    match game:\n"
        '        case "falling_skies":\n'
        "            return 3\n"
        '    return "unknown"\n',
        encoding="utf-8",
    )
    hits = name_comparisons(sample, {"unknown", "falling-skies", "falling_skies"})
    assert sorted(int(hit.split(":")[1]) for hit in hits) == [2, 4, 7]


COMMANDS = ["engine/cli", "engine/svg", "engine/positions.py"]


@pytest.mark.parametrize("where", COMMANDS)
def test_the_commands_import_no_game_package(where: str) -> None:
    """The commands, the drawings and the position loader reach games through the registry."""
    target = ROOT / where
    paths = [target] if target.is_file() else sorted(target.rglob("*.py"))
    packages = [spec.package for spec in registry.games().values()]
    found = [
        f"{path.relative_to(ROOT)}:{line}: imports {module}"
        for path in paths
        for line, module in imported(path)
        if any(module == p or module.startswith(p + ".") for p in packages)
    ]
    assert not found, "\n".join(found)


def bindings() -> set[Path]:
    """The modules a game's entry names for the harness (its state machine, step definitions,
    OpenSpiel adapter): harness code a game may keep in its own package."""
    found = set()
    for spec in registry.games().values():
        for reference in (spec.machine, spec.steps, spec.openspiel):
            module = reference.partition(":")[0]
            if module:
                found.add(ROOT.joinpath(*module.split(".")).with_suffix(".py"))
    return found


def test_the_games_import_no_harness_module() -> None:
    """A game's package imports the core and itself, never the commands, the report, the
    solver or the test suites (save the harness bindings its entry names)."""
    kept = bindings()
    found = [
        f"{path.relative_to(ROOT)}:{line}: imports {module}"
        for folder in game_folders()
        for path in sorted(folder.rglob("*.py"))
        if path not in kept
        for line, module in imported(path)
        if any(module == h or module.startswith(h + ".") for h in HARNESS)
    ]
    assert not found, "\n".join(found)


def test_every_game_answers_what_the_commands_ask() -> None:
    """Each registered game fills the entry the commands use: phrases, set-up options, a
    first game and its log."""
    for spec in registry.games().values():
        book = spec.phrasebook()
        assert book.forms, spec.name
        ruleset = spec.ruleset({})
        options = {o.name: o.default for o in spec.setup_options if "play" in o.commands}
        new = spec.new_game(ruleset, 0, options)
        assert new.game.node(new.state) is not None
        assert isinstance(spec.play_opening(new, 0), list)
        assert 0.0 <= spec.progress(new.game, new.state) <= 1.0


@pytest.mark.parametrize("name", sorted(registry.names()))
def test_the_playthrough_setups_set_up(name: str) -> None:
    """Every golden playthrough setup a game declares is one its ``new_game`` takes."""
    spec = registry.game(name)
    for setup in spec.playthroughs:
        new = spec.new_game(spec.ruleset({}), setup.seeds[0], dict(setup.options))
        assert new.state is not None, setup.name
