"""The record's players, event, date and result above the move list, editable: a small form
whose edits go into the record's tags (``GameController.set_tag``)."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QGridLayout, QLabel, QLineEdit, QWidget

from .controller import GameController
from .document import RESULTS

#: The tags the form shows, with their labels and what they hold.
FIELDS = (
    ("White", "White:", "Who plays White"),
    ("Black", "Black:", "Who plays Black"),
    ("Event", "Event:", "The tournament, match or occasion"),
    ("Date", "Date:", "When the game was played: YYYY.MM.DD, ?? for what is unknown"),
)
RESULT_WORDS = {"*": "* (going on or unknown)", "1-0": "1-0 (White won)", "0-1": "0-1 (Black won)",
                "1/2-1/2": "1/2-1/2 (drawn)"}


class HeaderPanel(QWidget):
    def __init__(self, controller: GameController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        # Two fields a row, so the form takes little of the move list's height.
        grid = QGridLayout(self)
        grid.setContentsMargins(4, 2, 4, 0)
        grid.setVerticalSpacing(2)
        self.fields: dict[str, QLineEdit] = {}
        for i, (tag, label, tip) in enumerate(FIELDS):
            field = QLineEdit(self)
            field.setObjectName(f"tag-{tag}")
            field.setToolTip(tip)
            field.editingFinished.connect(lambda t=tag, f=field: self._edited(t, f.text()))
            grid.addWidget(QLabel(label, self), i // 2, (i % 2) * 2)
            grid.addWidget(field, i // 2, (i % 2) * 2 + 1)
            self.fields[tag] = field
        self.result = QComboBox(self)
        self.result.setObjectName("tag-Result")
        self.result.setToolTip("The game's result as the record gives it")
        for marker in RESULTS:
            self.result.addItem(RESULT_WORDS[marker], marker)
        self.result.activated.connect(lambda index: self._edited("Result", str(self.result.itemData(index))))
        grid.addWidget(QLabel("Result:", self), 2, 0)
        grid.addWidget(self.result, 2, 1, 1, 3)
        controller.gameReplaced.connect(self.refresh)
        controller.recordEdited.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        """Show the record's tags (a field being typed in keeps its text)."""
        headers = self.controller.record.headers
        for tag, field in self.fields.items():
            if not field.hasFocus() or not field.isModified():
                field.setText(headers.get(tag, ""))
                field.setModified(False)
        marker = headers.get("Result", "*")
        index = self.result.findData(marker if marker in RESULTS else "*")
        self.result.setCurrentIndex(index)

    def _edited(self, tag: str, value: str) -> None:
        self.controller.set_tag(tag, value)
        if tag in self.fields:
            self.fields[tag].setModified(False)
