"""The two palettes and the Pen that draws in the house style with one of them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .svg import num, raw

GOLD = "#e2ad1d"
COPPER = "#c4642c"


@dataclass(frozen=True)
class Palette:
    """Colours of one side."""

    name: str
    fill: str  # main body
    line: str  # outline
    detail: str  # inner lines, dots and emblems
    shade: str  # echo copies behind riders, secondary surfaces


WHITE = Palette("white", "#f7f3ea", "#1d1d1d", "#1d1d1d", "#cfc6b2")
BLACK = Palette("black", "#2b2b2b", "#111111", "#ece6d6", "#6b6b6b")


class Pen:
    """Emits SVG elements in the house style for one palette.

    ``k`` compensates stroke widths inside a scaled group so that the
    line weight stays the same on screen.
    """

    def __init__(self, pal: Palette, k: float = 1.0) -> None:
        self.pal = pal
        self.k = k

    def scaled(self, s: float) -> Pen:
        return Pen(self.pal, self.k / s)

    def _w(self, w: float) -> str:
        return num(w * self.k)

    def body(self, d: str, fill: str | None = None, w: float = 4.0) -> str:
        return f'<path d="{d}" fill="{fill or self.pal.fill}" stroke="{self.pal.line}" stroke-width="{self._w(w)}"/>'

    def shade(self, d: str) -> str:
        return self.body(d, self.pal.shade)

    def accent(self, d: str, colour: str) -> str:
        return self.body(d, colour, 3.0)

    def line(self, d: str, w: float = 3.0) -> str:
        return f'<path d="{d}" fill="none" stroke="{self.pal.detail}" stroke-width="{self._w(w)}"/>'

    def ink(self, d: str, w: float = 3.0) -> str:
        """An unfilled line in the outline colour (strings, legs)."""
        return f'<path d="{d}" fill="none" stroke="{self.pal.line}" stroke-width="{self._w(w)}"/>'

    def solid(self, d: str, colour: str | None = None) -> str:
        """A filled emblem shape without outline (detail colour by default)."""
        return f'<path d="{d}" fill="{colour or self.pal.detail}"/>'

    def dot(self, cx: float, cy: float, r: float) -> str:
        return f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}" fill="{self.pal.detail}"/>'

    def disc(self, cx: float, cy: float, r: float, fill: str | None = None) -> str:
        return (
            f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}" '
            f'fill="{fill or self.pal.fill}" stroke="{self.pal.line}" '
            f'stroke-width="{self._w(4)}"/>'
        )

    def rope(self, d: str, w: float, fill: str | None = None) -> list[str]:
        """An outlined stroke: a band of width ``w`` with an outline."""
        outer = raw(d, "none", self.pal.line, self._w(w + 4))
        inner = raw(d, "none", fill or self.pal.fill, self._w(w))
        return [outer, inner]


# A piece drawing: the SVG elements of one piece in one pen (the piece table maps names to these).
Drawer = Callable[[Pen], list[str]]
