"""Why a move is refused, in words: the reason behind every "cannot".

:meth:`rules.ruleset.Rules.refusal_reason` hands over here. The reason is worked out
from the rules' own data, the same for every variant: the piece's compiled Betza
atoms and their rays (blocked, out of reach, move-only or capture-only, first move
only, a hopper without a hurdle), the powers' ``refusal`` hooks (frozen, Hia, no
lender, the Pocket, the Ferry), and for a move that is generated but may not stand,
the royal piece it would leave attacked and by what.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .atoms import GRASSHOP
from .betzawords import movement_phrases, squares_in_words
from .moves import Move

if TYPE_CHECKING:
    from .atoms import GenAtom
    from .context import Context
    from .pieces import Piece
    from .position import Position
    from .ruleset import Rules

SIDE_NAMES = ("White", "Black")
#: Listing every destination of a long-range piece would drown the reason.
MAX_LISTED = 12


def refusal_reason(
    rules: Rules, pos: Position, origin: str, destination: str,
    promotion: str | None = None, choice: str | None = None,
) -> str:
    """Why moving from ``origin`` to ``destination`` is not legal, in words."""
    geo = rules.geo
    o, d = geo.index[origin], geo.index[destination]
    p = pos.board[o]
    if p is None:
        return f"there is no piece on {origin}"
    name = rules.types[p.kind].name
    if p.color != pos.turn:
        owner, turn = SIDE_NAMES[p.color], SIDE_NAMES[pos.turn]
        return f"the {name} on {origin} is {owner}'s, not yours to move: it is {turn}'s turn"
    ctx = rules.context(pos)
    for power in rules.power_objects.values():
        reason = power.refusal(pos, ctx, o, d)
        if reason:
            return reason
    candidates = [m for m in rules.pseudo_moves(pos, ctx) if m.o == o and m.d == d]
    if not candidates:
        return _unreachable(rules, pos, ctx, o, d, p)
    legal = rules.legal_moves(pos)
    if promotion is not None:
        offered = sorted({m.promotion for m in legal if m.o == o and m.d == d and m.promotion})
        if promotion not in offered:
            if not offered:
                return f"the {name} cannot promote on {destination} now"
            return f"the {name} cannot promote to {promotion} here; it may choose: {', '.join(offered)}"
    if choice is not None:
        offered = sorted({m.choice for m in legal if m.o == o and m.d == d and m.choice})
        if choice not in offered and offered:
            return f"{choice!r} is not one of the choices for this move: {', '.join(offered)}"
    mover = pos.turn
    royal_count = len(pos.royals[mover])
    for m in candidates:
        pos.push(m)
        try:
            problem = _royal_problem(rules, pos, m, p, mover) or rules.problem_after(pos, m, mover, royal_count)
        finally:
            pos.pop()
        if problem:
            return problem
    return "that move is legal"


# ---------------------------------------------------------------- royal safety


def _royal_problem(rules: Rules, pos: Position, move: Move, mover_piece: Piece, mover: int) -> str | None:
    """With ``move`` pushed: which royal piece it leaves attacked, by whom, and why (pinned, in check)."""
    royals = pos.royals[mover]
    if not royals or not (rules.royal_mode == "always" or len(royals) == 1):
        return None
    ctx = rules.context(pos)
    names = rules.geo.names
    for r in sorted(royals):
        if not rules.is_attacked(pos, r, 1 - mover, ctx):
            continue
        royal = rules.types[pos.board[r].kind].name  # type: ignore[union-attr]
        attackers = _attackers(rules, pos, ctx, r, 1 - mover)
        by = f" by {_and([a for _, a in attackers])}" if attackers else ""
        if r == move.d and mover_piece.kind in rules.royal_kinds:
            return f"it would leave your {royal} on {names[r]} attacked{by}"
        pos.pop()
        try:
            was_attacked = rules.is_attacked(pos, r, 1 - mover, rules.context(pos))
        finally:
            pos.push(move)
        if was_attacked:
            return (
                f"it would leave your {royal} on {names[r]} attacked{by}: "
                "it is in check, and this move does not end it"
            )
        mover_name = rules.types[mover_piece.kind].name
        if any(_strictly_between(rules, a, move.o, r) for a, _ in attackers):
            return (
                f"the {mover_name} on {move.origin} is pinned: moving it would leave "
                f"your {royal} on {names[r]} attacked{by}"
            )
        return f"this move would leave your {royal} on {names[r]} attacked{by}"
    return None


def _strictly_between(rules: Rules, a: int, s: int, b: int) -> bool:
    """Does ``s`` lie on the straight line from ``a`` to ``b``, between them?"""
    geo = rules.geo
    if max(a, s, b) >= geo.board_size:
        return False
    ax, ay, sx, sy, bx, by = (geo.file_of(a), geo.rank_of(a), geo.file_of(s), geo.rank_of(s),
                              geo.file_of(b), geo.rank_of(b))
    dx, dy = bx - ax, by - ay
    if not (dx == 0 or dy == 0 or abs(dx) == abs(dy)) or (dx, dy) == (0, 0):
        return False
    steps = max(abs(dx), abs(dy))
    ux, uy = dx // steps, dy // steps
    return any((ax + ux * k, ay + uy * k) == (sx, sy) for k in range(1, steps))


def _attackers(rules: Rules, pos: Position, ctx: Context, target: int, by: int) -> list[tuple[int, str]]:
    """(square, words) of the pieces of ``by`` whose own moves capture on ``target``
    (found the honest way: by generating their moves)."""
    names = rules.geo.names
    found: list[tuple[int, str]] = []
    for sq, p in pos.pieces(by):
        if sq >= rules.geo.board_size or sq in ctx.frozen:
            continue
        moves: list[Move] = []
        rules.piece_moves(pos, ctx, sq, p, moves)
        if any(target in m.caps for m in moves):
            found.append((sq, f"the {rules.types[p.kind].name} on {names[sq]}"))
    return found


# ---------------------------------------------------------------- no such move


def _unreachable(rules: Rules, pos: Position, ctx: Context, o: int, d: int, p: Piece) -> str:
    """Why the piece on ``o`` has no move to ``d`` at all: its own atoms first, then what it can do."""
    names = rules.geo.names
    name = rules.types[p.kind].name
    here = f"the {name} on {names[o]}"
    legal = [m for m in rules.legal_moves(pos) if m.o == o]
    elsewhere = [m for m in legal if d in m.caps and m.d != d]
    if elsewhere:
        return f"{here} captures on {names[d]} without going there: play {elsewhere[0]}"
    if o < rules.geo.board_size:
        atoms = ctx.atoms.get(o) if ctx.atoms else None
        if atoms is None:
            atoms = rules.atoms_of(p.kind, p.color)
        for g in atoms:
            reason = _atom_refusal(rules, pos, g, o, d, p)
            if reason:
                target = pos.board[d]
                powers = _power_phrases(rules, p)
                if target is not None and target.color != p.color and powers and not any(a.can_capture for a in atoms):
                    reason += f"; it captures only by its powers: {'; '.join(powers)}"
                return f"{here} {reason}"
    return f"{here} cannot move to {names[d]}: {_what_it_does(rules, p)}; {_where_it_goes(rules, o, legal)}"


def _atom_refusal(rules: Rules, pos: Position, g: GenAtom, o: int, d: int, p: Piece) -> str | None:
    """Why this atom, whose line or leap may reach ``d``, makes no move there; None if it does not reach."""
    ray = g.rays[o]
    if d not in ray:
        return None
    board = pos.board
    names = rules.geo.names
    if g.legs is not None:  # an XBetza move in legs or along a shaped path (rules/legs.py)
        if g.initial and p.moved:
            return f"has moved already: its move to {names[d]} is a first move only"
        target = board[d]
        if target is not None and target.color != p.color and target.kind in g.captures_exclude:
            return f"may not capture {_who(rules, pos, d, p.color)}"
        return (
            f"reaches {names[d]} only by a move in parts or along a bent path, and the squares on "
            "its way here are not as that move needs them (empty, or holding a piece to take or to jump)"
        )
    between = ray[: ray.index(d)]
    occupant = board[d]
    way = _way(g, p.color)
    if g.initial and p.moved:
        return f"has moved already: it goes {way} only on its first move"
    if g.paths is not None:
        blockers = [s for s in g.paths[o] or () if board[s] is not None]
        if blockers:
            return f"is blocked by {_who(rules, pos, blockers[0], p.color)} on its way to {names[d]}"
    if g.hop:
        hurdles = [s for s in between if board[s] is not None]
        if not hurdles:
            return (
                f"goes {way} only by jumping over one piece, and none stands "
                f"between {names[o]} and {names[d]}"
            )
        if len(hurdles) > 1:
            return (
                f"jumps over one piece only, and {_and([_who(rules, pos, s, p.color) for s in hurdles])} "
                "stand in the way"
            )
        hurdle = board[hurdles[0]]
        if hurdle is not None and hurdle.kind in g.hurdles_exclude:
            return f"may not jump over {_who(rules, pos, hurdles[0], p.color)}"
        if g.hop == GRASSHOP and hurdles[0] != between[-1]:
            return f"lands only on the square just beyond the piece it jumps ({names[hurdles[0]]})"
    else:
        blockers = [s for s in between if board[s] is not None]
        if blockers:
            return f"is blocked by {_who(rules, pos, blockers[0], p.color)}"
    if occupant is None and not g.can_move:
        return f"goes {way} only to capture, and {names[d]} is empty"
    if occupant is not None and occupant.color == p.color:
        return f"cannot capture {_who(rules, pos, d, p.color)}: a piece never takes its own side"
    if occupant is not None and occupant.kind in g.captures_exclude:
        return f"may not capture {_who(rules, pos, d, p.color)}"
    if occupant is not None and not g.can_capture:
        return f"cannot capture {_who(rules, pos, d, p.color)}: going {way} it never captures"
    return None


def _way(g: GenAtom, color: int) -> str:
    """Where one compiled atom goes, seen from its owner's side ("one square diagonally forward")."""
    dx, dy = g.vector
    ahead = dy if color == 0 else -dy
    x, y = sorted((abs(dx), abs(dy)))
    if x == 0:
        toward = "straight forward" if ahead > 0 else "straight backward" if ahead < 0 else "sideways"
    elif x == y:
        toward = "diagonally forward" if ahead > 0 else "diagonally backward"
    else:
        return f"by ({x},{y}) leaps" if g.max_range != 1 else f"by a ({x},{y}) leap"
    if g.max_range == 1:
        return f"{squares_in_words(y)} {toward}"
    if g.max_range == 0 or g.max_range >= 1000:
        return f"{toward} (any distance)" if y == 1 else f"{toward} by {squares_in_words(y)} leaps"
    return f"{toward}, up to {g.max_range * y} squares"


def _article(word: str) -> str:
    return f"an {word}" if word[:1].lower() in "aeiou" else f"a {word}"


def _who(rules: Rules, pos: Position, sq: int, color: int) -> str:
    p = pos.board[sq]
    assert p is not None
    owner = "your" if p.color == color else "your opponent's"
    return f"{owner} {rules.types[p.kind].name} on {rules.geo.names[sq]}"


def _squares(rules: Rules, squares: tuple[int, ...]) -> str:
    return _and([rules.geo.names[s] for s in squares])


def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _where_it_goes(rules: Rules, o: int, legal: list[Move]) -> str:
    names = rules.geo.names
    here = names[o]
    seen: list[str] = []
    for m in sorted(legal, key=lambda m: m.d):
        target = m.destination if m.d != m.o else "x" + m.captures[0] if m.captures else m.destination
        if target not in seen:
            seen.append(target)
    if not seen:
        return f"from {here} it has no legal move now"
    shown = ", ".join(seen[:MAX_LISTED])
    more = f" and {len(seen) - MAX_LISTED} more" if len(seen) > MAX_LISTED else ""
    return f"from {here} it can go to {shown}{more}"


# ---------------------------------------------------------------- movement in words


def _what_it_does(rules: Rules, p: Piece) -> str:
    """A piece's whole movement in words: its Betza atoms, then its powers."""
    t = rules.types[p.kind]
    parts = movement_phrases(t.atoms) + _power_phrases(rules, p)
    if not parts:
        return f"{_article(t.name)} has no moves of its own"
    return f"{_article(t.name)} " + "; ".join(parts)


def _power_phrases(rules: Rules, p: Piece) -> list[str]:
    """The piece type's powers, each as its description in lower case."""
    out = []
    for power in rules.types[p.kind].powers:
        text = rules.power_objects[power].description
        if text:
            out.append(text[0].lower() + text[1:].rstrip("."))
    return out
