"""The analysis panel's widgets: the evaluation bar, the score, depth and speed, and the best
line, each move of it a link (``lineClicked`` gives its index)."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from .evalbar import EvalBar
from .lines import Evaluation


class AnalysisPanel(QWidget):
    lineClicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bar = EvalBar()
        self.score = QLabel()
        self.score.setStyleSheet("font-size: 16pt; font-weight: bold;")
        self.details = QLabel()
        self.details.setStyleSheet("color: #555;")
        self.line = QLabel()
        self.line.setWordWrap(True)
        self.line.setTextFormat(Qt.TextFormat.RichText)
        self.line.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse)
        self.line.linkActivated.connect(lambda href: self.lineClicked.emit(int(href)))
        self.line.setToolTip("Click a move to explore the position after it")
        self.line.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.toggle = QPushButton()
        self.toggle.setCheckable(True)
        column = QVBoxLayout()
        column.addWidget(self.score)
        column.addWidget(self.details)
        column.addWidget(self.line, 1)
        column.addWidget(self.toggle, 0, Qt.AlignmentFlag.AlignLeft)
        row = QHBoxLayout(self)
        row.addWidget(self.bar)
        row.addLayout(column, 1)
        self.evaluation: Evaluation | None = None
        #: Another program's engine that analyses (Settings > Engines); "" for the built-in one.
        self.engine_name = ""
        self.show_note("Analysis is off.")

    def show_evaluation(self, evaluation: Evaluation, done: bool = False) -> None:
        self.evaluation = evaluation
        self.bar.set_value(evaluation.white_share, evaluation.short)
        self.score.setText(evaluation.score)
        speed = f"{evaluation.nps:,} nodes/s" if evaluation.nps else ""
        parts = [self.engine_name, f"depth {evaluation.depth}", f"{evaluation.nodes:,} nodes", speed]
        if done:
            parts.append("search complete")
        self.details.setText(" · ".join(p for p in parts if p))
        links = " ".join(
            f'<a href="{i}" style="text-decoration: none;">{html.escape(m.label)}</a>'
            for i, m in enumerate(evaluation.line)
        )
        self.line.setText(links)

    def show_note(self, text: str) -> None:
        """No evaluation to show (off, just started, game over): say why."""
        self.evaluation = None
        self.bar.clear()
        self.score.setText("")
        self.details.setText(text)
        self.line.setText("")

    def line_labels(self) -> list[str]:
        return [m.label for m in self.evaluation.line] if self.evaluation else []
