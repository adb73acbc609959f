"""The Markdown summary ``rulings verify`` prints (and writes as ``summary.md``)."""

from __future__ import annotations

from engine.report.model import Report


def summary_lines(report: Report) -> list[str]:
    """Per game: scenarios, clause statuses, switches decided; then coverage and the checks."""
    lines = ["# rulings verify", ""]
    lines += [f"- {line}" for line in report.level]
    lines += [""] if report.level else []
    lines += [
        "| game | scenarios passed | clauses confirmed | by a rulebook example | by another "
        "scenario | by a unit test | invariant only | unchecked | not implemented | failing | "
        "switches decided by examples | undecided |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for game in report.games:
        c = game.counts
        undecided = len(game.switches) - game.decided
        switches = f"{game.decided} | {undecided}" if game.differential_run else "not run | not run"
        lines.append(
            f"| {game.title} | {game.passed}/{len(game.gherkin_scenarios)} | {c['confirmed']} | "
            f"{c['by rulebook example']} | {c['by scenario']} | {c['by unit test']} | "
            f"{c['invariant only']} | {c['unchecked']} | {c['not implemented']} | "
            f"{c['failing']} | {switches} |"
        )
    lines.append("")
    coverage = report.coverage
    if coverage.percent is None:
        lines.append(f"- code coverage of engine/: {coverage.problem}")
    else:
        lines.append(
            f"- code coverage of engine/ (lines, from the scenario and property run): "
            f"{coverage.percent:.1f}%"
        )
    for folder, percent in coverage.packages.items():
        figure = "no lines measured" if percent is None else f"{percent:.1f}%"
        lines.append(f"- code coverage of {folder} (lines, from the same run): {figure}")
    for check in report.checks:
        lines.append(f"- {check.verdict}: {check.line}")
    lines.append(f"- mutation analysis: {mutation_line(report.mutation)}")
    lines += [
        "",
        f"Report: {report.out / 'index.html'} (JUnit XML: {report.out / 'junit.xml'}, "
        f"Cucumber JSON: {report.out / 'cucumber.json'}); {report.seconds:.0f} s.",
        f"Result: {'PASS' if report.ok else 'FAIL'}",
    ]
    return lines


def mutation_line(found: dict | None) -> str:
    """How tightly the examples pin the rules, in one line: per game the mutants killed of
    those run, with when and on which commit they were measured."""
    if not found:
        return "not measured (rulings mutate, or rulings verify --mutants N)"
    games = "; ".join(
        f"{g['game']} {g['counts']['killed']}/{g['counts']['killed'] + g['counts']['survived']}"
        + ("" if g.get("score") is None else f" ({g['score']:.1%})")
        for g in found.get("games", [])
    )
    return (
        f"mutants killed: {games}; {found['totals']['accounted']} survivor(s) accounted for "
        f"(measured {found.get('measured')} on commit {found.get('commit')})"
    )
