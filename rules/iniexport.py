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
from .endrules import read_counting
from .errors import RulesError
from .placementcheck import split_setup_hand
from .variant import VariantDef

#: Powers with a counterpart in Fairy-Stockfish's keys.
_MAPPED_POWERS = ("castling", "en-passant", "promotion", "drops", "gating", "insufficient-material", "explosions")
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
            else:
                lines += _double_step_keys(vdef, t.data, problems)
        elif pid == "king" and _atomic_king(vdef):  # Fairy-Stockfish's atomic king: a pseudo-royal commoner
            lines += ["king = -", f"commoner = {letter}", f"castlingKingPiece = {letter}"]
        elif pid == "king" and t.betza == "K" and pid not in vdef.royal:  # Fairy-Stockfish's king is royal
            lines.append(f"commoner = {letter}")
        elif pid == "silver" and t.betza == "FfW":  # by name: Fairy-Stockfish's counting counts it (its khon)
            lines.append(f"silver = {letter}")
        elif _CHESS_BETZA.get(pid) == t.betza:
            lines.append(f"{pid} = {letter}")
        elif pid == "king" and pid in vdef.royal:
            lines.append(f"king = {letter}:{t.betza}")
        else:
            custom += 1
            lines.append(f"customPiece{custom} = {letter}:{t.betza}")
    royal = set(vdef.royal)
    if royal - {"king"} and not _atomic_king(vdef):
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
    checks = f" {vdef.outcomes.check_limit}+{vdef.outcomes.check_limit}" if vdef.outcomes.check_limit else ""
    lines.append(f"startFen = {board}{holding} w {castling} -{checks} 0 1")
    if vdef.outcomes.check_limit:
        lines.append("checkCounting = true")
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
    lines += _move_keys(vdef, problems)
    lines += _outcome_keys(vdef, problems)
    if not vdef.royals_may_face:
        lines.append("flyingGeneral = true")
    if problems:
        raise ExportError("cannot be written for Fairy-Stockfish: " + "; ".join(problems))
    return "\n".join(lines) + "\n"


def _atomic_king(vdef: VariantDef) -> bool:
    """A royal king that explosions can take away, lost by extinction: Fairy-Stockfish's
    atomic king, a commoner made pseudo-royal by ``extinctionPseudoRoyal``."""
    return ("explosions" in vdef.powers and set(vdef.royal) == {"king"}
            and vdef.outcomes.extinction == ("king",) and vdef.outcomes.extinction_result == "loss")


def _letters(vdef: VariantDef, ids: tuple[str, ...] | list[str]) -> str:
    return "".join(vdef.pieces[pid].letter.lower() for pid in ids if pid in vdef.pieces)


def _move_keys(vdef: VariantDef, problems: list[str]) -> list[str]:
    """Compulsory capture, no checks, explosions and the castling files."""
    raw: dict[str, Any] = vdef.raw
    lines: list[str] = []
    if raw.get("must_capture"):
        lines.append("mustCapture = true")
    if raw.get("checks_allowed") is False:
        lines.append("checking = false")
    passing = raw.get("data", {}).get("en-passant", {}).get("ranks")
    if passing and "en-passant" in vdef.powers:
        lines.append("enPassantRegion = " + " ".join(f"*{r}" for r in passing))
    if "explosions" in vdef.powers:
        lines.append("blastOnCapture = true")
        immune = raw.get("data", {}).get("explosions", {}).get(
            "immune", [pid for pid, t in vdef.pieces.items() if t.data.get("pawn")])
        others = [pid for pid in immune if not vdef.pieces[pid].data.get("pawn")]
        if others:
            lines.append("blastImmuneTypes = " + _letters(vdef, others))
        if set(immune) != {pid for pid, t in vdef.pieces.items() if t.data.get("pawn")} | set(others):
            problems.append("pawns that a blast removes")
    if "castling" in vdef.powers:
        castling = vdef.castling
        for side, key in (("right", "castlingKingsideFile"), ("left", "castlingQueensideFile")):
            target = castling.get("king_to", {}).get(side)
            if target is not None and (vdef.files != 8 or target != {"right": "g", "left": "c"}[side]):
                lines.append(f"{key} = {target}")
        if castling.get("rook", "rook") != "rook":
            lines.append("castlingRookPieces = " + _letters(vdef, [castling["rook"]]))
        if any(key in castling for key in ("black_king_to", "black_rook_to", "rook_to")):
            problems.append("castling rules other than the king's files")
    return lines


def _is_xiangqi_chase(vdef: VariantDef) -> bool:
    """Are the chasing keys Xiangqi's own (Fairy-Stockfish's axf rule knows only its pieces)?"""
    ours = vdef.outcomes.chasing
    return ours is not None and ours == variant("xiangqi").outcomes.chasing


def _outcome_keys(vdef: VariantDef, problems: list[str]) -> list[str]:
    """The endings: stalemate, move rule, repetition, perpetual check, counting, extinction, goal."""
    outcomes = vdef.outcomes
    lines: list[str] = []
    if outcomes.stalemate != "draw":
        lines.append(f"stalemateValue = {outcomes.stalemate}")
    if outcomes.move_rule != 50:
        lines.append(f"nMoveRule = {outcomes.move_rule}")
    if outcomes.repetitions != 3:
        lines.append(f"nFoldRule = {outcomes.repetitions}")
    if outcomes.perpetual_check == "loss":
        lines.append("perpetualCheckIllegal = true")
    fold_value = {"loss": "nFoldValue = win", "win": "nFoldValue = loss",
                  "white-loses": "nFoldValue = loss\nnFoldValueAbsolute = true",
                  "black-loses": "nFoldValue = win\nnFoldValueAbsolute = true"}.get(outcomes.repetition_result)
    if fold_value:
        lines.extend(fold_value.split("\n"))
    if outcomes.chasing is not None:
        if _is_xiangqi_chase(vdef):
            lines.append("chasingRule = axf")
        else:
            problems.append("a chasing rule other than Xiangqi's")
    if outcomes.counting is not None:
        style = outcomes.counting.style
        lines.append(f"countingRule = {style}")
        # Fairy-Stockfish's limits are fixed: the style's own rows, for the pieces it counts.
        counted: set[str] = {pid for pid in ("rook", "knight", "silver")
                   if pid in vdef.pieces and vdef.pieces[pid].betza == _CHESS_BETZA.get(pid, "FfW")}
        expected = read_counting({"counting": style}, counted, [])
        if outcomes.counting != expected:
            problems.append(f"counting limits other than Fairy-Stockfish's {style} counting")
    if outcomes.extinction:
        every = set(outcomes.extinction) == set(vdef.pieces)
        if outcomes.extinction_together and not every:
            problems.append("extinction of some kinds counted together")
        lines.append(f"extinctionValue = {outcomes.extinction_result}")
        lines.append("extinctionPieceTypes = " + ("*" if every and outcomes.extinction_together
                                                    else _letters(vdef, outcomes.extinction)))
        if outcomes.extinction_count:
            lines.append(f"extinctionPieceCount = {outcomes.extinction_count}")
        if _atomic_king(vdef):
            lines.append("extinctionPseudoRoyal = true")
    if outcomes.goal:
        region = vdef.regions[outcomes.goal]
        pieces = outcomes.goal_pieces or tuple(vdef.royal)
        if len(pieces) != 1:
            problems.append("a goal for more than one kind of piece")
        lines.append("flagPiece = " + _letters(vdef, pieces[:1]))
        lines.append("flagRegionWhite = " + " ".join(sorted(region.white)))
        lines.append("flagRegionBlack = " + " ".join(sorted(region.black)))
        if outcomes.goal_reply:
            lines.append("flagMove = true")
        if outcomes.goal_safe:
            lines.append("flagPieceSafe = true")
    if outcomes.bare_king:
        lines.append(f"bareKingValue = {outcomes.bare_king}")
        if outcomes.bare_king_reply:
            lines.append("bareKingMove = true")
    return lines


def _double_step_keys(vdef: VariantDef, data: dict[str, Any], problems: list[str]) -> list[str]:
    """Where pawns step two: Fairy-Stockfish's template says ranks 2 and 7 whatever the board;
    ours, the pawn's first move (from its second rank) and any ``initial_ranks``."""
    if data.get("initial_region"):
        problems.append("pawns stepping two from a region")
        return []
    white = sorted(set(data.get("initial_ranks") or ()) | ({2} if not data.get("initial_ranks") else set()))
    black = sorted(vdef.ranks + 1 - r for r in white)
    if white == [2] and black == [7]:
        return []
    return ["doubleStepRegionWhite = " + " ".join(f"*{r}" for r in white),
            "doubleStepRegionBlack = " + " ".join(f"*{r}" for r in black)]
