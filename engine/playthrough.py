"""Golden playthroughs: seeded playouts of every registered game, recorded as files and checked.

A playthrough file (``tests/playthroughs/GAME-SETUP-seedN.yaml``) holds one game played from one
of the setups of :data:`SETUPS` with one seed: every step — each player decision with the number
of legal decisions it was chosen from, each chance outcome with the number of outcomes it was
drawn from — then how the game ended (the outcome, the clause that ended it and why), or that
:data:`STEP_CAP` steps were played first. The setups are the games' own (``GameSpec.playthroughs``,
set up by ``GameSpec.new_game``). Decisions are said with the game's phrasebook
(``GameSpec.phrasebook``, the phrases of ``rulings resolve``), so a file reads like a game log and
its phrases replay with ``rulings resolve --replay``. ``rulings record`` writes the files; the
tests replay them. A change in what the engine offers (the legal decisions, their number or
order, the chance outcomes and their probabilities) or in where play leads shows in a file's
diff, and the first changed step line is where the engine first plays differently; the events of
a step are not recorded, so a change that alters only what a step narrates, and nothing offered
later, does not show here.

**The policy is part of a file's meaning.** One ``random.Random(seed)`` makes every choice, in
order (:func:`~engine.core.playout.play_out` with its uniform policy): at a chance node it draws
the outcome with its exact probability (:func:`~engine.core.game.sample_outcome`), at a player
node it takes one of ``node.legal`` uniformly (``rng.choice``). The same engine, setup and seed
therefore give the same file; a different file means the engine now offers other decisions (or
in another order), other chance outcomes or probabilities, or other consequences. Games are
played through the narrow interface only (``game.node``, ``game.apply``; PRINCIPLES §3), with
every interpretation switch at its default reading.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from random import Random
from typing import Any

import yaml

from engine.cli.replay import phrase_for
from engine.core import registry
from engine.core.game import ChanceNode
from engine.core.playout import Ending, play_out
from engine.core.textfiles import yaml_flow

STEP_CAP = 400
"""Steps (player decisions and chance draws) played at most per playout; a game still running
then ends its file with the result ``cap``."""
FOLDER = Path("tests/playthroughs")
"""Where the recorded files live, from the repository root."""
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


def setups(game: str = "all") -> tuple[Setup, ...]:
    """The playthrough setups of every registered game (``all``) or of one, in registry order."""
    return tuple(
        Setup(spec.name, setup.name, setup.about, setup.options, setup.seeds)
        for spec in registry.iter_games(game)
        for setup in spec.playthroughs
    )


SETUPS: tuple[Setup, ...] = setups()
"""Every registered game's playthrough setups."""


def file_name(setup: Setup, seed: int) -> str:
    """The file a setup's playout with ``seed`` is recorded in."""
    return f"{setup.game}-{setup.name}-seed{seed}.yaml"


def planned(game: str = "all") -> dict[str, tuple[Setup, int]]:
    """Every file the table asks for (of ``game``, or of every game), by file name."""
    return {file_name(setup, seed): (setup, seed) for setup in setups(game) for seed in setup.seeds}


def stray_files(folder: Path, game: str = "all") -> list[Path]:
    """Files of ``folder`` named like a playthrough of ``game`` that no setup of the table asks
    for (left behind by a renamed or removed setup or seed)."""
    games = registry.names() if game == "all" else (game,)
    wanted = planned(game)
    return sorted(
        path
        for path in folder.glob("*.yaml")
        if path.name.startswith(tuple(f"{g}-" for g in games)) and path.name not in wanted
    )


# -- setting up ----------------------------------------------------------------------------------
def build(setup: Setup, seed: int) -> tuple[Any, Any]:
    """The game engine (default readings) and the first state of ``setup`` with ``seed``: the
    game's own set-up (``GameSpec.new_game``), settled to the first decision."""
    spec = registry.game(setup.game)
    new = spec.new_game(spec.ruleset(), seed, dict(setup.options))
    return new.game, new.state


# -- playing and recording -----------------------------------------------------------------------
def play(setup: Setup, seed: int, cap: int = STEP_CAP) -> dict[str, Any]:
    """Play ``setup`` with ``seed`` under the seeded policy; the file's data (header and steps)."""
    game, state = build(setup, seed)
    steps, ended = _steps(registry.game(setup.game), game, state, seed, cap)
    return {
        "game": setup.game,
        "setup": setup.header(),
        "about": setup.about,
        "seed": seed,
        "readings": "defaults",
        "policy": "seeded random: Random(seed); chance by sample_outcome, players by rng.choice",
        "step_cap": cap,
        "step_count": len(steps),
        "ending": ending(ended, cap),
        "steps": steps,
    }


def _steps(
    spec: Any, game: Any, state: Any, seed: int, cap: int
) -> tuple[list[dict[str, Any]], Ending]:
    """The steps of the seeded playout (at most ``cap``) and how it stopped."""
    book = spec.phrasebook()
    steps: list[dict[str, Any]] = []

    def note(before: Any, decision: Any, _step: Any) -> None:
        node = game.node(before)
        said = phrase_for(book, game, before, node, decision)
        n = len(steps) + 1
        if isinstance(node, ChanceNode):
            step = {"n": n, "who": "chance", "outcomes": len(node.outcomes), "outcome": said}
        else:
            step = {"n": n, "who": "player", "legal": len(node.legal), "decision": said}
        steps.append(step if not said.startswith("option ") else {**step, "means": str(decision)})

    _, ended = play_out(game, state, Random(seed), on_step=note, max_decisions=cap)
    return steps, ended


def ending(ended: Ending, cap: int) -> dict[str, Any]:
    """How the playout stopped: the game's outcome with its clause and reason, the step cap, or
    ``stuck`` (no one can act and the game is not over: an engine bug, recorded as it is)."""
    if ended.ended:
        return {"result": ended.result, "clause": ended.clause, "reason": ended.why}
    if ended.result == "cap":
        reason = f"the step cap ({cap} steps) was reached before the game ended"
        return {"result": "cap", "clause": None, "reason": reason}
    what = "nothing pending" if "no rule in motion" in ended.why else "no legal decision"
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
