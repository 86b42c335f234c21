"""Settings > Appearance (issue 51): three board colour sets, two piece sets, light and dark
window colours, remembered; moves glide to their square (the computer's by default); sounds
are off until switched on."""

from __future__ import annotations

from mouse import click
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication

import rules
from fairygui.app import main_window
from fairygui.board.layout import BoardLayout
from fairygui.board.themes import BOARD_THEMES, PIECE_SETS
from fairygui.settings import Settings, open_qsettings

from .test_render import distance, mean_colour


def board_image(window):
    board = window.board
    layout = BoardLayout(board.snapshot.shape, board.width(), board.height(), board.flipped, board.coordinates)
    return board.grab().toImage(), layout


def test_board_colours_pieces_and_palette_change_the_picture_and_are_remembered(make_window, qtbot,
                                                                                private_settings):
    assert len(BOARD_THEMES) >= 3 and len(PIECE_SETS) >= 2
    window = make_window("chess")
    looks = {}
    for name in BOARD_THEMES:
        window.appearance.choose("board", name)
        image, layout = board_image(window)
        looks[name] = (mean_colour(image, layout, "e4"), mean_colour(image, layout, "d4"))  # light, dark
    names = list(looks)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert distance(looks[a][1], looks[b][1]) > 25, (a, b)
    image, layout = board_image(window)
    standard = mean_colour(image, layout, "e8")  # the black King
    window.appearance.choose("pieces", "ivory-garnet")
    image, layout = board_image(window)
    assert distance(mean_colour(image, layout, "e8"), standard) > 25
    window.appearance.choose("palette", "dark")
    assert QApplication.palette().color(QPalette.ColorRole.Window).lightness() < 100
    # Remembered: a new window opens with the same choices.
    second = main_window(Settings(open_qsettings(str(private_settings))))
    qtbot.addWidget(second)
    assert second.board.theme == BOARD_THEMES[names[-1]]
    assert second.art.piece_set == PIECE_SETS["ivory-garnet"]
    assert second.appearance.groups["palette"].checkedAction().data() == "dark"
    window.appearance.choose("palette", "light")
    assert QApplication.palette().color(QPalette.ColorRole.Window).lightness() > 150
    second.close()


def test_a_clicked_move_glides_to_its_square_when_all_moves_glide(make_window, qtbot):
    window = make_window("chess")
    board = window.board
    assert window.appearance.value("animation") == "computer"  # the default
    click(board, "g1")
    click(board, "f3")
    assert not board.glide.running()  # the player's own move: no glide by default
    window.appearance.choose("animation", "all")
    with qtbot.waitSignal(board.glide.finished, timeout=3000) as arrived:
        click(board, "b8")
        click(board, "c6")
        assert board.glide.running() and board.glide_layer.origin == "b8"
        assert board.glide_layer.progress < 1.0
    assert arrived.args == ["c6"]
    assert not board.glide.running() and board.glide_layer.progress == 1.0
    assert board.snapshot.pieces["c6"].kind == "knight"


def test_the_computers_move_glides_by_default(make_window, qtbot):
    window = make_window(None)
    window.controller.new_game("chess", players={"white": "human", "black": "computer"}, levels={"black": "beginner"})
    board = window.board
    with qtbot.waitSignal(board.glide.finished, timeout=20000) as arrived:
        click(board, "e2")
        click(board, "e4")
    reply = window.controller.game.history[-1]
    assert window.controller.game.ply == 2 and arrived.args == [reply.destination]


def test_sounds_are_off_until_switched_on(make_window):
    window = make_window("chess")
    heard = []
    window.appearance.beep = lambda: heard.append(1)
    window.controller.play_text("e2e4")
    assert heard == []
    window.appearance.sounds_action.setChecked(True)
    window.controller.play_text("e7e5")
    assert heard == [1]
    assert rules.new_game("chess")  # the rules are untouched by appearance
