"""Both protocol modes answer any line in words and go on: no traceback, and ``isready`` /
``ping N`` is answered after every hostile line (missing words, 400-digit numbers, undecodable
bytes, unknown commands, random text)."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import threading
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.protocols.loop import CommandLoop
from rules.protocols.numbers import LARGEST_COUNT, read_clock, read_seconds, read_whole
from rules.protocols.uci import UciEngine, parse_go
from rules.protocols.xboard import XBoardEngine

HUGE = "9" * 400
#: Seconds a real process may take to answer a whole script: a guard against a hang, not a speed test.
PATIENCE = 300

NUMBERS = [HUGE, "-" + HUGE, "1" + "0" * 5000, "0", "-1", "1", "2.5", "1e400", "nan", "inf", "-inf", "", "x", "7:30",
           "99999999999999999999:99999999999999999999", "+3", "0x10", "١٢"]
WORDS = ["startpos", "fen", "moves", "e2e4", "e7e5", "P@e4", "h3g3", "g6g7+", "b5f9+", "name", "value", "depth",
         "wtime", "btime", "movestogo", "infinite", "UCI_Variant", "Hash", "MultiPV", "xiangqi", "shogi", "friendly",
         "crazyhouse", "3check", "normal", "8/8/8/8/8/8/8/8", "w", "-", "<empty>", "\ufffd", "é", "\x00", "\t"]
UCI_COMMANDS = ["uci", "isready", "ucinewgame", "setoption", "position", "go", "stop", "ponderhit", "debug",
                "register", "setoption name UCI_Variant value", "setoption name Hash value", "position startpos moves",
                "position fen", "go depth", "go wtime", "go movetime", "go nodes", "go mate"]
XBOARD_COMMANDS = ["xboard", "protover", "new", "variant", "setboard", "usermove", "go", "force", "playother",
                   "level", "st", "sd", "nps", "time", "otim", "?", "ping", "analyze", "exit", ".", "undo", "remove",
                   "result", "post", "nopost", "option", "option Level=", "memory", "level 40", "level 0 5"]


def hostile_lines(commands: list[str]) -> st.SearchStrategy[str]:
    word = st.one_of(st.sampled_from(NUMBERS), st.sampled_from(WORDS),
                     st.text(alphabet=st.characters(blacklist_characters="\r\n"), max_size=12))
    return st.builds(lambda head, tail: " ".join([head, *tail]), st.sampled_from(commands + WORDS),
                     st.lists(word, max_size=6))


class Heard:
    """The lines an engine writes."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def __call__(self, line: str) -> None:
        self.lines.append(line)


@pytest.fixture
def thread_faults() -> Iterator[list[BaseException]]:
    faults: list[BaseException] = []
    previous = threading.excepthook
    threading.excepthook = lambda args: faults.append(args.exc_value or RuntimeError("thread fault"))
    yield faults
    threading.excepthook = previous


def _survives(engine: CommandLoop, heard: Heard, lines: list[str], probe: str, answer: str) -> None:
    try:
        for line in lines:
            engine.handle(line)  # raises if a line gets through as an exception
            before = len(heard.lines)
            engine.handle(probe)
            assert answer in heard.lines[before:], f"no {answer!r} after {line!r}"
    finally:
        engine._halt()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(hostile_lines(UCI_COMMANDS), min_size=1, max_size=6))
def test_uci_answers_isready_after_any_line(lines, thread_faults):
    heard = Heard()
    _survives(UciEngine(heard), heard, lines, "isready", "readyok")
    assert not thread_faults


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(hostile_lines(XBOARD_COMMANDS), min_size=1, max_size=6))
def test_xboard_answers_ping_after_any_line(lines, thread_faults):
    heard = Heard()
    _survives(XBoardEngine(heard), heard, lines, "ping 42", "pong 42")
    assert not thread_faults


def test_the_reported_crashes_are_answered_in_words():
    heard = Heard()
    uci = UciEngine(heard)
    for line in ("position moves e2e4", f"go depth {HUGE}", "stop", f"go wtime {HUGE} btime 1", "stop",
                 f"go nodes {HUGE} movestogo -{HUGE}", "stop", f"setoption name Hash value {HUGE}"):
        uci.handle(line)
    uci._halt()
    errors = [line for line in heard.lines if line.startswith("info string error:")]
    assert "startpos" in errors[0] and "Hash" in errors[1] and len(errors) == 2
    assert sum(line.startswith("bestmove ") for line in heard.lines) == 3

    heard = Heard()
    xboard = XBoardEngine(heard)
    for line in ("variant ", f"level 40 {HUGE} 0", f"time {HUGE}", f"nps {HUGE}", f"st {HUGE}", f"sd {HUGE}",
                 f"memory {HUGE}", "level 40 nan 0", "frobnicate", "e2e9"):
        xboard.handle(line)
    assert heard.lines[0].startswith("Error (level (base time) needs a number") and heard.lines[0].endswith("nan 0'")
    assert heard.lines[1] == "Error (unknown command): frobnicate"
    assert heard.lines[2].startswith("Illegal move (") and heard.lines[2].endswith(": e2e9")
    assert len(heard.lines) == 3
    assert xboard.session.variant == "chess"  # the empty "variant " line changed nothing


def test_numbers_are_clamped_not_overflowed():
    assert read_whole(HUGE, "x") == LARGEST_COUNT and read_whole("-" + HUGE, "x") == -LARGEST_COUNT
    assert read_whole("1" + "0" * 5000, "x", 1, 10) == 10  # past Python's 4,300-digit limit for int()
    assert read_whole(" 7 ", "x", 1, 10) == 7
    assert read_seconds("1e400", "st") == read_seconds(HUGE, "st") > 0
    assert read_seconds("-3", "st") == 0.0
    assert read_clock("5:30", "level") == 330.0 and read_clock("0:5", "level") == 5.0
    for bad in ("nan", "", "ten", "0x10"):
        with pytest.raises(ValueError, match="needs a"):
            read_seconds(bad, "st") if bad != "0x10" else read_whole(bad, "sd")
    limits, _ = parse_go(["wtime", HUGE, "btime", HUGE, "depth", HUGE], white_to_move=True)
    assert limits.depth is not None and limits.depth < 1000 and limits.time is not None and limits.time < 1e10


def _run_script(mode: str, lines: list[bytes], probe: bytes) -> tuple[str, str]:
    env = dict(os.environ, LANG="en_US.UTF-8", LC_ALL="C.UTF-8", PYTHONIOENCODING="")
    script = b"".join(line + b"\n" + probe + b"\n" for line in lines) + b"quit\n"
    done = subprocess.run([sys.executable, "-m", "rules", mode], input=script, capture_output=True,
                          timeout=PATIENCE, env=env)
    assert done.returncode == 0
    return done.stdout.decode("utf-8"), done.stderr.decode("utf-8", "replace")


def _seeded_lines(seed: str, commands: list[str], count: int) -> list[bytes]:
    rng = random.Random(seed)
    commands = [c for c in commands if c not in ("isready", "ping")]  # the probe's answers are counted
    lines = [b"\xff\xfe\x80 junk", b"position \xc3( moves e2e4", b"go depth \xed\xa0\x80", b"variant "]
    for _ in range(count):
        words = [rng.choice(commands + WORDS)] + [rng.choice(NUMBERS + WORDS) for _ in range(rng.randrange(5))]
        lines.append(" ".join(words).encode("utf-8") + bytes(rng.choice([[], [0xff], [0xc0, 0x80]])))
    return lines


def test_a_real_uci_process_reads_undecodable_bytes_and_hostile_lines():
    lines = _seeded_lines("uci-hostile", UCI_COMMANDS, 40)
    out, err = _run_script("uci", lines, b"isready")
    assert "Traceback" not in err, err[-2000:]
    assert out.count("readyok") == len(lines)


def test_a_real_xboard_process_reads_undecodable_bytes_and_hostile_lines():
    lines = _seeded_lines("xboard-hostile", XBOARD_COMMANDS, 40)
    out, err = _run_script("xboard", lines, b"ping 5")
    assert "Traceback" not in err, err[-2000:]
    assert out.count("pong 5") == len(lines)
    assert "Error (unknown command): \ufffd\ufffd\ufffd" in out
