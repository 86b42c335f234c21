"""Promotion: a promoting piece that ends in its zone becomes a piece of a listed type.

Variant data (``[variant.<id>.promotion]``):

* ``pieces``: the piece ids that promote (pawns);
* ``zone``: how many of the far ranks form the promotion zone (default 1);
* ``zone_by_piece``: per piece id, a different zone depth;
* ``choices``: a list of piece ids, or ``"pool"`` for the promoting side's own
  pieces that the opponent has captured;
* ``exclude``: piece ids never chosen from the pool;
* ``compulsory``: how many of the far ranks (inside the zone) force promotion; on the
  other ranks of the zone promotion is optional, the move without it stays (default:
  each piece's whole zone); ``compulsory_by_piece``: per piece id;
* ``promoted_form``: per piece id, the one kind it promotes to (a shogi-style promoted
  form); such pieces promote without being listed in ``pieces``;
* ``trigger``: ``"arrive"`` (the move ends in the zone; default) or ``"enter-or-leave"``
  (the move starts or ends in the zone);
* ``region``: a named region (``[variant.<id>.regions]``, each side its own squares) that
  is every promoting piece's zone instead of the far ranks (``zone`` and ``zone_by_piece``
  are then not read); the whole region forces promotion unless ``compulsory`` (or
  ``compulsory_by_piece``) names far ranks, which then force it only where they meet it;
* ``compulsory_trigger``: ``"arrive"`` (default: a move ending in the compulsory ranks must
  promote) or ``"enter-or-leave"`` (a move starting there must too: Tori Shogi);
* ``black_choices``: Black's list of choices where it differs from ``choices``;
* ``limits``: per piece id, the most of that kind a side may have on the board: a
  promotion to it is offered only while the side has fewer.

With ``"pool"`` and nothing to choose, the ``empty_pool_promotion`` option
decides: ``no-advance`` forbids the move, ``stay-pawn`` lets the pawn arrive. With
a list and nothing left (every choice at its limit), the move is forbidden where
promotion is compulsory and stays a plain move where it is optional.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..datafields import variant_fields
from . import Power, register

if TYPE_CHECKING:
    from ..context import Context
    from ..moves import Move
    from ..position import Position
    from ..ruleset import Rules


@register("promotion")
class Promotion(Power):
    reads_sections = ("promotion",)
    pin_safe = True
    #: Its transform only adds promotion choices to its pieces' moves (see Rules.quiet_skippable).
    only_promotes = True
    description = "Pawns that reach the far ranks become another piece."

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        data = variant_fields(rules.variant, "promotion")
        ranks = rules.geo.ranks
        self.pieces = frozenset(data.piece_ids("pieces"))
        self.depth = data.integer("zone", 1, 1, ranks)
        self.depth_by_piece: dict[str, int] = data.table_of("zone_by_piece", int)
        for kind, depth in self.depth_by_piece.items():
            data.check_range(f"zone_by_piece.{kind}", depth, 1, ranks)
        choices = data.value("choices", (list, str), [])
        self.choices: list[str] | str = "pool" if choices == "pool" else list(data.piece_ids("choices"))
        self.black_choices: list[str] | None = (
            list(data.piece_ids("black_choices")) if "black_choices" in data else None
        )
        self.exclude = frozenset(data.piece_ids("exclude"))
        self.forms: dict[str, str] = data.table_of("promoted_form", str)
        for kind, form in self.forms.items():
            for named in (kind, form):
                if named not in rules.types:
                    raise data.error(
                        "promoted_form",
                        f"promotion.promoted_form names {named!r}, which is not a piece of this variant",
                    )
        self.pieces |= frozenset(self.forms)
        #: None: each piece must promote anywhere in its own zone (the default).
        self.compulsory_depth: int | None = data.integer("compulsory", 0, 0, ranks) if "compulsory" in data else None
        self.compulsory_by_piece: dict[str, int] = data.table_of("compulsory_by_piece", int)
        for kind, depth in self.compulsory_by_piece.items():
            data.check_range(f"compulsory_by_piece.{kind}", depth, 0, ranks)
        trigger = data.text("trigger", "arrive")
        if trigger not in ("arrive", "enter-or-leave"):
            raise data.error("trigger", f"promotion.trigger must be 'arrive' or 'enter-or-leave', not {trigger!r}")
        self.on_leaving = trigger == "enter-or-leave"
        forcing = data.text("compulsory_trigger", "arrive")
        if forcing not in ("arrive", "enter-or-leave"):
            raise data.error(
                "compulsory_trigger",
                f"promotion.compulsory_trigger must be 'arrive' or 'enter-or-leave', not {forcing!r}",
            )
        #: A move starting in the compulsory ranks must promote too.
        self.forced_on_leaving = forcing == "enter-or-leave"
        #: A named region that is every promoting piece's zone instead of far ranks ("": ranks).
        self.region = data.text("region", "")
        if self.region and self.region not in rules.variant.regions:
            raise data.error("region", f"promotion.region names {self.region!r}, which is not a region")
        self.limits: dict[str, int] = data.table_of("limits", int)
        for kind in self.limits:
            if kind not in rules.types:
                raise data.error("limits", f"promotion.limits names {kind!r}, which is not a piece of this variant")
        self.set_zones()

    def set_zones(self) -> None:
        """Work out each promoting piece's zone from ``depth`` and ``depth_by_piece``."""
        ranks = self.rules.geo.ranks
        files = self.rules.geo.files
        self.zone_cache: dict[tuple[str, int], frozenset[int]] = {}
        self.forced_cache: dict[tuple[str, int], frozenset[int]] = {}

        def far_ranks(depth: int, color: int) -> frozenset[int]:
            rank_range = range(ranks - depth, ranks) if color == 0 else range(0, depth)
            return frozenset(f + r * files for r in rank_range for f in range(files))

        for kind in self.pieces:
            depth = self.depth_by_piece.get(kind, self.depth)
            default = depth if self.compulsory_depth is None else self.compulsory_depth
            forced = min(depth, self.compulsory_by_piece.get(kind, default))
            for color in (0, 1):
                if self.region:
                    # The region is the zone; a compulsory depth keeps only its far ranks compulsory.
                    zone = self.rules.region(self.region, color)
                    region_forced = self.compulsory_by_piece.get(kind, self.compulsory_depth)
                    self.zone_cache[(kind, color)] = zone
                    self.forced_cache[(kind, color)] = (
                        zone if region_forced is None else zone & far_ranks(region_forced, color)
                    )
                    continue
                self.zone_cache[(kind, color)] = far_ranks(depth, color)
                self.forced_cache[(kind, color)] = far_ranks(forced, color)
        # Per colour, every square where some promoting piece of that colour promotes.
        self.any_zone = tuple(
            frozenset().union(*(z for (_, c), z in self.zone_cache.items() if c == color)) for color in (0, 1)
        )

    def zone(self, kind: str, color: int) -> frozenset[int]:
        return self.zone_cache.get((kind, color), frozenset())

    def compulsory_zone(self, kind: str, color: int) -> frozenset[int]:
        if self.rules.options.get("empty_pool_promotion") == "stay-pawn":
            return frozenset()  # a pawn may arrive and wait there
        return self.forced_cache.get((kind, color), frozenset())

    def options_for(self, pos: Position, color: int, kind: str | None = None) -> list[str]:
        """Piece ids a piece of ``kind`` (a pawn when not given) and ``color`` may promote to now."""
        if kind is not None and kind in self.forms:
            return [self.forms[kind]]
        if self.limits:
            return [c for c in self._listed(pos, color) if not self._at_limit(pos, color, c)]
        return self._listed(pos, color)

    def _at_limit(self, pos: Position, color: int, kind: str) -> bool:
        limit = self.limits.get(kind)
        if limit is None:
            return False
        count = 0
        for p in pos.board[: self.rules.geo.board_size]:
            if p is not None and p.kind == kind and p.color == color:
                count += 1
        return count >= limit

    def _listed(self, pos: Position, color: int) -> list[str]:
        if self.choices == "pool":
            seen: list[str] = []
            for p in pos.pools[color]:
                if p.kind not in self.exclude and p.kind not in self.rules.pawn_kinds and p.kind not in seen:
                    seen.append(p.kind)
            return seen
        if color == 1 and self.black_choices is not None:
            return list(self.black_choices)
        return list(self.choices)

    def transform_moves(self, pos: Position, ctx: Context, moves: list[Move]) -> list[Move]:
        zone_any = self.any_zone[pos.turn]
        if zone_any.isdisjoint([m.d for m in moves]) and not (
            self.on_leaving and not zone_any.isdisjoint([m.o for m in moves])
        ):
            return moves
        board = pos.board
        out: list[Move] = []
        stay = self.rules.options.get("empty_pool_promotion", "no-advance") == "stay-pawn"
        cached: dict[str, list[str]] = {}
        on_leaving = self.on_leaving
        for m in moves:
            if m.d not in zone_any and not (on_leaving and m.o in zone_any):
                out.append(m)  # most moves end outside every zone: no need to look at the mover
                continue
            mover = board[m.o] if m.o >= 0 else None
            if mover is None or mover.kind not in self.pieces or m.promotion or m.kind not in ("normal", "en-passant"):
                out.append(m)
                continue
            zone = self.zone_cache[(mover.kind, mover.color)]
            if m.d not in zone and not (self.on_leaving and m.o in zone):
                out.append(m)
                continue
            choices = cached.get(mover.kind)
            if choices is None:
                choices = cached[mover.kind] = self.options_for(pos, mover.color, mover.kind)
            forced_zone = self.forced_cache[(mover.kind, mover.color)]
            forced = m.d in forced_zone or (self.forced_on_leaving and m.o in forced_zone)
            if not forced or (not choices and stay):
                out.append(m)
            for kind in choices:
                out.append(m._replace(promotion=kind))
        return out

    def refusal(self, pos: Position, ctx: Context, origin: int, destination: int) -> str | None:
        p = pos.board[origin] if 0 <= origin < len(pos.board) else None
        if p is None or p.kind not in self.pieces or destination not in self.compulsory_zone(p.kind, p.color):
            return None
        if self.options_for(pos, p.color, p.kind):
            return None
        if self.rules.options.get("empty_pool_promotion", "no-advance") == "stay-pawn":
            return None
        reach: list[Move] = []
        self.rules.piece_moves(pos, ctx, origin, p, reach)
        if not any(m.d == destination and m.kind in ("normal", "en-passant") for m in reach):
            return None
        name = self.rules.types[p.kind].name
        if self.choices != "pool":
            return (
                f"a {name} reaching {self.rules.geo.names[destination]} must promote, and every piece it may "
                "become is at its limit on the board"
            )
        return (
            f"a {name} reaching {self.rules.geo.names[destination]} must promote to one of your pieces the "
            "opponent captured, and your pool holds none it may become"
        )
