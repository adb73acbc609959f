"""Golden playthroughs: seeded playouts of both games, recorded as files and checked against them.

A playthrough file (``tests/playthroughs/GAME-SETUP-seedN.yaml``) holds one game played from one
of the setups of :data:`SETUPS` with one seed: every step — each player decision with the number
of legal decisions it was chosen from, each chance outcome with the number of outcomes it was
drawn from — then how the game ended (the outcome, the clause that ended it and why), or that
:data:`STEP_CAP` steps were played first. Decisions are said with the phrases of
``rulings resolve`` (:mod:`engine.cli.replay`), so a file reads like a game log and its phrases
replay with ``rulings resolve --replay``. ``rulings record`` writes the files; the tests replay
them. A change in what the engine offers (the legal decisions, their number or order, the chance
outcomes and their probabilities) or in where play leads shows in a file's diff, and the first
changed step line is where the engine first plays differently; the events of a step are not
recorded, so a change that alters only what a step narrates, and nothing offered later, does
not show here.

**The policy is part of a file's meaning.** One ``random.Random(seed)`` makes every choice, in
order: at a chance node it draws the outcome with its exact probability
(:func:`~engine.core.game.sample_outcome`), at a player node it takes ``rng.choice(node.legal)``.
The same engine, setup and seed therefore give the same file; a different file means the engine
now offers other decisions (or in another order), other chance outcomes or probabilities, or
other consequences. Games are played through the narrow interface only (``game.node``,
``game.apply``; PRINCIPLES §3), with every interpretation switch at its default reading.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from random import Random
from typing import Any

import yaml

from engine.cli.replay import phrase_for, phrasebook
from engine.core.game import ChanceNode, PlayerNode, TerminalNode, sample_outcome
from engine.core.textfiles import yaml_flow

GAMES = ("unknown", "falling-skies")
STEP_CAP = 400
"""Steps (player decisions and chance draws) played at most per playout; a game still running
then ends its file with the result ``cap``."""
FOLDER = Path("tests/playthroughs")
"""Where the recorded files live, from the repository root."""
SCENARIOS = Path(__file__).resolve().parent / "falling_skies" / "data" / "scenarios"
REGENERATE = "rulings record"


@dataclass(frozen=True)
class Setup:
    """One recorded setup: the game, a short name, what it sets up, and the seeds played."""

    game: str
    name: str
    about: str
    options: tuple[tuple[str, Any], ...]
    seeds: tuple[int, ...]

    def option(self, key: str, default: Any = None) -> Any:
        """The value of one set-up option (``default`` when the setup leaves it out)."""
        return dict(self.options).get(key, default)

    def header(self) -> dict[str, Any]:
        """The setup as a file's header writes it."""
        return {"name": self.name, **dict(self.options)}


SETUPS: tuple[Setup, ...] = (
    # Under Falling Skies: the default board and two small shipped boards (scenario files).
    Setup(
        "falling-skies",
        "default",
        "the default board: the print-and-play easy sides (pnp-easy)",
        (("scenario", "default"),),
        (1, 2),
    ),
    Setup(
        "falling-skies",
        "short-sky",
        "a three-column city under a sky of three rows: ships reach the city fast",
        (("scenario", "short-sky"),),
        (1, 2),
    ),
    Setup(
        "falling-skies",
        "two-step-research",
        "a research track of two steps: a game can be won in a few rounds",
        (("scenario", "two-step-research"),),
        (1, 2),
    ),
    # Unknown: missions, difficulties and numbers of players as `rulings play` sets them up.
    # Seeds differ between setups: two setups with as many survivors and one seed deal the same
    # cards and play the same opening. Behemoth's seed 4 runs into the step cap (a `cap` ending).
    Setup(
        "unknown",
        "scout-quick-start",
        "the Quick Start Setup of Scout with three survivors (rulings play's default)",
        (("setup", "quick-start"), ("mission", "scout"), ("survivors", 3)),
        (1, 2),
    ),
    Setup(
        "unknown",
        "hive-hard-2-players",
        "Hive on hard for two players (who run two survivors each)",
        (("setup", "standard"), ("mission", "hive"), ("difficulty", "hard"), ("players", 2)),
        (3,),
    ),
    Setup(
        "unknown",
        "water-easy-4-survivors",
        "Water on easy with four survivors",
        (("setup", "standard"), ("mission", "water"), ("difficulty", "easy"), ("survivors", 4)),
        (5,),
    ),
    Setup(
        "unknown",
        "refugees-foraging",
        "Refugees with three survivors and the Foraging task card",
        (
            ("setup", "standard"),
            ("mission", "refugees"),
            ("difficulty", "normal"),
            ("survivors", 3),
            ("task", "foraging"),
        ),
        (6, 8),
    ),
    Setup(
        "unknown",
        "behemoth-short-5-survivors",
        "the short version of Behemoth with five survivors",
        (
            ("setup", "standard"),
            ("mission", "behemoth"),
            ("difficulty", "normal"),
            ("survivors", 5),
            ("short", True),
        ),
        (4,),
    ),
    Setup(
        "unknown",
        "onslaught-story",
        "Onslaught with the story set's four recommended survivors",
        (
            ("setup", "standard"),
            ("mission", "onslaught"),
            ("difficulty", "normal"),
            ("survivors", 4),
            ("story", True),
        ),
        (1,),
    ),
    Setup(
        "unknown",
        "activate-hard-6-survivors",
        "Activate on hard with six survivors (the most the game sets up)",
        (("setup", "standard"), ("mission", "activate"), ("difficulty", "hard"), ("survivors", 6)),
        (3,),
    ),
)


def file_name(setup: Setup, seed: int) -> str:
    """The file a setup's playout with ``seed`` is recorded in."""
    return f"{setup.game}-{setup.name}-seed{seed}.yaml"


def planned(game: str = "all") -> dict[str, tuple[Setup, int]]:
    """Every file the table asks for (of ``game``, or of both games), by file name."""
    return {
        file_name(setup, seed): (setup, seed)
        for setup in SETUPS
        if game in ("all", setup.game)
        for seed in setup.seeds
    }


def stray_files(folder: Path, game: str = "all") -> list[Path]:
    """Files of ``folder`` named like a playthrough of ``game`` that no setup of the table asks
    for (left behind by a renamed or removed setup or seed)."""
    games = GAMES if game == "all" else (game,)
    wanted = planned(game)
    return sorted(
        path
        for path in folder.glob("*.yaml")
        if path.name.startswith(tuple(f"{g}-" for g in games)) and path.name not in wanted
    )


# -- setting up ----------------------------------------------------------------------------------
def build(setup: Setup, seed: int) -> tuple[Any, Any]:
    """The game engine (default readings) and the first state of ``setup`` with ``seed``."""
    if setup.game == "falling-skies":
        return _falling_skies(setup)
    return _unknown(setup, seed)


def _falling_skies(setup: Setup) -> tuple[Any, Any]:
    """The board of the setup's scenario file (``default``: ``FallingSkiesGame()``'s)."""
    from engine.falling_skies.game import FallingSkiesGame
    from engine.falling_skies.scenario import load_scenario

    name = setup.option("scenario")
    scenario = None if name == "default" else load_scenario(SCENARIOS / f"{name}.yaml")
    game = FallingSkiesGame(scenario)
    return game, game.initial_state()


def _unknown(setup: Setup, seed: int) -> tuple[Any, Any]:
    """The set-up of ``rulings play unknown`` (``engine.cli.play.set_up``) with these options and
    ``seed`` (which deals the cards and shuffles the stack), settled to the first decision."""
    from engine.unknown.game import UnknownGame
    from engine.unknown.setup import quick_start_scout, standard_setup

    game = UnknownGame()
    survivors, players = setup.option("survivors"), setup.option("players")
    if setup.option("setup") == "quick-start":
        state = quick_start_scout(survivors, seed, players=players)
    else:
        state = standard_setup(
            setup.option("mission"),
            survivors,
            setup.option("difficulty", "normal"),
            seed,
            short=setup.option("short", False),
            players=players,
            task=setup.option("task"),
            story=setup.option("story", False),
        )
    state, _ = game.settle(state)
    return game, state


# -- playing and recording -----------------------------------------------------------------------
def play(setup: Setup, seed: int, cap: int = STEP_CAP) -> dict[str, Any]:
    """Play ``setup`` with ``seed`` under the seeded policy; the file's data (header and steps)."""
    game, state = build(setup, seed)
    steps, state, node = _steps(game, state, seed, cap)
    return {
        "game": setup.game,
        "setup": setup.header(),
        "about": setup.about,
        "seed": seed,
        "readings": "defaults",
        "policy": "seeded random: Random(seed); chance by sample_outcome, players by rng.choice",
        "step_cap": cap,
        "step_count": len(steps),
        "ending": ending(state, node, len(steps), cap),
        "steps": steps,
    }


def _steps(game: Any, state: Any, seed: int, cap: int) -> tuple[list[dict[str, Any]], Any, Any]:
    """The steps of the seeded playout (at most ``cap``), the last state and its node."""
    book = phrasebook(game.name)
    rng = Random(seed)
    steps: list[dict[str, Any]] = []
    node = game.node(state)
    while len(steps) < cap and _can_act(node):
        n = len(steps) + 1
        if isinstance(node, ChanceNode):
            decision = sample_outcome(node, rng)
            said = phrase_for(book, game, state, node, decision)
            step = {"n": n, "who": "chance", "outcomes": len(node.outcomes), "outcome": said}
            steps.append(
                step if not said.startswith("option ") else {**step, "means": str(decision)}
            )
        else:
            decision = rng.choice(node.legal)
            said = phrase_for(book, game, state, node, decision)
            step = {"n": n, "who": "player", "legal": len(node.legal), "decision": said}
            steps.append(
                step if not said.startswith("option ") else {**step, "means": str(decision)}
            )
        state = game.apply(state, decision).state
        node = game.node(state)
    return steps, state, node


def _can_act(node: Any) -> bool:
    """Whether someone acts at ``node``: a chance node, or a player node with a legal decision."""
    if isinstance(node, ChanceNode):
        return bool(node.outcomes)
    return isinstance(node, PlayerNode) and bool(node.legal)


def ending(state: Any, node: Any, steps: int, cap: int) -> dict[str, Any]:
    """How the playout stopped: the game's outcome with its clause and reason, the step cap, or
    ``stuck`` (no one can act and the game is not over: an engine bug, recorded as it is)."""
    if isinstance(node, TerminalNode):
        outcome = getattr(state, "outcome", None)
        reason = outcome[2] if outcome else node.outcome
        return {"result": node.outcome, "clause": node.clause, "reason": reason}
    if steps >= cap and _can_act(node):
        reason = f"the step cap ({cap} steps) was reached before the game ended"
        return {"result": "cap", "clause": None, "reason": reason}
    what = "no legal decision" if isinstance(node, PlayerNode | ChanceNode) else "nothing pending"
    return {"result": "stuck", "clause": None, "reason": f"{what}, and the game is not over"}


# -- the file ------------------------------------------------------------------------------------
HEAD = """\
# A golden playthrough, written by `rulings record` (do not edit by hand; regenerate it).
# One Random(seed) plays: each chance outcome drawn with its exact probability (sample_outcome),
# each player decision rng.choice(legal). This policy is part of the file's meaning: the same
# engine, setup and seed give this file again. legal / outcomes: how many there were to choose
# from. Phrases are those of `rulings resolve` (they replay with `rulings resolve --replay`).
"""


def render(data: dict[str, Any]) -> str:
    """The file's text: the header keys one per line, then one line per step (flow style), so a
    change of one step is a one-line diff. The text reads back (YAML) as ``data``."""
    lines = [HEAD.rstrip("\n")]
    for key, value in data.items():
        if key == "steps":
            lines.append("steps:")
            lines += [f"  - {yaml_flow(step)}" for step in value]
        else:
            lines.append(f"{key}: {yaml_flow(value)}")
    text = "\n".join(lines) + "\n"
    if yaml.safe_load(text) != data:
        raise AssertionError("a playthrough file would not read back as its data")
    return text


# -- checking ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Difference:
    """Where a recorded file and the engine now part: the file, the place, both versions."""

    path: Path
    where: str
    recorded: str
    now: str

    def message(self) -> str:
        """A readable diff of the first line that differs, and the command that regenerates."""
        return "\n".join(
            [
                f"{self.path}: {self.where}: the engine no longer plays as recorded",
                f"  file:   {self.recorded}",
                f"  engine: {self.now}",
                f"  if the change is intended, regenerate with `{REGENERATE}` and review the diff",
            ]
        )


def read(path: Path) -> dict[str, Any]:
    """A recorded file's data; ``ValueError`` naming the file if it is no playthrough file."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as error:
        raise ValueError(f"{path}: cannot be read ({' '.join(str(error).split())})") from None
    if not isinstance(data, dict) or not isinstance(data.get("steps"), list):
        raise ValueError(f"{path}: not a playthrough file (no steps: list)")
    return data


def compare(path: Path, recorded: dict[str, Any], now: dict[str, Any]) -> Difference | None:
    """The first difference between a file's data and a fresh playout's, step by step first
    (the earliest step that differs explains the rest), then the header; ``None`` if equal."""
    for old, new in zip(recorded["steps"], now["steps"], strict=False):
        if old != new:
            return Difference(path, f"step {new.get('n')}", yaml_flow(old), yaml_flow(new))
    old_steps, new_steps = recorded["steps"], now["steps"]
    if len(old_steps) != len(new_steps):
        n = min(len(old_steps), len(new_steps)) + 1
        old = yaml_flow(old_steps[n - 1]) if len(old_steps) >= n else "(no such step: play ended)"
        new = yaml_flow(new_steps[n - 1]) if len(new_steps) >= n else "(no such step: play ended)"
        return Difference(path, f"step {n}", old, new)
    for key in (*now, *(k for k in recorded if k not in now)):
        if recorded.get(key) != now.get(key):
            return Difference(
                path, f"header {key}", yaml_flow(recorded.get(key)), yaml_flow(now.get(key))
            )
    return None


def check(path: Path, setup: Setup, seed: int) -> Difference | None:
    """Replay ``setup`` with ``seed`` and compare it with the file at ``path``."""
    return compare(path, read(path), play(setup, seed))
