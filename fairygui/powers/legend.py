"""The legend of the power overlays and the piece marks: one small picture and one line of
words per thing the board draws, each in its own hue, for the rules window.

A variant sees only the rows its powers can produce (the Hia zones in Friendly, the merge
marks in Blender), so the legend stays short.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen, QPolygonF

from ..board.overlays import LastMoveLayer
from ..board.painter import DARK, LIGHT
from ..board.piecemarks import draw_crown, draw_parts_tag, draw_seal
from .draw import corner_rect, draw_count_badge, draw_drop, draw_flip_ring, draw_frame, draw_snowflake, hatch
from .layers import ATTACK, ATTACK_EDGE, FLIP, FROST, FROST_TINT, HIA_FILL, HIA_FRAME, HIA_HATCH, HIA_OFF, POISON
from .loans import LEND

Painter = Callable[[QPainter, QRectF], None]


@dataclass(frozen=True)
class LegendRow:
    key: str
    meaning: str
    #: Powers (variant or piece powers) of which one must be present for the row to show;
    #: empty: every variant.
    powers: tuple[str, ...]
    paint: Painter


def _fill(color: QColor) -> Painter:
    return lambda p, r: p.fillRect(r, color)


def _hia_zone(p: QPainter, r: QRectF) -> None:
    p.fillRect(r, HIA_FILL)
    p.fillRect(r, hatch(HIA_HATCH))


def _hia_source(p: QPainter, r: QRectF) -> None:
    draw_frame(p, r, HIA_FRAME, max(1.5, r.width() * 0.08))


def _hia_off(p: QPainter, r: QRectF) -> None:
    draw_frame(p, r, HIA_OFF, max(1.5, r.width() * 0.06), dashed=True)


def _frozen(p: QPainter, r: QRectF) -> None:
    p.fillRect(r, FROST_TINT)
    draw_snowflake(p, corner_rect(r, r.width() * 0.45, "br"), FROST)


def _poison(p: QPainter, r: QRectF) -> None:
    draw_drop(p, corner_rect(r, r.width() * 0.5, "bl"), POISON)


def _loans(p: QPainter, r: QRectF) -> None:
    draw_count_badge(p, corner_rect(r, r.width() * 0.5, "tr"), "7", LEND)
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(QPen(LEND, max(1.5, r.width() * 0.07)))
    p.drawLine(QPointF(r.left() + r.width() * 0.1, r.bottom() - r.height() * 0.15),
               QPointF(r.center().x(), r.center().y()))
    p.restore()


def _flip(p: QPainter, r: QRectF) -> None:
    draw_flip_ring(p, r, FLIP)


def _attacks(color: str) -> Painter:
    def paint(p: QPainter, r: QRectF) -> None:
        leg = r.width() * 0.5
        if color == "white":
            c = r.bottomLeft()
            points = [c, QPointF(c.x() + leg, c.y()), QPointF(c.x(), c.y() - leg)]
        else:
            c = r.topRight()
            points = [c, QPointF(c.x() - leg, c.y()), QPointF(c.x(), c.y() + leg)]
        p.save()
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(ATTACK_EDGE[color], 1.0))
        p.setBrush(ATTACK[color])
        p.drawPolygon(QPolygonF(points))
        p.restore()
    return paint


def _seal(p: QPainter, r: QRectF) -> None:
    draw_seal(p, r.adjusted(r.width() * 0.2, r.width() * 0.2, -r.width() * 0.2, -r.width() * 0.2))


def _tag(p: QPainter, r: QRectF) -> None:
    draw_parts_tag(p, r, "B+R")


def _crown(p: QPainter, r: QRectF) -> None:
    draw_crown(p, QRectF(r.left() + r.width() * 0.2, r.top() + r.height() * 0.3, r.width() * 0.6, r.height() * 0.4))


ROWS = (
    LegendRow("last-move", "the last move's squares (yellow)", (), _fill(LastMoveLayer.TO)),
    LegendRow("royal", "royal: the side's last Friend, which may not be left attacked (gold crown)", ("borrowing",),
              _crown),
    LegendRow("loans", "a Friend and how many kinds of piece it borrows from; teal arrows come from its lenders",
              ("borrowing",), _loans),
    LegendRow("hia-zone", "Hia zone: slides stop here (orange hatching)", ("hia",), _hia_zone),
    LegendRow("hia-source", "Hia source, a Bodyguard (orange frame; a thin frame: a Friend's borrowed Hia)", ("hia",),
              _hia_source),
    LegendRow("hia-off", "Hia source switched off (grey dashes)", ("hia",), _hia_off),
    LegendRow("frozen", "frozen piece: cannot move and attacks nothing (ice-blue tint, snowflake)", ("freeze",),
              _frozen),
    LegendRow("poison", "poisonous piece: its captor dies too, except by rifle (green drop)", ("poison",), _poison),
    LegendRow("flip", "a piece the held piece's move would flip (magenta ring)", ("polypiece-flip",), _flip),
    LegendRow("original", "original piece: never merges or separates (gold seal)", ("merge", "separate"), _seal),
    LegendRow("merged", "merged piece: the letters of its parts (teal tag)", ("merge", "separate"), _tag),
    LegendRow("attacks-white", "a square White attacks (white corner, View menu)", (), _attacks("white")),
    LegendRow("attacks-black", "a square Black attacks (black corner, View menu)", (), _attacks("black")),
)


def legend_rows(powers: Iterable[str]) -> list[LegendRow]:
    """The rows for a variant whose variant and piece powers are ``powers``."""
    present = set(powers)
    return [row for row in ROWS if not row.powers or present & set(row.powers)]


def legend_image(row: LegendRow, size: int, light: bool = True) -> QImage:
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(LIGHT if light else DARK)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    row.paint(painter, QRectF(0, 0, size, size))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.end()
    return image
