"""The evaluation graph under the move list: the score after each move of the line on view,
from White's side (``fairygui/scores.py``), clipped to a few pawns either way. The analysis
panel and the computer's searches report scores for the position on view; the graph keeps
each with its position of the record, so it draws whatever line is shown. Clicking the graph
shows the position after that move."""

from __future__ import annotations

from PySide6.QtCore import QObject, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPainterPath, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from rules.pgntree import Node

from .controller import GameController
from .document import root_of
from .scores import WhiteScore

#: Scores beyond this many pawns either way are drawn at the edge.
CLIP_PAWNS = 5.0
BACKGROUND = QColor("#2b2b2b")  # Black's half
WHITE_AREA = QColor("#f4f1ea")  # what White's advantage fills
ZERO_LINE = QColor("#888888")
CURVE = QColor("#1565c0")
CURRENT = QColor("#d84315")


def clipped(pawns: float) -> float:
    return max(-CLIP_PAWNS, min(CLIP_PAWNS, pawns))


class EvalGraph(QWidget):
    """Plots ``values[ply]`` (pawns from White's side, None where unknown) for ply 0..n."""

    plyClicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("evalGraph")
        self.values: list[float | None] = [None]
        self.current = 0
        # As tall as it can be up to a few lines of moves, and squeezed first in a short window.
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setMaximumHeight(80)
        self.setToolTip("The evaluation after each move, from White's side (up: White better); "
                        "click to show that position")
        self.setCursor(Qt.CursorShape.PointingHandCursor)

    def sizeHint(self) -> QSize:
        return QSize(300, 44)

    def minimumSizeHint(self) -> QSize:
        return QSize(60, 24)

    def set_values(self, values: list[float | None], current: int) -> None:
        self.values = values or [None]
        self.current = current
        self.update()

    def x_of(self, ply: int) -> float:
        """Where ply ``ply`` stands across the widget."""
        last = max(1, len(self.values) - 1)
        return 4 + (self.width() - 8) * ply / last

    def y_of(self, pawns: float) -> float:
        middle = self.height() / 2
        return middle - (middle - 4) * clipped(pawns) / CLIP_PAWNS

    def ply_at(self, x: float) -> int:
        last = max(1, len(self.values) - 1)
        ply = round((x - 4) / max(1.0, self.width() - 8) * last)
        return max(0, min(len(self.values) - 1, ply))

    def points(self) -> list[QPointF]:
        """The plotted points, one per ply with a known score."""
        return [QPointF(self.x_of(ply), self.y_of(value)) for ply, value in enumerate(self.values)
                if value is not None]

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(self.rect())
        p.fillRect(rect, BACKGROUND)
        middle = self.height() / 2
        points = self.points()
        if points:
            area = QPainterPath(QPointF(points[0].x(), middle))
            for point in points:
                area.lineTo(point)
            area.lineTo(QPointF(points[-1].x(), middle))
            area.closeSubpath()
            p.fillPath(area, WHITE_AREA)
        p.setPen(QPen(ZERO_LINE, 1, Qt.PenStyle.DashLine))
        p.drawLine(QPointF(0, middle), QPointF(rect.width(), middle))
        if len(points) > 1:
            p.setPen(QPen(CURVE, 2))
            p.drawPolyline(points)
        p.setPen(QPen(CURVE, 1))
        p.setBrush(CURVE)
        for point in points:
            p.drawEllipse(point, 2.2, 2.2)
        x = self.x_of(self.current)
        p.setPen(QPen(CURRENT, 2))
        p.drawLine(QPointF(x, 0), QPointF(x, rect.height()))
        p.setPen(QColor("#888"))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(rect.adjusted(0.5, 0.5, -0.5, -0.5))
        p.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.plyClicked.emit(self.ply_at(event.position().x()))
        super().mousePressEvent(event)


class EvalHistory(QObject):
    """The scores reported for positions of the record, and the graph of the line on view."""

    def __init__(self, controller: GameController, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.graph = EvalGraph()
        # Keyed by the node's identity (nodes are not hashable); the node is kept with its score.
        self._scores: dict[int, tuple[Node, WhiteScore]] = {}
        self.graph.plyClicked.connect(controller.go_to)
        #: The records whose scores are kept: the game on the board and the one it replaced
        #: (exploring sets a game aside and brings it back).
        self._roots: list[Node] = [controller.record.root]
        controller.gameReplaced.connect(self._replaced)
        controller.positionChanged.connect(self.refresh)
        self.refresh()

    def clear(self) -> None:
        self._scores.clear()
        self.refresh()

    def _replaced(self) -> None:
        root = self.controller.record.root
        self._roots = [root] + [r for r in self._roots if r is not root][:1]
        self._scores = {key: kept for key, kept in self._scores.items()
                        if any(root_of(kept[0]) is r for r in self._roots)}
        self.refresh()

    def note(self, score: WhiteScore | None) -> None:
        """A score for the position on view (a search's report)."""
        if score is None:
            return
        node = self.controller.node
        self._scores[id(node)] = (node, score)
        self.refresh()

    def score_of(self, node: Node) -> WhiteScore | None:
        kept = self._scores.get(id(node))
        return kept[1] if kept is not None and kept[0] is node else None

    def latest(self) -> WhiteScore | None:
        """The score of the position on view, or else of the nearest one before it on the line."""
        c = self.controller
        nodes = [c.record.root] + [step.node for step in c.steps[:c.ply]]
        for node in reversed(nodes):
            score = self.score_of(node)
            if score is not None:
                return score
        return None

    def values(self) -> list[float | None]:
        c = self.controller
        nodes = [c.record.root] + [step.node for step in c.steps]
        out: list[float | None] = []
        for node in nodes:
            score = self.score_of(node)
            out.append(None if score is None else score.pawns)
        return out

    def refresh(self) -> None:
        values = self.values()
        self.graph.set_values(values, self.controller.ply)
        # Shown once a search has judged a position of the game: an empty graph says nothing.
        self.graph.setVisible(any(value is not None for value in values))
