"""Listing PGN files by streaming (rules/pgnscan.py): the games are cut exactly where the tree
reader (rules.pgntree.read_texts) cuts them, each game read alone from its byte range gives the
same tree, and files of any size list in pieces with progress and a way to stop."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

import rules
from rules import pgnscan
from rules.pgntree import read_texts

SIMPLE = '[Event "A"]\n[White "Ann"]\n\n1. e4 e5 2. Nf3 1-0\n\n[Event "B"]\n[Black "Bob"]\n\n1. d4 d5 0-1\n'

CASES = {
    "simple": SIMPLE,
    "tag section without moves": '[Event "A"]\n[White "x"]\n\n[Event "B"]\n\n1. e4 *\n',
    "repeated tag": '[Event "A"]\n[Event "B"]\n1. e4 *\n',
    "blank line inside a tag section ends it": '[Event "A"]\n  \t\n[Site "S"]\n\n1. e4 *\n',
    "comment holding tag lines": '[Event "A"]\n\n1. e4 {see\n[Event "not a tag"]\n\n} e5 *\n\n[Event "B"]\n\n1. d4 *\n',
    "escape lines": '% a header\n[Event "A"]\n%escape\n[Site "x"]\n\n1. e4 *\n%\n[Event "B"]\n1. d4 *',
    "semicolon comments": '[Event "A"]\n\n1. e4 ; a { brace\ne5 1-0\n[Event "B"]\n\n1. d4 ; [Event "hidden"]\n*\n',
    "no tags": "1. e4 e5 *\n\n1. d4 *\n2. c4\n",
    "no result before the next tags": '[Event "A"]\n1. e4\n[Event "B"]\n1. d4',
    "a result inside a variation": '[Event "A"]\n\n1. e4 (1. d4 1-0) e5 *\n[Event "B"]\n*\n',
    "a game begun mid-line by a comment": '[Event "A"]\n\n1. e4 * {next} 1. d4 $1 *\n',
    "a game begun mid-line by a bracket word": '[Event "A"]\n\n1. e4 * [Foo 2. d4\n',
    "a game begun mid-line by a percent word": "1. e4 * %odd e5 *\n",
    "clock comments": '[Event "L"]\n\n1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:02:59] } 1-0\n\n'
                      '[Event "M"]\n\n1. d4 { [%eval 0.2] } *\n',
    "stray quotes": '[White ""Socrates Expert""]\n[Black "B"]\n\n1. e4 *\n',
    "a comment after a result begins the next game": '[Event "A"]\n\n1. e4 1-0 {about B}\n[Event "B"]\n\n1. d4 *\n',
    "nested variations": '[Event "A"]\n\n1. e4 (1. d4 (1. c4 *) 1... d5) 1... e5 *\n\n[Event "B"]\n1. f4 *\n',
    "letter groups": '[Variant "cuisinart"]\n\n1. {DH}c3 e5 2. Nxe3={PN}+ *\n[Event "B"]\n1. e4 *\n',
    "numbers and e.p. alone": '[Event "A"]\n\n1. 2... e.p.\n[Event "B"]\n1. e4 *\n',
    "unicode spaces": '[Event "A"]\n\n1.\u00a0\n[Event "B"]\n1.\u2003e4 *\n',
    # What the byte patterns that pass over move text and tag lines could get wrong:
    "results glued to words": '[Event "A"]\n\n1. Nf3* e5 a1-b2 g1-0 1/2 Kf1-0-1 *\n[Event "B"]\n1. e4 *\n',
    "a result glued to a letter group": '[Event "A"]\n\n1. e4 e5\n2. d4{AB}1-0 d5 {c}1-0\n[Event "B"]\n\n1. d4 *\n',
    "a result after a variation": '[Event "A"]\n\n1. e4 (1. d4)1-0 e5 (1... c5) 0-1\n\n[Event "B"]\n1. e4 *\n',
    "results in comments and variations on one line": (
        '[Event "A"]\n\n1. e4 {1-0 ( ; *} (1. d4 {)} 1-0 *) e5 {x} 1/2-1/2\n[Event "B"]\n1. e4 *\n'
    ),
    "a variation over lines": '[Event "A"]\n\n1. e4 (1. d4 1-0\n2. c4) e5 *\n[Event "B"]\n1. c4 *\n',
    "a variation holding a line comment": '[Event "A"]\n\n1. e4 (1. d4 ; ) 1-0\n) e5 *\n[Event "B"]\n*\n',
    "a comment over lines after quiet lines": (
        '[Event "A"]\n\n1. e4 e5\n2. Nf3 {a\n[Event "no"]\n1-0 b} Nc6\n3. Bb5 *\n\n[Event "B"]\n1. e4 *\n'
    ),
    "a repeated tag within a run": '[Event "A"]\n[White "x"]\n[Event "B"]\n[White "y"]\n\n1. e4 *\n',
    "tag lines of other shapes within a run": (
        '[Event "A"]\n[Site-X "s"]\n[White "é" ]\u00a0\n[Black  "B" ]  \n\n1. e4 *\n[Event "B"]\n1. d4 *\n'
    ),
    "tags with escaped quotes and spaces": '[Event "a \\"b\\" c"]\n [ White\t"x" ] \n\n1. e4 *\n',
    "tags after a comment in a tag section": '[Event "A"]\n{c}\n\n[White "x"]\n\n1. e4 *\n',
    "a tag section with a blank line in it": '[Event "A"]\n[Site "S"]\n\n[White "W"]\n[Black "B"]\n\n1. e4 *\n',
    "moves before any tag": '1. e4 e5 2. Nf3 1-0\n\n1. d4 {x} d5 0-1\n\n[Event "C"]\n\n1. c4 *\n',
    "first moves that are no move": '[Event "A"]\n\n1. e.p. $1 2... 1-0\n[Event "B"]\n1. e.p.x *\n',
    "a result at the end without a line end": '[Event "A"]\n\n1. e4 e5 1-0',
    "a star at the end without a line end": '[Event "A"]\n\n1. e4 *',
    "a tag at the end without a line end": '[Event "A"]\n\n1. e4 *\n[Event "B"]',
    "a result then spaces": '[Event "A"]\n\n1. e4 * \t \n[Event "B"]\n\n1. e4 1-0\t\n',
    "a result then another word": '[Event "A"]\n\n1. e4 1-0 e5\n2. d4 *\n',
    "escape lines in move text": '[Event "A"]\n\n1. e4\n%1-0 ( {\ne5 *\n[Event "B"]\n1. e4 *\n',
}


def _scan(data: bytes) -> list[pgnscan.ListedGame]:
    return list(pgnscan.scan_games(io.BytesIO(data), len(data)))


def _assert_agree(tmp_path: Path, data: bytes, text: str) -> None:
    """The listing of ``data`` cuts where read_texts cuts ``text`` (its decoding), and each
    game's bytes read alone give the same tree."""
    expected = read_texts(text)
    listed = _scan(data)
    assert [g.first_line for g in listed] == [t.first_line for t in expected]
    path = tmp_path / "games.pgn"
    path.write_bytes(data)
    listing = pgnscan.list_file(str(path))
    assert len(listing) == len(expected)
    for index, tree in enumerate(expected):
        alone = read_texts(listing.game_text(index))
        assert len(alone) == 1, (index, listing.game_text(index))
        assert alone[0].same_as(tree), (index, listing.game_text(index))
        assert listing[index].tag("White") == tree.headers.get("White", "")
        assert listing[index].tag("Event") == tree.headers.get("Event", "")
    if listed:
        last = listed[-1]
        assert last.offset + last.length == len(data)
        assert all(a.offset + a.length == b.offset for a, b in zip(listed, listed[1:], strict=False))


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_listing_cuts_games_where_the_tree_reader_does(tmp_path, name):
    text = CASES[name]
    _assert_agree(tmp_path, text.encode("utf-8"), text)


@pytest.mark.parametrize("name", ["simple", "comment holding tag lines", "semicolon comments", "escape lines"])
def test_crlf_and_byte_order_marks_change_nothing(tmp_path, name):
    text = CASES[name]
    crlf = text.replace("\n", "\r\n")
    _assert_agree(tmp_path, crlf.encode("utf-8"), crlf)
    _assert_agree(tmp_path, ("\ufeff" + crlf).encode("utf-8"), "\ufeff" + crlf)
    assert [g.first_line for g in _scan(crlf.encode())] == [g.first_line for g in _scan(text.encode())]


def test_a_latin1_file_lists_and_reads_with_its_accents(tmp_path):
    text = '[Event "Zürich"]\n[White "Müller, Jörg"]\n\n1. e4 {très bien} e5 1-0\n\n[White "Ødegård"]\n\n1. d4 *\n'
    data = text.encode("latin-1")
    _assert_agree(tmp_path, data, text)
    listed = _scan(data)
    assert [g.tag("White") for g in listed] == ["Müller, Jörg", "Ødegård"]
    path = tmp_path / "latin.pgn"
    path.write_bytes(data)
    record = rules.read_pgn(pgnscan.list_file(str(path)).game_text(0))[0]
    assert record.headers["Event"] == "Zürich" and record.root.variations[0].comments == ["très bien"]


def _random_text(rng: random.Random) -> str:
    """A PGN-like text from pieces that stress where games begin and end."""
    pieces: list[str] = []
    for _ in range(rng.randint(1, 12)):
        kind = rng.choice(["tags", "tags", "moves", "moves", "comment", "blank", "escape", "semi", "result",
                           "variation", "number", "glued"])
        if kind == "tags":
            for name in rng.sample(["Event", "Site", "White", "Black", "Result", "Date"], rng.randint(1, 3)):
                pieces.append(f'{rng.choice(["", " ", chr(9)])}[{name} "{rng.choice(["x", "y z", "é"])}"]\n')
                if rng.random() < 0.2:
                    pieces.append("\n")
        elif kind == "moves":
            pieces.append(" ".join(rng.choice(["1.", "e4", "2...", "Nf3", "e.p.", "$3", "O-O", "{GR}e4"])
                                   for _ in range(rng.randint(1, 5))) + rng.choice(["\n", " "]))
        elif kind == "comment":
            inner = rng.choice(["note", "[Event \"no\"]", "a\n[White \"no\"]\nb", "\n\n", "1-0 (", "; x"])
            pieces.append("{" + inner + "}" + rng.choice(["\n", " "]))
        elif kind == "blank":
            pieces.append(rng.choice(["\n", " \n", "\t\n"]))
        elif kind == "escape":
            pieces.append(rng.choice(["%skip [Event \"no\"]\n", "% {\n"]))
        elif kind == "semi":
            pieces.append(rng.choice(["; {rest\n", "e4 ; [Event \"no\"]\n"]))
        elif kind == "result":
            pieces.append(rng.choice(["1-0", "0-1", "1/2-1/2", "*"]) + rng.choice(["\n", " ", "\n\n"]))
        elif kind == "variation":
            pieces.append(rng.choice(["e4 (d4 1-0) ", "e4 (d4 (c4) {x}) ", "e4 ({pre} d4 $1) "]))
        elif kind == "glued":  # results and letter groups glued to words, dashes that are no result
            pieces.append(rng.choice(["Nf3* ", "e4{AB}1-0 ", "a1-b2 ", "g1-0 ", "1/2 ", "e4 (d4)1-0 ", "{c}0-1 ",
                                      "e4 {AB}e5 ", "e5 1-0-1 "]) + rng.choice(["", "\n"]))
        else:
            pieces.append(rng.choice(["1. ", "12... ", "... "]))
    return "".join(pieces)


def _readable_random_texts(seed: int, count: int) -> Iterator[str]:
    rng = random.Random(seed)
    tried = agreed = 0
    while agreed < count:
        tried += 1
        text = _random_text(rng)
        if rng.random() < 0.3:
            text = text.replace("\n", "\r\n")
        try:
            read_texts(text)
        except rules.GameRecordError:
            continue  # the tree reader refuses it: nothing to agree with
        yield text
        agreed += 1
    assert tried < 10 * count  # most random texts are readable, so the comparison covers them


def test_the_listing_agrees_with_the_tree_reader_on_random_texts(tmp_path):
    for text in _readable_random_texts(47, 300):
        _assert_agree(tmp_path, text.encode("utf-8"), text)


@pytest.mark.parametrize("name", sorted(CASES))
def test_blocks_of_any_size_change_nothing(tmp_path, monkeypatch, name):
    """The file is read in blocks: edges inside tags, comments, CRLF pairs and results."""
    text = CASES[name]
    for variant in (text, text.replace("\n", "\r\n")):
        for size in (1, 2, 3, 5, 8, 13):
            monkeypatch.setattr(pgnscan, "READ_BYTES", size)
            _assert_agree(tmp_path, variant.encode("utf-8"), variant)


def test_random_texts_read_in_small_blocks_agree(tmp_path, monkeypatch):
    rng = random.Random(4747)
    for text in _readable_random_texts(48, 150):
        monkeypatch.setattr(pgnscan, "READ_BYTES", rng.randint(1, 40))
        _assert_agree(tmp_path, text.encode("utf-8"), text)


def test_random_texts_with_lines_cut_in_pieces_agree(tmp_path, monkeypatch):
    """Lines longer than MAX_LINE_BYTES go to the cutter in pieces, each cut after a space:
    every token of these texts is shorter than a piece, so none is cut."""
    rng = random.Random(474)
    for text in _readable_random_texts(49, 150):
        long_lines = _joined_move_lines(text)
        try:
            read_texts(long_lines)
        except rules.GameRecordError:
            long_lines = text
        monkeypatch.setattr(pgnscan, "MAX_LINE_BYTES", rng.randint(24, 40))
        monkeypatch.setattr(pgnscan, "READ_BYTES", rng.randint(1, 50))
        _assert_agree(tmp_path, long_lines.encode("utf-8"), long_lines)


def _joined_move_lines(text: str) -> str:
    """The text with lines of move text joined into longer ones (tag and "%" lines kept alone:
    a tag line longer than a piece loses its value, which is the listing's known limit)."""
    lines = text.split("\n")
    joined = [lines[0]]
    for line in lines[1:]:
        if line.lstrip(" \t").startswith(("[", "%")) or joined[-1].lstrip(" \t").startswith(("[", "%")):
            joined.append(line)
        else:
            joined[-1] += " " + line
    return "\n".join(joined)


LONG_LINE_CASES = {
    # Cut at the 16th byte, the word Nf3abcd* would leave a piece "*": a result, ending the game.
    "a word at a piece's edge": '[Event "A"]\n\n1. e4 e5 Nf3abcd* Nc6 *\n[Event "B"]\n1. d4 *\n',
    # Cut after its 16th byte, the line leaves a piece beginning "[Foo": a word, not a tag line.
    "a piece beginning with a bracket": '[Event "A"]\n\n1. e4 e5 2. 1-0 [Foo "x"] *\n',
    "a line comment over pieces": '[Event "A"]\n\n1. e4 ; a comment with 1-0 and { and [Event "no"] in it\ne5 *\n',
    "a comment over pieces": '[Event "A"]\n\n1. e4 {a comment that holds 1-0 ( and ; in it} e5 1-0 {c} 1. d4 *\n',
    "a comment without spaces over pieces": '[Event "A"]\n\n1. e4 {' + "x" * 40 + '} e5 *\n[Event "B"]\n1. d4 *\n',
    "a variation over pieces": '[Event "A"]\n\n1. e4 (1. d4 d5 2. c4 1-0 {c}) e5 2. Nf3 Nc6 *\n[Event "B"]\n*\n',
    "CRLF pairs at pieces' edges": '[Event "A"]\r\n\r\n1. e4 {' + "y" * 14 + '}\r\n' + "e5 " * 9 + '*\r\n',
}


@pytest.mark.parametrize("name", sorted(LONG_LINE_CASES))
def test_lines_longer_than_a_piece_are_cut_between_tokens(tmp_path, monkeypatch, name):
    text = LONG_LINE_CASES[name]
    monkeypatch.setattr(pgnscan, "MAX_LINE_BYTES", 16)
    for size in (1, 3, 7, 16, 64):
        monkeypatch.setattr(pgnscan, "READ_BYTES", size)
        _assert_agree(tmp_path, text.encode("utf-8"), text)


def test_progress_is_reported_and_a_stop_request_ends_the_listing(tmp_path, monkeypatch):
    monkeypatch.setattr(pgnscan, "REPORT_BYTES", 4096)
    data = (SIMPLE * 2000).encode()
    seen: list[tuple[int, int]] = []
    games = list(pgnscan.scan_games(io.BytesIO(data), len(data), lambda done, total: seen.append((done, total))))
    assert len(games) == 4000
    assert seen[-1] == (len(data), len(data)) and len(seen) > 10
    assert all(a[0] < b[0] for a, b in zip(seen, seen[1:], strict=False))
    path = tmp_path / "many.pgn"
    path.write_bytes(data)
    calls = []
    with pytest.raises(pgnscan.ListingCancelled) as stopped:
        pgnscan.list_file(str(path), stop=lambda: calls.append(1) or len(calls) >= 3)
    assert 0 < stopped.value.read < len(data) and 0 < stopped.value.games < 4000


def test_a_game_too_long_to_read_is_refused_in_words_but_the_others_read(tmp_path, monkeypatch):
    path = tmp_path / "long.pgn"
    long_comment = "{" + "x" * 5000 + "}"
    path.write_text(f'[Event "A"]\n\n1. e4 {long_comment} *\n\n[Event "B"]\n\n1. d4 *\n', encoding="utf-8")
    listing = pgnscan.list_file(str(path))
    monkeypatch.setattr(pgnscan, "MAX_RECORD_CHARS", 4096)
    with pytest.raises(rules.GameRecordError) as refused:
        listing.game_text(0)
    message = str(refused.value)
    assert "game 1 (from line 1) is 5 KB long" in message and "up to 4 KB" in message
    assert "MAX" not in message
    assert rules.read_pgn(listing.game_text(1))[0].headers == {"Event": "B"}


def test_a_file_changed_after_listing_is_not_read_from_the_old_offsets(tmp_path):
    path = tmp_path / "games.pgn"
    path.write_text(SIMPLE, encoding="utf-8")
    listing = pgnscan.list_file(str(path))
    path.write_text('[Event "other"]\n\n*\n' + SIMPLE, encoding="utf-8")
    with pytest.raises(rules.UserFileError, match="changed since its games were listed"):
        listing.game_text(1)


def test_files_that_are_no_game_records_are_refused_in_words(tmp_path):
    with pytest.raises(rules.UserFileError, match="is a folder"):
        pgnscan.list_file(str(tmp_path))
    with pytest.raises(rules.UserFileError, match="no such file"):
        pgnscan.list_file(str(tmp_path / "absent.pgn"))
    wide = tmp_path / "wide.pgn"
    wide.write_bytes(SIMPLE.encode("utf-16"))
    with pytest.raises(rules.UserFileError, match="UTF-16"):
        pgnscan.list_file(str(wide))
    zeros = tmp_path / "zeros.pgn"
    with zeros.open("wb") as handle:
        handle.truncate(9 * 1024 * 1024)  # larger than one game may be; refused for what it holds
    with pytest.raises(rules.UserFileError, match="zero bytes"):
        pgnscan.list_file(str(zeros))


def test_an_empty_file_has_no_games(tmp_path):
    path = tmp_path / "empty.pgn"
    path.write_bytes(b"\n  \n% only an escape\n")
    assert len(pgnscan.list_file(str(path))) == 0
