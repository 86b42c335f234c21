"""check warns about a filled section no power reads (the Promotion section without a promotion
power does nothing) and about pawns nothing promotes, and only about what the file writes."""

from __future__ import annotations

from pathlib import Path

from rules.catalogue import check_file_report
from rules.sectioncheck import readers

OWN = """[variant.mine]
files = 4
ranks = 4
powers = {powers}
[variant.mine.pieces.king]
letter = "K"
betza = "K"
[variant.mine.pieces.queen]
letter = "Q"
betza = "Q"
[variant.mine.pieces.pawn]
letter = "P"
betza = "fmWfcF"
pawn = true
{promotion}
[variant.mine.setups.standard]
placement = "k3/p3/3P/3K"
"""
PROMOTION = '[variant.mine.promotion]\npieces = ["pawn"]\nchoices = ["queen"]\n'


def report(tmp_path: Path, text: str) -> tuple[list, list]:
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    return check_file_report(path)


def test_a_promotion_section_without_a_power_reading_it_is_a_warning(tmp_path: Path) -> None:
    errors, warnings = report(tmp_path, OWN.format(powers="[]", promotion=PROMOTION))
    assert errors == []
    # On the section's line (15), and the pawns on the powers line (4).
    assert (15, "the Promotion section does nothing: no power of this variant reads it (add 'promotion' to "
            "powers)") in warnings
    assert any(line == 4 and text.startswith("pawns (Pawn) that reach their last rank stay pawns there")
               for line, text in warnings)


def test_with_the_promotion_power_there_is_no_warning(tmp_path: Path) -> None:
    errors, warnings = report(tmp_path, OWN.format(powers='["promotion"]', promotion=PROMOTION))
    assert errors == [] and warnings == []


def test_pawns_without_a_promotion_section_are_warned_about(tmp_path: Path) -> None:
    _errors, warnings = report(tmp_path, OWN.format(powers="[]", promotion=""))
    assert [text for _line, text in warnings] == [
        "pawns (Pawn) that reach their last rank stay pawns there: no power of this variant promotes them "
        "(add 'promotion' to powers and fill the Promotion section)"]
    assert warnings[0][0] == 4  # the powers line


def test_an_inherited_section_is_not_the_childs_fault(tmp_path: Path) -> None:
    """Grand Chess's way: a child of chess without the castling power inherits chess's
    castling table, which it does not write."""
    _errors, warnings = report(tmp_path, '[variant.mine]\nparent = "chess"\npowers = ["en-passant", "promotion"]\n')
    assert warnings == []


def test_the_powers_say_what_they_read() -> None:
    assert readers("promotion")[0] == "promotion"
    assert {"setup-promotion", "capped-promotion"} <= set(readers("promotion"))
    assert readers("castling") == ["castling"]
