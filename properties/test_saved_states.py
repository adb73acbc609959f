"""Saved states round-trip and draw, for every registered game, through the registry only.

a. Every state a playout reaches - random play and each of the game's own players
   (``GameSpec.players``), from its default set-up and from each start it lists in
   ``GameSpec.coverage_setups`` (what play from the default seldom reaches) - is written as a
   position file (``GameSpec.save``), read back (``registry.parse_file`` then
   ``GameSpec.open_data``) equal to the state, and drawn as text (``GameSpec.text``) and SVG
   (``GameSpec.svg``, well-formed XML).
b. Every schema-valid position draws or is refused with one ``PositionError``, one line naming
   the file, the entry and the problem (the rules refuse what the schema cannot see: a 2x2
   square, a piece off the map, a turn past the last), never another exception. Positions are generated with hypothesis-jsonschema from the schema each
   game narrows to names its catalogs know (``GameSpec.position_schema``); each is checked
   against the real schema first, and a floor holds on how many really drew.
c. Every name the engine writes under an open-ended object of the schema (a card's counters) is
   described there.

Sizes follow the loaded Hypothesis profile (``properties.profiles.scaled``): in ``ci`` each
test runs in a few seconds.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from hypothesis_jsonschema import from_schema

from engine.core import registry
from engine.core.errors import PositionError
from engine.core.playout import play_out, player_rng
from properties.profiles import scaled

MAX_DECISIONS = 100
"""Decisions per playout (chance draws included)."""
CHECK_EVERY = 3
"""Every how-manieth state of a playout is saved, read back and drawn (the first and the last
always), starting at an offset each example draws, so that over the examples every place in a
playout is checked."""
PLAYOUTS = 2
"""Playouts per game, start and player under the ``ci`` profile."""
DEFAULT = registry.CoverageSetup("default")
"""The default set-up (no options, the set-up state itself)."""


# --- a. playouts ----------------------------------------------------------------------------------


def round_trip(spec: registry.GameSpec, game: Any, state: Any, folder: Path) -> None:
    """Save ``state``, open the file again through the registry, and draw it both ways."""
    path = folder / f"{spec.name}-state.yaml"
    spec.save(game, state, path)
    found, data = registry.parse_file(path)
    assert found is spec, f"{path.name} was read as a {found.name} file"
    opened = registry.open_data(found, data, str(path), spec.ruleset({}))
    assert opened.state == state, f"{spec.name}: the state changed on its way through {path.name}"
    assert spec.text(opened, path.name).strip(), f"{spec.name}: the text drawing is empty"
    root = ET.fromstring(spec.svg(opened, path.name))
    assert root.tag.endswith("svg"), f"{spec.name}: the drawing's root is {root.tag}"


def play_and_check(
    spec: registry.GameSpec,
    new: registry.NewGame,
    player: str,
    seed: int,
    offset: int,
    folder: Path,
) -> None:
    """Play from ``new`` with ``player`` (``random`` or one of the spec's players), checking the
    first state, every :data:`CHECK_EVERY`-th from ``offset`` on, and the last one."""
    policy = None if player == "random" else spec.player(player, new.game, player_rng(player, seed))
    seen = [0]

    def check(before: Any, decision: Any, step: Any) -> None:
        seen[0] += 1
        if seen[0] % CHECK_EVERY == offset:
            round_trip(spec, new.game, step.state, folder)

    round_trip(spec, new.game, new.state, folder)
    last, ending = play_out(new.game, new.state, random.Random(seed), policy, check, MAX_DECISIONS)
    assert ending.result != "stuck", f"{spec.name} {player} seed {seed}: {ending.why}"
    round_trip(spec, new.game, last, folder)
    event(f"{spec.name}: ended by {ending.result}")


def playout_cases() -> list[Any]:
    """Every registered game x its default set-up and coverage setups x random and its players."""
    return [
        pytest.param(name, setup, player, id=f"{name}-{setup.label}-{player}")
        for name, spec in registry.games().items()
        for setup in (DEFAULT, *spec.coverage_setups)
        for player in ("random", *spec.players)
    ]


@pytest.mark.parametrize(("name", "setup", "player"), playout_cases())
def test_every_state_of_a_playout_saves_loads_back_and_draws(
    name: str, setup: registry.CoverageSetup, player: str, tmp_path: Path
) -> None:
    spec = registry.game(name)

    @settings(max_examples=scaled(PLAYOUTS), deadline=None, database=None)
    @given(seed=st.integers(0, 2**31 - 1), offset=st.integers(0, CHECK_EVERY - 1))
    def playout(seed: int, offset: int) -> None:
        new = spec.new_game(spec.ruleset({}), seed, dict(setup.options))
        if setup.start is not None:
            new = registry.NewGame(new.game, setup.start(new.state))
        play_and_check(spec, new, player, seed, offset, tmp_path)

    playout()


# --- b. generated positions -----------------------------------------------------------------------

GENERATED = 40
"""Generated positions per game under the ``ci`` profile."""
FEWEST_GENERATED = 20
"""Generated positions per game under any profile: enough for the floor to be judged on."""
DRAWN_SHARE = 0.1
"""The least share of a game's generated positions that must really draw (from each game's
narrowed schema, about a third to a half of them do: at this floor a run of 20 fails by chance
well under once in a thousand)."""
SOURCE = "generated.yaml"
SCHEMAS = {name: spec.position_schema() for name, spec in registry.games().items()}


def validator(schema: registry.PositionSchema) -> Any:
    """A validator of the real schema (of the draft it names)."""
    return jsonschema.validators.validator_for(schema.schema)(schema.schema)


def draw_or_refuse(spec: registry.GameSpec, real: Any, data: Any) -> str:
    """``drew``, or ``refused`` with a ``PositionError`` naming the file, the entry and the
    problem on one line, for ``data``, which ``real`` (the real schema's validator) accepts;
    anything else fails."""
    real.validate(data)
    assert registry.spec_of_data(data, SOURCE) is spec
    try:
        opened = registry.open_data(spec, data, SOURCE, spec.ruleset({}))
    except PositionError as error:
        said = str(error)
        assert said.startswith(f"{SOURCE}: {error.entry}: ") and error.problem, said
        assert "\n" not in said, f"the refusal is not one line: {said!r}"
        return "refused"
    assert spec.text(opened, SOURCE).strip(), "the text drawing is empty"
    ET.fromstring(spec.svg(opened, SOURCE))
    return "drew"


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_every_schema_valid_position_draws_or_is_refused_by_name(name: str) -> None:
    spec, schema = registry.game(name), SCHEMAS[name]
    if schema is None:
        pytest.skip(f"{name} gives no position schema to generate its files from")
    real, tally = validator(schema), Counter[str]()

    @settings(
        max_examples=max(FEWEST_GENERATED, scaled(GENERATED)),
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(from_schema(dict(schema.narrowed)).map(schema.placed))
    def one(data: dict[str, Any]) -> None:
        outcome = draw_or_refuse(spec, real, data)
        event(outcome)
        tally[outcome] += 1

    one()
    total = sum(tally.values())
    assert tally["drew"] >= DRAWN_SHARE * total, f"{name}: only {tally['drew']} of {total} drew"


# --- c. what the schema describes -----------------------------------------------------------------


def described(part: dict[str, Any], name: str) -> str:
    """The description ``part`` (an object schema) gives the entry ``name``: by its property,
    or by a pattern property matching it ("" if neither describes it)."""
    entry = part.get("properties", {}).get(name)
    if entry is None:
        patterns = part.get("patternProperties", {})
        entry = next((v for p, v in patterns.items() if re.search(p, name)), None)
    return "" if entry is None else entry.get("description", "").strip()


DESCRIBED = [
    pytest.param(name, pointer, written, id=f"{name}-{written}")
    for name, schema in SCHEMAS.items()
    if schema is not None
    for pointer, written in schema.described
]


@pytest.mark.parametrize(("name", "pointer", "written"), DESCRIBED)
def test_the_schema_describes_every_counter_the_engine_writes(
    name: str, pointer: str, written: str
) -> None:
    schema = SCHEMAS[name]
    assert schema is not None
    part: Any = schema.schema
    for step in pointer.strip("/").split("/"):
        part = part[step]
    assert described(part, written), f"{name}: {pointer} does not describe {written!r}"
