"""Misbehaving engines (small Python scripts written here): one that is missing, one that never
greets, one that floods its output, one that ignores quit and SIGTERM and starts a child. The
client names each failure, keeps what it reads bounded, ends the whole process group, and waits
on engines from threads of its own, never Qt's shared pool. Bounds are generous guards."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QThreadPool

import rules
from fairygui.engines import client, process
from fairygui.engines.client import EngineFailure, EngineSpec, ExternalEngine, detect
from fairygui.engines.process import EngineProcess, EngineStartFailure, end_all
from fairygui.engines.registry import EngineEntry
from rules.engine import Limits

WAIT_MS = 60_000


def script(tmp_path: Path, name: str, body: str) -> tuple[str, ...]:
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(body))
    return (str(path),)


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    # A zombie still answers; its state says it has ended.
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().split(") ")[1].startswith("Z")


def wait_until(condition, seconds: float = 30.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def test_a_missing_program_is_said_to_be_missing(tmp_path: Path) -> None:
    with pytest.raises(EngineStartFailure) as missing:
        detect(str(tmp_path / "no-such-engine"))
    assert "missing" in str(missing.value) and "neither" not in str(missing.value)
    with pytest.raises(EngineStartFailure) as unknown:
        detect("no-such-engine-on-the-path")
    assert "not found" in str(unknown.value)
    plain = tmp_path / "notes.txt"
    plain.write_text("not a program")
    with pytest.raises(EngineStartFailure) as not_a_program:
        detect(str(plain))
    assert "not executable" in str(not_a_program.value)


def test_an_engine_that_never_greets_is_reported_in_words(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(client, "GREETING_SECONDS", 0.5)
    silent = script(tmp_path, "silent", "import time\ntime.sleep(600)\n")
    with pytest.raises(EngineFailure) as failure:
        detect(sys.executable, silent)
    assert "neither UCI nor XBoard" in str(failure.value) and "uciok" in str(failure.value)


FLOODER = """\
    import sys
    for line in sys.stdin:
        word = line.split()[0] if line.split() else ""
        if word == "uci":
            print("id name Flood"); print("uciok", flush=True)
        elif word == "isready":
            print("readyok", flush=True)
        elif word == "go":
            sys.stdout.write("info string " + "x" * 20_000_000 + "\\n")  # one 20 MB line
            for _ in range(3_000):
                sys.stdout.write("info depth 1 score cp 1 nodes 1 pv e2e4\\n")
            print("bestmove e2e4", flush=True)
"""


def test_a_flooding_engine_is_read_within_bounds(tmp_path: Path) -> None:
    args = script(tmp_path, "flood", FLOODER)
    engine = ExternalEngine(EngineSpec(sys.executable, args), detect(sys.executable, args))
    reports: list[object] = []
    try:
        result = engine.search(rules.new_game("chess"), Limits(time=60.0), on_progress=reports.append)
        running = engine.process
        assert running is not None
        assert running.cut_lines == 1  # the 20 MB line was kept to its first MAX_LINE_BYTES
        assert running.lines.maxsize == process.MAX_QUEUED_LINES
    finally:
        engine.close()
    assert str(result.best_move) == "e2e4"
    # Progress reached the caller at most ten times a second, not 3,000 times.
    assert 1 <= len(reports) < 1500


STUBBORN = """\
    import signal, subprocess, sys, time
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    child = subprocess.Popen([sys.executable, "-c", "import signal, time; "
                              "signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(600)"])
    print("child", child.pid, flush=True)
    for line in sys.stdin:
        if line.split()[:1] == ["uci"]:
            print("id name Stubborn"); print("uciok", flush=True)
    time.sleep(600)  # ignores the end of its input and quit alike
"""


def test_an_engine_that_ignores_quit_and_sigterm_is_killed_with_its_child(tmp_path: Path) -> None:
    running = EngineProcess([sys.executable, *script(tmp_path, "stubborn", STUBBORN)])
    words = running.wait_for(lambda line: line.startswith("child "), 30, "say its child's number")
    child = int(words[-1].split()[1])
    running.end(grace=0.2)
    assert gone(running.pid)
    assert wait_until(lambda: gone(child))  # its process group went with it
    assert running not in process.running_processes()


def test_engines_end_when_the_app_is_killed(tmp_path: Path) -> None:
    stubborn = script(tmp_path, "stubborn", STUBBORN)
    app = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(f"""\
            import os, signal, sys
            from fairygui.engines.process import EngineProcess
            running = EngineProcess([sys.executable, {stubborn[0]!r}])
            running.wait_for(lambda line: line.startswith("child "), 30, "start")
            print(running.pid, flush=True)
            os.kill(os.getpid(), signal.SIGKILL)
        """)],
        capture_output=True, text=True, timeout=120,
    )
    engine_pid = int(app.stdout.split()[0])
    assert wait_until(lambda: gone(engine_pid))


def test_searches_of_other_programs_engines_never_take_the_shared_pool(window, qtbot, tmp_path) -> None:
    hung = script(tmp_path, "hung", """\
        import sys
        for line in sys.stdin:
            word = line.split()[0] if line.split() else ""
            if word == "uci":
                print("id name Hung"); print("uciok", flush=True)
            elif word == "isready":
                print("readyok", flush=True)
    """)
    entry = EngineEntry.from_facts(sys.executable, hung, detect(sys.executable, hung), set())
    window.engines.add(entry)
    window.engines.set_role("analysis", entry.name)
    idle = QThreadPool.globalInstance().activeThreadCount()
    window.analysis.set_active(True)
    qtbot.waitUntil(lambda: "Hung is thinking" in window.analysis.panel.details.text(), timeout=WAIT_MS)
    assert QThreadPool.globalInstance().activeThreadCount() == idle
    window.analysis.set_active(False)
    end_all(0.2)


def test_the_record_names_the_engine_that_played_by_its_own_name(window, qtbot) -> None:
    args = ("-m", "rules", "uci")
    entry = EngineEntry.from_facts(sys.executable, args, detect(sys.executable, args), {"Fairychess"})
    assert entry.name == "Fairychess (2)" and entry.player_name == "Fairychess"
    window.engines.add(entry)
    window.computer.opponent.time_limit = 0.3
    window.controller.new_game("chess", players={"white": "human", "black": "computer"},
                               levels={"black": "novice"}, engines={"black": entry.name})
    assert window.controller.record.headers["Black"] == "Fairychess"
    assert window.controller.record.headers["White"] == "Human"
    window.controller.play(window.controller.game.parse_move("e2e4"))
    qtbot.waitUntil(lambda: window.controller.game.ply == 2, timeout=WAIT_MS)
    assert window.controller.record.headers["Black"] == "Fairychess"
