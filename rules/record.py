"""PGN game records: tags with the variant and its options, then the moves in SAN.

Example::

    [Event "Casual game"]
    [Variant "friendly"]
    [Options "hia_affects=all; setup=standard"]
    [Result "*"]

    1. e4 e9 2. {[%action f2/hia-off]} d4 *

Moves are written in standard algebraic notation (:mod:`rules.san`), so a chess record is
standard PGN that other programs read move for move; a chess record has no Variant tag,
other variants carry the name Fairy-Stockfish uses for them where there is one
(:mod:`rules.pgn`), else our variant id, and their options in an ``Options`` tag.

Actions that do not pass the turn (a Hia switch) are written as PGN comment commands
(``{[%action f2/hia-off]}``, in coordinate text) just before the move they precede, so
other PGN readers keep them as comments; the older form ``{action f2/hia-off}`` is still
read. A position other than the variant's start is given in ``SetUp``/``FEN`` tags.

Option values are written so they read back exactly: ``true``/``false``, numbers as
Python writes them, text (names too) with ``\\``, ``;``, ``=`` and line breaks escaped. Tag values
escape ``\\``, ``"`` and line breaks.

Reading takes other programs' PGN too: moves in SAN (with or without check signs,
``0-0`` for ``O-O``) or in our coordinate text (records written before SAN), move
numbers as ``1.``, ``1...``, ``1. ...``; comments ``{...}`` over several lines with
``[%clk]``/``[%eval]`` commands, ``;`` comments, ``%`` escape lines, NAGs (``$1``),
annotations (``!?``) and variations ``(...)``, which are skipped (the main line is
played). A record without a Variant tag is chess. A file of several games is cut into
games by :func:`rules.pgn.split_games`; :func:`read_record` reads the first or the one asked
for. Every fault is a GameRecordError naming the line and quoting at most a short
excerpt; reading is linear in the text's length.
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
from .limits import MAX_RECORD_CHARS, MAX_RECORD_PLIES, excerpt
from .moves import Move
from .pgn import game_at, read_tags, tag_lines, variant_of_tags, variant_tag

_OPTION_ESCAPES = {"n": "\n", "r": "\r", ";": ";", "=": "=", "\\": "\\"}
RESULT_TOKENS = ("1-0", "0-1", "1/2-1/2", "*")
#: One token of a record's move text: a comment (maybe unclosed), a rest-of-line comment,
#: a variation bracket, a NAG, or a word.
#: A multi-letter piece letter in SAN (``{GR}e4``) is a brace group glued to its move, never a comment.
_LETTER_GROUP = r"\{[A-Z]{2,}\}"
_WORD_CHAR = r"[^\s{}();$]"
_LETTER_MOVE = re.compile(_LETTER_GROUP + r"(?=[a-z@&^/x=-])")
_BODY_TOKEN = re.compile(
    rf"(?m:^%[^\n]*)|{_LETTER_GROUP}(?=[a-z@&^/x=-])(?:{_WORD_CHAR}|{_LETTER_GROUP})*"
    rf"|\{{[^}}]*\}}?|;[^\n]*|[()]|\$[0-9]*|{_WORD_CHAR}+(?:{_LETTER_GROUP}{_WORD_CHAR}*)*"
)
_ACTION_COMMAND = re.compile(r"\[%action\s+([^\]\s]+)\s*\]")
_MOVE_NUMBER = re.compile(r"[0-9]+\.*")
#: A move number before a move in the same word ("12.e4", "12...Nf6").
_NUMBER_PREFIX = re.compile(r"[0-9]+\.+")
#: Words of move text that are no moves: a move number alone, Black's "...", en passant's "e.p.".
_NOT_A_MOVE = re.compile(r"[0-9]+\.*|\.+|e\.p\.")
#: What a move or action must look like to be written as one token of move text.
_WRITABLE_MOVE = re.compile(rf"(?:[^\s{{}}();\[\]%$]|{_LETTER_GROUP})+")


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


def write_record(game: Game, tags: dict[str, str] | None = None) -> str:
    """The record of a game; GameRecordError if something in it could not be read back."""
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
    if name is not None or game.options != defaults:
        all_tags["Options"] = options_text(game.options)
    if game.start_fen != write_fen(start):
        all_tags["SetUp"] = "1"
        all_tags["FEN"] = game.start_fen
    if result:
        all_tags["Termination"] = result.reason
    all_tags.update(tags or {})
    lines = tag_lines(all_tags)
    lines.append("")
    words: list[str] = []
    replay = game.copy_from_start()
    need_number = True  # at the start and after an action, Black's move needs "N..."
    for move in game.history:
        text = str(move) if game.is_action(move) else _san_for_record(replay, move)
        if not _WRITABLE_MOVE.fullmatch(text) or text in RESULT_TOKENS or _MOVE_NUMBER.fullmatch(text):
            raise GameRecordError(f"move {excerpt(text)} cannot be written as one word of a record")
        if game.is_action(move):
            words.append("{[%action " + text + "]}")
            need_number = True
        else:
            if replay.pos.turn == 0:
                words.append(f"{replay.pos.fullmove}.")
            elif need_number:
                words.append(f"{replay.pos.fullmove}...")
            words.append(text)
            need_number = False
        replay.play(move)
    words.append(all_tags["Result"])
    text_lines: list[str] = []
    current = ""
    for w in words:
        if current and len(current) + 1 + len(w) > 79:
            text_lines.append(current)
            current = w
        else:
            current = f"{current} {w}" if current else w
    if current:
        text_lines.append(current)
    lines.extend(text_lines)
    return "\n".join(lines) + "\n"


def _san_for_record(replay: Game, move: Move) -> str:
    """The move's SAN; a move no SAN reads back as one word keeps its coordinate text."""
    san = replay.san(move)
    return san if _WRITABLE_MOVE.fullmatch(san) else str(move)


def read_record(text: str, index: int = 0) -> Game:
    """Rebuild game ``index`` (0: the first) of a PGN text; GameRecordError names the line
    (of the whole text) of any fault."""
    if not isinstance(text, str):
        raise TypeError(f"a game record must be a str, not {type(text).__name__}")
    if len(text) > MAX_RECORD_CHARS:
        raise GameRecordError(
            f"the record has {len(text):,} characters, more than the limit of {MAX_RECORD_CHARS:,} (MAX_RECORD_CHARS)"
        )
    if not isinstance(index, int) or isinstance(index, bool):
        raise TypeError(f"index must be an int, not {type(index).__name__}")
    chunk = game_at(text, index) if index or _MORE_THAN_ONE_GAME.search(text) else None
    if chunk is None:
        return _read_one(text)
    try:
        return _read_one(chunk.text)
    except GameRecordError as exc:
        if exc.line is None:
            raise
        message = str(exc).split(": ", 1)[1]
        raise GameRecordError(message, exc.line + chunk.first_line - 1) from None


#: A tag line after move text: a file may hold more than one game (cut by rules.pgn then).
_MORE_THAN_ONE_GAME = re.compile(r"\n[ \t]*[^\s\[%][^\n]*\n(?:[ \t]*\n)*[ \t]*\[")


def _read_one(text: str) -> Game:
    tags, line_of, body_offset, body_line = read_tags(text)
    game = start_of_record(tags, line_of)
    _read_moves(game, text, body_offset, body_line)
    return game


def start_of_record(tags: dict[str, str], line_of: dict[str, int]) -> Game:
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
        return new_game(variant_id, options=options, fen=fen)
    except RulesError as exc:
        tag = "FEN" if fen is not None else "Variant"
        raise GameRecordError(f"[{tag}] {exc}", line_of.get(tag)) from None


def _read_moves(game: Game, text: str, offset: int, first_line: int) -> None:
    """Play the move text from ``offset`` on, up to the result or the end."""
    depth = 0  # inside a variation, which is skipped
    depth_line = first_line
    counted, line = offset, first_line

    def line_at(position: int) -> int:  # counted only when needed, always forward: linear
        nonlocal counted, line
        line += text.count("\n", counted, position)
        counted = position
        return line

    plies = 0
    for m in _BODY_TOKEN.finditer(text, offset):
        token = m.group()
        first = token[0]
        if first == "{" and not _LETTER_MOVE.match(token):
            if not token.endswith("}"):
                raise GameRecordError("a comment opened with '{' is never closed", line_at(m.start()))
            if depth or "action" not in token:
                continue
            for action in _actions_in(token[1:-1]):
                plies = play_recorded(game, action, line_at(m.start()), plies)
            continue
        if first in ";$%":
            continue
        if first == "(":
            depth += 1
            if depth == 1:
                depth_line = line_at(m.start())
            continue
        if first == ")":
            if not depth:
                raise GameRecordError("')' closes no variation", line_at(m.start()))
            depth -= 1
            continue
        if depth:
            continue
        if token in RESULT_TOKENS:
            return
        if _NOT_A_MOVE.fullmatch(token):
            continue
        word = _NUMBER_PREFIX.sub("", token, count=1) if first.isdigit() else token
        word = word.rstrip("!?+#")  # other programs' annotations, check and mate signs
        if word in ("--", "Z0", "0000", "@@@@"):
            raise GameRecordError(f"move {excerpt(word)} is a null move, which no variant here allows",
                                  line_at(m.start()))
        if word:
            plies = play_recorded(game, word, line_at(m.start()), plies)
    if depth:
        raise GameRecordError("a variation opened with '(' is never closed", depth_line)


def _actions_in(comment: str) -> list[str]:
    """The actions a comment holds: ``[%action ...]`` commands, or the older ``action ...`` form."""
    inner = comment.strip()
    if inner.startswith("action "):
        return [inner[len("action "):].strip()]
    return _ACTION_COMMAND.findall(comment)


def play_recorded(game: Game, text: str, line_no: int, plies: int) -> int:
    if plies >= MAX_RECORD_PLIES:
        raise GameRecordError(
            f"the record has more than {MAX_RECORD_PLIES:,} moves and actions (MAX_RECORD_PLIES)", line_no
        )
    try:
        game.play(text)
    except RulesError as exc:
        raise GameRecordError(f"move {excerpt(text)} (ply {game.ply + 1}): {exc}", line_no) from None
    return plies + 1
