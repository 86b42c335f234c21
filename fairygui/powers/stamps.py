"""Small polygons drawn once and blitted: the attack layers put a triangle on up to every square
of the board, and Qt's antialiased outline of each costs more than the rest of a new position's
power overlays together.

A stamp is the polygon drawn into a small image whose corner is the whole pixel just up and left
of the polygon, so it holds the polygon's offset within a pixel: blitted back at that whole pixel,
it covers the same pixels by the same amounts as drawing it there. Squares of one board repeat a
few offsets (one per file and rank), so a position draws each stamp once and later positions
none.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QBrush, QImage, QPainter, QPen, QPolygonF

#: Stamps kept at most (a 16x16 board's corners take 256 per colour).
KEPT = 2048


class Stamps:
    """Stamps of one look (pen and brush), by the polygon's shape and its offset within a pixel."""

    def __init__(self, pen: QPen, brush: QBrush) -> None:
        self.pen = pen
        self.brush = brush
        self._kept: dict[tuple[float, ...], QImage] = {}

    def usable(self, p: QPainter) -> bool:
        """Are blitted stamps the same as drawing on this painter (device pixels are logical
        pixels, no transformation)? Otherwise the caller draws the polygons itself."""
        return p.device().devicePixelRatioF() == 1.0 and p.transform().isIdentity()

    def stamp(self, p: QPainter, points: list[QPointF]) -> None:
        """Draw the closed polygon through ``points`` (given on ``p``'s pixels) from a stamp."""
        margin = self.pen.widthF() + 2
        left = math.floor(min(pt.x() for pt in points) - margin)
        top = math.floor(min(pt.y() for pt in points) - margin)
        local = [QPointF(pt.x() - left, pt.y() - top) for pt in points]
        key = (self.pen.widthF(), *(c for pt in local for c in (pt.x(), pt.y())))
        image = self._kept.get(key)
        if image is None:
            width = math.ceil(max(pt.x() for pt in local) + margin) + 1
            height = math.ceil(max(pt.y() for pt in local) + margin) + 1
            image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
            image.fill(Qt.GlobalColor.transparent)
            painter = QPainter(image)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setPen(self.pen)
            painter.setBrush(self.brush)
            painter.drawPolygon(QPolygonF(local))
            painter.end()
            if len(self._kept) >= KEPT:
                self._kept.clear()
            self._kept[key] = image
        p.drawImage(QPoint(left, top), image)
