"""Game records: the tags a game's record carries, its options as text, and playing its moves.

Example::

    [Event "Casual game"]
    [Variant "friendly"]
    [Options "hia_affects=all; setup=standard"]
    [Result "*"]

    1. e4 e9 {[%action f2/hia-off]} 2. d4 *

This module holds what reading and writing share below the record tree
(:mod:`rules.gamerecord` reads and writes every record through :mod:`rules.pgntree`):

* :func:`record_tags`: the tags of a game's record. A chess record has no Variant tag (standard
  PGN); other variants carry the name Fairy-Stockfish uses for them where there is one
  (:mod:`rules.pgn`), else our variant id, and their options in an ``Options`` tag; a position
  other than the variant's start is given in ``SetUp``/``FEN`` tags; a finished game its
  ``Termination``.
* Option values written so they read back exactly: ``true``/``false``, numbers as Python writes
  them, text (names too) with ``\\``, ``;``, ``=`` and line breaks escaped.
* :func:`start_of_record`: the game a record's tags start (variant, options, position), the
  position checked as the setup editor checks it; :func:`play_recorded`: one move of it.
"""

from __future__ import annotations

import datetime as _dt
import re
from typing import Any

from .catalogue import make_rules, new_game
from .catalogue import variant as variant_def
from .errors import GameRecordError, OptionError, RulesError
from .fen import write_fen
from .game import Game
from .limits import MAX_RECORD_PLIES, excerpt
from .pgn import tag_lines, variant_of_tags, variant_tag
from .validate import check_position

_OPTION_ESCAPES = {"n": "\n", "r": "\r", ";": ";", "=": "=", "\\": "\\"}


def _escape_option(text: str) -> str:
    return (
        text.replace("\\", "\\\\").replace(";", "\\;").replace("=", "\\=")
        .replace("\n", "\\n").replace("\r", "\\r")
    )


def option_value_text(value: Any) -> str:
    """An option value as the Options tag writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return _escape_option(value)
    raise GameRecordError(f"option value {excerpt(value)} is a {type(value).__name__}, which a record cannot hold")


def options_text(options: dict[str, Any]) -> str:
    """``name=value; ...`` with ``\\``, ``;``, ``=`` and line breaks escaped in names and values."""
    parts = []
    for name in sorted(options):
        if not isinstance(name, str) or not name or name != name.strip():
            raise GameRecordError(
                f"option name {excerpt(name)} cannot be written in a record (it is empty or starts or ends "
                "with a space)"
            )
        parts.append(f"{_escape_option(name)}={option_value_text(options[name])}")
    return "; ".join(parts)


def parse_options_text(text: str) -> dict[str, str]:
    """Option names to their written values (escapes undone); ValueError names a bad part."""
    out: dict[str, str] = {}
    for part in _split_unescaped(text, ";"):
        if not part.strip():
            continue
        pieces = _split_unescaped(part, "=", 1)
        if len(pieces) != 2:
            raise ValueError(f"option {excerpt(part.strip())} must be name=value")
        out[_unescape_option(pieces[0].strip())] = _unescape_option(pieces[1].strip())
    return out


def _split_unescaped(text: str, separator: str, most: int = -1) -> list[str]:
    """The parts between unescaped ``separator`` characters (at most ``most`` splits)."""
    parts: list[str] = []
    start = 0
    for m in re.finditer(r"\\.|" + re.escape(separator), text, re.DOTALL):
        if m.group() == separator and most != 0:
            parts.append(text[start:m.start()])
            start = m.end()
            most -= 1
    parts.append(text[start:])
    return parts


def _unescape_option(text: str) -> str:
    return re.sub(r"\\(.)", lambda m: _OPTION_ESCAPES.get(m.group(1), "\\" + m.group(1)), text, flags=re.DOTALL)


def _choice_text(choice: Any) -> str | None:
    try:
        return option_value_text(choice)
    except GameRecordError:  # a choice no record can hold (a broken variant file) matches nothing
        return None


def typed_options(variant_id: str, written: dict[str, str]) -> dict[str, Any]:
    """Written option values turned back into the option's own values (a number, true/false).

    A value that names no choice is passed on as text, for the variant to refuse by name."""
    vdef = variant_def(variant_id)
    out: dict[str, Any] = {}
    for name, text in written.items():
        opt = vdef.options.get(name)
        if opt is None:
            known = ", ".join(sorted(vdef.options)) or "none"
            raise OptionError(f"variant {variant_id!r} has no option {excerpt(name)}; its options are: {known}")
        value: Any = text
        if not opt.free_text:
            value = next((c for c in opt.choices if _choice_text(c) == text), text)
        out[name] = value
    return out


def record_tags(game: Game, tags: dict[str, str] | None = None) -> dict[str, str]:
    """The tags of a game's record, ``tags`` added to or replacing the usual ones."""
    start = game.rules.start_position()
    result = game.result
    all_tags: dict[str, str] = {
        "Event": "Casual game",
        "Site": "Fairy Chess desktop",
        "Date": _dt.date.today().strftime("%Y.%m.%d"),
        "Round": "-",
        "White": "White",
        "Black": "Black",
        "Result": result.score() if result else "*",
    }
    name = variant_tag(game.variant)
    if name is not None:
        all_tags["Variant"] = name
        if name != game.variant:
            all_tags["VariantId"] = game.variant
    defaults = {n: o.default for n, o in game.rules.variant.options.items()}
    written = options_text(game.options)
    if written and (name is not None or game.options != defaults):  # never an empty [Options ""]
        all_tags["Options"] = written
    if game.start_fen != write_fen(start):
        all_tags["SetUp"] = "1"
        all_tags["FEN"] = game.start_fen
    if result:
        all_tags["Termination"] = result.reason
    all_tags.update(tags or {})
    tag_lines(all_tags)  # refuses a tag that cannot be written
    return all_tags


def result_comment(game: Game) -> str | None:
    """How a finished game ended, in words, for a comment after its last move."""
    return game.result.sentence() if game.result is not None else None


def start_of_record(tags: dict[str, str], line_of: dict[str, int]) -> Game:
    """The game a record's tags start; GameRecordError names the tag and its line."""
    variant_id = variant_of_tags(tags)
    try:
        variant_def(variant_id)
    except RulesError as exc:
        tag = "VariantId" if tags.get("VariantId") else "Variant"
        raise GameRecordError(f"[{tag}] {exc}", line_of.get(tag)) from None
    try:
        options = typed_options(variant_id, parse_options_text(tags.get("Options", "")))
        make_rules(variant_id, options)
    except (ValueError, RulesError) as exc:
        raise GameRecordError(f"[Options] {exc}", line_of.get("Options")) from None
    fen = tags.get("FEN")
    try:
        game = new_game(variant_id, options=options, fen=fen)
    except RulesError as exc:
        tag = "FEN" if fen is not None else "Variant"
        raise GameRecordError(f"[{tag}] {exc}", line_of.get(tag)) from None
    if fen is not None:
        problems = check_position(variant_id, fen, options)
        if problems:
            raise GameRecordError(
                f"[FEN] the position cannot start a game: {'; '.join(problems)}", line_of.get("FEN")
            )
    return game


def play_recorded(game: Game, text: str, line_no: int, plies: int) -> int:
    """Play one move or action of a record; GameRecordError names the move and its ply."""
    if plies >= MAX_RECORD_PLIES:
        raise GameRecordError(f"the record has more than {MAX_RECORD_PLIES:,} moves and actions, "
                              "more than a record may hold", line_no)
    try:
        game.play(text)
    except RulesError as exc:
        raise GameRecordError(f"move {excerpt(text)} (ply {game.ply + 1}): {exc}", line_no) from None
    return plies + 1
