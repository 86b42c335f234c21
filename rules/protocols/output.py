"""One line at a time to standard output, flushed, from whichever thread speaks."""

from __future__ import annotations

import sys
import threading
from typing import TextIO


class LineWriter:
    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream if stream is not None else sys.stdout
        self._lock = threading.Lock()

    def __call__(self, line: str) -> None:
        with self._lock:
            try:
                self.stream.write(line + "\n")
                self.stream.flush()
            except (BrokenPipeError, ValueError):
                pass  # the other program has gone; nobody is left to tell

