"""The rules package: every variant's rules, with no GUI dependency.

Public API (names fixed by the design)::

    rules.variant_ids()
    g = rules.new_game("chess", options=..., placement=..., to_move=..., fen=...)
    g.legal_moves(); g.play(m_or_text); g.undo(); g.redo(); g.result; g.fen(); g.board()

This module only gathers the public names; each lives in the module of its layer
(variants and new games in :mod:`rules.catalogue`, games in :mod:`rules.game`,
records in :mod:`rules.gamerecord`). Only clients import it.
``rules.variant`` is the function, not the :mod:`rules.variant` module of variant data
(``from rules.variant import VariantDef`` still reads the module).
"""

from __future__ import annotations

import os

from .native import install as _use_current_build

_use_current_build()  # before any compiled module is imported: a stale build must not load

import importlib
from typing import TYPE_CHECKING, Any

from . import variant as _variant_data  # noqa: F401

# ``rules.variant`` is the function: loading the submodule of the same name set the package's
# attribute to the module, and only a name that is absent reaches ``__getattr__`` below.
del globals()["variant"]

# Where each public name lives. The names load on first use (PEP 562), so that
# ``python -m rules xboard`` can answer a GUI's handshake before the variants and the engine
# are imported (a GUI such as python-chess waits only two seconds for it).
_HOMES: dict[str, str] = {
    **dict.fromkeys(("VariantDef", "broken_variants", "make_rules", "new_game", "reload_catalogue",
                     "require_type", "variant", "variant_ids"), "catalogue"),
    **dict.fromkeys(("BetzaError", "DrawClaimError", "FenError", "GameRecordError", "HistoryError",
                     "IllegalMoveError", "MoveParseError", "OptionError", "ResultError", "RulesError",
                     "SetupError", "UnknownVariantError", "UserFileError", "VariantFileError"), "errors"),
    "read_user_file": "files",
    "Game": "game", "Result": "game",
    **dict.fromkeys(("GameRecord", "list_records", "read_pgn", "read_record", "write_record"), "gamerecord"),
    "Move": "moves",
    "GameText": "pgn",
    "Rules": "ruleset",
    "check_position": "validate",
}

if TYPE_CHECKING:  # the same names, for type checkers
    from .catalogue import (  # noqa: F401
        VariantDef,
        broken_variants,
        make_rules,
        new_game,
        reload_catalogue,
        require_type,
        variant,
        variant_ids,
    )
    from .errors import (
        BetzaError,
        DrawClaimError,
        FenError,
        GameRecordError,
        HistoryError,
        IllegalMoveError,
        MoveParseError,
        OptionError,
        ResultError,
        RulesError,
        SetupError,
        UnknownVariantError,
        UserFileError,
        VariantFileError,
    )
    from .files import read_user_file  # noqa: F401
    from .game import Game, Result
    from .gamerecord import GameRecord, list_records, read_pgn, read_record, write_record  # noqa: F401
    from .moves import Move
    from .pgn import GameText
    from .ruleset import Rules
    from .validate import check_position


def __getattr__(name: str) -> Any:
    """A public name, or a submodule (``rules.game`` after ``import rules``), on first use."""
    home = _HOMES.get(name)
    if home is not None:
        value = getattr(importlib.import_module(f".{home}", __name__), name)
        globals()[name] = value  # later lookups skip this function
        return value
    if name.startswith("_"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    try:
        return importlib.import_module(f".{name}", __name__)
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{name}":
            raise
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOMES))


__all__ = [
    "BetzaError", "DrawClaimError", "FenError", "broken_variants", "check_position",
    "Game", "GameRecord", "GameRecordError", "HistoryError", "IllegalMoveError",
    "Move", "MoveParseError", "OptionError", "Result", "ResultError", "Rules", "RulesError", "SetupError",
    "UnknownVariantError", "UserFileError", "VariantDef", "VariantFileError", "game_record", "load_game",
    "load_game_file",
    "list_games",
    "make_rules", "read_pgn",
    "new_game", "reload_catalogue", "variant", "variant_ids",
]


def load_game(text: str, index: int = 0) -> Game:
    """A game from its PGN record (see :mod:`rules.gamerecord`); of a file of several games,
    game ``index`` (0: the first; :func:`list_games` lists them)."""
    from .catalogue import require_type
    from .gamerecord import read_record

    require_type("text", text, str, "the text of a game record (str)")
    return read_record(text, index)


def game_record(game: Game, tags: dict[str, str] | None = None) -> str:
    """The game as PGN text (see :mod:`rules.gamerecord`), with ``tags`` added to or replacing the
    usual ones; GameRecordError if something in it could not be read back."""
    from .catalogue import require_type
    from .game import Game
    from .gamerecord import write_record

    require_type("game", game, Game, "a Game")
    return write_record(game, tags)


def list_games(text: str) -> list[GameText]:
    """The games of a PGN text, each with its tags (White, Black, Event, Date, Result...)."""
    from .catalogue import require_type
    from .gamerecord import list_records

    require_type("text", text, str, "the text of a PGN file (str)")
    return list_records(text)


def load_game_file(path: str | os.PathLike[str]) -> Game:
    """A game from a record file, read safely (see :func:`rules.files.read_user_file`)."""
    from .files import read_user_file

    return load_game(read_user_file(path, "game record"))
