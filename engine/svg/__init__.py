"""Positions of both games drawn as self-contained SVG (issue 9: the report's pictures).

``draw_unknown`` draws an Unknown map, ``draw_falling_skies`` an Under Falling Skies board,
``draw_file`` whichever a position file holds. Each returns the text of one ``<svg>`` element
(root ``class="rulings-board"``, ``data-game`` naming the game) that a page can inline as it
is or a file can hold: no external fonts, images, stylesheets or scripts, no ``id``
attributes, and the same bytes for the same input.
"""

from __future__ import annotations

from engine.falling_skies.ruleset import DEFAULT, Ruleset
from engine.svg.falling_skies import draw_falling_skies
from engine.svg.unknown import draw_unknown


def draw_file(path: str, readings: tuple[str, ...] = ()) -> str:
    """The drawing of a position file of either game (its ``game`` key decides), titled by its
    path.

    ``readings`` are ``SWITCH=READING`` values of the Falling Skies interpretation ledger; they
    change how the board is read (e.g. the excavator's path). A bad file raises
    :class:`~engine.core.errors.PositionError`; a bad reading, or a reading given for an Unknown
    file (whose drawing no reading changes), raises ``ValueError``.
    """
    from engine.positions import load_position, read_position_data

    if read_position_data(path)["game"] == "falling-skies":
        from engine.falling_skies.files import load_position as load_fs

        ruleset = _fs_ruleset(readings)
        position = load_fs(path, ruleset)
        return draw_falling_skies(position.state, position.scenario, ruleset, title=str(path))
    if readings:
        raise ValueError("readings apply to Under Falling Skies positions only")
    return draw_unknown(load_position(path), title=str(path))


def _fs_ruleset(readings: tuple[str, ...]) -> Ruleset:
    """The Falling Skies ruleset with ``SWITCH=READING`` values applied (``ValueError`` if bad)."""
    chosen: dict[str, str] = {}
    for value in readings:
        switch, sep, reading = value.partition("=")
        if not sep or not switch.strip() or not reading.strip():
            raise ValueError(f"{value!r} is not SWITCH=READING")
        if switch.strip() in chosen:
            raise ValueError(f"switch {switch.strip()!r} is given twice")
        chosen[switch.strip()] = reading.strip()
    return DEFAULT.with_readings(**chosen)


__all__ = ["draw_falling_skies", "draw_file", "draw_unknown"]
