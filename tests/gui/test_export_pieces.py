"""File > Export draws the board as the window shows it (issue 51): with the piece set chosen in
Settings > Appearance and the board colours, in a PNG and in an SVG, which stays a vector drawing
whose colours are the set's own (fairygui/board/artwork.py rewrites the artwork's colours)."""

from __future__ import annotations

import re

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

from fairygui.board.artwork import recoloured_svg, tinted
from fairygui.board.layout import BoardLayout
from fairygui.board.themes import PIECE_SETS
from fairygui.paths import pieces_dir

from .test_appearance import board_image
from .test_render import distance, mean_colour

SETS = ("standard", "ivory-garnet")


def svg_picture(path) -> QImage:
    """The exported SVG drawn back, at the size it names."""
    renderer = QSvgRenderer(str(path))
    assert renderer.isValid()
    size = renderer.defaultSize()
    image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    renderer.render(painter, QRectF(0, 0, size.width(), size.height()))
    painter.end()
    return image


def colours(text: str) -> set[str]:
    return {c.lower() for c in re.findall(r"#[0-9a-fA-F]{6}", text)}


def artwork_colours(name: str, piece_set: str) -> set[str]:
    """The colours of a shipped piece's artwork as the set draws it."""
    text = (pieces_dir() / f"{name}.svg").read_text(encoding="utf-8")
    tint = PIECE_SETS[piece_set].white if name.startswith("white") else PIECE_SETS[piece_set].black
    return colours(recoloured_svg(text, *tint) if tint is not None else text)


def test_the_svg_export_draws_the_piece_set_the_board_shows(make_window, tmp_path):
    window = make_window("chess")
    window.appearance.choose("board", "wood")
    texts, pictures, boards = {}, {}, {}
    for name in SETS:
        window.appearance.choose("pieces", name)
        path = tmp_path / f"{name}.svg"
        assert window.export_picture(str(path))
        texts[name] = path.read_text(encoding="utf-8")
        pictures[name] = svg_picture(path)
        boards[name] = board_image(window)
    assert texts["standard"] != texts["ivory-garnet"]
    for name in SETS:
        text = texts[name]
        assert text.count("<path") > 20  # still a vector drawing, not a picture of one
        # Every colour of the Kings' artwork, as this set draws it, is in the drawing; the other set's are not.
        other = SETS[1 - SETS.index(name)]
        for king in ("white-king", "black-king"):
            own = artwork_colours(king, name)
            assert own <= colours(text), (name, king, own - colours(text))
        only_other = artwork_colours("black-king", other) - artwork_colours("black-king", name)
        assert only_other and not only_other & colours(text)
        # Drawn back, the exported Kings look as the board shows them in this set.
        picture = pictures[name]
        layout = BoardLayout(window.board.snapshot.shape, picture.width(), picture.height(), window.board.flipped,
                             window.board.coordinates)
        board, board_layout = boards[name]
        for square in ("e1", "e8", "e4"):  # the Kings, and an empty square in the board's colours
            exported = mean_colour(picture, layout, square)
            shown = mean_colour(board, board_layout, square)
            assert distance(exported, shown) < 12, (name, square, exported, shown)
    layout = BoardLayout(window.board.snapshot.shape, pictures["standard"].width(), pictures["standard"].height())
    assert distance(mean_colour(pictures["standard"], layout, "e8"),
                    mean_colour(pictures["ivory-garnet"], layout, "e8")) > 25


def test_a_png_export_draws_the_piece_set_too(make_window, tmp_path):
    window = make_window("chess")
    looks = {}
    for name in SETS:
        window.appearance.choose("pieces", name)
        path = tmp_path / f"{name}.png"
        assert window.export_picture(str(path))
        image = QImage(str(path))
        layout = BoardLayout(window.board.snapshot.shape, image.width(), image.height())
        looks[name] = mean_colour(image, layout, "e8")
        board, board_layout = board_image(window)
        assert distance(looks[name], mean_colour(board, board_layout, "e8")) < 12
    assert distance(looks["standard"], looks["ivory-garnet"]) > 25


def test_recolouring_the_svg_text_tints_each_colour_as_the_set_lays_its_colour_over_it():
    garnet, lighten = QColor("#8a1c2b"), True
    text = '<path fill="#2b2b2b" stroke="#111"/><path fill="none" style="stroke:black;fill:#ece6d6"/>'
    out = recoloured_svg(text, garnet, lighten)
    assert tinted(QColor("#2b2b2b"), garnet, lighten).name() in out
    assert tinted(QColor("#111111"), garnet, lighten).name() in out
    assert tinted(QColor("black"), garnet, lighten).name() in out  # a colour's name too
    assert 'fill="none"' in out and "#2b2b2b" not in out
    # Screening keeps white white and lays the colour over black; multiplying the other way round.
    assert tinted(QColor("white"), garnet, True).name() == "#ffffff"
    assert tinted(QColor("black"), garnet, True).name() == garnet.name()
    assert tinted(QColor("white"), garnet, False).name() == garnet.name()
    assert tinted(QColor("black"), garnet, False).name() == "#000000"
