"""The shown notation tells the whole move (docs/notation.md).

Every piece type's `notation` starts with its plain Betza row (which the parser still
compiles), and names every piece power and every variant rule that gives the piece
moves (castling, en passant, promotion, merging, the Pocket, flips, Ferries), so no
notation claims less than the piece does.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import rules
from rules.betza import parse_betza
from rules.catalogue import BUILTIN_DIR, Catalogue, power_vocabulary
from rules.notation import default_notation, power_label

PROMOTION_POWERS = {"promotion", "setup-promotion", "capped-promotion"}


def every_piece() -> list[tuple[str, rules.VariantDef, Any]]:
    return [(vid, rules.variant(vid), t) for vid in rules.variant_ids() for t in rules.variant(vid).pieces.values()]


def variant_rules_for(vdef: rules.VariantDef, kind: str) -> list[str]:
    """Labels of the variant-level rules that give pieces of ``kind`` moves of their own."""
    labels = []
    powers = set(vdef.powers)
    ptype = vdef.pieces[kind]
    if "castling" in powers and kind == vdef.castling.get("king", "king"):
        labels.append("castling")
    if "en-passant" in powers and ptype.data.get("pawn"):
        labels.append("en passant")
    if powers & PROMOTION_POWERS and kind in vdef.promotion.get("pieces", []):
        labels.append("promotion")
    if "merge" in powers and kind not in vdef.data.get("merging", {}).get("never", []):
        labels.append("merge")
    if "pocket" in powers:
        pocket = vdef.data.get("pocket", {})
        if kind in pocket.get("pieces", []) or kind in pocket.get("river", {}).get("pieces", []):
            labels.append("pocket")
    if "polypiece-flip" in powers:
        families = vdef.data.get("families", {}).values()
        if any(kind in family.get("forms", []) for family in families):
            labels.append("flip")
    return labels


@pytest.mark.parametrize(("vid", "vdef", "ptype"), every_piece(), ids=lambda x: getattr(x, "id", x))
def test_notation_starts_with_the_betza_the_parser_compiles(vid: str, vdef: rules.VariantDef, ptype: Any) -> None:
    assert parse_betza(ptype.betza) == ptype.atoms if ptype.betza else ptype.atoms == ()
    assert ptype.notation
    assert ptype.notation.startswith(ptype.betza)


@pytest.mark.parametrize(("vid", "vdef", "ptype"), every_piece(), ids=lambda x: getattr(x, "id", x))
def test_notation_names_every_power_and_rule_of_the_piece(vid: str, vdef: rules.VariantDef, ptype: Any) -> None:
    needed = [power_label(name) for name in ptype.powers] + variant_rules_for(vdef, ptype.id)
    if needed:
        assert ptype.notation != ptype.betza
    missing = [label for label in needed if label.lower() not in ptype.notation.lower()]
    assert not missing, f"{vid} {ptype.id}: {ptype.notation!r} does not name {missing}"


def test_the_pieces_the_issue_names_show_their_powers_in_xbetza() -> None:
    """Archer: rifle shot cabN. Hangman: withdrawal cabafmK. Poison: the lame Knight afsmW.
    Ghost: locust cafmK. The Patient Pawn's extra step (ifafscW) sets it apart from the
    Standard Pawn; the Copperdragon's breath is named."""
    friendly = rules.variant("friendly").pieces
    assert "rifle cabN" in friendly["archer"].notation
    assert "withdrawal cabafmK" in friendly["hangman"].notation
    assert "poison path afsmW" in friendly["poison"].notation
    assert "locust cafmK" in friendly["ghost"].notation
    assert "patient step ifafscW" in friendly["patient-pawn"].notation
    assert friendly["patient-pawn"].notation != friendly["pawn"].notation
    assert friendly["patient-pawn"].betza == friendly["pawn"].betza
    assert "fire breath fmB" in rules.variant("flight-and-ferry").pieces["copperdragon"].notation


def test_default_notation_is_the_betza_plus_each_power_described() -> None:
    """Without a notation key: the Betza row, then "rifle: " and the rifle power's own line."""
    powers = power_vocabulary()
    assert default_notation("F2", ["rifle"], powers) == "F2 + rifle: captures at a Knight's distance without moving"
    assert default_notation("", [], powers) == "no moves of its own"


def write_variant(tmp_path: Path, piece_lines: str) -> rules.VariantDef:
    (tmp_path / "mine.toml").write_text(
        "[variant.mine]\n"
        'name = "Mine"\n'
        'royal = ["king"]\n'
        "[variant.mine.pieces.king]\n"
        'letter = "K"\n'
        'betza = "K"\n'
        "[variant.mine.pieces.archer]\n"
        'letter = "A"\n'
        f"{piece_lines}"
        "[variant.mine.setups.standard]\n"
        'placement = "k7/8/8/8/8/8/8/A3K3"\n'
    )
    return Catalogue([BUILTIN_DIR, tmp_path]).get("mine")


def test_user_variant_without_the_key_gets_the_default(tmp_path: Path) -> None:
    vdef = write_variant(tmp_path, 'betza = "F2"\npowers = ["rifle"]\n')
    assert vdef.pieces["archer"].notation == "F2 + rifle: captures at a Knight's distance without moving"
    assert vdef.pieces["king"].notation == "K"


def test_user_variant_notation_key_is_kept(tmp_path: Path) -> None:
    vdef = write_variant(tmp_path, 'betza = "F2"\npowers = ["rifle"]\nnotation = "F2 + rifle cabN"\n')
    assert vdef.pieces["archer"].notation == "F2 + rifle cabN"


def test_notation_must_be_text(tmp_path: Path) -> None:
    with pytest.raises(rules.VariantFileError) as info:
        write_variant(tmp_path, 'betza = "F2"\nnotation = 3\n')
    assert "pieces.archer.notation must be a string, not 3" in str(info.value)
