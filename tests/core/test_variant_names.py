"""The Variant tag as other programs write it: lichess, pychess.org, Fairy-Stockfish and XBoard
names, in the case and spacing they export, give our variant ids."""

from __future__ import annotations

import pytest

import rules

#: (name as written in the Variant tag, our variant id)
OTHER_PROGRAMS_NAMES = [
    # lichess PGN export
    ("Standard", "chess"),
    ("From Position", "chess"),
    ("King of the Hill", "kingofthehill"),
    ("Three-check", "threecheck"),
    ("Crazyhouse", "crazyhouse"),
    ("Antichess", "antichess"),
    ("Atomic", "atomic"),
    ("Horde", "horde"),
    ("Racing Kings", "racingkings"),
    # lichess API keys
    ("racingKings", "racingkings"),
    ("kingOfTheHill", "kingofthehill"),
    ("threeCheck", "threecheck"),
    ("fromPosition", "chess"),
    # pychess.org PGN export (Fairy-Stockfish's names, capitalised)
    ("Kingofthehill", "kingofthehill"),
    ("3check", "threecheck"),
    ("Shogi", "shogi"),
    ("Minishogi", "minishogi"),
    ("Xiangqi", "xiangqi"),
    ("Capablanca", "capablanca"),
    ("Grand", "grand"),
    ("Shako", "shako"),
    ("Janus", "janus"),
    ("Shatranj", "shatranj"),
    ("Makruk", "makruk"),
    ("Racingkings", "racingkings"),
    # Fairy-Stockfish's own names
    ("chess", "chess"),
    ("kingofthehill", "kingofthehill"),
    ("threecheck", "threecheck"),
    ("crazyhouse", "crazyhouse"),
    ("shogi", "shogi"),
    ("minishogi", "minishogi"),
    ("xiangqi", "xiangqi"),
    ("capablanca", "capablanca"),
    ("grand", "grand"),
    ("shako", "shako"),
    ("janus", "janus"),
    ("shatranj", "shatranj"),
    ("extinction", "extinction"),
    ("grasshopper", "grasshopper"),
    ("racingkings", "racingkings"),
    ("antichess", "antichess"),
    ("atomic", "atomic"),
    ("horde", "horde"),
    ("makruk", "makruk"),
    ("seirawan", "seirawan"),
    ("kyotoshogi", "kyotoshogi"),
    ("torishogi", "torishogi"),
    ("janggi", "janggi"),
    ("sittuyin", "sittuyin"),
    ("Janggi", "janggi"),
    ("Sittuyin", "sittuyin"),
    ("Torishogi", "torishogi"),
    # pychess.org's export of the same
    ("Seirawan", "seirawan"),
    ("Kyotoshogi", "kyotoshogi"),
    # XBoard and WinBoard
    ("normal", "chess"),
    # the variants' own names, as our menus show them
    ("Three-Check", "threecheck"),
    ("Capablanca Chess", "capablanca"),
    ("Grand Chess", "grand"),
    ("Extinction Chess", "extinction"),
    ("Grasshopper Chess", "grasshopper"),
    ("Blender Chess", "blender"),
    ("Flight and Ferry", "flight-and-ferry"),
    ("Pocket Polypiece Chess 43", "pocket43"),
    ("Ultimate Cuisinart", "ultimate-cuisinart"),
    # our ids, in other cases and spacing
    ("Mega Blender", "mega-blender"),
    ("FLIGHT_AND_FERRY", "flight-and-ferry"),
    ("  three check ", "threecheck"),
]


@pytest.mark.parametrize(("name", "variant_id"), OTHER_PROGRAMS_NAMES)
def test_other_programs_variant_names_give_our_ids(name: str, variant_id: str) -> None:
    game = rules.load_game(f'[Event "x"]\n[Variant "{name}"]\n\n*\n')
    assert game.variant == variant_id


def test_every_variant_with_a_name_elsewhere_is_in_the_list() -> None:
    named_elsewhere = {v for v in rules.variant_ids() if rules.variant(v).raw.get("fairy_stockfish")}
    assert named_elsewhere <= {vid for _, vid in OTHER_PROGRAMS_NAMES}


def test_a_lichess_king_of_the_hill_game_plays() -> None:
    text = (
        '[Event "Casual King of the Hill game"]\n[Site "https://lichess.org/abcdefgh"]\n'
        '[Variant "King of the Hill"]\n[Result "1-0"]\n\n1. d4 a6 2. Kd2 a5 3. Kd3 a4 4. Ke4 '
        "{ White reaches the centre }  1-0\n"
    )
    game = rules.load_game(text)
    assert game.variant == "kingofthehill" and game.result is not None and game.result.winner == "white"


def test_an_unknown_name_is_refused_with_the_variant_list() -> None:
    unknown = r"\[Variant\] unknown variant 'Losers'; known variants: .*kingofthehill"
    with pytest.raises(rules.GameRecordError, match=unknown):
        rules.load_game('[Variant "Losers"]\n\n*\n')
