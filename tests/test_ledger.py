"""Every game's interpretation ledger is whole, and everything that cites it cites it rightly.

For each game of the registry (its ``GameSpec`` says where its ledger, package and scenarios
are), the places that speak of the ledger are its package's code, data and docs
(``*.py``, ``*.yaml``, ``*.md``), its feature files, and the project's README. A ledger ID is
cited there as

* a backticked ID next to one of the words reading, switch, ledger, noted or interpretation
  (```range-endpoints`` reading``),
* a ``ledger: <id>`` entry of a data file,
* an ``@interpretation:<id>`` (or ``@interpretation:<id>=<reading>``) scenario tag,
* a ``the reading "<id>" is "<reading>"`` scenario step,
* a ``ruleset.<field>`` attribute in code (the field is the switch's ID with ``_`` for ``-``).

A switch's default is written once, in its ledger entry: no doc, comment or scenario title says
which reading is the default, and no code spells the default out as a reading to use. A noted
reading gives its question, reading, alternatives and why; a switch has a scenario for each of
its readings.
"""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
import yaml

from engine.core import registry
from engine.core.errors import did_you_mean
from engine.core.ruleset import Switches

ROOT = Path(__file__).resolve().parent.parent
DOCS = (ROOT / "README.md",)
"""The project's own docs, which may cite any game's ledger."""

LEDGER_WORDS = r"(?:readings?|switch(?:es)?|ledger|noted|interpretations?)"
BACKTICKED = re.compile(r"(?<![`\w-])``?([a-z][a-z0-9]*(?:-[a-z0-9]+)+)``?(?![`\w-])")
BACKTICKED_FIELD = re.compile(r"(?<![`\w.])``?([a-z][a-z0-9]*(?:_[a-z0-9]+)+)``?(?![`\w(])")
"""A switch named by its ruleset field (``range_endpoints``) in prose."""
BACKTICKED_WORD = re.compile(r"(?<![`\w-])``?([a-z][a-z0-9-]*)``?(?![`\w-])")
NEAR = 60
"""How many characters either side of a backticked ID may hold the word that makes it a
ledger citation."""
DATA_KEY = re.compile(r"\bledger:\s*([a-z][a-z0-9]*(?:-[a-z0-9]+)+)")
TAG = re.compile(r"@interpretation:([^\s=`]+)(?:=([^\s`]+))?")
STEP = re.compile(r'the reading "([^"]+)" is "([^"<]+)"')
STEP_ANY = re.compile(r'the reading "([^"]+)" is "')
ATTRIBUTE = re.compile(r"\bruleset\.([a-z_][a-z0-9_]*)\b(?!\.)")
SWITCH_ATTRIBUTES = {name for name in dir(Switches) if not name.startswith("__")} | {"LEDGER"}
"""The attributes of every game's ruleset that are not switches."""
DEFAULT_WORD = re.compile(r"\bdefaults?\b", re.IGNORECASE)
DEFAULT_NEAR = 45
"""How many characters either side of a named reading may hold the word "default"."""
DEFAULT_BEFORE = 14
"""How many characters before a switch's ID may hold the word "default" ("the default ``x``")."""
BARE_DEFAULT = re.compile(r"\bdefault(?: reading)?\s*[:=]\s*[`\"']*([a-z][a-z0-9-]*)")
LITERAL = re.compile(r"\bRuleset\(([^()]*)\)")
"""A ruleset built with readings spelled out (``with_readings`` sets a reading on purpose)."""
KEYWORD = re.compile(r"""["']?([a-z][a-z0-9_-]*)["']?\s*[:=]\s*["']([a-z][a-z0-9-]*)["']""")
SCENARIO_TITLE = re.compile(r"^\s*(?:Scenario(?: Outline)?|Example):(.*)$")


@dataclass(frozen=True)
class Ledger:
    """One game's ledger as read from its file."""

    game: str
    path: Path
    switches: dict[str, dict]
    noted: list[dict]

    @property
    def ids(self) -> set[str]:
        return set(self.switches) | {entry.get("id", "") for entry in self.noted}

    @property
    def reading_names(self) -> set[str]:
        return {name for entry in self.switches.values() for name in entry.get("readings", {})}

    @property
    def fields(self) -> set[str]:
        return {switch.replace("-", "_") for switch in self.switches}

    def defaults(self) -> dict[str, str]:
        """Switch ID -> its default reading."""
        return {switch: entry["default"] for switch, entry in self.switches.items()}


@dataclass(frozen=True)
class Place:
    """A file that may cite the ledger, and which kinds of citation it may hold."""

    path: Path
    kind: str
    """``code``, ``data``, ``docs`` or ``features``."""


def read_ledger(game: str, path: Path) -> Ledger:
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    switches = {entry["id"]: entry for entry in data.get("interpretations") or []}
    return Ledger(game, path, switches, list(data.get("noted") or []))


@cache
def ledgers() -> dict[str, Ledger]:
    """Every registered game's ledger, by game name."""
    return {
        spec.name: read_ledger(spec.name, spec.ledger)
        for spec in registry.games().values()
        if spec.ledger is not None
    }


def package_folder(spec: registry.GameSpec) -> Path:
    found = importlib.util.find_spec(spec.package)
    assert found is not None and found.submodule_search_locations, spec.package
    return Path(next(iter(found.submodule_search_locations)))


KINDS = {".py": "code", ".yaml": "data", ".md": "docs", ".feature": "features"}


def places(spec: registry.GameSpec) -> list[Place]:
    """The game's own files that may cite its ledger (the ledger itself aside)."""
    folders = [package_folder(spec), Path(spec.features)]
    found: dict[Path, Place] = {}
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            kind = KINDS.get(path.suffix)
            if kind and path.is_file() and path.resolve() != Path(spec.ledger).resolve():
                found.setdefault(path.resolve(), Place(path, kind))
    return list(found.values())


def where(path: Path, text: str, at: int) -> str:
    line = text.count("\n", 0, at) + 1
    try:
        shown = path.resolve().relative_to(ROOT)
    except ValueError:
        shown = path
    return f"{shown}:{line}"


def suggestion(word: str, choices: set[str]) -> str:
    return did_you_mean(word, sorted(choices))


# --- citations ------------------------------------------------------------------------------


def near_ledger_word(text: str, match: re.Match[str]) -> bool:
    """Whether prose near ``match`` (other backticked code aside) names the ledger."""
    code = re.compile(r"``[^`\n]*``|`[^`\n]*`")
    before = code.sub(" ", text[max(0, match.start() - NEAR) : match.start()])
    after = code.sub(" ", text[match.end() : match.end() + NEAR])
    return bool(re.search(rf"\b{LEDGER_WORDS}\b", f"{before} {after}", re.IGNORECASE))


def cited_ids(text: str, kind: str) -> Iterator[tuple[int, str, str]]:
    """``(offset, id, form)`` for each ledger ID ``text`` cites (IDs only; fields aside)."""
    for match in BACKTICKED.finditer(text):
        if near_ledger_word(text, match):
            yield match.start(1), match.group(1), "backticked"
    for match in BACKTICKED_FIELD.finditer(text):
        if near_ledger_word(text, match):
            yield match.start(1), match.group(1), "field"
    if kind == "data":
        for match in DATA_KEY.finditer(text):
            yield match.start(1), match.group(1), "ledger key"
    if kind == "features":
        for match in TAG.finditer(text):
            yield match.start(1), match.group(1), "tag"
        for match in STEP_ANY.finditer(text):
            yield match.start(1), match.group(1), "step"
    if kind == "code":
        for match in LITERAL.finditer(text):
            for keyword in KEYWORD.finditer(match.group(1)):
                yield match.start(1) + keyword.start(1), keyword.group(1), "literal"


def citation_problems(path: Path, kind: str, text: str, ledger: Ledger) -> list[str]:
    """One line per citation in ``text`` of an ID (or reading) ``ledger`` does not have."""
    problems = []
    known = ledger.ids | ledger.reading_names
    for at, cited, form in cited_ids(text, kind):
        if form == "field":
            if cited not in ledger.fields:
                continue
            problems.append(
                f"{where(path, text, at)}: names the switch by its field {cited!r}; cite the "
                f"ledger ID{suggestion(cited.replace('_', '-'), ledger.ids)}"
            )
            continue
        if form == "literal":
            name = cited.replace("_", "-")
            if name not in ledger.switches:
                problems.append(
                    f"{where(path, text, at)}: no switch {cited!r} in {ledger.path.name}"
                    f"{suggestion(name, set(ledger.switches))}"
                )
            continue
        if form in ("tag", "step") and cited not in ledger.switches:
            problems.append(
                f"{where(path, text, at)}: {form} names no switch {cited!r} of {ledger.path.name}"
                f"{suggestion(cited, set(ledger.switches))}"
            )
        elif cited not in known:
            problems.append(
                f"{where(path, text, at)}: cites {cited!r}, which {ledger.path.name} does not "
                f"have{suggestion(cited, known)}"
            )
    if kind == "features":
        problems += reading_problems(path, text, ledger)
    if kind == "code":
        for match in ATTRIBUTE.finditer(text):
            name = match.group(1)
            if name != "py" and name not in ledger.fields | SWITCH_ATTRIBUTES:
                problems.append(
                    f"{where(path, text, match.start(1))}: ruleset.{name} is no switch of "
                    f"{ledger.path.name}{suggestion(name, ledger.fields)}"
                )
    return problems


def reading_problems(path: Path, text: str, ledger: Ledger) -> list[str]:
    """A scenario setting a switch to a reading the switch does not have."""
    problems = []
    pairs = [(m.start(2), m.group(1), m.group(2)) for m in TAG.finditer(text) if m.group(2)]
    pairs += [(m.start(2), m.group(1), m.group(2)) for m in STEP.finditer(text)]
    for at, switch, reading in pairs:
        readings = ledger.switches.get(switch, {}).get("readings", {})
        if switch in ledger.switches and reading not in readings:
            problems.append(
                f"{where(path, text, at)}: switch {switch!r} has no reading {reading!r}"
                f"{suggestion(reading, set(readings))}"
            )
    return problems


# --- defaults -------------------------------------------------------------------------------


def default_problems(path: Path, kind: str, text: str, ledger: Ledger) -> list[str]:
    """One line per place in ``text`` that writes which reading is a switch's default."""
    problems = []
    names = ledger.reading_names
    for match in BACKTICKED_WORD.finditer(text):
        window = text[max(0, match.start() - DEFAULT_NEAR) : match.end() + DEFAULT_NEAR]
        if match.group(1) in names and DEFAULT_WORD.search(window):
            problems.append(
                f"{where(path, text, match.start(1))}: says the reading {match.group(1)!r} is a "
                f"default; a default is written only in {ledger.path.name}"
            )
    for match in BACKTICKED.finditer(text):
        before = text[max(0, match.start() - DEFAULT_BEFORE) : match.start()]
        if match.group(1) in ledger.switches and DEFAULT_WORD.search(before):
            problems.append(
                f"{where(path, text, match.start(1))}: speaks of the default of "
                f"{match.group(1)!r}; say which reading applies, or none"
            )
    for match in BARE_DEFAULT.finditer(text):
        if match.group(1) in names:
            problems.append(
                f"{where(path, text, match.start(1))}: writes the default {match.group(1)!r}; "
                f"a default is written only in {ledger.path.name}"
            )
    if kind == "code":
        problems += literal_default_problems(path, text, ledger)
    if kind == "features":
        problems += title_default_problems(path, text, ledger)
    return problems


def literal_default_problems(path: Path, text: str, ledger: Ledger) -> list[str]:
    """``Ruleset(x="R")`` with ``R`` the default of ``x``: a default spelled out as one."""
    problems = []
    defaults = ledger.defaults()
    for match in LITERAL.finditer(text):
        for keyword in KEYWORD.finditer(match.group(1)):
            switch = keyword.group(1).replace("_", "-")
            if defaults.get(switch) == keyword.group(2):
                problems.append(
                    f"{where(path, text, match.start(1) + keyword.start(1))}: sets {switch!r} to "
                    f"its default {keyword.group(2)!r}; use the ruleset's own default"
                )
    return problems


def title_default_problems(path: Path, text: str, ledger: Ledger) -> list[str]:
    """A scenario whose title or comment says it plays a switch's default reading."""
    problems = []
    for number, line in enumerate(text.splitlines(), 1):
        title = SCENARIO_TITLE.match(line)
        said = title.group(1) if title else line if line.lstrip().startswith("#") else ""
        if re.search(
            r"\b(?:by default|default (?:reading|switch|interpretation)s?)\b", said, re.IGNORECASE
        ):
            problems.append(
                f"{where(path, '', 0).split(':')[0]}:{number}: says which reading is the default "
                f"({said.strip()[:60]!r}); name the reading, the ledger keeps the default"
            )
    return problems


# --- entries and scenarios -------------------------------------------------------------------


NOTED_KEYS = ("question", "reading", "alternatives", "why")


def entry_problems(ledger: Ledger) -> list[str]:
    """A noted entry missing one of its parts, an ID used twice, a switch without a default."""
    problems = []
    text = ledger.path.read_text(encoding="utf-8")
    seen: set[str] = set()
    for entry in [*ledger.switches.values(), *ledger.noted]:
        ident = entry.get("id", "")
        if ident in seen:
            problems.append(f"{entry_place(ledger, text, ident)}: the ID {ident!r} is used twice")
        seen.add(ident)
    for entry in ledger.noted:
        ident = entry.get("id", "")
        missing = [key for key in NOTED_KEYS if not entry.get(key)]
        if missing:
            problems.append(
                f"{entry_place(ledger, text, ident)}: noted {ident!r} lacks {', '.join(missing)}"
            )
    for switch, entry in ledger.switches.items():
        missing = [key for key in ("question", "readings", "default", "why") if not entry.get(key)]
        if missing:
            problems.append(
                f"{entry_place(ledger, text, switch)}: switch {switch!r} lacks {', '.join(missing)}"
            )
        elif entry["default"] not in entry["readings"]:
            problems.append(
                f"{entry_place(ledger, text, switch)}: switch {switch!r}'s default "
                f"{entry['default']!r} is none of its readings"
            )
    return problems


def entry_place(ledger: Ledger, text: str, ident: str) -> str:
    at = text.find(f"id: {ident}\n")
    return where(ledger.path, text, max(at, 0))


@dataclass(frozen=True)
class Scenario:
    """A scenario's tags (its feature's included) and the readings its steps set."""

    path: Path
    line: int
    tags: tuple[str, ...]
    steps: tuple[tuple[str, str], ...]


def scenarios(path: Path) -> Iterator[Scenario]:
    """The scenarios of a feature file, each with its inherited tags, its steps' readings, and
    an outline's readings from its examples (one per row)."""
    feature_tags: list[str] = []
    pending: list[str] = []
    current: dict | None = None
    lines = path.read_text(encoding="utf-8").splitlines()
    header: list[str] | None = None

    def finish() -> Iterator[Scenario]:
        if current is not None:
            yield from expand(path, current)

    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if stripped.startswith("@"):
            pending += stripped.split()
        elif stripped.startswith("Feature:"):
            feature_tags, pending = pending, []
        elif SCENARIO_TITLE.match(line) or stripped.startswith("Scenario Outline:"):
            yield from finish()
            current = {"line": number, "tags": feature_tags + pending, "steps": [], "rows": []}
            pending, header = [], None
        elif current is not None and stripped.startswith("Examples"):
            header = []
        elif current is not None and header is not None and stripped.startswith("|"):
            cells = [c.strip() for c in stripped.strip("|").split("|")]
            if not header:
                header.extend(cells)
            else:
                current["rows"].append(dict(zip(header, cells, strict=False)))
        elif current is not None:
            current["steps"].append(stripped)
    yield from finish()


def expand(path: Path, found: dict) -> Iterator[Scenario]:
    rows = found["rows"] or [{}]
    for row in rows:
        readings = []
        for step in found["steps"]:
            for name, value in re.findall(r'the reading "([^"]+)" is "([^"]+)"', step):
                for column, cell in row.items():
                    name = name.replace(f"<{column}>", cell)
                    value = value.replace(f"<{column}>", cell)
                readings.append((name, value))
        yield Scenario(path, found["line"], tuple(found["tags"]), tuple(readings))


def readings_played(scenario: Scenario, ledger: Ledger) -> set[tuple[str, str]]:
    """The (switch, reading) pairs a scenario plays for the switches it is tagged with."""
    played = set()
    set_by_steps = dict(scenario.steps)
    for tag in scenario.tags:
        match = TAG.fullmatch(tag)
        if not match:
            continue
        switch, reading = match.group(1), match.group(2)
        if reading is None:
            default = ledger.switches.get(switch, {}).get("default")
            reading = set_by_steps.get(switch, default)
        played.add((switch, reading))
    return played


def scenario_problems(spec: registry.GameSpec, ledger: Ledger) -> list[str]:
    """A switch's reading no scenario tagged with the switch plays."""
    played: set[tuple[str, str]] = set()
    for path in sorted(Path(spec.features).rglob("*.feature")):
        for scenario in scenarios(path):
            played |= readings_played(scenario, ledger)
    text = ledger.path.read_text(encoding="utf-8")
    return [
        f"{entry_place(ledger, text, switch)}: no scenario tagged @interpretation:{switch} plays "
        f"its reading {reading!r}"
        for switch, entry in ledger.switches.items()
        for reading in entry.get("readings", {})
        if (switch, reading) not in played
    ]


# --- the tests ------------------------------------------------------------------------------


GAMES = [spec.name for spec in registry.games().values() if spec.ledger is not None]


def spec_and_ledger(game: str) -> tuple[registry.GameSpec, Ledger]:
    return registry.game(game), ledgers()[game]


def report(problems: list[str]) -> str:
    return f"{len(problems)} problem(s):\n" + "\n".join(problems)


@pytest.mark.parametrize("game", GAMES)
def test_every_cited_ledger_id_exists(game: str) -> None:
    spec, ledger = spec_and_ledger(game)
    problems = []
    for place in places(spec):
        text = place.path.read_text(encoding="utf-8")
        problems += citation_problems(place.path, place.kind, text, ledger)
    assert not problems, report(problems)


def test_the_docs_cite_only_ledger_ids_of_some_game() -> None:
    every = Ledger("all", ROOT / "interpretations.yaml", {}, [])
    for ledger in ledgers().values():
        every.switches.update(ledger.switches)
        every.noted.extend(ledger.noted)
    problems = []
    for path in DOCS:
        problems += citation_problems(path, "docs", path.read_text(encoding="utf-8"), every)
    assert not problems, report(problems)


@pytest.mark.parametrize("game", GAMES)
def test_a_switch_default_is_written_only_in_its_ledger(game: str) -> None:
    spec, ledger = spec_and_ledger(game)
    problems = []
    for place in places(spec):
        text = place.path.read_text(encoding="utf-8")
        problems += default_problems(place.path, place.kind, text, ledger)
    assert not problems, report(problems)


@pytest.mark.parametrize("game", GAMES)
def test_every_ledger_entry_is_complete(game: str) -> None:
    _, ledger = spec_and_ledger(game)
    problems = entry_problems(ledger)
    assert not problems, report(problems)


@pytest.mark.parametrize("game", GAMES)
def test_every_switch_has_a_scenario_for_each_reading(game: str) -> None:
    spec, ledger = spec_and_ledger(game)
    problems = scenario_problems(spec, ledger)
    assert not problems, report(problems)


# --- the checks find what they look for ------------------------------------------------------


TOY = Ledger(
    "toy",
    Path("interpretations.yaml"),
    {
        "tile-reach": {
            "question": "q",
            "readings": {"near": "n", "far": "f"},
            "default": "near",
            "why": "w",
        }
    },
    [{"id": "quiet-rule", "question": "q", "reading": "r", "alternatives": ["a"], "why": "w"}],
)


def test_a_misspelt_citation_is_named_with_its_line_and_a_suggestion() -> None:
    text = 'x = 1\n"""Applies the ``tile-reech`` reading."""\n'
    problems = citation_problems(Path("rules.py"), "code", text, TOY)
    assert problems == [
        "rules.py:2: cites 'tile-reech', which interpretations.yaml does not have "
        "(did you mean 'tile-reach'?)"
    ]


def test_tags_steps_attributes_and_literals_are_checked() -> None:
    feature = '@interpretation:tile-rech\nScenario: s\n  Given the reading "tile-reach" is "farr"\n'
    found = citation_problems(Path("a.feature"), "features", feature, TOY)
    assert [p.split(":")[1] for p in found] == ["1", "3"]
    assert "did you mean 'tile-reach'" in found[0] and "did you mean 'far'" in found[1]
    code = "if rules.ruleset.tile_rech == 'far':\n    Ruleset(tile_reach='far')\n"
    found = citation_problems(Path("b.py"), "code", code, TOY)
    assert len(found) == 1 and "ruleset.tile_rech" in found[0] and "tile_reach" in found[0]


def test_a_written_default_is_found_in_docs_comments_titles_and_literals() -> None:
    assert default_problems(Path("a.py"), "docs", "The ``near`` reading (default).", TOY)
    assert default_problems(Path("a.yaml"), "data", "# default: near\n", TOY)
    assert default_problems(Path("a.py"), "code", 'Ruleset(tile_reach="near")', TOY)
    assert not default_problems(Path("a.py"), "code", 'Ruleset(tile_reach="far")', TOY)
    title = "Scenario: Under the default reading, it is near\n"
    assert default_problems(Path("a.feature"), "features", title, TOY)
    comment = "  # No figure: by default the fight\n  # comes first.\n"
    assert default_problems(Path("a.feature"), "features", comment, TOY)


def test_an_incomplete_noted_entry_and_an_unplayed_reading_are_found(tmp_path: Path) -> None:
    ledger_file = tmp_path / "interpretations.yaml"
    ledger_file.write_text(
        "interpretations:\n  - id: tile-reach\n    question: q\n    readings: {near: n, far: f}\n"
        "    default: near\n    why: w\nnoted:\n  - id: quiet-rule\n    question: q\n"
        "    reading: r\n    alternatives: [a]\n",
        encoding="utf-8",
    )
    ledger = read_ledger("toy", ledger_file)
    assert entry_problems(ledger) == [f"{ledger_file}:8: noted 'quiet-rule' lacks why"]
    feature = tmp_path / "a.feature"
    feature.write_text("Feature: f\n  @interpretation:tile-reach\n  Scenario: s\n    Given x\n")
    played = set().union(*(readings_played(s, ledger) for s in scenarios(feature)))
    assert played == {("tile-reach", "near")}
