"""Friend loans as the borrowing layer draws them: the overview's direct arrows and badges,
and the focus on one piece (its loan paths clear, the rest of the board dimmed).

Everything here is read from the rules' explanation records (:class:`Explained`): which
piece lends to which Friend, through which Friends. Nothing decides a rule.

At the Friendly start each of the eight Friends borrows from nine pieces, most of them
through other Friends: drawing every hop knots the back ranks. So the overview draws one
thin arrow per direct loan (a lender to a Friend, no Friend in between) and badges of the
lent kinds; a cascade's hops are drawn only for the piece in focus.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from ..board.layout import BoardLayout
from ..board.overlays import Overlay, PaintContext
from .draw import (
    corner_rect,
    draw_arrow,
    draw_count_badge,
    draw_curved_arrow,
    draw_frame,
    draw_lines,
    draw_piece_badge,
    toward,
)
from .facts import Explained
from .layerimage import LayerImage

LEND = QColor(0, 128, 118, 205)
LEND_STRONG = QColor(0, 118, 108, 245)
FOCUS = QColor(215, 160, 0, 245)
RELAY = QColor(200, 130, 0, 250)
VEIL = QColor(255, 255, 255, 150)
HALF_VEIL = QColor(255, 255, 255, 70)

#: A badge's side, of a square, and the margin round its picture, of the badge: the
#: picture is 23 px across at the default window's 57 px squares.
BADGE = 0.44
PICTURE_MARGIN = 0.03
#: Badge corners in the order they fill; the lower left is the poison drop's, the lower
#: right the snowflake's when the Friend is poisonous or frozen.
CORNERS = ("tl", "tr", "br", "bl")
#: Pictures shown at most: a Friend borrowing more kinds shows only their count.
PICTURES = 3
#: Squares narrower than this (in pixels) show the count, never pictures: a picture in a
#: corner of a small square hides the Friend and is too small to read.
PICTURE_SQUARE_PX = 84
#: The count badge's side, of a square.
COUNT = 0.3


def direct_edges(explained: Explained) -> set[tuple[str, str]]:
    """(lender, Friend) for every loan that reaches its Friend without passing through another."""
    return {(lender.square, b.square) for b in explained.lending() for lender in b.lenders if not lender.chain}


@dataclass(frozen=True)
class LoanFocus:
    """One piece in focus: the Friends receiving, the lenders, the Friends relaying, every hop."""

    square: str
    friends: frozenset[str]
    lenders: frozenset[str]
    relays: frozenset[str]
    paths: frozenset[tuple[str, str]]

    def clear_squares(self) -> frozenset[str]:
        """The squares left undimmed."""
        return frozenset({self.square}) | self.friends | self.lenders | self.relays


def friend_focus(explained: Explained, square: str) -> LoanFocus | None:
    """The focus on a Friend that borrows: its lenders and every hop of every loan to it."""
    friend = explained.borrowing_at(square)
    if friend is None or not friend.lenders:
        return None
    return LoanFocus(square, frozenset({square}), frozenset(lender.square for lender in friend.lenders),
                     frozenset(sq for lender in friend.lenders for sq in lender.chain),
                     frozenset(friend.path_edges()))


def lender_focus(explained: Explained, square: str) -> LoanFocus | None:
    """The focus on a piece that lends: the Friends it lends to and the paths of its loans."""
    friends: set[str] = set()
    relays: set[str] = set()
    paths: set[tuple[str, str]] = set()
    for b in explained.lending():
        for lender in b.lenders:
            if lender.square != square:
                continue
            path = lender.path(b.square)
            friends.add(b.square)
            relays.update(lender.chain)
            paths.update(zip(path, path[1:], strict=False))
    if not friends:
        return None
    return LoanFocus(square, frozenset(friends), frozenset({square}), frozenset(relays), frozenset(paths))


def focus_at(explained: Explained, square: str) -> LoanFocus | None:
    """A borrowing Friend's focus, else a lender's, else none."""
    return friend_focus(explained, square) or lender_focus(explained, square)


def _side(friend: QPointF, lender: QPointF) -> tuple[float, float]:
    """The unit step from the Friend's centre toward the side of its square facing the lender."""
    dx, dy = lender.x() - friend.x(), lender.y() - friend.y()
    if abs(dy) >= abs(dx):
        return (0.0, 1.0 if dy > 0 else -1.0)
    return (1.0 if dx > 0 else -1.0, 0.0)


@dataclass
class Bundles:
    """What one drawing of bundled arrows holds: a tail per (lender, Friend), a head per
    (Friend, side of its square as a unit step on screen)."""

    tails: list[tuple[str, str]] = field(default_factory=list)
    heads: list[tuple[str, tuple[float, float]]] = field(default_factory=list)


def paint_bundles(p: QPainter, layout: BoardLayout, edges: set[tuple[str, str]] | frozenset[tuple[str, str]],
                  color: QColor, width: float = 0.04, tails: bool = True, heads: bool = True) -> Bundles:
    """The overview's arrows, bundled: the loans reaching a Friend from one side meet at the
    middle of that side of its square and enter it under one head, so a Friend shows at
    most four heads however many pieces lend to it; each lender keeps its own thin tail.
    ``tails`` and ``heads`` say which parts to draw (the overview draws its tails under the
    pieces and its heads over them). Returns what was drawn."""
    s = layout.square
    squares = set(layout.squares())
    sides: dict[tuple[str, tuple[float, float]], list[str]] = {}
    for lender, friend in sorted(edges):
        if lender in squares and friend in squares:
            sides.setdefault((friend, _side(layout.centre(friend), layout.centre(lender))), []).append(lender)
    width = max(1.5, s * width)
    drawn = Bundles()
    # Every tail's halo under every tail: a bundle reads as one.
    lines: list[tuple[QPointF, QPointF]] = []
    arrows: list[tuple[QPointF, QPointF]] = []
    for (friend, (ux, uy)), lenders in sides.items():
        c = layout.centre(friend)
        outside = QPointF(c.x() + ux * s * 0.62, c.y() + uy * s * 0.62)
        for lender in lenders:
            start = toward(layout.centre(lender), outside, s * 0.3)
            if math.hypot(start.x() - outside.x(), start.y() - outside.y()) > s * 0.05:
                lines.append((start, outside))
            if tails:
                drawn.tails.append((lender, friend))
        arrows.append((outside, QPointF(c.x() + ux * s * 0.36, c.y() + uy * s * 0.36)))
        if heads:
            drawn.heads.append((friend, (ux, uy)))
    if tails:
        draw_lines(p, lines, color, width)
    if heads:
        for start, end in arrows:
            draw_arrow(p, start, end, color, width * 1.3)
    return drawn


def paint_relay(p: QPainter, a: QPointF, b: QPointF, s: float, lenders: list[QPointF], area: QRectF) -> None:
    """A Friend passing a loan on: a dashed gold arc bowing away from the lenders, so it
    stays clear of the lenders' straight lines and of the Friends' middles, and inside
    ``area`` (the widget or picture)."""
    mid = QPointF((a.x() + b.x()) / 2, (a.y() + b.y()) / 2)
    dx, dy = b.x() - a.x(), b.y() - a.y()
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length, dx / length
    if lenders:
        cx = sum(q.x() for q in lenders) / len(lenders) - mid.x()
        cy = sum(q.y() for q in lenders) / len(lenders) - mid.y()
        if nx * cx + ny * cy > 0:
            nx, ny = -nx, -ny
    if min(abs(dx), abs(dy)) < 1:
        # Along a rank or file: both ends on the middle of the Friends' sides facing the bow,
        # between the corner badges, and the arc out past that side.
        start = QPointF(a.x() + nx * s * 0.36, a.y() + ny * s * 0.36)
        end = QPointF(b.x() + nx * s * 0.36, b.y() + ny * s * 0.36)
        # The arc's middle lies halfway between its ends' offset and the control point's:
        # 0.61 of a square out, or as far as the area allows (a back rank at the top edge).
        peak = min(s * 0.61, _room(mid, (nx, ny), area) - s * 0.08)
        bow = 2 * peak - s * 0.36
    else:
        # Slanting: from edge to edge like the straight arrows, bowed a little.
        start = toward(a, b, s * 0.32)
        end = toward(b, a, s * 0.4)
        bow = length * 0.15
    control = QPointF(mid.x() + nx * bow, mid.y() + ny * bow)
    draw_curved_arrow(p, start, control, end, RELAY, max(1.5, s * 0.055))


def _room(point: QPointF, direction: tuple[float, float], area: QRectF) -> float:
    """How far one may go from ``point`` along the unit ``direction`` and stay in ``area``."""
    ux, uy = direction
    room = math.inf
    if ux > 1e-9:
        room = min(room, (area.right() - point.x()) / ux)
    elif ux < -1e-9:
        room = min(room, (area.left() - point.x()) / ux)
    if uy > 1e-9:
        room = min(room, (area.bottom() - point.y()) / uy)
    elif uy < -1e-9:
        room = min(room, (area.top() - point.y()) / uy)
    return room


@dataclass(frozen=True)
class BadgeSpot:
    """Where one badge of a Friend's lent kinds is drawn: a picture (``kind``) or the count."""

    rect: QRectF
    kind: str = ""
    text: str = ""

    def picture(self) -> QRectF:
        """Where the lent piece's picture is drawn inside the badge."""
        k = self.rect.width() * PICTURE_MARGIN
        return self.rect.adjusted(k, k, -k, -k)


def badge_spots(rect: QRectF, kinds: list[str], reserved: set[str]) -> list[BadgeSpot]:
    """Badges in the corners of the Friend's square, clear of the middle and the foot of its
    piece: a picture of every kind it borrows (upper corners first) when all fit and the
    square is large enough to read them; otherwise one small disc in the upper right corner
    counting the kinds, so the Friend stays whole and the number is the whole count.
    Corners in ``reserved`` stay free."""
    corners = [c for c in CORNERS if c not in reserved]
    if not corners or not kinds:
        return []
    if rect.width() >= PICTURE_SQUARE_PX and len(kinds) <= min(len(corners), PICTURES):
        size = rect.width() * BADGE
        return [BadgeSpot(corner_rect(rect, size, corner), kind=kind)
                for corner, kind in zip(corners, kinds, strict=False)]
    corner = "tr" if "tr" in corners else corners[0]
    return [BadgeSpot(corner_rect(rect, rect.width() * COUNT, corner), text=str(len(kinds)))]


def paint_badges(ctx: PaintContext, spots: list[BadgeSpot], color: str, letters: dict[str, str]) -> None:
    for spot in spots:
        if spot.kind:
            draw_piece_badge(ctx.painter, spot.rect, ctx.art, color, spot.kind, letters.get(spot.kind, ""), LEND,
                             ctx.vector, PICTURE_MARGIN)
        else:
            draw_count_badge(ctx.painter, spot.rect, spot.text, LEND)


class LoanFocusLayer(Overlay):
    """The piece in focus (a Friend clicked or under the pointer, or a lender under the
    pointer): the rest of the board dimmed, the lenders' loans drawn bold and bundled, a gold
    dashed arc for each hop from Friend to Friend, the lenders framed in teal, relaying
    Friends in teal dashes and the piece itself in gold. Between the loan badges and the move markers, so a hovered
    piece's moves stay bright."""

    name = "loan-focus"
    z = 7.5

    def __init__(self) -> None:
        super().__init__()
        self.focus: LoanFocus | None = None
        self._image = LayerImage()

    def paint(self, ctx: PaintContext) -> None:
        focus = self.focus
        if focus is None:
            return
        if ctx.vector:
            self.draw(ctx, focus)
            return
        self._image.paint(ctx, focus, lambda drawn: self.draw(drawn, focus))

    def draw(self, ctx: PaintContext, focus: LoanFocus) -> None:
        layout = ctx.layout
        s = layout.square
        p = ctx.painter
        squares = set(layout.squares())
        clear = focus.clear_squares()
        # Square by square without antialiasing: neighbours meet without seams, and a
        # Friendly board's veil takes a quarter of the time.
        p.save()
        p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        for square in sorted(squares - clear):
            p.fillRect(layout.rect(square), VEIL)
        # Relaying Friends stay in sight, their own badges fainter than the focused piece's.
        for square in sorted((focus.relays - focus.friends - focus.lenders - {focus.square}) & squares):
            p.fillRect(layout.rect(square), HALF_VEIL)
        p.restore()
        # Loans from the lenders bundled by side like the overview's, bolder; a Friend
        # passing a loan on sends a gold arc of its own, so a cascade reads as a chain.
        paint_bundles(p, layout, {(a, b) for a, b in focus.paths if a not in focus.relays}, LEND_STRONG, 0.06)
        lenders = [layout.centre(sq) for sq in focus.lenders if sq in squares]
        device = p.device()
        ratio = device.devicePixelRatioF() if isinstance(device, QImage) else 1.0
        area = QRectF(0, 0, device.width() / ratio, device.height() / ratio)
        for a, b in sorted(focus.paths):
            if a in focus.relays and a in squares and b in squares:
                paint_relay(p, layout.centre(a), layout.centre(b), s, lenders, area)
        for square in sorted((focus.lenders - {focus.square}) & squares):
            draw_frame(p, layout.rect(square), LEND_STRONG, max(2.0, s * 0.06))
        for square in sorted(((focus.relays | focus.friends) - {focus.square}) & squares):
            draw_frame(p, layout.rect(square), LEND_STRONG, max(2.0, s * 0.05), dashed=True)
        if focus.square in squares:
            draw_frame(p, layout.rect(focus.square), FOCUS, max(2.5, s * 0.08))
