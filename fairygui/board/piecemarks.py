"""Marks on pieces for what their picture alone cannot say, always shown (also in diagrams):

- an **original** piece (Blender's original Queen, which never merges or separates): a gold
  seal in the upper left corner;
- a **merged** piece (a compound made on the board, or carrying its parts): the letters of its
  parts in a teal tag in the upper left corner, so a merged Queen reads "B+R" and the original
  Queen does not;
- a **lone royal** (a side's last Friend, royal only because it is the last): a gold crown
  at the top of its square.

The facts come from the snapshot (the rules' piece flags and components, and
``Game.lone_royal_squares``); this module only draws them.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen, QPolygonF

from .overlays import Overlay, PaintContext
from .snapshot import Glyph, Snapshot

SEAL = QColor(214, 160, 0, 250)
SEAL_LINE = QColor(90, 60, 0, 240)
MERGED = QColor(0, 120, 115, 235)
CROWN = QColor(245, 190, 0, 250)
CROWN_LINE = QColor(120, 20, 20, 250)
TEXT = QColor("white")

#: Legend text for each mark, in the order the legend lists them.
LEGEND = (
    ("original", "original piece (never merges or separates)"),
    ("merged", "merged piece: the letters of its parts"),
    ("royal", "royal: the side's last Friend, which may not be left attacked"),
)


def is_original(glyph: Glyph) -> bool:
    return "original" in glyph.flags


def is_merged(glyph: Glyph) -> bool:
    return bool(glyph.parts) and not is_original(glyph)


class PieceMarkLayer(Overlay):
    """Original seals, merged parts' tags and lone royals' crowns (see the module's words)."""

    name = "piece-marks"
    z = 2
    static = True

    @staticmethod
    def marks(snap: Snapshot) -> set[tuple[str, str]]:
        """What this layer draws on a snapshot, as (mark, square) pairs."""
        found = {("royal", sq) for sq in snap.lone_royals if sq in snap.pieces}
        for square, glyph in snap.pieces.items():
            if is_original(glyph):
                found.add(("original", square))
            elif is_merged(glyph):
                found.add(("merged", square))
        return found

    def paint(self, ctx: PaintContext) -> None:
        squares = set(ctx.layout.squares())
        s = ctx.layout.square
        p = ctx.painter
        for mark, square in sorted(self.marks(ctx.snapshot)):
            if square not in squares:
                continue
            rect = ctx.layout.rect(square)
            if mark == "original":
                draw_seal(p, QRectF(rect.left() + s * 0.04, rect.top() + s * 0.04, s * 0.24, s * 0.24))
            elif mark == "merged":
                draw_parts_tag(p, rect, "+".join(ctx.snapshot.pieces[square].parts))
            else:
                draw_crown(p, QRectF(rect.center().x() - s * 0.17, rect.top() + s * 0.01, s * 0.34, s * 0.2))


def draw_seal(p: QPainter, rect: QRectF) -> None:
    """A gold seal: a disc with a notched rim and a dark dot."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(QPen(SEAL_LINE, max(1.0, rect.width() * 0.1)))
    p.setBrush(SEAL)
    c = rect.center()
    r = rect.width() / 2
    points = []
    for i in range(24):
        radius = r if i % 2 == 0 else r * 0.82
        angle = i * math.pi / 12
        points.append(QPointF(c.x() + radius * math.cos(angle), c.y() + radius * math.sin(angle)))
    p.drawPolygon(QPolygonF(points))
    p.setBrush(SEAL_LINE)
    p.setPen(Qt.PenStyle.NoPen)
    p.drawEllipse(c, r * 0.28, r * 0.28)
    p.restore()


def draw_parts_tag(p: QPainter, square: QRectF, text: str) -> None:
    """The parts' letters ("B+R") in a teal tag in the square's upper left corner."""
    s = square.width()
    font = QFont()
    font.setBold(True)
    font.setPixelSize(max(7, int(s * 0.17)))
    wide = QFontMetricsF(font).horizontalAdvance(text)
    room = s * 0.7
    if wide > room:
        font.setPixelSize(max(6, int(font.pixelSize() * room / wide)))
        wide = QFontMetricsF(font).horizontalAdvance(text)
    height = QFontMetricsF(font).height()
    tag = QRectF(square.left() + s * 0.03, square.top() + s * 0.03, wide + s * 0.08, height + s * 0.02)
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(QPen(QColor(255, 255, 255, 220), max(1.0, s * 0.015)))
    p.setBrush(MERGED)
    p.drawRoundedRect(tag, s * 0.05, s * 0.05)
    p.setFont(font)
    p.setPen(TEXT)
    p.drawText(tag, Qt.AlignmentFlag.AlignCenter, text)
    p.restore()


def draw_crown(p: QPainter, rect: QRectF) -> None:
    """A gold crown with three points, outlined in dark red."""
    left, right, top, bottom = rect.left(), rect.right(), rect.top(), rect.bottom()
    w, h = rect.width(), rect.height()
    points = [
        QPointF(left, bottom), QPointF(left, top + h * 0.2), QPointF(left + w * 0.25, top + h * 0.6),
        QPointF(left + w * 0.5, top), QPointF(left + w * 0.75, top + h * 0.6),
        QPointF(right, top + h * 0.2), QPointF(right, bottom),
    ]
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(QPen(CROWN_LINE, max(1.0, w * 0.07)))
    p.setBrush(CROWN)
    p.drawPolygon(QPolygonF(points))
    p.restore()
