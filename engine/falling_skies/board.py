"""The board as the engine reads it: a scenario seen through the ruleset's readings.

Everything here is computed once per engine instance (the scenario never changes during a
game), so the rules can ask cheap questions: which room covers a space, where a space lies on
the excavator's path, which icon a sky space shows, how many dice are rolled.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.falling_skies.ruleset import Ruleset
from engine.falling_skies.scenario import Room, Scenario, Space


@dataclass(frozen=True, eq=False)
class Board:
    """A scenario with the readings of one ruleset applied (hashed by identity, for caches)."""

    scenario: Scenario
    path: tuple[Space, ...]
    start: int
    room_at: dict[Space, Room]
    rooms: dict[str, Room]
    path_index: dict[Space, int]
    icons: dict[Space, str]
    grey_dice: int
    white_dice: int
    damage_limit: int
    """The number of hits that loses: the hit that reaches the skull."""

    @property
    def sky_rows(self) -> int:
        return len(self.scenario.sky)

    @property
    def columns(self) -> int:
        return self.scenario.columns

    @classmethod
    def build(cls, scenario: Scenario, ruleset: Ruleset) -> Board:
        """The board of ``scenario`` under ``ruleset``."""
        path = excavator_path(scenario.excavator_path, scenario.excavator_start, ruleset)
        start = path.index(scenario.excavator_path[scenario.excavator_start])
        white = scenario.white_dice if ruleset.dice_count == "text" else 1
        extra = 1 if ruleset.damage_track_length == "one-more" else 0
        icons = {
            (r, c): icon
            for r, row in enumerate(scenario.sky, start=1)
            for c, icon in enumerate(row, start=1)
            if icon
        }
        return cls(
            scenario=scenario,
            path=path,
            start=start,
            room_at={space: room for room in scenario.rooms for space in room.spaces},
            rooms={room.id: room for room in scenario.rooms},
            path_index={space: i for i, space in enumerate(path)},
            icons=icons,
            grey_dice=scenario.grey_dice,
            white_dice=white,
            damage_limit=scenario.damage_track + extra + 1,
        )

    def mothership_action(self, row: int) -> tuple[str, int]:
        """The action printed on a mothership row (rows past the track's end: none)."""
        track = self.scenario.mothership
        return track[row - 1] if row <= len(track) else ("none", 0)


def excavator_path(path: tuple[Space, ...], start: int, ruleset: Ruleset) -> tuple[Space, ...]:
    """The excavator's path under the ``sky-row-3-excavated`` reading (``fs.excavator.path``).

    ``as-scenario``: the path as listed. ``reversed``: every row's run from the excavator's
    starting row down is walked the other way (a path that is not cut into row runs is listed
    the same either way).
    """
    if ruleset.sky_row_3_excavated == "as-scenario":
        return path
    runs = _row_runs(path)
    here = path[start]
    run_no = next(i for i, run in enumerate(runs) if here in run)
    flipped = [*runs[:run_no], *(tuple(reversed(r)) for r in runs[run_no:])]
    return tuple(space for r in flipped for space in r)


def _row_runs(path: tuple[Space, ...]) -> list[tuple[Space, ...]]:
    """The path cut into runs of consecutive spaces on one row."""
    runs: list[list[Space]] = []
    for space in path:
        if runs and runs[-1][-1][0] == space[0]:
            runs[-1].append(space)
        else:
            runs.append([space])
    return [tuple(r) for r in runs]
