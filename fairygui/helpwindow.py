"""The rules window: a variant's rules page from the project's docs, its piece table with
artwork, letters and Betza, its options, and the legend of the board's move markers."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF, Qt, QUrl
from PySide6.QtGui import QImage, QPainter, QTextDocument
from PySide6.QtWidgets import QDialog, QTextBrowser, QVBoxLayout, QWidget

import rules

from .board.artwork import Artwork
from .board.markers import LEGEND, draw_choice_badge, draw_marker, draw_victim
from .board.painter import DARK, LIGHT
from .paths import docs_dir

ICON = 40


def rules_page(vid: str) -> tuple[Path, str] | None:
    """The docs page for a variant or, failing that, for its parent variants."""
    seen: set[str] = set()
    current: str | None = vid
    while current and current not in seen:
        seen.add(current)
        for folder in ("variants", "rules", ""):
            path = docs_dir() / folder / f"{current}.md"
            if path.is_file():
                try:
                    return path, path.read_text(encoding="utf-8")
                except (OSError, UnicodeDecodeError):
                    return None
        try:
            parent = rules.variant(current).raw.get("parent")
        except rules.RulesError:
            parent = None
        current = parent if isinstance(parent, str) else None
    return None


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def variant_markdown(vid: str) -> str:
    vdef = rules.variant(vid)
    lines = [f"# {vdef.name}", "", vdef.description, ""]
    board = f"{vdef.files} files x {vdef.ranks} ranks"
    if vdef.extra_squares:
        board += "; extra squares: " + ", ".join(vdef.extra_squares)
    lines += [f"**Board:** {board}.", ""]
    lines += ["## Pieces", "", "| | Piece | Letter | Betza | Moves |", "|---|---|---|---|---|"]
    for ptype in vdef.pieces.values():
        powers = f" Powers: {', '.join(ptype.powers)}." if ptype.powers else ""
        lines.append(
            f"| ![White {ptype.id}](piece:white-{ptype.id}) ![Black {ptype.id}](piece:black-{ptype.id}) "
            f"| {_cell(ptype.name)} | {ptype.letter} "
            f"| `{_cell(ptype.notation) or '-'}` | {_cell(ptype.description)}{_cell(powers)} |"
        )
    lines.append("")
    if vdef.options:
        lines += ["## Options", ""]
        for opt in vdef.options.values():
            choices = ", ".join(str(c).lower() if isinstance(c, bool) else str(c) for c in opt.choices)
            lines.append(f"- **{opt.name}** (default {str(opt.default).lower()}; {choices}): {opt.description}")
            for choice, text in opt.choice_descriptions.items():
                lines.append(f"    - *{choice}*: {text}")
        lines.append("")
    lines += ["## Board markers", "", "When you pick up a piece, each legal target shows what the move does:", ""]
    lines += ["| | Meaning |", "|---|---|"]
    for style, meaning in LEGEND:
        lines.append(f"| ![{style}](marker:{style}) | {meaning} |")
    lines.append("| ![victim](marker:victim) | the piece a move to the hovered square would capture |")
    page = rules_page(vid)
    if page is not None:
        path, text = page
        lines += ["", "---", "", f"*From {path.name} in the project documentation:*", "", text]
    return "\n".join(lines)


def marker_image(style: str) -> QImage:
    image = QImage(ICON, ICON, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(LIGHT if style != "move" else DARK)
    painter = QPainter(image)
    if style == "victim":
        draw_victim(painter, QRectF(0, 0, ICON, ICON), strong=True)
    elif style == "choices":
        draw_marker(painter, QRectF(0, 0, ICON, ICON), "move")
        draw_choice_badge(painter, QRectF(0, 0, ICON, ICON))
    else:
        draw_marker(painter, QRectF(0, 0, ICON, ICON), style, (1.0, 0.0))
    painter.end()
    return image


def build_document(vid: str, art: Artwork) -> QTextDocument:
    doc = QTextDocument()
    doc.setMarkdown(variant_markdown(vid))
    # Resources go in after the text: setting the text clears the document's resources.
    vdef = rules.variant(vid)
    for ptype in vdef.pieces.values():
        for color in ("white", "black"):
            image = art.piece_image(color, ptype.id, ptype.letter, ICON)
            doc.addResource(QTextDocument.ResourceType.ImageResource, QUrl(f"piece:{color}-{ptype.id}"), image)
    for style in [s for s, _ in LEGEND] + ["victim"]:
        doc.addResource(QTextDocument.ResourceType.ImageResource, QUrl(f"marker:{style}"), marker_image(style))
    return doc


class RulesWindow(QDialog):
    """A non-modal window with one variant's rules."""

    def __init__(self, vid: str, art: Artwork, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Rules: {rules.variant(vid).name}")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.resize(760, 720)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(True)
        # The browser does not own a document it is given; keep ours alive with the window.
        self.document_ = build_document(vid, art)
        self.browser.setDocument(self.document_)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
