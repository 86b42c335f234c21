"""The panel of the guided Alternate Setup #1: how to arrange, how Black's row is read, and
the way back to free editing. Shown only for variants that offer a freely ordered row."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QFormLayout, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

import rules

from .guided import READING_OPTION, Arrangement


class GuideBox(QWidget):
    enterRequested = Signal()
    leaveRequested = Signal()
    readingChosen = Signal(str)
    resetRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.enter = QPushButton("Arrange Alternate Setup #1")
        self.enter.clicked.connect(self.enterRequested)
        self.reading = QComboBox()
        self.reading.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.reading.setMinimumContentsLength(12)
        self.reading.currentIndexChanged.connect(lambda _i: self.readingChosen.emit(str(self.reading.currentData())))
        self.reset = QPushButton("Standard order")
        self.reset.clicked.connect(self.resetRequested)
        self.leave = QPushButton("Back to free editing")
        self.leave.clicked.connect(self.leaveRequested)
        self.reading_form = QFormLayout()
        self.reading_form.setContentsMargins(0, 0, 0, 0)
        self.reading_form.addRow("Black's row is read:", self.reading)
        buttons = QHBoxLayout()
        buttons.addWidget(self.reset)
        buttons.addWidget(self.leave)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.text)
        layout.addWidget(self.enter)
        layout.addLayout(self.reading_form)
        layout.addLayout(buttons)

    def show_state(self, vdef: rules.VariantDef, offered: Arrangement | None, active: Arrangement | None) -> None:
        self.setVisible(offered is not None)
        if offered is None:
            return
        setup = vdef.setups[offered.setup]
        guided = active is not None
        for w in (self.reading, self.reset, self.leave):
            w.setVisible(guided)
        self.enter.setVisible(not guided)
        self.reading.setVisible(guided)
        self.reading_form.labelForField(self.reading).setVisible(guided)
        if not guided:
            self.text.setText(setup.description)
            return
        assert active is not None
        self.text.setText(
            f"Drag Black's pieces along rank {active.black_rank} to arrange them; the pieces with a padlock "
            f"stay where they are. White's rank {active.white_rank} follows as the rules copy it. "
            "Start game plays this arrangement."
        )
        option = vdef.options[READING_OPTION]
        self.reading.blockSignals(True)
        if self.reading.count() != len(option.choices):
            self.reading.clear()
            for value in option.choices:
                self.reading.addItem(str(value), value)
                self.reading.setItemData(self.reading.count() - 1, option.choice_descriptions.get(str(value), ""),
                                         Qt.ItemDataRole.ToolTipRole)
        self.reading.setCurrentIndex(max(0, self.reading.findData(active.reading)))
        self.reading.blockSignals(False)
