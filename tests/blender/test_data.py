"""Recipe data is checked: bad lines in a user's variant file give a VariantFileError
whose message names the fault."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.catalogue import BUILTIN_DIR, Catalogue
from rules.errors import RulesError, VariantFileError
from rules.game import new_game_from_fen
from rules.powers.recipes import book_for
from rules.ruleset import Rules


def rules_from(tmp_path: Path, body: str) -> Rules:
    (tmp_path / "mine.toml").write_text(body, encoding="utf-8")
    cat = Catalogue([BUILTIN_DIR, tmp_path])
    vdef = cat.get("mine")
    return Rules(vdef, vdef.resolve_options(None))


def with_lines(*lines: str, listed: bool = True) -> str:
    quoted = ", ".join(f'"{line}"' for line in lines)
    return f"""
[variant.mine]
parent = "blender"

[variant.mine.data.merging.recipes.mine]
listed = {str(listed).lower()}
lines = [{quoted}]
"""


@pytest.mark.parametrize(
    ("line", "fault"),
    [
        ("bishop * rook = queen", "cannot read 'bishop * rook = queen'"),
        ("bishop + dragon = queen", "'dragon', which is not a piece of this variant"),
        ("king + rook = queen", "'king', which never merges or separates"),
        ("rook > bishop = pawn", "'pawn', which never merges or separates"),
        ("queen - rook = knight", "'queen' releasing 'rook' would leave 'knight' by one recipe and 'bishop'"),
    ],
)
def test_bad_recipe_lines_are_reported(tmp_path: Path, line: str, fault: str) -> None:
    """Each bad recipe line names what is wrong with it."""
    with pytest.raises(VariantFileError) as info:
        rules_from(tmp_path, with_lines(line))
    assert fault in str(info.value)
    assert isinstance(info.value, RulesError)


def test_a_compound_without_the_separate_power_is_reported(tmp_path: Path) -> None:
    """A piece that can release a part by the recipes must list the 'separate' power."""
    body = """
[variant.mine]
parent = "blender"

[variant.mine.pieces.chancellor]
powers = []
"""
    with pytest.raises(VariantFileError, match="'chancellor' can release a part .* lacks the 'separate' power"):
        rules_from(tmp_path, body)


def test_a_bent_rider_without_its_legs_is_reported(tmp_path: Path) -> None:
    """The bent-rider power needs data.bent with two leap letters (X is none)."""
    body = """
[variant.mine]
parent = "cuisinart"

[variant.mine.pieces.griffon]
data = { bent = { first = "X" } }
"""
    with pytest.raises(VariantFileError, match="'griffon' has the bent-rider power but no data.bent"):
        rules_from(tmp_path, body)


def test_a_new_recipe_needs_no_code(tmp_path: Path) -> None:
    """Recipes are data: a user's variant adds 'knight + knight = queen' by one line, and
    the merge and its reverse split (a Knight leaves, a Knight stays) follow."""
    r = rules_from(tmp_path, with_lines("knight + knight = queen"))
    g = new_game_from_fen(r, "7k/8/8/8/3N4/8/4N3/4K3 w - - 0 1")
    assert "e2d4" in {str(m) for m in g.legal_moves() if m.kind == "merge"}
    g.play("e2d4")
    assert g.board()["d4"] == "white queen"
    assert book_for(r).stays("queen", "knight") == "knight"


CANNON_VARIANT = """
[variant.mine]
parent = "blender"

[variant.mine.pieces.cannon]
letter = "X"
betza = "pR"

[variant.mine.pieces.gunner]
letter = "Y"
betza = "N"
powers = ["separate"]

[variant.mine.data.merging.recipes.mine]
listed = true
lines = ["cannon > knight = gunner"]
"""


def test_a_hopping_part_gives_check_through_its_screen(tmp_path: Path) -> None:
    """Rule: a separation that captures is an attack, also for parts that hop. A user's
    Gunner (a Knight a Cannon joined) on d1 checks the King on d8 over the screen on d4,
    as its Cannon could leave and capture there; without the screen it does not."""
    r = rules_from(tmp_path, CANNON_VARIANT)
    screened = new_game_from_fen(r, "3k4/8/8/8/3P4/8/8/3YK3 b - - 0 1")
    assert screened.in_check()
    assert not new_game_from_fen(r, "3k4/8/8/8/8/8/8/3YK3 b - - 0 1").in_check()
    white = new_game_from_fen(r, "3k4/8/8/8/3P4/8/8/3YK3 w - - 0 1")
    assert "d1d8/cannon" in {str(m) for m in white.legal_moves()}
