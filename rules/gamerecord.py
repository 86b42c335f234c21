"""Game records as documents: everything a PGN game holds, and its main line as a Game.

:func:`read_pgn` reads every game of a PGN text into a :class:`GameRecord`: the tags in file
order (unknown ones kept), the result, the comments, NAGs and variations as a tree
(:mod:`rules.pgntree`). :meth:`GameRecord.game` plays the main line; :meth:`GameRecord.pgn`
writes the whole record back, so opening and saving a file loses nothing.

Actions that do not pass the turn (a Hia switch) are written as ``[%action ...]`` commands in
the comment after the move they follow (or before the first move); playing the main line
carries them out where they stand.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .errors import GameRecordError
from .limits import MAX_RECORD_CHARS, excerpt
from .pgntree import Node, RecordText, read_texts
from .record import play_recorded, start_of_record

if TYPE_CHECKING:
    from .game import Game

_ACTION_COMMAND = re.compile(r"\[%action\s+([^\]\s]+)\s*\]")
#: Moves no variant here allows: other programs' null moves.
_NULL_MOVES = ("--", "Z0", "0000", "@@@@")


class GameRecord:
    """One game of a PGN text, with all it holds."""

    def __init__(self, text: RecordText, index: int = 0) -> None:
        self.text = text
        #: Which game of its file this is (0: the first).
        self.index = index

    @property
    def headers(self) -> dict[str, str]:
        """The tags in file order."""
        return self.text.headers

    @property
    def root(self) -> Node:
        """The start of the move tree; ``root.variations[0]`` is the first move of the main line."""
        return self.text.root

    @property
    def result(self) -> str:
        """The result marker (``1-0``, ``0-1``, ``1/2-1/2`` or ``*``)."""
        return self.text.result_marker()

    def mainline_moves(self) -> list[str]:
        """The main line's moves as written."""
        return [node.move for node in self.root.mainline()]

    def game(self) -> Game:
        """The main line played from the record's start; GameRecordError names the game, the line
        and the move of a fault."""
        try:
            game = start_of_record(self.headers, self.text.header_lines)
            plies = _actions(game, self.root.comments, self.text.first_line, 0)
            for node in self.root.mainline():
                plies = _actions(game, node.starting_comments, node.line, plies)
                word = node.move.rstrip("+#")
                if word in _NULL_MOVES:
                    raise GameRecordError(f"move {excerpt(word)} is a null move, which no variant here allows",
                                          node.line)
                plies = play_recorded(game, word, node.line, plies)
                plies = _actions(game, node.comments, node.line, plies)
        except GameRecordError as exc:
            raise self._named(exc) from None
        return game

    def pgn(self) -> str:
        """The record as PGN text, with everything it holds."""
        return self.text.pgn()

    def same_as(self, other: GameRecord) -> bool:
        """Equal as trees: tags, moves, comments, NAGs, variations and result."""
        return self.text.same_as(other.text)

    def _named(self, exc: GameRecordError) -> GameRecordError:
        message = str(exc).split(": ", 1)[1] if exc.line is not None else str(exc)
        return GameRecordError(f"game {self.index + 1}: {message}", exc.line)


def _actions(game: Game, comments: list[str], line: int, plies: int) -> int:
    for comment in comments:
        for action in _ACTION_COMMAND.findall(comment):
            plies = play_recorded(game, action, line, plies)
    return plies


def read_pgn(text: str) -> list[GameRecord]:
    """Every game of a PGN text, as records; GameRecordError names the line of a fault."""
    if not isinstance(text, str):
        raise TypeError(f"a PGN text must be a str, not {type(text).__name__}")
    if len(text) > MAX_RECORD_CHARS:
        raise GameRecordError(
            f"the text has {len(text):,} characters, more than the {MAX_RECORD_CHARS:,} read at once"
        )
    return [GameRecord(tree, index) for index, tree in enumerate(read_texts(text))]


def record_of(game: Game, headers: dict[str, str]) -> GameRecord:
    """A record of a game's moves under the given tags: SAN for moves, actions as commands."""
    text = RecordText(headers=dict(headers))
    node = text.root
    replay = game.copy_from_start()
    for move in game.history:
        if game.is_action(move):
            node.comments.append(f"[%action {move}]")
        else:
            san = replay.san(move)
            node = node.add(san)
        replay.play(move)
    return GameRecord(text)
