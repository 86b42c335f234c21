"""The powers panel (every effect in words, squares highlighted on hover) and the piece
panel (name, Betza, description, powers, move diagram)."""

from __future__ import annotations

from mouse import drag, send_mouse
from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QApplication, QDockWidget

import rules
from fairygui.board.widget import BoardWidget

from .test_overlays import CASCADE, FLIPS, FREEZE, HIA, hover, show


def point_at_line(panel, text: str) -> None:
    """Move the mouse onto the panel's line starting with ``text``."""
    item = panel.item_for(text)
    assert item is not None, f"no line starting with {text!r} in {panel.lines()}"
    tree = panel.tree
    tree.scrollToItem(item)
    centre = tree.visualItemRect(item).center()
    send_mouse(tree.viewport(), QEvent.Type.MouseMove, centre, Qt.MouseButton.NoButton, Qt.MouseButton.NoButton)


def test_powers_panel_lists_every_effect_of_the_freeze_position(make_window):
    window = make_window(None)
    game = show(window, "friendly", FREEZE)
    lines = window.powers.panel.lines()
    data = game.explain()
    assert "White Lady in Waiting i2 frozen by black Jellyfish j3" in lines
    assert "White Archer k2 frozen by black Jellyfish j3" in lines
    assert "White Knight k5 frozen by black Friend j4" in lines
    assert sum("frozen by" in line for line in lines) == len(data["freeze"]["frozen"])
    poison = [line for line in lines if "is poisonous" in line]
    assert len(poison) == len(data["poison"]["pieces"]) == 3
    assert any(line.startswith("Black Friend j4 is poisonous (borrowed)") for line in poison)
    assert "Black Friend j4 borrows from Jellyfish j3: steps in any direction, freezing, poison" in lines


def test_powers_panel_names_each_loan_of_a_cascade(make_window):
    window = make_window(None)
    show(window, "friendly", CASCADE)
    lines = window.powers.panel.lines()
    assert "White Friend e3 borrows from Caliph c1: bishop slides, camel leaps" in lines
    assert "White Friend j8 borrows from Archer j5, Caliph c1" in lines
    # One line per loan under a Friend with several lenders, naming the relaying Friends.
    assert "Caliph c1 through Friend h6 and Friend e3: bishop slides, camel leaps" in lines
    assert "Archer j5 through Friend h6: diagonal slides of up to 2, rifle shots" in lines


def test_powers_panel_hia_and_polypiece_lines(make_window):
    window = make_window(None)
    show(window, "friendly", HIA)
    lines = window.powers.panel.lines()
    assert "Black Bodyguard f8: Hia zone e7, f7, g7, e8, g8, e9, f9, g9; slides stop there" in lines
    assert "Black Bodyguard c10: Hia switched off" in lines
    show(window, "pocket43", FLIPS)
    lines = window.powers.panel.lines()
    # One line per family, naming every piece of it with what a flip makes of it.
    assert ("Knight and Alibaba: white Knight b1 and black Knight b6 become Alibabas; white Alibaba e3 and "
            "black Alibaba d2 become Knights when the family flips; the black Knight in the Pocket does not "
            "flip while it is there") in lines
    assert "Bishop and Rook: white Bishop c1 becomes a Rook; black Rook c6 becomes a Bishop when the family flips" \
        in lines
    assert len([line for line in lines if "when the family flips" in line]) == 3
    assert "The Pocket holds the black Knight" in lines


def test_hovering_a_line_highlights_its_squares(make_window):
    window = make_window(None)
    show(window, "friendly", FREEZE)
    panel = window.powers.panel
    dock = window.findChild(QDockWidget, "dock-powers")
    dock.raise_()
    point_at_line(panel, "White Archer k2 frozen")
    assert window.powers.highlight.squares == ("k2", "j3")
    point_at_line(panel, "Black Friend j4 borrows")
    assert window.powers.highlight.squares == ("j3", "j4")
    QApplication.sendEvent(panel.tree.viewport(), QEvent(QEvent.Type.Leave))
    assert window.powers.highlight.squares == ()


def test_panel_follows_the_game(make_window, qtbot):
    window = make_window(None)
    show(window, "friendly", FREEZE)
    assert any("frozen by black Friend j4" in line for line in window.powers.panel.lines())
    with qtbot.waitSignal(window.controller.positionChanged):
        drag(window.board, "e6", "e7")
    # Black to move now; the freezes are the same, the panel was rebuilt for the new position.
    assert window.controller.game.to_move == "black"
    assert window.powers.highlight.squares == ()
    show(window, "chess", rules.new_game("chess").fen())
    assert window.powers.panel.lines() == []
    assert window.powers.panel.empty.isVisibleTo(window.powers.panel)


def diagram_targets(variant: str, square: str, piece: str) -> set[str]:
    game = rules.new_game(variant, placement={square: piece}, to_move=piece.split()[0])
    return {m.destination for m in game.legal_moves() if m.origin == square}


def test_piece_panel_shows_the_hovered_piece_with_its_move_diagram(make_window):
    window = make_window(None)
    show(window, "friendly", FREEZE)
    panel = window.powers.piece_panel
    hover(window.board, "k2")
    assert panel.title.text() == "White Archer (A)"
    assert "F2" in panel.betza.text() and "diagonal slides of up to 2" in panel.betza.text()
    assert "rifle" in panel.powers.text() and "Knight's distance" in panel.powers.text()
    assert "frozen by the black Jellyfish j3" in panel.here.text()
    assert isinstance(panel.board, BoardWidget)
    diagram = panel.layer.diagram
    assert diagram is not None and diagram.square == "f6"
    assert set(diagram.marks) == diagram_targets("friendly", "f6", "white archer")
    # The rifle shots: squares it attacks without moving there.
    assert diagram.captures_only() == {"d5", "d7", "e4", "e8", "g4", "g8", "h5", "h7"}
    assert panel.board.snapshot.pieces["f6"].kind == "archer"
    assert (panel.board.snapshot.shape.files, panel.board.snapshot.shape.ranks) == (12, 12)


def test_piece_panel_chooser_and_black_pieces(make_window):
    window = make_window(None)
    show(window, "friendly", CASCADE)
    panel = window.powers.piece_panel
    row = panel.chooser.findData("poison")
    panel.chooser.setCurrentIndex(row)
    panel.chooser.activated.emit(row)
    assert panel.title.text() == "White Poison (X)"
    diagram = panel.layer.diagram
    assert set(diagram.marks) == diagram_targets("friendly", "f6", "white poison")
    assert diagram.moves_only() == set(diagram.marks)  # its lame Knight moves never capture
    assert diagram.captures_only() == {"f5", "f7", "e6", "g6"}
    hover(window.board, "f10")  # Black's Mtawala
    assert panel.title.text() == "Black Mtawala (T)"
    assert panel.layer.diagram.square == "f7"
    assert set(panel.layer.diagram.marks) == diagram_targets("friendly", "f7", "black mtawala")


def test_piece_panel_notes_a_piece_that_needs_others_to_move(make_window):
    window = make_window(None)
    show(window, "friendly", CASCADE)
    hover(window.board, "e3")
    panel = window.powers.piece_panel
    assert panel.title.text() == "White Friend (F)"
    assert panel.layer.diagram.marks == {}
    assert "no moves" in panel.note.text()


def test_piece_diagrams_carry_no_result_banner(make_window, qtbot):
    """A Friend alone is a stalemate to the rules and a King alone insufficient material; the
    diagram is not a game and shows no result."""
    window = make_window("friendly")
    panel = window.powers.piece_panel
    for variant, kind, reason in (("friendly", "friend", "stalemate"), ("blender", "king", "insufficient material")):
        window.controller.new_game(variant)
        lone = rules.new_game(variant, placement={"f6" if variant == "friendly" else "d4": f"white {kind}"},
                              to_move="white")
        assert lone.result is not None and lone.result.reason == reason  # what the banner used to say
        row = panel.chooser.findData(kind)
        panel.chooser.setCurrentIndex(row)
        panel.chooser.activated.emit(row)
        assert panel.title.text().endswith(f"{rules.variant(variant).pieces[kind].name} "
                                           f"({rules.variant(variant).pieces[kind].letter})")
        assert panel.board.snapshot.result is None
        assert panel.board.overlays.get("result") is None


def test_piece_panel_follows_a_new_game_of_another_size(make_window):
    window = make_window("ultimate-cuisinart")  # 12x12
    panel = window.powers.piece_panel
    hover(window.board, "b1")
    assert panel.kind == "knight"
    assert (panel.board.snapshot.shape.files, panel.board.snapshot.shape.ranks) == (12, 12)
    window.controller.new_game("blender")  # 8x8, with a Knight too
    assert panel.kind == "knight"
    shape = panel.board.snapshot.shape
    assert (shape.files, shape.ranks) == (8, 8)
    assert panel.layer.diagram.square == "d4"
    assert set(panel.layer.diagram.marks) == diagram_targets("blender", "d4", "white knight")
