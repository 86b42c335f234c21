"""The Pocket: one shared square off the board that holds at most one piece.

A piece of a listed kind may go from the board to the empty Pocket, and a piece in
the Pocket may come back to any empty board square; neither move captures. The
Pocket is not a board square, so nothing attacks into or out of it and a piece
there cannot be captured. Move text: ``c1pocket`` (kind ``pocket-enter``) and
``pocketd3`` (kind ``pocket-leave``).

Variant data (``[variant.<id>.data.pocket]``):

* ``square``: the extra square's name;
* ``pieces``: piece ids that may enter and leave freely;
* ``river`` (optional table): ``option`` (the game option that turns it on),
  ``pieces`` (ids admitted only then), ``enter_ranks`` (ranks counted from the
  owner's side they may enter from) and ``leave_ranks`` (board ranks they may
  leave for).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..datafields import short_repr, variant_fields
from ..errors import FenError, SetupError, VariantFileError
from ..moves import Move, build_move
from . import Power, register

if TYPE_CHECKING:
    from ..context import Context
    from ..position import Position
    from ..ruleset import Rules


class PocketContentError(FenError, SetupError):
    """A position (text or placement) that puts a piece in the Pocket that may never be there."""


@register("pocket")
class Pocket(Power):
    kinds = ("pocket-enter", "pocket-leave")
    description = "A shared square off the board: a piece may step in while it is empty and come back later."

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        variant = rules.variant
        data = variant_fields(variant, "data.pocket")
        name = data.text("square", "pocket")
        if name not in rules.geo.extras:
            raise VariantFileError(
                variant.source,
                [(None, f"the pocket square {short_repr(name)} is not among extra_squares of {variant.id!r}")],
            )
        self.square: int = rules.geo.index[name]
        self.free = frozenset(data.piece_ids("pieces"))
        river = data.sub("river")
        self.river_on = bool(river.table) and bool(rules.options.get(river.option_name("option"), False))
        self.river_kinds = frozenset(river.piece_ids("pieces"))
        self.enter_ranks = frozenset(river.integers("enter_ranks", 1, rules.geo.ranks))
        self.leave_ranks = frozenset(river.integers("leave_ranks", 1, rules.geo.ranks))

    # ------------------------------------------------------------ who may go where

    def _name(self, kind: str) -> str:
        t = self.rules.types.get(kind)
        return t.name if t else kind

    def _own_rank(self, sq: int, color: int) -> int:
        """Rank of ``sq`` counted from ``color``'s side, the back rank being 1."""
        geo = self.rules.geo
        rank = geo.rank_of(sq)
        return rank + 1 if color == 0 else geo.ranks - rank

    def entry_refusal(self, kind: str, color: int, sq: int) -> str | None:
        """Why a piece of this kind on ``sq`` may not enter the Pocket, ignoring its contents."""
        if kind in self.free:
            return None
        name = self._name(kind)
        if kind in self.river_kinds:
            if not self.river_on:
                return f"a {name} never enters the Pocket (only with the river option)"
            if self._own_rank(sq, color) not in self.enter_ranks:
                ranks = " or ".join(str(r) for r in sorted(self.enter_ranks))
                return f"a {name} enters the Pocket only from its own rank {ranks} (across the river)"
            return None
        return f"a {name} never enters the Pocket"

    def exit_refusal(self, kind: str, sq: int) -> str | None:
        """Why a piece of this kind may not leave the Pocket for the empty square ``sq``."""
        if kind in self.river_kinds and kind not in self.free:
            rank = self.rules.geo.rank_of(sq) + 1
            if rank not in self.leave_ranks:
                ranks = ", ".join(str(r) for r in sorted(self.leave_ranks))
                return f"a {self._name(kind)} leaves the Pocket only for ranks {ranks}"
        return None

    # ------------------------------------------------------------ moves

    def extra_moves(self, pos: Position, ctx: Context, out: list[Move]) -> None:
        board = pos.board
        names = self.rules.geo.names
        pocket = self.square
        here = board[pocket]
        color = pos.turn
        if here is None:
            for sq in range(self.rules.geo.board_size):
                p = board[sq]
                if p is None or p.color != color or sq in ctx.frozen:
                    continue
                if self.entry_refusal(p.kind, color, sq) is None:
                    out.append(build_move((
                        "pocket-enter", names[sq], names[pocket], (), None, None, sq, pocket, (), (),
                    )))
        elif here.color == color:
            for sq in range(self.rules.geo.board_size):
                if board[sq] is None and self.exit_refusal(here.kind, sq) is None:
                    out.append(build_move((
                        "pocket-leave", names[pocket], names[sq], (), None, None, pocket, sq, (), (),
                    )))

    def apply(self, pos: Position, move: Move) -> None:
        p = pos.board[move.o]
        assert p is not None, f"nothing to move for {move}"
        pos.put(move.o, None)
        pos.put(move.d, self.rules.moved_piece(p))

    # ------------------------------------------------------------ explanations

    def refusal(self, pos: Position, ctx: Context, origin: int, destination: int) -> str | None:
        board = pos.board
        pocket = self.square
        names = self.rules.geo.names
        if destination == pocket and origin != pocket:
            p = board[origin]
            if p is None:
                return None
            reason = self.entry_refusal(p.kind, p.color, origin)
            if reason:
                return reason
            here = board[pocket]
            if here is not None:
                return f"the Pocket is occupied by the {here}"
            return None
        if origin == pocket and destination != pocket:
            p = board[pocket]
            if p is None:
                return None
            there = board[destination]
            if there is not None:
                return f"a piece leaves the Pocket only for an empty square; {names[destination]} holds the {there}"
            return self.exit_refusal(p.kind, destination)
        return None

    def explain(self, pos: Position, ctx: Context) -> dict[str, Any]:
        here = pos.board[self.square]
        admits = sorted(self.free | (self.river_kinds if self.river_on else frozenset()))
        return {
            "square": self.rules.geo.names[self.square],
            "content": str(here) if here is not None else None,
            "owner": ("white", "black")[here.color] if here is not None else None,
            "kind": here.kind if here is not None else None,
            "admits": admits,
        }

    def check_state(self, pos: Position) -> None:
        here = pos.board[self.square]
        if here is None:
            return
        admitted = here.kind in self.free or (self.river_on and here.kind in self.river_kinds)
        if not admitted:
            raise PocketContentError(
                f"the {here} cannot be in the Pocket: {self.entry_refusal(here.kind, here.color, -1) or 'not admitted'}"
            )
