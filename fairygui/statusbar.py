"""The status bar: one line that always fits the window, whatever the length of its text.

Two kinds of text share the line: the window's note (what happened: a refusal, a result,
"Saved game.pgn") and the hover text the powers view shows while the pointer rests on a
piece (``showMessage``, which wins while it lasts). A text too long for the line keeps its
leading clauses, ends with a pointer to where the whole text is, and is whole in the
line's tooltip; ``note()`` and ``currentMessage()`` always give the whole text.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QFontMetrics, QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QStatusBar, QWidget

#: Where the whole hover text can be read when the line is too short for it.
HOVER_MORE = " … (more in the Piece panel)"
NOTE_MORE = " … (the pointer here shows all)"


def fitted(text: str, width: int, metrics: QFontMetrics, more: str) -> str:
    """``text`` if it fits ``width``; else its longest run of leading clauses or list items
    (cut after a "; " or ", ") that fits with ``more`` after it; else the text cut at a word."""
    if metrics.horizontalAdvance(text) <= width:
        return text
    for separators in (("; ", ", "), (" ",)):
        cuts = sorted({i for sep in separators for i in _positions(text, sep)}, reverse=True)
        for cut in cuts:
            candidate = text[:cut] + more
            if metrics.horizontalAdvance(candidate) <= width:
                return candidate
    return metrics.elidedText(text, Qt.TextElideMode.ElideRight, width)


def _positions(text: str, separator: str) -> list[int]:
    found, start = [], text.find(separator)
    while start > 0:
        found.append(start)
        start = text.find(separator, start + 1)
    return found


class FittingLabel(QLabel):
    """A one-line label that shows as much of its text as its width allows."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._full = ""
        self._more = NOTE_MORE
        # Never ask the window for the width of a long text.
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setMinimumWidth(1)
        self.setTextFormat(Qt.TextFormat.PlainText)

    def set_full_text(self, text: str, more: str) -> None:
        self._full, self._more = text, more
        self._fit()

    def full_text(self) -> str:
        return self._full

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        shown = fitted(self._full, max(1, self.contentsRect().width() - 4), self.fontMetrics(), self._more)
        super().setText(shown)
        self.setToolTip(self._full if shown != self._full else "")


class StatusBar(QStatusBar):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.line = FittingLabel(self)
        self.line.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.addWidget(self.line, 1)
        self._note = ""
        self._hover = ""
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.clearMessage)

    def set_note(self, text: str) -> None:
        self._note = text
        self._show()

    def note(self) -> str:
        return self._note

    # The powers view's hover text comes through QStatusBar's own calls.
    def showMessage(self, text: str, timeout: int = 0) -> None:  # type: ignore[override]
        self._hover = text
        self._timer.stop()
        if timeout > 0:
            self._timer.start(timeout)
        self._show()
        self.messageChanged.emit(text)

    def clearMessage(self) -> None:
        if self._hover:
            self._hover = ""
            self._show()
            self.messageChanged.emit("")

    def currentMessage(self) -> str:
        """The hover text, or a command's status tip Qt shows itself (a toolbar button's)."""
        return self._hover or super().currentMessage()

    def _show(self) -> None:
        if self._hover:
            self.line.set_full_text(self._hover, HOVER_MORE)
        else:
            self.line.set_full_text(self._note, NOTE_MORE)
