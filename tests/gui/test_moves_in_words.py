"""Moves in words (issue 51): the move list's tooltip and the status bar after a move say what
the move did, in the rules' words (``Game.move_in_words``), not just "White's move 1"."""

from __future__ import annotations

from mouse import drag

import rules


def test_a_merge_is_put_into_words_in_the_status_bar_and_the_move_list(make_window, qtbot):
    """Blender rule 1: the Rook on a1 moves onto the Knight on b1 and they merge."""
    window = make_window("blender")
    with qtbot.waitSignal(window.controller.positionChanged):
        drag(window.board, "a1", "b1")
    words = "Rook a1 merges with the Knight on b1 into a Chancellor"
    assert window.status_text() == f"White: {window.move_list.item(0, 0).text()}, {words}."
    tip = window.move_list.item(0, 0).toolTip()
    assert tip.startswith("White's move 1: " + words)


def test_a_deadly_capture_says_the_captor_dies(make_window, qtbot):
    """Friendly rule 7: the Lady in Waiting that takes the Poison is removed too."""
    window = make_window(None)
    window.controller.set_game(rules.new_game("friendly", placement={
        "l1": "white friend", "l2": "white friend", "a11": "black friend", "a12": "black friend",
        "c2": "white lady-in-waiting", "c7": "black poison", "h8": "black impala"}, to_move="white"))
    with qtbot.waitSignal(window.controller.positionChanged):
        drag(window.board, "c2", "c7")
    assert "Lady in Waiting c2 takes the Poison on c7 and dies" in window.status_text()
    assert "takes the Poison on c7 and dies" in window.move_list.item(0, 0).toolTip()


def test_a_loaded_record_has_words_in_its_tooltips(make_window, qtbot):
    window = make_window("chess")
    game = rules.new_game("chess")
    for move in ("e2e4", "e7e5", "g1f3"):
        game.play(move)
    window.controller.set_game(game)
    assert "Knight g1 moves to f3" in window.move_list.item(1, 0).toolTip()
    assert "Pawn e7 moves to e5" in window.move_list.item(0, 1).toolTip()


def test_the_optional_words_column(make_window, qtbot, private_settings):
    """View > Moves in words column: a third column says each row's moves in words; off by
    default, remembered."""
    window = make_window("chess")
    table = window.move_list
    for move in ("g1f3", "b8c6"):
        assert window.controller.play_text(move)
    assert table.columnCount() == 2
    window.appearance.words_action.setChecked(True)
    assert table.columnCount() == 3 and table.horizontalHeaderItem(2).text() == "In words"
    assert table.item(0, 2).text() == "Knight g1 moves to f3; Knight b8 moves to c6"
    assert window.controller.play_text("e2e4")
    assert table.item(1, 2).text() == "Pawn e2 moves to e4"
    window.appearance.words_action.setChecked(False)
    assert table.columnCount() == 2 and table.item(0, 0).text() == "Nf3"


def test_the_chooser_says_how_the_record_writes_each_choice(make_window, qtbot):
    """Issue 51: the Cuisinart list wrote "/G" where the chooser said "Man". Each chooser
    button's tooltip gives the record's SAN and the move in words, so the two agree."""
    window = make_window("ultimate-cuisinart")
    game = window.controller.game
    merges = [m for m in game.legal_moves() if m.kind == "merge"]
    by_squares: dict[tuple[str, str], list[rules.Move]] = {}
    for m in merges:
        by_squares.setdefault((m.origin, m.destination), []).append(m)
    origin, target = next(key for key, found in by_squares.items() if len(found) > 1)
    drag(window.board, origin, target)
    chooser = window.board.chooser
    assert chooser.is_open()
    for move, button in zip(chooser.moves, chooser.buttons, strict=True):
        tip = button.toolTip()
        assert tip == f"Recorded as {game.san(move)}: {game.move_in_words(move)}"
        result = game.describe_move(move)["merge"]["result"]
        assert rules.variant("ultimate-cuisinart").pieces[result].name in tip
    chooser.cancel()
