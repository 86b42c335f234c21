"""Castling: an unmoved king and an unmoved rook on its rank, with only empty squares
between them, may castle if the king is not attacked and crosses no attacked square.
The king moves ``king_steps`` squares (default 2) toward the rook, which lands on the
square next to the king on the side it came from.

Variant data (``[variant.<id>.castling]``): ``king`` and ``rook`` piece ids,
``king_steps``; ``king_to`` and ``rook_to``, tables from a direction (``right``, toward
the h-file side, or ``left``) to the file where the king or the rook lands (``king_to =
{ right = "i", left = "b" }``; a direction not named uses ``king_steps``, and a rook
lands beside the king on the side it came from); ``black_king_to`` and ``black_rook_to``
say the same for Black where it differs. The king castles from whatever square it
starts on, on any rank, with the outermost unmoved rook of its rank on each side.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..datafields import variant_fields
from ..moves import Move
from ..placement import castling_sides
from . import Power, register

if TYPE_CHECKING:
    from ..context import Context
    from ..pieces import Piece
    from ..position import Position
    from ..ruleset import Rules


@register("castling")
class Castling(Power):
    reads_sections = ("castling",)
    pin_safe = True
    kinds = ("castle",)
    description = "King and rook move together once per game."

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        data = variant_fields(rules.variant, "castling")
        self.king = data.piece_id("king", "king")
        self.rook = data.piece_id("rook", "rook")
        self.steps = data.integer("king_steps", 2, 1, rules.geo.files - 1)
        white_king = self._files(data, "king_to")
        white_rook = self._files(data, "rook_to")
        #: Per colour, direction (+1 right, -1 left) -> landing file of the king / the rook.
        self.king_files = (white_king, {**white_king, **self._files(data, "black_king_to")})
        self.rook_files = (white_rook, {**white_rook, **self._files(data, "black_rook_to")})
        self._sides_cache: tuple[dict[str, tuple[int, int]], dict[str, tuple[int, int]]] | None = None
        self._rook_squares: frozenset[int] = frozenset()

    def castling_pieces(self) -> tuple[str, str] | None:
        return (self.king, self.rook)

    @staticmethod
    def _files(data: Any, key: str) -> dict[int, int]:
        table = data.table_of(key, str)
        out: dict[int, int] = {}
        files = data.variant.files
        for side, letter in table.items():
            if side not in ("right", "left"):
                raise data.error(key, f"castling.{key} takes 'right' and 'left', not {side!r}")
            if len(letter) != 1 or not "a" <= letter <= chr(96 + files):
                raise data.error(key, f"castling.{key}.{side} must be a file letter from a to {chr(96 + files)}")
            out[1 if side == "right" else -1] = ord(letter) - 97
        return out

    def landing(self, king_sq: int, direction: int, color: int) -> tuple[int, int]:
        """(king's square, rook's square) after castling that way, or (-1, -1) off the board."""
        geo = self.rules.geo
        rank = geo.rank_of(king_sq)
        file = self.king_files[color].get(direction)
        dest = geo.square(file, rank) if file is not None else geo.offset(king_sq, direction * self.steps, 0)
        if dest < 0:
            return -1, -1
        rook_file = self.rook_files[color].get(direction)
        rook_dest = geo.square(rook_file, rank) if rook_file is not None else geo.offset(dest, -direction, 0)
        return dest, rook_dest

    def extra_moves(self, pos: Position, ctx: Context, out: list[Move]) -> None:
        rules = self.rules
        geo = rules.geo
        board = pos.board
        color = pos.turn
        for k in pos.royals[color] if self.king in rules.royal_kinds else range(geo.board_size):
            king = board[k]
            if king is None or king.kind != self.king or king.color != color or king.moved:
                continue
            if k in ctx.frozen:
                continue
            attacked_now: bool | None = None
            for direction in (1, -1):
                rook_sq = -1
                for s in geo.ray(k, direction, 0):
                    if board[s] is not None:
                        rook_sq = s
                        break
                if rook_sq < 0:
                    continue
                rook = board[rook_sq]
                if rook is None or rook.kind != self.rook or rook.color != color or rook.moved:
                    continue
                dest, rook_dest = self.landing(k, direction, color)
                if dest < 0 or rook_dest < 0 or (dest - k) * direction <= 0:
                    continue
                lo = min(k, rook_sq, dest, rook_dest)
                hi = max(k, rook_sq, dest, rook_dest)
                if any(board[s] is not None and s not in (k, rook_sq) for s in range(lo, hi + 1)):
                    continue
                # A king that is not royal cannot be in check: it may castle out of, through
                # and into attack (Extinction chess).
                royal = self.king in rules.royal_kinds
                if attacked_now is None:
                    attacked_now = royal and rules.is_attacked(pos, k, 1 - color, ctx)
                if attacked_now:
                    break
                passed = range(k + direction, dest + direction, direction)
                if royal and any(rules.is_attacked(pos, s, 1 - color, ctx) for s in passed):
                    continue
                names = geo.names
                out.append(
                    Move("castle", names[k], names[dest], (), None, None, k, dest, (), (rook_sq, rook_dest))
                )

    def refusal(self, pos: Position, ctx: Context, origin: int, destination: int) -> str | None:
        """Why a castling king may not castle to ``destination``, when that is what the move tries."""
        rules = self.rules
        geo = rules.geo
        board = pos.board
        king = board[origin] if 0 <= origin < geo.board_size else None
        if king is None or king.kind != self.king or destination >= geo.board_size:
            return None
        if geo.rank_of(destination) != geo.rank_of(origin) or destination == origin:
            return None
        direction = 1 if destination > origin else -1
        if self.landing(origin, direction, king.color)[0] != destination:
            return None
        if any(m.d == destination for m in self._plain_moves(pos, ctx, origin, king)):
            return None  # the king gets there without castling; castling is not the question
        names = geo.names
        king_name, rook_name = rules.types[king.kind].name, rules.types[self.rook].name
        rook_sq = next((s for s in geo.ray(origin, direction, 0) if board[s] is not None), -1)
        rook = board[rook_sq] if rook_sq >= 0 else None
        if king.moved:
            return f"castling needs a {king_name} that has not moved, and this one has moved or lost its rights"
        if rook is None or rook.kind != self.rook or rook.color != king.color:
            if rook is not None and any(
                (r := board[s]) is not None and r.kind == self.rook and r.color == king.color
                for s in geo.ray(rook_sq, direction, 0)
            ):
                between = rules.types[rook.kind].name
                return (
                    f"castling needs every square between the {king_name} and the {rook_name} empty, "
                    f"and {names[rook_sq]} holds a {between}"
                )
            return f"the {king_name} has no {rook_name} to castle with on that side"
        if rook.moved:
            return f"the {rook_name} on {names[rook_sq]} has moved, so the {king_name} may not castle with it"
        rook_dest = self.landing(origin, direction, king.color)[1]
        lo, hi = min(origin, rook_sq, destination, rook_dest), max(origin, rook_sq, destination, rook_dest)
        for s in range(lo, hi + 1):
            occ = board[s]
            if occ is not None and s not in (origin, rook_sq):
                return f"castling needs {names[s]} empty, and a {rules.types[occ.kind].name} stands there"
        if rules.is_attacked(pos, origin, 1 - king.color, ctx):
            return f"the {king_name} may not castle out of check"
        for s in range(origin + direction, destination + direction, direction):
            if rules.is_attacked(pos, s, 1 - king.color, ctx):
                return f"the {king_name} may not castle through or into check: {names[s]} is attacked"
        return None

    def _plain_moves(self, pos: Position, ctx: Context, sq: int, king: Piece) -> list[Move]:
        found: list[Move] = []
        self.rules.piece_moves(pos, ctx, sq, king, found)
        return found

    def after_move(self, pos: Position, move: Move, mover: Piece) -> None:
        # Keep "unmoved" meaning exactly "may still castle": a king with no
        # castling rook left counts as moved, and so do rooks whose king moved.
        # Then equal castling rights give equal positions (and hashes).
        sides_by_color = self._sides()
        # Any move touching a rook's start square may end that rook's rights without
        # the rook moving: a capture there, or (merging variants) a piece merging
        # onto it or a compound separating there.
        if not (mover.kind in (self.king, self.rook) and not mover.moved) and not any(
            s in self._rook_squares for s in (move.o, move.d, *move.caps)
        ):
            return
        board = pos.board
        for color in (0, 1):
            sides = sides_by_color[color]
            if not sides:
                continue
            king_sq = next(iter(sides.values()))[0]
            king = board[king_sq]
            king_ready = king is not None and king.kind == self.king and king.color == color and not king.moved
            live_rooks = [
                r for _, r in sides.values()
                if (p := board[r]) is not None and p.kind == self.rook and p.color == color and not p.moved
            ]
            if king_ready and not live_rooks:
                pos.put(king_sq, king.as_moved())  # type: ignore[union-attr]
            elif not king_ready:
                for r in live_rooks:
                    pos.put(r, board[r].as_moved())  # type: ignore[union-attr]

    def _sides(self) -> tuple[dict[str, tuple[int, int]], dict[str, tuple[int, int]]]:
        """Per colour, castling letter -> (king start square, rook start square)."""
        if self._sides_cache is None:
            self._sides_cache = (castling_sides(self.rules, 0), castling_sides(self.rules, 1))
            self._rook_squares = frozenset(r for sides in self._sides_cache for _, r in sides.values())
        return self._sides_cache

    def apply(self, pos: Position, move: Move) -> None:
        rook_sq, rook_dest = move.extra
        king = pos.board[move.o]
        rook = pos.board[rook_sq]
        assert king is not None and rook is not None
        pos.put(move.o, None)
        pos.put(rook_sq, None)
        pos.put(move.d, king.as_moved())
        pos.put(rook_dest, rook.as_moved())
