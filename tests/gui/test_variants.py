"""Every listed variant played with the mouse, and the move-kind markers."""

from __future__ import annotations

import random

import pytest
from mouse import click, drag, send_mouse
from PySide6.QtCore import QEvent, Qt
from PySide6.QtTest import QTest

import rules
from fairygui.board.markers import KIND_STYLES, styles_for
from fairygui.facts import MoveIndex, index_origin, target_of

LEFT = Qt.MouseButton.LeftButton
SQUARES = frozenset(f"{f}{r}" for f in "abcdefghijkl" for r in range(1, 13))


def play_with_mouse(window, qtbot, move):
    """Play ``move`` as a player would: drag to its target and pick it in the chooser, or
    take it from the piece's context menu when it has no square to drop on."""
    board = window.board
    controller = window.controller
    target = target_of(move, board.snapshot.shape.all_squares())
    if move.kind == "drop":  # from the hand: click the piece in the pools panel, then the square
        row = window.pools.rows[controller.game.to_move]
        point = next(r for r, glyph, _ in row.entry_rects() if glyph.kind == move.choice).center().toPoint()
        with qtbot.waitSignal(controller.positionChanged):
            send_mouse(row, QEvent.Type.MouseButtonPress, point, LEFT, LEFT)
            send_mouse(row, QEvent.Type.MouseButtonRelease, point, LEFT, Qt.MouseButton.NoButton)
            click(board, move.destination)
        return
    if target is None:
        menu = board.build_context_menu(move.origin)
        entries = [a for a in menu.actions() if a.toolTip() == str(move)]
        assert len(entries) == 1, f"{move} is not in the context menu of {move.origin}"
        with qtbot.waitSignal(controller.positionChanged):
            entries[0].trigger()
        return
    with qtbot.waitSignal(controller.positionChanged):
        drag(board, move.origin, target)
        if board.chooser.is_open():
            assert len(board.chooser.moves) == len(controller.index.moves(move.origin, target)) > 1
            button = board.chooser.buttons[board.chooser.moves.index(move)]
            QTest.mouseClick(button, Qt.MouseButton.LeftButton)


@pytest.mark.parametrize("variant_id", rules.variant_ids())
def test_random_moves_with_the_mouse(make_window, qtbot, variant_id):
    window = make_window(variant_id)
    rng = random.Random(variant_id)
    controller = window.controller
    for _ in range(8):
        game = controller.game
        if game.result is not None:
            break
        choices = game.legal_moves() + game.legal_actions()
        move = rng.choice(choices)
        play_with_mouse(window, qtbot, move)
        assert controller.game.history[-1] == move
        assert {sq: f"{g.color} {g.kind}" for sq, g in window.board.snapshot.pieces.items()} == controller.game.board()
    white, black = controller.pools()
    pools = controller.game.pos.pools
    assert len(white) == len(pools[0]) and len(black) == len(pools[1])


@pytest.mark.parametrize("variant_id", rules.variant_ids())
def test_every_legal_move_has_a_way_in(variant_id):
    """Each legal move and action is reachable: by a drop target or the context menu."""
    game = rules.new_game(variant_id)
    rng = random.Random(1)
    for _ in range(12):
        moves = game.legal_moves()
        if not moves:
            break
        index = MoveIndex.build(moves, game.legal_actions(), SQUARES | set(rules.variant(variant_id).extra_squares))
        for m in moves + game.legal_actions():
            target = target_of(m, SQUARES)
            origin = index_origin(m)  # a drop is indexed under its hand, not a square
            if target is None:
                assert m in index.stationary[origin]
            else:
                assert m in index.moves(origin, target)
        game.play(rng.choice(moves))


def test_targets_of_unusual_moves():
    rifle = rules.Move("rifle", "b1", "b1", ("c3",))
    switch = rules.Move("hia-switch", "f2", "f2", choice="hia-off")
    send = rules.Move("ferry-send", "c5", "c5", choice="f6")
    locust = rules.Move("locust", "c3", "e5", ("d4",))
    assert target_of(rifle, SQUARES) == "c3"
    assert target_of(switch, SQUARES) is None
    assert target_of(send, SQUARES) == "f6"
    assert target_of(locust, SQUARES) == "e5"
    index = MoveIndex.build([rifle, locust, send], [switch], SQUARES)
    assert index.moves("b1", "c3") == [rifle]
    assert index.stationary["f2"] == [switch]
    marks = index.marks("c3")
    assert marks["e5"].styles == {"locust"}
    assert marks["e5"].victims == {"d4"}
    assert index.marks("b1")["c3"].styles == {"rifle"}
    assert index.marks("c5")["f6"].styles == {"ferry"}


def test_each_move_kind_has_its_own_marker():
    shapes = {
        "plain": styles_for("normal", False, False),
        "capture": styles_for("normal", True, False),
        "rifle": styles_for("rifle", True, False),
        "locust": styles_for("locust", False, False),
        "swap": styles_for("swap", False, False),
        "pocket": styles_for("pocket-enter", False, False),
        "promotion": styles_for("normal", False, True),
        "withdrawal": styles_for("withdrawal", False, False),
        "castle": styles_for("castle", False, False),
        "merge": styles_for("merge", False, False),
        "ferry": styles_for("ferry-carry", False, False),
    }
    as_sets = [frozenset(s) for s in shapes.values()]
    assert len(set(as_sets)) == len(as_sets)
    assert styles_for("normal", True, True) == {"capture", "promotion"}
    assert styles_for("some-future-kind", False, False) == {"move"}
    assert styles_for("some-future-kind", True, False) == {"capture"}
    assert set(KIND_STYLES.values()) <= {s for shape in shapes.values() for s in shape} | {"separate"}


@pytest.mark.slow
def test_chooser_labels_tell_every_option_apart(make_window, qtbot):
    """In every variant, find a drop with several legal moves; the chooser must give each its
    own words, and picking one plays exactly that move."""
    exercised = []
    window = make_window(None)
    for variant_id in rules.variant_ids():
        window.controller.new_game(variant_id)
        rng = random.Random(7)
        for _ in range(40):
            game = window.controller.game
            if game.result is not None:
                break
            index = window.controller.index
            crowded = [(o, t) for o, targets in index.by_origin.items() for t, ms in targets.items() if len(ms) > 1]
            if crowded:
                origin, target = crowded[0]
                drag(window.board, origin, target)
                chooser = window.board.chooser
                assert chooser.is_open()
                labels = [b.text() for b in chooser.buttons]
                assert len(set(labels)) == len(labels), labels
                wanted = chooser.moves[-1]
                with qtbot.waitSignal(window.controller.positionChanged):
                    QTest.mouseClick(chooser.buttons[-1], Qt.MouseButton.LeftButton)
                assert window.controller.game.history[-1] == wanted
                exercised.append(variant_id)
                break
            game_move = rng.choice(game.legal_moves())
            window.controller.play(game_move)
    assert len(exercised) >= 3, exercised
