"""The status bar follows the compiled build start.py makes in the background (issue 51: the
first start shows progress with an estimate), from the state file start.py writes."""

from __future__ import annotations

import json
import os

from PySide6.QtWidgets import QMainWindow

from fairygui.buildprogress import BuildProgress, describe


def write(path, **state):
    path.write_text(json.dumps(state), encoding="utf-8")


def test_a_running_compile_shows_the_time_left_then_that_the_build_is_ready(qtbot, tmp_path):
    window = QMainWindow()
    qtbot.addWidget(window)
    state = tmp_path / "fairychess-compile.json"
    write(state, pid=os.getpid(), started=1000.0, estimate=150.0, code=None)
    now = [1030.0]
    label = BuildProgress(window.statusBar(), state, clock=lambda: now[0])
    assert label.text() == ("Making the faster compiled build in the background: about 2 minutes left; "
                            "the next start uses it")
    assert label.timer.isActive()
    write(state, pid=os.getpid(), started=1000.0, estimate=150.0, code=0, finished=1140.0)
    now[0] = 1141.0
    label.refresh()
    assert label.text() == "The faster compiled build is ready: the next start uses it"
    assert not label.timer.isActive()


def test_without_a_state_file_nothing_is_shown(qtbot, tmp_path):
    window = QMainWindow()
    qtbot.addWidget(window)
    label = BuildProgress(window.statusBar(), tmp_path / "missing.json")
    assert label.text() == "" and label.isHidden() and not label.timer.isActive()


def test_the_words_for_each_state():
    alive = {7}.__contains__
    assert describe({"pid": 7, "started": 0.0, "estimate": 100.0, "code": None}, 80.0, alive).endswith(
        "under a minute left; the next start uses it")
    assert "taking longer than estimated" in describe({"pid": 7, "started": 0.0, "estimate": 100.0}, 200.0, alive)
    assert describe({"pid": 8, "code": None}, 0.0, alive) == ""  # a compile that died without a word
    assert describe({"pid": 7, "code": 1}, 0.0, alive).startswith("The compiled build failed, so the app runs pure")
    assert describe({"code": 0, "finished": 0.0}, 7200.0, alive) == ""
