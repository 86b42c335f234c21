"""The game record the app holds, walked as lines: which moves lead to a node of the tree, and
which continue from it. Pure Python: no Qt.

A record (``rules.GameRecord``) is a tree of :class:`rules.pgntree.Node`; the board and the move
list work on one *line* at a time: the moves from the start to the node on view, then the main
continuation from there. A line is a list of :class:`Step`: each is one entry of the move list
(a move, or a switch that does not pass the turn, kept in the record as an ``[%action ...]``
command in a comment) with the node whose position follows it.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable
from dataclasses import dataclass

import rules
from rules import Game
from rules.gamerecord import GameRecord, record_of
from rules.pgntree import Node

from .line import PlyInfo, check_sign, describe_ply, move_words

_ACTION = re.compile(r"\[%action\s+([^\]\s]+)\s*\]")
#: The result markers a record's Result tag may hold.
RESULTS = ("*", "1-0", "0-1", "1/2-1/2")
#: The tags the header panel shows and edits, in the order a new record writes them.
EDITED_TAGS = ("White", "Black", "Event", "Date", "Result")
#: Annotation glyphs for the NAGs that have one; other NAGs are written ``$n``.
NAG_GLYPHS = {1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!"}
#: NAGs offered by the move list's menu, with what they mean.
NAG_CHOICES = (
    (1, "! good move"), (2, "? mistake"), (3, "!! brilliant move"), (4, "?? blunder"),
    (5, "!? interesting move"), (6, "?! dubious move"),
    (10, "$10 drawish position"), (14, "$14 White is slightly better"), (15, "$15 Black is slightly better"),
    (16, "$16 White is better"), (17, "$17 Black is better"), (18, "$18 White is winning"),
    (19, "$19 Black is winning"),
)


def nag_text(nag: int) -> str:
    return NAG_GLYPHS.get(nag, f"${nag}")


@dataclass(frozen=True)
class Step:
    """One entry of a line, and the node whose position follows it. ``owner`` is the node whose
    text holds the entry: the node itself for a move, the move a switch is written after (or
    before, in a starting comment)."""

    info: PlyInfo
    node: Node
    owner: Node


def actions_in(comments: Iterable[str]) -> list[str]:
    """The ``[%action ...]`` commands of comments, in order."""
    return [action for comment in comments for action in _ACTION.findall(comment)]


def text_of(comment: str) -> str:
    """A comment without its ``[%...]`` commands: what a person wrote."""
    return re.sub(r"\s*\[%[^\]]*\]\s*", " ", comment).strip()


def path_to(node: Node) -> list[Node]:
    """The moves from the start to ``node``, the root left out."""
    path: list[Node] = []
    while node.parent is not None:
        path.append(node)
        node = node.parent
    path.reverse()
    return path


def root_of(node: Node) -> Node:
    while node.parent is not None:
        node = node.parent
    return node


def _play(game: Game, text: str, node: Node, owner: Node) -> Step:
    move = game.parse_move(text)
    side, number, label, action = describe_ply(game, move)
    words = move_words(game, move)
    game.play(move)
    sign = "" if action else check_sign(game)
    return Step(PlyInfo(move, side, number, label + sign, action, words), node, owner)


def play_nodes(game: Game, nodes: Iterable[Node]) -> list[Step]:
    """Play ``nodes`` (each the child of the one before; the first a child of ``game``'s
    position) with the switches their comments hold; RulesError where one cannot be played,
    with ``game`` left after the last step that could (``partial`` holds the steps played)."""
    steps: list[Step] = []
    try:
        for node in nodes:
            parent = node.parent if node.parent is not None else node
            for action in actions_in(node.starting_comments):
                steps.append(_play(game, action, parent, node))
            steps.append(_play(game, node.move.rstrip("+#"), node, node))
            for action in actions_in(node.comments):
                steps.append(_play(game, action, node, node))
    except rules.RulesError as exc:
        raise LineBroken(steps, exc) from None
    return steps


class LineBroken(Exception):
    """A move or switch of the tree cannot be played: the steps played before it, and why."""

    def __init__(self, steps: list[Step], cause: rules.RulesError) -> None:
        super().__init__(str(cause))
        self.steps = steps


def main_steps(line: list[PlyInfo], root: Node) -> list[Step]:
    """The steps of a record's main line whose entries ``line`` already holds (as the game it
    was played into gives them): each move is the next main-line node, each switch belongs to
    the position it is played in."""
    steps: list[Step] = []
    node = root
    for info in line:
        if not info.action and node.variations:
            node = node.variations[0]
        steps.append(Step(info, node, node))
    return steps


def root_steps(game: Game, root: Node) -> list[Step]:
    """The switches written before the first move, played on ``game`` (at the start)."""
    return [_play(game, a, root, root) for a in actions_in(root.comments)]


def same_move(game: Game, node: Node, move: rules.Move) -> bool:
    """Whether ``node``'s move, read in ``game``'s position (its parent's), is ``move``."""
    try:
        return game.parse_move(node.move.rstrip("+#")) == move
    except rules.RulesError:
        return False


def today() -> str:
    return datetime.date.today().strftime("%Y.%m.%d")


def result_marker(game: Game) -> str:
    result = game.result
    if result is None:
        return "*"
    return {"white": "1-0", "black": "0-1"}.get(result.winner or "", "1/2-1/2")


def new_record(game: Game, white: str, black: str) -> GameRecord:
    """A record of ``game`` (its moves so far) with the tags the rules write for its variant,
    options and start, under the players' names and today's date."""
    try:
        headers = rules.read_pgn(rules.game_record(game.copy_from_start()))[0].headers
    except rules.GameRecordError:  # options no record can hold: Save says so (``record_text``)
        headers = {"Event": "Casual game", "Site": "?", "Round": "-", "Variant": game.variant}
    headers.update({"Date": today(), "White": white, "Black": black, "Result": "*"})
    return record_of(game, headers)


def comment_words(node: Node) -> list[str]:
    """What a person wrote in the comments after a move (the ``[%...]`` commands left out)."""
    return [t for t in (text_of(c) for c in node.comments) if t]


def set_comment(node: Node, text: str) -> None:
    """Replace what a person wrote after ``node``'s move, keeping its ``[%...]`` commands."""
    commands = [" ".join(re.findall(r"\[%[^\]]*\]", c)) for c in node.comments]
    kept = [c for c in commands if c]
    text = text.strip().replace("}", ")")  # a brace would end the comment in PGN
    node.comments[:] = ([text] if text else []) + kept


def variation_of(node: Node) -> Node | None:
    """The first move of the variation ``node`` lies in (itself or an ancestor that is not its
    position's main continuation); None on the main line."""
    while node.parent is not None:
        if node.parent.variations[0] is not node:
            return node
        node = node.parent
    return None
