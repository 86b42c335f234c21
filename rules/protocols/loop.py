"""The command loop both engine protocols share: one line, one command, never a crash."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..errors import RulesError
from ..limits import excerpt

Handler = Callable[[list[str], str], None]


class CommandLoop:
    """Reads commands line by line until ``quit``; a protocol names its handlers and how it
    answers an unknown command or a refused one (UCI and XBoard word these differently)."""

    _handler_table: dict[str, Handler] | None = None

    def run(self, stream: Iterable[str]) -> int:
        for raw in stream:
            if not self.handle(raw):
                break
        self._halt()
        return 0

    def handle(self, raw: str) -> bool:
        """Carry out one command; False after ``quit``."""
        words = raw.split()
        if not words:
            return True
        command, args = words[0], words[1:]
        if command == "quit":
            return False
        if self._handler_table is None:
            self._handler_table = self._handlers()
        try:
            handler = self._handler_table.get(command)
            if handler is None:
                self._unknown(command)
            else:
                handler(args, raw)
        except (RulesError, ValueError) as exc:
            self._refused(exc, raw)
        except Exception as exc:  # a fault of ours: the GUI hears it in words and the engine goes on
            self._refused(ValueError(f"the engine could not carry this out ({type(exc).__name__}: "
                                     f"{excerpt(str(exc))})"), raw)
        return True

    def _handlers(self) -> dict[str, Handler]:
        raise NotImplementedError

    def _unknown(self, command: str) -> None:
        raise NotImplementedError

    def _refused(self, exc: Exception, raw: str) -> None:
        raise NotImplementedError

    def _halt(self) -> None:
        raise NotImplementedError
