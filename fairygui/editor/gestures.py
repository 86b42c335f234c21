"""What the editor's gestures do to the draft: board drags and clicks, palette drops,
the pools, the selected piece's settings, the position's fields and whole-board edits.

A mixin of :class:`~fairygui.editor.window.SetupEditor`, kept apart so the window module
holds only building and redrawing.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPoint

import rules

from ..board.snapshot import Glyph
from . import rulings
from .draft import Draft, DraftPiece, other_color

if TYPE_CHECKING:
    from .window import SetupEditor


class Gestures:
    """Edit handlers of the editor window."""

    def _dropped(self: SetupEditor, origin: str, target: str) -> None:
        if self.arrangement is not None:
            self._arrange(origin, target)
            return
        piece = self.draft.pieces[origin]
        name = self.draft.vdef.pieces[piece.kind].name
        self.selected = target
        self._edit(lambda d: d.move(origin, target), f"Moved the {piece.color} {name} from {origin} to {target}.")

    def _dropped_off(self: SetupEditor, origin: str) -> None:
        if self.arrangement is not None:
            self.say("In this setup every piece stays on the board; drag it along the row instead.")
            return
        self.remove(origin)

    def _clicked(self: SetupEditor, square: str) -> None:
        if self.ferry_tool.isChecked() and square and self.arrangement is None:
            placed: list[bool] = []
            self._edit(lambda d: placed.append(rulings.toggle_ferry(d, square)))
            self.say(f"Put a Ferry on {square}." if placed and placed[0] else f"Took the Ferry off {square}.")
            return
        if self.brush is not None and square and self.arrangement is None:
            brush = self.brush
            self.selected = square
            self._edit(lambda d: d.put(square, DraftPiece(brush.color, brush.kind)),
                       f"Put a {brush.color} {brush.name} on {square}.")
            return
        self.selected = square or None
        self.board.set_marked(self.selected)
        self._show_selected()

    def remove(self: SetupEditor, square: str) -> None:
        if self.arrangement is not None or square not in self.draft.pieces:
            return
        piece = self.draft.pieces[square]
        name = self.draft.vdef.pieces[piece.kind].name
        self._edit(lambda d: d.remove(square), f"Took the {piece.color} {name} off {square}.")

    def recolour(self: SetupEditor, square: str) -> None:
        if self.arrangement is not None:
            self.say("In this setup the colours are fixed; drag Black's pieces along the row.")
            return
        if square in self.draft.pieces:
            self.selected = square
            self._edit(lambda d: d.recolour(square))

    def _other_form(self: SetupEditor) -> None:
        square = self.selected
        piece = self.draft.pieces.get(square) if square else None
        other = rulings.other_form(self.draft, piece.kind) if piece else None
        if square and piece and other:
            self._edit(lambda d: d.put(square, replace(piece, kind=other)))

    def _flag(self: SetupEditor, flag: str, on: bool) -> None:
        square = self.selected
        if square and square in self.draft.pieces:
            self._edit(lambda d: d.put(square, d.pieces[square].with_flag(flag, on)))


    def _palette_moved(self: SetupEditor, glyph: Glyph | None, point: QPoint) -> None:
        if glyph is None:
            self.board.show_external_drag(None, None)
            return
        local = self.board.mapFromGlobal(point)
        self.board.show_external_drag(glyph, local)
        # Over the board the board draws the piece at square size; the cursor would be a second copy.
        self.palette_view.show_piece_cursor(not self.board.rect().contains(local))
        pointed = self.pool_editor.strip_at(point)
        for strip in self.pool_editor.strips.values():
            strip.set_highlight(strip is pointed)

    def _palette_dropped(self: SetupEditor, glyph: Glyph, point: QPoint) -> None:
        self.board.show_external_drag(None, None)
        for strip in self.pool_editor.strips.values():
            strip.set_highlight(False)
        if self.arrangement is not None:
            return
        local = self.board.mapFromGlobal(point)
        square = self.board.square_at(local) if self.board.rect().contains(local) else None
        if square is not None:
            self.selected = square
            self._edit(lambda d: d.put(square, DraftPiece(glyph.color, glyph.kind)),
                       f"Put a {glyph.color} {glyph.name} on {square}.")
            return
        strip = self.pool_editor.strip_at(point)
        if strip is not None:
            color = strip.color
            self._edit(lambda d: d.pools.__setitem__(color, (*d.pools[color], DraftPiece(color, glyph.kind))),
                       f"Added a {color} {glyph.name} to the captured pieces.")

    def _ferry_tool_toggled(self: SetupEditor, on: bool) -> None:
        if on:
            self.palette_view.set_brush(None)  # one tool at a time
            self.say("Click squares to put a Ferry there or take the one there away; "
                     "click Place Ferries again to stop.")
        else:
            self.say("")

    def _brush_changed(self: SetupEditor, glyph: Glyph | None) -> None:
        self.brush = glyph
        if glyph is not None and self.ferry_tool.isChecked():
            self.ferry_tool.setChecked(False)
        if glyph is None:
            self.say("")
        else:
            self.say(f"Click squares to put a {glyph.color} {glyph.name} there; click it in the palette again, "
                     "or right-click the palette, to stop.")

    def _pool_remove(self: SetupEditor, color: str, index: int) -> None:
        def take(d: Draft) -> None:
            pool = list(d.pools[color])
            del pool[index]
            d.pools[color] = tuple(pool)

        self._edit(take)


    def _set_ep(self: SetupEditor, square: str) -> None:
        def change(d: Draft) -> None:
            d.ep = square
            d.state.pop("epv", None)

        self._edit(change)

    def _set_clocks(self: SetupEditor, halfmove: int, fullmove: int) -> None:
        def change(d: Draft) -> None:
            d.halfmove, d.fullmove = halfmove, fullmove

        self._edit(change)

    def choose_variant(self: SetupEditor, variant_id: str) -> None:
        if variant_id == self.draft.variant:
            return
        try:
            draft = rulings.start_draft(variant_id, {})
        except rules.RulesError as exc:
            self.say(f"Cannot set up {variant_id}: {exc}")
            self.refresh()
            return
        self.selected = None
        self.palette_view.set_brush(None)
        self.set_draft(draft, None)
        self.say(f"The start position of {draft.vdef.name}.")

    def set_option(self: SetupEditor, name: str, value: Any) -> None:
        vdef = self.draft.vdef
        options = {**self.draft.options, name: value}
        try:
            resolved = vdef.resolve_options(options)
            chosen = {k: v for k, v in resolved.items() if v != vdef.options[k].default}
            if name == "setup":
                # A different start array is what a player choosing it wants to see.
                draft = rulings.start_draft(vdef.id, chosen)
            else:
                rules.make_rules(vdef.id, chosen)
                # Options that move where something starts (Ferries, dragons) move it here too,
                # so the option shown and the position agree.
                moved = rulings.follow_option(self.draft, self.draft.options, chosen)
                draft = replace(moved, options=chosen)
        except rules.RulesError as exc:
            self.say(f"Option {name} cannot be {value!r}: {exc}")
            self.refresh()
            return
        self.set_draft(draft, None)


    def clear_board(self: SetupEditor) -> None:
        self.selected = None
        self._edit(lambda d: d.clear(), "Cleared the board.")

    def load_start(self: SetupEditor) -> None:
        try:
            draft = rulings.start_draft(self.draft.variant, self.draft.options)
        except rules.RulesError as exc:
            self.say(str(exc))
            return
        self.set_draft(draft, None)
        self.say("The start position.")

    def copy_side(self: SetupEditor, source: str) -> None:
        symmetry = str(self.symmetry_box.currentData())
        self._edit(lambda d: d.copy_side(source, symmetry),
                   f"Copied {source.capitalize()}'s army to {other_color(source).capitalize()} ({symmetry}).")
