"""PGN-style game records: tags with the variant and its options, then the moves.

Example::

    [Event "Casual game"]
    [Variant "friendly"]
    [Options "hia_affects=all; setup=standard"]
    [Result "*"]

    1. e3e4 e10e9 2. {[%action f2/hia-off]} d2d4 *

Actions that do not pass the turn (a Hia switch) are written as PGN comment commands
(``{[%action f2/hia-off]}``) just before the move they precede, so other PGN readers
keep them as comments; the older form ``{action f2/hia-off}`` is still read. A position
other than the variant's start is given in a ``FEN`` tag.

Option values are written so they read back exactly: ``true``/``false``, numbers as
Python writes them, text (names too) with ``\\``, ``;``, ``=`` and line breaks escaped. Tag values
escape ``\\``, ``"`` and line breaks.

Reading takes other programs' PGN too, as far as its moves are in our move text:
comments ``{...}`` over several lines, ``;`` comments, ``%`` escape lines, NAGs
(``$1``), annotations (``!?``) and variations ``(...)``, which are skipped. Only the
first game of a file is read. Every fault is a GameRecordError naming the line and
quoting at most a short excerpt; reading is linear in the text's length.
"""

from __future__ import annotations

import datetime as _dt
import re
from typing import TYPE_CHECKING, Any

from .errors import GameRecordError, OptionError, RulesError
from .limits import MAX_RECORD_CHARS, MAX_RECORD_PLIES, excerpt

if TYPE_CHECKING:
    from .game import Game

_TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$')
_TAG_NAME = re.compile(r"[A-Za-z0-9_]+")
_TAG_ESCAPES = {"n": "\n", "r": "\r"}
_OPTION_ESCAPES = {"n": "\n", "r": "\r", ";": ";", "=": "=", "\\": "\\"}
RESULT_TOKENS = ("1-0", "0-1", "1/2-1/2", "*")
#: One token of a record's move text: a comment (maybe unclosed), a rest-of-line comment,
#: a variation bracket, a NAG, or a word.
_BODY_TOKEN = re.compile(r"(?m:^%[^\n]*)|\{[^}]*\}?|;[^\n]*|[()]|\$[0-9]*|[^\s{}();$]+")
_ACTION_COMMAND = re.compile(r"\[%action\s+([^\]\s]+)\s*\]")
_MOVE_NUMBER = re.compile(r"[0-9]+\.*")
#: What a move or action must look like to be written as one token of move text.
_WRITABLE_MOVE = re.compile(r"[^\s{}();\[\]%$]+")


def quote_tag(text: str) -> str:
    """A tag value with backslashes, quotes and line breaks escaped."""
    return (
        text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\r", "\\r")
    )


def unquote_tag(text: str) -> str:
    """A tag value as written, its escapes undone."""
    return re.sub(r"\\(.)", lambda m: _TAG_ESCAPES.get(m.group(1), m.group(1)), text)


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
    import rules

    vdef = rules.variant(variant_id)
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
    from .fen import write_fen

    result = game.result
    all_tags: dict[str, str] = {
        "Event": "Casual game",
        "Site": "Fairy Chess desktop",
        "Date": _dt.date.today().strftime("%Y.%m.%d"),
        "Round": "-",
        "White": "White",
        "Black": "Black",
        "Result": result.score() if result else "*",
        "Variant": game.variant,
        "Options": options_text(game.options),
    }
    if game.start_fen != write_fen(start):
        all_tags["SetUp"] = "1"
        all_tags["FEN"] = game.start_fen
    if result:
        all_tags["Termination"] = result.reason
    all_tags.update(tags or {})
    for name, value in all_tags.items():
        if not isinstance(name, str) or not _TAG_NAME.fullmatch(name) or not isinstance(value, str):
            raise GameRecordError(f"tag {excerpt(name)} = {excerpt(value)} cannot be written: tags are words with text")
    lines = [f'[{k} "{quote_tag(v)}"]' for k, v in all_tags.items()]
    lines.append("")
    words: list[str] = []
    replay = game.copy_from_start()
    need_number = True  # at the start and after an action, Black's move needs "N..."
    for move in game.history:
        text = str(move)
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
        replay.pos.push(move)
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


def read_record(text: str) -> Game:
    """Rebuild a game from a record; GameRecordError names the line of any fault."""
    if not isinstance(text, str):
        raise TypeError(f"a game record must be a str, not {type(text).__name__}")
    if len(text) > MAX_RECORD_CHARS:
        raise GameRecordError(
            f"the record has {len(text):,} characters, more than the limit of {MAX_RECORD_CHARS:,} (MAX_RECORD_CHARS)"
        )
    tags, tag_lines, body_offset, body_line = _read_tags(text)
    game = _start(tags, tag_lines)
    _read_moves(game, text, body_offset, body_line)
    return game


def _read_tags(text: str) -> tuple[dict[str, str], dict[str, int], int, int]:
    """The tags, the line of each, and where the move text starts (offset and line)."""
    tags: dict[str, str] = {}
    tag_lines: dict[str, int] = {}
    offset = 0
    number = 0
    # Lines end at "\n" only: str.splitlines would also break at form feeds and other
    # separators that a tag value may hold.
    for line in text.split("\n"):
        number += 1
        line += "\n"
        stripped = line.strip()
        if not stripped or stripped.startswith("%"):
            offset += len(line)
            continue
        if not stripped.startswith("["):
            return tags, tag_lines, offset, number
        m = _TAG.match(stripped)
        if not m:
            raise GameRecordError(f"cannot read tag {excerpt(stripped)}; tags look like [Name \"value\"]", number)
        tags[m.group(1)] = unquote_tag(m.group(2))
        tag_lines[m.group(1)] = number
        offset += len(line)
    return tags, tag_lines, offset, number + 1


def _start(tags: dict[str, str], tag_lines: dict[str, int]) -> Game:
    import rules

    if "Variant" not in tags:
        raise GameRecordError("the record has no [Variant \"...\"] tag", 1)
    variant_id = tags["Variant"]
    try:
        rules.variant(variant_id)
    except RulesError as exc:
        raise GameRecordError(f"[Variant] {exc}", tag_lines.get("Variant")) from None
    try:
        options = typed_options(variant_id, parse_options_text(tags.get("Options", "")))
        rules.make_rules(variant_id, options)
    except (ValueError, RulesError) as exc:
        raise GameRecordError(f"[Options] {exc}", tag_lines.get("Options")) from None
    fen = tags.get("FEN")
    try:
        return rules.new_game(variant_id, options=options, fen=fen)
    except RulesError as exc:
        tag = "FEN" if fen is not None else "Variant"
        raise GameRecordError(f"[{tag}] {exc}", tag_lines.get(tag)) from None


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
        if first == "{":
            if not token.endswith("}"):
                raise GameRecordError("a comment opened with '{' is never closed", line_at(m.start()))
            if depth or "action" not in token:
                continue
            for action in _actions_in(token[1:-1]):
                plies = _play(game, action, line_at(m.start()), plies)
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
        word = _MOVE_NUMBER.sub("", token, count=1) if first.isdigit() else token
        word = word.rstrip("!?+#")  # other programs' annotations, check and mate signs
        if word:
            plies = _play(game, word, line_at(m.start()), plies)
    if depth:
        raise GameRecordError("a variation opened with '(' is never closed", depth_line)


def _actions_in(comment: str) -> list[str]:
    """The actions a comment holds: ``[%action ...]`` commands, or the older ``action ...`` form."""
    inner = comment.strip()
    if inner.startswith("action "):
        return [inner[len("action "):].strip()]
    return _ACTION_COMMAND.findall(comment)


def _play(game: Game, text: str, line_no: int, plies: int) -> int:
    if plies >= MAX_RECORD_PLIES:
        raise GameRecordError(
            f"the record has more than {MAX_RECORD_PLIES:,} moves and actions (MAX_RECORD_PLIES)", line_no
        )
    try:
        game.play(text)
    except RulesError as exc:
        raise GameRecordError(f"move {excerpt(text)} (ply {game.ply + 1}): {exc}", line_no) from None
    return plies + 1
