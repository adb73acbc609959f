"""The verification report (``engine.report``, ``rulings verify``): the page's structure, the
clause trace, the differential verdicts, and the page as a headless browser renders it."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

import pytest

from engine.core import registry
from engine.report.clauses import STATUSES, citations, clause_rows, status_counts
from engine.report.differential import ReadingRun, SwitchReport
from engine.report.model import Check, Coverage, GameReport, Report
from engine.report.page import page
from engine.report.records import ScenarioRecord, StepRecord
from engine.report.summary import summary_lines
from engine.svg import draw_file

ROOT = Path(__file__).resolve().parent.parent
UNKNOWN_MAP = "tests/data/positions/detour.yaml"
FS_POSITION = "tests/data/positions/falling_skies/room-phase.yaml"
BOARDS = {"unknown": UNKNOWN_MAP, "falling-skies": FS_POSITION}
"""A position file of each game, drawn as a recorded scenario's board."""
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
HEADLESS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
)  # fmt: skip


def record(
    name: str, game: str, outcome: str = "passed", tags: tuple[str, ...] = ()
) -> ScenarioRecord:
    board = draw_file(BOARDS[game])
    folder = registry.game(game).features.relative_to(ROOT).as_posix()
    return ScenarioRecord(
        nodeid=f"tests/test_scenarios.py::test_{name}",
        feature=f"{folder}/x.feature",
        feature_name="x",
        name=name.replace("_", " "),
        line=len(name),
        tags=tags,
        game=game,
        outcome=outcome,
        steps=(
            StepRecord("Given", "a board"),
            StepRecord("When", "something happens"),
            StepRecord("Then", "it shows"),
        ),
        before_svg=board,
        after_svg=board,
        cited=tuple(t.removeprefix("clause:") for t in tags if t.startswith("clause:")),
    )


def small_report(tmp_path: Path) -> Report:
    unknown = [
        record("a_range_question", "unknown", tags=("clause:unknown.range",)),
        record("a_failing_one", "unknown", "failed", tags=("clause:unknown.knockback.icon",)),
    ]
    skies = [record("a_dice_question", "falling-skies", tags=("clause:fs.dice.place",))]
    games = [
        GameReport("unknown", unknown, clause_rows("unknown", unknown), [], False),
        GameReport("falling-skies", skies, clause_rows("falling-skies", skies), [], False),
    ]
    checks = [Check("geometry", True, "geometry: no disagreement")]
    return Report(games, Coverage(50.0, {"engine/x.py": 50.0}), checks, 1.0, tmp_path)


class Dom(HTMLParser):
    """The page's game sections, and for each scenario article how many SVGs it holds."""

    def __init__(self) -> None:
        super().__init__()
        self.games: list[str] = []
        self.articles: list[tuple[str, int]] = []
        self.depth = 0
        self.open_article: list[int] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        classes = (found.get("class") or "").split()
        if tag == "section" and "game" in classes:
            self.games.append(found.get("data-game") or "")
        if tag == "article" and "scenario" in classes:
            self.articles.append((found.get("id") or "", 0))
        if tag == "svg" and self.articles:
            name, count = self.articles[-1]
            self.articles[-1] = (name, count + 1)


def parse(html: str) -> Dom:
    dom = Dom()
    dom.feed(html)
    return dom


def test_the_page_has_each_game_and_every_scenario_with_its_boards(tmp_path: Path) -> None:
    report = small_report(tmp_path)
    dom = parse(page(report))
    assert dom.games == ["unknown", "falling-skies"]
    assert [count for _, count in dom.articles] == [2, 2, 2]  # before and after, each
    assert not report.ok  # a failed scenario fails the report


def test_a_scenario_that_never_had_a_board_shows_the_empty_map(tmp_path: Path) -> None:
    report = small_report(tmp_path)
    refused = record("a_refused_setup", "unknown")
    report.games[0].scenarios.append(replace(refused, before_svg=None, after_svg=None))
    html = page(report)
    article = html[html.index('id="s-features-unknown-x-feature-15"') :]
    article = article[: article.index("</article>")]
    assert 'class="empty-map"' in article and "no tile was laid" in article


def test_the_summary_counts_clauses_and_scenarios(tmp_path: Path) -> None:
    lines = summary_lines(small_report(tmp_path))
    unknown = next(line for line in lines if line.startswith("| Unknown"))
    cells = [c.strip() for c in unknown.strip("|").split("|")]
    assert cells[1] == "1/2"  # one of two scenarios passed
    assert cells[2] == "1"  # the range clause, confirmed by the passing scenario
    assert cells[3:6] == ["0", "1", "0"]  # confirmed by: an example, a scenario, a unit test
    assert cells[9] == "1"  # the knockback icon clause: its scenario failed
    assert cells[10] == "not run"
    assert lines[-1] == "Result: FAIL"


def test_clause_statuses_follow_the_evidence() -> None:
    passed = record("p", "unknown", tags=("clause:unknown.range", "example:x"))
    rows = {row.id: row for row in clause_rows("unknown", [passed])}
    assert rows["unknown.range"].status == "confirmed"
    assert rows["unknown.range"].by_example
    with_invariants = [r for r in rows.values() if r.invariants and not r.scenarios]
    assert with_invariants and all(r.status == "invariant only" for r in with_invariants)
    counts = status_counts(list(rows.values()))
    assert sum(counts[s] for s in STATUSES) == len(rows)
    assert counts["by rulebook example"] == 1


def test_a_tagged_scenario_in_which_the_engine_never_cited_the_clause_confirms_nothing() -> None:
    """Confirmation needs the engine's citation: the tag alone is not enough."""
    silent = replace(record("s", "unknown", tags=("clause:unknown.range",)), cited=())
    row = next(r for r in clause_rows("unknown", [silent]) if r.id == "unknown.range")
    assert row.status != "confirmed" and row.not_exercised == [silent]
    deeper = replace(silent, cited=("unknown.range.counting",))
    row = next(r for r in clause_rows("unknown", [deeper]) if r.id == "unknown.range")
    assert row.status == "confirmed" and row.confirmed_by == "scenario"


def test_engine_citations_name_the_function_that_cites_the_clause() -> None:
    cited = citations("falling_skies")
    assert "engine/falling_skies/endgame.py::win" in cited["fs.end.win"]
    assert any(
        c.startswith("engine/falling_skies/room_phase/effects.py::research")
        for c in cited["fs.room-effects.research.step"]
    )


def test_a_switch_is_decided_only_when_examples_rule_out_every_alternative() -> None:
    example = record("ex", "unknown", tags=("example:unknown.example.flood-quickstart",))
    rule = record("rule", "unknown")
    switch = SwitchReport("unknown", "s", "q?", "a", "why", {"a": "A", "b": "B", "c": "C"}, ())
    switch.examples = {example.nodeid: example}
    switch.runs = [
        ReadingRun("s", "b", [example.nodeid, rule.nodeid], failed=[example.nodeid]),
        ReadingRun("s", "c", [example.nodeid, rule.nodeid], failed=[rule.nodeid]),
    ]
    assert switch.ruled_out_by(switch.runs[0]) == [example.nodeid]
    assert switch.ruled_out_by(switch.runs[1]) == []  # only our own rule scenario fails
    assert not switch.decided
    switch.runs[1].failed.append(example.nodeid)
    assert switch.decided


@pytest.mark.deep
def test_verify_writes_a_report_a_headless_browser_renders(tmp_path: Path) -> None:
    """``rulings verify`` on every rulebook scenario (``--select test_``: every scenario's test
    function is named test_...) writes every file and a page per game and rulebook section;
    Chromium opens each scenario page, and every scenario article holds its board SVG."""
    if CHROMIUM is None:
        pytest.skip("no chromium on this machine (.ci/run installs Debian's chromium)")
    out = tmp_path / "report"
    command = [
        sys.executable, "-m", "engine.cli.main", "verify", "--select", "test_",
        "--maps", "2", "--z3-maps", "0", "--openspiel-sims", "0",
        "--validator-playouts", "0", "--out", str(out), "--json",
    ]  # fmt: skip
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    data = json.loads(done.stdout)
    for name in ("index.html", "summary.md", "junit.xml", "cucumber.json"):
        assert (out / name).is_file(), name
    assert not list(out.glob(".verify-*"))  # the work folder is gone
    assert json.loads((out / "cucumber.json").read_text())  # Cucumber tooling reads it
    articles: list[tuple[str, int]] = []
    for game in registry.names():
        assert (out / f"{game}.html").is_file(), game
        for section in sorted((out / game).glob("*.html")):
            profile = tmp_path / "chromium-profile"
            dumped = subprocess.run(
                [CHROMIUM, *HEADLESS, f"--user-data-dir={profile}", "--dump-dom", section.as_uri()],
                capture_output=True, text=True, timeout=120, check=False,
            )  # fmt: skip
            assert dumped.returncode == 0, dumped.stderr[-2000:]
            articles += parse(dumped.stdout).articles
    scenarios = sum(data["games"][name]["scenarios"]["total"] for name in registry.names())
    assert len(articles) == scenarios > 600  # every rulebook scenario of every game
    assert all(count >= 1 for _, count in articles), [a for a in articles if not a[1]]


def test_an_out_that_is_a_file_is_one_line_exit_2(tmp_path: Path) -> None:
    blocker = tmp_path / "taken"
    blocker.write_text("x")
    command = [sys.executable, "-m", "engine.cli.main", "verify", "--out", str(blocker)]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 2
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and str(blocker) in lines[0]
    assert blocker.read_text() == "x"
