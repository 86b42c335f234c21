"""The game in progress as a journal entry, and back; and the game to fall back on.

An entry holds what the rules package needs to rebuild the game exactly: the variant id,
the option values (as JSON, so floats and text with ``;`` or line breaks survive), the
start position text (``Game.start_fen``) and the text of every move of the line, including
moves taken back but still redoable, with the place on view. Since version 2 it also holds
the document: the record's PGN text (``GameRecord.pgn()``, which keeps the tags, comments,
NAGs and variations) and the line as a path through its tree (the index of each move among
its position's continuations, from the start to the move the line ends with), so the line
on view may run through a variation. Rebuilding replays the line's moves through the rules,
so they judge every one again; an entry without a record (version 1) or whose record does
not fit its moves gives back the moves alone under a new record. Nothing here is Qt.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import rules
from rules import Game
from rules.catalogue import catalogue, forget_rules, use_builtin_catalogue
from rules.gamerecord import GameRecord, declare_recorded_result
from rules.pgntree import Node

from .document import LineBroken, Step, path_to, play_nodes, root_steps

#: 1: the game's moves; 2: also the record's text and the line's path through its tree.
ENTRY_VERSION = 2
SIDES = ("white", "black")
FALLBACK_VARIANT = "chess"


class EntryError(ValueError):
    """A journal entry that cannot give back a game; the message names the fault."""


def game_entry(game: Game, moves: list[str], ply: int) -> dict[str, Any]:
    """The entry for ``game`` whose whole line (played and redoable moves) is ``moves``."""
    return {
        "variant": game.variant,
        "options": json_safe(game.options),
        "start": game.start_fen,
        "moves": list(moves),
        "ply": ply,
    }


def line_path(steps: list[Step]) -> list[int]:
    """The line of ``steps`` as a path through its record's tree: for each move from the start
    to the one the line ends with, its index among its position's continuations (0: the main one)."""
    if not steps:
        return []
    path: list[int] = []
    for node in path_to(steps[-1].node):
        assert node.parent is not None
        path.append(next(i for i, child in enumerate(node.parent.variations) if child is node))
    return path


def json_safe(options: dict[str, Any]) -> dict[str, Any]:
    """Option values as JSON keeps them (text, numbers, true/false); anything else as text."""
    return {str(k): v if isinstance(v, (str, int, float, bool)) or v is None else str(v) for k, v in options.items()}


@dataclass
class RestoredGame:
    """What an entry gives back: the game with its whole line played, the place on view (-1:
    the end), the record with the line's steps through it (None: a new record of the moves),
    and a sentence when the entry's record could not be used (else ``""``)."""

    game: Game
    ply: int
    document: tuple[GameRecord, list[Step]] | None = None
    note: str = ""


def rebuild_session(entry: Any) -> RestoredGame:
    """The game and document an entry describes. Raises EntryError (wrong shape) or RulesError
    (the rules refuse the game) naming the fault; a record that does not fit the moves costs
    only the record (the note says so). Safe off the GUI thread: it builds only new objects."""
    text = entry.get("record") if isinstance(entry, dict) else None
    note = ""
    if text is not None:
        variant, options, start, moves, ply = _checked(entry)
        game = rules.new_game(variant, options=dict(options), fen=start)  # a variant gone: no game at all
        try:
            record, steps = _replayed_document(game, text, entry.get("line", []), moves)
        except (EntryError, LineBroken, rules.RulesError) as exc:
            note = ("The tags, comments and variations of the last game could not be restored "
                    f"({str(exc)[:200]}); its moves are back.")
        else:
            return RestoredGame(game, ply if 0 <= ply <= len(moves) else -1, (record, steps))
    game, ply = rebuild_game(entry)
    return RestoredGame(game, ply, None, note)


def _replayed_document(game: Game, text: Any, line: Any, moves: list[str]) -> tuple[GameRecord, list[Step]]:
    """The record of ``text`` and the steps of ``line`` through it, played on ``game`` (at its
    start); EntryError where they are not the moves the entry lists."""
    if not isinstance(text, str):
        raise EntryError("the saved record is not text")
    if not isinstance(line, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in line):
        raise EntryError("the saved line is not a list of whole numbers")
    records = rules.read_pgn(text)
    if len(records) != 1:
        raise EntryError(f"the saved record holds {len(records)} games, not one")
    record = records[0]
    nodes: list[Node] = []
    node = record.root
    for index in line:
        if not 0 <= index < len(node.variations):
            raise EntryError("the saved line leaves the record's moves")
        node = node.variations[index]
        nodes.append(node)
    steps = root_steps(game, record.root) + play_nodes(game, nodes)
    if [str(step.info.move) for step in steps] != moves:
        raise EntryError("the saved record's line is not the saved moves")
    if not node.variations and node.is_main():  # a resignation, a draw agreed, a loss on time...
        declare_recorded_result(game, record.result, record.headers.get("Termination", ""))
    return record, steps


def _checked(entry: Any) -> tuple[str, dict[str, Any], str | None, list[str], int]:
    """The variant, options, start, moves and place on view of an entry of the right shape."""
    if not isinstance(entry, dict):
        raise EntryError("the saved game is not a table of values")
    variant = entry.get("variant")
    options = entry.get("options", {})
    start = entry.get("start")
    moves = entry.get("moves", [])
    ply = entry.get("ply", -1)
    if not isinstance(variant, str) or not variant:
        raise EntryError("the saved game names no variant")
    if not isinstance(options, dict):
        raise EntryError("the saved game's options are not a table")
    if start is not None and not isinstance(start, str):
        raise EntryError("the saved game's start position is not text")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise EntryError("the saved game's moves are not a list of move texts")
    if not isinstance(ply, int) or isinstance(ply, bool):
        raise EntryError("the saved game's place on view is not a whole number")
    return variant, options, start, moves, ply


def rebuild_game(entry: Any) -> tuple[Game, int]:
    """The game an entry describes with its whole line played, and the place on view (how many
    moves of the line are played; -1: the end). Raises EntryError (wrong shape) or RulesError
    (the rules refuse it) naming the fault; safe off the GUI thread because it builds only new
    objects."""
    variant, options, start, moves, ply = _checked(entry)
    game = rules.new_game(variant, options=dict(options), fen=start)
    for number, text in enumerate(moves, 1):
        try:
            game.play(text)
        except rules.RulesError as exc:
            raise type(exc)(f"saved move {number} ({text[:40]!r}): {exc}") from None
    return game, ply if 0 <= ply <= len(moves) else -1


def players_of(
    entry: dict[str, Any], kinds: tuple[str, ...], levels: list[str]
) -> tuple[dict[str, str], dict[str, str], dict[str, str]] | None:
    """Who played each side, if the entry says so in words the app knows: the kinds, the
    levels, and the other programs' engines by name (whoever seats them drops unknown ones)."""
    players = entry.get("players")
    chosen = entry.get("levels", {})
    engines = entry.get("engines", {})
    if not isinstance(players, dict) or not isinstance(chosen, dict) or not isinstance(engines, dict):
        return None
    if any(players.get(side) not in kinds for side in SIDES):
        return None
    return ({side: players[side] for side in SIDES},
            {side: chosen[side] for side in SIDES if chosen.get(side) in levels},
            {side: engines[side] for side in SIDES if isinstance(engines.get(side), str)})


#: Why the built-in chess replaced a user's ``chess`` this run ("" if it did not).
_BUILTIN_CHESS_REASON = ""


def use_builtin_chess(detail: str) -> None:
    """Make ``chess`` mean the rules package's own chess for the rest of this run, because a
    user's file redefining it cannot start a game: the app must always have a game to show,
    and every part of it finds a variant by its id. The user's file is untouched."""
    global _BUILTIN_CHESS_REASON
    try:
        current = catalogue()
    except Exception as exc:  # the user's folder cannot even be listed: built-in variants only
        use_builtin_catalogue()
        reason = (f"the variant files cannot be read ({_short(exc)}); only the built-in variants are offered "
                  "this run, and standard chess")
    else:
        try:
            source = current.source_of(FALLBACK_VARIANT)
        except rules.UnknownVariantError:
            source = "?"
        reason = (f"the chess of {source} cannot start a game ({detail}); standard chess from the built-in "
                  "rules is used instead this run")
        current.use_builtin(FALLBACK_VARIANT)
    forget_rules(FALLBACK_VARIANT)
    _BUILTIN_CHESS_REASON = reason


def builtin_chess_note() -> str:
    """A sentence for the window when the built-in chess replaced a user's broken one (here, or
    already in the rules package, which keeps a built-in variant whose replacement is broken)."""
    reason = _BUILTIN_CHESS_REASON or _kept_builtin_chess_reason()
    return reason[:1].upper() + reason[1:] + "." if reason else ""


def _kept_builtin_chess_reason() -> str:
    kept = f" (the built-in {FALLBACK_VARIANT!r} is used instead)"
    try:
        broken = rules.broken_variants()
    except Exception:  # a folder that cannot be listed: nothing to say about chess
        return ""
    for source, why in broken.items():
        if why.endswith(kept):
            return (f"the chess of {source} cannot be used ({_short(why[: -len(kept)])}); standard chess from the "
                    "built-in rules is used instead this run")
    return ""


def start_or_fall_back(variant_id: str, options: dict[str, Any] | None = None) -> tuple[Game, str]:
    """A new game of ``variant_id``; when it cannot start (a broken or missing variant file),
    standard chess, with a sentence saying why (else ``""``)."""
    try:
        return rules.new_game(variant_id, options=options), ""
    except Exception as exc:  # a broken user file may fail in any way; the app must still open
        detail = _short(exc)
    reason = ""
    if variant_id != FALLBACK_VARIANT:
        reason = f"{variant_id} cannot start ({detail}); started standard chess instead."
        try:
            return rules.new_game(FALLBACK_VARIANT), reason
        except Exception as exc:
            detail = _short(exc)
    # The note about the built-in chess is said by whoever shows the game (builtin_chess_note).
    use_builtin_chess(detail)
    return rules.new_game(FALLBACK_VARIANT), reason


def _short(exc: BaseException, limit: int = 200) -> str:
    text = str(exc) or type(exc).__name__
    return text if len(text) <= limit else text[: limit - 3] + "..."
