"""What the editor's gestures do to the draft: board drags and clicks, palette drops,
the pools, the selected piece's settings, the position's fields and whole-board edits.

A collaborator of :class:`~fairygui.editor.window.SetupEditor`: it gets the draft model and
the widgets whose gestures it answers, and changes nothing but the model (the window
redraws from it), so the window module holds only building and redrawing.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QComboBox, QPushButton

import rules

from ..board.snapshot import Glyph
from . import rulings
from .board import EditorBoard
from .draft import Draft, DraftPiece, other_color
from .guidedmode import Arranger
from .model import DraftModel
from .palette import PiecePalette
from .poolbox import PoolEditor
from .wayout import option_label, value_words, way_out


class Gestures:
    """Edit handlers of the editor window."""

    def __init__(self, model: DraftModel, arranger: Arranger, board: EditorBoard, palette: PiecePalette,
                 pools: PoolEditor, ferry_tool: QPushButton, symmetry_box: QComboBox) -> None:
        self.model = model
        self.arranger = arranger
        self.board = board
        self.palette = palette
        self.pools = pools
        self.ferry_tool = ferry_tool
        self.symmetry_box = symmetry_box
        #: The palette piece that clicks put on squares (None: clicks select).
        self.brush: Glyph | None = None

    def dropped(self, origin: str, target: str) -> None:
        if self.model.arrangement is not None:
            self.arranger.arrange(origin, target)
            return
        piece = self.model.draft.pieces[origin]
        name = self.model.draft.vdef.pieces[piece.kind].name
        self.model.selected = target
        self.model.edit(lambda d: d.move(origin, target), f"Moved the {piece.color} {name} from {origin} to {target}.")

    def dropped_off(self, origin: str) -> None:
        if self.model.arrangement is not None:
            self.model.say("In this setup every piece stays on the board; drag it along the row instead.")
            return
        self.remove(origin)

    def clicked(self, square: str) -> None:
        if self.ferry_tool.isChecked() and square and self.model.arrangement is None:
            placed: list[bool] = []
            self.model.edit(lambda d: placed.append(rulings.toggle_ferry(d, square)))
            self.model.say(f"Put a Ferry on {square}." if placed and placed[0] else f"Took the Ferry off {square}.")
            return
        if self.brush is not None and square and self.model.arrangement is None:
            brush = self.brush
            self.model.selected = square
            self.model.edit(lambda d: d.put(square, DraftPiece(brush.color, brush.kind)),
                            f"Put a {brush.color} {brush.name} on {square}.")
            return
        self.model.select(square or None)

    def remove(self, square: str) -> None:
        if self.model.arrangement is not None or square not in self.model.draft.pieces:
            return
        piece = self.model.draft.pieces[square]
        name = self.model.draft.vdef.pieces[piece.kind].name
        self.model.edit(lambda d: d.remove(square), f"Took the {piece.color} {name} off {square}.")

    def recolour(self, square: str) -> None:
        if self.model.arrangement is not None:
            self.model.say("In this setup the colours are fixed; drag Black's pieces along the row.")
            return
        if square in self.model.draft.pieces:
            self.model.selected = square
            self.model.edit(lambda d: d.recolour(square))

    def other_form(self) -> None:
        square = self.model.selected
        piece = self.model.draft.pieces.get(square) if square else None
        other = rulings.other_form(self.model.draft, piece.kind) if piece else None
        if square and piece and other:
            self.model.edit(lambda d: d.put(square, replace(piece, kind=other)))

    def set_flag(self, flag: str, on: bool) -> None:
        square = self.model.selected
        if square and square in self.model.draft.pieces:
            self.model.edit(lambda d: d.put(square, d.pieces[square].with_flag(flag, on)))

    def palette_moved(self, glyph: Glyph | None, point: QPoint) -> None:
        if glyph is None:
            self.board.show_external_drag(None, None)
            return
        local = self.board.mapFromGlobal(point)
        self.board.show_external_drag(glyph, local)
        # Over the board the board draws the piece at square size; the cursor would be a second copy.
        self.palette.show_piece_cursor(not self.board.rect().contains(local))
        pointed = self.pools.strip_at(point)
        for strip in self.pools.strips.values():
            strip.set_highlight(strip is pointed)

    def palette_dropped(self, glyph: Glyph, point: QPoint) -> None:
        self.board.show_external_drag(None, None)
        for strip in self.pools.strips.values():
            strip.set_highlight(False)
        if self.model.arrangement is not None:
            return
        local = self.board.mapFromGlobal(point)
        square = self.board.square_at(local) if self.board.rect().contains(local) else None
        if square is not None:
            self.model.selected = square
            self.model.edit(lambda d: d.put(square, DraftPiece(glyph.color, glyph.kind)),
                            f"Put a {glyph.color} {glyph.name} on {square}.")
            return
        pointed = self.pools.strip_at(point)
        if pointed is not None:
            color = pointed.color
            self.model.edit(lambda d: d.pools.__setitem__(color, (*d.pools[color], DraftPiece(color, glyph.kind))),
                            f"Added a {color} {glyph.name} to the captured pieces.")

    def ferry_tool_toggled(self, on: bool) -> None:
        if on:
            self.palette.set_brush(None)  # one tool at a time
            self.model.say("Click squares to put a Ferry there or take the one there away; "
                           "click Place Ferries again to stop.")
        else:
            self.model.say("")

    def brush_changed(self, glyph: Glyph | None) -> None:
        self.brush = glyph
        if glyph is not None and self.ferry_tool.isChecked():
            self.ferry_tool.setChecked(False)
        if glyph is None:
            self.model.say("")
        else:
            self.model.say(f"Click squares to put a {glyph.color} {glyph.name} there; click it in the palette again, "
                           "or right-click the palette, to stop.")

    def pool_remove(self, color: str, index: int) -> None:
        def take(d: Draft) -> None:
            pool = list(d.pools[color])
            del pool[index]
            d.pools[color] = tuple(pool)

        self.model.edit(take)

    def set_ep(self, square: str) -> None:
        def change(d: Draft) -> None:
            d.ep = square
            d.state.pop("epv", None)

        self.model.edit(change)

    def set_clocks(self, halfmove: int, fullmove: int) -> None:
        def change(d: Draft) -> None:
            d.halfmove, d.fullmove = halfmove, fullmove

        self.model.edit(change)

    def choose_variant(self, variant_id: str) -> None:
        if variant_id == self.model.draft.variant:
            return
        try:
            draft = rulings.start_draft(variant_id, {})
        except rules.RulesError as exc:
            self.model.say(f"Cannot set up {variant_id}: {exc}")
            self.model.redraw()
            return
        self.model.selected = None
        self.palette.set_brush(None)
        self.model.set_draft(draft, None)
        self.model.say(f"The start position of {draft.vdef.name}.")

    def set_option(self, name: str, value: Any, reset: str | None = None) -> None:
        """Choose an option's value (and reset the option ``reset`` to its default, the way
        out of a refusal). A refused value is explained beside the options with the option
        that blocks it, if one does, and the click that clears it."""
        vdef = self.model.draft.vdef
        options = {k: v for k, v in self.model.draft.options.items() if k != reset}
        options[name] = value
        try:
            draft = self._with_options(options, name)
        except rules.RulesError as exc:
            way = way_out(vdef, options, name, lambda trial: self._with_options(trial, name))
            self.model.refuse_option(name, value, str(exc), way)
            self.model.redraw()
            return
        self.model.set_draft(draft, None)
        if reset is not None:
            self.model.say(f"{option_label(reset)} is back to its default; {option_label(name)} is "
                           f"{value_words(vdef, value)}. Undo brings the old values back.")

    def _with_options(self, options: dict[str, Any], name: str) -> Draft:
        """The draft under new options; raises RulesError when the rules refuse them."""
        vdef = self.model.draft.vdef
        resolved = vdef.resolve_options(options)
        chosen = {k: v for k, v in resolved.items() if v != vdef.options[k].default}
        if name == "setup":
            # A different start array is what a player choosing it wants to see.
            return rulings.start_draft(vdef.id, chosen)
        rules.make_rules(vdef.id, chosen)
        # Options that move where something starts (Ferries, dragons) move it here too,
        # so the option shown and the position agree.
        moved = rulings.follow_option(self.model.draft, self.model.draft.options, chosen)
        return replace(moved, options=chosen)

    def clear_board(self) -> None:
        self.model.selected = None
        self.model.edit(lambda d: d.clear(), "Cleared the board.")

    def load_start(self) -> None:
        try:
            draft = rulings.start_draft(self.model.draft.variant, self.model.draft.options)
        except rules.RulesError as exc:
            self.model.say(str(exc))
            return
        self.model.set_draft(draft, None)
        self.model.say("The start position.")

    def copy_side(self, source: str) -> None:
        symmetry = str(self.symmetry_box.currentData())
        self.model.edit(lambda d: d.copy_side(source, symmetry),
                        f"Copied {source.capitalize()}'s army to {other_color(source).capitalize()} ({symmetry}).")
