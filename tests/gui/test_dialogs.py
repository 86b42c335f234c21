"""The new-game dialog, the rules window, settings and restoring the last game."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QDialog

import rules
from fairygui.app import main_window
from fairygui.helpwindow import variant_markdown
from fairygui.journal import read_journal
from fairygui.newgame import NewGameDialog
from fairygui.settings import Settings, open_qsettings


def test_new_game_dialog_lists_every_variant_with_description_and_preview(qtbot):
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    listed = [dialog.variants.item(i).data(0x0100) for i in range(dialog.variants.count())]
    listed = [vid for vid in listed if vid is not None]  # family headings carry no id
    assert sorted(listed) == sorted(rules.variant_ids()) and len(listed) == len(set(listed))
    for vid in listed:
        dialog.select_variant(vid)
        vdef = rules.variant(vid)
        assert vdef.name in dialog.title.text()
        assert vdef.description.split(".")[0] in dialog.description.text()
        assert not dialog.preview.pixmap().isNull()
        assert set(dialog.option_boxes) == set(vdef.options)
        assert dialog.error.text() == ""


def test_new_game_dialog_explains_each_option_and_returns_the_choice(qtbot):
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    dialog.select_variant("chess")
    box = dialog.option_boxes["fifty_move_rule"]
    assert box.toolTip() == rules.variant("chess").options["fifty_move_rule"].description
    dialog.set_option("fifty_move_rule", False)
    choice = dialog.choice()
    assert choice.variant == "chess"
    assert choice.options == {"fifty_move_rule": False}
    assert choice.players == {"white": "human", "black": "human"}


def test_starting_a_game_from_the_dialog(window, qtbot):
    window.controller.play_text("e2e4")
    dialog = window.open_new_game_dialog()
    assert dialog.isVisible()
    other = next((v for v in rules.variant_ids() if v != "chess"), "chess")
    dialog.select_variant(other)
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert window.controller.game.variant == other
    assert window.controller.game.history == []
    vdef = rules.variant(other)
    assert window.board.snapshot.shape.files == vdef.files
    assert window.board.snapshot.shape.extras == tuple(vdef.extra_squares)


def test_rules_window_shows_pieces_betza_options_and_legend(window):
    page = variant_markdown("chess")
    assert "| Knight | N | `N` |" in page
    assert "fifty_move_rule" in page
    assert "rifle shot" in page
    rules_window = window.show_rules()
    text = rules_window.browser.toPlainText()
    assert "Chess" in text and "Knight" in text
    rules_window.close()


def test_rules_window_builds_for_every_variant(window):
    for vid in rules.variant_ids():
        page = variant_markdown(vid)
        for ptype in rules.variant(vid).pieces.values():
            assert ptype.name in page


def test_corrupt_settings_fall_back_to_defaults_and_are_reported(qtbot, private_settings):
    store = QSettings(str(private_settings), QSettings.Format.IniFormat)
    store.setValue("board/flipped", "sideways")
    store.setValue("board/coordinates", "true")
    store.setValue("export/width", "huge")
    store.setValue("files/recent", 42)
    store.setValue("session/record", '[Variant "chess"]\n\n1. e2e4 e7e5 2. x9x9 *\n')
    store.sync()
    window = main_window(Settings(open_qsettings(str(private_settings))))
    qtbot.addWidget(window)
    assert not window.board.flipped
    assert window.settings.export_width() == 640
    assert window.settings.recent_files() == []
    assert "board/flipped" in window.status_text()
    with qtbot.waitSignal(window.controller.loadFailed, timeout=10000):
        window.restore_last_game()
    assert window.controller.game.history == []
    assert "Could not restore" in window.status_text()
    assert "board/flipped" in window.status_text()  # still named after start-up


def test_the_last_game_is_restored_on_start(make_window, qtbot, private_settings):
    first = make_window("chess")
    for text in ("d2d4", "d7d5", "c2c4"):
        first.controller.play_text(text)
    first.controller.go_to(2)
    first.flip_action.trigger()
    first.close()

    second = main_window(Settings(open_qsettings(str(private_settings))))
    qtbot.addWidget(second)
    with qtbot.waitSignal(second.controller.loaded, timeout=10000):
        second.restore_last_game()
    assert [i.text for i in second.controller.line] == ["d2d4", "d7d5", "c2c4"]
    assert second.controller.ply == 2
    assert second.board.flipped
    assert "Restored" in second.status_text()


def test_window_geometry_persists(make_window, qtbot, private_settings):
    first = make_window("chess")
    # The offscreen screen is 800x600; stay inside it, and above the window's least size (the
    # players bar under the board is a row of its own), so the size is not clamped.
    first.resize(640, 540)
    assert (first.width(), first.height()) == (640, 540)
    first.close()
    second = main_window(Settings(open_qsettings(str(private_settings))))
    qtbot.addWidget(second)
    assert (second.width(), second.height()) == (640, 540)


def test_rules_window_includes_the_docs_page_or_its_parents(monkeypatch, tmp_path):
    (tmp_path / "variants").mkdir()
    (tmp_path / "variants" / "chess.md").write_text("# Chess rules\n\nThe king is royal.\n", encoding="utf-8")
    monkeypatch.setenv("FAIRYGUI_DOCS", str(tmp_path))
    page = variant_markdown("chess")
    assert "The king is royal." in page
    assert "chess.md" in page
    children = [v for v in rules.variant_ids() if rules.variant(v).raw.get("parent") == "chess"]
    for vid in children:
        assert "The king is royal." in variant_markdown(vid)
    (tmp_path / "variants" / "chess.md").unlink()
    assert "The king is royal." not in variant_markdown("chess")


def test_the_game_is_in_the_journal_as_soon_as_a_move_is_shown(window, qtbot):
    window.controller.play_text("e2e4")
    # No waiting: the entry is written before play returns.
    entry = read_journal(window.session.game_journal.path).entries[-1]
    assert entry["variant"] == "chess"
    assert entry["moves"] == ["e2e4"]
    assert entry["ply"] == 1
