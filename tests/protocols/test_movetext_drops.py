"""Drops over the engine protocols: written as Fairy-Stockfish writes them, read back."""

from __future__ import annotations

import rules
from rules.protocols.movetext import parse_protocol_move, protocol_text


def test_crazyhouse_drops_are_written_letter_at_square_and_read_back() -> None:
    # Rule (Crazyhouse): a captured piece goes to the capturer's hand and may be dropped on
    # any empty square. After 1.e4 d5 2.exd5 Qxd5 3.Nc3 White holds a pawn, Black a pawn.
    game = rules.new_game("crazyhouse")
    for text in ("e2e4", "d7d5", "e4d5", "d8d5", "b1c3"):
        game.play(text)
    drops = [m for m in game.legal_moves() if m.kind == "drop"]
    texts = {protocol_text(game, m) for m in drops}
    assert "P@e6" in texts and "P@d1" not in texts  # d1 holds White's queen
    assert all(t.startswith("P@") for t in texts)
    for move in drops:
        assert parse_protocol_move(game, protocol_text(game, move)) == move
    assert parse_protocol_move(game, "p@e6") == parse_protocol_move(game, "P@e6")
