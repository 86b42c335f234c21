"""Shapes the power overlays draw: arrows, corner badges, the frost and flip marks.

Every shape is sized from the square and carries a light outline, so it reads on light
and dark squares alike and at any board size. Badges sit in a square's corners or along
its top edge, clear of the middle where the piece is.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF

from ..board.artwork import WHITE_FILL, Artwork

HALO = QColor(255, 255, 255, 170)


def toward(a: QPointF, b: QPointF, distance: float) -> QPointF:
    """The point ``distance`` from ``a`` on the way to ``b``."""
    dx, dy = b.x() - a.x(), b.y() - a.y()
    length = math.hypot(dx, dy)
    if length == 0:
        return QPointF(a)
    return QPointF(a.x() + dx / length * distance, a.y() + dy / length * distance)


def draw_arrow(p: QPainter, a: QPointF, b: QPointF, color: QColor, width: float, dashed: bool = False) -> None:
    """An arrow from ``a`` to ``b`` with a filled head at ``b``, over a white halo."""
    dx, dy = b.x() - a.x(), b.y() - a.y()
    length = math.hypot(dx, dy)
    if length < 1:
        return
    ux, uy = dx / length, dy / length
    head = min(width * 3.2, length * 0.6)
    neck = QPointF(b.x() - ux * head * 0.85, b.y() - uy * head * 0.85)
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    halo = QPen(HALO, width * 2.0)
    halo.setCapStyle(Qt.PenCapStyle.RoundCap)
    p.setPen(halo)
    p.drawLine(a, neck)
    pen = QPen(color, width)
    pen.setCapStyle(Qt.PenCapStyle.FlatCap if dashed else Qt.PenCapStyle.RoundCap)
    if dashed:
        pen.setDashPattern([1.6, 1.1])
    p.setPen(pen)
    p.drawLine(a, neck)
    _arrow_head(p, b, ux, uy, head, color, width)
    p.restore()


def _arrow_head(p: QPainter, tip: QPointF, ux: float, uy: float, head: float, color: QColor, width: float) -> None:
    """A filled head pointing along (ux, uy) with its point on ``tip``, haloed like the shaft."""
    half = head * 0.55
    left = QPointF(tip.x() - ux * head - uy * half, tip.y() - uy * head + ux * half)
    right = QPointF(tip.x() - ux * head + uy * half, tip.y() - uy * head - ux * half)
    p.setPen(QPen(HALO, max(1.0, width * 0.45)))
    p.setBrush(color)
    p.drawPolygon(QPolygonF([tip, left, right]))


def draw_curved_arrow(p: QPainter, a: QPointF, control: QPointF, b: QPointF, color: QColor, width: float) -> None:
    """A dashed arrow from ``a`` to ``b`` bowing toward ``control``, with a filled head at ``b``."""
    dx, dy = b.x() - control.x(), b.y() - control.y()
    length = math.hypot(dx, dy)
    if length < 1:
        return
    ux, uy = dx / length, dy / length
    head = width * 3.0
    neck = QPointF(b.x() - ux * head * 0.85, b.y() - uy * head * 0.85)
    path = QPainterPath(a)
    path.quadTo(control, neck)
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setBrush(Qt.BrushStyle.NoBrush)
    halo = QPen(HALO, width * 2.0)
    halo.setCapStyle(Qt.PenCapStyle.FlatCap)
    p.setPen(halo)
    p.drawPath(path)
    pen = QPen(color, width)
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    pen.setDashPattern([1.6, 1.0])
    p.setPen(pen)
    p.drawPath(path)
    _arrow_head(p, b, ux, uy, head, color, width)
    p.restore()


def draw_lines(p: QPainter, lines: list[tuple[QPointF, QPointF]], color: QColor, width: float) -> None:
    """Plain lines, all halos first so that crossing lines stay unbroken: the tails of
    bundled arrows. Flat caps and one line at a time: round caps, or one stroked path,
    take several times as long in Qt's raster engine."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    for pen in (QPen(HALO, width * 2.0), QPen(color, width)):
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        p.setPen(pen)
        for a, b in lines:
            p.drawLine(a, b)
    p.restore()


def corner_rect(rect: QRectF, size: float, corner: str) -> QRectF:
    """A badge square of ``size`` in a corner of ``rect``: "tl", "tr", "bl", "br" or "bc"."""
    s = rect.width()
    inset = s * 0.02
    x = {"l": rect.left() + inset, "r": rect.right() - inset - size, "c": rect.center().x() - size / 2}[corner[1]]
    y = rect.top() + inset if corner[0] == "t" else rect.bottom() - inset - size
    return QRectF(x, y, size, size)


def draw_piece_badge(p: QPainter, rect: QRectF, art: Artwork, color: str, kind: str, letter: str,
                     ring: QColor, vector: bool = False, margin: float = 0.08) -> None:
    """A small disc in the piece's colour holding its picture, ringed in the layer's colour;
    the picture stands ``margin`` (of the disc) inside the disc's edge."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    line = max(1.0, rect.width() * (0.09 if margin >= 0.08 else 0.06))
    p.setPen(QPen(ring, line))
    # A light disc for both colours: black artwork has light outlines, white artwork dark ones.
    p.setBrush(WHITE_FILL)
    p.drawEllipse(rect.adjusted(line / 2, line / 2, -line / 2, -line / 2))
    k = rect.width() * margin
    inner = rect.adjusted(k, k, -k, -k)
    art.draw_piece(p, inner, color, kind, letter, vector)
    p.restore()


def draw_count_badge(p: QPainter, rect: QRectF, text: str, ring: QColor) -> None:
    """A disc with a short text ("+3") in the layer's colour."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(QPen(HALO, max(1.0, rect.width() * 0.06)))
    p.setBrush(ring)
    p.drawEllipse(rect)
    font = QFont()
    font.setBold(True)
    font.setPixelSize(max(6, int(rect.height() * 0.5)))
    p.setFont(font)
    p.setPen(QColor("white"))
    p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
    p.restore()


def draw_frame(p: QPainter, rect: QRectF, color: QColor, width: float, dashed: bool = False) -> None:
    """A frame just inside a square's edge."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    pen = QPen(color, width)
    if dashed:
        pen.setDashPattern([2.0, 1.4])
    pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    p.setPen(pen)
    p.setBrush(Qt.BrushStyle.NoBrush)
    inset = width / 2 + rect.width() * 0.01
    p.drawRect(rect.adjusted(inset, inset, -inset, -inset))
    p.restore()


def draw_drop(p: QPainter, rect: QRectF, color: QColor) -> None:
    """A poison drop with a white outline."""
    s = rect.width()
    c = rect.center()
    path = QPainterPath(QPointF(c.x(), rect.top() + s * 0.05))
    path.cubicTo(QPointF(c.x() + s * 0.1, c.y() - s * 0.12), QPointF(c.x() + s * 0.38, c.y() + s * 0.05),
                 QPointF(c.x() + s * 0.3, c.y() + s * 0.22))
    path.arcTo(QRectF(c.x() - s * 0.32, c.y() - s * 0.12, s * 0.64, s * 0.58), -15, -150)
    path.cubicTo(QPointF(c.x() - s * 0.38, c.y() + s * 0.05), QPointF(c.x() - s * 0.1, c.y() - s * 0.12),
                 QPointF(c.x(), rect.top() + s * 0.05))
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(QPen(HALO, max(1.0, s * 0.08)))
    p.setBrush(color)
    p.drawPath(path)
    # A highlight makes it read as a drop rather than a blob.
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(255, 255, 255, 150))
    p.drawEllipse(QPointF(c.x() - s * 0.1, c.y() + s * 0.15), s * 0.07, s * 0.1)
    p.restore()


def draw_snowflake(p: QPainter, rect: QRectF, color: QColor) -> None:
    """A six-armed frost mark on a light disc."""
    s = rect.width()
    c = rect.center()
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(QPen(color, max(1.0, s * 0.07)))
    p.setBrush(QColor(240, 248, 255, 235))
    p.drawEllipse(rect.adjusted(s * 0.04, s * 0.04, -s * 0.04, -s * 0.04))
    pen = QPen(color, max(1.0, s * 0.09))
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    p.setPen(pen)
    r = s * 0.33
    for i in range(6):
        angle = math.pi / 2 + i * math.pi / 3
        end = QPointF(c.x() + r * math.cos(angle), c.y() - r * math.sin(angle))
        p.drawLine(c, end)
        # Two short barbs near each tip.
        mid = QPointF(c.x() + r * 0.62 * math.cos(angle), c.y() - r * 0.62 * math.sin(angle))
        for turn in (-0.7, 0.7):
            barb = QPointF(mid.x() + r * 0.32 * math.cos(angle + turn), mid.y() - r * 0.32 * math.sin(angle + turn))
            p.drawLine(mid, barb)
    p.restore()


def draw_off_badge(p: QPainter, rect: QRectF, color: QColor) -> None:
    """A switched-off sign: a ring crossed by a slash."""
    s = rect.width()
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(QPen(HALO, s * 0.2))
    p.setBrush(Qt.BrushStyle.NoBrush)
    inner = rect.adjusted(s * 0.12, s * 0.12, -s * 0.12, -s * 0.12)
    p.drawEllipse(inner)
    pen = QPen(color, s * 0.11)
    p.setPen(pen)
    p.setBrush(QColor(255, 255, 255, 200))
    p.drawEllipse(inner)
    k = inner.width() / 2 * 0.7
    c = inner.center()
    p.drawLine(QPointF(c.x() - k, c.y() - k), QPointF(c.x() + k, c.y() + k))
    p.restore()


def draw_flip_ring(p: QPainter, rect: QRectF, color: QColor) -> None:
    """Two curved arrows chasing each other round the square: this piece changes form."""
    s = rect.width()
    c = rect.center()
    r = s * 0.43
    width = max(2.0, s * 0.065)
    box = QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r)
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    for start in (20, 200):
        span = 140
        for pen in (QPen(HALO, width * 1.9), QPen(color, width)):
            pen.setCapStyle(Qt.PenCapStyle.FlatCap)
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawArc(box, start * 16, span * 16)
        # The head at the end of the arc, pointing along it (anticlockwise on screen).
        end = math.radians(start + span)
        tip = QPointF(c.x() + r * math.cos(end), c.y() - r * math.sin(end))
        along = (-math.sin(end), -math.cos(end))
        out = (math.cos(end), -math.sin(end))
        h = width * 1.8
        back = QPointF(tip.x() - along[0] * h, tip.y() - along[1] * h)
        left = QPointF(back.x() + out[0] * h * 0.8, back.y() + out[1] * h * 0.8)
        right = QPointF(back.x() - out[0] * h * 0.8, back.y() - out[1] * h * 0.8)
        p.setPen(QPen(HALO, max(1.0, width * 0.35)))
        p.setBrush(color)
        p.drawPolygon(QPolygonF([QPointF(tip.x() + along[0] * h * 0.6, tip.y() + along[1] * h * 0.6), left, right]))
    p.restore()


def hatch(color: QColor) -> QBrush:
    return QBrush(color, Qt.BrushStyle.BDiagPattern)

