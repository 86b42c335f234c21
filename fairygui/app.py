"""The ``fairygui`` command: the desktop app, or a headless picture with ``--render``."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

import rules
from rules.gctune import tune_after_startup

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

    from .mainwindow import MainWindow
    from .settings import Settings

DEFAULT_RENDER_WIDTH = 640


def variant_list() -> str:
    """The variant ids for the help text; a broken variant file must not stop ``--help``."""
    try:
        return ", ".join(rules.variant_ids())
    except Exception as exc:
        return f"(cannot list them: {str(exc)[:200]})"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="fairygui",
        description="Play chess variants whose pieces borrow, freeze, flip, merge and ride ferries.",
        epilog="Without --render the window opens with the game that was open when the app last "
        "stopped (even killed), or a new game. Variants: " + variant_list(),
    )
    parser.add_argument("game", nargs="?", help="a saved game (.pgn) to open")
    parser.add_argument("--variant", "-v", help="start a new game of this variant id")
    parser.add_argument("--option", "-o", action="append", metavar="NAME=VALUE", default=[],
                        help="a rule option of the variant (repeatable)")
    parser.add_argument("--fen", help="start from this position text instead of the variant's start")
    parser.add_argument("--moves", help="moves to play from the start, separated by spaces (e.g. 'e2e4 e7e5')")
    parser.add_argument("--new", action="store_true", help="start a fresh game instead of restoring the last one")
    parser.add_argument("--settings", metavar="FILE",
                        help="keep settings in this INI file instead of the user's settings")
    render = parser.add_argument_group("headless pictures")
    render.add_argument("--render", metavar="OUT", help="write the position to OUT (.png or .svg) and exit")
    render.add_argument("--size", type=int, default=DEFAULT_RENDER_WIDTH, metavar="PX",
                        help=f"picture width in pixels (default {DEFAULT_RENDER_WIDTH}); the height follows the board")
    render.add_argument("--flip", action="store_true", help="draw the board from Black's side")
    render.add_argument("--no-coordinates", action="store_true", help="leave out the file letters and rank numbers")
    render.add_argument("--overlays", metavar="NAME[,NAME]",
                        help="power overlays to draw: borrowing, hia, freeze, poison, forms, attacks-white, "
                        "attacks-black, or all")
    return parser


def parse_options(items: list[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for item in items:
        name, eq, value = item.partition("=")
        if not eq or not name.strip():
            raise ValueError(f"option {item!r} must look like NAME=VALUE")
        options[name.strip()] = value.strip()
    return options


def game_from_args(args: argparse.Namespace) -> rules.Game | None:
    """The game the command line names, or None when it names none. Raises RulesError,
    ValueError or OSError naming the fault."""
    if args.game:
        game = rules.load_game(read_text_file(Path(args.game)))
    elif args.variant or args.fen or args.moves or args.option:
        options: dict[str, Any] = dict(parse_options(args.option))
        game = rules.new_game(args.variant or "chess", options=options, fen=args.fen)
    else:
        return None
    for text in (args.moves or "").split():
        game.play(text)
    return game


def read_text_file(path: Path, what: str = "game record") -> str:
    """A user file's text, read safely (see ``rules.files``); rules.UserFileError names the fault."""
    from rules.files import read_user_file

    return read_user_file(path, what)


def render_command(args: argparse.Namespace) -> int:
    # No window opens, so no display is needed.
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    from .compat import guard_none_refcount
    from .facts import last_move_of, snapshot_of
    from .powers.pictures import overlay_names, picture_overlays
    from .render import save_picture

    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    guard_none_refcount()
    try:
        game = game_from_args(args) or rules.new_game("chess")
        snapshot = snapshot_of(game, last_move_of(game))
        overlays = picture_overlays(game, overlay_names(args.overlays)) if args.overlays else None
        path = save_picture(snapshot, args.render, args.size, args.flip, overlays=overlays,
                            coordinates=not args.no_coordinates)
    except (rules.RulesError, ValueError, OSError) as exc:
        print(f"fairygui: error: {exc}", file=sys.stderr)
        return 2
    del app
    print(path)
    return 0


def has_display() -> bool:
    """Whether a window can open here (Qt aborts the process when it cannot)."""
    if not sys.platform.startswith("linux"):
        return True
    return any(os.environ.get(name) for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"))


def report_unexpected_errors(show: Callable[[str], None]) -> None:
    """Errors escaping a slot are printed as usual and also shown in the window, whose game
    stays as it was, instead of passing unnoticed."""
    previous = sys.excepthook

    def hook(kind: type[BaseException], value: BaseException, trace: TracebackType | None) -> None:
        previous(kind, value, trace)
        try:
            show(f"Internal error ({kind.__name__}: {value}); the game is kept.")
        except Exception:  # the window may be gone; the traceback is printed already
            pass

    sys.excepthook = hook


def main_window(settings: Settings) -> MainWindow:
    """A main window on ``settings`` (with a placeholder game until one is set or restored):
    the one way to make it, for this module, the tests, the benchmarks and the picture scripts."""
    from .mainwindow import MainWindow

    return MainWindow(settings)


def open_window(args: argparse.Namespace) -> tuple[QApplication, MainWindow]:
    """The application and its main window with the game the command line asks for, or the
    last session restored; what cannot start is said in the window, which always opens."""
    from PySide6.QtWidgets import QApplication

    from .compat import guard_none_refcount
    from .settings import Settings, open_qsettings
    from .wheelguard import install as install_wheel_guard

    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    guard_none_refcount()
    app.setApplicationName("fairygui")
    app.setOrganizationName("fairychess")
    install_wheel_guard(app)
    settings = Settings(open_qsettings(args.settings))
    window = main_window(settings)
    report_unexpected_errors(window.show_message)
    startup_error = None
    try:
        game = game_from_args(args)
    except Exception as exc:  # a broken variant file may fail in any way; the window still opens
        game = None
        startup_error = str(exc) if isinstance(exc, (rules.RulesError, ValueError, OSError)) else (
            f"{type(exc).__name__}: {exc}")
    if game is not None:
        window.controller.set_game(game)
        if args.game:
            window.note_file(str(Path(args.game).resolve()))
    elif args.new:
        window.session.start_default_game()
    else:  # also when the command line's game cannot start: the last session comes back
        window.restore_last_game()
    from .buildprogress import BuildProgress  # Qt loads only when a window opens

    window.build_progress = BuildProgress(window.statusBar())  # type: ignore[attr-defined]
    window.show()
    if startup_error:
        window.show_error("Cannot start with that game", startup_error)
    return app, window


def gui_command(args: argparse.Namespace) -> int:
    if not has_display():
        print("fairygui: error: no display to open a window on; use --render for pictures, "
              "or set QT_QPA_PLATFORM (e.g. offscreen)", file=sys.stderr)
        return 2
    app, _window = open_window(args)
    tune_after_startup()  # the window, the rules tables and Qt's wrappers live until exit
    return int(app.exec())


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    if args.render:
        return render_command(args)
    return gui_command(args)
