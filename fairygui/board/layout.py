"""Where each square sits on the widget or picture: pure geometry over Qt rectangles.

The board fills the space it is given while keeping its squares square. Rank numbers
sit in a margin on the left, file letters in a margin below, and extra squares (the
Pocket) in a column to the right of the board, each labelled with its name.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF

from .snapshot import FILE_LETTERS, BoardShape

COORD_MARGIN = 0.42  # in squares: room for rank numbers (left) and file letters (below)
PAD = 0.12  # blank border on the open sides
EXTRA_GAP = 0.35  # between the board and the column of extra squares
EXTRA_LABEL = 0.32  # height of the name under an extra square


def _units(shape: BoardShape, coordinates: bool) -> tuple[float, float]:
    margin = COORD_MARGIN if coordinates else PAD
    width = margin + shape.files + PAD
    if shape.extras:
        width += EXTRA_GAP + 1
    height = PAD + shape.ranks + margin
    extras_height = len(shape.extras) * (1 + EXTRA_LABEL) + PAD
    return width, max(height, extras_height)


def aspect_ratio(shape: BoardShape, coordinates: bool = True) -> float:
    """Height over width of the whole picture, so an export wastes no space."""
    width, height = _units(shape, coordinates)
    return height / width


class BoardLayout:
    """Square rectangles for one board shape, size and orientation."""

    def __init__(
        self, shape: BoardShape, width: float, height: float, flipped: bool = False, coordinates: bool = True
    ) -> None:
        self.shape = shape
        self.flipped = flipped
        self.coordinates = coordinates
        wu, hu = _units(shape, coordinates)
        self.square = max(1.0, min(width / wu, height / hu))
        s = self.square
        # Centre the whole picture in the space given.
        left = (width - wu * s) / 2
        top = (height - hu * s) / 2
        margin = COORD_MARGIN if coordinates else PAD
        self.board_rect = QRectF(left + margin * s, top + PAD * s, shape.files * s, shape.ranks * s)
        self._rects: dict[str, QRectF] = {}
        for r in range(shape.ranks):
            for f in range(shape.files):
                col = shape.files - 1 - f if flipped else f
                row = r if flipped else shape.ranks - 1 - r
                self._rects[f"{FILE_LETTERS[f]}{r + 1}"] = QRectF(
                    self.board_rect.left() + col * s, self.board_rect.top() + row * s, s, s
                )
        self._label_rects: dict[str, QRectF] = {}
        if shape.extras:
            x = self.board_rect.right() + EXTRA_GAP * s
            column = len(shape.extras) * (1 + EXTRA_LABEL) * s
            y = self.board_rect.center().y() - column / 2
            for name in shape.extras:
                self._rects[name] = QRectF(x, y, s, s)
                self._label_rects[name] = QRectF(x - 0.2 * s, y + s, 1.4 * s, EXTRA_LABEL * s)
                y += (1 + EXTRA_LABEL) * s

    def rect(self, square: str) -> QRectF:
        return QRectF(self._rects[square])

    def centre(self, square: str) -> QPointF:
        return self._rects[square].center()

    def squares(self) -> list[str]:
        return list(self._rects)

    def is_extra(self, square: str) -> bool:
        return square in self._label_rects

    def square_at(self, point: QPointF) -> str | None:
        """The square under a point, or None between squares or off the board."""
        s = self.square
        board = self.board_rect
        if board.contains(point):
            col = min(int((point.x() - board.left()) / s), self.shape.files - 1)
            row = min(int((point.y() - board.top()) / s), self.shape.ranks - 1)
            f = self.shape.files - 1 - col if self.flipped else col
            r = row if self.flipped else self.shape.ranks - 1 - row
            return f"{FILE_LETTERS[f]}{r + 1}"
        for name in self.shape.extras:
            if self._rects[name].contains(point):
                return name
        return None

    def extra_label_rect(self, name: str) -> QRectF:
        return QRectF(self._label_rects[name])

    def file_labels(self) -> list[tuple[QRectF, str]]:
        """File letters under the board, in screen order."""
        s = self.square
        out = []
        for f in range(self.shape.files):
            col = self.shape.files - 1 - f if self.flipped else f
            rect = QRectF(self.board_rect.left() + col * s, self.board_rect.bottom(), s, COORD_MARGIN * s)
            out.append((rect, FILE_LETTERS[f]))
        return out

    def rank_labels(self) -> list[tuple[QRectF, str]]:
        """Rank numbers left of the board, in screen order."""
        s = self.square
        out = []
        for r in range(self.shape.ranks):
            row = r if self.flipped else self.shape.ranks - 1 - r
            rect = QRectF(self.board_rect.left() - COORD_MARGIN * s, self.board_rect.top() + row * s,
                          COORD_MARGIN * s * 0.9, s)
            out.append((rect, str(r + 1)))
        return out
