"""The board keeps its static layers as images between repaints (issue 51, show time): what it
shows must stay what painting every layer afresh shows, after a move, a pick-up and a hover,
and a new position must never show the last one's overlays."""

from __future__ import annotations

from mouse import click
from PySide6.QtCore import QPointF
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPen, QPolygonF

from fairygui.board.overlays import PaintContext
from fairygui.board.painter import paint_background, paint_foreground
from fairygui.powers.layers import TOGGLES
from fairygui.powers.stamps import Stamps

#: Compositing a run of layers in one image rounds differently from blending them one by one.
ROUNDING = 4


def fresh_picture(board) -> QImage:
    """The board painted with every layer drawn afresh into one picture, nothing kept."""
    image = QImage(board.width(), board.height(), QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(board.theme.margin)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    # ``kept_image``: the power layers draw directly instead of from images of their own.
    ctx = PaintContext(painter, board.layout_(), board.snapshot, board.art, theme=board.theme, kept_image=True)
    paint_background(ctx)
    paint_foreground(ctx, board.overlays)
    painter.end()
    return image


def largest_difference(a: QImage, b: QImage) -> int:
    a = a.convertToFormat(QImage.Format.Format_ARGB32)
    b = b.convertToFormat(QImage.Format.Format_ARGB32)
    assert a.size() == b.size()
    left, right = bytes(a.constBits()), bytes(b.constBits())
    return max((abs(x - y) for x, y in zip(left, right, strict=True) if x != y), default=0)


def shown(board) -> QImage:
    board.repaint()
    return board.grab().toImage()


def test_friendly_board_from_kept_images_is_the_board_painted_afresh(make_window, qtbot):
    window = make_window("friendly")
    for toggle in TOGGLES:
        window.powers.set_shown(toggle.name, True)
    board = window.board
    assert largest_difference(shown(board), fresh_picture(board)) <= ROUNDING
    before = shown(board)
    click(board, "b3")  # the White Standard pawn
    click(board, "b4")
    qtbot.waitUntil(lambda: window.controller.game.ply == 1)
    after = shown(board)
    # The move changed the picture (the pawn, the last move's tint, the overlays), and what is
    # shown is the new position's picture, not a kept image of the old one.
    assert largest_difference(before, after) > 100
    assert largest_difference(after, fresh_picture(board)) <= ROUNDING
    black = next(sq for sq, glyph in board.snapshot.pieces.items()
                 if glyph.color == "black" and board.index.targets(sq))
    click(board, black)  # picked up: its square and targets drawn between and over the kept runs
    assert board.target_layer.marks
    assert largest_difference(shown(board), fresh_picture(board)) <= ROUNDING


def test_switching_an_overlay_off_redraws_the_kept_run(make_window):
    window = make_window("friendly")
    board = window.board
    window.powers.set_shown("hia", True)
    with_hia = shown(board)
    window.powers.set_shown("hia", False)
    without = shown(board)
    assert largest_difference(without, fresh_picture(board)) <= ROUNDING
    assert largest_difference(with_hia, without) > 100


def test_a_stamped_triangle_covers_the_pixels_a_drawn_one_does():
    """The attack layers' triangles are blitted from stamps: at any offset within a pixel the
    picture must be the one drawing the triangle there gives."""
    pen = QPen(QColor(30, 30, 30, 200), 1.2)
    brush = QBrush(QColor(250, 248, 240, 225))
    stamps = Stamps(pen, brush)
    for x, y in ((10.0, 20.0), (33.37, 41.81), (57.66, 12.5), (33.37 + 55.66, 41.81)):
        points = [QPointF(x, y), QPointF(x + 23.4, y), QPointF(x, y - 23.4)]
        drawn, stamped = (QImage(120, 80, QImage.Format.Format_ARGB32_Premultiplied) for _ in range(2))
        for image in (drawn, stamped):
            image.fill(QColor(236, 205, 70, 110))  # over a tint, as over the last move's squares
        painter = QPainter(drawn)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(pen)
        painter.setBrush(brush)
        painter.drawPolygon(QPolygonF(points))
        painter.end()
        painter = QPainter(stamped)
        assert stamps.usable(painter)
        stamps.stamp(painter, points)
        painter.end()
        # Blending the stamp's pixels over the tint rounds once more than drawing there does.
        assert largest_difference(drawn, stamped) <= 2, (x, y)
