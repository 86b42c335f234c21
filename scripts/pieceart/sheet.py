"""The contact sheet: every piece group rendered in both colours on light and dark squares (PySide6).

PySide6 is imported inside make_sheet so that writing the SVGs needs only the standard library.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from .table import GROUPS


def make_sheet(out_png: Path, size: int, svg_dir: Path) -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QByteArray, QRectF, Qt
    from PySide6.QtGui import QColor, QFont, QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    light, dark = QColor("#eeeed2"), QColor("#769656")
    pad = 6
    label_h = max(14, size // 4)
    cell_w = 4 * size + pad
    cols = max(1, 1100 // cell_w)
    title_h = 22

    rows: list[tuple[str, list[str]]] = []
    for gname, ids in GROUPS.items():
        rows.append((gname, ids))
    rows.append(("markers", ["ferry", "pocket", "ferry+white-rook", "ferry+black-knight"]))

    height = pad
    for _, ids in rows:
        n_rows = (len(ids) + cols - 1) // cols
        height += title_h + n_rows * (size + label_h + pad)
    width = cols * cell_w + pad

    img = QImage(width, height, QImage.Format.Format_ARGB32)
    img.fill(QColor("#fafafa"))
    painter = QPainter(img)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(10, min(14, label_h - 3)))

    cache: dict[str, QSvgRenderer] = {}

    def renderer(name: str) -> QSvgRenderer:
        if name not in cache:
            data = (svg_dir / f"{name}.svg").read_bytes()
            r = QSvgRenderer(QByteArray(data))
            if not r.isValid():
                raise SystemExit(f"invalid SVG: {name}")
            cache[name] = r
        return cache[name]

    y = pad
    for gname, ids in rows:
        tfont = QFont(font)
        tfont.setBold(True)
        painter.setFont(tfont)
        painter.setPen(QColor("#202020"))
        painter.drawText(QRectF(pad, y, width, title_h), Qt.AlignmentFlag.AlignVCenter, gname)
        y += title_h
        painter.setFont(font)
        for i, pid in enumerate(ids):
            cx = pad + (i % cols) * cell_w
            cy = y + (i // cols) * (size + label_h + pad)
            if pid in ("ferry", "pocket"):
                layers = [[pid]] * 4
            elif pid.startswith("ferry+"):
                layers = [["ferry", pid[6:]]] * 4
            else:
                w, b = f"white-{pid}", f"black-{pid}"
                layers = [[w], [w], [b], [b]]
            for j, names in enumerate(layers):
                rect = QRectF(cx + j * size, cy, size, size)
                painter.fillRect(rect, light if j % 2 == 0 else dark)
                for name in names:
                    renderer(name).render(painter, rect)
            painter.setPen(QColor("#202020"))
            painter.drawText(
                QRectF(cx, cy + size, 4 * size, label_h),
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                pid,
            )
        y += ((len(ids) + cols - 1) // cols) * (size + label_h + pad)
    painter.end()
    out_png.parent.mkdir(parents=True, exist_ok=True)
    if not img.save(str(out_png)):
        raise SystemExit(f"could not write {out_png}")
    del app
