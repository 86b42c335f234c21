"""A vertical evaluation bar: White's share from the bottom, Black's from the top, with the
score written on the leading side."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

WHITE = QColor("#f4f1ea")
BLACK = QColor("#2b2b2b")


class EvalBar(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.share = 0.5
        self.text = ""
        self.flipped = False
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Expanding)
        self.setMinimumHeight(48)

    def sizeHint(self) -> QSize:
        return QSize(28, 240)

    def set_value(self, share: float, text: str) -> None:
        self.share = min(1.0, max(0.0, share))
        self.text = text
        self.setToolTip(f"Evaluation: {text}" if text else "")
        self.update()

    def clear(self) -> None:
        self.set_value(0.5, "")

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        rect = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        white_height = rect.height() * self.share
        p.fillRect(rect, BLACK)
        white_rect = QRectF(rect.left(), rect.bottom() - white_height, rect.width(), white_height)
        if self.flipped:  # White's share from the top when the board shows White at the top
            white_rect.moveTop(rect.top())
        p.fillRect(white_rect, WHITE)
        p.setPen(QColor("#888"))
        p.drawRect(rect)
        if self.text:
            font = p.font()
            font.setPointSizeF(max(6.5, font.pointSizeF() * 0.8))
            p.setFont(font)
            white_leads = self.share >= 0.5
            p.setPen(BLACK if white_leads else WHITE)
            at_white_end = white_leads != self.flipped
            flags = Qt.AlignmentFlag.AlignHCenter | (Qt.AlignmentFlag.AlignBottom if at_white_end
                                                      else Qt.AlignmentFlag.AlignTop)
            p.drawText(rect.adjusted(1, 3, -1, -3), flags, self.text)
        p.end()
