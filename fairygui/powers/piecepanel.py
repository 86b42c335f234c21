"""The piece panel: one piece's name, Betza, description and powers, and its move diagram.

The piece is the one under the mouse on the board, or the one chosen from the list. The
diagram is the app's own board widget showing the piece alone on an empty board of the
variant's size, with the moves the rules give it there (``facts.piece_diagram``).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QComboBox, QLabel, QScrollArea, QSizePolicy, QVBoxLayout, QWidget

import rules

from ..board.artwork import Artwork
from ..board.markers import COLORS as MARKER_COLORS
from ..board.markers import LEGEND as MARKER_LEGEND
from ..board.markers import SHAPES as MARKER_SHAPES
from ..board.markers import draw_marker, ordered
from ..board.overlays import Overlay, PaintContext
from ..board.widget import BoardWidget
from ..facts import MoveIndex
from .facts import Diagram, piece_diagram
from .words import betza_words, capitalized, power_words

PLAIN = {"move", "capture"}


class DiagramLayer(Overlay):
    """A lone piece's reach: a dot where it moves or captures, a ring of dots' colour where it
    only moves, the red capture ring where it only captures, and the kind's own marker for
    special moves (the Pocket, swaps)."""

    name = "diagram"
    z = 10

    def __init__(self) -> None:
        super().__init__()
        self.diagram: Diagram | None = None

    def paint(self, ctx: PaintContext) -> None:
        d = self.diagram
        if d is None:
            return
        p = ctx.painter
        squares = set(ctx.layout.squares())
        both, moves_only, captures_only = d.moves_and_captures(), d.moves_only(), d.captures_only()
        for square in sorted(squares & (both | moves_only | captures_only)):
            rect = ctx.layout.rect(square)
            if square in captures_only:
                draw_marker(p, rect, "capture")
            elif square in moves_only and "move" in d.marks[square].styles:
                draw_move_only(p, rect)
            elif "move" in d.marks[square].styles or "capture" in d.marks[square].styles:
                draw_marker(p, rect, "move")
            if square in d.marks:
                for style in ordered(d.marks[square].styles - PLAIN):
                    draw_marker(p, rect, style)


def draw_move_only(p: QPainter, rect: Any) -> None:
    """A hollow dot: the piece may go here but not capture here."""
    s = rect.width()
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    color = QColor(MARKER_COLORS["move"])
    color.setAlpha(200)
    p.setPen(QPen(color, max(1.5, s * 0.06)))
    p.setBrush(QColor(255, 255, 255, 150))
    p.drawEllipse(QPointF(rect.center()), s * 0.15, s * 0.15)
    p.restore()


def special_legend(styles: set[str]) -> str:
    """The legend's words for the special-move markers a diagram shows (" Two teal rings:
    merge into a compound piece."), in the board legend's order."""
    meanings = dict(MARKER_LEGEND)
    return "".join(f" {capitalized(MARKER_SHAPES[style])}: {meanings[style]}."
                   for style in ordered(styles - PLAIN) if style in MARKER_SHAPES and style in meanings)


class PiecePanel(QWidget):
    LEGEND = ("Filled dot: moves or captures there. Hollow dot: moves there, never captures. "
              "Red ring: captures there only.")

    def __init__(self, art: Artwork, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.art = art
        self.variant_id = ""
        self.options: dict[str, Any] = {}
        self.descriptions: dict[str, str] = {}
        self.kind: str | None = None
        self.color = "white"
        self.chooser = QComboBox(self)
        self.chooser.setToolTip("Choose a piece of this variant")
        self.chooser.activated.connect(self._chosen)
        self.title = QLabel(self)
        self.title.setStyleSheet("font-weight: bold; font-size: 13pt;")
        self.betza = QLabel(self)
        self.betza.setWordWrap(True)
        self.description = QLabel(self)
        self.description.setWordWrap(True)
        self.powers = QLabel(self)
        self.powers.setWordWrap(True)
        self.here = QLabel(self)
        self.here.setWordWrap(True)
        self.here.setStyleSheet("color: #5a3d00;")
        self.board = BoardWidget(art, self)
        self.board.set_interactive(False)
        self.board.setMinimumSize(160, 160)
        self.board.setMaximumSize(340, 340)
        self.board.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.layer = DiagramLayer()
        self.board.overlays.add(self.layer)
        for name in ("turn", "check", "last-move", "result"):
            self.board.overlays.remove(name)
        self.note = QLabel(self)
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: #555;")
        body = QWidget(self)
        column = QVBoxLayout(body)
        # What acts on the hovered piece comes first: the status bar sends the reader here for it.
        for widget in (self.chooser, self.title, self.here, self.betza, self.description, self.board, self.note,
                       self.powers):
            column.addWidget(widget)
        column.addStretch(1)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setWidget(body)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)

    def set_variant(self, game: rules.Game, descriptions: dict[str, str]) -> None:
        """The pieces of the game's variant, with its options (the diagram depends on them)."""
        vdef = game.rules.variant
        self.variant_id = vdef.id
        self.options = game.options
        self.descriptions = descriptions
        self.chooser.clear()
        for kind, ptype in vdef.pieces.items():
            self.chooser.addItem(f"{ptype.name} ({ptype.letter})", kind)
        first = next(iter(vdef.pieces), None)
        if self.kind not in vdef.pieces:
            self.kind = None
        # The same piece id in another variant or board size has another diagram.
        self.layer.diagram = None
        self.show_piece(self.kind or first, self.color if self.kind else "white")

    def _chosen(self, row: int) -> None:
        kind = self.chooser.itemData(row)
        if kind:
            self.show_piece(str(kind), "white")

    def show_piece(self, kind: str | None, color: str = "white", here: str = "") -> None:
        """Show ``kind``; ``here`` says what acts on it where it stands on the board."""
        if kind is None or not self.variant_id:
            return
        vdef = rules.variant(self.variant_id)
        ptype = vdef.pieces.get(kind)
        if ptype is None:
            return
        changed = (kind, color) != (self.kind, self.color)
        self.kind, self.color = kind, color
        row = self.chooser.findData(kind)
        if row >= 0:
            self.chooser.setCurrentIndex(row)
        self.title.setText(f"{capitalized(color)} {ptype.name} ({ptype.letter})")
        self.betza.setText(
            f"Moves: <b>{'</b><br>+ <b>'.join(ptype.notation.split(' + ')) or '-'}</b>"
            f"<br>Betza {ptype.betza or '-'}: {betza_words(ptype.betza)}"
        )
        self.description.setText(ptype.description)
        if ptype.powers:
            items = "".join(f"<li><b>{word}</b>: {self.descriptions.get(name, '')}</li>"
                            for name, word in zip(ptype.powers, power_words(ptype.powers), strict=True))
            self.powers.setText(f"Powers:<ul style='margin-left: -20px'>{items}</ul>")
        else:
            self.powers.setText("Powers: none")
        self.here.setText(here)
        self.here.setVisible(bool(here))
        if changed or self.layer.diagram is None:
            self._draw(kind, color)

    def _draw(self, kind: str, color: str) -> None:
        diagram = piece_diagram(self.variant_id, self.options, kind, color)
        self.layer.diagram = diagram
        self.board.set_position(diagram.snapshot, MoveIndex(), rules.variant(self.variant_id))
        self.board.selection_layer.selected = diagram.square
        reach = len(diagram.marks) + len(diagram.captures_only())
        if diagram.error:
            text = f"No diagram: {diagram.error}"
        elif reach == 0:
            text = "Alone on an empty board it has no moves: its powers need other pieces (see above)."
        else:
            text = self.LEGEND + special_legend({style for mark in diagram.marks.values() for style in mark.styles})
        self.note.setText(text)
