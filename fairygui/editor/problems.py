"""Whether the position can start a game: the rules package's problems, one line each.

Pointing at a problem tints the squares it names on the board.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QAbstractItemView, QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from .draft import Draft

OK_STYLE = "color: #1b6e20; font-weight: bold;"
BAD_STYLE = "color: #b00020; font-weight: bold;"


def squares_named(text: str, draft: Draft) -> frozenset[str]:
    """Board squares a sentence names, and extra squares (the Pocket) it mentions."""
    found = {w for w in re.findall(r"\b[a-z]\d{1,2}\b", text) if draft.is_board_square(w)}
    lowered = text.lower()
    found.update(name for name in draft.vdef.extra_squares if re.search(rf"\b{re.escape(name)}\b", lowered))
    return frozenset(found)


class ProblemList(QWidget):
    #: The squares the problem under the pointer names (empty when none).
    squaresPointed = Signal(frozenset)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.draft: Draft | None = None
        self.headline = QLabel()
        self.headline.setWordWrap(True)
        # Room for two lines whatever the verdict, and the list always there (empty when the
        # position is ready): the buttons below never move when problems come and go.
        self.headline.setFixedHeight(self.headline.fontMetrics().lineSpacing() * 2 + 4)
        self.headline.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.setMouseTracking(True)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list.setFixedHeight(96)
        self.list.setStyleSheet("QListWidget { color: #8a0018; }")
        self.list.itemEntered.connect(self._point)
        self.list.currentItemChanged.connect(lambda item, _old: self._point(item))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.headline)
        layout.addWidget(self.list)

    def show_problems(self, problems: list[str], draft: Draft) -> None:
        self.draft = draft
        self.list.clear()
        for text in problems:
            item = QListWidgetItem(text[:1].upper() + text[1:])
            item.setToolTip(text)
            item.setData(Qt.ItemDataRole.UserRole, text)
            self.list.addItem(item)
        if not problems:
            # The room stays (nothing below moves); it says it is empty on purpose.
            ready = QListWidgetItem("Nothing stops this position.")
            ready.setFlags(Qt.ItemFlag.NoItemFlags)
            ready.setForeground(QColor("#666"))
            self.list.addItem(ready)
        if problems:
            count = "1 problem" if len(problems) == 1 else f"{len(problems)} problems"
            self.headline.setText(f"{count}: this position cannot start a game yet. It can still be saved as a "
                                  "draft.")
            self.headline.setStyleSheet(BAD_STYLE)
        else:
            self.headline.setText("Ready: the rules accept this position as the start of a game.")
            self.headline.setStyleSheet(OK_STYLE)
        self.squaresPointed.emit(frozenset())

    def problems(self) -> list[str]:
        found = (self.list.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.list.count()))
        return [str(text) for text in found if text is not None]

    def _point(self, item: QListWidgetItem | None) -> None:
        if item is None or self.draft is None:
            self.squaresPointed.emit(frozenset())
            return
        self.squaresPointed.emit(squares_named(str(item.data(Qt.ItemDataRole.UserRole)), self.draft))

    def leaveEvent(self, event: QEvent) -> None:
        self._point(self.list.currentItem())
        super().leaveEvent(event)
