"""The status bar says what the move just played did, in the rules' words:
"White: Nc3, Knight b1 moves to c3." (the words come with the line's entry, from
``Game.move_in_words``). A finished game's result, said by the controller, stays.
"""

from __future__ import annotations

from collections.abc import Callable

from .controller import GameController


def last_move_sentence(controller: GameController) -> str:
    """The sentence for the move that led to the position on view; empty at the start."""
    ply = controller.game.ply
    if ply == 0 or ply > len(controller.line):
        return ""
    info = controller.line[ply - 1]
    if not info.words:
        return ""
    return f"{info.side.capitalize()}: {info.label}, {info.words}."


def say_moves(controller: GameController, say: Callable[[str], None]) -> None:
    """After each move played, ``say`` what it did (unless the game just ended: the result stays)."""
    def played() -> None:
        if controller.game.result is None:
            sentence = last_move_sentence(controller)
            if sentence:
                say(sentence)

    controller.movePlayed.connect(played)
