"""Loading is safe when several threads make their first games at once.

The power registry, the catalogue and the Rules cache are filled on first use. Games of
different variants made from eight threads at once, first thing in a fresh process, must
read and play exactly as the same games made one after another in one thread; and the
registry, asked from eight threads at once, lists every power to each of them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

#: Each thread's variant, start (None: the standard one) and moves in protocol text
#: (a drop such as ``P@c5``, a promotion such as ``a7a8q``, or plain moves).
SCRIPT = textwrap.dedent(
    """
    import json
    import sys
    import threading

    from rules.catalogue import new_game
    from rules.protocols.movetext import parse_protocol_move

    LINES = {
        "chess": ("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", ["a7a8q", "e8d7", "a8a4"]),
        "crazyhouse": (None, ["e2e4", "d7d5", "e4d5", "g8f6", "P@c5", "f6d5", "g1f3", "P@e4"]),
        "friendly": (None, []),
        "pocket43": (None, []),
        "blender": (None, []),
        "flight-and-ferry": (None, []),
        "shogi": (None, ["c3c4", "g7g6"]),
        "xiangqi": (None, ["b3e3", "h8e8"]),
    }


    def play(variant, fen, moves):
        game = new_game(variant, fen=fen)
        for text in moves:
            game.play(parse_protocol_move(game, text))
        for _ in range(4):  # then a few moves every variant has: the first legal one in text order
            game.play(min(game.legal_moves(), key=str))
        return game.fen()


    def run(variant):
        try:
            if len(sys.argv) > 1:  # together: every thread starts at once
                barrier.wait()
            found[variant] = play(variant, *LINES[variant])
        except BaseException as exc:
            found[variant] = f"failed: {type(exc).__name__}: {exc}"


    barrier = threading.Barrier(len(LINES))
    found = {}
    if len(sys.argv) > 1:
        threads = [threading.Thread(target=run, args=(v,)) for v in LINES]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    else:
        for variant in LINES:
            run(variant)
    json.dump(found, sys.stdout)
    """
)


REGISTRY_SCRIPT = textwrap.dedent(
    """
    import json
    import sys
    import threading

    from rules.powers import known_powers

    barrier = threading.Barrier(8)
    found = []


    def run():
        barrier.wait()
        found.append(sorted(known_powers()))


    threads = [threading.Thread(target=run) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    json.dump({"threads": found, "after": sorted(known_powers())}, sys.stdout)
    """
)


def in_fresh_process(script: str, *args: str) -> object:
    """What ``script`` writes as JSON, run in a new Python process (nothing loaded yet)."""
    env = {**os.environ, "FAIRYCHESS_VARIANTS": ""}
    done = subprocess.run(
        [sys.executable, "-c", script, *args], capture_output=True, text=True, timeout=300, env=env, check=False
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def first_games(*together: str) -> dict[str, str]:
    """Each variant's position after its line, played in a fresh process (``together``: from
    eight threads at once; else one after another), or the failure that stopped it."""
    found = in_fresh_process(SCRIPT, *together)
    assert isinstance(found, dict)
    return found


def test_first_games_of_eight_variants_from_eight_threads_at_once() -> None:
    one_thread = first_games()
    assert not [text for text in one_thread.values() if text.startswith("failed")], one_thread
    assert first_games("together") == one_thread


def test_the_power_registry_asked_from_eight_threads_at_once_lists_every_power_to_each() -> None:
    report = in_fresh_process(REGISTRY_SCRIPT)
    assert isinstance(report, dict)
    assert len(report["after"]) > 20
    assert report["threads"] == [report["after"]] * 8
