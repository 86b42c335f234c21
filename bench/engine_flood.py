"""What a flooding engine costs the app: the engine client (fairygui/engines/client.py) analysing
with a fake UCI or XBoard engine that writes thinking lines as fast as it can, for a few seconds.

Prints, per protocol, the lines the engine wrote per second, the CPU seconds this process (the
client's reader and search threads: what the app pays) used per second of flood, and how many
progress reports reached the caller. Run: .venv/bin/python bench/engine_flood.py [seconds]
"""

from __future__ import annotations

import sys
import tempfile
import textwrap
import threading
import time
from pathlib import Path

import rules
from fairygui.engines.client import UCI, XBOARD, EngineSpec, ExternalEngine, probe
from rules.engine import Limits

FLOODER = textwrap.dedent('''\
    import sys, threading
    # A fake engine: on "go"/"analyze" it writes thinking lines (a 12-move line each) until stopped.
    stop = threading.Event()
    count = [0]
    UCI_LINE = "info depth 12 seldepth 20 multipv 1 score cp 31 nodes 123456 nps 999999 time 77 pv " + \\
        "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5"
    XB_LINE = "12 31 7 123456 e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5"
    def flood(line, end):
        while not stop.is_set():
            sys.stdout.write((line + "\\n") * 50)
            sys.stdout.flush()
            count[0] += 50
        sys.stdout.write(end + "\\n")
        sys.stdout.flush()
    thread = None
    for raw in sys.stdin:
        words = raw.split()
        word = words[0] if words else ""
        if word == "uci":
            print("id name Flooder\\nuciok", flush=True)
        elif word == "isready":
            print("readyok", flush=True)
        elif word == "protover":
            print('feature myname="Flooder" ping=1 setboard=1 usermove=1 done=1', flush=True)
        elif word == "ping":
            print("pong " + words[1], flush=True)
        elif word == "go" and "infinite" not in words:
            print("bestmove e2e4" if len(words) > 1 else "move e2e4", flush=True)  # the warm-up search
        elif word in ("go", "analyze"):
            stop.clear()
            uci = word == "go"
            thread = threading.Thread(target=flood, args=(UCI_LINE if uci else XB_LINE,
                                                          "bestmove e2e4" if uci else ""))
            thread.start()
        elif word in ("stop", "exit") and thread is not None:
            stop.set()
            thread.join()
            thread = None
            with open(sys.argv[1], "a") as tally:  # the app reads no stderr: the count goes to a file
                tally.write(f"{count[0]}\\n")
        elif word == "quit":
            stop.set()
            break
''')


def run(protocol: str, seconds: float, script: Path) -> None:
    tally = script.with_name(f"tally-{protocol}")
    spec = EngineSpec(sys.executable, (str(script), str(tally)), protocol)
    engine = ExternalEngine(spec, probe(spec))
    game = rules.new_game("chess")
    reports = [0]
    stop = threading.Event()

    def progress(result: object) -> None:
        reports[0] += 1

    engine.search(game, Limits(depth=1), None, None)  # started and warmed up before measuring
    timer = threading.Timer(seconds, stop.set)
    cpu, wall = time.process_time(), time.monotonic()
    timer.start()
    engine.search(game, Limits(), progress, stop)
    used, took = time.process_time() - cpu, time.monotonic() - wall
    engine.close()
    flooded = int(tally.read_text().split()[-1])
    print(f"{protocol:7s} flood {flooded / took:10,.0f} lines/s   app CPU {used / took:5.2f} s per s   "
          f"reports {reports[0] / took:5.1f}/s   ({took:.1f} s)")


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "flooder.py"
        script.write_text(FLOODER)
        for protocol in (UCI, XBOARD):
            run(protocol, seconds, script)


if __name__ == "__main__":
    main()
