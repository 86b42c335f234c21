"""An engine program as a running process: lines in, lines out, with deadlines and bounds.

Every engine runs in a process group of its own, so ending it ends whatever it started too.
Its output is read on a thread of ours (never Qt's shared pool), a line at most
:data:`MAX_LINE_BYTES` long (the rest of a longer line is dropped) and at most
:data:`MAX_QUEUED_LINES` lines waiting to be read: a flooding engine is slowed down by its own
full pipe instead of filling our memory. Writing never blocks for long: an engine that stops
reading is reported. Ending an engine asks it to quit, then sends SIGTERM and SIGKILL to its
group after short grace periods; when the app ends, :func:`end_all` does that for every engine
still running, and a small guardian process kills their groups if the app itself is killed.
"""

from __future__ import annotations

import atexit
import os
import queue
import select
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence

#: The longest line of engine output kept; the rest of a longer line is dropped.
MAX_LINE_BYTES = 32 * 1024
#: Lines read from the engine and not yet handled; the reader waits while this many are queued.
MAX_QUEUED_LINES = 512
#: Lines a wait keeps for its caller (a greeting's options, the lines before a pong); more are dropped.
MAX_KEPT_LINES = 2000
#: The longest line kept whole in a log of lines sent (a long ``position ... moves`` is cut there).
SENT_LINE_CHARS = 300
#: Seconds a write may wait for an engine that does not read what it is sent.
SEND_SECONDS = 5.0
#: Seconds an engine has to quit when told, then to end after SIGTERM, before SIGKILL.
QUIT_GRACE_SECONDS = 1.0
TERM_GRACE_SECONDS = 0.5
#: How often a waiting read looks at its deadline.
POLL_SECONDS = 0.05

_POSIX = os.name == "posix"


class EngineFailure(Exception):
    """The engine crashed, hung or broke the protocol; the message says so in words."""


class EngineStartFailure(EngineFailure):
    """The program could not be started at all (missing, not a program, not allowed)."""


def start_problem(program: str) -> str | None:
    """Why ``program`` cannot be started, in words; None if it looks like a program."""
    if os.sep not in program and (os.altsep is None or os.altsep not in program):
        if shutil.which(program) is None:
            return f"the program {program!r} was not found (it is not on the search path)"
        return None
    if not os.path.exists(program):
        return f"the program {program} is missing (no such file)"
    if os.path.isdir(program):
        return f"{program} is a folder, not a program"
    if not os.access(program, os.X_OK):
        return f"{program} is not a program this system may run (it is not executable)"
    return None


class _Guardian:
    """A small process of its own that kills the engines' process groups when our end of its
    pipe closes: when the app ends in any way, a kill included."""

    SCRIPT = (
        "import os, signal, sys\n"
        "signal.signal(signal.SIGINT, signal.SIG_IGN)\n"
        "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
        "groups = set()\n"
        "for line in sys.stdin:\n"
        "    sign, _, number = line.partition(' ')\n"
        "    try:\n"
        "        (groups.add if sign == '+' else groups.discard)(int(number))\n"
        "    except ValueError:\n"
        "        pass\n"
        "for group in groups:\n"
        "    try:\n"
        "        os.killpg(group, signal.SIGKILL)\n"
        "    except OSError:\n"
        "        pass\n"
    )

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._proc: subprocess.Popen[str] | None = None
        self._failed = False

    def _tell(self, line: str) -> None:
        if not _POSIX:
            return
        with self._lock:
            if self._proc is None and not self._failed:
                try:
                    self._proc = subprocess.Popen(
                        [sys.executable, "-I", "-c", self.SCRIPT], stdin=subprocess.PIPE,
                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True, start_new_session=True,
                    )
                except OSError:
                    self._failed = True  # engines are still ended at a normal exit
            stream = self._proc.stdin if self._proc is not None else None
            if stream is not None:
                try:
                    stream.write(line + "\n")
                    stream.flush()
                except (OSError, ValueError):
                    pass

    def watch(self, group: int) -> None:
        self._tell(f"+ {group}")

    def forget(self, group: int) -> None:
        self._tell(f"- {group}")


_guardian = _Guardian()
_live: set[EngineProcess] = set()
_live_lock = threading.Lock()


class EngineProcess:
    """The running program: lines in, lines out, with deadlines."""

    def __init__(self, command: Sequence[str], sent: deque[str] | None = None) -> None:
        self.command = list(command)
        #: Where each line written to the engine is kept (the client's log of lines sent), if
        #: anywhere; a line longer than SENT_LINE_CHARS is kept cut, ending in "...".
        self.sent = sent
        problem = start_problem(self.command[0])
        if problem is not None:
            raise EngineStartFailure(problem)
        try:
            self.proc = subprocess.Popen(
                self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                bufsize=0, start_new_session=_POSIX,
            )
        except OSError as exc:
            raise EngineStartFailure(
                f"{self.command[0]} could not be started: {exc.strerror or exc}") from None
        if _POSIX:
            os.set_blocking(self._stdin_fd(), False)
            _guardian.watch(self.proc.pid)
        with _live_lock:
            _live.add(self)
        self.lines: queue.Queue[str | None] = queue.Queue(MAX_QUEUED_LINES)
        #: Lines longer than MAX_LINE_BYTES seen (their ends were dropped).
        self.cut_lines = 0
        self._ended = False
        self._closing = threading.Event()
        threading.Thread(target=self._read, name="engine-reader", daemon=True).start()

    @property
    def pid(self) -> int:
        return self.proc.pid

    def _stdin_fd(self) -> int:
        assert self.proc.stdin is not None
        return self.proc.stdin.fileno()

    # ------------------------------------------------------------ reading

    def _read(self) -> None:
        stream = self.proc.stdout
        assert stream is not None
        reader = os.fdopen(stream.fileno(), "rb", closefd=False)
        try:
            while True:
                chunk = reader.readline(MAX_LINE_BYTES)
                if not chunk:
                    break
                if not chunk.endswith(b"\n") and len(chunk) >= MAX_LINE_BYTES:
                    self.cut_lines += 1
                    while True:  # drop the rest of the line, a bounded piece at a time
                        rest = reader.readline(MAX_LINE_BYTES)
                        if not rest or rest.endswith(b"\n"):
                            break
                if not self._offer(chunk.decode("utf-8", "replace").rstrip("\r\n")):
                    return
        except (OSError, ValueError):
            pass
        self._offer(None)

    def _offer(self, line: str | None) -> bool:
        """Queue a line, waiting while the queue is full; False once the process is being closed."""
        while not self._closing.is_set():
            try:
                self.lines.put(line, timeout=POLL_SECONDS * 4)
                return True
            except queue.Full:
                continue
        return False

    def read(self, deadline: float | None) -> str | None:
        """The next line; None if the deadline passed first. EngineFailure if the engine ended."""
        if self._ended:
            raise EngineFailure(self.ended_words())
        wait = POLL_SECONDS if deadline is None else max(0.0, min(POLL_SECONDS, deadline - time.monotonic()))
        try:
            line = self.lines.get(timeout=wait)
        except queue.Empty:
            return None
        if line is None:
            self._ended = True  # every later read learns it too
            raise EngineFailure(self.ended_words())
        return line

    def wait_for(self, wanted: Callable[[str], bool], seconds: float, what: str) -> list[str]:
        """The lines up to the first that ``wanted`` accepts (at most MAX_KEPT_LINES of the
        first ones, and that one); EngineFailure naming ``what`` after ``seconds``."""
        deadline = time.monotonic() + seconds
        got: list[str] = []
        while time.monotonic() < deadline:
            line = self.read(deadline)
            if line is None:
                continue
            if wanted(line):
                got.append(line)
                return got
            if len(got) < MAX_KEPT_LINES:
                got.append(line)
        raise EngineFailure(f"the engine did not {what} within {seconds:.0f} seconds")

    # ------------------------------------------------------------ writing

    def alive(self) -> bool:
        return self.proc.poll() is None

    def send(self, line: str) -> None:
        """Write a line; EngineFailure if the engine ended or has not read for SEND_SECONDS."""
        if self.sent is not None:
            self.sent.append(line if len(line) <= SENT_LINE_CHARS else line[:SENT_LINE_CHARS] + "...")
        data = (line + "\n").encode("utf-8")
        deadline = time.monotonic() + SEND_SECONDS
        try:
            fd = self._stdin_fd()
            while data:
                try:
                    written = os.write(fd, data)
                except BlockingIOError:
                    written = 0
                data = data[written:]
                if data:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        raise EngineFailure(
                            f"the engine stopped reading what it is sent (for {SEND_SECONDS:.0f} seconds)")
                    select.select([], [fd], [], min(left, POLL_SECONDS * 4))
        except (OSError, ValueError, AssertionError):
            raise EngineFailure(self.ended_words()) from None

    def ended_words(self) -> str:
        try:
            code = self.proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            return "the engine closed its output"
        if code < 0:
            try:
                return f"the engine was ended by {signal.Signals(-code).name}"
            except ValueError:
                return f"the engine was ended by signal {-code}"
        return f"the engine quit (exit code {code})"

    # ------------------------------------------------------------ ending

    def _signal_group(self, number: int) -> None:
        try:
            if _POSIX:
                os.killpg(self.proc.pid, number)
            elif number == signal.SIGTERM:
                self.proc.terminate()
            else:
                self.proc.kill()
        except OSError:
            pass

    def _reaped(self) -> None:
        self._closing.set()
        with _live_lock:
            _live.discard(self)
        if _POSIX:
            _guardian.forget(self.proc.pid)
        for stream in (self.proc.stdin, self.proc.stdout):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass

    def end(self, grace: float = QUIT_GRACE_SECONDS) -> None:
        """Ask it to quit; SIGTERM to its group after ``grace`` seconds, SIGKILL after
        TERM_GRACE_SECONDS more. Returns once it has ended."""
        if self.alive():
            try:
                self.send("quit")
            except EngineFailure:
                pass
        self._closing.set()
        for number, seconds in ((signal.SIGTERM, grace), (signal.SIGKILL, TERM_GRACE_SECONDS)):
            try:
                self.proc.wait(timeout=seconds)
                break
            except subprocess.TimeoutExpired:
                self._signal_group(number)
        else:
            try:
                self.proc.wait(timeout=TERM_GRACE_SECONDS)
            except subprocess.TimeoutExpired:
                pass
        # Whatever it started in its group goes with it.
        self._signal_group(signal.SIGKILL)
        self._reaped()

    def close(self) -> None:
        """End it as :meth:`end` does, without holding up the caller."""
        self._closing.set()
        threading.Thread(target=self.end, name="engine-reaper", daemon=True).start()

    def kill(self) -> None:
        """SIGKILL to its whole group at once."""
        self._closing.set()
        self._signal_group(signal.SIGKILL)
        threading.Thread(target=self.end, args=(0.0,), name="engine-reaper", daemon=True).start()


def running_processes() -> list[EngineProcess]:
    with _live_lock:
        return list(_live)


def end_all(grace: float = QUIT_GRACE_SECONDS) -> None:
    """End every engine still running, together: each is told to quit, and what has not ended
    after ``grace`` seconds is killed with its group."""
    processes = running_processes()
    threads = [threading.Thread(target=p.end, args=(grace,), daemon=True) for p in processes]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(grace + 2 * TERM_GRACE_SECONDS + 1.0)


atexit.register(end_all, 0.5)
