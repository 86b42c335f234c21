"""``python -m rules xboard`` as a separate process: python-chess plays a whole chess game against
it over XBoard protocol 2, and raw lines drive a Friendly game (``variant friendly``)."""

import sys

import chess
import chess.engine

import rules
from rules.protocols.movetext import parse_protocol_move

from .engine_process import EngineProcess

ENGINE = [sys.executable, "-m", "rules", "xboard"]
# Starting the engine process loads every variant; on a loaded machine that can pass python-chess\'s
# default of 10 s, and a verdict must not depend on the machine\'s speed.
STARTUP_SECONDS = 120.0


def test_python_chess_plays_a_whole_game_against_it():
    engine = chess.engine.SimpleEngine.popen_xboard(ENGINE, timeout=STARTUP_SECONDS)
    try:
        assert "friendly" in engine.protocol.features["variants"].split(",")
        assert "normal" in engine.protocol.features["variants"].split(",")
        board = chess.Board()
        ours = rules.new_game("chess")
        while not board.is_game_over(claim_draw=True):
            played = engine.play(board, chess.engine.Limit(depth=1))
            assert played.move in board.legal_moves
            board.push(played.move)
            ours.play(parse_protocol_move(ours, played.move.uci()))
        assert ours.result is not None
        winner = board.outcome(claim_draw=True).winner
        assert ours.result.winner == {True: "white", False: "black", None: None}[winner]
    finally:
        engine.quit()


def test_python_chess_analyses_and_plays_from_a_set_board():
    engine = chess.engine.SimpleEngine.popen_xboard(ENGINE, timeout=STARTUP_SECONDS)
    try:
        board = chess.Board("4k3/8/8/3q4/8/8/5PPP/3R2K1 w - - 0 1")  # the Rook takes the Queen
        info = engine.analyse(board, chess.engine.Limit(depth=2))
        assert info["depth"] >= 2 and info["pv"][0] == chess.Move.from_uci("d1d5")
        assert info["score"].white().score() > 300
        mate = chess.Board("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")  # Ra8 mates
        assert engine.play(mate, chess.engine.Limit(time=0.5)).move == chess.Move.from_uci("a1a8")
    finally:
        engine.quit()


def _engine_move(engine: EngineProcess) -> str:
    return engine.until_word("move")[-1].split()[1]


def test_raw_lines_play_a_friendly_game():
    engine = EngineProcess("xboard")
    engine.send("xboard")
    engine.send("protover 2")
    features = engine.until(lambda line: "done=1" in line)
    assert any('variants="normal,' in line or "friendly" in line for line in features)
    engine.send("new")
    engine.send("variant friendly")
    engine.send("sd 1")
    engine.send("post")
    game = rules.new_game("friendly")
    # Black is the engine's after "new": our White move (after a Hia switch) sets it thinking.
    for white in ("f2/hia-off", "e2e4"):
        engine.send(f"usermove {white}")
        game.play(white)
    reply = _engine_move(engine)
    move = parse_protocol_move(game, reply)
    assert game.to_move == "black" and move in game.legal_moves()
    game.play(move)
    # Force mode: the engine checks moves but does not answer; "go" makes it play the side to move.
    engine.send("force")
    engine.send("usermove e2e9")
    assert engine.until(lambda line: line.startswith("Illegal move"))[-1].endswith("e2e9")
    white = next(m for m in game.legal_moves())
    engine.send(f"usermove {white}")
    game.play(white)
    engine.send("go")
    move = parse_protocol_move(game, _engine_move(engine))
    assert move in game.legal_moves()
    game.play(move)
    # undo takes a move back on the engine's board; ping proves it is done before we go on.
    engine.send("force")
    engine.send("undo")
    game.undo()
    engine.send("ping 7")
    engine.until(lambda line: line == "pong 7")
    engine.send("go")
    again = parse_protocol_move(game, _engine_move(engine))
    assert again in game.legal_moves()
    assert engine.close() == 0


def test_analyze_reports_lines_until_exit():
    engine = EngineProcess("xboard")
    engine.send("xboard")
    engine.send("protover 2")
    engine.until(lambda line: "done=1" in line)
    engine.send("new")
    engine.send("variant friendly")
    engine.send("force")
    engine.send("post")
    engine.send("analyze")
    thought = engine.until(lambda line: line[:1].isdigit())[-1].split()
    depth, score, centiseconds, nodes = (int(word) for word in thought[:4])
    assert depth >= 1 and nodes > 0 and centiseconds >= 0 and abs(score) < 100_000
    assert parse_protocol_move(rules.new_game("friendly"), thought[4]) is not None
    engine.send("exit")
    engine.send("ping 1")
    lines = engine.until(lambda line: line == "pong 1")
    assert not any(line.startswith("move ") for line in lines)
    assert engine.close() == 0


def test_python_chess_plays_on_a_clock_and_with_seconds_per_move():
    engine = chess.engine.SimpleEngine.popen_xboard(ENGINE, timeout=STARTUP_SECONDS)
    try:
        board = chess.Board()
        board.push_uci("d2d4")
        played = engine.play(board, chess.engine.Limit(white_clock=20, black_clock=20, white_inc=1, black_inc=1))
        assert played.move in board.legal_moves
        board.push(played.move)
        played = engine.play(board, chess.engine.Limit(time=0.3))
        assert played.move in board.legal_moves
    finally:
        engine.quit()
