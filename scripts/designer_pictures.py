"""Screenshots of the variant designer for docs/app.md, drawn offscreen at its default size:
a Capablanca-like variant with the Archbishop's move diagram, a cannon-like hopper with its
hurdles, a pawn with its first move, the board-and-rules page with a zone, and a problem list.

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/designer_pictures.py [OUT_DIR]

A private user-variants folder is used; nothing is written to the real one.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication  # noqa: E402

CAPA = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR"


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/img")
    with tempfile.TemporaryDirectory() as folder:
        os.environ["FAIRYCHESS_VARIANTS"] = folder
        app = QApplication.instance() or QApplication(sys.argv[:1])
        from fairygui.compat import guard_none_refcount
        from fairygui.designer.document import VariantDocument
        from fairygui.designer.window import DesignerWindow

        guard_none_refcount()
        doc = VariantDocument.child_of("chess")
        doc.vid = "capablanca-mine"
        doc.set(("name",), "Capablanca (mine)")
        doc.set(("files",), 10)
        doc.set(("pieces", "archbishop"), {"name": "Archbishop", "letter": "A", "betza": "BN",
                                           "artwork": "archbishop", "value": 8})
        doc.set(("pieces", "chancellor"), {"name": "Chancellor", "letter": "C", "betza": "RN",
                                           "artwork": "chancellor", "value": 9})
        doc.set(("pieces", "cannon"), {"name": "Cannon", "letter": "X", "betza": "mRpcR"})
        doc.set(("setups", "standard", "placement"), CAPA)
        doc.set(("zones", "centre"), ["e4", "f4", "e5", "f5"])
        window = DesignerWindow(doc)
        window.show()
        shots = (("designer-pieces.png", "archbishop", 0), ("designer-hopper.png", "cannon", 0),
                 ("designer-pawn.png", "pawn", 0), ("designer-board.png", None, 1), ("designer-setup.png", None, 2))
        for name, piece, tab in shots:
            window.tabs.setCurrentIndex(tab)
            if piece:
                window.pieces.select(piece)
            if tab == 1:
                window.board_page.zones.chooser.setCurrentText("centre")
            app.processEvents()
            window.grab().save(str(out / name))
        # A bad Betza string, underlined where the rules stop reading it.
        window.tabs.setCurrentIndex(0)
        window.pieces.select("cannon")
        form = window.pieces.form
        assert form is not None
        field = form.all_editors()[("pieces", "cannon", "betza")].field  # type: ignore[attr-defined]
        field.set_text("mRpcRX")
        field.edited.emit("mRpcRX")
        app.processEvents()
        window.grab().save(str(out / "designer-bad-betza.png"))
        window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
