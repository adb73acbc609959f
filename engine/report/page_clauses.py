"""A game's rule coverage on the report's pages: the totals per rulebook section, the clause
table grouped by section, the interpretation switches with their differential run, and the
list of the game's scenarios by section.

A clause row shows the clause's section, our paraphrase, its status (and by what kind of record
it is confirmed), the records that confirm it, those that failed, those tagged with it in which
the engine never cited it, its invariants, and the engine code citing it, each linked.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from engine.core.textfiles import read_yaml
from engine.report.clauses import CONFIRMED_BY, STATUSES, ClauseRow, section_totals
from engine.report.differential import SwitchReport
from engine.report.model import GameReport
from engine.report.page_filters import filter_bar, item_data
from engine.report.page_links import FeatureSection, Site, record_data
from engine.report.records import ScenarioRecord

CLAUSE_COLUMNS = (
    ("clause", "12%"),
    ("what it says (our words)", "25%"),
    ("status", "9%"),
    ("checked by", "24%"),
    ("invariants", "11%"),
    ("engine code citing it", "19%"),
)
"""The clause table's columns and their widths."""


def status_class(status: str) -> str:
    return "status-" + status.replace(" ", "-")


def totals_table(site: Site, game: GameReport) -> str:
    """How many clauses of each rulebook section have each status, each section linked to its
    part of the clause table."""
    head = "<tr><th>section</th><th>clauses</th>" + "".join(f"<th>{s}</th>" for s in STATUSES)
    rows = []
    for totals in section_totals(game.clauses):
        href = site.clause_section_href(game.game, totals.section)
        cells = "".join(
            f'<td class="{status_class(s) if totals.counts[s] else ""}">{totals.counts[s]}</td>'
            for s in STATUSES
        )
        rows.append(
            f'<tr><td><a href="{escape(href)}">{escape(totals.section)}</a></td>'
            f"<td>{totals.total}</td>{cells}</tr>"
        )
    return (
        f'<div class="table-view"><table class="section-totals" id="totals-{game.game}">'
        f"<thead>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
    )


def clause_table(site: Site, game: GameReport) -> str:
    """Every clause of the game's index, grouped by rulebook section, with its filter bar."""
    target = f"clauses-{game.game}"
    switches_of = _switches_by_clause(game.switches)
    groups: dict[str, list[ClauseRow]] = {}
    for row in game.clauses:
        groups.setdefault(row.section, []).append(row)
    body = "".join(
        _clause_group(site, game, section, rows, switches_of) for section, rows in groups.items()
    )
    columns = "".join(f'<col style="width:{width}">' for _, width in CLAUSE_COLUMNS)
    head = "".join(f"<th>{escape(name)}</th>" for name, _ in CLAUSE_COLUMNS)
    tags = {t for row in game.clauses for t in _clause_tags(row)}
    switches = {s for row in game.clauses for s in _clause_switches(row, switches_of)}
    bar = filter_bar(target, "clauses", STATUSES, groups, tags, switches)
    return (
        f'{bar}<div class="table-view wide"><table class="clauses" id="{target}">'
        f"<colgroup>{columns}</colgroup><thead><tr>{head}</tr></thead>{body}</table></div>"
    )


def _switches_by_clause(switches: list[SwitchReport]) -> dict[str, list[str]]:
    """Clause ID -> the interpretation switches whose ledger entry names it."""
    found: dict[str, list[str]] = {}
    for switch in switches:
        for clause_id in switch.clauses:
            found.setdefault(clause_id, []).append(switch.switch)
    return found


def _clause_tags(row: ClauseRow) -> list[str]:
    """The tags a clause row is found by: its own clause tag and the other (not clause) tags of
    the records tagged with it."""
    tags = [f"clause:{row.id}"]
    tags += [t for s in row.scenarios for t in s.tags if not t.startswith("clause:")]
    return list(dict.fromkeys(tags))


def _clause_switches(row: ClauseRow, switches_of: dict[str, list[str]]) -> list[str]:
    """The switches bearing on a clause: those its ledger entries name and those its records
    read."""
    read = [s for record in row.scenarios for s in record.switches_read]
    return list(dict.fromkeys([*switches_of.get(row.id, []), *read]))


def _clause_group(
    site: Site,
    game: GameReport,
    section: str,
    rows: list[ClauseRow],
    switches_of: dict[str, list[str]],
) -> str:
    anchor = site.places.clause_sections[game.game][section]
    counts = ", ".join(
        f"{n} {status}" for status in STATUSES if (n := sum(1 for r in rows if r.status == status))
    )
    head = (
        f'<tr class="group-head"><th colspan="{len(CLAUSE_COLUMNS)}" id="{anchor}" '
        f'role="heading" aria-level="3">{escape(section)} '
        f'<span class="muted">({len(rows)} clauses: {counts})</span></th></tr>'
    )
    body = "".join(_clause_row(site, game, row, switches_of) for row in rows)
    return f'<tbody class="group">{head}{body}</tbody>'


def _clause_row(
    site: Site, game: GameReport, row: ClauseRow, switches_of: dict[str, list[str]]
) -> str:
    """One clause: section, paraphrase, status, the records checking it, invariants, code."""
    status = escape(row.status)
    if row.confirmed_by:
        status += f'<br><span class="by">confirmed by {escape(row.confirmed_by)}</span>'
    data = item_data(
        row.status,
        row.section,
        _clause_tags(row),
        _clause_switches(row, switches_of),
        [row.id, row.section, row.text, *row.code],
    )
    invariants = _list(f"<code>{escape(i)}</code>" for i in row.invariants)
    code = _list(site.code_link(c) for c in dict.fromkeys(row.code))
    return (
        f'<tr class="clause {status_class(row.status)}" id="clause-{escape(row.id)}" {data}>'
        f'<td><code class="clause-id">{escape(row.id)}</code>'
        f'<div class="muted">{escape(row.section)}</div></td>'
        f"<td>{escape(row.text)}</td><td>{status}</td><td>{_checked_by(site, row)}</td>"
        f"<td>{invariants or '<span class=muted>none</span>'}</td>"
        f"<td>{code or '<span class=muted>none</span>'}</td></tr>"
    )


def _checked_by(site: Site, row: ClauseRow) -> str:
    """The records tagged with the clause, each once: those confirming it (with their kind),
    those that failed, and those in which the engine never cited it."""
    confirming = {s.nodeid for s in row.confirming}
    items = []
    for record in {s.nodeid: s for s in row.scenarios}.values():
        link = site.record_link(record)
        if record.nodeid in confirming:
            kind = "rulebook example" if record.examples else record.kind
            items.append(
                f'<li class="confirms">{link} <span class="kind">{escape(kind)}</span></li>'
            )
        elif record.passed:
            items.append(
                f'<li class="not-exercised">{link} <span class="note">not exercised</span></li>'
            )
        else:
            items.append(
                f'<li class="{escape(record.outcome)}">{link} '
                f'<span class="flag">{escape(record.outcome)}</span></li>'
            )
    return (
        f'<ul class="records">{"".join(items)}</ul>' if items else '<span class="muted">none</span>'
    )


def _list(items: object) -> str:
    found = "".join(f"<li>{item}</li>" for item in items)  # type: ignore[attr-defined]
    return f'<ul class="plain">{found}</ul>' if found else ""


def switches(site: Site, game: GameReport) -> str:
    """The game's whole interpretation ledger: each switch (the question, its readings, why the
    default, the clauses it bears on, and how the scenarios fared under each other reading), then
    each noted reading (:func:`noted_readings`)."""
    return _switch_list(site, game) + noted_readings(site, game)


def _switch_list(site: Site, game: GameReport) -> str:
    if not game.switches:
        return "<p>No interpretation switches.</p>"
    note = (
        ""
        if game.differential_run
        else '<p class="flag">The differential run was not run (--no-differential).</p>'
    )
    return note + "".join(_switch(site, game, s) for s in game.switches)


def ledger_noted(game: str) -> list[dict[str, Any]]:
    """The ``noted`` entries of ``game``'s ledger, as its registry entry finds it (none when the
    game has no ledger)."""
    from engine.core import registry

    spec = registry.games().get(game)
    if spec is None or spec.ledger is None:
        return []
    data = read_yaml(Path(spec.ledger)) or {}
    return list(data.get("noted") or [])


def noted_readings(site: Site, game: GameReport) -> str:
    """Each reading the engine takes without a switch: its question, the reading, the
    alternatives set aside, why, and the clauses it bears on."""
    entries = ledger_noted(game.game)
    if not entries:
        return ""
    known = site.places.clause_ids.get(game.game, set())
    items = "".join(_noted(site, game.game, entry, known) for entry in entries)
    return (
        f'<h3 id="noted-{escape(game.game)}">Noted readings ({len(entries)})</h3>'
        '<p class="muted">Where the rulebook is silent or loose and one reading is taken without '
        f'a switch.</p><div class="noted">{items}</div>'
    )


def _noted(site: Site, game: str, entry: dict[str, Any], known: set[str]) -> str:
    ident = str(entry.get("id", ""))
    alternatives = "".join(f"<li>{escape(str(a))}</li>" for a in entry.get("alternatives") or ())
    clauses = ", ".join(
        f'<a href="{escape(site.clause_href(game, c))}"><code>{escape(c)}</code></a>'
        if c in known
        else f"<code>{escape(c)}</code>"
        for c in dict.fromkeys(entry.get("clauses") or ())
    )
    return (
        f'<div class="noted-reading" id="noted-{escape(game)}-{escape(ident)}">'
        f"<h4><code>{escape(ident)}</code></h4>"
        f'<p class="question">{escape(str(entry.get("question", "")))}</p>'
        f'<p class="reading">Reading: {escape(str(entry.get("reading", "")))}</p>'
        f'<p>Alternatives:</p><ul class="alternatives">{alternatives}</ul>'
        f'<p class="why muted">Why: {escape(str(entry.get("why", "")))}</p>'
        f'<p class="muted">Clauses: {clauses or "none"}</p></div>'
    )


def _switch(site: Site, game: GameReport, switch: SwitchReport) -> str:
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
            verdict = f'<span class="flag">could not run: {escape(run.problem)}</span>'
        elif ruled:
            verdict = f"ruled out by {len(ruled)} rulebook example(s)"
        else:
            verdict = '<span class="flag">no rulebook example rules it out</span>'
        runs.append(
            f"<tr><td><code>{escape(run.reading)}</code></td><td>{len(run.rerun)}</td>"
            f"<td>{len(run.rerun) - len(run.failed)}</td><td>{_named(site, ruled)}</td>"
            f"<td>{_named(site, others)}</td><td>{verdict}</td></tr>"
        )
    table = (
        '<div class="table-view"><table><tr><th>alternative reading</th><th>scenarios rerun</th>'
        "<th>pass</th><th>rulebook examples failing</th><th>rule scenarios failing</th>"
        f"<th>verdict</th></tr>{''.join(runs)}</table></div>"
        if runs
        else ""
    )
    flag = (
        "decided by the rulebook's examples"
        if switch.decided
        else '<span class="flag">undecided: no example rules out every alternative</span>'
    )
    if not game.differential_run:
        flag = "not run"
    known = site.places.clause_ids.get(game.game, set())
    clauses = ", ".join(
        f'<a href="{escape(site.clause_href(game.game, c))}"><code>{escape(c)}</code></a>'
        if c in known
        else f"<code>{escape(c)}</code>"
        for c in dict.fromkeys(switch.clauses)
    )
    return (
        f'<div class="switch" id="switch-{escape(game.game)}-{escape(switch.switch)}">'
        f"<h3><code>{escape(switch.switch)}</code>: {flag}</h3>"
        f"<p>{escape(switch.question)}</p><ul>{readings}</ul>"
        f'<p class="muted">Why the default: {escape(switch.why)}</p>'
        f'<p class="muted">Clauses: {clauses or "none"}; read by {switch.read_by} passing '
        f"scenario(s), {len(switch.examples)} of them rulebook examples.</p>{table}</div>"
    )


def _named(site: Site, nodeids: list[str]) -> str:
    """The scenarios by node ID, each once, linked to its article when the report has it."""
    found = []
    for nodeid in dict.fromkeys(nodeids):
        record = site.places.records.get(nodeid)
        found.append(site.record_link(record) if record else escape(nodeid.split("::")[-1]))
    return "<br>".join(found) or "none"


def sections_table(site: Site, game: GameReport) -> str:
    """The game's rulebook sections of scenarios, each linked to its page, with how many of its
    scenarios passed and failed."""
    rows = "".join(
        f'<tr class="{"failed" if s.failed else ""}"><td><a href="{escape(site.href(s.page))}">'
        f"{escape(s.name)}</a></td><td><code>{escape(s.feature)}</code></td>"
        f"<td>{len(s.scenarios)}</td><td>{s.passed}</td><td>{s.failed}</td></tr>"
        for s in site.places.sections.get(game.game, [])
    )
    if not rows:
        return "<p>No scenarios.</p>"
    return (
        '<div class="table-view"><table class="sections"><thead><tr><th>section</th>'
        "<th>feature file</th><th>scenarios</th><th>passed</th><th>failed</th></tr></thead>"
        f"<tbody>{rows}</tbody></table></div>"
    )


def scenario_index(site: Site, game: GameReport) -> str:
    """Every scenario of the game, one line each, grouped by section and linked to its article,
    with a filter bar."""
    target = f"scenarios-{game.game}"
    sections = site.places.sections.get(game.game, [])
    if not sections:
        return "<p>No scenarios.</p>"
    records = [r for s in sections for r in s.scenarios]
    bar = filter_bar(
        target,
        "scenarios",
        sorted({r.outcome for r in records}),
        [s.name for s in sections],
        [t for r in records for t in r.tags],
        [w for r in records for w in r.switches_read],
    )
    groups = "".join(_index_group(site, section) for section in sections)
    return (
        f'{bar}<div class="table-view"><table class="scenario-index" id="{target}"><thead><tr>'
        "<th>scenario</th><th>result</th><th>rulebook examples</th><th>switches read</th>"
        f"</tr></thead>{groups}</table></div>"
    )


def _index_group(site: Site, section: FeatureSection) -> str:
    head = (
        f'<tr class="group-head"><th colspan="4" role="heading" aria-level="3">'
        f'<a href="{escape(site.href(section.page))}">{escape(section.name)}</a> '
        f'<span class="muted">({section.passed} of {len(section.scenarios)} passed)</span>'
        "</th></tr>"
    )
    return f'<tbody class="group">{head}{"".join(_index_row(site, r) for r in section.scenarios)}</tbody>'


def _index_row(site: Site, record: ScenarioRecord) -> str:
    data = record_data(record)
    examples = ", ".join(f"<code>{escape(e)}</code>" for e in record.examples)
    read = ", ".join(f"<code>{escape(s)}</code>" for s in dict.fromkeys(record.switches_read))
    return (
        f'<tr class="{escape(record.outcome)}" {data}><td>{site.record_link(record)}</td>'
        f'<td class="result {escape(record.outcome)}">{escape(record.outcome)}</td>'
        f"<td>{examples}</td><td>{read}</td></tr>"
    )


def counts_line(game: GameReport) -> str:
    """How many scenarios and clause-marked unit tests passed, and how many clauses have each
    status."""
    counts = game.counts
    statuses = ", ".join(f"{counts[s]} {s}" for s in STATUSES)
    by = ", ".join(f"{counts[f'by {kind}']} by {kind}" for kind in CONFIRMED_BY)
    scenarios = [s for s in game.scenarios if s.kind == "scenario"]
    tests = [s for s in game.scenarios if s.kind != "scenario"]
    passed = sum(1 for s in scenarios if s.passed)
    line = f"{passed} of {len(scenarios)} scenarios passed"
    if tests:
        line += f", {sum(1 for s in tests if s.passed)} of {len(tests)} clause-marked unit tests"
    return f"<p>{line}. Clauses: {statuses} (confirmed: {by}).</p>"
