"""The powers panel: every active effect of the position in plain words, grouped by power.

Resting the pointer on a line highlights its squares on the board (``highlighted``
carries them); a group's title highlights the squares of all its lines.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPersistentModelIndex, QRect, QSize, Qt, Signal
from PySide6.QtGui import QFont, QFontMetrics, QMouseEvent, QResizeEvent
from PySide6.QtWidgets import (
    QLabel,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from .words import EffectGroup, EffectLine

SQUARES = Qt.ItemDataRole.UserRole


class WrappingDelegate(QStyledItemDelegate):
    """Rows as tall as their text wrapped to the panel's width (the plain delegate sizes
    every row for one line and cuts the rest off)."""

    def __init__(self, tree: QTreeWidget) -> None:
        super().__init__(tree)
        self.tree = tree

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        depth = 0
        parent = index.parent()
        while parent.isValid():
            depth += 1
            parent = parent.parent()
        width = max(60, self.tree.viewport().width() - self.tree.indentation() * (depth + 1) - 8)
        font = index.data(Qt.ItemDataRole.FontRole)
        metrics = QFontMetrics(font if isinstance(font, QFont) else option.font)  # type: ignore[attr-defined]
        text = str(index.data() or "")
        bounds = metrics.boundingRect(QRect(0, 0, width, 100_000), Qt.TextFlag.TextWordWrap, text)
        return QSize(width, bounds.height() + 5)


class WrappingTree(QTreeWidget):
    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.scheduleDelayedItemsLayout()  # row heights follow the new width


class PowersPanel(QWidget):
    highlighted = Signal(tuple)  # the squares to highlight; empty to clear

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tree = WrappingTree(self)
        self.tree.setHeaderHidden(True)
        self.tree.setWordWrap(True)
        self.tree.setItemDelegate(WrappingDelegate(self.tree))
        self.tree.setUniformRowHeights(False)
        self.tree.setMouseTracking(True)
        self.tree.itemEntered.connect(self._entered)
        self.tree.viewport().installEventFilter(self)
        self.empty = QLabel("No powers at work in this position.", self)
        self.empty.setWordWrap(True)
        self.empty.setContentsMargins(6, 6, 6, 6)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.empty)
        layout.addWidget(self.tree)
        self._current: tuple[str, ...] = ()
        self._groups: list[EffectGroup] | None = None
        self.set_groups([])

    def set_groups(self, groups: list[EffectGroup]) -> None:
        if groups == self._groups:
            # The same lines as the position before (a move far from every power): the tree
            # stays as the player left it (scrolled, a group folded), and its layout is not redone.
            self._set_highlight(())
            return
        self._groups = list(groups)
        self.tree.clear()
        for group in groups:
            top = QTreeWidgetItem([f"{group.title} ({len(group.lines)})"])
            font = top.font(0)
            font.setBold(True)
            top.setFont(0, font)
            top.setData(0, SQUARES, tuple(dict.fromkeys(sq for line in group.lines for sq in line.squares)))
            self.tree.addTopLevelItem(top)
            for line in group.lines:
                top.addChild(self._item(line))
            top.setExpanded(True)
        self.tree.expandAll()
        self.empty.setVisible(not groups)
        self.tree.setVisible(bool(groups))
        self._set_highlight(())

    @staticmethod
    def _item(line: EffectLine) -> QTreeWidgetItem:
        item = QTreeWidgetItem([line.text])
        item.setToolTip(0, line.text)
        item.setData(0, SQUARES, tuple(line.squares))
        for child in line.children:
            item.addChild(PowersPanel._item(child))
        return item

    def lines(self) -> list[str]:
        """Every line's text, groups' titles left out, depth first (for tests and copying)."""
        out: list[str] = []

        def walk(item: QTreeWidgetItem) -> None:
            for i in range(item.childCount()):
                child = item.child(i)
                out.append(child.text(0))
                walk(child)

        for i in range(self.tree.topLevelItemCount()):
            walk(self.tree.topLevelItem(i))
        return out

    def item_for(self, text: str) -> QTreeWidgetItem | None:
        """The first line whose text starts with ``text``."""
        for item in self._all_items():
            if item.text(0).startswith(text):
                return item
        return None

    def _all_items(self) -> list[QTreeWidgetItem]:
        found: list[QTreeWidgetItem] = []
        stack = [self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount())]
        while stack:
            item = stack.pop(0)
            found.append(item)
            stack[:0] = [item.child(i) for i in range(item.childCount())]
        return found

    def _entered(self, item: QTreeWidgetItem, _column: int) -> None:
        self._set_highlight(tuple(item.data(0, SQUARES) or ()))

    def _set_highlight(self, squares: tuple[str, ...]) -> None:
        if squares != self._current:
            self._current = squares
            self.highlighted.emit(squares)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.tree.viewport():
            if event.type() == QEvent.Type.Leave:
                self._set_highlight(())
            elif isinstance(event, QMouseEvent) and self.tree.itemAt(event.position().toPoint()) is None:
                self._set_highlight(())  # between or below the lines
        return super().eventFilter(watched, event)
