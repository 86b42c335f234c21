"""Game > Claim draw: enabled only where the rules give the player to move a claim, with the
reason in the status bar; claiming shows the game drawn (result line, move list, status)."""

from __future__ import annotations

from mouse import drag

#: Knights out and back twice: the start position stands for the third time after 8 plies.
SHUFFLE = [("g1", "f3"), ("g8", "f6"), ("f3", "g1"), ("f6", "g8")] * 2


def play_by_mouse(window, qtbot, moves) -> None:
    for origin, target in moves:
        with qtbot.waitSignal(window.controller.positionChanged):
            drag(window.board, origin, target)


def test_a_threefold_repetition_played_with_the_mouse_is_claimed(window, qtbot):
    claim = window.claim_action
    assert not claim.isEnabled()
    play_by_mouse(window, qtbot, SHUFFLE[:7])
    assert not claim.isEnabled()  # the position after 7 plies has stood twice
    play_by_mouse(window, qtbot, SHUFFLE[7:])
    game = window.controller.game
    assert game.ply == 8 and game.result is None  # chess (FIDE): the game goes on until a claim
    assert claim.isEnabled()
    # After what the last move did (issue 51, moves in words), the claim the position allows.
    assert window.status_text().endswith(". White may claim a draw by threefold repetition: Game > Claim draw.")
    assert window.turn_label.text() == "White to move"
    with qtbot.waitSignal(window.controller.gameEnded):
        claim.trigger()
    assert game.result is not None and game.result.score() == "1/2-1/2"
    assert window.turn_label.text() == "Draw: threefold repetition (claimed)"
    assert "threefold repetition (claimed)" in window.status_text()
    assert not claim.isEnabled()
    moves = window.move_list
    assert moves.rowCount() == 5  # four rows of moves, then the result under them
    assert moves.item(4, 0).text() == "Draw: threefold repetition (claimed)"
    before = game.fen()
    drag(window.board, "g1", "f3")  # the game is over: the board takes no more moves
    assert game.fen() == before and game.ply == 8


def test_browsing_back_hides_the_claim_and_coming_back_shows_it(window, qtbot):
    play_by_mouse(window, qtbot, SHUFFLE)
    assert window.claim_action.isEnabled()
    window.back_action.trigger()
    assert not window.claim_action.isEnabled()
    window.forward_action.trigger()
    assert window.claim_action.isEnabled()
    window.claim_action.trigger()
    window.back_action.trigger()
    window.forward_action.trigger()
    assert window.turn_label.text() == "Draw: threefold repetition (claimed)"


def test_a_seed_variant_ends_by_itself_and_never_offers_a_claim(make_window, qtbot):
    window = make_window("blender")
    play_by_mouse(window, qtbot, SHUFFLE)
    assert window.controller.game.result is not None
    assert window.turn_label.text() == "Draw: threefold repetition"
    assert not window.claim_action.isEnabled()
