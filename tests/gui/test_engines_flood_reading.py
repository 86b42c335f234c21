"""The engine client reads only the thinking lines it hands on (and the newest one when the
engine answers): an engine writing thousands of lines costs a replay of each line's moves only
for the few that are reported. Counted, not timed (bench/engine_flood.py measures the cost)."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

import rules
from fairygui.engines.client import UCI, XBOARD, EngineSpec, ExternalEngine, probe
from rules.engine import Limits

LINES = 3_000

FLOODER = f"""\
    import sys
    for line in sys.stdin:
        words = line.split()
        word = words[0] if words else ""
        if word == "uci":
            print("id name Flood"); print("uciok", flush=True)
        elif word == "isready":
            print("readyok", flush=True)
        elif word == "protover":
            print('feature myname="Flood" ping=1 usermove=1 setboard=1 done=1', flush=True)
        elif word == "ping":
            print("pong " + words[1], flush=True)
        elif word == "go":
            uci = len(words) > 1
            for depth in range(1, {LINES} + 1):  # each line deeper: the last one says {LINES}
                sys.stdout.write(f"info depth {{depth}} score cp 7 nodes 1 pv e2e4 e7e5\\n" if uci
                                 else f"{{depth}} 7 1 1 e2e4 e7e5\\n")
            print("bestmove e2e4" if uci else "move e2e4", flush=True)
"""


@pytest.mark.parametrize("protocol", [UCI, XBOARD])
def test_only_the_reported_lines_and_the_last_are_read(tmp_path: Path, monkeypatch, protocol: str) -> None:
    path = tmp_path / "flood.py"
    path.write_text(textwrap.dedent(FLOODER))
    spec = EngineSpec(sys.executable, (str(path),), protocol)
    engine = ExternalEngine(spec, probe(spec))
    reads: list[int] = []
    reader = "_uci_info" if protocol == UCI else "_xboard_post"
    original = getattr(ExternalEngine, reader)

    def counted(self, *args):
        if self is engine:  # an engine another test left thinking in this worker reads lines too
            reads.append(1)
        return original(self, *args)

    monkeypatch.setattr(ExternalEngine, reader, counted)
    reports: list[object] = []
    try:
        result = engine.search(rules.new_game("chess"), Limits(time=60.0), on_progress=reports.append)
    finally:
        engine.close()
    assert str(result.best_move) == "e2e4"
    assert result.depth == LINES  # the newest line was read for the answer
    assert [str(m) for m in result.pv] == ["e2e4", "e7e5"]
    assert len(reads) <= len(reports) + 1 < LINES
