"""A layer's drawing kept as an image and blitted while nothing it depends on changes: a
Friendly board's arrows, badges and veil cost more to draw than the repaints that follow the
pointer or a dragged piece."""

from __future__ import annotations

from collections.abc import Callable, Hashable

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QImage, QPainter

from ..board.overlays import PaintContext


class LayerImage:
    def __init__(self) -> None:
        self._image: QImage | None = None
        self._key: tuple[object, ...] = ()

    def paint(self, ctx: PaintContext, content: Hashable, draw: Callable[[PaintContext], None]) -> None:
        """Blit the image of ``draw``, drawing it afresh when ``content`` or the board's geometry changed."""
        device = ctx.painter.device()
        board = ctx.layout.board_rect
        key = (content, device.width(), device.height(), ctx.layout.square, ctx.layout.flipped, board.left(),
               board.top(), ctx.snapshot.shape)
        if self._image is None or key != self._key:
            ratio = device.devicePixelRatioF()
            width, height = round(device.width() * ratio), round(device.height() * ratio)
            image = self._image
            # The same buffer is cleared and drawn again while the size stays: a new window-sized
            # image costs its allocation and first touch on every move (a Friendly board has
            # five or six of them).
            if image is None or image.width() != width or image.height() != height:
                image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
            image.setDevicePixelRatio(ratio)
            image.fill(Qt.GlobalColor.transparent)
            painter = QPainter(image)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            draw(PaintContext(painter, ctx.layout, ctx.snapshot, ctx.art, False))
            painter.end()
            self._image, self._key = image, key
        ctx.painter.drawImage(QPointF(0, 0), self._image)
