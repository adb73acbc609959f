"""The rules in force: the interpretation switches, the catalogs, and the rule points in play.

Actions never ask "is the Doctor doing this?". Each rule module declares the points at which a
card, a mission or a task may change its rule (``engine.core.rule_points.RulePoint``: the Eat
Food action's gain in ``actions/eat.py``, an enemy's speed in ``enemies/movement.py``, ...) and
asks :class:`Rules` for the point's answer; the survivor cards (``survivors/``), the mission
(``missions/``) and the task (``tasks/``) in play answer through the handlers they registered
for the points they use, nothing else. A survivor that gains another's abilities (Strategist,
the Radio task's Talk) simply puts that card in play for it too: the card's handlers answer for
every survivor who ``has`` the card.
"""

from __future__ import annotations

from typing import Any

from engine.core.rule_points import RuleContext
from engine.unknown.catalog import (
    EnemyKind,
    SurvivorCard,
    TileKind,
    catalog,
    enemy_kinds,
    survivor_cards,
)
from engine.unknown.ruleset import DEFAULT, Ruleset
from engine.unknown.state import UnknownState


class Rules(RuleContext):
    """The narrow context rule code works in: the ruleset, the rule points in play, the catalogs.

    The sources in play are the survivors' cards (their own and those gained from another
    survivor, ``unknown.survivor.strategist.borrow-or-move``, ``unknown.task.radio.reward-talk``)
    sorted by name, then the mission, then the task: the handlers of every point answer in that
    order, worked out once per set of sources (``RuleContext.handlers``).
    """

    def __init__(self, ruleset: Ruleset = DEFAULT) -> None:
        super().__init__()
        self.ruleset = ruleset
        self._last_sources: tuple[Any, ...] = (None, None, None, ())
        """The survivors, mission and task last asked about, and their sources."""

    def sources(self, state: UnknownState) -> tuple[str, ...]:
        survivors = state.position.survivors
        last = self._last_sources
        if last[1] == state.mission and last[2] == state.task:
            if last[0] is survivors:
                return last[3]
            if last[0] is not None and self._same_cards(last[0], survivors):
                self._last_sources = (survivors, *last[1:])
                return last[3]
        names = self._sources(survivors, state.mission, state.task)
        self._last_sources = (survivors, state.mission, state.task, names)
        return names

    @staticmethod
    def _same_cards(before: Any, now: Any) -> bool:
        """Whether two lists of survivors have the same cards, own and gained, one by one."""
        if len(before) != len(now):
            return False
        for a, b in zip(before, now, strict=True):
            if a.card != b.card or a.borrowed != b.borrowed:
                return False
        return True

    @staticmethod
    def _sources(survivors: Any, mission: str | None, task: str | None) -> tuple[str, ...]:
        cards = {s.card for s in survivors if s.card}
        cards.update(card for s in survivors for card in s.borrowed)
        names = sorted(cards)
        if mission:
            names.append(mission)
        if task:
            names.append(task)
        return tuple(names)

    @property
    def tiles(self) -> dict[str, TileKind]:
        """The tile catalog (``data/tiles.yaml``)."""
        return catalog()

    @property
    def cards(self) -> dict[str, SurvivorCard]:
        """The survivor cards (``data/survivors.yaml``)."""
        return survivor_cards()

    @property
    def enemies(self) -> dict[str, EnemyKind]:
        """The enemy kinds (``data/enemies.yaml``)."""
        return enemy_kinds()
