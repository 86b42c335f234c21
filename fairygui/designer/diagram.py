"""A piece of the variant being designed, alone on an empty board of its size, as the rules move it.

The draft need not be saved, nor even complete: the diagram is built from the draft's table
with only the start array replaced (the piece alone, on its first square so its first moves
show). A piece that hops gets hurdles two squares out along each line, since an empty board
gives a hopper nothing to jump over. Moves only an unmoved piece has are worked out by
asking the rules again with the piece marked as moved. Everything about movement comes from
the rules package; nothing here is Qt.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

import rules
from rules.betza import parse_betza
from rules.catalogue import build_variant
from rules.game import Game, new_game_from_placement
from rules.legs import HURDLE as HURDLE_MODE
from rules.ruleset import Rules

from ..board.snapshot import FILE_LETTERS, Glyph
from ..facts import index_of, snapshot_of
from ..powers.facts import Diagram

#: The stand-in piece that hoppers jump over in a diagram.
HURDLE = "diagram-hurdle"


@dataclass
class DraftDiagram:
    diagram: Diagram | None
    #: Targets only an unmoved piece reaches (first moves).
    first_moves: frozenset[str] = frozenset()
    hurdles: frozenset[str] = frozenset()
    error: str = ""


def _square(files: int, ranks: int, has_initial: bool) -> str:
    # First-move pieces stand on the second rank (where pawns start), others in the middle.
    rank = 1 if has_initial and ranks > 3 else (ranks - 1) // 2
    return f"{FILE_LETTERS[(files - 1) // 2]}{rank + 1}"


def _placement(files: int, ranks: int, pieces: dict[tuple[int, int], str]) -> str:
    rows = []
    for rank in range(ranks - 1, -1, -1):
        row, empty = "", 0
        for file in range(files):
            letter = pieces.get((file, rank))
            if letter is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += letter if len(letter) == 1 else "{" + letter + "}"
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


def _hurdles(atoms: tuple[Any, ...], origin: tuple[int, int], files: int, ranks: int) -> set[tuple[int, int]]:
    out: set[tuple[int, int]] = set()
    for atom in atoms:
        # XBetza legs that end on a piece (p, g before the last leg) or hop in the last one hop too.
        hops = atom.hop or any(leg.hop or leg.modes & HURDLE_MODE for leg in atom.legs)
        if not hops:
            continue
        for dx, dy in atom.vectors:
            steps = 2 if atom.max_range != 1 else 1
            square = (origin[0] + dx * steps, origin[1] + dy * steps)
            if 0 <= square[0] < files and 0 <= square[1] < ranks:
                out.add(square)
    return out


def draft_diagram(merged: dict[str, Any], kind: str, vid: str = "designer-draft") -> DraftDiagram:
    """The diagram of piece ``kind`` of the draft variant whose merged table is ``merged``."""
    table = copy.deepcopy(merged)
    pieces = table.get("pieces")
    if not isinstance(pieces, dict) or not isinstance(pieces.get(kind), dict):
        return DraftDiagram(None, error="no such piece")
    row = pieces[kind]
    files, ranks = table.get("files", 8), table.get("ranks", 8)
    if not (isinstance(files, int) and isinstance(ranks, int) and 1 <= files <= 26 and 1 <= ranks <= 26):
        return DraftDiagram(None, error="the board's files and ranks are not set")
    betza = row.get("betza", "")
    try:
        # No Betza at all is a piece whose moves are all powers (a Friend): no atoms, no fault.
        atoms = parse_betza(betza) if isinstance(betza, str) and betza.strip() else ()
    except rules.BetzaError as exc:
        return DraftDiagram(None, error=exc.problem)
    has_initial = any(a.initial for a in atoms)
    square = _square(files, ranks, has_initial)
    origin = (FILE_LETTERS.index(square[0]), int(square[1:]) - 1)
    hurdles = _hurdles(atoms, origin, files, ranks) - {origin}
    letter = row.get("letter") if isinstance(row.get("letter"), str) and row.get("letter") else "X9"
    row["letter"] = letter
    if has_initial:
        row["tracks_moved"] = True
    taken = {str(p.get("letter")) for pid, p in pieces.items() if isinstance(p, dict) and pid != kind}
    if letter in taken:  # another piece's slip must not stop this piece's diagram
        for pid, p in pieces.items():
            if pid != kind and isinstance(p, dict) and p.get("letter") == letter:
                p["letter"] = f"Z{len(pid)}{abs(hash(pid)) % 1000}"
    hurdle_letter = "H9Z"
    pieces[HURDLE] = {"letter": hurdle_letter, "name": "hurdle", "betza": ""}
    placed = {origin: letter, **{sq: hurdle_letter for sq in hurdles}}
    table["setups"] = {"diagram": {"placement": _placement(files, ranks, placed)}}
    table.pop("default_setup", None)
    table["royal"] = []
    try:
        vdef = build_variant(vid, table, "<designer>", "")
        game_rules = Rules(vdef, vdef.resolve_options(None))
        # The array above says where the piece starts (so it is unmoved there); the game itself
        # is this placement alone, so powers that add pieces to a start array add none here.
        placement = {f"{FILE_LETTERS[f]}{r + 1}": f"white {HURDLE}" for f, r in hurdles}
        placement[square] = f"white {kind}"
        game = new_game_from_placement(game_rules, placement, "white")
        diagram = _diagram_of(game, square, hurdles)
        moved = _moved_game(game, square) if has_initial else None
    except rules.RulesError as exc:
        return DraftDiagram(None, error=str(exc).splitlines()[0][:300])
    except Exception as exc:  # a power that cannot work on this draft must not break the designer
        return DraftDiagram(None, error=f"the rules cannot move it yet ({type(exc).__name__}: {exc})"[:300])
    first = frozenset()
    if moved is not None:
        later = set(index_of(moved).marks(square))
        first = frozenset(t for t in diagram.marks if t not in later)
    names = frozenset(f"{FILE_LETTERS[f]}{r + 1}" for f, r in hurdles)
    return DraftDiagram(diagram, first, names)


def _diagram_of(game: Game, square: str, hurdles: set[tuple[int, int]]) -> Diagram:
    snapshot = snapshot_of(game, checks=False)
    snapshot.result = None  # a lone piece is no game: no "stalemate" banner
    for name, glyph in list(snapshot.pieces.items()):
        if glyph.kind == HURDLE:
            snapshot.pieces[name] = Glyph("black", HURDLE, "H", "hurdle")
    attacks = frozenset(game.attacked_squares("white")) - {square}
    return Diagram(snapshot, square, index_of(game).marks(square), attacks)


def _moved_game(game: Game, square: str) -> Game:
    """The same lone piece, marked as having moved (its first moves gone)."""
    game_rules = game.rules
    pos = new_game_from_placement(game_rules, game.board(), "white").pos
    index = game_rules.geo.names.index(square)
    piece = pos.board[index]
    if piece is not None:
        pos.put(index, piece.replace(moved=True))
    return Game(game_rules, pos)
