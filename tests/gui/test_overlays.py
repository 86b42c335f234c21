"""Power overlays and hover, checked against the rules package's explanation data on
prepared positions: a three-Friend cascade, a Hia zone with sliders stopped in it, a
Jellyfish freezing two pieces, a polypiece move that flips four pieces."""

from __future__ import annotations

from mouse import click, press, release, send_mouse
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QImage

import rules
from fairygui.app import main, main_window
from fairygui.board.layout import BoardLayout
from fairygui.facts import snapshot_of
from fairygui.powers.facts import read_explanation
from fairygui.powers.words import effect_groups
from fairygui.settings import Settings, open_qsettings

from .test_render import distance, mean_colour

# Caliph c1 lends to Friend e3, which passes it to h6, which passes it to j8 (a three-Friend
# cascade); the Archer j5 lends to h6 by its rifle shot and through h6 to j8, never to e3,
# whose loan from h6 would depend on e3 itself. Black: a Friend guarded by a Jellyfish.
CASCADE = "11f/2p7j1/5t6/12/9F2/12/7F4/9A2/12/4F7/1P10/2C9 w - - 0 1"
# Black Bodyguard f8 with its Hia on, c10 switched off; White's Mtawala a7 slides toward the
# zone, White's Lady in Waiting e9 stands in it.
HIA = "11f/12/2g[hia-off]9/4L7/5g6/T11/12/12/12/12/1P10/F11 w - - 0 1"
# Black Jellyfish j3 freezes White's Lady i2 and Archer k2; Black's Friend j4 borrows the
# Jellyfish's powers and freezes the Knight k5. Poison c2, the Jellyfish and j4 are poisonous.
FREEZE = "11f/12/3t8/12/12/12/4P7/10N1/9f2/9j2/2X5L1A1/F11 w - - 0 1"
# The Knight b1 going to a3 or c3 flips four pieces: itself, the Alibabas e3 and d2 and the
# Knight b6; taking the Alibaba d2 flips the other three. The black Knight in the Pocket
# stays as it is.
FLIPS = "1nrk2w/p3p2/7/4A2/P1Pa1P1/1NBK2F w - - 0 1 @pocket=n"


def show(window, variant: str, fen: str) -> rules.Game:
    game = rules.new_game(variant, fen=fen)
    window.controller.set_game(game)
    return game


def hover(board, square: str) -> None:
    send_mouse(board, QEvent.Type.MouseMove, board.square_centre(square), Qt.MouseButton.NoButton,
               Qt.MouseButton.NoButton)


def targets_of(game: rules.Game, square: str) -> set[str]:
    """The squares a mouse drop would aim at for the rules' legal moves from ``square``."""
    out = set()
    for m in game.legal_moves():
        if m.origin == square:
            out.add(m.destination if m.destination != m.origin else m.captures[0])
    return out


def turned(variant: str, fen: str) -> rules.Game:
    fields = fen.split(" ")
    fields[1] = "b" if fields[1] == "w" else "w"
    return rules.new_game(variant, fen=" ".join(fields))


# ------------------------------------------------------------------ Friend borrowings


def test_cascade_overview_draws_direct_loans_and_badges_and_the_chain_in_focus(make_window):
    window = make_window(None)
    game = show(window, "friendly", CASCADE)
    layer = window.powers.layer("borrowing")
    data = game.explain()["borrowing"]["friends"]
    # The overview: one arrow per loan that no Friend passes on; badges of every lent kind.
    expected_arrows = {("arrow", lender["square"], friend["square"])
                       for friend in data for lender in friend["lenders"] if not lender["chain"]}
    expected_badges = {("badge", friend["square"], lender["piece"].split(" ", 1)[1])
                       for friend in data for lender in friend["lenders"]}
    assert layer.items() == expected_arrows | expected_badges
    arrows = {(a, b) for kind, a, b in layer.items() if kind == "arrow"}
    # Worked out by hand: White's two direct loans and Black's Jellyfish to its Friend; the
    # chain's hops wait for focus.
    assert arrows == {("c1", "e3"), ("j5", "h6"), ("k11", "l12")}
    badges = {(sq, kind) for item, sq, kind in layer.items() if item == "badge"}
    assert {kind for sq, kind in badges if sq == "e3"} == {"caliph"}
    assert {kind for sq, kind in badges if sq == "j8"} == {"caliph", "archer"}
    # Clicking j8 draws the whole chain c1 -> e3 -> h6 -> j8, the Archer into the middle of it.
    click(window.board, "j8")
    focus = window.powers.focus.focus
    assert focus is not None and focus.square == "j8"
    assert focus.paths == {("c1", "e3"), ("e3", "h6"), ("h6", "j8"), ("j5", "h6")}
    assert focus.lenders == {"c1", "j5"} and focus.relays == {"e3", "h6"}


def test_hovering_a_friend_shows_its_moves_lenders_and_powers(make_window, qtbot):
    window = make_window(None)
    game = show(window, "friendly", CASCADE)
    board = window.board
    hover(board, "h6")
    layer = window.powers.hover
    assert layer.square == "h6"
    assert set(layer.marks) == targets_of(game, "h6") and layer.marks
    focus = window.powers.focus.focus
    assert focus is not None and focus.lenders == {"c1", "j5"}
    assert focus.paths == {("c1", "e3"), ("e3", "h6"), ("j5", "h6")}
    status = window.statusBar().currentMessage()
    assert "White Friend on h6" in status
    assert "Archer j5: diagonal slides of up to 2, rifle shots" in status
    assert "Caliph c1 through Friend e3: bishop slides, camel leaps" in status
    assert "lends to Friend j8" in status
    hover(board, "g7")  # an empty square: nothing shown
    assert layer.square is None and not layer.marks and window.powers.focus.focus is None
    assert window.statusBar().currentMessage() == ""


def test_hover_shows_the_moves_of_the_side_not_to_move(make_window):
    window = make_window(None)
    show(window, "friendly", CASCADE)
    hover(window.board, "f10")  # Black's Mtawala; White is to move
    marks = window.powers.hover.marks
    assert set(marks) == targets_of(turned("friendly", CASCADE), "f10") and marks
    assert {"f1", "a10", "f11"} <= set(marks)  # down the empty file, along its rank


def test_hover_gives_way_to_a_picked_up_piece(make_window):
    window = make_window(None)
    show(window, "friendly", CASCADE)
    board = window.board
    hover(board, "h6")
    assert window.powers.hover.square == "h6"
    press(board, "h6")
    release(board, "h6")
    assert board.selected == "h6"
    assert window.powers.hover.square is None and window.statusBar().currentMessage() == ""
    hover(board, "c1")  # while a piece is held, hover shows nothing else
    assert window.powers.hover.square is None


# ------------------------------------------------------------------ Hia


def test_hia_zone_shaded_source_framed_and_switched_off_source_shown(make_window):
    window = make_window(None)
    game = show(window, "friendly", HIA)
    sources = game.explain()["hia"]["sources"]
    zone = window.powers.layer("hia")
    framed = window.powers.layer("hia-sources")
    assert zone.items() == {("zone", sq) for s in sources if s["active"] for sq in s["zone"]}
    assert framed.items() == {("source", s["square"], s["active"]) for s in sources}
    assert ("source", "c10", False) in framed.items()
    assert ("zone", "b9") not in zone.items()  # the switched-off Bodyguard's zone stays clear


def test_hover_shows_sliders_stopped_by_the_hia_zone(make_window):
    window = make_window(None)
    game = show(window, "friendly", HIA)
    board = window.board
    hover(board, "a7")  # the Mtawala's rank slide stops on e7, the zone's first square
    marks = window.powers.hover.marks
    assert set(marks) == targets_of(game, "a7")
    assert {"b7", "c7", "d7", "e7"} <= set(marks) and "f7" not in marks
    hover(board, "e9")  # the Lady in Waiting stands in the zone: one square at a time
    marks = window.powers.hover.marks
    assert set(marks) == targets_of(game, "e9") and marks
    assert all(max(abs(ord(t[0]) - ord("e")), abs(int(t[1:]) - 9)) == 1 for t in marks)
    assert "Hia zone of black Bodyguard f8" in window.statusBar().currentMessage()


# ------------------------------------------------------------------ freezes and poison


def test_jellyfish_freezes_two_pieces_linked_to_it(make_window):
    window = make_window(None)
    game = show(window, "friendly", FREEZE)
    frozen = game.explain()["freeze"]["frozen"]
    links = window.powers.layer("freeze-links")
    tint = window.powers.layer("freeze")
    assert links.items() == {("link", by, f["square"]) for f in frozen for by in f["by"]}
    assert {("link", "j3", "i2"), ("link", "j3", "k2"), ("link", "j4", "k5")} == links.items()
    assert tint.items() == {("frozen", f["square"]) for f in frozen}
    hover(window.board, "i2")
    assert window.powers.hover.marks == {}
    assert "frozen by the black Jellyfish j3" in window.statusBar().currentMessage()


def test_poisonous_pieces_are_marked(make_window):
    window = make_window(None)
    game = show(window, "friendly", FREEZE)
    poison = game.explain()["poison"]
    squares = {p if isinstance(p, str) else p["square"] for p in poison["pieces"]}
    assert window.powers.layer("poison").items() == {("poison", sq) for sq in squares}
    assert squares == {"c2", "j3", "j4"}  # the Poison, the Jellyfish and the Friend borrowing it


# ------------------------------------------------------------------ polypieces


def test_polypiece_forms_and_the_four_pieces_a_move_would_flip(make_window):
    window = make_window(None)
    game = show(window, "pocket43", FLIPS)
    forms = window.powers.forms
    pieces = game.explain()["polypiece-flip"]["pieces"]
    assert {item for item in forms.items() if item[0] == "form"} == {("form", p["square"], p["other"]) for p in pieces}
    board = window.board
    click(board, "b1")
    described = game.describe_move("b1c3")["flips"]
    expected = {"b1" if sq == "c3" else sq for sq in described}
    assert forms.marked() == expected == {"b1", "e3", "d2", "b6"}
    assert ("flip", "pocket") not in forms.items()
    # Pointing at a target shows that move's flips: the captured Alibaba d2 flips no more.
    hover(board, "d2")
    assert board.target_layer.hover == "d2"
    assert forms.marked() == {"b1", "e3", "b6"}
    hover(board, "c3")
    assert forms.marked() == expected
    click(board, "b1")  # put down again
    assert forms.marked() == frozenset()


# ------------------------------------------------------------------ attacks, toggles, pictures


def test_attack_heat_map_for_either_side(make_window):
    window = make_window(None)
    game = show(window, "friendly", CASCADE)
    powers = window.powers
    assert not powers.is_shown("attacks-white") and not powers.layer("attacks-white").items()
    powers.actions["attacks-white"].trigger()
    powers.actions["attacks-black"].trigger()
    for color in ("white", "black"):
        layer = powers.layer(f"attacks-{color}")
        assert layer.visible
        assert layer.items() == {("attacked", color, sq) for sq in game.attacked_squares(color)}


def board_colour(window, square: str) -> tuple[float, float, float]:
    board = window.board
    board.repaint()
    image = board.grab().toImage()
    layout = BoardLayout(board.snapshot.shape, board.width(), board.height(), board.flipped, board.coordinates)
    return mean_colour(image, layout, square)


def test_toggling_an_overlay_hides_it_and_the_choice_is_remembered(make_window, private_settings, qtbot):
    window = make_window(None)
    show(window, "friendly", HIA)
    powers = window.powers
    zoned = board_colour(window, "e7")  # an empty dark square in the zone
    plain_dark = board_colour(window, "c5")
    assert distance(zoned, plain_dark) > 15
    powers.actions["hia"].trigger()
    assert not powers.layer("hia").visible and not powers.layer("hia-sources").visible
    assert not powers.layer("hia").items()
    assert distance(board_colour(window, "e7"), plain_dark) < 3
    window.close()
    again = main_window(Settings(open_qsettings(str(private_settings))))
    qtbot.addWidget(again)
    assert not again.powers.actions["hia"].isChecked() and not again.powers.layer("hia").visible
    assert again.powers.actions["borrowing"].isChecked()
    again.powers.actions["hia"].trigger()
    assert again.powers.layer("hia").visible


def test_view_menu_lists_every_overlay(make_window):
    window = make_window("chess")
    view = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    texts = [a.text() for a in view.actions()]
    for action in window.powers.actions.values():
        assert action.text() in texts and action.isCheckable()


def test_export_and_render_draw_the_overlays(make_window, tmp_path):
    window = make_window(None)
    show(window, "friendly", HIA)
    path = tmp_path / "hia.png"
    assert window.export_picture(str(path))
    rendered = tmp_path / "render.png"
    plain = tmp_path / "plain.png"
    assert main(["--render", str(rendered), "--variant", "friendly", "--fen", HIA, "--overlays", "hia",
                 "--size", str(window.settings.export_width())]) == 0
    assert main(["--render", str(plain), "--variant", "friendly", "--fen", HIA,
                 "--size", str(window.settings.export_width())]) == 0
    shape = snapshot_of(rules.new_game("friendly", fen=HIA)).shape
    images = {name: QImage(str(p)) for name, p in (("export", path), ("render", rendered), ("plain", plain))}
    layout = BoardLayout(shape, images["plain"].width(), images["plain"].height())
    colours = {name: mean_colour(image, layout, "e7") for name, image in images.items()}
    assert distance(colours["export"], colours["render"]) < 3
    assert distance(colours["render"], colours["plain"]) > 15


def test_render_refuses_an_unknown_overlay(tmp_path, capsys):
    out = tmp_path / "x.png"
    assert main(["--render", str(out), "--variant", "friendly", "--overlays", "hia,halo"]) == 2
    assert "unknown overlay 'halo'" in capsys.readouterr().err
    assert not out.exists()


def test_explanation_of_an_unexpected_shape_is_named_and_the_rest_still_read():
    data = {
        "hia": {"sources": [{"piece": "black bodyguard", "zone": ["e7"]}]},  # no "square"
        "poison": {"pieces": ["c2"], "borrowed": []},
        "freeze": {"sources": [], "frozen": [{"square": "i2", "piece": "white lady-in-waiting", "by": ["j3"]}]},
    }
    explained = read_explanation(data, {"c2": "white poison"})
    assert explained.hia == []
    assert [(p.square, p.kind) for p in explained.poisonous] == [("c2", "poison")]
    assert [(f.square, f.by) for f in explained.frozen] == [("i2", ("j3",))]
    assert len(explained.problems) == 1 and "hia" in explained.problems[0]
    lines = [line.text for group in effect_groups(explained, rules.variant("friendly")) for line in group.lines]
    assert any(line.startswith("The hia explanation could not be read") for line in lines)
