"""The rules window opens web links of the built-in variants' pages at once, asks before opening
one that a user's variant file carries, and never opens anything that is not a web address
(issue: a variant description from a user file should not carry live links without a prompt)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QUrl
from PySide6.QtWidgets import QMessageBox

import rules
from fairygui.board.artwork import Artwork
from fairygui.helpwindow import RulesWindow

USER_VARIANT = """\
[variant.linked]
parent = "chess"
name = "Linked chess"
description = "See <a href='https://example.org/rules'>the rules</a>."
"""


@pytest.fixture
def user_variant(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    (tmp_path / "linked.toml").write_text(USER_VARIANT, encoding="utf-8")
    monkeypatch.setenv("FAIRYCHESS_VARIANTS", str(tmp_path))
    rules.reload_catalogue()
    yield "linked"
    monkeypatch.delenv("FAIRYCHESS_VARIANTS")
    rules.reload_catalogue()


def window_for(qtbot, vid: str) -> tuple[RulesWindow, list[str]]:
    window = RulesWindow(vid, Artwork())
    qtbot.addWidget(window)
    opened: list[str] = []
    window.open_url = lambda url: opened.append(url.toString())
    return window, opened


def click_button(box: QMessageBox, text: str) -> None:
    button = next(b for b in box.buttons() if b.text().replace("&", "") == text)
    button.click()


def test_a_built_in_pages_web_link_opens_at_once(qtbot):
    window, opened = window_for(qtbot, "chess")
    window.browser.anchorClicked.emit(QUrl("https://www.chessvariants.com/"))
    assert opened == ["https://www.chessvariants.com/"]


def test_a_link_from_a_user_file_opens_only_after_the_player_agrees(qtbot, user_variant):
    window, opened = window_for(qtbot, user_variant)
    window.browser.anchorClicked.emit(QUrl("https://example.org/rules"))
    assert opened == []
    box = window.link_question
    assert box is not None and "linked.toml" in box.text() and "https://example.org/rules" in box.text()
    click_button(box, "Open")
    assert opened == ["https://example.org/rules"]


def test_declining_keeps_the_link_closed(qtbot, user_variant):
    window, opened = window_for(qtbot, user_variant)
    window.browser.anchorClicked.emit(QUrl("https://example.org/rules"))
    click_button(window.link_question, "Cancel")
    assert opened == []


@pytest.mark.parametrize("address", ["file:///etc/passwd", "javascript:alert(1)", "ftp://example.org/x"])
def test_anything_but_a_web_address_is_never_opened(qtbot, address):
    window, opened = window_for(qtbot, "chess")
    window.browser.anchorClicked.emit(QUrl(address))
    assert opened == []
    assert "not a web address" in window.link_question.text()
