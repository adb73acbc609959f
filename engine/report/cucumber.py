"""``cucumber.json``: the recorded scenarios in Cucumber's JSON report format, for Cucumber
tooling (report viewers, CI dashboards).

Written from the scenario records (``engine.report.records``), so it says what the page says:
each step's status (a step after the failing one is ``skipped``, never run), the failure's
message on the failing step, and each step's data table (``rows``) and doc string
(``doc_string``) as written in the feature file.
"""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Any

from engine.report.records import ScenarioRecord, StepRecord


def cucumber_json(records: list[ScenarioRecord]) -> list[dict[str, Any]]:
    """One Cucumber feature element per feature file, its scenarios in line order (unit tests
    are not Gherkin and are left out)."""
    features: dict[str, list[ScenarioRecord]] = defaultdict(list)
    for record in records:
        if record.kind == "scenario":
            features[record.feature].append(record)
    return [_feature(path, sorted(found, key=lambda r: (r.line, r.nodeid))) for path, found in
            sorted(features.items())]  # fmt: skip


def _feature(path: str, records: list[ScenarioRecord]) -> dict[str, Any]:
    name = records[0].feature_name
    return {
        "uri": path,
        "id": _slug(name or path),
        "keyword": "Feature",
        "name": name,
        "line": 1,
        "description": "",
        "tags": [],
        "elements": [_scenario(record) for record in records],
    }


def _scenario(record: ScenarioRecord) -> dict[str, Any]:
    return {
        "id": f"{_slug(record.feature_name)};{_slug(record.name)};{record.nodeid}",
        "keyword": "Scenario",
        "name": record.name,
        "line": record.line,
        "description": "",
        "type": "scenario",
        "tags": [{"name": f"@{tag}", "line": record.line - 1} for tag in record.tags],
        "steps": [_step(record, index, step) for index, step in enumerate(record.steps)],
    }


def _step(record: ScenarioRecord, index: int, step: StepRecord) -> dict[str, Any]:
    result: dict[str, Any] = {"status": step.status, "duration": 0}
    failure = record.failure
    if step.status == "failed" and failure is not None:
        result["error_message"] = "\n".join(
            part for part in (failure.message, failure.diff or "", failure.detail) if part
        )
    found: dict[str, Any] = {
        "keyword": f"{step.keyword} ",
        "name": step.text,
        "line": step.line or record.line + index + 1,
        "match": {"location": record.nodeid},
        "result": result,
    }
    if step.datatable is not None:
        found["rows"] = [{"cells": list(row)} for row in step.datatable]
    if step.docstring is not None:
        found["doc_string"] = {"value": step.docstring, "line": found["line"] + 1}
    return found


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
