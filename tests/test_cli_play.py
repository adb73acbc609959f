"""``rulings resolve`` and ``rulings play``: decisions said as a player says them, whole games.

The states in ``tests/data/positions/play/`` are written by hand; each draws its map in a comment.
Every expected answer below is worked out from the rulebook on those maps, and the derivation
sits next to the assertion.
"""

from __future__ import annotations

import importlib
import json
import re
import shlex
from pathlib import Path

import pytest

from engine.unknown import phrases as resolve_module
from engine.unknown.files import load_state
from engine.unknown.game import UnknownGame
from engine.unknown.phrases import Reading, parse_phrase
from engine.unknown.state import PHASES, count
from tests.cli_support import one_line_error, run

REPO = Path(__file__).resolve().parent.parent
POSITIONS = Path(__file__).resolve().parent / "data" / "positions"
PLAY = POSITIONS / "play"
MID_TURN = str(PLAY / "mid-turn.yaml")
EXPLORE_READY = str(PLAY / "explore-ready.yaml")
DRAWING = str(PLAY / "drawing.yaml")
PLACING = str(PLAY / "placing.yaml")
KNOCKBACK = str(PLAY / "knockback.yaml")
GATHER = str(PLAY / "gather.yaml")
LAST_STEP = str(PLAY / "last-step.yaml")
COMBAT = str(PLAY / "combat.yaml")
CORRIDOR = str(POSITIONS / "corridor.yaml")
STATES = [MID_TURN, EXPLORE_READY, DRAWING, PLACING, KNOCKBACK, GATHER, LAST_STEP, COMBAT]


def resolved(*args: str) -> dict:
    """The JSON answer of a ``resolve`` that must succeed."""
    result = run("resolve", *args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def said(answer: dict) -> list[str]:
    """The phrases of the options the answer lists as next."""
    return [option["say"] for option in answer["next"]["options"]]


# --- help and examples --------------------------------------------------------------------------


def examples_of(command: str) -> list[list[str]]:
    """The example command lines of ``rulings <command> --help``, as argument lists."""
    text = run(command, "--help").stdout
    lines = text.split("Examples:", 1)[1].splitlines()
    return [shlex.split(line)[1:] for line in lines if line.strip().startswith("rulings ")]


@pytest.mark.parametrize("command", ["resolve", "play"])
def test_the_commands_have_a_description_and_examples(command):
    result = run(command, "--help")
    assert result.exit_code == 0
    usage, description = result.stdout.split("\n\n")[:2]
    assert usage.startswith(f"Usage: rulings {command}")
    assert len(description.split()) >= 15, description
    assert examples_of(command)


def test_resolve_help_lists_every_phrase():
    text = run("resolve", "--help").stdout
    for verb in resolve_module.FORMS:
        assert re.search(rf"^\s+{re.escape(verb)}\b", text, re.MULTILINE) or f"| {verb}" in text, (
            verb
        )


@pytest.mark.parametrize("command", ["resolve", "play"])
def test_every_example_in_the_help_runs(command, monkeypatch, tmp_path):
    monkeypatch.chdir(REPO)
    for example in examples_of(command):
        args = [str(tmp_path / "after.yaml") if a == "after.yaml" else a for a in example]
        result = run(*args)
        assert result.exit_code == 0, f"{example}\n{result.output}"
        assert result.stdout.strip(), example


# --- resolve: a turn in progress ----------------------------------------------------------------
# mid-turn.yaml: yellow on base [0, 0] with 2 AP; a tile on each side of base; blue has had its turn.


def test_without_an_action_resolve_says_what_is_asked_now():
    answer = resolved(MID_TURN)
    assert answer["events"] == [] and answer["decision"] is None
    node = answer["next"]
    assert node["type"] == "player" and node["player"] == "yellow"
    assert node["clause"] == "unknown.turn.survivor-actions"
    options = said(answer)
    # every neighbour of base holds a tile: four moves, and no free spot to explore into
    moves = sorted(o for o in options if o.startswith("move "))
    assert moves == ["move yellow -1,0", "move yellow 0,-1", "move yellow 0,1", "move yellow 1,0"]
    assert "explore yellow" not in options
    assert options[-1] == "end yellow"
    assert [o["n"] for o in node["options"]] == list(range(1, len(options) + 1))


def test_a_move_costs_one_ap_and_lands_on_the_tile_in_that_direction():
    answer = resolved(MID_TURN, "move", "yellow", "north")
    assert answer["decision"] == "move yellow to [0, 1]"
    spent, moved = answer["events"]
    assert spent["clause"] == "unknown.action.move" and "(1 AP, 1 left)" in spent["text"]
    assert moved == {
        "kind": "moved",
        "clause": "unknown.action.move",
        "text": "yellow moves from [0, 0] to [0, 1]",
        "data": {"from": [0, 0], "to": [0, 1], "who": "yellow"},
    }
    options = said(answer)
    # from [0, 1] only base is a neighbour; [0, 2] is free and completes no 2x2 square
    assert [o for o in options if o.startswith("move ")] == ["move yellow 0,0"]
    assert "explore yellow" in options


def test_the_readable_answer_lists_events_with_clauses_then_numbered_options():
    result = run("resolve", MID_TURN, "move yellow north")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "move yellow to [0, 1]:"
    assert lines[2] == "  yellow moves from [0, 0] to [0, 1] [unknown.action.move]"
    assert lines[3].startswith("next: yellow to decide [unknown.turn.survivor-actions]: ")
    assert lines[4] == '  1. move yellow to [0, 0]  (say "move yellow 0,0")'
    assert lines[-1].endswith('(say "end yellow")')


def test_the_last_turn_of_the_round_runs_the_other_phases_and_upkeep():
    answer = resolved(MID_TURN, "end yellow")
    texts = [e["text"] for e in answer["events"]]
    # turn order: ally actions, the enemy phases, then upkeep, where base eats 1 of its 5 food
    order = [
        "ally actions",
        "enemy upkeep",
        "enemy movement",
        "enemy main",
        "enemy combat",
        "upkeep",
    ]
    firsts = [next(i for i, t in enumerate(texts) if t.startswith(p)) for p in order]
    assert firsts == sorted(firsts)
    ate = [e for e in answer["events"] if e["clause"] == "unknown.turn.upkeep"]
    assert len(ate) == 1 and "4 left" in ate[0]["text"]
    assert "round 3" in answer["events"][-1]["text"]
    node = answer["next"]
    assert (node["player"], node["clause"]) == ("players", "unknown.turn.group-picks-next")
    assert said(answer) == ["start blue", "start yellow"]


ILLEGAL = [
    # (state, phrase, clause broken)
    (MID_TURN, "explore yellow", "unknown.action.explore.needs-placement"),
    (MID_TURN, "move yellow 1,1", "unknown.action.move.no-diagonal"),
    (MID_TURN, "move blue north", "unknown.turn.finish-before-next"),
    (MID_TURN, "start blue", "unknown.turn.finish-before-next"),
    (KNOCKBACK, "knock yellow east", "unknown.knockback.flee"),
    (DRAWING, "draw base", "unknown.action.explore.adjacent"),
]


@pytest.mark.parametrize(("state", "phrase", "clause"), ILLEGAL, ids=[i[1] for i in ILLEGAL])
def test_an_illegal_action_is_one_line_with_its_clause_and_writes_nothing(
    state, phrase, clause, tmp_path
):
    out = tmp_path / "after.yaml"
    result = run("resolve", state, phrase, "--out", str(out))
    line = one_line_error(result, 1, "rulings: illegal: ")
    assert line.endswith(f"[{clause}]")
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_out_writes_a_state_that_loads_back_and_goes_on(tmp_path):
    """AP runs out over three saved states: yellow's 2 AP pay for two moves, not a third."""
    first, second = tmp_path / "first.yaml", tmp_path / "second.json"
    answer = resolved(MID_TURN, "move yellow north", "--out", str(first))
    state = load_state(first)
    yellow = state.position.survivor("yellow")
    assert (yellow.at, yellow.ap, state.turn, state.round) == ((0, 1), 1, "yellow", 2)
    assert resolved(str(first))["next"] == answer["next"]
    resolved(str(first), "move yellow south", "--out", str(second))
    assert load_state(second).position.survivor("yellow").ap == 0
    line = one_line_error(run("resolve", str(second), "move yellow north"), 1, "rulings: illegal:")
    assert "0 AP" in line and line.endswith("[unknown.turn.survivor-actions]")


def test_the_readable_answer_says_where_the_state_was_written(tmp_path):
    out = tmp_path / "after.yaml"
    result = run("resolve", MID_TURN, "end", "yellow", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == f"state written to {out}"
    assert load_state(out).round == 3


# --- resolve: explore, draw, place, knockback ---------------------------------------------------


def test_explore_asks_chance_for_the_tile_with_exact_probabilities():
    # explore-ready.yaml: the shuffled stack holds 1 flood, 2 food and 1 scrap tile
    answer = resolved(EXPLORE_READY, "explore yellow")
    assert "(1 AP, 2 left)" in answer["events"][0]["text"]
    node = answer["next"]
    assert node["type"] == "chance"
    chances = {o["say"]: o["probability"] for o in node["outcomes"]}
    assert chances == {"draw flood": "1/4", "draw food": "1/2", "draw scrap": "1/4"}


def test_the_user_says_what_was_drawn_then_where_it_goes():
    answer = resolved(DRAWING, "draw food")
    assert [e["kind"] for e in answer["events"]] == ["tile_drawn"]
    # yellow on [1, 0]: base is west; north, south and east are free, no square can form
    assert "food" in answer["next"]["prompt"]
    assert said(answer) == ["place 1,-1", "place 1,1", "place 2,0"]


def test_a_bare_draw_uses_the_seed_and_needs_one():
    first = resolved(DRAWING, "draw", "--seed", "5")
    assert first == resolved(DRAWING, "draw", "--seed", "5")
    assert first["decision"] in ("draw flood", "draw food", "draw scrap")
    line = one_line_error(run("resolve", DRAWING, "draw"), 2, "rulings: error: ACTION: 'draw': ")
    assert "--seed" in line
    line = one_line_error(run("resolve", MID_TURN, "draw"), 2, "rulings: error: ACTION: ")
    assert "chance" in line


def test_placing_the_revealed_tile(tmp_path):
    assert said(resolved(PLACING)) == ["place 1,-1", "place 1,1", "place 2,0"]
    out = tmp_path / "placed.yaml"
    answer = resolved(PLACING, "place", "north", "--out", str(out))
    assert answer["events"] == [
        {
            "kind": "tile_placed",
            "clause": "unknown.action.explore.adjacent",
            "text": "medicine is placed at [1, 1]",
            "data": {"at": [1, 1], "tile": "medicine"},
        }
    ]
    assert answer["next"]["player"] == "yellow"
    state = load_state(out)
    assert state.position.tile_at[(1, 1)].tile == "medicine" and state.pending == ()
    for phrase in ("place west", "place 0,1", "place 3,0"):  # base is west; the others not adjacent
        line = one_line_error(run("resolve", PLACING, phrase), 1, "rulings: illegal: ")
        assert re.search(r"\[unknown\.action\.explore\.[a-z0-9.-]+\]$", line), line


def test_knockback_offers_the_dead_end_and_the_full_distance():
    # knockback.yaml: 3 tiles must lie between yellow and the flood: [4, 0]; or the dead end [2, 1]
    assert said(resolved(KNOCKBACK)) == ["knock yellow 2,1", "knock yellow 4,0"]
    answer = resolved(KNOCKBACK, "knock yellow 2,1")
    assert answer["events"][0]["clause"] == "unknown.knockback.flee"
    assert "[1, 0] to [2, 1]" in answer["events"][0]["text"]
    assert answer["next"]["player"] == "yellow"


def test_gather_without_sources_takes_every_eligible_source(tmp_path):
    """gather.yaml: both scrap tiles within range 1 and the scrap token give 1 scrap each."""
    out = tmp_path / "gathered.yaml"
    answer = resolved(GATHER, "gather yellow scrap", "--out", str(out))
    assert answer["decision"] == resolved(GATHER, "gather yellow scrap from 2,0 1,0")["decision"]
    state = load_state(out)
    assert count(state.position.survivor("yellow").goods, "scrap") == 1 + 3
    assert state.position.tile_at[(1, 0)].cleared and state.position.tile_at[(2, 0)].cleared
    assert state.position.tokens_at.get((2, 0), {}).get("scrap", 0) == 0


def test_close_combat_asks_where_the_damage_lands(tmp_path):
    """combat.yaml: yellow deals 1 damage to one of the two beasts; the beasts deal 1 each, and
    healthy yellow can take both (healthy, injured, incapacitated)."""
    fight = tmp_path / "fight.yaml"
    answer = resolved(COMBAT, "move yellow east", "--out", str(fight))
    assert answer["events"][-1]["clause"] == "unknown.action.move.combat"
    assert answer["next"]["clause"] == "unknown.combat.damage-received"
    assert said(answer) == ["assign yellow:2 b1:1", "assign yellow:2 b2:1"]
    assert resolved(str(fight), "option 2") == resolved(str(fight), "assign b2:1 yellow:2")
    after = resolved(str(fight), "assign yellow:2 b1:1")
    clauses = [e["clause"] for e in after["events"]]
    assert "unknown.enemy.removed-on-death" in clauses
    assert (
        "incapacitated" in after["events"][clauses.index("unknown.injury.damage-step") + 1]["text"]
    )
    assert said(after) == ["end yellow"]  # an incapacitated survivor takes no action
    line = one_line_error(
        run("resolve", str(fight), "assign yellow:3 b1:1"), 1, "rulings: illegal:"
    )
    assert line.endswith("[unknown.combat.assign-cap]")


def test_a_trade_is_one_action_of_many_moves(tmp_path):
    """mid-turn.yaml: yellow on base trades: 1 AP for the whole session, food goes to base."""
    session, gave = tmp_path / "session.yaml", tmp_path / "gave.yaml"
    answer = resolved(MID_TURN, "trade yellow", "--out", str(session))
    assert "(1 AP, 1 left)" in answer["events"][0]["text"]
    assert "give yellow base food 1" in said(answer) and "finish-trade" in said(answer)
    resolved(str(session), "give yellow base food 1", "--out", str(gave))
    state = load_state(gave)
    assert count(state.base, "food") == 5 + 1
    assert count(state.position.survivor("yellow").goods, "food") == 0
    done = tmp_path / "done.yaml"
    finished = resolved(str(gave), "finish-trade", "--out", str(done))
    assert finished["next"]["clause"] == "unknown.turn.survivor-actions"
    assert load_state(done).position.survivor("yellow").ap == 1  # the moves cost no more AP


# --- resolve: the end of the game ---------------------------------------------------------------


def test_the_last_survivor_home_wins_scout_and_then_nothing_is_legal(tmp_path):
    # last-step.yaml: the stack is empty and blue is on base; yellow steps onto base
    won = tmp_path / "won.yaml"
    answer = resolved(LAST_STEP, "move yellow west", "--out", str(won))
    assert answer["events"][-1]["clause"] == "unknown.game.ends-on-mission-complete"
    node = answer["next"]
    assert (node["type"], node["outcome"], node["clause"]) == (
        "terminal",
        "win",
        "unknown.mission.scout.goal",
    )
    assert node["why"]
    result = run("resolve", str(won))
    assert result.stdout.startswith("next: the game is over: win [unknown.mission.scout.goal]: ")
    line = one_line_error(run("resolve", str(won), "end yellow"), 1, "rulings: illegal: ")
    assert line.endswith("[unknown.mission.scout.goal]")
    option = one_line_error(run("resolve", str(won), "option 1"), 2, "rulings: error: ACTION: ")
    assert "nothing is being decided" in option


# --- resolve: every option can be said --------------------------------------------------------------


@pytest.mark.parametrize("state", STATES, ids=lambda p: Path(p).stem)
def test_option_n_and_its_phrase_are_the_same_decision(state):
    """Each option printed with its phrase: saying the phrase does what ``option N`` does."""
    listed = resolved(state)["next"]
    options = listed.get("options") or listed.get("outcomes")
    assert options
    for option in options:
        by_number = resolved(state, f"option {option['n']}")
        assert by_number["decision"] == option["text"]
        assert resolved(state, option["say"]) == by_number, option


# --- resolve: phrases that cannot be read ---------------------------------------------------------

UNREADABLE = [
    # (phrase, words of the problem)
    ("fly yellow", "no action starts with 'fly'; accepted forms: start S; end S; move S DIR;"),
    ("move yellow", "write it as: move S DIR"),
    ("move zed east", "no survivor 'zed' (survivors: blue, yellow)"),
    ("move yellow up", "'up' is not a spot"),
    ("option 0", "not an option number from 1 to"),
    ("option two", "not an option number"),
    ("gather yellow food 1,0", "after 'from'"),
    ("give yellow blue food two", "'two' is not a count"),
    ("give yellow mars food 1", "'mars' is not a trade party"),
    ("pay food", "kind:count"),
    ("exchange 0,0 scrap:2", "exchange X,Y"),
    ("assign yellow", "piece:points"),
    ("shoot yellow z9", "no piece 'z9'"),
    ("end", "write it as: end S"),
]


@pytest.mark.parametrize(("phrase", "problem"), UNREADABLE)
def test_a_phrase_that_cannot_be_read_is_a_usage_error(phrase, problem, tmp_path):
    out = tmp_path / "after.yaml"
    result = run("resolve", MID_TURN, phrase, "--out", str(out))
    line = one_line_error(result, 2, f"rulings: error: ACTION: {phrase!r}: ")
    assert problem in line
    assert not out.exists()


def test_every_accepted_form_is_listed_for_an_unknown_verb():
    line = one_line_error(run("resolve", MID_TURN, "dance"), 2, "rulings: error: ACTION: ")
    for form in resolve_module.FORMS.values():
        assert form.usage in line


def test_a_phrase_whose_engine_module_is_missing_says_so(monkeypatch):
    monkeypatch.setitem(resolve_module.DECISIONS, "CreateTrap", "engine.unknown.actions.unwritten")
    line = one_line_error(run("resolve", MID_TURN, "trap yellow keep"), 2, "rulings: error: ")
    assert "CreateTrap is not available" in line and "engine.unknown.actions.unwritten" in line


def test_out_without_an_action_writes_the_state_as_read(tmp_path):
    out = tmp_path / "x.yaml"
    assert run("resolve", MID_TURN, "--out", str(out)).exit_code == 0
    assert load_state(out) == load_state(MID_TURN)


def test_a_bad_state_file_is_one_line_naming_the_file():
    path = str(POSITIONS / "bad" / "square.yaml")
    one_line_error(run("resolve", path, "end yellow"), 2, f"rulings: error: {path}: tiles[3].at: ")


# --- the phrases, one by one ------------------------------------------------------------------------


def decision(module: str, name: str, *fields):
    return getattr(importlib.import_module(module), name)(*fields)


ACTIONS = "engine.unknown.actions"
PHRASES = [
    # (state, phrase, module, class, fields) — yellow is on [1, 0] in explore-ready and corridor
    (EXPLORE_READY, "START Yellow", "engine.unknown.turn.round", "StartTurn", ("yellow",)),
    (EXPLORE_READY, "end yellow", "engine.unknown.turn.round", "EndTurn", ("yellow",)),
    (EXPLORE_READY, "move yellow west", f"{ACTIONS}.move", "Move", ("yellow", (0, 0))),
    (EXPLORE_READY, "move yellow [2, 0]", f"{ACTIONS}.move", "Move", ("yellow", (2, 0))),
    (EXPLORE_READY, "explore yellow", f"{ACTIONS}.explore", "Explore", ("yellow",)),
    (DRAWING, "draw flood", f"{ACTIONS}.explore", "Drawn", ("flood",)),
    (PLACING, "place south", f"{ACTIONS}.explore", "PlaceAt", ((1, -1),)),
    (
        EXPLORE_READY,
        "gather yellow food from 1,0 east",
        f"{ACTIONS}.gather",
        "Gather",
        ("yellow", "food", ((1, 0), (2, 0))),
    ),
    (
        EXPLORE_READY,
        "clear yellow east food",
        f"{ACTIONS}.clear",
        "ClearTile",
        ("yellow", (2, 0), "food"),
    ),
    (EXPLORE_READY, "armor yellow", f"{ACTIONS}.armor", "CreateArmor", ("yellow",)),
    (
        EXPLORE_READY,
        "barriers yellow here west",
        f"{ACTIONS}.barriers",
        "CreateBarriers",
        ("yellow", ((0, 0), (1, 0))),
    ),
    (EXPLORE_READY, "trap yellow east", f"{ACTIONS}.trap", "CreateTrap", ("yellow", (2, 0))),
    (EXPLORE_READY, "trap yellow keep", f"{ACTIONS}.trap", "CreateTrap", ("yellow", None)),
    (EXPLORE_READY, "place-trap yellow here", f"{ACTIONS}.trap", "PlaceTrap", ("yellow", (1, 0))),
    (EXPLORE_READY, "eat yellow", f"{ACTIONS}.eat", "EatFood", ("yellow",)),
    (EXPLORE_READY, "heal yellow blue", f"{ACTIONS}.heal", "Heal", ("yellow", "blue")),
    (CORRIDOR, "shoot yellow a1", f"{ACTIONS}.ranged", "RangedAttack", ("yellow", "a1")),
    (EXPLORE_READY, "trade yellow", f"{ACTIONS}.trade", "Trade", ("yellow",)),
    (
        EXPLORE_READY,
        "give yellow blue food 2",
        f"{ACTIONS}.trade",
        "Transfer",
        ("yellow", "blue", "food", 2),
    ),
    (
        EXPLORE_READY,
        "give yellow base food 1",
        f"{ACTIONS}.trade",
        "Transfer",
        ("yellow", "base", "food", 1),
    ),
    (
        EXPLORE_READY,
        "give east yellow scrap 1",
        f"{ACTIONS}.trade",
        "Transfer",
        ("2,0", "yellow", "scrap", 1),
    ),
    (
        EXPLORE_READY,
        "exchange 0,0 scrap:2 ammo:1",
        f"{ACTIONS}.trade",
        "Exchange",
        ((0, 0), (("scrap", 2),), (("ammo", 1),)),
    ),
    (
        EXPLORE_READY,
        "exchange 1,0 medicine:1 ammo:2 for food:3",
        f"{ACTIONS}.trade",
        "Exchange",
        ((1, 0), (("ammo", 2), ("medicine", 1)), (("food", 3),)),
    ),
    (EXPLORE_READY, "finish-trade", f"{ACTIONS}.trade", "FinishTrade", ()),
    (EXPLORE_READY, "forfeit yellow", "engine.unknown.forfeit", "Forfeit", ("yellow",)),
    (EXPLORE_READY, "recruit doctor", "engine.unknown.forfeit", "Recruit", ("doctor",)),
    (
        EXPLORE_READY,
        "pay scrap:2 food:1 food:1",
        "engine.unknown.forfeit",
        "PayBase",
        ((("food", 2), ("scrap", 2)),),
    ),
    (KNOCKBACK, "knock yellow north", "engine.unknown.knockback", "KnockTo", ("yellow", (1, 1))),
    (
        CORRIDOR,
        "assign yellow:1 a1:1 blue:0",
        "engine.unknown.combat",
        "AssignDamage",
        ((("yellow", 1),), (("a1", 1),)),  # no damage to blue: left out
    ),
]


@pytest.mark.parametrize(
    ("state", "phrase", "module", "name", "fields"), PHRASES, ids=[p[1] for p in PHRASES]
)
def test_each_phrase_names_its_decision(state, phrase, module, name, fields):
    pytest.importorskip(module)
    loaded = load_state(state)
    game = UnknownGame()
    reading = Reading(game, loaded, game.node(loaded), phrase)
    assert parse_phrase(reading) == decision(module, name, *fields)


# --- play -----------------------------------------------------------------------------------------

RESULT = re.compile(
    r"^result: (?:(?:win|loss): .+ \[unknown\.[a-z0-9.-]+\]|decision cap reached .+) "
    r"\(after \d+ decisions?, in round \d+\)$"
)
LOGGED = re.compile(r"^round (\d+), ([a-z ]+): .+ \[unknown\.[a-z0-9.-]+\]$")


def played(*args: str) -> list[str]:
    result = run("play", "unknown", "--mission", "scout", "--random", *args)
    assert result.exit_code == 0, result.output
    return result.stdout.splitlines()


@pytest.mark.parametrize("seed", ["1", "2"])
def test_random_play_is_the_same_game_for_the_same_seed(seed):
    log = played("--seed", seed)
    assert log == played("--seed", seed)
    assert RESULT.match(log[-1]), log[-1]
    assert all(LOGGED.match(line) for line in log[:-1])


def test_different_seeds_play_different_games():
    assert played("--seed", "1") != played("--seed", "2")


def test_the_log_follows_the_turn_order():
    """Rounds never go back, and within a round the phases come in the rulebook's order."""
    log = played("--seed", "3")
    steps = []
    for line in log[:-1]:
        found = LOGGED.match(line)
        steps.append((int(found[1]), PHASES.index(found[2].replace(" ", "_"))))
    assert steps == sorted(steps)
    assert steps[0] == (1, 0)


def test_the_decision_cap_stops_play_and_the_log_is_a_prefix():
    full = played("--seed", "1")
    capped = played("--seed", "1", "--max-decisions", "5")
    assert capped[-1].startswith("result: decision cap reached (5 decisions)")
    assert capped[-1].endswith("(after 5 decisions, in round 1)")
    assert capped[:-1] == full[: len(capped) - 1]
    assert len(capped) - 1 >= 5  # each decision here is logged by at least one event


def test_random_play_as_json():
    result = run("play", "unknown", "--seed", "1", "--random", "--json")
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)
    ending = answer["ending"]
    assert ending["result"] in ("win", "loss", "cap")
    assert set(answer["events"][0]) == {"round", "phase", "kind", "clause", "text"}
    text_log = played("--seed", "1")
    assert len(answer["events"]) == len(text_log) - 1
    if ending["result"] == "loss":
        assert answer["events"][-1]["clause"] == ending["clause"]


def test_interactive_play_reads_phrases_until_quit():
    result = run("play", "unknown", "--seed", "3", stdin="end blue\nfly\noption 1\nquit\n")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    asked = [line for line in lines if line.startswith("next: ")]
    assert asked[0].startswith("next: players to decide [unknown.turn.group-picks-next]")
    # nobody is on turn yet, so blue cannot end one; 'fly' is no phrase; option 1 starts a turn
    errors = result.stderr.splitlines()
    assert errors[0].startswith("rulings: illegal: ") and "unknown.turn" in errors[0]
    assert errors[1].startswith("rulings: error: 'fly': no action starts with 'fly'")
    assert any(LOGGED.match(line) and "survivor actions" in line for line in lines)
    assert lines[-1] == "result: play stopped before the end (after 1 decision, in round 1)"


def test_interactive_play_stops_at_the_end_of_input():
    result = run("play", "unknown", "--seed", "3", stdin="")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-1].startswith("result: play stopped before the end")


BAD_PLAY = [
    (["play", "chess", "--random"], "GAME"),
    (["play", "unknown", "--json"], "--json needs --random"),
    (["play", "unknown", "--random", "--survivors", "2"], "--survivors: 2 survivors: at least 3"),
    (["play", "unknown", "--random", "--mission", "behemoth"], "--mission"),
    (["play", "unknown", "--random", "--max-decisions", "0"], "--max-decisions"),
]


@pytest.mark.parametrize(("args", "problem"), BAD_PLAY)
def test_bad_play_options_are_one_line(args, problem):
    result = run(*args)
    if "--json" not in args:
        assert problem in one_line_error(result, 2, "rulings: error: ")
        return
    error = json.loads(result.stdout)["error"]  # with --json the error is on stdout too
    assert result.exit_code == 2 and error["kind"] == "input" and problem in error["message"]
    assert result.stderr == f"rulings: error: {error['message']}\n"


def test_play_reports_a_state_where_nobody_can_decide_as_stuck():
    """A map fragment (no round in progress) asks nobody anything: play stops and says so."""
    from random import Random

    from engine.cli.play import play_random

    logged = []
    _, ending = play_random(UnknownGame(), load_state(CORRIDOR), Random(0), 10, logged.append)
    assert (ending.result, ending.decisions, logged) == ("stuck", 0, [])
    assert ending.line().startswith("result: stuck: nothing pending")


# -- stopping a game to ask about it (--save-at) -------------------------------------------------
@pytest.mark.parametrize(("game", "round_no"), [("unknown", 2), ("falling-skies", 3), ("pig", 2)])
def test_save_at_writes_the_position_of_the_first_decision_of_the_round(tmp_path, game, round_no):
    from engine.core import registry
    from engine.core.game import TerminalNode

    target = tmp_path / "stopped.yaml"
    result = run("play", game, "--random", "--seed", "2", "--save-at", str(round_no), str(target))
    assert result.exit_code == 0, result.output
    assert f"saved the position at round {round_no} to {target}" in result.stdout
    opened = registry.open_file(target)
    assert opened.spec.name == game
    assert opened.state.round == round_no
    assert not isinstance(opened.game.node(opened.state), TerminalNode)


def test_save_at_a_round_the_game_never_reaches_writes_nothing_and_fails(tmp_path):
    target = tmp_path / "never.yaml"
    result = run("play", "unknown", "--random", "--save-at", "99", str(target))
    assert result.exit_code == 1
    assert "play never reached round 99" in result.stderr
    assert not target.exists()


@pytest.mark.parametrize(
    ("args", "prefix"),
    [
        (["--random", "--save-at", "2", "{dir}/stopped.json"], "rulings: error: --save-at: "),
        (
            ["--random", "--save-at", "2", "{dir}/missing/stopped.yaml"],
            "rulings: error: --save-at: ",
        ),
        (["--random", "--save-at", "0", "{dir}/stopped.yaml"], "rulings: error: "),
    ],
)
def test_save_at_refuses_a_file_it_could_not_write_before_playing(tmp_path, args, prefix):
    args = [a.replace("{dir}", str(tmp_path)) for a in args]
    result = run("play", "unknown", *args)
    one_line_error(result, 2, prefix)
    assert list(tmp_path.iterdir()) == []
