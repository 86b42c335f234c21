"""The status-bar widget that shows the computer thinking: a running bar and one line of
words (who thinks, the depth reached, the best move so far and its score)."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QWidget

from .report import Report


class ThinkingIndicator(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bar = QProgressBar()
        self.bar.setRange(0, 0)  # no end known: Qt animates it as "busy"
        self.bar.setTextVisible(False)
        self.bar.setFixedSize(64, 12)
        self.label = QLabel()
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 0, 8, 0)
        layout.addWidget(self.bar)
        layout.addWidget(self.label)
        self.report: Report | None = None
        self.idle()

    @property
    def searching(self) -> bool:
        return self.report is not None

    def show_report(self, report: Report) -> None:
        """A search runs: the bar moves and the line says how far it got."""
        self.report = report
        self.label.setText(report.text())
        self.bar.show()
        self.label.show()
        self.show()

    def waiting(self, text: str) -> None:
        """No search runs but the computer has the move (after a take-back, or browsing)."""
        self.report = None
        self.bar.hide()
        self.label.setText(text)
        self.label.show()
        self.show()

    def hint(self, text: str) -> None:
        """A hint is on the board: its words stay here, where no command's tip covers them."""
        self.report = None
        self.bar.hide()
        self.label.setText(text)
        self.label.show()
        self.show()

    def idle(self) -> None:
        self.report = None
        self.bar.hide()
        self.label.clear()
        self.hide()
