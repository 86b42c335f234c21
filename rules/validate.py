"""Checks that a position is fit to start a game, each problem in words.

Used by the setup editor before "Start game"; an invalid position can still be
kept as a draft. Problems found here are about the position as a whole (royal
pieces, pawns where they can never stand, the side not to move in check);
variant powers add their own through the ``validation_problems`` hook, and any
error the position text itself raises is reported as a problem too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from .catalogue import checked_options, make_rules, require_type, variant
from .errors import RulesError
from .fen import castling_field, read_fen
from .pieces import COLOR_NAMES
from .placement import castling_sides, parse_placement
from .position import Position
from .powers.drops import Drops
from .ruleset import Rules


def position_problems(rules: Rules, pos: Position) -> list[str]:
    problems: list[str] = []
    problems.extend(_royal_problems(rules, pos))
    problems.extend(_pawn_problems(rules, pos))
    problems.extend(_region_problems(rules, pos))
    if rules.no_facing and rules.royals_face(pos, 0):
        problems.append("the royal pieces face each other on an open file")
    if rules.in_check(pos, 1 - pos.turn):
        side = COLOR_NAMES[1 - pos.turn].capitalize()
        problems.append(f"{side} is in check but it is not {side}'s move")
    for power in rules.power_objects.values():
        problems.extend(power.validation_problems(pos))
    return problems


def check_position(variant_id: str, fen: str, options: Mapping[str, Any] | None = None) -> list[str]:
    """Every problem with a position text as the start of a game, in words (empty if none).

    Never raises for bad content (a bad variant, option or text is a problem in the list);
    only wrong Python types raise TypeError."""
    require_type("variant_id", variant_id, str, "a variant id (str)")
    require_type("fen", fen, str, "a position text (str)")
    try:
        rules = make_rules(variant_id, checked_options(variant(variant_id), options))
        pos = read_fen(rules, fen)
        return _field_problems(rules, pos, fen.split()) + position_problems(rules, pos)
    except RulesError as exc:
        return [str(exc)]


def _field_problems(rules: Rules, pos: Position, fields: list[str]) -> list[str]:
    """Castling letters and an en passant square that the placement cannot back up."""
    problems = []
    given = fields[2] if len(fields) > 2 else "-"
    kept = castling_field(rules, pos)
    names = rules.geo.names
    start = parse_placement(rules, rules.setup_placement())
    for color in (0, 1):
        side = COLOR_NAMES[color]
        for letter, (king, rook) in sorted(castling_sides(rules, color).items()):
            if letter in given and letter not in kept:
                king_name = rules.types[start[king][0].kind].name
                rook_name = rules.types[start[rook][0].kind].name
                problems.append(
                    f"castling right {letter!r} needs the {side} {king_name} on {names[king]} and the {side} "
                    f"{rook_name} on {names[rook]}, neither of them moved"
                )
    if pos.ep >= 0:
        victim = pos.board[pos.ep_victim] if pos.ep_victim >= 0 else None
        square = rules.geo.names[pos.ep]
        if pos.board[pos.ep] is not None or victim is None or victim.color == pos.turn or (
            victim.kind not in rules.pawn_kinds
        ):
            problems.append(f"en passant square {square}: no pawn of the side that just moved has skipped it")
    return problems


def _start_counts(rules: Rules) -> Counter[tuple[str, int]]:
    counts: Counter[tuple[str, int]] = Counter()
    for p, _ in parse_placement(rules, rules.setup_placement()).values():
        counts[(p.kind, p.color)] += 1
    return counts


def _royal_problems(rules: Rules, pos: Position) -> list[str]:
    if not rules.royal_kinds:
        return []
    problems = []
    start = _start_counts(rules)
    for color in (0, 1):
        side = COLOR_NAMES[color].capitalize()
        present = Counter(p.kind for _, p in pos.pieces(color) if p.kind in rules.royal_kinds)
        if not present:
            names = " or ".join(rules.types[k].name for k in sorted(rules.royal_kinds))
            problems.append(f"{side} has no {names}")
        for kind, count in present.items():
            allowed = start.get((kind, color), 1)
            if count > allowed:
                problems.append(f"{side} has {count} {rules.types[kind].name} pieces; at most {allowed}")
    return problems


def _region_problems(rules: Rules, pos: Position) -> list[str]:
    """Pieces confined to a region (``region`` piece key) standing outside it."""
    problems = []
    for sq, p in pos.pieces():
        region = rules.types[p.kind].movement.region
        if region and rules.geo.is_board(sq) and sq not in rules.region(region, p.color):
            name = f"{COLOR_NAMES[p.color]} {rules.types[p.kind].name}"
            problems.append(f"the {name} on {rules.geo.names[sq]} stands outside its region {region!r}")
    return problems


#: Powers that can set a pawn down behind its starting rank in play: a drop from the hand, a
#: swap with a piece standing behind it. Where one is at work, no rank behind the start is
#: out of reach.
_PAWNS_SET_DOWN_ANYWHERE = frozenset({"drops", "swap"})


def _droppable_on(rules: Rules, kind: str, color: int, sq: int) -> bool:
    """Could a drop from the hand put a piece of ``kind`` on ``sq`` (Kyoto Shogi's pawns, whose
    whole board is a compulsory zone, come down anywhere)?"""
    drops = rules.power_of(Drops)
    return drops is not None and drops.may_drop_on(kind, color, sq)


def _pawn_problems(rules: Rules, pos: Position) -> list[str]:
    problems = []
    pawns_go_back = any(name in rules.power_objects for name in _PAWNS_SET_DOWN_ANYWHERE)
    lowest: dict[tuple[str, int], int] = {}
    for sq, (p, _) in parse_placement(rules, rules.setup_placement()).items():
        rank = rules.geo.rank_of(sq) if p.color == 0 else rules.geo.ranks - 1 - rules.geo.rank_of(sq)
        key = (p.kind, p.color)
        lowest[key] = min(lowest.get(key, rank), rank)
    for sq, p in pos.pieces():
        if p.kind not in rules.pawn_kinds or not rules.geo.is_board(sq):
            continue
        name = f"{COLOR_NAMES[p.color]} {rules.types[p.kind].name}"
        square = rules.geo.names[sq]
        if not _droppable_on(rules, p.kind, p.color, sq) and any(
            sq in power.compulsory_zone(p.kind, p.color) for power in rules.power_objects.values()
        ):
            problems.append(f"the {name} on {square} stands where it would already have promoted")
            continue
        t = rules.types[p.kind]
        only_forward = not t.powers and all(dy >= 0 for a in t.atoms for _, dy in a.vectors)
        start_rank = lowest.get((p.kind, p.color))
        rank = rules.geo.rank_of(sq) if p.color == 0 else rules.geo.ranks - 1 - rules.geo.rank_of(sq)
        if only_forward and not pawns_go_back and start_rank is not None and rank < start_rank:
            problems.append(f"the {name} on {square} stands behind its starting rank, where it could never be")
    return problems
