"""Power facts in plain words: the powers panel's lines and the status bar's hover text.

Movement is said from the rules package's parsed Betza atoms ("bishop slides, camel
leaps"); power names from the power classes' own descriptions where a sentence is wanted.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import rules
from rules.betzawords import betza_words
from rules.moves import parse_move_text

from ..wording import piece_name
from .facts import Borrowing, Explained, Form, Lender, split_piece

COLOR_ORDER = {"white": 0, "black": 1}
#: Short words for power names in lists ("borrows ... rifle shots, Hia").
POWER_WORDS = {
    "rifle": "rifle shots", "hia": "Hia", "swap": "swaps", "withdrawal": "withdrawal captures",
    "locust": "locust captures", "freeze": "freezing", "poison": "poison", "poison-path": "either lame path",
    "chicken-retreat": "retreats under attack", "patient-step": "the patient step",
}


def power_words(names: Iterable[str]) -> list[str]:
    return [POWER_WORDS.get(name, name.replace("-", " ")) for name in names]


@lru_cache(maxsize=1024)
def _moves_in_words(betza: str) -> str:
    """The rules' words for a Betza string, kept: a Friendly position names dozens of loans, the
    same few strings each time, and the powers panel is rebuilt after every move."""
    return betza_words(betza)


def lent_words(lender: Lender) -> str:
    """What a lender gives: its moves and powers in words."""
    parts = [_moves_in_words(lender.moves)] if lender.moves else []
    parts += power_words(lender.powers)
    return ", ".join(parts) or "nothing it can use now"


def named(vdef: rules.VariantDef | None, kind: str, square: str, color: str | None = None) -> str:
    """"Caliph d1", or "black Caliph d1" with a colour."""
    name = piece_name(vdef, kind)
    return f"{color} {name} {square}" if color else f"{name} {square}"


def a_or_an(name: str) -> str:
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def capitalized(text: str) -> str:
    return text[:1].upper() + text[1:]


# ------------------------------------------------------------------ the powers panel's lines


@dataclass
class EffectLine:
    """One line of the powers panel: its words and the squares it is about."""

    text: str
    squares: tuple[str, ...]
    children: list[EffectLine] = field(default_factory=list)


@dataclass
class EffectGroup:
    title: str
    lines: list[EffectLine]


def borrowing_lines(explained: Explained, vdef: rules.VariantDef | None) -> list[EffectLine]:
    lines = []
    for friend in explained.lending():
        lines.append(friend_line(friend, vdef))
    return lines


def friend_line(friend: Borrowing, vdef: rules.VariantDef | None) -> EffectLine:
    """"White Friend g1 borrows from Caliph d1: bishop slides, camel leaps" (one child line per lender
    when there are several)."""
    head = capitalized(named(vdef, "friend", friend.square, friend.color))
    squares = tuple(dict.fromkeys(sq for lender in friend.lenders for sq in lender.path(friend.square)))
    children = [EffectLine(_lender_text(lender, vdef), tuple(lender.path(friend.square))) for lender in friend.lenders]
    if len(children) == 1:
        return EffectLine(f"{head} borrows from {children[0].text}", squares)
    lenders = ", ".join(named(vdef, lender.kind, lender.square) for lender in friend.lenders)
    return EffectLine(f"{head} borrows from {lenders}", squares, children)


def _lender_text(lender: Lender, vdef: rules.VariantDef | None) -> str:
    text = named(vdef, lender.kind, lender.square)
    if lender.chain:
        text += " through " + " and ".join(f"Friend {sq}" for sq in lender.chain)
    return f"{text}: {lent_words(lender)}"


def hia_lines(explained: Explained, vdef: rules.VariantDef | None) -> list[EffectLine]:
    lines = []
    for source in explained.hia:
        who = capitalized(named(vdef, source.kind, source.square, source.color))
        borrowed = " (borrowed)" if source.borrowed else ""
        if source.active:
            zone = ", ".join(source.zone)
            lines.append(EffectLine(f"{who}{borrowed}: Hia zone {zone}; slides stop there",
                                    (source.square, *source.zone)))
        else:
            lines.append(EffectLine(f"{who}{borrowed}: Hia switched off", (source.square,)))
    return lines


def freeze_lines(explained: Explained, vdef: rules.VariantDef | None) -> list[EffectLine]:
    by_square = {f.square: f for f in explained.freezers}
    lines = []
    for frozen in explained.frozen:
        freezers = []
        for square in frozen.by:
            source = by_square.get(square)
            freezers.append(named(vdef, source.kind, square, source.color) if source else square)
        who = capitalized(named(vdef, frozen.kind, frozen.square, frozen.color))
        lines.append(EffectLine(f"{who} frozen by {' and '.join(freezers)}", (frozen.square, *frozen.by)))
    return lines


def poison_lines(explained: Explained, vdef: rules.VariantDef | None) -> list[EffectLine]:
    lines = []
    for item in explained.poisonous:
        who = capitalized(named(vdef, item.kind, item.square, item.color))
        how = " (borrowed)" if item.borrowed else ""
        lines.append(EffectLine(f"{who} is poisonous{how}: its captor dies too (except by rifle)", (item.square,)))
    return lines


def royal_lines(explained: Explained, vdef: rules.VariantDef | None) -> list[EffectLine]:
    lines = []
    for square, color, kind in explained.royal:
        who = capitalized(named(vdef, kind, square, color))
        name = piece_name(vdef, kind)
        lines.append(EffectLine(f"{who} is royal: the side's last {name}, it may not be left attacked", (square,)))
    return lines


def _pieces_words(forms: list[Form], vdef: rules.VariantDef | None) -> str:
    """"white Knight b1, f1 and black Knight b6": one form's pieces, White's first."""
    by_color: dict[str, list[str]] = {}
    for form in sorted(forms, key=lambda f: COLOR_ORDER.get(f.color, 2)):
        by_color.setdefault(form.color, []).append(form.square)
    kind = piece_name(vdef, forms[0].kind)
    return " and ".join(f"{color} {kind} {', '.join(squares)}" for color, squares in by_color.items())


def _become_words(forms: list[Form], vdef: rules.VariantDef | None) -> str:
    """"white Knight b1 and black Knight b6 become Alibabas; white Alibaba e3 becomes a Knight"."""
    by_form: dict[tuple[str, str], list[Form]] = {}
    for form in forms:
        by_form.setdefault((form.kind, form.other), []).append(form)
    said = []
    for (_kind, other), group in by_form.items():
        name = piece_name(vdef, other)
        many = len(group) > 1
        becomes = "become " if many else "becomes "
        said.append(f"{_pieces_words(group, vdef)} {becomes}{name + 's' if many else a_or_an(name)}")
    return "; ".join(said)


def form_lines(explained: Explained, vdef: rules.VariantDef | None) -> list[EffectLine]:
    """One line per polypiece family: its pieces by form and side, what a flip makes of them,
    and which stay as they are where they stand (the Pocket)."""
    families: dict[str, list[Form]] = {}
    for form in explained.forms:
        families.setdefault(form.family or form.kind, []).append(form)
    lines = []
    for forms in families.values():
        title = " and ".join(dict.fromkeys(piece_name(vdef, kind) for f in forms for kind in (f.kind, f.other)))
        flipping = [f for f in forms if f.flips]
        staying = [f for f in forms if not f.flips]
        parts = []
        if flipping:
            parts.append(f"{_become_words(flipping, vdef)} when the family flips")
        for form in staying:
            where = f"in the {form.square.capitalize()}" if vdef and form.square in vdef.extra_squares \
                else f"on {form.square}"
            parts.append(f"the {form.color} {piece_name(vdef, form.kind)} {where} does not flip while it is there")
        lines.append(EffectLine(f"{title}: {'; '.join(parts)}", tuple(f.square for f in forms)))
    return lines


def retreat_lines(explained: Explained, vdef: rules.VariantDef | None) -> list[EffectLine]:
    lines = []
    for item in explained.retreats:
        if item.may_retreat:
            who = capitalized(named(vdef, item.kind, item.square, item.color))
            lines.append(EffectLine(f"{who} may retreat: {item.reason}", (item.square,)))
    return lines


def _other_lines(raw: dict[str, Any], vdef: rules.VariantDef | None,
                 explained: Explained | None = None) -> list[EffectGroup]:
    """Powers without an overlay of their own: the Pocket, merges and separations, Ferries, breath."""
    groups: list[EffectGroup] = []
    pocket = raw.get("pocket")
    if isinstance(pocket, dict):
        square = str(pocket.get("square", "pocket"))
        content = pocket.get("content")
        if content:
            color, kind = split_piece(content)
            text = f"The Pocket holds the {color} {piece_name(vdef, kind)}"
        else:
            text = "The Pocket is empty"
        lines = [EffectLine(text, (square,))]
        cube = raw.get("pocket-cube")
        if isinstance(cube, dict):
            barred = [side for side, may in (cube.get("may_enter") or {}).items() if not may]
            if barred:
                lines.append(EffectLine(f"Cube rule: {', '.join(barred)} may not enter the Pocket now", (square,)))
        groups.append(EffectGroup("Pocket", lines))
    merge = raw.get("merge")
    if isinstance(merge, dict) and merge.get("merges"):
        lines = []
        for item in merge["merges"]:
            results = " or ".join(piece_name(vdef, r) for r in item.get("results", ()))
            text = (f"{capitalized(str(item.get('color', '')))} {piece_name(vdef, str(item.get('mover')))} "
                    f"{item.get('origin')} may merge with the {piece_name(vdef, str(item.get('target')))} "
                    f"{item.get('destination')} into {results}")
            lines.append(EffectLine(text, (str(item.get("origin")), str(item.get("destination")))))
        groups.append(EffectGroup("Merges", lines))
    separate = raw.get("separate")
    if isinstance(separate, dict) and separate.get("compounds"):
        lines = []
        for item in separate["compounds"]:
            parts = " + ".join(piece_name(vdef, c) for c in item.get("components", ()))
            name = piece_name(vdef, str(item.get("piece")))
            who = f"{capitalized(str(item.get('color', '')))} {name} {item.get('square')}"
            if item.get("original"):
                text = f"{who} ({parts}) is original: it never separates"
                lines.append(EffectLine(text, (str(item.get("square")),)))
                continue
            color = str(item.get("color", ""))
            waiting = explained is not None and explained.to_move not in ("", color)
            board = explained.board if explained is not None else {}
            releases = [_release_words(release, vdef, board, waiting, color) for release in item.get("releases") or ()]
            squares = (str(item.get("square")), *dict.fromkeys(sq for _, targets in releases for sq in targets))
            if not releases:
                text = f"{who} is {parts}; it can release no part"
            else:
                text = f"{who} is {parts}; it may release {', or '.join(words for words, _ in releases)}"
                if waiting:
                    text += f" (on {capitalized(color)}'s turn)"
            lines.append(EffectLine(text, squares))
        groups.append(EffectGroup("Compounds", lines))
    ferry = raw.get("ferry")
    if isinstance(ferry, dict) and ferry.get("ferries"):
        lines = []
        for item in ferry["ferries"]:
            passenger = item.get("passenger")
            if passenger:
                color, kind = split_piece(passenger)
                text = f"Ferry {item.get('square')} carries the {color} {piece_name(vdef, kind)}"
            else:
                text = f"Ferry {item.get('square')} is empty"
            squares = (str(item.get("square")), *(str(s) for s in item.get("carry_to", ())))
            lines.append(EffectLine(text, squares))
        groups.append(EffectGroup("Ferries", lines))
    breath = raw.get("fire-breath")
    if isinstance(breath, dict) and breath.get("burns"):
        lines = []
        for origin, burns in sorted(breath["burns"].items()):
            by_victim: dict[tuple[str, str], list[str]] = {}
            for burn in burns:
                key = (str(burn.get("victim", "")), str(burn.get("burns")))
                by_victim.setdefault(key, []).extend(_destinations([str(burn.get("move", ""))], vdef))
            for (victim_text, square), stops in by_victim.items():
                color, kind = split_piece(victim_text)
                victim = f"the {color} {piece_name(vdef, kind)} {square}"
                how = f" by moving to {_or_list(list(dict.fromkeys(stops)))}" if stops else ""
                text = f"Dragon {origin} would burn {victim} with its breath{how}"
                lines.append(EffectLine(text, (str(origin), square, *stops)))
        groups.append(EffectGroup("Fire breath", lines))
    return groups


def _destinations(move_texts: Iterable[Any], vdef: rules.VariantDef | None) -> list[str]:
    """The squares the rules' move texts lead to (the panel names squares, not move texts)."""
    extras = tuple(vdef.extra_squares) if vdef is not None else ()
    found: list[str] = []
    for text in move_texts:
        try:
            parsed = parse_move_text(str(text), extras)
        except rules.RulesError:
            continue
        if parsed.destination and parsed.destination not in found:
            found.append(parsed.destination)
    return found


def _or_list(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}"


def _release_words(release: Any, vdef: rules.VariantDef | None, board: dict[str, str] | None = None,
                   waiting: bool = False, color: str = "") -> tuple[str, list[str]]:
    """One part a compound may let go: "the Knight to c3 or e3, or onto the Bishop d2 (the Rook
    stays)", and those squares. A part that goes onto an own piece merges with it: that is
    said apart from the squares it moves to. ``waiting``: the compound's side is not to move,
    so no square is listed and none is missing."""
    if not isinstance(release, dict):  # a bare piece id
        return f"the {piece_name(vdef, str(release))}", []
    leaves = piece_name(vdef, str(release.get("leaves", "")))
    stays = release.get("stays")
    targets = _destinations(release.get("moves") or (), vdef)
    held = board or {}
    own = [sq for sq in targets if sq in held and split_piece(held[sq])[0] == color]
    enemy = [sq for sq in targets if sq in held and sq not in own]
    empty = [sq for sq in targets if sq not in held]
    where = []
    if empty:
        where.append(f"to {_or_list(empty)}")
    if enemy:
        where.append("taking " + _or_list([f"the {piece_name(vdef, split_piece(held[sq])[1])} {sq}" for sq in enemy]))
    if own:
        where.append("onto " + _or_list([f"the {piece_name(vdef, split_piece(held[sq])[1])} {sq}" for sq in own])
                     + " (merging)")
    if where:
        text = f"the {leaves} " + ", or ".join(where)
    elif waiting:
        text = f"the {leaves}"
    else:
        text = f"the {leaves} (no square to go to now)"
    return text + (f" (the {piece_name(vdef, str(stays))} stays)" if stays else ""), targets


def effect_groups(explained: Explained, vdef: rules.VariantDef | None) -> list[EffectGroup]:
    """Every active effect of a position, grouped by power, in plain words."""
    groups = [
        EffectGroup("Royal pieces", royal_lines(explained, vdef)),
        EffectGroup("Friend borrowings", borrowing_lines(explained, vdef)),
        EffectGroup("Hia zones", hia_lines(explained, vdef)),
        EffectGroup("Freezes", freeze_lines(explained, vdef)),
        EffectGroup("Poison", poison_lines(explained, vdef)),
        EffectGroup("Polypiece forms", form_lines(explained, vdef)),
        EffectGroup("Chicken retreats", retreat_lines(explained, vdef)),
        *_other_lines(explained.raw, vdef, explained),
        EffectGroup("Not shown", [EffectLine(capitalized(problem), ()) for problem in explained.problems]),
    ]
    return [group for group in groups if group.lines]


# ------------------------------------------------------------------ the status bar on hover


def square_words(explained: Explained, vdef: rules.VariantDef | None, square: str, color: str, kind: str,
                 moves: int) -> str:
    """What powers act on the piece on ``square``, in one sentence for the status bar."""
    parts: list[str] = []
    if any(royal[0] == square for royal in explained.royal):
        parts.append(f"royal: the side's last {piece_name(vdef, kind)}, it may not be left attacked")
    friend = explained.borrowing_at(square)
    if friend is not None:
        if friend.lenders:
            lenders = "; ".join(_lender_text(lender, vdef) for lender in friend.lenders)
            parts.append(f"borrows from {lenders}")
        else:
            parts.append("borrows nothing: no friendly piece guards it")
    lends = [sq for sq in explained.lends_to(square) if sq != square]
    if lends:
        parts.append("lends to Friend " + ", ".join(lends))
    frozen = explained.frozen_at(square)
    if frozen is not None:
        freezers = {f.square: f for f in explained.freezers}
        names = [named(vdef, freezers[sq].kind, sq, freezers[sq].color) if sq in freezers else sq for sq in frozen.by]
        parts.append("frozen by the " + " and the ".join(names) + ": it cannot move and attacks nothing")
    zones = explained.zones_over(square)
    if zones:
        parts.append("in the Hia zone of " + ", ".join(named(vdef, z.kind, z.square, z.color) for z in zones)
                     + ": slides stop here")
    for source in explained.hia:
        if source.square == square:
            parts.append("Hia source" + ("" if source.active else ", switched off"))
    if any(p.square == square for p in explained.poisonous):
        parts.append("poisonous: whatever captures it (except a rifle shot) is removed too")
    freezes = [f.square for f in explained.frozen if square in f.by]
    if freezes:
        parts.append("freezes " + ", ".join(freezes))
    retreat = explained.retreat_at(square)
    if retreat is not None:
        parts.append(f"may retreat: {retreat.reason}" if retreat.may_retreat else "may not retreat: not under attack")
    form = explained.form_at(square)
    if form is not None:
        parts.append(f"other form: {piece_name(vdef, form.other)}" + ("" if form.flips else " (not while there)"))
    count = f"{moves} legal move{'s' if moves != 1 else ''}"
    head = f"{capitalized(color)} {piece_name(vdef, kind)} on {square} ({count})"
    return head + (": " + "; ".join(parts) if parts else "")
