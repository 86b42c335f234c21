"""Every error the rules package raises derives from :class:`RulesError`.

Each subclass names one kind of bad input so callers (the app, the command line)
can tell the user exactly what was wrong without parsing messages.
"""

from __future__ import annotations


class RulesError(Exception):
    """Base class of every error raised by the rules package."""


class UnknownVariantError(RulesError, KeyError):
    """A variant id that no loaded variant file defines."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


class OptionError(RulesError, ValueError):
    """An unknown option name or a value the option does not accept."""


class BetzaError(RulesError, ValueError):
    """A malformed Betza string; the message names the string and the fault's position."""

    def __init__(self, betza: str, position: int, problem: str) -> None:
        self.betza = betza
        self.position = position
        self.problem = problem
        marker = " " * position + "^"
        super().__init__(
            f"bad Betza string {betza!r} at position {position}: {problem}\n  {betza}\n  {marker}"
        )


class VariantFileError(RulesError, ValueError):
    """A variant data file that cannot be read or whose content is inconsistent."""

    def __init__(self, path: str, problems: list[tuple[int | None, str]]) -> None:
        self.path = path
        self.problems = problems
        lines = [
            f"{path}:{line}: {text}" if line is not None else f"{path}: {text}"
            for line, text in problems
        ]
        super().__init__("\n".join(lines))


class FenError(RulesError, ValueError):
    """A position text that cannot be read."""


class SetupError(RulesError, ValueError):
    """A placement or setup that the variant does not allow."""


class MoveParseError(RulesError, ValueError):
    """Move text that does not follow the move grammar."""


class IllegalMoveError(RulesError, ValueError):
    """A well-formed move that is not legal in the current position."""


class DrawClaimError(RulesError, ValueError):
    """A draw claimed where the rules give no claim (the reason says why)."""


class ResultError(RulesError, ValueError):
    """A result declared where the game is already over, or taken back where none was declared."""


class GameRecordError(RulesError, ValueError):
    """A saved game record that cannot be read; the message names the line."""

    def __init__(self, message: str, line: int | None = None) -> None:
        self.line = line
        super().__init__(f"line {line}: {message}" if line is not None else message)


class UserFileError(RulesError, ValueError):
    """A file the user named that cannot be read as text: not a regular file, too large,
    not UTF-8, or refused by the system; the message names the file and the fault."""

    def __init__(self, path: str, problem: str) -> None:
        self.path = path
        self.problem = problem
        super().__init__(f"{path}: {problem}")


class HistoryError(RulesError, IndexError):
    """Undo with no move to undo, or redo with nothing undone."""
