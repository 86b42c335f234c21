"""An Interactive Diagram definition of a variant, for the Chess Variant Pages.

H. G. Muller's Interactive Diagram (chessvariants.com, "Interactive diagrams") is a small
definition placed between ``<div class="idiagram">`` and ``</div>`` on a page: one
``key=value`` parameter or one piece per line. The parameters used here are the ones his
page documents: ``satellite`` (a name for the diagram), ``files``, ``ranks``, ``firstRank``
(coordinates start at 1), ``symmetry`` (``mirror``: Black's array is White's reflected
across the middle rank; ``rotate``: turned half round), ``promoZone`` (how many far ranks
promote), ``promoChoice`` (the IDs a pawn may promote to) and ``royal`` (the number of the
royal piece in the list, from 1). A piece is ``name:ID:move:image:squares``: its name, its
one-letter ID, its move in (X)Betza notation, its picture (empty: the site's picture of that
name) and White's start squares (``a2-h2`` for a run along a rank, ``b1,g1`` for single
squares); Black's follow by the symmetry.

A variant can be shown when every piece has a Betza move; what only our powers do (a Friend
borrowing, a Hia zone, a Pocket, promotion to a captured piece...) the diagram cannot show,
and the export lists it in words for the page's text. No Qt here.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

import rules
from rules.movement import NO_RULES
from rules.powers import known_powers

#: Powers the diagram plays itself: castling (the King's O atom), en passant (the pawn's e
#: modifier) and promotion (promoZone, promoChoice).
NATIVE_POWERS = frozenset({"castling", "en-passant", "promotion"})
FILE_LETTERS = "abcdefghijklmnopqrstuvwxyz"


@dataclass
class DiagramExport:
    """The definition (parameter and piece lines), the page snippet, and what it cannot show."""

    definition: str
    cannot_show: list[str] = field(default_factory=list)

    def html(self, title: str) -> str:
        notes = "".join(f"  <li>{html.escape(n, quote=False)}</li>\n" for n in self.cannot_show)
        listed = (f"<p>What the diagram cannot show (play {html.escape(title)} in Fairy Chess for these):</p>\n"
                  f"<ul>\n{notes}</ul>\n") if notes else ""
        return f'<div class="idiagram">\n{self.definition}\n</div>\n{listed}'


class NotExportable(ValueError):
    """The variant has a piece whose move Betza cannot say."""


def _square(file: int, rank: int) -> str:
    return f"{FILE_LETTERS[file]}{rank}"


def squares_text(squares: list[tuple[int, int]]) -> str:
    """Squares (file, rank) as the diagram lists them: runs along a rank as ``a2-h2``."""
    parts: list[str] = []
    ordered = sorted(squares, key=lambda s: (s[1], s[0]))
    i = 0
    while i < len(ordered):
        file, rank = ordered[i]
        j = i
        while j + 1 < len(ordered) and ordered[j + 1] == (ordered[j][0] + 1, rank):
            j += 1
        end = ordered[j][0]
        parts.append(_square(file, rank) if end - file < 2 else f"{_square(file, rank)}-{_square(end, rank)}")
        if 0 < end - file < 2:
            parts.append(_square(end, rank))
        i = j + 1
    return ",".join(parts)


def _placement(board: dict[str, str], files: int, ranks: int) -> dict[tuple[str, str], list[tuple[int, int]]]:
    out: dict[tuple[str, str], list[tuple[int, int]]] = {}
    for square, text in board.items():
        match = re.fullmatch(r"([a-z])(\d+)", square)
        if match is None:
            continue  # an extra square (the Pocket): not on the diagram's board
        color, kind = text.split(" ", 1)
        out.setdefault((color, kind), []).append((FILE_LETTERS.index(match.group(1)), int(match.group(2))))
    return out


def _symmetry(placed: dict[tuple[str, str], list[tuple[int, int]]], files: int, ranks: int) -> str | None:
    white = {(kind, sq) for (color, kind), squares in placed.items() if color == "white" for sq in squares}
    black = {(kind, sq) for (color, kind), squares in placed.items() if color == "black" for sq in squares}
    if {(k, (f, ranks + 1 - r)) for k, (f, r) in white} == black:
        return "mirror"
    if {(k, (files - 1 - f, ranks + 1 - r)) for k, (f, r) in white} == black:
        return "rotate"
    return None


def _move(vdef: rules.VariantDef, kind: str) -> str:
    ptype = vdef.pieces[kind]
    betza = ptype.betza
    if "en-passant" in vdef.powers and ptype.data.get("pawn") and "fcF" in betza:
        betza = betza.replace("fcF", "fceF", 1)  # XBetza's e: the capture may be en passant
    castling = vdef.castling
    if "castling" in vdef.powers and castling.get("king") == kind:
        betza += f"isO{int(castling.get('king_steps', 2))}"  # XBetza's O: castling, the King's steps
    return betza


def _not_shown(vdef: rules.VariantDef) -> list[str]:
    described = rules_power_descriptions()
    out = [f"the {name} rule: {described.get(name, '') or name}" for name in vdef.powers
           if name not in NATIVE_POWERS and name not in ("insufficient-material",)]
    for ptype in vdef.pieces.values():
        out.extend(f"the {ptype.name}'s {name} power: {described.get(name, '') or name}" for name in ptype.powers)
        if ptype.movement != NO_RULES:
            out.append(f"where the {ptype.name} may move (its region and movement rules)")
    promotion = vdef.promotion
    if promotion.get("choices") == "pool":
        out.append("promotion only to a captured piece of one's own side")
    if promotion.get("zone_by_piece"):
        out.append("promotion zones that differ by piece")
    if vdef.extra_squares:
        out.append(f"the squares off the board ({', '.join(vdef.extra_squares)})")
    if vdef.royal_mode != "always":
        out.append("royalty that passes to a side's last royal piece")
    for name, option in vdef.options.items():
        if name != "setup" and option.choices and len(option.choices) > 1:
            out.append(f"the game option {name.replace('_', ' ')} (the diagram shows its default)")
    return out


def rules_power_descriptions() -> dict[str, str]:
    return {name: cls.description for name, cls in known_powers().items()}


def interactive_diagram(vid: str, setup: str | None = None) -> DiagramExport:
    """The Interactive Diagram of a variant under one of its setups (default: its own).
    Raises NotExportable when a piece has no Betza move (the diagram could not move it)."""
    vdef = rules.variant(vid)
    silent = [p.name for p in vdef.pieces.values() if not p.betza.strip()]
    if silent:
        raise NotExportable(f"the diagram needs a Betza move for every piece; {', '.join(silent)} "
                            f"{'moves' if len(silent) == 1 else 'move'} only by powers")
    options = {"setup": setup} if setup and "setup" in vdef.options else {}
    game = rules.new_game(vid, options=options)
    placed = _placement(game.board(), vdef.files, vdef.ranks)
    symmetry = _symmetry(placed, vdef.files, vdef.ranks)
    notes = _not_shown(vdef)
    if symmetry is None:
        symmetry = "mirror"
        notes.append("Black's start array (the diagram places Black's pieces as White's reflected)")
    satellite = re.sub(r"[^A-Za-z0-9]", "", vid) or "variant"
    lines = [f"satellite={satellite}", f"files={vdef.files}", f"ranks={vdef.ranks}", "firstRank=1",
             f"symmetry={symmetry}"]
    promotion = vdef.promotion
    if "promotion" in vdef.powers or any(name.endswith("promotion") for name in vdef.powers):
        lines.append(f"promoZone={int(promotion.get('zone', 1))}")
        choices = promotion.get("choices")
        if isinstance(choices, list) and choices:
            lines.append("promoChoice=" + "".join(vdef.pieces[k].letter for k in choices if k in vdef.pieces))
    kinds = list(vdef.pieces)
    royal = [i for i, kind in enumerate(kinds, 1) if kind in vdef.royal]
    if royal:
        lines.append(f"royal={royal[0]}")
    for kind in kinds:
        ptype = vdef.pieces[kind]
        squares = squares_text(placed.get(("white", kind), []))
        name = ptype.name.replace(":", " ")
        lines.append(f"{name}:{ptype.letter}:{_move(vdef, kind)}::{squares}")
    return DiagramExport("\n".join(lines), notes)
