"""The ``rulings`` command line: answers, drawings, verify, and one-line errors for bad input.

Every expected answer below is worked out by hand from the rules on the small maps in
``tests/data/positions/`` (each file draws its map in a comment) or on maps written here; the
derivation sits next to the assertion.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import types
from collections import Counter
from pathlib import Path

import pytest
import yaml
from click.testing import Result

from engine.cli import verify as verify_module
from engine.core import registry
from engine.report.run import junit_counts
from tests.cli_support import run

REPO = Path(__file__).resolve().parent.parent
POSITIONS = Path(__file__).resolve().parent / "data" / "positions"
DETOUR = str(POSITIONS / "detour.yaml")
SIGHTLINES = str(POSITIONS / "sightlines.yaml")
CORRIDOR = str(POSITIONS / "corridor.yaml")
EXPLORE_2X2 = str(POSITIONS / "explore-2x2.yaml")
BAD = POSITIONS / "bad"


def answer(*args: str) -> dict:
    """The JSON answer of a command that must succeed."""
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def sentence(*args: str) -> str:
    """The readable answer of a command that must succeed: one line."""
    result = run(*args)
    assert result.exit_code == 0, result.output
    assert result.stdout.count("\n") == 1, result.stdout
    return result.stdout.strip()


def write_position(tmp_path: Path, tiles: list, **pieces: list) -> str:
    """A position file of ``(x, y, tile)`` tiles and optional tokens/survivors/enemies."""
    data = {"game": "unknown", "tiles": [{"at": [x, y], "tile": t} for x, y, t in tiles], **pieces}
    path = tmp_path / "position.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return str(path)


# --- help and examples --------------------------------------------------------------------------

COMMANDS = [
    [],
    ["query"],
    ["query", "range"],
    ["query", "los"],
    ["query", "knockback"],
    ["query", "explore"],
    ["show"],
    ["verify"],
]


def examples_of(command: list[str]) -> list[str]:
    """The example command lines in a command's help (``\\`` continues a line)."""
    text = run(*command, "--help").stdout
    lines = text.split("Examples:", 1)[1].splitlines()
    joined = "\n".join(lines).replace("\\\n", " ")
    return [
        " ".join(line.split())
        for line in joined.splitlines()
        if line.strip().startswith("rulings ")
    ]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "rulings")
def test_every_command_has_a_description_and_examples(command):
    result = run(*command, "--help")
    assert result.exit_code == 0
    usage, description = result.stdout.split("\n\n")[:2]
    assert usage.startswith("Usage: rulings")
    assert len(description.split()) >= 15, description
    assert examples_of(command), result.stdout


@pytest.mark.parametrize("command", COMMANDS[:-1], ids=lambda c: " ".join(c) or "rulings")
def test_every_example_in_the_help_runs(command, monkeypatch):
    """The examples name real sample files and succeed (verify's own run in its tests below)."""
    monkeypatch.chdir(REPO)
    examples = [e for e in examples_of(command) if not e.startswith("rulings verify")]
    assert examples
    for example in examples:
        result = run(*example.split()[1:])
        assert result.exit_code == 0, f"{example}\n{result.output}"
        assert result.stdout.strip(), example


# --- range --------------------------------------------------------------------------------------
# detour.yaml: a ring round the empty spot [1, 1]; [2, 0] is a blocked (impassable) tile.


def test_range_takes_the_long_way_round_an_impassable_tile():
    # East along y=0 is cut at [2, 0], which may not be stepped through; the only walk goes
    # north and round: [0, 1], [0, 2], [1, 2], [2, 2], [2, 1] = 5 moves (unknown.range).
    assert answer("query", "range", DETOUR, "0,0", "2,1") == {"range": 5}
    assert sentence("query", "range", DETOUR, "0,0", "2,1") == (
        "range from [0, 0] to [2, 1]: 5 (unknown.range)"
    )


def test_range_to_an_impassable_tile_depends_on_the_reading():
    # The far end need only be placed by default: [1, 0] then [2, 0] = 2 moves. Under
    # range-endpoints=target-passable an impassable far end has no range.
    assert answer("query", "range", DETOUR, "0,0", "2,0") == {"range": 2}
    strict = ("--reading", "range-endpoints=target-passable")
    assert answer("query", "range", DETOUR, "0,0", "2,0", *strict) == {"range": None}
    text = sentence("query", "range", DETOUR, "0,0", "2,0", *strict)
    assert text.startswith("no range: [2, 0] is impassable") and "target-passable" in text


def test_range_may_start_on_an_impassable_tile_and_is_zero_to_itself():
    # Leaving the blocked tile [2, 0] north to [2, 1] is one move under either reading.
    strict = ("--reading", "range-endpoints=target-passable")
    assert answer("query", "range", DETOUR, "2,0", "2,1") == {"range": 1}
    assert answer("query", "range", DETOUR, "2,0", "2,1", *strict) == {"range": 1}
    assert answer("query", "range", DETOUR, "1,2", "1,2") == {"range": 0}


def test_no_range_when_an_impassable_tile_cuts_the_map(tmp_path):
    # food [0, 0] - blocked [1, 0] - scrap [2, 0]: nothing passable joins the two ends.
    path = write_position(tmp_path, [(0, 0, "food"), (1, 0, "blocked"), (2, 0, "scrap")])
    assert answer("query", "range", path, "0,0", "2,0") == {"range": None}
    assert sentence("query", "range", path, "0,0", "2,0") == (
        "no range: [2, 0] cannot be reached from [0, 0] over passable tiles (unknown.range)"
    )


def test_json_and_yaml_position_files_answer_alike():
    # corridor.json: flood [0, 0] - food [1, 0] - scrap [2, 0]; two moves end to end.
    assert answer("query", "range", str(POSITIONS / "corridor.json"), "0,0", "2,0") == {"range": 2}


# --- line of sight ------------------------------------------------------------------------------
# sightlines.yaml: base (fortified) [0, 0] with scrap [0, 1] and food [0, 2] north of it, and
# ammo [1, 0], medicine [2, 0] under a barrier, market [3, 0] east of it.

LOS_CASES = [
    # (file, from, to, sight?, words of the reason)
    (SIGHTLINES, "0,0", "0,2", True, "yes"),  # sight may leave the fortified base
    (SIGHTLINES, "0,2", "0,0", False, "fortified base"),  # ... but may not enter it
    (SIGHTLINES, "0,0", "1,0", True, "yes"),
    (SIGHTLINES, "0,0", "3,0", False, "barrier"),  # the barrier on [2, 0] breaks the line
    (SIGHTLINES, "1,0", "0,1", False, "same row or column"),  # diagonal
    (SIGHTLINES, "2,0", "3,0", False, "los-impassable-origin=blocked"),  # origin under a barrier
    (DETOUR, "1,0", "1,2", False, "gap"),  # no tile at [1, 1]
    (DETOUR, "0,0", "2,0", False, "blocked tile"),  # the far end is impassable
    (CORRIDOR, "1,0", "4,0", True, "yes"),  # pieces on [2, 0] and [3, 0] do not block sight
    (CORRIDOR, "4,0", "4,0", True, "yes"),  # a tile sees itself
]


@pytest.mark.parametrize(("path", "a", "b", "seen", "why"), LOS_CASES)
def test_line_of_sight(path, a, b, seen, why):
    assert answer("query", "los", path, a, b) == {"line_of_sight": seen}
    text = sentence("query", "los", path, a, b)
    assert text.startswith(f"line of sight from [{a.replace(',', ', ')}]")
    assert (": yes" in text) is seen and why in text


def test_an_impassable_origin_sees_out_under_the_other_reading():
    sees = ("--reading", "los-impassable-origin=origin-sees")
    assert answer("query", "los", SIGHTLINES, "2,0", "3,0", *sees) == {"line_of_sight": True}
    # ... but sight still may not enter or cross an impassable tile.
    assert answer("query", "los", SIGHTLINES, "1,0", "3,0", *sees) == {"line_of_sight": False}


# --- knockback ----------------------------------------------------------------------------------
# corridor.yaml: flood [0, 0], then food, scrap, ammo, medicine, market along y=0 to [5, 0], and
# a one-tile branch (workshop) at [2, 1]. yellow on [1, 0], blue on [2, 0], animal a1 on [3, 0].
# Knockback 3 from [0, 0]: a flight ends once 4 moves away from the source.


def destinations(who: str, distance: int, *readings: str) -> list[list[int]]:
    args = ("query", "knockback", CORRIDOR, "--source", "0,0", "--distance", str(distance))
    return answer(*args, "--who", who, *readings)["destinations"]


def test_a_survivor_may_dead_end_stop_before_an_enemy_or_fight_it():
    # yellow [1, 0] (1 away) must step to [2, 0] (2 away). From there: [2, 1] is 3 away with no
    # tile further (a dead end, it stops there); [3, 0] holds a1, so yellow may stop on [2, 0]
    # before it or enter [3, 0] for close combat. Survivors (blue) never block survivors.
    assert destinations("yellow", 3) == [[2, 0], [2, 1], [3, 0]]
    text = sentence(
        "query", "knockback", CORRIDOR, "--source", "0,0", "--distance", "3", "--who", "yellow"
    )
    assert "[3, 0] (close combat with a1)" in text and "unknown.knockback.flee" in text


def test_stopping_before_an_enemy_on_the_first_step_depends_on_the_reading():
    # blue starts on [2, 0], next to a1: by default it may stop where it stands; under
    # knockback-stop-at-start=after-a-step it must take a step first.
    assert destinations("blue", 3) == [[2, 0], [2, 1], [3, 0]]
    after_a_step = ("--reading", "knockback-stop-at-start=after-a-step")
    assert destinations("blue", 3, *after_a_step) == [[2, 1], [3, 0]]


def test_an_enemy_flees_to_the_knockback_distance_or_a_dead_end():
    # a1 on [3, 0] is 3 away: one step to [4, 0] puts it 4 away. With knockback 5 it runs to the
    # end of the corridor [5, 0], 5 away, where no tile lies further: a dead end.
    assert destinations("a1", 3) == [[4, 0]]
    assert destinations("a1", 5) == [[5, 0]]


def test_a_piece_out_of_reach_keeps_its_tile():
    # a1 is 3 away, more than 2; yellow is 1 away, more than 0.
    assert destinations("a1", 2) == [[3, 0]]
    assert destinations("yellow", 0) == [[1, 0]]
    text = sentence(
        "query", "knockback", CORRIDOR, "--source", "0,0", "--distance", "2", "--who", "a1"
    )
    assert "out of reach (range 3 > 2)" in text


def test_an_enemy_fleeing_into_a_survivor_stops_there(tmp_path):
    # food [0, 0] ... ammo [3, 0]; enemy on [1, 0], survivor on [2, 0]; knockback 2 from [0, 0]:
    # the enemy's only step enters the survivor's tile, where it stops (no stopping short).
    path = write_position(
        tmp_path,
        [(0, 0, "food"), (1, 0, "scrap"), (2, 0, "medicine"), (3, 0, "ammo")],
        survivors=[{"id": "red", "at": [2, 0]}],
        enemies=[{"id": "b1", "kind": "beast", "at": [1, 0]}],
    )
    args = ("query", "knockback", path, "--source", "0,0", "--distance", "2", "--who", "b1")
    assert answer(*args) == {"destinations": [[2, 0]]}


# --- explore ------------------------------------------------------------------------------------


def test_a_survivor_hemmed_in_by_2x2_squares_may_not_explore():
    # explore-2x2.yaml: yellow on [1, 1]; west and east are placed, and a tile north ([1, 2]) or
    # south ([1, 0]) would complete a square with [0, 1] and [0, 2] or [0, 0].
    assert answer("query", "explore", EXPLORE_2X2, "--who", "yellow") == {"placements": []}
    text = sentence("query", "explore", EXPLORE_2X2, "--who", "yellow")
    assert "may not explore" in text and "unknown.action.explore.needs-placement" in text


def test_explore_placements_are_the_free_neighbours():
    # red on [2, 1]: [1, 1] is placed; [2, 0], [2, 2] and [3, 1] complete no square.
    assert answer("query", "explore", EXPLORE_2X2, "--who", "red") == {
        "placements": [[2, 0], [2, 2], [3, 1]]
    }
    # corridor.yaml, yellow on [1, 0]: north [1, 1] would close [1, 0] [2, 0] [2, 1]; south is free.
    assert answer("query", "explore", CORRIDOR, "--who", "yellow") == {"placements": [[1, -1]]}


# --- show ---------------------------------------------------------------------------------------


def box_below(lines: list[str], name: str, row: int = 1) -> str:
    """The text ``row`` lines under a tile name in the drawing, in that tile's box."""
    (index,) = [i for i, line in enumerate(lines) if f"|{name} " in line or f"|{name}|" in line]
    column = lines[index].index(f"|{name}") + 1
    return lines[index + row][column : column + 8].strip()


def test_show_draws_north_at_the_top_with_axes_marks_and_pieces():
    result = run("show", DETOUR)
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    row_of = {
        name: next(i for i, line in enumerate(lines) if name in line)
        for name in ("medicine", "scrap", "base")
    }
    assert row_of["medicine"] < row_of["scrap"] < row_of["base"]  # y=2 above y=1 above y=0
    assert lines[1].split() == ["0", "1", "2"]  # x along the top
    assert [line.split()[0] for line in lines if re.match(r"^\s*-?\d+ \|", line)] == ["2", "1", "0"]
    assert box_below(lines, "blocked") == "X"  # impassable
    assert box_below(lines, "base") == "#"  # fortified
    assert box_below(lines, "base", 2) == "yellow" and box_below(lines, "ammo", 2) == "!s1"
    assert box_below(lines, "food") == ""
    legend = result.stdout.split("Pieces:", 1)[1]
    assert "yellow  survivor (explorer) on [0, 0]" in legend
    assert "!s1     stranger (enemy) on [2, 1]" in legend


def test_show_marks_tokens_barriers_and_cleared_tiles():
    lines = run("show", SIGHTLINES).stdout.splitlines()
    assert box_below(lines, "base") == "# F2"  # fortified, two food tokens
    assert box_below(lines, "medicine") == "X B1"  # a barrier makes it impassable
    assert "Tokens (letter then count): B barrier   F food" in lines
    cleared = run("show", EXPLORE_2X2).stdout.splitlines()
    assert box_below(cleared, "ammo") == "c"


def test_show_cuts_long_names_and_explains_them(tmp_path):
    path = write_position(tmp_path, [(0, 0, "spawn_pit"), (1, 0, "behemoth_mission")])
    text = run("show", path).stdout
    assert "|spawn_p~|behemot~|" in text
    assert "spawn_p~ spawn_pit" in text and "behemot~ behemoth_mission" in text


def test_a_12_by_12_map_fits_a_wide_terminal(tmp_path):
    # A comb: a full row y=0 and a column up from every even x (no 2x2 square anywhere).
    tiles = [(x, 0, "food") for x in range(12)] + [
        (x, y, "scrap") for x in range(0, 12, 2) for y in range(1, 12)
    ]
    result = run("show", write_position(tmp_path, tiles))
    assert result.exit_code == 0
    grid = [line for line in result.stdout.splitlines() if "|" in line or "+-" in line]
    assert len(grid) == 12 * 4 + 1
    drawing = result.stdout.splitlines()[1:]  # below the title, which names the file
    assert max(len(line) for line in drawing) <= 120


# --- bad input ----------------------------------------------------------------------------------

BAD_FILES = [
    ("malformed.yaml", "line 4", "malformed YAML"),
    ("malformed.json", "line 1", "malformed JSON"),
    ("not-a-map.yaml", "file", "mapping"),
    ("schema.yaml", "tiles[1].at", "too short"),
    ("unknown-key.yaml", "tiles[0]", "rotation"),
    ("unknown-tile.yaml", "tiles[1].tile", "unknown tile 'swamp'"),
    ("two-tiles.yaml", "tiles[2].at", "two tiles on [1, 0]"),
    ("square.yaml", "tiles[3].at", "2x2 square"),
    ("piece-off-map.yaml", "enemies[0].at", "off the map"),
    ("token-off-map.yaml", "tokens[0].at", "off the map"),
    ("missing.yaml", "file", "cannot be read"),
]
COMMAND_FORMS = [
    ["show", "{}"],
    ["query", "range", "{}", "0,0", "0,0"],
    ["query", "los", "{}", "0,0", "0,0", "--json"],
    ["query", "knockback", "{}", "--source", "0,0", "--distance", "1", "--who", "yellow"],
    ["query", "explore", "{}", "--who", "yellow"],
]


def assert_one_line_error(result: Result, prefix: str, as_json: bool = False) -> str:
    """Exit 2, one stderr line starting with ``prefix``, no traceback; on stdout nothing, or
    (``as_json``) the same error as one JSON object."""
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit)
    if as_json:
        error = json.loads(result.stdout)["error"]
        assert error["kind"] == "input" and error["clause"] is None
        assert f"rulings: error: {error['message']}" == result.stderr.strip()
    else:
        assert result.stdout == ""
    assert "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(prefix), lines[0]
    return lines[0]


@pytest.mark.parametrize(("name", "entry", "problem"), BAD_FILES)
@pytest.mark.parametrize("form", COMMAND_FORMS, ids=lambda f: " ".join(f[:2]))
def test_a_bad_position_file_is_one_line_naming_file_and_entry(name, entry, problem, form):
    path = str(BAD / name)
    result = run(*(arg.format(path) for arg in form))
    line = assert_one_line_error(result, f"rulings: error: {path}: {entry}", "--json" in form)
    assert problem in line


BAD_OPTIONS = [
    # (arguments, the option named, words of the problem)
    (["query", "range", DETOUR, "0,0", "a,b"], "TO", "X,Y"),
    (["query", "range", DETOUR, "1;2", "0,0"], "FROM", "X,Y"),
    (["query", "los", DETOUR, "0,0", "1,2,3"], "TO", "X,Y"),
    (["query", "range", DETOUR, "0,0", "1,1"], "TO", f"no tile is placed at [1, 1] in {DETOUR}"),
    (["query", "los", DETOUR, "7,7", "0,0"], "FROM", "no tile is placed at [7, 7]"),
    (
        ["query", "knockback", CORRIDOR, "--source", "9,0", "--distance", "1", "--who", "a1"],
        "--source",
        "no tile",
    ),
    (
        ["query", "knockback", CORRIDOR, "--source", "0,0", "--distance", "1", "--who", "zed"],
        "--who",
        f"no piece 'zed' on the map (pieces: blue, yellow, a1) in {CORRIDOR}",
    ),
    (["query", "explore", CORRIDOR, "--who", "zed"], "--who", "no piece 'zed'"),
    (["query", "explore", CORRIDOR, "--who", "a1"], "--who", "only survivors explore"),
    (
        ["query", "knockback", CORRIDOR, "--source", "0,0", "--distance", "-1", "--who", "a1"],
        "--distance",
        "-1",
    ),
    (
        ["query", "knockback", CORRIDOR, "--source", "0,0", "--distance", "two", "--who", "a1"],
        "--distance",
        "'two'",
    ),
    (["query", "knockback", CORRIDOR, "--source", "0,0", "--distance", "1"], "--who", "missing"),
    (
        ["query", "range", DETOUR, "0,0", "1,0", "--reading", "range-ends=exempt"],
        "--reading",
        "Unknown has no switch 'range-ends' (did you mean 'range-endpoints'?) "
        "(see 'rulings readings unknown')",
    ),
    (
        ["query", "range", DETOUR, "0,0", "1,0", "--reading", "range-endpoints=loose"],
        "--reading",
        "readings: exempt, target-passable",
    ),
    (
        ["query", "los", DETOUR, "0,0", "1,0", "--reading", "origin-sees"],
        "--reading",
        "SWITCH=READING",
    ),
    (["query", "range", DETOUR, "0,0", "1,0", "--nonsense"], "--nonsense", "no such option"),
    (["verify", "--maps", "-5"], "--maps", "-5"),
]


@pytest.mark.parametrize(("args", "option", "problem"), BAD_OPTIONS)
def test_a_bad_option_is_one_line_naming_the_option(args, option, problem):
    line = assert_one_line_error(run(*args), f"rulings: error: {option}: ")
    assert problem in line


def test_the_installed_entry_point_exits_2_with_one_line():
    """The real process: exit status 2 and one stderr line, with no traceback."""
    path = str(BAD / "square.yaml")
    done = subprocess.run(
        [sys.executable, "-m", "engine.cli.main", "show", path],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == [done.stderr.strip()]
    assert done.stderr.startswith(f"rulings: error: {path}: tiles[3].at: ")
    ok = subprocess.run(
        [sys.executable, "-m", "engine.cli.main", "query", "range", DETOUR, "0,0", "2,1", "--json"],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert ok.returncode == 0 and json.loads(ok.stdout) == {"range": 5}


# --- verify -------------------------------------------------------------------------------------


class FakeDisagreement:
    def __init__(self, text: str) -> None:
        self.text = text

    def describe(self) -> str:
        return self.text


class FakeReport:
    def __init__(self, disagreements: list[str]) -> None:
        self.disagreements = [FakeDisagreement(text) for text in disagreements]

    def summary(self) -> str:
        found = [d.describe() for d in self.disagreements] or ["no disagreements"]
        return "\n".join(["networkx: 3 maps, 40 queries", "z3: 1 map, 12 queries", *found])


SCENARIO_RECORD = {
    "nodeid": "tests/test_scenarios.py::test_detour",
    "feature": "features/unknown/range.feature",
    "feature_name": "Range",
    "scenario": "a detour around a blocked tile",
    "line": 7,
    "tags": ["clause:unknown.range"],
    "game": "unknown",
    "steps": [{"keyword": "Given", "text": "a map"}],
    "before_svg": None,
    "after_svg": "<svg xmlns='http://www.w3.org/2000/svg'></svg>",
    "switches_read": [],
}


def suites_stand_in(outcomes: tuple[str, ...], calls: list, exit_code: int = 0):
    """A stand-in for ``run_suites``: it records one scenario per outcome (and, with the full
    suites, one property test and one puzzle) and writes the JUnit file."""

    def fake_suites(root, work, plan):
        suites, select = plan.suites, plan.select
        calls.append(("suites", root, suites, select))
        folder = work / "capture" / "scenarios"
        folder.mkdir(parents=True)
        cases = []
        for n, outcome in enumerate(outcomes):
            data = dict(SCENARIO_RECORD, nodeid=f"t::s{n}", outcome=outcome, line=n)
            (folder / f"s{n}.json").write_text(json.dumps(data))
            failure = "<failure message='x'/>" if outcome == "failed" else ""
            cases.append(
                f"<testcase classname='tests.test_scenarios' name='s{n}'>{failure}</testcase>"
            )
        if "properties" in suites:
            cases.append("<testcase classname='properties.test_machine' name='p'/>")
            cases.append("<testcase classname='tests.test_puzzles' name='q'/>")
        (work / "junit.xml").write_text(
            f"<testsuites><testsuite>{''.join(cases)}</testsuite></testsuites>"
        )
        return verify_module.SuiteRun(exit_code, junit_counts(work / "junit.xml"), "")

    return fake_suites


def fake_verify(
    monkeypatch,
    outcomes: tuple[str, ...],
    disagreements: list[str],
    validations: tuple = (),
    exit_code: int = 0,
) -> list:
    """Stand-ins for the pytest run (:func:`suites_stand_in`), ``solver.crosscheck`` and the
    validators; returns the calls made."""
    calls: list = []
    fake_suites = suites_stand_in(outcomes, calls, exit_code)
    monkeypatch.setattr(verify_module, "run_suites", fake_suites)
    monkeypatch.setattr(
        verify_module, "run_validators", lambda playouts, seed, *selected: validations
    )

    def fake_crosschecks(networkx_maps, z3_maps, seed=0, progress=None):
        calls.append(("crosscheck", networkx_maps, z3_maps, seed))
        for done in range(1, networkx_maps + 1):
            progress("networkx", done, networkx_maps)
        return FakeReport(disagreements)

    module = types.ModuleType("solver.crosscheck")
    module.run_crosschecks = fake_crosschecks
    monkeypatch.setitem(sys.modules, "solver.crosscheck", module)
    return calls


def verify_args(tmp_path, *more: str) -> list[str]:
    return [
        "verify",
        "--no-differential",
        "--openspiel-sims",
        "0",
        "--out",
        str(tmp_path / "r"),
        *more,
    ]


def test_verify_passes_when_scenarios_pass_and_checkers_agree(monkeypatch, tmp_path):
    calls = fake_verify(monkeypatch, ("passed", "passed"), [])
    result = run(*verify_args(tmp_path, "--maps", "30", "--z3-maps", "3", "--seed", "9"))
    assert result.exit_code == 0, result.output
    (suites_call, crosscheck_call) = calls
    assert suites_call[1] == REPO
    assert suites_call[2] == ("scenarios", "puzzles", "properties", "unit tests")
    assert crosscheck_call == ("crosscheck", 30, 3, 9)
    assert "| Unknown | 2/2 |" in result.stdout
    assert "networkx: 3 maps, 40 queries" in result.stdout and "no disagreements" in result.stdout
    assert result.stdout.strip().endswith("Result: PASS")
    assert "networkx: 30/30 maps" in result.stderr and "networkx: 3/30 maps" in result.stderr
    written = sorted(p.name for p in (tmp_path / "r").iterdir())
    assert {"index.html", "junit.xml", "summary.md", "cucumber.json"} <= set(written)
    assert "coverage.json" not in written  # coverage is measured at --deep only
    assert (tmp_path / "r" / "summary.md").read_text().strip().endswith("Result: PASS")


def test_verify_hands_its_player_to_the_validators_and_refuses_an_unknown_one(
    monkeypatch, tmp_path
):
    asked: list = []
    fake_verify(monkeypatch, ("passed",), [])
    monkeypatch.setattr(verify_module, "run_validators", lambda *args: asked.append(args) or [])
    result = run(*verify_args(tmp_path, "--bot", "expert", "--bot-games", "4"))
    assert result.exit_code == 0, result.output
    assert asked[0][3:] == ("expert", 4, False)  # no win search at the default level
    refused = run(*verify_args(tmp_path, "--bot", "nobody"))
    assert refused.exit_code == 2
    assert "--bot" in refused.output and "no game checked has a player 'nobody'" in refused.output


def test_verify_fails_on_a_disagreement(monkeypatch, tmp_path):
    fake_verify(monkeypatch, ("passed",), ["range [0, 0]->[2, 1]: engine 5, z3 3"])
    result = run(*verify_args(tmp_path, "--maps", "2", "--z3-maps", "1", "--json"))
    assert result.exit_code == 1
    summary = json.loads(result.stdout)
    assert summary["ok"] is False
    assert summary["crosschecks"]["disagreements"] == ["range [0, 0]->[2, 1]: engine 5, z3 3"]


def test_verify_fails_on_a_failed_scenario(monkeypatch, tmp_path):
    fake_verify(monkeypatch, ("passed", "failed"), [])
    result = run(*verify_args(tmp_path, "--maps", "1", "--z3-maps", "0"))
    assert result.exit_code == 1
    assert "| Unknown | 1/2 |" in result.stdout
    assert "FAILED: scenarios: 1 passed, 1 failed" in result.stdout
    assert "FAILED tests.test_scenarios::s1" in result.stdout


def test_verify_fails_when_no_scenario_ran(monkeypatch, tmp_path):
    fake_verify(monkeypatch, (), [], exit_code=5)
    result = run(*verify_args(tmp_path, "--maps", "1", "--z3-maps", "0", "--json"))
    assert result.exit_code == 1
    summary = json.loads(result.stdout)
    assert summary["games"]["unknown"]["scenarios"] == {"passed": 0, "total": 0}
    assert any(c["name"] == "pytest" and not c["ok"] for c in summary["checks"])


def test_verify_select_runs_only_the_scenarios(monkeypatch, tmp_path):
    calls = fake_verify(monkeypatch, ("passed",), [])
    result = run(*verify_args(tmp_path, "--maps", "0", "--z3-maps", "0", "--select", "detour"))
    assert result.exit_code == 0, result.output
    assert calls[0][2:] == (("scenarios",), "detour")


def test_verify_outside_a_checkout_says_so_in_one_line(monkeypatch, tmp_path):
    monkeypatch.setattr(verify_module, "ENGINE_DIR", tmp_path / "engine")
    line = assert_one_line_error(run("verify"), "rulings: error: ")
    assert "verify needs a checkout of the repository" in line


def test_verify_for_real_on_a_few_maps(tmp_path):
    """End to end: real scenarios (a few), cross-checks and validators."""
    args = verify_args(tmp_path, "--maps", "20", "--z3-maps", "2", "--seed", "3", "--json")
    result = run(*args, "--select", "long_way_round")
    summary = json.loads(result.stdout)
    scenarios = summary["games"]["unknown"]["scenarios"]
    assert scenarios["passed"] == scenarios["total"] > 0
    assert summary["crosschecks"]["disagreements"] == []
    assert result.exit_code == 0 and summary["ok"] is True
    validators = summary["validators"]
    # Unknown: 10 missions x 3 difficulties; Falling Skies: its default board; one per other game
    by_game = Counter(v["game"] for v in validators)
    assert by_game["unknown"] == 30 and by_game["falling-skies"] == 1
    assert sum(by_game.values()) == sum(
        len(s.validation_setups()) for s in registry.games().values()
    )
    assert all(v["playable"] and v["terminates"] for v in validators)


def test_verify_fails_when_a_setup_is_not_playable(monkeypatch, tmp_path):
    from solver.validators import Validation

    stuck = Validation("unknown", "scout (normal, 1 player)", 3, False, True, 12, None, ["x"])
    fake_verify(monkeypatch, ("passed",), [], (stuck,))
    result = run(*verify_args(tmp_path, "--maps", "1", "--z3-maps", "0"))
    assert result.exit_code == 1
    assert "validators: 0/1 setups playable and terminating" in result.stdout
    assert "scout (normal, 1 player): NOT PLAYABLE" in result.stdout
