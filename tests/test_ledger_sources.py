"""A ledger entry's optional ``sources`` (who says what, and which reading it backs) are checked
when the ledger is read and shown by ``rulings readings``.

Expectations are written from the ledger format (``engine/core/ruleset.py``), not from the
command's output.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from engine.core import registry
from engine.core.ruleset import check_sources, load_ledger
from tests.cli_support import run


def write_ledger(tmp_path: Path, sources: object) -> Path:
    """A one-switch ledger whose entry lists ``sources``."""
    entry = {
        "id": "path",
        "clauses": [],
        "question": "Which way does the path run?",
        "readings": {"summary": "as the summary has it", "published": "as printed"},
        "default": "published",
        "why": "printed cards",
        "sources": sources,
    }
    path = tmp_path / "ledger.yaml"
    path.write_text(yaml.safe_dump({"interpretations": [entry]}), encoding="utf-8")
    return path


def test_sources_naming_readings_of_their_switch_are_read(tmp_path: Path) -> None:
    sources = [{"by": "published", "reading": "published", "cites": "card image"}]
    path = write_ledger(tmp_path, sources)
    assert load_ledger(path)["path"]["sources"] == sources


@pytest.mark.parametrize(
    ("sources", "problem"),
    [
        ("card image", "must be a list"),
        ([{"by": "published", "reading": "published"}], "item 1 must be a mapping with a cites"),
        ([{"by": "rumour", "reading": "summary", "cites": "x"}], "by 'rumour' is not one of"),
        (
            [{"by": "summary", "reading": "sumary", "cites": "x"}],
            "no reading 'sumary' (did you mean 'summary'?)",
        ),
    ],
)
def test_bad_sources_are_refused_naming_file_entry_and_problem(
    tmp_path: Path, sources: object, problem: str
) -> None:
    path = write_ledger(tmp_path, sources)
    with pytest.raises(ValueError) as refused:
        load_ledger(path)
    message = str(refused.value)
    assert message.startswith(f"{path.name}: path: sources")
    assert problem in message


def test_a_noted_entry_may_cite_sources_without_a_reading(tmp_path: Path) -> None:
    check_sources(tmp_path / "l.yaml", "noted-one", [{"by": "boxed", "cites": "FAQ"}], None)
    with pytest.raises(ValueError, match="by 'fan' is not one of"):
        check_sources(tmp_path / "l.yaml", "noted-one", [{"by": "fan", "cites": "FAQ"}], None)


def ledger_with_sources() -> tuple[str, dict]:
    """A registered game and one of its switches that lists sources."""
    for spec in registry.games().values():
        for entry in spec.switches().values():
            if entry.get("sources"):
                return spec.name, entry
    raise AssertionError("no registered game's ledger lists sources")


def test_readings_shows_each_source_with_the_reading_it_backs() -> None:
    game, entry = ledger_with_sources()
    text = run("readings", game).stdout
    block = text.split(f"switch {entry['id']} ", 1)[1].split("choose:", 1)[0]
    flat = " ".join(block.split())
    for item in entry["sources"]:
        assert f"source ({item['by']}) for {item['reading']}:" in flat
        marked = re.search(
            rf"reading {re.escape(item['reading'])}(?: \(default\))? \[([^]]*)\]", flat
        )
        assert marked and item["by"] in marked.group(1).split(", "), item
        assert " ".join(item["cites"].split()) in flat
    answer = json.loads(run("readings", game, "--json").stdout)
    (shown,) = [s for g in answer["games"] for s in g["switches"] if s["id"] == entry["id"]]
    assert [s["reading"] for s in shown["sources"]] == [s["reading"] for s in entry["sources"]]
