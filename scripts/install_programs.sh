#!/usr/bin/env bash
# Installs the other programs the tests play against, from Debian: Fairy-Stockfish, Stockfish,
# XBoard, Xvfb (XBoard without a display) and polyglot (XBoard's UCI adapter).
# Costs almost nothing when they are there already (one dpkg-query); installs only what is
# missing, and only where apt-get can be used (root, or sudo without a password). Otherwise it
# prints one line naming the tests that will skip, and the suite runs without them.
# Never fails: a missing program is a skipped test, not a broken build.
set -u

packages=(fairy-stockfish stockfish xboard xvfb polyglot)
missing=()
for package in "${packages[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
    [[ "$status" == "install ok installed" ]] || missing+=("$package")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

skipping="the tests needing ${missing[*]} will skip (Fairy-Stockfish matches, XBoard under Xvfb)"
if ! command -v apt-get >/dev/null 2>&1 || ! command -v dpkg-query >/dev/null 2>&1; then
    echo "install_programs: no apt-get here: $skipping"
    exit 0
fi
if [[ $(id -u) -eq 0 ]]; then
    as_root=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    as_root=(sudo -n)
else
    echo "install_programs: not root and no password-free sudo to install ${missing[*]}: $skipping"
    exit 0
fi

install() {
    DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends \
        "${missing[@]}" >/dev/null 2>&1
}
# The package lists may be stale or absent (a fresh container): update them only when needed.
if ! install; then
    "${as_root[@]}" apt-get update -qq >/dev/null 2>&1
    install || echo "install_programs: apt-get could not install ${missing[*]}: $skipping"
fi
exit 0
