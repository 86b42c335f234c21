"""A real ``python -m rules uci|xboard`` process (or another program's engine), spoken to line by
line (for the protocol tests)."""

from __future__ import annotations

import queue
import subprocess
import sys
import threading
from collections.abc import Callable

#: Seconds to wait for an awaited line: a guard against a hung engine, not a speed test.
PATIENCE = 120.0


class EngineProcess:
    def __init__(self, mode: str, command: list[str] | None = None) -> None:
        """Our engine in ``mode`` (``uci`` or ``xboard``), or the program ``command``."""
        self.proc = subprocess.Popen(
            command or [sys.executable, "-m", "rules", mode], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True, bufsize=1,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def until(self, wanted: Callable[[str], bool]) -> list[str]:
        """Every line up to and including the first that ``wanted`` accepts."""
        got: list[str] = []
        while True:
            line = self.lines.get(timeout=PATIENCE)
            if line is None:
                raise AssertionError(f"the engine ended; it said: {got[-5:]}")
            got.append(line)
            self.seen.append(line)
            if wanted(line):
                return got

    def until_word(self, word: str) -> list[str]:
        return self.until(lambda line: line.split()[:1] == [word])

    def close(self) -> int:
        try:
            self.send("quit")
        except (BrokenPipeError, OSError):
            pass
        try:
            return self.proc.wait(timeout=PATIENCE)
        finally:
            for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
                if stream is not None:
                    stream.close()
