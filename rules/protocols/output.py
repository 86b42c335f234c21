"""The engine's two streams: commands read as UTF-8 whatever the locale says (an undecodable
byte becomes U+FFFD, never an exception), and one line at a time written to standard output,
flushed, from whichever thread speaks."""

from __future__ import annotations

import io
import sys
import threading
from typing import TextIO


def text_stdin() -> TextIO:
    """Standard input as text that never fails to decode (the protocols are ASCII; a GUI that
    sends anything else gets a refusal in words, not a crash)."""
    stream = sys.stdin
    if isinstance(stream, io.TextIOWrapper):
        stream.reconfigure(encoding="utf-8", errors="replace")
    return stream


class LineWriter:
    def __init__(self, stream: TextIO | None = None) -> None:
        if stream is None:
            stream = sys.stdout
            if isinstance(stream, io.TextIOWrapper):
                # An echoed U+FFFD must not fail to encode under an ASCII locale.
                stream.reconfigure(encoding="utf-8", errors="replace")
        self.stream = stream
        self._lock = threading.Lock()

    def __call__(self, line: str) -> None:
        with self._lock:
            try:
                self.stream.write(line + "\n")
                self.stream.flush()
            except (BrokenPipeError, ValueError):
                pass  # the other program has gone; nobody is left to tell
