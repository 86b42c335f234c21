"""The analysis panel's widgets: the evaluation bar, the score, depth and speed, the best line
and, where asked for, the next best lines, each move a link (``lineClicked`` gives the line's
number, 0 for the best, and the move's index), and how many lines to show."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSpinBox, QVBoxLayout, QWidget

from .evalbar import EvalBar
from .lines import Evaluation, LineMove

#: The most lines the panel offers: each costs a search of its own at every depth.
MOST_LINES = 5


def line_links(moves: tuple[LineMove, ...], number: int) -> str:
    """The moves as links: ``"i"`` for the best line (``number`` 0), ``"number:i"`` for the others."""
    prefix = f"{number}:" if number else ""
    return " ".join(
        f'<a href="{prefix}{i}" style="text-decoration: none;">{html.escape(m.label)}</a>'
        for i, m in enumerate(moves)
    )


def parse_link(href: str) -> tuple[int, int] | None:
    """A link's (line number, move index), or None for text that is no link of ours."""
    number, _, index = href.rpartition(":")
    try:
        return (int(number) if number else 0), int(index)
    except ValueError:
        return None


class AnalysisPanel(QWidget):
    lineClicked = Signal(int, int)
    #: The user chose how many lines to show.
    linesChanged = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bar = EvalBar()
        self.score = QLabel()
        self.score.setToolTip("Scores are from White's side: plus means White stands better, minus Black")
        self.score.setStyleSheet("font-size: 16pt; font-weight: bold;")
        self.details = QLabel()
        self.details.setStyleSheet("color: #555;")
        self.details.setWordWrap(True)  # an engine's failure is said whole, never cut off
        self.line = self._line_label()
        self.others = self._line_label()
        self.others.setStyleSheet("color: #333;")
        self.toggle = QPushButton()
        self.toggle.setCheckable(True)
        self.lines = QSpinBox()
        self.lines.setRange(1, MOST_LINES)
        self.lines.setSuffix(" line")
        self.lines.setToolTip("How many of the best moves to follow, each with its own line and score "
                              "(each line costs a search of its own)")
        self.lines.valueChanged.connect(self._lines_changed)
        controls = QHBoxLayout()
        controls.addWidget(self.toggle)
        controls.addWidget(self.lines)
        self.add_line = QPushButton("Add as variation")
        self.add_line.setToolTip("Add the best line to the game record as a variation at this position")
        self.add_line.setEnabled(False)
        controls.addWidget(self.add_line)
        controls.addStretch(1)
        # The best line and the others read as one list, evenly spaced.
        lines = QVBoxLayout()
        lines.setSpacing(0)
        lines.addWidget(self.line)
        lines.addWidget(self.others, 1)
        column = QVBoxLayout()
        column.addWidget(self.score)
        column.addWidget(self.details)
        column.addLayout(lines, 1)
        column.addLayout(controls)
        row = QHBoxLayout(self)
        row.addWidget(self.bar)
        row.addLayout(column, 1)
        self.evaluation: Evaluation | None = None
        #: Another program's engine that analyses (Settings > Engines); "" for the built-in one.
        self.engine_name = ""
        self.show_note("Analysis is off.")

    def _line_label(self) -> QLabel:
        label = QLabel()
        label.setWordWrap(True)
        label.setTextFormat(Qt.TextFormat.RichText)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse)
        label.linkActivated.connect(self._link)
        label.setToolTip("Click a move to explore the position after it")
        label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        return label

    def _link(self, href: str) -> None:
        found = parse_link(href)
        if found is not None:
            self.lineClicked.emit(*found)

    def _lines_changed(self, count: int) -> None:
        self.lines.setSuffix(" line" if count == 1 else " lines")
        self.linesChanged.emit(count)

    def show_evaluation(self, evaluation: Evaluation, done: bool = False) -> None:
        self.evaluation = evaluation
        self.add_line.setEnabled(bool(evaluation.line))
        self.bar.set_value(evaluation.white_share, evaluation.short)
        self.score.setText(evaluation.score)
        speed = f"{evaluation.nps:,} nodes/s" if evaluation.nps else ""
        parts = [self.engine_name, f"depth {evaluation.depth}", f"{evaluation.nodes:,} nodes", speed]
        if done:
            parts.append("search complete")
        self.details.setText(" · ".join(p for p in parts if p))
        best = line_links(evaluation.line, 0)
        # Beside other lines, the best one shows its score too, so the scores stand in a column.
        self.line.setText(f"<b>{html.escape(evaluation.score)}</b>&nbsp; {best}" if evaluation.others else best)
        self.others.setText("<br>".join(
            f"<b>{html.escape(other.score)}</b>&nbsp; {line_links(other.moves, number)}"
            for number, other in enumerate(evaluation.others, 1)
        ))

    def show_note(self, text: str) -> None:
        """No evaluation to show (off, just started, game over): say why."""
        self.evaluation = None
        self.add_line.setEnabled(False)
        self.bar.clear()
        self.score.setText("")
        self.details.setText(text)
        self.line.setText("")
        self.others.setText("")

    def line_labels(self, number: int = 0) -> list[str]:
        """The labels of line ``number`` (0: the best) as shown, or [] if there is none."""
        evaluation = self.evaluation
        if evaluation is None:
            return []
        if number == 0:
            return [m.label for m in evaluation.line]
        if number <= len(evaluation.others):
            return [m.label for m in evaluation.others[number - 1].moves]
        return []
