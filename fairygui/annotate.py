"""The move list's menu (comments, NAGs, variations) and the question a move asks where the
line goes on. Every answer is a call on the GameController; nothing here holds state.

Dialogs open without blocking (``QMessageBox.open``), as the window's other questions do; the
comment is asked through ``QInputDialog.getMultiLineText``.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QInputDialog, QMenu, QMessageBox, QWidget

from rules import Move

from .controller import MAIN_LINE, OVERWRITE, VARIATION, GameController
from .document import NAG_CHOICES, Node, comment_words, variation_of

BRANCH_BUTTONS = ((VARIATION, "New variation"), (OVERWRITE, "Overwrite"), (MAIN_LINE, "New main line"))


def ask_branch(parent: QWidget, controller: GameController, move: Move,
               cancelled: Callable[[], None]) -> QMessageBox:
    """Where the line goes on: play ``move`` as a new variation, over the moves that follow,
    or as the new main continuation; Cancel plays nothing."""
    box = QMessageBox(QMessageBox.Icon.Question, "A new move here",
                      "The game goes on from this position with another move. Keep that line and "
                      "add this move as a new variation, overwrite the moves that follow, or make "
                      "this move the new main line (the old one becomes a variation)?",
                      QMessageBox.StandardButton.NoButton, parent)
    answers = {}
    for branch, text in BRANCH_BUTTONS:
        answers[box.addButton(text, QMessageBox.ButtonRole.AcceptRole)] = branch
    box.addButton(QMessageBox.StandardButton.Cancel)
    first = next(iter(answers))
    box.setDefaultButton(first)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

    def answered(button: object) -> None:
        branch = answers.get(button)  # type: ignore[call-overload]
        if branch is None or not controller.play(move, branch):
            cancelled()

    box.buttonClicked.connect(answered)
    box.open()
    return box


def ask_comment(parent: QWidget, controller: GameController, node: Node) -> None:
    """Add or edit what a person wrote after a move; an empty text deletes it."""
    before = " ".join(comment_words(node))
    where = f"after {node.move}" if node.parent is not None else "before the first move"
    text, ok = QInputDialog.getMultiLineText(parent, "Comment", f"Comment {where}:", before)
    if ok:
        controller.set_comment(node, text)


def node_menu(parent: QWidget, controller: GameController, node: Node) -> QMenu:
    """What a move of the list offers: its comment, its NAGs, and the variation it lies in."""
    menu = QMenu(parent)
    menu.setObjectName("move-menu")
    has_comment = bool(comment_words(node))
    menu.addAction("Edit comment..." if has_comment else "Add comment...",
                   lambda: ask_comment(parent, controller, node))
    if has_comment:
        menu.addAction("Delete comment", lambda: controller.set_comment(node, ""))
    if node.parent is not None:
        nags = menu.addMenu("Annotation (NAG)")
        for nag, words in NAG_CHOICES:
            action = nags.addAction(words)
            action.setCheckable(True)
            action.setChecked(nag in node.nags)
            action.triggered.connect(lambda _checked=False, n=nag: controller.toggle_nag(node, n))
        others = [n for n in node.nags if n not in dict(NAG_CHOICES)]
        for nag in others:
            action = nags.addAction(f"${nag}")
            action.setCheckable(True)
            action.setChecked(True)
            action.triggered.connect(lambda _checked=False, n=nag: controller.toggle_nag(node, n))
        nags.addSeparator()
        clear = nags.addAction("Remove all annotations", lambda: controller.set_nags(node, []))
        clear.setEnabled(bool(node.nags))
    branch = variation_of(node)
    if branch is not None:
        menu.addSeparator()
        menu.addAction("Promote variation up one", lambda: controller.promote(node, to_main=False))
        menu.addAction("Make variation the main line", lambda: controller.promote(node, to_main=True))
        menu.addAction("Delete variation", lambda: controller.delete_variation(node))
    return menu
