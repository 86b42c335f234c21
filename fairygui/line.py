"""The game's line as the move list shows it: one entry per move or action, numbered.

Built by replaying the moves on a copy of the game from its start, so each entry knows
which side played it, its full-move number, its notation and whether it gave check.
Moves are labelled in standard algebraic notation (``Nf3``, the rules' ``Game.san``) or,
if the player prefers (View > Coordinate notation), in the mover's letter and coordinate
text (``Ng1f3``). Pure Python: no Qt.
"""

from __future__ import annotations

from dataclasses import dataclass

import rules
from rules import Game, Move


@dataclass(frozen=True)
class PlyInfo:
    move: Move
    side: str  # "white" or "black": who played it
    number: int  # full-move number, as in "12." or "12..."
    label: str  # what the move list shows
    action: bool  # a switch that does not pass the turn
    #: What the move does, in the rules' words ("Rook a1 merges with the Knight on b1 into a
    #: Chancellor"); empty when the rules could not say.
    words: str = ""

    @property
    def text(self) -> str:
        return str(self.move)


SAN = "san"
COORDINATES = "coordinates"
NOTATIONS = (SAN, COORDINATES)
_notation = [SAN]


def set_notation(name: str) -> None:
    """Label moves in SAN or in coordinate text from now on (the line is relabelled by its owner)."""
    if name not in NOTATIONS:
        raise ValueError(f"notation must be one of {NOTATIONS}, not {name!r}")
    _notation[0] = name


def notation() -> str:
    return _notation[0]


def describe_ply(game: Game, move: Move) -> tuple[str, int, str, bool]:
    """Side, number, label (without the check sign) and action flag of ``move``, played next
    in ``game``'s current position."""
    side = game.to_move
    number = game.pos.fullmove
    if game.is_action(move):
        choice = (move.choice or move.kind).replace("-", " ")
        return side, number, f"{move.origin} {choice}", True
    if _notation[0] == SAN:
        return side, number, game.san(move, check=False), False
    label = str(move)
    mover = None if move.kind == "drop" else game.piece_at(move.origin)
    if mover is not None:
        ptype = game.rules.variant.pieces.get(mover.kind)
        if ptype is not None and not ptype.data.get("pawn"):
            label = ptype.letter + label
    return side, number, label, False


def move_words(game: Game, move: Move) -> str:
    """What ``move``, played next in ``game``'s position, does, in the rules' words."""
    try:
        return game.move_in_words(move)
    except rules.RulesError:
        return ""


def check_sign(game: Game) -> str:
    """"+" after a move that leaves the opponent in check, "#" when that also ended the game."""
    if not game.in_check():
        return ""
    return "#" if game.result is not None else "+"


def build_line(game: Game) -> list[PlyInfo]:
    """Entries for every move in ``game.history`` (replayed on a copy; ``game`` is untouched)."""
    return label_moves(game.copy_from_start(), game.history)


def label_moves(replay: Game, moves: list[Move]) -> list[PlyInfo]:
    """Entries for ``moves`` played on ``replay`` from its current position (it is changed).
    Each move is played through the rules (SAN needs each position's legal moves, and the
    mate sign the result)."""
    out: list[PlyInfo] = []
    for move in moves:
        side, number, label, action = describe_ply(replay, move)
        words = move_words(replay, move)
        replay.play(move)
        sign = "" if action else check_sign(replay)
        out.append(PlyInfo(move, side, number, label + sign, action, words))
    return out
