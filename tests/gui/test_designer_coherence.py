"""The designer keeps a variant coherent as it is edited: filling the Promotion section turns on
the power that reads it (and says so), check's warnings are listed beside its verdict, the
setups follow the board's size, Play starts the setup being edited, a saved variant's id is
fixed with its reason shown, and previews are rebuilt once typing pauses."""

from __future__ import annotations

import tomllib

from designing import add_piece, board_editor, new_designer, piece_editor, settled, type_into

from fairygui.designer.window import PREVIEW_PAUSE_MS, DesignerWindow


def powers_of(designer: DesignerWindow) -> list[str]:
    return board_editor(designer, "powers").checked()


def small_pawn_variant(designer: DesignerWindow, qtbot, vid: str = "pawnland") -> None:
    type_into(designer.id_line, qtbot, vid)
    type_into(board_editor(designer, "royal").focus_widget(), qtbot, "king")
    add_piece(designer, qtbot, "king", "King", "K", "K")
    add_piece(designer, qtbot, "queen", "Queen", "Q", "Q")
    add_piece(designer, qtbot, "pawn", "Pawn", "P", "fmWfcF")
    designer.pieces.form.all_editors()[("pieces", "pawn", "pawn")].box.click()
    settled(designer)


def test_filling_the_promotion_section_turns_its_power_on_and_says_so(window, qtbot, user_variants):
    designer = new_designer(window, qtbot)
    small_pawn_variant(designer, qtbot)
    designer.tabs.setCurrentWidget(designer.board_page)
    assert "promotion" not in powers_of(designer)
    type_into(board_editor(designer, "promotion", "choices").focus_widget(), qtbot, "queen")
    assert "promotion" in powers_of(designer)  # in the form, in view
    assert designer.doc.own["powers"] == ["promotion"]
    assert "read by the promotion power, so it is now on" in designer.statusBar().currentMessage()
    while "promotion" in designer.doc.own:  # one key a step; the section and its power go together
        assert designer.doc.own["powers"] == ["promotion"]
        designer.undo_action.trigger()
    assert "powers" not in designer.doc.own


def test_check_warns_about_pawns_nothing_promotes_beside_its_ok(window, qtbot, user_variants):
    designer = new_designer(window, qtbot)
    small_pawn_variant(designer, qtbot)
    designer.tabs.setCurrentWidget(designer.setup_page)
    type_into(designer.setup_page.placement, qtbot, "3qk3/8/8/8/8/8/P7/3QK3")
    assert designer.save()  # playable...
    rows = [designer.problem_list.item(i).text() for i in range(designer.problem_list.count())]
    assert rows[0] == "check: OK - the variant is playable (Game > New game lists it), but see the warnings below."
    assert any("warning: pawns (Pawn) that reach their last rank stay pawns there" in row for row in rows)


def test_the_setup_follows_the_board_size_and_tells_what_it_dropped(window, qtbot, user_variants):
    designer = new_designer(window, qtbot)
    small_pawn_variant(designer, qtbot)
    designer.tabs.setCurrentWidget(designer.setup_page)
    type_into(designer.setup_page.placement, qtbot, "3qk2Q/8/8/8/8/8/P7/3QK3")
    designer.tabs.setCurrentWidget(designer.board_page)
    board_editor(designer, "files").spin.setValue(10)
    board_editor(designer, "ranks").spin.setValue(10)
    placement = designer.doc.own["setups"]["standard"]["placement"]
    assert placement == "10/10/3qk2Q2/10/10/10/10/10/P9/3QK5"  # every square keeps its name
    assert "Setup standard now fits the 10x10 board (every piece kept)." in designer.statusBar().currentMessage()
    # Typed in steps, a size smaller on the way (1, then 7) loses nothing it need not.
    board_editor(designer, "files").spin.setValue(1)
    board_editor(designer, "files").spin.setValue(7)
    placement = designer.doc.own["setups"]["standard"]["placement"]
    assert placement == "7/7/3qk2/7/7/7/7/7/P6/3QK2"
    assert "no room for the white Queen on h8" in designer.statusBar().currentMessage()
    # The setup editor takes it as it is now.
    designer.tabs.setCurrentWidget(designer.setup_page)
    settled(designer)
    editor = designer.setup_page.open_editor()
    assert editor is not None and editor.draft.vdef.files == 7
    assert editor.draft.pieces["d1"].kind == "queen"


def test_play_starts_the_setup_being_edited(window, qtbot, user_variants):
    designer = new_designer(window, qtbot)
    small_pawn_variant(designer, qtbot, "two-setups")
    page = designer.setup_page
    designer.tabs.setCurrentWidget(page)
    type_into(page.placement, qtbot, "3qk3/8/8/8/8/8/P7/3QK3")
    assert page.add_setup("queenless", "4k3/8/8/8/8/8/P7/4K3")
    settled(designer)
    assert page.current() == "queenless"
    assert designer.play()
    assert window.controller.game.options.get("setup") == "queenless"
    assert window.controller.game.board().get("d1") is None


def test_a_saved_variants_id_is_fixed_and_says_why(window, qtbot, user_variants):
    designer = new_designer(window, qtbot)
    assert designer.id_fixed.isHidden() and not designer.id_line.isReadOnly()
    small_pawn_variant(designer, qtbot)
    designer.save()
    assert designer.id_line.isReadOnly()
    assert not designer.id_fixed.isHidden()
    assert "keeps its id" in designer.id_fixed.toolTip() and "keeps its id" in designer.id_line.toolTip()


def test_typing_rebuilds_the_previews_once_typing_pauses(window, qtbot, user_variants):
    designer = new_designer(window, qtbot)
    small_pawn_variant(designer, qtbot)
    designer.tabs.setCurrentWidget(designer.setup_page)
    rebuilds = []
    designer.rebuild_previews = lambda: rebuilds.append(1)  # a counting stub of the rebuild
    line = designer.setup_page.placement
    line.setFocus()
    line.selectAll()
    qtbot.keyClicks(line, "3qk3/8/8/8/8/8/P7/3QK3")
    assert rebuilds == []  # no key waited on a rebuild
    assert designer.preview_timer.isSingleShot() and designer.preview_timer.interval() == PREVIEW_PAUSE_MS
    qtbot.waitUntil(lambda: rebuilds == [1], timeout=2000)
    qtbot.wait(2 * PREVIEW_PAUSE_MS)
    assert rebuilds == [1]  # one rebuild for the whole burst of typing
    assert designer.doc.own["setups"]["standard"]["placement"] == "3qk3/8/8/8/8/8/P7/3QK3"


def test_variant_files_are_written_with_the_users_umask(window, qtbot, user_variants):
    import os

    old = os.umask(0o022)
    try:
        designer = new_designer(window, qtbot)
        small_pawn_variant(designer, qtbot)
        designer.save()
    finally:
        os.umask(old)
    mode = (user_variants / "pawnland.toml").stat().st_mode & 0o777
    assert mode == 0o644
    assert tomllib.loads((user_variants / "pawnland.toml").read_text())["variant"]["pawnland"]["files"] == 8


def test_inherited_texts_are_marked_and_a_changed_piece_does_not_keep_the_parents(window, qtbot, user_variants):
    window.edit_variant_action.trigger()  # chess, as a new variant with chess as its parent
    designer = window.designer
    designer.pieces.select("rook")
    form = designer.pieces.form
    label = form.text_labels[("pieces", "rook", "description")]
    assert label.text() == "description (inherited)"
    designer.pieces.select("knight")
    form = designer.pieces.form
    knight = rules_description("knight")
    assert form.text_labels[("pieces", "knight", "description")].text() == "description (inherited)"
    type_into(piece_editor(designer, "betza").focus_widget(), qtbot, "NN")  # now a Nightrider
    form = designer.pieces.form
    assert designer.doc.own["pieces"]["knight"] == {"betza": "NN", "description": ""}
    assert "came from the parent's Knight and describes its moves" in designer.statusBar().currentMessage()
    line = piece_editor(designer, "description").line
    assert line.text() == "" and line.placeholderText() == f"The parent's: {knight}"
    assert form.text_labels[("pieces", "knight", "description")].text() == "description (parent's set aside)"
    offer = form.offers[("pieces", "knight", "description")]
    assert offer.isVisibleTo(designer)
    offer.click()  # offered for editing: the parent's text, now this piece's own
    assert designer.doc.own["pieces"]["knight"]["description"] == knight
    assert line.text() == knight


def rules_description(kind: str) -> str:
    import rules

    return rules.variant("chess").pieces[kind].description
