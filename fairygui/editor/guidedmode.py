"""The guided Alternate Setup #1 in the editor: entering and leaving it, swaps along
Black's row (checked by the rules), the reading of the row, and which pieces may be picked up.

A mixin of :class:`~fairygui.editor.window.SetupEditor`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import rules

from . import guided

if TYPE_CHECKING:
    from .window import SetupEditor


class GuidedMode:
    """Guided Alternate Setup #1 handlers of the editor window."""

    def enter_guided(self: SetupEditor) -> None:
        offered = guided.find(self.draft.vdef, self.draft.options)
        if offered is None:
            return
        try:
            draft = offered.draft()
        except rules.RulesError as exc:
            self.say(str(exc))
            return
        self.selected = None
        self.palette_view.set_brush(None)
        self.set_draft(draft, offered)
        self.say(f"Arrange Black's rank {offered.black_rank}: drag a piece onto another to swap them.")

    def leave_guided(self: SetupEditor) -> None:
        self.set_draft(self.draft.copy(), None)
        self.say("Free editing: the position stays as arranged.")

    def _arrange(self: SetupEditor, origin: str, target: str) -> None:
        assert self.arrangement is not None
        arrangement = replace(self.arrangement, order=list(self.arrangement.order or []) or None)
        try:
            draft = arrangement.arrange(self.draft, origin, target)
        except (rules.RulesError, ValueError) as exc:
            self.say(f"Cannot arrange that: {exc}.")
            self.refresh()
            return
        self.set_draft(draft, arrangement)
        self.say(f"Swapped {origin} and {target}; White's row follows.")

    def _reading(self: SetupEditor, reading: str) -> None:
        if self.arrangement is None or reading == self.arrangement.reading:
            return
        arrangement = replace(self.arrangement, reading=reading)
        try:
            draft = arrangement.draft()
        except rules.RulesError as exc:
            self.say(str(exc))
            self.refresh()
            return
        self.set_draft(draft, arrangement)

    def _reset_order(self: SetupEditor) -> None:
        if self.arrangement is not None:
            arrangement = replace(self.arrangement, order=None)
            self.set_draft(arrangement.draft(), arrangement)

    def _pick_refusal(self: SetupEditor, square: str) -> str | None:
        arrangement = self.arrangement
        if arrangement is None:
            return None
        if square not in arrangement.row_squares():
            return f"Only Black's pieces on rank {arrangement.black_rank} are arranged in this setup."
        if square in arrangement.fixed_squares():
            piece = self.draft.pieces[square]
            return f"The {self.draft.vdef.pieces[piece.kind].name} on {square} stays there: the rules fix it."
        return None
