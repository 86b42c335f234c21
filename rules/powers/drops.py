"""Drops: a captured piece changes side, goes to the capturer's hand, and may come back
onto an empty square as a whole move.

A piece made by promotion goes back to the hand as what it was before (it keeps a
``from-<kind>`` flag while on the board); a kind listed in ``demote`` (a promoted
form that is its own piece, like shogi's tokin) goes back as the kind named there.
The hand is the position's pool for its side (``Position.pools``), written in
position text as ``[...]`` after the placement (``RNBQKBNR[Qp]``: White holds a
Queen, Black a pawn), as Fairy-Stockfish does.

Move text ``pawn@e4`` (kind ``drop``). Variant data
(``[variant.<id>.data.drops]``), every key optional:

* ``pieces``: piece ids that may be dropped (default: every kind);
* ``ranks``: per piece id, the ranks (counted from the dropping side, 1 its own first
  rank) where it may be dropped; other kinds go anywhere on the board;
* ``one_per_file``: piece ids that may not be dropped on a file where the same side
  already has an unpromoted piece of that kind (shogi's two-pawn rule);
* ``no_mate``: piece ids whose drop may not checkmate (shogi's pawn-drop mate);
* ``no_mate_rule``: ``"illegal"`` (default: such a drop is not a legal move) or
  ``"loses"`` (it may be played, and the side that mates that way loses, as an illegal
  move loses in tournament shogi and as Fairy-Stockfish rules it);
* ``demote``: per promoted piece id, the id it goes back to the hand as;
* ``from_captures``: ``false``: captured pieces leave the game, so the hands hold only what
  the setup gave (``[Nn]`` after its placement);
* ``per_file``: per piece id, how many unpromoted ones of a side one file may hold (a drop
  that would make more is not offered; ``one_per_file`` is 1);
* ``faces``: per piece id, another kind it may be dropped as (Kyoto Shogi's two faces): the
  move names the kind that lands (``gold@c1`` takes a knight from the hand);
* ``must_drop``: a placement phase: while a side holds a piece it may drop, it must drop
  (Sittuyin's and Placement chess's opening);
* ``regions``: per piece id, a region (``[variant.<id>.regions]``, its side's squares) it
  may be dropped in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..datafields import short_repr, variant_fields
from ..moves import HAND, Move
from ..pieces import Piece, piece
from . import HandPolicy, Power, register

if TYPE_CHECKING:
    from ..context import Context
    from ..position import Position
    from ..ruleset import Rules

#: Flag on a promoted piece: the kind it returns to the hand as.
FROM_PREFIX = "from-"


@register("drops")
class Drops(Power):
    kinds = ("drop",)
    pin_safe = True
    #: Its transform (the placement phase) only leaves moves out, never makes a quiet move a capture.
    only_promotes = True
    description = "Captured pieces change side and go to the capturer's hand; a move may drop one from the hand."

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        data = variant_fields(rules.variant, "data.drops")
        geo = rules.geo
        types = rules.types
        self.droppable = frozenset(data.piece_ids("pieces", tuple(types)))
        #: Per kind, how many unpromoted ones of a side one file may hold.
        self.per_file: dict[str, int] = {k: 1 for k in data.piece_ids("one_per_file")}
        for kind, limit in data.table_of("per_file", int).items():
            if kind not in types:
                raise data.error("per_file", f"data.drops.per_file names {short_repr(kind)}, which is not a piece")
            data.check_range(f"per_file.{kind}", limit, 1, geo.ranks)
            self.per_file[kind] = limit
        self.from_captures = data.flag("from_captures", True)
        self.must_drop = data.flag("must_drop", False)
        #: Per kind in the hand, the other kind it may be dropped as.
        self.faces: dict[str, str] = data.table_of("faces", str)
        for kind, face in self.faces.items():
            for named in (kind, face):
                if named not in types:
                    raise data.error("faces", f"data.drops.faces names {short_repr(named)}, which is not a piece")
        #: The kind a dropped piece of each face comes out of the hand as.
        self.hand_kind_of: dict[str, str] = {face: kind for kind, face in self.faces.items()}
        drop_regions: dict[str, str] = data.table_of("regions", str)
        for kind, region in drop_regions.items():
            if kind not in types:
                raise data.error("regions", f"data.drops.regions names {short_repr(kind)}, which is not a piece")
            if region not in rules.variant.regions:
                raise data.error(
                    "regions", f"data.drops.regions.{kind} names {short_repr(region)}, which is not a region"
                )
        self.no_mate = frozenset(data.piece_ids("no_mate"))
        no_mate_rule = data.text("no_mate_rule", "illegal")
        if no_mate_rule not in ("illegal", "loses"):
            raise data.error(
                "no_mate_rule", f"data.drops.no_mate_rule must be 'illegal' or 'loses', not {short_repr(no_mate_rule)}"
            )
        self.mate_loses: frozenset[str] = frozenset()
        if no_mate_rule == "loses":
            self.mate_loses = self.no_mate
            self.no_mate = frozenset()
        self.demote: dict[str, str] = data.table_of("demote", str)
        for kind, back in self.demote.items():
            if kind not in types or back not in types:
                bad = kind if kind not in types else back
                raise data.error(
                    "demote", f"data.drops.demote names {short_repr(bad)}, which is not a piece of this variant"
                )
        ranks: dict[str, Any] = data.table_of("ranks", list)
        board = range(geo.board_size)
        #: Per (kind, colour): the squares a drop may land on (before occupancy).
        self.targets: dict[tuple[str, int], tuple[int, ...]] = {}
        unknown = [k for k in ranks if k not in types]
        if unknown:
            raise data.error("ranks", f"data.drops.ranks names {short_repr(unknown[0])}, which is not a piece")
        for kind in types:
            allowed = ranks.get(kind)
            if allowed is not None:
                if not all(isinstance(r, int) and not isinstance(r, bool) and 1 <= r <= geo.ranks for r in allowed):
                    raise data.error(
                        "ranks",
                        f"data.drops.ranks.{kind} must list ranks from 1 to {geo.ranks}, not {short_repr(allowed)}",
                    )
            for color in (0, 1):
                if allowed is None:
                    self.targets[(kind, color)] = tuple(board)
                    continue
                own = {r - 1 if color == 0 else geo.ranks - r for r in allowed}
                self.targets[(kind, color)] = tuple(sq for sq in board if geo.rank_of(sq) in own)
        for kind, region in drop_regions.items():
            for color in (0, 1):
                inside = rules.region(region, color)
                self.targets[(kind, color)] = tuple(sq for sq in self.targets[(kind, color)] if sq in inside)

    # ------------------------------------------------------------ the hand

    def hand_policy(self) -> HandPolicy:
        return HandPolicy(self.hand_piece, self.promotion_flags, bool(self.no_mate), self.mate_loses)

    def hand_piece(self, victim: Piece) -> Piece | None:
        """What a captured piece becomes in its capturer's hand (None: it leaves the game)."""
        if not self.from_captures:
            return None
        kind = self.demote.get(victim.kind, victim.kind)
        for flag in victim.flags:
            if flag.startswith(FROM_PREFIX) and flag[len(FROM_PREFIX):] in self.rules.types:
                kind = flag[len(FROM_PREFIX):]
        return piece(1 - victim.color, kind, False, (), self.rules.types[kind].components)

    def promotion_flags(self, old_kind: str, new_kind: str) -> frozenset[str]:
        if not self.from_captures:  # captured pieces leave the game: nothing to remember
            return frozenset()
        if new_kind in self.demote or old_kind == new_kind or new_kind in self.demote.values():
            return frozenset()  # a kind of its own, or a face turned back: it goes to the hand as itself
        return frozenset((FROM_PREFIX + old_kind,))

    # ------------------------------------------------------------ moves

    def extra_moves(self, pos: Position, ctx: Context, out: list[Move]) -> None:
        color = pos.turn
        hand = pos.pools[color]
        if not hand:
            return
        seen: set[str] = set()
        files = self.rules.geo.files
        for p in hand:
            if p.kind in seen or p.kind not in self.droppable:
                continue
            seen.add(p.kind)
            face = self.faces.get(p.kind)
            for kind in (p.kind,) if face is None else (p.kind, face):
                self._drops_of(pos, kind, color, files, out)

    def transform_moves(self, pos: Position, ctx: Context, moves: list[Move]) -> list[Move]:
        """In a placement phase (``must_drop``), a side holding a droppable piece only drops."""
        if not self.must_drop or not any(p.kind in self.droppable for p in pos.pools[pos.turn]):
            return moves
        return [m for m in moves if m.kind == "drop"]

    def set_down_squares(self, kind: str, color: int) -> frozenset[int]:
        if self.hand_kind_of.get(kind, kind) not in self.droppable:
            return frozenset()
        return frozenset(self.targets.get((kind, color), ()))

    def _drops_of(self, pos: Position, kind: str, color: int, files: int, out: list[Move]) -> None:
        """The drops of a piece landing as ``kind``."""
        board = pos.board
        names = self.rules.geo.names
        barred = self._barred_files(pos, kind, color) if kind in self.per_file else None
        for t in self.targets[(kind, color)]:
            if board[t] is None and (barred is None or t % files not in barred):
                out.append(Move("drop", HAND, names[t], (), None, kind, -1, t, ()))

    def _barred_files(self, pos: Position, kind: str, color: int) -> set[int]:
        """Files that already hold ``per_file`` unpromoted pieces of ``kind`` and ``color``."""
        files = self.rules.geo.files
        counts: dict[int, int] = {}
        for sq in range(self.rules.geo.board_size):
            if (p := pos.board[sq]) is not None and p.kind == kind and p.color == color:
                counts[sq % files] = counts.get(sq % files, 0) + 1
        limit = self.per_file[kind]
        return {f for f, n in counts.items() if n >= limit}

    def _hand_piece_for(self, pos: Position, color: int, kind: str) -> Piece | None:
        """The piece of the hand a drop landing as ``kind`` takes (its own kind, or the other face)."""
        for hand_kind in (kind, self.hand_kind_of.get(kind)):
            found = next((p for p in pos.pools[color] if p.kind == hand_kind), None)
            if found is not None:
                return found
        return None

    def apply(self, pos: Position, move: Move) -> None:
        color = pos.turn
        kind = str(move.choice)
        found = self._hand_piece_for(pos, color, kind)
        assert found is not None, f"no {kind} in hand for {move}"
        pos.take_from_pool(color, found)
        t = self.rules.types[kind]
        landed = found if found.kind == kind else piece(color, kind, False, (), t.components)
        pos.put(move.d, landed.replace(moved=t.tracks_moved))
        if kind in self.rules.pawn_kinds:
            pos.halfmove = -1  # the clock then counts this move as 0: a pawn drop resets it

    def illegal_reason(self, pos: Position, move: Move, mover: int) -> str | None:
        if move.kind != "drop" or move.choice not in self.no_mate:
            return None
        rules = self.rules
        if rules.in_check(pos, 1 - mover) and not rules.legal_moves(pos):
            return f"a {rules.types[move.choice].name} dropped on {move.destination} may not give checkmate"
        return None

    # ------------------------------------------------------------ explanations

    def drop_refusal(self, pos: Position, kind: str, destination: int) -> str:
        """Why dropping ``kind`` on ``destination`` is not legal now, in words."""
        rules = self.rules
        names = rules.geo.names
        color = pos.turn
        if kind not in rules.types:
            return f"this variant has no piece {kind!r}"
        name = rules.types[kind].name
        if self._hand_piece_for(pos, color, kind) is None:
            return f"your hand holds no {name}"
        if self.hand_kind_of.get(kind, kind) not in self.droppable:
            return f"a {name} may not be dropped in this variant"
        if pos.board[destination] is not None:
            return f"{names[destination]} is not empty: a drop needs an empty square"
        if destination not in self.targets[(kind, color)]:
            where = "rank " + str(rules.geo.rank_of(destination) + 1)
            if any(rules.geo.rank_of(t) == rules.geo.rank_of(destination) for t in self.targets[(kind, color)]):
                where = names[destination]  # the rank is allowed: a drop region leaves the square out
            return f"a {name} may not be dropped on {where}"
        if kind in self.per_file and destination % rules.geo.files in self._barred_files(pos, kind, color):
            limit = self.per_file[kind]
            held = "an unpromoted" if limit == 1 else f"{limit} unpromoted"
            return f"you already have {held} {name} on that file"
        move = Move("drop", HAND, names[destination], (), None, kind, -1, destination, ())
        mover = pos.turn
        pos.push(move)
        try:
            problem = rules.problem_after(pos, move, mover, len(pos.royals[mover]))
        finally:
            pos.pop()
        return problem or "that drop is legal"

    def explain(self, pos: Position, ctx: Context) -> dict[str, Any] | None:
        return {
            "hands": {
                side: [str(p) for p in pos.pools[color]] for color, side in enumerate(("white", "black"))
            }
        }
