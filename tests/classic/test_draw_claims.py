"""Claimable and automatic draws: FIDE chess claims the fifty-move rule and threefold
repetition (the game goes on until a player claims) and ends by itself at seventy-five
moves or the fifth repetition; the seed variants keep both draws automatic (RULINGS.md).
The keys that say so are data of the variant's outcomes table."""

from __future__ import annotations

from pathlib import Path

import pytest
from textvariants import game_from_text

import rules
from rules.catalogue import check_file
from rules.errors import DrawClaimError, IllegalMoveError, VariantFileError

#: Knights out and back: the start position stands again after every fourth ply.
SHUFFLE = ["g1f3", "g8f6", "f3g1", "f6g8"]

#: White king a1 and rook h7 against the king e8: nothing can be captured, no pawn moves.
KING_TOUR_FEN = "4k3/7R/8/8/8/8/8/K7 w - - 0 1"


def king_tour_moves(moves_each: int) -> list[str]:
    """``moves_each`` moves by each side without capture or pawn move, no position standing five
    times: the white king walks a snake over ranks 1-3 and back while the black king steps
    e8-d8-e8. Worked out by hand: the snake has 24 squares, so in 75 moves the white king
    stands on a square at most four times, and never on one of its earlier squares with the
    black king on the same square as then more than four times."""
    snake = [f"{f}{r}" for r in (1, 2, 3) for f in ("abcdefgh" if r % 2 else "hgfedcba")]
    path = snake + snake[-2::-1] + snake[1:] + snake[-2::-1] + snake[1:]
    king = ["e8d8", "d8e8"]
    out: list[str] = []
    for i in range(moves_each):
        out.append(path[i] + path[i + 1])
        out.append(king[i % 2])
    return out


def played(variant: str, moves: list[str], fen: str | None = None) -> rules.Game:
    game = rules.new_game(variant, fen=fen)
    for move in moves:
        game.play(move)
    return game


def test_chess_threefold_repetition_is_claimed_not_automatic() -> None:
    """Rule (FIDE 9.2): the start position standing for the third time (after 8 plies) lets the
    player to move claim; the game does not end by itself."""
    game = played("chess", SHUFFLE * 2)
    assert game.result is None
    assert game.draw_claim() == "threefold repetition"
    assert game.legal_moves()
    result = game.claim_draw()
    assert (result.winner, result.reason) == (None, "threefold repetition (claimed)")
    assert game.result == result and result.score() == "1/2-1/2"
    with pytest.raises(IllegalMoveError, match="the game is over"):
        game.play("g1f3")


def test_no_claim_before_the_third_time_and_the_refusal_says_why() -> None:
    game = played("chess", SHUFFLE)  # the start position has stood twice
    assert game.draw_claim() is None
    with pytest.raises(DrawClaimError) as info:
        game.claim_draw()
    words = str(info.value)
    assert "this position has stood twice (a claim needs 3 times)" in words
    assert "2 moves by each side since the last capture or pawn move (a claim needs 50)" in words
    assert game.result is None and game.ply == 4


def test_a_claim_is_only_for_the_position_where_it_arises_and_undo_takes_it_back() -> None:
    game = played("chess", SHUFFLE * 2)
    game.claim_draw()
    game.undo()
    assert game.result is None and game.draw_claim() is None
    game.redo()  # browsing back to the end of the same line shows the claim again
    assert game.result is not None and game.result.reason == "threefold repetition (claimed)"
    game.undo()
    game.play("f6g8")
    assert game.draw_claim() == "threefold repetition"
    game.play("b1c3")  # not claimed: the right passes with the move
    assert game.result is None and game.draw_claim() is None


def test_a_copy_keeps_the_claim() -> None:
    game = played("chess", SHUFFLE * 2)
    game.claim_draw()
    copy = game.copy()
    assert copy.result is not None and copy.result.reason == "threefold repetition (claimed)"


def test_chess_fivefold_repetition_ends_the_game() -> None:
    """Rule (FIDE 9.6.1): the fifth time (after 16 plies) the game is drawn by itself."""
    game = played("chess", SHUFFLE * 3 + SHUFFLE[:3])
    assert game.result is None and game.draw_claim() == "threefold repetition"
    game.play(SHUFFLE[3])
    assert game.result is not None
    assert (game.result.winner, game.result.reason) == (None, "fivefold repetition")
    assert game.draw_claim() is None
    with pytest.raises(DrawClaimError, match="the game is over"):
        game.claim_draw()


def test_chess_fifty_moves_are_claimed_and_seventy_five_end_the_game() -> None:
    """Rule (FIDE 9.3 and 9.6.2) from a position text's move clock: 99 plies, one quiet move
    makes 100 (a claim); 149 plies, one quiet move makes 150 (the end)."""
    game = played("chess", ["h4h5"], fen="4k3/8/8/8/7K/8/8/R7 w - - 99 80")
    assert game.result is None
    assert game.draw_claim() == "fifty-move rule"
    assert game.claim_draw().reason == "fifty-move rule (claimed)"
    game = played("chess", ["h4h5"], fen="4k3/8/8/8/7K/8/8/R7 w - - 149 100")
    assert game.result is not None and game.result.reason == "seventy-five-move rule"


def test_a_capture_on_the_fiftieth_move_leaves_no_claim() -> None:
    game = played("chess", ["a1a8"], fen="r3k3/8/8/8/7K/8/8/R7 w - - 99 80")
    assert game.pos.halfmove == 0 and game.draw_claim() is None


def test_the_fifty_move_option_switched_off_removes_claim_and_automatic_limit() -> None:
    game = rules.new_game("chess", fen="4k3/8/8/8/7K/8/8/R7 w - - 149 100", options={"fifty_move_rule": False})
    game.play("h4h5")
    assert game.result is None and game.draw_claim() is None


def test_a_chess_record_sixty_moves_without_progress_reads_whole() -> None:
    """A real 2013 tournament game went past fifty moves without a claim: reading must not stop
    at the fifty-move rule (120 plies here, every one kept). Its record ends drawn where the rule
    lets a player claim, so the game read ends by that claim."""
    moves = king_tour_moves(60)
    game = played("chess", moves, fen=KING_TOUR_FEN)
    assert game.result is None and game.draw_claim() is not None
    sans: list[str] = []
    replay = rules.new_game("chess", fen=KING_TOUR_FEN)
    for move in moves:
        sans.append(replay.san(move))
        replay.play(move)
    text = " ".join(f"{i // 2 + 1}. {san}" if i % 2 == 0 else san for i, san in enumerate(sans))
    pgn = f'[Variant "chess"]\n[SetUp "1"]\n[FEN "{KING_TOUR_FEN}"]\n[Result "1/2-1/2"]\n\n{text} 1/2-1/2\n'
    record = rules.read_pgn(pgn)[0]
    read = record.game()
    assert read.ply == 120
    assert read.result is not None and read.result.reason.endswith("fifty-move rule (claimed)")
    assert read.fen() == game.fen()
    assert rules.load_game(pgn).ply == 120


def test_a_chess_game_at_seventy_five_moves_without_progress_is_over() -> None:
    game = played("chess", king_tour_moves(75), fen=KING_TOUR_FEN)
    assert game.result is not None and game.result.reason == "seventy-five-move rule"
    with pytest.raises(IllegalMoveError, match="seventy-five-move rule"):
        game.play("h4h5")


@pytest.mark.parametrize("variant", ["blender", "capablanca"])
def test_what_each_variant_does_at_the_third_repetition(variant: str) -> None:
    """Blender (a seed variant) draws by itself at the third time; Capablanca inherits chess's
    FIDE claims from its parent. A kingside knight of each side goes out and back, twice."""
    game = rules.new_game(variant)
    knight = "g1f3 g8f6 f3g1 f6g8" if variant == "blender" else "i1h3 i8h6 h3i1 h6i8"
    for move in knight.split() * 2:
        game.play(move)
    if variant == "blender":
        assert game.result is not None and game.result.reason == "threefold repetition"
        assert game.draw_claim() is None
    else:
        assert game.result is None and game.draw_claim() == "threefold repetition"


def test_a_seed_variant_refuses_a_claim_and_says_its_draws_are_automatic() -> None:
    with pytest.raises(DrawClaimError, match="end the game by themselves"):
        rules.new_game("friendly").claim_draw()


CHILD = '[variant.mine]\nparent = "chess"\n'


def test_outcome_keys_set_any_counts(variant_folder: Path) -> None:
    """A variant file may make repetition automatic at the second time (keys of the table)."""
    text = CHILD + "[variant.mine.outcomes]\nrepetitions = 2\nrepetition_claimed = false\n"
    game = game_from_text(variant_folder, text)
    for move in SHUFFLE:
        game.play(move)
    assert game.result is not None and game.result.reason == "twofold repetition"


def test_a_claimed_move_rule_with_its_own_limits(variant_folder: Path) -> None:
    text = CHILD + "[variant.mine.outcomes]\nmove_rule = 40\nmove_rule_automatic = 60\n"
    game = game_from_text(variant_folder, text, fen="4k3/8/8/8/7K/8/8/R7 w - - 79 80")
    game.play("h4h5")
    assert game.draw_claim() == "40-move rule"
    game = game_from_text(variant_folder, text, fen="4k3/8/8/8/7K/8/8/R7 w - - 119 80")
    game.play("h4h5")
    assert game.result is not None and game.result.reason == "60-move rule"


@pytest.mark.parametrize(("body", "fault"), [
    ("move_rule_automatic = 40\n", "outcomes.move_rule_automatic (40) must be more moves than move_rule (50)"),
    ("repetitions = 5\nrepetition_automatic = 4\n",
     "outcomes.repetition_automatic (4) must be more than repetitions (5)"),
    ("repetitions = 1\n", "outcomes.repetitions must be from 2 to 100, not 1"),
    ("repetition_claimed = 1\n", "outcomes.repetition_claimed must be true or false, not 1"),
])
def test_outcome_key_faults_are_named(variant_folder: Path, body: str, fault: str) -> None:
    path = variant_folder / "mine.toml"
    path.write_text(CHILD + "[variant.mine.outcomes]\n" + body, encoding="utf-8")
    problems = check_file(path)
    assert any(fault in text for _, text in problems), problems
    with pytest.raises(VariantFileError, match=fault.replace("(", r"\(").replace(")", r"\)")):
        game_from_text(variant_folder, CHILD + "[variant.mine.outcomes]\n" + body)


def test_a_claimed_draw_saved_and_reopened_is_still_drawn() -> None:
    """A claimed threefold repetition is written as a draw; reading the record back ends the game
    by the same claim, so the reopened game is over, not going on."""
    game = played("chess", SHUFFLE * 2)
    game.claim_draw()
    reopened = rules.read_pgn(rules.game_record(game))[0]
    assert reopened.headers["Result"] == "1/2-1/2"
    result = reopened.game().result
    assert result is not None and result.winner is None and result.reason == "threefold repetition (claimed)"


def test_a_drawn_record_without_a_claim_to_make_is_not_ended_by_reading() -> None:
    """Where no claim stands at the record's end (a draw agreed on move 2), reading does not invent one."""
    record = rules.read_pgn('[Result "1/2-1/2"]\n\n1. e4 e5 1/2-1/2\n')[0]
    assert record.game().result is None
