"""Record files as other programs write them: UTF-8 with or without a byte order mark,
Windows line ends, and Latin-1 (the PGN standard's encoding) with Windows-1252's extra letters."""

from __future__ import annotations

from pathlib import Path

import pytest

import rules
from rules.files import decode_text, read_user_file

TWO_GAMES = (
    '[Event "Tournoi de Montréal"]\n[White "Müller, Jürgen"]\n[Black "Œdipe, François"]\n'
    '[Annotator "“Zoë”"]\n[Result "1-0"]\n\n1. e4 {Très fort €} e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n'
    '[Event "Blitz"]\n[White "Ñúñez"]\n[Black "Åström"]\n[Result "*"]\n\n1. d4 d5 *\n'
)


@pytest.mark.parametrize(
    ("encoding", "prefix", "line_end"),
    [
        ("utf-8", b"", "\n"),
        ("utf-8", b"\xef\xbb\xbf", "\n"),
        ("utf-8", b"\xef\xbb\xbf", "\r\n"),
        ("cp1252", b"", "\r\n"),
        ("cp1252", b"", "\n"),
    ],
)
def test_other_programs_files_read_with_their_letters(tmp_path: Path, encoding: str, prefix: bytes,
                                                      line_end: str) -> None:
    path = tmp_path / "games.pgn"
    path.write_bytes(prefix + TWO_GAMES.replace("\n", line_end).encode(encoding))
    text = read_user_file(path, "game record")
    listed = rules.list_games(text)
    assert [g.tags["White"] for g in listed] == ["Müller, Jürgen", "Ñúñez"]
    assert listed[0].tags["Black"] == "Œdipe, François" and listed[0].tags["Annotator"] == "“Zoë”"
    assert [g.first_line for g in listed] == [1, 9]
    game = rules.load_game(text)
    assert game.result is not None and game.result.reason == "checkmate"
    assert rules.load_game(text, 1).ply == 2
    assert rules.read_pgn(text)[0].root.variations[0].comments == ["Très fort €"]
    assert rules.load_game_file(path).fen() == game.fen()


def test_a_latin_1_file_with_the_bytes_windows_1252_leaves_out_keeps_them() -> None:
    assert decode_text(b"Caf\xe9 \x80 \x81", "x.pgn") == "Café € \x81"
    assert decode_text("Zoë".encode(), "x.pgn") == "Zoë"  # UTF-8 first: never read as two letters


def test_an_error_in_a_crlf_file_names_the_line_as_an_editor_counts_it(tmp_path: Path) -> None:
    path = tmp_path / "bad.pgn"
    path.write_bytes(TWO_GAMES.replace("Qxf7#", "Qxf8").replace("\n", "\r\n").encode("cp1252"))
    with pytest.raises(rules.GameRecordError) as info:
        rules.load_game_file(path)
    assert info.value.line == 7 and "game 1: move 'Qxf8'" in str(info.value)
