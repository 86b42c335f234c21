"""Menus and toolbars built from lists of actions, so a window's menus read as their layout."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QToolBar, QWidget

Shortcut = QKeySequence | QKeySequence.StandardKey | str | list[QKeySequence] | None


def make_action(parent: QWidget, text: str, slot: Callable[[], object], shortcut: Shortcut = None,
                tip: str = "") -> QAction:
    """An action of ``parent`` (its shortcut works wherever the window has focus) calling ``slot``."""
    action = QAction(text, parent)
    if isinstance(shortcut, list):
        action.setShortcuts(shortcut)
    elif shortcut is not None:
        action.setShortcut(shortcut)
    if tip:
        action.setStatusTip(tip)
        action.setToolTip(tip)
    action.triggered.connect(lambda _checked=False: slot())
    parent.addAction(action)
    return action


def fill_menu(menu: QMenu, items: Iterable[QAction | QMenu | None]) -> QMenu:
    """Add actions and submenus in order; None is a separator."""
    for item in items:
        if item is None:
            menu.addSeparator()
        elif isinstance(item, QMenu):
            menu.addMenu(item)
        else:
            menu.addAction(item)
    return menu


def fill_toolbar(bar: QToolBar, groups: Sequence[Sequence[QAction]]) -> None:
    """Add groups of actions with a separator between groups."""
    for index, group in enumerate(groups):
        if index:
            bar.addSeparator()
        for action in group:
            bar.addAction(action)
