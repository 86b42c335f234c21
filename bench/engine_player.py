"""One engine in a process of its own, answering moves over stdin/stdout (for bench matches).

Run with ``PYTHONPATH`` set to the checkout whose ``rules`` package should play: the
benchmark starts one of these for today's engine and one for a frozen baseline commit,
so two versions of the same package can meet in one match. The script itself uses only
the API both versions share (``rules.new_game``, ``Game.play``, ``Engine.search``).

Protocol, one JSON object a line:

* ``{"hello": true}`` -> ``{"rules": "<path of the rules package>"}``
* ``{"variant": ID, "moves": [...], "time": S, "depth": D, "new_game": B}`` ->
  ``{"move": TEXT, "score": CP, "depth": D, "nodes": N, "seconds": S}``; ``new_game``
  drops what earlier searches learned (one engine per variant otherwise keeps its table
  between moves, as in the app).
"""

from __future__ import annotations

import json
import sys

import rules
from rules.engine import Engine, Limits


def tune_gc() -> None:
    """The collector settings the app and the command line use, where this checkout has them."""
    try:
        from rules.gctune import tune_after_startup
    except ImportError:  # an older checkout (a baseline) plays with the defaults, as it shipped
        return
    tune_after_startup()


def main() -> None:
    tune_gc()
    engines: dict[str, Engine] = {}
    #: The game of the last request and its moves: a request that extends them plays only
    #: the new ones (replaying every game from its start cost more than the search).
    game: rules.Game | None = None
    played: list[str] = []
    for line in sys.stdin:
        request = json.loads(line)
        if request.get("hello"):
            reply: dict[str, object] = {"rules": rules.__file__}
        else:
            variant = request["variant"]
            moves = list(request["moves"])
            if game is None or game.variant != variant or moves[: len(played)] != played:
                game = rules.new_game(variant)
                played = []
            for text in moves[len(played):]:
                game.play(text)
            played = moves
            engine = engines.get(variant)
            if engine is None or engine.rules is not game.rules:
                engine = engines[variant] = Engine(game.rules, "strongest")
            if request.get("new_game"):
                engine.new_game()
            limits = Limits(depth=request.get("depth"), time=request.get("time"))
            result = engine.search(game, limits)
            reply = {
                "move": str(result.best_move), "score": result.score, "depth": result.depth,
                "nodes": result.nodes, "seconds": result.seconds,
            }
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
