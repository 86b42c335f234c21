"""XBoard's handshake, answered before the engine has loaded.

A GUI sends ``xboard`` and ``protover 2`` and then waits for the engine's features; some
(python-chess) wait only two seconds, which loading the variants can take on a busy machine.
CECP lets an engine ask for more time with ``feature done=0`` (it ends the wait for features
until ``feature done=1``), so the command line reads the first commands here, with nothing
but the standard library loaded, and sends that at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO


def answer_protover_early(stream: TextIO, write: Callable[[str], None]) -> list[str]:
    """Read commands up to ``protover`` (or any other command after ``xboard``), answer
    ``protover`` with ``feature done=0``, and return the lines read, for the engine to carry out."""
    lines: list[str] = []
    for raw in iter(stream.readline, ""):
        lines.append(raw)
        words = raw.split()
        if not words or words[0] == "xboard":
            continue
        if words[0] == "protover":
            write("feature done=0")
        break
    return lines
