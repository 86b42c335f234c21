"""Game records as documents: everything a PGN game holds, and its main line as a Game.

The one reader and the one writer of game records:

* :func:`read_pgn` reads every game of a PGN text into a :class:`GameRecord`: the tags in file
  order (unknown ones kept), the result, the comments, NAGs and variations as a tree
  (:mod:`rules.pgntree`). :meth:`GameRecord.game` plays the main line; :meth:`GameRecord.pgn`
  writes the whole record back, so opening and saving a file loses nothing.
  :func:`read_record` (``rules.load_game``) and :func:`list_records` (``rules.list_games``) go
  through it.
* :func:`write_record` (``rules.game_record``) builds the record of a played game
  (:func:`record_of`) and writes it with :meth:`GameRecord.pgn`, so there is one export format.

Actions that do not pass the turn (a Hia switch) are written as ``[%action ...]`` commands in
the comment after the move they follow (or before the first move); playing the main line
carries them out where they stand. The older ``{action f2/hia-off}`` comments, and commands
written after the next move's number (``2. {[%action f2/hia-off]} d4``), which the tree holds
in the same place, still read. A finished game's last move is followed by a comment saying
how it ended (``{White wins: checkmate}``), beside the ``Termination`` tag.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .errors import GameRecordError
from .limits import MAX_RECORD_CHARS, excerpt
from .pgn import GameText
from .pgntree import RESULT_TOKENS, Node, RecordText, normalized, read_texts, read_texts_until_fault
from .record import play_recorded, record_tags, result_comment, start_of_record

if TYPE_CHECKING:
    from .game import Game

_ACTION_COMMAND = re.compile(r"\[%action\s+([^\]\s]+)\s*\]")
#: A square on rank 0 in a move (``Rd0``): XBoard's count of ten ranks, from 0.
_RANK_ZERO = re.compile(r"[a-z]0(?![0-9])")
#: A rank in a move: digits after a letter (a square's rank, or a rank written to tell two pieces apart).
_RANK = re.compile(r"(?<=[A-Za-z])[0-9]+")
_ZERO_RANK_HEIGHT = 10
#: Moves no variant here allows: other programs' null moves.
_NULL_MOVES = ("--", "Z0", "0000", "@@@@")
#: What a move or action must look like to be one word of move text: nothing PGN reserves.
_WRITABLE_MOVE = re.compile(r"[^\s{}();\[\]%$<>\"]+")
_MOVE_NUMBER = re.compile(r"[0-9]+\.*")
#: Most games listed from one file.
MAX_GAMES_PER_FILE = 100_000


class GameRecord:
    """One game of a PGN text, with all it holds."""

    def __init__(self, text: RecordText, index: int = 0, games_in_file: int = 1) -> None:
        self.text = text
        #: Which game of its file this is (0: the first), and how many games the file holds.
        self.index = index
        self.games_in_file = games_in_file

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
        """The main line played from the record's start; GameRecordError names the game (in a
        file of several), the line and the move of a fault.

        On a board of ten ranks the moves may count ranks from 0, as XBoard writes them
        (Xiangqi's ``Rd0``): a record with a square on rank 0 is read so, and one that does not
        read counting from 1 is tried counting from 0 before it is refused."""
        try:
            ten_ranks = start_of_record(self.headers, self.text.header_lines).rules.variant.ranks == _ZERO_RANK_HEIGHT
            from_zero = ten_ranks and any(_RANK_ZERO.search(node.move) for node in self.root.mainline())
            try:
                game = self._main_line(from_zero)
            except GameRecordError:
                if from_zero or not ten_ranks:
                    raise
                try:
                    game = self._main_line(True)
                except GameRecordError:
                    pass
                else:
                    return self._claimed(game)
                raise
        except GameRecordError as exc:
            raise self._named(exc) from None
        return self._claimed(game)

    def _claimed(self, game: Game) -> Game:
        declare_recorded_result(game, self.result, self.headers.get("Termination", ""))
        return game

    def _main_line(self, from_zero: bool) -> Game:
        """The main line played; ``from_zero``: its moves count ranks from 0."""
        game = start_of_record(self.headers, self.text.header_lines)
        plies = _actions(game, self.root.comments, self.text.first_line, 0)
        for node in self.root.mainline():
            plies = _actions(game, node.starting_comments, node.line, plies)
            word = node.move.rstrip("+#")
            if word in _NULL_MOVES:
                raise GameRecordError(f"move {excerpt(word)} is a null move, which no variant here allows",
                                      node.line)
            if from_zero:
                word = _RANK.sub(lambda m: str(int(m.group(0)) + 1), word)
            try:
                plies = play_recorded(game, word, node.line, plies)
            except GameRecordError:
                if not node.move.endswith("+"):
                    raise
                # XBoard's Shogi "Lf9+" promotes: read with its sign where it reads no other way.
                plies = play_recorded(game, word + "+", node.line, plies)
            plies = _actions(game, node.comments, node.line, plies)
        return game

    def pgn(self) -> str:
        """The record as PGN text, with everything it holds."""
        return self.text.pgn()

    def same_as(self, other: GameRecord) -> bool:
        """Equal as trees: tags, moves, comments, NAGs, variations and result."""
        return self.text.same_as(other.text)

    def _named(self, exc: GameRecordError) -> GameRecordError:
        if self.games_in_file < 2:
            return exc
        message = str(exc).split(": ", 1)[1] if exc.line is not None else str(exc)
        return GameRecordError(f"game {self.index + 1}: {message}", exc.line)


#: The winner each result marker names ("" for a draw).
_WINNERS = {"1-0": "white", "0-1": "black", "1/2-1/2": ""}


def declare_recorded_result(game: Game, marker: str, termination: str = "") -> None:
    """A record whose result the moves do not give by themselves ends its game the same way: a
    draw where one could be claimed is that claim; otherwise, where the record says how the
    game ended (a ``Termination`` tag: a resignation, a draw agreed, a loss on time, an
    adjudication), the result stands with those words as its reason. A game that the moves
    already end, a record without a result (``*``) and a result with no word of how it came
    about (other programs' records of a game stopped anywhere) are left as they are."""
    if marker not in _WINNERS or game.result is not None:
        return
    if marker == "1/2-1/2" and game.draw_claim() is not None:
        game.claim_draw()
        return
    reason = termination.strip()
    if reason and reason.lower() != "unterminated":
        game.declare_result(_WINNERS[marker] or None, reason)


def _actions(game: Game, comments: list[str], line: int, plies: int) -> int:
    for comment in comments:
        for action in _actions_in(comment):
            plies = play_recorded(game, action, line, plies)
    return plies


def _actions_in(comment: str) -> list[str]:
    """The actions a comment holds: ``[%action ...]`` commands, or the older ``action ...`` form."""
    inner = comment.strip()
    if inner.startswith("action "):
        return [inner[len("action "):].strip()]
    return _ACTION_COMMAND.findall(comment) if "[%action" in comment else []


def _checked_size(text: str) -> None:
    if not isinstance(text, str):
        raise TypeError(f"a PGN text must be a str, not {type(text).__name__}")
    if len(text) > MAX_RECORD_CHARS:
        raise GameRecordError(
            f"the text has {len(text):,} characters, more than the {MAX_RECORD_CHARS:,} read at once"
        )


def read_pgn(text: str) -> list[GameRecord]:
    """Every game of a PGN text, as records; GameRecordError names the line of a fault."""
    _checked_size(text)
    trees = read_texts(text)
    return [GameRecord(tree, index, len(trees)) for index, tree in enumerate(trees)]


def read_record(text: str, index: int = 0) -> Game:
    """Game ``index`` (0: the first) of a PGN text, played; GameRecordError names the game,
    the line (of the whole text) and the move of any fault."""
    if not isinstance(index, int) or isinstance(index, bool):
        raise TypeError(f"index must be an int, not {type(index).__name__}")
    records = read_pgn(text)
    if not records:
        raise GameRecordError("the text holds no game")
    if not 0 <= index < len(records):
        count = f"{len(records)} games" if len(records) > 1 else "one game"
        raise GameRecordError(f"the file has {count}; there is no game {excerpt(index + 1)}")
    return records[index].game()


def list_records(text: str) -> list[GameText]:
    """The games of a PGN text, each with its tags and its own text, cut as :func:`read_pgn` cuts.
    A fault ends the list with the game it is in, holding the rest of the text, so that reading
    that game reports the fault and the games before it still open."""
    _checked_size(text)
    plain = normalized(text)
    trees, fault = read_texts_until_fault(plain)
    if fault is not None and not trees:
        raise fault
    if len(trees) > MAX_GAMES_PER_FILE:
        raise GameRecordError(f"the file has {len(trees):,} games, more than the {MAX_GAMES_PER_FILE:,} listed at once")
    ends = [tree.offset for tree in trees[1:]] + [len(plain)]
    return [GameText(dict(tree.headers), plain[tree.offset:end], tree.first_line)
            for tree, end in zip(trees, ends, strict=True)]


def record_of(game: Game, headers: dict[str, str]) -> GameRecord:
    """A record of a game's moves under the given tags: SAN for moves (coordinate text where the
    SAN could not be one word of move text), actions as commands in the comment after the move
    they follow, and how a finished game ended in a comment after its last move.
    GameRecordError if a move cannot be written as one word."""
    text = RecordText(headers=dict(headers))
    node = text.root
    replay = game.copy_from_start()
    for move in game.history:
        if game.is_action(move):
            node.comments.append(f"[%action {_writable(str(move))}]")
        else:
            san = replay.san(move)
            node = node.add(san if _is_writable(san) else _writable(str(move)))
        replay.play(move)
    ending = result_comment(game)
    if ending is not None:
        node.comments.append(ending)
    return GameRecord(text)


def _is_writable(word: str) -> bool:
    return bool(_WRITABLE_MOVE.fullmatch(word)) and word not in RESULT_TOKENS and not _MOVE_NUMBER.fullmatch(word)


def _writable(word: str) -> str:
    if not _is_writable(word):
        raise GameRecordError(f"move {excerpt(word)} cannot be written as one word of a record")
    return word


def write_record(game: Game, tags: dict[str, str] | None = None) -> str:
    """The record of a game in our export format, with ``tags`` added to or replacing the usual
    ones (:func:`rules.record.record_tags`); GameRecordError if something in it could not be
    read back."""
    return record_of(game, record_tags(game, tags)).pgn()
