"""The variant designer (issue 18): design a variant's pieces, board, rules and setups in a
window over its variant file, save it through ``check`` and play it at once.

``new_variant(window)`` and ``edit_variant(window, variant_id)`` are the entries the main
window's Game menu uses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..mainwindow import MainWindow
    from .window import DesignerWindow


def _open(window: MainWindow, document: object) -> DesignerWindow:
    from PySide6.QtCore import Qt

    from .window import DesignerWindow

    designer = DesignerWindow(document, window, window)  # type: ignore[arg-type]
    designer.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    designer.show()
    designer.raise_()
    window.designer = designer
    return designer


def new_variant(window: MainWindow) -> DesignerWindow:
    """The designer on an empty form."""
    from .document import VariantDocument

    return _open(window, VariantDocument.empty())


def edit_variant(window: MainWindow, variant_id: str) -> DesignerWindow:
    """The designer on a variant: a user variant in its own file, a built-in one as a new user
    variant with it as the parent."""
    from .document import VariantDocument

    return _open(window, VariantDocument.of_variant(variant_id))
