"""Fairy-Stockfish (pyffish) as the oracle for classic variants: seeded random games in
which, at every ply, our legal moves, board, hands and verdict must equal pyffish's.

Used by tests/classic/test_differential.py (few plies) and bench/differential_classic.py
(many). Our moves are turned into pyffish's UCI text; pyffish's position text is read
into the same plain form as ours (square -> colour and letter, and each side's hand).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field

import pyffish

import rules
from rules.variant import catalogue
from rules.game import Game
from rules.moves import Move

_PLACEMENT_TOKEN = re.compile(r"(\d+)|(\+?)([A-Za-z])(~?)")


@dataclass
class Mismatch:
    variant: str
    seed: int
    ply: int
    moves: list[str]
    what: str
    ours: object
    theirs: object

    def __str__(self) -> str:
        return (
            f"{self.variant} seed {self.seed} ply {self.ply} after {' '.join(self.moves) or '(start)'}: "
            f"{self.what} differ\n  ours:   {self.ours}\n  theirs: {self.theirs}"
        )


@dataclass
class Report:
    games: int = 0
    plies: int = 0
    endings: Counter[str] = field(default_factory=Counter)


def fsf_name(variant: str) -> str:
    name = catalogue().get(variant).raw.get("fairy_stockfish")
    assert isinstance(name, str), f"{variant} names no Fairy-Stockfish variant"
    return name


def uci(game: Game, move: Move) -> str:
    """Our move as Fairy-Stockfish's UCI text."""
    types = game.rules.types
    if move.kind == "drop":
        assert move.choice is not None
        return f"{types[move.choice].letter}@{move.destination}"
    text = move.origin + move.destination
    if move.promotion:
        text += _promotion_suffix(game, move)
    return text


def _promotion_suffix(game: Game, move: Move) -> str:
    """``q`` for a choice of piece, ``+`` for a promotion to a piece's promoted form."""
    assert move.promotion is not None
    promoted = game.rules.variant.raw.get("promotion", {}).get("promoted_form", {})
    mover = game.piece_at(move.origin)
    if mover is not None and promoted.get(mover.kind) == move.promotion:
        return "+"
    return game.rules.types[move.promotion].letter.lower()


def our_board(game: Game) -> dict[str, str]:
    """Square -> letter (capital for White), in Fairy-Stockfish's letters."""
    types = game.rules.types
    out = {}
    for square, text in game.board().items():
        color, kind = text.split(" ", 1)
        letter = _fsf_letter(game, kind)
        out[square] = letter if color == "white" else letter.lower()
    return out


def _fsf_letter(game: Game, kind: str) -> str:
    """Our letter, or for a promoted form ``+`` and its base piece's letter."""
    promoted = game.rules.variant.raw.get("promotion", {}).get("promoted_form", {})
    for base, form in promoted.items():
        if form == kind:
            return "+" + game.rules.types[base].letter
    return game.rules.types[kind].letter


def our_hands(game: Game) -> list[str]:
    """Both hands as Fairy-Stockfish letters (pools of captured pieces are not hands)."""
    if game.rules.to_hand is None:
        return []
    return sorted(
        (_fsf_letter(game, p.kind) if p.color == 0 else _fsf_letter(game, p.kind).lower())
        for pool in game.pos.pools for p in pool
    )


def their_position(fen: str, files: int, ranks: int) -> tuple[dict[str, str], list[str], str]:
    """(board, hands, side to move) of a Fairy-Stockfish position text."""
    placement, side = fen.split()[:2]
    hands: list[str] = []
    if "[" in placement:
        placement, _, held = placement.partition("[")
        hands = sorted(c for c in held.rstrip("]") if c != "-")
    board: dict[str, str] = {}
    for i, row in enumerate(placement.split("/")):
        rank = ranks - i
        f = 0
        for digits, plus, letter, _tilde in _PLACEMENT_TOKEN.findall(row):
            if digits:
                f += int(digits)
                continue
            board[f"{chr(97 + f)}{rank}"] = plus + letter
            f += 1
    return board, hands, side


#: Our draws that Fairy-Stockfish leaves to a claim (``is_optional_game_end``).
CLAIMED_DRAWS = ("threefold repetition", "fifty-move rule")


def their_verdict(name: str, start: str, moves: list[str], legal: list[str], claim: bool) -> str | None:
    """"win"/"loss"/"draw" for the side to move if Fairy-Stockfish ends the game here
    (``claim``: counting the draws a player may claim, which our games apply at once)."""
    if not legal:
        value = pyffish.game_result(name, start, moves)
    else:
        ended, value = pyffish.is_immediate_game_end(name, start, moves)
        if not ended and claim:
            ended, value = pyffish.is_optional_game_end(name, start, moves)
        if not ended:
            return None
    return "win" if value > 0 else "loss" if value < 0 else "draw"


def our_verdict(game: Game) -> str | None:
    result = game.result
    if result is None:
        return None
    if result.winner is None:
        return "draw"
    return "win" if result.winner == game.to_move else "loss"


def play_and_compare(variant: str, seed: int, plies: int, report: Report | None = None) -> Mismatch | None:
    """One seeded random game, compared with pyffish at every ply; the first difference, or None."""
    name = fsf_name(variant)
    rng = random.Random(seed)
    game = rules.new_game(variant)
    geo = game.rules.geo
    start = pyffish.start_fen(name)
    moves: list[str] = []
    for ply in range(plies + 1):
        fen = pyffish.get_fen(name, start, moves)
        board, hands, side = their_position(fen, geo.files, geo.ranks)

        def mismatch(what: str, ours: object, theirs: object) -> Mismatch:
            return Mismatch(variant, seed, ply, list(moves), what, ours, theirs)

        if our_board(game) != board:
            return mismatch("boards", sorted(our_board(game).items()), sorted(board.items()))
        if our_hands(game) != hands:
            return mismatch("hands", our_hands(game), hands)
        if game.to_move[0] != side:
            return mismatch("sides to move", game.to_move, side)
        legal = game.legal_moves()
        ours_legal = sorted(uci(game, m) for m in legal)
        theirs_legal = sorted(pyffish.legal_moves(name, start, moves))
        if ours_legal != theirs_legal:
            extra = sorted(set(ours_legal) - set(theirs_legal))
            missing = sorted(set(theirs_legal) - set(ours_legal))
            return mismatch("legal moves (ours only / theirs only)", extra, missing)
        claim = game.result is not None and game.result.reason in CLAIMED_DRAWS
        theirs_end = their_verdict(name, start, moves, theirs_legal, claim)
        ours_end = our_verdict(game)
        if ours_end != theirs_end:
            return mismatch("verdicts", (ours_end, game.result), theirs_end)
        if ours_end is not None or ply == plies:
            if report is not None:
                report.endings[game.result.reason if game.result else "ply limit"] += 1
            break
        move = rng.choice(legal)
        moves.append(uci(game, move))
        game.play(move)
        if report is not None:
            report.plies += 1
    if report is not None:
        report.games += 1
    return None
