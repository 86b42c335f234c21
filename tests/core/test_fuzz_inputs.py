"""Mutation fuzzing of every input surface but variant files.

Seeds are real positions, records and moves from seeded random games in every variant.
Hypothesis mutates them (derandomized, a bounded number of examples) and each test
asserts that only a specific, named RulesError subclass (or TypeError for wrong Python
types) escapes, that the message stays short, that a refused input leaves the game in
progress as it was, and that every accepted input round-trips.

``FUZZ_EXAMPLES`` scales the number of examples (``bench/fuzz.py`` runs a long fuzz).
"""

from __future__ import annotations

import os
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import rules
from fairygui.editor.draft import read_text
from fairygui.editor.setupfile import SetupFileError, parse_setup, setup_text
from rules.limits import EXCERPT_CHARS

from .test_inputs import wide  # noqa: F401 - the fixture of a 26-file user variant

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "120"))
#: A message may quote a few excerpts and list a variant's letters, pieces or options.
MESSAGE_BOUND = 30 * EXCERPT_CHARS
#: Characters that mutations insert: field syntax, letters, ASCII and other digits, controls.
ALPHABET = "0123456789/ -=()[]{},.;:+#!?$%*\"\\\n\tKQRBNPFkqrbnpfxyzwm@c²٣¹🙂é\x00\r"
#: Whole words a mutation puts in place of a field: digits Python reads as digits but int()
#: refuses, numbers past every limit, words of the syntax, empty and huge words.
NASTY_NUMBERS = ("²", "٣", "¹²", "１", "0²", "-1", "+1", "1_000", "0x10", "1e3", "9" * 5000, "1" * 4301, "0" * 50 + "1")
NASTY_WORDS = (
    *NASTY_NUMBERS, "", "-", "w", "b", "KQkq", "@pocket=K", "captured=/", "captured=" + "Q" * 1500 + "/", "epv=a1",
    "hia-switched=(a1)", "ferries=()", "x=1", "=", "((", "{", "}", "[%action", "*", "1-0", "1.", "$1", ";",
)
FUZZ = settings(
    derandomize=True,
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
VARIANTS = tuple(rules.variant_ids())


def assert_named(exc: BaseException) -> None:
    """A refusal the caller can tell apart: a specific RulesError subclass, with a short message."""
    event(f"refused: {type(exc).__name__}")  # shown by --hypothesis-show-statistics
    assert isinstance(exc, rules.RulesError), f"{type(exc).__name__} escaped: {exc!s:.300}"
    assert type(exc) is not rules.RulesError, f"bare RulesError: {exc!s:.300}"
    assert len(str(exc)) <= MESSAGE_BOUND, f"a {len(str(exc))}-character message: {str(exc)[:300]}"


@cache
def seed_games() -> tuple[rules.Game, ...]:
    """One short seeded random game per variant, actions included."""
    games = []
    for vid in VARIANTS:
        rng = random.Random(f"fuzz-{vid}")
        game = rules.new_game(vid)
        for _ in range(14):
            if game.result is not None:
                break
            actions = game.legal_actions()
            if actions and rng.random() < 0.3:
                game.play(rng.choice(actions))
            else:
                game.play(rng.choice(game.legal_moves()))
        games.append(game)
    return tuple(games)


@cache
def seed_positions() -> tuple[tuple[str, dict[str, Any], str], ...]:
    """(variant, options, position text) at several plies of each seed game."""
    out = []
    for game in seed_games():
        replay = game.copy_from_start()
        out.append((game.variant, game.options, replay.fen()))
        for i, move in enumerate(game.history):
            replay.play(move)
            if i % 4 == 3:
                out.append((game.variant, game.options, replay.fen()))
    return tuple(out)


@cache
def seed_records() -> tuple[str, ...]:
    records = [rules.game_record(game) for game in seed_games()]
    studies = [rules.new_game(v, options=o, fen=f) for v, o, f in seed_positions()[1::5]]
    for study in studies:  # a FEN tag, then a move
        moves = study.legal_moves()
        if moves:
            study.play(moves[0])
        records.append(rules.game_record(study))
    return tuple(records)


@st.composite
def mutated(draw: st.DrawFn, seeds: tuple[str, ...]) -> str:
    """A seed text with a few edits: insert, delete, replace, duplicate or repeat a span, swap
    two characters, or put a nasty word in place of a whole word."""
    text = draw(st.sampled_from(seeds))
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(("insert", "delete", "replace", "duplicate", "repeat", "swap", "word", "word")))
        if op == "word":
            words = text.split(" ")
            k = draw(st.integers(0, len(words) - 1))
            words[k] = draw(st.one_of(st.sampled_from(NASTY_WORDS), st.text(ALPHABET, max_size=6)))
            text = " ".join(words)
            continue
        i = draw(st.integers(0, len(text)))
        j = draw(st.integers(i, min(len(text), i + 12)))
        if op == "insert":
            text = text[:i] + draw(st.text(ALPHABET, min_size=1, max_size=4)) + text[i:]
        elif op == "delete":
            text = text[:i] + text[j:]
        elif op == "replace":
            text = text[:i] + draw(st.text(ALPHABET, min_size=1, max_size=3)) + text[j:]
        elif op == "duplicate":
            text = text[:j] + text[i:j] + text[j:]
        elif op == "repeat":  # past any limit: pools, counters, runs, fields
            text = text[:j] + text[i:j] * draw(st.sampled_from((50, 2000))) + text[j:]
        elif text:
            k = draw(st.integers(0, len(text) - 1))
            a, b = sorted((i % len(text), k))
            text = text[:a] + text[b:b + 1] + text[a + 1:b] + text[a:a + 1] + text[b + 1:]
    return text


@st.composite
def _field_edits(draw: st.DrawFn, text: str) -> str:
    """A position text with one to three whole fields replaced or added (index past the end)."""
    fields = text.split()
    for _ in range(draw(st.integers(1, 3))):
        index = draw(st.integers(0, 7))
        word = draw(
            st.one_of(st.sampled_from(NASTY_NUMBERS), st.sampled_from(NASTY_WORDS), st.text(ALPHABET, max_size=6))
        )
        if index < len(fields):
            fields[index] = word
        else:
            fields.append(word)
    return " ".join(fields)


def _positions() -> st.SearchStrategy[tuple[str, dict[str, Any], str]]:
    def edits(seed: tuple[str, dict[str, Any], str]) -> st.SearchStrategy[tuple[str, dict[str, Any], str]]:
        vid, options, fen = seed
        return st.one_of(mutated((fen,)), _field_edits(fen)).map(lambda text: (vid, options, text))

    return st.sampled_from(seed_positions()).flatmap(edits)


# ------------------------------------------------------------------ position text


def test_every_seed_position_round_trips() -> None:
    for vid, options, fen in seed_positions():
        game = rules.new_game(vid, options=options, fen=fen)
        assert game.fen() == fen
        assert rules.check_position(vid, fen, options) == []  # positions reached in play are fit to start


@FUZZ
@given(_positions())
def test_mutated_position_text(case: tuple[str, dict[str, Any], str]) -> None:
    vid, options, fen = case
    problems = rules.check_position(vid, fen, options)  # never raises
    assert isinstance(problems, list) and all(isinstance(p, str) and len(p) <= MESSAGE_BOUND for p in problems)
    try:
        read_text(vid, options, fen)  # the setup editor's draft
    except Exception as exc:  # noqa: BLE001 - the assertion names what escaped
        assert_named(exc)
    try:
        game = rules.new_game(vid, options=options, fen=fen)
    except Exception as exc:  # noqa: BLE001
        assert_named(exc)
        return
    written = game.fen()
    again = rules.new_game(vid, options=options, fen=written)
    assert again.fen() == written and again.pos.key() == game.pos.key()
    try:
        moves = game.legal_moves()
    except Exception as exc:  # noqa: BLE001 - an accepted position must be playable or named
        assert_named(exc)
        return
    assert sorted(map(str, moves)) == sorted(map(str, again.legal_moves()))


# ------------------------------------------------------------------ game records


def test_every_seed_record_round_trips() -> None:
    for record in seed_records():
        game = rules.load_game(record)
        again = rules.load_game(rules.game_record(game))
        assert [str(m) for m in again.history] == [str(m) for m in game.history]
        assert again.fen() == game.fen()


@FUZZ
@given(mutated(seed_records()))
def test_mutated_game_records(text: str) -> None:
    try:
        game = rules.load_game(text)
    except Exception as exc:  # noqa: BLE001
        assert_named(exc)
        assert isinstance(exc, rules.GameRecordError)
        return
    again = rules.load_game(rules.game_record(game))
    assert [str(m) for m in again.history] == [str(m) for m in game.history]
    assert again.fen() == game.fen() and again.options == game.options


# ------------------------------------------------------------------ move text


@cache
def _move_texts() -> tuple[str, ...]:
    texts: set[str] = set()
    for vid, options, fen in seed_positions():
        game = rules.new_game(vid, options=options, fen=fen)
        texts.update(str(m) for m in game.legal_moves() + game.legal_actions())
    return tuple(sorted(texts))


@FUZZ
@given(
    st.sampled_from(seed_positions()),
    st.one_of(mutated(_move_texts()), st.text(max_size=30), st.sampled_from(_move_texts())),
)
@pytest.mark.slow
def test_move_text_is_played_or_refused_by_name(case: tuple[str, dict[str, Any], str], text: str) -> None:
    vid, options, fen = case
    game = rules.new_game(vid, options=options, fen=fen)
    try:
        move = game.play(text)
    except Exception as exc:  # noqa: BLE001
        assert_named(exc)
        assert isinstance(exc, (rules.MoveParseError, rules.IllegalMoveError))
        assert game.fen() == fen and game.ply == 0  # nothing half-applied
        return
    game.undo()
    assert game.fen() == fen
    assert game.parse_move(str(move)) == move  # move text -> move -> text


# ------------------------------------------------------------------ options and placements


def _option_values() -> st.SearchStrategy[Any]:
    choices = [c for vid in VARIANTS for o in rules.variant(vid).options.values() for c in o.choices]
    return st.one_of(
        st.sampled_from(choices), st.booleans(), st.integers(-3, 300), st.floats(), st.text(ALPHABET, max_size=20),
        st.none(), st.lists(st.integers(), max_size=2), st.dictionaries(st.text(max_size=2), st.integers(), max_size=1),
    )


def _option_names() -> st.SearchStrategy[Any]:
    names = sorted({n for vid in VARIANTS for n in rules.variant(vid).options})
    return st.one_of(st.sampled_from(names), st.text(ALPHABET, max_size=10), st.integers())


@FUZZ
@given(st.sampled_from(VARIANTS), st.dictionaries(_option_names(), _option_values(), max_size=3))
def test_options_are_taken_or_refused_by_name(vid: str, options: dict[Any, Any]) -> None:
    try:
        game = rules.new_game(vid, options=options)
    except Exception as exc:  # noqa: BLE001
        assert_named(exc)
        assert isinstance(exc, (rules.OptionError, rules.SetupError))
        return
    assert rules.load_game(rules.game_record(game)).options == game.options


def _placements() -> st.SearchStrategy[tuple[str, dict[Any, Any], Any]]:
    def for_variant(vid: str) -> st.SearchStrategy[tuple[str, dict[Any, Any], Any]]:
        game = rules.new_game(vid)
        squares = st.one_of(st.sampled_from(game.rules.geo.names), st.text(ALPHABET, max_size=4))
        ids = sorted(t.id for t in game.rules.types.values())
        pieces = st.one_of(
            st.builds(lambda c, k: f"{c} {k}", st.sampled_from(("white", "black", "green")), st.sampled_from(ids)),
            st.text(ALPHABET, max_size=12),
        )
        to_move = st.sampled_from(("white", "black", "blue", ""))
        return st.tuples(st.just(vid), st.dictionaries(squares, pieces, max_size=8), to_move)

    return st.sampled_from(VARIANTS).flatmap(for_variant)


@FUZZ
@given(_placements())
@pytest.mark.slow
def test_placements_are_set_up_or_refused_by_name(case: tuple[str, dict[Any, Any], Any]) -> None:
    vid, placement, to_move = case
    try:
        game = rules.new_game(vid, placement=placement, to_move=to_move)
    except Exception as exc:  # noqa: BLE001
        assert_named(exc)
        return
    assert rules.new_game(vid, fen=game.fen()).fen() == game.fen()


@FUZZ
@given(st.sampled_from(("options", "placement", "to_move", "fen")),
       st.one_of(st.integers(), st.binary(max_size=4), st.lists(st.text(max_size=2), max_size=2), st.floats()))
def test_wrong_python_types_name_the_parameter(parameter: str, value: Any) -> None:
    try:
        rules.new_game("chess", **{parameter: value})
    except TypeError as exc:
        assert parameter in str(exc)
    else:
        raise AssertionError(f"{parameter}={value!r} was accepted")


# ------------------------------------------------------------------ files and setup files


def _encodings() -> st.SearchStrategy[bytes]:
    return st.tuples(mutated(seed_records()), st.sampled_from(("utf-8", "utf-8-sig", "utf-16", "latin-1", "nul"))).map(
        lambda pair: pair[0].encode("utf-8") + b"\x00" if pair[1] == "nul"
        else pair[0].encode(pair[1], errors="replace")
    )


@FUZZ
@given(_encodings())
def test_game_record_files_are_read_or_refused_by_name(tmp_path_factory: Any, data: bytes) -> None:
    path: Path = tmp_path_factory.mktemp("fuzz") / "game.pgn"
    path.write_bytes(data)
    try:
        rules.load_game_file(path)
    except Exception as exc:  # noqa: BLE001
        assert_named(exc)
        assert isinstance(exc, (rules.UserFileError, rules.GameRecordError))


@cache
def _setup_texts() -> tuple[str, ...]:
    return tuple(setup_text(read_text(v, o, f)) for v, o, f in seed_positions()[::3])


@FUZZ
@given(mutated(_setup_texts()))
def test_setup_files_are_read_or_refused_by_name(text: str) -> None:
    try:
        draft = parse_setup(text, "chess")
    except SetupFileError as exc:
        assert len(str(exc)) <= MESSAGE_BOUND
        return
    except Exception as exc:  # noqa: BLE001
        assert_named(exc)
        return
    assert parse_setup(setup_text(draft), "chess").text() == draft.text()


def test_every_seed_setup_file_round_trips() -> None:
    for text in _setup_texts():
        assert setup_text(parse_setup(text, "chess")) == text


# ------------------------------------------------------------------ records of a 26-file board


WIDE = settings(FUZZ, max_examples=max(10, EXAMPLES // 4),
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@pytest.mark.usefixtures("wide")
@WIDE
@given(note=st.text(max_size=40), ratio=st.sampled_from((1.5, 2.5)), seed=st.integers(0, 10_000))
def test_free_text_options_and_files_x_to_z_survive_a_record(note: str, ratio: float, seed: int) -> None:
    try:
        game = rules.new_game("wide", options={"note": note, "ratio": ratio})
    except Exception as exc:  # noqa: BLE001
        assert_named(exc)
        return
    rng = random.Random(seed)
    for _ in range(12):
        if game.result is not None:
            break
        game.play(rng.choice(game.legal_moves()))
    again = rules.load_game(rules.game_record(game))
    assert again.options == game.options
    assert [str(m) for m in again.history] == [str(m) for m in game.history]
