"""Malformed variant files: every fault is a named VariantFileError naming the file, the key and
the fault; `check` also catches files that could never start a game; one bad user file never
stops the other variants; overlapping Betza atoms give each move once."""

from __future__ import annotations

from pathlib import Path

import pytest
from textvariants import add_variant, game_from_text, rules_from_text

import rules
from rules.catalogue import BUILTIN_DIR, MAX_PARENT_DEPTH, Catalogue, check_file, check_file_report
from rules.cli import main as cli_main
from rules.errors import RulesError, VariantFileError
from rules.game import Game
from rules.perft import perft
from rules.ruleset import Rules

CHILD = '[variant.mine]\nparent = "chess"\n'


def write(tmp_path: Path, text: str, name: str = "mine.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


WRONG_TYPES = [
    ("data = 5\n", 3, "'data' must be a table, not 5"),
    ('zones = "pocket"\n', 3, "'zones' must be a table, not 'pocket'"),
    ("royal = [{a=1}]\n", 3, "'royal' must be a list of piece ids, not [{'a': 1}]"),
    ("ranks = 30\n", 3, "'ranks' must be from 1 to 26, not 30"),
    ("files = true\n", 3, "'files' must be a whole number, not True"),
    ("pieces = 5\n", 3, "'pieces' must be a table, not 5"),
    ("extra_squares = [1]\n", 3, "'extra_squares' must be a list of strings"),
    ('extra_squares = ["e4"]\n', 3, "extra square 'e4' must be a lowercase word that is not a board square"),
    ("name = 7\n", 3, "'name' must be a string, not 7"),
    ("[variant.mine.promotion]\npieces = 1\n", 4, "promotion.pieces must be a list of piece ids, not 1"),
    ('[variant.mine.promotion]\nzone = "x"\n', 4, "promotion.zone must be a whole number, not 'x'"),
    ("[variant.mine.promotion]\nzone = 12\n", 4, "promotion.zone must be from 1 to 8, not 12"),
    ("[variant.mine.promotion]\nzone_by_piece = { dragon = 1 }\n", 4,
     "promotion.zone_by_piece names 'dragon', which is not a piece of this variant"),
    ("[variant.mine.promotion]\nchoices = 3\n", 4, 'promotion.choices must be a list of piece ids or "pool", not 3'),
    ('[variant.mine.castling]\nking_steps = "two"\n', 4, "castling.king_steps must be a whole number, not 'two'"),
    ("[variant.mine.castling]\nking_steps = 9\n", 4, "castling.king_steps must be from 1 to 7, not 9"),
    ('[variant.mine.castling]\nking = "kign"\n', 4, "castling.king names 'kign', which is not a piece of this variant"),
    ("[variant.mine.options.speed]\ndefault = 1\nchoices = 1.5\n", 5,
     "options.speed.choices must be a list of true/false, whole numbers or strings, not 1.5"),
    ('[variant.mine.options.speed]\ndefault = "a"\nchoices = ["a", {b = 1}]\n', 5,
     "option 'speed': choice {'b': 1} is not a string like the default"),
    ("[variant.mine.options.speed]\ndefault = 1.5\n", 4,
     "options.speed.default must be true/false, a whole number or a string, not 1.5"),
    ("[variant.mine.pieces.rook]\ndata = 5\n", 4, "pieces.rook.data must be a table, not 5"),
    ("[variant.mine.pieces.rook]\ntracks_moved = 1\n", 4, "pieces.rook.tracks_moved must be true or false, not 1"),
    ('[variant.mine.pieces.rook]\ncomponents = ["dragon"]\n', 4,
     "pieces.rook.components names 'dragon', which is not a piece of this variant"),
    ("[variant.mine.setups.standard]\nplacement = 5\n", 4,
     "setups.standard.placement must be a placement string, not 5"),
]


@pytest.mark.parametrize(("body", "line", "fault"), WRONG_TYPES)
def test_a_wrongly_typed_key_is_named_with_its_line(variant_folder: Path, body: str, line: int, fault: str) -> None:
    """Rule: a wrong type or range anywhere in a variant file is a named problem, never a crash."""
    path = write(variant_folder, CHILD + body)
    problems = check_file(path)
    assert any(fault in text for _, text in problems), problems
    assert any(found == line and fault in text for found, text in problems), problems
    with pytest.raises(VariantFileError) as info:
        game_from_text(variant_folder, CHILD + body)
    assert fault in str(info.value) and str(path) in str(info.value)


def test_a_parent_that_is_a_table_is_named(tmp_path: Path) -> None:
    path = write(tmp_path, '[variant.mine]\nparent = { id = "chess" }\n')
    assert check_file(path) == [(2, "parent must be a variant id (a string), not {'id': 'chess'}")]


def test_a_parent_cycle_is_named_with_its_loop(tmp_path: Path) -> None:
    path = write(tmp_path, '[variant.a]\nparent = "b"\n[variant.b]\nparent = "a"\n')
    problems = check_file(path)
    # Each is reported where the loop closes: the parent key that names a variant already in the chain.
    assert sorted(problems) == [(2, "parent cycle: 'b -> a -> b'"), (4, "parent cycle: 'a -> b -> a'")]


def test_a_thousand_deep_parent_chain_names_the_depth_limit(tmp_path: Path) -> None:
    """Rule: parent chains are followed by a loop with a named limit (no RecursionError)."""
    chain = "".join(f'[variant.v{i}]\nparent = "v{i + 1}"\n' for i in range(1000))
    chain += '[variant.v1000]\nparent = "chess"\n'
    write(tmp_path, chain)
    cat = Catalogue([BUILTIN_DIR, tmp_path])
    with pytest.raises(VariantFileError, match=f"longer than the limit of {MAX_PARENT_DEPTH}"):
        cat.get("v0")
    # A chain within the limit still loads, and inherits chess's pieces from its root.
    assert cat.get(f"v{1000 - MAX_PARENT_DEPTH + 2}").pieces.keys() == cat.get("chess").pieces.keys()


def test_a_betza_string_past_the_limit_is_named(tmp_path: Path) -> None:
    body = '[variant.mine.pieces.rook]\nbetza = "' + "W" * 1000 + '"\n'
    problems = check_file(write(tmp_path, CHILD + body))
    assert len(problems) == 1
    line, text = problems[0]
    assert line == 4 and "the string has 1000 characters; the limit is 200" in text
    assert len(text) < 200  # the message quotes a short excerpt, not the whole string


def test_an_error_message_quotes_only_an_excerpt_of_a_huge_value(tmp_path: Path) -> None:
    huge = "x" * 100_000
    problems = check_file(write(tmp_path, CHILD + f'data = "{huge}"\n'))
    assert len(problems) == 1 and len(problems[0][1]) < 120


def test_a_file_past_the_size_limit_is_refused_without_reading_it_all(tmp_path: Path) -> None:
    path = write(tmp_path, CHILD + "# " + "x" * 1_100_000 + "\n")
    assert check_file(path) == [(None, "the file is larger than the limit of 1000000 bytes")]


def test_what_is_not_a_regular_file_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    assert check_file(folder) == [(None, "not a regular file")]


def test_deeply_nested_lists_are_refused_by_the_nesting_limit(tmp_path: Path) -> None:
    path = write(tmp_path, CHILD + "data = { x = " + "[" * 40 + "]" * 40 + " }\n")
    assert check_file(path) == [(None, "tables or lists nest deeper than 16 levels")]


# ---------------------------------------------------------------- power data


POWER_DATA = [
    # (variant, extra TOML, fault)
    ("flight-and-ferry", "[variant.mine.data]\nferry = 5\n", "data.ferry must be a table, not 5"),
    ("flight-and-ferry", "[variant.mine.data.ferry]\nranks = [true]\n",
     "data.ferry.ranks must be a list of whole numbers"),
    ("flight-and-ferry", "[variant.mine.data.ferry]\nranks = [40]\n", "data.ferry.ranks must be from 1 to 10, not 40"),
    ("flight-and-ferry", "[variant.mine.data.water]\ncrossing_kinds = 3\n",
     "data.water.crossing_kinds must be a list of strings"),
    ("flight-and-ferry", "[variant.mine.data.water]\nflyers = [\"dragon\"]\n", "data.water.flyers names 'dragon'"),
    ("blender", "[variant.mine.data.merging]\nbasic = 7\n", "data.merging.basic must be a list of piece ids, not 7"),
    ("blender", "[variant.mine.data.merging]\nrecipes = 7\n", "data.merging.recipes must be a table, not 7"),
    ("blender", "[variant.mine.data.merging.recipes.mine]\nlines = [1, 2]\n",
     "data.merging.recipes.mine.lines must be a list of strings, not [1, 2]"),
    ("pocket43", "[variant.mine.data]\npocket = [1]\n", "data.pocket must be a table, not [1]"),
    ("pocket43", "[variant.mine.data.pocket]\npieces = [{a = 1}]\n", "data.pocket.pieces must be a list of piece ids"),
    ("friendly", "[variant.mine.data]\nborrower = 5\n", "data.borrower must be a piece id (a string), not 5"),
    ("friendly", "[variant.mine.data]\nrifle = 5\n", "data.rifle must be a Betza string, not 5"),
    ("friendly", '[variant.mine.data]\nswap = "Qx"\n', "data.swap: bad Betza string 'Qx'"),
    ("friendly", "[variant.mine.data]\nlocust = []\n", "data.locust must be a Betza string, not []"),
    ("friendly", "[variant.mine.data]\nwithdrawal = 1\n", "data.withdrawal must be a Betza string, not 1"),
    ("friendly", "[variant.mine.data]\npoison_knight = 1\n", "data.poison_knight must be a Betza string, not 1"),
]


@pytest.mark.parametrize(("parent", "body", "fault"), POWER_DATA)
def test_power_data_of_the_wrong_type_is_a_named_error(
    variant_folder: Path, parent: str, body: str, fault: str
) -> None:
    """Rule: a power's data is checked against the schema on loading, naming the file, the key and the fault."""
    text = f'[variant.mine]\nparent = "{parent}"\n' + body
    with pytest.raises(VariantFileError) as info:
        game_from_text(variant_folder, text)
    assert fault in str(info.value) and str(variant_folder / "mine.toml") in str(info.value)
    problems = check_file(write(variant_folder, text))
    assert any(fault in t for _, t in problems), problems


def test_the_line_of_a_power_data_fault_is_found(tmp_path: Path) -> None:
    text = '[variant.mine]\nparent = "flight-and-ferry"\n\n[variant.mine.data.ferry]\nranks = [40]\n'
    problems = check_file(write(tmp_path, text))
    assert problems == [(5, "data.ferry.ranks must be from 1 to 10, not 40")]


# ---------------------------------------------------------------- check builds the game


def test_check_reports_a_placement_off_the_board(tmp_path: Path) -> None:
    """Rule: every setup's placement is read against the board, so a rank with 9 squares is reported."""
    body = '[variant.mine.setups.standard]\nplacement = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR"\n'
    problems = check_file(write(tmp_path, CHILD + body))
    assert len(problems) == 1
    assert problems[0][0] == 4  # the placement's line
    assert problems[0][1] == "setup 'standard': rank 1 has 9 squares in 'RNBQKBNRR'; the board has 8 files"


def test_check_reports_an_unknown_letter_in_a_placement(tmp_path: Path) -> None:
    body = '[variant.mine.setups.standard]\nplacement = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX"\n'
    problems = check_file(write(tmp_path, CHILD + body))
    assert len(problems) == 1 and "unknown piece letter 'X'" in problems[0][1]


def test_check_tries_every_setup_choice(tmp_path: Path) -> None:
    """A second setup that is broken is found and named, with its line."""
    body = (
        '[variant.mine.setups.odd]\nplacement = "8/8/8/8/8/8/8/Z7"\n'
    )
    problems = check_file(write(tmp_path, CHILD + body))
    assert len(problems) == 1
    assert problems[0][0] == 4
    assert problems[0][1] == "setup 'odd': rank 1: unknown piece letter 'Z'; this variant uses: B K N P Q R"


def test_check_command_prints_each_problem_and_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, CHILD + "data = 5\n[variant.mine.castling]\nking_steps = \"two\"\n")
    assert cli_main(["check", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [
        f"{path}:3: 'data' must be a table, not 5",
        f"{path}:5: castling.king_steps must be a whole number, not 'two'",
    ]


def test_every_builtin_file_passes_check() -> None:
    for path in sorted(BUILTIN_DIR.glob("*.toml")):
        errors, _ = check_file_report(path)
        assert errors == [], path


# ---------------------------------------------------------------- one bad file


BAD_FILES = {
    "foo.toml": "[variant]\nfoo = 5\n",
    "syntax.toml": "[variant.bad\n",
    "data.toml": '[variant.typed]\nparent = "chess"\ndata = 5\n',
}


@pytest.fixture
def user_folder(variant_folder: Path) -> Path:
    for name, text in BAD_FILES.items():
        write(variant_folder, text, name)
    add_variant(variant_folder, '[variant.fine]\nparent = "chess"\nname = "Fine"\n', "fine")
    return variant_folder


def test_bad_user_files_leave_every_other_variant_playable(user_folder: Path) -> None:
    """Rule: one malformed file in the user's folder never breaks variant_ids() or new_game."""
    ids = rules.variant_ids()
    assert "fine" in ids and "chess" in ids and "typed" not in ids
    assert rules.new_game("fine").fen().startswith("rnbqkbnr/")
    broken = rules.broken_variants()
    assert broken == {
        str(user_folder / "foo.toml"): "line 2: variant.foo must be a table [variant.<id>], not 5",
        str(user_folder / "syntax.toml"): broken[str(user_folder / "syntax.toml")],
        "typed": f"{user_folder / 'data.toml'}:3: 'data' must be a table, not 5",
    }
    assert broken[str(user_folder / "syntax.toml")].startswith("line 1: not valid TOML")
    with pytest.raises(VariantFileError):
        rules.new_game("typed")


def test_variants_command_lists_broken_files_with_their_error(
    user_folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli_main(["variants"]) == 0
    out = capsys.readouterr().out
    assert "fine\n" in out and "not playable (3):" in out
    assert f"  typed: {user_folder / 'data.toml'}:3: 'data' must be a table, not 5" in out
    assert f"  {user_folder / 'foo.toml'}: line 2: variant.foo must be a table" in out


def test_a_broken_user_copy_of_a_builtin_variant_falls_back_to_the_builtin(variant_folder: Path) -> None:
    text = '[variant.chess]\nreplaces_builtin = true\nname = "My chess"\nfiles = "eight"\n'
    add_variant(variant_folder, text, "chess")
    assert rules.variant("chess").name == "Chess"
    assert len(rules.new_game("chess").legal_moves()) == 20
    reason = rules.broken_variants()[str(variant_folder / "chess.toml")]
    assert reason.startswith("line 1: [variant.chess] needs the key 'pieces'")  # a replacement is written whole
    assert "built-in 'chess' is used instead" in reason


def test_a_variant_that_breaks_only_at_start_raises_a_rules_error(variant_folder: Path) -> None:
    body = '[variant.mine.setups.standard]\nplacement = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX"\n'
    with pytest.raises(RulesError, match="unknown piece letter 'X'"):
        game_from_text(variant_folder, CHILD + body)


# ---------------------------------------------------------------- overlapping atoms


def piece_variant(folder: Path, betza: str, setup: str = "k7/8/8/8/8/8/8/7K") -> Rules:
    text = f"""[variant.mine]
files = 8
ranks = 8
royal = ["king"]
[variant.mine.pieces.king]
letter = "K"
betza = "K"
[variant.mine.pieces.rook]
letter = "R"
betza = "R"
[variant.mine.pieces.amazon]
letter = "A"
betza = "{betza}"
tracks_moved = true
[variant.mine.setups.standard]
placement = "{setup}"
"""
    return rules_from_text(folder, text)


def moves_from(folder: Path, betza: str, placement: dict[str, str], square: str) -> list[str]:
    from rules.game import new_game_from_placement

    game = new_game_from_placement(piece_variant(folder, betza), placement, "white")
    return [str(m) for m in game.legal_moves() if m.origin == square]


def test_qr_gives_each_queen_move_once(variant_folder: Path) -> None:
    """Rule: overlapping atoms are merged. QR from d4 (own king h1, black king a8, black rook d7):
    rook lines d1-d3, d5-d6 and the capture on d7, a4-c4, e4-h4 (13); diagonals a1-c3, e5-h8,
    a7-c5, e3-g1 (13): 26 distinct moves, none listed twice."""
    placement = {"d4": "white amazon", "h1": "white king", "a8": "black king", "d7": "black rook"}
    moves = moves_from(variant_folder, "QR", placement, "d4")
    assert len(moves) == len(set(moves)) == 26
    assert sorted(moves) == sorted(moves_from(variant_folder, "Q", placement, "d4"))


@pytest.mark.parametrize(("betza", "plain"), [("QR", "Q"), ("RW", "R"), ("KQ", "Q"), ("mRcRR", "R"), ("BFF2", "B")])
def test_overlapping_atoms_give_the_perft_of_the_plain_piece(variant_folder: Path, betza: str, plain: str) -> None:
    """A piece written with overlapping atoms moves exactly like the plain piece: same perft."""
    from rules.game import new_game_from_placement

    placement = {"d4": "white amazon", "e1": "white king", "e8": "black king", "b6": "black amazon", "g2": "white rook"}
    counts = []
    for text in (betza, plain):
        game = new_game_from_placement(piece_variant(variant_folder, text), placement, "white")
        counts.append(perft(game.pos, 3))
    assert counts[0] == counts[1]


def test_a_partly_overlapping_move_and_capture_pair_is_merged(variant_folder: Path) -> None:
    """mRcW2mW: moves along the whole rook lines (mW adds nothing), captures one or two squares
    away. From a1 (own king h2, black king h8, black rooks a4 and c1): moves a2, a3 and b1; the
    rook on a4 is three away, out of capture range; the one on c1 is taken: 4 moves, each once."""
    placement = {"a1": "white amazon", "h2": "white king", "h8": "black king", "a4": "black rook", "c1": "black rook"}
    moves = moves_from(variant_folder, "mRcW2mW", placement, "a1")
    assert sorted(moves) == ["a1a2", "a1a3", "a1b1", "a1c1"]


def test_an_initial_double_step_under_a_single_step_is_merged(variant_folder: Path) -> None:
    """ifmW2 and fmW overlap on the first step: the unmoved piece on e2 has e3 and e4, once each;
    after it has moved, only the single step."""
    built = piece_variant(variant_folder, "fmWifmW2", "k7/8/8/8/8/8/4A3/7K")
    game = Game(built, built.start_position())
    assert sorted(str(m) for m in game.legal_moves() if m.origin == "e2") == ["e2e3", "e2e4"]
    game.play("e2e3")
    game.play("a8b8")
    assert [str(m) for m in game.legal_moves() if m.origin == "e3"] == ["e3e4"]


def test_check_warns_about_overlapping_atoms(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, CHILD + '[variant.mine.pieces.queen]\nbetza = "QR"\n')
    errors, warnings = check_file_report(path)
    assert errors == []
    assert len(warnings) == 1 and warnings[0][0] == 4
    assert "piece 'queen' (QR): atoms W and W both give the moves along" in warnings[0][1]
    assert cli_main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"{path}:4: warning: piece 'queen' (QR)" in out and f"{path}: OK" in out


def test_a_leap_landing_on_a_ride_gives_the_move_once(variant_folder: Path) -> None:
    """Rule: duplicate moves are merged. RD on a1 (own king h3, black king h8, black rook a2): the
    rook captures on a2 and rides b1-h1; the D leaps over a2 to a3 and lands on c1, where the
    ride goes too: 9 moves, c1 once."""
    placement = {"a1": "white amazon", "h3": "white king", "h8": "black king", "a2": "black rook"}
    moves = moves_from(variant_folder, "RD", placement, "a1")
    assert sorted(moves) == sorted(["a1a2", "a1a3", *(f"a1{f}1" for f in "bcdefgh")])


def test_check_warns_about_a_leap_on_a_ride(tmp_path: Path) -> None:
    """RD: the D leap lands where the rook's second step goes: the generator lists that move once,
    and check points out the overlap."""
    path = write(tmp_path, CHILD + '[variant.mine.pieces.rook]\nbetza = "RD"\n')
    _, warnings = check_file_report(path)
    assert any("atom D lands on a square that W rides to" in text for _, text in warnings), warnings


@pytest.mark.parametrize(
    ("betza", "tracks", "warning"),
    [
        ("iW", "false", "'i' on W does nothing: the piece does not track whether it moved (tracks_moved)"),
        ("pN", "true", "'p' on the leap N gives no move: a leap has no square beyond a hurdle"),
        ("nB", "true", "'n' on F does nothing: only leaps longer than one step can be blocked"),
    ],
)
def test_check_warns_about_modifiers_that_do_nothing(tmp_path: Path, betza: str, tracks: str, warning: str) -> None:
    path = write(tmp_path, CHILD + f'[variant.mine.pieces.bishop]\nbetza = "{betza}"\ntracks_moved = {tracks}\n')
    errors, warnings = check_file_report(path)
    assert errors == []
    assert warnings == [(4, f"piece 'bishop' ({betza}): {warning}")]


def test_check_reports_castling_steps_that_leave_the_board(tmp_path: Path) -> None:
    """king_steps = 7 from e1 goes past h1 and a1: castling could never happen, and check says so."""
    problems = check_file(write(tmp_path, CHILD + "[variant.mine.castling]\nking_steps = 7\n"))
    assert problems == [
        (4, "variant 'mine': castling K: king_steps = 7 takes the king on e1 off the board, so it can never "
               "castle that way"),
        (4, "variant 'mine': castling Q: king_steps = 7 takes the king on e1 off the board, so it can never "
               "castle that way"),
        (4, "variant 'mine': castling k: king_steps = 7 takes the king on e8 off the board, so it can never "
               "castle that way"),
        (4, "variant 'mine': castling q: king_steps = 7 takes the king on e8 off the board, so it can never "
               "castle that way"),
    ]


def test_the_commands_start_with_a_broken_user_folder(user_folder: Path) -> None:
    """Rule: a malformed user file breaks neither `python -m rules variants` nor `fairygui --help`."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "FAIRYCHESS_VARIANTS": str(user_folder), "QT_QPA_PLATFORM": "offscreen"}
    for args in (["-m", "rules", "variants"], ["-m", "fairygui", "--help"]):
        done = subprocess.run([sys.executable, *args], env=env, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        assert "Traceback" not in done.stderr
        assert "fine" in done.stdout


def test_a_fifo_in_the_user_folder_is_listed_broken_and_never_read(tmp_path: Path) -> None:
    """A named pipe called *.toml would block a reader forever: it is refused unread."""
    import os

    os.mkfifo(tmp_path / "pipe.toml")
    write(tmp_path, '[variant.fine]\nparent = "chess"\n', "fine.toml")
    catalogue = Catalogue([BUILTIN_DIR, tmp_path])
    assert "fine" in catalogue.ids()
    assert catalogue.broken() == {str(tmp_path / "pipe.toml"): "not a regular file"}


def test_check_names_a_missing_file(tmp_path: Path) -> None:
    assert check_file(tmp_path / "absent.toml") == [(None, "no such file")]


def test_editing_a_merged_table_changes_neither_the_variant_nor_its_children() -> None:
    # The designer edits merged tables as drafts; Extinction chess is a child of chess and
    # must keep chess's six kinds after a draft of chess gains a seventh.
    from rules.catalogue import Catalogue

    cat = Catalogue()
    draft = cat.merged_table("chess")
    draft["pieces"]["cannon"] = {"letter": "X", "betza": "mRpcR"}
    draft["royal"].append("cannon")
    assert "cannon" not in cat.get("chess").pieces
    assert "cannon" not in cat.get("extinction").pieces
    assert cat.merged_table("chess")["royal"] == ["king"]
