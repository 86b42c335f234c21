"""The guided Alternate Setup #1 in the editor: entering and leaving it, swaps along
Black's row (checked by the rules), the reading of the row, and which pieces may be picked up.

A collaborator of :class:`~fairygui.editor.window.SetupEditor` over its draft model.
"""

from __future__ import annotations

from dataclasses import replace

import rules

from . import guided
from .model import DraftModel
from .palette import PiecePalette


class Arranger:
    """Guided Alternate Setup #1: arranges the model's draft along Black's row."""

    def __init__(self, model: DraftModel, palette: PiecePalette) -> None:
        self.model = model
        self.palette = palette

    def enter(self) -> None:
        offered = guided.find(self.model.draft.vdef, self.model.draft.options)
        if offered is None:
            return
        try:
            draft = offered.draft()
        except rules.RulesError as exc:
            self.model.say(str(exc))
            return
        self.model.selected = None
        self.palette.set_brush(None)
        self.model.set_draft(draft, offered)
        self.model.say(f"Arrange Black's rank {offered.black_rank}: drag a piece onto another to swap them.")

    def leave(self) -> None:
        self.model.set_draft(self.model.draft.copy(), None)
        self.model.say("Free editing: the position stays as arranged.")

    def arrange(self, origin: str, target: str) -> None:
        assert self.model.arrangement is not None
        arrangement = replace(self.model.arrangement, order=list(self.model.arrangement.order or []) or None)
        try:
            draft = arrangement.arrange(self.model.draft, origin, target)
        except (rules.RulesError, ValueError) as exc:
            self.model.say(f"Cannot arrange that: {exc}.")
            self.model.redraw()
            return
        self.model.set_draft(draft, arrangement)
        self.model.say(f"Swapped {origin} and {target}; White's row follows.")

    def choose_reading(self, reading: str) -> None:
        """Another reading of Black's row changes White's copy, never Black's row: Black
        chooses the order and White copies it (the rules text), so the row the player
        arranged is read again under the new reading."""
        current = self.model.arrangement
        if current is None or reading == current.reading:
            return
        row = current.black_row(self.model.draft)
        arrangement = replace(current, reading=reading)
        arrangement.order = arrangement.order_of_row(row)
        try:
            draft = arrangement.draft()
        except rules.RulesError as exc:
            self.model.say(str(exc))
            self.model.redraw()
            return
        self.model.set_draft(draft, arrangement)
        self.model.say(f"Black's row stays as arranged; White's row copies it, read {reading}.")

    def reset_order(self) -> None:
        if self.model.arrangement is not None:
            arrangement = replace(self.model.arrangement, order=None)
            self.model.set_draft(arrangement.draft(), arrangement)

    def pick_refusal(self, square: str) -> str | None:
        arrangement = self.model.arrangement
        if arrangement is None:
            return None
        if square not in arrangement.row_squares():
            return f"Only Black's pieces on rank {arrangement.black_rank} are arranged in this setup."
        if square in arrangement.fixed_squares():
            piece = self.model.draft.pieces[square]
            return f"The {self.model.draft.vdef.pieces[piece.kind].name} on {square} stays there: the rules fix it."
        return None
