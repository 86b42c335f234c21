"""Why a picked-up piece has no legal move, in the rules package's words.

The app decides nothing here: it asks the rules where the piece could go if it stood alone
on the board (a game holding only that piece), then asks ``Game.why_illegal`` about the
nearest of those squares in the real position, and reports the rules' reasons.
"""

from __future__ import annotations

import rules
from rules import Game

from .board.snapshot import FILE_LETTERS
from .wording import piece_name, reason_sentence

#: How many of the nearest squares the piece could reach alone are asked about.
ASKED = 6
#: How many different reasons the sentence gives.
SAID = 2
#: The rules' answer when the move asked about is legal after all.
LEGAL = "that move is legal"


def _distance(a: str, b: str) -> int:
    try:
        return max(abs(FILE_LETTERS.index(a[0]) - FILE_LETTERS.index(b[0])), abs(int(a[1:]) - int(b[1:])))
    except ValueError:  # an extra square such as the Pocket: ask about it last
        return 1_000


def reach_alone(game: Game, square: str) -> list[str]:
    """The squares the piece on ``square`` could move to if it stood alone, nearest first."""
    piece = game.board().get(square)
    if piece is None:
        return []
    color = piece.partition(" ")[0]
    try:
        alone = rules.new_game(game.variant, options=game.options, placement={square: piece}, to_move=color)
    except rules.RulesError:
        return []
    targets = {m.destination for m in alone.legal_moves() if m.origin == square and m.destination != square}
    return sorted(targets, key=lambda target: (_distance(square, target), target))


def no_move_sentence(game: Game, square: str) -> str:
    """"The Bishop on c1 has no legal move. <the rules' reasons>" for a piece of the side to move."""
    found = game.piece_at(square)
    name = piece_name(game.rules.variant, found.kind) if found is not None else "piece"
    reasons: list[str] = []
    for target in reach_alone(game, square)[:ASKED]:
        reason = game.why_illegal(square + target)
        if reason and reason != LEGAL and reason not in reasons:
            reasons.append(reason)
        if len(reasons) == SAID:
            break
    if not reasons:
        reason = game.why_illegal(square)
        # The rules only restate the question: say what asking them showed.
        if reason == LEGAL or reason.endswith(f"cannot move to {square}"):
            reason = "alone on the board it has no moves either: it moves only by means of other pieces"
        reasons.append(reason)
    told = " ".join(reason_sentence(reason) for reason in reasons if reason)
    return f"The {name} on {square} has no legal move. {told}".strip()
