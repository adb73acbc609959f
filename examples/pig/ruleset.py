"""The interpretation switch of solo Pig (PRINCIPLES §5).

Each field is one entry of ``data/interpretations.yaml``: the field name is the ledger ID with
``_`` for ``-``; its default is the ledger's (set by ``ledger_switches``, which also refuses a
field the ledger lacks or a switch with no field), and the allowed values are its readings
(checked by :class:`~engine.core.ruleset.Switches`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from engine.core.ruleset import Switches, ledger_switches, load_ledger

LEDGER = Path(__file__).resolve().parent / "data" / "interpretations.yaml"


@dataclass(frozen=True)
@ledger_switches
class Ruleset(Switches):
    """The readings in force for one engine instance."""

    LEDGER: ClassVar[Path] = LEDGER

    target_reached: str
    """``pig.end.win``: ``on-hold`` (only a hold banks the points that win) or ``at-once`` (the
    roll that carries bank plus turn total to the target wins)."""


def interpretation_ledger() -> dict[str, dict[str, Any]]:
    """The ledger entries by ID."""
    return load_ledger(LEDGER)


DEFAULT = Ruleset()
