"""The board's foreground painted from kept images where it does not change between repaints.

Within one position most of what the window draws stays the same: the last move's tint, the
power overlays (Hia zones, Friend loans, poison drops), the pieces and their marks. Only the
held piece, the hovered moves, the focus, hints and a dragged or gliding piece follow the
pointer. Layers that draw a function of the position and their own loaded data say so
(``Overlay.static`` and ``Overlay.state``); each run of such layers between two that move
(the pieces count as one of them) is drawn into one image, blitted by the repaints that
follow until the position, a layer's data, the board's geometry, its colours or the artwork
change. The stacking order is the painter's (:func:`fairygui.board.painter.paint_foreground`),
so the picture is the same (up to the rounding of blending a run as one image); one image per
run instead of one per layer is what a new position costs less (a Friendly board had five to
seven window-sized images to clear, draw and blit).
A run is kept as an image only when it holds a layer that is costly to draw
(``Overlay.worth_keeping``): a chess board draws its few tints directly, as before.
"""

from __future__ import annotations

from collections.abc import Hashable

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QImage, QPainter

from .overlays import Overlay, OverlayStack, PaintContext
from .painter import paint_pieces

#: The pieces' place in the stack of layers.
PIECES = "pieces"

Member = Overlay | str


class KeptRuns:
    """The images of the static runs of one board widget, by their place in the stack."""

    def __init__(self) -> None:
        self._kept: dict[int, tuple[tuple[Hashable, ...], object, QImage]] = {}

    def paint(self, ctx: PaintContext, overlays: OverlayStack, faded: frozenset[str], hidden: frozenset[str],
              art_state: Hashable) -> None:
        """Paint the foreground as :func:`paint_foreground` does, static runs from kept images."""
        members: list[Member] = [*overlays.below_pieces(), PIECES, *overlays.above_pieces()]
        runs: list[list[Member]] = []
        for member in members:
            static = member == PIECES or (isinstance(member, Overlay) and member.static)
            if static and runs and runs[-1] and _is_static(runs[-1][0]):
                runs[-1].append(member)
            else:
                runs.append([member])
        used: set[int] = set()
        for place, run in enumerate(runs):
            if len(run) > 1 and any(isinstance(m, Overlay) and m.worth_keeping() for m in run):
                used.add(place)
                self._paint_kept(place, run, ctx, faded, hidden, art_state)
            else:
                for member in run:
                    _paint_member(member, ctx, faded, hidden)
        for place in list(self._kept):
            if place not in used:
                del self._kept[place]  # the stack changed: its images would only hold memory

    def _paint_kept(self, place: int, run: list[Member], ctx: PaintContext, faded: frozenset[str],
                    hidden: frozenset[str], art_state: Hashable) -> None:
        device = ctx.painter.device()
        ratio = device.devicePixelRatioF()
        width, height = round(device.width() * ratio), round(device.height() * ratio)
        layout = ctx.layout
        board = layout.board_rect
        pieces = PIECES in run
        key = (tuple((id(m), m.state()) if isinstance(m, Overlay) else m for m in run), width, height, ratio,
               layout.square, layout.flipped, layout.coordinates, board.left(), board.top(), ctx.snapshot.shape,
               ctx.theme, art_state, (faded, hidden) if pieces else None)
        kept = self._kept.get(place)
        if kept is not None and kept[0] == key and kept[1] is ctx.snapshot:
            image = kept[2]
        else:
            # The same buffer is cleared and drawn again while the size stays.
            if kept is not None and kept[2].width() == width and kept[2].height() == height:
                image = kept[2]
            else:
                image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
            image.setDevicePixelRatio(ratio)
            image.fill(Qt.GlobalColor.transparent)
            painter = QPainter(image)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            drawn = PaintContext(painter, layout, ctx.snapshot, ctx.art, ctx.vector, ctx.theme, kept_image=True)
            for member in run:
                _paint_member(member, drawn, faded, hidden)
            painter.end()
            self._kept[place] = (key, ctx.snapshot, image)
        ctx.painter.drawImage(QPointF(0, 0), image)


def _is_static(member: Member) -> bool:
    return member == PIECES or (isinstance(member, Overlay) and member.static)


def _paint_member(member: Member, ctx: PaintContext, faded: frozenset[str], hidden: frozenset[str]) -> None:
    if isinstance(member, Overlay):
        member.paint(ctx)
    else:
        paint_pieces(ctx, faded, hidden)
