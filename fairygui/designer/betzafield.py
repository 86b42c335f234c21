"""A Betza entry that underlines, as you type, where the rules stop reading it.

The rules' own reader judges the text (``rules.betza.parse_betza``); a fault is a
:class:`~rules.errors.BetzaError` with ``position`` and ``problem``. The field draws a red
wavy line under the character at that position and shows the problem as its tooltip and
in the line below it.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPaintEvent, QPen
from PySide6.QtWidgets import QLabel, QLineEdit, QStyle, QStyleOptionFrame, QVBoxLayout, QWidget

from rules.betza import parse_betza
from rules.errors import BetzaError

ERROR_COLOR = QColor("#d01010")


class BetzaLine(QLineEdit):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        #: Where the rules' reader stopped, or None for a string it reads.
        self.error_position: int | None = None
        self.error_problem = ""

    def judge(self) -> None:
        text = self.text()
        try:
            if text.strip():  # no Betza is allowed: a piece that moves only by its powers
                parse_betza(text)
        except BetzaError as exc:
            self.error_position, self.error_problem = exc.position, exc.problem
        else:
            self.error_position, self.error_problem = None, ""
        self.update()

    def error_span(self) -> tuple[float, float] | None:
        """The x range, in widget pixels, of the character the error points at."""
        if self.error_position is None:
            return None
        option = QStyleOptionFrame()
        self.initStyleOption(option)
        rect = self.style().subElementRect(QStyle.SubElement.SE_LineEditContents, option, self)
        metrics = self.fontMetrics()
        text = self.text()
        pos = min(self.error_position, len(text))
        left = rect.left() + self.textMargins().left() + 2 + metrics.horizontalAdvance(text[:pos])
        width = metrics.horizontalAdvance(text[pos:pos + 1]) if pos < len(text) else metrics.horizontalAdvance("M")
        return left, left + max(width, 6)

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        span = self.error_span()
        if span is None:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        metrics = self.fontMetrics()
        top = self.height() / 2 - metrics.height() / 2
        # A tint behind the character, then a wavy line under it: visible at a glance.
        shade = QColor(ERROR_COLOR)
        shade.setAlpha(55)
        painter.fillRect(QRectF(span[0] - 1, top, span[1] - span[0] + 2, metrics.height()), shade)
        painter.setPen(QPen(ERROR_COLOR, 2.0))
        y = top + metrics.height() + 0.5
        path = QPainterPath(QPointF(span[0] - 1, y))
        x = span[0] - 1
        while x < span[1] + 1:
            x += 0.5
            path.lineTo(QPointF(x, y + 1.8 * math.sin((x - span[0]) * 1.3)))
        painter.drawPath(path)
        painter.end()


class BetzaField(QWidget):
    """The entry and a line under it saying what is wrong, by position."""

    edited = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.line = BetzaLine(self)
        self.message = QLabel(self)
        self.message.setWordWrap(True)
        self.message.setStyleSheet(f"color: {ERROR_COLOR.name()};")
        self.message.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.line)
        layout.addWidget(self.message)
        self.line.textEdited.connect(self._typed)
        self.doc_tip = ""

    def setToolTip(self, text: str) -> None:  # noqa: N802 - Qt's name
        super().setToolTip(text)
        self.doc_tip = text
        self._show_judgement()

    def text(self) -> str:
        return self.line.text()

    def set_text(self, text: str) -> None:
        if text != self.line.text():
            self.line.setText(text)
        self.line.judge()
        self._show_judgement()

    def _typed(self, text: str) -> None:
        self.line.judge()
        self._show_judgement()
        self.edited.emit(text)

    def _show_judgement(self) -> None:
        line = self.line
        if line.error_position is None:
            self.message.hide()
            line.setToolTip(self.doc_tip)
            return
        words = f"At position {line.error_position}: {line.error_problem}"
        self.message.setText(words)
        self.message.show()
        line.setToolTip(f"{words}<br><br>{self.doc_tip}" if self.doc_tip else words)

    def setFocus(self, reason: Qt.FocusReason = Qt.FocusReason.OtherFocusReason) -> None:  # noqa: N802
        self.line.setFocus(reason)
