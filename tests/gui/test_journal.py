"""The write-ahead journal file (``fairygui/journal.py``) and the game entries written to it
(``fairygui/sessionstate.py``): round trips, damage, compaction, odd files, permissions."""

from __future__ import annotations

import json
import os
import random
import stat

import pytest

import rules
from fairygui.journal import Journal, JournalError, decode, encode, keep_aside, read_journal
from fairygui.sessionstate import game_entry, rebuild_game


def entry(number: int) -> dict:
    return {"kind": "session", "n": number, "text": f"line\nbreak; semicolon \u00e9 {number}", "x": 1.5}


def test_an_entry_is_one_ascii_line_and_reads_back_exactly():
    line = encode(entry(7))
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    line.decode("ascii")
    assert decode(line[:-1]) == entry(7)


def test_each_append_is_on_the_disk_and_readable_at_once(tmp_path):
    journal = Journal(tmp_path / "j")
    journal.start(entry(0))
    for n in range(1, 6):
        journal.append(entry(n))
        # Read by another handle while the journal is still open: nothing waits in a buffer.
        assert read_journal(tmp_path / "j").entries[-1] == entry(n)
    journal.close()


def test_an_entry_equal_to_the_last_is_not_written_again(tmp_path):
    journal = Journal(tmp_path / "j")
    journal.start(entry(1))
    assert journal.append(entry(1)) is False
    assert journal.append(entry(2)) is True
    assert len(read_journal(tmp_path / "j").entries) == 2


def test_a_last_line_cut_short_is_left_out_and_the_rest_kept(tmp_path):
    path = tmp_path / "j"
    path.write_bytes(encode(entry(1)) + encode(entry(2)) + encode(entry(3))[:-9])
    found = read_journal(path)
    assert found.entries == [entry(1), entry(2)]
    assert found.bad_lines == 1 and "cut short" in found.first_fault
    assert found.damaged


def test_a_line_whose_checksum_does_not_match_is_left_out(tmp_path):
    path = tmp_path / "j"
    good = encode(entry(2))
    # Still valid JSON after the change, so only the checksum can tell.
    tampered = encode(entry(1)).replace(b'"n":1', b'"n":9')
    path.write_bytes(tampered + good)
    found = read_journal(path)
    assert found.entries == [entry(2)]
    assert "checksum" in found.first_fault


def test_random_bytes_between_entries_are_left_out(tmp_path):
    rng = random.Random(19)
    path = tmp_path / "j"
    noise = bytes(rng.randrange(256) for _ in range(500))
    path.write_bytes(noise + b"\n" + encode(entry(1)) + noise + b"\n" + encode(entry(2)) + noise)
    found = read_journal(path)
    assert found.entries == [entry(1), entry(2)]
    assert found.bad_lines >= 2


def test_a_missing_journal_is_empty_and_not_damaged(tmp_path):
    found = read_journal(tmp_path / "none")
    assert found.entries == [] and not found.damaged


def test_a_folder_or_a_fifo_is_refused_without_blocking(tmp_path):
    (tmp_path / "dir").mkdir()
    assert "not a regular file" in read_journal(tmp_path / "dir").unreadable
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "fifo")
        assert "not a regular file" in read_journal(tmp_path / "fifo").unreadable


def test_a_growing_journal_is_compacted_to_its_newest_entry(tmp_path):
    path = tmp_path / "j"
    journal = Journal(path, compact_bytes=2000)
    journal.start(entry(0))
    size = len(encode(entry(99)))
    for n in range(1, 100):
        journal.append(entry(n))
        assert path.stat().st_size <= 2000 + size
    journal.close()
    found = read_journal(path)
    assert found.entries[-1] == entry(99) and not found.damaged
    assert len(found.entries) < 99


def test_keeping_aside_copies_and_never_reuses_a_name(tmp_path):
    path = tmp_path / "session.journal"
    path.write_bytes(b"first")
    first = keep_aside(path)
    path.write_bytes(b"second")
    second = keep_aside(path)
    assert first is not None and second is not None and first != second
    assert first.name.startswith("session.journal.broken-")
    assert first.read_bytes() == b"first" and second.read_bytes() == b"second"
    # The journal stays until a new one replaces it, so a crash meanwhile still finds one.
    assert path.read_bytes() == b"second"
    path.unlink()
    assert keep_aside(path) is None


def test_a_folder_where_the_journal_belongs_is_renamed_aside(tmp_path):
    path = tmp_path / "session.journal"
    path.mkdir()
    kept = keep_aside(path)
    assert kept is not None and kept.is_dir() and not path.exists()


def test_files_are_written_with_the_users_umask(tmp_path):
    old = os.umask(0o027)
    try:
        journal = Journal(tmp_path / "new" / "j")
        journal.start(entry(1))
        journal.append(entry(2))
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new" / "j").stat().st_mode) == 0o640
    assert stat.S_IMODE((tmp_path / "new").stat().st_mode) == 0o750


def test_a_journal_that_cannot_be_written_raises_journal_error(tmp_path):
    (tmp_path / "file").write_text("not a folder")
    journal = Journal(tmp_path / "file" / "j")
    with pytest.raises(JournalError, match="cannot write"):
        journal.start(entry(1))
    with pytest.raises(JournalError, match="cannot write"):
        journal.append(entry(1))


@pytest.mark.parametrize("variant_id", rules.variant_ids())
def test_a_game_entry_rebuilds_the_same_game_in_every_variant(variant_id):
    """Random play (seeded), moves and switches alike, then a step back: the entry, through
    JSON, gives back the same line, the same place on view and the same position."""
    rng = random.Random(f"journal-{variant_id}")
    game = rules.new_game(variant_id)
    for _ in range(40):
        choices = game.legal_moves() + game.legal_actions()
        if not choices or game.result:
            break
        game.play(rng.choice(choices))
    moves = [str(m) for m in game.history]
    for _ in range(min(3, len(moves))):
        game.undo()
    saved = json.loads(json.dumps(game_entry(game, moves, game.ply)))
    rebuilt, ply = rebuild_game(saved)
    assert [str(m) for m in rebuilt.history] == moves
    assert ply == game.ply
    while rebuilt.ply > ply:
        rebuilt.undo()
    assert rebuilt.fen() == game.fen()


def test_entries_of_the_wrong_shape_are_refused_by_name():
    good = game_entry(rules.new_game("chess"), [], 0)
    for key, value, words in (("variant", 5, "no variant"), ("moves", "e2e4", "list of move texts"),
                              ("ply", "3", "whole number"), ("options", [], "options")):
        with pytest.raises(ValueError, match=words):
            rebuild_game({**good, key: value})
    with pytest.raises(rules.RulesError, match="saved move 2"):
        rebuild_game({**good, "moves": ["e2e4", "e2e4"]})
    with pytest.raises(rules.RulesError):
        rebuild_game({**good, "variant": "no-such-variant"})
