"""The rules window: a variant's rules page from the project's docs, its piece table with
artwork, letters and Betza, its options, and the legend of the board's move markers."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QRectF, Qt, QUrl
from PySide6.QtGui import QDesktopServices, QImage, QPainter, QTextDocument
from PySide6.QtWidgets import QDialog, QMessageBox, QTextBrowser, QVBoxLayout, QWidget

import rules
from rules.catalogue import BUILTIN_DIR

from .board.artwork import Artwork
from .board.markers import LEGEND, draw_choice_badge, draw_marker, draw_victim
from .board.painter import DARK, LIGHT
from .paths import docs_dir
from .powers.legend import legend_image, legend_rows
from .powers.words import power_words

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


#: Sections of a variant's docs page written for developers (data schemas, notation details,
#: where the code lives, speed): the rules window leaves them out, with their subsections.
DEVELOPER_SECTIONS = ("explanation data", "data for the app", "variant data", "recipe data", "speed",
                      "move text", "notation", "their text", "data read by", "options")
#: A paragraph, list item or table row naming code (a module, a file, an exception, the API).
DEVELOPER_TEXT = re.compile(
    r"\.py\b|\.toml\b|\brules/|\brules\.|[A-Z][a-z]+Error\b|\bmodules?\b|Move\.|\bexplain\(|"
    r"\bdescribe_move\b|\bGame\.|\w\(\)|\braises\b|\bposition (text|state)\b|\bthis page\b|"
    r"\bvariant file\b|\bpowers?\b[^.]*`[a-z-]+`",
    re.IGNORECASE,
)


def _heading(line: str) -> tuple[int, str] | None:
    stripped = line.lstrip()
    if not stripped.startswith("#"):
        return None
    level = len(stripped) - len(stripped.lstrip("#"))
    return level, stripped[level:].strip()


def player_text(page: str) -> str:
    """A docs page as players read it: its title, the developer sections, and every
    paragraph, list item or table row that speaks of code are left out."""
    kept: list[str] = []
    skipping_below: int | None = None
    for line in page.splitlines():
        heading = _heading(line)
        if heading is not None:
            level, title = heading
            if level == 1:
                continue  # the window has its own title
            if skipping_below is not None and level > skipping_below:
                continue
            skipping_below = level if any(word in title.lower() for word in DEVELOPER_SECTIONS) else None
            if skipping_below is None:
                kept.append(line)
            continue
        if skipping_below is None:
            kept.append(line)
    return "\n".join(_without_code_blocks("\n".join(kept)))


def _without_code_blocks(text: str) -> list[str]:
    """Paragraphs, then the items of lists and tables, that speak of code go."""
    out: list[str] = []
    for block in _blocks(text):
        lines = block.splitlines()
        if not lines:
            continue
        if all(line.lstrip().startswith(("|", "- ", "* ")) or line.startswith("  ") for line in lines):
            items = _items(lines)
            kept = [item for item in items if not DEVELOPER_TEXT.search("\n".join(item))]
            if kept and any(line.lstrip().startswith("|") for item in kept for line in item) and len(kept) <= 2:
                kept = []  # a table left with its header only
            if kept:
                out.append("\n".join(line for item in kept for line in item))
                out.append("")
        elif not DEVELOPER_TEXT.search(block):
            out.append(block)
            out.append("")
    return out


def _blocks(text: str) -> list[str]:
    """Paragraphs split at blank lines; a fenced code block stays one block, blank lines and all."""
    blocks: list[list[str]] = [[]]
    fenced = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        if not line.strip() and not fenced:
            blocks.append([])
        else:
            blocks[-1].append(line)
    return ["\n".join(block) for block in blocks if block]


def _items(lines: list[str]) -> list[list[str]]:
    """List items with their continuation lines, or table rows."""
    items: list[list[str]] = []
    for line in lines:
        if line.lstrip().startswith(("|", "- ", "* ")) and not line.startswith("  ") or not items:
            items.append([line])
        else:
            items[-1].append(line)
    return items


def _choice_word(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value).replace("-", " ")


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
        powers = f" Powers: {', '.join(power_words(ptype.powers))}." if ptype.powers else ""
        lines.append(
            f"| ![White {ptype.id}](piece:white-{ptype.id}) ![Black {ptype.id}](piece:black-{ptype.id}) "
            f"| {_cell(ptype.name)} | {ptype.letter} "
            f"| `{_cell(ptype.notation) or '-'}` | {_cell(ptype.description)}{_cell(powers)} |"
        )
    lines.append("")
    if vdef.options:
        lines += ["## Options", ""]
        for opt in vdef.options.values():
            choices = ", ".join(_choice_word(c) for c in opt.choices)
            lines.append(f"- **{opt.name}** (default {_choice_word(opt.default)}; {choices}): {opt.description}")
            for choice, text in opt.choice_descriptions.items():
                lines.append(f"    - *{_choice_word(choice)}*: {text}")
        lines.append("")
    lines += ["## Board markers", "", "When you pick up a piece, each legal target shows what the move does:", ""]
    lines += ["| | Meaning |", "|---|---|"]
    for style, meaning in LEGEND:
        lines.append(f"| ![{style}](marker:{style}) | {meaning} |")
    lines.append("| ![victim](marker:victim) | the piece a move to the hovered square would capture |")
    lines += ["", "## Power overlays and piece marks", "", "Each overlay has its own colour (View menu to switch "
              "them):", "", "| | Meaning |", "|---|---|"]
    for row in legend_rows(_powers_of(vdef)):
        lines.append(f"| ![{row.key}](legend:{row.key}) | {row.meaning} |")
    page = rules_page(vid)
    if page is not None:
        path, text = page
        lines += ["", "---", "", "## More about the rules", "", f"*From the project's rules page {path.name}.*", "",
                  player_text(text)]
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
    for row in legend_rows(_powers_of(vdef)):
        doc.addResource(QTextDocument.ResourceType.ImageResource, QUrl(f"legend:{row.key}"), legend_image(row, ICON))
    return doc


def _powers_of(vdef: rules.VariantDef) -> set[str]:
    """The variant's powers and its pieces' powers, by name."""
    return {*vdef.powers, *(power for ptype in vdef.pieces.values() for power in ptype.powers)}


WEB_SCHEMES = ("http", "https")


class RulesWindow(QDialog):
    """A non-modal window with one variant's rules."""

    def __init__(self, vid: str, art: Artwork, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Rules: {rules.variant(vid).name}")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.resize(760, 720)
        self.browser = QTextBrowser()
        # Links are ours to judge: a user's variant file may carry any address.
        self.browser.setOpenLinks(False)
        self.browser.anchorClicked.connect(self.follow_link)
        source = rules.variant(vid).source
        self.trusted = Path(source).resolve().is_relative_to(BUILTIN_DIR.resolve())
        self.source = source
        self.link_question: QMessageBox | None = None
        #: How a link is opened (the desktop's browser); tests put a recorder here.
        self.open_url: Callable[[QUrl], object] = QDesktopServices.openUrl
        # The browser does not own a document it is given; keep ours alive with the window.
        self.document_ = build_document(vid, art)
        self.browser.setDocument(self.document_)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)

    def follow_link(self, url: QUrl) -> None:
        """Open a web link of a built-in variant's page at once; one from a user's variant file
        only after the player agrees; anything that is not a web address never."""
        if not url.scheme() and url.hasFragment():  # a link within the page
            self.browser.scrollToAnchor(url.fragment())
            return
        if url.scheme() not in WEB_SCHEMES:
            self.link_question = self._ask(
                "Link not opened", f"{url.toString()[:200]} is not a web address, so it is not opened.", None)
            return
        if self.trusted:
            self.open_url(url)
            return
        self.link_question = self._ask(
            "Open a link from a variant file?",
            f"This variant comes from your file {self.source}. Open {url.toString()[:200]} in your web browser?",
            url,
        )

    def _ask(self, title: str, text: str, url: QUrl | None) -> QMessageBox:
        box = QMessageBox(QMessageBox.Icon.Question if url else QMessageBox.Icon.Information, title, text,
                          QMessageBox.StandardButton.NoButton, self)
        open_button = box.addButton("Open", QMessageBox.ButtonRole.AcceptRole) if url else None
        box.addButton(QMessageBox.StandardButton.Cancel if url else QMessageBox.StandardButton.Ok)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel if url else QMessageBox.StandardButton.Ok)
        if self.link_question is not None:  # one question at a time; the window owns it
            self.link_question.deleteLater()
        if url is not None:
            box.buttonClicked.connect(lambda button: self.open_url(url) if button is open_button else None)
        box.open()
        return box
