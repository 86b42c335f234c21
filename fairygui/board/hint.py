"""A suggested move drawn on the board: a broad translucent arrow from the piece to its
target, both squares framed, so the hint reads at a glance without hiding the pieces."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPolygonF

from .overlays import Overlay, PaintContext

FILL = QColor(30, 150, 60, 165)
FRAME = QColor(30, 150, 60, 230)
EDGE = QColor(255, 255, 255, 200)


def arrow_outline(a: QPointF, b: QPointF, width: float, head: float) -> QPolygonF:
    """One closed outline of shaft and head, so a translucent fill does not darken where
    the two would overlap."""
    dx, dy = b.x() - a.x(), b.y() - a.y()
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    nx, ny = -uy, ux
    head = min(head, length * 0.7)
    neck = QPointF(b.x() - ux * head, b.y() - uy * head)
    half, wing = width / 2, head * 0.62

    def at(base: QPointF, side: float) -> QPointF:
        return QPointF(base.x() + nx * side, base.y() + ny * side)

    return QPolygonF([at(a, half), at(neck, half), at(neck, wing), b, at(neck, -wing), at(neck, -half),
                      at(a, -half)])


class HintLayer(Overlay):
    """The move the engine suggests, until the position changes."""

    name = "hint"
    z = 20

    def __init__(self) -> None:
        super().__init__()
        self.origin: str | None = None
        self.target: str | None = None

    def set_move(self, origin: str, target: str | None) -> None:
        self.origin, self.target = origin, target

    def clear(self) -> None:
        self.origin = self.target = None

    def paint(self, ctx: PaintContext) -> None:
        squares = set(ctx.layout.squares())
        if self.origin not in squares:
            return
        p = ctx.painter
        s = ctx.layout.square
        p.save()
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(FRAME, max(2.0, s * 0.07)))
        framed = [self.origin] + ([self.target] if self.target in squares and self.target != self.origin else [])
        for square in framed:
            inset = s * 0.05
            p.drawRect(ctx.layout.rect(square).adjusted(inset, inset, -inset, -inset))
        if len(framed) == 2:
            assert self.target is not None
            a, b = ctx.layout.centre(self.origin), ctx.layout.centre(self.target)
            p.setPen(QPen(EDGE, max(1.0, s * 0.025)))
            p.setBrush(FILL)
            p.drawPolygon(arrow_outline(a, b, s * 0.2, s * 0.48))
        p.restore()
