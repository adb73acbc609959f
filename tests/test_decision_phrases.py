"""Every decision a game's engine offers has a phrase that reads back as that same decision.

The decision classes come from each game's own source: a class its package tests a decision
against (``isinstance(decision, C)``); a base class so tested (Unknown's ``Action``) stands for the
classes derived from it in the package. Unknown's are checked at the position of
``tests/data/positions/play/decisions/<Class>.yaml`` that offers each; Under Falling Skies' and
Pig's at the nodes seeded random playouts meet them. At each node every legal decision (every
outcome, at a chance node) is said, and the phrase must read back as the same decision, never as
``option N``. A round-trip property of the phrasebooks: the engine is compared with itself.

Also: Unknown's goods phrases (``give``, ``pay``, ``exchange``) refuse a kind of goods no position
holds, with the nearest kind; and ``rulings resolve`` lists a kind offered more than
:data:`~engine.unknown.phrases.GROUPED_OVER` times at one node on one line.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from random import Random
from typing import Any

import click
import pytest

from engine.core import registry
from engine.core.game import Node, choices
from engine.core.playout import play_out
from engine.unknown.game import UnknownGame
from engine.unknown.phrases import DECISIONS, GROUPED_OVER, PLAY_POSITIONS, goods_kinds, numbers
from tests.cli_support import one_line_error, run

ROOT = Path(__file__).resolve().parent.parent
DECISION_POSITIONS = ROOT / PLAY_POSITIONS / "decisions"
UNKNOWN = UnknownGame.name
PLAYED = ("falling-skies", "pig")
"""The games whose decisions are met by seeded random playouts (Unknown's are at positions)."""
SEEDS = range(20)
"""The playout seeds tried, until every decision class was met."""
NODES_PER_CLASS = 3
"""Nodes (from different playouts) at which each class is checked."""


# --- the decision classes, from each game's source ----------------------------------------------


def classes_tested(tree: ast.AST) -> set[str]:
    """The names ``isinstance(decision, ...)`` tests a decision against in ``tree``."""
    found = set()
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        if node.func.id != "isinstance" or len(node.args) != 2:
            continue
        subject, kinds = node.args
        if not (isinstance(subject, ast.Name) and subject.id == "decision"):
            continue
        listed = kinds.elts if isinstance(kinds, ast.Tuple) else [kinds]
        found |= {kind.id for kind in listed if isinstance(kind, ast.Name)}
    return found


def class_bases(tree: ast.AST) -> dict[str, set[str]]:
    """Each class defined in ``tree`` with the names of its bases."""
    return {
        node.name: {base.id for base in node.bases if isinstance(base, ast.Name)}
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
    }


def derived(name: str, bases: dict[str, set[str]]) -> set[str]:
    """The classes derived from ``name``, at any depth."""
    direct = {cls for cls, of in bases.items() if name in of}
    return direct.union(*(derived(cls, bases) for cls in direct))


def decision_classes(game: str) -> list[str]:
    """The decision classes the package of registered game ``game`` defines (sorted)."""
    folder = ROOT.joinpath(*registry.game(game).package.split("."))
    tested: set[str] = set()
    bases: dict[str, set[str]] = {}
    for path in sorted(folder.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        tested |= classes_tested(tree)
        bases.update(class_bases(tree))
    found: set[str] = set()
    for name in tested & set(bases):
        below = derived(name, bases)
        found |= below or {name}
    return sorted(found)


UNKNOWN_CLASSES = decision_classes(UNKNOWN)


def test_every_game_is_checked_here():
    assert set(registry.names()) == {UNKNOWN, *PLAYED}


@pytest.mark.parametrize("game", [UNKNOWN, *PLAYED])
def test_the_source_search_finds_decision_classes(game):
    """The search finds classes in every game (a search finding none would pass every test)."""
    assert len(decision_classes(game)) >= 3


def test_the_phrases_import_every_unknown_decision_class():
    """``decision_class`` reaches each class the engine tests decisions against."""
    assert sorted(DECISIONS) == UNKNOWN_CLASSES


# --- the round trip at one node -----------------------------------------------------------------


@dataclass(frozen=True)
class At:
    """A node where a decision class is offered, with the game and state it belongs to."""

    game: Any
    state: Any
    node: Node
    where: str


def misread(book: registry.Phrasebook, at: At) -> list[str]:
    """Each decision offered at ``at`` whose phrase is missing, ``option N``, or reads back as
    something else, with what went wrong."""
    wrong = []
    for decision in choices(at.node):
        said = book.say(at.state, decision)
        if not said or said.split()[0] == "option":
            wrong.append(f"{decision}: said as {said!r}")
            continue
        try:
            back = book.read(at.game, at.state, at.node, said, None)
        except click.BadParameter as error:
            wrong.append(f"{decision}: {said!r} is refused: {error.format_message()}")
            continue
        if back != decision:
            wrong.append(f"{decision}: {said!r} reads back as {back!r}")
    return wrong


def offered(at: At) -> set[str]:
    """The names of the classes of the decisions (or outcomes) offered at ``at``."""
    return {type(decision).__name__ for decision in choices(at.node)}


# --- (a) Unknown: a position per class ----------------------------------------------------------


def position_of(name: str) -> At:
    path = DECISION_POSITIONS / f"{name}.yaml"
    assert path.is_file(), (
        f"no position offers {name}: write {path.relative_to(ROOT)} (a state where the engine "
        "offers it, its header saying how it was made and which rule offers it)"
    )
    opened = registry.open_file(path)
    assert opened.warnings == (), f"{path} is read with warnings: {opened.warnings}"
    return At(opened.game, opened.state, opened.game.node(opened.state), str(path))


@pytest.mark.parametrize("name", UNKNOWN_CLASSES)
def test_every_unknown_decision_reads_back_as_itself(name):
    at = position_of(name)
    assert name in offered(at), f"{at.where} offers {sorted(offered(at))}, not {name}"
    book = registry.game(UNKNOWN).phrasebook()
    assert misread(book, at) == []


def test_every_decision_position_is_of_a_decision_class():
    """No position file names a class the engine does not have (a renamed class)."""
    names = {path.stem for path in DECISION_POSITIONS.glob("*.yaml")}
    assert names - set(UNKNOWN_CLASSES) == set()


# --- (b) the other games: nodes met by seeded playouts ------------------------------------------


def first_nodes(game: str, seed: int) -> dict[str, At]:
    """The first node at which each decision class is taken in the seeded random playout
    ``seed`` of ``game``, set up with its default options."""
    spec = registry.game(game)
    options = {o.name: o.default_value() for o in spec.setup_options if "play" in o.commands}
    new = spec.new_game(spec.ruleset({}), seed, options)
    first: dict[str, At] = {}

    def note(before: Any, decision: Any, step: Any) -> None:
        name = type(decision).__name__
        if name not in first:
            first[name] = At(new.game, before, new.game.node(before), f"seed {seed}")

    play_out(new.game, new.state, Random(seed), on_step=note)
    return first


def met_in_playouts(game: str) -> dict[str, list[At]]:
    """Up to :data:`NODES_PER_CLASS` nodes per decision class, each from another seeded
    playout of ``game``."""
    met: dict[str, list[At]] = {}
    for seed in SEEDS:
        for name, at in first_nodes(game, seed).items():
            if len(met.setdefault(name, [])) < NODES_PER_CLASS:
                met[name].append(at)
        if all(len(met.get(name, ())) >= NODES_PER_CLASS for name in decision_classes(game)):
            break
    return met


def played_nodes() -> Iterator[tuple[str, str]]:
    for game in PLAYED:
        for name in decision_classes(game):
            yield game, name


@pytest.fixture(scope="module")
def playouts() -> dict[str, dict[str, list[At]]]:
    return {game: met_in_playouts(game) for game in PLAYED}


@pytest.mark.parametrize("game", PLAYED)
def test_the_playouts_meet_every_decision_class(game, playouts):
    missing = [name for name in decision_classes(game) if name not in playouts[game]]
    assert missing == [], f"no playout of seeds {SEEDS} met {missing}"


@pytest.mark.parametrize(("game", "name"), list(played_nodes()))
def test_every_played_decision_reads_back_as_itself(game, name, playouts):
    nodes = playouts[game].get(name)
    assert nodes, f"no playout of seeds {SEEDS} met {name}"
    book = registry.game(game).phrasebook()
    for at in nodes:
        assert name in offered(at)
        assert misread(book, at) == [], at.where


# --- goods in Unknown's phrases -----------------------------------------------------------------

MISTYPED_GOODS = [
    ("PayBase", ["pay", "fod:4"], "fod", "food"),
    ("Transfer", ["give", "base", "blue", "medcine", "1"], "medcine", "medicine"),
    ("Exchange", ["exchange", "0,0", "scrap:2", "amo:1"], "amo", "ammo"),
]


@pytest.mark.parametrize(("name", "words", "typed", "meant"), MISTYPED_GOODS)
def test_a_mistyped_kind_of_goods_is_refused_with_the_nearest(name, words, typed, meant):
    result = run("resolve", str(DECISION_POSITIONS / f"{name}.yaml"), *words)
    line = one_line_error(result, 2, "rulings: error: ")
    assert "ACTION" in line
    assert f"{typed!r} is not a kind of goods (did you mean {meant!r}?)" in line


def test_goods_phrases_name_every_kind_a_position_holds():
    """The kinds the phrases accept are the position files' goods kinds: each reads back."""
    at = position_of("PayBase")
    book = registry.game(UNKNOWN).phrasebook()
    for kind in goods_kinds():
        decision = book.read(at.game, at.state, at.node, f"pay {kind}:1", None)
        assert decision.goods == ((kind, 1),)


# --- one line for a kind offered many times -----------------------------------------------------


def test_many_options_of_one_kind_are_listed_on_one_line():
    path = DECISION_POSITIONS / "CreateBarriers.yaml"
    opened = registry.open_file(path)
    legal = opened.game.node(opened.state).legal
    splits = [n for n, d in enumerate(legal, 1) if type(d).__name__ == "CreateBarriers"]
    assert len(splits) > GROUPED_OVER, "the position must offer many barrier splits"
    result = run("resolve", str(path))
    assert result.exit_code == 0, result.output
    listed = result.stdout.splitlines()[1:]
    first = registry.game(UNKNOWN).phrasebook().say(opened.state, legal[splits[0] - 1])
    grouped = [line for line in listed if "create barriers:" in line]
    assert grouped == [
        f'  {splits[0]}-{splits[-1]}. create barriers: {len(splits)} ways, say e.g. "{first}" '
        "(or option N)"
    ]
    others = [n for n in range(1, len(legal) + 1) if n not in splits]
    numbered = [line.split(".")[0].strip() for line in listed if line not in grouped]
    assert numbered == [str(n) for n in others]


def test_the_grouped_numbers_still_pick_those_options():
    path = DECISION_POSITIONS / "CreateBarriers.yaml"
    opened = registry.open_file(path)
    node = opened.game.node(opened.state)
    book = registry.game(UNKNOWN).phrasebook()
    for n, decision in enumerate(node.legal, 1):
        assert book.read(opened.game, opened.state, node, f"option {n}", None) == decision


def test_the_json_answer_lists_every_option():
    path = DECISION_POSITIONS / "CreateBarriers.yaml"
    opened = registry.open_file(path)
    node = opened.game.node(opened.state)
    data = registry.game(UNKNOWN).phrasebook().next_data(opened.state, node)
    assert [option["n"] for option in data["options"]] == list(range(1, len(node.legal) + 1))


def test_scattered_option_numbers_are_written_in_runs():
    assert numbers([3, 5, 6, 7, 9]) == "3, 5-7, 9"
