"""Every clause ID the engine and its data cite exists in the clause index."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from engine.core.clauses import clause_index
from engine.unknown.catalog import catalog

ROOT = Path(__file__).resolve().parent.parent
CITED = re.compile(r"""["'`](unknown\.[a-z0-9]+(?:[.-][a-z0-9]+)*)["'`]""")


def cited_in(paths: list[Path]) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in paths:
        for clause in CITED.findall(path.read_text(encoding="utf-8")):
            found.setdefault(clause, set()).add(str(path.relative_to(ROOT)))
    return found


def test_clause_ids_cited_in_engine_code_exist():
    index = clause_index("unknown")
    cited = cited_in(sorted((ROOT / "engine").rglob("*.py")))
    assert cited, "the engine cites no clause at all"
    missing = {c: sorted(files) for c, files in cited.items() if c not in index}
    assert not missing, f"cited but not in the index: {missing}"


def test_clause_ids_cited_by_tiles_exist():
    index = clause_index("unknown")
    missing = {(t.name, c) for t in catalog().values() for c in t.clauses if c not in index}
    assert not missing


def test_index_entries_are_unique_one_line_paraphrases():
    data = yaml.safe_load((ROOT / "engine/unknown/data/clauses.yaml").read_text())
    ids = [row["id"] for row in data["clauses"]] + [row["id"] for row in data["examples"]]
    assert len(ids) == len(set(ids))
    for row in data["clauses"]:
        assert row["text"].strip() and "\n" not in row["text"].strip(), row["id"]


def test_paraphrases_do_not_copy_the_rulebook():
    """No clause text shares a run of eight words with the rulebook (our own words only)."""
    rulebook = Path("/work/shared/rules/unknown-rulebook.txt")
    candidates = [rulebook, ROOT.parent / "shared/rules/unknown-rulebook.txt"]
    source = next((p for p in candidates if p.exists()), None)
    if source is None:
        import pytest

        pytest.skip(
            "the rulebook is not beside this checkout (../shared/rules), so copying can't be checked"
        )
    words = re.findall(r"[a-z0-9']+", source.read_text(encoding="utf-8").lower())
    runs = {tuple(words[i : i + 8]) for i in range(len(words) - 7)}
    data = yaml.safe_load((ROOT / "engine/unknown/data/clauses.yaml").read_text())
    copied = []
    for row in data["clauses"] + data["examples"]:
        text = re.findall(r"[a-z0-9']+", (row.get("text") or row.get("about")).lower())
        if any(tuple(text[i : i + 8]) in runs for i in range(len(text) - 7)):
            copied.append(row["id"])
    assert not copied, f"these entries copy eight or more words of the rulebook: {copied}"
