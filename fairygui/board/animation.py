"""A move glides from its origin to its destination instead of jumping (Settings >
Appearance > Animate moves). The board shows the new position at once; while the animation
runs the moved piece is hidden on its destination and drawn by :class:`GlideLayer` on its way.
"""

from __future__ import annotations

from PySide6.QtCore import QEasingCurve, QObject, QPointF, QRectF, QVariantAnimation, Signal

from .overlays import Overlay, PaintContext
from .snapshot import Glyph

DURATION_MS = 220


class GlideLayer(Overlay):
    """The piece on its way, over everything but a dragged piece."""

    name = "glide"
    z = 95

    def __init__(self) -> None:
        super().__init__()
        self.glyph: Glyph | None = None
        self.origin: str | None = None
        self.destination: str | None = None
        self.progress = 0.0

    def point(self, start: QPointF, end: QPointF) -> QPointF:
        """Where the piece is now on its way from the centre ``start`` to the centre ``end``."""
        t = self.progress
        return QPointF(start.x() + (end.x() - start.x()) * t, start.y() + (end.y() - start.y()) * t)

    def paint(self, ctx: PaintContext) -> None:
        if self.glyph is None or self.origin is None or self.destination is None:
            return
        squares = ctx.layout.squares()
        if self.origin not in squares or self.destination not in squares:
            return
        centre = self.point(ctx.layout.centre(self.origin), ctx.layout.centre(self.destination))
        s = ctx.layout.square * 0.92
        rect = QRectF(centre.x() - s / 2, centre.y() - s / 2, s, s)
        ctx.art.draw_piece(ctx.painter, rect, self.glyph.color, self.glyph.kind, self.glyph.letter, ctx.vector)


class Glide(QObject):
    """Runs one glide at a time on a board; ``finished`` when the piece has arrived."""

    finished = Signal(str)  # the destination square
    stepped = Signal()

    def __init__(self, layer: GlideLayer, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.layer = layer
        self.animation = QVariantAnimation(self)
        self.animation.setStartValue(0.0)
        self.animation.setEndValue(1.0)
        self.animation.setDuration(DURATION_MS)
        self.animation.setEasingCurve(QEasingCurve.Type.InOutQuad)
        self.animation.valueChanged.connect(self._step)
        self.animation.finished.connect(self._done)

    def running(self) -> bool:
        return self.layer.glyph is not None

    def start(self, glyph: Glyph, origin: str, destination: str) -> None:
        self.stop()
        self.layer.glyph, self.layer.origin, self.layer.destination = glyph, origin, destination
        self.layer.progress = 0.0
        self.animation.start()

    def stop(self) -> None:
        """End a glide at once (a new position came): the piece is simply where it stands."""
        if self.running():
            self.animation.stop()
            self._done()

    def _step(self, value: object) -> None:
        self.layer.progress = float(value) if isinstance(value, (int, float)) else 0.0
        self.stepped.emit()

    def _done(self) -> None:
        destination = self.layer.destination or ""
        self.layer.progress = 1.0
        self.layer.glyph = None
        self.stepped.emit()
        self.finished.emit(destination)
