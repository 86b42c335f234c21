"""A large PGN file in the app: it is listed off the GUI thread behind a progress dialog with
Cancel, the window keeps answering meanwhile, Cancel leaves the game in progress as it was, and
choosing a game of thousands reads just that game."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QDialogButtonBox, QPushButton

from fairygui import gamechooser
from rules import pgnscan

OPENINGS = (["e4", "e5", "Nf3", "Nc6"], ["d4", "d5", "c4"], ["c4", "e5", "Nc3", "Nf6", "g3"])
GAMES = 6000


def _write_games(path) -> None:
    with path.open("w", encoding="utf-8") as out:
        for i in range(GAMES):
            sans = OPENINGS[i % len(OPENINGS)]
            moves = " ".join(f"{n // 2 + 1}. {san}" if n % 2 == 0 else san for n, san in enumerate(sans))
            out.write(f'[Event "Generated"]\n[White "White {i + 1}"]\n[Black "Black {i + 1}"]\n[Result "*"]\n\n'
                      f"{moves} *\n\n")


@pytest.fixture
def gated(monkeypatch):
    """The listing stops at its first progress report until the test opens the gate, so the
    test sees the dialog while the work is under way."""
    gate = threading.Event()
    monkeypatch.setattr(pgnscan, "REPORT_BYTES", 16 * 1024)
    monkeypatch.setattr(gamechooser, "PROGRESS_DELAY_MS", 0)
    real = gamechooser.list_stream

    def list_stream(handle, path, size, modified, progress, stop):
        def report(done: int, total: int) -> None:
            progress(done, total)
            gate.wait(20)

        return real(handle, path, size, modified, report, stop)

    monkeypatch.setattr(gamechooser, "list_stream", list_stream)
    yield gate
    gate.set()


def _start(window, qtbot, path):
    for text in ("d2d4", "g8f6"):
        assert window.controller.play_text(text)
    reports: list[tuple[int, int]] = []
    window.lister.progressed.connect(lambda done, total: reports.append((done, total)))
    assert window.open_file(str(path))
    qtbot.waitUntil(lambda: window.lister.progress is not None and window.lister.progress.isVisible()
                    and window.lister.progress.value() > 0, timeout=20000)
    # The window answers while the file is read: a timer of the GUI thread fires.
    ticked: list[bool] = []
    QTimer.singleShot(0, lambda: ticked.append(True))
    qtbot.waitUntil(lambda: bool(ticked), timeout=5000)
    assert reports and 0 < reports[0][0] < reports[0][1] == path.stat().st_size
    return reports


def test_cancel_stops_the_listing_and_keeps_the_game(window, qtbot, tmp_path, gated):
    path = tmp_path / "big.pgn"
    _write_games(path)
    _start(window, qtbot, path)
    dialog = window.lister.progress
    cancel = next(b for b in dialog.findChildren(QPushButton) if b.text() == "Cancel")
    with qtbot.waitSignal(window.lister.cancelled, timeout=20000):
        cancel.click()
        gated.set()
    assert window.game_chooser is None and window.lister.progress is None
    assert [str(m) for m in window.controller.game.history] == ["d2d4", "g8f6"]
    assert "Stopped listing big.pgn" in window.status_text()
    assert window.controller.play_text("c2c4")  # the game goes on


def test_choosing_one_game_of_thousands_opens_it(window, qtbot, tmp_path, gated):
    path = tmp_path / "big.pgn"
    _write_games(path)
    reports = _start(window, qtbot, path)
    with qtbot.waitSignal(window.lister.listed, timeout=30000):
        gated.set()
    assert reports[-1] == (path.stat().st_size, path.stat().st_size)
    chooser = window.game_chooser
    assert chooser is not None and chooser.isVisible() and chooser.model.rowCount() == GAMES
    model = chooser.model
    assert model.index(4321, 0).data() == "White 4322" and model.headerData(4321, 2) == "4322"
    chooser.table.selectRow(4321)
    assert chooser.current_row() == 4321
    open_button = chooser.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Open)
    with qtbot.waitSignal(window.controller.loaded, timeout=20000):
        open_button.click()
    expected = OPENINGS[4321 % len(OPENINGS)]
    assert len(window.controller.game.history) == len(expected)
    assert window.move_list.item(0, 0).text() == expected[0]
    assert window.workspace.path is None  # one game of many: Save asks where to keep it
