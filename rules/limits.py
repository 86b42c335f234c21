"""Named limits on what the rules package reads, and the short excerpt an error quotes.

Every reader refuses input past these limits with its own named error, naming the
limit, so no input can make a reader take unbounded time or memory, and no error
message repeats a huge input back to the user.
"""

from __future__ import annotations

#: Longest position text read (a 12x12 position with every state field is a few hundred).
MAX_POSITION_TEXT_CHARS = 20_000
#: Largest halfmove clock or fullmove number in position text.
MAX_COUNTER = 1_000_000
#: Most pieces in one side's pool of captured pieces (``captured=``).
MAX_POOL_PIECES = 1_000
#: Most ``key=value`` fields after the six standard ones.
MAX_EXTRA_FIELDS = 64
#: Longest power-state value in position text (every square of a 12x12 board listed fits).
MAX_STATE_VALUE_CHARS = 640
#: Longest text an option value may hold.
MAX_OPTION_TEXT_CHARS = 500
#: Longest move text read.
MAX_MOVE_TEXT_CHARS = 200
#: Longest game record read, in characters.
MAX_RECORD_CHARS = 8 * 1024 * 1024
#: Most moves and actions in one game record.
MAX_RECORD_PLIES = 10_000
#: Largest user file read (game records, setup files), in bytes.
MAX_FILE_BYTES = 8 * 1024 * 1024
#: Largest variant data file read, in bytes.
MAX_VARIANT_FILE_BYTES = 1_000_000
#: Characters of a bad input that an error message quotes.
EXCERPT_CHARS = 80


def excerpt(value: object, limit: int = EXCERPT_CHARS) -> str:
    """``value`` as a Python literal (text quoted), cut to about ``limit`` characters."""
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return f"{value[:limit]!r}... ({len(value):,} characters)"
    shown = repr(value)
    return shown if len(shown) <= limit else f"{shown[:limit]}... ({len(shown):,} characters)"
