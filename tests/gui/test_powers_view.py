"""The borrowing layer at the busiest positions, in a window of the default size: the
Friendly start (8 Friends, each borrowing from nine pieces, most through other Friends) and
a middle game. The overview draws one tail per direct loan and badges large enough to tell
the lent pieces apart; a clicked or hovered Friend comes into focus with its loan paths
while the rest of the board dims. Every expectation is read from ``Game.explain()``."""

from __future__ import annotations

from typing import Any

import pytest
from mouse import click, drag
from PySide6.QtCore import QRectF, Qt

import rules
from fairygui.app import main_window
from fairygui.board.layout import BoardLayout
from fairygui.powers.loans import PICTURE_SQUARE_PX, badge_spots
from fairygui.settings import Settings, open_qsettings

from .test_overlays import hover
from .test_render import distance, mean_colour

# A busy middle game: 24 plies of a seeded random Friendly game (random.Random(55) choosing
# among the legal moves, a capture 30% of the time), kept as text so that it never changes.
# Seven captures; six Friends borrow, two through other Friends; Black's Jellyfish a11 and
# its Friend b11 freeze White's Friend b10.
MIDDLE_GAME = ("b1h11 f12xh11 e2c4 g12f8 j2k6 h12h11 f1h4 i11j9 c3a5 b11a9 a5b6 e12b11 h4b10 j9k6 c4c6 b12h2 "
               "d2b5 a12b12 i3h2 h11e12 c6a4 c11g12 k1e11 f12e8").split()
#: Pictures in the badges are at least this wide at the default window size.
PICTURE_PX = 22


@pytest.fixture
def default_window(qtbot, private_settings):
    """The main window at the size it opens with on a first start."""
    window = main_window(Settings(open_qsettings(str(private_settings))))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def start(window, moves: list[str] | tuple[str, ...] = ()) -> rules.Game:
    game = rules.new_game("friendly")
    for move in moves:
        game.play(move)
    window.controller.set_game(game)
    return game


def friends(game: rules.Game) -> list[dict[str, Any]]:
    return [f for f in game.explain()["borrowing"]["friends"] if f["lenders"]]


def kinds_of(friend: dict[str, Any]) -> list[str]:
    return list(dict.fromkeys(lender["piece"].split(" ", 1)[1] for lender in friend["lenders"]))


def painted(window) -> None:
    window.board.repaint()


def square_colour(window, square: str) -> tuple[float, float, float]:
    board = window.board
    image = board.grab().toImage()
    layout = BoardLayout(board.snapshot.shape, board.width(), board.height(), board.flipped, board.coordinates)
    return mean_colour(image, layout, square)


# ------------------------------------------------------------------ the overview


def test_the_start_draws_one_tail_per_direct_loan_and_no_cascade_until_focus(default_window):
    window = default_window
    game = start(window)
    data = friends(game)
    assert len(data) == 8 and sum(len(f["lenders"]) for f in data) == 72
    layer = window.powers.layer("borrowing")
    lines = window.powers.layer("borrowing-lines")
    painted(window)
    drawn = layer.bundles
    direct = {(lender["square"], f["square"]) for f in data for lender in f["lenders"] if not lender["chain"]}
    friend_squares = {f["square"] for f in data}
    # One tail per (lender, Friend) pair that no Friend relays, none twice, none from a Friend.
    tails = lines.bundles.tails
    assert sorted(tails) == sorted(direct) and len(tails) == len(set(tails))
    assert not {a for a, _ in tails} & friend_squares
    assert lines.z < 0 < layer.z  # the tails under the pieces, the heads and badges over them
    # Worked out by hand from the rules' answer: 15 direct loans a side (e1 2, f1 5, g1 5, h1 3).
    assert len(direct) == 30
    # Bundled: a head per side of a Friend's square at most, far fewer than the 72 loans.
    heads = {}
    for square, side in drawn.heads:
        heads.setdefault(square, []).append(side)
    assert set(heads) == friend_squares
    assert all(len(sides) == len(set(sides)) <= 4 for sides in heads.values())
    assert len(drawn.heads) < len(direct)
    assert window.powers.focus.focus is None


def test_badges_count_every_lent_kind_and_leave_the_friend_whole(default_window):
    """Issue 51: two 22 px pictures and "+5" hid most of the Friend and five of its seven
    lenders. At the default size each Friend shows one small disc counting all the kinds it
    borrows, in a corner, covering at most a tenth of its square."""
    window = default_window
    game = start(window)
    layer = window.powers.layer("borrowing")
    painted(window)
    square = window.board.layout_().square
    assert square < PICTURE_SQUARE_PX
    for friend in friends(game):
        spots = layer.drawn[friend["square"]]
        kinds = kinds_of(friend)
        assert [spot.text for spot in spots] == [str(len(kinds))]
        rect = window.board.square_rect(friend["square"])
        (spot,) = spots
        assert rect.contains(spot.rect)
        assert spot.rect.width() * spot.rect.height() <= rect.width() * rect.height() * 0.1
        # Upper right corner: the Friend's middle and foot stay clear.
        assert spot.rect.center().x() > rect.center().x() and spot.rect.center().y() < rect.center().y()
    # At the start every Friend borrows seven kinds: the disc says 7, not "+5".
    assert {len(kinds_of(f)) for f in friends(game)} == {7}


def test_badges_show_every_lent_kind_as_a_picture_on_a_large_square(qtbot):
    """On a large board a Friend borrowing at most three kinds shows each kind's picture."""
    big = QRectF(0, 0, PICTURE_SQUARE_PX + 10, PICTURE_SQUARE_PX + 10)
    spots = badge_spots(big, ["archer", "caliph"], set())
    assert [spot.kind for spot in spots] == ["archer", "caliph"]
    assert all(spot.picture().width() >= PICTURE_PX for spot in spots)
    many = badge_spots(big, ["archer", "caliph", "gerbil", "impala"], set())
    assert [spot.text for spot in many] == ["4"]


def test_a_poisonous_friends_badges_leave_the_poison_corner_free(default_window):
    window = default_window
    game = start(window, MIDDLE_GAME)
    poisonous = {p if isinstance(p, str) else p["square"] for p in game.explain()["poison"]["pieces"]}
    layer = window.powers.layer("borrowing")
    painted(window)
    both = poisonous & set(layer.drawn)
    assert "b11" in both  # Black's Friend b11 borrows the Jellyfish's poison
    for square in both:
        rect = window.board.square_rect(square)
        lower_left = rect.adjusted(0, rect.height() / 2, -rect.width() / 2, 0)
        assert not any(spot.rect.intersects(lower_left.adjusted(2, 2, -2, -2)) for spot in layer.drawn[square])


# ------------------------------------------------------------------ focus


def test_clicking_a_friend_focuses_its_loans_and_dims_the_rest(default_window):
    window = default_window
    game = start(window)
    e1 = next(f for f in friends(game) if f["square"] == "e1")
    painted(window)
    plain = {sq: square_colour(window, sq) for sq in ("a4", "a10", *(lender["square"] for lender in e1["lenders"]))}
    click(window.board, "e1")
    focus = window.powers.focus.focus
    assert focus is not None and focus.square == "e1"
    assert focus.lenders == {lender["square"] for lender in e1["lenders"]}
    assert focus.relays == {sq for lender in e1["lenders"] for sq in lender["chain"]} == {"f1", "g1", "h1"}
    expected_paths = set()
    for lender in e1["lenders"]:
        path = [lender["square"], *reversed(lender["chain"]), "e1"]
        expected_paths.update(zip(path, path[1:], strict=False))
    assert focus.paths == expected_paths
    assert ("h1", "g1") in focus.paths and ("f1", "e1") in focus.paths  # the cascade, now drawn
    painted(window)
    # The rest dims toward white (an empty light square, a Black pawn on a dark one); a
    # lender without a move marker does not.
    lender = next(sq for sq in sorted(focus.lenders) if sq not in window.board.target_layer.marks)
    lighter = {sq: sum(square_colour(window, sq)) - sum(plain[sq]) for sq in ("a4", "a10", lender)}
    assert lighter["a10"] > 100 and lighter["a4"] > 40  # a light square has less room to lighten
    assert abs(lighter[lender]) < 20
    click(window.board, "e6")  # elsewhere: the focus clears and the board looks as before
    assert window.powers.focus.focus is None
    painted(window)
    assert distance(square_colour(window, "a4"), plain["a4"]) < 3


def test_a_friend_of_the_side_not_to_move_comes_into_focus_too(default_window, qtbot):
    window = default_window
    game = start(window)
    click(window.board, "h12")  # Black's Friend; White is to move
    focus = window.powers.focus.focus
    h12 = next(f for f in friends(game) if f["square"] == "h12")
    assert focus is not None and focus.square == "h12"
    assert focus.lenders == {lender["square"] for lender in h12["lenders"]}
    hover(window.board, "e1")  # the clicked Friend keeps the focus while the pointer moves on
    assert window.powers.focus.focus.square == "h12"
    click(window.board, "h12")  # a second click lets it go
    assert window.powers.focus.focus.square == "e1"  # back to the Friend under the pointer
    hover(window.board, "a6")
    click(window.board, "g12")
    assert window.powers.focus.focus.square == "g12"
    qtbot.keyClick(window.board, Qt.Key.Key_Escape)  # Escape lets it go too
    assert window.powers.focus.focus is None and window.powers.pinned is None


def test_hovering_a_lender_shows_the_friends_it_lends_to(default_window):
    window = default_window
    game = start(window)
    hover(window.board, "f2")
    focus = window.powers.focus.focus
    receiving = {f["square"] for f in friends(game) if any(lender["square"] == "f2" for lender in f["lenders"])}
    assert focus is not None and focus.friends == receiving and focus.lenders == {"f2"}
    assert receiving == {"e1", "f1", "g1", "h1"}
    # Worked out from the rules' answer: direct to e1, f1 and g1, to h1 through f1.
    assert focus.paths == {("f2", "e1"), ("f2", "f1"), ("f2", "g1"), ("f1", "h1")} and focus.relays == {"f1"}
    hover(window.board, "e6")
    assert window.powers.focus.focus is None


def test_switching_the_borrowings_off_ends_the_focus(default_window):
    window = default_window
    start(window)
    click(window.board, "h12")
    assert window.powers.focus.focus is not None
    window.powers.actions["borrowing"].trigger()
    assert window.powers.focus.focus is None and not window.powers.layer("borrowing").items()


# ------------------------------------------------------------------ after a move


def test_the_layers_follow_the_position_after_a_move(default_window):
    window = default_window
    start(window, MIDDLE_GAME[:-1])
    click(window.board, "e12")  # Black to move: the Friend e12 picked up and in focus
    assert window.powers.focus.focus.square == "e12"
    drag(window.board, "f12", "e8")  # the last ply of the middle game, played with the mouse
    game = window.controller.game
    assert game.ply == len(MIDDLE_GAME)
    assert window.powers.focus.focus is None  # a new position: nothing pinned
    data = friends(game)
    layer = window.powers.layer("borrowing")
    direct = {("arrow", lender["square"], f["square"]) for f in data for lender in f["lenders"] if not lender["chain"]}
    badges = {("badge", f["square"], kind) for f in data for kind in kinds_of(f)}
    assert layer.items() == direct | badges
    assert ("badge", "f8", "gerbil") in layer.items()  # Black's Friend f8 borrows from the Gerbil g12
    painted(window)
    assert set(layer.drawn) == {f["square"] for f in data}
    frozen = {f["square"] for f in game.explain()["freeze"]["frozen"]}
    assert frozen == {"b10"} and window.powers.layer("freeze").items() == {("frozen", "b10")}


# ------------------------------------------------------------------ Hia zones


def test_hia_zones_tint_the_squares_lightly_enough_to_read_the_pieces(default_window):
    window = default_window
    game = start(window)
    zone = {sq for source in game.explain()["hia"]["sources"] if source["active"] for sq in source["zone"]}
    board = game.board()
    assert window.powers.layer("hia").items() == {("zone", sq) for sq in zone}
    occupied = sorted(sq for sq in zone if sq in board)
    # Squares in a zone holding a piece that no badge, frame or arrow covers in the middle:
    # the rows behind the back ranks' Friends and Bodyguards.
    plain_pieces = [sq for sq in occupied if sq[1:] in ("3", "10")]
    assert len(plain_pieces) >= 6
    painted(window)
    shown = {sq: square_colour(window, sq) for sq in plain_pieces}
    window.powers.actions["hia"].trigger()
    painted(window)
    shifts = [distance(shown[sq], square_colour(window, sq)) for sq in plain_pieces]
    # Visible, yet light: the old look shifted these squares by up to 27.
    assert min(shifts) > 5 and max(shifts) < 18
