"""One reader and one writer of game records: rules.load_game / list_games read through the
record tree, rules.game_record writes through it; records from set-up positions are checked as
the setup editor checks them."""

from __future__ import annotations

import pytest

import rules
from rules.gamerecord import read_pgn, record_of
from rules.record import record_tags


def _fools_mate() -> rules.Game:
    game = rules.new_game("chess")
    for san in ("f3", "e5", "g4", "Qh4#"):
        game.play(san)
    return game


def test_the_record_is_in_the_one_export_format() -> None:
    game = _fools_mate()
    text = rules.game_record(game, {"White": "Ann"})
    assert text == record_of(game, record_tags(game, {"White": "Ann"})).pgn()
    assert read_pgn(text)[0].pgn() == text  # already in the export format: the same bytes
    assert text.endswith("\n\n1. f3 e5 2. g4 Qh4# {Black wins: checkmate} 0-1\n")
    tags = read_pgn(text)[0].headers
    assert list(tags) == ["Event", "Site", "Date", "Round", "White", "Black", "Result", "Termination"]
    assert tags["White"] == "Ann" and tags["Result"] == "0-1" and tags["Termination"] == "checkmate"


def test_a_drawn_game_says_so_after_its_last_move() -> None:
    game = rules.new_game("chess", fen="7k/5Q2/6K1/8/8/8/8/8 w - - 0 1")
    game.play("Kh6")  # stalemate: Black has no move and is not in check
    assert game.result is not None and game.result.winner is None
    assert "Kh6 {Draw: stalemate} 1/2-1/2" in rules.game_record(game)


def test_variant_tags_options_and_a_set_up_position_are_written() -> None:
    game = rules.new_game("chess", fen="4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", options={"fifty_move_rule": False})
    game.play("e4")
    text = rules.game_record(game)
    headers = read_pgn(text)[0].headers
    assert headers["SetUp"] == "1" and headers["FEN"] == game.start_fen
    assert headers["Options"] == "fifty_move_rule=false"
    again = rules.load_game(text)
    assert again.fen() == game.fen() and again.options == game.options


def test_actions_stand_after_the_move_they_follow_and_older_places_still_read() -> None:
    game = rules.new_game("friendly")
    for text in ("e3e4", "e10e9", "f2/hia-off"):
        game.play(text)
    game.play(game.legal_moves()[0])
    record = rules.game_record(game)
    body = record.split("\n\n")[1]
    assert body.startswith("1. PTe4 PTe9 {[%action f2/hia-off]} 2. ")
    expected = [str(m) for m in game.history]
    assert [str(m) for m in rules.load_game(record).history] == expected
    after_number = record.replace("PTe9 {[%action f2/hia-off]} 2. ", "PTe9 2. {[%action f2/hia-off]} ")
    assert after_number != record
    assert [str(m) for m in rules.load_game(after_number).history] == expected
    older = record.replace("{[%action f2/hia-off]}", "{action f2/hia-off}")
    assert [str(m) for m in rules.load_game(older).history] == expected


def test_an_action_before_the_first_move_is_a_comment_of_the_start() -> None:
    game = rules.new_game("friendly")
    game.play("f2/hia-off")
    game.play("e3e4")
    record = rules.game_record(game)
    assert "\n\n{[%action f2/hia-off]} 1. PTe4 *\n" in record
    assert rules.load_game(record).history == game.history


@pytest.mark.parametrize(
    ("fen", "problem"),
    [
        ("8/8/8/8/8/8/8/4K3 w - - 0 1", "Black has no King"),
        ("4k3/8/8/8/8/8/8/4KK2 w - - 0 1", "White has 2 King pieces"),
        ("4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1", "Black is in check but it is not Black's move"),
        ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "Pawn on a1 stands behind its starting rank"),
    ],
)
def test_a_fen_tag_the_setup_editor_would_refuse_is_refused_by_name(fen: str, problem: str) -> None:
    text = f'[Event "Study"]\n[SetUp "1"]\n[FEN "{fen}"]\n\n1. Kd2 *\n'
    with pytest.raises(rules.GameRecordError) as info:
        rules.load_game(text)
    assert info.value.line == 3 and "[FEN] the position cannot start a game" in str(info.value)
    assert problem in str(info.value)
    assert rules.check_position("chess", fen)  # the setup editor's own check says the same


def test_new_game_keeps_accepting_studies_without_kings() -> None:
    assert rules.new_game("chess", fen="8/8/8/8/8/8/4P3/8 w - - 0 1").legal_moves()


REAL_LOOKING = """[Event "Weekly blitz"]
[Site "Leeds"]
[White ""Socrates Expert""]
[Black "Doe, J."]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 ; the usual
3. Bb5 a6!? 4. Ba4 Nf6? 5. O-O $1 Be7 1-0

[Event "Round 2 (no moves recorded)"]
[White "Doe, J."]
[Black "Roe, R."]
[Result "*"]

[Event "Round 3"]
[White "Roe, R."]
[Black "Doe, J."]
[Result "0-1"]

1. f3 e5 2. g4?? Qh4# 0-1
"""


def test_a_real_looking_file_lists_and_reads_game_by_game() -> None:
    listed = rules.list_games(REAL_LOOKING)
    assert [g.tags["Event"] for g in listed] == ["Weekly blitz", "Round 2 (no moves recorded)", "Round 3"]
    assert listed[0].tags["White"] == '"Socrates Expert"'
    assert [g.first_line for g in listed] == [1, 10, 15]
    assert rules.load_game(REAL_LOOKING, 0).ply == 10
    assert rules.load_game(REAL_LOOKING, 1).ply == 0
    assert rules.load_game(REAL_LOOKING, 2).result.winner == "black"
    assert rules.load_game(listed[2].text).history == rules.load_game(REAL_LOOKING, 2).history
    first = read_pgn(REAL_LOOKING)[0]
    assert first.root.variations[0].variations[0].variations[0].variations[0].comments == [" the usual"]
    with pytest.raises(rules.GameRecordError, match="the file has 3 games; there is no game 4"):
        rules.load_game(REAL_LOOKING, 3)


def test_errors_name_the_game_only_in_a_file_of_several() -> None:
    bad = REAL_LOOKING.replace("2. g4?? Qh4#", "2. g4?? Qh5#")
    with pytest.raises(rules.GameRecordError) as info:
        rules.load_game(bad, 2)
    assert str(info.value).startswith("line 20: game 3: move 'Qh5' (ply 4)")
    single = '[Event "x"]\n\n1. f3 e5 2. g4 Qh5 *\n'
    with pytest.raises(rules.GameRecordError) as info:
        rules.load_game(single)
    assert str(info.value).startswith("line 3: move 'Qh5' (ply 4)")
    broken = REAL_LOOKING.replace("2. g4??", "2. g4 {never closed")
    listed = rules.list_games(broken)  # the games before the fault still list and open
    assert [g.tags["Event"] for g in listed] == ["Weekly blitz", "Round 2 (no moves recorded)", "Round 3"]
    assert rules.load_game(listed[0].text).ply == 10
    with pytest.raises(rules.GameRecordError, match=r"line 20: game 3: a comment opened with '\{' is never closed"):
        rules.load_game(broken, 2)
    with pytest.raises(rules.GameRecordError, match=r"line 1: a comment opened with '\{' is never closed"):
        rules.list_games("{never closed\n")


def test_a_knight_that_cannot_go_there_is_named_with_the_reason() -> None:
    """Not "White has no piece written N": White has Knights, and each one's reason is given."""
    text = '[Event "x"]\n\n1. e4 e5 2. Nf4 *\n'
    with pytest.raises(rules.GameRecordError) as info:
        rules.load_game(text)
    message = str(info.value)
    assert message.startswith("line 3: move 'Nf4' (ply 3): ")
    assert "none of White's Knights can go to f4: the Knight on b1 cannot move to f4" in message
    assert "the Knight on g1 cannot move to f4" in message and "from g1 it can go to e2, f3, h3" in message
    with pytest.raises(rules.GameRecordError, match="White's Knights stand on b1, g1"):
        rules.load_game('[Event "x"]\n\n1. e4 e5 2. Ncd2 *\n')
    with pytest.raises(rules.GameRecordError, match="chess has no piece letter Z; its letters are B K N P Q R"):
        rules.load_game('[Event "x"]\n\n1. Zf3 *\n')
