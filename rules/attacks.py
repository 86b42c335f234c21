"""Attack tables and attack tests: could a piece of one side capture on a square?

The tables are built once per :class:`~rules.ruleset.Rules` and colour: for each vector, the
kinds that capture along it and how far (``ReverseRow``), so a test walks back from the target
along a few rays instead of generating every move. Pieces the tables cannot describe (first-move
or lame captures, region or hurdle rules, captures made by powers) are asked separately.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .atoms import GRASSHOP, HOP, GenAtom
from .context import Context
from .moves import Move
from .pieces import Piece, piece
from .position import Position

if TYPE_CHECKING:
    from .ruleset import Rules

#: A row of the attack tables: per square the squares along one vector back from it, the kinds
#: that capture along it with their reach, the longest reach, the hop (0, HOP or GRASSHOP), a
#: one-square step. (Exact types, so compiled code reads the rows without boxing.)
ReverseRow = tuple[tuple[tuple[int, ...], ...], dict[str, int], int, int, bool]


class AttackTables(NamedTuple):
    """One colour's attackers, sorted by how an attack test finds them."""

    #: Plain leaps, rides and hops, looked up along rays back from the target.
    rows: list[ReverseRow]
    #: Lame leaps and first-move captures: one square back, then the path or the moved flag.
    special: list[tuple[str, GenAtom]]
    #: Kinds with region or hurdle rules: each candidate's compiled atom is asked.
    walked: list[tuple[str, GenAtom]]


def build_tables(rules: Rules, by: int) -> AttackTables:
    """Attack lookup tables of ``by``: for each vector, which kinds reach how far along it."""
    plain: dict[tuple[int, int], dict[str, int]] = {}
    hops: dict[tuple[int, int], dict[str, int]] = {}
    grasshops: dict[tuple[int, int], dict[str, int]] = {}
    special: list[tuple[str, GenAtom]] = []
    walked: list[tuple[str, GenAtom]] = []
    for kind in rules.types:
        if kind in rules.forward_kinds:
            continue
        for g in rules.atoms_of(kind, by):
            if not g.can_capture:
                continue
            if kind in rules.restricted_kinds:
                walked.append((kind, g))
                continue
            if g.paths is not None or g.initial:
                special.append((kind, g))
                continue
            table = grasshops if g.hop == GRASSHOP else hops if g.hop else plain
            row = table.setdefault(g.vector, {})
            row[kind] = max(row.get(kind, 0), g.max_range)
    rows: list[ReverseRow] = []
    for table, hop in ((plain, 0), (hops, HOP), (grasshops, GRASSHOP)):
        for (dx, dy), kinds in table.items():
            rays = rules.geo.rays_for(-dx, -dy)
            rows.append((rays, kinds, max(kinds.values()), hop, abs(dx) <= 1 and abs(dy) <= 1))
    return AttackTables(rows, special, walked)


def is_attacked(rules: Rules, pos: Position, target: int, by: int, ctx: Context | None = None) -> bool:
    """Could a piece of colour ``by`` capture on ``target`` if it were ``by``'s move?"""
    if ctx is None:
        ctx = rules.context(pos)
    if not rules.attack_filter_powers:
        return _attacked_unfiltered(rules, pos, target, by, ctx)
    board = pos.board
    # Generated moves capture only where a piece stands, so an empty square
    # (castling asks about those) is probed with a royal piece of the other side.
    probe = board[target] is None
    if probe:
        settle(rules, pos, ctx)
        board[target] = probe_piece(rules, 1 - by)
    try:
        # Filters can only take attacks away, so they are consulted (by generating
        # the attackers' moves) only once the fast tables have found one.
        return _attacked_unfiltered(rules, pos, target, by, ctx) and _attacked_filtered(rules, pos, ctx, target, by)
    finally:
        if probe:
            board[target] = None


def settle(rules: Rules, pos: Position, ctx: Context) -> None:
    """Let powers finish their lazy board-wide facts before the board is probed."""
    for power in rules.settle_powers:
        power.settle(pos, ctx)


def probe_piece(rules: Rules, color: int) -> Piece:
    """The stand-in of ``color`` put on an empty square so that captures onto it are generated."""
    kinds = sorted(rules.royal_kinds) or list(rules.types)
    return piece(color, kinds[0], True, (), rules.types[kinds[0]].components)


def _attacked_filtered(rules: Rules, pos: Position, ctx: Context, target: int, by: int) -> bool:
    board = pos.board
    filters = rules.attack_filter_powers
    for sq in range(rules.geo.board_size):
        p = board[sq]
        # The empty board's reach rules most pieces out before their moves are generated.
        if p is None or p.color != by or sq in ctx.frozen or not rules.may_capture_on(ctx, sq, p, target):
            continue
        moves: list[Move] = []
        rules.piece_moves(pos, ctx, sq, p, moves)
        for m in moves:
            if target in m.caps and all(f.allows_attack(pos, ctx, m) for f in filters):
                return True
    return False


def _attacked_unfiltered(rules: Rules, pos: Position, target: int, by: int, ctx: Context) -> bool:
    board = pos.board
    frozen = ctx.frozen
    stops = ctx.stops
    tables = rules.attack_tables[by]
    for rays, kinds, reach, hop, step in tables.rows:
        ray = rays[target]
        if hop:
            if hop == GRASSHOP:
                if _grasshop_attack(board, ray, kinds, by, frozen):
                    return True
            elif _hop_attack(board, ray, kinds, by, frozen):
                return True
            continue
        k = 0
        for s in ray:
            k += 1
            occ = board[s]
            if occ is not None:
                if occ.color == by:
                    r = kinds.get(occ.kind)
                    if r is not None and k <= r and s not in frozen:
                        if not stops or not step or k == 1 or s not in stops:
                            return True
                        zone = stops[s]
                        if s not in zone and not any(x in zone for x in ray[: k - 1]):
                            return True
                break
            if k >= reach:
                break
    for kind, g in tables.special:
        dx, dy = g.vector
        s = rules.geo.offset(target, -dx, -dy)
        if s < 0 or s in frozen:
            continue
        occ = board[s]
        if occ is None or occ.color != by or occ.kind != kind:
            continue
        if g.initial and occ.moved:
            continue
        if g.paths is not None:
            path = g.paths[s]
            if path is None or any(board[x] is not None for x in path):
                continue
        return True
    walked = tables.walked
    if walked and _walked_attack(rules, pos, target, by, walked, frozen):
        return True
    for power in rules.attack_powers:
        if power.attacks(pos, ctx, target, by):
            return True
    if rules.forward_kinds or ctx.forward or ctx.atoms:
        return _forward_attack(rules, pos, ctx, target, by)
    return False


def _grasshop_attack(
    board: list[Piece | None], ray: tuple[int, ...], kinds: dict[str, int], by: int, frozen: set[int]
) -> bool:
    """Does a grasshopper of ``by`` land on the ray's origin? Its hurdle is the first square."""
    if not ray or board[ray[0]] is None:
        return False
    k = 1
    for s in ray[1:]:
        k += 1
        occ = board[s]
        if occ is None:
            continue
        r = kinds.get(occ.kind)
        return occ.color == by and r is not None and k <= r and s not in frozen
    return False


def _walked_attack(
    rules: Rules, pos: Position, target: int, by: int, walked: list[tuple[str, GenAtom]], frozen: set[int]
) -> bool:
    """Attacks by pieces with region or hurdle rules: each candidate on the atom's line
    back from ``target`` is asked whether its compiled atom captures there."""
    board = pos.board
    probe = board[target] is None
    if probe:  # captures are generated only onto a piece: stand one of the other side there
        board[target] = probe_piece(rules, 1 - by)
    try:
        for kind, g in walked:
            dx, dy = g.vector
            ray = rules.geo.rays_for(-dx, -dy)[target]
            if not g.hop:
                ray = ray[: g.max_range]
            for s in ray:
                occ = board[s]
                if occ is None:
                    continue
                if occ.color == by and occ.kind == kind and s not in frozen and target in g.rays[s]:
                    found: list[Move] = []
                    rules.betza_moves(pos, s, occ, (g,), found)
                    if any(m.d == target for m in found):
                        return True
                if not g.hop:
                    break
        return False
    finally:
        if probe:
            board[target] = None


def _hop_attack(
    board: list[Piece | None], ray: tuple[int, ...], kinds: dict[str, int], by: int, frozen: set[int]
) -> bool:
    """Does a cannon-like hopper of ``by`` capture on the ray's origin over one hurdle?"""
    jumped = False
    k = 0
    for s in ray:
        k += 1
        occ = board[s]
        if occ is None:
            continue
        if not jumped:
            jumped = True
            continue
        r = kinds.get(occ.kind)
        return occ.color == by and r is not None and k <= r and s not in frozen
    return False


def _forward_attack(rules: Rules, pos: Position, ctx: Context, target: int, by: int) -> bool:
    board = pos.board
    forward_kinds = rules.forward_kinds
    marked = ctx.forward
    borrowed = ctx.atoms
    frozen = ctx.frozen
    # Generated moves capture only where a piece stands, so an empty target
    # (a square castling passes) is probed with a royal piece of the other side.
    probe = board[target] is None
    if probe:
        settle(rules, pos, ctx)
        board[target] = probe_piece(rules, 1 - by)
    try:
        if forward_kinds:
            # One pass over the board (the probe is the other side's): Flight and Ferry's
            # dragons, whose moves come from powers, are asked in most attack questions.
            for sq in range(rules.geo.board_size):
                p = board[sq]
                if p is not None and p.color == by and p.kind in forward_kinds and sq not in frozen:
                    if _generated_capture(rules, pos, ctx, sq, p, target):
                        return True
        if marked or borrowed:  # the Context's few marked pieces (passengers, a Friend's borrowings)
            for sq in set(marked) | set(borrowed):
                p = board[sq]
                if p is not None and p.color == by and sq not in frozen:
                    if _generated_capture(rules, pos, ctx, sq, p, target):
                        return True
        return False
    finally:
        if probe:
            board[target] = None


def _generated_capture(rules: Rules, pos: Position, ctx: Context, sq: int, p: Piece, target: int) -> bool:
    """Does a move the piece on ``sq`` generates capture on ``target`` (the sieve first)?"""
    if not rules.may_capture_on(ctx, sq, p, target):
        return False
    moves: list[Move] = []
    rules.piece_moves(pos, ctx, sq, p, moves)
    return any(target in m.caps for m in moves)


def attacked_squares(rules: Rules, pos: Position, by: int) -> list[int]:
    """Board squares ``by`` attacks or defends.

    Each square not holding an enemy piece is probed with a stand-in enemy,
    so captures that need a victim (rifle, locust) count and own pieces show
    as defended. Board-wide effects are those of the real position.
    """
    victim_kind = next((k for k in rules.types if k not in rules.royal_kinds), None)
    ctx = rules.context(pos)
    settle(rules, pos, ctx)
    board = pos.board
    out = []
    for sq in range(rules.geo.board_size):
        occupant = board[sq]
        if occupant is not None and occupant.color != by:
            if is_attacked(rules, pos, sq, by, ctx):
                out.append(sq)
            continue
        if victim_kind is None:
            continue
        board[sq] = piece(1 - by, victim_kind)  # a bare write: no hash or undo record
        try:
            if is_attacked(rules, pos, sq, by, ctx):
                out.append(sq)
        finally:
            board[sq] = occupant
    return out


def in_check(rules: Rules, pos: Position, color: int | None = None) -> bool:
    """Is a royal piece of ``color`` (default: side to move) attacked, where royalty applies?"""
    color = pos.turn if color is None else color
    royals = pos.royals[color]
    if not royals or (rules.royal_mode == "last-one" and len(royals) != 1):
        return False
    ctx = rules.context(pos)
    return any(is_attacked(rules, pos, r, 1 - color, ctx) for r in royals)


def pinned_pieces(rules: Rules, pos: Position, king: int, mover: int) -> set[int]:
    """Own pieces standing alone between the royal and an enemy rider aimed at it."""
    board = pos.board
    found: set[int] = set()
    for rays, kinds, reach, hop, _step in rules.attack_tables[1 - mover].rows:
        if hop or reach < 2:
            continue
        shield = -1
        k = 0
        for s in rays[king]:
            k += 1
            occ = board[s]
            if occ is None:
                continue
            if shield < 0:
                if occ.color != mover:
                    break
                shield = s
                continue
            if occ.color != mover and kinds.get(occ.kind, 0) >= k:
                found.add(shield)
            break
    return found
