"""First paint of the report's pages in headless Chromium.

Run: ``python -m tests.benchmarks.report_paint [FOLDER] [--repeat 3] [--cpu-slowdown 1] [--json]``
(FOLDER: a report folder ``rulings verify`` wrote, ``reports/`` by default; ``--cpu-slowdown 4``
runs the page's work four times slower, as on a slow laptop, through Chromium's CPU
throttling).

Every ``*.html`` under the folder is opened from disk in one headless Chromium (Playwright, the
system's ``chromium`` when there is one), one fresh page each, and measured: the file's size,
the number of elements once it has loaded, its first contentful paint
(``performance.getEntriesByName('first-contentful-paint')``), and when the whole document was
parsed (``domContentLoadedEventEnd``) and loaded (``loadEventEnd``), in milliseconds from the
start of the navigation, each the best of ``--repeat`` loads. Chromium paints the top of a long
page before it has parsed the rest, so the last two columns say how long a reader waits for
the whole page (a link into its middle, the search box's script). The table lists the pages by
first paint, the worst last. Figures vary with the machine; compare pages measured within one
run.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
PAINT = """() => new Promise(resolve => {
  const found = () => performance.getEntriesByName('first-contentful-paint')[0];
  const answer = () => resolve({
    paint: found() ? found().startTime : null,
    parsed: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd,
    loaded: performance.getEntriesByType('navigation')[0].loadEventEnd,
    elements: document.getElementsByTagName('*').length,
  });
  if (found()) { answer(); return; }
  new PerformanceObserver(() => answer()).observe({type: 'paint', buffered: true});
  setTimeout(answer, 10000);
})"""
"""Resolves with the first contentful paint (null when the page painted nothing in 10 s), when
the document was parsed and loaded, and the element count."""


@dataclass
class Measured:
    """One page: its path in the report folder, bytes, elements, first contentful paint, parsed
    and loaded (milliseconds)."""

    page: str
    size: int
    elements: int
    first_paint_ms: float | None
    parsed_ms: float
    loaded_ms: float


def report_pages(folder: Path) -> list[Path]:
    """The HTML pages of the report folder, ``index.html`` first."""
    found = sorted(folder.rglob("*.html"))
    return sorted(found, key=lambda p: p.relative_to(folder).as_posix() != "index.html")


def measure(browser: Browser, folder: Path, path: Path, repeat: int, slowdown: float) -> Measured:
    """The page's size and element count, and its best first contentful paint, parse and load
    times over ``repeat`` loads, each in a fresh browser context (its CPU ``slowdown`` times
    slower)."""
    loads = []
    for _ in range(repeat):
        context = browser.new_context(viewport={"width": 1400, "height": 900})
        page = context.new_page()
        if slowdown > 1:
            session = context.new_cdp_session(page)
            session.send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
        page.goto(path.as_uri(), wait_until="load", timeout=120_000)
        loads.append(page.evaluate(PAINT))
        context.close()
    paints = [found["paint"] for found in loads if found["paint"] is not None]
    return Measured(
        path.relative_to(folder).as_posix(),
        path.stat().st_size,
        loads[-1]["elements"],
        min(paints) if paints else None,
        min(found["parsed"] for found in loads),
        min(found["loaded"] for found in loads),
    )


def measure_folder(folder: Path, repeat: int, slowdown: float = 1) -> list[Measured]:
    """Every page of the report folder, measured; sorted by first paint, the worst last."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=shutil.which("chromium"), args=["--no-sandbox"]
        )
        rows = [measure(browser, folder, path, repeat, slowdown) for path in report_pages(folder)]
        browser.close()
    return sorted(rows, key=lambda m: (m.first_paint_ms is None, m.first_paint_ms or 0.0))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path, default=ROOT / "reports")
    parser.add_argument("--repeat", type=int, default=3, help="best of N loads per page")
    parser.add_argument(
        "--cpu-slowdown", type=float, default=1, help="run the pages' work N times slower"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    pages = report_pages(args.folder)
    if not pages:
        sys.exit(f"no HTML pages under {args.folder} (run rulings verify --out {args.folder})")
    rows = measure_folder(args.folder, max(1, args.repeat), args.cpu_slowdown)
    if args.json:
        pages_data = [asdict(r) for r in rows]
        print(
            json.dumps(
                {"folder": str(args.folder), "cpu_slowdown": args.cpu_slowdown, "pages": pages_data}
            )
        )
        return
    width = max(len("page"), *(len(r.page) for r in rows))
    slower = f", CPU {args.cpu_slowdown:g}x slower" if args.cpu_slowdown > 1 else ""
    print(f"{len(rows)} pages in {args.folder}, the best of {args.repeat} loads{slower}")
    print(
        f"{'page':<{width}}  {'size':>10}  {'elements':>8}  {'first paint':>11}  "
        f"{'parsed':>9}  {'loaded':>9}"
    )
    for row in rows:
        paint = "none" if row.first_paint_ms is None else f"{row.first_paint_ms:,.0f} ms"
        print(
            f"{row.page:<{width}}  {row.size:>10,}  {row.elements:>8,}  {paint:>11}  "
            f"{row.parsed_ms:>6,.0f} ms  {row.loaded_ms:>6,.0f} ms"
        )
    total = sum(r.size for r in rows)
    print(f"{'all pages':<{width}}  {total:>10,}  {sum(r.elements for r in rows):>8,}")


if __name__ == "__main__":
    main()
