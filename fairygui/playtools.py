"""What a game needs beyond the board and the move list, wired in one place: the clocks above
the move list (``clockview.py``), the evaluation graph under it (``evalgraph.py``), and the
Game menu's resign, draw and adjudication commands (``gameactions.py``)."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QVBoxLayout, QWidget

from .analysis.view import AnalysisView
from .clockview import GameClocks
from .computer.opponent import ComputerOpponent
from .computer.report import Report
from .evalgraph import EvalHistory
from .gameactions import GameActions
from .workspace import Workspace


class PlayTools(QObject):
    def __init__(self, window: QWidget, workspace: Workspace, opponent: ComputerOpponent,
                 analysis: AnalysisView, moves_layout: QVBoxLayout) -> None:
        super().__init__(window)
        controller = workspace.controller
        self.clocks = GameClocks(controller, lambda: workspace.exploring, parent=self)
        moves_layout.insertWidget(0, self.clocks.faces)
        self.evaluations = EvalHistory(controller, self)
        moves_layout.addWidget(self.evaluations.graph)
        self.actions = GameActions(window, controller, opponent, self.evaluations.latest,
                                   self.clocks.result_taken_back)
        opponent.clock_seconds = self.clocks.move_seconds
        opponent.clock_reading = self.clocks.reading
        opponent.progressed.connect(self._computer_report)
        analysis.evaluated.connect(self.evaluations.note)
        workspace.exploringChanged.connect(lambda _on: self.clocks.sync())

    def _computer_report(self, report: Report) -> None:
        self.evaluations.note(report.white)
