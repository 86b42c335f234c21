"""Target markers: one shape and colour per move kind, so kinds differ even without colour vision.

A move's kind comes from the rules package; :func:`styles_for` maps it to marker
styles. Kinds this module does not know are drawn as plain moves.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF

# Draw order: broad shapes first so small emblems stay visible on top.
ORDER = ("capture", "castle", "move", "pocket", "ferry", "merge", "separate", "swap",
         "withdrawal", "locust", "rifle", "promotion", "dies")

KIND_STYLES = {
    "normal": "move",
    "en-passant": "capture",
    "castle": "castle",
    "rifle": "rifle",
    "locust": "locust",
    "withdrawal": "withdrawal",
    "swap": "swap",
    "pocket-enter": "pocket",
    "pocket-leave": "pocket",
    "merge": "merge",
    "separate": "separate",
    "ferry-carry": "ferry",
    "ferry-send": "ferry",
}

#: Legend text for each style, in the order the help window lists them.
LEGEND = (
    ("move", "move to an empty square"),
    ("capture", "capture on this square (also en passant)"),
    ("castle", "castling"),
    ("rifle", "rifle shot: capture here without moving"),
    ("locust", "locust jump: land here, capture the piece jumped over"),
    ("withdrawal", "withdrawal: step here away from a piece, capturing it"),
    ("swap", "swap places with your own piece"),
    ("pocket", "enter or leave the Pocket"),
    ("promotion", "promotion"),
    ("merge", "merge into a compound piece"),
    ("separate", "separate a part of a compound piece"),
    ("ferry", "ferry move: carry or send a Ferry"),
    ("dies", "the piece dies if it captures here (a poisonous victim)"),
    ("choices", "several moves end here: a chooser opens when you drop"),
)

#: How each style looks, in words, for legends that have no room for pictures.
SHAPES = {
    "move": "dark dot",
    "capture": "red ring",
    "castle": "blue rounded square",
    "rifle": "orange cross-hairs",
    "locust": "purple diamond",
    "withdrawal": "pink arrow",
    "swap": "blue double arrow",
    "pocket": "brown pouch",
    "promotion": "gold star",
    "merge": "two teal rings",
    "separate": "two teal rings apart",
    "ferry": "blue boat",
    "dies": "white skull on green",
}

COLORS = {
    "move": QColor(24, 44, 32, 150),
    "capture": QColor(205, 35, 35, 215),
    "castle": QColor(35, 85, 205, 220),
    "rifle": QColor(235, 95, 0, 235),
    "locust": QColor(135, 45, 175, 230),
    "withdrawal": QColor(205, 40, 125, 230),
    "swap": QColor(20, 105, 210, 235),
    "pocket": QColor(140, 90, 30, 235),
    "promotion": QColor(235, 175, 15, 245),
    "merge": QColor(0, 140, 135, 230),
    "separate": QColor(0, 140, 135, 230),
    "ferry": QColor(20, 115, 150, 235),
    "dies": QColor(40, 150, 50, 245),
}
OUTLINE = QColor(255, 255, 255, 200)
VICTIM = QColor(210, 25, 25, 235)


def styles_for(kind: str, captures_target: bool, promotes: bool, dies: bool = False) -> set[str]:
    """Marker styles for one move: its kind's shape, a ring if it captures on the
    target square, a star if it promotes, a skull if the mover dies by it."""
    base = KIND_STYLES.get(kind, "move")
    styles = {base}
    if captures_target:
        if base == "move":
            styles = {"capture"}
        elif base not in ("capture", "rifle"):
            # A swap, merge or ferry move that also takes a piece on its target.
            styles.add("capture")
    if promotes:
        styles.add("promotion")
    if dies:
        styles.add("dies")
    return styles


def ordered(styles: Iterable[str]) -> list[str]:
    known = [s for s in ORDER if s in styles]
    return known + sorted(s for s in styles if s not in ORDER)


def draw_marker(painter: QPainter, rect: QRectF, style: str, direction: tuple[float, float] | None = None) -> None:
    """Draw one style's shape centred in a square ``rect``. ``direction`` (a unit
    vector in screen space) turns the withdrawal arrow away from its victim."""
    s = rect.width()
    c = rect.center()
    color = COLORS.get(style, COLORS["move"])
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    outline = QPen(OUTLINE, max(1.0, s * 0.025))
    if style == "capture":
        ring = max(2.0, s * 0.085)
        painter.setPen(QPen(color, ring))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        r = s * 0.5 - ring / 2 - s * 0.02
        painter.drawEllipse(c, r, r)
    elif style == "castle":
        painter.setPen(QPen(color, max(2.0, s * 0.07)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        inset = s * 0.2
        painter.drawRoundedRect(rect.adjusted(inset, inset, -inset, -inset), s * 0.08, s * 0.08)
    elif style == "rifle":
        pen = QPen(color, max(2.0, s * 0.06))
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        r = s * 0.3
        painter.drawEllipse(c, r, r)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            painter.drawLine(QPointF(c.x() + dx * r * 0.45, c.y() + dy * r * 0.45),
                             QPointF(c.x() + dx * r * 1.45, c.y() + dy * r * 1.45))
    elif style == "locust":
        r = s * 0.2
        painter.setPen(outline)
        painter.setBrush(color)
        painter.drawPolygon(QPolygonF([QPointF(c.x(), c.y() - r), QPointF(c.x() + r, c.y()),
                                       QPointF(c.x(), c.y() + r), QPointF(c.x() - r, c.y())]))
    elif style == "withdrawal":
        dx, dy = direction if direction else (0.0, -1.0)
        r = s * 0.22
        tip = QPointF(c.x() + dx * r, c.y() + dy * r)
        # The two back corners sit behind the centre, across the direction of travel.
        back = QPointF(c.x() - dx * r * 0.7, c.y() - dy * r * 0.7)
        left = QPointF(back.x() - dy * r * 0.8, back.y() + dx * r * 0.8)
        right = QPointF(back.x() + dy * r * 0.8, back.y() - dx * r * 0.8)
        painter.setPen(outline)
        painter.setBrush(color)
        painter.drawPolygon(QPolygonF([tip, left, right]))
    elif style == "swap":
        pen = QPen(color, max(2.0, s * 0.065))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        w, h, head = s * 0.24, s * 0.09, s * 0.09
        for sign in (-1, 1):
            y = c.y() + sign * h
            start = QPointF(c.x() - sign * w, y)
            end = QPointF(c.x() + sign * w, y)
            painter.drawLine(start, end)
            painter.drawLine(end, QPointF(end.x() - sign * head, y - head))
    elif style == "pocket":
        path = QPainterPath()
        w, h = s * 0.2, s * 0.2
        path.moveTo(c.x() - w, c.y() - h)
        path.lineTo(c.x() + w, c.y() - h)
        path.cubicTo(c.x() + w * 1.3, c.y() + h * 1.4, c.x() - w * 1.3, c.y() + h * 1.4, c.x() - w, c.y() - h)
        painter.setPen(outline)
        painter.setBrush(color)
        painter.drawPath(path)
    elif style == "promotion":
        _star(painter, QPointF(c.x() + s * 0.27, c.y() - s * 0.27), s * 0.17, color)
    elif style == "dies":
        draw_skull(painter, QRectF(rect.left() + s * 0.03, rect.top() + s * 0.03, s * 0.34, s * 0.34), color)
    elif style in ("merge", "separate"):
        r = s * 0.13
        apart = s * 0.1 if style == "merge" else s * 0.17
        painter.setPen(QPen(color, max(2.0, s * 0.05)))
        painter.setBrush(QBrush(QColor(color.red(), color.green(), color.blue(), 90)))
        painter.drawEllipse(QPointF(c.x() - apart, c.y()), r, r)
        painter.drawEllipse(QPointF(c.x() + apart, c.y()), r, r)
    elif style == "ferry":
        w, h = s * 0.26, s * 0.12
        hull = QPolygonF([QPointF(c.x() - w, c.y() - h / 2), QPointF(c.x() + w, c.y() - h / 2),
                          QPointF(c.x() + w * 0.7, c.y() + h), QPointF(c.x() - w * 0.7, c.y() + h)])
        painter.setPen(outline)
        painter.setBrush(color)
        painter.drawPolygon(hull)
    else:  # "move" and anything unknown
        r = s * 0.15
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(color)
        painter.drawEllipse(c, r, r)
    painter.restore()


def draw_victim(painter: QPainter, rect: QRectF, strong: bool = False) -> None:
    """Mark a square whose piece a move elsewhere would capture: a red cross badge in its
    corner (and a red frame while that move's target is hovered)."""
    s = rect.width()
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    if strong:
        painter.setPen(QPen(VICTIM, max(2.0, s * 0.06)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        inset = s * 0.04
        painter.drawRect(rect.adjusted(inset, inset, -inset, -inset))
    r = s * 0.13
    badge = QPointF(rect.right() - r * 1.25, rect.top() + r * 1.25)
    painter.setPen(QPen(OUTLINE, max(1.0, s * 0.02)))
    painter.setBrush(VICTIM)
    painter.drawEllipse(badge, r, r)
    painter.setPen(QPen(QColor("white"), max(1.5, s * 0.035)))
    k = r * 0.5
    painter.drawLine(QPointF(badge.x() - k, badge.y() - k), QPointF(badge.x() + k, badge.y() + k))
    painter.drawLine(QPointF(badge.x() - k, badge.y() + k), QPointF(badge.x() + k, badge.y() - k))
    painter.restore()


def draw_skull(painter: QPainter, rect: QRectF, color: QColor) -> None:
    """A white skull on a poison-green disc: the mover dies by this capture."""
    s = rect.width()
    c = rect.center()
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(OUTLINE, max(1.0, s * 0.06)))
    painter.setBrush(color)
    painter.drawEllipse(c, s / 2, s / 2)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("white"))
    painter.drawEllipse(QPointF(c.x(), c.y() - s * 0.06), s * 0.27, s * 0.24)
    painter.drawRect(QRectF(c.x() - s * 0.15, c.y() + s * 0.08, s * 0.3, s * 0.18))
    painter.setBrush(color)
    for dx in (-1, 1):
        painter.drawEllipse(QPointF(c.x() + dx * s * 0.11, c.y() - s * 0.05), s * 0.07, s * 0.08)
    for dx in (-1, 0, 1):
        painter.drawRect(QRectF(c.x() + dx * s * 0.09 - s * 0.015, c.y() + s * 0.16, s * 0.03, s * 0.1))
    painter.restore()


def draw_choice_badge(painter: QPainter, rect: QRectF) -> None:
    """Three dots in a square's lower right corner: several moves end here (a chooser opens)."""
    s = rect.width()
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    centre = QPointF(rect.right() - s * 0.2, rect.bottom() - s * 0.14)
    pill = QRectF(centre.x() - s * 0.15, centre.y() - s * 0.07, s * 0.3, s * 0.14)
    painter.setPen(QPen(OUTLINE, max(1.0, s * 0.015)))
    painter.setBrush(QColor(40, 40, 40, 210))
    painter.drawRoundedRect(pill, s * 0.07, s * 0.07)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("white"))
    for dx in (-1, 0, 1):
        painter.drawEllipse(QPointF(centre.x() + dx * s * 0.085, centre.y()), s * 0.027, s * 0.027)
    painter.restore()


def _star(painter: QPainter, centre: QPointF, radius: float, color: QColor) -> None:
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        points.append(QPointF(centre.x() + r * math.cos(angle), centre.y() + r * math.sin(angle)))
    painter.setPen(QPen(QColor(90, 60, 0, 230), max(1.0, radius * 0.15)))
    painter.setBrush(color)
    painter.drawPolygon(QPolygonF(points))
