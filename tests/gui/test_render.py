"""The headless picture command and the painter behind it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage

import rules
from fairygui.app import main
from fairygui.board.artwork import Artwork
from fairygui.board.layout import BoardLayout
from fairygui.facts import chosen_artwork, snapshot_of
from fairygui.render import picture_size, render_image

ROOT = Path(__file__).resolve().parents[2]


def mean_colour(image: QImage, layout: BoardLayout, square: str) -> tuple[float, float, float]:
    """Average colour of the middle half of a square."""
    rect = layout.rect(square)
    x0, y0 = int(rect.left() + rect.width() / 4), int(rect.top() + rect.height() / 4)
    x1, y1 = int(rect.right() - rect.width() / 4), int(rect.bottom() - rect.height() / 4)
    total = [0.0, 0.0, 0.0]
    count = 0
    for y in range(y0, y1):
        for x in range(x0, x1):
            c = QColor(image.pixel(x, y))
            total[0] += c.red()
            total[1] += c.green()
            total[2] += c.blue()
            count += 1
    return (total[0] / count, total[1] / count, total[2] / count)


def distance(a, b) -> float:
    return sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5


def test_render_command_writes_a_png_of_the_right_size(tmp_path):
    out = tmp_path / "start.png"
    assert main(["--render", str(out), "--variant", "chess", "--size", "400"]) == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == (400, 400)
    layout = BoardLayout(snapshot_of(rules.new_game("chess")).shape, 400, 400)
    # e2 and e4 are both light squares: one holds a pawn, one is empty.
    assert distance(mean_colour(image, layout, "e2"), mean_colour(image, layout, "e4")) > 40
    # Two empty light squares look alike.
    assert distance(mean_colour(image, layout, "e4"), mean_colour(image, layout, "c4")) < 3
    # A white and a black piece on squares of the same colour look different.
    assert distance(mean_colour(image, layout, "d1"), mean_colour(image, layout, "e8")) > 40


def test_render_command_plays_moves_and_draws_from_blacks_side(tmp_path):
    out = tmp_path / "flipped.png"
    assert main(["--render", str(out), "--moves", "e2e4 e7e5", "--flip", "--size", "320"]) == 0
    image = QImage(str(out))
    game = rules.new_game("chess")
    layout = BoardLayout(snapshot_of(game).shape, image.width(), image.height(), flipped=True)
    assert distance(mean_colour(image, layout, "e4"), mean_colour(image, layout, "c4")) > 40
    assert layout.rect("e8").bottom() < image.height() / 2 + 1 or layout.rect("e8").top() > 0


def test_render_svg(tmp_path):
    out = tmp_path / "start.svg"
    assert main(["--render", str(out), "--variant", "chess", "--size", "300"]) == 0
    text = out.read_text(encoding="utf-8")
    assert 'viewBox="0 0 300 300"' in text
    assert text.count("<path") > 20  # the pieces stay vector drawings


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--variant", "nonsense"], "nonsense"),
        (["--fen", "8/8 w - - 0 1"], "ranks"),
        (["--moves", "e2e5"], "e2e5"),
        (["--option", "fifty_move_rule=perhaps"], "fifty_move_rule"),
        (["--size", "3"], "out of range"),
    ],
)
def test_render_command_reports_bad_input(tmp_path, capsys, args, message):
    out = tmp_path / "x.png"
    assert main(["--render", str(out), *args]) == 2
    assert message in capsys.readouterr().err
    assert not out.exists()


def test_render_command_refuses_an_unknown_picture_format(tmp_path, capsys):
    assert main(["--render", str(tmp_path / "x.gif2"), "--variant", "chess"]) == 2
    assert ".png or .svg" in capsys.readouterr().err


def test_help_lists_the_options():
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run([sys.executable, "-m", "fairygui", "--help"], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=60)
    assert done.returncode == 0
    for option in ("--render", "--variant", "--fen", "--size", "--option", "--flip", "--settings", "--new"):
        assert option in done.stdout


def test_every_variant_renders_with_its_artwork():
    for vid in rules.variant_ids():
        game = rules.new_game(vid)
        snap = snapshot_of(game)
        image = render_image(snap, 300)
        assert image.size() == picture_size(snap, 300)
        art = Artwork()
        art.use_variant(chosen_artwork(rules.variant(vid)))  # a piece's artwork key, as the window uses it
        missing = {g.kind for g in snap.pieces.values() if not art.has_piece(g.color, g.kind)}
        assert not missing, f"{vid}: no artwork for {missing}"


def test_a_piece_without_artwork_is_drawn_as_a_letter_disc(tmp_path):
    snap = snapshot_of(rules.new_game("chess"))
    plain = render_image(snap, 320, art=Artwork(tmp_path))  # an empty artwork folder
    layout = BoardLayout(snap.shape, plain.width(), plain.height())
    # A white disc on a light square still shows its dark outline and letter.
    assert distance(mean_colour(plain, layout, "e2"), mean_colour(plain, layout, "e4")) > 20
    assert distance(mean_colour(plain, layout, "d1"), mean_colour(plain, layout, "e8")) > 80


def test_extra_squares_sit_beside_the_board():
    for vid in rules.variant_ids():
        vdef = rules.variant(vid)
        snap = snapshot_of(rules.new_game(vid))
        size = picture_size(snap, 600)
        layout = BoardLayout(snap.shape, size.width(), size.height())
        for name in vdef.extra_squares:
            rect = layout.rect(name)
            assert rect.left() >= layout.board_rect.right()
            assert rect.right() <= size.width()
            assert layout.square_at(rect.center()) == name
        for square in snap.shape.board_squares():
            assert layout.square_at(layout.centre(square)) == square


def test_the_none_refcount_guard_keeps_python_alive_through_many_qt_calls(qapp):
    import sys

    from PySide6.QtWidgets import QLabel

    from fairygui.compat import guard_none_refcount, has_none_refcount_fault

    guard_none_refcount()
    label = QLabel()
    start = sys.getrefcount(None)
    for _ in range(20000):
        label.setText("x")
    # Without the fault nothing changes; with it the guard's reserve absorbs every call.
    assert sys.getrefcount(None) > 1000
    assert has_none_refcount_fault() == (sys.getrefcount(None) < start)
