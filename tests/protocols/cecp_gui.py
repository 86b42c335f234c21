"""A GUI's side of XBoard protocol 2 (CECP), written from the specification (engine-intf, protocol
version 2) and not from our engine: the handshake, variants, moves with ``usermove``, and ranks
counted from 0 on boards of exactly ten ranks. Used to drive ``python -m rules xboard``."""

from __future__ import annotations

import re
import shlex

from .engine_process import EngineProcess

#: A square as CECP writes it: a file letter and the rank's digits.
_SQUARE = re.compile(r"([a-z])([0-9]+)")


def features_of(lines: list[str]) -> dict[str, str]:
    """``feature name=value ...`` lines as a table (``option`` features keyed by their text)."""
    found: dict[str, str] = {}
    for line in lines:
        if not line.startswith("feature "):
            continue
        for word in shlex.split(line[len("feature "):]):
            name, _, value = word.partition("=")
            found[f"option {value}" if name == "option" else name] = value
    return found


def from_cecp(text: str, ranks: int) -> str:
    """A CECP move as UCI/Fairy-Stockfish write it (ranks from 1): CECP counts from 0 on ten ranks."""
    if ranks != 10:
        return text
    return _SQUARE.sub(lambda m: m.group(1) + str(int(m.group(2)) + 1), text)


def to_cecp(text: str, ranks: int) -> str:
    if ranks != 10:
        return text
    return _SQUARE.sub(lambda m: m.group(1) + str(int(m.group(2)) - 1), text)


class CecpGui:
    def __init__(self) -> None:
        self.engine = EngineProcess("xboard")
        self._pings = 0
        self.engine.send("xboard")
        self.engine.send("protover 2")
        lines = self.engine.until(lambda line: line.startswith("feature") and "done=1" in line)
        self.features = features_of(lines)
        for name in self.features:
            if not name.startswith("option ") and name != "done":
                self.engine.send(f"accepted {name}")

    def send(self, line: str) -> None:
        self.engine.send(line)

    def sync(self) -> list[str]:
        """Every line the engine sent before it answered a fresh ``ping``."""
        self._pings += 1
        self.engine.send(f"ping {self._pings}")
        return self.engine.until(lambda line: line == f"pong {self._pings}")[:-1]

    def engine_move(self) -> tuple[str, list[str]]:
        """The engine's next ``move`` and the lines after it up to a sync (a result claim, say)."""
        move = self.engine.until(lambda line: line.startswith("move "))[-1].split()[1]
        return move, self.sync()

    def close(self) -> int:
        return self.engine.close()
