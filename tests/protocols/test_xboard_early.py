"""XBoard's handshake is answered before the engine loads (CECP ``feature done=0``).

python-chess gives an engine two seconds after ``protover`` to send its features; on a busy
machine loading the variants takes longer, so the engine asks for more time first.
"""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

from rules.protocols.early import answer_protover_early

ROOT = Path(__file__).resolve().parents[2]


def test_protover_gets_done_0_and_the_lines_read_are_kept() -> None:
    said: list[str] = []
    stream = io.StringIO("xboard\nprotover 2\nnew\n")
    read = answer_protover_early(stream, said.append)
    assert said == ["feature done=0"]
    assert read == ["xboard\n", "protover 2\n"]
    assert stream.readline() == "new\n"  # the rest is left for the engine


def test_a_protocol_1_gui_gets_no_feature_line() -> None:
    said: list[str] = []
    read = answer_protover_early(io.StringIO("xboard\nnew\nquit\n"), said.append)
    assert said == []
    assert read == ["xboard\n", "new\n"]


def test_the_engine_answers_done_0_first_then_its_features_and_done_1() -> None:
    process = subprocess.run(
        [sys.executable, "-m", "rules", "xboard"], input="xboard\nprotover 2\nping 7\nquit\n",
        capture_output=True, text=True, cwd=ROOT, timeout=120,
    )
    lines = process.stdout.splitlines()
    assert lines[0] == "feature done=0"
    assert "feature setboard=1" in lines
    assert lines.index("feature done=1") < lines.index("pong 7")


def test_importing_the_facade_loads_no_variant_until_a_name_is_used() -> None:
    code = (
        "import sys, rules\n"
        "assert 'rules.catalogue' not in sys.modules and 'rules.game' not in sys.modules\n"
        "assert rules.new_game('chess').fen().startswith('rnbqkbnr')\n"
        "assert callable(rules.variant) and rules.variant('chess').name == 'Chess'\n"
        "import rules.variant\n"
        "assert callable(rules.variant)\n"
        "print('ok')\n"
    )
    process = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert process.stdout.strip() == "ok", process.stderr
