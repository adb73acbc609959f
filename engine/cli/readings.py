"""``rulings readings``: a game's interpretation ledger — the switches ``--reading`` sets, with
their question, readings, default and why, and the noted readings with their alternatives
(PRINCIPLES §5), read from the ledger each game's registry entry names."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

import click

from engine.cli.params import echo_json, game_choice, json_option
from engine.core import registry
from engine.core.registry import GameSpec
from engine.core.ruleset import check_sources
from engine.core.textfiles import read_yaml

WIDTH = 96
"""The width the text answer is wrapped to."""


def noted_readings(spec: GameSpec) -> list[dict[str, Any]]:
    """The ``noted`` entries of ``spec``'s ledger: readings taken where the rules are unclear,
    each with its alternatives (none without a ledger)."""
    if spec.ledger is None:
        return []
    path = Path(spec.ledger)
    data = read_yaml(path) or {}
    noted = list(data.get("noted") or [])
    for entry in noted:
        check_sources(path, str(entry.get("id")), entry.get("sources"), None)
    return noted


def ledger_data(spec: GameSpec) -> dict[str, Any]:
    """``spec``'s switches and noted readings as JSON data."""
    switches = [
        {
            "id": switch,
            "clauses": list(entry.get("clauses") or []),
            "question": _plain(entry.get("question")),
            "readings": {name: _plain(text) for name, text in entry["readings"].items()},
            "default": entry["default"],
            "why": _plain(entry.get("why")),
            "sources": _sources(entry),
        }
        for switch, entry in spec.switches().items()
    ]
    noted = [
        {
            "id": entry.get("id"),
            "clauses": list(entry.get("clauses") or []),
            "question": _plain(entry.get("question")),
            "reading": _plain(entry.get("reading")),
            "alternatives": [_plain(a) for a in entry.get("alternatives") or []],
            "sources": _sources(entry),
        }
        for entry in noted_readings(spec)
    ]
    return {"game": spec.name, "title": spec.title, "switches": switches, "noted": noted}


def _plain(text: Any) -> str:
    return " ".join(str(text or "").split())


def _sources(entry: dict[str, Any]) -> list[dict[str, str]]:
    """An entry's ``sources`` (who says what, and the reading it backs), checked by
    ``engine.core.ruleset.check_sources``; none when the entry lists none."""
    return [
        {key: _plain(item[key]) for key in ("by", "reading", "cites") if item.get(key)}
        for item in entry.get("sources") or []
    ]


def _source_lines(sources: list[dict[str, str]]) -> list[str]:
    """``source (published) for returns: ...``: one wrapped line per source."""
    lines = []
    for item in sources:
        backs = f" for {item['reading']}" if item.get("reading") else ""
        lines += _wrapped(f"source ({item['by']}){backs}", item["cites"])
    return lines


def ledger_lines(data: dict[str, Any]) -> list[str]:
    """One game's ledger as text: a heading, each switch, then each noted reading."""
    switches, noted = data["switches"], data["noted"]
    lines = [
        f"{data['title']} ({data['game']}): {len(switches)} switch(es) for --reading, "
        f"{len(noted)} noted reading(s)"
    ]
    for entry in switches:
        lines += ["", f"switch {entry['id']}  [{', '.join(entry['clauses'])}]"]
        lines += _wrapped("question", entry["question"])
        for name, text in entry["readings"].items():
            mark = " (default)" if name == entry["default"] else ""
            backers = sorted({s["by"] for s in entry["sources"] if s.get("reading") == name})
            if backers:
                mark += f" [{', '.join(backers)}]"
            lines += _wrapped(f"reading {name}{mark}", text)
        lines += _wrapped("why", entry["why"])
        lines += _source_lines(entry["sources"])
        lines.append(f"  choose: --reading {entry['id']}=<{'|'.join(entry['readings'])}>")
    for entry in noted:
        lines += ["", f"noted {entry['id']}  [{', '.join(entry['clauses'])}]"]
        lines += _wrapped("question", entry["question"])
        lines += _wrapped("reading", entry["reading"])
        lines += _wrapped("alternatives", "; ".join(entry["alternatives"]) or "none listed")
        lines += _source_lines(entry["sources"])
    return lines


def _wrapped(label: str, text: str) -> list[str]:
    return textwrap.wrap(
        f"{label}: {text}", WIDTH, initial_indent="  ", subsequent_indent="      "
    ) or [f"  {label}:"]


@click.command(
    "readings",
    short_help="List a game's interpretation switches and noted readings.",
    epilog="""\b
Examples:
  rulings readings unknown
  rulings readings falling-skies --json
  rulings readings
  rulings resolve POS ACTION --reading range-endpoints=target-passable
""",
)
@click.argument("game", metavar="[GAME]", required=False, type=game_choice())
@json_option
def readings_command(game: str | None, as_json: bool) -> None:
    """List the interpretation ledger of GAME (every registered game when none is named): each
    switch that --reading SWITCH=READING sets, with the rules question it answers, its readings,
    the default and why, then the noted readings — places where the rules are unclear and the
    engine takes one reading, listed with the alternatives. With --json, one JSON object
    {"games": [{"game", "title", "switches": [...], "noted": [...]}]}.
    """
    specs = [registry.game(game)] if game else list(registry.games().values())
    ledgers = [ledger_data(spec) for spec in specs]
    if as_json:
        echo_json({"games": ledgers})
        return
    blocks = ["\n".join(ledger_lines(data)) for data in ledgers]
    click.echo("\n\n".join(blocks))
