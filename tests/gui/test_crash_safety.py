"""Crash safety with real app processes: the app is killed with SIGKILL right after
a step is shown, then started again, and must come back with everything the window showed.

Each process is ``crash_driver.py`` (the real start-up, ``fairygui.app.open_window``) on a
private settings file and data folder. The tests wait for the lines it prints, with generous
time limits, and never judge how long anything took.
"""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from fairygui.journal import decode, encode, read_journal
from fairygui.paths import DATA_ENV

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX")

DRIVER = Path(__file__).with_name("crash_driver.py")
ROOT = Path(__file__).resolve().parents[2]
#: Generous: a loaded two-core machine may take long to start Qt; the verdict never depends on it.
LINE_TIMEOUT = 180.0
INTERVAL_MS = 150


class AppProcess:
    """One run of the driver; lines it prints are collected by a reader thread."""

    def __init__(self, home: Path, script: list[list[Any]] | None = None, args: list[str] | None = None,
                 variants: Path | None = None, interval: int = INTERVAL_MS) -> None:
        env = dict(os.environ)
        env["QT_QPA_PLATFORM"] = "offscreen"
        env["FAIRYGUI_SETTINGS"] = str(home / "settings.ini")
        env.pop(DATA_ENV, None)
        # Never the user's own variant folder.
        env["FAIRYCHESS_VARIANTS"] = str(variants or home / "no-variants")
        self.log = home / f"stderr-{len(list(home.glob('stderr-*')))}.txt"
        self._err = open(self.log, "w", encoding="utf-8")
        self.proc = subprocess.Popen(
            [sys.executable, str(DRIVER), "--script", json.dumps(script or []), "--interval", str(interval),
             "--", *(args or [])],
            stdout=subprocess.PIPE, stderr=self._err, text=True, env=env, cwd=ROOT,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put("EOF")

    def wait_for(self, prefix: str) -> dict[str, Any] | None:
        """The state printed on the next line starting with ``prefix`` (None for a bare line)."""
        while True:
            try:
                line = self.lines.get(timeout=LINE_TIMEOUT)
            except queue.Empty:
                self.kill()
                pytest.fail(f"no {prefix!r} line from the app; stderr:\n{self.stderr()}")
            if line.startswith("FAILED") or line == "EOF":
                self.kill()
                pytest.fail(f"the app stopped: {line}; stderr:\n{self.stderr()}")
            if line.startswith(prefix):
                rest = line[len(prefix):].strip()
                return json.loads(rest) if rest else None

    def last_step(self, steps: int) -> dict[str, Any]:
        state: dict[str, Any] | None = None
        for number in range(1, steps + 1):
            state = self.wait_for(f"STEP {number} ")
        assert state is not None
        return state

    def kill(self) -> None:
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=60)
        self._err.close()

    def stderr(self) -> str:
        if not self._err.closed:
            self._err.flush()
        return self.log.read_text(encoding="utf-8", errors="replace")[-3000:]


def run_and_kill(home: Path, script: list[list[Any]], **kwargs: Any) -> dict[str, Any]:
    """Run the script, kill the app with SIGKILL as soon as its last step is shown; that state."""
    app = AppProcess(home, script, **kwargs)
    app.wait_for("READY")
    state = app.last_step(len(script))
    app.kill()
    return state


def relaunch(home: Path, **kwargs: Any) -> dict[str, Any]:
    app = AppProcess(home, **kwargs)
    state = app.wait_for("READY")
    app.kill()
    assert state is not None
    return state


#: The game and its document: the record's text, the line through its tree and the move on
#: view (as child indices), the file and whether the game differs from it.
GAME_KEYS = ("variant", "options", "moves", "ply", "fen", "players", "levels", "record", "line_path", "node",
             "modified", "path")


def same_game(before: dict[str, Any], after: dict[str, Any]) -> None:
    assert {k: after[k] for k in GAME_KEYS} == {k: before[k] for k in GAME_KEYS}


def journal_path(home: Path) -> Path:
    return home / "settings-data" / "session.journal"


@pytest.mark.slow
def test_a_game_killed_right_after_a_brisk_move_comes_back_to_that_move(tmp_path):
    script = [["newgame", "chess", {"fifty_move_rule": False}, {"white": "human", "black": "human"},
               {"white": "novice", "black": "expert"}],
              ["move", "e2e4"], ["move", "e7e5"], ["move", "g1f3"], ["move", "b8c6"], ["move", "f1b5"],
              ["move", "a7a6"], ["undo"], ["undo"], ["redo"]]
    before = run_and_kill(tmp_path, script)
    assert before["moves"] == ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"] and before["ply"] == 5
    after = relaunch(tmp_path)
    same_game(before, after)
    assert after["options"] == {"fifty_move_rule": False}
    assert "Restored" in after["status"]
    # Once more: the restored session is itself journalled, and play goes on from it.
    again = run_and_kill(tmp_path, [["move", "d7d6"]])
    assert again["moves"] == ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "d7d6"]
    same_game(again, relaunch(tmp_path))


@pytest.mark.slow
def test_a_friendly_game_with_a_hia_switch_keeps_its_players_and_levels(tmp_path):
    script = [["newgame", "friendly", {"setup": "alternate-2"}, {"white": "human", "black": "computer"},
               {"white": "novice", "black": "beginner"}],
              ["move", "e1/hia-off"]]
    before = run_and_kill(tmp_path, script)
    assert "hia-off" in before["fen"]
    after = relaunch(tmp_path)
    same_game(before, after)
    assert after["players"] == {"white": "human", "black": "computer"}
    assert after["levels"] == {"white": "novice", "black": "beginner"}
    assert after["moves"] == ["e1/hia-off"]


@pytest.mark.slow
def test_the_explored_position_and_its_free_moves_come_back(tmp_path):
    script = [["move", "e2e4"], ["move", "e7e5"], ["editor"], ["explore"], ["free", "b1", "d5"],
              ["free", "d8", "d3"]]
    before = run_and_kill(tmp_path, script)
    assert before["exploring"] and len(before["explore_history"]) == 2
    after = relaunch(tmp_path)
    same_game(before, after)  # the game put aside while exploring
    assert after["exploring"] == before["exploring"]
    assert after["explore_history"] == before["explore_history"]
    # Leaving exploration after the restart brings back the game in progress.
    app = AppProcess(tmp_path, [["leave"]])
    app.wait_for("READY")
    left = app.last_step(1)
    app.kill()
    assert left["exploring"] is None
    assert left["moves"] == ["e2e4", "e7e5"]


@pytest.mark.slow
def test_the_setup_editors_draft_survives_a_kill(tmp_path):
    script = [["move", "d2d4"], ["editor"], ["remove", "d4"], ["put", "e5", "white", "queen"],
              ["put", "a5", "black", "knight"]]
    before = run_and_kill(tmp_path, script)
    assert before["editor_open"] and "Q" in before["draft"]
    after = relaunch(tmp_path)
    assert after["editor_open"]
    assert after["draft"] == before["draft"]
    assert after["draft_variant"] == "chess"
    same_game(before, after)


@pytest.mark.slow
def test_a_journal_cut_mid_entry_restores_up_to_its_last_whole_entry(tmp_path):
    before = run_and_kill(tmp_path, [["move", "e2e4"], ["move", "e7e5"], ["move", "g1f3"]])
    path = journal_path(tmp_path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) - 25])  # the last entry loses its end, as in a crash mid-write
    after = relaunch(tmp_path)
    assert after["moves"] == before["moves"][:2]
    assert after["variant"] == "chess"
    kept = list(path.parent.glob("session.journal.broken-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == data[: len(data) - 25]
    assert str(kept[0]) in after["status"]
    # The new journal is whole again: a further kill loses nothing.
    assert not read_journal(path).damaged


@pytest.mark.slow
def test_random_bytes_in_the_journal_are_left_out(tmp_path):
    before = run_and_kill(tmp_path, [["move", "c2c4"], ["move", "c7c5"]])
    path = journal_path(tmp_path)
    lines = path.read_bytes().splitlines(keepends=True)
    garbage = bytes(range(256)) + b"\x00\xff" * 40
    path.write_bytes(garbage + b"\n" + b"".join(lines[:-1]) + b"\xde\xad\xbe\xef\n" + lines[-1] + garbage)
    after = relaunch(tmp_path)
    same_game(before, after)
    assert "damaged" in after["status"]
    assert list(path.parent.glob("session.journal.broken-*"))


def test_a_journal_of_nothing_but_garbage_starts_a_new_game_and_keeps_the_file(tmp_path):
    path = journal_path(tmp_path)
    path.parent.mkdir(parents=True)
    path.write_bytes(os.urandom(3000).replace(b"\n", b"#"))
    after = relaunch(tmp_path)
    assert after["variant"] == "chess" and after["moves"] == []
    assert "Could not restore" in after["error"]
    assert list(path.parent.glob("session.journal.broken-*"))


BROKEN_CHESS = """\
[variant.chess]
replaces_builtin = true
name = "Chess"
files = 8
ranks = 8
royal = ["king"]
powers = ["promotion"]

[variant.chess.pieces.king]
name = "King"
letter = "K"
betza = "K"

[variant.chess.pieces.pawn]
name = "Pawn"
letter = "P"
betza = "fmWfcF"
pawn = true

[variant.chess.setups.standard]
placement = "4k3/pppppppp/8/8/8/8/PPPPPPPP/4X3"

[variant.chess.promotion]
pieces = ["pawn"]
zone = 1
choices = ["king"]
"""

MINE = """\
[variant.mine]
name = "Mine"
parent = "chess"
"""


@pytest.mark.slow
def test_a_user_chess_file_that_cannot_start_falls_back_to_standard_chess(tmp_path):
    variants = tmp_path / "variants"
    variants.mkdir()
    (variants / "chess.toml").write_text(BROKEN_CHESS, encoding="utf-8")
    checked = subprocess.run([sys.executable, "-m", "rules", "check", str(variants / "chess.toml")],
                             capture_output=True, text=True, cwd=ROOT, timeout=300,
                             env=dict(os.environ, FAIRYCHESS_VARIANTS=str(variants)))
    # The file reads as a variant (so it stands in for the built-in chess), but its start array
    # names a piece it does not have: check says so, and new_game refuses it...
    assert checked.returncode == 1 and "'X'" in checked.stdout + checked.stderr
    state = run_and_kill(tmp_path, [["move", "e2e4"]], args=["--new"], variants=variants)
    # ...so the window opened on the built-in chess, saying why.
    assert state["variant"] == "chess"
    assert state["fen"].startswith("rnbqkbnr/pppppppp/8/8/4P3")
    assert "standard chess" in state["error"] and "chess.toml" in state["error"]


@pytest.mark.slow
def test_a_saved_session_whose_variant_broke_is_kept_and_chess_starts(tmp_path):
    variants = tmp_path / "variants"
    variants.mkdir()
    (variants / "mine.toml").write_text(MINE, encoding="utf-8")
    before = run_and_kill(tmp_path, [["newgame", "mine", {}, {"white": "human", "black": "human"},
                                      {"white": "novice", "black": "novice"}], ["move", "e2e4"]],
                          variants=variants)
    assert before["variant"] == "mine"
    journal = journal_path(tmp_path).read_bytes()
    (variants / "mine.toml").write_text("[variant.mine]\nname = 5\nparent = [1]\n", encoding="utf-8")
    after = relaunch(tmp_path, variants=variants)
    # The newest entries (the game of "mine") cannot be used; the chess game before it can.
    assert after["variant"] == "chess" and after["moves"] == []
    kept = list(journal_path(tmp_path).parent.glob("session.journal.broken-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == journal
    assert str(kept[0]) in after["error"]
    # Fixing the file and putting the journal back restores the game: nothing was overwritten.
    (variants / "mine.toml").write_text(MINE, encoding="utf-8")
    journal_path(tmp_path).write_bytes(kept[0].read_bytes())
    same_game(before, relaunch(tmp_path, variants=variants))


@pytest.mark.slow
def test_a_wrong_variant_in_the_newest_entry_falls_back_to_the_entry_before(tmp_path):
    before = run_and_kill(tmp_path, [["move", "e2e4"], ["move", "e7e5"]])
    path = journal_path(tmp_path)
    lines = path.read_bytes().splitlines(keepends=True)
    newest = decode(lines[-1].rstrip(b"\n"))
    newest["variant"] = "no-such-variant"
    path.write_bytes(b"".join(lines[:-1]) + encode(newest))
    after = relaunch(tmp_path)
    assert after["moves"] == before["moves"][:1]
    assert "no-such-variant" in after["status"]
    assert "kept as" in after["error"]


@pytest.mark.slow
def test_a_malformed_file_in_the_variant_folder_still_opens_the_window_and_the_help(tmp_path):
    variants = tmp_path / "variants"
    variants.mkdir()
    (variants / "odd.toml").write_text("[variant]\nfoo = 5\n", encoding="utf-8")
    env = dict(os.environ, FAIRYCHESS_VARIANTS=str(variants))
    shown = subprocess.run([sys.executable, "-m", "fairygui", "--help"], capture_output=True, text=True,
                           cwd=ROOT, env=env, timeout=300)
    assert shown.returncode == 0, shown.stderr
    assert "chess" in shown.stdout  # the variant list still reads; the odd file is left out
    state = run_and_kill(tmp_path, [["move", "e2e4"], ["move", "e7e5"]], variants=variants)
    assert state["variant"] == "chess" and state["moves"] == ["e2e4", "e7e5"]
    same_game(state, relaunch(tmp_path, variants=variants))


#: A chess game with a comment, a NAG, an edited White tag and a variation (the King's Gambit
#: beside 2. Nf3), shown inside the variation with its next move still to redo.
ANNOTATED = [["newgame", "chess", {}, {"white": "human", "black": "human"}, {"white": "novice", "black": "novice"}],
             ["move", "e2e4"], ["move", "e7e5"], ["move", "g1f3"], ["move", "b8c6"], ["goto", 2],
             ["variation", "f2f4"], ["comment", "the gambit"], ["nag", 5], ["move", "e5f4"], ["undo"],
             ["tag", "White", "Ann Example"]]


def assert_annotated(state: dict[str, Any]) -> None:
    """The state the ANNOTATED script leaves (so that a restore that lost it cannot pass)."""
    assert state["moves"] == ["e2e4", "e7e5", "f2f4", "e5f4"] and state["ply"] == 3
    assert state["node"] == [0, 0, 1] and state["line_path"] == [0, 0, 1, 0]
    record = state["record"]
    assert '[White "Ann Example"]' in record and "{the gambit}" in record and "f4 $5" in record
    assert "(2. f4 $5 {the gambit} 2... exf4) 2... Nc6" in " ".join(record.split())
    assert state["modified"] is True and state["path"] is None


@pytest.mark.slow
def test_an_annotated_game_viewed_inside_a_variation_comes_back_whole_after_a_kill(tmp_path):
    before = run_and_kill(tmp_path, ANNOTATED)
    assert_annotated(before)
    after = relaunch(tmp_path)
    same_game(before, after)
    assert "Restored" in after["status"]


@pytest.mark.slow
def test_an_annotated_game_comes_back_whole_after_a_normal_close(tmp_path):
    app = AppProcess(tmp_path, [*ANNOTATED, ["close"]])
    app.wait_for("READY")
    before = app.last_step(len(ANNOTATED))
    app.wait_for(f"STEP {len(ANNOTATED) + 1} ")
    assert app.proc.wait(timeout=LINE_TIMEOUT) == 0, app.stderr()
    app.kill()
    assert_annotated(before)
    same_game(before, relaunch(tmp_path))


@pytest.mark.slow
def test_a_saved_game_comes_back_with_its_file_and_saved_state(tmp_path):
    saved = tmp_path / "game.pgn"
    before = run_and_kill(tmp_path, [*ANNOTATED, ["save", str(saved)]])
    assert before["path"] == str(saved.resolve()) and before["modified"] is False
    after = relaunch(tmp_path)
    same_game(before, after)
    # An edit after the save makes it unsaved again, and that too comes back.
    edited = run_and_kill(tmp_path, [["tag", "Black", "Bo Example"]])
    assert edited["modified"] is True and '[Black "Bo Example"]' in edited["record"]
    same_game(edited, relaunch(tmp_path))
