"""PGN-style game records: tags with the variant and its options, then the moves.

Example::

    [Event "Casual game"]
    [Variant "friendly"]
    [Options "hia_affects=all; setup=standard"]
    [Result "*"]

    1. e3e4 e10e9 2. {action f2/hia-off} d2d4 *

Actions that do not pass the turn (a Hia switch) are written as comments that
start with ``action``, so other PGN readers skip them. A position other than the
variant's start is given in a ``FEN`` tag.
"""

from __future__ import annotations

import datetime as _dt
import re
from typing import TYPE_CHECKING, Any

from .errors import GameRecordError, RulesError

if TYPE_CHECKING:
    from .game import Game

_TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$')
RESULT_TOKENS = ("1-0", "0-1", "1/2-1/2", "*")


def _quote(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def options_text(options: dict[str, Any]) -> str:
    parts = []
    for name in sorted(options):
        value = options[name]
        parts.append(f"{name}={str(value).lower() if isinstance(value, bool) else value}")
    return "; ".join(parts)


def parse_options_text(text: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in text.split(";"))):
        name, eq, value = part.partition("=")
        if not eq:
            raise ValueError(f"option {part!r} must be name=value")
        out[name.strip()] = value.strip()
    return out


def write_record(game: Game, tags: dict[str, str] | None = None) -> str:
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
    lines = [f'[{k} "{_quote(v)}"]' for k, v in all_tags.items()]
    lines.append("")
    words: list[str] = []
    replay = game.copy_from_start()
    need_number = True  # at the start and after an action, Black's move needs "N..."
    for move in game.history:
        if game.is_action(move):
            words.append("{action " + str(move) + "}")
            need_number = True
        else:
            if replay.pos.turn == 0:
                words.append(f"{replay.pos.fullmove}.")
            elif need_number:
                words.append(f"{replay.pos.fullmove}...")
            words.append(str(move))
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
    import rules

    tags: dict[str, str] = {}
    tag_lines: dict[str, int] = {}
    lines = text.splitlines()
    body_start = len(lines)
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith("["):
            m = _TAG.match(stripped)
            if not m:
                raise GameRecordError(f"cannot read tag {stripped!r}; tags look like [Name \"value\"]", number)
            tags[m.group(1)] = re.sub(r"\\(.)", r"\1", m.group(2))
            tag_lines[m.group(1)] = number
            continue
        body_start = number - 1
        break
    if "Variant" not in tags:
        raise GameRecordError("the record has no [Variant \"...\"] tag", 1)
    try:
        options = parse_options_text(tags.get("Options", ""))
    except ValueError as exc:
        raise GameRecordError(str(exc), tag_lines.get("Options")) from None
    try:
        game = rules.new_game(tags["Variant"], options=dict(options), fen=tags.get("FEN"))
    except RulesError as exc:
        tag = "FEN" if "FEN" in tags and "position" in str(exc).lower() else "Variant"
        raise GameRecordError(str(exc), tag_lines.get(tag)) from None
    for number in range(body_start, len(lines)):
        line_no = number + 1
        line = lines[number]
        for token in _tokens(line, line_no):
            if token in RESULT_TOKENS:
                continue
            if token.startswith("{"):
                inner = token[1:-1].strip()
                if inner.startswith("action "):
                    _play(game, inner[len("action "):].strip(), line_no)
                continue
            if re.fullmatch(r"\d+\.(\.\.)?", token):
                continue
            token = re.sub(r"^\d+\.(\.\.)?", "", token)
            if token:
                _play(game, token, line_no)
    return game


def _tokens(line: str, line_no: int) -> list[str]:
    out: list[str] = []
    i = 0
    while i < len(line):
        c = line[i]
        if c.isspace():
            i += 1
            continue
        if c == "{":
            end = line.find("}", i)
            if end < 0:
                raise GameRecordError("a comment opened with '{' is not closed on this line", line_no)
            out.append(line[i:end + 1])
            i = end + 1
            continue
        if c == ";":
            break
        j = i
        while j < len(line) and not line[j].isspace() and line[j] != "{":
            j += 1
        out.append(line[i:j])
        i = j
    return out


def _play(game: Game, text: str, line_no: int) -> None:
    try:
        game.play(text)
    except RulesError as exc:
        raise GameRecordError(f"move {text!r} (ply {game.ply + 1}): {exc}", line_no) from None
