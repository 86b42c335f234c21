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

from .catalogue import (
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
from .files import read_user_file
from .game import Game, Result
from .gamerecord import GameRecord, list_records, read_pgn, read_record, write_record
from .moves import Move
from .pgn import GameText
from .ruleset import Rules
from .validate import check_position

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
    require_type("text", text, str, "the text of a game record (str)")
    return read_record(text, index)


def game_record(game: Game, tags: dict[str, str] | None = None) -> str:
    """The game as PGN text (see :mod:`rules.gamerecord`), with ``tags`` added to or replacing the
    usual ones; GameRecordError if something in it could not be read back."""
    require_type("game", game, Game, "a Game")
    return write_record(game, tags)


def list_games(text: str) -> list[GameText]:
    """The games of a PGN text, each with its tags (White, Black, Event, Date, Result...)."""
    require_type("text", text, str, "the text of a PGN file (str)")
    return list_records(text)


def load_game_file(path: str | os.PathLike[str]) -> Game:
    """A game from a record file, read safely (see :func:`rules.files.read_user_file`)."""
    return load_game(read_user_file(path, "game record"))
