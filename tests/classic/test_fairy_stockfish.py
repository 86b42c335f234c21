"""Differential test: every variant that names a Fairy-Stockfish variant against pyffish.

A variant file opts in with ``fairy_stockfish = "<pyffish variant name>"`` (and, where
our letters differ from Fairy-Stockfish's, ``fairy_stockfish_letters``). Along seeded
random games both programs must agree at every ply on:

* the set of legal moves (ours written in Fairy-Stockfish's UCI form),
* the board and the side to move after each move,
* the verdict: a game Fairy-Stockfish ends (no moves, an immediate end such as a king on
  the hill, or a decisive optional end such as perpetual check) ends here with the same
  winner; a game we end as drawn by a rule
  Fairy-Stockfish only offers as a claim (fifty moves, repetition, dead material) must
  be claimable there.

CI runs a few short games per variant; ``bench/fairy_diff.py`` runs many long ones by
setting FAIRY_DIFF_GAMES and FAIRY_DIFF_PLIES.
"""

from __future__ import annotations

import os
import random
import re

import pyffish as sf
import pytest
from slowcases import marked_slow

import rules
from rules.powers.gating import gate_of
from rules.variant import VariantDef

GAMES = int(os.environ.get("FAIRY_DIFF_GAMES", "3"))
PLIES = int(os.environ.get("FAIRY_DIFF_PLIES", "60"))


def _oracle_variants() -> list[str]:
    return [vid for vid in rules.variant_ids() if rules.variant(vid).raw.get("fairy_stockfish")]


def fairy_letter(vdef: VariantDef, piece_id: str) -> str:
    """Fairy-Stockfish's (uppercase) letter for one of our piece kinds."""
    letters = vdef.raw.get("fairy_stockfish_letters", {})
    return str(letters.get(piece_id, vdef.pieces[piece_id].letter)).upper()


def _demotes(vdef: VariantDef, kind: str) -> bool:
    """A promotion to an unpromoted face (Kyoto Shogi's turning over): Fairy-Stockfish writes ``-``."""
    letters = vdef.raw.get("fairy_stockfish_letters", {})
    forms = vdef.promotion.get("promoted_form", {})
    if str(letters.get(kind, "")).startswith("+"):
        return False
    return any(form == kind and str(letters.get(src, "")).startswith("+") for src, form in forms.items())


def fairy_uci(vdef: VariantDef, move: rules.Move) -> str:
    """Our move in Fairy-Stockfish's UCI form: squares, then a promotion letter or ``+``.

    Engineers adding move kinds (drops, gating) extend this converter here."""
    if move.kind == "drop":  # Fairy-Stockfish writes a drop with the capital letter for both sides
        return fairy_letter(vdef, str(move.choice)) + "@" + move.destination
    if move.promotion:
        letter = fairy_letter(vdef, move.promotion)
        suffix = "+" if letter.startswith("+") else "-" if _demotes(vdef, move.promotion) else letter.lower()
        return move.origin + move.destination + suffix
    if move.choice and move.kind in ("normal", "castle"):  # gating: the gated piece's letter
        kind, square = gate_of(move.choice, move.origin, vdef.pieces)
        gated = fairy_letter(vdef, kind).lower()
        if square != move.origin:  # on the rook's square: written rook square to king square
            return square + move.origin + gated
        return move.origin + move.destination + gated
    return move.origin + move.destination


def fairy_board(fen: str, vdef: VariantDef) -> dict[str, str]:
    """Square -> letter (uppercase white, lowercase black; ``+`` kept, ``~`` dropped)."""
    board = fen.split()[0].split("[")[0]
    squares: dict[str, str] = {}
    for row, text in enumerate(board.split("/")):
        rank = vdef.ranks - row
        file = 0
        for token in re.findall(r"\d+|\+?[A-Za-z]~?", text):
            if token.isdigit():
                file += int(token)
                continue
            squares[f"{chr(ord('a') + file)}{rank}"] = token.rstrip("~")
            file += 1
    return squares


def fairy_hands(fen: str) -> list[str]:
    """The pieces in hand (``[...]`` after the placement), as sorted letters."""
    placement = fen.split()[0]
    held = placement.partition("[")[2].rstrip("]")
    return sorted(c for c in held if c.isalpha())


def our_hands(game: rules.Game, vdef: VariantDef) -> list[str]:
    if game.rules.to_hand is None:  # pools of captured pieces are not hands
        return []
    letters = [fairy_letter(vdef, p.kind) for p in game.pos.pools[0]]
    letters += [fairy_letter(vdef, p.kind).lower() for p in game.pos.pools[1]]
    return sorted(letters)


def our_board(game: rules.Game, vdef: VariantDef) -> dict[str, str]:
    squares: dict[str, str] = {}
    for square, text in game.board().items():
        color, piece_id = text.split(" ", 1)
        letter = fairy_letter(vdef, piece_id)
        squares[square] = letter if color == "white" else letter.lower()
    return squares


def fairy_verdict(name: str, fen: str, history: list[str]) -> tuple[str, str | None] | None:
    """('end', winner) when Fairy-Stockfish ends the game, ('claim', None) when a draw may be
    claimed, None while it goes on. The winner is "white", "black" or None for a draw."""
    to_move = "white" if sf.get_fen(name, fen, history).split()[1] == "w" else "black"
    other = "black" if to_move == "white" else "white"
    ended, value = sf.is_immediate_game_end(name, fen, history)
    if not ended and not sf.legal_moves(name, fen, history):
        ended, value = True, sf.game_result(name, fen, history)
    if ended:
        return ("end", None if value == 0 else (to_move if value > 0 else other))
    claim, value = sf.is_optional_game_end(name, fen, history)
    if claim and value != 0:  # a decisive rule of repetition (perpetual check loses) ends the game
        return ("end", to_move if value > 0 else other)
    white_dead, black_dead = sf.has_insufficient_material(name, fen, history)
    if (claim and value == 0) or (white_dead and black_dead):
        return ("claim", None)
    return None


def _play_one(vid: str, seed: int) -> None:
    vdef = rules.variant(vid)
    name = str(vdef.raw["fairy_stockfish"])
    game = rules.new_game(vid)
    start = sf.start_fen(name)
    assert our_board(game, vdef) == fairy_board(start, vdef), f"{vid}: start positions differ"
    rng = random.Random(seed)
    history: list[str] = []
    for ply in range(PLIES):
        where = f"{vid} seed {seed} ply {ply} after {' '.join(history)}"
        fen = sf.get_fen(name, start, history)
        assert our_board(game, vdef) == fairy_board(fen, vdef), f"boards differ: {where}"
        assert our_hands(game, vdef) == fairy_hands(fen), f"hands differ: {where}"
        assert game.to_move[0] == fen.split()[1], f"side to move differs: {where}"
        verdict = fairy_verdict(name, start, history)
        result = game.result
        if verdict is not None and verdict[0] == "end":
            assert result is not None, f"Fairy-Stockfish ends the game, we do not: {where}"
            assert result.winner == verdict[1], f"winner differs ({result.reason}): {where}"
            return
        if result is not None:
            assert verdict == ("claim", None) and result.winner is None, (
                f"we end the game ({result.reason}), Fairy-Stockfish does not: {where}"
            )
            return
        ours = {fairy_uci(vdef, m): m for m in game.legal_moves()}
        theirs = sorted(sf.legal_moves(name, start, history))
        assert sorted(ours) == theirs, f"legal moves differ: {where}"
        choice = rng.choice(theirs)
        game.play(ours[choice])
        history.append(choice)


#: Over 5 s each on an unloaded machine: CI's full run plays them.
SLOW_GAMES = {"crazyhouse", "xiangqi", "seirawan", "kyotoshogi"}


@pytest.mark.parametrize("vid", marked_slow(_oracle_variants(), SLOW_GAMES))
def test_random_games_agree_with_fairy_stockfish(vid: str) -> None:
    for seed in range(GAMES):
        _play_one(vid, seed)


def test_oracle_covers_chess() -> None:
    # The harness itself is checked on the variant both programs know best.
    assert "chess" in _oracle_variants()
