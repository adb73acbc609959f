"""Positions drawn as self-contained SVG (``rulings show --svg``, the report's pictures).

``draw_file`` draws whichever game a position file holds, through the game's registry entry
(``GameSpec.svg``). Each drawing is the text of one ``<svg>`` element (root
``class="rulings-board"``, ``data-game`` naming the game) that a page can inline as it is or a
file can hold: no external fonts, images, stylesheets or scripts, no ``id`` attributes, and the
same bytes for the same input. A game's own drawing function (``GameSpec.drawing``, e.g.
``draw_unknown``) is also found here by its name, for callers that hold a game's parts rather
than a file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.core import registry


def draw_file(path: str | Path, readings: tuple[str, ...] = ()) -> str:
    """The drawing of a position file of any registered game (its ``game`` key decides),
    titled by its path, the file read once.

    ``readings`` are ``SWITCH=READING`` values of the game's interpretation ledger, for a game
    whose drawing they change (e.g. Falling Skies' excavator path). A bad file raises
    :class:`~engine.core.errors.PositionError`; a bad reading, or a reading given for a game
    whose drawing no reading changes, raises ``ValueError``.
    """
    spec, data = registry.parse_file(path)
    if readings and not spec.drawn_with_readings:
        drawn = [s.title for s in registry.games().values() if s.drawn_with_readings]
        raise ValueError(f"readings apply to {' or '.join(drawn)} positions only")
    ruleset = spec.ruleset(registry.parse_readings(readings))
    return spec.svg(spec.open_data(data, str(path), ruleset), str(path))


def __getattr__(name: str) -> Any:
    """A registered game's drawing function by its name (``GameSpec.drawing``)."""
    for spec in registry.games().values():
        if spec.drawing and spec.drawing.rpartition(":")[2] == name:
            return registry.load_reference(spec.drawing)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["draw_file"]
