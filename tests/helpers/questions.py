"""Answering the app's blocking questions (``QMessageBox.question``) in GUI tests."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

SAVE = QMessageBox.StandardButton.Save
DISCARD = QMessageBox.StandardButton.Discard
CANCEL = QMessageBox.StandardButton.Cancel
OK = QMessageBox.StandardButton.Ok


def answer_with(monkeypatch, button: QMessageBox.StandardButton,
                offered: QMessageBox.StandardButton | None = None) -> list[str]:
    """Answer every question with ``button``; the list gets each question's text. With ``offered``,
    each question must offer exactly those buttons."""
    asked: list[str] = []

    def question(_parent, _title, text, buttons, _default):
        if offered is not None:
            assert buttons == offered
        asked.append(text)
        return button

    monkeypatch.setattr(QMessageBox, "question", staticmethod(question))
    return asked
