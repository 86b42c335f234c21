"""``python -m rules uci`` as a separate process: python-chess plays a whole chess game against
it, and raw UCI lines drive a Friendly game (set by UCI_Variant), which python-chess cannot hold."""

import sys

import chess
import chess.engine
import pytest

import rules
from rules.engine import Limits
from rules.protocols.movetext import parse_protocol_move
from rules.protocols.uci import parse_go

from .engine_process import EngineProcess

ENGINE = [sys.executable, "-m", "rules", "uci"]
# Starting the engine process loads every variant; on a loaded machine that can pass python-chess\'s
# default of 10 s, and a verdict must not depend on the machine\'s speed.
STARTUP_SECONDS = 120.0


def test_python_chess_plays_a_whole_game_against_it():
    engine = chess.engine.SimpleEngine.popen_uci(ENGINE, timeout=STARTUP_SECONDS)
    try:
        assert engine.id["name"] == "Fairychess"
        assert set(rules.variant_ids()) <= set(engine.options["UCI_Variant"].var)
        board = chess.Board()
        ours = rules.new_game("chess")
        while not board.is_game_over(claim_draw=True):
            # A depth limit makes the game the same on any machine.
            played = engine.play(board, chess.engine.Limit(depth=1), info=chess.engine.INFO_ALL)
            assert played.move in board.legal_moves
            board.push(played.move)
            ours.play(parse_protocol_move(ours, played.move.uci()))
        # Our rules and python-chess agree on how the game ended.
        assert ours.result is not None and board.outcome(claim_draw=True) is not None
        winner = board.outcome(claim_draw=True).winner
        assert ours.result.winner == {True: "white", False: "black", None: None}[winner]
    finally:
        engine.quit()


def test_python_chess_analyses_with_a_node_limit_and_reads_the_line():
    engine = chess.engine.SimpleEngine.popen_uci(ENGINE, timeout=STARTUP_SECONDS)
    try:
        board = chess.Board("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")  # Ra8 mates
        info = engine.analyse(board, chess.engine.Limit(depth=2))
        assert info["pv"][0] == chess.Move.from_uci("a1a8")
        assert info["score"].white().mate() == 1
        played = engine.play(board, chess.engine.Limit(nodes=400))
        assert played.move == chess.Move.from_uci("a1a8")
    finally:
        engine.quit()


def _best(engine: EngineProcess) -> tuple[list[str], str]:
    lines = engine.until_word("bestmove")
    return lines, lines[-1].split()[1]


@pytest.fixture
def friendly_engine():
    engine = EngineProcess("uci")
    engine.send("uci")
    options = engine.until_word("uciok")
    variant_line = next(line for line in options if "UCI_Variant" in line)
    assert "var friendly" in variant_line
    engine.send("setoption name UCI_Variant value friendly")
    engine.send("ucinewgame")
    engine.send("isready")
    engine.until_word("readyok")
    yield engine
    assert engine.close() == 0


def test_raw_lines_play_a_friendly_game_with_a_hia_switch(friendly_engine):
    engine = friendly_engine
    game = rules.new_game("friendly")
    sent: list[str] = []
    # White switches a Bodyguard's Hia off (an action that keeps the turn): the engine's first
    # answer must be a move of White's in the position with that Hia off.
    game.play("f2/hia-off")
    sent.append("f2/hia-off")
    for _ in range(4):
        engine.send("position startpos moves " + " ".join(sent))
        engine.send("go depth 1")
        lines, best = _best(engine)
        assert any(line.startswith("info depth 1 score ") for line in lines)
        move = parse_protocol_move(game, best)
        assert move in game.legal_moves()
        game.play(move)
        sent.append(best)
    assert [game.is_action(m) for m in game.history] == [True, False, False, False, False]


def test_go_infinite_answers_only_after_stop(friendly_engine):
    engine = friendly_engine
    engine.send("position startpos moves e2e4")
    engine.send("go infinite")
    engine.send("isready")
    # readyok comes while the search runs; no bestmove before it.
    before = engine.until_word("readyok")
    assert not any(line.startswith("bestmove") for line in before)
    engine.send("stop")
    _, best = _best(engine)
    game = rules.new_game("friendly")
    game.play("e2e4")
    assert parse_protocol_move(game, best) in game.legal_moves()


def test_a_bad_command_is_answered_and_the_engine_goes_on(friendly_engine):
    engine = friendly_engine
    engine.send("position startpos moves e2e9")
    engine.send("setoption name Hash value lots")
    engine.send("go sideways")
    engine.send("isready")
    lines = engine.until_word("readyok")
    errors = [line for line in lines if line.startswith("info string error:")]
    assert len(errors) == 3
    assert "e2e9" in errors[0] and "Hash" in errors[1] and "sideways" in errors[2]
    engine.send("go nodes 200")
    _, best = _best(engine)
    assert parse_protocol_move(rules.new_game("friendly"), best)


def test_clock_limits_spread_the_remaining_time_over_the_moves_to_come():
    # 60 s left and 1 s increment: a thirtieth of the clock plus three quarters of the increment.
    limits, hold = parse_go("wtime 60000 btime 30000 winc 1000".split(), white_to_move=True)
    assert limits.time == pytest.approx(60 / 30 + 0.75) and not hold
    limits, _ = parse_go("wtime 60000 btime 30000 winc 1000".split(), white_to_move=False)
    assert limits.time == pytest.approx(30 / 30)
    # With moves to go the clock is spread over those; never more than 40% of what is left.
    limits, _ = parse_go("wtime 10000 btime 10000 movestogo 1".split(), white_to_move=True)
    assert limits.time == pytest.approx(10 * 0.4 - 0.05)
    assert parse_go(["movetime", "500"], True)[0].time == pytest.approx(0.5)
    assert parse_go(["depth", "3", "nodes", "900"], True) == (Limits(depth=3, nodes=900), False)
    assert parse_go(["infinite"], True)[1] and parse_go([], True)[1]
    with pytest.raises(ValueError, match="wtime"):
        parse_go(["wtime", "soon"], True)


def test_python_chess_plays_on_a_clock():
    engine = chess.engine.SimpleEngine.popen_uci(ENGINE, timeout=STARTUP_SECONDS)
    try:
        board = chess.Board()
        board.push_uci("e2e4")
        played = engine.play(board, chess.engine.Limit(white_clock=20, black_clock=20, white_inc=1, black_inc=1))
        assert played.move in board.legal_moves
    finally:
        engine.quit()


def test_python_chess_reads_several_lines_with_multipv():
    engine = chess.engine.SimpleEngine.popen_uci(ENGINE, timeout=STARTUP_SECONDS)
    try:
        assert engine.options["MultiPV"].max >= 3
        # Each White pawn can take a piece: the Queen, the Rook or the Knight, best in that order.
        board = chess.Board("4k3/8/8/3q3r/4P1P1/2n5/1P6/4K3 w - - 0 1")
        infos = engine.analyse(board, chess.engine.Limit(depth=1), multipv=3)
        assert [info["pv"][0].uci() for info in infos] == ["e4d5", "g4h5", "b2c3"]
        scores = [info["score"].white().score() for info in infos]
        assert scores == sorted(scores, reverse=True)
        assert engine.play(board, chess.engine.Limit(depth=1)).move.uci() == "e4d5"
    finally:
        engine.quit()


def test_a_bad_multipv_is_refused_in_words(friendly_engine):
    engine = friendly_engine
    engine.send("setoption name MultiPV value 0")
    engine.send("setoption name MultiPV value many")
    engine.send("isready")
    errors = [line for line in engine.until_word("readyok") if line.startswith("info string error:")]
    assert len(errors) == 2
    assert "between 1 and" in errors[0] and "'many'" in errors[1]
    engine.send("setoption name MultiPV value 2")
    engine.send("position startpos moves e2e4")
    engine.send("go depth 2")
    lines, _best_move = _best(engine)
    assert any(" multipv 2 " in line for line in lines)
