"""SAN as Fairy-Stockfish and python-chess write it (issue 48): pyffish's ``get_san`` is the
oracle for every variant with a ``fairy_stockfish`` name; python-chess reads our crazyhouse
records move for move and we read its; text that could mean two moves is refused."""

from __future__ import annotations

import io
import random

import chess
import chess.pgn
import chess.variant
import pyffish as sf
import pytest
from slowcases import marked_slow

import rules
from rules import IllegalMoveError
from rules.powers.gating import gate_of
from rules.variant import VariantDef

#: Fairy-Stockfish's atomic king is a pseudo-royal commoner, for which it writes no check or mate
#: signs; lichess, whose atomic games are the ones people exchange, writes them, and so do we.
CHECK_SIGNS_DIFFER = {"atomic"}


def _oracle_variants() -> list[str]:
    return [vid for vid in rules.variant_ids() if rules.variant(vid).raw.get("fairy_stockfish")]


def _demotes(vdef: VariantDef, kind: str) -> bool:
    """A promotion to an unpromoted face (Kyoto Shogi's turning over): Fairy-Stockfish writes ``-``."""
    letters = vdef.raw.get("fairy_stockfish_letters", {})
    forms = vdef.promotion.get("promoted_form", {})
    if str(letters.get(kind, "")).startswith("+"):
        return False
    return any(form == kind and str(letters.get(src, "")).startswith("+") for src, form in forms.items())


def _fsf_uci(vdef: VariantDef, move: rules.Move) -> str:
    """Our move in Fairy-Stockfish's UCI form (its position letters, ``+`` for a promoted form)."""
    letters = vdef.raw.get("fairy_stockfish_letters", {})

    def letter(piece_id: str) -> str:
        return str(letters.get(piece_id, vdef.pieces[piece_id].letter)).upper()

    if move.kind == "drop":
        return letter(str(move.choice)) + "@" + move.destination
    if move.promotion:
        promoted = letter(move.promotion)
        if _demotes(vdef, move.promotion):
            return move.origin + move.destination + "-"
        return move.origin + move.destination + ("+" if promoted.startswith("+") else promoted.lower())
    if move.choice and move.kind in ("normal", "castle"):  # gating: the gated piece's letter
        kind, square = gate_of(move.choice, move.origin, vdef.pieces)
        gated = letter(kind).lower()
        if square != move.origin:  # on the rook's square: written rook square to king square
            return square + move.origin + gated
        return move.origin + move.destination + gated
    return move.origin + move.destination


#: Over 5 s each on an unloaded machine: CI's full run plays them.
SLOW_SAN = {"grand", "shako", "janus", "capablanca", "seirawan", "kyotoshogi"}


@pytest.mark.parametrize("vid", marked_slow(_oracle_variants(), SLOW_SAN))
def test_san_equals_fairy_stockfish_for_every_legal_move_of_seeded_games(vid: str) -> None:
    """Fairy-Stockfish's SAN notation (pyffish's default for Shogi is Hodges' numbers, so the
    notation is asked for by name); check and mate signs included."""
    vdef = rules.variant(vid)
    name = str(vdef.raw["fairy_stockfish"])
    compared = 0
    for seed in range(2):
        rnd = random.Random(seed)
        game = rules.new_game(vid)
        history: list[str] = []
        for _ in range(30):
            moves = game.legal_moves()
            if game.result is not None or not moves:
                break
            fen = sf.get_fen(name, sf.start_fen(name), history)
            theirs_of = {move: sf.get_san(name, fen, _fsf_uci(vdef, move), False, sf.NOTATION_SAN) for move in moves}
            written = list(theirs_of.values())
            for move, theirs in theirs_of.items():
                if written.count(theirs) > 1:
                    # Fairy-Stockfish writes two moves alike (Kyoto Shogi's Gold and Tokin drops are
                    # both G@c3), so its text names neither: ours must still name this one alone.
                    assert sum(game.san(m) == game.san(move) for m in moves) == 1, f"{vid} {fen} {move}"
                    continue
                ours = game.san(move)
                if vid in CHECK_SIGNS_DIFFER:
                    ours, theirs = ours.rstrip("+#"), theirs.rstrip("+#")
                assert ours == theirs, f"{vid} {fen} {move}"
                compared += 1
            move = rnd.choice(moves)
            game.play(move)
            history.append(_fsf_uci(vdef, move))
    assert compared > 500


def _crazyhouse_game(seed: int, plies: int = 70) -> rules.Game:
    rnd = random.Random(seed)
    game = rules.new_game("crazyhouse")
    for _ in range(plies):
        moves = game.legal_moves()
        if game.result is not None or not moves:
            break
        drops = [m for m in moves if m.kind == "drop"]
        game.play(rnd.choice(drops if drops and rnd.random() < 0.5 else moves))
    return game


def _python_chess_uci(move: rules.Move) -> str:
    if move.kind == "drop":
        return chess.piece_symbol(chess.PIECE_NAMES.index(str(move.choice))).upper() + "@" + move.destination
    if move.promotion:
        return move.origin + move.destination + chess.piece_symbol(chess.PIECE_NAMES.index(move.promotion))
    return move.origin + move.destination


@pytest.mark.parametrize("seed", range(8))
def test_python_chess_reads_our_crazyhouse_records_move_for_move(seed: int) -> None:
    game = _crazyhouse_game(seed)
    assert any(m.kind == "drop" for m in game.history)
    record = rules.game_record(game)
    read = chess.pgn.read_game(io.StringIO(record))
    assert read is not None and read.errors == []
    assert isinstance(read.board(), chess.variant.CrazyhouseBoard)
    assert [m.uci() for m in read.mainline_moves()] == [_python_chess_uci(m) for m in game.history]


@pytest.mark.parametrize("seed", range(8))
def test_we_read_python_chess_crazyhouse_records_move_for_move(seed: int) -> None:
    rnd = random.Random(seed)
    board = chess.variant.CrazyhouseBoard()
    for _ in range(70):
        moves = list(board.legal_moves)
        if not moves or board.is_game_over():
            break
        drops = [m for m in moves if m.drop]
        board.push(rnd.choice(drops if drops and rnd.random() < 0.5 else moves))
    text = str(chess.pgn.Game.from_board(board))
    assert "@" in text and '[Variant "Crazyhouse"]' in text
    game = rules.read_pgn(text)[0].game()
    assert [_python_chess_uci(m) for m in game.history] == [m.uci() for m in board.move_stack]


def test_drops_are_written_with_the_piece_letter_and_older_drop_texts_still_read() -> None:
    game = rules.new_game("crazyhouse", fen="4k3/8/8/8/8/8/8/4K3[NPp] w - - 0 1")
    assert game.san("knight@f4") == "N@f4"
    assert game.san("pawn@a6") == "P@a6"
    assert str(game.parse_move("N@f4")) == "knight@f4"
    assert str(game.parse_move("knight@f4")) == "knight@f4"  # the coordinate text, as before
    assert str(game.parse_move("@a6")) == "pawn@a6"  # python-chess's pawn drop
    no_pawns = rules.new_game("crazyhouse", fen="4k3/8/8/8/8/8/8/4K3[NBp] w - - 0 1")
    with pytest.raises(IllegalMoveError, match="B@a6, N@a6"):  # '@a6' without a pawn: which piece?
        no_pawns.parse_move("@a6")
    only_knights = rules.new_game("crazyhouse", fen="4k3/8/8/8/8/8/8/4K3[Np] w - - 0 1")
    assert str(only_knights.parse_move("@a6")) == "knight@a6"  # as our older records wrote it


def test_xiangqi_and_shogi_use_fairy_stockfishs_letters_and_still_read_ours() -> None:
    xiangqi = rules.new_game("xiangqi")
    assert xiangqi.san("b1c3") == "Hc3" and xiangqi.san("c1a3") == "Ea3"
    assert str(xiangqi.parse_move("Nc3")) == "b1c3"  # as older records wrote it
    shogi = rules.new_game("shogi")
    assert shogi.san("c3c4") == "Pc4"
    assert str(shogi.parse_move("c4")) == "c3c4"


def test_a_plus_that_could_be_a_promotion_or_a_check_is_refused_naming_both() -> None:
    """XBoard writes a Shogi promotion ``Sb5+``; we and Fairy-Stockfish write ``Sb5=G+``, and
    ``Sb5`` for the move that does not promote (which gives no check here)."""
    study = rules.new_game("minishogi", fen="2k2/S4/5/5/K4[] w - - 0 1")
    with pytest.raises(IllegalMoveError, match=r"Sb5 \(no promotion.*Sb5=G\+ \(a promotion"):
        study.parse_move("Sb5+")
    assert str(study.parse_move("Sb5=")) == "a4b5"  # XBoard's "does not promote"
    assert str(study.parse_move("Sb5")) == "a4b5"
    assert str(study.parse_move("Sb5=G+")) == "a4b5=promoted-silver"


@pytest.mark.parametrize("vid", rules.variant_ids())
def test_no_record_has_an_empty_options_tag(vid: str) -> None:
    record = rules.game_record(rules.new_game(vid))
    assert '[Options ""]' not in record
    assert rules.read_pgn(record)[0].game().variant == vid
