"""Fairy-Stockfish's ``variants.ini`` read as our variant files (``python -m rules import-ini``).

The ini format: sections ``[name]`` or ``[name:parent]`` (the parent an earlier section of the
file, or a variant Fairy-Stockfish knows, which must be one of ours with that
``fairy_stockfish`` name), then ``key = value`` lines; ``#`` and ``;`` start comments. Without a
parent a section starts from Fairy-Stockfish's template, chess without pieces: here our chess
with the pieces the section does not name removed. Pieces are ``pieceType = letter``
(``knight = n``) or ``customPieceN = letter:betza``; ``king = k`` may add a Betza.

Every key with a counterpart in our format is written as TOML; each other key becomes a
comment saying so, and a section that cannot be written at all (a parent we do not know, a
Betza we cannot read) is left out with a comment saying why. :func:`import_ini` returns the
TOML text; the command writes it and runs ``check`` on it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .betza import parse_betza
from .catalogue import catalogue, variant
from .endrules import ASEAN_PIECE_MOVES, BOARD_MOVES, MAKRUK_PIECE_MOVES
from .errors import RulesError

#: Fairy-Stockfish's predefined pieces: name -> Betza in our dialect ("" for the chess piece
#: of the same id, which keeps its powers: the pawn's en passant and double step).
PREDEFINED: dict[str, str] = {
    "pawn": "", "knight": "", "bishop": "", "rook": "", "queen": "", "king": "",
    "fers": "F", "alfil": "A", "fersAlfil": "FA", "silver": "FfW", "aiwok": "RNF", "bers": "RF",
    "archbishop": "BN", "chancellor": "RN", "amazon": "QN", "knibis": "mNcB", "biskni": "mBcN",
    "kniroo": "mNcR", "rookni": "mRcN", "shogiPawn": "fW", "lance": "fR", "shogiKnight": "ffN",
    "gold": "WfF", "dragonHorse": "BW", "clobber": "cW", "breakthrough": "fmWfF", "cannon": "mRpcR",
    "soldier": "fsW", "horse": "nN", "elephant": "nA", "wazir": "W", "commoner": "K", "centaur": "KN",
}
_CHESS_IDS = ("king", "queen", "rook", "bishop", "knight", "pawn")
#: The template's chess pieces in full (a section without a parent writes every piece).
_CHESS_ROWS: dict[str, dict[str, Any]] = {
    "king": {"betza": "K", "tracks_moved": True},
    "queen": {"betza": "Q"},
    "rook": {"betza": "R", "tracks_moved": True},
    "bishop": {"betza": "B"},
    "knight": {"betza": "N"},
    "pawn": {"betza": "fmWfcFifmnD", "tracks_moved": True, "pawn": True, "initial_region": "double_step"},
}
_CHESS_ARRAY = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
#: Ini values are words; these are true.
_TRUE = ("true", "1", "yes", "on")


class IniError(RulesError):
    """A variants.ini that cannot be read at all."""


@dataclass
class Section:
    name: str
    parent: str | None
    keys: dict[str, str] = field(default_factory=dict)


def read_sections(text: str) -> list[Section]:
    """The sections of an ini text, in order, each with its own keys (the last value of a key wins)."""
    sections: list[Section] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].split(";", 1)[0].strip()
        if not line:
            continue
        if line.startswith("["):
            match = re.fullmatch(r"\[([^\]:]+)(?::([^\]]+))?\]", line)
            if match is None:
                raise IniError(f"line {number}: cannot read the section header {raw.strip()!r}")
            sections.append(Section(match.group(1).strip(), (match.group(2) or "").strip() or None))
            continue
        key, eq, value = line.partition("=")
        if not eq or not sections:
            raise IniError(f"line {number}: expected 'key = value' inside a section, not {raw.strip()!r}")
        sections[-1].keys[key.strip()] = value.strip()
    return sections


def variant_id_for(name: str) -> str:
    """Our id for an ini section's name: lowercase words joined by hyphens, never a built-in id."""
    vid = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "variant"
    if not vid[0].isalpha():
        vid = "v-" + vid
    cat = catalogue()
    return vid + "-ini" if vid in cat.ids(include_hidden=True) and cat.is_builtin(vid) else vid


def _ours_named(fsf_name: str) -> str | None:
    for vid in catalogue().ids(include_hidden=True):
        if variant(vid).raw.get("fairy_stockfish") == fsf_name:
            return vid
    return None


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_toml(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"cannot write {value!r} as TOML")


def _key(name: str) -> str:
    return name if re.fullmatch(r"[A-Za-z0-9_-]+", name) else _toml(name)


def _flag(value: str) -> bool:
    return value.lower() in _TRUE


def _file_count(value: str) -> int:
    return ord(value) - ord("a") + 1 if re.fullmatch(r"[a-z]", value) else int(value)


class _Mapper:
    """One section's keys mapped to our tables; what does not map is kept as comments."""

    def __init__(self, section: Section, keys: dict[str, str], parent_vid: str | None) -> None:
        self.section = section
        self.keys = keys
        self.parent_vid = parent_vid
        self.tables: dict[str, dict[str, Any]] = {"": {}}
        self.comments: list[str] = []
        self.used: set[str] = set()
        self.letters: dict[str, str] = {}  # lowercase ini letter -> our piece id

    def table(self, path: str) -> dict[str, Any]:
        return self.tables.setdefault(path, {})

    def get(self, key: str, default: str | None = None) -> str | None:
        if key in self.keys:
            self.used.add(key)
            return self.keys[key]
        return default

    # ------------------------------------------------------------ pieces

    def pieces(self) -> None:
        declared: dict[str, tuple[str, str]] = {}  # piece id -> (letter, betza or "")
        for key, value in self.keys.items():
            custom = re.fullmatch(r"customPiece(\d+)", key)
            if key in PREDEFINED or key == "king":
                letter, _, betza = value.partition(":")
                if key != "king" and betza:
                    continue
                if letter.strip() == "-":  # ``king = -``: the section has no such piece
                    self.used.add(key)
                    continue
                pid = re.sub(r"(?<!^)(?=[A-Z])", "-", key).lower()
                declared[pid] = (letter.strip(), betza.strip() or PREDEFINED.get(key, ""))
                self.used.add(key)
            elif custom:
                letter, _, betza = value.partition(":")
                declared[f"piece-{letter.strip().lower()}"] = (letter.strip(), betza.strip())
                self.used.add(key)
        if self.parent_vid is None:
            if "king" in declared:
                self.table("")["royal"] = ["king"]
        else:
            for pid, t in variant(self.parent_vid).pieces.items():
                fsf = variant(self.parent_vid).raw.get("fairy_stockfish_letters", {}).get(pid, t.letter)
                self.letters[str(fsf).lower()] = pid
        for pid, (letter, betza) in declared.items():
            if not re.fullmatch(r"[a-zA-Z]", letter):
                raise IniError(f"piece {pid}: letter {letter!r} is not one letter")
            self.letters[letter.lower()] = pid
            row = self.table(f"pieces.{pid}")
            row["name"] = pid.replace("-", " ").title()
            row["letter"] = letter.upper()
            if self.parent_vid is None and pid in _CHESS_IDS:
                row.update(_CHESS_ROWS[pid])
            if pid not in _CHESS_IDS or betza:
                if betza:
                    parse_betza(betza)  # a Betza we cannot read leaves the section out
                row.setdefault("name", pid.replace("-", " ").title())
                row["betza"] = betza or PREDEFINED.get(pid, "")

    def piece_ids(self, letters: str) -> list[str]:
        ids = []
        for ch in letters.replace(" ", "").lower():
            if ch in self.letters:
                ids.append(self.letters[ch])
        return ids

    # ------------------------------------------------------------ board and setup

    def board(self) -> tuple[int, int]:
        top = self.table("")
        files = _file_count(self.get("maxFile") or "") if "maxFile" in self.keys else None
        ranks = int(self.get("maxRank") or 8) if "maxRank" in self.keys else None
        if files is not None:
            top["files"] = files
        if ranks is not None:
            top["ranks"] = ranks
        base_files, base_ranks = (8, 8) if self.parent_vid is None else (
            variant(self.parent_vid).files, variant(self.parent_vid).ranks)
        return files or base_files, ranks or base_ranks

    def setup(self) -> None:
        fen = self.get("startFen")
        if fen is None:
            if self.parent_vid is None:
                self.table("setups.standard")["placement"] = _CHESS_ARRAY
            return
        placement = fen.split()[0]
        if "*" in placement:
            raise IniError("startFen with walls (*) cannot be written: our format has no wall squares")
        self.table("setups.standard")["placement"] = placement.replace("[-]", "[]")

    # ------------------------------------------------------------ rules

    def powers(self, files: int, ranks: int) -> None:
        base = ["castling", "en-passant", "promotion"] if self.parent_vid is None else list(
            variant(self.parent_vid).powers)
        base = [p for p in base if p != "insufficient-material"]
        if self.get("castling") is not None and not _flag(self.keys["castling"]):
            base = [p for p in base if p != "castling"]
        king = self.piece_ids(self.keys.get("castlingKingPiece", "")) or ["king"]
        rook = self.piece_ids(self.keys.get("castlingRookPieces", self.keys.get("castlingRookPiece", ""))) or ["rook"]
        if "castling" in base and (king[0] not in self.letters.values() or rook[0] not in self.letters.values()):
            base.remove("castling")
        if self.get("pieceDrops") is not None:
            if _flag(self.keys["pieceDrops"]) and "drops" not in base:
                base.append("drops")
            elif not _flag(self.keys["pieceDrops"]) and "drops" in base:
                base.remove("drops")
        if _flag(self.get("gating") or "false") and _flag(self.get("seirawanGating") or "false"):
            base.append("gating")
        self.table("")["powers"] = base
        if "promotion" in base and self.parent_vid is None and "pawn" not in self.letters.values():
            base.remove("promotion")
        if "castling" in base and self.parent_vid is None and files != 8:
            self.table("castling")["king_to"] = {"right": "g", "left": "c"}

    def promotion(self, files: int, ranks: int) -> None:
        promo = self.table("promotion")
        for key, target in (("promotionPieceTypes", "choices"), ("promotionPieceTypesWhite", "choices"),
                            ("promotionPieceTypesBlack", "black_choices")):
            value = self.get(key)
            if value is not None:
                promo[target] = self.piece_ids(value)
        white = self.get("promotionRegionWhite")
        black = self.get("promotionRegionBlack")
        files = int(self.table("").get("files", 8))
        if self.parent_vid is None:  # the template's regions are absolute ranks, whatever the board
            white, black = white or "*8", black or "*1"
        if white is not None or black is not None:
            white, black = white or f"*{ranks}", black or "*1"
            depth = _far_ranks(white, ranks, 0)
            if depth is not None and depth == _far_ranks(black, ranks, 1):
                promo["zone"] = depth
            else:
                self.table("regions")["promotion_zone"] = {
                    "white": _squares(white.split(), files, ranks), "black": _squares(black.split(), files, ranks)}
                promo["region"] = "promotion_zone"
        if self.parent_vid is None and "pawn" in self.letters.values():
            self.table("regions")["double_step"] = {
                "white": _squares((self.get("doubleStepRegionWhite") or "*2").split(), files, ranks),
                "black": _squares((self.get("doubleStepRegionBlack") or "*7").split(), files, ranks),
            }
        if self.get("mandatoryPawnPromotion") is not None and not _flag(self.keys["mandatoryPawnPromotion"]):
            promo["compulsory"] = 0
        no_double = self.get("doubleStep") is not None and not _flag(self.keys["doubleStep"])
        if no_double and "pawn" in self.letters.values():
            self.table("pieces.pawn")["betza"] = "fmWfcF"
        if self.parent_vid is None and "promotion" in self.table("")["powers"]:
            promo["pieces"] = ["pawn"]
            if "region" not in promo:
                promo.setdefault("zone", 1)
            promo.setdefault("choices", [])  # the template promotes to nothing unless told

    def drops(self, ranks: int) -> None:
        if "drops" not in self.table("")["powers"]:
            return
        drops = self.table("data.drops")
        if self.get("capturesToHand") is not None:
            drops["from_captures"] = _flag(self.keys["capturesToHand"])
        elif self.parent_vid is None:
            drops["from_captures"] = False
        if "pawn" in self.letters.values() and self.parent_vid is None:
            low = 1 if _flag(self.get("firstRankPawnDrops") or "false") else 2
            zone = int(self.table("promotion").get("zone", 1))
            high = ranks if _flag(self.get("promotionZonePawnDrops") or "false") else ranks - zone
            drops["ranks"] = {"pawn": list(range(low, high + 1))}
        doubled = self.get("dropNoDoubled")
        if doubled is not None and doubled != "-":
            count = int(self.get("dropNoDoubledCount") or 1)
            drops["per_file"] = {pid: count for pid in self.piece_ids(doubled)}
        if _flag(self.get("shogiPawnDropMateIllegal") or "false"):
            drops["no_mate"] = ["pawn"] if "pawn" in self.letters.values() else []
            drops["no_mate_rule"] = "loses"
        if _flag(self.get("mustDrop") or "false"):
            drops["must_drop"] = True
        white, black = self.get("whiteDropRegion"), self.get("blackDropRegion")
        if white is not None or black is not None:
            files = int(self.table("").get("files", 8))
            every = [f"*{r}" for r in range(1, ranks + 1)]
            self.table("regions")["drop_region"] = {
                "white": _squares(white.split() if white else every, files, ranks),
                "black": _squares(black.split() if black else every, files, ranks),
            }
            drops["regions"] = {pid: "drop_region" for pid in dict.fromkeys(self.letters.values())}

    def outcomes(self, files: int, ranks: int) -> None:
        out = self.table("outcomes")
        value = self.get("stalemateValue")
        if value in ("win", "loss", "draw"):
            out["stalemate"] = value
        rule = self.get("nMoveRule")
        if rule is not None:
            out["move_rule"] = int(rule)
        fold = self.get("nFoldRule")
        if fold is not None:
            out["repetitions"] = max(2, int(fold))
        self.repetition_result(out)
        if _flag(self.get("perpetualCheckIllegal") or "false"):
            out["perpetual_check"] = "loss"  # Fairy-Stockfish's own reading: judged at the repetition
        chasing = self.keys.get("chasingRule")
        inherited = self.parent_vid is not None and variant(self.parent_vid).outcomes.chasing is not None
        if chasing == "axf" and inherited:
            self.get("chasingRule")
            out["perpetual_chase"] = "loss"  # the parent's chase_values, chase_free and chase_immune
        elif chasing == "none" and (inherited or self.parent_vid is None):
            self.get("chasingRule")
            out["perpetual_chase"] = "draw"
        counting = self.keys.get("countingRule")
        if counting in ("makruk", "asean"):  # cambodian's limits differ: left as a comment
            self.get("countingRule")
            out["counting"] = counting
            self.counting_rows(out, counting)
        self.extinction(out)
        self.flag(out, files, ranks)
        bare = self.keys.get("bareKingValue")
        if bare in ("loss", "draw"):
            self.get("bareKingValue")
            out["bare_king"] = bare
            if _flag(self.get("bareKingMove") or "false"):
                out["bare_king_reply"] = True
        if _flag(self.keys.get("checkCounting", "false")):
            # The checks a side must give stand in startFen as "3+3" (the checks still to give).
            fen = self.keys.get("startFen", "")
            counts = re.search(r"(?:^|\s)(\d+)\+(\d+)(?:\s|$)", fen)
            if counts is not None and counts.group(1) == counts.group(2):
                self.get("checkCounting")
                out["check_limit"] = int(counts.group(1))
        if self.get("flyingGeneral") is not None and _flag(self.keys["flyingGeneral"]):
            self.table("")["royals_may_face"] = False

    def repetition_result(self, out: dict[str, Any]) -> None:
        """nFoldValue (for the side to move, which did not complete the repetition) and
        nFoldValueAbsolute (the value is White's when White is to move, and Black's the other
        way round) as our repetition_result."""
        value = self.keys.get("nFoldValue")
        absolute = _flag(self.keys.get("nFoldValueAbsolute", "false"))
        words = {
            (False, "draw"): "draw", (False, "win"): "loss", (False, "loss"): "win",
            (True, "draw"): "draw", (True, "win"): "black-loses", (True, "loss"): "white-loses",
        }
        word = words.get((absolute, value or ""))
        if word is None:
            return
        self.get("nFoldValue")
        if "nFoldValueAbsolute" in self.keys:
            self.get("nFoldValueAbsolute")
        if word != "draw" or self.parent_vid is not None:
            out["repetition_result"] = word
        if word != "draw":
            out["repetition_claimed"] = False  # a decisive repetition ends the game (chess's is claimed)

    def counting_rows(self, out: dict[str, Any], style: str) -> None:
        """Fairy-Stockfish's counting limits are fixed by the style: written out whole, so no
        parent's rows or board's honour stay (its khon is its ``silver``, as ours)."""
        ids = set(self.letters.values())
        rows = MAKRUK_PIECE_MOVES if style == "makruk" else ASEAN_PIECE_MOVES
        out["counting_board"] = BOARD_MOVES[style]
        out["counting_pieces"] = [list(row) for row in rows if row[0] in ids]

    def extinction(self, out: dict[str, Any]) -> None:
        """``extinctionValue`` with its piece types and count. ``*`` is every piece of a side
        counted together; ``extinctionPseudoRoyal`` makes the kinds royal (never left attacked)."""
        value = self.keys.get("extinctionValue")
        if value not in ("loss", "win"):
            return
        self.get("extinctionValue")
        types = (self.get("extinctionPieceTypes") or "").strip()
        if types == "*":
            out["extinction"] = "all"
            out["extinction_together"] = True
        else:
            out["extinction"] = self.piece_ids(types)
        count = int(self.get("extinctionPieceCount") or 0)
        if count:
            out["extinction_count"] = count
        if value == "win":
            out["extinction_result"] = "win"
        if _flag(self.get("extinctionPseudoRoyal") or "false") and types != "*":
            self.table("")["royal"] = self.piece_ids(types)

    def flag(self, out: dict[str, Any], files: int, ranks: int) -> None:
        """``flagPiece`` reaching ``flagRegionWhite`` / ``Black``: our goal (``flagMove``: the
        reply that may still draw; ``flagPieceSafe``: only while unattacked there)."""
        piece = self.get("flagPiece")
        white = self.get("flagRegionWhite") or self.get("flagRegion")
        black = self.get("flagRegionBlack") or self.get("flagRegion")
        if white is None and black is None:
            return
        self.table("regions")["flag_region"] = {
            "white": _squares((white or "").split(), files, ranks),
            "black": _squares((black or "").split(), files, ranks),
        }
        out["goal"] = "flag_region"
        if piece is not None and piece != "*":
            out["goal_pieces"] = self.piece_ids(piece)
        elif piece == "*":
            out["goal_pieces"] = list(dict.fromkeys(self.letters.values()))
        if _flag(self.get("flagMove") or "false"):
            out["goal_reply"] = True
        if _flag(self.get("flagPieceSafe") or "false"):
            out["goal_safe"] = True

    def moves(self) -> None:
        """Keys about which moves are legal: compulsory capture, no checks, explosions, castling files."""
        top = self.table("")
        if _flag(self.get("mustCapture") or "false"):
            top["must_capture"] = True
        if self.get("checking") is not None and not _flag(self.keys["checking"]):
            top["checks_allowed"] = False
        passing = self.keys.get("enPassantRegion")
        if passing is not None and all(re.fullmatch(r"\*\d+", t) for t in passing.split()):
            self.get("enPassantRegion")  # whole ranks where an en passant capture may land
            self.table("data.en-passant")["ranks"] = sorted({int(t[1:]) for t in passing.split()})
        if _flag(self.get("blastOnCapture") or "false"):
            top["powers"].append("explosions")
            immune = ["pawn"] if "pawn" in self.letters.values() else []  # pawns never explode
            immune += [p for p in self.piece_ids(self.get("blastImmuneTypes") or "") if p not in immune]
            self.table("data.explosions")["immune"] = immune
        if "castling" in top["powers"]:
            king_to = self.table("castling").get("king_to", {})
            for key, side in (("castlingKingsideFile", "right"), ("castlingQueensideFile", "left")):
                value = self.get(key)
                if value is not None:
                    king_to = {**king_to, side: value}
            if king_to:
                self.table("castling")["king_to"] = king_to
            for key, name, usual in (("castlingKingPiece", "king", "king"), ("castlingRookPieces", "rook", "rook"),
                                     ("castlingRookPiece", "rook", "rook")):
                ids = self.piece_ids(self.get(key) or "")
                if len(ids) == 1 and ids[0] != usual:
                    self.table("castling")[name] = ids[0]
                    self.table(f"pieces.{ids[0]}")["tracks_moved"] = True

    def promoted_forms(self, ranks: int) -> None:
        """``promotedPieceType = s:g r:d``: shogi-style promoted forms, each a kind of its own that
        moves as the named type, is written ``+S`` by Fairy-Stockfish and goes back to the hand
        as what it was."""
        value = self.get("promotedPieceType")
        if not value:
            return
        if self.parent_vid is not None:
            raise IniError("promotedPieceType over a parent Fairy-Stockfish knows cannot be written yet")
        promo = self.table("promotion")
        forms: dict[str, str] = {}
        letters: dict[str, str] = {}
        for pair in value.split():
            base_letter, _, form_letter = pair.partition(":")
            base, form = self.letters.get(base_letter.lower()), self.letters.get(form_letter.lower())
            if base is None or form is None:
                raise IniError(f"promotedPieceType {pair!r} names a piece the section does not have")
            kind = f"promoted-{base}"
            row = self.table(f"pieces.{kind}")
            row["name"] = "Promoted " + base.replace("-", " ").title()
            row["letter"] = "X" + base_letter.upper()
            row["betza"] = self.table(f"pieces.{form}").get("betza", "")
            forms[base] = kind
            letters[kind] = "+" + base_letter.upper()
        demotes = _flag(self.get("pieceDemotion") or "false")  # Kyoto: a promoted piece turns back
        promoted = dict(forms)
        if demotes:
            forms.update({kind: base for base, kind in promoted.items()})
        promo["promoted_form"] = forms
        promo["trigger"] = "enter-or-leave"
        if not _flag(self.get("mandatoryPiecePromotion") or "false"):
            promo["compulsory_by_piece"] = {base: 0 for base in forms}
        self.table("")["fairy_stockfish_letters"] = letters
        if "promotion" not in self.table("")["powers"]:
            self.table("")["powers"].append("promotion")
        if "drops" in self.table("")["powers"]:
            self.table("data.drops")["demote"] = {kind: base for base, kind in promoted.items()}
            if _flag(self.get("dropPromoted") or "false"):  # dropped with either face up
                self.table("data.drops")["faces"] = promoted

    def promoted_placement(self) -> None:
        """``+S`` in ``startFen``: the promoted form ``promotedPieceType`` made (``{XS}``)."""
        setup = self.tables.get("setups.standard", {})
        placement = setup.get("placement", "")
        if "+" not in placement:
            return
        forms = self.table("promotion").get("promoted_form", {})

        def written(match: re.Match[str]) -> str:
            letter = match.group(1)
            base = self.letters.get(letter.lower())
            if base not in forms:
                raise IniError(f"startFen places +{letter}, a promoted piece the section does not define")
            return "{X" + letter + "}" if letter.isupper() else "{x" + letter + "}"

        setup["placement"] = re.sub(r"\+([A-Za-z])", written, placement)

    def run(self) -> None:
        self.pieces()
        files, ranks = self.board()
        self.setup()
        self.powers(files, ranks)
        self.promotion(files, ranks)
        self.drops(ranks)
        self.promoted_forms(ranks)
        self.moves()
        self.outcomes(files, ranks)
        self.promoted_placement()
        for key in self.keys:
            if key not in self.used:
                self.comments.append(f"{key} = {self.keys[key]}: not mapped (no counterpart in our format yet)")


def _squares(tokens: list[str], files: int, ranks: int) -> list[str]:
    """Square names (and ``a1:h1`` rectangles for whole ranks) of a Fairy-Stockfish bitboard;
    squares off the board (the template's absolute ranks on a small board) are dropped."""
    out: list[str] = []
    last = chr(ord("a") + files - 1)
    for token in tokens:
        whole = re.fullmatch(r"\*(\d+)", token)
        if whole:
            if int(whole.group(1)) <= ranks:
                out.append(f"a{whole.group(1)}:{last}{whole.group(1)}")
        elif re.fullmatch(r"[a-z]\d+", token):
            if ord(token[0]) - ord("a") < files and int(token[1:]) <= ranks:
                out.append(token)
        else:
            raise IniError(f"cannot read the square list item {token!r}")
    return out


def _far_ranks(text: str, ranks: int, color: int) -> int | None:
    """How many far ranks (for ``color``) a Fairy-Stockfish bitboard of whole ranks (``*6 *7 *8``) is."""
    found = set()
    for token in text.split():
        match = re.fullmatch(r"\*(\d+)", token)
        if match is None:
            return None
        found.add(int(match.group(1)))
    depth = len(found)
    wanted = set(range(ranks - depth + 1, ranks + 1)) if color == 0 else set(range(1, depth + 1))
    return depth if found == wanted and depth else None


def _resolved(section: Section, by_name: dict[str, Section]) -> tuple[dict[str, str], str | None]:
    """The section's keys merged over its parents of the same file, and the Fairy-Stockfish
    variant at the top of its chain (None: the template)."""
    chain: list[Section] = []
    seen: set[str] = set()
    current: Section | None = section
    top: str | None = None
    while current is not None:
        if current.name in seen:
            raise IniError(f"[{section.name}]: its parents form a cycle")
        seen.add(current.name)
        chain.append(current)
        parent = current.parent
        if parent is None:
            break
        if parent in by_name and by_name[parent] is not current:
            current = by_name[parent]
        else:
            top = parent
            break
    keys: dict[str, str] = {}
    for item in reversed(chain):
        keys.update(item.keys)
    return keys, top


def import_ini(text: str) -> str:
    """Our variant file (TOML text) for every section of a variants.ini text."""
    sections = read_sections(text)
    by_name: dict[str, Section] = {}
    out = ["# Imported from Fairy-Stockfish's variants.ini by `python -m rules import-ini`.", ""]
    for section in sections:
        keys, top = _resolved(section, by_name)
        by_name[section.name] = section
        parent_vid = None
        if top is not None:
            parent_vid = _ours_named(top)
            if parent_vid is None:
                out += [f"# [{section.name}:{top}] left out: we have no variant Fairy-Stockfish calls {top!r}", ""]
                continue
        mapper = _Mapper(section, keys, parent_vid)
        try:
            mapper.run()
        except (RulesError, ValueError) as exc:
            out += [f"# [{section.name}] left out: {exc}", ""]
            continue
        vid = variant_id_for(section.name)
        top_table = mapper.tables[""]
        if parent_vid is not None:
            top_table["parent"] = parent_vid
        top_table = {"name": section.name, **top_table, "fairy_stockfish": section.name}
        mapper.tables[""] = top_table
        out.append(f"[variant.{vid}]")
        out += [f"# {c}" for c in mapper.comments]
        out += [f"{_key(k)} = {_toml(v)}" for k, v in top_table.items()]
        for path, table in mapper.tables.items():
            if path and table:
                out += ["", f"[variant.{vid}.{path}]"]
                out += [f"{_key(k)} = {_toml(v)}" for k, v in table.items()]
        out.append("")
    return "\n".join(out)
