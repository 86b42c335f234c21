"""Every input surface answers bad input with its own named error, quoting at most a short
excerpt, within named limits; and records keep what they hold."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from textvariants import add_variant

import rules
from fairygui.editor.draft import read_text
from rules.catalogue import BUILTIN_DIR, Catalogue
from rules.cli import main as cli_main
from rules.files import read_user_file
from rules.limits import EXCERPT_CHARS, MAX_COUNTER, MAX_MOVE_TEXT_CHARS, MAX_POOL_PIECES
from rules.record import options_text, parse_options_text

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
EMPTY = "4k3/8/8/8/8/8/8/4K3 w - - "
#: A message may quote an excerpt, the input's length and its own words, never the input.
MESSAGE_BOUND = 8 * EXCERPT_CHARS


# ------------------------------------------------------------------ position text


@pytest.mark.parametrize(
    ("counters", "fragment"),
    [
        ("² 1", "halfmove clock"),
        ("0 ٣", "fullmove number"),
        ("0 ¹²", "fullmove number"),
        ("0 " + "9" * 5000, "larger than the limit of"),
        (f"{MAX_COUNTER + 1} 1", "larger than the limit of"),
        ("-1 1", "halfmove clock"),
    ],
    ids=["superscript-two", "arabic-indic-three", "superscripts", "5000-digits", "past-limit", "negative"],
)
def test_counters_take_ascii_digits_within_the_limit(counters: str, fragment: str) -> None:
    fen = EMPTY + counters
    with pytest.raises(rules.FenError) as info:
        rules.new_game("chess", fen=fen)
    assert fragment in str(info.value) and len(str(info.value)) < MESSAGE_BOUND
    problems = rules.check_position("chess", fen)
    assert len(problems) == 1 and fragment in problems[0]
    with pytest.raises(rules.FenError):
        read_text("chess", {}, fen)  # the setup editor's draft


def test_counters_at_the_limit_are_read() -> None:
    game = rules.new_game("chess", fen=EMPTY + f"{MAX_COUNTER} {MAX_COUNTER}")
    assert game.pos.halfmove == MAX_COUNTER and game.pos.fullmove == MAX_COUNTER


def test_non_ascii_digits_in_a_placement_are_refused() -> None:
    with pytest.raises(rules.FenError) as info:
        rules.new_game("chess", fen="4k3/8/8/8/8/8/8/4K٣ w - - 0 1")
    assert "unexpected character" in str(info.value)


def test_unknown_fields_are_refused_not_kept() -> None:
    with pytest.raises(rules.FenError) as info:
        rules.new_game("chess", fen=START + " colour=green")
    assert "unknown position text field 'colour'" in str(info.value)
    # A power's state is known only in the variant that has the power.
    with pytest.raises(rules.FenError):
        rules.new_game("chess", fen=START + " ferries=(c5,f5)")
    friendly = rules.new_game("friendly").fen()
    game = rules.new_game("friendly", fen=friendly + " hia-switched=(f2)")
    assert "hia-switched=(f2)" in game.fen()


@pytest.mark.parametrize("variant_id", rules.variant_ids())
def test_unknown_fields_are_refused_in_every_variant_and_known_ones_kept(variant_id: str) -> None:
    game = rules.new_game(variant_id)
    with pytest.raises(rules.FenError) as info:
        rules.new_game(variant_id, fen=game.fen() + " zz-unknown=(a1)")
    assert "'zz-unknown'" in str(info.value)
    assert rules.new_game(variant_id, fen=game.fen()).fen() == game.fen()  # its own fields read back


def test_power_state_values_are_short_words() -> None:
    start = rules.new_game("flight-and-ferry").fen().replace(" ferries=(c5,f5)", "")
    for value, fragment in (("(c5," + "ferries=" * 2000 + "f5)", "characters; the limit is"),
                            ("(c5,f5=)", "not a square name"), ("(" + "c" * 30 + ",f5)", "not a square name")):
        with pytest.raises(rules.FenError) as info:
            rules.new_game("flight-and-ferry", fen=f"{start} ferries={value}")
        assert fragment in str(info.value) and len(str(info.value)) < MESSAGE_BOUND
    assert "ferries=(d5,f5)" in rules.new_game("flight-and-ferry", fen=f"{start} ferries=(d5,f5)").fen()


def test_a_field_given_twice_is_refused() -> None:
    with pytest.raises(rules.FenError) as info:
        rules.new_game("chess", fen=EMPTY + "0 1 captured=Q/ captured=R/")
    assert "twice" in str(info.value)


def test_pools_have_a_size_limit_and_large_pools_read() -> None:
    at_limit = EMPTY + "0 1 captured=" + "Q" * MAX_POOL_PIECES + "/" + "q" * MAX_POOL_PIECES
    game = rules.new_game("chess", fen=at_limit)
    assert len(game.pos.pools[0]) == MAX_POOL_PIECES and len(game.pos.pools[1]) == MAX_POOL_PIECES
    assert rules.new_game("chess", fen=game.fen()).fen() == game.fen()
    with pytest.raises(rules.FenError) as info:
        rules.new_game("chess", fen=EMPTY + "0 1 captured=" + "Q" * 8000 + "/")
    assert "pieces for one side; the limit is" in str(info.value)


def test_pool_order_as_written_does_not_matter() -> None:
    a = rules.new_game("chess", fen=EMPTY + "0 1 captured=QNR/bp")
    b = rules.new_game("chess", fen=EMPTY + "0 1 captured=RQN/pb")
    assert a.fen() == b.fen() and a.pos.key() == b.pos.key()


@pytest.mark.parametrize(
    ("fen", "fragment"),
    [
        ("4k3/8/8/8/8/8/8/4K2" + "Z" * 5000 + " w - - 0 1", "unknown piece letter"),
        ("4k3/8/8/8/8/8/8/4K2{" + "Q" * 5000 + "} w - - 0 1", "unknown piece letter"),
        ("4k3/8/8/8/8/8/8/" + "9" * 5000 + " w - - 0 1", "empty squares"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 " + "x" * 5000 + "=1", "unknown position text field"),
        ("4k3/8/8/8/8/8/8/4K2Q[c=" + "z" * 5000 + "] w - - 0 1", "unknown component"),
        ("4k3/8/8/8/8/8/8/4K3 " + "w" * 5000 + " - - 0 1", "side to move"),
        ("x" * 30000, "is longer than the limit of"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1" + " a=1" * 100, "extra fields; the limit is"),
    ],
    ids=["letters", "long-letter", "run", "field", "component", "side", "huge", "many-fields"],
)
def test_position_text_errors_quote_a_short_excerpt(fen: str, fragment: str) -> None:
    with pytest.raises(rules.FenError) as info:
        rules.new_game("chess", fen=fen)
    assert fragment in str(info.value)
    assert len(str(info.value)) < MESSAGE_BOUND


def test_check_position_never_raises_for_bad_content() -> None:
    assert "no option" in rules.check_position("chess", START, {"colour": "red"})[0]
    assert "dai-dai-shogi" in rules.check_position("dai-dai-shogi", START)[0]
    assert rules.check_position("chess", EMPTY + "² 1")
    with pytest.raises(TypeError, match="fen"):
        rules.check_position("chess", 5)  # type: ignore[arg-type]


def test_command_line_names_the_fault(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["moves", "chess", "--fen", EMPTY + "0 ²"]) == 2
    assert "fullmove number" in capsys.readouterr().err


# ------------------------------------------------------------------ API types and options


@pytest.mark.parametrize(
    ("kwargs", "parameter"),
    [
        ({"options": [("fifty_move_rule", True)]}, "options"),
        ({"options": "fifty_move_rule=true"}, "options"),
        ({"placement": ["e1", "white king"]}, "placement"),
        ({"placement": {"e1": 5}}, "placement"),
        ({"placement": {5: "white king"}}, "placement"),
        ({"to_move": 0}, "to_move"),
        ({"fen": b"8/8/8/8/8/8/8/8 w"}, "fen"),
    ],
)
def test_wrong_python_types_raise_type_error_naming_the_parameter(kwargs: dict[str, object], parameter: str) -> None:
    with pytest.raises(TypeError, match=parameter):
        rules.new_game("chess", **kwargs)  # type: ignore[arg-type]


def test_wrong_types_elsewhere_in_the_api() -> None:
    with pytest.raises(TypeError, match="variant_id"):
        rules.new_game(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="text"):
        rules.load_game(b"[Variant]")  # type: ignore[arg-type]
    game = rules.new_game("chess")
    with pytest.raises(TypeError, match="move"):
        game.play(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="move"):
        game.play(("normal", "e2", "e4"))  # type: ignore[arg-type]
    assert game.ply == 0


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        ({"no_such": True}, "'no_such'"),
        ({5: True}, "option names are text"),
        ({"fifty_move_rule": [True]}, "'fifty_move_rule'"),
        ({"fifty_move_rule": {"a": 1}}, "'fifty_move_rule'"),
        ({"fifty_move_rule": None}, "'fifty_move_rule'"),
        ({"fifty_move_rule": float("nan")}, "'fifty_move_rule'"),
        ({"fifty_move_rule": 2}, "'fifty_move_rule'"),
        ({"fifty_move_rule": "²"}, "'fifty_move_rule'"),
        ({"fifty_move_rule": "x" * 100_000}, "characters is longer than the limit of"),
        ({"x" * 100_000: True}, "has no option"),
    ],
)
def test_bad_options_name_the_option(options: dict[object, object], fragment: str) -> None:
    with pytest.raises(rules.OptionError) as info:
        rules.new_game("chess", options=options)  # type: ignore[arg-type]
    assert fragment in str(info.value) and len(str(info.value)) < MESSAGE_BOUND


def test_placement_errors_are_named_and_short() -> None:
    with pytest.raises(rules.SetupError) as info:
        rules.new_game("chess", placement={"e1": "white " + "k" * 10_000})
    assert len(str(info.value)) < MESSAGE_BOUND + 300  # the message lists the variant's pieces
    with pytest.raises(rules.SetupError) as info:
        rules.new_game("chess", placement={"e1": "white king"}, to_move="blue")
    assert "'blue'" in str(info.value)


# ------------------------------------------------------------------ move text


@pytest.mark.parametrize(
    "text",
    ["", "   ", "e2", "e2e4e5", "e2e9", "é2e4", "e٢e4", "e2e4=", "e2e4/", "x" * 10_000, "\x00", "e2e4=QUEEN",
     "a0a1", "e2-e4-e5", "z9z9", "🙂", "e7e5\n", "1-0"],
)
def test_any_move_text_gives_a_named_error_and_changes_nothing(text: str) -> None:
    game = rules.new_game("chess")
    game.play("d2d4")
    before = game.fen()
    if text == "e7e5\n":
        assert str(game.play(text)) == "e7e5"  # surrounding white space is allowed
        return
    with pytest.raises((rules.MoveParseError, rules.IllegalMoveError)) as info:
        game.play(text)
    assert len(str(info.value)) < MESSAGE_BOUND + 200
    assert game.fen() == before and game.ply == 1 and game.can_redo is False


def test_move_text_has_a_named_length_limit() -> None:
    game = rules.new_game("chess")
    with pytest.raises(rules.MoveParseError) as info:
        game.play("e2e4" + " " * 10 + "/" + "a" * MAX_MOVE_TEXT_CHARS)
    assert "longer than the limit of" in str(info.value)


# ------------------------------------------------------------------ game records


def _wide_variant(folder: Path) -> None:
    """A 26-file board (files a..z) with a free-text option and an option of numbers."""
    add_variant(
        folder,
        """[variant.wide]
parent = "chess"
name = "Wide"
files = 26
ranks = 8

[variant.wide.setups.standard]
placement = "k25/p25/26/26/26/26/P25/K24R"

[variant.wide.options.note]
description = "any text"
default = ""
choices = [""]
free_text = true

[variant.wide.options.ratio]
description = "a number"
default = 3
choices = [3, 5]
""",
        "wide",
    )


@pytest.fixture
def wide(variant_folder: Path) -> str:
    _wide_variant(variant_folder)
    return "wide"


def test_records_keep_moves_on_files_x_y_z(wide: str) -> None:
    game = rules.new_game(wide)
    for text in ("z1x1", "a8b8", "x1x7", "b8a8", "x7x8", "a8b7", "x8y8"):
        game.play(text)
    again = rules.load_game(rules.game_record(game))
    assert [str(m) for m in again.history] == ["z1x1", "a8b8", "x1x7", "b8a8", "x7x8", "a8b7", "x8y8"]
    assert again.fen() == game.fen()


@pytest.mark.parametrize("note", ["a;b", "line\nbreak", "back\\slash", 'say "hi"', "x\\;y", "cr\rlf", "a\\n"])
def test_records_keep_option_text_with_separators(wide: str, note: str) -> None:
    game = rules.new_game(wide, options={"note": note, "ratio": 5})
    game.play("a2a3")
    again = rules.load_game(rules.game_record(game))
    assert again.options == game.options
    assert again.options["ratio"] == 5 and again.options["note"] == note


def test_an_option_of_fractions_is_refused_where_it_is_defined(tmp_path: Path) -> None:
    """Options hold true/false, whole numbers or text, so every record reads back; a variant file
    offering 1.5 is refused when read, naming the option."""
    (tmp_path / "frac.toml").write_text(
        '[variant.frac]\nparent = "chess"\n[variant.frac.options.ratio]\ndefault = 1.5\nchoices = [1.5, 2.5]\n'
    )
    with pytest.raises(rules.VariantFileError, match="options.ratio.default must be true/false, a whole number or a"):
        Catalogue([BUILTIN_DIR, tmp_path]).get("frac")


def test_options_text_round_trip_and_refuses_what_no_record_holds() -> None:
    options = {"a": "x;y", "b": 1.25, "c": True, "d": 7, "e": "p\\q\nr", "f=g": "h=i"}
    written = {"a": "x;y", "b": "1.25", "c": "true", "d": "7", "e": "p\\q\nr", "f=g": "h=i"}
    assert parse_options_text(options_text(options)) == written
    assert parse_options_text("a=b=c; d = e") == {"a": "b=c", "d": "e"}  # records written before escaping
    with pytest.raises(rules.GameRecordError):
        options_text({"a": [1]})
    with pytest.raises(rules.GameRecordError):
        options_text({" a": 1})
    with pytest.raises(rules.GameRecordError):
        rules.game_record(rules.new_game("chess"), {"Bad Tag": "x"})


def test_tags_with_line_breaks_read_back() -> None:
    game = rules.new_game("chess")
    game.play("e2e4")
    text = rules.game_record(game, {"Event": 'Club\nnight "A"', "Annotator": "back\\slash"})
    assert "\n[Result" in text and text.count("[Event") == 1
    again = rules.load_game(text)
    assert again.fen() == game.fen()


def test_actions_are_pgn_comment_commands_and_the_old_form_still_reads() -> None:
    game = rules.new_game("friendly")
    game.play("f2/hia-off")
    game.play("e3e4")
    record = rules.game_record(game)
    assert "{[%action f2/hia-off]} 1. PTe4" in record  # the move in SAN, the action in coordinates
    assert [str(m) for m in rules.load_game(record).history] == ["f2/hia-off", "e3e4"]
    old = record.replace("{[%action f2/hia-off]}", "{action f2/hia-off}")
    assert [str(m) for m in rules.load_game(old).history] == ["f2/hia-off", "e3e4"]


def test_other_programs_pgn_comments_variations_and_nags_are_skipped() -> None:
    text = (
        '% written by another program\n[Event "x"]\n[Variant "chess"]\n\n'
        "1. e2e4 $1 {a comment\nover two lines [%clk 0:05:00]} e7e5!? ; rest of the line\n"
        "2. g1f3 (2. f2f4 e5f4 (2... d7d5)) 2... b8c6 3.f1b5+ 1-0 4. this is not read\n"
    )
    game = rules.load_game(text)
    assert [str(m) for m in game.history] == ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"]


@pytest.mark.parametrize(
    ("body", "fragment", "line"),
    [
        ("1. e2e4 (e7e5\n", "never closed", 4),
        ("1. e2e4 ) e7e5\n", "closes no variation", 4),
        ("1. e2e4\n{never closed\n\n", "never closed", 5),
        ("1. " + "q" * 7_000_000 + " *\n", "cannot read move", 4),
        ("1. e2e4 Nf4 *\n", "'Nf4'", 4),
    ],
    ids=["variation", "stray-bracket", "comment", "7MB-word", "san"],
)
def test_malformed_records_name_the_line_with_a_short_message(body: str, fragment: str, line: int) -> None:
    with pytest.raises(rules.GameRecordError) as info:
        rules.load_game('[Variant "chess"]\n[Result "*"]\n\n' + body)
    assert fragment in str(info.value) and info.value.line == line
    assert len(str(info.value)) < MESSAGE_BOUND + 200


def test_a_huge_bad_tag_gives_a_short_message() -> None:
    with pytest.raises(rules.GameRecordError) as info:
        rules.load_game('[Variant "chess"]\n[Event "' + "x" * 7_000_000 + "\n\n1. e2e4 *\n")
    assert info.value.line == 2 and len(str(info.value)) < MESSAGE_BOUND + 100


def test_bad_tags_name_their_tag() -> None:
    cases = [
        ('[Variant "dai-dai-shogi"]', "[Variant]"),
        ('[Variant "' + "v" * 100_000 + '"]', "[Variant]"),
        ('[Variant "chess"]\n[Options "fifty_move_rule=sometimes"]', "[Options]"),
        ('[Variant "chess"]\n[Options "colour=red"]', "[Options]"),
        ('[Variant "chess"]\n[Options "nonsense"]', "[Options]"),
        ('[Variant "chess"]\n[FEN "' + EMPTY + '² 1"]', "[FEN]"),
        ('[Variant "chess"]\n[FEN "' + EMPTY + "0 1 captured=" + "Q" * 8000 + '/"]', "for one side; the limit"),
    ]
    for tags, fragment in cases:
        with pytest.raises(rules.GameRecordError) as info:
            rules.load_game(tags + "\n\n*\n")
        assert fragment in str(info.value), tags[:80]
        assert len(str(info.value)) < MESSAGE_BOUND + 200


# ------------------------------------------------------------------ files


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX feature")
def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.pgn"
    os.mkfifo(fifo)
    with pytest.raises(rules.UserFileError) as info:
        rules.load_game_file(fifo)
    assert "not a regular file" in str(info.value)


@pytest.mark.parametrize(
    ("path", "fragment"),
    [("/dev/zero", "not a regular file"), ("/dev/null", "not a regular file")],
)
def test_devices_are_refused(path: str, fragment: str) -> None:
    if not Path(path).exists():
        pytest.skip(f"{path} does not exist here")
    with pytest.raises(rules.UserFileError) as info:
        read_user_file(path)
    assert fragment in str(info.value)


def test_folders_missing_files_and_bad_encodings_are_named(tmp_path: Path) -> None:
    with pytest.raises(rules.UserFileError, match="folder"):
        read_user_file(tmp_path)
    with pytest.raises(rules.UserFileError, match="no such file"):
        read_user_file(tmp_path / "gone.pgn")
    utf16 = tmp_path / "utf16.pgn"
    utf16.write_bytes('[Variant "chess"]\n'.encode("utf-16"))
    with pytest.raises(rules.UserFileError, match="UTF-16"):
        read_user_file(utf16)
    binary = tmp_path / "binary.pgn"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    with pytest.raises(rules.UserFileError, match="binary"):
        read_user_file(binary)
    latin = tmp_path / "latin.pgn"
    latin.write_bytes('[Event "Café"]'.encode("latin-1"))
    assert read_user_file(latin) == '[Event "Café"]'  # PGN's own encoding reads


def test_files_are_read_by_bytes_up_to_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.pgn"
    path.write_bytes(b"x" * 1001)
    with pytest.raises(rules.UserFileError, match="is larger than 1,000 bytes, the largest file read here"):
        read_user_file(path, limit=1000)
    assert len(read_user_file(path, limit=1001)) == 1001
    bom = tmp_path / "bom.pgn"
    game = rules.new_game("chess")
    game.play("e2e4")
    bom.write_bytes(b"\xef\xbb\xbf" + rules.game_record(game).encode("utf-8"))
    assert rules.load_game_file(bom).fen() == game.fen()
