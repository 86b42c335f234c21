"""The power overlays: one layer per thing drawn, each switched by a named toggle.

A toggle (View menu, ``--overlays``) may own two layers when part of its drawing goes
under the pieces (zone shading, frost tint) and part over them (source frames, links).
Each layer reads its data from a :class:`PowerFacts` in :meth:`PowerLayer.load` and tells
what it draws in :meth:`PowerLayer.items`, as plain tuples the tests compare with the
rules' explanation data.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QPointF
from PySide6.QtGui import QBrush, QColor, QPainter, QPen, QPolygonF

from ..board.markers import draw_marker, ordered
from ..board.overlays import Overlay, PaintContext, TargetLayer, TargetMark
from .draw import (
    corner_rect,
    draw_arrow,
    draw_drop,
    draw_flip_ring,
    draw_frame,
    draw_off_badge,
    draw_piece_badge,
    draw_snowflake,
    hatch,
    toward,
)
from .facts import PowerFacts
from .layerimage import LayerImage
from .loans import LEND, BadgeSpot, Bundles, badge_spots, direct_edges, paint_badges, paint_bundles
from .stamps import Stamps

Item = tuple[Any, ...]

HIA_FILL = QColor(255, 150, 20, 34)
HIA_HATCH = QColor(205, 100, 0, 85)
HIA_FRAME = QColor(225, 110, 0, 235)
HIA_OFF = QColor(110, 110, 110, 230)
FROST = QColor(25, 125, 215, 235)
FROST_TINT = QColor(120, 195, 255, 125)
POISON = QColor(40, 150, 50, 240)
FORM = QColor(120, 70, 190, 235)
FLIP = QColor(200, 30, 170, 240)
HIGHLIGHT = QColor(215, 0, 120, 235)
# Each side's attacks in that side's own piece colours, outlined in the other's: no hue,
# so they never run together with the Hia orange, the frost blue or the check red.
ATTACK = {"white": QColor(250, 248, 240, 225), "black": QColor(30, 30, 30, 205)}
ATTACK_EDGE = {"white": QColor(30, 30, 30, 200), "black": QColor(250, 248, 240, 200)}


@dataclass(frozen=True)
class Toggle:
    name: str
    title: str
    tip: str
    default: bool


TOGGLES = (
    Toggle("borrowing", "Friend &borrowings", "Arrows from each lender to the Friend it lends to, and badges of "
           "what each Friend borrows", True),
    Toggle("hia", "&Hia zones", "Squares where slides stop, framed round their source; switched-off sources greyed",
           True),
    Toggle("freeze", "&Freezes", "Frozen pieces tinted and linked to the piece freezing them", True),
    Toggle("poison", "&Poisonous pieces", "A drop on every piece whose captor dies too", True),
    Toggle("forms", "Polypiece f&orms and flips", "Each polypiece's other form; while a piece is held, what its "
           "move would flip", True),
    Toggle("attacks-white", "Squares &White attacks", "Every square a White piece could capture on", False),
    Toggle("attacks-black", "Squares Blac&k attacks", "Every square a Black piece could capture on", False),
)
TOGGLE_NAMES = tuple(t.name for t in TOGGLES)


class PowerLayer(Overlay):
    """A layer drawn from the rules' power facts, shown while its toggle is on.

    Subclasses implement ``read`` (take data from the facts), ``reset`` (forget it),
    ``items`` and ``draw``. With ``cached`` set (the window's layers) the drawing is kept
    as an image until the data or the board's geometry changes: a Friendly position's
    arrows and badges would otherwise be redrawn on every pick-up and drag step.
    """

    toggle = ""
    static = True

    def __init__(self) -> None:
        super().__init__()
        self.cached = False
        self._version = 0
        self._image = LayerImage()
        self._empty = True
        self.reset()

    def load(self, facts: PowerFacts) -> None:
        self.read(facts)
        self._version += 1
        self._empty = not self.items()

    def clear(self) -> None:
        self.reset()
        self._version += 1
        self._empty = True

    def read(self, facts: PowerFacts) -> None:
        raise NotImplementedError

    def reset(self) -> None:
        raise NotImplementedError

    def items(self) -> set[Item]:
        raise NotImplementedError

    def draw(self, ctx: PaintContext) -> None:
        raise NotImplementedError

    def state(self) -> int:
        return self._version

    def worth_keeping(self) -> bool:
        return self.cached and not self._empty

    def paint(self, ctx: PaintContext) -> None:
        if not self.cached or ctx.vector:
            self.draw(ctx)
            return
        if self._empty:
            return  # nothing to draw: spare the window a full-size blit
        if ctx.kept_image:  # drawn into the image the board keeps of this layer's run
            self.draw(ctx)
            return
        self._image.paint(ctx, self._version, self.draw)


def _letters(facts: PowerFacts) -> dict[str, str]:
    return {kind: ptype.letter for kind, ptype in facts.game.rules.variant.pieces.items()}


# ------------------------------------------------------------------ Friend borrowings


class BorrowLineLayer(PowerLayer):
    """The tails of the overview's loan arrows (:class:`BorrowLayer`), one per lender and
    Friend it lends to directly, under the pieces: where a line crosses a piece the piece
    stays whole, and the line shows in the gaps between the pieces."""

    name = "borrowing-lines"
    toggle = "borrowing"
    z = -5

    def reset(self) -> None:
        self.lines: set[tuple[str, str]] = set()
        #: The last drawing's tails: what the board shows at its size now.
        self.bundles = Bundles()

    def read(self, facts: PowerFacts) -> None:
        self.lines = direct_edges(facts.explained())

    def items(self) -> set[Item]:
        return {("tail", a, b) for a, b in self.lines}

    def draw(self, ctx: PaintContext) -> None:
        self.bundles = paint_bundles(ctx.painter, ctx.layout, self.lines, LEND, heads=False)


class BorrowLayer(PowerLayer):
    """The overview of Friend loans: the heads of the bundled arrows from the lenders to
    each Friend they lend to directly (their tails are :class:`BorrowLineLayer`'s), and in
    the corners of each Friend badges of the kinds it borrows: a picture of each on a large
    square, else one disc counting them. Loans passed on by other Friends show as badges only; their hops are drawn
    for the piece in focus (:class:`LoanFocusLayer`)."""

    name = "borrowing"
    toggle = "borrowing"
    z = 6

    def reset(self) -> None:
        self.arrows: set[tuple[str, str]] = set()
        self.friends: set[str] = set()
        self.badges: dict[str, tuple[str, list[str]]] = {}
        self.reserved: dict[str, set[str]] = {}
        self.letters: dict[str, str] = {}
        #: The last drawing's badges by Friend, and its heads: what the board shows at its size now.
        self.drawn: dict[str, list[BadgeSpot]] = {}
        self.bundles = Bundles()

    def read(self, facts: PowerFacts) -> None:
        explained = facts.explained()
        self.letters = _letters(facts)
        self.arrows = direct_edges(explained)
        self.friends = {b.square for b in explained.borrowing}
        self.badges = {b.square: (b.color, b.lender_kinds()) for b in explained.lending()}
        poisonous = {p.square for p in explained.poisonous}
        frozen = {f.square for f in explained.frozen}
        # The corners the poison drop and the snowflake take on the same square.
        self.reserved = {sq: {corner for corner, taken in (("bl", sq in poisonous), ("br", sq in frozen)) if taken}
                         for sq in self.badges}

    def items(self) -> set[Item]:
        return ({("arrow", a, b) for a, b in self.arrows}
                | {("badge", sq, kind) for sq, (_, kinds) in self.badges.items() for kind in kinds})

    def draw(self, ctx: PaintContext) -> None:
        layout = ctx.layout
        squares = set(layout.squares())
        self.bundles = paint_bundles(ctx.painter, layout, self.arrows, LEND, tails=False)
        self.drawn = {}
        for square, (color, kinds) in self.badges.items():
            if square in squares:
                spots = badge_spots(layout.rect(square), kinds, self.reserved.get(square, set()))
                paint_badges(ctx, spots, color, self.letters)
                self.drawn[square] = spots


# ------------------------------------------------------------------ Hia


class HiaZoneLayer(PowerLayer):
    """The squares of every active Hia zone, shaded and hatched under the pieces."""

    name = "hia"
    toggle = "hia"
    z = -26

    def reset(self) -> None:
        self.zone: set[str] = set()

    def read(self, facts: PowerFacts) -> None:
        self.zone = {sq for source in facts.explained().hia if source.active for sq in source.zone}

    def items(self) -> set[Item]:
        return {("zone", sq) for sq in self.zone}

    def draw(self, ctx: PaintContext) -> None:
        squares = set(ctx.layout.squares())
        brush = hatch(HIA_HATCH)
        for square in sorted(self.zone & squares):
            rect = ctx.layout.rect(square)
            ctx.painter.fillRect(rect, HIA_FILL)
            ctx.painter.fillRect(rect, brush)


class HiaSourceLayer(PowerLayer):
    """A frame round each Hia source: solid while active, dashed grey with an "off" sign
    when its owner has switched it off."""

    name = "hia-sources"
    toggle = "hia"
    z = 3

    def reset(self) -> None:
        self.sources: dict[str, bool] = {}
        self.borrowed: set[str] = set()

    def read(self, facts: PowerFacts) -> None:
        hia = facts.explained().hia
        self.sources = {source.square: source.active for source in hia}
        self.borrowed = {source.square for source in hia if source.borrowed}

    def items(self) -> set[Item]:
        return {("source", sq, active) for sq, active in self.sources.items()}

    def draw(self, ctx: PaintContext) -> None:
        s = ctx.layout.square
        squares = set(ctx.layout.squares())
        for square, active in self.sources.items():
            if square not in squares:
                continue
            rect = ctx.layout.rect(square)
            if active:
                # A Friend's borrowed Hia gets a thinner frame than a real Bodyguard's.
                draw_frame(ctx.painter, rect, HIA_FRAME, max(1.5, s * (0.035 if square in self.borrowed else 0.06)))
            else:
                draw_frame(ctx.painter, rect, HIA_OFF, max(2.0, s * 0.05), dashed=True)
                draw_off_badge(ctx.painter, corner_rect(rect, s * 0.3, "bc"), HIA_OFF)


# ------------------------------------------------------------------ freezes


class FreezeTintLayer(PowerLayer):
    """Frozen pieces stand on an icy tint."""

    name = "freeze"
    toggle = "freeze"
    z = -32  # under the last move's tint, which would otherwise vanish under the frost

    def reset(self) -> None:
        self.frozen: set[str] = set()

    def read(self, facts: PowerFacts) -> None:
        self.frozen = {f.square for f in facts.explained().frozen}

    def items(self) -> set[Item]:
        return {("frozen", sq) for sq in self.frozen}

    def draw(self, ctx: PaintContext) -> None:
        for square in sorted(self.frozen & set(ctx.layout.squares())):
            ctx.painter.fillRect(ctx.layout.rect(square), FROST_TINT)


class FreezeLinkLayer(PowerLayer):
    """A short arrow across the border from each freezer to each piece it freezes, and a
    snowflake on the frozen piece."""

    name = "freeze-links"
    toggle = "freeze"
    z = 4

    def reset(self) -> None:
        self.links: set[tuple[str, str]] = set()

    def read(self, facts: PowerFacts) -> None:
        self.links = {(by, f.square) for f in facts.explained().frozen for by in f.by}

    def items(self) -> set[Item]:
        return {("link", a, b) for a, b in self.links}

    def draw(self, ctx: PaintContext) -> None:
        layout = ctx.layout
        s = layout.square
        squares = set(layout.squares())
        for a, b in sorted(self.links):
            if a in squares and b in squares:
                draw_arrow(ctx.painter, toward(layout.centre(a), layout.centre(b), s * 0.3),
                           toward(layout.centre(b), layout.centre(a), s * 0.3), FROST, max(1.5, s * 0.07))
        for square in sorted({b for _, b in self.links} & squares):
            draw_snowflake(ctx.painter, corner_rect(layout.rect(square), s * 0.32, "br"), FROST)


# ------------------------------------------------------------------ poison


class PoisonLayer(PowerLayer):
    """A green drop in the lower left corner of every poisonous piece."""

    name = "poison"
    toggle = "poison"
    z = 7  # over the freeze and loan arrows that may leave from the same corner

    def reset(self) -> None:
        self.squares: set[str] = set()

    def read(self, facts: PowerFacts) -> None:
        self.squares = {p.square for p in facts.explained().poisonous}

    def items(self) -> set[Item]:
        return {("poison", sq) for sq in self.squares}

    def draw(self, ctx: PaintContext) -> None:
        s = ctx.layout.square
        for square in sorted(self.squares & set(ctx.layout.squares())):
            draw_drop(ctx.painter, corner_rect(ctx.layout.rect(square), s * 0.36, "bl"), POISON)


# ------------------------------------------------------------------ polypieces


class FormsLayer(PowerLayer):
    """A badge of each polypiece's other form; while a piece is held, a flip ring round
    every piece its move would flip (that target's move when the pointer is on a target)."""

    name = "forms"
    toggle = "forms"
    z = 12
    static = False  # the flip rings follow the pointer; the badges keep an image of their own

    def __init__(self, targets: TargetLayer | None = None) -> None:
        super().__init__()
        self.targets = targets

    def reset(self) -> None:
        self.forms: dict[str, tuple[str, str, str, bool]] = {}
        self.flips: dict[str, frozenset[str]] = {}

    def read(self, facts: PowerFacts) -> None:
        letters = _letters(facts)
        self.forms = {f.square: (f.color, f.other, letters.get(f.other, ""), f.flips) for f in facts.explained().forms}
        self.flips = {}

    def marked(self) -> frozenset[str]:
        """The pieces marked as flipping now."""
        hover = self.targets.hover if self.targets is not None else None
        if hover is not None and hover in self.flips:
            return self.flips[hover]
        return frozenset().union(*self.flips.values()) if self.flips else frozenset()

    def items(self) -> set[Item]:
        return ({("form", sq, other) for sq, (_, other, _, _) in self.forms.items()}
                | {("flip", sq) for sq in self.marked()})

    def draw(self, ctx: PaintContext) -> None:
        s = ctx.layout.square
        squares = set(ctx.layout.squares())
        p = ctx.painter
        for square, (color, other, letter, flips) in self.forms.items():
            if square not in squares:
                continue
            if not flips:
                p.setOpacity(0.45)
            draw_piece_badge(p, corner_rect(ctx.layout.rect(square), s * 0.4, "br"), ctx.art, color, other,
                             letter, FORM, ctx.vector)
            p.setOpacity(1.0)

    def paint(self, ctx: PaintContext) -> None:
        super().paint(ctx)  # the badges, kept as an image in the window
        # The flip rings follow the pointer from target to target: drawn afresh each time.
        squares = set(ctx.layout.squares())
        for square in sorted(self.marked() & squares):
            draw_flip_ring(ctx.painter, ctx.layout.rect(square), FLIP)


# ------------------------------------------------------------------ attacks


class AttackLayer(PowerLayer):
    """Every square one side attacks, marked by a triangle in a corner in that side's
    colour: White's in the lower left, Black's in the upper right, so both sides fit on
    one square and the middle stays free for the piece and the Hia hatching."""

    z = -28
    LEG = 0.42  # of a square

    def __init__(self, color: str) -> None:
        super().__init__()
        self.color = color
        self.name = f"attacks-{color}"
        self.toggle = self.name
        self._stamps: Stamps | None = None

    def reset(self) -> None:
        self.squares: frozenset[str] = frozenset()

    def read(self, facts: PowerFacts) -> None:
        self.squares = facts.attacks(self.color)

    def items(self) -> set[Item]:
        return {("attacked", self.color, sq) for sq in self.squares}

    def draw(self, ctx: PaintContext) -> None:
        p = ctx.painter
        leg = ctx.layout.square * self.LEG
        pen = QPen(ATTACK_EDGE[self.color], max(1.0, ctx.layout.square * 0.02))
        stamps = self._stamps
        if stamps is None or stamps.pen != pen:
            stamps = self._stamps = Stamps(pen, QBrush(ATTACK[self.color]))
        # Up to a triangle per square, each outlined: drawn from stamps where the painter allows.
        stamped = not ctx.vector and stamps.usable(p)
        p.save()
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(pen)
        p.setBrush(ATTACK[self.color])
        for square in sorted(self.squares & set(ctx.layout.squares())):
            rect = ctx.layout.rect(square)
            if self.color == "white":
                corner = rect.bottomLeft()
                points = [corner, QPointF(corner.x() + leg, corner.y()), QPointF(corner.x(), corner.y() - leg)]
            else:
                corner = rect.topRight()
                points = [corner, QPointF(corner.x() - leg, corner.y()), QPointF(corner.x(), corner.y() + leg)]
            if stamped:
                stamps.stamp(p, points)
            else:
                p.drawPolygon(QPolygonF(points))
        p.restore()


def power_layers(targets: TargetLayer | None = None) -> list[PowerLayer]:
    """A fresh set of every toggled power layer."""
    return [BorrowLineLayer(), BorrowLayer(), HiaZoneLayer(), HiaSourceLayer(), FreezeTintLayer(), FreezeLinkLayer(),
            PoisonLayer(), FormsLayer(targets), AttackLayer("white"), AttackLayer("black")]


# ------------------------------------------------------------------ hover and highlight


class HoverLayer(Overlay):
    """The legal moves of the piece under the pointer, fainter than a held piece's (its
    loans are the focus layer's)."""

    name = "hover"
    z = 8
    OPACITY = 0.6

    def __init__(self) -> None:
        super().__init__()
        self.clear()

    def clear(self) -> None:
        self.square: str | None = None
        self.marks: dict[str, TargetMark] = {}

    def paint(self, ctx: PaintContext) -> None:
        if self.square is None:
            return
        layout = ctx.layout
        squares = set(layout.squares())
        p = ctx.painter
        p.setOpacity(self.OPACITY)
        for target, mark in self.marks.items():
            if target in squares:
                for style in ordered(mark.styles):
                    draw_marker(p, layout.rect(target), style)
        p.setOpacity(1.0)


class HighlightLayer(Overlay):
    """The squares of the powers panel's line under the pointer."""

    name = "highlight"
    z = 30

    def __init__(self) -> None:
        super().__init__()
        self.squares: tuple[str, ...] = ()

    def paint(self, ctx: PaintContext) -> None:
        s = ctx.layout.square
        for square in self.squares:
            if square in ctx.layout.squares():
                rect = ctx.layout.rect(square)
                ctx.painter.fillRect(rect, QColor(HIGHLIGHT.red(), HIGHLIGHT.green(), HIGHLIGHT.blue(), 45))
                draw_frame(ctx.painter, rect, HIGHLIGHT, max(2.0, s * 0.07))
