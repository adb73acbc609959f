"""Hostile position and scenario files: the loaders succeed or raise a one-line PositionError.

Hypothesis writes malformed and hostile files to a temporary folder: random YAML/JSON values,
wrong types, huge numbers, deep nesting, unknown keys, bytes that are not UTF-8, and mutations of
valid files (a value replaced, a key dropped or added, bytes cut, inserted or flipped). It feeds
them to ``engine.positions.load_position`` / ``load_state`` and to
``engine.falling_skies.scenario.load_scenario``. The only outcomes allowed are success and
:class:`~engine.core.errors.PositionError` whose message is one line (``fs.round.phases``: a
game resumes only from a position the rules allow; a bad file is refused by name, never with a
traceback). ``INVARIANTS`` lists the checks by clause.
"""

from __future__ import annotations

import json
import signal
import tempfile
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import positions
from engine.core.errors import PositionError
from engine.core.textfiles import read_yaml
from engine.falling_skies.scenario import DATA, load_scenario
from properties.profiles import scaled


def valid_data(path: Path) -> Any:
    if path.suffix == ".json":
        return json.loads(path.read_text(encoding="utf-8"))
    return read_yaml(path)


def names_a_scenario(path: Path) -> bool:
    """Whether a valid position file names its scenario file (``scenario``)."""
    data = valid_data(path)
    return isinstance(data, dict) and "scenario" in data


EXAMPLES = scaled(100)
LOAD_SECONDS = 30.0
"""A guard against a load that never ends (a hang is a failure), not a speed test: a loaded
machine may take a few seconds over a first load, so the bound is generous."""
ROOT = Path(__file__).resolve().parent.parent
SCENARIO_FILES = sorted((DATA / "scenarios").glob("*.yaml"))
POSITION_FILES = sorted(
    p
    for p in (ROOT / "tests" / "data" / "positions").rglob("*")
    if p.suffix in (".yaml", ".json") and "bad" not in p.parts
)
FS_POSITION_FILES = [p for p in POSITION_FILES if names_a_scenario(p)]
WORK = Path(tempfile.mkdtemp(prefix="hostile-files-"))
"""Where the hostile files are written (one folder for the session: Hypothesis re-runs the test
body many times, so a per-test ``tmp_path`` fixture would be shared anyway)."""

SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


# -- hostile values --------------------------------------------------------------------------
HUGE = st.sampled_from(
    [10**400, -(10**400), 2**63, -(2**63) - 1, float("inf"), float("nan"), 1e308]
)
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-10, 40)
    | HUGE
    | st.floats(allow_nan=False)
    | st.text(max_size=12)
    | st.sampled_from(["", "falling-skies", "unknown", "pnp-easy", "scen.yaml", "../x.yaml", "~"])
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=20,
)


def deep(depth: int, as_json: bool) -> str:
    """A value nested ``depth`` lists deep."""
    return "[" * depth + "]" * depth if as_json else "a: " + "[" * depth + "]" * depth


@st.composite
def mutated(draw: st.DrawFn, data: Any) -> Any:
    """``data`` with one value somewhere replaced, a key dropped, or an unknown key added."""
    if isinstance(data, dict) and data:
        key = draw(st.sampled_from(sorted(data, key=str)))
        how = draw(st.sampled_from(["replace", "drop", "add", "descend"]))
        data = dict(data)
        if how == "replace":
            data[key] = draw(VALUES)
        elif how == "drop":
            del data[key]
        elif how == "add":
            data[draw(st.text(min_size=1, max_size=8))] = draw(VALUES)
        else:
            data[key] = draw(mutated(data[key]))
        return data
    if isinstance(data, list) and data:
        i = draw(st.integers(0, len(data) - 1))
        how = draw(st.sampled_from(["replace", "drop", "dup", "descend"]))
        data = list(data)
        if how == "replace":
            data[i] = draw(VALUES)
        elif how == "drop":
            del data[i]
        elif how == "dup":
            data.insert(i, data[i])
        else:
            data[i] = draw(mutated(data[i]))
        return data
    return draw(VALUES)


def dump(data: Any, as_json: bool) -> str:
    if as_json:
        return json.dumps(data)
    return yaml.safe_dump(data, allow_unicode=True)


@st.composite
def text_mutation(draw: st.DrawFn, raw: bytes, utf8: bool) -> bytes:
    """``raw`` with a few bytes cut, inserted (UTF-8 text) or flipped (maybe not UTF-8 then)."""
    raw = bytearray(raw)
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(raw)))
        how = draw(st.sampled_from(["cut", "insert", "flip"]))
        if how == "cut":
            del raw[at : at + draw(st.integers(1, 20))]
        elif how == "insert":
            raw[at:at] = draw(st.text(min_size=1, max_size=6)).encode()
        elif raw:
            raw[min(at, len(raw) - 1)] ^= draw(st.integers(1, 127 if utf8 else 255))
    return bytes(raw)


@st.composite
def hostile_files(draw: st.DrawFn, valid: list[Path], utf8: bool = True) -> tuple[bytes, str]:
    """``(content, suffix)`` of a hostile file, grown from nothing or from a valid file;
    ``utf8``: the bytes are UTF-8 (else they may well not be)."""
    as_json = draw(st.booleans())
    suffix = ".json" if as_json else ".yaml"
    kind = draw(
        st.sampled_from(
            ["random", "mutated", "bytes", "deep", "huge", "non-utf8"]
            if not utf8
            else ["random", "mutated", "bytes", "deep", "huge"]
        ),
        label="kind",
    )
    if kind == "random":
        value = draw(
            VALUES | st.dictionaries(st.sampled_from(["game", "scenario", "name"]), VALUES)
        )
        return dump(value, as_json).encode(), suffix
    base = draw(st.sampled_from(valid), label="base")
    data = valid_data(base)
    if kind == "mutated":
        for _ in range(draw(st.integers(1, 3))):
            data = draw(mutated(data))
        return dump(data, as_json).encode(), suffix
    if kind == "bytes":
        return draw(text_mutation(dump(data, as_json).encode(), utf8)), suffix
    if kind == "deep":
        text = deep(draw(st.integers(50, 20_000)), as_json)
        return text.encode(), suffix
    if kind == "huge":
        key = draw(st.sampled_from(sorted(data)))
        data = dict(data)
        data[key] = draw(HUGE | st.integers(2**31, 10**30))
        return dump(data, as_json).encode(), suffix
    text = dump(data, as_json).encode()
    at = draw(st.integers(0, len(text)))
    return text[:at] + draw(
        st.sampled_from([b"\xff", b"\xc3\x28", b"\x80abc", b"\xed\xa0\x80"])
    ) + text[at:], suffix


# -- the invariant --------------------------------------------------------------------------------
class TooSlow(Exception):
    """A loader ran past ``LOAD_SECONDS`` on one small file (a huge number it loops over)."""


def _too_slow(signum: int, frame: Any) -> None:
    raise TooSlow


def only_success_or_position_error(load: Any, path: Path) -> None:
    """``fs.round.phases``, ``unknown.turn.phases`` (play resumes from a file, of either game):
    a file is loaded, or refused with one
    ``PositionError`` whose message is a single line, within ``LOAD_SECONDS``; any other
    exception (or a loader that does not finish) is a bug."""
    previous = signal.signal(signal.SIGALRM, _too_slow)
    signal.setitimer(signal.ITIMER_REAL, LOAD_SECONDS)
    try:
        load(path)
    except TooSlow:
        raise AssertionError(
            f"{load.__module__}.{load.__qualname__} did not finish within {LOAD_SECONDS} s"
        ) from None
    except PositionError as error:
        message = str(error)
        assert message and "\n" not in message, (
            f"a PositionError of more than one line: {message!r}"
        )
    except RecursionError:
        raise AssertionError(f"{load.__qualname__} overflowed the stack on {path.name}") from None
    except Exception as error:  # noqa: BLE001 - any other exception is the failure being tested
        raise AssertionError(
            f"{load.__module__}.{load.__qualname__} raised {type(error).__name__}: {error}"
        ) from error
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


INVARIANTS: dict[str, list[str]] = {
    "fs.round.phases": ["only_success_or_position_error"],
    "unknown.turn.phases": ["only_success_or_position_error"],
}
"""Rule clause ID -> the invariants (functions of this module) that protect it."""


def write(content: bytes, name: str) -> Path:
    path = WORK / name
    path.write_bytes(content)
    return path


@SETTINGS
@given(
    hostile_files(POSITION_FILES + SCENARIO_FILES), st.sampled_from(["load_position", "load_state"])
)
def test_hostile_position_files(file: tuple[bytes, str], loader: str) -> None:
    """Hostile position files: ``load_position`` / ``load_state`` succeed or raise a one-line
    ``PositionError``."""
    content, suffix = file
    only_success_or_position_error(getattr(positions, loader), write(content, f"position{suffix}"))


@SETTINGS
@given(hostile_files(SCENARIO_FILES))
def test_hostile_scenario_files(file: tuple[bytes, str]) -> None:
    """Hostile scenario files: ``load_scenario`` succeeds or raises a one-line
    ``PositionError``."""
    content, suffix = file
    only_success_or_position_error(load_scenario, write(content, f"scenario{suffix}"))


@SETTINGS
@given(hostile_files(SCENARIO_FILES), st.sampled_from(FS_POSITION_FILES))
def test_position_naming_a_hostile_scenario(file: tuple[bytes, str], base: Path) -> None:
    """A valid position file whose ``scenario`` entry names a hostile scenario file: the
    position loaders succeed or raise a one-line ``PositionError``."""
    content, suffix = file
    data = valid_data(base)
    write(content, f"scen{suffix}")
    data["scenario"] = f"scen{suffix}"
    path = write(yaml.safe_dump(data).encode(), "named.yaml")
    only_success_or_position_error(positions.load_position, path)


@SETTINGS
@given(
    hostile_files(POSITION_FILES + SCENARIO_FILES, utf8=False),
    st.sampled_from(["load_position", "load_state", "load_scenario"]),
)
def test_files_that_are_not_utf8(file: tuple[bytes, str], loader: str) -> None:
    """Files that may not be UTF-8 (bytes flipped, invalid sequences inserted): every loader
    succeeds or raises a one-line ``PositionError``."""
    content, suffix = file
    load = load_scenario if loader == "load_scenario" else getattr(positions, loader)
    only_success_or_position_error(load, write(content, f"raw{suffix}"))
