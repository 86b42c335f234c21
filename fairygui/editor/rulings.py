"""What the editor asks the rules package about a draft.

Every rule fact the editor shows comes through here: the start array, whether a draft can
start a game and, if not, why (``rules.check_position``), which castling letters a variant
has, which switches a piece carries (Hia), a polypiece's other form, how a variant's two
armies face each other. The editor itself decides nothing about rules.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import rules
from rules.placement import castling_sides, parse_placement
from rules.powers.ferry import STATE_KEY as FERRY_STATE
from rules.powers.hia import OFF as HIA_OFF
from rules.powers.polypieces import Families

from .draft import SYMMETRIES, Draft, read_text

#: Words for the piece flags a player may set in the editor.
FLAG_WORDS = {
    HIA_OFF: "Hia switched off",
    "original": "Original piece (never merges or separates)",
}


def _key(options: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted(options.items()))


def start_draft(variant_id: str, options: dict[str, Any] | None = None) -> Draft:
    """The variant's start position under these options, as a draft."""
    game = rules.new_game(variant_id, options=dict(options or {}))
    return read_text(variant_id, options, game.fen())


def draft_of(game: rules.Game) -> Draft:
    """The position on view in a game, as a draft with the game's options."""
    vdef = game.rules.variant
    options = {k: v for k, v in game.options.items() if k in vdef.options and v != vdef.options[k].default}
    return read_text(vdef.id, options, game.fen())


def game_of(draft: Draft) -> rules.Game:
    """A rules game starting from the draft; raises RulesError if the rules cannot read it."""
    return rules.new_game(draft.variant, options=dict(draft.options), fen=draft.text())


def problems(draft: Draft) -> list[str]:
    """Every reason the draft cannot start a game, in words; empty when it can."""
    return rules.check_position(draft.variant, draft.text(), dict(draft.options))


def castling_letters(variant_id: str, options: dict[str, Any]) -> str:
    """The castling letters the variant has under these options (``KQkq`` in chess, none in
    variants without castling)."""
    try:
        rules_ = rules.make_rules(variant_id, dict(options))
    except rules.RulesError:
        return ""
    letters = "".join(castling_sides(rules_, 0)) + "".join(castling_sides(rules_, 1))
    return "".join(c for c in "KQkq" if c in letters)


def has_en_passant(variant_id: str) -> bool:
    return "en-passant" in rules.variant(variant_id).powers


def switches(draft: Draft, kind: str) -> list[tuple[str, str]]:
    """Flags a piece of ``kind`` may carry in this variant, with their words: the Hia switch
    for Hia sources (and the piece that borrows powers), and flags the variant's own start
    arrays give that kind (Blender's ``original``)."""
    return [(flag, FLAG_WORDS.get(flag, flag.replace("-", " "))) for flag in _flags(draft.variant,
                                                                                     _key(draft.options), kind)]


@lru_cache(maxsize=256)
def _flags(variant_id: str, options: tuple[tuple[str, Any], ...], kind: str) -> tuple[str, ...]:
    try:
        rules_ = rules.make_rules(variant_id, dict(options))
    except rules.RulesError:
        return ()
    found: list[str] = []
    for power in rules_.power_objects.values():
        found.extend(flag for flag in power.piece_flags(kind) if flag not in found)
    for setup in rules_.variant.setups.values():
        try:
            placed = parse_placement(rules_, setup.placement)
        except rules.RulesError:
            continue
        for piece, _ in placed.values():
            if piece.kind == kind:
                found.extend(f for f in sorted(piece.flags) if f not in found)
    return tuple(found)


def other_form(draft: Draft, kind: str) -> str | None:
    """The other form of a polypiece (Bishop for a Rook in Pocket Polypiece Chess), or None."""
    try:
        families = Families(rules.make_rules(draft.variant, dict(draft.options)))
    except rules.RulesError:
        return None
    family = families.by_kind.get(kind)
    return family.other(kind) if family is not None else None


def symmetry(variant_id: str, options: dict[str, Any]) -> str:
    """How the variant's start array maps one army onto the other: ``mirror`` (same files,
    as in chess) or ``rotational`` (turned half round); ``mirror`` when neither fits."""
    try:
        start = start_draft(variant_id, options)
    except rules.RulesError:
        return "mirror"
    board = {sq: p for sq, p in start.pieces.items() if start.is_board_square(sq)}
    black = {sq: p.kind for sq, p in board.items() if p.color == "black"}
    for name in SYMMETRIES[::-1]:
        image = {start.mirror_square(sq, name): p.kind for sq, p in board.items() if p.color == "white"}
        if image == black:
            return name
    return "mirror"


def markers(draft: Draft) -> dict[str, str]:
    """Things drawn under squares that are not pieces (Ferries), when the rules can read the draft."""
    try:
        return game_of(draft).square_markers()
    except rules.RulesError:
        # A draft the rules refuse still shows its Ferries where its text puts them.
        return {square: "ferry" for square in ferry_squares(draft)}


def has_ferries(draft: Draft) -> bool:
    """Does this variant's start position hold Ferries (so the editor offers its Ferry tool)?"""
    if FERRY_STATE in draft.state:
        return True
    try:
        return FERRY_STATE in start_draft(draft.variant, draft.options).state
    except rules.RulesError:
        return False


def ferry_squares(draft: Draft) -> list[str]:
    """The squares the draft's position text gives its Ferries."""
    listed = draft.state.get(FERRY_STATE, "").strip("()").split(",")
    return [square for square in listed if draft.is_board_square(square)]


def toggle_ferry(draft: Draft, square: str) -> bool:
    """Put a Ferry on ``square`` or take the one there away; True if one is there now. Whether
    the result can start a game (how many Ferries, which ranks) is the rules' to say."""
    if not draft.is_board_square(square):
        raise ValueError(f"a Ferry needs a board square, not {square!r}")
    squares = ferry_squares(draft)
    placed = square not in squares
    squares = [*squares, square] if placed else [s for s in squares if s != square]
    draft.state[FERRY_STATE] = "(" + ",".join(sorted(squares, key=_square_order)) + ")"
    return placed


def _square_order(square: str) -> tuple[int, str]:
    return (int(square[1:]), square[0])


def follow_option(draft: Draft, old_options: dict[str, Any], new_options: dict[str, Any]) -> Draft:
    """The draft with an option's effect on the start array carried over: where the draft still
    holds what the old options' start array held (a Ferry's or a dragon's start squares), it
    gets what the new options' start array holds there; the rest of the arrangement stays."""
    try:
        before = start_draft(draft.variant, old_options)
        after = start_draft(draft.variant, new_options)
    except rules.RulesError:
        return draft
    out = draft.copy()
    for square in set(before.pieces) | set(after.pieces):
        if before.pieces.get(square) == after.pieces.get(square) or out.pieces.get(square) != before.pieces.get(square):
            continue
        if square in after.pieces:
            out.pieces[square] = after.pieces[square]
        else:
            out.pieces.pop(square, None)
    for key in set(before.state) | set(after.state):
        if before.state.get(key) != after.state.get(key) and out.state.get(key) == before.state.get(key):
            if key in after.state:
                out.state[key] = after.state[key]
            else:
                out.state.pop(key, None)
    return out
