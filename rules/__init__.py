"""The rules package: every variant's rules, with no GUI dependency.

Public API (names fixed by the design)::

    rules.variant_ids()
    g = rules.new_game("chess", options=..., placement=..., to_move=..., fen=...)
    g.legal_moves(); g.play(m_or_text); g.undo(); g.redo(); g.result; g.fen(); g.board()
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from .native import install as _use_current_build

_use_current_build()  # before any compiled module is imported: a stale build must not load

from .errors import (
    BetzaError,
    FenError,
    GameRecordError,
    HistoryError,
    IllegalMoveError,
    MoveParseError,
    OptionError,
    RulesError,
    SetupError,
    UnknownVariantError,
    UserFileError,
    VariantFileError,
)
from .game import Game, Result, new_game_from_fen, new_game_from_placement
from .moves import Move
from .pgn import GameText
from .ruleset import Rules
from .variant import VariantDef, catalogue, reload_catalogue

__all__ = [
    "BetzaError", "FenError", "broken_variants", "check_position",
    "Game", "GameRecordError", "HistoryError", "IllegalMoveError",
    "Move", "MoveParseError", "OptionError", "Result", "Rules", "RulesError", "SetupError",
    "UnknownVariantError", "UserFileError", "VariantDef", "VariantFileError", "game_record", "load_game",
    "load_game_file",
    "list_games",
    "make_rules",
    "new_game", "reload_catalogue", "variant", "variant_ids",
]

#: Rules objects kept for reuse, the least recently asked for dropped first. Free-text
#: options (a chosen setup order) make unlimited distinct option sets.
RULES_CACHE_SIZE = 8
#: And the Contexts cached by the kept Rules, other than the one just asked for, may take
#: this many (estimated) bytes together: a Rules object that has done an hour's analysis
#: weighs far more than one that has not.
RULES_CACHE_CONTEXT_BYTES = 24 * 1024 * 1024
_RULES_CACHE: OrderedDict[tuple[str, tuple[tuple[str, Any], ...]], Rules] = OrderedDict()
_RULES_CACHE_LOCK = threading.RLock()


def variant_ids() -> list[str]:
    """Every playable variant id (a user variant file that cannot be read or built is left out)."""
    return catalogue().ids()


def broken_variants() -> dict[str, str]:
    """User variant files that cannot be read (by path) and variants that cannot be built (by id),
    each with a one-line reason."""
    return catalogue().broken()


def variant(variant_id: str) -> VariantDef:
    """A variant's definition: name, description, pieces, setups, options."""
    _require("variant_id", variant_id, str, "a variant id (str)")
    return _variant_def(variant_id)


def _require(name: str, value: Any, kind: type | tuple[type, ...], what: str) -> None:
    """TypeError naming the parameter when a caller passes the wrong Python type."""
    if not isinstance(value, kind):
        raise TypeError(f"{name} must be {what}, not {type(value).__name__}")


def _variant_def(variant_id: str) -> VariantDef:
    from .limits import EXCERPT_CHARS, excerpt

    if len(variant_id) > EXCERPT_CHARS:  # no id is this long; keep the message short
        raise UnknownVariantError(f"unknown variant {excerpt(variant_id)}; known variants: {', '.join(variant_ids())}")
    return catalogue().get(variant_id)


def _checked_options(vdef: VariantDef, options: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """The options as a dict, refusing names and values no option could hold, by name and briefly."""
    from .limits import MAX_OPTION_TEXT_CHARS, excerpt

    if options is None:
        return None
    _require("options", options, Mapping, "a mapping of option names to values, or None")
    variant_id = vdef.id
    out: dict[str, Any] = {}
    for name, value in options.items():
        if not isinstance(name, str):
            raise OptionError(f"option names are text; {excerpt(name)} is a {type(name).__name__}")
        if name not in vdef.options:
            known = ", ".join(sorted(vdef.options)) or "none"
            raise OptionError(f"variant {variant_id!r} has no option {excerpt(name)}; its options are: {known}")
        if not isinstance(value, (str, bool, int, float)):
            raise OptionError(
                f"option {excerpt(name)} of variant {variant_id!r} cannot be a {type(value).__name__} "
                f"({excerpt(value)}); options take text, numbers or true/false"
            )
        if isinstance(value, str) and len(value) > MAX_OPTION_TEXT_CHARS:
            raise OptionError(
                f"option {excerpt(name)} of variant {variant_id!r}: {len(value):,} characters is longer "
                f"than the limit of {MAX_OPTION_TEXT_CHARS:,} (MAX_OPTION_TEXT_CHARS)"
            )
        out[name] = value
    return out


def make_rules(variant_id: str, options: Mapping[str, Any] | None = None) -> Rules:
    """The rules of a variant with these options (validated, defaults filled in)."""
    _require("variant_id", variant_id, str, "a variant id (str)")
    vdef = _variant_def(variant_id)
    checked = _checked_options(vdef, options)
    resolved = vdef.resolve_options(checked)
    key = (variant_id, tuple(sorted(resolved.items(), key=lambda kv: kv[0])))
    with _RULES_CACHE_LOCK:  # one Rules per key, whichever thread asks first
        found = _RULES_CACHE.get(key)
        # A reloaded catalogue (a variant saved again from the designer) gives a new definition.
        if found is None or found.variant is not vdef:
            found = Rules(vdef, resolved)
        _RULES_CACHE[key] = found
        _RULES_CACHE.move_to_end(key)
        _trim_rules_cache()
    return found


def _trim_rules_cache() -> None:
    """Drop the least recently asked-for Rules beyond the count or the weight of their caches."""
    while len(_RULES_CACHE) > 1:
        others = list(_RULES_CACHE.values())[:-1]
        weight = sum(r.contexts.estimated_total for r in others)
        if len(_RULES_CACHE) <= RULES_CACHE_SIZE and weight <= RULES_CACHE_CONTEXT_BYTES:
            return
        _RULES_CACHE.popitem(last=False)


def new_game(
    variant_id: str,
    options: Mapping[str, Any] | None = None,
    placement: Mapping[str, str] | None = None,
    to_move: str = "white",
    fen: str | None = None,
) -> Game:
    """A new game: the standard start, or a given placement or position text."""
    if placement is not None:
        _require("placement", placement, Mapping, "a mapping of square names to pieces, or None")
    _require("to_move", to_move, str, "'white' or 'black'")
    if fen is not None:
        _require("fen", fen, str, "a position text (str) or None")
    rules = make_rules(variant_id, options)
    if fen is not None and placement is not None:
        raise SetupError("give either a placement or a position text, not both")
    if fen is not None:
        return new_game_from_fen(rules, fen)
    if placement is not None:
        return new_game_from_placement(rules, placement, to_move)
    game = Game(rules, rules.start_position())
    if to_move != "white":
        raise SetupError("to_move applies to a placement; the start position has White to move")
    return game


def check_position(variant_id: str, fen: str, options: Mapping[str, Any] | None = None) -> list[str]:
    """Every problem with a position text as the start of a game, in words (empty if none).

    Never raises for bad content (a bad variant, option or text is a problem in the list);
    only wrong Python types raise TypeError."""
    from .validate import check_position as check

    _require("variant_id", variant_id, str, "a variant id (str)")
    _require("fen", fen, str, "a position text (str)")
    try:
        return check(variant_id, fen, _checked_options(_variant_def(variant_id), options))
    except RulesError as exc:
        return [str(exc)]


def load_game(text: str, index: int = 0) -> Game:
    """A game from its PGN record (see :mod:`rules.record`); of a file of several games,
    game ``index`` (0: the first; :func:`list_games` lists them)."""
    from .record import read_record

    _require("text", text, str, "the text of a game record (str)")
    return read_record(text, index)


def game_record(game: Game, tags: dict[str, str] | None = None) -> str:
    """The game as PGN text (see :mod:`rules.record`), with ``tags`` added to or replacing the
    usual ones; GameRecordError if something in it could not be read back."""
    from .record import write_record

    _require("game", game, Game, "a Game")
    return write_record(game, tags)


def list_games(text: str) -> list[GameText]:
    """The games of a PGN text, each with its tags (White, Black, Event, Date, Result...)."""
    from .pgn import split_games

    _require("text", text, str, "the text of a PGN file (str)")
    return split_games(text)


def load_game_file(path: str | os.PathLike[str]) -> Game:
    """A game from a record file, read safely (see :func:`rules.files.read_user_file`)."""
    from .files import read_user_file

    return load_game(read_user_file(path, "game record"))
