"""Scenarios on the report's pages: each as an article with its steps (their tables and doc
strings, how each ended), the notes of its feature file beside it, the rulebook examples it
checks and its boards; and each failed one as a failure, first thing on the index.

A board is shown at its natural size in a box that scrolls, so its labels stay legible however
large the map. Steps after the one that failed never ran and show as skipped.
"""

from __future__ import annotations

import re
from html import escape

from engine.core import registry
from engine.report.clauses import index_of
from engine.report.page_links import Site, record_data, shown_name
from engine.report.records import Failure, ScenarioRecord, StepRecord

MARKS = {"passed": "", "failed": "failed here", "skipped": "skipped: never ran"}
"""What a step's mark says, by how it ended."""


def step_statuses(record: ScenarioRecord) -> list[str]:
    """How each step ended: as recorded, except that the failing step (the first recorded as
    failed, else the failure's step) is ``failed`` and every step after it ``skipped``."""
    statuses = [step.status for step in record.steps]
    failing = next((i for i, s in enumerate(statuses) if s == "failed"), None)
    if failing is None and record.failure is not None:
        failing = record.failure.step
    if failing is None or not 0 <= failing < len(statuses):
        return statuses
    return statuses[:failing] + ["failed"] + ["skipped"] * (len(statuses) - failing - 1)


def steps(record: ScenarioRecord) -> str:
    """The steps as an ordered list, each marked by how it ended, with its table or doc
    string under it."""
    items = "".join(
        _step(step, status)
        for step, status in zip(record.steps, step_statuses(record), strict=True)
    )
    return f'<ol class="steps">{items}</ol>' if items else ""


def _step(step: StepRecord, status: str) -> str:
    mark = MARKS.get(status, status)
    flag = f' <span class="mark">{escape(mark)}</span>' if mark else ""
    table = "" if step.datatable is None else datatable(step.datatable)
    doc = "" if step.docstring is None else f'<pre class="docstring">{escape(step.docstring)}</pre>'
    line = getattr(step, "line", 0)
    where = f' title="line {line}"' if line else ""
    return (
        f'<li class="step {escape(status)}" data-step-status="{escape(status)}"{where}>'
        f'<span class="keyword">{escape(step.keyword.strip())}</span> '
        f'<span class="text">{escape(step.text)}</span>{flag}{table}{doc}</li>'
    )


def datatable(rows: tuple[tuple[str, ...], ...]) -> str:
    """A step's data table, cell for cell (a map's rows line up as in the feature file)."""
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in row) + "</tr>" for row in rows
    )
    return f'<div class="table-view"><table class="datatable">{body}</table></div>'


def notes(record: ScenarioRecord) -> str:
    """The feature file's comments about the scenario (how a missing figure was rebuilt), as an
    aside."""
    if not record.notes:
        return ""
    paragraphs = "".join(f"<p>{escape(note)}</p>" for note in record.notes)
    return f'<aside class="notes"><h5>How the figure was rebuilt / notes</h5>{paragraphs}</aside>'


def failure_details(failure: Failure) -> str:
    """What failed: the message, the expected-versus-actual lines, and pytest's whole
    explanation (folded)."""
    parts = [f'<p class="message"><strong>{escape(failure.message)}</strong></p>']
    if failure.diff:
        parts.append(f'<pre class="diff">{diff_lines(failure.diff)}</pre>')
    if failure.detail:
        parts.append(
            '<details class="detail"><summary>Everything pytest said</summary>'
            f"<pre>{escape(failure.detail)}</pre></details>"
        )
    return "".join(parts)


def diff_lines(diff: str) -> str:
    """The diff's lines, the expected (``-``) and actual (``+``) ones marked."""
    lines = []
    for line in diff.splitlines():
        start = line.lstrip()[:1]
        kind = {"-": "expected", "+": "actual"}.get(start)
        text = escape(line)
        lines.append(f'<span class="{kind}">{text}</span>' if kind else text)
    return "\n".join(lines)


def article(site: Site, game: str, record: ScenarioRecord) -> str:
    """A scenario as it ran: its name and result, where it is written, its tags (the clauses
    linked to their rows), the rulebook examples it checks, its steps beside its notes, what
    failed, and its boards before and after."""
    anchor = site.places.anchors[record.nodeid]
    failure = "" if record.failure is None else failure_details(record.failure)
    body = f'<div class="story">{steps(record)}{failure}</div>{notes(record)}'
    data = record_data(record)
    with_notes = " with-notes" if record.notes else ""
    return (
        f'<article class="scenario {escape(record.outcome)}" id="{anchor}" '
        f'data-outcome="{escape(record.outcome)}" {data}>'
        f'<h4>{escape(shown_name(record))} <span class="result {escape(record.outcome)}">'
        f"{escape(record.outcome)}</span></h4>"
        f'<p class="where"><code>{escape(record.feature)}:{record.line}</code></p>'
        f"{tag_line(site, game, record)}{examples(game, record)}"
        f'<div class="body{with_notes}">{body}</div>{boards(game, record)}</article>'
    )


def tag_line(site: Site, game: str, record: ScenarioRecord) -> str:
    """The scenario's tags; a clause tag links to the clause's row when the index has it, and
    the switches the engine read are listed."""
    known = site.places.clause_ids.get(game, set())
    tags = []
    for tag in dict.fromkeys(record.tags):
        clause = tag.removeprefix("clause:")
        if tag.startswith("clause:") and clause in known:
            tags.append(f'<a href="{escape(site.clause_href(game, clause))}">{escape(tag)}</a>')
        else:
            tags.append(escape(tag))
    read = ", ".join(f"<code>{escape(s)}</code>" for s in dict.fromkeys(record.switches_read))
    switches = f" · switches read: {read}" if read else ""
    return f'<p class="tags">{" · ".join(tags) or "no tags"}{switches}</p>'


def examples(game: str, record: ScenarioRecord) -> str:
    """The rulebook examples the scenario checks, each with what the index says of it."""
    try:
        index = index_of(game)
    except KeyError:
        return ""
    found = []
    for example_id in record.examples:
        about = index.examples[example_id].text if example_id in index.examples else ""
        found.append(
            f'<p class="example"><strong>Rulebook example</strong> <code>{escape(example_id)}</code>'
            f": {escape(about)}</p>"
        )
    return "".join(found)


def boards(game: str, record: ScenarioRecord) -> str:
    """The boards before the first ``When`` and at the end, or an empty board saying why the
    scenario has none."""
    found = [
        board(svg, label, caption)
        for label, caption, svg in (
            ("before", "before the first When", record.before_svg),
            ("after", "at the end" if record.passed else "at the failure", record.after_svg),
        )
        if svg
    ]
    if not found:
        why = record.svg_error or _no_board(game)
        found.append(board(_empty_board(game, why), "no-board", why))
    return f'<div class="boards">{"".join(found)}</div>'


def board(svg: str, label: str, caption: str) -> str:
    """One board at its natural size, in a box that scrolls when it is larger than the page."""
    return (
        f'<figure class="board {label}"><figcaption>{escape(caption)}</figcaption>'
        f'<div class="board-view">{inline_svg(svg)}</div></figure>'
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
        return (
            '<svg xmlns="http://www.w3.org/2000/svg" width="420" height="30">'
            f'<text x="4" y="20">{escape(why)}</text></svg>'
        )
    return drawn


def inline_svg(svg: str) -> str:
    """An SVG document as inline markup (its XML declaration dropped)."""
    return re.sub(r"^<\?xml[^>]*\?>\s*", "", svg)


def failure(site: Site, game: str, record: ScenarioRecord) -> str:
    """A failed scenario (or unit test) as the index shows it first: its name, where it is
    written, a link to it in the listing, its steps with the failing one marked, what failed
    and the board at the failure."""
    anchor = "failure-" + site.places.anchors[record.nodeid]
    href = site.scenario_href(record)
    listing = (
        f' · <a href="{escape(href)}">the scenario in the full listing</a>'
        if href
        else f" · {site.record_link(record)}"
    )
    title = registry.game(game).title if game in registry.games() else game
    details = (
        failure_details(record.failure)
        if record.failure
        else '<p class="message"><strong>failed (no message recorded)</strong></p>'
    )
    board_at = (
        board(record.after_svg, "after", "the board at the failure") if record.after_svg else ""
    )
    return (
        f'<article class="failure" id="{anchor}">'
        f"<h3>{escape(shown_name(record))} <span class='muted'>({escape(title)}, "
        f"{escape(record.kind)})</span></h3>"
        f'<p class="where"><code>{escape(record.feature)}:{record.line}</code>{listing}</p>'
        f"{steps(record)}{details}{notes(record)}"
        f'<div class="boards">{board_at}</div></article>'
    )
