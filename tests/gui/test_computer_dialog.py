"""The new-game dialog's players (Human or Computer at a strength level, remembered) and its
free-text options."""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QComboBox, QDialog, QLineEdit

import rules
from fairygui.app import main_window
from fairygui.computer.levels import DEFAULT_LEVEL, level_choices
from fairygui.newgame import NewGameDialog
from fairygui.settings import Settings, open_qsettings
from rules.engine import level_names


def test_each_side_is_a_human_or_the_computer_at_a_described_level(qtbot):
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    for side in ("white", "black"):
        kind, level = dialog.player_boxes[side], dialog.level_boxes[side]
        assert [kind.itemData(i) for i in range(kind.count())] == ["human", "computer"]
        assert [level.itemData(i) for i in range(level.count())] == level_names()
        tips = [level.itemData(i, Qt.ItemDataRole.ToolTipRole) for i in range(level.count())]
        assert all(tips) and len(set(tips)) == len(tips)  # one sentence each, no two alike
        assert not level.isEnabled() and dialog.level_notes[side].text() == f"You move {side.capitalize()}'s pieces."
    dialog.player_boxes["black"].setCurrentIndex(1)
    black = dialog.level_boxes["black"]
    black.setCurrentIndex(black.findData("expert"))
    assert black.isEnabled()
    expert = next(c for c in level_choices() if c.name == "expert")
    assert dialog.level_notes["black"].isVisible()
    assert dialog.level_notes["black"].text() == f"The built-in engine: {expert.description}."
    choice = dialog.choice()
    assert choice.players == {"white": "human", "black": "computer"}
    assert choice.levels == {"white": DEFAULT_LEVEL, "black": "expert"}


def test_the_players_chosen_start_the_game_and_are_remembered(make_window, qtbot, private_settings):
    window = make_window("chess")
    dialog = window.open_new_game_dialog()
    dialog.select_variant("chess")
    dialog.player_boxes["white"].setCurrentIndex(1)
    dialog.level_boxes["white"].setCurrentIndex(dialog.level_boxes["white"].findData("beginner"))
    with qtbot.waitSignal(window.controller.movePlayed, timeout=5000):
        dialog.accept()  # the computer has White: it moves first
    assert window.controller.players == {"white": "computer", "black": "human"}
    assert window.controller.ply == 1 and window.board.interactive
    window.close()

    again = main_window(Settings(open_qsettings(str(private_settings))))
    qtbot.addWidget(again)
    assert again.controller.players == {"white": "computer", "black": "human"}
    remembered = again.open_new_game_dialog()
    assert remembered.player_boxes["white"].currentData() == "computer"
    assert remembered.level_boxes["white"].currentData() == "beginner"
    assert remembered.player_boxes["black"].currentData() == "human"
    remembered.reject()


def test_unknown_players_in_the_settings_fall_back_to_humans(qtbot, private_settings):
    store = QSettings(str(private_settings), QSettings.Format.IniFormat)
    store.setValue("players/white", "robot")
    store.setValue("players/black", "computer")
    store.setValue("players/black_level", "grandmaster")
    store.sync()
    window = main_window(Settings(open_qsettings(str(private_settings))))
    qtbot.addWidget(window)
    assert window.controller.players == {"white": "human", "black": "computer"}
    assert window.controller.levels["black"] == DEFAULT_LEVEL
    assert "players/white" in window.status_text() and "players/black_level" in window.status_text()


def second_row(options: dict[str, object]) -> list[str]:
    game = rules.new_game("friendly", options=options)
    vdef = rules.variant("friendly")
    return [game.piece_at(f"{'abcdefghijkl'[f]}2").kind for f in range(vdef.files)]


def test_a_free_text_option_is_a_text_field_and_a_bad_value_is_explained(make_window, qtbot):
    window = make_window("chess")
    dialog = window.open_new_game_dialog()
    dialog.select_variant("friendly")
    opt = rules.variant("friendly").options["second_row_order"]
    assert opt.free_text
    field = dialog.option_boxes["second_row_order"]
    assert isinstance(field, QLineEdit) and not isinstance(field, QComboBox)
    assert field.toolTip() == opt.description
    assert field.text() == ""

    dialog.set_option("setup", "alternate-1")
    field.setText("hangman, nobody")
    bad = {"setup": "alternate-1", "second_row_order": "hangman, nobody"}
    try:
        rules.new_game("friendly", options=bad)
    except rules.RulesError as exc:
        expected = str(exc)
    else:
        raise AssertionError("the rules accepted a bad order")
    dialog.accept()
    assert dialog.isVisible() and dialog.result() != QDialog.DialogCode.Accepted
    assert expected in dialog.error.text()
    assert window.controller.game.variant == "chess"  # the game in progress stays

    standard = second_row({"setup": "alternate-1"})
    swapped = [standard[1], standard[0], *standard[2:]]
    field.setText(", ".join(swapped))
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert window.controller.game.variant == "friendly"
    assert window.controller.game.options["second_row_order"] == ", ".join(swapped)
    assert window.board.snapshot.pieces["a2"].kind == swapped[0]
