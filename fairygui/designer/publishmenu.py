"""The designer's File menu entries that publish a variant: the shareable file (``share.py``),
taking one in, and the Interactive Diagram for the Chess Variant Pages (``idiagram.py``).

Each saves first (what is published is the saved variant, checked), asks where, and says in
the status line what it did; a refusal names its reason there.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFileDialog

import rules

from ..savefile import write_atomically
from .document import VariantDocument
from .idiagram import NotExportable, interactive_diagram
from .share import SUFFIX, ShareError, export_variant, import_variant

if TYPE_CHECKING:
    from .window import DesignerWindow

SHARE_FILTER = f"Shared variants (*{SUFFIX})"


class Publisher:
    def __init__(self, window: DesignerWindow) -> None:
        self.window = window

    def _saved(self) -> bool:
        window = self.window
        if not window.save():
            window.notify("Publishing needs a variant that check accepts: see the problems listed below.")
            return False
        return True

    def _ask(self, title: str, suggested: str, filter_: str) -> str:
        folder = Path.home() / suggested
        path, _ = QFileDialog.getSaveFileName(self.window, title, str(folder), filter_)
        return path

    def export_shareable(self, path: str | None = None) -> bool:
        """Write the variant, its pieces' pictures and setups as one file to give to someone."""
        if not self._saved():
            return False
        vid = self.window.doc.vid
        path = path or self._ask("Share the variant", f"{vid}{SUFFIX}", SHARE_FILTER)
        if not path:
            return False
        target = Path(path if path.endswith(SUFFIX) else path + SUFFIX)
        try:
            notes = export_variant(vid, target)
        except (OSError, rules.RulesError) as exc:
            self.window.notify(f"Cannot write {target.name}: {exc}")
            return False
        extra = (" Note: " + "; ".join(notes) + ".") if notes else ""
        self.window.notify(f"Wrote {target.name}: the variant, its setups and its own pictures in one file; "
                           f"Import shared variant takes it in.{extra}")
        return True

    def import_shared(self, path: str | None = None) -> bool:
        """Take in a shared variant file and open it here."""
        window = self.window
        if path is None:
            path, _ = QFileDialog.getOpenFileName(window, "Import a shared variant", str(Path.home()), SHARE_FILTER)
            if not path:
                return False
        if window.dirty and not window.files.may_drop_edits("Import a shared variant"):
            return False
        try:
            imported = import_variant(Path(path))
        except (OSError, ShareError) as exc:
            window.notify(f"Cannot import {Path(path).name}: {exc}")
            return False
        window.take_document(VariantDocument.of_file(imported.path))
        window.files.watch()
        said = f"Imported {imported.vid} into your variants"
        if imported.renamed_from:
            said += f" (you had a variant {imported.renamed_from!r} already, so this one is {imported.vid!r})"
        said += f", with {imported.pictures} pictures." if imported.pictures else "."
        if imported.problems:
            window.show_problems(imported.problems)
            said += " check finds problems: they are listed below."
        window.notify(said)
        return True

    def export_diagram(self, path: str | None = None) -> bool:
        """Write an Interactive Diagram of the variant (its setup on the Setup page) as a page snippet."""
        if not self._saved():
            return False
        window = self.window
        vid = window.doc.vid
        try:
            export = interactive_diagram(vid, window.setup_page.current() or None)
        except (NotExportable, rules.RulesError) as exc:
            window.notify(f"No Interactive Diagram for this variant: {exc}.")
            return False
        path = path or self._ask("Interactive Diagram for the Chess Variant Pages", f"{vid}-diagram.html",
                                 "Web page snippets (*.html)")
        if not path:
            return False
        target = Path(path)
        write_atomically(target, export.html(rules.variant(vid).name))
        shown = len(export.cannot_show)
        window.notify(f"Wrote {target.name}: paste it into your page on the Chess Variant Pages."
                      + (f" It lists {shown} rules the diagram cannot show." if shown else ""))
        return True
