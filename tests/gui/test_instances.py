"""Two apps at once: each keeps its own journal, never the other's; a later start offers the
game of an app that has gone; a killed process's journal is free again; saves killed half way
leave no temporary files after the next save."""

from __future__ import annotations

import os
import subprocess
import sys

from PySide6.QtWidgets import QPushButton
from sessions import new_window, restore

from fairygui import instances
from fairygui.journal import read_journal


def _moves(window) -> list[str]:
    return [str(i.move) for i in window.controller.line]


def test_a_second_app_takes_its_own_journal_and_a_later_start_offers_its_game(window, qtbot, private_settings):
    for text in ("e2e4", "e7e5"):
        assert window.controller.play_text(text)
    first = window.session.game_journal.path
    second = new_window(qtbot, private_settings)
    restore(second, qtbot)
    assert second.session.game_journal.path != first
    assert second.controller.game.history == []  # not the first one's game: that one is in use
    for text in ("d2d4", "d7d5", "c2c4"):
        assert second.controller.play_text(text)
    assert read_journal(first).entries[-1]["moves"] == ["e2e4", "e7e5"]
    kept_second = second.session.game_journal.path
    second.close()
    assert window.controller.play_text("g1f3")
    window.close()
    assert read_journal(first).entries[-1]["moves"] == ["e2e4", "e7e5", "g1f3"]
    assert read_journal(kept_second).entries[-1]["moves"] == ["d2d4", "d7d5", "c2c4"]

    third = new_window(qtbot, private_settings)
    restore(third, qtbot)
    assert _moves(third) == ["e2e4", "e7e5", "g1f3"]
    question = third.session.recover_question
    assert question is not None and question.isVisible()
    assert "chess with 3 moves" in question.text()
    open_here = next(b for b in question.findChildren(QPushButton) if b.text() == "Open it here")
    open_here.click()
    qtbot.waitUntil(lambda: third.session.state == "active" and _moves(third) == ["d2d4", "d7d5", "c2c4"],
                    timeout=30000)
    assert third.session.game_journal.path == kept_second
    assert third.controller.play_text("g8f6")
    assert read_journal(kept_second).entries[-1]["moves"] == ["d2d4", "d7d5", "c2c4", "g8f6"]
    assert read_journal(first).entries[-1]["moves"] == ["e2e4", "e7e5", "g1f3"]  # kept, offered later
    third.close()


_HOLDER = """
import sys, time
from pathlib import Path
from fairygui.instances import take_slot
slot = take_slot(Path(sys.argv[1]), 1)
print("HELD" if slot else "REFUSED", flush=True)
time.sleep(60)
"""


def test_a_killed_app_frees_its_journal_and_a_running_one_does_not(tmp_path):
    holder = subprocess.Popen([sys.executable, "-c", _HOLDER, str(tmp_path)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "HELD"
        assert instances.take_slot(tmp_path, 1) is None
        mine = instances.claim_slot(tmp_path)
        assert mine.number == 2 and mine.path("session.journal").name == "session-2.journal"
        assert (tmp_path / "instance-1.lock").read_text().strip() == str(holder.pid)
    finally:
        holder.kill()
        holder.wait()
    again = instances.take_slot(tmp_path, 1)
    assert again is not None  # the system dropped the killed process's lock
    again.release()
    mine.release()


def test_a_save_removes_the_temporary_files_of_killed_saves_and_nothing_else(window, qtbot, tmp_path, monkeypatch):
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                          text=True, check=True)
    dead_pid = int(gone.stdout)
    leftover = tmp_path / f".fairygui-{dead_pid}-abcd_123.pgn"
    leftover.write_text("half a game")
    running = tmp_path / f".fairygui-{os.getppid()}-efgh4567.pgn"  # another app saving right now
    running.write_text("being written")
    users = [tmp_path / ".fairygui-notes.txt", tmp_path / "game.pgn.tmp", tmp_path / f".fairygui-{dead_pid}-x"]
    for path in users:
        path.write_text("the user's")
    assert window.controller.play_text("e2e4")
    target = tmp_path / "saved.pgn"
    assert window.save_to(str(target))
    assert target.is_file() and not leftover.exists() and running.exists()
    assert all(path.exists() for path in users)
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(f".fairygui-{os.getpid()}-")]
