"""The report's HTML pages, each self-contained (inline CSS, SVG and a small script; nothing
fetched; every page reads the same with scripting off):

* ``index.html``: the result, then what failed (each failed scenario with its failing step,
  message, expected-versus-actual lines and board, and each failed check), the summary, per
  game the clause totals per rulebook section and the sections of scenarios, the other checks
  and code coverage;
* ``<game>.html``: the game's clause table grouped by rulebook section, its interpretation
  switches with the differential run, and its scenarios listed by section;
* ``<game>/<feature>.html``: one rulebook section's scenarios (a feature file), each with its
  steps, notes and boards.

Every page links back to the index and to its game; the clause table and the scenario lists
have a search and filters. :func:`page` gives the whole report as one document instead.
"""

from __future__ import annotations

from html import escape

from engine.report.model import GameReport, Report
from engine.report.page_clauses import (
    clause_table,
    counts_line,
    scenario_index,
    sections_table,
    switches,
    totals_table,
)
from engine.report.page_filters import SCRIPT, filter_bar
from engine.report.page_links import (
    INDEX,
    FeatureSection,
    Places,
    Site,
    game_page,
    page_anchor,
)
from engine.report.page_scenarios import article, failure
from engine.report.records import ScenarioRecord
from engine.report.summary import summary_lines

TITLE = "rulings verification report"
CSS = """
*{box-sizing:border-box}
body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;padding:0 1.5em 4em;color:#222;
max-width:1500px}
[hidden]{display:none!important}
h1{margin:.6em 0 .3em} h2{border-bottom:2px solid #888;margin-top:1.8em}
h3{margin-top:1.4em} h4{margin:.2em 0} h5{margin:0 0 .3em;font-size:13px}
a{color:#0645ad} code{font-size:13px;overflow-wrap:anywhere}
nav.crumbs{padding:.5em 0;border-bottom:1px solid #ccc;font-size:14px}
nav.crumbs a{margin-right:.4em} nav.crumbs .here{font-weight:bold}
nav.sections{font-size:13px;margin:.5em 0} nav.sections a,nav.sections span{margin-right:.8em;
white-space:nowrap} nav.sections span{font-weight:bold}
#result{font-size:18px;padding:.4em .8em;border-radius:4px;display:inline-block}
#result.pass{background:#dfd} #result.fail{background:#fcc}
table{border-collapse:collapse;margin:.5em 0}
td,th{border:1px solid #ccc;padding:3px 6px;vertical-align:top;text-align:left}
thead th{background:#eee}
.table-view{overflow-x:auto;max-width:100%}
table.clauses{table-layout:fixed;width:100%;min-width:1150px}
table.clauses td{overflow-wrap:anywhere}
tr.group-head th{background:#e4e8f0;font-size:15px;padding:.5em 6px}
.status-confirmed{background:#dfd} .status-failing{background:#fbb}
.status-invariant-only{background:#eef} .status-unchecked{background:#ffd}
.status-not-implemented{background:#f2f2f2;color:#555}
.by,.kind,.note{font-size:12px;color:#444} .not-exercised{color:#666}
.not-exercised .note{font-style:italic}
ul.records,ul.plain{margin:0;padding-left:1.1em} ul.plain{list-style:none;padding:0}
.line{font-size:12px;color:#666}
.flag,.result.failed{color:#b00;font-weight:bold} .result.passed{color:#070}
.result.skipped{color:#777}
.muted{color:#666} .tags{color:#555;font-size:12px;overflow-wrap:anywhere}
.where{margin:.2em 0;font-size:13px}
.filters{display:flex;flex-wrap:wrap;gap:.5em 1em;align-items:center;padding:.5em;
background:#f4f6fa;border:1px solid #d8dde8;border-radius:4px;margin:.5em 0;font-size:14px}
.filters input[type=search]{min-width:16em}
article.scenario{border:1px solid #ccc;border-radius:4px;margin:1em 0;padding:.5em 1em;
content-visibility:auto;contain-intrinsic-size:auto 700px}
article.scenario.failed,article.failure{border:2px solid #c00;background:#fff6f6}
article.failure{border-radius:4px;margin:1em 0;padding:.5em 1em;
content-visibility:auto;contain-intrinsic-size:auto 900px}
.body.with-notes{display:grid;grid-template-columns:minmax(0,3fr) minmax(14em,2fr);gap:1em}
aside.notes{align-self:start;background:#fffbe6;border-left:4px solid #e0b000;padding:.4em .8em;font-size:14px}
aside.notes p{margin:.3em 0}
ol.steps{margin:.4em 0;padding-left:2em} li.step{margin:.15em 0}
.keyword{font-weight:bold}
li.step.failed{background:#fcc;outline:2px solid #c00;padding:0 .3em}
li.step.skipped{color:#888} li.step.skipped .keyword,li.step.skipped>span:not(.mark){
text-decoration:line-through}
.mark{font-size:12px;font-weight:bold;padding:0 .4em;border-radius:3px;margin-left:.4em}
li.step.failed .mark{background:#c00;color:#fff} li.step.skipped .mark{background:#ddd;color:#444}
table.datatable{font:13px/1.3 ui-monospace,monospace;margin:.3em 0}
table.datatable td{padding:1px 6px;white-space:pre}
pre{background:#f6f6f6;padding:.4em .6em;overflow:auto;max-width:100%;font-size:13px}
pre.diff .expected{color:#a00;background:#fee} pre.diff .actual{color:#060;background:#efe}
.message{font-size:15px;color:#900}
.boards{display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start;margin:.5em 0}
figure.board{margin:0;max-width:100%;min-width:0}
figure.board figcaption{font-size:13px;color:#555}
.board-view{overflow:auto;max-width:100%;max-height:90vh;border:1px solid #ddd;padding:6px;
background:#fff}
.board-view svg{display:block;max-width:none;overflow:visible}
"""


def pages(report: Report) -> dict[str, str]:
    """Every HTML file of the report, by its path relative to the report folder, ``index.html``
    first: the index, a page per game and a page per rulebook section of scenarios."""
    site = Site(Places.of(report))
    found = {INDEX: document(site, TITLE, index_body(site))}
    for game in report.games:
        here = site.at(game_page(game.game))
        found[here.here] = document(here, game.title, game_body(here, game), game)
        for section in site.places.sections[game.game]:
            there = site.at(section.page)
            body = section_body(there, game, section)
            found[section.page] = document(there, f"{section.name} — {game.title}", body, game)
    return found


def page(report: Report) -> str:
    """The whole report as one document: the index, then each game with its sections of
    scenarios (every link in-page)."""
    site = Site(Places.of(report), single=True)
    parts = [index_body(site)]
    for game in report.games:
        parts.append(
            f'<section class="game" id="{page_anchor(game_page(game.game))}" '
            f'data-game="{escape(game.game)}">{game_body(site, game)}'
        )
        for section in site.places.sections[game.game]:
            parts.append(section_body(site, game, section))
        parts.append("</section>")
    return document(site, TITLE, "\n".join(parts))


def document(site: Site, title: str, body: str, game: GameReport | None = None) -> str:
    """A whole HTML document: its styles, the navigation back to the index (and the game),
    the body, and the filter script."""
    head = (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title><style>{CSS}</style></head><body>"
    )
    top = "" if site.single else f'<header id="top">{crumbs(site, game)}</header>'
    return f"{head}\n{top}\n{body}\n<script>{SCRIPT}</script></body></html>\n"


def crumbs(site: Site, game: GameReport | None) -> str:
    """The way back: the index, the game, the section; the page itself unlinked."""
    trail = [(INDEX, "Verification report")]
    if game is not None:
        trail.append((game_page(game.game), game.title))
        section = next((s for s in site.places.sections[game.game] if s.page == site.here), None)
        if section is not None:
            trail.append((section.page, section.name))
    links = [
        f'<span class="here" aria-current="page">{escape(name)}</span>'
        if page == site.here
        else f'<a href="{escape(site.href(page))}">{escape(name)}</a>'
        for page, name in trail
    ]
    games = [
        f'<a href="{escape(site.href(game_page(g.game)))}">{escape(g.title)}</a>'
        for g in site.report.games
        if game_page(g.game) not in {page for page, _ in trail}
    ]
    others = f' <span class="muted">· other games:</span> {" ".join(games)}' if games else ""
    return f'<nav class="crumbs" aria-label="where">{" › ".join(links)}{others}</nav>'


def index_body(site: Site) -> str:
    """The index: the result, what failed, the summary, each game's totals and sections of
    scenarios, the other checks and code coverage."""
    report = site.report
    ok = report.ok
    parts = [
        f"<h1>{TITLE}</h1>",
        f'<p id="result" class="{"pass" if ok else "fail"}">Result: '
        f"<strong>{'PASS' if ok else 'FAIL'}</strong> ({report.seconds:.0f} s)</p>",
        level(report),
        failures(site),
        '<h2 id="summary">Summary</h2>',
        summary_table(site),
    ]
    if site.single:
        parts.insert(0, f'<div id="{page_anchor(INDEX)}"></div>')
    for game in report.games:
        parts.append(game_overview(site, game))
    parts.append(checks_section(report))
    parts.append(mutation_section(report))
    parts.append(coverage_section(report))
    return "\n".join(parts)


def level(report: Report) -> str:
    """What the run's level ran and what it left out, as ``rulings verify`` says it."""
    lines = getattr(report, "level", None) or []
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    return f'<ul class="level muted">{items}</ul>' if items else ""


def failures(site: Site) -> str:
    """Every failed scenario and unit test, with what failed, then every failed check."""
    failed: list[tuple[str, ScenarioRecord]] = [
        (g.game, s) for g in site.report.games for s in g.scenarios if s.outcome == "failed"
    ]
    checks = [c for c in site.report.checks if c.verdict == "FAILED"]
    if not failed and not checks:
        return '<section id="failures"><h2>What failed</h2><p>Nothing failed.</p></section>'
    parts = ['<section id="failures"><h2>What failed</h2>']
    parts += [failure(site, game, record) for game, record in failed]
    if checks:
        items = "".join(
            f"<li><strong>{escape(c.name)}</strong>: {escape(c.line)}</li>" for c in checks
        )
        parts.append(f'<h3>Checks that failed</h3><ul class="failed-checks">{items}</ul>')
    parts.append("</section>")
    return "".join(parts)


def summary_table(site: Site) -> str:
    """The summary's table (as ``rulings verify`` prints it), each game linked to its page."""
    lines = summary_lines(site.report)
    rows = [line for line in lines if line.startswith("| ") and "---" not in line]
    cells = [[c.strip() for c in row.strip("|").split("|")] for row in rows]
    if not cells:
        return ""
    titles = {g.title: g for g in site.report.games}
    head = "".join(f"<th>{escape(c)}</th>" for c in cells[0])
    body = []
    for row in cells[1:]:
        game = titles.get(row[0])
        first = (
            f'<a href="{escape(site.href(game_page(game.game)))}">{escape(row[0])}</a>'
            if game
            else escape(row[0])
        )
        rest = "".join(f"<td>{escape(c)}</td>" for c in row[1:])
        body.append(f"<tr><td>{first}</td>{rest}</tr>")
    return (
        f'<div class="table-view"><table id="summary-table"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table></div>"
    )


def game_overview(site: Site, game: GameReport) -> str:
    """A game on the index: its counts, its clause totals per rulebook section and its
    sections of scenarios, each linked."""
    page = game_page(game.game)
    return (
        f'<section class="overview" id="overview-{escape(game.game)}">'
        f'<h2><a href="{escape(site.href(page))}">{escape(game.title)}</a></h2>'
        f"{counts_line(game)}"
        f"<h3>Clauses per rulebook section</h3>{totals_table(site, game)}"
        f"<h3>Scenarios per rulebook section</h3>{sections_table(site, game)}</section>"
    )


def game_body(site: Site, game: GameReport) -> str:
    """A game's page: its counts, the clause table, the interpretation switches and its
    scenarios by section."""
    key = escape(game.game)
    return (
        f"<h1>{escape(game.title)}</h1>{counts_line(game)}"
        f'<nav class="sections"><a href="#{key}-clauses">Rule coverage</a> '
        f'<a href="#{key}-interpretations">Interpretations</a> '
        f'<a href="#{key}-scenarios">Scenarios</a></nav>'
        f'<h2 id="{key}-clauses">Rule coverage</h2>'
        "<p>Every clause of the rulebook's index, by section: what it says in our words, its "
        "status, the scenarios and unit tests checking it, the invariants protecting it and "
        "the engine code citing it. A record marked <em>not exercised</em> is tagged with the "
        "clause, passed, and yet the engine never cited the clause while it ran: it does not "
        "confirm it.</p>"
        f"{clause_table(site, game)}"
        f'<h2 id="{key}-interpretations">Interpretations</h2>{switches(site, game)}'
        f'<h2 id="{key}-scenarios">Scenarios</h2>{sections_table(site, game)}'
        f"{scenario_index(site, game)}"
    )


def section_body(site: Site, game: GameReport, section: FeatureSection) -> str:
    """One rulebook section's page: its scenarios in the feature file's order, with a filter
    bar and links to the game's other sections."""
    target = f"list-{section.anchor}"
    records = section.scenarios
    bar = filter_bar(
        target,
        "scenarios",
        sorted({r.outcome for r in records}),
        (),
        [t for r in records for t in r.tags],
        [w for r in records for w in r.switches_read],
    )
    others = "" if site.single else section_links(site, game, section)
    part = f' id="{page_anchor(section.page)}"' if site.single else ""
    articles = "".join(article(site, game.game, r) for r in records)
    return (
        f'<section class="feature"{part} data-feature="{escape(section.feature)}">'
        f'{others}<h2 id="{section.anchor}">{escape(section.name)}</h2>'
        f'<p class="muted"><code>{escape(section.feature)}</code>: {section.passed} of '
        f"{len(records)} scenarios passed.</p>{bar}"
        f'<div id="{target}"><div class="group">{articles}</div></div></section>'
    )


def section_links(site: Site, game: GameReport, section: FeatureSection) -> str:
    """Links to the game's other sections of scenarios (this one named, unlinked)."""
    items = [
        f'<span aria-current="page">{escape(s.name)}</span>'
        if s.page == section.page
        else f'<a href="{escape(site.href(s.page))}">{escape(s.name)}</a>'
        for s in site.places.sections[game.game]
    ]
    return f'<nav class="sections" aria-label="sections">Sections: {" ".join(items)}</nav>'


def checks_section(report: Report) -> str:
    """The other checks verify ran, each with its verdict."""
    items = "".join(
        f'<li class="{"flag" if c.verdict == "FAILED" else "ok"}">{escape(c.verdict)}: '
        f"{escape(c.line)}</li>"
        for c in report.checks
    )
    return f'<section id="checks"><h2>Other checks</h2><ul>{items}</ul></section>'


def mutation_section(report: Report) -> str:
    """How tightly the examples pin the rules: per game the mutants killed and survived (and
    the survivors accounted for), each survivor with its place and change, and per clause."""
    head = '<section id="mutation"><h2>How tightly the examples pin the rules</h2>'
    found = report.mutation
    if not found:
        return (
            f"{head}<p>Not measured: run <code>rulings mutate</code> (results in "
            "<code>reports/mutation.json</code>) or <code>rulings verify --mutants N</code>.</p>"
            "</section>"
        )
    limit = found.get("limit")
    sample = f"a sample of up to {limit} mutants per game" if limit else "every mutant"
    parts = [
        head,
        "<p>Each mutant is one small change to the engine code applying a clause (a comparison "
        "loosened, a number moved by one, a condition negated, a step skipped, ...) or a "
        "switch's default reading replaced; it is <em>killed</em> when a scenario, golden "
        "playthrough, puzzle, unit test or the state machine fails against it. A survivor is a "
        "change the examples let through. "
        f"Measured {escape(str(found.get('measured')))} on commit "
        f"<code>{escape(str(found.get('commit')))}</code>, {escape(sample)} (seed "
        f"{escape(str(found.get('seed')))}).</p>",
        "<table><tr><th>game</th><th>mutants</th><th>killed</th><th>survived</th>"
        "<th>accounted for</th><th>not applied</th><th>killed of those run</th></tr>",
    ]
    for game in found.get("games", []):
        c = game["counts"]
        score = "-" if game.get("score") is None else f"{game['score']:.1%}"
        parts.append(
            f"<tr><td>{escape(game['game'])}</td><td>{c['mutants']}</td><td>{c['killed']}</td>"
            f"<td>{c['survived']}</td><td>{c['accounted']}</td><td>{c['not applied']}</td>"
            f"<td>{score}</td></tr>"
        )
    parts.append("</table>")
    for game in found.get("games", []):
        rows = "".join(
            f"<tr><td><code>{escape(r['file'])}:{r['line']}</code></td>"
            f"<td><code>{escape(r['clause'])}</code></td><td><code>{escape(r['change'])}</code>"
            f"</td><td>{escape(_accounted(r))}</td></tr>"
            for r in game["survivors"]
        )
        clauses = "".join(
            f"<tr><td><code>{escape(clause)}</code></td><td>{row['mutants']}</td>"
            f"<td>{row['killed']}</td><td>{row['survived']}</td></tr>"
            for clause, row in game["by_clause"].items()
        )
        parts.append(
            f"<details><summary>{escape(game['game'])}: {len(game['survivors'])} survivor(s)"
            "</summary><table><tr><th>where</th><th>clause</th><th>change</th>"
            f"<th>accounted for</th></tr>{rows}</table></details>"
            f"<details><summary>{escape(game['game'])}: by clause</summary><table><tr>"
            "<th>clause</th><th>mutants</th><th>killed</th><th>survived</th></tr>"
            f"{clauses}</table></details>"
        )
    parts.append("</section>")
    return "".join(parts)


def _accounted(row: dict) -> str:
    """What a game's mutants file says of a survivor, or that nothing does."""
    entry = row.get("accounted")
    if not entry:
        return "no: a rule the examples leave loose"
    if entry.get("why") == "loose":
        return f"loose in the texts: ledger {entry.get('ledger', '?')}"
    return f"cannot alter play: {entry.get('note', '')}"


def coverage_section(report: Report) -> str:
    """Line coverage of ``engine/`` and of each game's own package, per module folded."""
    coverage = report.coverage
    if coverage.percent is None:
        return (
            '<section id="coverage"><h2>Code coverage</h2>'
            f"<p>{escape(coverage.problem or '')}</p></section>"
        )
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
