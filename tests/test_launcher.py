"""The README's start command (start.py): the virtual environment is made and filled only when
needed, and missing system libraries of Qt's xcb plugin are installed or named with the exact
command to run, before Qt could abort. Nothing here really installs: every command the
launcher would run goes to a recorder."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def load_launcher():
    spec = importlib.util.spec_from_file_location("start_launcher", ROOT / "start.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


start = load_launcher()

DEBIAN = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\n'
UBUNTU = 'NAME="Ubuntu"\nID=ubuntu\nID_LIKE=debian\n'
FEDORA = 'NAME="Fedora Linux"\nID=fedora\n'
MANJARO = 'NAME="Manjaro Linux"\nID=manjaro\nID_LIKE=arch\n'

LDD_CURSOR_MISSING = """\
\tlinux-vdso.so.1 (0x00007ffc)
\tlibQt6XcbQpa.so.6 => /x/PySide6/Qt/lib/libQt6XcbQpa.so.6 (0x00007f10)
\tlibxcb-cursor.so.0 => not found
\tlibxcb-icccm.so.4 => not found
\tlibxcb.so.1 => /lib/x86_64-linux-gnu/libxcb.so.1 (0x00007f20)
\tlibxcb-icccm.so.4 => not found
"""
LDD_ALL_FOUND = "\tlibxcb.so.1 => /lib/x86_64-linux-gnu/libxcb.so.1 (0x00007f20)\n"


class Recorder:
    """Stands in for subprocess: records each command and answers with a return code. Like
    the real venv module, a successful ``-m venv`` leaves the environment's folder."""

    def __init__(self, codes=None):
        self.commands: list[list[str]] = []
        self.codes = codes or {}

    def __call__(self, command):
        self.commands.append(list(command))
        code = self.codes.get(tuple(command), 0)
        if code == 0 and list(command[1:3]) == ["-m", "venv"]:
            Path(command[-1]).mkdir(parents=True, exist_ok=True)
        return code


@pytest.fixture
def project(tmp_path):
    """A project folder with an installed .venv (stamp included) and the xcb plugin file."""
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "fairychess"\nversion = "0.1.0"\n')
    venv = start.Venv(tmp_path / ".venv")
    venv.bin.mkdir(parents=True)
    venv.python.write_text("")
    venv.app.write_text("")
    venv.stamp.write_text(start.install_stamp(tmp_path, start.current_python_version()))
    plugins = venv.path / "lib/python3.11/site-packages/PySide6/Qt/plugins/platforms"
    plugins.mkdir(parents=True)
    (plugins / "libqxcb.so").write_bytes(b"")
    return tmp_path


def system(os_release=DEBIAN, platform="linux", environ=None, root=False, sudo=True, apt=True):
    environ = {"DISPLAY": ":0"} if environ is None else environ
    return start.System(platform, environ, os_release, root, sudo, apt)


def run_main(project, capsys, sys_, ldd_outputs, codes=None):
    """Run the launcher; ``ldd_outputs`` are ldd's successive answers. Returns (code, recorder,
    launched arguments, stderr)."""
    recorder = Recorder(codes)
    answers = list(ldd_outputs)
    launched = []
    code = start.main(["--new"], run=recorder, system=sys_, root=project,
                      start=lambda venv, args: launched.append(list(args)) or 0,
                      ldd=lambda plugin: answers.pop(0) if len(answers) > 1 else answers[0])
    return code, recorder, launched, capsys.readouterr().err


# ------------------------------------------------------------------ missing system libraries


def test_a_missing_library_without_a_way_to_install_stops_with_the_exact_apt_line(project, capsys):
    code, recorder, launched, err = run_main(project, capsys, system(sudo=False), [LDD_CURSOR_MISSING])
    assert code == 1
    assert launched == []  # Qt never got to abort
    assert recorder.commands == []
    assert err == (
        "start.py: Qt's window system plugin (xcb) needs system libraries this machine lacks: "
        "libxcb-cursor.so.0, libxcb-icccm.so.4.\n"
        "Install them with this command, then run start.py again:\n"
        "    sudo apt-get install -y libxcb-cursor0 libxcb-icccm4\n"
    )


def test_apt_installs_the_missing_libraries_itself_with_sudo_then_starts(project, capsys):
    code, recorder, launched, _ = run_main(project, capsys, system(UBUNTU), [LDD_CURSOR_MISSING, LDD_ALL_FOUND])
    assert code == 0
    assert recorder.commands == [["sudo", "apt-get", "install", "-y", "libxcb-cursor0", "libxcb-icccm4"]]
    assert launched == [["--new"]]


def test_as_root_apt_runs_without_sudo(project, capsys):
    code, recorder, launched, _ = run_main(project, capsys, system(root=True, sudo=False),
                                           [LDD_CURSOR_MISSING, LDD_ALL_FOUND])
    assert code == 0
    assert recorder.commands == [["apt-get", "install", "-y", "libxcb-cursor0", "libxcb-icccm4"]]


def test_a_failed_apt_install_reads_the_package_lists_once_then_names_the_line(project, capsys):
    install = ("sudo", "apt-get", "install", "-y", "libxcb-cursor0", "libxcb-icccm4")
    code, recorder, launched, err = run_main(project, capsys, system(), [LDD_CURSOR_MISSING], {install: 100})
    assert code == 1 and launched == []
    assert recorder.commands == [list(install), ["sudo", "apt-get", "update"], list(install)]
    assert err.splitlines()[-1] == "    sudo apt-get install -y libxcb-cursor0 libxcb-icccm4"


@pytest.mark.parametrize(
    ("os_release", "line"),
    [
        (FEDORA, "    sudo dnf install -y xcb-util-cursor xcb-util-wm"),
        (MANJARO, "    sudo pacman -S --needed --noconfirm xcb-util-cursor xcb-util-wm"),
    ],
    ids=["fedora", "arch"],
)
def test_other_systems_get_their_own_exact_line_and_nothing_is_run(project, capsys, os_release, line):
    code, recorder, launched, err = run_main(project, capsys, system(os_release), [LDD_CURSOR_MISSING])
    assert code == 1 and launched == [] and recorder.commands == []
    assert err.splitlines()[-1] == line


def test_an_unknown_system_gets_the_library_names(project, capsys):
    code, _, _, err = run_main(project, capsys, system('ID=gentoo\n'), [LDD_CURSOR_MISSING])
    assert code == 1
    assert "libxcb-cursor.so.0, libxcb-icccm.so.4" in err and "README.md" in err


def test_a_library_no_package_is_known_for_is_named_beside_the_line(project, capsys):
    ldd = LDD_CURSOR_MISSING + "\tlibxcb-frobnicate.so.9 => not found\n"
    code, recorder, _, err = run_main(project, capsys, system(), [ldd])
    assert code == 1 and recorder.commands == []  # apt alone cannot finish the job
    assert "    sudo apt-get install -y libxcb-cursor0 libxcb-icccm4" in err
    assert "No package is known here for libxcb-frobnicate.so.9" in err


@pytest.mark.parametrize(
    "sys_",
    [
        system(environ={"QT_QPA_PLATFORM": "wayland", "WAYLAND_DISPLAY": "wayland-0"}),
        system(environ={"QT_QPA_PLATFORM": "offscreen"}),
        system(environ={}),  # no display at all: the app says so itself
        system(platform="darwin"),
        system(platform="win32"),
    ],
    ids=["wayland", "offscreen", "no-display", "macos", "windows"],
)
def test_the_check_is_skipped_where_xcb_is_not_used(project, capsys, sys_):
    def ldd(plugin):
        raise AssertionError("ldd must not run where the xcb plugin is not loaded")

    launched = []
    code = start.main([], run=Recorder(), system=sys_, root=project, ldd=ldd,
                      start=lambda venv, args: launched.append(args) or 0)
    assert code == 0 and launched == [[]]


def test_an_explicit_xcb_choice_is_checked_even_without_display(project, capsys):
    code, _, _, err = run_main(project, capsys, system(environ={"QT_QPA_PLATFORM": "wayland;xcb"}, sudo=False),
                               [LDD_CURSOR_MISSING])
    assert code == 1 and "libxcb-cursor0" in err


def test_without_ldd_the_library_finder_is_asked(tmp_path):
    present = {"xcb", "X11", "GL"}
    missing = start.missing_libraries(tmp_path / "libqxcb.so", ldd=lambda plugin: None,
                                      find=lambda name: f"lib{name}.so" if name in present else None)
    assert "libxcb-cursor.so.0" in missing and "libxkbcommon-x11.so.0" in missing
    assert "libxcb.so.1" not in missing and "libGL.so.1" not in missing
    assert "libxcb-xinput.so.0" not in missing  # not linked by the plugin: never asked for


def test_the_real_ldd_reports_on_a_real_library():
    output = start.run_ldd(Path(sys.executable).resolve())
    if output is not None:  # a static interpreter has nothing to report
        assert start.not_found_in_ldd(output) == []


@pytest.mark.parametrize(
    ("text", "family"),
    [(DEBIAN, "debian"), (UBUNTU, "debian"), (FEDORA, "fedora"),
     ('ID="rocky"\nID_LIKE="rhel centos fedora"\n', "fedora"), (MANJARO, "arch"),
     ("ID=arch\n", "arch"), ("ID=alpine\n", None), ("", None)],
)
def test_the_linux_family_is_read_from_os_release(text, family):
    assert start.linux_family(text) == family


# ------------------------------------------------------------------ the virtual environment


def test_nothing_is_reinstalled_when_the_stamp_matches(project, capsys):
    recorder = Recorder()
    launched = []
    code = start.main(["game.pgn"], run=recorder, system=system(environ={}), root=project,
                      start=lambda venv, args: launched.append(list(args)) or 0)
    assert code == 0
    assert recorder.commands == []
    assert launched == [["game.pgn"]]


def test_a_changed_pyproject_reinstalls_once_and_renews_the_stamp(project, capsys):
    venv = start.Venv(project / ".venv")
    (project / "pyproject.toml").write_text('[project]\nname = "fairychess"\nversion = "0.2.0"\n')
    recorder = Recorder()
    assert start.prepare_venv(venv, project, recorder, say=lambda text: None)
    assert recorder.commands == [[str(venv.python), "-m", "pip", "install", "-q", "-e", str(project)]]
    assert venv.stamp.read_text() == start.install_stamp(project, start.current_python_version())
    assert not start.prepare_venv(venv, project, recorder, say=lambda text: None)
    assert len(recorder.commands) == 1


@pytest.fixture(autouse=True)
def no_real_compile(monkeypatch):
    """No test starts a real compile: there is no compiler unless a test says so."""
    monkeypatch.setattr(start, "compiler_present", lambda: False)
    monkeypatch.setattr(start, "spawn_detached", lambda command, log: pytest.fail("a real spawn"))
    monkeypatch.setenv(start.PURE_VARIABLE, "")  # remembers the variable's state for teardown
    monkeypatch.delenv(start.PURE_VARIABLE)


class Spawns:
    """Stands in for the detached background process: records the command, answers a pid."""

    def __init__(self):
        self.commands: list[list[str]] = []

    def __call__(self, command, log):
        self.commands.append(list(command))
        return 4242


def compiled_project(project):
    """The project with one compiled module listed in pyproject.toml and a manifest matching it."""
    (project / "pyproject.toml").write_text('[project]\nname = "fairychess"\n[tool.fairychess.compiled]\n'
                                            'modules = [\n    "rules/geometry.py",\n]\n')
    venv = start.Venv(project / ".venv")
    venv.stamp.write_text(start.install_stamp(project, start.current_python_version()))
    source = project / "rules" / "geometry.py"
    source.parent.mkdir()
    source.write_text("SIZE = 8\n")
    manifest = {"modules": {"rules.geometry": hashlib.sha256(source.read_bytes()).hexdigest()}}
    (project / "rules" / "_compiled.json").write_text(json.dumps(manifest))
    return venv, source


def launch_with_compiler(project, spawns, alive=True, monkeypatch=None):
    launched = []
    environments = []

    def record(venv, args):
        launched.append(list(args))
        environments.append(dict(__import__("os").environ))
        return 0

    code = start.main(["--new"], run=Recorder(), system=system(environ={}), root=project, start=record,
                      spawn=spawns, has_compiler=lambda: True)
    return code, launched, environments


def test_the_first_install_is_pure_python_so_the_board_comes_at_once(tmp_path, monkeypatch):
    # The install runs with FAIRYCHESS_PURE_PYTHON set (setup.py then compiles nothing); the
    # compile, minutes long, is left to the background.
    (tmp_path / "pyproject.toml").write_text("[project]\n")
    venv = start.Venv(tmp_path / ".venv")
    seen = []

    def run(command):
        seen.append(__import__("os").environ.get(start.PURE_VARIABLE))
        return Recorder()(command)

    assert start.prepare_venv(venv, tmp_path, run, python="/usr/bin/python3.11", say=lambda text: None)
    assert seen == [None, "1"]  # the venv is made as usual; pip installs pure
    assert start.PURE_VARIABLE not in __import__("os").environ


def test_with_a_compiler_the_compiled_build_is_made_in_the_background_and_the_app_runs_pure(
        project, capsys, monkeypatch):
    spawns = Spawns()
    monkeypatch.setattr(start, "process_alive", lambda pid: pid == 4242)
    code, launched, environments = launch_with_compiler(project, spawns)
    assert code == 0 and launched == [["--new"]]
    venv = start.Venv(project / ".venv")
    assert spawns.commands == [[str(venv.python), str(project / "start.py"), start.BACKGROUND_COMPILE]]
    state = start.read_compile_state(venv)
    assert state["pid"] == 4242 and state["code"] is None and state["estimate"] == start.DEFAULT_COMPILE_SECONDS
    assert environments[0][start.PURE_VARIABLE] == "1"  # no half-written build is ever loaded
    out = capsys.readouterr().out
    assert "opens now in pure Python" in out and "about 2 minutes" in out
    # A second start while it runs starts no second compile and says how long is left.
    code, launched, environments = launch_with_compiler(project, spawns)
    assert len(spawns.commands) == 1 and environments[0][start.PURE_VARIABLE] == "1"
    assert "still being made in the background" in capsys.readouterr().out


def test_the_background_process_installs_with_the_compiler_and_records_its_time(project):
    venv = start.Venv(project / ".venv")
    start.write_compile_state(venv, {"pid": 1, "started": 0.0, "estimate": 150.0, "code": None})
    ticks = iter([100.0, 163.0, 163.0])
    recorder = Recorder()
    code = start.background_compile(venv, project, recorder, clock=lambda: next(ticks))
    assert code == 0
    assert recorder.commands[-1] == [str(venv.python), "-m", "pip", "install", "-q", "-e", str(project)]
    state = start.read_compile_state(venv)
    assert state["code"] == 0 and state["seconds"] == 63.0
    assert start.compile_estimate(state) == 63.0  # the next estimate is the measured time


def test_a_complete_build_is_used_and_a_changed_source_compiles_again_in_the_background(project, capsys):
    # The install records the hash of each source it compiled; when one changed, the app runs
    # pure Python (rules.native loads the .py) while the background compiles again.
    venv, source = compiled_project(project)
    spawns = Spawns()
    launch_with_compiler(project, spawns)
    assert spawns.commands == []  # the build matches its sources
    source.write_text("SIZE = 10\n")
    assert start.stale_compiled_modules(project) == ["rules.geometry"]
    launch_with_compiler(project, spawns)
    assert len(spawns.commands) == 1


def test_a_failed_compile_is_not_tried_again_until_a_source_changes(project, capsys):
    venv, source = compiled_project(project)
    source.write_text("SIZE = 10\n")
    start.write_compile_state(venv, {"pid": 1, "code": 1, "sources": start.compiled_sources_digest(project)})
    spawns = Spawns()
    code, launched, environments = launch_with_compiler(project, spawns)
    assert code == 0 and launched == [["--new"]] and spawns.commands == []
    assert "compiled build failed" in capsys.readouterr().out
    assert start.PURE_VARIABLE not in environments[0]  # rules.native itself loads the .py of a stale build
    source.write_text("SIZE = 12\n")
    launch_with_compiler(project, spawns)
    assert len(spawns.commands) == 1


def test_pure_python_asked_for_or_no_compiler_means_no_background_compile(project):
    venv = start.Venv(project / ".venv")
    assert not start.compile_wanted(venv, project, {start.PURE_VARIABLE: "1"}, {}, True)
    assert not start.compile_wanted(venv, project, {}, {}, False)
    assert start.compile_wanted(venv, project, {}, {}, True)


def test_another_python_version_reinstalls(project):
    venv = start.Venv(project / ".venv")
    recorder = Recorder()
    assert start.prepare_venv(venv, project, recorder, python_version="3.12.1", say=lambda text: None)
    assert [command[1:4] for command in recorder.commands] == [["-m", "pip", "install"]]


def test_a_fresh_clone_makes_the_venv_then_installs(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[project]\n")
    venv = start.Venv(tmp_path / ".venv")
    recorder = Recorder()
    assert start.prepare_venv(venv, tmp_path, recorder, python="/usr/bin/python3.11", say=lambda text: None)
    assert recorder.commands == [
        ["/usr/bin/python3.11", "-m", "venv", "--clear", str(venv.path)],
        [str(venv.python), "-m", "pip", "install", "-q", "-e", str(tmp_path)],
    ]


def test_a_failed_pip_install_leaves_no_stamp_and_says_so(tmp_path, capsys):
    (tmp_path / "pyproject.toml").write_text("[project]\n")
    venv = start.Venv(tmp_path / ".venv")
    pip = (str(venv.python), "-m", "pip", "install", "-q", "-e", str(tmp_path))
    code = start.main([], run=Recorder({pip: 1}), system=system(environ={}), root=tmp_path,
                      start=lambda venv, args: 0)
    assert code == 1
    assert "pip could not install the app" in capsys.readouterr().err
    assert not venv.stamp.exists()


def test_readme_start_command_is_the_launcher():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "python3.11 start.py" in readme


# ------------------------------------------------------------------ Python's venv module


def test_a_python_without_ensurepip_gets_its_venv_package_from_apt_first(tmp_path, capsys):
    (tmp_path / "pyproject.toml").write_text("[project]\n")
    recorder = Recorder()
    sys_ = start.System("linux", {}, UBUNTU, False, True, True, has_ensurepip=False)
    start.main([], run=recorder, system=sys_, root=tmp_path, start=lambda venv, args: 0)
    package = "python{}.{}-venv".format(*sys.version_info[:2])
    assert recorder.commands[0] == ["sudo", "apt-get", "install", "-y", package]
    assert recorder.commands[1][1:3] == ["-m", "venv"]


def test_without_ensurepip_or_sudo_the_venv_package_line_is_named(tmp_path, capsys):
    (tmp_path / "pyproject.toml").write_text("[project]\n")
    recorder = Recorder()
    sys_ = start.System("linux", {}, DEBIAN, False, False, True, has_ensurepip=False)
    assert start.main([], run=recorder, system=sys_, root=tmp_path, start=lambda venv, args: 0) == 1
    assert recorder.commands == []
    package = "python{}.{}-venv".format(*sys.version_info[:2])
    assert capsys.readouterr().err == (
        "start.py: this Python cannot make a virtual environment (its ensurepip module is missing).\n"
        "Install it with this command, then run start.py again:\n"
        f"    sudo apt-get install -y {package}\n"
    )


def test_an_existing_venv_needs_no_ensurepip(project, capsys):
    recorder = Recorder()
    sys_ = start.System("linux", {}, DEBIAN, False, False, True, has_ensurepip=False)
    assert start.main([], run=recorder, system=sys_, root=project, start=lambda venv, args: 0) == 0
    assert recorder.commands == []
