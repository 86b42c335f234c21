"""The variant designer: design a variant's pieces, board, rules and setups in a
window over its variant file, save it through ``check`` and play it at once.

``new_variant(workspace)`` and ``edit_variant(workspace, variant_id)`` are the entries the
main window's Game menu uses. Each document has one designer window: asking again raises it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt

from ..workspace import Workspace
from .document import VariantDocument
from .window import DesignerWindow

#: The workspace's key for the designer of a new, empty form.
NEW_VARIANT = "designer:new"


def _open(workspace: Workspace, key: str, document: VariantDocument) -> DesignerWindow:
    def make() -> DesignerWindow:
        designer = DesignerWindow(document, workspace, workspace.host)
        designer.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        return designer

    return workspace.show_window(key, DesignerWindow, make)


def new_variant(workspace: Workspace) -> DesignerWindow:
    """The designer on an empty form."""
    return _open(workspace, NEW_VARIANT, VariantDocument.empty())


def edit_variant(workspace: Workspace, variant_id: str) -> DesignerWindow:
    """The designer on a variant: a user variant in its own file, a built-in one as a new user
    variant with it as the parent."""
    return _open(workspace, f"designer:{variant_id}", VariantDocument.of_variant(variant_id))
