"""`python -m rules check FILE`: one bad file per kind of problem, each message asserted with
its line. Rule (docs/variant-files.md, "Checking a file"): check reports every problem, in line
order, and loading refuses the same files for the same reasons."""

from __future__ import annotations

from pathlib import Path

import pytest

import rules
from rules.catalogue import BUILTIN_DIR, Catalogue, check_file, check_file_report
from rules.cli import main as cli_main

CHILD = '[variant.mine]\nparent = "chess"\n'

#: A small variant of its own (no parent): a king and a rook on a 5x5 board.
SMALL = """[variant.mine]
files = 5
ranks = 5
royal = ["king"]
powers = ["castling"]

[variant.mine.pieces.king]
letter = "K"
betza = "K"
tracks_moved = true

[variant.mine.pieces.tower]
letter = "T"
betza = "R"
tracks_moved = true

[variant.mine.setups.standard]
placement = "t1k1t/5/5/5/T1K1T"
"""


def write(tmp_path: Path, text: str, name: str = "mine.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def errors_of(tmp_path: Path, text: str) -> list[tuple[int | None, str]]:
    errors, _ = check_file_report(write(tmp_path, text))
    return errors


def refused_on_loading(tmp_path: Path, text: str, vid: str = "mine") -> str:
    """The first error loading reports for the variant (it must not load)."""
    write(tmp_path, text)
    catalogue = Catalogue([BUILTIN_DIR, tmp_path])
    assert vid not in catalogue.ids()
    return catalogue.broken()[vid]


# ---------------------------------------------------------------- unknown keys at every level

UNKNOWN_KEYS = [
    ('colour = "red"\n', 3, "unknown key 'colour' in [variant.mine]; its keys are: parent, name, description"),
    ("[variant.mine.promotion]\nzones = 2\n", 4, "unknown key 'zones' in [variant.mine.promotion]; its keys are: "
     "pieces, zone, zone_by_piece, choices, exclude"),
    ('[variant.mine.castling]\nrooks = "rook"\n', 4,
     "unknown key 'rooks' in [variant.mine.castling]; its keys are: king, rook, king_steps, king_to, rook_to, "
     "black_king_to, black_rook_to"),
    ("[variant.mine.pieces.rook]\nletters = 2\n", 4, "unknown key 'letters' in [variant.mine.pieces.rook]"),
    ('[variant.mine.setups.standard]\nplacment = "8/8/8/8/8/8/8/8"\n', 4,
     "unknown key 'placment' in [variant.mine.setups.standard]; its keys are: placement, description, data"),
    ("[variant.mine.options.speed]\ndefault = true\nhelp = 'x'\n", 5,
     "unknown key 'help' in [variant.mine.options.speed]; its keys are: default, choices"),
    ("[variant.mine.data]\nrifel = 'N'\n", 4, "unknown key 'rifel' in [variant.mine.data]; its keys are: borrower"),
    ("[variant.mine.pieces.rook.data]\nbreth = 'fmB'\n", 4,
     "unknown key 'breth' in [variant.mine.pieces.rook.data]; its keys are: bent, breath"),
    ("[variant.mine.pieces.rook.data.bent]\nfirst = 'F'\nthen = 'W'\nlast = 'W'\n", 6,
     "unknown key 'last' in [variant.mine.pieces.rook.data.bent]; its keys are: first, then"),
]


@pytest.mark.parametrize(("body", "line", "message"), UNKNOWN_KEYS)
def test_an_unknown_key_is_named_at_every_level(tmp_path: Path, body: str, line: int, message: str) -> None:
    errors = errors_of(tmp_path, CHILD + body)
    assert [(found, text[: len(message)]) for found, text in errors] == [(line, message)]


def test_a_table_missing_a_required_key_is_named(tmp_path: Path) -> None:
    errors = errors_of(tmp_path, CHILD + "[variant.mine.pieces.wizard]\nbetza = 'K'\n")
    assert errors == [(3, "[variant.mine.pieces.wizard] needs the key 'letter': One capital, or capitals and "
                          "digits written {AB}; unique in the variant.")]


# ---------------------------------------------------------------- types, ranges, squares, ids

VALUES = [
    ("[variant.mine.promotion]\nzone = 12\n", 4, "promotion.zone must be from 1 to 8, not 12"),
    ('royal_mode = "sometimes"\n', 3, "'royal_mode' must be one of 'always', 'last-one', not 'sometimes'"),
    ("files = 0\n", 3, "'files' must be from 1 to 26, not 0"),
    ('zones = { palace = ["d1", "e9"] }\n', 3, "zones.palace names 'e9', which is not a square of the 8x8 board"),
    ('zones = { palace = "d1" }\n', 3, "zones.palace must be a list of square names, not 'd1'"),
    ("[variant.mine.promotion]\nzone_by_piece = { pawn = 9 }\n", 4, "promotion.zone_by_piece.pawn must be from 1 to 8, "
     "not 9"),
    ("[variant.mine.promotion]\nzone_by_piece = { pwan = 2 }\n", 4,
     "promotion.zone_by_piece names 'pwan', which is not a piece of this variant"),
    ('[variant.mine.promotion]\nchoices = ["queen", "qeen"]\n', 4,
     "promotion.choices names 'qeen', which is not a piece of this variant"),
    ('[variant.mine.castling]\nking = "kign"\n', 4, "castling.king names 'kign', which is not a piece of this variant"),
    ('[variant.mine.castling]\nrook = "tower"\n', 4,
     "castling.rook names 'tower', which is not a piece of this variant"),
    ("[variant.mine.castling]\nking_steps = 8\n", 4, "castling.king_steps must be from 1 to 7, not 8"),
    ('royal = ["king", "emperor"]\n', 3, "'royal' names 'emperor', which is not a piece of this variant"),
    ('[variant.mine.pieces.rook]\nbetza = "Rx"\n', 4, "pieces.rook.betza: bad Betza string 'Rx'"),
]


@pytest.mark.parametrize(("body", "line", "message"), VALUES)
def test_a_value_of_the_wrong_kind_range_or_id_is_named(tmp_path: Path, body: str, line: int, message: str) -> None:
    errors = errors_of(tmp_path, CHILD + body)
    assert [(found, text[: len(message)]) for found, text in errors] == [(line, message)]
    assert refused_on_loading(tmp_path, CHILD + body).startswith(f"{tmp_path / 'mine.toml'}:{line}: {message}")


def test_an_inherited_value_the_child_breaks_is_reported_without_a_line(tmp_path: Path) -> None:
    """A parent's zone of 6 ranks no longer fits when the child has 5 ranks."""
    text = (
        '[variant.base]\nparent = "chess"\nhidden = true\n[variant.base.promotion]\nzone = 6\n'
        '[variant.mine]\nparent = "base"\nranks = 5\n'
        '[variant.mine.setups.standard]\nplacement = "rnbqkbnr/pppppppp/8/PPPPPPPP/RNBQKBNR"\n'
    )
    assert errors_of(tmp_path, text) == [
        (None, "promotion.zone must be from 1 to 5, not 6 (a value inherited from a parent variant)")
    ]


# ---------------------------------------------------------------- placements

PLACEMENTS = [
    ("rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", ["setup 'standard': rank 8 has 9 squares in 'rnbqkbnrr'; "
                                                      "the board has 8 files"]),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN", ["setup 'standard': rank 1 has 7 squares in 'RNBQKBN'; the board "
                                                    "has 8 files"]),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX", ["setup 'standard': rank 1: unknown piece letter 'X'; this variant "
                                                     "uses: B K N P Q R"]),
    ("rnbqkbnr/8/8/8/8/8/RNBQKBNR", ["setup 'standard': placement 'rnbqkbnr/8/8/8/8/8/RNBQKBNR' has 7 ranks; this 8x8 "
                                     "board needs 8"]),
    # Every fault of a placement, not only the first one.
    ("rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/ZNBQKBNY", [
        "setup 'standard': rank 8 has 9 squares in 'rnbqkbnrr'; the board has 8 files",
        "setup 'standard': rank 1: unknown piece letter 'Z'; this variant uses: B K N P Q R",
        "setup 'standard': rank 1: unknown piece letter 'Y'; this variant uses: B K N P Q R",
    ]),
]


@pytest.mark.parametrize(("placement", "messages"), PLACEMENTS)
def test_a_placement_that_does_not_fit_the_board_or_its_letters(
    tmp_path: Path, placement: str, messages: list[str]
) -> None:
    body = f'[variant.mine.setups.standard]\nplacement = "{placement}"\n'
    assert errors_of(tmp_path, CHILD + body) == [(4, m) for m in messages]
    assert refused_on_loading(tmp_path, CHILD + body).endswith(messages[0])


# ---------------------------------------------------------------- castling


def test_castling_steps_that_can_never_castle(tmp_path: Path) -> None:
    errors = errors_of(tmp_path, CHILD + "[variant.mine.castling]\nking_steps = 7\n")
    assert errors[0] == (4, "variant 'mine': castling K: king_steps = 7 takes the king on e1 off the board, so it "
                            "can never castle that way")
    assert len(errors) == 4 and all(line == 4 for line, _ in errors)
    assert "king_steps = 7" in refused_on_loading(tmp_path, CHILD + "[variant.mine.castling]\nking_steps = 7\n")


def test_castling_without_a_rook_piece_is_named(tmp_path: Path) -> None:
    """The castling power looks for a piece `rook` unless castling.rook names another."""
    assert errors_of(tmp_path, SMALL) == [
        (5, "the castling power needs a rook, and this variant has no piece 'rook'; name the piece with castling.rook")
    ]
    fixed = SMALL + '[variant.mine.castling]\nrook = "tower"\n'
    assert errors_of(tmp_path, fixed) == []
    write(tmp_path, fixed)
    vdef = Catalogue([BUILTIN_DIR, tmp_path]).get("mine")
    assert vdef.castling == {"rook": "tower"}


def test_a_castling_piece_that_does_not_track_moves_is_named(tmp_path: Path) -> None:
    body = "[variant.mine.pieces.king]\ntracks_moved = false\n"
    assert errors_of(tmp_path, CHILD + body) == [
        (4, "castling king 'king' does not track whether it moved (tracks_moved = true), so it could castle after "
            "moving")
    ]


# ---------------------------------------------------------------- parents and ids


def test_a_variant_that_is_its_own_parent(tmp_path: Path) -> None:
    text = '[variant.mine]\nparent = "mine"\n'
    assert errors_of(tmp_path, text) == [
        (2, "variant 'mine' names itself as its parent; a file that replaces a built-in variant writes it whole, or "
            "gives its variant an id of its own with parent = 'mine'")
    ]


def test_a_parent_cycle_is_named_at_each_variant(tmp_path: Path) -> None:
    text = '[variant.a]\nparent = "b"\n[variant.b]\nparent = "a"\n'
    assert errors_of(tmp_path, text) == [(2, "parent cycle: 'b -> a -> b'"), (4, "parent cycle: 'a -> b -> a'")]


SHADOW = (
    "variant 'chess' has the id of a built-in variant; give it an id of its own (with parent = 'chess' to start "
    "from the built-in one), or set replaces_builtin = true to replace the built-in one on purpose"
)


def test_a_user_file_may_not_shadow_a_builtin_variant_by_accident(tmp_path: Path) -> None:
    text = '# my chess\n[variant.chess]\nname = "Mine"\nparent = "friendly"\n'
    assert errors_of(tmp_path, text) == [(2, SHADOW)]
    folder = tmp_path / "user"
    folder.mkdir()
    write(folder, text, "chess.toml")
    catalogue = Catalogue([BUILTIN_DIR, folder])
    assert catalogue.get("chess").name == "Chess"  # the built-in one, untouched
    assert catalogue.broken() == {str(folder / "chess.toml"): f"line 2: {SHADOW}"}


def test_replaces_builtin_replaces_it_on_purpose(tmp_path: Path) -> None:
    chess = (BUILTIN_DIR / "chess.toml").read_text()
    text = chess.replace("[variant.chess]\n", "[variant.chess]\nreplaces_builtin = true\n", 1).replace(
        'name = "Chess"', 'name = "My chess"', 1
    )
    assert check_file_report(write(tmp_path, text, "chess.toml")) == ([], [])
    catalogue = Catalogue([BUILTIN_DIR, tmp_path])
    assert catalogue.get("chess").name == "My chess"
    assert catalogue.broken() == {}
    # The built-in variants whose parent is chess now build on the user's chess.
    assert catalogue.get("blender").pieces.keys() >= {"king", "queen"}


def test_a_user_chess_whose_parent_is_chess_is_refused_and_the_builtin_kept(tmp_path: Path) -> None:
    text = '[variant.chess]\nreplaces_builtin = true\nparent = "chess"\n'
    assert errors_of(tmp_path, text) == [
        (3, "variant 'chess' names itself as its parent; a file that replaces a built-in variant writes it whole, or "
            "gives its variant an id of its own with parent = 'chess'")
    ]
    write(tmp_path, text, "chess.toml")
    catalogue = Catalogue([BUILTIN_DIR, tmp_path])
    assert catalogue.get("chess").name == "Chess" and "blender" in catalogue.ids()
    assert "the built-in 'chess' is used instead" in catalogue.broken()[str(tmp_path / "chess.toml")]


def test_replaces_builtin_without_a_builtin_to_replace_is_a_warning(tmp_path: Path) -> None:
    errors, warnings = check_file_report(write(tmp_path, CHILD + "replaces_builtin = true\n"))
    assert errors == []
    assert warnings == [(3, "replaces_builtin = true, but there is no built-in variant 'mine' to replace")]


# ---------------------------------------------------------------- warnings, order, syntax


def test_warnings_are_reported_beside_errors_in_line_order(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = CHILD + (
        "files = 30\n"  # line 3
        '[variant.mine.pieces.bishop]\nbetza = "iFpN"\n'  # line 5: two warnings
        '[variant.mine.pieces.knight]\nbetza = "nB"\n'  # line 7: one warning
        "[variant.mine.castling]\nkings = 1\n"  # line 9
    )
    path = write(tmp_path, text)
    assert cli_main(["check", str(path)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{path}:3: 'files' must be from 1 to 26, not 30",
        f"{path}:5: warning: piece 'bishop' (iFpN): 'i' on F does nothing: the piece does not track whether it moved "
        "(tracks_moved)",
        f"{path}:5: warning: piece 'bishop' (iFpN): 'p' on the leap N gives no move: a leap has no square beyond a "
        "hurdle",
        f"{path}:7: warning: piece 'knight' (nB): 'n' on F does nothing: only leaps longer than one step can be "
        "blocked",
        f"{path}:9: unknown key 'kings' in [variant.mine.castling]; its keys are: king, rook, king_steps, king_to, "
        "rook_to, black_king_to, black_rook_to",
    ]


def test_a_toml_syntax_error_has_its_line_and_column(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, CHILD + "files = = 8\n")
    assert check_file(path) == [(3, "not valid TOML (column 9): Invalid value")]
    assert cli_main(["check", str(path)]) == 1
    assert capsys.readouterr().out == f"{path}:3: not valid TOML (column 9): Invalid value\n"


def test_a_file_with_a_syntax_error_never_silently_vanishes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path, '[variant.fine]\nparent = "chess"\n', "fine.toml")
    write(tmp_path, '[variant.typo]\nparent = "chess"\nname = "unclosed\n', "typo.toml")
    monkeypatch.setenv("FAIRYCHESS_VARIANTS", str(tmp_path))
    rules.reload_catalogue()
    try:
        assert "fine" in rules.variant_ids() and "typo" not in rules.variant_ids()
        reason = rules.broken_variants()[str(tmp_path / "typo.toml")]
        assert reason.startswith("line 3: not valid TOML (column 17): Illegal character")
        assert cli_main(["variants"]) == 0
        assert f"  {tmp_path / 'typo.toml'}: line 3: not valid TOML (column 17)" in capsys.readouterr().out
    finally:
        rules.reload_catalogue()


def test_a_variant_that_fails_only_when_started_is_not_playable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Loading runs check's start-up test for user files: a Ferry option naming squares off the
    Ferry ranks breaks only when the rules are built, and the variant is listed as broken."""
    body = '[variant.mine.options.ferry_squares]\ndefault = "a1-h1"\nchoices = ["a1-h1"]\n'
    write(tmp_path, '[variant.mine]\nparent = "flight-and-ferry"\n' + body)
    monkeypatch.setenv("FAIRYCHESS_VARIANTS", str(tmp_path))
    rules.reload_catalogue()
    try:
        assert "mine" not in rules.variant_ids()
        reason = rules.broken_variants()["mine"]
        assert reason == f"{tmp_path / 'mine.toml'}: Ferry squares 'a1-h1' must be distinct squares of ranks 5 and 6"
        assert cli_main(["variants"]) == 0
        assert f"  mine: {reason}" in capsys.readouterr().out
    finally:
        rules.reload_catalogue()


def test_every_problem_of_a_file_in_line_order(tmp_path: Path) -> None:
    text = (
        "[variant.b]\n"  # 1
        'parent = "chess"\n'  # 2
        "[variant.b.promotion]\n"  # 3
        "zone = 12\n"  # 4
        "[variant.a]\n"  # 5
        'parent = "chess"\n'  # 6
        'colour = "red"\n'  # 7
        "[variant.a.setups.standard]\n"  # 8
        'placement = "8/8/8/8/8/8/8/8/8"\n'  # 9
        "[variant.b.castling]\n"  # 10
        'king = "kign"\n'  # 11
    )
    errors = errors_of(tmp_path, text)
    assert [line for line, _ in errors] == [4, 7, 9, 11]


def test_a_start_position_that_is_already_checkmate_is_named(tmp_path: Path) -> None:
    """check does not call a variant simply playable whose game is over before its first move:
    White's King on a8 is mated by the Queen on b7, which Black's King guards."""
    text = CHILD + '[variant.mine.setups.standard]\nplacement = "K7/1q6/1k6/8/8/8/8/8"\n'
    errors, warnings = check_file_report(write(tmp_path, text))
    assert errors == []
    assert warnings == [(4, "the start position is already decided (checkmate): no move can be played")]
