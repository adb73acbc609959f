"""The interpretation switches and the ledger that explains them stay in step."""

from __future__ import annotations

import dataclasses

import pytest

from engine.core.clauses import clause_index
from engine.unknown.ruleset import DEFAULT, Ruleset, interpretation_ledger


def test_every_switch_has_a_ledger_entry_with_its_default():
    ledger = interpretation_ledger()
    fields = {
        f.name.replace("_", "-"): getattr(DEFAULT, f.name) for f in dataclasses.fields(Ruleset)
    }
    assert set(fields) == set(ledger)
    for switch, default in fields.items():
        assert ledger[switch]["default"] == default
        assert len(ledger[switch]["readings"]) >= 2, f"{switch} needs at least two readings"
        assert ledger[switch]["why"].strip()


def test_every_ledger_entry_cites_known_clauses():
    index = clause_index("unknown")
    for entry in interpretation_ledger().values():
        for clause in entry["clauses"]:
            assert clause in index, f"ledger entry {entry['id']} cites unknown clause {clause}"


def test_a_reading_that_does_not_exist_is_refused_by_name():
    with pytest.raises(ValueError, match="no reading 'sideways'"):
        Ruleset(range_endpoints="sideways")
    with pytest.raises(ValueError, match="no interpretation 'gravity'"):
        DEFAULT.with_readings(gravity="on")


def test_readings_can_be_set_by_ledger_id():
    ruleset = DEFAULT.with_readings(**{"knockback-stop-at-start": "after-a-step"})
    assert ruleset.knockback_stop_at_start == "after-a-step"
    assert ruleset.range_endpoints == DEFAULT.range_endpoints


def test_noted_readings_name_their_reading_alternatives_and_known_clauses():
    import yaml

    from engine.unknown.ruleset import LEDGER

    noted = yaml.safe_load(LEDGER.read_text(encoding="utf-8"))["noted"]
    index = clause_index("unknown")
    ids = [entry["id"] for entry in noted]
    assert len(ids) == len(set(ids))
    assert not set(ids) & set(interpretation_ledger())
    for entry in noted:
        assert entry["question"].strip() and entry["reading"].strip(), entry["id"]
        assert entry["alternatives"], entry["id"]
        for clause in entry["clauses"]:
            assert clause in index, f"noted reading {entry['id']} cites unknown clause {clause}"
