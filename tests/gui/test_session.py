"""The session keeper in the window (``fairygui/session.py``): what it writes and when, what
it never overwrites, the settings' old game, the editor's draft, and settings files full of
wrong values. The real-process crash tests are in ``test_crash_safety.py``."""

from __future__ import annotations

import os
import random

from PySide6.QtCore import QSettings
from sessions import new_window, restore

import rules
import rules.engine
from fairygui.controller import OVERWRITE
from fairygui.editor.link import show_editor
from fairygui.journal import encode, read_journal
from fairygui.paths import DATA_ENV


def test_the_journal_lives_beside_a_private_settings_file(window, private_settings):
    window.controller.play_text("e2e4")
    assert window.session.game_journal.path == private_settings.parent / "settings-data" / "session.journal"
    assert window.session.game_journal.path.is_file()


def test_every_kind_of_change_is_journalled_before_the_call_returns(window):
    c = window.controller
    path = window.session.game_journal.path

    def newest() -> dict:
        return read_journal(path).entries[-1]

    c.play_text("e2e4")
    c.play_text("e7e5")
    assert newest()["moves"] == ["e2e4", "e7e5"] and newest()["ply"] == 2
    c.undo()
    assert newest()["ply"] == 1 and newest()["moves"] == ["e2e4", "e7e5"]
    c.redo()
    assert newest()["ply"] == 2
    c.go_to(0)
    assert newest()["ply"] == 0
    c.play(c.game.parse_move("d2d4"), OVERWRITE)  # a different move replaces the rest of the line
    assert newest()["moves"] == ["d2d4"]
    c.new_game("friendly", {"setup": "alternate-2"})
    assert newest()["variant"] == "friendly" and newest()["options"]["setup"] == "alternate-2"
    c.play_text("e1/hia-off")
    assert newest()["moves"] == ["e1/hia-off"]


def test_making_a_window_or_closing_it_unused_writes_nothing(window, qtbot, private_settings):
    window.controller.play_text("e2e4")
    path = window.session.game_journal.path
    before = path.read_bytes()
    second = new_window(qtbot, private_settings)
    assert path.read_bytes() == before
    second.close()
    assert path.read_bytes() == before


def test_closing_while_the_last_game_is_read_keeps_the_journal(window, qtbot, private_settings):
    for text in ("e2e4", "e7e5", "g1f3"):
        window.controller.play_text(text)
    window.close()
    path = window.session.game_journal.path
    before = path.read_bytes()
    second = new_window(qtbot, private_settings)
    second.restore_last_game()
    second.close()  # before the background read reports
    assert path.read_bytes() == before
    third = new_window(qtbot, private_settings)
    restore(third, qtbot)
    assert [str(i.move) for i in third.controller.line] == ["e2e4", "e7e5", "g1f3"]


def test_a_game_an_older_version_kept_in_the_settings_is_read_once(qtbot, private_settings):
    game = rules.new_game("chess")
    for text in ("c2c4", "e7e5"):
        game.play(text)
    store = QSettings(str(private_settings), QSettings.Format.IniFormat)
    store.setValue("session/record", rules.game_record(game))
    store.setValue("session/ply", 1)
    store.sync()
    window = new_window(qtbot, private_settings)
    restore(window, qtbot)
    assert [str(i.move) for i in window.controller.line] == ["c2c4", "e7e5"]
    assert window.controller.ply == 1
    assert window.settings.last_game() is None  # the journal has it now
    assert read_journal(window.session.game_journal.path).entries[-1]["moves"] == ["c2c4", "e7e5"]


def test_a_journal_that_cannot_be_written_is_said_once_and_play_goes_on(tmp_path, monkeypatch, qtbot,
                                                                         private_settings):
    (tmp_path / "a-file").write_text("not a folder")
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "a-file" / "data"))
    window = new_window(qtbot, private_settings)
    window.controller.play_text("e2e4")
    box = window.last_error
    assert box is not None and "cannot write" in box.text()
    window.controller.play_text("e7e5")
    assert window.last_error is box  # not a dialog per move
    assert [str(m) for m in window.controller.game.history] == ["e2e4", "e7e5"]


def test_a_draft_left_in_a_closed_editor_is_one_undo_away(window, qtbot, private_settings):
    editor = show_editor(window.workspace)
    draft = editor.draft.copy()
    draft.remove("e2")
    editor.set_draft(draft, None)
    edited = editor.draft.text()
    editor.hide()
    window.close()
    second = new_window(qtbot, private_settings)
    restore(second, qtbot)
    assert second.session.pending_draft is not None
    reopened = show_editor(second.workspace)
    assert reopened.draft.text() != edited  # the editor opens on the game, as always
    reopened.model.undo()
    assert reopened.draft.text() == edited


def test_a_damaged_draft_journal_is_kept_aside_and_its_whole_entries_used(window, qtbot, private_settings):
    editor = show_editor(window.workspace)
    draft = editor.draft.copy()
    draft.remove("a1")
    editor.set_draft(draft, None)
    kept_text = editor.draft.text()
    editor.hide()
    path = window.session.draft_journal.path
    window.close()  # a window still open keeps its journals: another one takes fresh ones
    damaged = path.read_bytes() + b"\x00garbage\xff cut sh"
    path.write_bytes(damaged)
    second = new_window(qtbot, private_settings)
    restore(second, qtbot)
    kept = list(path.parent.glob("draft.journal.broken-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == damaged
    assert "draft" in second.status_text() and str(kept[0]) in second.status_text()
    assert second.session.pending_draft is not None
    assert second.session.pending_draft.text() == kept_text


SETTING_KEYS = ("window/geometry", "window/state", "board/flipped", "board/coordinates", "overlays/hia",
                "export/width", "game/variant", "players/white", "players/black", "players/white_level",
                "players/black_level", "files/last_dir", "files/recent", "session/record", "session/ply")
#: Values as a hand-edited or damaged INI file may hold them.
WRONG_VALUES = ("42", "-1", "1" + "0" * 30, "1.5", "", "x" * 5000, "a, 3", "@Variant(\\0\\0\\0\\x7f\\xff)",
                "@ByteArray(\\xff\\0)", "@Invalid()", "true", "\u00b2", "9" * 5000, "@Rect(1 2 3)",
                "[Variant \\\"nope\\\"]", "@Size(-5 -5)")


def test_wrongly_typed_settings_fall_back_to_their_defaults(qtbot, private_settings):
    rng = random.Random(1919)
    for _ in range(5):
        groups: dict[str, list[str]] = {}
        for key in SETTING_KEYS:
            group, name = key.split("/")
            groups.setdefault(group, []).append(f"{name}={rng.choice(WRONG_VALUES)}")
        private_settings.write_text("".join(f"[{g}]\n" + "\n".join(lines) + "\n" for g, lines in groups.items()),
                                    encoding="utf-8")
        window = new_window(qtbot, private_settings)
        restore(window, qtbot)
        assert window.controller.game.variant in rules.variant_ids()
        assert 16 <= window.settings.export_width() <= 20000
        assert all(isinstance(p, str) for p in window.settings.recent_files())
        players, levels = window.controller.players, window.controller.levels
        assert set(players.values()) <= {"human", "computer"}
        assert set(levels.values()) <= set(rules.engine.level_names())
        window.close()
        os.remove(private_settings)


def test_a_settings_file_of_random_bytes_opens_the_window(qtbot, private_settings):
    rng = random.Random(7)
    private_settings.write_bytes(bytes(rng.randrange(256) for _ in range(4000)))
    window = new_window(qtbot, private_settings)
    restore(window, qtbot)
    assert window.controller.game.variant == "chess"


def test_a_last_variant_that_cannot_start_falls_back_to_chess_with_a_message(qtbot, private_settings):
    store = QSettings(str(private_settings), QSettings.Format.IniFormat)
    store.setValue("game/variant", "no-such-variant")
    store.sync()
    window = new_window(qtbot, private_settings)
    restore(window, qtbot)
    assert window.controller.game.variant == "chess"
    box = window.last_error
    assert box is not None and "no-such-variant cannot start" in box.text()
    assert "standard chess" in box.text()


def test_a_journal_that_cannot_be_read_is_kept_aside_and_a_new_game_starts(window, qtbot, private_settings):
    path = window.session.game_journal.path
    window.close()
    path.unlink()
    path.mkdir()  # a folder where the journal should be: unreadable as a journal
    second = new_window(qtbot, private_settings)
    restore(second, qtbot)
    kept = list(path.parent.glob("session.journal.broken-*"))
    assert len(kept) == 1 and kept[0].is_dir()
    assert second.controller.game.history == []
    assert "not a regular file" in second.last_error.text()
    second.controller.play_text("e2e4")
    assert read_journal(path).entries[-1]["moves"] == ["e2e4"]


def test_a_fresh_start_is_a_new_game_of_the_last_variant(window, qtbot, private_settings):
    window.controller.new_game("pocket43")
    window.controller.play_text("e2e4")
    window.close()
    second = new_window(qtbot, private_settings)
    second.session.start_default_game()  # what --new does
    assert second.controller.game.variant == "pocket43"
    assert second.controller.game.history == []
    assert read_journal(second.session.game_journal.path).entries[-1]["variant"] == "pocket43"


def test_a_restored_computer_player_moves_when_it_is_its_turn(window, qtbot, private_settings):
    window.controller.play_text("e2e4")
    path = window.session.game_journal.path
    entry = read_journal(path).entries[-1]
    window.close()
    entry["players"] = {"white": "human", "black": "computer"}
    entry["levels"] = {"white": "novice", "black": "beginner"}
    path.write_bytes(encode(entry))
    second = new_window(qtbot, private_settings)
    restore(second, qtbot)
    assert second.controller.players == {"white": "human", "black": "computer"}
    assert second.controller.levels["black"] == "beginner"
    # Black is the computer and to move: it answers without being asked.
    qtbot.waitUntil(lambda: len(second.controller.game.history) == 2, timeout=120000)
    second.close()
