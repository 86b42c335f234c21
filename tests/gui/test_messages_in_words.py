"""Messages in the players' words: every refusal and check message the setup editor and the
designer can be driven to show is collected here and must not contain an option key
(``second_row_order``), an internal id where the thing has a name (``displacer-squirrel``,
``pocket43``) or the designer's stand-in file name ``<designer>``."""

from __future__ import annotations

import re

from designing import add_piece, new_designer, settled, type_into
from mouse import drag

import rules

ORDER = ["jellyfish", "impala", "poison", "buffalo", "displacer-squirrel", "bodyguard", "bodyguard", "archer",
         "lady-in-waiting", "gerbil", "ghost", "hangman"]


def internal_words(variant: str | None) -> set[str]:
    """Words no player should have to read: the ids of variants whose names differ from them,
    and the variant's option keys (joined by underscores) and ids of pieces whose names differ."""
    found = {vid for vid in rules.variant_ids() if rules.variant(vid).name.lower() != vid}
    if variant is not None:
        vdef = rules.variant(variant)
        found.update(name for name in vdef.options if "_" in name)
        found.update(pid for pid, ptype in vdef.pieces.items() if ptype.name.lower() != pid)
    return found


def faults(messages: list[str], variant: str | None = None) -> list[tuple[str, str]]:
    words = internal_words(variant)
    out = []
    for text in messages:
        if "<designer>" in text:
            out.append(("<designer>", text))
        out.extend((word, text) for word in sorted(words) if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text))
    return out


def test_the_setup_editors_refusals_are_in_players_words(window, qtbot, tmp_path):
    said: list[str] = []
    window.controller.new_game("friendly", {"setup": "alternate-1", "second_row_order": ",".join(ORDER)})
    editor = window.open_setup_editor()
    qtbot.waitExposed(editor)
    editor.model.said.connect(said.append)
    box = editor.position_box
    # The Alternate Setup #1 trap and its way out.
    setup = box.option_widgets["setup"]
    setup.setCurrentIndex(setup.findData("standard"))
    said += [box.blocked_text.text(), box.blocked_button.text()]
    box.blocked_button.click()
    said.append(box.text_values["second_row_order"].text())
    # Arranging Black's row: a fixed piece, a square off the row, a swap the rules refuse, a reading.
    editor.guide_box.enter.click()
    for square in ("f11", "c10"):
        said.append(editor.arranger.pick_refusal(square) or "")
    editor.gestures.dropped("a11", "f11")
    drag(editor.board, "a11", "b11")
    reading = editor.guide_box.reading
    reading.setCurrentIndex(reading.findData("mirror"))
    said.append(editor.guide_box.text.text())
    editor.guide_box.leave.click()
    assert faults(said, "friendly") == []
    said = []
    # Positions the rules refuse, in several variants.
    positions = [
        ("friendly", "12/12/12/12/12/12/12/12/12/12/12/FFFF8 w - - 0 1"),
        ("friendly", "ffff4{PB}3/12/12/12/12/12/12/12/12/12/12/FFFF8 w - - 0 1"),
        ("pocket43", "fnbkbnf/ppppppp/7/7/PPPPPPP/FNB1BNF w - - 0 1 @pocket=K"),
        ("flight-and-ferry", "2c2c2/rnfqkfnr/pppppppp/8/8/2G5/8/PPPPPPPP/RNBQKBNR/7G w KQkq - 0 1 ferries=(c5,f5)"),
        ("chess", "4k3/8/8/8/8/8/8/R2K4 w Q - 0 1"),
    ]
    for number, (variant, fen) in enumerate(positions):
        path = tmp_path / f"bad{number}.fen"
        path.write_text(f'[Variant "{variant}"]\n{fen}\n', encoding="utf-8")
        assert editor.files.open_file(str(path))
        shown = editor.problem_list.problems()
        assert shown, fen
        assert faults([*shown, editor.problem_list.headline.text()], variant) == []
    # Files the editor cannot read.
    for number, text in enumerate(['[Variant "no-such-game"]\n8/8/8/8/8/8/8/8 w - - 0 1\n', "[Variant chess\n"]):
        path = tmp_path / f"unreadable{number}.fen"
        path.write_text(text, encoding="utf-8")
        assert not editor.files.open_file(str(path))
        said.append(editor.files.last_error.text())
    assert [text for text in said if text]
    assert faults(said) == []


def test_the_designers_messages_are_in_players_words(window, qtbot, user_variants):
    designer = new_designer(window, qtbot)
    shown: list[str] = []
    designer.statusBar().messageChanged.connect(shown.append)
    type_into(designer.id_line, qtbot, "wording")
    add_piece(designer, qtbot, "king", "King", "K", "K")
    add_piece(designer, qtbot, "pawn", "Pawn", "P", "fmW")
    designer.pieces.form.all_editors()[("pieces", "pawn", "pawn")].box.click()
    designer.tabs.setCurrentWidget(designer.setup_page)
    for placement in ("4k3/8/8/8/8/8/8/4K3/8", "4k3/8/8/8/8/8/8/4X3", "8/8/8/8/8/8/8/4K3", "4k2P/8/8/8/8/8/8/4K3"):
        type_into(designer.setup_page.placement, qtbot, placement)
        settled(designer)
        shown.append(designer.setup_page.note.text())
    designer.save()
    shown += [designer.problem_list.item(i).text() for i in range(designer.problem_list.count())]
    designer.tabs.setCurrentWidget(designer.board_page)
    type_into(designer.board_page.form.all_editors()[("promotion", "choices")].focus_widget(), qtbot, "king")
    designer.board_page.form.all_editors()[("files",)].spin.setValue(6)
    designer.save()
    shown += [designer.problem_list.item(i).text() for i in range(designer.problem_list.count())]
    assert any("cannot start a game yet" in text for text in shown)
    assert faults(shown) == []
