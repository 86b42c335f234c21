"""XBoard itself (Debian's ``xboard``, 4.9.1) hosting matches with our engine, headless under
Xvfb (``xvfb-run``): one game per ten-rank variant XBoard knows (Xiangqi, Grand), ours against
Fairy-Stockfish over CECP (ours against ours where Fairy-Stockfish is absent), and a Friendly
game, ours against ours, on the 12x12 board our ``setup`` gives XBoard, legality testing off
(rifle shots relayed in two legs; swaps, which XBoard cannot relay, never played there).

A few moves at a fast time control (XBoard adjudicates a draw after N moves); the game XBoard
saves (``-saveGameFile``) is read back with rules.read_pgn: every move plays, and the result is
XBoard's adjudication or one our rules agree with, never a forfeit or an illegal move. XBoard
runs with a private HOME, so it neither reads nor writes the user's ~/.xboardrc."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from programs import GAMES_FOLDER, find_program

import rules

XBOARD = find_program("xboard")
XVFB_RUN = find_program("xvfb-run")
FSF = find_program("fairy-stockfish")
#: Seconds: a guard against a hung XBoard, not a speed test.
PATIENCE = 240
#: What XBoard writes when an engine's move or claim was refused.
REFUSALS = ("forfeit", "illegal", "false", "invalid", "crash", "disconnect")

needs_xboard = pytest.mark.skipif(
    XBOARD is None or XVFB_RUN is None,
    reason="XBoard under Xvfb needs xboard and xvfb-run (Debian packages xboard, xvfb; "
           "scripts/install_programs.sh installs them)")


def our_engine() -> str:
    return f"{sys.executable} -m rules xboard"


def xboard_match(tmp_path: Path, variant: str, second: str, moves: int, *extra: str) -> tuple[str, str]:
    """Play one XBoard game, ours (White) against ``second``; the saved PGN and XBoard's debug log."""
    assert XBOARD is not None and XVFB_RUN is not None
    home = tmp_path / "home"
    home.mkdir()
    pgn, debug = tmp_path / "game.pgn", tmp_path / "debug.txt"
    command = [
        XVFB_RUN, "-a", XBOARD, "-fcp", our_engine(), "-fd", str(tmp_path), "-scp", second, "-sd", str(tmp_path),
        "-variant", variant, "-matchMode", "true", "-matchGames", "1", "-xponder", "-searchDepth", "1",
        "-timeControl", "0:30", "-timeIncrement", "1", "-adjudicateDrawMoves", str(moves),
        "-saveGameFile", str(pgn), "-popupExitMessage", "false", "-saveSettingsOnExit", "false",
        "-debugMode", "true", "-nameOfDebugFile", str(debug), "-noGUI", *extra,
    ]
    # A private HOME (XBoard's settings file), and /usr/games on the PATH (polyglot, engines).
    env = {**os.environ, "HOME": str(home), "PATH": os.environ.get("PATH", "") + os.pathsep + GAMES_FOLDER}
    done = subprocess.run(command, env=env, cwd=tmp_path, capture_output=True, text=True, timeout=PATIENCE)
    said = done.stdout + done.stderr
    assert pgn.is_file(), said
    return pgn.read_text(encoding="utf-8", errors="replace"), debug.read_text(encoding="utf-8", errors="replace")


def _refusals(text: str) -> list[str]:
    return [line for line in text.splitlines()
            if any(word in line.lower() for word in REFUSALS) and not line.startswith(("[", ">"))]


@pytest.mark.slow
@needs_xboard
@pytest.mark.parametrize("variant", ["xiangqi", "grand"])
def test_an_xboard_match_in_a_ten_rank_variant(tmp_path: Path, variant: str) -> None:
    second = FSF if FSF is not None else our_engine()
    pgn, debug = xboard_match(tmp_path, variant, second, 10)
    records = rules.read_pgn(pgn)
    assert len(records) == 1
    record = records[0]
    assert record.headers.get("Variant") == variant
    game = record.game()  # every move XBoard saved plays, ranks counted from 0 as it writes them
    assert game.ply >= 10, pgn
    last = list(record.root.mainline())[-1].comments
    assert _refusals(pgn) == [] and _refusals(debug) == [], (pgn, _refusals(debug))
    if game.result is not None:
        assert record.result == game.result.score(), pgn
    else:
        assert record.result == "1/2-1/2" and any("adjudication" in c for c in last), pgn


@pytest.mark.slow
@needs_xboard
def test_xboard_hosts_a_friendly_game_on_our_setup(tmp_path: Path) -> None:
    pgn, debug = xboard_match(tmp_path, "friendly", our_engine(), 60, "-testLegality", "false")
    assert 'setup (PNBRQFEACWMOHIJGDVLSUTX.pnbrqfeacwmohijgdvlsutx.) 12x12+0_fairy' in debug
    assert '[Variant "friendly"]' in pgn and "[FEN " in pgn
    assert _refusals(pgn) == [] and _refusals(debug) == [], (pgn, _refusals(debug))
    moves = [word for word in pgn.split("\n\n", 1)[1].split() if word[:1].isalpha()]
    assert len(moves) >= 120 and "adjudication" in pgn, pgn  # 60 moves each, then XBoard's draw
    # A rifle shot (the Archer's, or a Friend's borrowed one) went through XBoard in two legs.
    assert any("usermove" in line and "," in line for line in debug.splitlines()), debug
