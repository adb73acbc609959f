"""The Scout mission (rulebook: Missions, Scout)."""

from __future__ import annotations

from engine.unknown.missions import MISSIONS
from engine.unknown.state import UnknownState


def scout_complete(state: UnknownState) -> str | None:
    """Why Scout is complete, or ``None``: every tile explored and every survivor home.

    Applies ``unknown.mission.scout.goal`` (the stack is empty and all survivors are on the base
    tile), ``unknown.mission.scout.on-base`` (each healthy or injured, not incapacitated) and
    ``unknown.mission.scout.alive`` (no survivor has been removed from the game).
    """
    if state.stack.size:
        return None
    bases = {t.at for t in state.position.tiles if t.tile == "base"}
    survivors = state.position.survivors
    if not survivors or not bases:
        return None
    if all(s.at in bases and not s.incapacitated for s in survivors):
        return "every tile is explored and every survivor is back on base, able to act"
    return None


MISSIONS["scout"] = scout_complete
