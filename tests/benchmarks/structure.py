"""The shape of the code, measured: files per folder, import cycles, rule points.

``python -m tests.benchmarks.structure [--json]`` prints, for the packages ``engine``,
``solver`` and ``properties``: Python files and lines per folder; the strongly connected
components of the module import graph (grimp, every import counted, those inside functions
too) with more than one module — each is an import cycle, and its size says how many modules
are tied together; and how the Unknown engine's rules may be changed by cards, missions and tasks
(the methods of its modifier base class, or its declared rule points).
"""

from __future__ import annotations

import argparse
import ast
import json
from collections import Counter
from pathlib import Path

import grimp
import networkx as nx

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("engine", "solver", "properties")


def files_per_folder() -> dict[str, tuple[int, int]]:
    """``folder -> (Python files, lines)`` under the measured packages."""
    found: Counter[str] = Counter()
    lines: Counter[str] = Counter()
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            folder = path.parent.relative_to(ROOT).as_posix()
            found[folder] += 1
            lines[folder] += len(path.read_text(encoding="utf-8").splitlines())
    return {folder: (found[folder], lines[folder]) for folder in sorted(found)}


def import_cycles() -> list[list[str]]:
    """The import cycles (strongly connected components of more than one module), largest first."""
    graph = grimp.build_graph(*PACKAGES, include_external_packages=False)
    edges = nx.DiGraph()
    for module in graph.modules:
        edges.add_node(module)
        for imported in graph.find_modules_directly_imported_by(module):
            edges.add_edge(module, imported)
    cycles = [sorted(c) for c in nx.strongly_connected_components(edges) if len(c) > 1]
    return sorted(cycles, key=len, reverse=True)


def rule_points() -> dict[str, int]:
    """The Unknown engine's points of rule change: hooks of ``Modifier`` (when it exists) and
    declared rule points (``RulePoint`` objects assigned at module level)."""
    hooks = 0
    rules = ROOT / "engine" / "unknown" / "rules.py"
    if rules.exists():
        tree = ast.parse(rules.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and node.name == "Modifier":
                hooks = sum(
                    isinstance(item, ast.FunctionDef)
                    and not item.name.startswith("_")
                    and item.name not in ("bound", "ruleset")
                    for item in node.body
                )
    points = 0
    for path in (ROOT / "engine" / "unknown").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.Assign | ast.AnnAssign):
                value = node.value
                if (
                    isinstance(value, ast.Call)
                    and getattr(value.func, "id", getattr(value.func, "attr", "")) == "RulePoint"
                ):
                    points += 1
    return {"modifier_hooks": hooks, "rule_points": points}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    folders = files_per_folder()
    cycles = import_cycles()
    points = rule_points()
    if args.json:
        print(
            json.dumps(
                {
                    "folders": {k: {"files": f, "lines": n} for k, (f, n) in folders.items()},
                    "cycles": cycles,
                    **points,
                }
            )
        )
        return
    print("folder                                   files  lines")
    for folder, (count, lines) in folders.items():
        print(f"{folder:<40} {count:>5} {lines:>6}")
    print(f"\nimport cycles: {len(cycles)}; modules in cycles: {sum(map(len, cycles))}")
    for cycle in cycles:
        print(f"  {len(cycle)} modules: {', '.join(cycle[:6])}{' ...' if len(cycle) > 6 else ''}")
    print(
        f"\nUnknown rule changes: {points['modifier_hooks']} Modifier hooks, "
        f"{points['rule_points']} declared rule points"
    )


if __name__ == "__main__":
    main()
