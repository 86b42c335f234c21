"""scripts/install_programs.sh, run with stand-in programs on its PATH: silent when everything is
installed, one line naming the tests that will skip where it cannot install, apt-get only for
what is missing."""

from __future__ import annotations

import subprocess
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "install_programs.sh"
PACKAGES = ["fairy-stockfish", "stockfish", "xboard", "xvfb", "polyglot"]


def stand_in(folder: Path, name: str, body: str) -> None:
    path = folder / name
    path.write_text("#!/bin/sh\n" + body + "\n")
    path.chmod(0o755)


def run(folder: Path, installed: set[str]) -> subprocess.CompletedProcess[str]:
    cases = "".join(f'  "{p}") echo "install ok installed";;\n' for p in installed)
    stand_in(folder, "dpkg-query", f'eval last=\\${{$#}}\ncase "$last" in\n{cases}  *) exit 1;;\nesac')
    return subprocess.run(["/bin/bash", str(SCRIPT)], env={"PATH": str(folder)}, capture_output=True,
                          text=True, timeout=60)


def test_nothing_is_said_or_installed_when_everything_is_there(tmp_path: Path) -> None:
    stand_in(tmp_path, "apt-get", f'echo called >> {tmp_path}/apt.log')
    done = run(tmp_path, set(PACKAGES))
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    assert not (tmp_path / "apt.log").exists()


def test_without_apt_get_one_line_names_the_tests_that_skip(tmp_path: Path) -> None:
    done = run(tmp_path, {"stockfish", "xvfb", "polyglot"})
    assert done.returncode == 0
    assert done.stdout.splitlines() == [
        "install_programs: no apt-get here: the tests needing fairy-stockfish xboard will skip "
        "(Fairy-Stockfish matches, XBoard under Xvfb)"]


def test_not_root_and_no_sudo_one_line(tmp_path: Path) -> None:
    stand_in(tmp_path, "apt-get", f'echo called >> {tmp_path}/apt.log')
    stand_in(tmp_path, "id", "echo 1000")
    done = run(tmp_path, set(PACKAGES) - {"xboard"})
    assert done.returncode == 0 and len(done.stdout.splitlines()) == 1
    assert done.stdout.startswith("install_programs: not root and no password-free sudo to install xboard:")
    assert not (tmp_path / "apt.log").exists()


def test_as_root_only_the_missing_packages_are_installed(tmp_path: Path) -> None:
    stand_in(tmp_path, "apt-get", f'echo "$@" >> {tmp_path}/apt.log')
    stand_in(tmp_path, "id", "echo 0")
    done = run(tmp_path, set(PACKAGES) - {"xvfb", "polyglot"})
    assert (done.returncode, done.stdout) == (0, "")
    assert (tmp_path / "apt.log").read_text().split() == [
        "install", "-y", "-qq", "--no-install-recommends", "xvfb", "polyglot"]
