"""What every drawing of a position shares: XML escaping, number formatting and an SVG canvas.

The drawings are meant to be pasted inline into an HTML page many times over, so they use no
``id`` attributes (no ``<defs>``, gradients or patterns that would clash between drawings), no
external fonts, images, stylesheets or scripts, and only a generic font family. The same input
always gives the same bytes: nothing here reads the clock, a random source or a set's order.
"""

from __future__ import annotations

import math
import re

SVG_NS = "http://www.w3.org/2000/svg"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
"""Font names the viewer may have; nothing is downloaded, the generic family is the fallback."""

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
"""Characters XML 1.0 cannot hold at all, even escaped."""


def esc(text: object) -> str:
    """``text`` safe inside XML text and double-quoted attributes (characters XML cannot hold
    become U+FFFD)."""
    value = _NOT_XML.sub("\ufffd", str(text))
    return (
        value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def num(value: float) -> str:
    """A coordinate written the same way every time: whole numbers bare, others to 2 places."""
    rounded = round(float(value), 2)
    if rounded == int(rounded):
        return str(int(rounded))
    return f"{rounded:.2f}".rstrip("0").rstrip(".")


def cut(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, the last one an ellipsis when it was longer."""
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def attrs(pairs: dict[str, object]) -> str:
    """`` name="value"`` pairs in the given order; ``None`` values left out, ``_`` read as ``-``."""
    out = []
    for name, value in pairs.items():
        if value is None:
            continue
        shown = num(value) if isinstance(value, float) else value
        out.append(f' {name.rstrip("_").replace("_", "-")}="{esc(shown)}"')
    return "".join(out)


class Canvas:
    """An SVG body built element by element (a list of text lines, joined at the end)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.depth = 0

    def _put(self, text: str) -> None:
        self.lines.append("  " * (self.depth + 1) + text)

    def element(self, tag: str, **pairs: object) -> None:
        """An empty element, e.g. ``rect``."""
        self._put(f"<{tag}{attrs(pairs)}/>")

    def open(self, css: str, tooltip: str | None = None, **pairs: object) -> None:
        """Open a ``<g class=css ...>`` group, with a ``<title>`` (hover text) when given."""
        self._put(f"<g{attrs({'class': css, **pairs})}>")
        self.depth += 1
        if tooltip:
            self._put(f"<title>{esc(tooltip)}</title>")

    def close(self) -> None:
        """Close the innermost open group."""
        self.depth -= 1
        self._put("</g>")

    def rect(self, x: float, y: float, w: float, h: float, **pairs: object) -> None:
        self.element("rect", x=float(x), y=float(y), width=float(w), height=float(h), **pairs)

    def line(self, x1: float, y1: float, x2: float, y2: float, **pairs: object) -> None:
        self.element("line", x1=float(x1), y1=float(y1), x2=float(x2), y2=float(y2), **pairs)

    def circle(self, cx: float, cy: float, r: float, **pairs: object) -> None:
        self.element("circle", cx=float(cx), cy=float(cy), r=float(r), **pairs)

    def polygon(self, points: list[tuple[float, float]], **pairs: object) -> None:
        text = " ".join(f"{num(x)},{num(y)}" for x, y in points)
        self.element("polygon", points=text, **pairs)

    def text(
        self,
        x: float,
        y: float,
        words: str,
        size: float = 11,
        anchor: str = "start",
        **pairs: object,
    ) -> None:
        """A one-line text (``anchor``: start, middle or end of the line at ``x``)."""
        head = attrs({"x": float(x), "y": float(y), "font-size": float(size)})
        more = attrs({"text-anchor": None if anchor == "start" else anchor, **pairs})
        self._put(f"<text{head}{more}>{esc(words)}</text>")


def document(
    canvas: Canvas, width: float, height: float, game: str, title: str, summary: str
) -> str:
    """The whole ``<svg>`` element: root attributes, ``<title>``, ``<desc>`` and the body."""
    head = attrs(
        {
            "xmlns": SVG_NS,
            "class": "rulings-board",
            "data-game": game,
            "viewBox": f"0 0 {num(width)} {num(height)}",
            "width": float(width),
            "height": float(height),
            "role": "img",
            "font-family": FONT,
        }
    )
    lines = [
        f"<svg{head}>",
        f"  <title>{esc(title)}</title>",
        f"  <desc>{esc(summary)}</desc>",
        f'  <rect x="0" y="0" width="{num(width)}" height="{num(height)}" fill="#ffffff"/>',
        *canvas.lines,
        "</svg>",
    ]
    return "\n".join(lines) + "\n"


PAD = 8
"""Least margin between any text and the picture's edge (:func:`fitted_document`)."""
NARROW, WIDE = frozenset(" ijlI.,:;!|'`()[]"), frozenset("mwMW@%#\u2026\u2620")
"""Characters drawn narrower, and much wider, than most in DejaVu Sans."""


def text_width(words: str, size: float, bold: bool = False) -> float:
    """How wide a line of text is drawn in DejaVu Sans, rounded up: each character's share of
    the font size (narrow ones a third, capitals four fifths, the widest nearly a whole), a
    tenth more in bold."""
    shares = (
        0.34 if c in NARROW else 0.95 if c in WIDE else 0.8 if c.isupper() else 0.64 for c in words
    )
    return sum(shares) * size * (1.1 if bold else 1.0)


class MeasuredCanvas(Canvas):
    """A canvas that keeps the extent of its rectangles and texts (a text's width estimated
    from its length), so the picture can be made large enough to hold them all."""

    def __init__(self) -> None:
        super().__init__()
        self.extent = [math.inf, math.inf, -math.inf, -math.inf]

    def grow(self, x0: float, y0: float, x1: float, y1: float) -> None:
        """Count the box from ``(x0, y0)`` to ``(x1, y1)`` as drawn."""
        box = self.extent
        self.extent = [min(box[0], x0), min(box[1], y0), max(box[2], x1), max(box[3], y1)]

    def rect(self, x: float, y: float, w: float, h: float, **pairs: object) -> None:
        self.grow(x, y, x + w, y + h)
        super().rect(x, y, w, h, **pairs)

    def text(
        self,
        x: float,
        y: float,
        words: str,
        size: float = 11,
        anchor: str = "start",
        **pairs: object,
    ) -> None:
        width = text_width(words, size, pairs.get("font_weight") == "bold")
        start = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
        self.grow(start, y - size, start + width, y + size * 0.3)
        super().text(x, y, words, size, anchor, **pairs)


def fitted_document(
    canvas: MeasuredCanvas, width: float, height: float, game: str, title: str, summary: str
) -> str:
    """The whole picture, at least ``width`` by ``height`` and large enough for everything the
    canvas holds with a margin; moved right and down when a text reaches past its top or left
    edge."""
    x0, y0, x1, y1 = canvas.extent
    dx = max(0.0, PAD - x0) if x0 != math.inf else 0.0
    dy = max(0.0, PAD - y0) if y0 != math.inf else 0.0
    if dx or dy:
        canvas.lines = [
            f'  <g transform="translate({num(dx)} {num(dy)})">',
            *("  " + line for line in canvas.lines),
            "  </g>",
        ]
    width = math.ceil(max(width, x1 + dx + PAD))
    height = math.ceil(max(height, y1 + dy + PAD))
    return document(canvas, width, height, game, title, summary)
