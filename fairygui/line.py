"""The game's line as the move list shows it: one entry per move or action, numbered.

Built by replaying the moves on a copy of the game from its start, so each entry knows
which side played it, its full-move number, the mover's letter and whether it gave check.
Pure Python: no Qt.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules import Game, Move


@dataclass(frozen=True)
class PlyInfo:
    move: Move
    side: str  # "white" or "black": who played it
    number: int  # full-move number, as in "12." or "12..."
    label: str  # what the move list shows
    action: bool  # a switch that does not pass the turn

    @property
    def text(self) -> str:
        return str(self.move)


def describe_ply(game: Game, move: Move) -> tuple[str, int, str, bool]:
    """Side, number, label (without the check sign) and action flag of ``move``, played next
    in ``game``'s current position."""
    side = game.to_move
    number = game.pos.fullmove
    if game.is_action(move):
        choice = (move.choice or move.kind).replace("-", " ")
        return side, number, f"{move.origin} {choice}", True
    label = str(move)
    mover = None if move.kind == "drop" else game.piece_at(move.origin)
    if mover is not None:
        ptype = game.rules.variant.pieces.get(mover.kind)
        if ptype is not None and not ptype.data.get("pawn"):
            label = ptype.letter + label
    return side, number, label, False


def check_sign(game: Game) -> str:
    """"+" after a move that leaves the opponent in check, "#" when that also ended the game."""
    if not game.in_check():
        return ""
    return "#" if game.result is not None else "+"


def build_line(game: Game) -> list[PlyInfo]:
    """Entries for every move in ``game.history`` (replayed on a copy; ``game`` is untouched)."""
    replay = game.copy_from_start()
    out: list[PlyInfo] = []
    for move in game.history:
        side, number, label, action = describe_ply(replay, move)
        replay.pos.push(move)
        sign = "" if action else _sign_after_push(replay)
        out.append(PlyInfo(move, side, number, label + sign, action))
    if out and out[-1].label.endswith("+") and game.result is not None:
        last = out[-1]
        out[-1] = PlyInfo(last.move, last.side, last.number, last.label[:-1] + "#", last.action)
    return out


def _sign_after_push(replay: Game) -> str:
    # The replay pushes moves straight onto its position (they were legal when recorded),
    # so only the check test runs; working out the result here would cost a move generation.
    return "+" if replay.in_check() else ""

