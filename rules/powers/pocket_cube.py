"""Cube rule for the Pocket: a player may not enter the Pocket while the last piece
to enter it was his own; he must wait until his opponent has entered it.

Variant data (``[variant.<id>.data.cube]``): ``option``, the game option that
turns the rule on, and ``state``, the key under which the colour of the last
entrant is kept in the position (``w`` or ``b``; absent until someone enters).
The Pocket square comes from ``[variant.<id>.data.pocket] square``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..datafields import variant_fields
from ..errors import FenError
from . import Power, register

if TYPE_CHECKING:
    from ..context import Context
    from ..moves import Move
    from ..pieces import Piece
    from ..position import Position
    from ..ruleset import Rules

COLOR_LETTERS = ("w", "b")
COLOR_WORDS = ("white", "black")


@register("pocket-cube")
class PocketCube(Power):
    description = "Nobody enters the Pocket twice in a row: after you, your opponent must enter first."

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        cube = variant_fields(rules.variant, "data.cube")
        self.on = bool(rules.options.get(cube.option_name("option", "cube"), False))
        self.key: str = cube.text("state", "cube")
        self.state_keys = (self.key,)
        square = variant_fields(rules.variant, "data.pocket").text("square", "pocket")
        self.square: int = rules.geo.index.get(square, -1)

    def _barred(self, pos: Position) -> int | None:
        """The colour that may not enter the Pocket now, if any."""
        last = pos.state.get(self.key)
        return COLOR_LETTERS.index(last) if last in COLOR_LETTERS else None

    def after_move(self, pos: Position, move: Move, mover: Piece) -> None:
        if self.on and move.d == self.square and move.o != self.square:
            pos.set_state(self.key, COLOR_LETTERS[mover.color])

    def transform_moves(self, pos: Position, ctx: Context, moves: list[Move]) -> list[Move]:
        if not self.on or self._barred(pos) != pos.turn:
            return moves
        return [m for m in moves if m.d != self.square]

    def refusal(self, pos: Position, ctx: Context, origin: int, destination: int) -> str | None:
        if not self.on or destination != self.square or origin == self.square:
            return None
        if self._barred(pos) == pos.turn:
            return (
                "cube rule: the last piece to enter the Pocket was yours, "
                "so your opponent must enter it before you may again"
            )
        return None

    def check_state(self, pos: Position) -> None:
        value = pos.state.get(self.key)
        if value is None:
            return
        if not self.on:
            raise FenError(f"{self.key}={value} is the cube rule's state, but the cube option is off")
        if value not in COLOR_LETTERS:
            raise FenError(
                f"{self.key}={value!r} must be 'w' or 'b' (the colour of the last piece to enter the Pocket)"
            )

    def explain(self, pos: Position, ctx: Context) -> dict[str, Any] | None:
        if not self.on:
            return None
        barred = self._barred(pos)
        return {
            "last_entrant": COLOR_WORDS[barred] if barred is not None else None,
            "may_enter": {word: barred != color for color, word in enumerate(COLOR_WORDS)},
        }
