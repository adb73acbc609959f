"""The report's pages (``engine.report.page``) as a reader meets them: what failed comes first
on the index, steps with their tables, doc strings and notes, skipped steps marked, boards, the
clause table's rows, the filters' data, and pages that link to one another without a dangling
or repeated link."""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest

from engine.report.clauses import clause_rows, index_of
from engine.report.model import Check, Coverage, GameReport, Report
from engine.report.page import page, pages
from engine.report.page_links import definition_line
from engine.report.records import Failure, ScenarioRecord, StepRecord
from engine.svg import draw_file

BOARDS = {
    "unknown": "tests/data/positions/detour.yaml",
    "falling-skies": "tests/data/positions/falling_skies/room-phase.yaml",
}
"""A position file of each game, drawn as a recorded scenario's board."""
VOID = {"br", "wbr", "col", "input", "meta", "img", "hr", "link", "source"}
MESSAGE = "AssertionError: yellow stands on the scrap tile, not on #far"
DIFF = "- (4, 1)\n+ (1, 1)"
MAP = (("flood #flood", "scrap @yellow", "ammo"), (".", "food #dead", "."))
NOTE = "Missing figure. Assumed: a corridor running east from the Flood."
FAILED_STEP = "yellow stands on #far"


def scenario(
    name: str,
    game: str = "unknown",
    feature: str = "features/unknown/knockback.feature",
    section: str = "Knockback",
    line: int = 10,
    outcome: str = "passed",
    tags: tuple[str, ...] = (),
    **more: object,
) -> ScenarioRecord:
    """A recorded scenario with both boards drawn from the game's position file."""
    board = draw_file(BOARDS[game])
    fields: dict[str, object] = {
        "nodeid": f"tests/test_scenarios.py::test_{name.replace(' ', '_')}",
        "feature": feature,
        "feature_name": section,
        "name": name,
        "line": line,
        "tags": tags,
        "game": game,
        "outcome": outcome,
        "steps": (StepRecord("Given", "a board"), StepRecord("Then", "it shows")),
        "before_svg": board,
        "after_svg": board,
    }
    fields.update(more)
    return ScenarioRecord(**fields)  # type: ignore[arg-type]


def unknown_records() -> list[ScenarioRecord]:
    """Unknown's records: a confirming rulebook example with a map table, a doc string and
    notes; a failing scenario; one tagged with a clause it never exercised; a Scenario
    Outline's two examples; a unit test; and a scenario of another section."""
    return [
        scenario(
            "The Flood pushes the explorer",
            line=12,
            tags=(
                "clause:unknown.knockback.flee",
                "example:unknown.example.flood-quickstart",
                "unknown",
            ),
            steps=(
                StepRecord("Given", "the map:", datatable=MAP),
                StepRecord("When", "a knockback of 3 from #flood starts for yellow"),
                StepRecord("Then", "the events say:", docstring="yellow knocked back to #dead"),
            ),
            notes=(NOTE,),
            cited=("unknown.knockback.flee",),
            switches_read=("knockback-mover-order",),
        ),
        scenario(
            "A survivor may choose a dead end",
            line=30,
            outcome="failed",
            tags=("clause:unknown.knockback.flee", "clause:unknown.knockback.dead-end"),
            steps=(
                StepRecord("Given", "the map:", datatable=MAP),
                StepRecord("Then", FAILED_STEP, status="failed"),
                StepRecord("And", "nobody has to choose", status="skipped"),
                StepRecord("And", "the events include yellow knocked back", status="passed"),
            ),
            failure=Failure(1, MESSAGE, "E   assert (1, 1) == (4, 1)\nlonger story", DIFF),
        ),
        scenario(
            "Knockback goes round a barrier",
            line=44,
            tags=("clause:unknown.knockback.flee",),
            cited=("unknown.range",),
        ),
        *(
            scenario(
                "The beast goes where the die points",
                line=60,
                tags=("clause:unknown.knockback.dead-end",),
                nodeid=f"tests/test_scenarios.py::test_the_beast_goes[{side}]",
                cited=("unknown.knockback.dead-end",),
            )
            for side in ("east", "west")
        ),
        scenario(
            "the range is counted in steps",
            tags=("clause:unknown.range",),
            kind="unit test",
            nodeid="tests/test_report_page.py::scenario",
            feature="tests/test_report_page.py",
            section="",
            cited=("unknown.range",),
        ),
        scenario(
            "Range counts steps round the blocked tile",
            feature="features/unknown/range.feature",
            section="Range",
            line=8,
            tags=("clause:unknown.range", "unknown"),
            cited=("unknown.range",),
        ),
    ]


def small_report(out: Path) -> Report:
    """Unknown and Under Falling Skies, one Unknown scenario failing, one other check failed."""
    unknown = unknown_records()
    skies = [
        scenario(
            "Dice go on rooms",
            game="falling-skies",
            feature="features/falling_skies/dice_phase.feature",
            section="Dice phase",
            tags=("clause:fs.dice.place",),
            cited=("fs.dice.place",),
        )
    ]
    games = [
        GameReport("unknown", unknown, clause_rows("unknown", unknown), [], False),
        GameReport("falling-skies", skies, clause_rows("falling-skies", skies), [], False),
    ]
    checks = [
        Check("geometry", True, "geometry: no disagreement"),
        Check("validators", False, "validators: a setup never ends"),
    ]
    return Report(games, Coverage(50.0, {"engine/x.py": 50.0}), checks, 1.0, out)


@dataclass
class Node:
    """An element of a parsed page: its tag, attributes, children and text."""

    tag: str
    attrs: dict[str, str]
    parent: Node | None = None
    children: list[Node] = field(default_factory=list)
    text: list[str] = field(default_factory=list)

    @property
    def classes(self) -> list[str]:
        return self.attrs.get("class", "").split()

    def walk(self):
        yield self
        for child in self.children:
            yield from child.walk()

    def find(self, tag: str | None = None, cls: str | None = None) -> list[Node]:
        return [
            n
            for n in self.walk()
            if (tag is None or n.tag == tag) and (cls is None or cls in n.classes)
        ]

    def content(self) -> str:
        return " ".join(" ".join(n.text) for n in self.walk())


class Tree(HTMLParser):
    """A page parsed into :class:`Node` s."""

    def __init__(self) -> None:
        super().__init__()
        self.root = Node("#root", {})
        self.open = self.root

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v or "" for k, v in attrs}, self.open)
        self.open.children.append(node)
        if tag not in VOID:
            self.open = node

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.open.children.append(Node(tag, {k: v or "" for k, v in attrs}, self.open))

    def handle_endtag(self, tag: str) -> None:
        node = self.open
        while node is not self.root and node.tag != tag:
            node = node.parent  # type: ignore[assignment]
        if node is not self.root:
            self.open = node.parent  # type: ignore[assignment]

    def handle_data(self, data: str) -> None:
        self.open.text.append(data)


def tree(html: str) -> Node:
    parser = Tree()
    parser.feed(html)
    return parser.root


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """The small report's pages, written into a report folder."""
    out = tmp_path_factory.mktemp("report")
    found = pages(small_report(out))
    for name, html in found.items():
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        (out / name).write_text(html, encoding="utf-8")
    return out, found


@pytest.fixture(scope="module")
def parsed(written: tuple[Path, dict[str, str]]) -> dict[str, Node]:
    return {name: tree(html) for name, html in written[1].items()}


def test_the_report_has_an_index_a_page_per_game_and_a_page_per_section(
    written: tuple[Path, dict[str, str]],
) -> None:
    assert list(written[1]) == [
        "index.html",
        "unknown.html",
        "unknown/knockback.html",
        "unknown/range.html",
        "falling-skies.html",
        "falling-skies/dice-phase.html",
    ]


def test_what_failed_comes_first_on_the_index(parsed: dict[str, Node]) -> None:
    index = parsed["index.html"]
    body = index.content()
    assert body.index("Result:") < body.index("What failed") < body.index("Summary")
    failures = index.find("article", "failure")
    assert len(failures) == 1
    failed = failures[0]
    text = failed.content()
    assert "A survivor may choose a dead end" in text
    assert "features/unknown/knockback.feature:30" in text
    assert MESSAGE in text
    diff = failed.find("pre", "diff")[0]
    assert [n.text for n in diff.find("span")] == [["- (4, 1)"], ["+ (1, 1)"]]
    marked = failed.find("li", "failed")
    assert len(marked) == 1 and FAILED_STEP in marked[0].content()
    assert failed.find("details", "detail") and "longer story" in failed.content()
    assert failed.find("svg")  # the board at the failure
    listing = [a.attrs["href"] for a in failed.find("a")]
    assert "unknown/knockback.html#s-features-unknown-knockback-feature-30" in listing
    for name in ("The Flood pushes the explorer", "Dice go on rooms"):
        assert name not in body  # passing scenarios are on their own pages
    checks = index.find("ul", "failed-checks")[0].content()
    assert "validators: a setup never ends" in checks and "geometry" not in checks


def test_the_failed_scenario_leads_its_section_page_too(parsed: dict[str, Node]) -> None:
    """On its section page a failed scenario shows its message and diff in its article."""
    section = parsed["unknown/knockback.html"]
    failed = [a for a in section.find("article") if "failed" in a.classes]
    assert len(failed) == 1
    assert MESSAGE in failed[0].content() and failed[0].find("pre", "diff")


def test_steps_after_the_failure_show_as_skipped(parsed: dict[str, Node]) -> None:
    """Every step after the failing one never ran, whatever was recorded for it."""
    for page_name in ("index.html", "unknown/knockback.html"):
        article = next(
            a
            for a in parsed[page_name].find("article")
            if "A survivor may choose a dead end" in a.content()
        )
        steps = article.find("li", "step")
        assert [s.attrs["data-step-status"] for s in steps] == [
            "passed",
            "failed",
            "skipped",
            "skipped",
        ]
        assert all("skipped" in s.find("span", "mark")[0].content() for s in steps[2:])


def test_data_tables_doc_strings_and_notes_show_with_their_scenario(
    parsed: dict[str, Node],
) -> None:
    article = next(
        a
        for a in parsed["unknown/knockback.html"].find("article")
        if "The Flood pushes the explorer" in a.content()
    )
    given = article.find("li", "step")[0]
    table = given.find("table", "datatable")[0]
    rows = [[" ".join(td.text) for td in tr.find("td")] for tr in table.find("tr")]
    assert rows == [list(row) for row in MAP]
    assert article.find("pre", "docstring")[0].content() == "yellow knocked back to #dead"
    aside = article.find("aside", "notes")[0]
    assert NOTE in aside.content() and "How the figure was rebuilt" in aside.content()
    assert "Rulebook example" in article.content()


def test_boards_are_shown_at_natural_size_in_a_scrolling_box(
    written: tuple[Path, dict[str, str]], parsed: dict[str, Node]
) -> None:
    css = written[1]["unknown/knockback.html"]
    assert re.search(r"\.board-view\{overflow:auto", css)
    assert ".board-view svg{display:block;max-width:none" in css
    for article in parsed["unknown/knockback.html"].find("article", "scenario"):
        svgs = article.find("svg")
        assert len(svgs) == 2
        assert all(svg.parent is not None and "board-view" in svg.parent.classes for svg in svgs)


def test_every_id_is_unique_on_every_page(
    written: tuple[Path, dict[str, str]], parsed: dict[str, Node]
) -> None:
    one = tree(page(small_report(written[0])))
    for name, root in [*parsed.items(), ("one page", one)]:
        ids = [n.attrs["id"] for n in root.walk() if "id" in n.attrs]
        repeated = sorted({i for i in ids if ids.count(i) > 1})
        assert not repeated, (name, repeated)


def test_a_scenario_outlines_examples_have_their_own_anchors(parsed: dict[str, Node]) -> None:
    beasts = [
        a
        for a in parsed["unknown/knockback.html"].find("article")
        if "The beast goes where the die points" in a.content()
    ]
    assert len(beasts) == 2
    assert beasts[0].attrs["id"] != beasts[1].attrs["id"]
    assert "[east]" in beasts[0].content() and "[west]" in beasts[1].content()


def _links(root: Node) -> list[str]:
    return [n.attrs["href"] for n in root.find("a") if "href" in n.attrs]


def _ids(root: Node) -> set[str]:
    return {n.attrs["id"] for n in root.walk() if "id" in n.attrs}


def test_every_link_between_the_pages_resolves(
    written: tuple[Path, dict[str, str]], parsed: dict[str, Node]
) -> None:
    """In-page anchors name an id on the page; a link to another page names a page of the
    report and an id on it; every other relative link is a file that exists."""
    out = written[0]
    ids = {name: _ids(root) for name, root in parsed.items()}
    for name, root in parsed.items():
        folder = posixpath.dirname(name)
        for href in _links(root):
            target, _, anchor = href.partition("#")
            if not target:
                assert anchor in ids[name], (name, href)
                continue
            path = posixpath.normpath(posixpath.join(folder, target))
            if path in parsed:
                assert not anchor or anchor in ids[path], (name, href)
            else:
                assert (out / folder / target).resolve().is_file(), (name, href)
    one = tree(page(small_report(out)))
    in_one = _ids(one)
    for href in _links(one):
        if href.startswith("#"):
            assert href[1:] in in_one, href
        else:
            assert (out / href.partition("#")[0]).resolve().is_file(), href


def test_every_page_leads_back_to_the_index_and_its_game(parsed: dict[str, Node]) -> None:
    for name, root in parsed.items():
        crumbs = root.find("nav", "crumbs")[0]
        hrefs = _links(crumbs)
        assert len(hrefs) == len(set(hrefs)), name
        folder = posixpath.dirname(name)
        reached = {posixpath.normpath(posixpath.join(folder, h.partition("#")[0])) for h in hrefs}
        if name != "index.html":
            assert "index.html" in reached, name
        assert {"unknown.html", "falling-skies.html"} - {name} <= reached, name


def test_the_summary_and_the_section_totals_link_to_the_sections(
    parsed: dict[str, Node],
) -> None:
    index = parsed["index.html"]
    summary = _links(next(t for t in index.find("table") if t.attrs.get("id") == "summary-table"))
    assert summary == ["unknown.html", "falling-skies.html"]
    totals = index.find("table", "section-totals")[0]
    hrefs = _links(totals)
    assert "unknown.html#c-unknown-knockback" in hrefs
    assert len(hrefs) == len(set(hrefs)) == len(totals.find("tr")) - 1
    sections = [h for t in index.find("table", "sections") for h in _links(t)]
    assert sections == [
        "unknown/knockback.html",
        "unknown/range.html",
        "falling-skies/dice-phase.html",
    ]


def clause_row(parsed: dict[str, Node], clause_id: str) -> Node:
    rows = parsed["unknown.html"].find("tr", "clause")
    return next(r for r in rows if r.attrs["id"] == f"clause-{clause_id}")


def test_a_clause_row_shows_what_checks_the_clause(parsed: dict[str, Node]) -> None:
    index = index_of("unknown")
    flee = clause_row(parsed, "unknown.knockback.flee")
    cells = flee.find("td")
    assert index.clauses["unknown.knockback.flee"].section in cells[0].content()
    assert index.clauses["unknown.knockback.flee"].text in cells[1].content()
    assert "failing" in cells[2].content()  # one of its scenarios failed
    records = cells[3]
    assert "rulebook example" in records.find("li", "confirms")[0].content()
    assert "failed" in records.find("li", "failed")[0].content()
    barrier = records.find("li", "not-exercised")[0].content()
    assert "Knockback goes round a barrier" in barrier and "not exercised" in barrier
    ranged = clause_row(parsed, "unknown.range").find("td")
    assert "confirmed by rulebook example" not in ranged[2].content()
    assert "confirmed by scenario" in ranged[2].content()
    assert "(unit test)" in ranged[3].content()
    table = parsed["unknown.html"].find("table", "clauses")[0]
    heads = [g.find("th")[0] for g in table.find("tbody", "group")]
    assert all(h.attrs.get("role") == "heading" and h.attrs["id"].startswith("c-") for h in heads)
    assert not any(n.tag == "details" for n in _ancestors(table))


def _ancestors(node: Node) -> list[Node]:
    found = []
    while node.parent is not None:
        node = node.parent
        found.append(node)
    return found


def test_no_clause_row_or_list_links_the_same_place_twice(parsed: dict[str, Node]) -> None:
    for name, root in parsed.items():
        for holder in [*root.find("tr"), *root.find("ul"), *root.find("p", "tags")]:
            hrefs = _links(holder)
            assert len(hrefs) == len(set(hrefs)), (name, hrefs)


def test_code_links_go_to_the_files_and_lines_that_cite_the_clause(
    written: tuple[Path, dict[str, str]], parsed: dict[str, Node]
) -> None:
    out = written[0]
    links = parsed["unknown.html"].find("a", "code")
    assert links
    lines = 0
    for link in links:
        href, _, line_mark = link.attrs["href"].partition("#")
        assert (out / href).resolve().is_file(), href
        cited = link.content().replace(" ", "")
        file, _, name = cited.partition("::")
        if name and (line := definition_line(file, name)) is not None:
            assert link.attrs["title"] == f"{file}, line {line}"
            assert line_mark == f"L{line}"
            lines += 1
    assert lines > 0


def test_filters_find_their_items_by_data_attributes(parsed: dict[str, Node]) -> None:
    for name, root in parsed.items():
        if name == "index.html":
            assert not root.find("form", "filters")
            continue
        forms = root.find("form", "filters")
        assert forms, name
        for form in forms:
            assert "hidden" in form.attrs  # shown by the script; with scripting off, all shows
            box = next(n for n in root.walk() if n.attrs.get("id") == form.attrs["data-filter"])
            items = [n for n in box.walk() if "data-status" in n.attrs]
            assert items, name
            for item in items:
                assert {"data-section", "data-tags", "data-switches", "data-search"} <= set(
                    item.attrs
                )
    flood = next(
        a
        for a in parsed["unknown/knockback.html"].find("article")
        if "The Flood pushes the explorer" in a.content()
    )
    assert flood.attrs["data-status"] == "passed"
    assert flood.attrs["data-section"] == "Knockback"
    assert "example:unknown.example.flood-quickstart" in flood.attrs["data-tags"].split()
    assert flood.attrs["data-switches"] == "knockback-mover-order"
    assert "a knockback of 3 from #flood" in flood.attrs["data-search"]
    row = clause_row(parsed, "unknown.knockback.flee")
    assert row.attrs["data-status"] == "failing" and row.attrs["data-section"] == "Knockback"
    assert "knockback-mover-order" in row.attrs["data-switches"].split()
    selects = parsed["unknown.html"].find("select")
    assert {s.attrs["name"] for s in selects} >= {"status", "section", "switch"}


def test_text_is_escaped(tmp_path: Path) -> None:
    report = small_report(tmp_path)
    sly = scenario("A <b>bold</b> & sly name", line=99, failure=Failure(None, "<script>x</script>"))
    report.games[0].scenarios.append(
        ScenarioRecord(**{**sly.__dict__, "outcome": "failed"})  # type: ignore[arg-type]
    )
    found = pages(report)
    assert "<b>bold</b>" not in found["index.html"]
    assert "&lt;script&gt;x&lt;/script&gt;" in found["index.html"]
    assert "&lt;b&gt;bold&lt;/b&gt; &amp; sly name" in found["unknown/knockback.html"]


def test_the_interpretations_list_every_noted_reading_of_the_ledger(
    parsed: dict[str, Node],
) -> None:
    """Each noted reading of a game's ledger is on its page: question, reading, each
    alternative and why, under an anchor of its own."""
    from engine.report.page_clauses import ledger_noted

    for game in ("unknown", "falling-skies"):
        entries = ledger_noted(game)
        assert entries, f"{game}'s ledger has no noted readings to show"
        shown = {n.attrs["id"]: n for n in parsed[f"{game}.html"].find("div", "noted-reading")}
        assert len(shown) == len(entries)
        for entry in entries:
            block = shown[f"noted-{game}-{entry['id']}"]
            text = " ".join(block.content().split())
            for part in (entry["question"], entry["reading"], entry.get("why", "")):
                assert " ".join(str(part).split()) in text, (entry["id"], part)
            items = [
                " ".join(li.content().split())
                for li in block.find("ul", "alternatives")[0].find("li")
            ]
            assert items == [" ".join(str(a).split()) for a in entry["alternatives"]], entry["id"]


def test_the_mutation_section_shows_each_game_and_each_survivor(tmp_path: Path) -> None:
    """With results, the index says per game the mutants killed and survived and lists each
    survivor's place, clause and change; without, it says how to measure them."""
    from engine.report.page import mutation_section

    report = small_report(tmp_path)
    assert "Not measured" in mutation_section(report)
    survivor = {
        "file": "engine/x.py", "line": 7, "clause": "unknown.range", "change": "a < b  ->  a <= b",
        "accounted": {"why": "loose", "ledger": "range-endpoints", "note": "either reading"},
    }  # fmt: skip
    report.mutation = {
        "measured": "2026-12-04 22:00 UTC", "commit": "abc1234", "seed": 0, "limit": 5,
        "games": [{
            "game": "unknown", "score": 0.8, "survivors": [survivor],
            "counts": {"mutants": 5, "killed": 4, "survived": 1, "accounted": 1, "not applied": 0},
            "by_clause": {"unknown.range": {"mutants": 5, "killed": 4, "survived": 1}},
        }],
    }  # fmt: skip
    html = mutation_section(report)
    assert (
        "<td>unknown</td><td>5</td><td>4</td><td>1</td><td>1</td><td>0</td><td>80.0%</td>" in html
    )
    assert "engine/x.py:7" in html and "a &lt; b  -&gt;  a &lt;= b" in html
    assert "loose in the texts: ledger range-endpoints" in html
    assert "commit <code>abc1234</code>" in html
