"""The command line under random input: any argument list, to any command, and any phrases typed
into ``rulings play``, ends in a clean exit — an answer, or one error line and a non-zero code —
never in a traceback.

The argument lists are drawn from each command's own options (read from the click command
tree, so a new option is fuzzed as soon as it exists), their choices, numbers and coordinates
(negative ones too), position files, phrase words (from every game's phrasebook), misspellings
and stray text. Every file a command is given lives in a scratch folder holding copies of the
test positions, so a command that writes (``--out``, ``--svg``, ``--log``) never touches the
repository.

The commands whose valid runs last minutes (``verify``, ``sweep``, ``balance``, ``fuzz``,
``record``, ``solve``, ``mutate``) run up to the call that starts their work, which is replaced
by a stand-in raising :class:`Reached`: everything before it (reading and checking the
arguments, opening files) runs for real. Their work is tested in their own tests.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from engine.cli.interactive import SESSION_WORDS
from engine.cli.main import cli
from engine.core import registry
from properties.profiles import scaled

POSITIONS = Path(__file__).resolve().parent / "data" / "positions"


class Reached(BaseException):
    """Raised by the stand-in for a long command's work: its arguments were all accepted."""


WORK = {
    "verify": ("engine.cli.verify", "_verify"),
    "sweep": ("engine.cli.sweep", "Runner"),
    "balance": ("engine.cli.balance", "run"),
    "fuzz": ("properties.fuzz", "fuzz"),
    "mutate": ("properties.mutation", "mutants"),
    "record": ("engine.cli.record", "play"),
    "solve": ("engine.cli.solve", "answer"),
}
"""The call that starts each long command's work, as (module, attribute)."""

CAPS = {"play": ("--max-decisions", "12")}
"""Options appended to a command's arguments so that its valid runs stay short."""


def commands(group: click.Group = cli, path: tuple[str, ...] = ()) -> dict[tuple[str, ...], Any]:
    """Every runnable command by its path of names (``("query", "range")``)."""
    found: dict[tuple[str, ...], Any] = {}
    for name, command in group.commands.items():
        if isinstance(command, click.Group):
            found |= commands(command, (*path, name))
        else:
            found[(*path, name)] = command
    return found


COMMANDS = commands()


def files() -> list[str]:
    """The position and replay files the scratch folder holds (relative paths)."""
    return sorted(
        str(p.relative_to(POSITIONS.parent))
        for p in POSITIONS.rglob("*")
        if p.is_file() and p.suffix in {".yaml", ".json", ".txt"}
    )


FILES = files()


def phrase_words() -> list[str]:
    """The words of every game's accepted phrase forms, and the piece ids of the positions."""
    words: set[str] = set()
    for spec in registry.games().values():
        words |= {w.strip(".,()|[]:;'") for w in spec.phrasebook().forms.split()}
    words |= {"yellow", "blue", "red", "green", "s1", "r3c4", "r1c1", "food", "fod", "1", "0"}
    words |= {*SESSION_WORDS, "shw", "x.yaml", "x.json", "missing/x.yaml"}  # play's own words
    return sorted(w for w in words if w and "\x08" not in w)


WORDS = phrase_words()

coordinates = st.builds(
    lambda x, y: f"{x},{y}", st.integers(-4, 4), st.integers(-4, 4)
) | st.sampled_from(["-1,0", "0,-1", "1,", ",", "a,b", "--1,0", "1,1,1"])
numbers = st.integers(-3, 40).map(str) | st.sampled_from(["-1", "0", "1e9", "x", "", "99999999999"])
stray = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12)
names = st.sampled_from(
    [*registry.names(), "all", "unknwon", "Base", "scout", "expert", "random", "mcts"]
)
readings = st.sampled_from(
    [
        f"{switch}={reading}"
        for spec in registry.games().values()
        for switch, entry in spec.switches().items()
        for reading in entry["readings"]
    ]
    + ["no-such=thing", "range-endpoints", "=", "range-endpoints=exemptt"]
)
relative_files = st.sampled_from([*FILES, "missing.yaml", "out.yaml", "out.svg", "pos", "."])


def values_for(param: click.Parameter) -> st.SearchStrategy[str]:
    """Values for one option or argument: its own choices and kinds first, anything else too."""
    kinds: list[st.SearchStrategy[str]] = [stray, numbers, coordinates, names]
    if isinstance(param.type, click.Choice):
        kinds.insert(0, st.sampled_from([str(c) for c in param.type.choices]))
    if isinstance(param.type, click.Path) or (param.metavar or "").upper() in {
        "FILE",
        "DIR",
        "DIRECTORY",
        "POS",
        "POSITION",
        "NEW_POS",
    }:
        kinds.insert(0, relative_files)
    if param.name == "readings":
        kinds.insert(0, readings)
    return st.one_of(kinds)


def tokens_for(command: click.Command) -> st.SearchStrategy[list[str]]:
    """One random argument: an option with value(s), a positional value, or a phrase word."""
    pieces: list[st.SearchStrategy[list[str]]] = []
    for param in command.params:
        if isinstance(param, click.Option):
            for flag in [*param.opts, *param.secondary_opts]:
                if param.is_flag or param.count:
                    pieces.append(st.just([flag]))
                else:
                    pieces.append(
                        st.lists(values_for(param), min_size=param.nargs, max_size=param.nargs).map(
                            lambda v, f=flag: [f, *v]
                        )
                    )
        else:
            pieces.append(values_for(param).map(lambda v: [v]))
    typo = st.sampled_from(["--sede", "--jsn", "-x", "--", "--help", "-h", "--version"])
    pieces += [st.sampled_from(WORDS).map(lambda w: [w]), coordinates.map(lambda c: [c])]
    pieces.append(typo.map(lambda t: [t]))
    return st.one_of(pieces)


@st.composite
def invocations(draw: st.DrawFn) -> tuple[tuple[str, ...], list[str], str]:
    """A command path, its argument list and the text on standard input."""
    path = draw(st.sampled_from(sorted(COMMANDS)))
    command = COMMANDS[path]
    arguments = [t for part in draw(st.lists(tokens_for(command), max_size=7)) for t in part]
    arguments += CAPS.get(path[-1], ())
    if "mcts" in arguments:
        arguments += ["--simulations", "2"]
    lines = draw(st.lists(st.lists(st.sampled_from(WORDS), max_size=4).map(" ".join), max_size=5))
    return path, arguments, "\n".join(lines) + "\n"


@contextmanager
def scratch(tmp: Path) -> Iterator[Path]:
    """A folder holding copies of the test positions, made the working folder."""
    folder = tmp / "scratch"
    if folder.exists():
        shutil.rmtree(folder)
    shutil.copytree(POSITIONS, folder / "positions")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(folder)
        yield folder


def stand_in(*args: Any, **kwargs: Any) -> Any:
    raise Reached


def run(path: tuple[str, ...], arguments: list[str], stdin: str) -> Result | None:
    """One invocation, the long commands' work replaced by :func:`stand_in` (``None``: it was
    reached)."""
    with pytest.MonkeyPatch.context() as patch:
        if path[0] in WORK:
            module, attribute = WORK[path[0]]
            patch.setattr(f"{module}.{attribute}", stand_in)
        try:
            return CliRunner().invoke(cli, [*path, *arguments], input=stdin)
        except Reached:
            return None


def outcome(result: Result | None) -> str:
    """How an invocation ended: ``answered``, ``refused`` (exit 1 or 2), ``reached`` its work,
    or ``traceback`` (any other exception)."""
    if result is None:
        return "reached"
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        return "traceback"
    return "answered" if result.exit_code == 0 else "refused"


def test_the_long_commands_have_their_work_where_the_fuzz_replaces_it() -> None:
    """Each replaced call exists, so a rename cannot quietly let a long command run for real."""
    import importlib

    for module, attribute in WORK.values():
        assert callable(getattr(importlib.import_module(module), attribute)), (module, attribute)
    assert set(WORK) <= {path[0] for path in COMMANDS}


@settings(
    max_examples=scaled(150),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(invocation=invocations())
def test_random_arguments_to_any_command_never_end_in_a_traceback(
    invocation: tuple[tuple[str, ...], list[str], str], tmp_path: Path
) -> None:
    path, arguments, stdin = invocation
    with scratch(tmp_path):
        result = run(path, arguments, stdin)
    ended = outcome(result)
    event(f"{' '.join(path)}: {ended}")
    assert result is None or ended != "traceback", (
        f"rulings {' '.join(path)} {' '.join(arguments)} (stdin {stdin!r}) raised "
        f"{result.exception!r}\n{result.output}"
    )
    if result is not None and ended == "refused" and result.exit_code == 2:
        error_lines = [line for line in result.output.splitlines() if "error:" in line]
        assert len(error_lines) <= 1 or "Usage:" in result.output, result.output


POSITIONS_TO_PLAY = [f for f in FILES if f.endswith((".yaml", ".json")) and "/bad/" not in f]


@settings(
    max_examples=scaled(150),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    position=st.sampled_from(POSITIONS_TO_PLAY),
    words=st.lists(st.sampled_from(WORDS) | coordinates | numbers, min_size=1, max_size=6),
    as_json=st.booleans(),
)
def test_random_phrases_to_resolve_are_answered_or_refused_in_one_line(
    position: str, words: list[str], as_json: bool, tmp_path: Path
) -> None:
    with scratch(tmp_path):
        result = run(("resolve",), [position, *words, *(["--json"] if as_json else [])], "")
    ended = outcome(result)
    event(f"resolve: {ended}")
    assert result is not None and ended != "traceback", (
        f"rulings resolve {position} {' '.join(words)} raised {result.exception!r}\n{result.output}"
    )
    if ended == "refused":
        said = [
            line
            for line in result.output.splitlines()
            if line.startswith(("rulings: error:", "rulings: illegal:"))
        ]
        assert len(said) == 1, result.output
        assert not re.search(r"\(\('|<[A-Za-z]+ object at", said[0]), said[0]


@settings(
    max_examples=scaled(60),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    game=st.sampled_from(registry.names()),
    seed=st.integers(0, 5),
    lines=st.lists(
        st.lists(st.sampled_from(WORDS) | coordinates | numbers, max_size=5).map(" ".join),
        max_size=8,
    ),
)
def test_random_phrases_typed_into_play_never_end_in_a_traceback(
    game: str, seed: int, lines: list[str], tmp_path: Path
) -> None:
    stdin = "\n".join(lines) + "\n"
    with scratch(tmp_path):
        result = run(("play",), [game, "--seed", str(seed), *CAPS["play"]], stdin)
    ended = outcome(result)
    event(f"play {game}: {ended}")
    assert result is not None and ended != "traceback", (
        f"rulings play {game} --seed {seed} with stdin {stdin!r} raised {result.exception!r}\n"
        f"{result.output}"
    )


@pytest.mark.parametrize(
    "arguments",
    [
        ("fuzz", "--out", "\x00"),  # the deep CLI fuzz's minimal replay (seed 101)
        ("verify", "--out", "reports\x00"),
        ("resolve", "a\x00.yaml"),
        ("show", "\x00"),
    ],
)
def test_a_file_name_with_a_nul_byte_is_one_error_line(arguments: tuple[str, ...]) -> None:
    """No file system takes a NUL byte in a name: the argument is refused in one line naming
    it, before any work starts."""
    from tests.cli_support import one_line_error, run

    line = one_line_error(run(*arguments), 2, "rulings: error: ")
    assert "NUL byte" in line
