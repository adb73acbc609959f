"""Where each part of the report's pages lives, and the links between them.

The report is a set of pages in the report folder: ``index.html``, a page per game
(``<game>.html``: its clauses, interpretations and list of scenarios) and a page per rulebook
section of scenarios (``<game>/<feature>.html``: one feature file each). :class:`Places` knows,
for the whole report, which page holds each scenario and section and the anchor of each; a
:class:`Site` is that seen from one page, and writes links relative to it. In one-page mode
(:func:`engine.report.page.page`) every part lies on the same page and every link is in-page.

Code links go from the report folder to the file in the repository checkout, with the line of
the function cited when it can be found.
"""

from __future__ import annotations

import ast
import hashlib
import os
import re
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import cache
from html import escape
from pathlib import Path, PurePosixPath

from engine.report.model import GameReport, Report
from engine.report.records import ROOT, ScenarioRecord

INDEX = "index.html"


def slug(text: str) -> str:
    """``text`` in lower case letters, digits and dashes (for file names and anchors)."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "x"


def unique_slugs(names: list[str]) -> dict[str, str]:
    """A slug for each distinct name, numbered where two names give the same slug."""
    found: dict[str, str] = {}
    taken: set[str] = set()
    for name in dict.fromkeys(names):
        base = candidate = slug(name)
        number = 2
        while candidate in taken:
            candidate, number = f"{base}-{number}", number + 1
        taken.add(candidate)
        found[name] = candidate
    return found


def shown_name(record: ScenarioRecord) -> str:
    """The scenario's name, with the example row of a Scenario Outline (``[2 food]``) when the
    node ID has one."""
    found = re.search(r"(\[[^\]]*\])$", record.nodeid)
    return f"{record.name} {found.group(1)}" if found else record.name


@dataclass(frozen=True)
class FeatureSection:
    """One rulebook section of scenarios: a feature file of one game, and its page."""

    game: str
    feature: str
    name: str
    page: str
    anchor: str
    scenarios: tuple[ScenarioRecord, ...]

    @property
    def passed(self) -> int:
        return sum(1 for s in self.scenarios if s.passed)

    @property
    def failed(self) -> int:
        return sum(1 for s in self.scenarios if s.outcome == "failed")


@dataclass
class Places:
    """For the whole report: each game's sections of scenarios, the anchor of every record and
    every clause section, and the page each lives on."""

    report: Report
    sections: dict[str, list[FeatureSection]] = field(default_factory=dict)
    """By game: its feature sections, ordered by name."""
    anchors: dict[str, str] = field(default_factory=dict)
    """Record node ID -> the anchor of its article (and of its failure on the index)."""
    pages_of: dict[str, str] = field(default_factory=dict)
    """Record node ID -> the page of its article (scenarios only)."""
    clause_sections: dict[str, dict[str, str]] = field(default_factory=dict)
    """By game: clause section -> the anchor of its heading on the game page."""
    records: dict[str, ScenarioRecord] = field(default_factory=dict)
    """Node ID -> record, every game's."""
    clause_ids: dict[str, set[str]] = field(default_factory=dict)
    """By game: the IDs of its clause index (the rows a link can go to)."""

    @classmethod
    def of(cls, report: Report) -> Places:
        places = cls(report)
        everything = [s for g in report.games for s in g.scenarios]
        places.records = {s.nodeid: s for s in everything}
        places.anchors = _anchors(everything)
        for game in report.games:
            places.sections[game.game] = _feature_sections(game)
            for section in places.sections[game.game]:
                for record in section.scenarios:
                    places.pages_of[record.nodeid] = section.page
            places.clause_ids[game.game] = {row.id for row in game.clauses}
            slugs = unique_slugs([row.section for row in game.clauses])
            places.clause_sections[game.game] = {
                name: f"c-{slug(game.game)}-{value}" for name, value in slugs.items()
            }
        return places


def game_page(game: str) -> str:
    """The page of a game: its clauses, interpretations and list of scenarios."""
    return f"{slug(game)}.html"


def _anchors(records: list[ScenarioRecord]) -> dict[str, str]:
    """Each record's anchor: ``s-`` and its feature file and line; where records share a line
    (a Scenario Outline's examples), each also carries a hash of its node ID."""
    base = {s.nodeid: "s-" + slug(f"{s.feature}-{s.line}") for s in records}
    shared = Counter(base.values())
    found: dict[str, str] = {}
    taken: set[str] = set()
    for record in records:
        anchor = base[record.nodeid]
        if shared[anchor] > 1:
            anchor += "-" + hashlib.sha1(record.nodeid.encode()).hexdigest()[:8]
        candidate, number = anchor, 2
        while candidate in taken:
            candidate, number = f"{anchor}-{number}", number + 1
        taken.add(candidate)
        found[record.nodeid] = candidate
    return found


def _feature_sections(game: GameReport) -> list[FeatureSection]:
    """The game's scenarios (not its unit tests) by feature file, ordered by section name."""
    by_feature: dict[str, list[ScenarioRecord]] = {}
    for record in game.scenarios:
        if record.kind == "scenario":
            by_feature.setdefault(record.feature, []).append(record)
    names = {f: (s[0].feature_name or PurePosixPath(f).stem) for f, s in by_feature.items()}
    ordered = sorted(by_feature, key=lambda f: (names[f].lower(), f))
    files = unique_slugs([PurePosixPath(f).stem for f in ordered])
    folder = slug(game.game)
    return [
        FeatureSection(
            game.game,
            feature,
            names[feature],
            f"{folder}/{files[PurePosixPath(feature).stem]}.html",
            "f-" + slug(feature),
            tuple(by_feature[feature]),
        )
        for feature in ordered
    ]


@dataclass(frozen=True)
class Site:
    """The report seen from one page (``here``, a path in the report folder): links to the
    other parts are relative to it; with ``single``, everything is on one page."""

    places: Places
    here: str = INDEX
    single: bool = False

    def at(self, page: str) -> Site:
        """The same report seen from ``page``."""
        return replace(self, here=page)

    @property
    def report(self) -> Report:
        return self.places.report

    def href(self, page: str, anchor: str | None = None) -> str:
        """A link to ``anchor`` on ``page`` (its top without one), relative to this page."""
        if self.single:
            return f"#{anchor or page_anchor(page)}"
        if page == self.here:
            return f"#{anchor or 'top'}"
        target = os.path.relpath(page, PurePosixPath(self.here).parent.as_posix())
        return f"{target}#{anchor}" if anchor else target

    def scenario_href(self, record: ScenarioRecord) -> str | None:
        """A link to the record's article in the listing; ``None`` for a unit test (it has
        none)."""
        page = self.places.pages_of.get(record.nodeid)
        return None if page is None else self.href(page, self.places.anchors[record.nodeid])

    def clause_href(self, game: str, clause_id: str) -> str:
        return self.href(game_page(game), f"clause-{clause_id}")

    def clause_section_href(self, game: str, section: str) -> str:
        return self.href(game_page(game), self.places.clause_sections[game][section])

    def code_href(self, path: str) -> str:
        """A link from this page to ``path`` (from the repository root, or absolute)."""
        target = Path(path) if Path(path).is_absolute() else ROOT / path
        folder = Path(self.report.out).resolve() / PurePosixPath(self.here).parent
        try:
            return Path(os.path.relpath(target, folder)).as_posix()
        except ValueError:  # another drive: no relative way there
            return target.resolve().as_uri()

    def code_link(self, cited: str) -> str:
        """A link to a citing place (``path/file.py::Qualified.name`` or ``path/data.yaml``):
        the file, with the function's line (``#L<n>``) in the link, shown and in the title when
        it can be found."""
        path, _, name = cited.partition("::")
        line = definition_line(path, name) if name else None
        title = path if line is None else f"{path}, line {line}"
        at = "" if line is None else f"#L{line}"
        shown = f' <span class="line">{at}</span>' if at else ""
        return (
            f'<a class="code" href="{escape(self.code_href(path) + at)}" title="{escape(title)}">'
            f"<code>{breakable(cited)}</code></a>{shown}"
        )

    def record_link(self, record: ScenarioRecord) -> str:
        """A link to the record: its article, or for a unit test the test in its file."""
        name = escape(shown_name(record))
        href = self.scenario_href(record)
        if href is not None:
            return f'<a href="{escape(href)}">{name}</a>'
        path, _, rest = record.nodeid.partition("::")
        test = re.sub(r"\[.*\]$", "", rest).replace("::", ".")
        line = definition_line(path, test) if test else None
        title = path if line is None else f"{path}, line {line}"
        at = "" if line is None else f"#L{line}"
        return (
            f'<a class="code" href="{escape(self.code_href(path) + at)}" title="{escape(title)}">'
            f"{name}</a> <span class='muted'>(unit test)</span>"
        )


def breakable(path: str) -> str:
    """``path`` escaped, with a line-break opportunity after each ``/``, ``::`` and ``.`` (a
    long path wraps at its parts in a narrow column)."""
    return re.sub(r"(/|::|\.)", r"\1<wbr>", escape(path))


def page_anchor(page: str) -> str:
    """In one-page mode, the anchor where a page's part begins (``top``: the index's)."""
    if page == INDEX:
        return "top"
    return "p-" + slug(page.removesuffix(".html"))


def definition_line(path: str, qualified: str) -> int | None:
    """The line where the class or function ``qualified`` (``Class.method``) of the Python file
    ``path`` (from the repository root) is defined; ``None`` when it cannot be found."""
    return _definitions(path).get(qualified)


@cache
def _definitions(path: str) -> dict[str, int]:
    """Qualified name -> line of every class and function of a Python file (none for other
    files or a file that cannot be read)."""
    target = Path(path) if Path(path).is_absolute() else ROOT / path
    if target.suffix != ".py":
        return {}
    try:
        tree = ast.parse(target.read_text(encoding="utf-8"), filename=str(target))
    except (OSError, SyntaxError, ValueError):
        return {}
    found: dict[str, int] = {}

    def visit(node: ast.AST, name: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                inner = f"{name}.{child.name}" if name else child.name
                found.setdefault(inner, child.lineno)
                visit(child, inner)
            else:
                visit(child, name)

    visit(tree, "")
    return found


def record_data(record: ScenarioRecord) -> str:
    """The filter attributes of a scenario's listing or article (``page_filters.item_data``):
    its outcome, section, tags, switches read and the words the search looks through."""
    from engine.report.page_filters import item_data

    words = [shown_name(record), record.feature, *(f"{s.keyword} {s.text}" for s in record.steps)]
    return item_data(record.outcome, record.feature_name, record.tags, record.switches_read, words)
