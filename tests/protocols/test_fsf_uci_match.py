"""Fairy-Stockfish (Debian's ``fairy-stockfish``) against our UCI engine, ``python -m rules uci``:
short seeded games in Shogi, Minishogi, Xiangqi, Crazyhouse and Grand, refereed here.

Every move of both is checked with pyffish: it is legal in pyffish's position, and our rules
read it as the same move (our texts for the legal moves are exactly pyffish's, ply by ply).
Neither engine may refuse or misread the other's moves: ours says any refusal as ``info string
error``, and Fairy-Stockfish's own position (its ``d`` command) must be pyffish's after each
``position ... moves`` line."""

from __future__ import annotations

import random

import pyffish
import pytest
from programs import find_program, needs_program

import rules
from rules.protocols.movetext import parse_protocol_move, protocol_text

from .engine_process import EngineProcess

FSF = find_program("fairy-stockfish")
VARIANTS = ["shogi", "minishogi", "xiangqi", "crazyhouse", "grand"]
#: What the games must have passed between the engines at least once (drops ``P@e4``, ``+``).
MUST_HAPPEN = {"shogi": ("drops", "promotions"), "minishogi": ("drops", "promotions"),
               "crazyhouse": ("drops",)}
GAMES = 2
#: Random plies (seeded) before the engines take over, so that each game is a different one.
OPENING_PLIES = 3
#: Plies the engines play in each game (the game may end sooner).
ENGINE_PLIES = 30
#: Fairy-Stockfish is far stronger: a shallow search keeps the games short and varied.
THEIR_GO = "go depth 3"
OUR_GO = "go depth 2 movetime 200"


class UciPlayer:
    """One engine of the match, spoken to over UCI."""

    def __init__(self, engine: EngineProcess, variant: str) -> None:
        self.engine = engine
        engine.send("uci")
        engine.until_word("uciok")
        engine.send(f"setoption name UCI_Variant value {variant}")
        self.sync()

    def sync(self) -> list[str]:
        """Every line before the engine's ``readyok``."""
        self.engine.send("isready")
        return self.engine.until_word("readyok")[:-1]

    def best_move(self, moves: list[str], go: str) -> tuple[str, list[str]]:
        """The engine's answer to the position after ``moves``, and what it said before it."""
        self.engine.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.engine.send(go)
        said = self.engine.until_word("bestmove")
        return said[-1].split()[1], said[:-1]


def _fsf_fen(player: UciPlayer, moves: list[str]) -> str:
    player.engine.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
    player.engine.send("d")
    return next(line for line in player.sync() if line.startswith("Fen: "))[len("Fen: "):]


def _check_texts(game: rules.Game, variant: str, start: str, played: list[str]) -> None:
    """Our rules and pyffish agree on the position: the same legal moves, written the same."""
    ours = sorted(protocol_text(game, move) for move in game.legal_moves())
    assert ours == sorted(pyffish.legal_moves(variant, start, played)), (variant, played)


def _play_game(variant: str, seed: int, counts: dict[str, int]) -> None:
    assert FSF is not None
    theirs = UciPlayer(EngineProcess("uci", [FSF]), variant)
    ours = UciPlayer(EngineProcess("uci"), variant)
    try:
        start = pyffish.start_fen(variant)
        game = rules.new_game(variant)
        played: list[str] = []
        rng = random.Random(f"fsf-uci-{variant}-{seed}")
        our_colour = "white" if seed % 2 == 0 else "black"
        for ply in range(OPENING_PLIES + ENGINE_PLIES):
            _check_texts(game, variant, start, played)
            if not game.legal_moves() or game.result is not None:
                break
            if ply < OPENING_PLIES:
                text, said = rng.choice(sorted(pyffish.legal_moves(variant, start, played))), []
            elif game.to_move == our_colour:
                text, said = ours.best_move(played, OUR_GO)
            else:
                text, said = theirs.best_move(played, THEIR_GO)
            refusals = [line for line in said if "error" in line.lower() or "illegal" in line.lower()]
            assert refusals == [], (variant, played, refusals)
            assert text in pyffish.legal_moves(variant, start, played), (variant, played, text)
            move = parse_protocol_move(game, text)
            assert protocol_text(game, move) == text
            game.play(move)
            played.append(text)
            counts["drops"] += "@" in text
            counts["promotions"] += text.endswith("+")
            if ply >= OPENING_PLIES:
                # Fairy-Stockfish read every move as pyffish does (it stops silently at one it refuses).
                # (The move counters are left out: pyffish's and the engine's halfmove clocks differ.)
                expected = pyffish.get_fen(variant, start, played).split()[:-2]
                assert _fsf_fen(theirs, played).split()[:-2] == expected, played
        assert ours.sync() == [] and theirs.sync() == []
    finally:
        assert ours.engine.close() == 0
        theirs.engine.close()


@pytest.mark.slow
@needs_program("fairy-stockfish")
@pytest.mark.parametrize("variant", VARIANTS)
def test_fairy_stockfish_against_our_uci_engine(variant: str) -> None:
    counts = {"drops": 0, "promotions": 0}
    for seed in range(GAMES):
        _play_game(variant, seed, counts)
    for happening in MUST_HAPPEN.get(variant, ()):
        assert counts[happening] > 0, (variant, counts)
