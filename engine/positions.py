"""Reading position files: YAML, or JSON by the ``.json`` extension, checked by the JSON Schema.

Every problem becomes one :class:`~engine.core.errors.PositionError` naming the file, the entry
and what is wrong; nothing here prints a traceback or changes anything.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import yaml

from engine.core.errors import PositionError, did_you_mean
from engine.core.textfiles import YAML_LOADER

SCHEMA_PATH = Path(__file__).resolve().parent / "schemas" / "position.schema.json"


@cache
def position_schema() -> dict[str, Any]:
    """The JSON Schema that documents and checks position files."""
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


def read_text(path: str | Path) -> str:
    """The UTF-8 text of a position or scenario file, or ``PositionError`` saying why not."""
    path = Path(path)
    try:
        return path.read_text(encoding="utf-8")
    except OSError as error:
        raise PositionError(
            str(path), "file", f"cannot be read: {error.strerror or error}"
        ) from None
    except UnicodeDecodeError as error:
        raise PositionError(
            str(path), "file", f"is not UTF-8 text (byte {error.start} cannot be decoded)"
        ) from None


def read_position_data(path: str | Path) -> dict[str, Any]:
    """Parse a position file into schema-valid data, or raise ``PositionError``."""
    path = Path(path)
    source = str(path)
    data = _parse(read_text(path), source, as_json=path.suffix.lower() == ".json")
    return check_position_data(data, source)


def parse_position_text(text: str, source: str, as_json: bool = False) -> Any:
    """Parse the text of a position file (YAML, or JSON), or raise ``PositionError``.

    YAML goes through libyaml when PyYAML has it (much faster, for whole-game states); a text
    it rejects is parsed again the usual way, so errors read the same either way.
    """
    if not as_json and YAML_LOADER is not yaml.SafeLoader:
        try:
            return yaml.load(text, Loader=YAML_LOADER)
        except yaml.YAMLError:
            pass
        except RecursionError:
            raise PositionError(source, "file", TOO_DEEP) from None
    return _parse(text, source, as_json)


TOO_DEEP = "nested too deeply to be a position or scenario file"


def _parse(text: str, source: str, as_json: bool) -> Any:
    try:
        return _parse_text(text, source, as_json)
    except RecursionError:
        raise PositionError(source, "file", TOO_DEEP) from None


def _parse_text(text: str, source: str, as_json: bool) -> Any:
    if as_json:
        try:
            return json.loads(text)
        except json.JSONDecodeError as error:
            problem = f"malformed JSON: {_plain_json(error.msg)}"
            raise PositionError(source, f"line {error.lineno}", problem, error.colno) from None
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark else "file"
        column = mark.column + 1 if mark else None
        problem = getattr(error, "problem", None) or str(error).splitlines()[0]
        raise PositionError(
            source, where, f"malformed YAML: {_plain_yaml(problem)}", column
        ) from None


YAML_PROBLEMS = (
    (
        "mapping values are not allowed here",
        "a mapping value is not allowed here (a missing "
        "space after ':', or a missing ',' between entries?)",
    ),
    ("could not find expected ':'", "a key without its ':' (a missing ':' after a key?)"),
    ("did not find expected key", "an entry out of line (check the spaces that indent it)"),
    (
        "did not find expected '-' indicator",
        "a list item out of line (check the spaces before its '-')",
    ),
    ("expected ',' or ']'", "a list [ ... ] not closed (a missing ',' or ']'?)"),
    ("expected ',' or '}'", "a mapping { ... } not closed (a missing ',' or '}'?)"),
    ("found character '\\t' that cannot start any token", "a tab (indent with spaces)"),
    ("found unexpected end of stream", "the file ends inside a value (an unclosed quote?)"),
    (
        "expected <block end>, but found",
        "more on the line than one entry (a missing line break, or a missing ',' in { ... }?)",
    ),
    ("found undefined alias", "a '*' that names no '&' anchor (quote a value starting with '*')"),
    (
        "expected alphabetic or numeric character",
        "a '&' or '*' with no name after it (quote the value)",
    ),
    (
        "that cannot start any token",
        "a character that cannot start a value (quote the value: '@', '`' and '%' need quotes)",
    ),
)
"""PyYAML's problems, said in plain words with the likely slip."""

JSON_PROBLEMS = (
    ("Expecting ',' delimiter", "a missing ',' between items"),
    ("Expecting ':' delimiter", "a missing ':' after a key"),
    (
        "Expecting property name enclosed in double quotes",
        "a key not in double quotes (or a ',' before a closing '}')",
    ),
    ("Expecting value", "a value is missing (or a ',' before a closing ']' or '}')"),
    ("Extra data", "text after the end of the JSON object"),
    ("Unterminated string", "a string not closed by '\"'"),
    ("Invalid control character", "a line break or tab inside a string (write it as \\n or \\t)"),
)
"""The JSON reader's problems, in plain words."""


def _plain_yaml(problem: str) -> str:
    return next((plain for raw, plain in YAML_PROBLEMS if raw in problem), problem)


def _plain_json(problem: str) -> str:
    return next((plain for raw, plain in JSON_PROBLEMS if problem.startswith(raw)), problem)


def check_position_data(data: Any, source: str) -> dict[str, Any]:
    """Check parsed data against the schema; the first (most relevant) error is reported."""
    if not isinstance(data, dict):
        raise PositionError(source, "file", "a position file must be a mapping with a 'game' key")
    check_against(position_schema(), data, source)
    return data


def _whole_number(checker: Any, instance: Any) -> bool:
    return isinstance(instance, int) and not isinstance(instance, bool)


StrictValidator = jsonschema.validators.extend(
    jsonschema.Draft202012Validator,
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _whole_number),
)
"""JSON Schema 2020-12, except that ``integer`` means a whole number written as one: ``1.0`` or
``1e308`` is refused where a count is expected."""


def check_against(
    schema: dict[str, Any],
    data: Any,
    source: str,
    problem: Callable[[jsonschema.ValidationError], str] | None = None,
) -> None:
    """Check data against a schema; the most relevant error becomes one ``PositionError``,
    worded by ``problem`` (the schema's own message by default)."""
    try:
        error = jsonschema.exceptions.best_match(StrictValidator(schema).iter_errors(data))
    except RecursionError:
        raise PositionError(source, "file", TOO_DEEP) from None
    if error is not None:
        raise PositionError(source, _entry(error.absolute_path), (problem or _problem)(error))


def _entry(path: Any) -> str:
    entry = ""
    for part in path:
        entry += f"[{part}]" if isinstance(part, int) else (f".{part}" if entry else str(part))
    return entry or "file"


def _problem(error: jsonschema.ValidationError) -> str:
    """The schema's complaint in plain words, with the nearest allowed word where one is
    near (``'fod' is not one of food, ammo, ... (did you mean 'food'?)``)."""
    value, schema = error.instance, error.schema
    if error.validator == "additionalProperties" and isinstance(value, dict):
        allowed = list(schema.get("properties", {}))
        extra = [key for key in value if key not in allowed]
        near = did_you_mean(str(extra[0]), allowed) if extra else ""
        return (
            error.message.replace("Additional properties are not allowed", "unknown key(s)")
            + near
            + (f"; keys here: {', '.join(allowed)}" if allowed and not near else "")
        )
    if error.validator == "enum" and isinstance(value, str):
        choices = [str(choice) for choice in error.validator_value]
        return f"{value!r} is not one of {', '.join(choices)}{did_you_mean(value, choices)}"
    if error.validator == "pattern" and isinstance(value, str):
        return _not_a_name(value, error)
    if error.validator == "required":
        return f"{error.message} (the entry is missing: add it)"
    if error.validator == "type":
        wanted = error.validator_value
        kinds = wanted if isinstance(wanted, list) else [wanted]
        words = " or ".join(TYPE_WORDS.get(kind, kind) for kind in kinds)
        return f"{error.message}: {words} is expected here"
    return error.message


TYPE_WORDS = {
    "integer": "a whole number",
    "number": "a number",
    "string": "a word or text",
    "boolean": "true or false",
    "array": "a list [ ... ]",
    "object": "a mapping of keys and values",
    "null": "nothing",
}
"""JSON Schema's types as a player would name them."""


def _not_a_name(value: str, error: jsonschema.ValidationError) -> str:
    """A name that breaks a name pattern: say what names look like, with an example from the
    value itself."""
    key = next((part for part in reversed(error.absolute_path) if isinstance(part, str)), "")
    what = f"a {key.replace('_', ' ')} name" if key else "a name"
    example = "_".join(value.lower().split()).replace("-", "_")
    if (
        example
        and example != value
        and jsonschema.Draft202012Validator({"pattern": error.validator_value}).is_valid(example)
    ):
        return f"{value!r}: {what} is lower case, with '_' between words, e.g. {example!r}"
    return (
        f"{value!r}: {what} is lower case letters, digits and '_' (pattern {error.validator_value})"
    )


def load_position(path: str | Path) -> Any:
    """Load a position file into its game's own view of it (by its ``game`` key, through the
    registry): e.g. an ``UnknownPosition`` (a map), or a Falling Skies ``FSPosition`` (state and
    scenario)."""
    from engine.core import registry

    spec, data = registry.parse_file(path)
    return spec.read_view(data, str(path), spec.ruleset())


def load_state(path: str | Path) -> Any:
    """Load a position file as a whole game state (by its ``game`` key, through the registry);
    a file holding only a map gives a state with no round in progress."""
    from engine.core import registry

    spec, data = registry.parse_file(path)
    return spec.open_data(data, str(path), spec.ruleset()).state
