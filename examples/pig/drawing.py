"""Solo Pig positions drawn as text (``rulings show``) and as self-contained SVG.

Both drawings show the same things, read from the state only: the turn being played of the
agreed turns (``pig.game.turns``), the bank and the turn total on a track to the target
(``pig.game.target``), the die (rolling, or down while the player chooses: ``pig.turn.choose``)
and, once the game is over, its outcome with the clause that ended it.

The SVG follows the harness's conventions (``engine/core/svg.py``): root
``<svg class="rulings-board" data-game="pig">``, no ``id`` attributes, nothing external, the same
bytes for the same input. Groups a test or page can find: ``bank`` and ``turn-total``
(``data-points``), ``turn`` (``data-turn``, ``data-state``: played, current or ahead), ``die``
(``data-state``: rolling or down) and ``outcome`` (``data-result``, ``data-clause``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from examples.pig.state import PigState

if TYPE_CHECKING:
    from engine.core.svg import Canvas

TRACK = 40
"""The most cells the text track uses; a larger target is drawn to scale."""


# -- text -----------------------------------------------------------------------------------------
def _scale(target: int) -> int:
    """Points per track cell (a ceiling, so the track never exceeds ``TRACK`` cells)."""
    return max(1, -(-target // TRACK))


def status(state: PigState) -> str:
    """One line: the turn, or the outcome with its clause."""
    if state.outcome is not None:
        result, clause, why = state.outcome
        return f"game over: {result} [{clause}]: {why}"
    return f"turn {state.turn} of {state.turns}, target {state.target}"


def die_text(state: PigState) -> str:
    """``pig.die.in-the-air`` / ``pig.turn.choose``: what the die is doing."""
    if state.outcome is not None:
        return "down: the game is over"
    if state.rolling:
        return "rolling: its face comes next"
    return "down: roll again or hold"


def text(state: PigState, title: str) -> str:
    """The text drawing of a Pig position, with a legend."""
    scale = _scale(state.target)
    cells = -(-state.target // scale)
    banked = min(state.bank, state.target) // scale
    at_stake = min(state.bank + state.turn_total, state.target) // scale - banked
    track = "#" * banked + "+" * at_stake + "." * (cells - banked - at_stake)
    turns = "".join(_turn_cell(state, n) for n in range(1, min(state.turns, TRACK) + 1))
    more = f" ... {state.turns}" if state.turns > TRACK else ""
    lines = [
        f"{title}: solo Pig, {status(state)}",
        "",
        f"  bank        {state.bank:>4}  [{track}] {state.target}",
        f"  turn total  {state.turn_total:>4}  (bank + turn total {state.bank + state.turn_total})",
        f"  die         {die_text(state)}",
        f"  turns       {turns}{more}",
        "",
        f"Track: # banked, + turn total at stake, . still to reach (a cell is {scale} point"
        f"{'s' if scale > 1 else ''}). Turns: x played, the number of the turn being played, "
        "_ ahead.",
    ]
    return "\n".join(lines)


def _turn_cell(state: PigState, n: int) -> str:
    if n < state.turn or (n == state.turn and state.outcome is not None):
        return "[x]"
    if n == state.turn:
        return f"[{n}]"
    return "[_]"


def turn_state(state: PigState, n: int) -> str:
    """``played``, ``current`` or ``ahead`` for turn ``n``."""
    if n < state.turn or (n == state.turn and state.outcome is not None):
        return "played"
    return "current" if n == state.turn else "ahead"


# -- SVG ------------------------------------------------------------------------------------------
LEFT, WIDTH, BAR_W = 20, 520, 380
BANK_FILL, STAKE_FILL, EMPTY_FILL = "#5a9e5a", "#f0b24a", "#eeeeee"
TURN_R = 9


def svg(state: PigState, title: str) -> str:
    """The SVG drawing of a Pig position."""
    from engine.core.svg import Canvas, cut, document

    canvas = Canvas()
    canvas.text(LEFT, 22, cut(title or "solo Pig", 70), size=14, font_weight="bold")
    canvas.text(LEFT, 40, cut(status(state), 90), size=11, fill="#444444")
    _track(canvas, state, 60)
    _turns(canvas, state, 120)
    _die(canvas, state, 150)
    height = 200
    if state.outcome is not None:
        result, clause, _ = state.outcome
        canvas.open("outcome", f"{result} [{clause}]", data_result=result, data_clause=clause)
        canvas.text(LEFT + 80, 178, f"{result.upper()} [{clause}]", size=13, font_weight="bold")
        canvas.close()
    summary = (
        f"Solo Pig: bank {state.bank}, turn total {state.turn_total}, target {state.target}, "
        f"turn {state.turn} of {state.turns}; {die_text(state)}."
    )
    return document(canvas, WIDTH, height, "pig", title or "solo Pig", summary)


def draw_pig(state: PigState, *, title: str = "") -> str:
    """The SVG drawing of a Pig state (the registry's ``drawing`` entry: ``engine.svg.draw_pig``)."""
    return svg(state, title)


def _track(canvas: Canvas, state: PigState, top: float) -> None:
    """The bank and the turn total at stake on a bar as long as the target."""
    x0 = LEFT + 90
    per_point = BAR_W / state.target
    bank_w = min(state.bank, state.target) * per_point
    stake_w = min(state.bank + state.turn_total, state.target) * per_point - bank_w
    canvas.text(LEFT, top + 15, "bank", size=12)
    canvas.rect(x0, top, BAR_W, 22, fill=EMPTY_FILL, stroke="#888888")
    canvas.open("bank", f"bank {state.bank}", data_points=state.bank)
    canvas.rect(x0, top, bank_w, 22, fill=BANK_FILL)
    canvas.close()
    canvas.open("turn-total", f"turn total {state.turn_total}", data_points=state.turn_total)
    canvas.rect(x0 + bank_w, top, stake_w, 22, fill=STAKE_FILL)
    canvas.close()
    canvas.text(x0 + BAR_W + 6, top + 15, str(state.target), size=11)
    label = f"{state.bank} banked + {state.turn_total} on the turn of {state.target}"
    canvas.text(x0, top + 38, label, size=11, fill="#444444")


def _turns(canvas: Canvas, state: PigState, top: float) -> None:
    """One circle per agreed turn (at most 20 drawn): played, current or ahead."""
    canvas.text(LEFT, top + 4, "turns", size=12)
    fills = {"played": "#999999", "current": "#3b6fb6", "ahead": "#ffffff"}
    for n in range(1, min(state.turns, 20) + 1):
        where = turn_state(state, n)
        cx = LEFT + 90 + TURN_R + (n - 1) * (2 * TURN_R + 6)
        canvas.open("turn", f"turn {n}: {where}", data_turn=n, data_state=where)
        canvas.circle(cx, top, TURN_R, fill=fills[where], stroke="#555555")
        colour = "#ffffff" if where != "ahead" else "#333333"
        canvas.text(cx, top + 4, str(n), size=9, anchor="middle", fill=colour)
        canvas.close()
    if state.turns > 20:
        canvas.text(LEFT + 90 + 20 * (2 * TURN_R + 6), top + 4, f"... {state.turns}", size=11)


def _die(canvas: Canvas, state: PigState, top: float) -> None:
    """The die: rolling (a tilted square with ?) or down."""
    rolling = state.rolling and state.outcome is None
    where = "rolling" if rolling else "down"
    canvas.text(LEFT, top + 18, "die", size=12)
    canvas.open("die", die_text(state), data_state=where)
    x, y = LEFT + 90, top
    if rolling:
        canvas.polygon([(x + 14, y), (x + 28, y + 14), (x + 14, y + 28), (x, y + 14)],
                       fill="#ffffff", stroke="#333333")  # fmt: skip
        canvas.text(x + 14, y + 19, "?", size=14, anchor="middle")
    else:
        canvas.rect(x, y, 28, 28, fill="#ffffff", stroke="#333333", rx=4)
    canvas.close()
    canvas.text(x + 40, top + 18, die_text(state), size=11, fill="#444444")
