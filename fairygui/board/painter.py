"""Painting a board: squares, coordinates, extra squares, decorations, pieces and layers.

The same functions draw the interactive widget, the headless ``--render`` pictures
and the PNG/SVG exports, so what a test sees in a rendered picture is what a player sees.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen

from .layout import BoardLayout
from .overlays import OverlayStack, PaintContext

LIGHT = QColor("#ece6cf")
DARK = QColor("#7f9c62")
FRAME = QColor("#4a4234")
MARGIN = QColor("#d8d2c0")
COORD = QColor("#3d3a33")
EXTRA_FILL = QColor("#e4d6b8")
WATER = QColor(60, 130, 200, 200)
WAVE = QColor(225, 240, 255)


def paint_background(ctx: PaintContext) -> None:
    """The parts that change only with size and orientation: squares, frame, coordinates."""
    p = ctx.painter
    layout = ctx.layout
    s = layout.square
    p.save()
    for square in ctx.snapshot.shape.board_squares():
        rect = layout.rect(square)
        f = ord(square[0]) - ord("a")
        r = int(square[1:]) - 1
        # a1 is dark, as on every chess board.
        p.fillRect(rect, ctx.theme.dark if (f + r) % 2 == 0 else ctx.theme.light)
    for rank in ctx.snapshot.shape.water_after:
        _paint_water(p, layout, rank)
    p.setPen(QPen(ctx.theme.frame, max(1.0, s * 0.03)))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRect(layout.board_rect)
    for name in ctx.snapshot.shape.extras:
        rect = layout.rect(name)
        p.fillRect(rect, ctx.theme.extra)
        p.setPen(QPen(ctx.theme.frame, max(1.0, s * 0.04)))
        p.drawRoundedRect(rect, s * 0.08, s * 0.08)
        p.setOpacity(0.35)
        ctx.art.draw_marker(p, rect.adjusted(s * 0.12, s * 0.12, -s * 0.12, -s * 0.12), name)
        p.setOpacity(1.0)
        font = QFont()
        font.setPixelSize(max(6, int(s * 0.22)))
        p.setFont(font)
        p.setPen(ctx.theme.coord)
        p.drawText(layout.extra_label_rect(name), Qt.AlignmentFlag.AlignCenter, name.capitalize())
    if layout.coordinates:
        font = QFont()
        font.setPixelSize(max(6, int(s * 0.26)))
        font.setBold(True)
        p.setFont(font)
        p.setPen(ctx.theme.coord)
        for rect, text in layout.file_labels():
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
        for rect, text in layout.rank_labels():
            p.drawText(rect, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, text)
    p.restore()


def paint_foreground(ctx: PaintContext, overlays: OverlayStack, faded: frozenset[str] = frozenset(),
                     hidden: frozenset[str] = frozenset()) -> None:
    """The layers under the pieces, decorations (Ferries), the pieces (but those ``hidden``:
    a piece on its way there), then the layers over them."""
    for layer in overlays.below_pieces():
        layer.paint(ctx)
    paint_pieces(ctx, faded, hidden)
    for layer in overlays.above_pieces():
        layer.paint(ctx)


def paint_pieces(ctx: PaintContext, faded: frozenset[str] = frozenset(), hidden: frozenset[str] = frozenset()) -> None:
    """Decorations (Ferries) and the pieces, those in ``faded`` faded and those in ``hidden`` left out."""
    p = ctx.painter
    layout = ctx.layout
    s = layout.square
    squares = set(layout.squares())
    # Decorations go over the square tints so a tinted Ferry stays visible.
    for square, art_name in ctx.snapshot.decorations.items():
        if square in squares:
            rect = layout.rect(square)
            ctx.art.draw_marker(p, rect.adjusted(s * 0.02, s * 0.02, -s * 0.02, -s * 0.02), art_name)
    inset = s * 0.04
    for square, glyph in ctx.snapshot.pieces.items():
        if square not in squares or square in hidden:
            continue
        rect = layout.rect(square).adjusted(inset, inset, -inset, -inset)
        if square in faded:
            p.setOpacity(0.3)
        ctx.art.draw_piece(p, rect, glyph.color, glyph.kind, glyph.letter, ctx.vector)
        if square in faded:
            p.setOpacity(1.0)



def _paint_water(p: QPainter, layout: BoardLayout, rank: int) -> None:
    """A band of water with a wave along the line between ``rank`` and the rank above."""
    s = layout.square
    below, above = layout.rect(f"a{rank}"), layout.rect(f"a{rank + 1}")
    # Flipped boards put the higher rank lower on screen; the line lies between the two.
    y = (below.center().y() + above.center().y()) / 2
    board = layout.board_rect
    band = QRectF(board.left(), y - s * 0.09, board.width(), s * 0.18)
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.fillRect(band, WATER)
    wave = QPainterPath(QPointF(board.left(), y))
    steps = layout.shape.files * 2
    for i in range(steps):
        x0 = board.left() + board.width() * i / steps
        x1 = board.left() + board.width() * (i + 1) / steps
        lift = s * 0.05 * (1 if i % 2 == 0 else -1)
        wave.quadTo(QPointF((x0 + x1) / 2, y - lift), QPointF(x1, y))
    p.setPen(QPen(WAVE, max(1.0, s * 0.03)))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawPath(wave)
    p.restore()
