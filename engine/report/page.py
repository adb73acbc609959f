"""The report page: one self-contained HTML file (inline CSS and SVG, no script, nothing fetched),
a section per game: rule coverage, interpretations and the differential run, every scenario
with its board before and after; then code coverage and the other checks."""

from __future__ import annotations

import re
from html import escape

from engine.core import registry
from engine.report.clauses import STATUSES, ClauseRow, index_of, section_totals
from engine.report.differential import SwitchReport
from engine.report.model import GameReport, Report
from engine.report.records import ScenarioRecord
from engine.report.summary import summary_lines

CSS = """
body{font:14px/1.45 system-ui,sans-serif;margin:0 2em 4em;color:#222;max-width:1400px}
h1{margin-top:1em} h2{border-bottom:2px solid #888;margin-top:2em} h3{margin-top:1.5em}
table{border-collapse:collapse;margin:.5em 0} td,th{border:1px solid #ccc;padding:2px 6px;
vertical-align:top;text-align:left} th{background:#eee}
.status-confirmed{background:#dfd}.status-failing{background:#f99}
.status-invariant-only{background:#eef}.status-unchecked{background:#ffd}
.status-not-implemented{background:#eee;color:#666}
.scenario{border:1px solid #ccc;border-radius:4px;margin:1em 0;padding:.5em 1em}
.scenario.failed{border-color:#c00;background:#fee}
.boards{display:flex;gap:1em;flex-wrap:wrap;align-items:flex-start}
.boards figure{margin:0} .boards svg{max-width:100%;height:auto}
.tags{color:#555;font-size:12px} .flag{color:#a00;font-weight:bold}
code{font-size:12px} .muted{color:#666}
"""


def pages(report: Report) -> dict[str, str]:
    """Every HTML file of the report, by its path relative to the report folder, ``index.html``
    first."""
    return {"index.html": page(report)}


def page(report: Report) -> str:
    """The whole report page."""
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        "<title>rulings verification report</title>",
        f"<style>{CSS}</style></head><body>",
        "<h1>rulings verification report</h1>",
        f'<p id="result" class="{"pass" if report.ok else "fail"}">Result: '
        f"<strong>{'PASS' if report.ok else 'FAIL'}</strong> ({report.seconds:.0f} s)</p>",
        "<nav><ul>",
        *(f'<li><a href="#{g.game}">{escape(g.title)}</a></li>' for g in report.games),
        '<li><a href="#coverage">Code coverage</a></li><li><a href="#checks">Other checks</a></li>',
        "</ul></nav>",
        "<h2>Summary</h2>",
        _summary_table(report),
    ]
    for game in report.games:
        parts.append(_game_section(game))
    parts.append(_coverage_section(report))
    parts.append(_checks_section(report))
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def _summary_table(report: Report) -> str:
    rows = [line for line in summary_lines(report) if line.startswith("| ") and "---" not in line]
    cells = [[c.strip() for c in row.strip("|").split("|")] for row in rows]
    head = "".join(f"<th>{escape(c)}</th>" for c in cells[0])
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in cells[1:]
    )
    return f'<table id="summary"><tr>{head}</tr>{body}</table>'


def _game_section(game: GameReport) -> str:
    counts = game.counts
    parts = [
        f'<section class="game" id="{game.game}" data-game="{game.game}">',
        f"<h2>{escape(game.title)}</h2>",
        f"<p>{game.passed} of {len(game.scenarios)} scenarios passed. Clauses: "
        + ", ".join(f"{counts[s]} {s}" for s in STATUSES)
        + ".</p>",
        f'<h3 id="{game.game}-clauses">Rule coverage</h3>',
        _section_totals(game.clauses),
        _clause_table(game),
        f'<h3 id="{game.game}-interpretations">Interpretations</h3>',
        _switches(game),
        f'<h3 id="{game.game}-scenarios">Scenarios</h3>',
        *(_scenario(game.game, s) for s in game.scenarios),
        "</section>",
    ]
    return "\n".join(parts)


def _section_totals(rows: list[ClauseRow]) -> str:
    head = (
        "<tr><th>section</th><th>clauses</th>"
        + "".join(f"<th>{s}</th>" for s in STATUSES)
        + "</tr>"
    )
    body = "".join(
        f"<tr><td>{escape(t.section)}</td><td>{t.total}</td>"
        + "".join(f"<td>{t.counts[s]}</td>" for s in STATUSES)
        + "</tr>"
        for t in section_totals(rows)
    )
    return f'<table class="section-totals">{head}{body}</table>'


def _clause_table(game: GameReport) -> str:
    head = (
        "<tr><th>clause</th><th>what it says (our words)</th><th>status</th>"
        "<th>engine code</th><th>scenarios</th><th>invariants</th></tr>"
    )
    rows = []
    for row in game.clauses:
        status = row.status + (" (rulebook example)" if row.by_example else "")
        scenarios = ", ".join(
            f'<a href="#{_anchor(game.game, s)}">{escape(s.name)}</a>' for s in row.scenarios
        )
        rows.append(
            f'<tr class="clause status-{row.status.replace(" ", "-")}" id="clause-{row.id}">'
            f"<td><code>{row.id}</code></td><td>{escape(row.text)}</td><td>{status}</td>"
            f"<td>{'<br>'.join(f'<code>{escape(c)}</code>' for c in row.code)}</td>"
            f"<td>{scenarios}</td>"
            f"<td>{'<br>'.join(f'<code>{escape(i)}</code>' for i in row.invariants)}</td></tr>"
        )
    return f'<details><summary>All {len(game.clauses)} clauses</summary><table class="clauses">{head}{"".join(rows)}</table></details>'


def _switches(game: GameReport) -> str:
    if not game.switches:
        return "<p>No interpretation switches.</p>"
    note = (
        ""
        if game.differential_run
        else "<p class='flag'>The differential run was not run (--no-differential).</p>"
    )
    return note + "\n".join(_switch(game, s) for s in game.switches)


def _switch(game: GameReport, switch: SwitchReport) -> str:
    readings = "".join(
        f"<li><code>{escape(name)}</code>{' (default)' if name == switch.default else ''}: "
        f"{escape(text)}</li>"
        for name, text in switch.readings.items()
    )
    runs = []
    for run in switch.runs:
        ruled = switch.ruled_out_by(run)
        others = [n for n in run.failed if n not in ruled]
        if run.problem:
            verdict = f"<span class='flag'>could not run: {escape(run.problem)}</span>"
        elif ruled:
            verdict = f"ruled out by {len(ruled)} rulebook example(s)"
        else:
            verdict = "<span class='flag'>no rulebook example rules it out</span>"
        runs.append(
            f"<tr><td><code>{escape(run.reading)}</code></td><td>{len(run.rerun)}</td>"
            f"<td>{len(run.rerun) - len(run.failed)}</td><td>{_names(ruled)}</td>"
            f"<td>{_names(others)}</td><td>{verdict}</td></tr>"
        )
    table = (
        "<table><tr><th>alternative reading</th><th>scenarios rerun</th><th>pass</th>"
        "<th>rulebook examples failing</th><th>rule scenarios failing</th><th>verdict</th></tr>"
        + "".join(runs)
        + "</table>"
        if runs
        else ""
    )
    flag = (
        "decided by the rulebook's examples"
        if switch.decided
        else "<span class='flag'>undecided: no example rules out every alternative</span>"
    )
    if not game.differential_run:
        flag = "not run"
    return (
        f'<div class="switch" id="switch-{game.game}-{switch.switch}">'
        f"<h4><code>{escape(switch.switch)}</code>: {flag}</h4>"
        f"<p>{escape(switch.question)}</p><ul>{readings}</ul>"
        f"<p class='muted'>Why the default: {escape(switch.why)}</p>"
        f"<p class='muted'>Clauses: {', '.join(f'<code>{c}</code>' for c in switch.clauses)}; "
        f"read by {switch.read_by} passing scenario(s), {len(switch.examples)} of them rulebook "
        f"examples.</p>{table}</div>"
    )


def _names(nodeids: list[str]) -> str:
    return "<br>".join(escape(n.split("::")[-1]) for n in nodeids) or "none"


def _scenario(game: str, scenario: ScenarioRecord) -> str:
    examples = []
    index = index_of(game)
    for example_id in scenario.examples:
        about = index.examples[example_id].text if example_id in index.examples else ""
        examples.append(
            f"<p><strong>Rulebook example</strong> <code>{example_id}</code>: {escape(about)}</p>"
        )
    steps = "".join(
        f"<li><strong>{escape(s.keyword)}</strong> {escape(s.text)}</li>" for s in scenario.steps
    )
    boards = []
    for label, svg in (("before", scenario.before_svg), ("after", scenario.after_svg)):
        if svg:
            boards.append(
                f'<figure class="board {label}">{_inline(svg)}<figcaption>{label}</figcaption></figure>'
            )
    if not boards:
        why = scenario.svg_error or _no_board(game)
        boards.append(
            f'<figure class="board no-board">{_empty_board(game, why)}'
            f"<figcaption>{escape(why)}</figcaption></figure>"
        )
    tags = " ".join(escape(t) for t in scenario.tags)
    return (
        f'<article class="scenario {scenario.outcome}" id="{_anchor(game, scenario)}" '
        f'data-outcome="{scenario.outcome}">'
        f"<h4>{escape(scenario.name)} <span class='muted'>— {scenario.outcome}</span></h4>"
        f"<p class='tags'>{escape(scenario.feature)}:{scenario.line} · {tags}</p>"
        f"{''.join(examples)}<ol class='steps'>{steps}</ol>"
        f"<div class='boards'>{''.join(boards)}</div></article>"
    )


def _no_board(game: str) -> str:
    """Why a scenario of ``game`` shows no board of its own (``GameSpec.no_board``)."""
    try:
        return registry.game(game).no_board
    except KeyError:
        return registry.GameSpec.no_board


def _empty_board(game: str, why: str) -> str:
    """The drawing of an empty board, for a scenario that never had a board (a refused setup):
    the game's own (``GameSpec.empty_svg``), else a line saying why."""
    try:
        drawn = registry.game(game).empty_svg(why)
    except Exception as error:  # noqa: BLE001 - a drawing never stops the report
        drawn, why = None, f"{why} (the empty board cannot be drawn: {type(error).__name__})"
    if drawn is None:
        return f'<svg xmlns="http://www.w3.org/2000/svg" width="300" height="30"><text x="4" y="20">{escape(why)}</text></svg>'
    return _inline(drawn)


def _inline(svg: str) -> str:
    """An SVG document as inline markup (its XML declaration dropped)."""
    return re.sub(r"^<\?xml[^>]*\?>\s*", "", svg)


def _anchor(game: str, scenario: ScenarioRecord) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", f"{scenario.feature}-{scenario.line}".lower()).strip("-")
    return f"s-{slug}"


def _coverage_section(report: Report) -> str:
    coverage = report.coverage
    if coverage.percent is None:
        return f'<section id="coverage"><h2>Code coverage</h2><p>{escape(coverage.problem or "")}</p></section>'
    rows = "".join(
        f"<tr><td><code>{escape(m)}</code></td><td>{p:.1f}%</td></tr>"
        for m, p in coverage.modules.items()
    )
    packages = "".join(
        f"<p>Lines of <code>{escape(folder)}</code> (a game's own package) run by the same: "
        f"{'none measured' if percent is None else f'{percent:.1f}%'}.</p>"
        for folder, percent in coverage.packages.items()
    )
    return (
        '<section id="coverage"><h2>Code coverage</h2>'
        f"<p>Lines of <code>engine/</code> run by the scenarios, the property suites and the "
        f"puzzle set: {coverage.percent:.1f}%.</p>{packages}<details><summary>Per module</summary>"
        f"<table><tr><th>module</th><th>lines covered</th></tr>{rows}</table></details></section>"
    )


def _checks_section(report: Report) -> str:
    items = "".join(
        f"<li class='{'flag' if c.verdict == 'FAILED' else 'ok'}'>{c.verdict}: {escape(c.line)}</li>"
        for c in report.checks
    )
    return f'<section id="checks"><h2>Other checks</h2><ul>{items}</ul></section>'
