"""Pictures of a position without a window: PNG (or any Qt image format) and SVG.

Used by ``fairygui --render``, by File > Export (with the window's artwork, piece set and
board colours, so the picture looks as the board does) and by tests that look at a picture.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF, QSize
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtSvg import QSvgGenerator

from .board.artwork import Artwork
from .board.layout import BoardLayout, aspect_ratio
from .board.overlays import CheckLayer, LastMoveLayer, OverlayStack, PaintContext, TurnLayer
from .board.painter import MARGIN, paint_background, paint_foreground
from .board.piecemarks import PieceMarkLayer
from .board.snapshot import Snapshot
from .board.themes import DEFAULT_BOARD, BoardTheme, board_theme

RASTER_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".webp")


def picture_size(snapshot: Snapshot, width: int, coordinates: bool = True) -> QSize:
    """Width as asked; height from the board's shape (extra squares widen the picture)."""
    return QSize(width, max(1, round(width * aspect_ratio(snapshot.shape, coordinates))))


def _paint(
    painter: QPainter, snapshot: Snapshot, size: QSize, flipped: bool, art: Artwork,
    overlays: OverlayStack | None, vector: bool, coordinates: bool, theme: BoardTheme | None = None,
) -> None:
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    painter.fillRect(QRectF(0, 0, size.width(), size.height()), theme.margin if theme is not None else MARGIN)
    layout = BoardLayout(snapshot.shape, size.width(), size.height(), flipped, coordinates)
    ctx = PaintContext(painter, layout, snapshot, art, vector, theme or board_theme(DEFAULT_BOARD))
    paint_background(ctx)
    paint_foreground(ctx, overlays if overlays is not None else diagram_overlays())


def diagram_overlays() -> OverlayStack:
    """The layers a posted diagram shows: the last move, check and the side to move; no
    interaction, no banner."""
    stack = OverlayStack()
    for layer in (LastMoveLayer(), CheckLayer(), TurnLayer(), PieceMarkLayer()):
        stack.add(layer)
    return stack


def render_image(
    snapshot: Snapshot, width: int = 640, flipped: bool = False, art: Artwork | None = None,
    overlays: OverlayStack | None = None, coordinates: bool = True, theme: BoardTheme | None = None,
) -> QImage:
    size = picture_size(snapshot, width, coordinates)
    image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor(MARGIN))
    painter = QPainter(image)
    _paint(painter, snapshot, size, flipped, art or Artwork(), overlays, False, coordinates, theme)
    painter.end()
    return image


def render_svg(
    snapshot: Snapshot, path: Path, width: int = 640, flipped: bool = False, art: Artwork | None = None,
    overlays: OverlayStack | None = None, coordinates: bool = True, theme: BoardTheme | None = None,
) -> None:
    size = picture_size(snapshot, width, coordinates)
    generator = QSvgGenerator()
    generator.setFileName(str(path))
    generator.setSize(size)
    # At 96 dpi the size written in millimetres reads back as the same pixel count.
    generator.setResolution(96)
    generator.setViewBox(QRectF(0, 0, size.width(), size.height()))
    generator.setTitle("Fairy chess diagram")
    painter = QPainter()
    if not painter.begin(generator):
        raise OSError(f"cannot write {path}")
    _paint(painter, snapshot, size, flipped, art or Artwork(), overlays, True, coordinates, theme)
    painter.end()


def save_picture(
    snapshot: Snapshot, path: str | Path, width: int = 640, flipped: bool = False,
    overlays: OverlayStack | None = None, coordinates: bool = True, art: Artwork | None = None,
    theme: BoardTheme | None = None,
) -> Path:
    """Write the picture, drawn with ``art`` (its piece set and a variant's own artwork; the
    shipped artwork as drawn where None) on ``theme``'s board colours (the default set where
    None); the file suffix picks the format. Raises ValueError for a suffix we cannot write
    and OSError when the file cannot be written."""
    path = Path(path)
    suffix = path.suffix.lower()
    if width < 16 or width > 20000:
        raise ValueError(f"picture width {width} px is out of range (16..20000)")
    if suffix == ".svg":
        render_svg(snapshot, path, width, flipped, art, overlays, coordinates, theme)
        if not path.is_file():
            raise OSError(f"cannot write {path}")
        return path
    if suffix not in RASTER_SUFFIXES:
        raise ValueError(f"cannot tell the picture format from {path.name!r}; use .png or .svg")
    image = render_image(snapshot, width, flipped, art, overlays, coordinates, theme)
    if not image.save(str(path)):
        raise OSError(f"cannot write {path}")
    return path
