"""Powers at a glance (issue 51): original and merged pieces look different, the royal last
Friend is marked on the board, in the hover words and in the powers panel, and a capture that
kills the captor is marked before the move. The facts come from the rules (piece flags and
components, ``Game.lone_royal_squares``, ``Game.captor_dies``); these tests drive the window."""

from __future__ import annotations

from mouse import click
from PySide6.QtGui import QColor, QImage

import rules
from fairygui.board.layout import BoardLayout

from .test_overlays import hover


def placed(variant: str, pieces: dict[str, str]) -> rules.Game:
    return rules.new_game(variant, placement=pieces, to_move="white")


def corner_colour(image: QImage, layout: BoardLayout, square: str) -> tuple[float, float, float]:
    """Average colour of a square's upper left ninth, where the piece marks go."""
    rect = layout.rect(square)
    x0, y0 = int(rect.left() + 2), int(rect.top() + 2)
    x1, y1 = int(rect.left() + rect.width() / 3), int(rect.top() + rect.height() / 3)
    pixels = [QColor(image.pixel(x, y)) for y in range(y0, y1) for x in range(x0, x1)]
    return (sum(c.red() for c in pixels) / len(pixels), sum(c.green() for c in pixels) / len(pixels),
            sum(c.blue() for c in pixels) / len(pixels))


def board_layout(window) -> BoardLayout:
    board = window.board
    return BoardLayout(board.snapshot.shape, board.width(), board.height(), board.flipped, board.coordinates)


def test_a_merged_queen_does_not_look_like_the_original_queen(make_window):
    """Blender rule 2: the original Queen never merges or separates; a Queen made by merging
    a Bishop into a Rook carries its parts. The original gets a gold seal, the merged one the
    tag "B+R", and the two squares' corners differ on screen."""
    window = make_window(None)
    game = rules.new_game("blender")
    window.controller.set_game(game)
    assert window.board.snapshot.pieces["d1"].flags >= {"original"}
    window.controller.set_game(placed("blender", {"e1": "white king", "e8": "black king", "a1": "white rook",
                                                  "c3": "white bishop"}))
    assert window.controller.play_text("c3a1")
    merged = window.board.snapshot.pieces["a1"]
    assert merged.kind == "queen" and merged.parts == ("B", "R") and "original" not in merged.flags
    marks = window.board.overlays.get("piece-marks")
    assert marks.marks(window.board.snapshot) == {("merged", "a1")}
    merged_corner = corner_colour(window.board.grab().toImage(), board_layout(window), "a1")
    window.controller.set_game(rules.new_game("blender"))
    assert marks.marks(window.board.snapshot) == {("original", "d1"), ("original", "d8")}
    image = window.board.grab().toImage()
    original_corner = corner_colour(image, board_layout(window), "d1")
    plain_rook = corner_colour(image, board_layout(window), "a1")  # the same dark square, a plain Rook
    plain_bishop = corner_colour(image, board_layout(window), "f1")  # a light square like d1
    assert _distance(merged_corner, plain_rook) > 30
    assert _distance(original_corner, plain_bishop) > 30
    assert _distance(merged_corner, original_corner) > 30


def test_the_last_friend_is_marked_royal_on_the_board_in_the_hover_words_and_the_panel(make_window):
    """Friendly rule 4: while a side has exactly one Friend it is royal."""
    window = make_window(None)
    window.controller.set_game(placed("friendly", {"e1": "white friend", "a12": "black friend", "b12": "black friend",
                                                   "c2": "white lady-in-waiting"}))
    assert window.board.snapshot.lone_royals == ("e1",)
    assert window.board.overlays.get("piece-marks").marks(window.board.snapshot) >= {("royal", "e1")}
    assert ("royal", "a12") not in window.board.overlays.get("piece-marks").marks(window.board.snapshot)
    hover(window.board, "e1")
    assert "royal" in window.statusBar().currentMessage()
    panel = window.powers.panel.tree
    titles = [panel.topLevelItem(i).text(0) for i in range(panel.topLevelItemCount())]
    assert "Royal pieces (1)" in titles
    royal = panel.topLevelItem(titles.index("Royal pieces (1)")).child(0).text(0)
    assert royal.startswith("White Friend e1 is royal")


def test_a_capture_of_the_poison_is_marked_before_the_move(make_window):
    """Friendly rule 7: the Lady in Waiting that takes the Poison dies. Picking the Lady up
    marks c7 with the skull; a capture of an Impala is not marked."""
    window = make_window(None)
    window.controller.set_game(placed("friendly", {"l1": "white friend", "l2": "white friend", "a11": "black friend",
                                                   "a12": "black friend", "c2": "white lady-in-waiting",
                                                   "c7": "black poison", "f5": "black impala"}))
    click(window.board, "c2")
    marks = window.board.target_layer.marks
    assert "dies" in marks["c7"].styles
    assert "dies" not in marks["f5"].styles and "capture" in marks["f5"].styles
    with_skull = corner_colour(window.board.grab().toImage(), board_layout(window), "c7")
    click(window.board, "c2")  # put it down again
    without = corner_colour(window.board.grab().toImage(), board_layout(window), "c7")
    assert _distance(with_skull, without) > 30


def _distance(a, b) -> float:
    return sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5


def test_the_piece_panel_legend_explains_the_teal_rings(make_window):
    """Issue 51: the piece panel's legend did not explain its teal rings (Blender's
    separation marker on a compound's diagram)."""
    window = make_window("blender")
    panel = window.powers.piece_panel
    row = panel.chooser.findData("queen")
    panel.chooser.setCurrentIndex(row)
    panel.chooser.activated.emit(row)
    assert any("separate" in mark.styles for mark in panel.layer.diagram.marks.values())
    assert "Two teal rings apart: separate a part of a compound piece." in panel.note.text()


def test_the_rules_window_has_a_legend_of_the_overlays_each_in_its_own_colour(qtbot):
    """Issue 51: "a palette where each overlay has its own hue and a legend". Friendly's page
    lists its overlays with a picture each; no two pictures are alike; Blender's lists the
    original and merged marks instead of the Hia zones."""
    from fairygui.board.artwork import Artwork
    from fairygui.helpwindow import build_document, variant_markdown
    from fairygui.powers.legend import legend_image, legend_rows

    friendly = variant_markdown("friendly")
    assert "## Power overlays and piece marks" in friendly
    assert "Hia zone" in friendly and "royal" in friendly and "merged piece" not in friendly
    blender = variant_markdown("blender")
    assert "merged piece" in blender and "original piece" in blender and "Hia zone" not in blender
    rows = legend_rows({"hia", "freeze", "poison", "borrowing", "merge", "polypiece-flip"})
    images = [legend_image(row, 24) for row in rows]
    signatures = {tuple(QColor(image.pixel(x, y)).rgb() for x in range(0, 24, 3) for y in range(0, 24, 3))
                  for image in images}
    assert len(signatures) == len(rows)
    document = build_document("friendly", Artwork())
    assert not document.resource(3, "legend:hia-zone").isNull()  # 3: QTextDocument.ImageResource
