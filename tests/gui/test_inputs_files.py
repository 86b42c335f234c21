"""Files that are not game records (FIFOs, devices, folders, UTF-16, oversized) and bad
pasted text get a named dialog at once, and the game in progress stays (issue 19)."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

import pytest

import rules
from fairygui.app import game_from_args

from .test_editor import open_editor
from .test_files import play

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX feature")


def _fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe.pgn"
    os.mkfifo(path)
    return path


def _assert_kept(window, before: str) -> None:
    assert window.controller.game.fen() == before
    assert window.controller.play_text("f1e2")  # the game goes on


def test_open_refuses_a_fifo_without_blocking(window, tmp_path):
    play(window)
    before = window.controller.game.fen()
    assert not window.open_file(str(_fifo(tmp_path)))
    assert "not a regular file" in window.last_error.text()
    assert "unchanged" in window.last_error.text()
    _assert_kept(window, before)


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/stdin"])
def test_open_refuses_devices(window, device):
    if not Path(device).exists():
        pytest.skip(f"{device} does not exist here")
    play(window)
    before = window.controller.game.fen()
    assert not window.open_file(device)
    assert device in window.last_error.text()
    _assert_kept(window, before)


def test_open_refuses_folders_utf16_and_oversized_files(window, tmp_path):
    play(window)
    before = window.controller.game.fen()
    assert not window.open_file(str(tmp_path))
    assert "folder" in window.last_error.text()
    utf16 = tmp_path / "wide.pgn"
    utf16.write_bytes(rules.game_record(rules.new_game("chess")).encode("utf-16"))
    assert not window.open_file(str(utf16))
    assert "UTF-16" in window.last_error.text()
    big = tmp_path / "big.pgn"
    with big.open("wb") as handle:
        handle.truncate(9 * 1024 * 1024)  # a sparse file: large, cheap to make
    assert not window.open_file(str(big))
    assert "is larger than 8 MiB" in window.last_error.text()
    _assert_kept(window, before)


def test_open_recent_entry_that_became_a_fifo(window, tmp_path):
    play(window)
    before = window.controller.game.fen()
    fifo = _fifo(tmp_path)
    window.note_file(str(fifo))
    entry = next(a for a in window.recent_menu.actions() if a.toolTip() == str(fifo))
    entry.trigger()
    assert "not a regular file" in window.last_error.text()
    _assert_kept(window, before)


def test_a_huge_bad_record_gives_a_short_dialog(window, qtbot, tmp_path):
    play(window)
    before = window.controller.game.fen()
    path = tmp_path / "huge.pgn"
    path.write_text('[Variant "chess"]\n\n1. ' + "q" * 7_000_000 + " *\n", encoding="utf-8")
    with qtbot.waitSignal(window.controller.loadFailed, timeout=20000):
        assert window.open_file(str(path))
    text = window.last_error.text() + window.last_error.informativeText()
    assert "cannot read move" in text and len(text) < 2000
    _assert_kept(window, before)


def test_pasting_position_text_with_unicode_digits_names_the_counter(window):
    play(window, ("e2e4",))
    before = window.controller.game.fen()
    assert not window.paste("4k3/8/8/8/8/8/8/4K3 w - - ² 1")
    assert "halfmove clock" in window.last_error.text()
    assert window.controller.game.fen() == before


def test_the_command_line_refuses_a_fifo(tmp_path):
    args = argparse.Namespace(game=str(_fifo(tmp_path)), variant=None, fen=None, moves=None, option=[])
    with pytest.raises(rules.UserFileError, match="not a regular file"):
        game_from_args(args)


def test_the_setup_editor_refuses_a_fifo(window, qtbot, tmp_path):
    editor = open_editor(window, qtbot)
    before = editor.draft.text()
    assert not editor.files.open_file(str(_fifo(tmp_path)))
    assert "not a regular file" in editor.files.last_error.text()
    assert editor.draft.text() == before


def test_a_game_no_record_could_read_back_is_refused_at_save_time(window, tmp_path, monkeypatch):
    folder = tmp_path / "variants"
    folder.mkdir()
    (folder / "odd.toml").write_text(
        '[variant.odd]\nparent = "chess"\nname = "Odd"\n\n'
        '[variant.odd.options." odd"]\ndescription = "a name a record cannot hold"\n'
        'default = "a"\nchoices = ["a", "b"]\n'
    )
    monkeypatch.setenv("FAIRYCHESS_VARIANTS", str(folder))
    rules.reload_catalogue()
    try:
        window.controller.new_game("odd")
        assert window.controller.play_text("e2e4")
        target = tmp_path / "odd.pgn"
        assert not window.save_to(str(target))
        assert "cannot be written" in window.last_error.text()
        assert not target.exists() and not list(tmp_path.glob(".fairygui-*"))
        assert window.controller.game.ply == 1
    finally:
        monkeypatch.delenv("FAIRYCHESS_VARIANTS")
        rules.reload_catalogue()
