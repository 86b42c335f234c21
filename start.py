"""Start the app from a fresh clone: ``python3.11 start.py [fairygui arguments]``.

It uses only the standard library, because it runs before anything is installed:

1. makes ``.venv`` and installs the app into it in pure Python, only when there is no ``.venv``
   yet or ``pyproject.toml`` changed since the last install (a stamp in ``.venv`` holds its hash);
   this takes seconds, not minutes, so a new user reaches a board at once;
2. where a C compiler is present, makes the compiled build (mypyc, about twice as fast) in a
   background process for the next start: after a pure install, and when the source of a
   compiled module changed since (``rules/_compiled.json`` holds their hashes). Its progress
   and an estimate are in ``.venv/fairychess-compile.json``, which the terminal line and the
   window's status bar show; while it runs the app runs pure Python;
3. on Linux with an X display, checks that the system libraries Qt's xcb platform plugin
   loads are there (``ldd`` on the plugin), installs missing ones with apt-get where it can,
   and otherwise stops with the one command line that installs them, before Qt would abort;
4. runs ``.venv``'s ``fairygui`` with the arguments given.
"""

from __future__ import annotations

import contextlib
import ctypes.util
import hashlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent
STAMP_NAME = "fairychess-install.stamp"
#: Written by the install's compile step (setup.py): module name -> SHA-256 of its source.
COMPILED_MANIFEST = Path("rules") / "_compiled.json"
#: In .venv: the background compile's state (read by the app's status bar too) and its log.
COMPILE_STATE_NAME = "fairychess-compile.json"
COMPILE_LOG_NAME = "fairychess-compile.log"
PURE_VARIABLE = "FAIRYCHESS_PURE_PYTHON"
#: The hidden first argument that makes start.py the background compile itself.
BACKGROUND_COMPILE = "--compile-in-background"
#: Seconds the compile took on the development machine (about a minute of CPU on an idle
#: machine, 2-3 minutes while other work runs); replaced by the last measured time.
DEFAULT_COMPILE_SECONDS = 150.0

Runner = Callable[[Sequence[str]], int]

# The libraries Qt's xcb plugin and its Qt libraries link to that a desktop system may lack,
# by soname, with the package that holds each on Debian/Ubuntu, Fedora and Arch.
PACKAGES: dict[str, tuple[str, str, str]] = {
    "libxcb-cursor.so.0": ("libxcb-cursor0", "xcb-util-cursor", "xcb-util-cursor"),
    "libxcb-icccm.so.4": ("libxcb-icccm4", "xcb-util-wm", "xcb-util-wm"),
    "libxcb-keysyms.so.1": ("libxcb-keysyms1", "xcb-util-keysyms", "xcb-util-keysyms"),
    "libxcb-image.so.0": ("libxcb-image0", "xcb-util-image", "xcb-util-image"),
    "libxcb-render-util.so.0": ("libxcb-render-util0", "xcb-util-renderutil", "xcb-util-renderutil"),
    "libxcb-util.so.1": ("libxcb-util1", "xcb-util", "xcb-util"),
    "libxcb-shape.so.0": ("libxcb-shape0", "libxcb", "libxcb"),
    "libxcb-xkb.so.1": ("libxcb-xkb1", "libxcb", "libxcb"),
    "libxcb-randr.so.0": ("libxcb-randr0", "libxcb", "libxcb"),
    "libxcb-render.so.0": ("libxcb-render0", "libxcb", "libxcb"),
    "libxcb-shm.so.0": ("libxcb-shm0", "libxcb", "libxcb"),
    "libxcb-sync.so.1": ("libxcb-sync1", "libxcb", "libxcb"),
    "libxcb-xfixes.so.0": ("libxcb-xfixes0", "libxcb", "libxcb"),
    "libxcb-xinput.so.0": ("libxcb-xinput0", "libxcb", "libxcb"),
    "libxcb-glx.so.0": ("libxcb-glx0", "libxcb", "libxcb"),
    "libxcb.so.1": ("libxcb1", "libxcb", "libxcb"),
    "libxkbcommon-x11.so.0": ("libxkbcommon-x11-0", "libxkbcommon-x11", "libxkbcommon-x11"),
    "libxkbcommon.so.0": ("libxkbcommon0", "libxkbcommon", "libxkbcommon"),
    "libX11-xcb.so.1": ("libx11-xcb1", "libX11-xcb", "libx11"),
    "libX11.so.6": ("libx11-6", "libX11", "libx11"),
    "libXau.so.6": ("libxau6", "libXau", "libxau"),
    "libXdmcp.so.6": ("libxdmcp6", "libXdmcp", "libxdmcp"),
    "libSM.so.6": ("libsm6", "libSM", "libsm"),
    "libICE.so.6": ("libice6", "libICE", "libice"),
    "libEGL.so.1": ("libegl1", "libglvnd-egl", "libglvnd"),
    "libGL.so.1": ("libgl1", "libglvnd-glx", "libglvnd"),
    "libGLX.so.0": ("libglx0", "libglvnd-glx", "libglvnd"),
    "libOpenGL.so.0": ("libopengl0", "libglvnd-opengl", "libglvnd"),
    "libGLdispatch.so.0": ("libglvnd0", "libglvnd", "libglvnd"),
    "libfontconfig.so.1": ("libfontconfig1", "fontconfig", "fontconfig"),
    "libfreetype.so.6": ("libfreetype6", "freetype", "freetype2"),
    "libdbus-1.so.3": ("libdbus-1-3", "dbus-libs", "dbus"),
    "libglib-2.0.so.0": ("libglib2.0-0", "glib2", "glib2"),
    "libgthread-2.0.so.0": ("libglib2.0-0", "glib2", "glib2"),
    "libpng16.so.16": ("libpng16-16", "libpng", "libpng"),
    "libz.so.1": ("zlib1g", "zlib", "zlib"),
}
FAMILIES = ("debian", "fedora", "arch")
# Named above for other PySide6 builds; the 6.11 plugin does not link them, so the fallback
# check without ldd leaves them out rather than ask for what is not needed.
NOT_ALWAYS_LINKED = frozenset({"libxcb-xinput.so.0", "libxcb-glx.so.0", "libSM.so.6", "libICE.so.6",
                               "libOpenGL.so.0"})


class LauncherError(Exception):
    """Why the app cannot start yet; the message says what to do."""


# ------------------------------------------------------------------ the virtual environment


@dataclass(frozen=True)
class Venv:
    path: Path

    @property
    def bin(self) -> Path:
        return self.path / ("Scripts" if os.name == "nt" else "bin")

    @property
    def python(self) -> Path:
        return self.bin / ("python.exe" if os.name == "nt" else "python")

    @property
    def app(self) -> Path:
        return self.bin / ("fairygui.exe" if os.name == "nt" else "fairygui")

    @property
    def stamp(self) -> Path:
        return self.path / STAMP_NAME

    def site_packages(self) -> list[Path]:
        return sorted(self.path.glob("lib/python3*/site-packages")) + [self.path / "Lib" / "site-packages"]


def install_stamp(project: Path, python_version: str) -> str:
    """What the installed app was built from: the project file and the interpreter."""
    digest = hashlib.sha256((project / "pyproject.toml").read_bytes()).hexdigest()
    return f"pyproject.toml sha256 {digest}\npython {python_version}\n"


def current_python_version() -> str:
    return ".".join(str(n) for n in sys.version_info[:3])


def needs_install(venv: Venv, stamp: str) -> bool:
    if not (venv.python.exists() and venv.app.exists() and venv.stamp.is_file()):
        return True
    return venv.stamp.read_text(encoding="utf-8") != stamp


def stale_compiled_modules(project: Path) -> list[str]:
    """The compiled modules whose source changed after the install compiled them (the app would
    run them from their .py, slower, until the next install)."""
    try:
        modules = dict(json.loads((project / COMPILED_MANIFEST).read_text(encoding="utf-8"))["modules"])
    except (OSError, ValueError, KeyError, TypeError):
        return []
    stale = []
    for module, digest in modules.items():
        source = project.joinpath(*str(module).split(".")).with_suffix(".py")
        try:
            if hashlib.sha256(source.read_bytes()).hexdigest() != digest:
                stale.append(str(module))
        except OSError:
            continue
    return stale


def prepare_venv(venv: Venv, project: Path, run: Runner, python: str = sys.executable,
                 python_version: str | None = None, say: Callable[[str], None] = print) -> bool:
    """Make ``venv`` and install the project into it in pure Python if it is missing or out of
    date; True when something was installed. Raises LauncherError when a step fails. The
    compiled build is made later, in the background (``start_background_compile``)."""
    stamp = install_stamp(project, python_version or current_python_version())
    if not needs_install(venv, stamp):
        return False
    if not venv.python.exists():
        say(f"start.py: making {venv.path.name} (first start)...")
        if run([python, "-m", "venv", "--clear", str(venv.path)]) != 0:
            raise LauncherError(f"start.py: could not make {venv.path}; its messages are above")
    say("start.py: installing the app into .venv in pure Python (first start, or pyproject.toml "
        "changed; about 15 s on an idle machine, most of it pip)...")
    with pure_install():
        if run([str(venv.python), "-m", "pip", "install", "-q", "-e", str(project)]) != 0:
            raise LauncherError("start.py: pip could not install the app into .venv; its messages are above")
    venv.stamp.write_text(stamp, encoding="utf-8")
    return True


@contextlib.contextmanager
def pure_install() -> Iterator[None]:
    """Sets FAIRYCHESS_PURE_PYTHON for the install run inside it (setup.py then compiles nothing)."""
    before = os.environ.get(PURE_VARIABLE)
    os.environ[PURE_VARIABLE] = "1"
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(PURE_VARIABLE, None)
        else:
            os.environ[PURE_VARIABLE] = before


# ------------------------------------------------------------------ the compiled build, in the background


def pure_requested(environ: Mapping[str, str]) -> bool:
    return environ.get(PURE_VARIABLE, "").strip() not in ("", "0")


def compiler_present() -> bool:
    """Whether setup.py could compile here: a C compiler on PATH and Python's headers."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()
    return bool(compiler) and shutil.which(compiler[0]) is not None and (
        Path(sysconfig.get_paths()["include"]) / "Python.h").is_file()


def compiled_sources_digest(project: Path) -> str:
    """What a compile is made from: the project file and every compiled module's source."""
    digest = hashlib.sha256((project / "pyproject.toml").read_bytes())
    text = (project / "pyproject.toml").read_text(encoding="utf-8")
    for line in text.splitlines():
        entry = line.strip().strip(",").strip('"')
        if entry.startswith("rules/") and entry.endswith(".py") and (project / entry).is_file():
            digest.update((project / entry).read_bytes())
    return digest.hexdigest()


def read_compile_state(venv: Venv) -> dict[str, object]:
    try:
        state = json.loads((venv.path / COMPILE_STATE_NAME).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return state if isinstance(state, dict) else {}


def write_compile_state(venv: Venv, state: Mapping[str, object]) -> None:
    target = venv.path / COMPILE_STATE_NAME
    partial = target.with_suffix(".tmp")
    partial.write_text(json.dumps(dict(state), indent=1) + "\n", encoding="utf-8")
    partial.replace(target)  # the app's status bar never reads half a file


def process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True


def compile_running(state: Mapping[str, object], alive: Callable[[int], bool] | None = None) -> bool:
    pid = state.get("pid")
    return state.get("code") is None and isinstance(pid, int) and (alive or process_alive)(pid)


def compile_wanted(venv: Venv, project: Path, environ: Mapping[str, str], state: Mapping[str, object],
                   has_compiler: bool, alive: Callable[[int], bool] | None = None) -> bool:
    """A background compile is wanted where one can run and the compiled build is missing or
    stale, unless one is running, or the last one failed on these very sources (its log says
    why; it is tried again once a source or pyproject.toml changes)."""
    if pure_requested(environ) or not has_compiler or compile_running(state, alive):
        return False
    manifest = project / COMPILED_MANIFEST
    if manifest.is_file() and not stale_compiled_modules(project):
        return False
    failed = state.get("code") not in (None, 0)
    return not (failed and state.get("sources") == compiled_sources_digest(project))


def compile_estimate(state: Mapping[str, object]) -> float:
    seconds = state.get("seconds")
    return float(seconds) if isinstance(seconds, (int, float)) and seconds > 0 else DEFAULT_COMPILE_SECONDS


def minutes(seconds: float) -> str:
    whole = max(1, round(seconds / 60))
    return "about a minute" if whole == 1 else f"about {whole} minutes"


Spawner = Callable[[Sequence[str], Path], int]


def spawn_detached(command: Sequence[str], log: Path) -> int:
    """Start ``command`` in its own session, its output to ``log``; its process id."""
    with open(log, "w", encoding="utf-8") as out:
        process = subprocess.Popen(list(command), stdout=out, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, start_new_session=True,
                                   env={k: v for k, v in os.environ.items() if k != PURE_VARIABLE})
    return process.pid


def start_background_compile(venv: Venv, project: Path, state: Mapping[str, object],
                             spawn: Spawner = spawn_detached, say: Callable[[str], None] = print,
                             clock: Callable[[], float] = time.time) -> None:
    estimate = compile_estimate(state)
    log = venv.path / COMPILE_LOG_NAME
    pid = spawn([str(venv.python), str(project / "start.py"), BACKGROUND_COMPILE], log)
    write_compile_state(venv, {"pid": pid, "started": clock(), "estimate": estimate, "code": None,
                               "seconds": state.get("seconds"), "sources": compiled_sources_digest(project)})
    say(f"start.py: the app opens now in pure Python; the compiled build (about twice as fast) is "
        f"being made in the background for the next start, {minutes(estimate)} "
        f"(progress in the window's status bar, log in {venv.path.name}/{COMPILE_LOG_NAME})")


def background_compile(venv: Venv, project: Path, run: Runner,
                       clock: Callable[[], float] = time.time) -> int:
    """The background process itself: install again with the compiler, then record how it went."""
    state = read_compile_state(venv)
    began = clock()
    code = run([str(venv.python), "-m", "pip", "install", "-q", "-e", str(project)])
    state.update(code=code, finished=clock())
    if code == 0:
        state["seconds"] = round(clock() - began, 1)
    write_compile_state(venv, state)
    return code


def report_compile(venv: Venv, state: Mapping[str, object], say: Callable[[str], None],
                   clock: Callable[[], float] = time.time, alive: Callable[[int], bool] | None = None) -> None:
    """One terminal line on a compile that is running, or on the last one when it failed."""
    if compile_running(state, alive):
        started = state.get("started")
        elapsed = clock() - float(started) if isinstance(started, (int, float)) else 0.0
        left = max(0.0, compile_estimate(state) - elapsed)
        say(f"start.py: the compiled build is still being made in the background ({minutes(left)} "
            "left); this start runs pure Python")
    elif state.get("code") not in (None, 0):
        say(f"start.py: the compiled build failed (see {venv.path.name}/{COMPILE_LOG_NAME}); "
            "the app runs pure Python")


# ------------------------------------------------------------------ system libraries


def xcb_applies(platform: str, environ: Mapping[str, str]) -> bool:
    """Whether Qt will load its xcb plugin: Linux with an X display and no other plugin chosen.
    Without any display the app says so itself, and needs no X libraries for that."""
    if not platform.startswith("linux"):
        return False
    chosen = environ.get("QT_QPA_PLATFORM", "").strip()
    if chosen:
        return "xcb" in [name.split(":")[0].strip() for name in chosen.split(";")]
    return bool(environ.get("DISPLAY"))


def xcb_plugin(venv: Venv) -> Path | None:
    for site in venv.site_packages():
        plugin = site / "PySide6" / "Qt" / "plugins" / "platforms" / "libqxcb.so"
        if plugin.is_file():
            return plugin
    return None


def not_found_in_ldd(output: str) -> list[str]:
    """The sonames ``ldd`` could not resolve, once each, in its order."""
    missing: dict[str, None] = {}
    for line in output.splitlines():
        name, arrow, where = line.strip().partition("=>")
        if arrow and where.strip() == "not found":
            missing[name.strip()] = None
    return list(missing)


def run_ldd(plugin: Path) -> str | None:
    """``ldd``'s report on the plugin, or None when there is no working ``ldd``."""
    try:
        done = subprocess.run(["ldd", str(plugin)], capture_output=True, text=True, check=False)
    except OSError:
        return None
    return done.stdout if done.returncode == 0 or "not found" in done.stdout else None


def missing_libraries(plugin: Path, ldd: Callable[[Path], str | None] = run_ldd,
                      find: Callable[[str], str | None] = ctypes.util.find_library) -> list[str]:
    """The system libraries the plugin needs and this system lacks. Without ``ldd``, asks the
    library finder about each library in the table instead."""
    output = ldd(plugin)
    if output is not None:
        return not_found_in_ldd(output)
    # find_library takes "xcb-cursor" for libxcb-cursor.so.0.
    return [soname for soname in PACKAGES
            if soname not in NOT_ALWAYS_LINKED and find(soname[3:].split(".so")[0]) is None]


def linux_family(os_release: str) -> str | None:
    """debian, fedora or arch from /etc/os-release's ID and ID_LIKE; None for others."""
    ids: list[str] = []
    for line in os_release.splitlines():
        key, _, value = line.partition("=")
        if key.strip() in ("ID", "ID_LIKE"):
            ids.extend(value.strip().strip("\"'").lower().split())
    for name in ids:
        if name in ("debian", "ubuntu"):
            return "debian"
        if name in ("fedora", "rhel", "centos"):
            return "fedora"
        if name in ("arch", "archlinux"):
            return "arch"
    return None


def read_os_release() -> str:
    for path in (Path("/etc/os-release"), Path("/usr/lib/os-release")):
        try:
            return path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
    return ""


def packages_for(family: str, sonames: Sequence[str]) -> tuple[list[str], list[str]]:
    """The packages holding ``sonames`` on ``family``, and the sonames no package is known for."""
    column = FAMILIES.index(family)
    packages: dict[str, None] = {}
    unknown: list[str] = []
    for soname in sonames:
        if soname in PACKAGES:
            packages[PACKAGES[soname][column]] = None
        else:
            unknown.append(soname)
    return list(packages), unknown


def install_command(family: str, packages: Sequence[str], root: bool) -> list[str]:
    command = {
        "debian": ["apt-get", "install", "-y"],
        "fedora": ["dnf", "install", "-y"],
        "arch": ["pacman", "-S", "--needed", "--noconfirm"],
    }[family] + list(packages)
    return command if root else ["sudo", *command]


@dataclass(frozen=True)
class System:
    """What the library check needs to know about the machine (tests give their own)."""

    platform: str
    environ: Mapping[str, str]
    os_release: str
    is_root: bool
    has_sudo: bool
    has_apt: bool
    has_ensurepip: bool = True

    @staticmethod
    def this() -> System:
        geteuid = getattr(os, "geteuid", None)
        return System(sys.platform, os.environ, read_os_release() if sys.platform.startswith("linux") else "",
                      geteuid is not None and geteuid() == 0, shutil.which("sudo") is not None,
                      shutil.which("apt-get") is not None, importlib.util.find_spec("ensurepip") is not None)


def missing_message(missing: Sequence[str], family: str | None, is_root: bool) -> str:
    names = ", ".join(missing)
    head = f"start.py: Qt's window system plugin (xcb) needs system libraries this machine lacks: {names}."
    if family is None:
        return (f"{head}\nInstall the packages of your system that provide them, then run start.py again "
                "(README.md names the packages for Debian/Ubuntu, Fedora and Arch).")
    packages, unknown = packages_for(family, missing)
    lines = [head]
    if packages:
        lines.append("Install them with this command, then run start.py again:")
        lines.append("    " + " ".join(install_command(family, packages, is_root)))
    if unknown:
        lines.append(f"No package is known here for {', '.join(unknown)}; your package manager's "
                     "file search finds the package that holds it.")
    return "\n".join(lines)


def ensure_system_libraries(venv: Venv, system: System, run: Runner,
                            ldd: Callable[[Path], str | None] = run_ldd,
                            find: Callable[[str], str | None] = ctypes.util.find_library,
                            say: Callable[[str], None] = print) -> None:
    """Install the libraries the xcb plugin lacks where apt-get can; raises LauncherError with
    the one command line to run where it cannot."""
    if not xcb_applies(system.platform, system.environ):
        return
    plugin = xcb_plugin(venv)
    if plugin is None:
        return  # a PySide6 without the plugin cannot use it: nothing to check
    missing = missing_libraries(plugin, ldd, find)
    if not missing:
        return
    family = linux_family(system.os_release)
    packages, unknown = packages_for(family, missing) if family else ([], missing)
    if packages and not unknown and apt_install(system, packages, run, say, "the system libraries Qt needs"):
        missing = missing_libraries(plugin, ldd, find)
        if not missing:
            return
    raise LauncherError(missing_message(missing, family, system.is_root))


def apt_install(system: System, packages: Sequence[str], run: Runner, say: Callable[[str], None],
                what: str) -> bool:
    """Install ``packages`` with apt-get where this system allows it; True when apt-get said
    it succeeded, False when it failed or cannot run here."""
    if linux_family(system.os_release) != "debian" or not system.has_apt:
        return False
    if not (system.is_root or system.has_sudo):
        return False
    command = install_command("debian", packages, system.is_root)
    say(f"start.py: installing {what}: {' '.join(command)}")
    if run(command) == 0:
        return True
    # A fresh system may not have read its package lists yet.
    run(([] if system.is_root else ["sudo"]) + ["apt-get", "update"])
    return run(command) == 0


def venv_package() -> str:
    """Debian and Ubuntu ship the venv module's pip bootstrap (ensurepip) separately."""
    return "python{}.{}-venv".format(*sys.version_info[:2])


def ensure_venv_module(venv: Venv, system: System, run: Runner, say: Callable[[str], None] = print) -> None:
    """Before the first ``python -m venv``: a Debian/Ubuntu Python without ensurepip cannot make
    one, so its package is installed (or named) first."""
    if venv.python.exists() or system.has_ensurepip:
        return
    package = venv_package()
    if apt_install(system, [package], run, say, "Python's venv module"):
        return
    head = "start.py: this Python cannot make a virtual environment (its ensurepip module is missing)."
    if linux_family(system.os_release) in ("debian", None):
        line = " ".join(install_command("debian", [package], system.is_root))
        raise LauncherError(f"{head}\nInstall it with this command, then run start.py again:\n    {line}")
    raise LauncherError(f"{head}\nInstall your system's Python venv package, then run start.py again.")


# ------------------------------------------------------------------ starting


def run_command(command: Sequence[str]) -> int:
    return subprocess.run(list(command), check=False).returncode


def launch(venv: Venv, args: Sequence[str]) -> int:
    if os.name == "nt":
        return run_command([str(venv.app), *args])
    os.execv(str(venv.app), [str(venv.app), *args])
    return 0  # not reached: execv replaces this process


def main(argv: Sequence[str] | None = None, run: Runner = run_command, system: System | None = None,
         start: Callable[[Venv, Sequence[str]], int] = launch, root: Path = ROOT,
         ldd: Callable[[Path], str | None] = run_ldd, spawn: Spawner | None = None,
         has_compiler: Callable[[], bool] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if sys.version_info < (3, 11):  # noqa: UP036 - this file runs before any check of the Python version
        print("start.py: the app needs Python 3.11 or newer; run it as python3.11 start.py", file=sys.stderr)
        return 1
    venv = Venv(root / ".venv")
    if args[:1] == [BACKGROUND_COMPILE]:
        return background_compile(venv, root, run)
    system = system or System.this()
    try:
        ensure_venv_module(venv, system, run)
        prepare_venv(venv, root, run)
        ensure_system_libraries(venv, system, run, ldd)
    except LauncherError as exc:
        print(exc, file=sys.stderr)
        return 1
    state = read_compile_state(venv)
    if compile_wanted(venv, root, system.environ, state, (has_compiler or compiler_present)()):
        start_background_compile(venv, root, state, spawn or spawn_detached)
    else:
        report_compile(venv, state, print)
    if compile_running(read_compile_state(venv)):
        # Until the build is complete the app loads every module from its .py: never half of
        # an old build beside new sources, nor a build that is being written.
        os.environ[PURE_VARIABLE] = "1"
    return start(venv, args)


if __name__ == "__main__":
    sys.exit(main())
