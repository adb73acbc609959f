"""The report's pages in headless Chromium (Playwright): what failed is on screen when the
index opens, and the search hides the scenarios it leaves out."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.report.page import pages
from tests.test_report_page import FAILED_STEP, MESSAGE, small_report

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """A headless Chromium, or the test skipped saying what is missing."""
    if CHROMIUM is None:
        pytest.skip("no chromium on this machine (.ci/run installs Debian's chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("playwright is not installed (pip install -e '.[test]')")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()


def write_report(out: Path) -> Path:
    """The pages of a report with one failing scenario, written into ``out``."""
    for name, html in pages(small_report(out)).items():
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        (out / name).write_text(html, encoding="utf-8")
    return out


def test_the_index_shows_the_failure_and_its_failing_step(browser: Any, tmp_path: Path) -> None:
    out = write_report(tmp_path)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto((out / "index.html").as_uri())
    failure = page.locator("article.failure")
    assert failure.count() == 1
    assert failure.get_by_text(MESSAGE).is_visible()
    failing = failure.locator("li.step.failed")
    assert failing.is_visible() and FAILED_STEP in failing.inner_text()
    assert failure.locator("li.step.skipped").first.is_visible()
    assert failure.locator("pre.diff").is_visible()
    page.close()


def test_the_search_hides_the_scenarios_that_do_not_match(browser: Any, tmp_path: Path) -> None:
    out = write_report(tmp_path)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto((out / "unknown" / "knockback.html").as_uri())
    flood = page.locator("article.scenario", has_text="The Flood pushes the explorer")
    barrier = page.locator("article.scenario", has_text="Knockback goes round a barrier")
    assert flood.is_visible() and barrier.is_visible()
    search = page.locator("form.filters input[name=search]")
    assert search.is_visible()  # the script showed the filter bar
    search.fill("flood pushes")
    assert flood.is_visible()
    assert not barrier.is_visible()
    assert "1 of" in page.locator("form.filters output").inner_text()
    search.fill("")
    assert barrier.is_visible()
    page.close()


def test_the_clause_filters_hide_rows_and_empty_sections(browser: Any, tmp_path: Path) -> None:
    out = write_report(tmp_path)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto((out / "unknown.html").as_uri())
    failing = page.locator("tr.clause[data-status=failing]").first
    other = page.locator("tr.clause[data-status='not implemented']").first
    assert other.is_visible()
    page.locator("form[data-filter=clauses-unknown] select[name=status]").select_option("failing")
    assert failing.is_visible() and not other.is_visible()
    heads = page.locator("table.clauses tbody.group:visible")
    assert heads.count() >= 1
    assert heads.count() < page.locator("table.clauses tbody.group").count()
    page.close()
