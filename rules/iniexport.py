"""One of our variants as a Fairy-Stockfish ``variants.ini`` section (``python -m rules export-ini``).

Written only where every rule maps: pieces by Betza (``customPieceN = letter:betza``; the
chess pieces by name), the board, the start position with its hands, promotion, drops, gating
and the endings ``iniimport`` reads back. A variant with anything else (a named power Fairy-
Stockfish has no key for, a region-bound piece, an outcome without a counterpart) is refused
with the list of what does not map, so a file Fairy-Stockfish loads never plays other rules.
"""

from __future__ import annotations

import re
from typing import Any

from .catalogue import variant
from .errors import RulesError
from .placementcheck import split_setup_hand

#: Powers with a counterpart in Fairy-Stockfish's keys.
_MAPPED_POWERS = ("castling", "en-passant", "promotion", "drops", "gating", "insufficient-material")
_CHESS_BETZA = {"king": "K", "queen": "Q", "rook": "R", "bishop": "B", "knight": "N"}


class ExportError(RulesError):
    """A variant with rules Fairy-Stockfish's variants.ini cannot say."""


def export_ini(vid: str) -> str:
    """The variants.ini section of variant ``vid``; ExportError lists what does not map."""
    vdef = variant(vid)
    raw: dict[str, Any] = vdef.raw
    problems: list[str] = []
    lines = [f"[{raw.get('fairy_stockfish') or vid}]", f"maxFile = {vdef.files}", f"maxRank = {vdef.ranks}"]
    for power in vdef.powers:
        if power not in _MAPPED_POWERS:
            problems.append(f"the power {power!r}")
    custom = 0
    for pid, t in vdef.pieces.items():
        if len(t.letter) != 1:
            problems.append(f"the piece {pid!r}: a letter of {len(t.letter)} characters")
            continue
        if t.powers or not t.movement.plain:
            problems.append(f"the piece {pid!r}: powers or region rules")
        letter = t.letter.lower()
        if pid == "pawn" and t.data.get("pawn") and t.betza in ("fmWfcFifmnD", "fmWfcF"):
            lines.append(f"pawn = {letter}")
            if t.betza == "fmWfcF":
                lines.append("doubleStep = false")
        elif _CHESS_BETZA.get(pid) == t.betza:
            lines.append(f"{pid} = {letter}")
        elif pid == "king" and pid in vdef.royal:
            lines.append(f"king = {letter}:{t.betza}")
        else:
            custom += 1
            lines.append(f"customPiece{custom} = {letter}:{t.betza}")
    royal = set(vdef.royal)
    if royal - {"king"}:
        problems.append("royal pieces other than the king")
    setup = vdef.setups[vdef.default_setup]
    letters = frozenset(t.letter for t in vdef.pieces.values())
    board, hand = split_setup_hand(setup.placement, letters)
    if "[" in board:
        problems.append("piece states in the start position")
    holding = f"[{hand}]" if ("drops" in vdef.powers or "gating" in vdef.powers) else ""
    castling = "KQkq" if "castling" in vdef.powers else ""
    if "gating" in vdef.powers:  # Fairy-Stockfish's gates are the back-rank files in the castling field
        rows = board.split("/")
        for color, row in ((0, rows[-1]), (1, rows[0])):
            file = 0
            for token in re.findall(r"\d+|[A-Za-z]", row):
                if token.isdigit():
                    file += int(token)
                    continue
                if token.upper() not in ("K", "R"):
                    castling += chr(ord("A") + file) if color == 0 else chr(ord("a") + file)
                file += 1
        castling = "".join(sorted(castling, key=lambda c: (c.islower(), c not in "KQkq", c)))
    castling = castling or "-"
    lines.append(f"startFen = {board}{holding} w {castling} - 0 1")
    if "castling" not in vdef.powers:
        lines.append("castling = false")
    promotion: dict[str, Any] = vdef.promotion
    if "promotion" in vdef.powers:
        choices = promotion.get("choices", [])
        if choices == "pool" or promotion.get("promoted_form") or promotion.get("region"):
            problems.append("promotion from the pool, to promoted forms or in a region")
        else:
            lines.append("promotionPieceTypes = " + "".join(vdef.pieces[c].letter.lower() for c in choices))
        depth = int(promotion.get("zone", 1))
        if depth != 1 or vdef.ranks != 8:  # the template's own: the eighth rank and the first
            far = range(vdef.ranks - depth + 1, vdef.ranks + 1)
            lines.append("promotionRegionWhite = " + " ".join(f"*{r}" for r in far))
            lines.append("promotionRegionBlack = " + " ".join(f"*{r}" for r in range(1, depth + 1)))
    drops: dict[str, Any] = raw.get("data", {}).get("drops", {})
    if "drops" in vdef.powers:
        lines.append("pieceDrops = true")
        lines.append(f"capturesToHand = {'true' if drops.get('from_captures', True) else 'false'}")
        if drops.get("must_drop"):
            lines.append("mustDrop = true")
        for key in ("faces", "regions", "demote", "no_mate", "one_per_file"):
            if drops.get(key):
                problems.append(f"data.drops.{key}")
    if "gating" in vdef.powers:
        lines += ["gating = true", "seirawanGating = true"]
    outcomes = vdef.outcomes
    if outcomes.stalemate != "draw":
        lines.append(f"stalemateValue = {outcomes.stalemate}")
    if outcomes.move_rule != 50:
        lines.append(f"nMoveRule = {outcomes.move_rule}")
    if outcomes.repetitions != 3:
        lines.append(f"nFoldRule = {outcomes.repetitions}")
    if outcomes.goal or outcomes.check_limit or outcomes.bare_king or outcomes.extinction:
        problems.append("outcomes other than stalemate, the move rule and repetition")
    if not vdef.royals_may_face:
        lines.append("flyingGeneral = true")
    if problems:
        raise ExportError("cannot be written for Fairy-Stockfish: " + "; ".join(problems))
    return "\n".join(lines) + "\n"
