"""Overlay layers: everything drawn on top of the plain board, one layer per concern.

A layer is an :class:`Overlay` with a ``z`` order: layers below zero paint between the
squares and the pieces (tints), the rest paint over the pieces (markers, banners). A new
kind of information (Friend borrowings, Hia zones, freezes...) is a new subclass added
with :meth:`OverlayStack.add`; the board and the painter do not change.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen, QRadialGradient

from .artwork import Artwork
from .layout import BoardLayout
from .markers import draw_choice_badge, draw_marker, draw_victim, ordered
from .snapshot import Glyph, Snapshot
from .themes import DEFAULT_BOARD, BoardTheme, board_theme


@dataclass
class PaintContext:
    painter: QPainter
    layout: BoardLayout
    snapshot: Snapshot
    art: Artwork
    #: True when painting for an SVG export: draw artwork as vectors, not cached images.
    vector: bool = False
    #: The board's colours (Settings > Appearance).
    theme: BoardTheme = field(default_factory=lambda: board_theme(DEFAULT_BOARD))
    #: True when painting into an image the board keeps (``composite.py``): a layer draws
    #: directly instead of keeping an image of its own.
    kept_image: bool = False


class Overlay:
    """Base class of a layer. Subclasses hold their own data and paint it."""

    name = "overlay"
    z = 0
    #: What the layer draws depends only on the snapshot, the board's geometry and colours, the
    #: artwork and :meth:`state`, so the board may keep it as an image (``composite.py``).
    static = False

    def __init__(self) -> None:
        self.visible = True

    def paint(self, ctx: PaintContext) -> None:
        raise NotImplementedError

    def state(self) -> Hashable:
        """For a static layer: a value that changes whenever its own data does."""
        return None

    def worth_keeping(self) -> bool:
        """Is drawing this layer costly enough to keep its run of static layers as an image?"""
        return False


class OverlayStack:
    """The board's layers in paint order."""

    def __init__(self) -> None:
        self._layers: list[Overlay] = []

    def add(self, layer: Overlay) -> Overlay:
        if any(existing.name == layer.name for existing in self._layers):
            raise ValueError(f"an overlay named {layer.name!r} is already on the board")
        self._layers.append(layer)
        self._layers.sort(key=lambda item: item.z)
        return layer

    def remove(self, name: str) -> None:
        self._layers = [layer for layer in self._layers if layer.name != name]

    def get(self, name: str) -> Overlay | None:
        return next((layer for layer in self._layers if layer.name == name), None)

    def below_pieces(self) -> list[Overlay]:
        return [layer for layer in self._layers if layer.z < 0 and layer.visible]

    def above_pieces(self) -> list[Overlay]:
        return [layer for layer in self._layers if layer.z >= 0 and layer.visible]

    def names(self) -> list[str]:
        return [layer.name for layer in self._layers]


# ------------------------------------------------------------------ built-in layers


class LastMoveLayer(Overlay):
    """Tints the last move's squares, and the squares it captured on when those differ."""

    name = "last-move"
    z = -30
    static = True
    FROM = QColor(236, 205, 70, 110)
    TO = QColor(236, 205, 70, 165)
    TAKEN = QColor(220, 90, 60, 90)

    def paint(self, ctx: PaintContext) -> None:
        snap = ctx.snapshot
        if snap.last_move is None:
            return
        origin, destination = snap.last_move
        p = ctx.painter
        for square in snap.last_captures:
            if square != destination and square in ctx.layout.squares():
                p.fillRect(ctx.layout.rect(square), self.TAKEN)
        if origin in ctx.layout.squares():
            p.fillRect(ctx.layout.rect(origin), self.FROM)
        if destination in ctx.layout.squares() and destination != origin:
            p.fillRect(ctx.layout.rect(destination), self.TO)


class CheckLayer(Overlay):
    """A red glow under every royal piece that stands attacked."""

    name = "check"
    z = -20
    static = True

    def paint(self, ctx: PaintContext) -> None:
        for square in ctx.snapshot.checks:
            if square not in ctx.layout.squares():
                continue
            rect = ctx.layout.rect(square)
            glow = QRadialGradient(rect.center(), rect.width() * 0.62)
            glow.setColorAt(0.0, QColor(255, 0, 0, 235))
            glow.setColorAt(0.45, QColor(230, 0, 0, 170))
            glow.setColorAt(1.0, QColor(200, 0, 0, 0))
            ctx.painter.fillRect(rect, glow)


class SelectionLayer(Overlay):
    """The picked-up piece's square and the square under the pointer during a drag."""

    name = "selection"
    z = -10
    PICKED = QColor(70, 140, 230, 120)
    HOVER = QColor(255, 255, 255, 70)

    def __init__(self) -> None:
        super().__init__()
        self.selected: str | None = None
        self.hover: str | None = None

    def paint(self, ctx: PaintContext) -> None:
        squares = ctx.layout.squares()
        if self.selected in squares:
            ctx.painter.fillRect(ctx.layout.rect(self.selected), self.PICKED)
        if self.hover in squares and self.hover != self.selected:
            rect = ctx.layout.rect(self.hover)
            ctx.painter.fillRect(rect, self.HOVER)


@dataclass
class TargetMark:
    """What the picked-up piece can do on one target square."""

    styles: set[str] = field(default_factory=set)
    #: Squares captured by some move to this target other than the target itself.
    victims: set[str] = field(default_factory=set)
    #: How many legal moves end here; more than one means a chooser on the drop.
    moves: int = 0


class TargetLayer(Overlay):
    """Legal targets of the picked-up piece, one marker shape per move kind; pieces a
    move would remove elsewhere carry a red badge, framed while their target is hovered."""

    name = "targets"
    z = 10

    def __init__(self) -> None:
        super().__init__()
        self.marks: dict[str, TargetMark] = {}
        self.hover: str | None = None

    def paint(self, ctx: PaintContext) -> None:
        if not self.marks:
            return
        squares = set(ctx.layout.squares())
        hovered = self.marks.get(self.hover or "")
        strong = hovered.victims if hovered else set()
        victims = {v for mark in self.marks.values() for v in mark.victims}
        for square in sorted(victims & squares):
            draw_victim(ctx.painter, ctx.layout.rect(square), square in strong)
        for target, mark in self.marks.items():
            if target not in squares:
                continue
            rect = ctx.layout.rect(target)
            direction = None
            if "withdrawal" in mark.styles and mark.victims:
                direction = self._away(ctx.layout, sorted(mark.victims)[0], target)
            for style in ordered(mark.styles):
                draw_marker(ctx.painter, rect, style, direction)
            if mark.moves > 1:
                draw_choice_badge(ctx.painter, rect)

    @staticmethod
    def _away(layout: BoardLayout, victim: str, target: str) -> tuple[float, float] | None:
        if victim not in layout.squares():
            return None
        a, b = layout.centre(victim), layout.centre(target)
        dx, dy = b.x() - a.x(), b.y() - a.y()
        length = math.hypot(dx, dy)
        return (dx / length, dy / length) if length else None


class TurnLayer(Overlay):
    """A disc in the side to move's colour in the corner between the coordinates."""

    name = "turn"
    z = 5
    static = True

    def paint(self, ctx: PaintContext) -> None:
        layout = ctx.layout
        if not layout.coordinates:
            return
        board = layout.board_rect
        s = layout.square
        r = s * 0.13
        centre = QPointF(board.left() - s * 0.21, board.bottom() + s * 0.21)
        white = ctx.snapshot.to_move == "white"
        p = ctx.painter
        p.save()
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(QColor("#1d1d1d") if white else QColor("#f2eee4"), max(1.0, s * 0.025)))
        p.setBrush(QColor("#f7f3ea") if white else QColor("#2a2a2a"))
        p.drawEllipse(centre, r, r)
        p.restore()


class ResultLayer(Overlay):
    """A banner across the board once the game has ended."""

    name = "result"
    z = 90
    static = True

    def paint(self, ctx: PaintContext) -> None:
        text = ctx.snapshot.result
        if not text:
            return
        board = ctx.layout.board_rect
        s = ctx.layout.square
        band = QRectF(board.left(), board.center().y() - s * 0.55, board.width(), s * 1.1)
        p = ctx.painter
        p.save()
        p.fillRect(band, QColor(20, 20, 20, 190))
        font = QFont()
        font.setBold(True)
        size = max(8, int(s * 0.42))
        font.setPixelSize(size)
        # A long reason ("threefold repetition (claimed)") shrinks to fit the board's width.
        wide = QFontMetricsF(font).horizontalAdvance(text)
        room = band.width() * 0.94
        if wide > room:
            font.setPixelSize(max(8, int(size * room / wide)))
        p.setFont(font)
        p.setPen(QColor("white"))
        p.drawText(band, Qt.AlignmentFlag.AlignCenter, text)
        p.restore()


class DragLayer(Overlay):
    """The piece being dragged, drawn under the pointer above everything else."""

    name = "drag"
    z = 100

    def __init__(self) -> None:
        super().__init__()
        self.glyph: Glyph | None = None
        self.point: QPointF | None = None

    def paint(self, ctx: PaintContext) -> None:
        if self.glyph is None or self.point is None:
            return
        s = ctx.layout.square
        rect = QRectF(self.point.x() - s / 2, self.point.y() - s / 2, s, s)
        ctx.painter.save()
        ctx.painter.setPen(QPen(Qt.PenStyle.NoPen))
        ctx.art.draw_piece(ctx.painter, rect, self.glyph.color, self.glyph.kind, self.glyph.letter, ctx.vector)
        ctx.painter.restore()

    def rect(self, square_size: float) -> QRectF:
        if self.point is None:
            return QRectF()
        s = square_size
        return QRectF(self.point.x() - s / 2 - 2, self.point.y() - s / 2 - 2, s + 4, s + 4)


def standard_overlays() -> OverlayStack:
    stack = OverlayStack()
    for layer in (LastMoveLayer(), CheckLayer(), SelectionLayer(), TurnLayer(), TargetLayer(), ResultLayer(),
                  DragLayer()):
        stack.add(layer)
    return stack
