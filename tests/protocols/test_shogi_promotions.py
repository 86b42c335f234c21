"""Shogi promotions in the protocols' text, as Fairy-Stockfish and XBoard write them: ``+`` for
a piece turning into its promoted form, nothing for the same move without promotion. A text is
never read as the other move; one naming no legal move is refused with the moves there are."""

from __future__ import annotations

import random

import pyffish
import pytest

import rules
from rules import IllegalMoveError
from rules.protocols.movetext import parse_protocol_move, protocol_text

from .cecp_gui import CecpGui
from .engine_process import EngineProcess

# 1.c3c4 g7g6 (Fairy-Stockfish's coordinates, ranks from 1) opens the Bishops' diagonal: White's
# Bishop on b2 may enter the far three ranks on g7, or take the Bishop on h8, promoting or not.
OPENING = ["c3c4", "g7g6"]


def _shogi_after(moves: list[str]) -> rules.Game:
    game = rules.new_game("shogi")
    for text in moves:
        game.play(parse_protocol_move(game, text))
    return game


def test_a_bishop_entering_the_zone_may_promote_or_not():
    game = _shogi_after(OPENING)
    texts = {protocol_text(game, m) for m in game.legal_moves() if m.origin == "b2"}
    assert {"b2g7", "b2g7+", "b2h8", "b2h8+"} <= texts
    assert parse_protocol_move(game, "b2h8+").promotion == "dragon-horse"
    assert parse_protocol_move(game, "b2h8").promotion is None
    assert parse_protocol_move(game, "b2h8=").promotion is None  # XBoard's "does not promote"
    assert parse_protocol_move(game, "b2h8h").promotion == "dragon-horse"  # the letter form we once wrote


def test_a_plus_is_never_read_as_the_move_without_promotion():
    # The Gold on f1 never promotes (and f2 is outside the zone): "f1f2+" names no legal move.
    game = _shogi_after(OPENING)
    with pytest.raises(IllegalMoveError, match=r"'f1f2\+'.*legal moves are: f1f2$"):
        parse_protocol_move(game, "f1f2+")
    # A pawn reaching the last rank must promote (minishogi, White's pawn on e4, Black's King a5):
    # the bare squares are refused, naming the promotion.
    mini = rules.new_game("minishogi", fen="k4/4P/5/5/K4[] w - - 0 1")
    assert [protocol_text(mini, m) for m in mini.legal_moves() if m.origin == "e4"] == ["e4e5+"]
    for text in ("e4e5", "e4e5="):
        with pytest.raises(IllegalMoveError, match=r"legal moves are: e4e5\+$"):
            parse_protocol_move(mini, text)
    assert parse_protocol_move(mini, "e4e5+").promotion == "tokin"


@pytest.mark.parametrize(("variant", "opening"), [("shogi", OPENING), ("minishogi", [])])
def test_every_move_is_written_as_fairy_stockfish_writes_it(variant, opening):
    # Along a seeded random game, our texts for the legal moves are exactly pyffish's.
    game = rules.new_game(variant)
    start = pyffish.start_fen(variant)
    played: list[str] = []
    for text in opening:
        game.play(parse_protocol_move(game, text))
        played.append(text)
    rng = random.Random(f"shogi-texts-{variant}")
    promotions = 0
    for _ in range(50):
        ours = sorted(protocol_text(game, m) for m in game.legal_moves())
        assert ours == sorted(pyffish.legal_moves(variant, start, played)), played
        if not ours:
            break
        promoting = [t for t in ours if t.endswith("+")]
        text = rng.choice(promoting if promoting and rng.random() < 0.5 else ours)
        promotions += text.endswith("+")
        game.play(parse_protocol_move(game, text))
        played.append(text)
    assert promotions > 0


def test_uci_reads_and_writes_plus_promotions():
    engine = EngineProcess("uci")
    engine.send("uci")
    engine.until_word("uciok")
    engine.send("setoption name UCI_Variant value shogi")
    start = pyffish.start_fen("shogi")
    played = [*OPENING, "b2h8+", "i9i8"]
    engine.send("position startpos moves " + " ".join(played))
    engine.send("go depth 2")
    best = engine.until_word("bestmove")[-1].split()[1]
    assert best in pyffish.legal_moves("shogi", start, played)
    # The Dragon Horse on h8 takes the Knight on h9: no promotion left to make, so "+" is refused.
    engine.send("position startpos moves " + " ".join([*played, "h8h9+"]))
    engine.send("isready")
    errors = [line for line in engine.until_word("readyok") if line.startswith("info string error")]
    assert len(errors) == 1 and "'h8h9+'" in errors[0] and "h8h9" in errors[0].split("are:")[1]
    assert engine.close() == 0


def test_xboard_reads_and_writes_plus_promotions():
    gui = CecpGui()
    gui.send("new")
    gui.send("variant shogi")
    gui.send("force")
    for text in [*OPENING, "b2h8+"]:
        gui.send(f"usermove {text}")
    gui.send("usermove i9i8+")  # Black's Lance one step: i8 is outside Black's zone, so no "+"
    lines = gui.sync()
    assert len(lines) == 1 and lines[0].startswith("Illegal move") and lines[0].endswith(": i9i8+")
    gui.send("sd 2")
    gui.send("go")
    reply, _ = gui.engine_move()
    played = [*OPENING, "b2h8+"]
    assert reply in pyffish.legal_moves("shogi", pyffish.start_fen("shogi"), played)
    assert gui.close() == 0
