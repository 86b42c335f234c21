"""Hold fairygui's mypy errors to a number that may only fall.

Runs ``mypy fairygui`` and compares its error count with the number recorded in
scripts/mypy_fairygui_allowed.txt. More errors than allowed fails (a change added type errors);
fewer also fails, asking for the recorded number to be lowered to the new count, so that an
error fixed once stays fixed. Exit status: 0 when the counts match, 1 otherwise.

Usage: python scripts/mypy_ratchet.py   (from the top of the repository, with mypy installed)
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ALLOWED_FILE = ROOT / "scripts" / "mypy_fairygui_allowed.txt"
PACKAGE = "fairygui"
#: mypy's summary line: "Found 81 errors in 21 files (checked 95 source files)".
SUMMARY = re.compile(r"^Found (\d+) errors? in \d+ files?")


def allowed_errors() -> int:
    """The recorded number: the first line of the file that is not a comment."""
    for line in ALLOWED_FILE.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            return int(line)
    raise SystemExit(f"{ALLOWED_FILE.relative_to(ROOT)} holds no number")


def error_count(output: str) -> int:
    """mypy's error count from its output (0 when it reports success)."""
    for line in output.splitlines():
        found = SUMMARY.match(line)
        if found:
            return int(found.group(1))
    if "Success: no issues found" in output:
        return 0
    raise SystemExit(f"mypy gave no summary line; its output was:\n{output}")


def main() -> int:
    run = subprocess.run(
        [sys.executable, "-m", "mypy", PACKAGE], cwd=ROOT, capture_output=True, text=True, check=False
    )
    found = error_count(run.stdout + run.stderr)
    allowed = allowed_errors()
    where = ALLOWED_FILE.relative_to(ROOT)
    if found > allowed:
        print(run.stdout, end="")
        print(f"mypy {PACKAGE}: {found} errors, more than the {allowed} allowed by {where}; fix the new ones.")
        return 1
    if found < allowed:
        print(f"mypy {PACKAGE}: {found} errors, fewer than the {allowed} allowed: lower the number in {where} "
              f"to {found}.")
        return 1
    print(f"mypy {PACKAGE}: {found} errors, as allowed by {where}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
