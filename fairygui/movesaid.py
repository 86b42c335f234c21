"""What the status bar says about moves: what the move just played did, in the rules'
words ("White: Nc3, Knight b1 moves to c3.", from the line's entry, which has them from
``Game.move_in_words``; a finished game's result, said by the controller, stays); where in
the game the position on view is, in moves, not plies; and why a press on the board did
nothing while the computer thinks.
"""

from __future__ import annotations

from collections.abc import Callable

from rules import Move

from .controller import GameController
from .line import PlyInfo


def last_move_sentence(controller: GameController) -> str:
    """The sentence for the move that led to the position on view; empty at the start."""
    ply = controller.game.ply
    if ply == 0 or ply > len(controller.line):
        return ""
    info = controller.line[ply - 1]
    if not info.words:
        return ""
    return f"{info.side.capitalize()}: {info.label}, {info.words}."


def say_moves(controller: GameController, say: Callable[[str], None], said: Callable[[], str]) -> None:
    """After each move played, ``say`` what it did, before what the new position made the
    window say already (``said``: a draw that may be claimed); unless the game just ended:
    the result stays."""
    def played() -> None:
        if controller.game.result is None:
            sentence = last_move_sentence(controller)
            if sentence:
                already = said()
                say(f"{sentence} {already}" if already else sentence)

    controller.movePlayed.connect(played)


def chooser_tip(controller: GameController, move: Move) -> str:
    """A chooser button's tooltip: how the record will write the move, and what it does."""
    game = controller.game
    return f"Recorded as {game.san(move)}: {game.move_in_words(move)}"


def viewing_words(line: list[PlyInfo], ply: int) -> str:
    """Where the position after ``ply`` entries of ``line`` is: "Viewing the position after
    2. Nf3, in a game of 38 moves; ..." (moves are full moves, as numbered in the list)."""
    if not line:
        return ""
    total = max(info.number for info in line)
    game = f"a game of {total} move{'s' if total != 1 else ''}"
    if ply <= 0:
        return f"Viewing the start, in {game}; a move here replaces the whole game."
    info = line[min(ply, len(line)) - 1]
    number = f"{info.number}." if info.side == "white" else f"{info.number}..."
    label = f"({info.label})" if info.action else info.label
    return f"Viewing the position after {number} {label}, in {game}; a different move here replaces the rest."


def ignored_press_words(thinking: bool, reading: bool, side: str) -> str:
    """Why a press on the board did nothing, or empty when nothing needs saying."""
    if reading:
        return "Please wait: a game is still being read."
    if thinking:
        return (f"The computer is thinking for {side.capitalize()}: wait for its move, "
                "or Computer > Move now to have it play at once.")
    return ""
