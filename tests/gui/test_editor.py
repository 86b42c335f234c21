"""The setup editor driven with the mouse: palette drags, moving and removing pieces, colours,
copying sides, the guided Alternate Setup #1, the rules' validation and starting a game."""

from __future__ import annotations

import pytest
from mouse import click, drag, send_mouse
from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QContextMenuEvent, QKeyEvent
from PySide6.QtWidgets import QApplication

import rules

LEFT = Qt.MouseButton.LeftButton
NONE = Qt.MouseButton.NoButton


# ------------------------------------------------------------------ helpers


def open_editor(window, qtbot):
    editor = window.open_setup_editor()
    qtbot.waitExposed(editor)
    return editor


def drag_from_palette(editor, color, kind, square=None, point=None):
    """Press a palette piece, carry it in steps to a square's centre (or a screen point),
    release there. As with a real mouse, the palette gets every event until the release."""
    palette = editor.palette_view
    start = palette.item_rect(color, kind).center()
    end_global = editor.board.mapToGlobal(editor.board.square_centre(square)) if square else point
    end = palette.mapFromGlobal(end_global)
    send_mouse(palette, QEvent.Type.MouseButtonPress, start, LEFT, LEFT)
    for step in range(1, 6):
        send_mouse(palette, QEvent.Type.MouseMove, start + (end - start) * step / 5, NONE, LEFT)
    send_mouse(palette, QEvent.Type.MouseButtonRelease, end, LEFT, NONE)


def drag_off_board(board, origin):
    """Drag a piece from its square to a point left of the board widget and let go there."""
    start = board.square_centre(origin)
    end = QPoint(-40, start.y())
    send_mouse(board, QEvent.Type.MouseButtonPress, start, LEFT, LEFT)
    for step in range(1, 6):
        send_mouse(board, QEvent.Type.MouseMove, start + (end - start) * step / 5, NONE, LEFT)
    send_mouse(board, QEvent.Type.MouseButtonRelease, end, LEFT, NONE)


def right_click(board, square):
    point = board.square_centre(square)
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, point, board.mapToGlobal(point))
    QApplication.sendEvent(board, event)


def fen_of(editor):
    return editor.draft.text()


@pytest.fixture
def editor(window, qtbot):
    return open_editor(window, qtbot)


# ------------------------------------------------------------------ building a position


def test_build_a_position_from_an_empty_board_by_dragging_from_the_palette(window, editor):
    editor.clear_action.trigger()
    assert editor.draft.pieces == {}
    assert "White has no King" in editor.problem_list.problems()
    assert not editor.start_button.isEnabled()
    drag_from_palette(editor, "white", "king", "e1")
    drag_from_palette(editor, "black", "king", "e8")
    drag_from_palette(editor, "white", "rook", "a1")
    drag_from_palette(editor, "black", "pawn", "d5")
    assert fen_of(editor) == "4k3/8/8/3p4/8/8/8/R3K3 w - - 0 1"
    assert QApplication.overrideCursor() is None  # the piece cursor is gone after each drop
    assert editor.problem_list.problems() == []
    assert editor.board.snapshot.pieces["a1"].kind == "rook"
    assert editor.start_button.isEnabled()
    editor.start_button.click()
    game = window.controller.game
    assert game.fen() == "4k3/8/8/3p4/8/8/8/R3K3 w - - 0 1"
    assert not editor.isVisible()
    assert "e1c1" not in [str(m) for m in game.legal_moves()]  # no castling right was given


def test_a_piece_dragged_off_the_board_is_removed(editor):
    drag_off_board(editor.board, "d1")
    assert "d1" not in editor.draft.pieces
    assert "d1" not in editor.board.snapshot.pieces
    assert "Took the white Queen off d1" in editor.status_text()


def test_drag_between_squares_moves_and_replaces(editor):
    drag(editor.board, "g1", "e5")
    drag(editor.board, "e5", "e7")  # onto a black pawn: the pawn goes
    assert editor.draft.pieces["e7"].kind == "knight"
    assert editor.draft.pieces["e7"].color == "white"
    assert "g1" not in editor.draft.pieces and "e5" not in editor.draft.pieces
    assert editor.model.selected == "e7"


def test_right_click_changes_colour_and_undo_brings_it_back(editor):
    right_click(editor.board, "d8")
    assert editor.draft.pieces["d8"].color == "white"
    assert "White has 2" not in " ".join(editor.problem_list.problems())
    editor.undo_action.trigger()
    assert editor.draft.pieces["d8"].color == "black"
    editor.redo_action.trigger()
    assert editor.draft.pieces["d8"].color == "white"


def test_palette_brush_puts_a_piece_on_each_clicked_square(editor):
    editor.clear_action.trigger()
    palette = editor.palette_view
    centre = palette.item_rect("black", "knight").center()
    send_mouse(palette, QEvent.Type.MouseButtonPress, centre, LEFT, LEFT)
    send_mouse(palette, QEvent.Type.MouseButtonRelease, centre, LEFT, NONE)
    assert editor.gestures.brush is not None and editor.gestures.brush.kind == "knight"
    for square in ("b8", "g8", "c3"):
        click(editor.board, square)
    assert sorted(sq for sq, p in editor.draft.pieces.items() if p.kind == "knight" and p.color == "black") == [
        "b8", "c3", "g8"]
    key = QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_Escape, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(palette, key)
    assert editor.gestures.brush is None


def test_copy_one_side_to_the_other_by_mirror_in_chess(editor):
    editor.clear_action.trigger()
    for kind, square in (("king", "g1"), ("rook", "f1"), ("bishop", "b2"), ("pawn", "h2")):
        drag_from_palette(editor, "white", kind, square)
    drag_from_palette(editor, "black", "queen", "d4")  # Black's own pieces are replaced
    assert editor.symmetry_box.currentData() == "mirror"  # chess's armies face each other on the same files
    editor.copy_white_action.trigger()
    black = {sq: p.kind for sq, p in editor.draft.pieces.items() if p.color == "black"}
    assert black == {"g8": "king", "f8": "rook", "b7": "bishop", "h7": "pawn"}
    assert editor.problem_list.problems() == []


def test_copy_sides_by_rotation_in_friendly(window, qtbot):
    window.controller.new_game("friendly")
    editor = open_editor(window, qtbot)
    assert editor.symmetry_box.currentData() == "rotational"
    drag(editor.board, "a2", "a5")  # the white Hangman steps out of its row
    editor.copy_white_action.trigger()
    # Turned half round: White's a5 lands on l8, and Black's row 11 is White's row 2 reversed.
    assert editor.draft.pieces["l8"].kind == "hangman" and editor.draft.pieces["l8"].color == "black"
    assert "l11" not in editor.draft.pieces
    assert editor.draft.pieces["k11"].kind == "impala"
    # Black -> White the other way round, by mirror this time.
    editor.symmetry_box.setCurrentIndex(editor.symmetry_box.findData("mirror"))
    editor.copy_black_action.trigger()
    assert editor.draft.pieces["l5"].kind == "hangman" and editor.draft.pieces["l5"].color == "white"
    assert editor.draft.pieces["k2"].kind == "impala"


def test_hia_switch_and_polypiece_form_from_the_selected_piece(window, qtbot):
    window.controller.new_game("friendly")
    editor = open_editor(window, qtbot)
    click(editor.board, "f2")
    boxes = editor.inspector.flag_boxes
    assert list(boxes) == ["hia-off"]
    boxes["hia-off"].setChecked(True)
    assert "G[hia-off]" in fen_of(editor)
    assert rules.new_game("friendly", fen=fen_of(editor)).piece_at("f2").flags == frozenset({"hia-off"})
    window.controller.new_game("pocket43")
    editor = open_editor(window, qtbot)
    click(editor.board, "c1")
    assert editor.inspector.form.isVisible() and "Rook" in editor.inspector.form.text()
    editor.inspector.form.click()
    assert editor.draft.pieces["c1"].kind == "rook"


def test_the_pocket_and_the_pools_take_pieces_from_the_palette(window, qtbot):
    window.controller.new_game("pocket43")
    editor = open_editor(window, qtbot)
    drag_from_palette(editor, "white", "knight", "pocket")
    assert "@pocket=N" in fen_of(editor)
    strip = editor.pool_editor.strips["black"]
    drag_from_palette(editor, "black", "rook", point=strip.mapToGlobal(strip.rect().center()))
    assert fen_of(editor).endswith("captured=/r")
    strip.removeRequested.emit("black", 0)
    assert "captured" not in fen_of(editor)


def test_position_fields_side_castling_en_passant(editor):
    editor.position_box.turn_buttons["black"].click()
    assert editor.draft.turn == "black"
    editor.position_box.castling_boxes["Q"].setChecked(False)
    box = editor.position_box.ep_box
    box.setCurrentIndex(box.findData("e3"))
    assert fen_of(editor).split()[1:4] == ["b", "Kkq", "e3"]


# ------------------------------------------------------------------ Alternate Setup #1


def test_arrange_alternate_setup_1_and_start_that_game(window, qtbot):
    window.controller.new_game("friendly")
    editor = open_editor(window, qtbot)
    editor.guide_box.enter.click()
    board = editor.board
    assert board.locks.squares == {"f11", "g11"}
    # Black's row from a11: Jellyfish Ghost Gerbil Lady Archer G G Squirrel Buffalo Poison Impala Hangman.
    drag(board, "l11", "a11")  # Hangman and Jellyfish trade places
    drag(board, "b11", "c11")  # Ghost and Gerbil
    row11 = [editor.draft.pieces[f"{f}11"].kind for f in "abcdefghijkl"]
    row2 = [editor.draft.pieces[f"{f}2"].kind for f in "abcdefghijkl"]
    assert row11[:3] == ["hangman", "gerbil", "ghost"] and row11[-1] == "jellyfish"
    assert row2 == list(reversed(row11))  # White's row follows, read from Black's side
    drag(board, "f11", "a11")  # a Bodyguard stays in the centre
    assert editor.draft.pieces["f11"].kind == "bodyguard"
    assert "stays there" in editor.status_text()
    drag(board, "c10", "c9")  # nothing but the row moves
    assert editor.draft.pieces["c10"].kind == "berolina-pawn"
    editor.start_button.click()
    game = window.controller.game
    assert game.options["setup"] == "alternate-1"
    order = game.options["second_row_order"].split(",")
    assert order[0] == "jellyfish" and order[-1] == "hangman"
    rows = game.fen().split()[0].split("/")
    assert rows[1] == "heolaggsbxij"  # rank 11, as arranged
    assert rows[10] == "JIXBSGGALOEH"  # rank 2, as the rules copy it
    assert game.history == [] and window.workspace.path is None


def test_alternate_setup_1_by_mirror_reading(window, qtbot):
    window.controller.new_game("friendly", {"second_row": "mirror"})
    editor = open_editor(window, qtbot)
    editor.guide_box.enter.click()
    drag(editor.board, "a11", "b11")
    row11 = [editor.draft.pieces[f"{f}11"].kind for f in "abcdefghijkl"]
    row2 = [editor.draft.pieces[f"{f}2"].kind for f in "abcdefghijkl"]
    assert row11[:2] == ["impala", "hangman"]
    assert row2 == row11  # the same files as Black's
    editor.start_button.click()
    game = window.controller.game
    assert game.options["second_row"] == "mirror"
    rows = game.fen().split()[0].split("/")
    assert rows[1] == "ihxbsggaleoj" and rows[10] == "IHXBSGGALEOJ"


# ------------------------------------------------------------------ validation


BAD = [
    ("chess", "8/8/8/8/8/8/8/4K3 w - - 0 1", {}, "Black has no King"),
    ("friendly", "12/12/12/12/12/12/12/12/12/12/12/5F6 w - - 0 1", {}, "Black has no Friend"),
    ("chess", "4k3/8/8/8/8/8/8/3KK3 w - - 0 1", {}, "White has 2 King pieces; at most 1"),
    ("chess", "3Pk3/8/8/8/8/8/8/4K3 w - - 0 1", {}, "white pawn on d8 stands where it would already have promoted"),
    ("chess", "4k3/8/8/8/8/8/8/3PK3 w - - 0 1", {}, "white pawn on d1 stands behind its starting rank"),
    ("pocket43", "fnbkbnf/ppppppp/7/7/PPPPPPP/FNB1BNF w - - 0 1 @pocket=K", {},
     "white king cannot be in the Pocket"),
    ("pocket43", "fnbkbnf/ppppppp/7/7/PPPPPP1/FNBKBNF w - - 0 1 @pocket=P", {},
     "white pawn cannot be in the Pocket"),
    ("flight-and-ferry", "2c2c2/rnfqkfnr/pppppppp/8/8/2G5/8/PPPPPPPP/RNBQKBNR/7G w KQkq - 0 1 ferries=(c5,f5)", {},
     "golddragon on c5 cannot stand on a Ferry"),
    ("chess", "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", {}, "Black is in check but it is not Black's move"),
    ("chess", "4k3/8/8/8/8/8/8/R2K4 w Q - 0 1", {}, "castling right 'Q' needs the white King on e1"),
]


@pytest.mark.parametrize(("variant", "fen", "options", "expected"), BAD,
                         ids=["no-king", "no-friend", "two-kings", "pawn-on-last-rank", "pawn-behind-start",
                              "king-in-pocket", "pawn-in-pocket", "piece-on-ferry", "check-out-of-turn",
                              "castling-without-king"])
def test_each_validation_error_is_shown_and_blocks_the_start(window, qtbot, tmp_path, variant, fen, options,
                                                             expected):
    before = window.controller.game.fen()
    editor = open_editor(window, qtbot)
    path = tmp_path / "bad.fen"
    path.write_text(f'[Variant "{variant}"]\n{fen}\n', encoding="utf-8")
    assert editor.files.open_file(str(path))  # a draft that cannot start still opens
    shown = editor.problem_list.problems()
    assert any(expected.lower() in line.lower() for line in shown), shown
    assert editor.problem_list.list.isVisible()
    assert "cannot start a game yet" in editor.problem_list.headline.text()
    assert not editor.start_button.isEnabled()
    assert not editor.start_game()
    assert window.controller.game.fen() == before


def test_a_problem_tints_the_squares_it_names(editor):
    drag_from_palette(editor, "white", "pawn", "c8")
    problems = editor.problem_list
    row = next(i for i, text in enumerate(problems.problems()) if "c8" in text)
    problems.list.setCurrentRow(row)
    assert editor.board.marks.problem == {"c8"}


def test_dropping_a_king_into_the_pocket_is_reported(window, qtbot):
    window.controller.new_game("pocket43")
    editor = open_editor(window, qtbot)
    drag(editor.board, "d1", "pocket")
    assert editor.draft.pieces["pocket"].kind == "king"
    assert any("cannot be in the Pocket" in p for p in editor.problem_list.problems())
    assert editor.board.snapshot.pieces["pocket"].kind == "king"


def test_changing_variant_and_setup_option(editor):
    editor.position_box.variant_box.setCurrentIndex(editor.position_box.variant_box.findData("friendly"))
    assert editor.draft.variant == "friendly"
    assert len(editor.palette_view.rows) == len(rules.variant("friendly").pieces)
    assert not editor.position_box.castling_boxes  # Friendly has no castling
    box = editor.position_box.option_widgets["setup"]
    box.setCurrentIndex(box.findData("alternate-2"))
    assert editor.draft.options == {"setup": "alternate-2"}
    assert editor.draft.pieces["g3"].kind == "knight"  # the Alternate Setup #2 array

